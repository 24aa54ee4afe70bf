"""Mana that counts (Cabal Coffers, the Elves), storage and depletion counters, and rocks that add several
mana at once."""
from __future__ import annotations


CARDS: dict[str, tuple] = {
    "Cabal Coffers": ("", "{2}, {T}: Add {B} for each Swamp you control."),
    "Cabal Stronghold": ("", "{T}: Add {C}.\n{3}, {T}: Add {B} for each basic Swamp you control."),
    "Elvish Archdruid": ("{1}{G}{G}",
        "Other Elf creatures you control get +1/+1.\n{T}: Add {G} for each Elf you control."),
    "Priest of Titania": ("{1}{G}", "{T}: Add {G} for each Elf on the battlefield."),
    "Fountain of Cho": ("",
        "This land enters tapped.\n{T}: Put a storage counter on this land.\n{T}, Remove any "
        "number of storage counters from this land: Add {W} for each storage counter removed "
        "this way."),
    "Saprazzan Cove": ("",
        "This land enters tapped.\n{T}: Put a storage counter on this land.\n{T}, Remove any "
        "number of storage counters from this land: Add {U} for each storage counter removed "
        "this way."),
    "Subterranean Hangar": ("",
        "This land enters tapped.\n{T}: Put a storage counter on this land.\n{T}, Remove any "
        "number of storage counters from this land: Add {B} for each storage counter removed "
        "this way."),
    "Mercadian Bazaar": ("",
        "This land enters tapped.\n{T}: Put a storage counter on this land.\n{T}, Remove any "
        "number of storage counters from this land: Add {R} for each storage counter removed "
        "this way."),
    "Rushwood Grove": ("",
        "This land enters tapped.\n{T}: Put a storage counter on this land.\n{T}, Remove any "
        "number of storage counters from this land: Add {G} for each storage counter removed "
        "this way."),
    "Remote Farm": ("",
        "This land enters tapped with two depletion counters on it.\n{T}, Remove a depletion "
        "counter from this land: Add {W}{W}. If there are no depletion counters on this land,"
        " sacrifice it."),
    "Saprazzan Skerry": ("",
        "This land enters tapped with two depletion counters on it.\n{T}, Remove a depletion "
        "counter from this land: Add {U}{U}. If there are no depletion counters on this land,"
        " sacrifice it."),
    "Peat Bog": ("",
        "This land enters tapped with two depletion counters on it.\n{T}, Remove a depletion "
        "counter from this land: Add {B}{B}. If there are no depletion counters on this land,"
        " sacrifice it."),
    "Sandstone Needle": ("",
        "This land enters tapped with two depletion counters on it.\n{T}, Remove a depletion "
        "counter from this land: Add {R}{R}. If there are no depletion counters on this land,"
        " sacrifice it."),
    "Hickory Woodlot": ("",
        "This land enters tapped with two depletion counters on it.\n{T}, Remove a depletion "
        "counter from this land: Add {G}{G}. If there are no depletion counters on this land,"
        " sacrifice it."),
    "Lotus Petal": ("{0}", "{T}, Sacrifice this artifact: Add one mana of any color."),
    "Crystal Vein": ("", "{T}: Add {C}.\n{T}, Sacrifice this land: Add {C}{C}."),
    "Sol Ring": ("{1}", "{T}: Add {C}{C}."),
    "Thran Dynamo": ("{4}", "{T}: Add {C}{C}{C}."),
    "Worn Powerstone": ("{3}", "This artifact enters tapped.\n{T}: Add {C}{C}."),
    "Azorius Signet": ("{2}", "{1}, {T}: Add {W}{U}."),
    "Dimir Signet": ("{2}", "{1}, {T}: Add {U}{B}."),
    "Rakdos Signet": ("{2}", "{1}, {T}: Add {B}{R}."),
    "Gruul Signet": ("{2}", "{1}, {T}: Add {R}{G}."),
    "Selesnya Signet": ("{2}", "{1}, {T}: Add {G}{W}."),
    "Orzhov Signet": ("{2}", "{1}, {T}: Add {W}{B}."),
    "Izzet Signet": ("{2}", "{1}, {T}: Add {U}{R}."),
    "Golgari Signet": ("{2}", "{1}, {T}: Add {B}{G}."),
    "Boros Signet": ("{2}", "{1}, {T}: Add {R}{W}."),
    "Simic Signet": ("{2}", "{1}, {T}: Add {G}{U}."),
    "Marble Diamond": ("{2}", "This artifact enters tapped.\n{T}: Add {W}."),
    "Sky Diamond": ("{2}", "This artifact enters tapped.\n{T}: Add {U}."),
    "Charcoal Diamond": ("{2}", "This artifact enters tapped.\n{T}: Add {B}."),
    "Fire Diamond": ("{2}", "This artifact enters tapped.\n{T}: Add {R}."),
    "Moss Diamond": ("{2}", "This artifact enters tapped.\n{T}: Add {G}."),
    "Basalt Monolith": ("{3}",
        "This artifact doesn't untap during your untap step.\n{T}: Add {C}{C}{C}.\n{3}: Untap "
        "this artifact."),
    "Grim Monolith": ("{2}",
        "This artifact doesn't untap during your untap step.\n{T}: Add {C}{C}{C}.\n{4}: Untap "
        "this artifact."),
}

OUT: dict[str, str] = {
}
