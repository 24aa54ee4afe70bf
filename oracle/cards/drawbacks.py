"""Mana sources with a drawback (life paid, damage dealt; CR 119.4, 120.3, 605.3b) and creatures and artifacts whose mana abilities choose among types (106.1, 106.7)."""
from __future__ import annotations

GROUPS = ()
