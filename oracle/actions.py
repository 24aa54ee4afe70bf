"""The contract's actions (docs/contract.md), each checked for legality before anything changes."""
from __future__ import annotations

from mtg_conformance.oracle import land_types, leaving, phasing, resolve, triggers, turn, zones
from mtg_conformance.oracle.catalog import card
from mtg_conformance.oracle.characteristics import (activated_abilities, is_creature, mana_abilities, protected_from,
                                    record_power_toughness, statics)
from mtg_conformance.oracle.costs import (check_can_activate, check_cost, check_counters_to_remove, check_life_payment,
                          check_summoning_sickness, pay_life, remove_counters)
from mtg_conformance.oracle.errors import Rejected
from mtg_conformance.oracle.mana import (applicable_replacements, apply_to_event, choosable_types, counted,
                         is_tapped_for_mana, produced_amount, read_by)
from mtg_conformance.oracle.provenance import mana, note, rejection, trigger
from mtg_conformance.oracle.sba import aura_is_legal, equipment_is_legal
from mtg_conformance.oracle.registry import meaning, static
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import ControlEffect, Game, Permanent, empty_pool
from mtg_conformance.oracle.targets import target_is_legal
from mtg_conformance.oracle.vocabulary import COLORS, SCENARIO_STEPS

# The triggers of a permanent being tapped for mana (CR 106.12a), whichever permanent's they are.
TAPPED_FOR_MANA = (trigger("tapped_for_mana"), trigger("land_tapped_for_mana"))

FLASH = static("flash", rule="702.8a", text="Flash.")            # Guardian of Faith, Dictate of Karametra
VIGILANCE = static("vigilance", rule="702.20b", text="Vigilance.")                # Guardian of Faith
YOUR_VIGILANCE = static("your_creatures_vigilance", rule="702.20b",               # Mirari's Wake
                        text="Creatures you control have vigilance.")
CANT_ATTACK = static("enchanted_cant_attack", rule="508.1c",      # Pacifism
                     text="Enchanted creature can't attack.")


def _target(raw) -> tuple | None:
    if isinstance(raw, dict) and len(raw) == 1:
        (kind, ref), = raw.items()
        return kind, ref
    return None


def _permanent(game: Game, pid) -> Permanent:
    p = game.permanents.get(pid)
    if p is None or p.zone != "battlefield":
        raise Rejected("no_such_object", "400.1", f"no permanent {pid!r} on the battlefield")
    return p


def _seat(game: Game, seat) -> int:
    """CR 102.1: the players are the game's seats; an action naming any other seat names nothing."""
    if not isinstance(seat, int) or not 0 <= seat < len(game.players):
        raise Rejected("no_such_object", "102.1", f"no player {seat!r}")
    return seat


def _player(game: Game, seat) -> int:
    """A seat still in the game (CR 102.1, 800.4a)."""
    seat = _seat(game, seat)
    if not game.players[seat].in_game:
        raise Rejected("not_in_game", "800.4a", f"player {seat} has left the game")
    return seat


def _index(abilities: tuple, index) -> object:
    if not isinstance(index, int) or not 0 <= index < len(abilities):
        raise Rejected("illegal_choice", "602.1", f"no ability {index!r}")
    return abilities[index]


def _failures(*checks) -> list:
    """The rejections raised by `checks`, each run in turn."""
    found = []
    for check in checks:
        try:
            check()
        except Rejected as why:
            found.append(why)
    return found


def _reject(game: Game, found: list) -> None:
    """Raise the first rejection found, naming every other reason class that applies as well
    (docs/contract.md: when several reasons apply, any of them is accepted); each is recorded."""
    for why in found:
        rejection(game, why)
    if found:
        first = found[0]
        also = [r for why in found for r in (why.reason, *why.also) if r != first.reason]
        raise Rejected(first.reason, first.rule, first.detail, tuple(dict.fromkeys(also)))


def _activation(game: Game, a: dict, kind: str):
    """The permanent, ability and activator of an activation, and the rejections that apply to who
    activates it and to its cost (a phased-out, tapped creature is both `phased_out` and `tapped`)."""
    p = _permanent(game, a.get("permanent"))
    land_types.explain(game, p, a.get("player", p.controller))
    abilities = mana_abilities(game, p) if kind == "mana_abilities" else activated_abilities(game, p)
    ability = _index(abilities, a.get("ability", 0))
    activator = _seat(game, a["player"]) if "player" in a else p.controller
    problems = _failures(lambda: check_can_activate(game, p, activator),
                         lambda: check_cost(game, p, ability.cost),
                         lambda: check_life_payment(game, activator, ability.cost))
    return p, ability, activator, problems


@seam
def activate_mana(game: Game, a: dict) -> None:
    """CR 605: activate a mana ability; it resolves at once, with its triggered mana abilities."""
    p, ability, activator, problems = _activation(game, a, "mana_abilities")
    helper = None
    if ability.cost.tap_untapped_creature:           # Springleaf Drum: sickness doesn't matter
        helper = game.permanents.get(a.get("tap"))
        if (helper is None or not helper.phased_in or helper.controller != activator
                or not is_creature(helper) or helper.tapped or helper is p):
            problems.append(Rejected("illegal_choice", "106.12",
                                     "the cost needs an untapped creature you control"))
    problems += _failures(lambda: check_counters_to_remove(game, p, ability.cost, a.get("x", 0)))
    options = choosable_types(game, p, ability)
    if ability.colors_only:                          # CR 106.1a: five colours; colourless is a type
        note(game, "106.1a", f"{p.id}'s ability adds a colour, and colourless is not one -> {{C}} is "
             "never among its choices", (p.id,))
    color = options and ability.types[0] if ability.produces == "fixed" else a.get("color")
    if ability.produces == "fixed" and "color" in a and a["color"] not in ability.types:
        note(game, "608.2d", f"{p.id}'s ability adds {_symbols(ability.types)} and offers no choice of "
             f"type -> {a['color']} asked for changes nothing", (p.id,), ("rejected.illegal_choice",))
    if options and color not in options:
        rule = "106.1" if ability.produces == "one_of" else "106.7"
        problems.append(Rejected("illegal_choice", rule, f"{color!r} is not one of {sorted(options)}"))
    elif not options:
        note(game, "106.5", f"{p.id}'s ability defines no mana type -> no colour to choose, no mana "
             "added", (p.id, activator), (mana(activator), "rejected.illegal_choice"),
             read_by(game, p, ability))
    effects = applicable_replacements(game, p, ability, activator)
    replacing = tuple(eid for eid, _ in effects)
    order = _replacement_order(game, effects, a.get("order"))
    chose = options and ability.produces in ("could_produce", "permanent_color")
    if chose and color in options:       # replacements or a counter condition, if any, decide the mana
        read = read_by(game, p, ability)
        decided_later = order or ability.amount_if_counter
        decides = ("rejected.illegal_choice",) + (() if decided_later else (mana(activator, color),))
        note(game, "106.7", f"{p.id} could produce {''.join(sorted(options))} -> {color} may be chosen",
             (p.id, activator), decides, (*read, *land_types.changed_by(game, read), *replacing))
    _reject(game, problems)
    # Costs are paid (CR 602.2b), then the ability resolves (605.3b).
    _pay(game, ability.cost, p, helper)
    removed = remove_counters(game, p, ability.cost, a.get("x", 0))
    if ability.cost.sacrifice_self:
        zones.leave(game, p, "graveyard")
    amount = produced_amount(game, p, ability, removed) if options else 0
    if ability.per or ability.cost.counters_x:
        made_types = ability.types if ability.produces == "fixed" else (color,)
        _counted(game, p, ability, activator, amount, made_types)
    if not amount:
        note(game, "605.2", f"{p.id}'s ability adds no mana but is still a mana ability -> it "
             "resolved at once, its costs paid", (p.id,), (f"permanents.{p.id}.tapped",))
        if is_tapped_for_mana(ability):               # CR 106.5, 107.1: no mana
            note(game, "106.12a", f"{p.id} produced no mana, so it wasn't tapped for mana -> no "
                 "\"tapped for mana\" trigger", (p.id,), (*TAPPED_FOR_MANA, mana(p.controller, "G")),
                 key="no-mana-no-trigger")
        return
    if ability.amount_if_counter:
        _counter_condition(game, p, amount, color)
    made = produced_bundle(ability, color, amount)
    if len(ability.types) > 1:                        # a Signet's {W}{U}
        note(game, "106.1", f"{p.id}'s ability adds {_amounts(made)} in one production event",
             (p.id, activator), tuple(mana(activator, t) for t in made))
    result = apply_to_event(order, made)
    for mana_type, n in result.items():
        game.players[activator].pool[mana_type] += n
    fields = tuple(mana(activator, t) for t in result)
    if order:
        note(game, "614.5", f"{', '.join(order)} each applied once to {_amounts(made)} -> "
             f"{_amounts(result)}", (p.id, activator), fields, replacing)
        note(game, "106.12b", f"{p.id} was tapped for mana -> the effects replacing that mana "
             f"applied: {', '.join(order)}", (p.id, activator), fields, replacing)
    elif not is_tapped_for_mana(ability):
        note(game, "106.12", f"{p.id}'s ability has no {{T}} in its cost, so it isn't tapped for mana "
             f"-> no replacement or trigger, {_amounts(made)} added", (p.id, activator),
             fields + TAPPED_FOR_MANA, key="not-tapped-for-mana")
    elif ability.produces == "one_of":
        note(game, "106.1", f"{p.id}'s ability adds one of {''.join(ability.types)} -> {color}, as asked, "
             f"{amount} added", (p.id, activator), fields + ("rejected.illegal_choice",))
    elif not chose:                                   # else the 106.7 decision above decided it
        note(game, "605.3b", f"{p.id}'s mana ability resolves -> {_amounts(made)} added",
             (p.id, activator), fields)
    if ability.drawback:
        mana_drawback(game, p, ability, activator, a)
    # CR 106.12a: what it was tapped for; a land's production event makes one type (106.1)
    extras = (triggers.tapped_for_mana(game, p, activator, next(iter(result)), replacing)
              if is_tapped_for_mana(ability) else [])
    if ability.then:                                  # the rest of its effect (a depletion land's)
        meaning("effect", ability.then)(resolve.Use(game, p, activator, decisions=a))
    for extra in extras:                              # CR 605.4a
        _resolve_triggered_mana_ability(game, extra, a)


def _resolve_triggered_mana_ability(game: Game, extra, a: dict) -> None:
    """CR 605.4a: a triggered mana ability resolves at once; the mana it added is recorded against
    the pools it went to."""
    before = [dict(player.pool) for player in game.players]
    resolve.resolve_trigger(game, extra, a)
    added = {(seat, t): player.pool[t] - before[seat][t] for seat, player in enumerate(game.players)
             for t in player.pool if player.pool[t] != before[seat][t]}
    what = ", ".join(f"{n} {{{t}}} to player {seat}" for (seat, t), n in added.items()) or "no mana"
    note(game, "605.4a", f"{extra.source.id}'s triggered mana ability resolves at once -> {what} added",
         (extra.source.id, *dict.fromkeys(seat for seat, _ in added)),
         tuple(mana(seat, t) for seat, t in added) or (mana(extra.source.controller),))


def _symbols(mana_types) -> str:
    return "".join(f"{{{t}}}" for t in mana_types)


def _amounts(produced: dict) -> str:
    return ", ".join(f"{n} {t}" for t, n in produced.items())


@seam
def produced_bundle(ability, color: str, amount: int) -> dict:
    """CR 106.1: one production event, {type: amount}: every type a fixed ability names (a Signet's
    {W}{U} adds both), else the one type chosen."""
    if ability.produces == "fixed":
        return dict.fromkeys(ability.types, amount)
    return {color: amount}


def _counted(game: Game, p: Permanent, ability, activator: int, amount: int, mana_types) -> None:
    """Record how much a "for each" ability adds (CR 107.1), naming what it counted; or a storage
    land's, one for each counter its cost removed (122.1)."""
    fields = tuple(mana(activator, t) for t in mana_types if t)
    if ability.per:
        things = [q.id for q in counted(game, p, ability)]
        note(game, "107.1", f"{p.id}'s ability counts {len(things)} as it resolves -> {amount} of each "
             "type it adds", (p.id, activator), fields, things)
    else:
        note(game, "122.1", f"{p.id}'s ability adds one mana for each {ability.cost.counter_kind} counter "
             f"its cost removed -> {amount} of each type it adds", (p.id, activator), fields)


def _counter_condition(game: Game, p: Permanent, produced: int, color: str) -> None:
    """CR 608.2h: whether it has a +1/+1 counter is checked as the ability resolves."""
    has = p.counters.get("+1/+1", 0) > 0
    note(game, "608.2h", f"{p.id} {'has' if has else 'has no'} +1/+1 counter as its ability resolves -> "
         f"{produced} {color}", (p.id, p.controller), (mana(p.controller, color),))


@seam
def mana_drawback(game: Game, p: Permanent, ability, activator: int, decisions: dict) -> None:
    """CR 605.3b: a drawback printed in a mana ability ("this deals 1 damage to you") is part of its
    effect: it happens as the ability resolves, each time it adds mana, and only then."""
    note(game, "605.3b", f"{p.id}'s mana ability resolves -> its {ability.drawback} "
         f"({ability.drawback_amount}) happens with the mana", (p.id, activator),
         tuple(f"players[{s}].life" for s in range(len(game.players))))
    resolve.apply_effect(game, p, ability.drawback, activator, decisions, amount=ability.drawback_amount)


def _pay(game: Game, cost, p: Permanent, helper: Permanent | None) -> None:
    """CR 602.2b: pay {T} (107.5) or {Q} (107.6), and tap the untapped creature a cost asks for (part
    of the total cost, 601.2h, T-106.12-drum); tapping an untapped permanent "becomes tapped"."""
    for payer, rule, paid in ((p, "107.5", "{T} paid"), (helper, "601.2h", "creature tapped for the cost")):
        if payer is not None and cost.tap:
            payer.tapped = True
            note(game, rule, f"{paid} -> {payer.id} tapped", (payer.id,), (f"permanents.{payer.id}.tapped",))
            triggers.became_tapped(game, payer)
    if cost.untap:
        p.tapped = False
        note(game, "107.6", f"{{Q}} paid -> {p.id} untapped", (p.id,), (f"permanents.{p.id}.tapped",))
    if cost.life:
        pay_life(game, p, cost.life)


@seam
def _replacement_order(game: Game, effects: list, ranking) -> list:
    """CR 616.1: the harness ranks replacement-effect sources; the applicable effects apply in that
    relative order, any it didn't rank after them in battlefield order; each applies once (614.5)."""
    ranking = ranking or []
    position = {eid: i for i, eid in enumerate(ranking)}
    ordered = sorted(effects, key=lambda e: position.get(e[0], len(ranking)))
    if len(ordered) > 1:
        note(game, "616.1", "replacement effects apply in the harness's order: "
             + ", ".join(f"{kind} ({eid})" for eid, kind in ordered), tuple(e for e, _ in ordered))
    return [kind for _, kind in ordered]


def activate(game: Game, a: dict) -> None:
    """A non-mana activated ability, resolved at once (the harness holds priority for nobody)."""
    p, ability, activator, problems = _activation(game, a, "activated")
    problems += _failures(lambda: _check_activation_x(ability.cost, a.get("x", 0)))
    if ability.sorcery_speed:
        problems += _failures(lambda: _check_sorcery_timing(game, activator))
    target = None
    if ability.target:
        target = _target((a.get("targets") or [None])[0])
        if not target_is_legal(game, target, ability.target, p, activator):
            problems.append(Rejected("illegal_target", "115.1", f"{target!r} is not a legal target"))
    _reject(game, problems)
    _pay(game, ability.cost, p, None)
    if ability.cost.sacrifice_self:                   # issue 12: a horizon land's draw
        zones.leave(game, p, "graveyard")
    if ability.cost.remove_counter:
        p.counters["+1/+1"] -= 1
        if not p.counters["+1/+1"]:
            del p.counters["+1/+1"]
    resolve.resolve_ability(game, p, ability, activator, target, a)


def _check_activation_x(cost, x) -> None:
    """CR 107.3a, 107.3k: X is chosen as an ability with {X} in its cost is activated — a whole
    number, 0 or more; an ability without {X} in its cost has no X to choose but 0."""
    if not isinstance(x, int) or isinstance(x, bool) or x < 0 or (x and not cost.x):
        raise Rejected("illegal_choice", "107.3a", f"X={x!r} is not a legal choice for this ability")


def _check_sorcery_timing(game: Game, seat: int) -> None:
    """CR 307.1: main phase of your own turn with an empty stack."""
    if seat != game.active or game.step not in ("main1", "main2"):
        raise Rejected("timing", "307.1", "only in your own main phase")


def cast(game: Game, a: dict) -> None:
    """Cast a spell from hand and resolve it (CR 601, 608); X and targets are the harness's. Every
    reason that forbids the cast is named, as for activations (docs/contract.md)."""
    seat = _player(game, a.get("player"))
    name = a.get("card")
    if name not in game.players[seat].hand:
        raise Rejected("not_in_hand", "601.2a", f"{name!r} is not in player {seat}'s hand")
    c = card(name)
    if "land" in c.types:
        raise Rejected("illegal_choice", "305.9", f"{name} is a land: lands are played, not cast")
    x = a.get("x", 0)
    target = _target((a.get("targets") or [None])[0])
    spell = Permanent(id=a.get("id") or f"spell{game.clock}", card=c, owner=seat, controller=seat,
                      base_controller=seat, zone="stack")
    wanted = c.spell_target or ("player" if c.enchant in ("player", "opponent") else c.enchant)
    if c.enchant == "opponent":
        wanted = "opponent"
    color = a.get("color")

    def legal_x():
        if not isinstance(x, int) or x < 0 or (x and not c.x_cost):
            raise Rejected("illegal_choice", "107.3a", f"X={x!r} is not a legal choice for {name}")

    def legal_target():
        if wanted and not target_is_legal(game, target, wanted, spell, seat):
            raise Rejected("illegal_target", "303.4a" if c.enchant else "115.1",
                           f"{target!r} is not a legal target for {name}")

    def chosen_color():
        if c.chooses_color and color not in COLORS:
            raise Rejected("illegal_choice", "614.12", f"{name} needs a colour chosen as it enters")

    checks = [legal_x, legal_target, chosen_color]
    if not cast_any_time(game, c, seat):
        checks.insert(0, lambda: _check_sorcery_timing(game, seat))
    if c.is_permanent_card:
        checks.append(lambda: _new_object_id(game, a.get("id")))
    _reject(game, _failures(*checks))
    game.players[seat].hand.remove(name)
    if not c.is_permanent_card:
        resolve.resolve_spell(game, spell, target, a)
        if c.spell_effect not in resolve.EXILES_ITSELF:     # CR 608.2n
            game.players[seat].graveyard.append(name)
        return
    game.permanents[spell.id] = spell
    zones.enter(game, spell, seat, x=x, color=color, attach_to=target if c.enchant else None)


@seam
def cast_any_time(game: Game, c, seat: int) -> bool:
    """An instant, or a card with flash, may be cast any time its controller could cast an instant
    (CR 702.8a); other spells only as a sorcery (307.1)."""
    if FLASH in c.statics and (seat != game.active or game.step not in ("main1", "main2")):
        note(game, "702.8a", f"{c.name} has flash -> player {seat} may cast it now, outside their main "
             "phase", (seat,), ("rejected.timing",))
    return "instant" in c.types or FLASH in c.statics


def _new_object_id(game: Game, pid) -> None:
    if not isinstance(pid, str) or not pid or pid in game.permanents or pid.startswith("#"):
        raise Rejected("illegal_choice", "400.7", f"new object id {pid!r} is missing or in use")


def put_onto_battlefield(game: Game, a: dict) -> None:
    """Not cast, so X is 0 (CR 107.3m). An Aura goes to a chosen legal object or player, without
    targeting (303.4f), and an illegal choice is rejected; with no legal choice it stays in hand
    (303.4g)."""
    seat = _player(game, a.get("player"))
    name = a.get("card")
    if name not in game.players[seat].hand:
        raise Rejected("not_in_hand", "400.1", f"{name!r} is not in player {seat}'s hand")
    c = card(name)
    if not c.is_permanent_card:
        raise Rejected("illegal_choice", "110.1", f"{name} is not a permanent card")
    _new_object_id(game, a.get("id"))
    color = a.get("color")
    if c.chooses_color and color not in COLORS:
        raise Rejected("illegal_choice", "614.12", f"{name} needs a colour chosen as it enters")
    p = Permanent(id=a["id"], card=c, owner=seat, controller=seat, base_controller=seat, zone="hand")
    attach = _target(a.get("attach_to")) if c.enchant else None
    if c.enchant:
        choices = _aura_choices(game, p)
        if not choices:
            nothing_to_enchant(game, seat, p)
            return
        if attach not in choices:
            if attach and attach[0] == "permanent" and c.enchant in ("player", "opponent"):
                note(game, "702.5d", f"{name} has enchant {c.enchant}: it can be attached only to a "
                     f"player, never to a permanent like {attach[1]!r}", (seat,),
                     ("rejected.illegal_attachment",), (attach[1],))
            raise Rejected("illegal_attachment", "303.4f", f"{name} can't enchant {attach!r}")
    game.players[seat].hand.remove(name)
    game.permanents[p.id] = p
    zones.enter(game, p, seat, color=color, attach_to=attach)


@seam
def nothing_to_enchant(game: Game, seat: int, p: Permanent) -> None:
    """CR 303.4g: an Aura put onto the battlefield with nothing it could enchant stays where it was
    (player `seat`'s hand): it never enters, so it never goes to the graveyard."""
    note(game, "303.4g", f"{p.card.name} has nothing it could enchant -> stays in hand", (seat,),
         (f"players[{seat}].hand", f"permanents.{p.id}.zone"), key="stays-in-hand")


def _aura_choices(game: Game, aura: Permanent) -> list:
    """CR 303.4f: what an Aura entering without being cast may be attached to — the players and
    phased-in permanents (702.26b) its enchant ability allows."""
    options = [("player", seat) for seat in range(len(game.players))]
    options += [("permanent", q.id) for q in game.on_battlefield()]
    return [o for o in options if aura_is_legal(game, aura, o)]


def phase_out(game: Game, a: dict) -> None:
    """An effect phases permanents out (CR 702.26); it can't see phased-out ones (702.26e)."""
    targets = [_permanent(game, pid) for pid in a.get("permanents", [])]
    phasing.phase_out(game, targets)


def change_control(game: Game, a: dict) -> None:
    p = _permanent(game, a.get("permanent"))
    seat = _player(game, a.get("player"))
    if p.phased_out:
        raise Rejected("phased_out", "702.26e", f"{p.id} is phased out; the effect can't see it")
    duration = a.get("duration", "indefinite")
    game.control_effects.append(ControlEffect(p.id, seat, duration, None, game.tick()))


def put_into_graveyard(game: Game, a: dict) -> None:
    p = _permanent(game, a.get("permanent"))
    if p.phased_out:
        raise Rejected("phased_out", "702.26b", f"{p.id} is phased out; the effect can't see it")
    zones.leave(game, p, "graveyard")


def tap(game: Game, a: dict) -> None:
    """An effect taps it: only an untapped permanent "becomes tapped" (CR 603.2e)."""
    p = _permanent(game, a.get("permanent"))
    if p.phased_out:
        raise Rejected("phased_out", "702.26b", f"{p.id} is phased out; the effect can't see it")
    if not p.tapped:
        p.tapped = True
        note(game, "701.26a", f"{p.id} becomes tapped", (p.id,), (f"permanents.{p.id}.tapped",))
        triggers.became_tapped(game, p)
    else:
        note(game, "603.2e", f"{p.id} is already tapped -> it doesn't become tapped, no trigger",
             (p.id,), (trigger("becomes_tapped"),))


def attack(game: Game, a: dict) -> None:
    """CR 508.1: declare attackers — untapped creatures the active player has controlled since the
    turn began (302.6) or with haste, not phased out, not under Pacifism."""
    if game.step != "combat" or game.attacked:
        raise Rejected("timing", "508.1", "attackers are declared once, in the combat phase")
    attackers = [_permanent(game, pid) for pid in a.get("attackers", [])]
    problems = []
    for p in attackers:                              # every reason, of every attacker, is reported
        problems += _failures(*_attacker_checks(game, p))
    _reject(game, problems)
    for player in game.players:     # CR 507, 508.1, 106.4: attackers are declared in the declare
        player.pool = empty_pool()  # attackers step; the beginning of combat step has ended
    game.attacked = True
    game.attackers = {p.id: p.timestamp for p in attackers}
    for p in attackers:
        vigilant = vigilance_givers(game, p)
        if vigilant:                                 # CR 702.20b
            note(game, "702.20b", f"{p.id} has vigilance -> attacking doesn't tap it", (p.id,),
                 (f"permanents.{p.id}.tapped",), vigilant)
            continue
        p.tapped = True
        note(game, "508.1f", f"{p.id} attacks -> tapped", (p.id,), (f"permanents.{p.id}.tapped",))
        triggers.became_tapped(game, p)


@seam
def vigilance_givers(game: Game, p: Permanent) -> list:
    """CR 702.20b: what gives the creature vigilance: its own keyword (Guardian of Faith; its own id),
    then the phased-in permanents whose static ability gives its controller's creatures vigilance
    (Mirari's Wake)."""
    own = [p.id] if VIGILANCE in p.card.statics else []
    return own + [s.id for s in statics(game, YOUR_VIGILANCE) if s.controller == p.controller]


def _attacker_checks(game: Game, p: Permanent) -> tuple:
    """What stops `p` attacking (CR 508.1a, 508.1c, 302.6, 702.26b), one check each."""
    def creature():
        if not is_creature(p):
            raise Rejected("illegal_choice", "508.1a", f"{p.id} is not a creature")

    def untapped():
        if p.tapped:
            raise Rejected("tapped", "508.1a", f"{p.id} is tapped")

    def not_pacified():
        if any(q.phased_in and q.attached_to == ("permanent", p.id)
               and CANT_ATTACK in q.card.statics for q in game.permanents.values()):
            raise Rejected("illegal_choice", "508.1c", f"{p.id} can't attack (Pacifism)")

    return (lambda: check_can_activate(game, p, game.active), creature, untapped,
            lambda: check_summoning_sickness(game, p), not_pacified)


def advance(game: Game, a: dict) -> None:
    step, turns = a.get("step"), a.get("turns", 0)
    if step not in SCENARIO_STEPS or not isinstance(turns, int) or turns < 0:
        raise Rejected("illegal_choice", "500.1", f"can't advance to {step!r} after {turns!r} turns")
    if step == "draw" and turn.draw_step_never_comes(game):
        raise Rejected("illegal_choice", "500.11", "every player in the game skips their draw step")
    turn.advance(game, step, turns, a)


def concede(game: Game, a: dict) -> None:
    seat = _player(game, a.get("player"))
    note(game, "104.3a", f"player {seat} concedes -> they leave the game at once", (seat,),
         (f"players[{seat}].in_game",))
    leaving.leave_game(game, seat)


def _object_or_player(game: Game, raw) -> tuple:
    """What an effect names: a phased-in permanent on the battlefield (an effect can't see a
    phased-out one, 702.26b) or a player still in the game (800.4a)."""
    named = _target(raw)
    if named is None or named[0] not in ("permanent", "player"):
        raise Rejected("no_such_object", "400.1", f"{raw!r} names no permanent or player")
    if named[0] == "player":
        return "player", _player(game, named[1])
    p = _permanent(game, named[1])
    if p.phased_out:
        raise Rejected("phased_out", "702.26b", f"{p.id} is phased out; the effect can't see it")
    return named


def deal_damage(game: Game, a: dict) -> None:
    """An effect with no source on the battlefield deals `amount` damage (CR 120.3); state-based
    actions follow, as after every action (704.5g lethal damage, 704.5a a player at 0 life)."""
    amount = a.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        raise Rejected("illegal_choice", "120.3", f"damage amount {amount!r} is not a positive integer")
    resolve.deal_damage(game, _object_or_player(game, a.get("target")), amount)


def attach(game: Game, a: dict) -> None:
    """CR 701.3a: an effect attaches an Aura or Equipment already on the battlefield to a permanent
    or player. To something it can't legally be attached to it doesn't move (701.3b, 303.4j), and to
    what it is already attached to nothing happens (701.3c): the effect does what it can, so the
    action is accepted either way. Once moved, it has a new timestamp (613.7e)."""
    p = _permanent(game, a.get("permanent"))
    if p.phased_out:
        raise Rejected("phased_out", "702.26b", f"{p.id} is phased out; the effect can't see it")
    if "Aura" not in p.card.subtypes and not p.card.equipment:
        raise Rejected("illegal_choice", "701.3a", f"{p.id} is not an Aura or Equipment")
    to = _object_or_player(game, a.get("to"))
    where, there = f"permanents.{p.id}.attached_to", (to[1],) if to[0] == "permanent" else ()
    if p.attached_to == to:
        note(game, "701.3c", f"{p.id} is already attached to {to[0]} {to[1]} -> nothing happens",
             (p.id,), (where,), there)
        return
    if not can_attach(game, p, to):
        note(game, _forbidding_rule(game, p, to), f"{p.id} can't be attached to {to[0]} {to[1]}", (p.id,),
             (), there)
        note(game, "701.3b", f"{p.id} can't legally be attached to {to[0]} {to[1]} -> it doesn't move",
             (p.id,), (where,), there)
        return
    p.attached_to, p.timestamp = to, game.tick()
    note(game, "701.3a", f"{p.id} is attached to {to[0]} {to[1]} -> a new timestamp (613.7e)",
         (p.id,), (where,), there)


def _forbidding_rule(game: Game, p: Permanent, to: tuple) -> str:
    """The rule that keeps `p` off `to`, for the record: protection from it (702.16c for an Aura,
    702.16d for Equipment, 702.16j from everything for a player), else what an Aura may enchant
    (303.4) or Equipment equip (301.5c)."""
    aura = "Aura" in p.card.subtypes
    host = game.permanents.get(to[1]) if to[0] == "permanent" else None
    if host is not None and protected_from(host, p):
        return "702.16c" if aura else "702.16d"
    if to[0] == "player" and game.players[to[1]].protected_until_turn:
        return "702.16j"
    return "303.4" if aura else "301.5c"


@seam
def can_attach(game: Game, p: Permanent, to: tuple) -> bool:
    """CR 701.3b: an Aura only to what its enchant ability allows (303.4, 702.5d; not with protection
    from it, 702.16c); Equipment only to a creature (301.5c, 702.16d)."""
    if "Aura" in p.card.subtypes:
        return aura_is_legal(game, p, to)
    return equipment_is_legal(game, p, to)


def check_sba(game: Game, a: dict) -> None:
    """State-based actions run after every action anyway (docs/contract.md)."""


ACTIONS = {f.__name__: f for f in (activate_mana, activate, cast, put_onto_battlefield, phase_out,
                                   change_control, put_into_graveyard, tap, attack, advance,
                                   concede, check_sba, deal_damage, attach)}


def perform(game: Game, a: dict) -> None:
    """Check and perform one action, then state-based actions and triggers (CR 704, 603.3)."""
    if game.over():
        raise Rejected("game_over", "104.2a", "the game is over")
    handler = ACTIONS.get(a.get("type"))
    if handler is None:
        raise Rejected("illegal_choice", "-", f"unknown action type {a.get('type')!r}")
    handler(game, a)
    resolve.settle(game, a)
    record_power_toughness(game)
