"""Mana that counts (a land or creature adding mana for each permanent of a kind, CR 106.1, 107.1), storage and depletion counters spent for mana (122.1), and sacrifice for mana (106.12, 605.1a)."""
from __future__ import annotations

GROUPS = ()
