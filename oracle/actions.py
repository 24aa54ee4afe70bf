"""The contract's actions (docs/contract.md), each checked for legality before anything changes: every
check that applies runs, and a rejection names every class found (docs/contract.md#rejections)."""
from __future__ import annotations

from mtg_conformance.oracle import leaving, phasing, resolve, triggers, turn, zones
from mtg_conformance.oracle.activation import activate, activate_mana
from mtg_conformance.oracle.catalog import CATALOG, spell_target
from mtg_conformance.oracle.characteristics import is_creature, protected_from, record_power_toughness, statics
from mtg_conformance.oracle.checks import (absent, as_target, failures, in_game, legal_target, lookup,
                                           object_or_player, permanent, phased_in, player, reject, seat,
                                           sorcery_timing)
from mtg_conformance.oracle.costs import activation_checks, check_summoning_sickness
from mtg_conformance.oracle.errors import Rejected
from mtg_conformance.oracle.provenance import note, trigger
from mtg_conformance.oracle.registry import static
from mtg_conformance.oracle.sba import aura_is_legal, equipment_is_legal
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import ControlEffect, Game, Permanent, empty_pool
from mtg_conformance.oracle.vocabulary import COLORS, SCENARIO_STEPS

FLASH = static("flash", rule="702.8a", text="Flash.")            # Guardian of Faith, Dictate of Karametra
VIGILANCE = static("vigilance", rule="702.20b", text="Vigilance.")                # Guardian of Faith
YOUR_VIGILANCE = static("your_creatures_vigilance", rule="702.20b",               # Mirari's Wake
                        text="Creatures you control have vigilance.")
CANT_ATTACK = static("enchanted_cant_attack", rule="508.1c",      # Pacifism
                     text="Enchanted creature can't attack.")


def _from_hand(game: Game, a: dict, rule: str) -> tuple:
    """The seat, the card and the rejections found so far of an action that takes a card from a
    player's hand: the seat exists (CR 102.1) and is in the game (800.4a), the card is in that hand
    (`rule`: 601.2a casting, 400.1 putting). A card the catalog knows is checked on, whether or not it
    is there, so every reason is found; a seat or card that names nothing ends the checks."""
    problems = []
    number = lookup(problems, lambda: seat(game, a.get("player")))
    if number is None:
        reject(game, problems)
    name = a.get("card")
    problems += failures(lambda: in_game(game, number))
    if name not in game.players[number].hand:
        problems.append(Rejected("not_in_hand", rule, f"{name!r} is not in player {number}'s hand"))
    c = CATALOG.get(name) if isinstance(name, str) else None
    if c is None:
        reject(game, problems)
    return number, c, problems


def cast(game: Game, a: dict) -> None:
    """Cast a spell from hand and resolve it (CR 601, 608); X and targets are the harness's. Every
    reason that forbids the cast is named, as for activations (docs/contract.md). A spell that targets
    nothing reads no `targets` (its triggers, resolving after it, may: the contract's decisions)."""
    number, c, problems = _from_hand(game, a, "601.2a")
    name = c.name
    if "land" in c.types:
        problems.append(Rejected("illegal_choice", "305.9", f"{name} is a land: lands are played, not cast"))
        reject(game, problems)
    x = a.get("x", 0)
    wanted = spell_target(c)
    target = as_target((a.get("targets") or [None])[0]) if wanted else None
    spell = Permanent(id=a.get("id") or f"spell{game.clock}", card=c, owner=number, controller=number,
                      base_controller=number, zone="stack")
    color = a.get("color")

    def legal_x():
        if not isinstance(x, int) or isinstance(x, bool) or x < 0 or (x and not c.x_cost):
            raise Rejected("illegal_choice", "107.3a", f"X={x!r} is not a legal choice for {name}")

    def chosen_color():
        if c.chooses_color and color not in COLORS:
            raise Rejected("illegal_choice", "614.12", f"{name} needs a colour chosen as it enters")

    checks = [legal_x, chosen_color]
    if wanted:
        checks.insert(1, lambda: legal_target(game, target, wanted, spell, number,
                                              "303.4a" if c.enchant else "115.1", name))
    if not cast_any_time(game, c, number):
        checks.insert(0, lambda: sorcery_timing(game, number))
    if c.is_permanent_card:
        checks.append(lambda: _new_object_id(game, a.get("id")))
    reject(game, problems + failures(*checks))
    game.players[number].hand.remove(name)
    if not c.is_permanent_card:
        resolve.resolve_spell(game, spell, target, a)
        if c.spell_effect not in resolve.EXILES_ITSELF:     # CR 608.2n
            game.players[number].graveyard.append(name)
        return
    game.permanents[spell.id] = spell
    zones.enter(game, spell, number, x=x, color=color, attach_to=target if c.enchant else None)


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
    number, c, problems = _from_hand(game, a, "400.1")
    name = c.name
    if not c.is_permanent_card:
        problems.append(Rejected("illegal_choice", "110.1", f"{name} is not a permanent card"))
    problems += failures(lambda: _new_object_id(game, a.get("id")))
    color = a.get("color")
    if c.chooses_color and color not in COLORS:
        problems.append(Rejected("illegal_choice", "614.12", f"{name} needs a colour chosen as it enters"))
    if not c.is_permanent_card:
        reject(game, problems)
    p = Permanent(id=a.get("id"), card=c, owner=number, controller=number, base_controller=number, zone="hand")
    attach = as_target(a.get("attach_to")) if c.enchant else None
    if c.enchant:
        choices = _aura_choices(game, p)
        if not choices and not problems:
            nothing_to_enchant(game, number, p)
            return
        if choices and attach not in choices:
            if attach and attach[0] == "permanent" and c.enchant in ("player", "opponent"):
                note(game, "702.5d", f"{name} has enchant {c.enchant}: it can be attached only to a "
                     f"player, never to a permanent like {attach[1]!r}", (number,),
                     ("rejected.illegal_attachment",), (attach[1],))
            problems.append(Rejected("illegal_attachment", "303.4f", f"{name} can't enchant {attach!r}",
                                     absent(game, attach)))
    reject(game, problems)
    game.players[number].hand.remove(name)
    game.permanents[p.id] = p
    zones.enter(game, p, number, color=color, attach_to=attach)


@seam
def nothing_to_enchant(game: Game, seat: int, p: Permanent) -> None:
    """CR 303.4g: an Aura put onto the battlefield with nothing it could enchant stays where it was
    (player `seat`'s hand): it never enters, so it never goes to the graveyard."""
    note(game, "303.4g", f"{p.card.name} has nothing it could enchant -> stays in hand", (seat,),
         (f"players[{seat}].hand", f"permanents.{p.id}.zone"), key="stays-in-hand")


@seam
def _aura_choices(game: Game, aura: Permanent) -> list:
    """CR 303.4f: what an Aura entering without being cast may be attached to — the players and
    phased-in permanents (702.26b) its enchant ability allows."""
    options = [("player", seat) for seat in range(len(game.players))]
    options += [("permanent", q.id) for q in game.on_battlefield()]
    return [o for o in options if aura_is_legal(game, aura, o)]


def phase_out(game: Game, a: dict) -> None:
    """An effect phases permanents out (CR 702.26). It treats a phased-out one as though it didn't
    exist (702.26b): that one stays as it is, and the rest phase out."""
    problems = []
    named = [lookup(problems, lambda pid=pid: permanent(game, pid)) for pid in a.get("permanents", [])]
    reject(game, problems)
    for p in named:
        if p.phased_out:
            note(game, "702.26b", f"{p.id} is already phased out -> treated as though it doesn't exist, "
                 "it stays as it is", (p.id,), (f"permanents.{p.id}.phased_out",))
            if p.token:
                note(game, "702.26d", f"{p.id} is a phased-out token, which doesn't cease to exist -> it "
                     "stays on the battlefield under its controller", (p.id,),
                     (f"permanents.{p.id}.zone", f"permanents.{p.id}.controller"), key="no-zone-change")
    phasing.phase_out(game, named)


def change_control(game: Game, a: dict) -> None:
    """An effect gives a player control (CR 613.1b); it can't include a phased-out permanent
    (702.26e), nor give control to a player who left (800.4a)."""
    problems = []
    p = lookup(problems, lambda: permanent(game, a.get("permanent")))
    if p is not None:
        problems += failures(lambda: phased_in(p, "702.26e"))
    new = lookup(problems, lambda: player(game, a.get("player")))
    reject(game, problems)
    duration = a.get("duration", "indefinite")
    game.control_effects.append(ControlEffect(p.id, new, duration, None, game.tick()))


def _seen(game: Game, a: dict) -> Permanent:
    """The phased-in permanent an effect names (CR 400.1, 702.26b)."""
    p = permanent(game, a.get("permanent"))
    phased_in(p)
    return p


def put_into_graveyard(game: Game, a: dict) -> None:
    zones.leave(game, _seen(game, a), "graveyard")


def tap(game: Game, a: dict) -> None:
    """An effect taps it: only an untapped permanent "becomes tapped" (CR 603.2e)."""
    p = _seen(game, a)
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
    problems = []
    if game.step != "combat" or game.attacked:
        problems.append(Rejected("timing", "508.1", "attackers are declared once, in the combat phase"))
    attackers = [lookup(problems, lambda pid=pid: permanent(game, pid)) for pid in a.get("attackers", [])]
    for p in attackers:                              # every reason, of every attacker, is reported
        if p is not None:
            problems += failures(*_attacker_checks(game, p))
    reject(game, problems)
    for seat_state in game.players:     # CR 507, 508.1, 106.4: attackers are declared in the declare
        seat_state.pool = empty_pool()  # attackers step; the beginning of combat step has ended
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
        if any(q.attached_to == ("permanent", p.id) for q in game.having(CANT_ATTACK)):
            raise Rejected("illegal_choice", "508.1c", f"{p.id} can't attack (Pacifism)")

    return (*activation_checks(game, p, game.active), creature, untapped,
            lambda: check_summoning_sickness(game, p), not_pacified)


def advance(game: Game, a: dict) -> None:
    step, turns = a.get("step"), a.get("turns", 0)
    if step not in SCENARIO_STEPS or not isinstance(turns, int) or turns < 0:
        raise Rejected("illegal_choice", "500.1", f"can't advance to {step!r} after {turns!r} turns")
    if step == "draw" and turn.draw_step_never_comes(game):
        raise Rejected("illegal_choice", "500.11", "every player in the game skips their draw step")
    turn.advance(game, step, turns, a)


def concede(game: Game, a: dict) -> None:
    seat = player(game, a.get("player"))
    note(game, "104.3a", f"player {seat} concedes -> they leave the game at once", (seat,),
         (f"players[{seat}].in_game",))
    leaving.leave_game(game, seat)


def deal_damage(game: Game, a: dict) -> None:
    """An effect with no source on the battlefield deals `amount` damage (CR 120.3); state-based
    actions follow, as after every action (704.5g lethal damage, 704.5a a player at 0 life)."""
    problems = []
    amount = a.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
        problems.append(Rejected("illegal_choice", "120.3",
                                 f"damage amount {amount!r} is not a positive integer"))
    named = lookup(problems, lambda: object_or_player(game, a.get("target")))
    reject(game, problems)
    resolve.deal_damage(game, named, amount)


def attach(game: Game, a: dict) -> None:
    """CR 701.3a: an effect attaches an Aura or Equipment already on the battlefield to a permanent
    or player. To something it can't legally be attached to it doesn't move (701.3b, 303.4j), and to
    what it is already attached to nothing happens (701.3c): the effect does what it can, so the
    action is accepted either way. Once moved, it has a new timestamp (613.7e)."""
    problems = []
    p = lookup(problems, lambda: permanent(game, a.get("permanent")))
    if p is not None:
        problems += failures(lambda: phased_in(p), lambda: _attachable(p))
    to = lookup(problems, lambda: object_or_player(game, a.get("to")))
    reject(game, problems)
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


def _attachable(p: Permanent) -> None:
    """CR 701.3a: only an Aura or Equipment is attached."""
    if "Aura" not in p.card.subtypes and not p.card.equipment:
        raise Rejected("illegal_choice", "701.3a", f"{p.id} is not an Aura or Equipment")


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
        raise Rejected("game_over", "104.2a", "the game is over")   # nothing else is checked
    handler = ACTIONS.get(a.get("type"))
    if handler is None:
        raise Rejected("illegal_choice", "-", f"unknown action type {a.get('type')!r}")
    handler(game, a)
    resolve.settle(game, a)
    record_power_toughness(game)
