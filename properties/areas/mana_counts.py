"""Mana that counts permanents or counters, and mana from sacrifice (CR 106.1, 107.1, 122.1, 605.1a)."""
from __future__ import annotations
