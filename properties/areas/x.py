"""X in enters-the-battlefield abilities (CR 107.3m)."""
from __future__ import annotations

import copy
from functools import partial

from hypothesis import strategies as st

from oracle.catalog import card
from properties.areas.common import accepted, aimed
from properties.coverage import Situation
from properties.model import Case, conformance_property

X_CARDS = ("Walking Ballista", "Endless One", "Hangarback Walker", "Ajani's Anguish")


def _x_claim(step):
    """A permanent spell cast with X enters with X +1/+1 counters; put onto the battlefield, with 0."""
    a = step.action
    if a["type"] not in ("cast", "put_onto_battlefield") or not accepted(step):
        return None
    if card(a["card"]).enters_with != "x_p1p1" or step.engine_after["rejected"] is not None:
        return None
    after = step.engine_after["permanents"].get(a["id"])
    oracle = step.oracle_after["permanents"].get(a["id"])
    if after is None or oracle is None or oracle["zone"] != "battlefield":
        return None
    x = a.get("x", 0) if a["type"] == "cast" else 0
    got = (after.get("counters") or {}).get("+1/+1", 0)
    if got != x:
        how = f"cast with X={x}" if a["type"] == "cast" else "put onto the battlefield without being cast"
        return (f"{a['card']} {how} entered with {got} +1/+1 counters; an enters ability uses the X "
                f"of the spell it came from, 0 if it wasn't cast (CR 107.3m)")
    return None


def _paid_x(case: Case):
    """`case` with each X spell it casts cast with X of 1 or more: the X the permanent's "enters
    with X counters" must read from the spell (CR 107.3m)."""
    casts = [i for i, a in enumerate(case.program) if a["type"] == "cast" and card(a["card"]).x_cost]
    return st.lists(st.integers(1, 3), min_size=len(casts), max_size=len(casts)).map(
        lambda xs: Case(case.scenario, tuple({**a, "x": xs[casts.index(i)]} if i in casts else a
                                             for i, a in enumerate(case.program))))


def _x_labels(step):
    a = step.action
    if a["type"] == "cast" and a["card"] in X_CARDS:
        return [f"cast an X card with X{'>0' if a.get('x', 0) else '=0'}: "
                + ("accepted" if accepted(step) else step.oracle_after["rejected"])]
    if a["type"] == "put_onto_battlefield" and a["card"] in X_CARDS:
        return ["put an X card onto the battlefield: " + ("accepted" if accepted(step)
                                                         else step.oracle_after["rejected"])]
    return []


@conformance_property(
    id="X-001", title="Enters-the-battlefield abilities use the X of the spell", rules=("107.3m",),
    cards=frozenset(X_CARDS), actions=frozenset({"cast"}), observes=frozenset({"counters"}),
    focus=frozenset({"cast", "put_onto_battlefield"}),
    claim=_x_claim, claim_rules=("107.3m",), labels=_x_labels,
    situations=(
        Situation("an enters ability uses the X of the spell", ("107.3m",)),))
def x_on_entering(capabilities):
    """Walking Ballista, Endless One, Hangarback Walker and Ajani's Anguish, cast or put in."""
    board = ("Forest", "Soul Warden", "Llanowar Elves", "Mountain")
    broad = dict(board=board, hand=X_CARDS, kinds={"cast": 4, "put_onto_battlefield": 2, "advance": 1},
                 steps=("main1", "main2"), hand_size=(1, 3))
    # X cards cast with X of 1 or more, one after another in their controller's main phase from a
    # hand holding several, so the spell's X must reach the permanent it becomes (107.3m), and Soul
    # Warden sees the creatures enter. The broad aim keeps X=0 and putting them in.
    paid = dict(board=board, hand=X_CARDS, kinds={"cast": 1}, length=(1, 3), steps=("main1", "main2"),
                hand_size=(2, 3), then=_paid_x)
    # Ajani's Anguish's enters ability aimed at a land or creature on the battlefield, then at what
    # an earlier X spell of the same main phase became: a Walking Ballista or Hangarback Walker that
    # entered with X counters takes the Anguish's X damage (107.3m: both read the X of their own
    # spell), while a land or another Ajani's Anguish, an enchantment, is no legal "any target" by
    # the time the ability resolves (608.2b).
    anguish = dict(board=board, hand=X_CARDS, kinds={"cast": 1}, length=(0, 1), steps=("main1", "main2"),
                   hand_size=(0, 2), core=(("Forest", "Mountain"), ("Llanowar Elves", "Soul Warden")),
                   then=partial(_anguish_at_an_x_permanent, cards=frozenset(capabilities.get("cards", ()))))
    return aimed(capabilities, paid, broad, anguish)


@st.composite
def _anguish_at_an_x_permanent(draw, case: Case, cards: frozenset) -> Case:
    """The active player casts Ajani's Anguish (X of 1 to 3) aimed at a permanent on the
    battlefield, then a Walking Ballista or Hangarback Walker (X of 1 to 3), then another Ajani's
    Anguish aimed at the first Anguish or at that creature, then an Endless One and a third Anguish
    aimed at it (CR 107.3m, 608.2b); only the engine's `cards`."""
    creatures = [name for name in ("Walking Ballista", "Hangarback Walker") if name in cards]
    if "Ajani's Anguish" not in cards or not creatures or not case.scenario["battlefield"]:
        return case
    scenario = copy.deepcopy(case.scenario)
    seat, creature = scenario["active_player"], draw(st.sampled_from(creatures))
    scenario["players"][seat]["hand"] += ["Ajani's Anguish", creature, "Ajani's Anguish"]
    x = st.integers(1, 3)

    def cast(name, pid, target):
        return {"type": "cast", "player": seat, "card": name, "x": draw(x), "targets": [target],
                "optional": draw(st.booleans()), "id": pid}

    on_board = draw(st.sampled_from([e["id"] for e in scenario["battlefield"]]))
    casts = (cast("Ajani's Anguish", "n7", {"permanent": on_board}), cast(creature, "n8", {"player": seat}),
             cast("Ajani's Anguish", "n9", {"permanent": draw(st.sampled_from(("n7", "n8")))}))
    if "Endless One" in cards:
        # An Endless One cast with X too, then a third Anguish aimed at it: its counters and the
        # Anguish's damage each read the X of their own spell (107.3m).
        scenario["players"][seat]["hand"] += ["Endless One", "Ajani's Anguish"]
        casts += (cast("Endless One", "n10", {"player": seat}),
                  cast("Ajani's Anguish", "n11", {"permanent": "n10"}))
    return Case(scenario, casts + case.program)
