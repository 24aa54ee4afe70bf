"""Spells and permanents with X, abilities with X in their costs, and copies of them (CR 107.3, 107.3m, 707.10)."""
from __future__ import annotations

GROUPS = ()
