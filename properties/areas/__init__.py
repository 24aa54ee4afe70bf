"""The focused properties, one module per rules area; importing this package registers them all."""
from properties.areas import (auras, characteristics, costs, leaving, lockstep, mana,  # noqa: F401
                              phasing, turn, x)
