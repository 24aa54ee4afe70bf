"""Triggered abilities triggering (CR 603): an event is matched against the abilities of phased-in
permanents (a phased-out one can't trigger, CR 702.26b), except where a trigger looks back in time
(leaving the battlefield, CR 603.10a; phasing out, 603.10b)."""
from __future__ import annotations

from attrs import define, field

from mtg_conformance.oracle.card import Triggered
from mtg_conformance.oracle.characteristics import has_creature_type, is_creature, is_land, subtypes
from mtg_conformance.oracle.provenance import mana, note, trigger
from mtg_conformance.oracle.registry import entry, register
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import Game, Permanent


@define
class Pending:
    """A triggered ability waiting to be put on the stack, with what it needs to remember."""

    source: Permanent
    ability: Triggered
    controller: int
    info: dict = field(factory=dict)


# The catalog's trigger events: the rule that makes each trigger, the contract's name for it in the
# observation's `triggered` (docs/contract.md#observation), and its wording. The functions below
# detect them.
for _name, _rule, _contract, _text in (
        ("enters", "603.6a", "enters", "When this enters"),
        ("another_enters", "603.6a", "another_enters", "Whenever another creature enters"),
        ("leaves", "603.6c", "leaves", "When this leaves the battlefield"),
        ("dies", "603.6c", "leaves", "When this dies"),
        ("enchanted_tapped_for_mana", "605.1b", "tapped_for_mana",
         "Whenever enchanted land is tapped for mana"),
        ("land_tapped_for_mana", "106.12a", "land_tapped_for_mana", "Whenever a player taps a land for mana"),
        ("merfolk_you_control_becomes_tapped", "603.2e", "becomes_tapped",
         "Whenever a Merfolk you control becomes tapped"),
        ("phases_out", "603.10b", "phases_out", "When this phases out"),
        ("phases_in", "603.2", "phases_in", "When this phases in"),
        ("enchanted_player_draws", "603.2c", "opponent_draws", "Whenever enchanted player draws a card"),
        ("each_draw_step", "603.4", "draw_step", "At the beginning of each player's draw step"),
        ("your_upkeep", "603.2", "upkeep", "At the beginning of your upkeep"),
        ("enchanted_player_upkeep", "603.2", "upkeep", "At the beginning of enchanted player's upkeep"),
        ("put_into_graveyard_from_battlefield", "603.6c", "leaves",
         "When this is put into a graveyard from the battlefield"),
        ("last_time_counter_removed", "603.2", "last_time_counter_removed",
         "When the last time counter is removed from this"),
        ("you_tap_land_for_mana", "605.1b", "land_tapped_for_mana", "Whenever you tap a land for mana"),
        ("forest_tapped_for_mana", "106.12a", "land_tapped_for_mana", "Whenever a Forest is tapped for mana"),
        ("mountain_tapped_for_mana", "106.12a", "land_tapped_for_mana",
         "Whenever a Mountain is tapped for mana"),
        ("basic_land_tapped_for_chosen_color", "106.12a", "land_tapped_for_mana",
         "Whenever a basic land is tapped for mana of the chosen colour"),
        ("becomes_tapped", "603.2e", "becomes_tapped", "Whenever this becomes tapped")):
    register("event", _name, _rule, _contract, text=_text)


def _record(game: Game, source: Permanent, ability: Triggered, controller: int,
            cause: Permanent | None = None, reads: tuple = (), key: str = "", **info) -> Pending:
    """Put `source`'s triggered `ability` in the observation and, unless it is a mana ability,
    among those waiting for the stack; `cause` is another permanent whose event it answers, `reads`
    the observed fields that show the event (a player's hand, for a card drawn), `key` what the
    decision that it triggers decided."""
    sid = source.id if not source.id.startswith("#") else "token"
    event = entry("event", ability.event)
    game.triggered.append([sid, event.meaning])
    note(game, event.rule, f"{source.id}'s \"{ability.event}\" ability triggers", (sid,),
         (trigger(event.meaning, sid),), (cause.id,) if cause else (), key=key, fires=True, reads=reads)
    pending = Pending(source, ability, controller, info)
    if not ability.mana:
        game.pending.append(pending)
    return pending


def _abilities(p: Permanent, event: str):
    return [a for a in p.card.triggered if a.event == event]


def triggering(game: Game) -> tuple:
    """The phased-in permanents with triggered abilities (CR 702.26b), in battlefield order."""
    return game.those("triggered abilities", lambda card: card.triggered)


@seam
def entered(game: Game, p: Permanent) -> None:
    """CR 603.6a: enters triggers of the object and of everything on the battlefield after it."""
    for a in _abilities(p, "enters"):
        _record(game, p, a, p.controller, x=p.spell_x)
    if is_creature(p):
        for w in triggering(game):
            for a in _abilities(w, "another_enters"):
                if w.id != p.id:
                    _record(game, w, a, w.controller, cause=p)


@seam
def left(game: Game, p: Permanent, destination: str, last_counters: dict) -> None:
    """CR 603.10a: leaves-the-battlefield abilities look back, so the object's own ability triggers."""
    for a in _abilities(p, "leaves"):
        _record(game, p, a, p.controller)
        _looked_back(game, p, "")
    if destination == "graveyard" and went_to_graveyard_triggers(p):
        for a in _abilities(p, "put_into_graveyard_from_battlefield"):
            _record(game, p, a, p.controller)
            _looked_back(game, p, "")
    if destination == "graveyard" and is_creature(p):
        for a in _abilities(p, "dies"):
            _record(game, p, a, p.controller, counters=last_counters.get("+1/+1", 0))
            _looked_back(game, p, f", with the {last_counters.get('+1/+1', 0)} +1/+1 counters it had")


@seam
def went_to_graveyard_triggers(p: Permanent) -> bool:
    """CR 603.6c, 603.10a: "when this is put into a graveyard from the battlefield" (Rancor) triggers
    for any permanent put there — an Aura too, not only a creature that dies."""
    return True


def _looked_back(game: Game, p: Permanent, had: str) -> None:
    """CR 603.10a: recorded after the trigger's own decision (603.6c), which a difference in that
    trigger is blamed on; this one says why an object no longer there still triggers."""
    note(game, "603.10a", f"{p.id} has left the battlefield, but its leaves-the-battlefield ability "
         f"looks back at the object as it last existed there{had} -> it triggers", (p.id,),
         (trigger("leaves", p.id),), fires=True)


def became_tapped(game: Game, p: Permanent) -> None:
    """CR 603.2e: only a change from untapped to tapped; phasing in tapped is not one. "Merfolk"
    is judged with continuous effects applied: an animated Mutavault is one (CR 205.3m)."""
    tapped_itself(game, p)
    if is_creature(p) and has_creature_type(p, "Merfolk"):
        if "Merfolk" not in p.card.subtypes:
            note(game, "205.3m", f"{p.id} has all creature types by an effect -> it is a Merfolk: "
                 "\"a Merfolk you control becomes tapped\" abilities trigger",
                 (p.id,), (trigger("becomes_tapped"), f"players[{p.controller}].life"),
                 key="is-a-merfolk", fires=True)
        for judge in triggering(game):
            for a in _abilities(judge, "merfolk_you_control_becomes_tapped"):
                if judge.controller == p.controller:
                    _record(game, judge, a, judge.controller, cause=p)


@seam
def tapped_itself(game: Game, p: Permanent) -> None:
    """CR 603.2e: City of Brass's "whenever this becomes tapped" triggers on any change from untapped
    to tapped — for mana, by an effect, attacking — not only on tapping it for mana."""
    for a in _abilities(p, "becomes_tapped"):
        _record(game, p, a, p.controller, amount=a.amount)


@seam
def last_time_counter_removed(game: Game, p: Permanent) -> None:
    """CR 702.63a: vanishing's second ability, "when the last time counter is removed from this
    permanent, sacrifice it", triggers on its own, apart from the upkeep trigger that removed it."""
    for a in _abilities(p, "last_time_counter_removed"):
        note(game, "702.63a", f"the last time counter was removed from {p.id} -> its sacrifice "
             "ability triggers on its own", (p.id,),
             (trigger("last_time_counter_removed", p.id), f"permanents.{p.id}.zone"),
             key="sacrifice-trigger", fires=True)
        _record(game, p, a, p.controller)


def phased(game: Game, p: Permanent, event: str) -> None:
    """Teferi's Imp: "phases out" looks back (CR 603.10b); "phases in" sees it phased in."""
    for a in _abilities(p, event):
        _record(game, p, a, p.controller)


# What each "tapped for mana" event asks of the permanent `land` tapped for mana by `activator`,
# which produced mana of type `produced` (after replacement effects, CR 106.12b), as seen by the
# trigger's `source` (CR 106.12a).
TAPPED_FOR_MANA = {
    "enchanted_tapped_for_mana": lambda game, source, land, activator, produced:
        source.attached_to == ("permanent", land.id),
    "land_tapped_for_mana": lambda game, source, land, activator, produced: is_land(land),
    "you_tap_land_for_mana": lambda game, source, land, activator, produced:
        is_land(land) and activator == source.controller,
    "forest_tapped_for_mana": lambda game, source, land, activator, produced:
        is_land(land) and "Forest" in subtypes(game, land),
    "mountain_tapped_for_mana": lambda game, source, land, activator, produced:
        is_land(land) and "Mountain" in subtypes(game, land),
    "basic_land_tapped_for_chosen_color": lambda game, source, land, activator, produced:
        is_land(land) and land.card.basic and produced == source.chosen_color,
}


# What the decisions whether a "tapped for mana" trigger answers decide: one thing, whether the
# permanent tapped is what it waits for (its kind, controller, mana), so an engine that reads that
# wrongly departs from them whether it fires where they don't or the other way round.
ANSWERS = "answers-tapped-for-mana"


def tapped_for_mana(game: Game, p: Permanent, activator: int, produced: str | None = None,
                    replaced_by: tuple = (), made: tuple = ()) -> list[Pending]:
    """CR 106.12a: call only when a {T} mana ability of `p` resolved and produced mana (of type
    `produced`, after the replacement effects of `replaced_by` modified the types it `made`: 106.12b). The Auras on `p` trigger first, then the other
    permanents in battlefield order. Returns the triggered mana abilities (605.1b), which resolve at
    once (605.4a); others wait for the stack."""
    mana = []
    for source, a in _waiting_for_tapping(game, p):
        if answers(game, source, a.event, p, activator, produced):
            pending = _record(game, source, a, source.controller, cause=p, key=ANSWERS, land=p.id,
                              player=activator, produced=produced, replaced_by=replaced_by, made=made)
            mana += [pending] if a.mana else []
        elif a.event != "enchanted_tapped_for_mana":
            event = entry("event", a.event)
            note(game, event.rule, f"{p.id} tapped for {{{produced}}} is not what "
                 f"{source.id}'s \"{a.event}\" ability waits for -> no trigger", (source.id,),
                 (trigger(event.meaning, source.id), *_not_added(source, a, (activator, p.controller), produced)),
                 (p.id, *replaced_by), key=ANSWERS)
    return mana


def mana_triggers_answering(game: Game, p: Permanent, activator: int, produced: str | None) -> tuple | None:
    """CR 106.12a, 605.1b: the triggered mana abilities, (source id, event), that `p` tapped for mana of
    type `produced` by `activator` would trigger (none if it produced no mana); None if one of them adds
    mana of the type produced, so that what they add depends on it."""
    if produced is None:
        return ()
    found = []
    for source, a in _waiting_for_tapping(game, p):
        if a.mana and answers(game, source, a.event, p, activator, produced):
            if entry("effect", a.effect).adds == "produced":
                return None
            found.append((source.id, a.event))
    return tuple(found)


def _waiting_for_tapping(game: Game, p: Permanent) -> list:
    """(source, ability) of each "tapped for mana" triggered ability on the battlefield, in the order
    they trigger when `p` is tapped for mana: the Auras on `p` first, then the other permanents in
    battlefield order."""
    auras_first = sorted(triggering(game), key=lambda s: s.attached_to != ("permanent", p.id))
    return [(source, a) for source in auras_first for a in source.card.triggered if a.event in TAPPED_FOR_MANA]


def _not_added(source: Permanent, ability: Triggered, seats: tuple, produced: str | None) -> tuple:
    """The pool fields of `seats` that a triggered mana ability which doesn't trigger leaves alone:
    the mana it would have added is not there (an engine adding it departed from that decision)."""
    kind = entry("effect", ability.effect).adds if ability.mana else None
    added = {"chosen": source.chosen_color, "produced": produced}.get(kind, kind)
    return tuple(dict.fromkeys(mana(seat, added) for seat in seats)) if added else ()


@seam
def answers(game: Game, source: Permanent, event: str, land: Permanent, activator: int,
            produced: str | None) -> bool:
    """CR 106.12a: does `land`, tapped for mana by `activator` and producing `produced`, meet what
    `source`'s "tapped for mana" `event` asks (whose land, of what type, for which colour)?"""
    return TAPPED_FOR_MANA[event](game, source, land, activator, produced)


@seam
def drew(game: Game, seat: int, by: Permanent | None = None) -> None:
    """CR 603.2c: one trigger per card drawn (Psychic Possession); `by` made the player draw."""
    for aura in triggering(game):
        for a in _abilities(aura, "enchanted_player_draws"):
            if aura.attached_to == ("player", seat):
                _record(game, aura, a, aura.controller, cause=by, reads=(f"players[{seat}].hand",))


def step_began(game: Game, step: str) -> None:
    """Beginning-of-step triggers: "your upkeep" and "each player's draw step" (Howling Mine's
    intervening "if untapped" is checked here and on resolution, CR 603.4)."""
    for p in triggering(game):
        for a in p.card.triggered:
            if a.event == "your_upkeep" and step == "upkeep" and p.controller == game.active:
                if a.effect != "remove_time_counter" or p.counters.get("time", 0) > 0:
                    _record(game, p, a, p.controller)
            if a.event == "each_draw_step" and step == "draw" and not p.tapped:
                _record(game, p, a, p.controller, player=game.active)
            if a.event == "enchanted_player_upkeep" and step == "upkeep":
                _enchanted_player_upkeep(game, p, a)


def _enchanted_player_upkeep(game: Game, aura: Permanent, ability: Triggered) -> None:
    """CR 603.2, 303.4e: a Curse's upkeep trigger waits for the upkeep of the player it enchants,
    whoever controls it; the decision concerns that player's life (what its effects change)."""
    enchanted = aura.attached_to[1] if aura.attached_to else None
    if enchants_active_player(game, aura):
        note(game, "303.4e", f"{aura.id} enchants player {enchanted}, whose upkeep this is -> its "
             f"ability triggers, for that player (its controller is player {aura.controller})",
             (aura.id,), (trigger("upkeep", aura.id), f"players[{enchanted}].life",
                          f"players[{aura.controller}].life"), key="enchanted-players-upkeep", fires=True)
        _record(game, aura, ability, aura.controller, player=game.active)
    else:
        note(game, "303.4e", f"{aura.id} enchants player {enchanted}, and this is player {game.active}'s "
             f"upkeep -> no trigger (its controller is player {aura.controller})", (aura.id,),
             (trigger("upkeep", aura.id), f"players[{game.active}].life"), key="enchanted-players-upkeep")


@seam
def enchants_active_player(game: Game, aura: Permanent) -> bool:
    """CR 603.2, 303.4: "at the beginning of enchanted player's upkeep" triggers in the upkeep of the
    player the Aura is attached to — not its controller's (303.4e: the two may differ)."""
    return aura.attached_to == ("player", game.active)
