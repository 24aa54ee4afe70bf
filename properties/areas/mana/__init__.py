"""The mana area's properties (CR 106, 614.5, 616.1): what a permanent could produce and undefined
types (`could_produce`), tapping for mana, its replacement effects and emptying pools (`tapping`),
and the building blocks both use (`shared`)."""
from mtg_conformance.properties.areas.mana import could_produce, tapping  # noqa: F401
