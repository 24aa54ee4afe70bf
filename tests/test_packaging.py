"""One installed namespace: mtg-conformance installs `mtg_conformance` (holding oracle, adapters,
properties and runner, mapped from the repository's top-level folders) and claims no generic name, so
an engine's own `runner/` or `oracle/` package and its pytest suite are left alone."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").exists())
FOLDERS = ("oracle", "adapters", "properties", "runner")
BARE_IMPORT = re.compile(rf"^\s*(from|import) ({'|'.join(FOLDERS)})\b", re.M)


def test_every_package_folder_is_installed_under_the_namespace():
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    folders = {".".join(("mtg_conformance", *init.parent.relative_to(ROOT).parts))
               for name in FOLDERS for init in (ROOT / name).rglob("__init__.py")}
    assert set(setuptools["packages"]) == folders
    assert setuptools["package-dir"] == {f"mtg_conformance.{name}": name for name in FOLDERS}


def test_no_module_imports_a_bare_top_level_name():
    """`import oracle` works from the repository root only: installed, only the namespace exists."""
    stray = [str(path.relative_to(ROOT)) for folder in (*FOLDERS, "tests", "benchmarks")
             for path in (ROOT / folder).rglob("*.py") if BARE_IMPORT.search(path.read_text())]
    assert not stray


def test_an_engine_with_its_own_runner_package_keeps_its_pytest_suite(tmp_path):
    """The reproduction of the name clash: an engine repository with a top-level `runner/` package
    runs its own tests with mtg-conformance installed (its pytest11 plugin loads at every start)."""
    (tmp_path / "runner").mkdir()
    (tmp_path / "runner" / "__init__.py").write_text("X = 1\n")
    (tmp_path / "oracle").mkdir()
    (tmp_path / "oracle" / "__init__.py").write_text("Y = 2\n")
    (tmp_path / "test_a.py").write_text("import runner, oracle\n\n"
                                        "def test_a():\n    assert runner.X == 1 and oracle.Y == 2\n")
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout


def test_installed_as_a_user_installs_it_beside_an_engine_s_own_packages(tmp_path):
    """`pip install .` (not editable), then certify from inside an engine repository that has its
    own `runner/` and `oracle/`: our package data (schemas, vectors) and modules are found under the
    namespace, never through those names."""
    site, engine_repo, source = tmp_path / "site", tmp_path / "engine", tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "*.egg-info", "__pycache__", "docs", "tests", "benchmarks"))
    built = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                            "--target", str(site), str(source)],
                           capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    for name in ("runner", "oracle", "properties"):
        (engine_repo / name).mkdir(parents=True)
        (engine_repo / name / "__init__.py").write_text("")
    env = {"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "mtg_conformance.runner.cli", "certify", "--engine",
                           "oracle", "--profile", "dev", "-k", "MANA-005", "--out", "cert"],
                          cwd=engine_repo, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (engine_repo / "cert" / "report.json").exists()
    assert str(site) in subprocess.run(
        [sys.executable, "-c", "import mtg_conformance.runner.cli as c; print(c.__file__)"],
        cwd=engine_repo, env=env, capture_output=True, text=True, timeout=60).stdout
