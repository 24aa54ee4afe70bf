"""Lands with basic land types and the effects that change a land's types or mana abilities (CR 305.6, 305.7, 613.1d/f, 613.8)."""
from __future__ import annotations

GROUPS = ()
