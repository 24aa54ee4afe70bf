"""Phasing (CR 702.26): creatures with phasing, abilities and Auras that phase things out, and mass
phasing."""
from __future__ import annotations


CARDS: dict[str, tuple] = {
    "Sandbar Crocodile": ("{4}{U}", "Phasing", ("Phasing",)),
    "Ertai's Familiar": ("{1}{U}",
        "Phasing\nWhen this creature phases out or leaves the battlefield, mill three "
        "cards.\n{U}: Until your next upkeep, this creature can't phase out.", ("Phasing",)),
    "Merfolk Raiders": ("{1}{U}", "Islandwalk\nPhasing", ("Islandwalk", "Phasing")),
    "Rainbow Efreet": ("{3}{U}", "Flying\n{U}{U}: This creature phases out.", ("Flying",)),
    "Teferi's Honor Guard": ("{W}{W}",
        "First strike\n{U}{U}: This creature phases out.", ("First strike",)),
    "Vodalian Illusionist": ("{1}{U}", "{U}{U}, {T}: Target creature phases out."),
    "Vanishing": ("{U}{U}", "Enchant creature\n{U}{U}: Enchanted creature phases out.", ("Enchant",)),
    "Teferi's Curse": ("{1}{U}",
        "Enchant artifact or creature\nEnchanted permanent has phasing.", ("Enchant",)),
    "Cloak of Invisibility": ("{U}",
        "Enchant creature\nEnchanted creature has phasing and can't be blocked except by "
        "Walls.", ("Enchant",)),
    "Guardian of Faith": ("{1}{W}{W}",
        "Flash\nVigilance\nWhen this creature enters, any number of other target creatures you "
        "control phase out.", ("Flash", "Vigilance")),
    "Time and Tide": ("{U}{U}",
        "Simultaneously, all phased-out creatures phase in and all creatures with phasing "
        "phase out."),
    "Out of Time": ("{1}{W}{W}",
        "Vanishing\nWhen this enchantment enters, untap all creatures, then those creatures "
        "phase out until this enchantment leaves the battlefield. Put a time counter on this "
        "enchantment for each creature phased out this way.", ("Vanishing",)),
}

OUT: dict[str, str] = {
    "Ertai's Familiar":
        "its \"{U}: Until your next upkeep, this creature can't phase out\" parses to an Unimplemented "
        "effect",
    "Time and Tide":
        "its \"Simultaneously\" parses to an Unimplemented effect; without it the phasing in and the "
        "phasing out would happen one after the other, so a creature with phasing that phases in would "
        "phase out again",
    "Out of Time":
        "its Vanishing without a number (its time counters come from its enters trigger) is not parsed: "
        "the keyword is missing from its face",
}
