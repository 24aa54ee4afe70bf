"""Serves the toy engine over stdio: `python serve_toy.py`."""
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2]), str(Path(__file__).parent)]

from runner.serve import serve  # noqa: E402
from toy_engine import ToyEngine  # noqa: E402

sys.exit(serve(ToyEngine(), sys.stdin, sys.stdout))
