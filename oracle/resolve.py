"""Resolving triggered abilities, activated abilities and spells (CR 608), with the harness's
decisions: each does its registered effect (oracle/effects/, one module per rules area) on a `Use`.
Dealing damage and changing a life total, which effects of every area do, are here too."""
from __future__ import annotations

from attrs import define, field

from mtg_conformance.oracle import sba
from mtg_conformance.oracle.characteristics import has_lethal_damage, is_creature, modifiers, power_toughness
from mtg_conformance.oracle.control import recompute_control
from mtg_conformance.oracle.observe import changed_paths, snapshot
from mtg_conformance.oracle.provenance import already_decided, note
from mtg_conformance.oracle.registry import entry, meaning
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import Game, Permanent
from mtg_conformance.oracle.targets import target_is_legal


def change_life(game: Game, seat: int, delta: int) -> None:
    """Teferi's Protection: the protected player's life total can't change."""
    player = game.players[seat]
    if player.in_game and not player.protected_until_turn:
        player.life += delta
    elif player.in_game:
        note(game, "119.7", f"player {seat}'s life total can't change (Teferi's Protection) -> stays "
             f"{player.life}", (seat,), (f"players[{seat}].life",))


def deal_damage(game: Game, target: tuple, amount: int) -> None:
    """CR 120.3: damage dealt to a player makes them lose that much life (120.3a); damage dealt to a
    creature is marked on it (120.3e, 120.6) and is lethal once it reaches its toughness (704.5g,
    checked with the state-based actions); dealt to any other permanent it has no result."""
    kind, ref = target
    if kind == "player":
        if game.players[ref].in_game and not game.players[ref].protected_until_turn:
            note(game, "120.3a", f"{amount} damage dealt to player {ref} -> they lose {amount} life",
                 (ref,), (f"players[{ref}].life",))
        change_life(game, ref, -amount)
        return
    p = game.permanents[ref]
    if not is_creature(p):
        note(game, "120.3", f"{amount} damage dealt to {p.id}, not a creature -> no result", (p.id,),
             (f"permanents.{p.id}.damage",))
        return
    p.damage += amount
    note(game, "120.6", f"{amount} damage dealt to {p.id} -> marked on it, {p.damage} in all", (p.id,),
         (f"permanents.{p.id}.damage",))
    if not has_lethal_damage(game, p):
        toughness = power_toughness(game, p)[1]
        note(game, "704.5g", f"{p.id} has {p.damage} damage and toughness {toughness} -> not lethal, it "
             "stays", (p.id,), (f"permanents.{p.id}.zone",),
             [src for src, _, _ in modifiers(game, p) if src != p.id])


def _first_target(game: Game, decisions: dict, wanted: str, source: Permanent, controller: int):
    """The harness's target, or None if it is (now) illegal: the ability does nothing (CR 608.2b)."""
    chosen = decisions.get("targets") or []
    target = as_target(chosen[0]) if chosen else None
    if target is None:
        return None
    kind, ref = target
    if target_is_legal(game, target, wanted, source, controller):
        return target
    note(game, "608.2b", f"{source.id}'s target {kind} {ref} is illegal now -> the ability does nothing",
         (source.id, ref), (f"permanents.{ref}" if kind == "permanent" else f"players[{ref}]",))
    return None


def as_target(raw) -> tuple | None:
    """The contract's {"permanent": id} / {"player": seat} as a (kind, ref) tuple; None if malformed."""
    if isinstance(raw, dict) and len(raw) == 1:
        (kind, ref), = raw.items()
        return kind, ref
    return None


@define
class Use:
    """An effect as it happens: the game, its source (a permanent, or a spell on the stack), who
    controls it, its target (checked as it resolves) and the harness's decisions."""

    game: Game
    source: Permanent
    controller: int
    target: tuple | None = None
    decisions: dict = field(factory=dict)
    info: dict = field(factory=dict)           # what a trigger remembered (X, the tapper, counters)
    x: int = 0                                 # the X it uses, and the rule choosing that X
    x_rule: str = "107.3a"


def resolve_trigger(game: Game, pending, decisions: dict) -> None:
    """One triggered ability: an optional one the harness declined does nothing (CR 603.5); an
    illegal target makes it do nothing (608.2b); else its registered effect happens."""
    ability = pending.ability
    if ability.optional and not decisions.get("optional", True):
        return
    target = None
    if ability.target:
        target = _first_target(game, decisions, ability.target, pending.source, pending.controller)
        if target is None:
            return
    _happens(ability.effect, Use(game, pending.source, pending.controller, target, decisions,
                                 pending.info, pending.info.get("x", 0), "107.3m"))


def _happens(name: str, use: Use) -> None:
    """The registered effect `name` happens; what it changed that no decision of its own recorded
    (a card drawn, life gained, a token made) is recorded as decided by the effect's rule, keyed by
    its name: the last decision for those fields (oracle/provenance.py), placed before the decisions
    of what the effect made happen (a token's entering triggers Soul Warden), which follow from it."""
    game = use.game
    before, mark = snapshot(game), len(game.trace)
    meaning("effect", name)(use)
    moved = changed_paths(before, snapshot(game))
    recorded = already_decided(game, moved, since=mark)
    changed = tuple(path for path in moved if path not in recorded)
    if changed:
        e = entry("effect", name)
        note(game, e.rule, f"{use.source.id}'s ability resolves: {e.text}", (use.source.id,), changed,
             key=name)
        game.trace.insert(mark, game.trace.pop())


def resolve_ability(game: Game, source: Permanent, ability, controller: int, target,
                    decisions: dict) -> None:
    """A non-mana activated ability resolves at once (the harness holds priority for nobody)."""
    _happens(ability.effect, Use(game, source, controller, target, decisions,
                                 x=activated_x(game, source, decisions), x_rule="107.3k"))


@seam
def activated_x(game: Game, source: Permanent, decisions: dict) -> int:
    """CR 107.3k: an activated ability with {X} in its cost uses the X chosen as it was activated,
    never the X of the spell its source came from."""
    return decisions.get("x", 0)


def apply_effect(game: Game, source: Permanent, name: str, controller: int, decisions: dict,
                 **info) -> None:
    """The registered effect `name` of a mana ability, as part of its resolution (CR 605.3b): what it
    changed that no decision of its own recorded is decided by it, as for any effect (`_happens`)."""
    _happens(name, Use(game, source, controller, None, decisions, info))


def resolve_spell(game: Game, spell: Permanent, target, decisions: dict) -> None:
    """An instant or sorcery's effect (its target was checked when it was cast); its X is the one
    chosen as it was cast (CR 107.3a)."""
    _happens(spell.card.spell_effect, Use(game, spell, spell.controller, target, decisions,
                                          x=decisions.get("x", 0)))


EXILES_ITSELF = frozenset({"teferis_protection"})


def settle(game: Game, decisions: dict) -> None:
    """After an action: state-based actions, then every waiting trigger in the order it triggered,
    repeating until nothing is waiting (CR 117.5, 704.3)."""
    while True:
        recompute_control(game)
        mark = len(game.trace)
        sba.check(game)
        if len(game.trace) > mark:        # a state-based action is recorded as it is performed: with
            recompute_control(game)       # none, nothing control depends on has changed
        if game.pending and game.over():                  # CR 104.1: nothing more happens
            game.pending.clear()
        if not game.pending:
            return
        pending = game.pending.pop(0)
        if game.players[pending.controller].in_game:      # CR 800.4d
            resolve_trigger(game, pending, decisions)
        else:
            note(game, "800.4d", f"{pending.source.id}'s ability's controller left the game -> it "
                 "isn't put on the stack: nothing it would do for them happens",
                 (pending.source.id, pending.controller),      # (their cards left with them: 800.4a)
                 (f"players[{pending.controller}].life", f"players[{pending.controller}].tokens"),
                 key="not-put-on-stack")
