"""The draw step and skipping it (CR 504.1, 614.10, Psychic Possession and Howling Mine)."""
from __future__ import annotations

import copy

from attrs import evolve
from hypothesis import strategies as st

from mtg_conformance.oracle.catalog import card
from mtg_conformance.properties.areas.common import aimed, on_board
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Case, conformance_property
from mtg_conformance.properties.strategies import Aim, BOOLEANS


def _draw_labels(step):
    if step.action["type"] != "advance":
        return []
    labels = []
    if on_board(step, ("Psychic Possession",)):
        labels.append("advanced with Psychic Possession in play")
    if on_board(step, ("Howling Mine",)):
        labels.append("advanced with Howling Mine in play")
    return labels


PAST_THE_DRAW_STEP = {"type": "advance", "step": "main1"}


@conformance_property(
    id="DRAW-001", title="Psychic Possession's controller skips their draw step",
    rules=("614.10", "614.10a", "504.1", "603.2c", "103.8a"), cards=frozenset({"Psychic Possession"}),
    actions=frozenset({"advance"}), labels=_draw_labels,
    situations=(
        Situation("a draw step with a Psychic Possession around: skipped or not", ("614.10",),
                  ("Psychic Possession",)),
        Situation("Howling Mine's extra card triggers Psychic Possession", ("603.2c",),
                  ("Howling Mine", "Psychic Possession")),
        Situation("turn 1 of two players: the starting player skips the draw step", ("103.8a",))),
    floors=(Floor("advanced with Psychic Possession in play", 50),
            Floor("advanced with Howling Mine in play", 30)))
def draw_step(capabilities):
    """Draw steps with Psychic Possession (either side) and Howling Mine, over several turns."""
    board = ("Psychic Possession", "Howling Mine", "Forest", "Psychic Possession")
    broad = Aim(board=board, kinds={"advance": 4, "phase_out": 1}, library=(3, 6), size=(1, 4),
                tapped=0.2, core=(("Psychic Possession",),))
    # The turn of a player on one side of a Psychic Possession — its controller, who skips the draw
    # step, or the player it enchants, who draws and so gives its controller a card (614.10, 504.1,
    # 603.2c) — comes often when few players sit at the table: from before a draw step, advance
    # through one or more, with Howling Mine's extra card sometimes on top.
    either_side = Aim(board=("Psychic Possession", "Howling Mine", "Forest"),
                      kinds={"advance": 1}, length=(1, 3), library=(3, 6), size=(1, 3),
                      tapped=0.2, players=(2, 3), steps=("upkeep", "main2", "end"),
                      core=(("Psychic Possession",),))
    # Howling Mine untapped beside a Psychic Possession: the enchanted player's extra card is a
    # card drawn too, and triggers the Possession once more (603.2c, 603.4).
    extra_card = Aim(board=("Psychic Possession", "Howling Mine", "Forest"),
                     kinds={"advance": 1}, length=(1, 3), library=(3, 6), size=(2, 3),
                     tapped=0.0, players=(2, 2), steps=("upkeep", "main2", "end"),
                     core=(("Howling Mine",), ("Psychic Possession",)))
    # Psychic Possessions and a Forest of one controller phase out, and that player's turn comes:
    # both phase in at once in the untap step (702.26a), then that player's draw step is skipped
    # (614.10) and, beside Howling Mine, the enchanted player's draws come (603.2c).
    phased_in = evolve(extra_card, core=(("Psychic Possession",), ("Forest",), ("Howling Mine",),
                                               ("Psychic Possession", "Forest")),
                       size=(4, 5), phased=0.0,
                       then=lambda case: _phasing_in_at_next_untap(case, ("Psychic Possession", "Forest")))
    # Turn 1 of a two-player game (issue 26: generation never started there): the starting player
    # skips the draw step (103.8a), so nothing of it happens — no card, no Howling Mine trigger, no
    # Possession card — until the next player's draw step; libraries of none or one card.
    first_turn = Aim(board=("Howling Mine", "Psychic Possession", "Forest"), kinds={"advance": 1},
                     length=(1, 2), library=(0, 1), size=(1, 3), tapped=0.0, players=(2, 2),
                     steps=("upkeep",), first_turn=1.0, core=(("Howling Mine", "Psychic Possession"),),
                     then=lambda case: st.just(Case(case.scenario, (PAST_THE_DRAW_STEP,) + case.program)))
    return aimed(capabilities, either_side, extra_card, first_turn, phased_in, broad)


def _phasing_in_candidates(scenario: dict, names) -> list:
    """The phased-in permanents of `names` not attached to a permanent: what an effect can phase out
    directly (an Aura on a permanent would come back with it, 702.26g)."""
    return [e for e in scenario["battlefield"] if e["card"] in names and not e.get("phased_out")
            and "permanent" not in (e.get("attached_to") or {})]


@st.composite
def _phasing_in_at_next_untap(draw, case: Case, names) -> Case:
    """CR 702.26a, 502.1: the permanents of `names` come under one player (an Aura's controller
    stays: it decides who that player is), an effect phases them out, and that player's untap step
    comes next: they all phase in at once, while that player's permanents with phasing phase out."""
    candidates = _phasing_in_candidates(case.scenario, names)
    if not candidates:
        return case
    auras = [e for e in candidates if card(e["card"]).enchant]
    seat = draw(st.sampled_from(auras or candidates))["controller"]
    scenario = copy.deepcopy(case.scenario)
    chosen = []
    for entry in _phasing_in_candidates(scenario, names):
        if entry["controller"] != seat and not card(entry["card"]).enchant:
            entry["controller"] = seat
        if entry["controller"] == seat:
            chosen.append(entry["id"])
    scenario["active_player"] = (seat - 1) % len(scenario["players"])     # their turn comes next
    actions = ({"type": "phase_out", "permanents": chosen},
               {"type": "advance", "step": "upkeep", "turns": 1, "optional": draw(BOOLEANS)})
    return Case(scenario, actions + case.program)
