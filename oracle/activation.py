"""Activating abilities (CR 602, 605): who may, which ability, its costs and choices — every reason
that forbids it named — then paying and resolving it."""
from __future__ import annotations

from functools import partial

from attrs import evolve

from mtg_conformance.oracle import land_types, resolve, triggers, zones
from mtg_conformance.oracle.characteristics import activated_abilities, is_creature, mana_abilities
from mtg_conformance.oracle.checks import (absent, as_target, failures, legal_target, lookup, permanent,
                                           reject, seat, sorcery_timing)
from mtg_conformance.oracle.costs import (activation_checks, check_cost, check_counters_to_remove,
                                          check_life_payment, pay_life, remove_counters)
from mtg_conformance.oracle.errors import Rejected
from mtg_conformance.oracle.mana import (ability_at, applicable_replacements, apply_to_event, choosable_types,
                                         choosable_with, counted, inapplicable_replacements, is_tapped_for_mana,
                                         lands_read, produced_amount, read_by, types_before_replacements)
from mtg_conformance.oracle.provenance import mana, note, trigger
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import Game, Permanent, reading_pass

# The triggers of a permanent being tapped for mana (CR 106.12a), whichever permanent's they are.
TAPPED_FOR_MANA = (trigger("tapped_for_mana"), trigger("land_tapped_for_mana"))


def _index(abilities: tuple, index) -> object:
    """CR 602.1: the ability activated is one the permanent has."""
    named = ability_at(abilities, index)
    if named is None:
        raise Rejected("illegal_choice", "602.1", f"no ability {index!r}")
    return named


def _modified(game: Game, land: Permanent, activator: int) -> bool:
    """Would a replacement effect (614.1a) or a triggered mana ability (605.1b) change the mana
    `land` is tapped for on its way to the pool?"""
    return bool(applicable_replacements(game, land, land_types.INTRINSIC["Forest"], activator)
                or _mana_triggers(game))


def _mana_triggers(game: Game) -> bool:
    """Is there a triggered mana ability on the battlefield (605.1b), which may add to a pool?"""
    return any(t.mana for s in triggers.triggering(game) for t in s.card.triggered)


@reading_pass
def _activation(game: Game, a: dict, kind: str, later: dict | None = None):
    """The permanent, ability and activator of an activation, and every rejection that applies to
    which ability it is, who activates it and its cost (a phased-out, tapped creature is both
    `phased_out` and `tapped`). What can't be checked without a permanent, an ability or an
    activator is skipped, and the action rejected with what was found. `later` gathers what
    `_after_triggers` fills in."""
    problems = []
    p = lookup(problems, lambda: permanent(game, a.get("permanent")))
    if p is None:
        problems += failures(lambda: seat(game, a["player"])) if "player" in a else []
        reject(game, problems)
    activating = a.get("player", p.controller)
    if kind == "mana_abilities":
        seated = isinstance(activating, int) and 0 <= activating < len(game.players)
        index = a.get("ability", 0)
        answer = (lambda rule, abilities_of: _answer(game, p, a, activating, rule, abilities_of, later))
        land_types.explain(game, p, activating, index, answer if seated else None,
                           lambda: [q for q in lands_read(game, p, index) if q != p.id])
    else:
        land_types.explain(game, p, activating)
    abilities = mana_abilities(game, p) if kind == "mana_abilities" else activated_abilities(game, p)
    ability = lookup(problems, lambda: _index(abilities, a.get("ability", 0)))
    activator = lookup(problems, lambda: seat(game, a["player"])) if "player" in a else p.controller
    if activator is not None:
        problems += failures(*activation_checks(game, p, activator))
    if ability is not None:
        problems += failures(lambda: check_cost(game, p, ability.cost))
    if ability is None or activator is None:
        reject(game, problems)
    problems += failures(lambda: check_life_payment(game, activator, ability.cost))
    return p, ability, activator, problems


def _answer(game: Game, p: Permanent, a: dict, activator: int, rule: str | None, abilities_of,
            later: dict | None) -> tuple:
    """(path, value) of what the activation `a` of `p`'s mana ability would give were every
    permanent's mana abilities `abilities_of(permanent)` (`rule`, about land types, gone the other
    way: oracle.land_types.other_ways): rejected if it names no ability (602.1) or a type the ability
    can't choose (106.1, 106.7) — a phased-out `p` is rejected either way (702.26b), so nothing else
    is said of it; else accepted and, where nothing would modify the mana (`_modified`), the pool
    with the mana it adds, where something would, none of the types only the ability it names adds
    — and where only triggered mana abilities would, which add alike either way, the whole pool
    once they have added theirs (`later`, `_after_triggers`)."""
    made = _adds(game, p, a, abilities_of)
    if made is None:
        return (("rejected", "illegal_choice"),)
    if not p.phased_in:
        return ()
    pool = game.players[activator].pool
    if not _modified(game, p, activator):
        return (("rejected", None), *((mana(activator, t), n + made.count(t)) for t, n in pool.items()))
    real = partial(mana_abilities, game)
    actual = _adds(game, p, a, real) or ()
    if later is not None and rule in land_types.KEEPS_TYPES and _triggers_alike(
            game, p, a, activator, ((real, actual), (abilities_of, made))):
        later[rule] = made
    return (("rejected", None), *((mana(activator, t), pool[t]) for t in dict.fromkeys(actual) if t not in made))


def _triggers_alike(game: Game, p: Permanent, a: dict, activator: int, ways: tuple) -> bool:
    """Would what adds to the mana of this activation of `p` add alike in both `ways`, each (every
    permanent's mana abilities as a function of it, the mana `_adds` then makes): no replacement
    effect (614.1a), both abilities tapped for mana or neither (106.12), and the same triggered mana
    abilities answering (106.12a), none adding mana of the type produced?"""
    if applicable_replacements(game, p, land_types.INTRINSIC["Forest"], activator):
        return False
    answering = []
    for abilities_of, made in ways:
        ability = ability_at(abilities_of(p), a.get("ability", 0))
        produced = made[0] if made and is_tapped_for_mana(ability) else None
        answering.append(triggers.mana_triggers_answering(game, p, activator, produced))
    return answering[0] is not None and answering[0] == answering[1]


def _after_triggers(game: Game, p: Permanent, activator: int, made: dict, later: dict) -> None:
    """Fill in the other way of each land-type decision on `p` that `_answer` put off (`later`: rule ->
    the mana that way's ability makes): the pool now, the triggered mana abilities' mana in it, less
    the mana `made` by the ability activated, plus that way's."""
    pool = game.players[activator].pool
    for i, d in enumerate(game.trace):
        if d.key == "land-abilities" and d.objects == (p.id,) and d.rule in later:
            other = later[d.rule]
            game.trace[i] = evolve(d, otherwise=(("rejected", None), *(
                (mana(activator, t), n - made.get(t, 0) + other.count(t)) for t, n in pool.items())))


def _adds(game: Game, p: Permanent, a: dict, abilities_of) -> tuple | None:
    """The mana types (one entry a mana) the activation `a` of `p`'s mana ability adds were every
    permanent's mana abilities `abilities_of(permanent)`, before what modifies them; None where it
    names no ability or a type the ability can't choose."""
    ability = ability_at(abilities_of(p), a.get("ability", 0))
    if ability is None:
        return None
    if ability.produces == "fixed":
        return ability.types
    options, color = choosable_with(game, p, ability, abilities_of), a.get("color")
    if options and color not in options:
        return None
    return (color,) if options else ()


@seam
def activate_mana(game: Game, a: dict) -> None:
    """CR 605: activate a mana ability; it resolves at once, with its triggered mana abilities."""
    later: dict = {}            # land-type decisions whose other way is known once triggers added mana
    p, ability, activator, problems = _activation(game, a, "mana_abilities", later)
    helper = None
    if ability.cost.tap_untapped_creature:           # Springleaf Drum: sickness doesn't matter
        helper = game.permanents.get(a.get("tap"))
        if (helper is None or not helper.phased_in or helper.controller != activator
                or not is_creature(helper) or helper.tapped or helper is p):
            named = absent(game, ("permanent", a["tap"])) if "tap" in a else ()
            problems.append(Rejected("illegal_choice", "106.12",
                                     "the cost needs an untapped creature you control", named))
    problems += failures(lambda: check_counters_to_remove(game, p, ability.cost, a.get("x", 0)))
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
    effects = applicable_replacements(game, p, ability, activator)
    replacing = tuple(eid for eid, _ in effects)
    order = _replacement_order(game, effects, a.get("order"))
    chose = options and ability.produces in ("could_produce", "permanent_color")
    if chose and color in options:       # replacements or a counter condition, if any, decide the mana
        read = read_by(game, p, ability)
        note(game, "106.7", f"{p.id} could produce {''.join(sorted(options))} -> {color} may be chosen",
             (p.id, activator), ("rejected.illegal_choice", mana(activator, color)),
             (*read, *land_types.changed_by(game, read), *replacing), key="could-produce")
    reject(game, problems)
    # Costs are paid (CR 602.2b), then the ability resolves (605.3b).
    _pay(game, ability.cost, p, helper)
    removed = remove_counters(game, p, ability.cost, a.get("x", 0))
    if ability.cost.sacrifice_self:
        zones.leave(game, p, "graveyard")
    amount = produced_amount(game, p, ability, removed) if options else 0
    counts = ability.per or ability.cost.counters_x
    made_types = ability.types if ability.produces == "fixed" else (color,)
    if not amount:                                    # what decided no mana, before what follows
        if counts:
            _counted(game, p, ability, activator, amount, made_types)
        if not options:
            _no_type(game, p, ability, activator, color, order)
        note(game, "605.2", f"{p.id}'s ability adds no mana but is still a mana ability -> it "
             "resolved at once, its costs paid", (p.id,), (f"permanents.{p.id}.tapped",))
        if is_tapped_for_mana(ability):               # CR 106.5, 107.1: no mana
            note(game, "106.12a", f"{p.id} produced no mana, so it wasn't tapped for mana -> no "
                 "\"tapped for mana\" trigger", (p.id,), (*TAPPED_FOR_MANA, mana(p.controller, "G")),
                 key="no-mana-no-trigger")
        return
    made = produced_bundle(ability, color, amount)
    result = apply_to_event(order, made)
    for mana_type, n in result.items():
        game.players[activator].pool[mana_type] += n
    fields = tuple(mana(activator, t) for t in result)
    # The ability resolves and adds its mana; then, each recorded after what it decides from (so the
    # last for a pool owns it, properties/blame.py): how much it adds, the one event its types make,
    # and the replacement effects that modify that event.
    _resolves(game, p, ability, activator, made, fields, chose)
    if counts:
        _counted(game, p, ability, activator, amount, made_types)
    if ability.amount_if_counter:
        _counter_condition(game, p, amount, color)
    if len(ability.types) > 1:                        # a Signet's {W}{U}
        note(game, "106.1", f"{p.id}'s ability adds {_amounts(made)} in one production event",
             (p.id, activator), tuple(mana(activator, t) for t in made))
    if order:
        note(game, "106.12b", f"{p.id} was tapped for mana -> the effects replacing that mana "
             f"apply: {', '.join(order)}", (p.id, activator), (), replacing)
        note(game, "614.5", f"{', '.join(order)} each applied once to {_amounts(made)} -> "
             f"{_amounts(result)}", (p.id, activator), fields, replacing,
             reads=tuple(mana(activator, t) for t in made))   # no mana made, nothing to replace
    _not_replacing(game, p, ability, activator, effects, a.get("order"), made, result)
    if ability.drawback:
        mana_drawback(game, p, ability, activator, a)
    # CR 106.12a: what it was tapped for; a land's production event makes one type (106.1)
    extras = (triggers.tapped_for_mana(game, p, activator, next(iter(result)), replacing, tuple(made))
              if is_tapped_for_mana(ability) else [])
    if ability.then:                                  # the rest of its effect (a depletion land's)
        resolve.apply_effect(game, p, ability.then, activator, a)
    for extra in extras:                              # CR 605.4a
        _resolve_triggered_mana_ability(game, extra, a)
    if later:
        _after_triggers(game, p, activator, result, later)


def _not_replacing(game: Game, p: Permanent, ability, activator: int, applying: list, ranking,
                   made: dict, result: dict) -> None:
    """CR 614.1a: a replacement effect applies only to the events it names (Contamination, to a land's
    mana; none of those "tapped for mana" to a {Q} ability's, 106.12). Each on the battlefield that
    doesn't apply to this mana says what the pool would hold had it applied, where the harness's
    `ranking` puts it among those that do (`Decision.otherwise`) — where no triggered mana ability
    adds to it afterwards."""
    inapplicable = inapplicable_replacements(game, applying)
    if not inapplicable or _mana_triggers(game):
        return
    pool, tapped = game.players[activator].pool, is_tapped_for_mana(ability)
    for sid, kind in inapplicable:
        alt = apply_to_event([k for _, k in ranked([*applying, (sid, kind)], ranking)], made)
        types = tuple(dict.fromkeys([*result, *alt]))
        why = "its ability isn't tapped for mana ({Q} is no {T}) -> " if not tapped else ""
        note(game, "614.1a" if tapped else "106.12", f"{why}{sid}'s replacement effect doesn't apply to "
             f"the mana {p.id} produces", (p.id, activator), tuple(mana(activator, t) for t in types), (sid,),
             key="" if tapped else "not-tapped-for-mana",     # as `_resolves`'s 106.12 decision
             otherwise=tuple((mana(activator, t), pool[t] - result.get(t, 0) + alt.get(t, 0)) for t in types))


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


def _no_type(game: Game, p: Permanent, ability, activator: int, color, order: list) -> None:
    """CR 106.5: an ability that defines no mana type adds no mana, and whatever type is asked for
    changes nothing. Where only the replacement effects "could produce" takes into account left it
    none, 106.7 decided that first, and says what the ability would have done had it ignored them:
    added the type asked for, replaced as this ability's mana is, or rejected a type outside them."""
    read, fields = read_by(game, p, ability), (mana(activator), "rejected.illegal_choice")
    ignoring = types_before_replacements(game, p, ability)
    if ignoring:
        lands = [game.permanents[q] for q in read]
        replacing = {eid for land in lands for its in mana_abilities(game, land)
                     for eid, _ in applicable_replacements(game, land, its, land.controller)}
        pool = game.players[activator].pool
        made = apply_to_event(order, produced_bundle(ability, color, ability.amount))
        otherwise = ((("rejected", None), *((mana(activator, t), pool[t] + n) for t, n in made.items()))
                     if color in ignoring else (("rejected", "illegal_choice"),))
        note(game, "106.7", f"the lands {p.id} reads could produce no type it can add, the replacement "
             f"effects that apply to them taken into account ({''.join(sorted(ignoring))} without them)",
             (p.id, activator), fields, (*read, *replacing), key="could-produce", otherwise=otherwise)
    note(game, "106.5", f"{p.id}'s ability defines no mana type -> no colour to choose, no mana "
         "added", (p.id, activator), fields, read, key="no-type")


def _resolves(game: Game, p: Permanent, ability, activator: int, made: dict, fields: tuple,
              chose: bool) -> None:
    """CR 605.3b: the mana ability resolves, adding `made` (before replacement effects) to the pool
    `fields`: not tapped for mana (106.12), the one type asked for (106.1), else what it names."""
    if not is_tapped_for_mana(ability):
        note(game, "106.12", f"{p.id}'s ability has no {{T}} in its cost, so it isn't tapped for mana "
             f"-> no replacement or trigger, {_amounts(made)} added", (p.id, activator),
             fields + TAPPED_FOR_MANA, key="not-tapped-for-mana")
    elif ability.produces == "one_of":
        color, amount = next(iter(made.items()))
        note(game, "106.1", f"{p.id}'s ability adds one of {''.join(ability.types)} -> {color}, as asked, "
             f"{amount} added", (p.id, activator), fields + ("rejected.illegal_choice",))
    elif not chose:                                   # else the 106.7 decision decided it
        note(game, "605.3b", f"{p.id}'s mana ability resolves -> {_amounts(made)} added",
             (p.id, activator), fields)


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
    """CR 616.1: the kinds of the applicable effects in the harness's order (`ranked`); each applies
    once (614.5)."""
    ordered = ranked(effects, ranking)
    if len(ordered) > 1:
        note(game, "616.1", "replacement effects apply in the harness's order: "
             + ", ".join(f"{kind} ({eid})" for eid, kind in ordered), tuple(e for e, _ in ordered))
    return [kind for _, kind in ordered]


def ranked(effects: list, ranking) -> list:
    """CR 616.1: (effect id, kind) of `effects` in the order the harness ranks their sources, any it
    didn't rank after them in battlefield order."""
    ranking = ranking or []
    position = {eid: i for i, eid in enumerate(ranking)}
    return sorted(effects, key=lambda e: position.get(e[0], len(ranking)))


def activate(game: Game, a: dict) -> None:
    """A non-mana activated ability, resolved at once (the harness holds priority for nobody)."""
    p, ability, activator, problems = _activation(game, a, "activated")
    problems += failures(lambda: _check_activation_x(ability.cost, a.get("x", 0)))
    if ability.sorcery_speed:
        problems += failures(lambda: sorcery_timing(game, activator))
    target = None
    if ability.target:                  # an ability that targets nothing has no `targets` to read
        target = as_target((a.get("targets") or [None])[0])
        problems += failures(lambda: legal_target(game, target, ability.target, p, activator, "115.1",
                                                  f"{p.id}'s ability"))
    reject(game, problems)
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

