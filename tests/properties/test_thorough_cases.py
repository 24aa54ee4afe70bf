"""Cases `run --engine oracle --profile thorough` once failed on against the oracle itself: each is
played on the oracle through its property, whose claims must hold on what the oracle rightly does
(issue 26 item 5). A false failure here is a claim or generator bug, never the oracle being lenient."""
from __future__ import annotations

from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.oracle.examples import perm, scenario
from mtg_conformance.properties.lockstep import run_case
from mtg_conformance.properties.model import Case, all_properties

UPKEEP_NEXT_TURN = {"type": "advance", "step": "upkeep", "turns": 1}


def test_aura_101_two_pierced_hearts_on_their_controller_at_1_life_end_the_game():
    """Issue 26's thorough failure: two Curses of the Pierced Heart enchanting their own controller
    at 1 life; in that player's upkeep both trigger (603.2, 303.4e), the damage makes them lose
    (120.3, 704.5a) and the two-player game ends (104.2a) with the Curses still on the battlefield,
    attached to a player no longer in the game: AURA-101's claim that a Curse enchants a player still
    in the game speaks only while the game goes on, since no state-based action follows its end."""
    board = scenario(perm("c1", "Curse of the Pierced Heart", 0, attached_to=0),
                     perm("c2", "Curse of the Pierced Heart", 0, attached_to=0),
                     life={0: 1}, active=1)
    steps = run_case(OracleEngine(), Case(board, (UPKEEP_NEXT_TURN,)), all_properties()["AURA-101"])
    after = steps[-1].oracle_after
    assert [p["in_game"] for p in after["players"]] == [False, True]
    assert {after["permanents"][c]["zone"] for c in ("c1", "c2")} == {"battlefield"}
