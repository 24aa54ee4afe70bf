"""The cards the suite began with: basic lands and the cards of the documented rules scenarios."""
from __future__ import annotations

# Its enters trigger targets: phase.rs never reports a trigger that has no legal target (CR 603.3d),
# refuses a harness target that is illegal while a legal one exists, and must pick a target when
# put_onto_battlefield gives none — none of which the contract's conventions (triggered; the ability
# does nothing) can express.
TARGETED_ENTERS = ("its enters trigger targets: phase.rs never reports a trigger that has no legal "
                   "target (CR 603.3d), refuses a harness target that is illegal while a legal one "
                   "exists, and must pick a target when put_onto_battlefield gives none — none of "
                   "which the contract's conventions (triggered; the ability does nothing) can express")

CARDS: dict[str, tuple] = {
    "Plains": ("", "({T}: Add {W}.)"),
    "Island": ("", "({T}: Add {U}.)"),
    "Swamp": ("", "({T}: Add {B}.)"),
    "Mountain": ("", "({T}: Add {R}.)"),
    "Forest": ("", "({T}: Add {G}.)"),
    "Wastes": ("", "{T}: Add {C}."),
    "Reflecting Pool": ("", "{T}: Add one mana of any type that a land you control could produce."),
    "Exotic Orchard": ("",
        "{T}: Add one mana of any color that a land an opponent controls could produce."),
    "Meteor Crater": ("", "{T}: Choose a color of a permanent you control. Add one mana of that color."),
    "Fellwar Stone": ("{2}",
        "{T}: Add one mana of any color that a land an opponent controls could produce."),
    "Contamination": ("{2}{B}",
        "At the beginning of your upkeep, sacrifice this enchantment unless you sacrifice a "
        "creature.\nIf a land is tapped for mana, it produces {B} instead of any other type "
        "and amount."),
    "Pale Moon": ("{1}{U}",
        "Until end of turn, if a player taps a nonbasic land for mana, it produces colorless "
        "mana instead of any other type."),
    "Mana Reflection": ("{4}{G}{G}",
        "If you tap a permanent for mana, it produces twice as much of that mana instead."),
    "Overgrowth": ("{2}{G}",
        "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an "
        "additional {G}{G}.", ("Enchant",)),
    "Wild Growth": ("{G}",
        "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an "
        "additional {G}.", ("Enchant",)),
    "Manabarbs": ("{3}{R}",
        "Whenever a player taps a land for mana, this enchantment deals 1 damage to that "
        "player."),
    "Llanowar Elves": ("{G}", "{T}: Add {G}."),
    "Dryad Arbor": ("",
        "(This land isn't a spell, it's affected by summoning sickness, and it has \"{T}: Add "
        "{G}.\")"),
    "Mutavault": ("",
        "{T}: Add {C}.\n{1}: Until end of turn, this land becomes a 2/2 creature with all "
        "creature types. It's still a land."),
    "Springleaf Drum": ("{1}", "{T}, Tap an untapped creature you control: Add one mana of any color."),
    "Treasure": ("", "{T}, Sacrifice this artifact: Add one mana of any color."),
    "Thopter": ("", "Flying", ("Flying",)),
    "Pili-Pala": ("{2}", "Flying\n{2}, {Q}: Add one mana of any color.", ("Flying",)),
    "Puresight Merrow": ("{W/U}{W/U}",
        "{W/U}, {Q}: Look at the top card of your library. You may exile that card."),
    "Fervor": ("{2}{R}", "Creatures you control have haste."),
    "Control Magic": ("{2}{U}{U}", "Enchant creature\nYou control enchanted creature.", ("Enchant",)),
    "Threaten": ("{2}{R}",
        "Untap target creature and gain control of it until end of turn. That creature gains "
        "haste until end of turn."),
    "Walking Ballista": ("{X}{X}",
        "This creature enters with X +1/+1 counters on it.\n{4}: Put a +1/+1 counter on this "
        "creature.\nRemove a +1/+1 counter from this creature: It deals 1 damage to any "
        "target."),
    "Hangarback Walker": ("{X}{X}",
        "This creature enters with X +1/+1 counters on it.\nWhen this creature dies, create a "
        "1/1 colorless Thopter artifact creature token with flying for each +1/+1 counter on "
        "it.\n{1}, {T}: Put a +1/+1 counter on this creature."),
    "Seeker of Skybreak": ("{1}{G}", "{T}: Untap target creature."),
    "Endless One": ("{X}", "This creature enters with X +1/+1 counters on it."),
    "Ajani's Anguish": ("{X}{R}",
        "When this enchantment enters, it deals X damage to any target.\nCreatures you control"
        " have trample."),
    "Psychic Possession": ("{2}{U}{U}",
        "Enchant opponent\nSkip your draw step.\nWhenever enchanted opponent draws a card, you "
        "may draw a card.", ("Enchant",)),
    "Steal Enchantment": ("{U}{U}",
        "Enchant enchantment\nYou control enchanted enchantment.", ("Enchant",)),
    "Teferi's Protection": ("{2}{W}",
        "Until your next turn, your life total can't change and you gain protection from "
        "everything. All permanents you control phase out.\nExile Teferi's Protection."),
    "Teferi's Imp": ("{2}{U}",
        "Flying\nPhasing\nWhenever this creature phases out, discard a card.\nWhenever this "
        "creature phases in, draw a card.", ("Flying", "Phasing")),
    "Breezekeeper": ("{3}{U}", "Flying\nPhasing", ("Flying", "Phasing")),
    "Oubliette": ("{1}{B}{B}",
        "When this enchantment enters, target creature phases out until this enchantment "
        "leaves the battlefield. Tap that creature as it phases in this way."),
    "Slip Out the Back": ("{U}", "Put a +1/+1 counter on target creature. It phases out."),
    "Banisher Priest": ("{1}{W}{W}",
        "When this creature enters, exile target creature an opponent controls until this "
        "creature leaves the battlefield."),
    "Vedalken Shackles": ("{3}",
        "You may choose not to untap this artifact during your untap step.\n{2}, {T}: Gain "
        "control of target creature with power less than or equal to the number of Islands "
        "you control for as long as this artifact remains tapped."),
    "Voice of All": ("{2}{W}{W}",
        "Flying\nAs this creature enters, choose a color.\nThis creature has protection from "
        "the chosen color.", ("Flying",)),
    "Glorious Anthem": ("{1}{W}{W}", "Creatures you control get +1/+1."),
    "Holy Strength": ("{W}", "Enchant creature\nEnchanted creature gets +1/+2.", ("Enchant",)),
    "Pacifism": ("{1}{W}", "Enchant creature\nEnchanted creature can't attack or block.", ("Enchant",)),
    "Bonesplitter": ("{1}", "Equipped creature gets +2/+0.\nEquip {1}", ("Equip",)),
    "Aven Riftwatcher": ("{2}{W}",
        "Flying\nVanishing 3\nWhen this creature enters or leaves the battlefield, you gain 2 "
        "life.", ("Flying", "Vanishing")),
    "Soul Warden": ("{W}", "Whenever another creature enters, you gain 1 life."),
    "Judge of Currents": ("{1}{W}", "Whenever a Merfolk you control becomes tapped, you may gain 1 life."),
    "Howling Mine": ("{2}",
        "At the beginning of each player's draw step, if this artifact is untapped, that "
        "player draws an additional card."),
}

OUT: dict[str, str] = {
    "Pale Moon": "its replacement clause parses to an Unimplemented effect, so it changes no mana",
    "Ajani's Anguish": TARGETED_ENTERS,
    "Banisher Priest": TARGETED_ENTERS,
    "Oubliette": TARGETED_ENTERS,
}
