"""The contract's vocabulary, defined once: every other place (the JSON Schemas in adapters/schemas,
docs/contract.md, the strategies, the adapters) uses or is checked against these names
(tests/test_vocabulary.py)."""
from __future__ import annotations

from enum import StrEnum

CR_EDITION = "2026-09-25"                   # the Comprehensive Rules the oracle implements

COLORS = ("W", "U", "B", "R", "G")          # CR 105.1
MANA_TYPES = COLORS + ("C",)                # CR 106.1b: five colours plus colorless

STEPS = ("untap", "upkeep", "draw", "main1", "combat", "main2", "end", "cleanup")   # CR 500.1
SCENARIO_STEPS = STEPS[1:-1]                # where a scenario starts and `advance` may go

ACTION_TYPES = ("activate_mana", "activate", "cast", "put_onto_battlefield", "phase_out",
                "change_control", "put_into_graveyard", "tap", "attack", "advance", "concede",
                "check_sba", "deal_damage", "attach")

# Why an action is rejected: the observation's `rejected` reason classes.
REASONS = ("tapped", "untapped", "summoning_sick", "phased_out", "not_controller", "no_such_object",
           "illegal_target", "illegal_choice", "illegal_attachment", "timing", "not_in_hand",
           "not_in_game", "game_over")

# The observation's names for trigger events (oracle.triggers maps the catalog's events onto them).
TRIGGER_EVENTS = ("enters", "another_enters", "leaves", "tapped_for_mana", "land_tapped_for_mana",
                  "becomes_tapped", "phases_out", "phases_in", "opponent_draws", "draw_step", "upkeep",
                  "last_time_counter_removed")

ZONES = ("battlefield", "graveyard", "exile", "hand", "library", "left_game", "none")
# Optional parts of the observation an engine declares it reports (capabilities `observes`):
# `power_toughness` is each permanent's `power` and `toughness`, `damage` its marked damage.
OBSERVES = ("triggered", "counters", "tokens", "power_toughness", "damage")


class Verdict(StrEnum):
    """A verdict of a property (pass, fail, unsupported, error) or of a CR rule (those, and
    not_exercised): the words of every report, baseline, matrix and progress line."""

    PASS = "pass"
    FAIL = "fail"
    NOT_EXERCISED = "not_exercised"
    UNSUPPORTED = "unsupported"
    ERROR = "error"


PROPERTY_VERDICTS = (Verdict.PASS, Verdict.FAIL, Verdict.UNSUPPORTED, Verdict.ERROR)
RULE_VERDICTS = (Verdict.PASS, Verdict.FAIL, Verdict.NOT_EXERCISED, Verdict.UNSUPPORTED, Verdict.ERROR)


class Replayed(StrEnum):
    """What replaying a saved vector on an engine says (`mtg-conformance replay`)."""

    FIXED = "FIXED"
    STILL_FAILING = "STILL FAILING"
    ERROR = "ERROR"
