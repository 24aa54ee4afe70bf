"""The catalog's interacting pairs: every pair of cards the oracle's provenance shows taking part in
one rule application, over a long run of every property against the oracle.

    python benchmarks/interaction_catalog.py [--profile thorough] [-j 2] [--write]

Prints, per rules area, the pairs met and the cases that met each, and the time taken; with
`--write`, stores them in properties/interactions.json, the reference that `run --statistics` and
tests/properties/test_coverage.py hold a `ci` run to (properties/coverage.py). Rerun it with
`--write` when the catalog or the generators change.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from multiprocessing import Pool

import hypothesis
from mtg_conformance.adapters.oracle_adapter import OracleEngine
from mtg_conformance.properties.coverage import CATALOG_FILE, area_of
from mtg_conformance.properties.model import all_properties
from mtg_conformance.properties.suite import census


def _met(job: tuple) -> tuple:
    """One property's interactions under the profile, and its cases."""
    pid, profile = job
    tally = census(all_properties()[pid], OracleEngine(), lambda divergence: None, profile=profile)
    return pid, tally.cases, dict(tally.interactions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="thorough", choices=("dev", "ci", "thorough"))
    parser.add_argument("-j", dest="jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--write", action="store_true", help=f"store the pairs in {CATALOG_FILE.name}")
    args = parser.parse_args()
    if args.jobs < 1:
        sys.exit("-j: a positive number of processes")
    started = time.perf_counter()
    jobs = [(pid, args.profile) for pid in sorted(all_properties())]
    with Pool(args.jobs) as pool:
        rows = pool.map(_met, jobs, chunksize=1)
    areas, cases = {}, {}
    for pid, n, pairs in rows:
        cases[pid] = n
        areas.setdefault(area_of(all_properties()[pid]), Counter()).update(pairs)
    for area, pairs in sorted(areas.items()):
        print(f"{area}: {len(pairs)} pairs")
        for key, n in sorted(pairs.items(), key=lambda kv: (-kv[1], kv[0])):
            print(f"  {n:6}  {key}")
    print(f"{sum(map(len, areas.values()))} area pairs, {len(set().union(*areas.values()))} distinct, "
          f"over {sum(cases.values())} cases; profile {args.profile}, {time.perf_counter() - started:.0f} s, "
          f"Hypothesis {hypothesis.__version__}")
    if args.write:
        doc = {"profile": args.profile, "hypothesis": hypothesis.__version__, "cases": cases,
               "areas": {area: dict(sorted(pairs.items())) for area, pairs in sorted(areas.items())}}
        CATALOG_FILE.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {CATALOG_FILE}")


if __name__ == "__main__":
    main()
