"""Characteristics judged with continuous effects applied (CR 613): an animated Mutavault has all
creature types (CR 205.3m), so "whenever a Merfolk you control becomes tapped" sees it (603.2e)."""
from __future__ import annotations

from properties.areas.common import aimed
from properties.coverage import Situation
from properties.model import conformance_property


def _animated_merfolk_labels(step):
    a, before = step.action, step.oracle_before["permanents"]
    if a["type"] not in ("tap", "activate_mana", "attack"):
        return []
    tapped = [pid for pid, p in step.oracle_after["permanents"].items()
              if p["tapped"] and before.get(pid, {}).get("tapped") is False]
    mutavaults = {e["id"] for e in step.scenario["battlefield"] if e["card"] == "Mutavault"}
    fired = any(ev == "becomes_tapped" for _, ev in step.oracle_after["triggered"])
    if set(tapped) & mutavaults:
        return ["a Mutavault became tapped: " + ("Judge triggered" if fired else "no trigger")]
    return []


@conformance_property(
    id="CHAR-001", title="An animated Mutavault is a Merfolk: \"becomes tapped\" triggers see it",
    rules=("205.3m", "613.1d", "603.2e"), cards=frozenset({"Judge of Currents", "Mutavault"}),
    actions=frozenset({"activate", "tap"}), observes=frozenset({"triggered"}),
    focus=frozenset({"tap", "activate_mana", "attack"}), labels=_animated_merfolk_labels,
    situations=(
        Situation("Judge of Currents triggers on an animated Mutavault becoming tapped", ("603.2e",),
                  ("Judge of Currents", "Mutavault")),
        Situation("an animated Mutavault has every creature type", ("205.3m",), ("Mutavault",))))
def animated_creature_types(capabilities):
    """Judge of Currents beside Mutavaults, animated or not, tapped by effects, for mana and by
    attacking; Puresight Merrow as a Merfolk by its card."""
    board = ("Judge of Currents", "Mutavault", "Mutavault", "Puresight Merrow", "Forest",
             "Llanowar Elves")
    broad = dict(board=board,
                 kinds=[({"activate": 1}, (1, 2)),
                        ({"tap": 2, "activate_mana": 2, "attack": 1, "activate": 1, "advance": 1},
                         (1, 4))],
                 tapped=0.15, phased=0.05, sick=0.2, size=(2, 5), steps=("main1", "combat"),
                 players=(2, 3), core=(("Judge of Currents",), ("Mutavault",)))
    # A Mutavault animated by its controller, who also controls a Judge of Currents (two Judges, so
    # one is often on the Mutavault's side), then tapped by an effect, for mana or by attacking;
    # all untapped and controlled since the turn began, so each of those can happen. The Mutavault
    # is placed first, so it is the permanent actions pick most often.
    animated_then_tapped = dict(board=("Judge of Currents", "Mutavault", "Forest"),
                                kinds=[({"activate": 1}, (1, 2)),
                                       ({"tap": 2, "activate_mana": 2, "attack": 1}, (1, 4))],
                                tapped=0.0, phased=0.0, sick=0.0, size=(3, 5),
                                steps=("combat", "main1"), players=(2, 2),
                                core=(("Mutavault",), ("Judge of Currents",), ("Judge of Currents",)))
    return aimed(capabilities, broad, animated_then_tapped)
