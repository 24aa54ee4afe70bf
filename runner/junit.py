"""`--junitxml FILE`: one JUnit test case per property, for any CI that reads JUnit reports. Each
carries its verdict and its whole outcome (runner/results.py, as JSON) as test-case properties; a
fail is a <failure>, an engine error an <error>, unsupported and not run (a partial run) <skipped>."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from mtg_conformance.oracle.vocabulary import Verdict
from mtg_conformance.runner.results import PropertyOutcome, dumps

SUITE = "mtg-conformance"


def write(path, engine: str, outcomes: list[PropertyOutcome], seconds: dict[str, float],
          not_run: list[str], stopped: str = "") -> None:
    suite = ET.Element("testsuite", name=SUITE)
    counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for outcome in outcomes:
        v = outcome.verdict
        case = ET.SubElement(suite, "testcase", classname=f"{SUITE}.{engine}", name=v.id,
                             time=f"{seconds.get(v.id, 0.0):.3f}")
        properties = ET.SubElement(case, "properties")
        ET.SubElement(properties, "property", name="verdict", value=str(v.verdict))
        ET.SubElement(properties, "property", name="outcome", value=dumps(outcome))
        if v.verdict == Verdict.FAIL:
            counts["failures"] += 1
            ET.SubElement(case, "failure", message="; ".join(
                f"{f.id}: {f.message}" for f in outcome.findings))
        elif v.verdict == Verdict.ERROR:
            counts["errors"] += 1
            ET.SubElement(case, "error", message=v.reason)
        elif v.verdict == Verdict.UNSUPPORTED:
            counts["skipped"] += 1
            ET.SubElement(case, "skipped", message=f"unsupported: {v.reason}")
        counts["tests"] += 1
    for prop_id in not_run:
        case = ET.SubElement(suite, "testcase", classname=f"{SUITE}.{engine}", name=prop_id, time="0")
        ET.SubElement(case, "skipped", message=f"not run: {stopped}")
        counts["tests"] += 1
        counts["skipped"] += 1
    for key, n in counts.items():
        suite.set(key, str(n))
    suite.set("time", f"{sum(seconds.values()):.3f}")
    tree = ET.ElementTree(ET.Element("testsuites"))
    tree.getroot().append(suite)
    ET.indent(tree)
    tree.write(Path(path), encoding="utf-8", xml_declaration=True)
