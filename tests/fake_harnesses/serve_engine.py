"""Serves a Python engine over stdio: `python serve_engine.py MODULE:CLASS` (e.g. toy_engine:ToyEngine)."""
import importlib
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).parent)]

from mtg_conformance.runner.serve import serve  # noqa: E402

module, _, name = sys.argv[1].partition(":")
sys.exit(serve(getattr(importlib.import_module(module), name)(), sys.stdin, sys.stdout))
