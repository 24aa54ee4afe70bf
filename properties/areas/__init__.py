"""The focused properties, one module per rules area; importing this package registers them all."""
from mtg_conformance.properties.areas import (attachments, auras, characteristics, costs, curses, land_types, leaving,  # noqa: F401
                              lockstep, mana, mana_counts, mana_drawbacks, mana_triggers, phasing,
                              phasing_cards, turn, x)
