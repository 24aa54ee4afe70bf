"""Test engines with the oracle's rules that declare only part of the contract, as a small engine
would: the listings (`cards --engine`, `properties --engine`) and `run` must agree on them."""
from __future__ import annotations

from mtg_conformance.adapters.oracle_adapter import OracleEngine

BASICS = ["Forest", "Island", "Mountain", "Plains", "Swamp"]


class ElvesEngine(OracleEngine):
    """Basic lands and Llanowar Elves; tapping for mana, `advance` and `tap`; no trigger log."""

    CARDS = BASICS + ["Llanowar Elves"]

    def capabilities(self) -> dict:
        return {**super().capabilities(), "cards": self.CARDS, "actions": ["activate_mana", "advance", "tap"],
                "observes": ["counters", "tokens", "power_toughness", "damage"]}


class ElvesAndArchdruidEngine(ElvesEngine):
    """ElvesEngine declaring one card more."""

    CARDS = ElvesEngine.CARDS + ["Elvish Archdruid"]


class MisdeclaringEngine(OracleEngine):
    """Capabilities off the contract: `cards` is not a list."""

    def capabilities(self) -> dict:
        return {**super().capabilities(), "cards": "Forest"}


class BrokenEngine(OracleEngine):
    """An engine that fails to start."""

    def __init__(self):
        raise RuntimeError("no licence file")
