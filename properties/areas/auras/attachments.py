"""Moving an Aura or Equipment already on the battlefield (CR 701.3): it goes only where its enchant
ability (303.4, 702.5d) or equip restriction (301.5c) and protection (702.16c) allow; otherwise it
doesn't move (701.3b); to what it is already on, nothing happens (701.3c)."""
from __future__ import annotations

from hypothesis import strategies as st

from mtg_conformance.properties.areas.common import aimed
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Case, conformance_property
from mtg_conformance.properties.strategies import Aim

MOVABLE = ("Holy Strength", "Pacifism", "Bonesplitter", "Control Magic", "Overgrowth")


def _attach_labels(step):
    a, after = step.action, step.oracle_after
    if a["type"] != "attach":
        return []
    if after["rejected"] is not None:
        return [f"attach: rejected ({after['rejected']})"]
    moved = after["permanents"][a["permanent"]]["attached_to"] == a["to"]
    was = step.oracle_before["permanents"][a["permanent"]]["attached_to"] == a["to"]
    return ["attach: " + ("already there" if was else "moved" if moved else "didn't move")]


@conformance_property(
    id="AURA-002", title="Moving an Aura or Equipment follows its enchant and equip restrictions",
    rules=("701.3a", "701.3b", "701.3c", "303.4", "301.5c", "702.16c", "613.1b"),
    cards=frozenset(MOVABLE), actions=frozenset({"attach"}), labels=_attach_labels,
    situations=(
        Situation("an Aura or Equipment moves", ("701.3a",), one_of=MOVABLE),
        Situation("an illegal move: it doesn't move", ("701.3b",), one_of=MOVABLE),
        Situation("moving Control Magic moves control", ("613.1b",), ("Control Magic",))),
    floors=(Floor("attach: moved", 15), Floor("attach: didn't move", 15), Floor("attach: already there", 5)))
def move_attachments(capabilities):
    """Auras (enchant creature, enchant land) and Equipment on the battlefield moved to creatures,
    lands, a Voice of All with protection from a colour, themselves and players; Control Magic moved
    between an opponent's creatures; damage and phasing between the moves."""
    creatures = ("Llanowar Elves", "Puresight Merrow", "Voice of All", "Mutavault", "Forest")
    broad = Aim(board=creatures + MOVABLE + ("Unholy Strength", "Short Sword", "Grizzly Bears"),
                kinds=[({"attach": 4, "phase_out": 1, "deal_damage": 1, "activate": 1}, (1, 4))],
                tapped=0.1, phased=0.05, sick=0.1, size=(3, 6), steps=("main1", "main2"), players=(2, 3),
                core=(("Llanowar Elves", "Puresight Merrow", "Voice of All"), ("Forest", "Mutavault"),
                      ("Holy Strength", "Pacifism", "Bonesplitter", "Overgrowth")))
    # Control Magic on one of two creatures of the same opponent, moved: control follows it.
    control = Aim(board=("Llanowar Elves", "Puresight Merrow", "Control Magic", "Forest"),
                  kinds=[({"attach": 1}, (1, 2)), ({"attach": 1, "deal_damage": 1}, (0, 2))],
                  tapped=0.1, phased=0.0, sick=0.1, size=(3, 5), steps=("main1",), players=(2, 2),
                  core=(("Llanowar Elves", "Puresight Merrow"), ("Llanowar Elves", "Puresight Merrow"),
                        ("Control Magic",)))
    # Every Aura and Equipment on a board of a creature with protection from a colour, a creature,
    # an animatable land, a basic land and a second Pacifism, each moved to several of them in
    # turn: each move is legal or not by its enchant ability (303.4, 702.5a), equip restriction
    # (301.5c), protection (702.16c) or because an Aura can't enchant itself (303.4d).
    sweep = Aim(board=("Voice of All", "Puresight Merrow", "Mutavault", "Forest") + MOVABLE,
                kinds={"attach": 1}, length=(0, 1), tapped=0.1, phased=0.0, sick=0.1, size=(13, 13),
                steps=("main1", "main2"), players=(2, 3),
                core=(("Voice of All",), ("Puresight Merrow",), ("Mutavault",), ("Forest",),
                      ("Pacifism",), ("Pacifism",), ("Holy Strength",), ("Bonesplitter",), ("Control Magic",),
                      ("Overgrowth",)),
                then=_every_attachment_moved)
    return aimed(capabilities, broad, sweep, control)


HOSTS = ("Voice of All", "Puresight Merrow", "Mutavault", "Forest", "Pacifism")


@st.composite
def _every_attachment_moved(draw, case: Case) -> Case:
    """Each Aura and Equipment on the battlefield is moved, one after another (CR 701.3a), to
    every permanent of the board's hosts — the creatures, lands and Pacifisms other than itself —
    in a drawn order: an illegal destination leaves it where it is (701.3b), the one it is on does
    nothing (701.3c); then the drawn actions."""
    field = [e for e in case.scenario["battlefield"] if not e.get("phased_out")]
    movers = [e["id"] for e in field if e["card"] in MOVABLE]
    moves = [{"type": "attach", "permanent": m, "to": {"permanent": h["id"]}}
             for m in movers for h in field if h["card"] in HOSTS and h["id"] != m]
    if not moves:
        return case
    return Case(case.scenario, tuple(draw(st.permutations(moves))) + case.program)
