"""The phasing area's properties (CR 702.26, 610.3, 610.4, 611), in several modules: phasing at the
untap step (`untap_step`), while a permanent is phased out (`while_phased_out`), the phasing cards of
issue 12 (`cards`), and the building blocks they share (`shared`)."""
from mtg_conformance.properties.areas.phasing import cards, untap_step, while_phased_out  # noqa: F401
