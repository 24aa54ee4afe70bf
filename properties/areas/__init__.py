"""The focused properties, one module per rules area; importing this package registers them all."""
from properties.areas import auras, costs, leaving, lockstep, mana, phasing, turn, x  # noqa: F401
