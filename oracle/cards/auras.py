"""Auras that enchant players (Curses), Auras and Equipment that modify creatures, and anthems (CR 303.4, 301.5, 613.4c, 704.5f/m)."""
from __future__ import annotations

GROUPS = ()
