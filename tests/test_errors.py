"""One error root: every error class of the project derives from MtgConformanceError and carries a
one-line hint, so the command line maps errors to exit codes without listing them (runner/cli.py)."""
from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

from mtg_conformance.oracle.errors import MtgConformanceError

PACKAGES = ("mtg_conformance.oracle", "mtg_conformance.adapters", "mtg_conformance.properties",
            "mtg_conformance.runner")
# Outcomes, not errors: a rejected action is observed, a divergence is a verdict "fail", an
# unsupported property a verdict, a fuzz campaign's end stops its worker, a finding's shrinking budget
# stops Hypothesis, an engine error leaves Hypothesis unshrunk to become a verdict, a run's stop
# (a signal, its time limit) stops it, and the private ones never leave their module.
OPTIONAL = {"mtg_conformance.adapters.phase_rs.driving.Unpayable",                                       # phase.rs,
            "mtg_conformance.adapters.python_mtg_actions.ChoiceRefused"}   # python-mtg may be absent
OUTCOMES = {"mtg_conformance.oracle.errors.Rejected", "mtg_conformance.adapters.kit.Refusal", "mtg_conformance.properties.lockstep.Divergence",
            "mtg_conformance.properties.suite.Unsupported", "mtg_conformance.properties.model.Ungenerable",
            "mtg_conformance.adapters.validation._Unsupported", "mtg_conformance.runner.fuzz_worker.TimeUp",
            "mtg_conformance.properties.triage.ShrinkingCut", "mtg_conformance.properties.triage.EngineAbort",
            "mtg_conformance.runner.core.Stop", "mtg_conformance.properties.suite._AllReached"} | OPTIONAL


def _exception_classes():
    for package in PACKAGES:
        root = importlib.import_module(package)
        for info in pkgutil.walk_packages(root.__path__, f"{package}."):
            if info.name.rpartition(".")[2].startswith("test_"):   # pytest's entry point
                continue
            try:
                module = importlib.import_module(info.name)
            except ImportError:                      # an optional engine that isn't installed
                continue
            for _, cls in inspect.getmembers(module, inspect.isclass):
                if issubclass(cls, BaseException) and cls.__module__ == module.__name__:
                    yield f"{cls.__module__}.{cls.__qualname__}", cls


CLASSES = dict(_exception_classes())


def test_every_project_error_derives_from_the_root_with_a_one_line_hint():
    errors = {name: cls for name, cls in CLASSES.items() if name not in OUTCOMES}
    assert len(errors) >= 10
    strays = [name for name, cls in errors.items() if not issubclass(cls, MtgConformanceError)]
    assert not strays, f"not under MtgConformanceError: {strays}"
    for name, cls in errors.items():
        assert cls.hint and "\n" not in cls.hint, name
        assert cls.exit_code == 2, name


def test_the_outcomes_listed_exist():
    assert OUTCOMES <= set(CLASSES) | OPTIONAL


@pytest.mark.parametrize("name", sorted(n for n in CLASSES if n not in OUTCOMES))
def test_the_cli_maps_every_error_to_its_exit_code(name, monkeypatch, capsys):
    from mtg_conformance.runner import cli
    cls = CLASSES[name]
    error = cls.__new__(cls)
    Exception.__init__(error, "it broke")

    def raise_it(args):
        raise error
    monkeypatch.setattr(cli, "cmd_rules", raise_it)
    assert cli.main(["rules"]) == cls.exit_code
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and cls.hint in err
