"""The properties of Auras, Curses and Equipment (CR 303.4, 701.3, 702.5, 704.5m): Auras that
enchant a player (`players`), moving an Aura or Equipment (`attachments`), Curses (`curses`)."""
from mtg_conformance.properties.areas.auras import attachments, curses, players  # noqa: F401
