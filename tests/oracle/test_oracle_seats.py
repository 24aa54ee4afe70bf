"""Seats (CR 102.1): an action whose `player` names a seat the game doesn't have names nothing, and is
rejected `no_such_object` with the state unchanged (docs/contract.md, Rejections) — whether or not the
action's schema bounds the seat, and whichever action names it."""
from __future__ import annotations

import pytest

from mtg_conformance.adapters.contract import schema
from mtg_conformance.oracle import Oracle
from scenarios import (activate, activate_mana, cast, change_control, concede, perm, put_onto_battlefield,
                       scenario)

BOARD = scenario(perm("f", "Forest"), perm("b", "Bonesplitter"), perm("e", "Llanowar Elves"),
                 hands={0: ["Threaten", "Llanowar Elves"]})
ACTIONS = {
    "activate_mana": lambda seat: activate_mana("f", player=seat),
    "activate": lambda seat: activate("b", targets=["e"], player=seat),
    "cast": lambda seat: cast(seat, "Threaten", targets=["e"]),
    "put_onto_battlefield": lambda seat: put_onto_battlefield(seat, "Llanowar Elves", "n"),
    "change_control": lambda seat: change_control("e", seat),
    "concede": lambda seat: concede(seat),
}


def test_every_action_with_a_player_field_is_here():
    action = schema("action")
    with_player = {kind for kind in action["properties"]["type"]["enum"]
                   if "player" in action["$defs"][kind].get("properties", {})}
    assert with_player == set(ACTIONS)


@pytest.mark.parametrize("seat", [2, 3, 5, -1], ids=lambda s: f"seat {s}")
@pytest.mark.parametrize("kind", sorted(ACTIONS))
def test_an_action_naming_a_seat_not_in_the_game_is_rejected_no_such_object(kind, seat):
    """Seats 2 and 3 pass the action schema in a two-player game; 5 and -1 don't, and an engine
    handed them unchecked (in process, or `serve`) must still answer, not crash."""
    game = Oracle(BOARD)
    before = game.observe()
    after = game.act(ACTIONS[kind](seat))
    assert after["rejected"] == "no_such_object"
    assert game.last_rejection.rule == "102.1"
    assert {k: after[k] for k in ("permanents", "players")} == {k: before[k] for k in ("permanents", "players")}
    assert game.act(activate_mana("f"))["rejected"] is None       # and the game goes on


def test_served_over_stdio_the_oracle_answers_a_seat_not_in_the_game_with_a_rejection():
    """`mtg-conformance serve --engine oracle`, as an engine author drove it: an observation, not an
    engine error."""
    import io
    import json

    from mtg_conformance.adapters.oracle_adapter import OracleEngine
    from mtg_conformance.runner.serve import serve
    requests = [{"seq": 1, "cmd": "scenario", "scenario": BOARD},
                {"seq": 2, "cmd": "act", "action": activate_mana("f", player=5)}]
    out = io.StringIO()
    assert serve(OracleEngine(), io.StringIO("".join(json.dumps(r) + "\n" for r in requests)), out) == 0
    answer = json.loads(out.getvalue().splitlines()[1])
    assert answer["observation"]["rejected"] == "no_such_object", answer
