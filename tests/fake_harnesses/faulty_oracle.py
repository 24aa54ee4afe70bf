"""The oracle over stdio, misbehaving on purpose: `python faulty_oracle.py MODE [CARD]`.

It plays the oracle's rules and declares its capabilities, so every property runs against it, except
for MODE: `hang` never answers an `act`; `hang_with CARD` never answers an `act` in a game whose
scenario holds CARD (so only the properties playing CARD hang); `crash` exits on the first `act`,
saying why on stderr; `garbage` answers an `act` with a line that isn't JSON.
"""
import os
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[2])]

from mtg_conformance.adapters.oracle_adapter import OracleEngine  # noqa: E402
from mtg_conformance.runner.serve import serve  # noqa: E402


def _cards(scenario: dict) -> set:
    named = {p["card"] for p in scenario.get("battlefield", [])}
    for player in scenario.get("players", []):
        named |= set(player.get("hand", [])) | set(player.get("library", []))
    return named


class Faulty(OracleEngine):
    def __init__(self, mode: str, card: str = ""):
        super().__init__()
        self.mode, self.card, self.scenario = mode, card, {}

    def start(self, scenario):
        self.scenario = scenario
        return super().start(scenario)

    def act(self, action):
        if self.mode == "hang" or (self.mode == "hang_with" and self.card in _cards(self.scenario)):
            time.sleep(600)
        if self.mode == "crash":
            sys.stderr.write("faulty oracle: segmentation fault in act\n")
            sys.stderr.flush()
            os._exit(139)
        if self.mode == "garbage":
            sys.__stdout__.write("<html>not json</html>\n")
            sys.__stdout__.flush()
        return super().act(action)


sys.exit(serve(Faulty(*sys.argv[1:3]), sys.stdin, sys.stdout))
