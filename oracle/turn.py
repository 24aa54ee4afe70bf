"""Turn structure: steps, the untap step, drawing and skipping, cleanup (CR 500–514, 614.10)."""
from __future__ import annotations

from mtg_conformance.oracle import phasing, resolve, triggers, zones
from mtg_conformance.oracle.characteristics import is_creature, power_toughness, statics
from mtg_conformance.oracle.control import recompute_control
from mtg_conformance.oracle.costs import controlled_since_turn_began
from mtg_conformance.oracle.provenance import note, trigger
from mtg_conformance.oracle.registry import static
from mtg_conformance.oracle.seams import seam
from mtg_conformance.oracle.state import Game, Permanent, empty_pool
from mtg_conformance.oracle.vocabulary import STEPS

MAY_NOT_UNTAP = static("may_not_untap", rule="502.3",              # Vedalken Shackles
                       text="You may choose not to untap this during your untap step.")
DOESNT_UNTAP = static("doesnt_untap", rule="502.3",               # Basalt Monolith
                      text="This doesn't untap during your untap step.")
SKIP_DRAW_STEP = static("skip_your_draw_step", rule="614.10",      # Psychic Possession
                        text="You skip your draw step.")
MAXIMUM_HAND_SIZE = 7                                              # CR 402.2


def _next_active(game: Game) -> int:
    """CR 800.4k: a player who left takes no turns."""
    n = len(game.players)
    for i in range(1, n + 1):
        seat = (game.active + i) % n
        if game.players[seat].in_game:
            return seat
    return game.active


@seam
def _end_of_step(game: Game) -> None:
    """CR 106.4: mana pools empty at the end of each step and phase; CR 514.2 at cleanup: damage
    wears off and "until end of turn" effects end."""
    if game.step == "combat":
        _combat_damage(game)
    for p in game.players:
        if any(p.pool.values()):
            note(game, "106.4", f"the {game.step} step ends -> player {p.seat}'s unspent mana empties",
                 (p.seat,), (f"players[{p.seat}].mana",))
            p.pool = empty_pool()
    if game.step == "cleanup":
        damage_wears_off(game)
        for p in game.permanents.values():
            p.animated = False
        game.control_effects = [e for e in game.control_effects if e.duration != "end_of_turn"]
        game.mana_replacements = []
        recompute_control(game)


@seam
def damage_wears_off(game: Game) -> None:
    """CR 514.2: in the cleanup step all damage marked on permanents, phased-out ones included, is
    removed."""
    for p in game.permanents.values():
        if p.damage:
            note(game, "514.2", f"cleanup -> the {p.damage} damage marked on {p.id} is removed", (p.id,),
                 (f"permanents.{p.id}.damage",))
            p.damage = 0


def _combat_damage(game: Game) -> None:
    """CR 510.1, 510.2: the harness declares no blockers, so in the combat damage step each creature
    still attacking deals damage equal to its power (if above 0, 510.1a) to the player it attacks —
    the next player in turn order still in the game — all at once. A creature removed from combat
    (CR 506.4: it left the battlefield, phased out, changed controller or stopped being a creature)
    deals none."""
    defender = _next_active(game)
    attacking = [p for pid, timestamp in game.attackers.items()
                 if (p := game.permanents.get(pid)) and p.phased_in and p.timestamp == timestamp
                 and p.controller == game.active and is_creature(p)]
    damage = [power_toughness(game, p)[0] for p in attacking]
    game.attackers = {}
    if defender == game.active:
        return                                          # nobody left to attack (CR 800.4e)
    for amount in damage:
        if amount > 0:
            resolve.deal_damage(game, ("player", defender), amount)


def _untap_step(game: Game, decisions: dict) -> None:
    """CR 502: the turn has begun, so the active player's permanents (phased out ones too: phasing is
    no control change, 702.26d) have been controlled since it began; then phasing (502.1); then
    untapping (502.3). Nobody gets priority, so triggers wait for the upkeep (502.4)."""
    seat = game.active
    game.players[seat].protected_until_turn = False          # "until your next turn"
    controlled_since_turn_began(game, seat)
    was_phased_out = {p.id: p.phased_out for p in game.permanents.values() if p.zone == "battlefield"}
    phasing.untap_step_phasing(game)
    phased = [p for p in game.permanents.values()
              if p.zone == "battlefield" and p.id in was_phased_out and p.phased_out != was_phased_out[p.id]]
    tapped_before = {p.id for p in phased if p.tapped}
    keep = set(decisions.get("keep_tapped") or [])
    for p in game.permanents.values():
        if p.zone == "battlefield" and p.phased_out and p.controller == seat and p.tapped:
            note(game, "702.26b", f"{p.id} is phased out -> treated as though it doesn't exist, so it "
                 "doesn't untap", (p.id,), (f"permanents.{p.id}.tapped",))
    for p in game.on_battlefield():
        if p.controller == seat and untaps(game, p, keep):
            if p.tapped:
                note(game, "502.3", f"untap step: {p.id} untaps", (p.id,), (f"permanents.{p.id}.tapped",))
            p.tapped = False
    _phasing_came_first(game, phased, tapped_before)
    recompute_control(game)


@seam
def untaps(game: Game, p: Permanent, keep: set) -> bool:
    """CR 502.3: the active player's permanent untaps, unless its controller chose to keep it tapped
    and it lets them (Vedalken Shackles), or it doesn't untap during its controller's untap step
    (Basalt Monolith: no choice)."""
    if DOESNT_UNTAP in p.card.statics:
        if p.tapped:
            note(game, "502.3", f"untap step: {p.id} doesn't untap during its controller's untap step",
                 (p.id,), (f"permanents.{p.id}.tapped",))
        return False
    return not (p.id in keep and MAY_NOT_UNTAP in p.card.statics)


def _phasing_came_first(game: Game, phased: list, tapped_before: set) -> None:
    """CR 502.1: the untap step begins with phasing, so a tapped permanent that phased out in it
    stays tapped and one that phased in is untapped with the others. Recorded after the untapping
    (702.26b, 502.3), which a difference in a tapped status is blamed on first; not for one that
    phased in and doesn't untap during its controller's untap step (Basalt Monolith), whose status
    502.3 decided."""
    concerned = [p for p in phased if p.id in tapped_before
                 and not (p.phased_in and DOESNT_UNTAP in p.card.statics)]   # 502.3 decided those
    for p in concerned:
        if not p.phased_out and p.tapped:
            note(game, "110.5c", f"{p.id} phased in tapped and wasn't untapped -> it keeps its tapped "
                 "status", (p.id,), (f"permanents.{p.id}.tapped",))
    if not concerned:
        return
    out = [p.id for p in concerned if p.phased_out]
    back = [p.id for p in concerned if not p.phased_out]
    note(game, "502.1", "the untap step began with phasing, before untapping -> "
         + "; ".join(filter(None, (out and f"{', '.join(out)} phased out first and stays tapped",
                                   back and f"{', '.join(back)} phased in first, so the untapping "
                                            "applies to it"))),
         tuple(p.id for p in concerned), tuple(f"permanents.{p.id}.tapped" for p in concerned))


@seam
def draw_step_skipped(game: Game) -> bool:
    """CR 614.10: Psychic Possession's controller skips their draw step."""
    return skips_draw_steps(game, game.active)


def skips_draw_steps(game: Game, seat: int) -> bool:
    """CR 614.1b: `seat` controls a phased-in "skip your draw step" permanent."""
    return any(s.controller == seat for s in statics(game, SKIP_DRAW_STEP))


def draw_step_never_comes(game: Game) -> bool:
    """CR 500.11: as things stand, every player still in the game skips their draw step."""
    return all(skips_draw_steps(game, p.seat) for p in game.players if p.in_game)


@seam
def first_draw_skipped(game: Game) -> bool:
    """CR 103.8a: in a two-player game the starting player skips the draw step of the first turn;
    in other multiplayer games nobody does (103.8c)."""
    return game.turn == 1 and len(game.players) == 2


def _discard_to_hand_size(game: Game, decisions: dict) -> None:
    """CR 514.1: the cleanup step begins with the active player discarding down to their maximum
    hand size, seven (402.2): the card the harness names in `discard` first, then the first cards
    in hand. Only the active player discards; the others keep what they hold."""
    seat = game.active
    excess = len(game.players[seat].hand) - MAXIMUM_HAND_SIZE
    if excess <= 0:
        return
    note(game, "514.1", f"player {seat} holds {excess + MAXIMUM_HAND_SIZE} cards as the cleanup step "
         f"begins -> discards {excess}, down to {MAXIMUM_HAND_SIZE}", (seat,),
         (f"players[{seat}].hand", f"players[{seat}].graveyard"), key="discards-to-hand-size")
    named = decisions.get("discard")
    for _ in range(excess):
        zones.discard(game, seat, named)
        named = None


def _begin_step(game: Game, decisions: dict) -> None:
    if game.step == "untap":
        _untap_step(game, decisions)
        return
    if game.step == "cleanup":
        _discard_to_hand_size(game, decisions)
    if game.step == "upkeep":
        phasing.upkeep_began(game)
        triggers.step_began(game, "upkeep")
    if game.step == "draw":
        if game.players[game.active].in_game:     # else no active player draws (_note_draw_step)
            zones.draw(game, game.active)                      # CR 504.1
        triggers.step_began(game, "draw")
    if game.step == "combat":
        game.attacked, game.attackers = False, {}
    resolve.settle(game, decisions)


def _next_step(game: Game) -> bool:
    """Move to the next step that isn't skipped; True if a new turn began."""
    index = STEPS.index(game.step)
    if index == len(STEPS) - 1:
        game.turn, game.active, game.step = game.turn + 1, _next_active(game), STEPS[0]
        return True
    game.step = STEPS[index + 1]
    if game.step == "draw" and (draw_step_skipped(game) or first_draw_skipped(game)):   # CR 500.11
        _note_draw_step(game, True)
        game.step = STEPS[index + 2]
    elif game.step == "draw":
        _note_draw_step(game, False)
    return False


def _note_draw_step(game: Game, skipped: bool) -> None:
    """Record whether player `game.active` has a draw step, and which rule decided it."""
    seat, fields = game.active, (f"players[{game.active}].hand", f"players[{game.active}].library")
    if skipped and not game.players[seat].library:   # no draw from an empty library: no loss (704.5b)
        fields += (f"players[{seat}].in_game",)
    if skipped and first_draw_skipped(game):
        note(game, "103.8a", f"turn 1 of a two-player game -> player {seat} skips the draw step",
             (seat,), fields, key="skips-first-draw")
    elif skipped or statics(game, SKIP_DRAW_STEP):
        otherwise = ()
        if not skipped and not game.players[seat].library:    # skipped, no draw from it: no loss
            fields += (f"players[{seat}].in_game",)
            otherwise = ((f"players[{seat}].in_game", True),)
        note(game, "614.10", f"player {seat} {'controls' if skipped else 'controls no'} \"skip your "
             f"draw step\" permanent -> the draw step is {'skipped' if skipped else 'not skipped'}",
             (seat,), fields, [s.id for s in statics(game, SKIP_DRAW_STEP)],
             key="skips-draw-step" if skipped else "doesnt-skip-draw-step", otherwise=otherwise)
        if skipped:
            _nothing_of_the_skipped_draw_step(game, seat, fields)
    elif not game.players[seat].in_game:
        note(game, "800.4j", f"player {seat} has left the game -> their turn goes on without an active "
             "player, and nobody draws for its draw step (504.1)", (seat,), fields, key="nobody-draws")
    else:
        note(game, "504.1", f"player {seat}'s draw step -> they draw a card", (seat,), fields, key="draws")


def _nothing_of_the_skipped_draw_step(game: Game, seat: int, fields: tuple) -> None:
    """CR 614.10a: what the skipped draw step would have done doesn't happen — its draw (614.10
    decided the hand and library) and its "at the beginning of the draw step" triggers, which this
    decision decides."""
    waiting = [p.id for p in game.on_battlefield()
               if any(a.event == "each_draw_step" for a in p.card.triggered)]
    note(game, "614.10a", f"player {seat}'s draw step is skipped -> nothing in it happens: no draw"
         + (", and " + ", ".join(waiting) + "'s \"each draw step\" ability doesn't trigger"
            if waiting else ""), (seat, *waiting), tuple(trigger("draw_step", w) for w in waiting))


# The triggers the beginning of a turn fires: its untap step's phasing, its upkeep and its draw.
NEXT_TURN_TRIGGERS = ("phases_in", "phases_out", "upkeep", "last_time_counter_removed", "draw_step",
                      "opponent_draws")


def _note_turn_goes_on(game: Game, noted: int | None) -> int | None:
    """CR 800.4j: a turn whose active player left continues to its end without an active player,
    so no other player's turn (their untap and draw) begins before it ends. The decision concerns
    what the next turn would change: the permanents' tapped and phased states, the remaining
    players' hands, libraries and standing in the game (a draw from an empty library), and the
    triggers of its beginning. Noted once a turn: returns the turn it was noted for."""
    if game.players[game.active].in_game or noted == game.turn or game.over():
        return noted
    seats = [pl.seat for pl in game.players if pl.in_game]
    fields = (tuple(f"players[{s}].{f}" for s in seats for f in ("hand", "library", "in_game"))
              + tuple(f"permanents.{p.id}.{f}" for p in game.permanents.values()
                 if p.zone == "battlefield" for f in ("tapped", "phased_out"))
              + tuple(trigger(event) for event in NEXT_TURN_TRIGGERS))
    note(game, "800.4j", f"active player {game.active} has left the game -> the turn continues to its "
         "end without an active player; the next turn has not begun", (game.active,), fields,
         key="turn-continues")
    return game.turn


def advance(game: Game, step: str, turns: int, decisions: dict) -> None:
    """Go to the first `step` after crossing `turns` turn boundaries, doing everything on the way.
    A draw step that every player comes to skip never comes (CR 500.11): after a further full round
    of turns without it the advance stops, at an upkeep, rather than loop forever."""
    crossed, limit = 0, turns + len(game.players) + 1
    noted = _note_turn_goes_on(game, None)
    while True:
        _end_of_step(game)
        crossed += _next_step(game)
        _begin_step(game, decisions)
        noted = _note_turn_goes_on(game, noted)
        if game.over():                                   # CR 104.1: the game ended on the way
            return
        if game.step == step and crossed >= turns:
            return
        if crossed > limit and game.step == "upkeep":
            return
