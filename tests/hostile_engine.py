"""A test engine for certificates: the oracle's rules, an identity full of markup, basic lands only."""
from __future__ import annotations

from mtg_conformance.adapters.oracle_adapter import OracleEngine

HOSTILE = {"name": "<script>alert('name')</script>", "version": '1.0"><img src=x onerror=alert(1)>',
           "homepage": "javascript:alert('homepage')", "issues": "https://example.org/issues?a=1&b=<2>",
           "cr_edition": "<b>2026</b>"}


class HostileEngine(OracleEngine):
    """Plays like the oracle but only supports basic lands, so card-hungry properties are unsupported."""

    def identity(self) -> dict:
        return dict(HOSTILE)

    def capabilities(self) -> dict:
        return {**super().capabilities(), "cards": ["Plains", "Island", "Swamp", "Mountain", "Forest"]}
