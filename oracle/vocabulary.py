"""The contract's vocabulary, defined once: every other place (the JSON Schemas in adapters/schemas,
docs/contract.md, the strategies, the adapters) uses or is checked against these names
(tests/test_vocabulary.py). And the suite's own: the rules areas every layer is split by (`AREAS`,
tests/test_areas.py)."""
from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

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
# Optional parts of the observation an engine declares it reports (capabilities `observes`).
OBSERVES = ("triggered", "counters", "tokens", "power_toughness", "damage")
# The fields each part covers: the observation's `triggered`, each player's `tokens`, and each
# permanent's `counters`, `power` and `toughness`, and marked `damage`.
OBSERVED_FIELDS = {"triggered": ("triggered",), "counters": ("counters",), "tokens": ("tokens",),
                   "power_toughness": ("power", "toughness"), "damage": ("damage",)}


def off_battlefield(zone: str) -> dict:
    """How an object off the battlefield is observed, every field of a permanent, optional ones too:
    only its zone means anything (docs/contract.md#observation). A copy of `_OFF_BATTLEFIELD`, its
    own `counters`: copying a dict costs a fifth of building it."""
    observed = _OFF_BATTLEFIELD.copy()
    observed["zone"], observed["counters"] = zone, {}
    return observed


_OFF_BATTLEFIELD = {"zone": None, "phased_out": False, "controller": None, "tapped": False, "power": None,
                    "toughness": None, "damage": 0, "counters": None, "attached_to": None}


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


class Area(NamedTuple):
    """A rules area: the second axis of the house. Every layer names its areas from this list: the
    cards (oracle/cards/<name>.py), their effects (oracle/effects/<name>.py), the mutants
    (adapters/mutants/<name>.py), the properties (properties/areas/<name>) and the oracle's tests
    (tests/oracle/test_oracle_<name>[_<topic>].py); tests/test_areas.py holds them to it."""

    name: str
    description: str
    rules: tuple[str, ...]          # the CR sections it is about


AREAS = (
    Area("mana", "mana types, what a permanent could produce, tapping for mana, mana pools, and "
         "replacement effects on mana", ("106", "614.5", "616.1")),
    Area("mana_drawbacks", "mana with a drawback or a choice: life paid, damage dealt, one type of "
         "several", ("605.3b", "119.4", "106.1")),
    Area("mana_counts", "mana that counts: \"for each\", storage and depletion counters, several mana "
         "from one source", ("107.1", "122.1", "701.21a")),
    Area("mana_triggers", "triggers on tapping for mana, and replacement effects that multiply mana",
         ("605.4a", "614.1a")),
    Area("land_types", "land types, the mana abilities they give, and effects that change them",
         ("305.6", "305.7", "613.1d", "613.1f")),
    Area("costs", "{T} and {Q} costs, summoning sickness and haste", ("107.5", "107.6", "302.6", "702.10")),
    Area("x", "X in costs, and what enters with X counters", ("107.3",)),
    Area("phasing", "phasing, and effects that last \"until\" or \"for as long as\"",
         ("702.26", "610.4", "611")),
    Area("auras", "Auras, Curses and Equipment: what they may enchant or equip, attaching them, and "
         "what falls off", ("303.4", "702.5", "704.5m", "701.3")),
    Area("characteristics", "power and toughness under continuous effects, damage and lethal damage, "
         "creature types", ("613.4c", "120", "704.5f", "704.5g", "205.3m")),
    Area("leaving", "a player leaving the game, and what leaves with them", ("800.4", "104.2a")),
    Area("turn", "steps and turns, drawing cards, and skipping a step",
         tuple(str(section) for section in range(500, 515)) + ("121", "614.10")),
    Area("game", "the whole game: random programs over every card and action (LOCKSTEP-001); no "
         "cards of its own", ()),
)
AREA_NAMES = tuple(area.name for area in AREAS)


def area_citing(rule: str) -> str | None:
    """The area of AREAS whose CR sections hold `rule` most closely (702.26d is phasing's 702.26,
    106.1a mana_drawbacks' 106.1 rather than mana's 106); None if no area cites it."""
    cited = [(len(section), -i, area.name) for i, area in enumerate(AREAS) for section in area.rules
             if rule == section or (rule.startswith(section) and not rule[len(section)].isdigit())]
    return max(cited)[2] if cited else None
