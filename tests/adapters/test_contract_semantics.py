"""docs/contract.md's step semantics and rejection table, played on the oracle: every step row and
every reason-and-rule pair of the table has its example here, and the table can't drift from them."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtg_conformance.adapters.contract import schema
from scenarios import (activate, activate_mana, advance, attack, cast, change_control, concede, perm, play,
                       pool, put_onto_battlefield, tap, to_graveyard)

DOC = (Path(__file__).resolve().parents[2] / "docs" / "contract.md").read_text()


def _section(title: str) -> str:
    return DOC.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def _table(title: str) -> list[list[str]]:
    """The rows of the first table in a section, as cells (the header and rule lines dropped)."""
    rows = [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in _section(title).splitlines() if line.startswith("| `")]
    return rows


def hand(obs, seat=0):
    return obs["players"][seat]["hand"]


# --- steps ---------------------------------------------------------------------------------------------

def test_the_steps_table_names_the_scenario_steps():
    steps = [row[0].strip("`") for row in _table("Steps")]
    assert steps == schema("scenario")["$defs"]["step"]["enum"]


def test_arriving_at_upkeep_has_run_the_untap_step_and_the_upkeep_triggers():
    """Seat 1's turn begins: its sick Elves are no longer sick (302.6), its tapped land untaps (502.3),
    Shackles its controller keeps tapped stays tapped, Aven Riftwatcher's vanishing resolved; nobody
    drew yet."""
    game = play(perm("e", "Llanowar Elves", 1, sick=True), perm("f", "Forest", 1, tapped=True),
                perm("s", "Vedalken Shackles", 1, tapped=True),
                perm("a", "Aven Riftwatcher", 1, counters={"time": 3}), step="main2")
    obs = game.act({**advance("upkeep"), "keep_tapped": ["s"]})
    assert obs["rejected"] is None and ["a", "upkeep"] in obs["triggered"]
    assert obs["permanents"]["a"]["counters"] == {"time": 2}
    assert not obs["permanents"]["f"]["tapped"] and obs["permanents"]["s"]["tapped"]
    assert [hand(obs, 0), hand(obs, 1)] == [0, 0]
    assert game.act(activate_mana("e"))["rejected"] is None


def test_arriving_at_draw_has_drawn_and_resolved_the_draw_step_triggers():
    game = play(perm("m", "Howling Mine", 1), step="upkeep")
    obs = game.act(advance("draw"))
    assert hand(obs) == 2 and obs["players"][0]["library"] == 3          # 504.1 and Howling Mine
    assert obs["triggered"] == [["m", "draw_step"]]
    assert hand(game.act(advance("main1"))) == 2                           # main1 adds nothing


def test_a_scenario_at_a_step_is_after_that_step_began():
    """Set-up draws nothing and triggers nothing: a scenario at `draw` is after the draw, one at
    `upkeep` after this turn's upkeep triggers."""
    game = play(perm("m", "Howling Mine"), perm("a", "Aven Riftwatcher", counters={"time": 3}),
                step="draw")
    first = game.observe()
    assert hand(first) == 0 and first["triggered"] == []
    assert hand(game.act(advance("main1"))) == 0
    game = play(perm("a", "Aven Riftwatcher", counters={"time": 3}), step="upkeep")
    obs = game.act(advance("draw"))
    assert obs["permanents"]["a"]["counters"] == {"time": 3} and hand(obs) == 1


def test_combat_is_before_attackers_and_leaving_a_step_empties_pools():
    game = play(perm("e", "Llanowar Elves"), perm("f", "Forest"))
    assert game.act(attack("e"))["rejected"] == "timing"                  # not in main1
    assert pool(game.act(activate_mana("f"))) == {"G": 1}
    obs = game.act(advance("combat"))
    assert pool(obs) == {}                                                 # 106.4
    assert game.act(attack("e"))["rejected"] is None                       # none declared yet
    assert game.act(attack("e"))["rejected"] == "timing"                   # once


def test_leaving_the_end_step_runs_cleanup():
    """Threaten's "until end of turn" control ends in the cleanup step (514.2), not before."""
    game = play(perm("e", "Llanowar Elves", 1), hands={0: ["Threaten"]})
    game.run(cast(0, "Threaten", targets=["e"]))
    assert game.act(advance("end"))["permanents"]["e"]["controller"] == 0
    assert game.act(advance("upkeep"))["permanents"]["e"]["controller"] == 1


def test_advance_goes_to_the_first_such_step_after_the_current_one():
    """From main1, `advance` to main1 with turns 0 is the next turn's: the other player drew."""
    game = play(step="main1")
    obs = game.act(advance("main1"))
    assert [hand(obs, 0), hand(obs, 1)] == [0, 1]
    obs = game.act(advance("main2", turns=1))                              # main2 of the turn after
    assert [hand(obs, 0), hand(obs, 1)] == [1, 1]


def test_a_skipped_draw_step_is_not_arrived_at():
    """Seat 1 skips its draw step (614.10): `advance` to draw goes on to seat 0's."""
    game = play(perm("pp", "Psychic Possession", 1, attached_to=0), active=1, step="upkeep")
    obs = game.act({**advance("draw"), "optional": False})
    assert [hand(obs, 0), hand(obs, 1)] == [1, 0]


def test_advance_stops_where_the_game_ends():
    """Seat 1 draws from an empty library in its draw step and loses (704.5b, 104.2a)."""
    game = play(libraries={1: []})
    obs = game.act(advance("main2", turns=3))
    assert obs["players"][1]["in_game"] is False
    assert game.act(advance("upkeep"))["rejected"] == "game_over"


# --- rejections -----------------------------------------------------------------------------------------

def _pp(seat, enchanted):
    return perm(f"pp{seat}", "Psychic Possession", seat, attached_to=enchanted)


# (reason, CR rule) -> (the game, actions that set it up, the rejected action)
REJECTIONS = {
    ("no_such_object", "400.1"): (lambda: play(perm("f", "Forest")), [to_graveyard("f")], activate_mana("f")),
    ("no_such_object", "102.1"): (lambda: play(), [], concede(3)),
    ("phased_out", "702.26b"): (lambda: play(perm("f", "Forest", phased_out="directly")), [], tap("f")),
    ("phased_out", "702.26e"): (lambda: play(perm("e", "Llanowar Elves", phased_out="directly")), [],
                                change_control("e", 1)),
    ("not_in_game", "800.4a"): (lambda: play(players=3, hands={2: ["Threaten"]}), [concede(2)],
                                cast(2, "Threaten")),
    ("not_controller", "602.2"): (lambda: play(perm("f", "Forest")), [], activate_mana("f", player=1)),
    ("summoning_sick", "302.6"): (lambda: play(perm("e", "Llanowar Elves", sick=True)), [], activate_mana("e")),
    ("tapped", "107.5"): (lambda: play(perm("f", "Forest", tapped=True)), [], activate_mana("f")),
    ("tapped", "508.1a"): (lambda: play(perm("e", "Llanowar Elves", tapped=True), step="combat"), [],
                           attack("e")),
    ("untapped", "107.6"): (lambda: play(perm("p", "Pili-Pala")), [], activate_mana("p", "G")),
    ("not_in_hand", "601.2a"): (lambda: play(), [], cast(0, "Threaten")),
    ("not_in_hand", "400.1"): (lambda: play(), [], put_onto_battlefield(0, "Forest", "n")),
    ("timing", "307.1"): (lambda: play(perm("b", "Bonesplitter"), perm("e", "Llanowar Elves"), step="upkeep"),
                          [], activate("b", targets=["e"])),
    ("timing", "508.1"): (lambda: play(perm("e", "Llanowar Elves")), [], attack("e")),
    ("illegal_target", "115.1"): (lambda: play(perm("f", "Forest"), hands={0: ["Threaten"]}), [],
                                  cast(0, "Threaten", targets=["f"])),
    ("illegal_target", "303.4a"): (lambda: play(perm("f", "Forest"), hands={0: ["Pacifism"]}), [],
                                   cast(0, "Pacifism", "n", targets=["f"])),
    ("illegal_attachment", "303.4f"): (lambda: play(perm("f", "Forest"), perm("e", "Llanowar Elves"),
                                                    hands={0: ["Pacifism"]}), [],
                                       put_onto_battlefield(0, "Pacifism", "n", attach_to="f")),
    ("illegal_choice", "602.1"): (lambda: play(perm("f", "Forest")), [], activate_mana("f", ability=1)),
    ("illegal_choice", "106.7"): (lambda: play(perm("r", "Reflecting Pool"), perm("f", "Forest")), [],
                                  activate_mana("r", "U")),
    ("illegal_choice", "106.1"): (lambda: play(perm("a", "Adarkar Wastes")), [],
                                  activate_mana("a", "G", ability=1)),
    ("illegal_choice", "119.7"): (lambda: play(hands={0: ["Teferi's Protection", "Mana Confluence"]}),
                                  [cast(0, "Teferi's Protection"), put_onto_battlefield(0, "Mana Confluence", "m")],
                                  activate_mana("m", "W")),
    ("illegal_choice", "107.3a"): (lambda: play(hands={0: ["Llanowar Elves"]}), [],
                                   cast(0, "Llanowar Elves", "n", x=2)),
    ("illegal_choice", "305.9"): (lambda: play(hands={0: ["Forest"]}), [], cast(0, "Forest", "n")),
    ("illegal_choice", "110.1"): (lambda: play(hands={0: ["Threaten"]}), [],
                                  put_onto_battlefield(0, "Threaten", "n")),
    ("illegal_choice", "400.7"): (lambda: play(perm("f", "Forest"), hands={0: ["Llanowar Elves"]}), [],
                                  cast(0, "Llanowar Elves", "f")),
    ("illegal_choice", "614.12"): (lambda: play(hands={0: ["Voice of All"]}), [], cast(0, "Voice of All", "n")),
    ("illegal_choice", "508.1a"): (lambda: play(perm("f", "Forest"), step="combat"), [], attack("f")),
    ("illegal_choice", "508.1c"): (lambda: play(perm("e", "Llanowar Elves"),
                                                perm("pa", "Pacifism", 1, attached_to="e"), step="combat"), [],
                                   attack("e")),
    ("illegal_choice", "106.12"): (lambda: play(perm("d", "Springleaf Drum"),
                                                perm("e", "Llanowar Elves", tapped=True)), [],
                                   activate_mana("d", "G", tap="e")),
    ("illegal_choice", "601.2h"): (lambda: play(perm("w", "Walking Ballista"),        # 0 counters, 1/2
                                                perm("h", "Holy Strength", attached_to="w")), [],
                                   activate("w", 1, targets=[1])),
    ("illegal_choice", "500.11"): (lambda: play(_pp(0, 1), _pp(1, 0)), [], advance("draw")),
    ("illegal_choice", "701.3a"): (lambda: play(perm("e", "Llanowar Elves"), perm("f", "Forest")), [],
                                   {"type": "attach", "permanent": "f", "to": {"permanent": "e"}}),
    ("game_over", "104.2a"): (lambda: play(perm("f", "Forest")), [concede(1)], activate_mana("f")),
}


def _documented() -> list[tuple[str, str]]:
    return [(row[0].strip("`"), rule.strip()) for row in _table("Rejections") for rule in row[2].split(",")]


def test_the_table_has_every_reason_class_and_an_example_for_each_of_its_rules():
    reasons = [r for r in schema("observation")["properties"]["rejected"]["enum"] if r is not None]
    assert sorted({reason for reason, _ in _documented()}) == sorted(reasons)
    assert sorted(_documented()) == sorted(REJECTIONS)


def test_color_is_ignored_by_an_ability_that_makes_a_fixed_type():
    """The Actions table: `color` is a choice only for an ability that lets its controller choose
    one; a Forest asked for W adds {G} (CR 106.1), while a Reflecting Pool asked for what it can't
    produce is rejected (106.7, the table's row above)."""
    game = play(perm("f", "Forest"), perm("m", "Mutavault"))
    assert pool(game.run(activate_mana("f", "W"), activate_mana("m", "G"))) == {"G": 1, "C": 1}


@pytest.mark.parametrize("reason, rule", sorted(REJECTIONS), ids=lambda v: v)
def test_the_oracle_rejects_as_the_table_says(reason, rule):
    make, setup, action = REJECTIONS[reason, rule]
    game = make()
    game.run(*setup)
    game.assert_rejected(action, reason)
    assert game.oracle.last_rejection.rule == rule
