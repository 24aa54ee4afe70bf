"""{X} in costs (CR 107.3): spells that deal, draw or gain X, and creatures with {X} in an ability or as
they enter."""
from __future__ import annotations

# Crypt Rats' "Spend only black mana on X." is left out: the harness supplies the mana part of every
# cost (docs/contract.md), as the catalog's paraphrase does.

CARDS: dict[str, tuple] = {
    "Blaze": ("{X}{R}", "Blaze deals X damage to any target."),
    "Volcanic Geyser": ("{X}{R}{R}", "Volcanic Geyser deals X damage to any target."),
    "Heat Ray": ("{X}{R}", "Heat Ray deals X damage to target creature."),
    "Hurricane": ("{X}{G}", "Hurricane deals X damage to each creature with flying and each player."),
    "Squall Line": ("{X}{G}{G}",
        "Squall Line deals X damage to each creature with flying and each player."),
    "Earthquake": ("{X}{R}", "Earthquake deals X damage to each creature without flying and each player."),
    "Savage Twister": ("{X}{R}{G}", "Savage Twister deals X damage to each creature."),
    "Stroke of Genius": ("{X}{2}{U}", "Target player draws X cards."),
    "Braingeyser": ("{X}{U}{U}", "Target player draws X cards."),
    "Mind Spring": ("{X}{U}{U}", "Draw X cards."),
    "Prosperity": ("{X}{U}", "Each player draws X cards."),
    "Stream of Life": ("{X}{G}", "Target player gains X life."),
    "Crypt Rats": ("{2}{B}", "{X}: This creature deals X damage to each creature and each player."),
    "Apocalypse Hydra": ("{X}{R}{G}",
        "This creature enters with X +1/+1 counters on it. If X is 5 or more, it enters with "
        "an additional X +1/+1 counters on it.\n{1}{R}, Remove a +1/+1 counter from this "
        "creature: This creature deals 1 damage to any target."),
}

OUT: dict[str, str] = {
    "Apocalypse Hydra":
        "phase.rs swallows its \"if X is 5 or more, it enters with an additional X +1/+1 counters\" clause "
        "(a SwallowedClause parse warning): it would enter with X counters only",
}
