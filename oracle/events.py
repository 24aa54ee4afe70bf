"""The event graph: which game events each rules area produces and which areas' rules read them.

Bugs live where areas meet, and areas meet through an event: a cost of one area taps a land a
"tapped for mana" trigger of another waits for; a Curse's damage leaves a player at 0 life and the
state-based actions remove them, and their Auras with them. The graph is derived from the oracle:
- **producers**: every card's registered effects, "enters with" and abilities (their costs, the mana
  they make), read through the oracle's code (`event_sources.produced_by`), under the card's area;
  the turn structure (`turn.advance`, area `turn`); the state-based actions (`sba.check`), under the
  areas whose CR sections name their rules; the harness's actions (`actions.ACTIONS`), apart;
- **readers**: every card's triggered abilities (their registered event, `TRIGGER_READS`), its
  replacement effects (`mana.REPLACEMENTS`: they read mana made by tapping, 106.12b), the statics
  and lingering effects that wait for an event (`STATIC_READS`, `EFFECT_READS`), and the
  state-based actions (`SBA_READS`).

    graph()        # {event: {"producers": {area: [sources]}, "readers": {area: [sources]}}}
"""
from __future__ import annotations

from attrs import frozen

from mtg_conformance.oracle.vocabulary import area_citing


@frozen
class Event:
    name: str
    rule: str                 # the CR rule that says what the event is
    text: str


EVENTS = {e.name: e for e in (
    Event("becomes_tapped", "701.26a", "a permanent becomes tapped (entering tapped is not it)"),
    Event("untaps", "701.26b", "a permanent untaps"),
    Event("tapped_for_mana", "106.12", "a permanent is tapped for mana"),
    Event("mana_added", "106.4", "mana is added to a player's mana pool"),
    Event("enters", "603.6a", "a permanent enters the battlefield"),
    Event("leaves_battlefield", "603.6c", "a permanent leaves the battlefield"),
    Event("phases_out", "702.26a", "a permanent phases out"),
    Event("phases_in", "702.26a", "a permanent phases in"),
    Event("player_leaves", "800.4a", "a player leaves the game"),
    Event("damage_dealt", "120.3", "damage is dealt"),
    Event("life_changed", "119.3", "a life total changes"),
    Event("step_begins", "500.1", "a step begins"),
    Event("card_drawn", "121.1", "a player draws a card"),
    Event("counter_put", "122.1", "a counter is put on a permanent"),
    Event("counter_removed", "122.1", "a counter is removed from a permanent"),
    Event("control_changes", "613.1b", "a control-changing effect begins"),
    Event("attachment_changes", "701.3", "an Aura or Equipment becomes attached or unattached"),
)}

# Registered effects that make no event of the graph happen, and why.
NO_EVENT = {
    "animate_2_2": "changes characteristics until end of turn (613): no event, read as characteristics",
    "discard_1": "a card moves from hand to graveyard: no catalog card reads discarding",
    "mill_3": "cards move from library to graveyard: no catalog card reads milling",
    "look_top_may_exile": "a card moves from library to exile: no catalog card reads it",
    "return_self_to_hand": "Rancor goes from graveyard to hand: no catalog card reads it",
    "pale_moon": "creates a replacement effect on mana (614.1a): it reads tapping for mana, makes nothing",
}

# The oracle functions that announce an event (look for its triggers, or are the event): a call to
# one produces it. Names are `<module>.<function>` under mtg_conformance.oracle.
ANNOUNCERS = {
    "triggers.became_tapped": ("becomes_tapped",),
    "triggers.tapped_for_mana": ("tapped_for_mana",),
    "triggers.entered": ("enters",),
    "triggers.left": ("leaves_battlefield",),
    "phasing.phase_out": ("phases_out",),
    "phasing.phase_in": ("phases_in",),
    "leaving.leave_game": ("player_leaves",),
    "resolve.deal_damage": ("damage_dealt",),
    "resolve.change_life": ("life_changed",),
    "triggers.step_began": ("step_begins",),
    "triggers.drew": ("card_drawn",),
    "triggers.last_time_counter_removed": ("counter_removed",),
    "state.ControlEffect": ("control_changes",),
}
# Not followed: the state-based actions are a producer of their own (CR 704.3), whichever rule made
# them due, and settling after an action runs them.
STOPS = frozenset({"sba.check", "resolve.settle", "zones._end_linked"})
# Made now, done later: an effect waiting "until ~ leaves the battlefield" (CR 610.3) makes happen,
# when its source leaves, what ending it does — that source's, not every leaving permanent's.
DEFERRED = {"state.Linked": "zones._end_linked"}

# A triggered ability's registered event (oracle/triggers.py: its meaning is the contract's name
# for it) -> the game event it waits for.
TRIGGER_READS = {"enters": "enters", "another_enters": "enters", "leaves": "leaves_battlefield",
                 "tapped_for_mana": "tapped_for_mana", "land_tapped_for_mana": "tapped_for_mana",
                 "becomes_tapped": "becomes_tapped", "phases_out": "phases_out",
                 "phases_in": "phases_in", "opponent_draws": "card_drawn", "draw_step": "step_begins",
                 "upkeep": "step_begins", "last_time_counter_removed": "counter_removed"}

# The triggers whose decision names the permanent whose event they answer (triggers.py `cause`): a
# trigger of one card on another card's event, where provenance shows two areas meeting.
NAMES_CAUSE = frozenset({"another_enters", "enchanted_tapped_for_mana", "land_tapped_for_mana",
                         "you_tap_land_for_mana", "forest_tapped_for_mana", "mountain_tapped_for_mana",
                         "basic_land_tapped_for_chosen_color", "merfolk_you_control_becomes_tapped",
                         "enchanted_player_draws"})

# Statics that wait for, change or stop an event (a static that only sets characteristics reads none).
STATIC_READS = {
    "doesnt_untap": ("untaps", "step_begins"), "may_not_untap": ("untaps", "step_begins"),
    "skip_your_draw_step": ("step_begins", "card_drawn"),
    "phasing": ("step_begins",), "enchanted_has_phasing": ("step_begins",),
    "indestructible": ("damage_dealt",),
    "protection_chosen_color": ("damage_dealt", "attachment_changes"),
    "control_enchanted": ("attachment_changes", "leaves_battlefield"),
}
# Effects that last until an event ("until ~ leaves the battlefield", CR 610.3; "for as long as",
# 611.2b; "until your next upkeep"): they read it after they resolve.
EFFECT_READS = {
    "exile_until_leaves": ("leaves_battlefield",),
    "phase_out_until_leaves_tapped": ("leaves_battlefield",),
    "untap_phase_out_creatures_until_leaves": ("leaves_battlefield",),
    "steal_while_tapped": ("untaps",),
    "cant_phase_out_until_your_upkeep": ("step_begins", "leaves_battlefield"),
    "teferis_protection": ("life_changed", "damage_dealt"),
    "draw_extra_if_untapped": ("becomes_tapped",),
}
# What each state-based action reads (CR 704.5), by its rule.
SBA_READS = {"704.5a": ("life_changed", "damage_dealt"), "704.5b": ("card_drawn",),
             "704.5f": ("counter_removed",), "704.5g": ("damage_dealt",),
             "704.5m": ("leaves_battlefield", "phases_out", "player_leaves", "control_changes",
                        "attachment_changes"),
             "704.5n": ("attachment_changes",)}


# What each state-based action does (CR 704.5), by its rule: the oracle function that does it.
SBA_PERFORMS = {"704.5a": "leaving.leave_game", "704.5b": "leaving.leave_game", "704.5f": "zones.leave",
                "704.5g": "zones.leave", "704.5m": "zones.leave"}
SBA_WRITES = {"704.5n": ("attachment_changes",)}     # 704.5n unattaches the Equipment in place

# What paying a cost (oracle/card.py `Cost`, its fields) makes happen; paying is one function for
# every cost (oracle/activation.py), so its parts are named here.
COST_PRODUCES = {"tap": ("becomes_tapped",), "untap": ("untaps",), "sacrifice_self": ("leaves_battlefield",),
                 "tap_untapped_creature": ("becomes_tapped",), "remove_counter": ("counter_removed",),
                 "counter_kind": ("counter_removed",), "life": ("life_changed",)}
# Statics carried out by a rule of the turn: the oracle function that does it.
STATIC_PRODUCES = {"phasing": "phasing.untap_step_phasing", "enchanted_has_phasing": "phasing.untap_step_phasing"}


def area_by_rule(rule: str) -> str:
    """The area citing `rule` (`vocabulary.area_citing`); else the `turn` area for 704.5b (drawing,
    121), `leaving` for 704.5a (losing: 104.3b, 800.4) and `auras` for 704.5n (Equipment)."""
    return area_citing(rule) or {"704.5a": "leaving", "704.5b": "turn", "704.5n": "auras"}.get(rule, "game")
