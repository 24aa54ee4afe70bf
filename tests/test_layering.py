"""ARCHITECTURE.md's import table holds: the import-linter contracts in pyproject.toml are kept, and
they break when a module imports across the table (shown on a copy of the packages)."""
from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").exists())
PACKAGES = ("oracle", "adapters", "properties", "runner")
LINT = "from importlinter.cli import lint_imports_command; lint_imports_command()"


def lint_imports(root: Path) -> subprocess.CompletedProcess:
    assert importlib.util.find_spec("importlinter"), "import-linter is missing: pip install -e '.[dev]'"
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run([sys.executable, "-c", LINT, "--no-cache"], cwd=root, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_packages_keep_every_contract():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize("package, line, contract", [
    ("oracle", "import mtg_conformance.adapters", "no package imports one above it"),
    ("adapters", "from mtg_conformance.properties import strategies", "no package imports one above it"),
    ("properties", "import mtg_conformance.runner", "no package imports one above it"),
    ("properties", "from mtg_conformance.oracle.state import Game", "only for card data"),
    ("oracle", "import hypothesis", "only attrs and the standard library"),
])
def test_an_import_across_the_table_breaks_a_contract(tmp_path, package, line, contract):
    for name in PACKAGES:                    # laid out as installed: mtg_conformance/<package>
        shutil.copytree(ROOT / name, tmp_path / "mtg_conformance" / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    (tmp_path / "mtg_conformance" / package / "stray_import.py").write_text(f"{line}\n")
    result = lint_imports(tmp_path)
    assert result.returncode != 0
    broken = [ln for ln in result.stdout.splitlines() if " BROKEN" in ln]
    assert len(broken) == 1 and contract in broken[0], result.stdout
    assert f"mtg_conformance.{package}.stray_import" in result.stdout
