"""The oracle's no-ops (docs/contract.md#no-ops is generated from them): actions the rules allow that
change nothing. Each is **accepted** — `rejected` is null — and the observation is the one before it;
none is a rejection. tests/adapters/test_rejections.py plays each example on the oracle and checks
it is accepted, changes nothing and is decided by its rules."""
from __future__ import annotations

from attrs import frozen

from mtg_conformance.oracle.examples import (activate, attach, cast, deal_damage, perm, phase_out,
                                             put_onto_battlefield, scenario, tap)


@frozen
class NoOp:
    action: str             # the action (Markdown, for the contract)
    outcome: str            # what happens instead
    rules: tuple            # the CR rules that decide it
    example: str            # the example, in words
    scenario: dict
    then: dict              # the action that changes nothing
    setup: tuple = ()       # accepted actions played first


NO_OPS = (
    NoOp("`phase_out` naming a permanent that is already phased out",
         "the effect treats it as though it doesn't exist: it stays as it is (the others named phase out)",
         ("702.26b",), "`phase_out` of a phased-out Forest",
         scenario(perm("f", "Forest", phased_out="directly")), phase_out("f")),
    NoOp("`phase_out` of a permanent that can't phase out", "it stays phased in", ("611.2a",),
         "`phase_out` of Ertai's Familiar after its ability said it can't phase out until its "
         "controller's next upkeep", scenario(perm("ef", "Ertai's Familiar")), phase_out("ef"),
         (activate("ef"),)),
    NoOp("`tap` of a tapped permanent", "it stays tapped; it doesn't become tapped, so nothing triggers",
         ("603.2e",), "`tap` of a tapped Forest", scenario(perm("f", "Forest", tapped=True)), tap("f")),
    NoOp("`attach` to what it is already attached to", "nothing happens (no new timestamp)", ("701.3c",),
         "`attach` Pacifism to the creature it enchants",
         scenario(perm("e", "Llanowar Elves"), perm("pa", "Pacifism", 1, attached_to="e")), attach("pa", "e")),
    NoOp("`attach` to what it can't legally be attached to", "it doesn't move: the effect can't do that, "
         "so it does nothing", ("701.3b",), "`attach` Pacifism to a Forest",
         scenario(perm("e", "Llanowar Elves"), perm("f", "Forest"), perm("pa", "Pacifism", 1, attached_to="e")),
         attach("pa", "f")),
    NoOp("`put_onto_battlefield` of an Aura with nothing it could enchant",
         "it stays in the hand; it never enters", ("303.4g",),
         "`put_onto_battlefield` Pacifism with no creature on the battlefield",
         scenario(perm("f", "Forest"), hands={0: ["Pacifism"]}), put_onto_battlefield(0, "Pacifism", "n")),
    NoOp("`deal_damage` to a permanent that isn't a creature", "no damage is marked on it", ("120.3",),
         "`deal_damage` 2 to a Forest", scenario(perm("f", "Forest")), deal_damage("f", 2)),
    NoOp("`deal_damage` to a player whose life total can't change", "their life total stays", ("119.7",),
         "`deal_damage` 2 to a player who cast Teferi's Protection",
         scenario(hands={0: ["Teferi's Protection"]}), deal_damage(0, 2), (cast(0, "Teferi's Protection"),)),
)
