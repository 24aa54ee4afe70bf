"""A contract scenario as a phase.rs game state (CR 110.5, 302.6, 613.7): built from the objects of a
game dealt once per number of seats (a table), without dealing, exporting or triggering anything."""
from __future__ import annotations

from mtg_conformance.adapters import phase_cards
from mtg_conformance.adapters.contract import EngineError
from mtg_conformance.adapters.phase_rs.cards import database
from mtg_conformance.adapters.phase_rs.vocabulary import COUNTER_TO_PHASE, MANA_NAME, STEP_PHASE


class Table:
    """The objects scenarios are built from: one game dealt per number of seats, each seat's deck
    holding one of every supported card and of each helper, every player keeping, exported once.
    Each dealt object is a template: a scenario's objects are copies of them with ids of their own
    (an object's id is in its `id` and `card_id` only), so a scenario costs phase.rs one load
    instead of a deal, an export and a load, and any number of copies of a card costs nothing more.
    Only the deal's objects are used: its history (the opening draws) is no part of a scenario.
    The templates and the frame are kept parsed and shared, never changed: a scenario copies what it
    sets (a shallow copy is enough, setting up replaces values and never changes them inside)."""

    def __init__(self, seats: int):
        decks = [list(phase_cards.DECLARED) + list(phase_cards.HELPERS) for _ in range(seats)]
        extra = {"extra_players": decks[2:], "format": "FreeForAll"} if seats > 2 else {}
        game = database().new_game(player=decks[0], opponent=decks[1], seed=1, first_player=0, **extra)
        keep_opening_hands(game)
        envelope = game.state()
        state = envelope["state"]
        self.templates: dict[tuple[int, str], dict] = {(obj["owner"], obj["name"]): obj
                                                       for obj in state["objects"].values()}
        self.first_id = state["next_object_id"]        # a scenario numbers its objects from here
        state.update(objects={}, battlefield=[], exile=[], zone_changes_this_turn=[],
                     deck_pools=[])            # decklists are for matches; dropping them halves load time
        state["resolved_rules_journal"].update(entries=[], nodes=[], next_command_ordinal=0,
                                               next_settlement_node_ordinal=0)
        for player in state["players"]:
            player.update(hand=[], library=[], graveyard=[])
        self.frame = envelope


_TABLES: dict[int, Table] = {}


def table(seats: int) -> Table:
    """The table for `seats` players (dealt once per process)."""
    if seats not in _TABLES:
        _TABLES[seats] = Table(seats)
    return _TABLES[seats]


def keep_opening_hands(game) -> None:
    """Every player keeps (no mulligans: the scenario sets the hands)."""
    for _ in range(16):
        wf = game.waiting_for()
        if wf["type"] != "MulliganDecision":
            return
        seat = wf["data"]["pending"][0]["player"] if "pending" in wf["data"] else wf["data"]["player"]
        game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
    raise EngineError("phase.rs kept asking for mulligans")


class Setup:
    """A scenario's game state (`envelope`, to load), the phase.rs ids of its harness-named objects,
    the helper instants it holds (the active player's, in exile) and those of the other seats, not
    yet in it (`spares`, dealt when first needed)."""

    def __init__(self, scenario: dict):
        players, battlefield = scenario["players"], scenario["battlefield"]
        dealt = table(len(players))
        envelope = dict(dealt.frame)
        state = envelope["state"] = dict(envelope["state"], objects={})
        state["players"] = [dict(player) for player in state["players"]]
        fresh = iter(range(dealt.first_id, dealt.first_id + 10 ** 6))

        def take(owner: int, name: str) -> dict:
            oid = next(fresh)
            return dict(dealt.templates[(owner, name)], id=oid, card_id=oid)

        def place(owner: int, name: str) -> int:
            obj = take(owner, name)
            state["objects"][str(obj["id"])] = obj
            return obj["id"]
        self.ids = {p["id"]: place(p.get("owner", p["controller"]), p["card"]) for p in battlefield}
        active = scenario["active_player"]          # who holds priority, and so casts most helpers
        self.helpers = {(active, n): place(active, n) for n in phase_cards.HELPERS}
        self.spares = {(s, n): take(s, n) for s in range(len(players)) if s != active
                       for n in phase_cards.HELPERS}
        _place_battlefield(state, battlefield, self.ids, scenario["turn"])
        for seat, pl in enumerate(players):
            _place_player(state, seat, pl, [place(seat, n) for n in pl["hand"]],
                          [place(seat, n) for n in pl["library"]])
        state["exile"] = list(self.helpers.values())
        for oid in state["exile"]:
            state["objects"][str(oid)]["zone"] = "Exile"
        _set_turn(state, scenario)
        state["next_object_id"] = next(fresh)
        self.envelope = envelope


def _place_battlefield(state: dict, battlefield: list, ids: dict, turn: int) -> None:
    """Battlefield objects with their status (CR 110.5), sickness (302.6) and attachments."""
    objects = state["objects"]
    state["battlefield"] = []
    for stamp, p in enumerate(battlefield, start=1):      # timestamps in scenario order (CR 613.7)
        oid = ids[p["id"]]
        obj = objects[str(oid)]
        obj.update(zone="Battlefield", controller=p["controller"], base_controller=p["controller"],
                   timestamp=stamp,
                   tapped=p.get("tapped", False), summoning_sick=p.get("sick", False),
                   entered_battlefield_turn=turn if p.get("sick") else turn - 1, attachments=[],
                   counters={COUNTER_TO_PHASE.get(k, k): n for k, n in (p.get("counters") or {}).items()
                             if n})
        if p.get("phased_out"):
            obj["phase_status"] = {"status": "PhasedOut", "cause": p["phased_out"].capitalize()}
        if p.get("chosen_color"):
            obj["chosen_attributes"] = [{"type": "Color", "value": MANA_NAME[p["chosen_color"]]}]
        if p.get("token"):
            obj["is_token"] = True
        state["battlefield"].append(oid)
    state["next_timestamp"] = max(state.get("next_timestamp", 0), len(battlefield) + 1)
    for p in battlefield:
        host = p.get("attached_to")
        if not host:
            continue
        obj = objects[str(ids[p["id"]])]
        if "player" in host:
            obj["attached_to"] = {"type": "Player", "data": host["player"]}
        else:
            obj["attached_to"] = {"type": "Object", "data": ids[host["permanent"]]}
            objects[str(ids[host["permanent"]])]["attachments"].append(ids[p["id"]])


def _place_player(state: dict, seat: int, raw: dict, hand: list[int], library: list[int]) -> None:
    """Life, hand and library (top card first) of one seat."""
    player = state["players"][seat]
    player.update(life=raw["life"], hand=hand, library=library, graveyard=[],
                  drew_from_empty_library=False)
    for zone, oids in (("Hand", hand), ("Library", library)):
        for oid in oids:
            state["objects"][str(oid)]["zone"] = zone


def _set_turn(state: dict, scenario: dict) -> None:
    active = scenario["active_player"]
    state.update(turn_number=scenario["turn"], active_player=active,
                 phase=STEP_PHASE[scenario["step"]], priority_player=active,
                 waiting_for={"type": "Priority", "data": {"player": active}},
                 priority_pass_count=0, priority_passes=[], debug_mode=True)
