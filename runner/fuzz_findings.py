"""A campaign's findings on disk: one vector per distinct signature under DIR/vectors/, written the
moment it is found, so nothing reported is lost when a worker dies and nothing is reported twice —
across workers, restarts, and campaign directories merged by copying (a signature names its file)."""
from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from datetime import datetime, timezone
from pathlib import Path

from mtg_conformance.properties.lockstep import Divergence
from mtg_conformance.properties.model import Case, Property
from mtg_conformance.properties.vectors import VECTOR_VERSION, VectorError, from_divergence, load, vector_id


def signature(found: Exception) -> str:
    """What tells two bugs apart: the rules the divergence is blamed on and the kind of difference
    (Divergence.signature); for an engine that failed (a crash), its message without numbers or
    the action it failed on."""
    if isinstance(found, Divergence):
        return " | ".join(found.signature)
    return "engine error | " + re.sub(r"\d+", "#", re.sub(r"\{.*\}", "{…}", str(found)))[:160]


def crash(why: Exception, prop: Property, case: Case) -> Exception:
    """An engine error found playing `case`: kept with it, so it is saved like a divergence."""
    why.prop, why.case = prop, case
    return why


def _vector(found: Exception, engine: str) -> dict:
    if isinstance(found, Divergence):
        return from_divergence(found, engine)
    return {"vector": VECTOR_VERSION, "id": vector_id(found.prop.id, found.case),
            "property": found.prop.id, "rules": list(found.prop.rules), "title": found.prop.title,
            "what_went_wrong": f"the engine failed: {found}", "engine": engine,
            "scenario": found.case.scenario, "program": list(found.case.program),
            "expected": None, "observed": None}


def path_for(out: Path, sig: str) -> Path:
    return out / "vectors" / f"F-{hashlib.sha256(sig.encode()).hexdigest()[:12]}.json"


class Known:
    """The signatures already found in a campaign directory, re-read cheaply as files appear."""

    def __init__(self, out: Path):
        self.folder, self.seen, self.signatures = out / "vectors", set(), set()

    def refresh(self) -> set:
        names = {p.name for p in self.folder.glob("F-*.json")} if self.folder.is_dir() else set()
        for name in sorted(names - self.seen):
            try:
                self.signatures.add(load(self.folder / name)["finding"]["signature"])
                self.seen.add(name)
            except (VectorError, KeyError, TypeError):
                pass                      # not a finding, or still being written: read it next time
        return self.signatures


def record(out: Path, found: Exception, engine: str, meta: dict) -> Path | None:
    """Write `found` (a Divergence, or a crash) as a vector with its signature and `meta`; None if its signature is on disk
    already (another worker, or an earlier campaign, found it first). Atomic: complete or absent."""
    sig = signature(found)
    target = path_for(out, sig)
    target.parent.mkdir(parents=True, exist_ok=True)
    vector = _vector(found, engine)
    vector["finding"] = {"signature": sig, "found": datetime.now(timezone.utc).isoformat(
        timespec="seconds"), **meta}
    with tempfile.NamedTemporaryFile("w", dir=target.parent, suffix=".tmp", delete=False) as tmp:
        tmp.write(json.dumps(vector, indent=1) + "\n")
    try:
        os.link(tmp.name, target)         # fails if the file exists: the first finder wins
    except FileExistsError:
        return None
    finally:
        os.unlink(tmp.name)
    return target
