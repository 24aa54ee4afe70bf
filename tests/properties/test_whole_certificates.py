"""Whole certificates (runner/inprocess.py), as an engine author reads them: one finding per bug,
each on its own rule; none for an engine that is right in its own way.

- the many-bug engine (tests/many_bug_engine.py): nine seeded bugs in different rules areas, three
  of them different ways of mishandling a player leaving (800.4a), give exactly nine findings;
- the unusual engine (tests/unusual_engine.py): correct, with habits the contract allows — every
  acceptable rejection class in turn, fields that don't apply ignored, no-ops accepted — gives none;
- a sample of mutants from different rules areas, each certified with every `ci` property: as many
  findings as the decisions it declares it breaks (`Mutant.decisions`), each on its own rules
  (benchmarks/blame_precision.py prints this for every mutant).

The engines' certificates are made with the properties that reach their bugs and habits (named
below), to keep the tests short; the mutants' with all of them.
"""
from __future__ import annotations

import pytest

from mtg_conformance.adapters.mutants import MUTANTS
from mtg_conformance.properties.vectors import load
from mtg_conformance.runner.inprocess import certify
from many_bug_engine import LEAVING_BUGS, SEAM_BUGS
from unusual_engine import UnusualEngine

# The properties that reach the many-bug engine's bugs: the pool (MANA-005), X, haste
# (COST-002), draw triggers (DRAW-001), damage (CHAR-002), phasing (PHASE-001), leaving (LEAVE-001).
MANY_BUG_PROPERTIES = ("MANA-005", "X-101", "COST-002", "DRAW-001", "CHAR-002", "PHASE-001",
                       "LEAVE-001")
# The properties whose cases meet the unusual engine's habits: rejections with several acceptable
# classes (costs, targets), fields that don't apply (casting, activating, mana), no-ops (phasing,
# attaching).
UNUSUAL_PROPERTIES = ("COST-001", "COST-101", "COST-102", "MANA-001", "MANA-102", "PHASE-102",
                      "AURA-002", "X-101", "LOCKSTEP-001")
# A mutant from each of three rules areas: phasing, leaving, characteristics (a whole certificate
# costs a minute or two of CPU; benchmarks/blame_precision.py runs every mutant); an Elf lord
# that pumps itself, whose smallest cases also read as a phased-out lord applying (702.26b): one
# finding only because results.fold folds that reading into its 613.4c finding; and a Contamination
# that keeps the amount of doubled mana, whose {B}{B} is also what an opponent's Mana Reflection
# would give (614.1a): one finding only because that case reads the other way as 614.5 and nothing
# more (blame.other_reading changes one thing at a time).
SAMPLE = ("phasing-fires-leaves", "departing-owner-leaves-silently", "damage-never-wears-off",
          "elf-lord-pumps-itself", "contamination-keeps-the-amount")

pytestmark = pytest.mark.slow
# The tests reading the many-bug engine's certificate run in one xdist worker, which makes it once.
MANY_BUGS = pytest.mark.xdist_group("many-bug-certificate")


@pytest.fixture(scope="module")
def many_bugs(tmp_path_factory):
    out = tmp_path_factory.mktemp("many-bugs")
    return out, certify("module:many_bug_engine:ManyBugEngine", out,
                        select=lambda prop: prop in MANY_BUG_PROPERTIES)


@MANY_BUGS
def test_the_many_bug_engine_shows_one_finding_per_seeded_bug_each_on_its_rule(many_bugs):
    _, found = many_bugs
    rules = sorted(r for f in found.findings for r in f.rules)
    assert len(found.findings) == len(SEAM_BUGS) + len(LEAVING_BUGS) == 9, [f.id for f in found.findings]
    assert rules == sorted([*SEAM_BUGS.values(), *["800.4a"] * len(LEAVING_BUGS)])
    leaving = {f.kind.split(":")[0] for f in found.findings if f.rules == ("800.4a",)}
    assert leaving == set(LEAVING_BUGS.values())
    assert {r.rule for r in found.rules if r.verdict == "fail"} == {*SEAM_BUGS.values(), "800.4a"}


@MANY_BUGS
def test_each_finding_is_evidence_distinct_examples_with_their_differences(many_bugs):
    out, found = many_bugs
    assert any(len(f.examples) > 1 for f in found.findings)
    for f in found.findings:
        assert f.examples[0].vector == f.vector and sum(f.per_property.values()) == f.cases
        assert len({(e.cards, e.action) for e in f.examples}) == len(f.examples) <= 3
        for e in f.examples:
            vector = load(out / e.vector)
            assert vector["kind"] == f.kind and list(vector["blamed"]) == list(f.rules)
            assert [list(row) for row in e.differences] == vector["differences"]
            assert e.decision.startswith(f.rules[0] + ": ") and e.program[-1] == vector["program"][-1]


def test_the_unusual_engine_has_no_finding_and_its_habits_were_met(tmp_path):
    UnusualEngine.habits.clear()
    found = certify("module:unusual_engine:UnusualEngine", tmp_path,
                    select=lambda prop: prop in UNUSUAL_PROPERTIES)
    assert not found.findings, [f"{f.id}: {f.message}" for f in found.findings]
    assert {p.verdict for p in found.properties} == {"pass"}
    assert {"another acceptable class", "field ignored", "no-op accepted"} <= {
        habit for habit, n in UnusualEngine.habits.items() if n}


@pytest.mark.parametrize("name", SAMPLE)
def test_a_mutants_whole_certificate_shows_its_declared_findings_on_its_own_rules(name, tmp_path):
    mutant = MUTANTS[name]
    found = certify(f"mutant:{name}", tmp_path)
    assert len(found.findings) == mutant.decisions, [f.id for f in found.findings]
    assert all(f.rules and set(f.rules) <= set(mutant.rules) for f in found.findings), \
        [f.id for f in found.findings]
