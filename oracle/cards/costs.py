"""{T} and {Q} abilities, haste and its sources, and summoning sickness (CR 107.5, 107.6, 302.6, 702.10)."""
from __future__ import annotations

GROUPS = ()
