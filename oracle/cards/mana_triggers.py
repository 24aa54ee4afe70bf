""""Whenever a land is tapped for mana" triggered mana abilities and mana replacement effects, with the choices they force (CR 106.12a/b, 605.1b, 605.4a, 614.5, 616.1)."""
from __future__ import annotations

GROUPS = ()
