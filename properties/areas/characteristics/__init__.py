"""The properties of characteristics under continuous effects (CR 613, 205.3m, 704.5f/g): an animated
Mutavault's creature types, power, toughness and lethal damage (`types_and_damage`); anthems, lords,
Auras and Equipment that change power and toughness (`modifiers`)."""
from mtg_conformance.properties.areas.characteristics import modifiers, types_and_damage  # noqa: F401
