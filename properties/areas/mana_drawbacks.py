"""Mana abilities with a drawback: life paid, damage dealt (CR 119.4, 120.3, 605.3b)."""
from __future__ import annotations
