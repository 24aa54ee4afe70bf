"""Building a game from a contract scenario (docs/contract.md), refusing bad data with a clear message."""
from __future__ import annotations

from mtg_conformance.oracle.catalog import CATALOG, TOKEN_ONLY, UnknownCard, card
from mtg_conformance.oracle.characteristics import record_power_toughness
from mtg_conformance.oracle.errors import ScenarioError
from mtg_conformance.oracle.sba import aura_is_legal, pending
from mtg_conformance.oracle.state import Game, Permanent, Player
from mtg_conformance.oracle.vocabulary import COLORS, SCENARIO_STEPS
from mtg_conformance.oracle.control import recompute_control


def _attachment(raw, pid: str):
    if raw is None:
        return None
    if isinstance(raw, dict) and len(raw) == 1:
        (kind, ref), = raw.items()
        if kind in ("permanent", "player"):
            return kind, ref
    raise ScenarioError(f"{pid}: attached_to must be {{'permanent': id}} or {{'player': seat}}")


def _permanent(raw: dict, seats: int, clock: int) -> Permanent:
    if not isinstance(raw, dict):
        raise ScenarioError(f"battlefield entry {raw!r} is not an object")
    pid = raw.get("id")
    if not isinstance(pid, str) or not pid or pid.startswith("#") or pid == "token":
        raise ScenarioError(f"battlefield entry has a bad id {pid!r}")
    try:
        c = card(raw.get("card"))
    except (UnknownCard, TypeError):
        raise ScenarioError(f"{pid}: unknown card {raw.get('card')!r}") from None
    if not c.is_permanent_card:
        raise ScenarioError(f"{pid}: {c.name} is not a permanent card")
    if c.name in TOKEN_ONLY and raw.get("token") is not True:
        raise ScenarioError(f"{pid}: {c.name} exists only as a token and needs \"token\": true (CR 111.1)")
    controller = raw.get("controller")
    owner = raw.get("owner", controller)
    for what, seat in (("controller", controller), ("owner", owner)):
        if not isinstance(seat, int) or not 0 <= seat < seats:
            raise ScenarioError(f"{pid}: {what} {seat!r} is not a seat of this game")
    counters = raw.get("counters") or {}
    if not isinstance(counters, dict):
        raise ScenarioError(f"{pid}: counters must be an object of counter kind -> count")
    for kind, n in counters.items():
        if not isinstance(n, int) or n < 0:
            raise ScenarioError(f"{pid}: counters {kind!r} must be a non-negative integer, got {n!r}")
    phased = raw.get("phased_out")
    if phased not in (None, "directly", "indirectly"):
        raise ScenarioError(f"{pid}: phased_out must be null, 'directly' or 'indirectly'")
    color = raw.get("chosen_color")
    if color is not None and color not in COLORS:
        raise ScenarioError(f"{pid}: chosen_color {color!r} is not a colour")
    if c.chooses_color and color is None:
        raise ScenarioError(f"{pid}: {c.name} needs the colour chosen as it entered (chosen_color)")
    return Permanent(
        id=pid, card=c, owner=owner, controller=controller, base_controller=controller,
        tapped=bool(raw.get("tapped", False)), phased_out=phased,
        phased_out_under=controller if phased else None,
        counters={k: n for k, n in counters.items() if n}, attached_to=_attachment(raw.get("attached_to"), pid),
        sick=bool(raw.get("sick", False)), chosen_color=color, token=bool(raw.get("token", False)),
        timestamp=clock)


def _check_attachments(game: Game) -> None:
    """What an attachment refers to exists; a phased-out Aura is on something it can enchant (CR 303.4,
    702.5), phased-out Equipment on a creature. Phased-in ones are judged with the other state-based
    actions, after continuous effects (704.5m, 704.5n)."""
    for p in game.permanents.values():
        if p.attached_to is None:
            continue
        kind, ref = p.attached_to
        if kind == "permanent" and ref not in game.permanents:
            raise ScenarioError(f"{p.id}: attached to unknown permanent {ref!r}")
        if kind == "player" and not (isinstance(ref, int) and 0 <= ref < len(game.players)):
            raise ScenarioError(f"{p.id}: attached to {ref!r}, which is not a seat of this game")
        host = game.permanents.get(ref) if kind == "permanent" else None
        if host is not None and host.phased_out and p.phased_out != "indirectly":
            raise ScenarioError(f"{p.id}: attached to phased-out {ref}, so it must be phased out "
                                "indirectly (CR 702.26g)")
        if p.phased_out == "indirectly" and (host is None or not host.phased_out):
            raise ScenarioError(f"{p.id}: phased out indirectly, but {ref!r} is not phased out")
        if "Aura" in p.card.subtypes:
            if p.phased_out and not aura_is_legal(game, p, p.attached_to, host_may_be_phased_out=True):
                raise ScenarioError(f"{p.id}: {p.card.name} can't enchant {kind} {ref!r}")
        elif p.card.equipment:
            if kind != "permanent" or (p.phased_out and "creature" not in host.card.types):
                raise ScenarioError(f"{p.id}: {p.card.name} can only be attached to a creature")
        else:
            raise ScenarioError(f"{p.id}: {p.card.name} is neither an Aura nor Equipment and can't be attached")
    for p in game.permanents.values():
        if p.phased_out == "indirectly" and p.attached_to is None:
            raise ScenarioError(f"{p.id}: phased out indirectly but attached to nothing")


def build(scenario: dict) -> Game:
    """A Game from a scenario dict; ScenarioError names the first problem found."""
    if not isinstance(scenario, dict):
        raise ScenarioError("a scenario must be a JSON object")
    raw_players = scenario.get("players")
    if not isinstance(raw_players, list) or not 2 <= len(raw_players) <= 4:
        raise ScenarioError("a scenario needs 2 to 4 players")
    players = []
    for seat, rp in enumerate(raw_players):
        if not isinstance(rp, dict):
            raise ScenarioError(f"player {seat} is not an object")
        if not isinstance(rp.get("life", 20), int):
            raise ScenarioError(f"player {seat} life must be an integer, got {rp.get('life')!r}")
        for zone in ("hand", "library"):
            if not isinstance(rp.get(zone, []), list):
                raise ScenarioError(f"player {seat} {zone} must be a list of card names")
            for name in rp.get(zone, []):
                if name not in CATALOG:
                    raise ScenarioError(f"player {seat} {zone}: unknown card {name!r}")
        players.append(Player(seat=seat, life=rp.get("life", 20), library=list(rp.get("library", [])),
                              hand=list(rp.get("hand", []))))
    _check_no_tokens_off_the_battlefield(players)
    permanents = {}
    if not isinstance(scenario.get("battlefield", []), list):
        raise ScenarioError("battlefield must be a list of permanents")
    for i, raw in enumerate(scenario.get("battlefield", [])):
        p = _permanent(raw, len(players), i + 1)
        if p.id in permanents:
            raise ScenarioError(f"duplicate permanent id {p.id!r}")
        permanents[p.id] = p
    active, step, turn = scenario.get("active_player", 0), scenario.get("step", "main1"), scenario.get("turn", 1)
    if not isinstance(active, int) or not 0 <= active < len(players):
        raise ScenarioError(f"active_player {active!r} is not a seat of this game")
    if step not in SCENARIO_STEPS:
        raise ScenarioError(f"step {step!r} is not one of {', '.join(SCENARIO_STEPS)}")
    if not isinstance(turn, int) or turn < 1:
        raise ScenarioError(f"turn must be a positive integer, got {turn!r}")
    game = Game(players=players, permanents=permanents, active=active, step=step, turn=turn,
                clock=len(permanents) + 1)
    _check_attachments(game)
    recompute_control(game, setup=True)     # `controller` is before effects; `sick` is as given
    _check_no_state_based_action(game)
    record_power_toughness(game)
    return game


def _check_no_state_based_action(game: Game) -> None:
    """A scenario is a game state a player could hold priority in, so no state-based action applies
    to it (CR 704.3, 117.5), judged with continuous effects applied (CR 613): Steal Enchantment
    giving the enchanted player control of their Psychic Possession makes it illegal (303.4, 704.5m)."""
    due = pending(game) or _legends_sharing_a_name(game)
    if due:
        rule, what, _ = due[0]
        raise ScenarioError(f"{what}: a state-based action applies (CR {rule}), so no game is in "
                            "this state")


def _legends_sharing_a_name(game: Game) -> list:
    """CR 704.5j, the legend rule: a player controlling two or more phased-in legendary permanents
    of one name keeps one of them. Checked only here, not in play: the contract gives no action a
    choice of which stays (generation gives such a duplicate to another seat; docs/rules.md)."""
    seen = {}
    for p in game.on_battlefield():
        if "legendary" in p.card.supertypes:
            first = seen.setdefault((p.card.name, p.controller), p.id)
            if first != p.id:
                return [("704.5j", f"{first} and {p.id} are legendary permanents named "
                         f"{p.card.name} under player {p.controller}'s control", p)]
    return []


def _check_no_tokens_off_the_battlefield(players: list) -> None:
    """CR 111.8, 704.5d: a token that has left the battlefield ceases to exist, so no hand or library
    holds one; a token-only card (Treasure, Thopter) named there is no card."""
    for player in players:
        for zone in ("hand", "library"):
            for name in getattr(player, zone):
                if name in TOKEN_ONLY:
                    raise ScenarioError(f"player {player.seat} {zone}: {name} exists only as a token, "
                                        "and a token can't be there (CR 111.8, 704.5d)")
