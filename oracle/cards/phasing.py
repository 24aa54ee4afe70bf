"""Permanents with phasing, effects that phase permanents out (single, mass, until), and abilities that trigger on phasing (CR 702.26, 610.4)."""
from __future__ import annotations

GROUPS = ()
