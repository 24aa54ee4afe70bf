"""The focused properties, one module per rules area; importing this package registers them all."""
from properties.areas import (attachments, auras, characteristics, costs, leaving, lockstep,  # noqa: F401
                              mana, phasing, turn, x)
