"""docs/contract.md's step semantics, played on the oracle: every row of the Steps table has its example
here, and the table can't drift from them (the rejection and no-op tables are the oracle's own:
tests/adapters/test_rejections.py)."""
from __future__ import annotations

from pathlib import Path

from mtg_conformance.adapters.contract import schema
from scenarios import activate_mana, advance, attack, cast, perm, play, pool

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


# --- fields an engine ignores ------------------------------------------------------------------------

def test_color_is_ignored_by_an_ability_that_makes_a_fixed_type():
    """The Actions table: `color` is a choice only for an ability that lets its controller choose
    one; a Forest asked for W adds {G} (CR 106.1), while a Reflecting Pool asked for what it can't
    produce is rejected (106.7, a row of the Rejections table)."""
    game = play(perm("f", "Forest"), perm("m", "Mutavault"))
    assert pool(game.run(activate_mana("f", "W"), activate_mana("m", "G"))) == {"G": 1, "C": 1}


def _same(doc_permanents: tuple, plain: dict, *variants: dict, **kw) -> None:
    """Each variant of `plain` leaves the game exactly as `plain` does."""
    expected = play(*doc_permanents, **kw).act(plain)
    for variant in variants:
        assert play(*doc_permanents, **kw).act(variant) == expected, variant


def test_decisions_nothing_asks_for_are_ignored():
    """"What the harness sends": `order` ids that name no applicable replacement effect, `tap` for an
    ability whose cost taps no creature, `optional` where nothing is optional, and `advance`'s
    `keep_tapped`, `sacrifice` and `discard` where nothing asks for them change nothing."""
    board = (perm("f", "Forest", tapped=True), perm("e", "Llanowar Elves"), perm("g", "Forest"))
    _same(board, activate_mana("g"), {**activate_mana("g"), "order": ["e", "g", "nothing"]},
          {**activate_mana("g"), "tap": "e"})
    _same(board, {**advance("upkeep", 1)},
          {**advance("upkeep", 1), "keep_tapped": ["f"], "sacrifice": "e", "discard": "Island", "optional": False})
    _same(board, cast(0, "Llanowar Elves", "n"), {**cast(0, "Llanowar Elves", "n"), "optional": False},
          hands={0: ["Llanowar Elves"]})
