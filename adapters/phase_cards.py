"""MTGJSON-shaped atomic-card records for the catalog cards, built from our own definitions.

phase.rs parses a card's Oracle `text` into abilities (`phase.build_oracle_face`); these records are
that input. Texts are the cards' functional Oracle text with the current self-reference wording
("this creature"); reminder text is kept only where it is the ability (basic lands, Dryad Arbor).
Nothing here is downloaded. Also here: the Thopter token (Hangarback Walker's) and the adapter's
helper instants.
"""
from __future__ import annotations

# name: (mana cost, supertypes, types, subtypes, text, keywords, power/toughness or None, colours)
# colours is None when they follow from the mana cost.
_CARDS: dict[str, tuple] = {
    "Plains": ("", ["Basic"], ["Land"], ["Plains"], "({T}: Add {W}.)", [], None, None),
    "Island": ("", ["Basic"], ["Land"], ["Island"], "({T}: Add {U}.)", [], None, None),
    "Swamp": ("", ["Basic"], ["Land"], ["Swamp"], "({T}: Add {B}.)", [], None, None),
    "Mountain": ("", ["Basic"], ["Land"], ["Mountain"], "({T}: Add {R}.)", [], None, None),
    "Forest": ("", ["Basic"], ["Land"], ["Forest"], "({T}: Add {G}.)", [], None, None),
    "Wastes": ("", ["Basic"], ["Land"], [], "{T}: Add {C}.", [], None, None),
    "Reflecting Pool": ("", [], ["Land"], [],
                        "{T}: Add one mana of any type that a land you control could produce.",
                        [], None, None),
    "Exotic Orchard": ("", [], ["Land"], [],
                       "{T}: Add one mana of any color that a land an opponent controls could produce.",
                       [], None, None),
    "Meteor Crater": ("", [], ["Land"], [],
                      "{T}: Choose a color of a permanent you control. Add one mana of that color.",
                      [], None, None),
    "Fellwar Stone": ("{2}", [], ["Artifact"], [],
                      "{T}: Add one mana of any color that a land an opponent controls could produce.",
                      [], None, None),
    "Contamination": ("{2}{B}", [], ["Enchantment"], [],
                      "At the beginning of your upkeep, sacrifice this enchantment unless you sacrifice "
                      "a creature.\nIf a land is tapped for mana, it produces {B} instead of any other "
                      "type and amount.", [], None, None),
    "Pale Moon": ("{1}{U}", [], ["Instant"], [],
                  "Until end of turn, if a player taps a nonbasic land for mana, it produces colorless "
                  "mana instead of any other type.", [], None, None),
    "Mana Reflection": ("{4}{G}{G}", [], ["Enchantment"], [],
                        "If you tap a permanent for mana, it produces twice as much of that mana instead.",
                        [], None, None),
    "Overgrowth": ("{2}{G}", [], ["Enchantment"], ["Aura"],
                   "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an "
                   "additional {G}{G}.", ["Enchant"], None, None),
    "Wild Growth": ("{G}", [], ["Enchantment"], ["Aura"],
                    "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an "
                    "additional {G}.", ["Enchant"], None, None),
    "Manabarbs": ("{3}{R}", [], ["Enchantment"], [],
                  "Whenever a player taps a land for mana, this enchantment deals 1 damage to that player.",
                  [], None, None),
    "Llanowar Elves": ("{G}", [], ["Creature"], ["Elf", "Druid"], "{T}: Add {G}.", [], ("1", "1"), None),
    "Dryad Arbor": ("", [], ["Land", "Creature"], ["Forest", "Dryad"],
                    "(This land isn't a spell, it's affected by summoning sickness, and it has "
                    "\"{T}: Add {G}.\")", [], ("1", "1"), ["G"]),
    "Mutavault": ("", [], ["Land"], [],
                  "{T}: Add {C}.\n{1}: Until end of turn, this land becomes a 2/2 creature with all "
                  "creature types. It's still a land.", [], None, None),
    "Springleaf Drum": ("{1}", [], ["Artifact"], [],
                        "{T}, Tap an untapped creature you control: Add one mana of any color.",
                        [], None, None),
    "Treasure": ("", [], ["Artifact"], ["Treasure"],
                 "{T}, Sacrifice this artifact: Add one mana of any color.", [], None, None),
    "Thopter": ("", [], ["Artifact", "Creature"], ["Thopter"], "Flying", ["Flying"], ("1", "1"), None),
    "Pili-Pala": ("{2}", [], ["Artifact", "Creature"], ["Scarecrow"],
                  "Flying\n{2}, {Q}: Add one mana of any color.", ["Flying"], ("1", "1"), None),
    "Puresight Merrow": ("{W/U}{W/U}", [], ["Creature"], ["Merfolk", "Wizard"],
                         "{W/U}, {Q}: Look at the top card of your library. You may exile that card.",
                         [], ("2", "2"), None),
    "Fervor": ("{2}{R}", [], ["Enchantment"], [], "Creatures you control have haste.", [], None, None),
    "Control Magic": ("{2}{U}{U}", [], ["Enchantment"], ["Aura"],
                      "Enchant creature\nYou control enchanted creature.", ["Enchant"], None, None),
    "Threaten": ("{2}{R}", [], ["Sorcery"], [],
                 "Untap target creature and gain control of it until end of turn. That creature gains "
                 "haste until end of turn.", [], None, None),
    "Walking Ballista": ("{X}{X}", [], ["Artifact", "Creature"], ["Construct"],
                         "This creature enters with X +1/+1 counters on it.\n{4}: Put a +1/+1 counter on "
                         "this creature.\nRemove a +1/+1 counter from this creature: It deals 1 damage to "
                         "any target.", [], ("0", "0"), None),
    "Hangarback Walker": ("{X}{X}", [], ["Artifact", "Creature"], ["Construct"],
                          "This creature enters with X +1/+1 counters on it.\nWhen this creature dies, "
                          "create a 1/1 colorless Thopter artifact creature token with flying for each "
                          "+1/+1 counter on it.\n{1}, {T}: Put a +1/+1 counter on this creature.",
                          [], ("0", "0"), None),
    "Endless One": ("{X}", [], ["Creature"], ["Eldrazi"],
                    "This creature enters with X +1/+1 counters on it.", [], ("0", "0"), None),
    "Ajani's Anguish": ("{X}{R}", [], ["Enchantment"], [],
                        "When this enchantment enters, it deals X damage to any target.\nCreatures you "
                        "control have trample.", [], None, None),
    "Psychic Possession": ("{2}{U}{U}", [], ["Enchantment"], ["Aura"],
                           "Enchant opponent\nSkip your draw step.\nWhenever enchanted opponent draws a "
                           "card, you may draw a card.", ["Enchant"], None, None),
    "Steal Enchantment": ("{U}{U}", [], ["Enchantment"], ["Aura"],
                          "Enchant enchantment\nYou control enchanted enchantment.", ["Enchant"], None, None),
    "Teferi's Protection": ("{2}{W}", [], ["Instant"], [],
                            "Until your next turn, your life total can't change and you gain protection "
                            "from everything. All permanents you control phase out.\nExile Teferi's "
                            "Protection.", [], None, None),
    "Teferi's Imp": ("{2}{U}", [], ["Creature"], ["Imp"],
                     "Flying\nPhasing\nWhenever this creature phases out, discard a card.\nWhenever this "
                     "creature phases in, draw a card.", ["Flying", "Phasing"], ("1", "1"), None),
    "Breezekeeper": ("{3}{U}", [], ["Creature"], ["Djinn"], "Flying\nPhasing",
                     ["Flying", "Phasing"], ("4", "4"), None),
    "Oubliette": ("{1}{B}{B}", [], ["Enchantment"], [],
                  "When this enchantment enters, target creature phases out until this enchantment "
                  "leaves the battlefield. Tap that creature as it phases in this way.", [], None, None),
    "Slip Out the Back": ("{U}", [], ["Instant"], [],
                          "Put a +1/+1 counter on target creature. It phases out.", [], None, None),
    "Banisher Priest": ("{1}{W}{W}", [], ["Creature"], ["Human", "Cleric"],
                        "When this creature enters, exile target creature an opponent controls until "
                        "this creature leaves the battlefield.", [], ("2", "2"), None),
    "Vedalken Shackles": ("{3}", [], ["Artifact"], [],
                          "You may choose not to untap this artifact during your untap step.\n{2}, {T}: "
                          "Gain control of target creature with power less than or equal to the number "
                          "of Islands you control for as long as this artifact remains tapped.",
                          [], None, None),
    "Voice of All": ("{2}{W}{W}", [], ["Creature"], ["Angel"],
                     "Flying\nAs this creature enters, choose a color.\nThis creature has protection "
                     "from the chosen color.", ["Flying"], ("2", "2"), None),
    "Glorious Anthem": ("{1}{W}{W}", [], ["Enchantment"], [], "Creatures you control get +1/+1.",
                        [], None, None),
    "Holy Strength": ("{W}", [], ["Enchantment"], ["Aura"],
                      "Enchant creature\nEnchanted creature gets +1/+2.", ["Enchant"], None, None),
    "Pacifism": ("{1}{W}", [], ["Enchantment"], ["Aura"],
                 "Enchant creature\nEnchanted creature can't attack or block.", ["Enchant"], None, None),
    "Bonesplitter": ("{1}", [], ["Artifact"], ["Equipment"],
                     "Equipped creature gets +2/+0.\nEquip {1}", ["Equip"], None, None),
    "Aven Riftwatcher": ("{2}{W}", [], ["Creature"], ["Bird", "Rebel", "Soldier"],
                         "Flying\nVanishing 3\nWhen this creature enters or leaves the battlefield, you "
                         "gain 2 life.", ["Flying", "Vanishing"], ("2", "3"), None),
    "Soul Warden": ("{W}", [], ["Creature"], ["Human", "Cleric"],
                    "Whenever another creature enters, you gain 1 life.", [], ("1", "1"), None),
    "Judge of Currents": ("{1}{W}", [], ["Creature"], ["Merfolk", "Wizard"],
                          "Whenever a Merfolk you control becomes tapped, you may gain 1 life.",
                          [], ("1", "1"), None),
    "Howling Mine": ("{2}", [], ["Artifact"], [],
                     "At the beginning of each player's draw step, if this artifact is untapped, that "
                     "player draws an additional card.", [], None, None),
}

TOKENS = frozenset({"Treasure", "Thopter"})
CARD_NAMES: tuple[str, ...] = tuple(_CARDS)

# Zero-cost instants the adapter casts to perform the contract's "as an effect does" actions, so
# that phase.rs applies its own rules and triggers. They live in exile between uses.
HELPERS: dict[str, str] = {
    "Harness Phaser": "Any number of target permanents phase out.",
    "Harness Tapper": "Tap target permanent.",
    "Harness Reaper": "Put target permanent into its owner's graveyard.",
    "Harness Thief": "Gain control of target permanent until end of turn.",
    "Harness Taker": "Gain control of target permanent.",
    "Harness Deployer": "Put a card from your hand onto the battlefield.",
}


def _pips(cost: str) -> list[str]:
    """The symbols of a mana cost string, e.g. '{X}{R}' -> ['X', 'R']."""
    return [s for s in cost.replace("}", "").split("{") if s]


def mana_value(cost: str) -> int:
    """Mana value of a cost, X counting as 0 (CR 107.3g); a hybrid pip counts 1."""
    return sum(int(p) if p.isdigit() else 0 if p == "X" else 1 for p in _pips(cost))


def _colors(cost: str) -> list[str]:
    """Colours of a mana cost in WUBRG order (CR 105.2)."""
    found = {c for p in _pips(cost) for c in p.split("/")}
    return [c for c in "WUBRG" if c in found]


def _atomic(name, cost, supertypes, types, subtypes, text, keywords, colors, layout) -> dict:
    """An MTGJSON atomic card with every key phase.rs's deserializer expects."""
    type_line = " ".join(supertypes + types) + (" — " + " ".join(subtypes) if subtypes else "")
    identity = {c for c in "WUBRG" if c in colors or "{" + c + "}" in text}
    return {
        "name": name, "type": type_line, "types": types, "subtypes": subtypes,
        "supertypes": supertypes, "text": text, "manaCost": cost, "manaValue": mana_value(cost),
        "convertedManaCost": mana_value(cost), "colors": colors,
        "colorIdentity": sorted(identity), "identifiers": {}, "layout": layout, "legalities": {},
        "foreignData": [], "printings": [], "rulings": [], "keywords": keywords,
    }


def record(name: str) -> dict:
    """The MTGJSON atomic-card record of catalog card `name` (KeyError if there is none)."""
    cost, supertypes, types, subtypes, text, keywords, pt, colors = _CARDS[name]
    colors = _colors(cost) if colors is None else colors
    layout = "token" if name in TOKENS else "normal"
    rec = _atomic(name, cost, supertypes, types, subtypes, text, keywords, colors, layout)
    if pt is not None:
        rec["power"], rec["toughness"] = pt
    return rec


def helper_record(name: str) -> dict:
    """The record of one of the adapter's helper instants ({0}: castable for free)."""
    return _atomic(name, "{0}", [], ["Instant"], [], HELPERS[name], [], [], "normal")
