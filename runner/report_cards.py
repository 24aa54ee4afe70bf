"""What report.md and report.html show beside their tables, as plain text: each finding as a card an
engine author can act on (the rule and what the oracle decided, the board before, the numbered steps,
the differences, the replay command, the further examples), and the rule verdicts per rules area.

Both writers render these values, each in its own markup, so the two say the same.
"""
from __future__ import annotations

import json
import re

from attrs import frozen

from mtg_conformance.oracle.vocabulary import AREAS, RULE_VERDICTS
from mtg_conformance.properties.rules import RULE_TITLES
from mtg_conformance.runner.certify import OTHER, finding_anchor, replay_command, rule_areas
from mtg_conformance.runner.results import Example, Finding, Results


@frozen
class Board:
    """The scenario an example starts from: whose turn and step, one row per player (player, life,
    hand, library) and one per permanent, by controller (id, card, controller, state)."""

    turn: str
    players: tuple[tuple[str, ...], ...]
    permanents: tuple[tuple[str, ...], ...]


@frozen
class ExampleView:
    """One example of a finding: its board before, its steps (the last is the one that diverged),
    the differences after it (field, engine, oracle as JSON), the oracle decision departed from
    (its rule and what it decided) and how to replay it."""

    property: str
    vector: str
    sentence: str
    board: Board
    steps: tuple[str, ...]
    differences: tuple[tuple[str, str, str], ...]
    decision_rule: str
    decision: str
    replay: str


@frozen
class Card:
    """A finding: its anchor in report.html, id, rules (with titles), kind, sentence, where it
    showed (property and cases) and its examples, the smallest first."""

    anchor: str
    id: str
    rules: tuple[tuple[str, str], ...]
    kind: str
    sentence: str
    cases: int
    per_property: tuple[tuple[str, int], ...]
    examples: tuple[ExampleView, ...]
    folded: tuple[tuple[str, int], ...] = ()

    @property
    def also(self) -> str:
        """A sentence on the findings folded into it (runner/results.fold), "" if none."""
        if not self.folded:
            return ""
        return ("Also counted here: " + ", ".join(f"{f} ({n} case{'s' * (n != 1)})" for f, n in self.folded)
                + ": every example of each can be read as either finding (one case can't tell the two "
                "causes apart), so one bug explains both.")

    @property
    def heading(self) -> str:
        return ", ".join(f"CR {rule}" for rule, _ in self.rules) or "unblamed"


@frozen
class AreaRow:
    """A rules area's rule verdicts: how many of each (in RULE_VERDICTS order) and each rule with
    its verdict, title and the anchor of its first finding ("" if none)."""

    name: str
    description: str
    counts: tuple[tuple[str, int], ...]
    rules: tuple[tuple[str, str, str, str], ...]


def _json(value) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _seat(seat) -> str:
    return f"player {seat}"


def _named(pid, names: dict) -> str:
    return f"{pid} ({names[pid]})" if isinstance(pid, str) and pid in names else str(pid)


def _value(value, names: dict) -> str:
    """An action's value as text: an id with its card name, {"permanent": id} / {"player": n} as
    words, a list comma-joined ("none" if empty), anything else as JSON."""
    if isinstance(value, list):
        return ", ".join(_value(v, names) for v in value) or "none"
    if isinstance(value, dict) and len(value) == 1 and next(iter(value)) in ("permanent", "player"):
        (key, inner), = value.items()
        return _named(inner, names) if key == "permanent" else _seat(inner)
    if isinstance(value, str):
        return _named(value, names)
    return _json(value)


def step_text(action: dict, names: dict) -> str:
    """An action of the contract read aloud: its type, then each field (`phase_out — permanents:
    p0 (Llanowar Elves)`); a card it brings onto the battlefield names its id from then on."""
    if isinstance(action.get("id"), str) and isinstance(action.get("card"), str):
        names[action["id"]] = action["card"]
    fields = [f"{key}: {_value(value, names)}" for key, value in action.items() if key != "type"]
    return str(action.get("type", "?")) + (" — " + ", ".join(fields) if fields else "")


def _state(permanent: dict, names: dict) -> str:
    """A permanent's state in the scenario, in words ("—" for an untapped, plain one)."""
    words = []
    if permanent.get("tapped"):
        words.append("tapped")
    if permanent.get("sick"):
        words.append("summoning sick")
    if permanent.get("phased_out"):
        words.append(f"phased out ({permanent['phased_out']})")
    if permanent.get("attached_to"):
        words.append("attached to " + _value(permanent["attached_to"], names))
    if permanent.get("owner", permanent.get("controller")) != permanent.get("controller"):
        words.append(f"owned by {_seat(permanent['owner'])}")
    if permanent.get("counters"):
        words.append("counters: " + ", ".join(f"{kind} ×{n}" for kind, n in permanent["counters"].items()))
    if permanent.get("chosen_color"):
        words.append(f"chose {permanent['chosen_color']}")
    if permanent.get("token"):
        words.append("token")
    return ", ".join(words) or "—"


def _library(cards: list) -> str:
    return f"{len(cards)} card{'s' * (len(cards) != 1)}" + (f" (top: {cards[0]})" if cards else "")


def board(scenario: dict, names: dict) -> Board:
    """The board before an example, from its scenario (the contract's; a malformed one shows what
    it has)."""
    players = tuple((_seat(i) + (" (active)" if i == scenario.get("active_player") else ""),
                     str(p.get("life", "")), ", ".join(p.get("hand", ())) or "—", _library(p.get("library", [])))
                    for i, p in enumerate(scenario.get("players", ())))
    field = sorted(scenario.get("battlefield", ()), key=lambda p: _json(p.get("controller")))
    permanents = tuple((str(p.get("id", "")), str(p.get("card", "")), _seat(p.get("controller")),
                        _state(p, names)) for p in field)
    turn = (f"Turn {scenario.get('turn', '?')}, {_seat(scenario.get('active_player', '?'))}'s "
            f"{scenario.get('step', '?')} step")
    return Board(turn, players, permanents)


def _decision(says: str) -> tuple[str, str]:
    """(rule, what it decided) from a Decision's sentence `702.26g: … -> …`, its arrow drawn."""
    match = re.match(r"(\d+\.\d+[a-z]*): (.*)", says, re.S)
    rule, decided = (match[1], match[2]) if match else ("", says)
    return rule, decided.replace(" -> ", " → ")


def example_view(example: Example, spec: str) -> ExampleView:
    names = {p["id"]: p["card"] for p in example.scenario.get("battlefield", ())
             if isinstance(p, dict) and "id" in p and "card" in p}
    before = board(example.scenario, dict(names))
    steps = tuple(step_text(action, names) for action in example.program)
    return ExampleView(example.property, example.vector, example.message, before, steps,
                       tuple((str(where), _json(e), _json(o)) for where, e, o in example.differences),
                       *_decision(example.decision), replay_command(spec, example.vector))


def cards(spec: str, found: Results) -> list[Card]:
    """One card per finding, in the order of the findings."""
    return [Card(finding_anchor(n), f.id, tuple((rule, RULE_TITLES.get(rule, "")) for rule in f.rules),
                 f.kind, f.message, f.cases, tuple(f.per_property.items()),
                 tuple(example_view(e, spec) for e in f.examples) or (_bare(f, spec),),
                 tuple(f.folded.items()))
            for n, f in enumerate(found.findings, 1)]


def _bare(f: Finding, spec: str) -> ExampleView:
    """A finding of a report made before findings carried examples: its sentence and vector only."""
    return ExampleView(f.properties[0] if f.properties else "", f.vector, f.message, Board("", (), ()),
                       (), (), "", "", replay_command(spec, f.vector))


def areas(found: Results) -> list[AreaRow]:
    """The rule verdicts grouped by rules area (certify.rule_areas), in AREAS order, "other" last."""
    anchors = {f.id: finding_anchor(n) for n, f in enumerate(found.findings, 1)}
    verdicts, grouped = {r.rule: r for r in found.rules}, {}
    for rule, area in rule_areas(found).items():
        grouped.setdefault(area, []).append(verdicts[rule])
    described = {area.name: area.description for area in AREAS} | {OTHER: "rules no area claims"}
    return [AreaRow(name, described[name],
                    tuple((str(v), sum(r.verdict == v for r in grouped[name])) for v in RULE_VERDICTS),
                    tuple((r.rule, str(r.verdict), r.title, anchors.get(r.findings[0], "") if r.findings else "")
                          for r in grouped[name]))
            for name in described if name in grouped]
