"""The draw step and skipping it (CR 504.1, 614.10, Psychic Possession and Howling Mine)."""
from __future__ import annotations

from properties.areas.common import aimed, on_board
from properties.coverage import Situation
from properties.model import conformance_property


def _draw_labels(step):
    if step.action["type"] != "advance":
        return []
    labels = []
    if on_board(step, ("Psychic Possession",)):
        labels.append("advanced with Psychic Possession in play")
    if on_board(step, ("Howling Mine",)):
        labels.append("advanced with Howling Mine in play")
    return labels


@conformance_property(
    id="DRAW-001", title="Psychic Possession's controller skips their draw step",
    rules=("614.10", "614.10a", "504.1", "603.2c"), cards=frozenset({"Psychic Possession"}),
    actions=frozenset({"advance"}), labels=_draw_labels,
    situations=(
        Situation("a draw step with a Psychic Possession around: skipped or not", ("614.10",),
                  ("Psychic Possession",)),
        Situation("Howling Mine's extra card triggers Psychic Possession", ("603.2c",),
                  ("Howling Mine", "Psychic Possession"))))
def draw_step(capabilities):
    """Draw steps with Psychic Possession (either side) and Howling Mine, over several turns."""
    board = ("Psychic Possession", "Howling Mine", "Forest", "Psychic Possession")
    broad = dict(board=board, kinds={"advance": 4, "phase_out": 1}, library=(3, 6), size=(1, 4),
                 tapped=0.2, core=(("Psychic Possession",),))
    # The turn of a player on one side of a Psychic Possession — its controller, who skips the draw
    # step, or the player it enchants, who draws and so gives its controller a card (614.10, 504.1,
    # 603.2c) — comes often when few players sit at the table: from before a draw step, advance
    # through one or more, with Howling Mine's extra card sometimes on top.
    either_side = dict(board=("Psychic Possession", "Howling Mine", "Forest"),
                       kinds={"advance": 1}, length=(1, 3), library=(3, 6), size=(1, 3),
                       tapped=0.2, players=(2, 3), steps=("upkeep", "main2", "end"),
                       core=(("Psychic Possession",),))
    # Howling Mine untapped beside a Psychic Possession: the enchanted player's extra card is a
    # card drawn too, and triggers the Possession once more (603.2c, 603.4).
    extra_card = dict(board=("Psychic Possession", "Howling Mine", "Forest"),
                      kinds={"advance": 1}, length=(1, 3), library=(3, 6), size=(2, 3),
                      tapped=0.0, players=(2, 2), steps=("upkeep", "main2", "end"),
                      core=(("Howling Mine",), ("Psychic Possession",)))
    return aimed(capabilities, either_side, extra_card, either_side, broad)   # either side: twice
