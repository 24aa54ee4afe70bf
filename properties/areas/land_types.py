"""Land types and the effects that change them, and what lands could produce then (CR 305.6, 305.7, 613.1d, 613.8, 106.7)."""
from __future__ import annotations
