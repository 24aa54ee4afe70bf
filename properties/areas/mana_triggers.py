"""Triggered mana abilities and mana replacement effects on tapping for mana (CR 106.12a/b, 605.1b, 605.4a, 614.5, 616.1)."""
from __future__ import annotations
