"""phase.rs behind the engine contract (docs/contract.md), in process through phase-python (`phase`).

How the contract maps onto phase.rs (gaps and findings: docs/engines/phase-rs.md):
- A scenario becomes a phase.rs game state built from the objects of a game dealt once (a _Table):
  zones, control, tapped, summoning sickness, counters, phasing, attachments, chosen colours,
  turn and step are set, and the state is loaded. Nothing triggers while setting up.
- Actions an effect performs (phase_out, change_control, put_into_graveyard, tap,
  put_onto_battlefield) are zero-cost helper instants kept in exile, cast and exiled again, so the
  engine applies its own rules and triggers to them.
- Mana parts of costs are added with phase.rs's debug AddMana just before paying.
- The harness's decisions answer the engine's prompts; an illegal action is rolled back (the game
  as it was, or the state last loaded with phase.rs's actions since replayed), and its refusal
  message is mapped to a contract reason class.
- The adapter translates representation, never behaviour (docs/contract.md, "What an adapter may
  and may not do"): what phase.rs does is what the observation says.
"""
from __future__ import annotations

import functools
import json
from collections import Counter, deque
from importlib import metadata

import orjson
import phase

from mtg_conformance.adapters import phase_cards
from mtg_conformance.adapters.contract import (ACTION_TYPES, CONTRACT_VERSION, SCENARIO_FEATURES, ContractError,
                               Engine, EngineError, validate)

# Catalog cards phase.rs can't play, or whose play the contract can't express through phase.rs, and
# why (found by building their faces and driving them; docs/engines/phase-rs.md).
_TARGETED_ENTERS = ("its enters trigger targets: phase.rs never reports a trigger that has no legal "
                    "target (CR 603.3d), refuses a harness target that is illegal while a legal one "
                    "exists, and must pick a target when put_onto_battlefield gives none — none of "
                    "which the contract's conventions (triggered; the ability does nothing) can express")
UNSUPPORTED = {
    "Pale Moon": "its replacement clause parses to an Unimplemented effect, so it changes no mana",
    "Ajani's Anguish": _TARGETED_ENTERS,
    "Banisher Priest": _TARGETED_ENTERS,
    "Oubliette": _TARGETED_ENTERS,
}
SCENARIO = tuple(SCENARIO_FEATURES)        # scenario features it sets up: all of them
# The action types the adapter translates (a `_do_<type>` each): not `deal_damage` or `attach`, which
# it has no translation for yet, so it doesn't declare them (docs/contract.md#capabilities).
ACTIONS = tuple(t for t in ACTION_TYPES if t not in ("deal_damage", "attach"))
STEP_PHASE = {"upkeep": "Upkeep", "draw": "Draw", "main1": "PreCombatMain", "combat": "BeginCombat",
              "main2": "PostCombatMain", "end": "End"}
MANA_NAME = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}
MANA_LETTER = {v: k for k, v in MANA_NAME.items()}
ZONES = {"Battlefield": "battlefield", "Graveyard": "graveyard", "Exile": "exile", "Hand": "hand",
         "Library": "library"}
COUNTER_TO_PHASE = {"+1/+1": "P1P1", "-1/-1": "M1M1"}
COUNTER_FROM_PHASE = {v: k for k, v in COUNTER_TO_PHASE.items()}
# phase.rs refusal messages (lower-cased fragments, first match wins) -> contract reason class.
REFUSALS = (("already untapped", "untapped"), ("is tapped", "tapped"),
            ("summoning sickness", "summoning_sick"), ("phased-out", "phased_out"),
            ("phased out", "phased_out"), ("not your priority", "not_controller"),
            ("not controlled by", "not_controller"),
            ("sorcery-speed", "timing"), ("assorcery", "timing"), ("correct zone", "no_such_object"),
            ("target", "illegal_target"))
MAX_STEPS = 4000           # engine applies allowed for one action before giving up
MAX_REPLAY = 48            # phase.rs actions a rollback may replay before the adapter re-exports


def _json_text(document) -> str:
    """`document` as JSON, for phase.rs to load: orjson writes a game state many times faster than
    the standard library (the same JSON value, compact and in UTF-8)."""
    return orjson.dumps(document).decode()


def _one_line(text: str) -> str:
    return " ".join(str(text).split())[:300]


@functools.cache
def _faces() -> dict[str, dict]:
    """Faces of every catalog card, token and helper, keyed by name."""
    records = [phase_cards.record(n) for n in phase_cards.CARD_NAMES]
    records += [phase_cards.helper_record(n) for n in phase_cards.HELPERS]
    return {r["name"]: phase.build_oracle_face(r, None) for r in records}


@functools.cache
def _database() -> phase.Engine:
    return phase.Engine.from_json(json.dumps({name.lower(): f for name, f in _faces().items()}))


def unsupported() -> dict[str, str]:
    """UNSUPPORTED plus any card whose face holds Unknown/Unimplemented parts, with reasons."""
    found = dict(UNSUPPORTED)
    for name in phase_cards.CARD_NAMES:
        text = json.dumps(_faces()[name])
        if name not in found and ("Unimplemented" in text or '"Unknown"' in text):
            found[name] = "its face has Unknown/Unimplemented parts"
    return found


@functools.cache
def supported_cards() -> tuple[str, ...]:
    return tuple(sorted(set(phase_cards.CARD_NAMES) - set(unsupported())))


def _trigger_event(trigger: dict) -> str | None:
    """The contract's event for a parsed trigger of a catalog card, None if it has none."""
    mode, subject = trigger.get("mode"), (trigger.get("valid_card") or {}).get("type")
    if mode == "ChangesZone":
        if trigger.get("destination") == "Battlefield":
            return "enters" if subject == "SelfRef" else "another_enters"
        return "leaves"
    if mode == "TapsForMana":
        return "tapped_for_mana" if subject == "AttachedTo" else "land_tapped_for_mana"
    if mode == "Phase":
        return {"Upkeep": "upkeep", "Draw": "draw_step"}.get(trigger.get("phase"))
    return {"LeavesBattlefield": "leaves", "Taps": "becomes_tapped", "PhaseOut": "phases_out",
            "PhaseIn": "phases_in", "Drawn": "opponent_draws",
            "CounterRemoved": "last_time_counter_removed"}.get(mode)


class _Rejected(Exception):
    """The action is illegal; `reason` is the contract's class."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class _Unpayable(Exception):
    """phase.rs didn't take the harness's `sacrifice` for an unless-cost: in the contract the cost
    is then not paid, so the action is played again without paying it."""


class _Decisions:
    """The harness's decisions carried by one action, consumed as phase.rs asks for them."""

    def __init__(self, action: dict, unpayable: bool = False):
        self.targets = deque(action.get("targets") or [])
        self.chosen = 0                     # targets given to phase.rs through its prompts
        self.x = action.get("x", 0)
        self.color = action.get("color")
        self.optional = action.get("optional")
        self.tap = action.get("tap")
        self.attach_to = action.get("attach_to")
        self.card = None                    # phase id of the card a Deployer puts onto the battlefield
        self.became_targets: list = []
        self.keep_tapped = set(action.get("keep_tapped") or ())   # advance: "may choose not to untap"
        self.sacrifice = action.get("sacrifice")  # advance: creature sacrificed to an upkeep cost
        self.unpayable = unpayable                # phase.rs wouldn't take it: don't offer it
        self.paid = False                         # it was offered
        self.discard = action.get("discard")      # advance: name of the card discarded
        self.color_asked = False            # phase.rs asked for the mana type
        self.chosen_types: dict[int, set] = {}    # source -> types its mana ability produced, as
                                                  # chosen before replacement effects (CR 106.7)


class _Table:
    """The objects scenarios are built from: one game dealt per number of seats, each seat's deck
    holding `copies` of every supported card and one of each helper, every player keeping, exported
    once. A scenario then costs phase.rs one load instead of a deal, an export and a load.
    Only the deal's objects are used: its history (the opening draws) is no part of a scenario.
    The objects and the frame are kept parsed and shared, never changed: a scenario copies what it
    sets (a shallow copy is enough, setting up replaces values and never changes them inside)."""

    def __init__(self, seats: int, copies: int):
        decks = [[n for n in supported_cards() for _ in range(copies)] + list(phase_cards.HELPERS)
                 for _ in range(seats)]
        extra = {"extra_players": decks[2:], "format": "FreeForAll"} if seats > 2 else {}
        game = _database().new_game(player=decks[0], opponent=decks[1], seed=1, first_player=0, **extra)
        _keep_opening_hands(game)
        envelope = game.state()
        state = envelope["state"]
        self.copies = copies
        self.objects: dict[tuple[int, str], list[dict]] = {}    # (owner, name) -> objects, by id
        for key, obj in sorted(state["objects"].items(), key=lambda item: int(item[0])):
            self.objects.setdefault((obj["owner"], obj["name"]), []).append(obj)
        state.update(objects={}, battlefield=[], exile=[], zone_changes_this_turn=[],
                     deck_pools=[])            # decklists are for matches; dropping them halves load time
        state["resolved_rules_journal"].update(entries=[], nodes=[], next_command_ordinal=0,
                                               next_settlement_node_ordinal=0)
        for player in state["players"]:
            player.update(hand=[], library=[], graveyard=[])
        self.frame = envelope


_TABLES: dict[int, _Table] = {}


def _table(seats: int, copies: int) -> _Table:
    """The table for `seats` players with at least `copies` of each card (dealt again, bigger, when
    a scenario needs more)."""
    table = _TABLES.get(seats)
    if table is None or table.copies < copies:
        table = _TABLES[seats] = _Table(seats, max(copies, 4, 2 * (table.copies if table else 0)))
    return table


class PhaseEngine(Engine):
    """phase.rs, one scenario at a time."""

    def __init__(self):
        self._game = None
        # Rollback without exporting: the game is always `_base` (the state JSON it was last loaded
        # from) with the phase.rs actions in `_log` applied to it, so loading `_base` and replaying
        # a prefix of `_log` restores any earlier point of the current action. `_base_doc` is
        # `_base` parsed (never changed: an edit copies what it sets).
        self._base, self._base_doc, self._log = "", {}, []
        self._untouched = None              # the game as the action found it, until applied to
        self._ids: dict[str, int] = {}      # harness id -> phase object id
        self._helpers: dict[tuple[int, str], int] = {}     # helpers in the game (in exile)
        self._spares: dict[tuple[int, str], dict] = {}     # helpers not yet in it (shared, unchanged)
        self._seats = 0
        self._triggered: list[tuple[int, str, bool]] = []
        self._seen_stack: set[int] = set()
        self._d = _Decisions({})
        self._priority_owner: int | None = None   # who held priority before the adapter moved it
        # A refused action that moved priority only on an edited copy leaves that copy as the edit
        # made it (phase.rs's refusals change nothing, as the rollback below already takes): the
        # next identical edit of the same game, before anything is applied to it, takes the copy
        # instead of exporting and loading the same state again.
        self._last_edit = None              # (game edited, seat, the copy) of this action's last edit
        self._kept_edit = None              # (game, seat, copy, its base, its base_doc)

    # ----------------------------------------------------------------- contract
    def identity(self) -> dict:
        return {"name": "phase.rs", "version": metadata.version("phase-python"),
                "homepage": "https://github.com/phase-rs/phase",
                "issues": "https://github.com/phase-rs/phase/issues", "cr_edition": "unspecified"}

    def capabilities(self) -> dict:
        return {"contract": CONTRACT_VERSION, "cards": list(supported_cards()), "actions": list(ACTIONS),
                "observes": ["triggered", "counters", "tokens"], "max_players": 4,
                "scenario": list(SCENARIO)}

    def start(self, scenario: dict) -> dict:
        validate("scenario", scenario)
        _check_scenario(scenario)
        return _guarded("setting up the scenario", lambda: self._setup(scenario))

    def act(self, action: dict) -> dict:
        validate("action", action)
        if self._game is None:
            raise EngineError("act() before start()")
        return _guarded(action["type"], lambda: self._act(action))

    def close(self) -> None:
        self._game = None

    def _act(self, action: dict) -> dict:
        """Perform the action; if it is illegal, go back to the state from before it (nothing
        changed)."""
        if self._wf()["type"] == "GameOver":
            return self._observe("game_over")
        if len(self._log) > MAX_REPLAY:     # the game as it is becomes the base of rollbacks
            envelope = self._game.state()
            self._base, self._base_doc, self._log = _json_text(envelope), envelope, []
        base, base_doc, log = self._base, self._base_doc, self._log[:]
        ids, helpers = dict(self._ids), dict(self._helpers)
        for unpayable in (False, True):
            game = self._untouched = self._game
            self._last_edit = None
            self._triggered, self._seen_stack = [], set()
            self._d, self._priority_owner = _Decisions(action, unpayable), None
            try:
                getattr(self, "_do_" + action["type"])(action)
                self._finish()
                return self._observe(None)
            except (_Rejected, _Unpayable) as why:
                if self._untouched is game:     # only edited copies changed: keep the game as it was
                    edit = self._last_edit
                    if edit and edit[0] is game and edit[2] is self._game and not self._log:
                        self._kept_edit = (game, edit[1], self._game, self._base, self._base_doc)
                    self._game, self._base, self._base_doc, self._log = game, base, base_doc, log
                elif (self._base, self._log) != (base, log):
                    self._replay(base, base_doc, log)
                self._ids, self._helpers, self._triggered = dict(ids), dict(helpers), []
                if isinstance(why, _Rejected):
                    return self._observe(why.reason)
        raise EngineError("phase.rs wouldn't play the action even without paying the unless-cost")

    def _load(self, envelope: dict, text: str | None = None) -> None:
        """Load the game from a state (`text` is its JSON, if known); it becomes the base of
        rollbacks. The adapter no longer changes `envelope`."""
        text = _json_text(envelope) if text is None else text
        self._kept_edit = None
        self._game = _database().load_game(text)
        self._base, self._base_doc, self._log = text, envelope, []

    def _replay(self, base: str, base_doc: dict, log: list) -> None:
        """The game as it was: `base` loaded and the phase.rs actions in `log` applied to it."""
        self._load(base_doc, base)
        for seat, step in log:
            self._game.apply(seat, step)
        self._log = log

    # ----------------------------------------------------------------- setup
    def _setup(self, scenario: dict) -> dict:
        """Build the scenario's state from a dealt table's objects and load it (CR 110.5, 302.6)."""
        players, battlefield = scenario["players"], scenario["battlefield"]
        self._seats = len(players)
        named = Counter((p.get("owner", p["controller"]), p["card"]) for p in battlefield)
        for seat, pl in enumerate(players):
            named.update((seat, name) for name in pl["hand"] + pl["library"])
        table = _table(self._seats, max(named.values(), default=1))
        envelope = dict(table.frame)
        state = envelope["state"] = dict(envelope["state"], objects={})
        state["players"] = [dict(player) for player in state["players"]]
        taken = Counter()

        def take(owner: int, name: str) -> dict:
            obj = table.objects[(owner, name)][taken[(owner, name)]]
            taken[(owner, name)] += 1
            return obj

        def place(owner: int, name: str) -> int:
            obj = dict(take(owner, name))
            state["objects"][str(obj["id"])] = obj
            return obj["id"]
        self._ids = {p["id"]: place(p.get("owner", p["controller"]), p["card"]) for p in battlefield}
        active = scenario["active_player"]          # who holds priority, and so casts most helpers
        self._helpers = {(active, n): place(active, n) for n in phase_cards.HELPERS}
        self._spares = {(s, n): take(s, n) for s in range(len(players)) if s != active
                        for n in phase_cards.HELPERS}
        _place_battlefield(state, battlefield, self._ids, scenario["turn"])
        for seat, pl in enumerate(players):
            _place_player(state, seat, pl, [place(seat, n) for n in pl["hand"]],
                          [place(seat, n) for n in pl["library"]])
        state["exile"] = list(self._helpers.values())
        for oid in state["exile"]:
            state["objects"][str(oid)]["zone"] = "Exile"
        _set_turn(state, scenario)
        self._load(envelope)
        self._triggered, self._seen_stack = [], set()
        return self._observe(None)

    # ----------------------------------------------------------------- engine plumbing
    def _wf(self) -> dict:
        return self._game.waiting_for()

    def _apply(self, seat: int, action: dict, refusal: str = "fails", note: bool = True):
        """Apply one phase.rs action. A refusal of the harness's own action "rejects" (reason class
        from the message); of an answer to a prompt it rejects if "known" as a rules refusal; of the
        adapter's plumbing it "fails" (EngineError). `note`: record what it targeted and triggered."""
        if self._game is self._untouched:
            self._untouched = None
        self._kept_edit = None
        try:
            result = self._game.apply(seat, action)
            self._log.append((seat, action))
        except ValueError as why:
            reason = _reason(str(why))
            if refusal == "rejects" or (refusal == "known" and reason):
                raise _Rejected(reason or "illegal_choice") from None
            raise EngineError(_one_line(f"phase.rs refused {action.get('type')}: {why}")) from None
        if note:
            self._note(result.events)
        return result

    def _debug(self, request: dict) -> None:
        self._apply(self._game.priority_player(), {"type": "Debug", "data": request})

    def _edit(self, change) -> None:
        """Edit the game's state with `change(state)` and reload it (exported only if the game
        moved on since it was loaded; else a copy of the base, `change` setting values, never
        changing them inside)."""
        if self._log:
            envelope = self._game.state()
        else:
            envelope = dict(self._base_doc)
            envelope["state"] = dict(envelope["state"])
        change(envelope["state"])
        self._load(envelope)

    def _give_priority(self, seat: int, also=None, casts: bool = False) -> None:
        """Let `seat` act now (the harness, not the turn structure, decides who acts); `also(state)`
        is another edit to make on the way. `casts`: what `seat` does next is to put a spell or an
        ability on the stack, which phase.rs counts passes afresh from (pass count 0)."""
        if self._game.priority_player() == seat and self._wf()["type"] == "Priority" and not also:
            return
        if self._priority_owner is None:
            self._priority_owner = self._game.priority_player()
        state = self._base_doc["state"]
        if (also is None and self._no_pass_yet() and seat == state["active_player"]
                and state.get("combat") is None and self._wf()["type"] == "Priority"):
            # phase.rs's debug SetPhase to the step it is in gives the active player priority and,
            # out of combat (it clears combat), leaves the game as the edit below would
            self._debug({"type": "SetPhase", "data": {"phase": self._game.phase, "active_player": seat}})
            return
        if also is None and casts and self._pass_on(seat):
            return
        kept, edited = self._kept_edit, self._game
        if also is None and kept and kept[0] is edited and kept[1] == seat:
            self._kept_edit = None
            self._game, self._base, self._base_doc, self._log = kept[2], kept[3], kept[4], []
            self._last_edit = (edited, seat, self._game)
            return

        def change(state):
            state["priority_player"] = seat
            state["waiting_for"] = {"type": "Priority", "data": {"player": seat}}
            state["priority_pass_count"], state["priority_passes"] = 0, []
            if also:
                also(state)
        self._edit(change)
        self._last_edit = (edited, seat, self._game) if also is None else None

    def _pass_on(self, seat: int) -> bool:
        """Pass priority on until `seat` holds it, if every pass only moves priority on (nothing
        resolves, the step doesn't end): the passes then count for nothing once `seat` casts, as
        after an edit. If one does more, the game goes back to before the passes (nothing of them
        is noted), and False."""
        base, base_doc, log = self._base, self._base_doc, self._log[:]
        for _ in range(self._seats - 1):
            if self._wf()["type"] != "Priority":
                break
            result = self._apply(self._game.priority_player(), {"type": "PassPriority"}, note=False)
            if [event["type"] for event in result.events] != ["PriorityPassed"]:
                break
            if self._game.priority_player() == seat:
                return True
        self._replay(base, base_doc, log)
        return False

    def _no_pass_yet(self) -> bool:
        """Has no one passed priority since the game was loaded from a state where no one had (so
        the pass count is 0, and the step and the turn are the state's)?"""
        state = self._base_doc["state"]
        return (state["priority_pass_count"] == 0
                and all(step["type"] != "PassPriority" for _, step in self._log)
                and (self._game.turn, self._game.phase) == (state["turn_number"], state["phase"]))

    def _supply(self, seat: int, mana: list[str]) -> None:
        """Add the mana part of a cost, which the harness supplies (docs/contract.md)."""
        if mana:
            self._debug({"type": "AddMana", "data": {"player_id": seat, "mana": mana}})

    def _note(self, events: list) -> None:
        """Record what was targeted and what triggered: abilities new on the stack (CR 603.3) and
        triggered mana abilities, which resolve at once (CR 605.4a) and show only as resolved mana
        effects."""
        for entry in self._game.stack():
            if entry["id"] in self._seen_stack:
                continue
            self._seen_stack.add(entry["id"])
            data = entry["kind"]["data"] or {}
            ability = data.get("ability") or {}
            self._d.became_targets += ability.get("targets") or []
            ref = (ability.get("trigger_definition_ref") or {}).get("occurrence") or {}
            if entry["kind"]["type"] == "TriggeredAbility" and ref.get("type") == "Printed":
                self._record(data["source_id"], data.get("source_name"), ref["data"]["printed_index"])
        for event in events:
            data = event.get("data") or {}
            if event["type"] == "EffectResolved" and data.get("kind") == "Mana":
                self._record_mana_trigger(data["source_id"])
            elif event["type"] == "ManaAbilityProduced":
                self._d.chosen_types.setdefault(data["source_id"], set()).update(data["produced"])

    def _record(self, oid: int, name: str | None, index: int) -> None:
        triggers = _faces().get(name, {}).get("triggers") or []
        event = _trigger_event(triggers[index]) if index < len(triggers) else None
        if event:
            self._triggered.append((oid, event, self._is_token(oid)))

    def _record_mana_trigger(self, oid: int) -> None:
        name = (self._lookup(oid) or {}).get("name")
        for i, trigger in enumerate(_faces().get(name, {}).get("triggers") or []):
            if trigger.get("mode") == "TapsForMana":
                self._record(oid, name, i)

    def _object(self, oid: int) -> dict:
        return self._game.object(oid)

    def _lookup(self, oid: int) -> dict | None:
        """The object, or None if it no longer exists (a token off the battlefield, CR 111.7)."""
        try:
            return self._object(oid)
        except ValueError:
            return None

    def _is_token(self, oid: int) -> bool:
        return bool((self._lookup(oid) or {}).get("is_token"))

    # ----------------------------------------------------------------- settling
    def _settle(self, arrived=lambda: True, failure: str = "phase.rs did not settle") -> None:
        """Answer prompts and resolve the stack; with the stack empty, stop once `arrived()`, else
        pass priority on (to move through steps)."""
        for _ in range(MAX_STEPS):
            wf = self._wf()
            if wf["type"] == "GameOver":
                return
            if wf["type"] != "Priority":
                self._answer(wf)
            elif self._game.stack() or not arrived():
                self._pass()
            else:
                return
        raise EngineError(failure)

    def _pass(self) -> None:
        self._apply(self._game.priority_player(), {"type": "PassPriority"})

    def _finish(self) -> None:
        """After every action: priority back to whoever held it, then state-based actions
        (CR 704.3) and every trigger they cause (docs/contract.md)."""
        if self._wf()["type"] == "GameOver":
            return
        self._check_targets()
        owner = self._priority_owner
        if owner is not None and not self._game.player(owner).get("is_eliminated"):
            self._give_priority(owner)
        self._debug({"type": "RunStateBasedActions"})
        self._settle()

    def _check_targets(self) -> None:
        """When phase.rs chose a target itself (the only legal one), it must be the harness's
        (CR 601.2c); targets given for something that targets nothing are ignored."""
        if self._d.targets and not self._d.chosen and self._d.became_targets:
            if self._phase_target(self._d.targets[0]) not in self._d.became_targets:
                raise _Rejected("illegal_target")

    # ----------------------------------------------------------------- prompts
    def _answer(self, wf: dict) -> None:
        kind, data = wf["type"], wf.get("data") or {}
        handler = getattr(self, "_prompt_" + kind, None)
        if handler is None:
            raise EngineError(f"phase.rs asked {kind}, which the adapter can't answer")
        seat = data.get("player", self._game.priority_player())
        self._apply(seat, handler(data), refusal="known")

    def _prompt_ChooseManaColor(self, data: dict) -> dict:
        choice = data["choice"]
        if choice["type"] != "SingleColor":
            raise EngineError(f"phase.rs asked an unsupported mana choice {choice['type']}")
        name = MANA_NAME.get(self._d.color)
        if name not in choice["data"]["options"]:
            raise _Rejected("illegal_choice")
        self._d.color_asked = True
        return {"type": "ChooseManaColor",
                "data": {"choice": {"type": "SingleColor", "data": name}, "count": 1}}

    def _prompt_NamedChoice(self, data: dict) -> dict:
        name = MANA_NAME.get(self._d.color)
        if data.get("choice_type") != "Color" or name not in data["options"]:
            raise _Rejected("illegal_choice")
        return {"type": "ChooseOption", "data": {"choice": name}}

    def _prompt_ChooseXValue(self, data: dict) -> dict:
        if not data["min"] <= self._d.x <= data["max"]:
            raise _Rejected("illegal_choice")
        return {"type": "ChooseX", "data": {"value": self._d.x}}

    def _prompt_TargetSelection(self, data: dict, default_first: bool = False) -> dict:
        """The harness's next target; with none left, stop choosing if phase.rs allows it."""
        legal = [a.data["target"] for a in self._game.actions() if a.kind == "ChooseTarget"]
        if self._d.targets:
            target = self._phase_target(self._d.targets.popleft())
            self._d.chosen += 1
        elif None in legal or not default_first:
            target = None
        else:
            target = legal[0]
        if target not in legal:
            raise _Rejected("illegal_target")
        return {"type": "ChooseTarget", "data": {"target": target}}

    def _prompt_TriggerTargetSelection(self, data: dict) -> dict:
        """A trigger must target if it can (CR 603.3d): the harness's, else the first legal one."""
        return self._prompt_TargetSelection(data, default_first=True)

    def _prompt_ReturnAsAuraTarget(self, data: dict) -> dict:
        """An Aura put onto the battlefield: attached without targeting (CR 303.4f)."""
        target = self._phase_target(self._d.attach_to, "illegal_attachment") if self._d.attach_to else None
        if target not in data["legal_targets"]:
            raise _Rejected("illegal_attachment")
        return {"type": "ChooseTarget", "data": {"target": target}}

    def _prompt_OptionalEffectChoice(self, data: dict) -> dict:
        """`optional`; by default a "may" trigger is used and a "may" in a resolving ability isn't."""
        accept = self._d.optional
        if accept is None:
            accept = "may_trigger_key" in data
        return {"type": "DecideOptionalEffect", "data": {"accept": bool(accept)}}

    def _prompt_OrderTriggers(self, data: dict) -> dict:
        """Simultaneous triggers of one controller (CR 603.3b): the contract resolves triggers in the
        order they triggered — in the untap step, phasing out before phasing in, as 702.26a lists
        them — so they go on the stack in the reverse of that order (the last one put on it resolves
        first). phase.rs lists them in the order they triggered."""
        def rank(i: int) -> int:
            t = data["triggers"][i]
            defs = _faces().get(t.get("source_name"), {}).get("triggers") or []
            event = next((_trigger_event(d) for d in defs if d.get("description") == t.get("description")),
                         None)
            return 0 if event == "phases_out" else 1
        first = sorted(range(len(data["triggers"])), key=rank)
        return {"type": "OrderTriggers", "data": {"order": first[::-1]}}

    def _prompt_PayCost(self, data: dict) -> dict:
        """Springleaf Drum: the harness names the creature tapped for the cost (CR 106.12)."""
        if data["kind"]["type"] != "TapCreatures":
            raise EngineError(f"phase.rs asked an unsupported cost {data['kind']['type']}")
        oid = self._ids.get(self._d.tap)
        if oid not in data["choices"]:
            raise _Rejected("illegal_choice")
        return {"type": "SelectCards", "data": {"cards": [oid]}}

    def _prompt_EffectZoneChoice(self, data: dict) -> dict:
        if self._d.card not in data["cards"]:
            raise _Rejected("illegal_choice")
        return {"type": "SelectCards", "data": {"cards": [self._d.card]}}

    def _prompt_DiscardChoice(self, data: dict) -> dict:
        """The card the harness names (`discard`), then the first ones in hand (docs/contract.md)."""
        hand = [oid for oid in self._game.player(data["player"])["hand"] if oid in data["cards"]]
        named = [oid for oid in hand if self._object(oid)["name"] == self._d.discard][:1]
        chosen = (named + [oid for oid in hand if oid not in named])[:data["count"]]
        return {"type": "SelectCards", "data": {"cards": chosen}}

    _prompt_DiscardToHandSize = _prompt_DiscardChoice

    def _prompt_UnlessPayment(self, data: dict) -> dict:
        """Contamination's upkeep "unless you sacrifice a creature": offered with the permanent the
        harness names in `sacrifice`, if it is on the battlefield; whether it can pay is phase.rs's
        call (a permanent it won't take means the cost is not paid, see _Unpayable)."""
        if data["cost"].get("type") != "Sacrifice":
            raise EngineError(f"phase.rs asked an unsupported unless-cost {data['cost'].get('type')}")
        victim = self._lookup(self._ids[self._d.sacrifice]) if self._d.sacrifice in self._ids else None
        pay = bool(victim and victim["zone"] == "Battlefield" and not self._d.unpayable)
        self._d.paid = self._d.paid or pay
        return {"type": "PayUnlessCost", "data": {"pay": pay}}

    def _prompt_WardSacrificeChoice(self, data: dict) -> dict:
        """The creature sacrificed to pay an unless-cost: the harness's (`sacrifice`)."""
        oid = self._ids.get(self._d.sacrifice)
        if oid not in data["permanents"]:
            raise _Unpayable()
        return {"type": "SelectCards", "data": {"cards": [oid]}}

    def _prompt_UntapChoice(self, data: dict) -> dict:
        """Vedalken Shackles' "may choose not to untap" (CR 502.3): untap unless the harness named
        it in `keep_tapped`."""
        oid = data["candidates"][0]
        keep = {self._ids[hid] for hid in self._d.keep_tapped if hid in self._ids}
        return {"type": "ChooseUntap", "data": {"object_id": oid, "untap": oid not in keep}}

    def _prompt_DeclareAttackers(self, data: dict) -> dict:
        return {"type": "DeclareAttackers", "data": {"attacks": [], "bands": []}}

    def _prompt_DeclareBlockers(self, data: dict) -> dict:
        return {"type": "DeclareBlockers", "data": {"assignments": []}}

    def _phase_target(self, target: dict | None, unknown: str = "illegal_target"):
        """A contract target ({"permanent": id} / {"player": seat}) in phase.rs's shape; one naming
        no object phase.rs has is refused for the `unknown` reason (the contract's reason for a
        target, or for an Aura's attachment)."""
        if target and "player" in target:
            return {"Player": target["player"]}
        if target and target.get("permanent") in self._ids:
            return {"Object": self._ids[target["permanent"]]}
        raise _Rejected(unknown)

    # ----------------------------------------------------------------- actions
    def _permanent(self, hid) -> int:
        oid = self._ids.get(hid)
        if oid is None or (self._lookup(oid) or {}).get("zone") != "Battlefield":
            raise _Rejected("no_such_object")
        return oid

    def _seat(self, seat: int) -> int:
        if not 0 <= seat < self._seats:
            raise _Rejected("no_such_object")
        if self._game.player(seat).get("is_eliminated"):
            raise _Rejected("not_in_game")
        return seat

    def _ability(self, oid: int, index: int, mana: bool) -> tuple[int, dict]:
        """Phase.rs's index of the `index`th mana (or non-mana) activated ability."""
        abilities = [(i, a) for i, a in enumerate(self._object(oid)["abilities"])
                     if a["kind"] == "Activated" and bool(a.get("is_mana_ability")) == mana]
        if not 0 <= index < len(abilities):
            raise _Rejected("illegal_choice")
        return abilities[index]

    def _activate(self, a: dict, mana: bool) -> dict:
        """Activate and resolve; returns the ability as it was when activated."""
        oid = self._permanent(a["permanent"])
        seat = self._seat(a.get("player", self._object(oid)["controller"]))
        index, ability = self._ability(oid, a.get("ability", 0), mana)
        self._give_priority(seat, casts=not mana)
        self._supply(seat, _cost_mana(ability.get("cost") or {}, 0))
        self._apply(seat, {"type": "ActivateAbility", "data": {"source_id": oid, "ability_index": index}},
                    refusal="rejects")
        self._settle()
        return ability

    def _do_activate_mana(self, a: dict) -> None:
        """CR 605: the ability and its triggered mana abilities resolve at once. With one type to
        choose from, phase.rs doesn't ask: the harness's colour must then be the type phase.rs took,
        as the ability produced it — before any replacement effect changed it (CR 106.7, 614)."""
        ability = self._activate(a, mana=True)
        chosen = self._d.chosen_types.get(self._ids[a["permanent"]])
        fixed = ability["effect"].get("produced", {}).get("type") in ("Fixed", "Colorless")
        if (a.get("color") and chosen and not fixed and not self._d.color_asked
                and MANA_NAME[a["color"]] not in chosen):
            raise _Rejected("illegal_choice")

    def _do_activate(self, a: dict) -> None:
        self._activate(a, mana=False)

    def _card_in_hand(self, seat: int, name: str) -> int:
        for oid in self._game.player(seat)["hand"]:
            if self._object(oid)["name"] == name:
                return oid
        raise _Rejected("not_in_hand")

    def _name_new_object(self, hid: str | None, oid: int) -> None:
        if hid is None:
            return
        if hid in self._ids:
            raise _Rejected("illegal_choice")
        self._ids[hid] = oid

    def _do_cast(self, a: dict) -> None:
        """CR 601: X, targets and colour are the harness's; mana is supplied (docs/contract.md)."""
        seat = self._seat(a["player"])
        oid = self._card_in_hand(seat, a["card"])
        obj = self._object(oid)
        if _is_permanent_card(obj):
            self._name_new_object(a.get("id"), oid)
        self._give_priority(seat, casts=True)
        self._supply(seat, _cost_mana(obj["mana_cost"], a.get("x", 0)))
        self._cast_object(seat, oid, bool(a.get("x")) and "X" not in (obj["mana_cost"].get("shards") or []))

    def _cast_object(self, seat: int, oid: int, bad_x: bool = False) -> None:
        """Cast a card from `seat`'s hand (mana already in the pool) and resolve everything; an X
        for a spell without {X} is refused once casting is known to be allowed (CR 107.3a)."""
        self._apply(seat, {"type": "CastSpell", "data": {
            "object_id": oid, "card_id": self._object(oid)["card_id"], "targets": [],
            "payment_mode": {"type": "Auto"}}}, refusal="rejects")
        if bad_x:
            raise _Rejected("illegal_choice")
        self._settle()

    def _effect(self, helper: str, seat: int, targets: list) -> None:
        """Cast `seat`'s helper instant at `targets` and resolve it; then exile it again. A helper
        not yet in the game is put into the hand in the edit that gives `seat` priority."""
        self._d.targets = deque(targets)
        oid = self._helpers.get((seat, helper))
        if oid is None:
            spare = self._spares[(seat, helper)]
            oid = self._helpers[(seat, helper)] = spare["id"]

            def deal(state):
                state["objects"] = dict(state["objects"])
                state["objects"][str(oid)] = dict(spare, zone="Hand")
                state["players"] = list(state["players"])
                player = state["players"][seat] = dict(state["players"][seat])
                player["hand"] = player["hand"] + [oid]
            self._give_priority(seat, also=deal)
        else:
            self._give_priority(seat, casts=True)
            self._debug({"type": "MoveToZone", "data": {"object_id": oid, "to_zone": "Hand"}})
        try:
            self._cast_object(seat, oid)
            self._check_targets()
        except _Rejected as why:
            phased = [t for t in targets if _phased_out(self._lookup(self._ids[t["permanent"]]) or {})]
            raise _Rejected("phased_out" if phased and why.reason == "illegal_target" else why.reason)
        if self._wf()["type"] == "Priority":
            self._debug({"type": "MoveToZone", "data": {"object_id": oid, "to_zone": "Exile"}})

    def _effect_seat(self) -> int:
        """Who casts a helper for an effect with no player: whoever holds priority."""
        return self._game.priority_player()

    def _do_put_onto_battlefield(self, a: dict) -> None:
        """Not cast, so X is 0 (CR 107.3m); an Aura is attached without targeting (303.4f). Which
        card may enter is phase.rs's call: a card it leaves in hand is, in the contract, an Aura
        with nothing to enchant (it stays, 303.4g) or a card that can't enter (rejected)."""
        seat = self._seat(a["player"])
        oid = self._card_in_hand(seat, a["card"])
        self._name_new_object(a["id"], oid)
        self._d.card = oid
        self._effect("Harness Deployer", seat, [])
        if (self._lookup(oid) or {}).get("zone") == "Hand":
            if not _is_permanent_card(self._object(oid)):
                raise _Rejected("illegal_choice")
            del self._ids[a["id"]]
        host = (self._lookup(oid) or {}).get("attached_to")
        wanted = a.get("attach_to")
        if host and wanted and (self._phase_target(wanted, "illegal_attachment")
                                != {host["type"]: host["data"]}):
            raise _Rejected("illegal_attachment")    # phase.rs attached it to the only legal choice

    def _do_phase_out(self, a: dict) -> None:
        """CR 702.26: phased out directly; what's attached phases out indirectly (702.26g). The
        effect can't see permanents already phased out (702.26b), so they are left alone."""
        seen = [hid for hid in a["permanents"] if not _phased_out(self._object(self._permanent(hid)))]
        if seen:
            self._effect("Harness Phaser", self._effect_seat(), [{"permanent": hid} for hid in seen])

    def _do_change_control(self, a: dict) -> None:
        """CR 613.1b (layer 2): the new controller's own effect takes control."""
        self._permanent(a["permanent"])
        seat = self._seat(a["player"])
        helper = "Harness Thief" if a["duration"] == "end_of_turn" else "Harness Taker"
        self._effect(helper, seat, [{"permanent": a["permanent"]}])

    def _do_put_into_graveyard(self, a: dict) -> None:
        self._permanent(a["permanent"])
        self._effect("Harness Reaper", self._effect_seat(), [{"permanent": a["permanent"]}])

    def _do_tap(self, a: dict) -> None:
        self._permanent(a["permanent"])
        self._effect("Harness Tapper", self._effect_seat(), [{"permanent": a["permanent"]}])

    def _do_attack(self, a: dict) -> None:
        """CR 508.1: the active player declares attackers; they attack the next player in turn order
        still in the game (docs/contract.md). The step is the contract's precondition (phase.rs can
        only be asked in combat); whether a creature can attack is phase.rs's call."""
        if self._game.phase != "BeginCombat":
            raise _Rejected("timing")
        oids = [self._permanent(hid) for hid in a["attackers"]]
        for _ in range(self._seats):
            if self._wf()["type"] != "Priority" or self._game.phase != "BeginCombat":
                break
            self._pass()
        wf = self._wf()
        if wf["type"] != "DeclareAttackers":
            if oids:
                raise _Rejected(self._why_cannot_attack(oids[0]))
            return
        attacker = wf["data"]["player"]            # they attack the next player in turn order
        defender = min((t for t in wf["data"]["valid_attack_targets"] if t["type"] == "Player"),
                       key=lambda t: (t["data"] - attacker) % self._seats)
        self._apply(attacker, {"type": "DeclareAttackers", "data": {
            "attacks": [[oid, defender] for oid in oids], "bands": []}}, refusal="rejects")
        self._settle()

    def _why_cannot_attack(self, oid: int) -> str:
        """phase.rs skips declaring when nothing can attack, without saying why: the reason class
        of its refusal is read from the object."""
        obj = self._object(oid)
        if _phased_out(obj):
            return "phased_out"
        if obj["controller"] != self._game.state()["state"]["active_player"]:
            return "not_controller"
        if "Creature" not in obj["card_types"]["core_types"]:
            return "illegal_choice"
        if obj.get("tapped"):
            return "tapped"
        sick = obj.get("summoning_sick") and "Haste" not in obj.get("keywords", [])
        return "summoning_sick" if sick else "illegal_choice"

    def _do_advance(self, a: dict) -> None:
        """Pass priority through every step and turn-based action (CR 500–514) until the first
        `step` after `turns` turn boundaries, with its beginning triggers resolved.

        A draw step that never comes (CR 500.11) is handled as the contract's reference does: if,
        as things stand in phase.rs, every player in the game skips their draw step, the advance
        is rejected (`illegal_choice`) and nothing changes; if the skipping starts on the way, the
        advance stops at an upkeep after `turns` + one turn per seat + 1 turn boundaries."""
        target, turns = STEP_PHASE[a["step"]], a.get("turns", 0)
        if target == "Draw" and self._everyone_skips_draw():
            raise _Rejected("illegal_choice")
        start_turn, start = self._game.turn, (self._game.turn, self._game.phase)
        limit = turns + self._seats + 1

        def arrived() -> bool:
            game = self._game
            return ((game.turn, game.phase) != start and game.phase == target
                    and game.turn - start_turn >= turns) or (
                game.turn - start_turn > limit and game.phase == "Upkeep")

        self._settle(arrived, "phase.rs did not reach the step")
        victim = self._lookup(self._ids[self._d.sacrifice]) if self._d.paid else None
        if victim and victim["zone"] == "Battlefield":
            raise _Unpayable()                  # phase.rs paid with something else

    def _everyone_skips_draw(self) -> bool:
        """Does every player still in the game control a phased-in permanent that phase.rs gives
        "skip your draw step" (its SkipStep Draw static, for its controller)?"""
        skipping = set()
        for obj in self._game.battlefield():
            if _phased_out(obj):
                continue
            for static in obj.get("static_definitions") or []:
                if (static.get("mode") == {"SkipStep": {"step": "Draw"}}
                        and (static.get("affected") or {}).get("type") == "Controller"):
                    skipping.add(obj["controller"])
        return all(seat in skipping for seat in range(self._seats)
                   if not self._game.player(seat).get("is_eliminated"))

    def _do_concede(self, a: dict) -> None:
        """CR 104.3a, 800.4a: the player leaves at once."""
        seat = self._seat(a["player"])
        self._apply(seat, {"type": "Concede", "data": {"player_id": seat}}, refusal="rejects")

    def _do_check_sba(self, a: dict) -> None:
        """State-based actions run after every action (see _finish)."""

    # ----------------------------------------------------------------- observation
    def _observe(self, rejected: str | None) -> dict:
        seats = [self._game.player(seat) for seat in range(self._seats)]
        names = {oid: hid for hid, oid in self._ids.items()}
        permanents = {hid: _observe_object(self._lookup(oid), names)
                      for hid, oid in self._ids.items()}
        tokens = [Counter() for _ in range(self._seats)]
        for obj in self._game.battlefield():
            if obj.get("is_token") and obj["id"] not in names and not _phased_out(obj):
                tokens[obj["controller"]][obj["name"]] += 1
        helpers = set(self._helpers.values())
        players = [_observe_player(p, tokens[i], helpers) for i, p in enumerate(seats)]
        triggered = sorted([names.get(oid, "token"), event] for oid, event, token in self._triggered
                           if oid in names or token)
        self._triggered = []
        return {"permanents": permanents, "players": players, "triggered": triggered,
                "rejected": rejected}


# --------------------------------------------------------------------- module helpers
def _guarded(what: str, run):
    """Run `run()`; anything phase.rs throws that isn't a verdict becomes a one-line EngineError
    (a Rust panic arrives as pyo3's PanicException, a BaseException)."""
    try:
        return run()
    except (EngineError, ContractError, KeyboardInterrupt, SystemExit):
        raise
    except BaseException as why:
        raise EngineError(_one_line(f"phase.rs failed on {what}: {type(why).__name__}: {why}")) from None


def _reason(message: str) -> str | None:
    """The contract's reason class for a phase.rs refusal message, None if it isn't a known one."""
    low = message.lower()
    return next((reason for fragment, reason in REFUSALS if fragment in low), None)


def _cost_mana(cost: dict, x: int) -> list[str]:
    """The mana that pays `cost` exactly: generic and X as colorless, a hybrid pip as its first
    colour (CR 107.4e), X taken as `x` (CR 107.3a)."""
    if cost.get("type") == "Composite":
        return [m for part in cost["costs"] for m in _cost_mana(part, x)]
    if cost.get("type") == "Mana":
        cost = cost["cost"]
    if cost.get("type") != "Cost":
        return []
    mana = ["Colorless"] * cost.get("generic", 0)
    for shard in cost.get("shards") or []:
        if shard == "X":
            mana += ["Colorless"] * x
        else:
            mana.append(next(n for n in MANA_NAME.values() if shard.startswith(n)))
    return mana


def _check_scenario(scenario: dict) -> None:
    """What the schema can't say: known cards, unique ids, seats and attachments that exist."""
    seats, cards = len(scenario["players"]), set(supported_cards())
    ids = [p["id"] for p in scenario["battlefield"]]
    if len(set(ids)) != len(ids):
        raise ContractError("scenario refused: duplicate permanent id")
    named = [p["card"] for p in scenario["battlefield"]]
    named += [c for pl in scenario["players"] for c in pl["hand"] + pl["library"]]
    for name in named:
        if name not in cards:
            raise ContractError(f"scenario refused: {name!r} is not a card phase.rs supports")
    for p in scenario["battlefield"]:
        if p["controller"] >= seats or p.get("owner", 0) >= seats or scenario["active_player"] >= seats:
            raise ContractError(f"scenario refused: {p['id']} names a seat not in the game")
        host = p.get("attached_to") or {}
        if ("permanent" in host and host["permanent"] not in ids) or host.get("player", 0) >= seats:
            raise ContractError(f"scenario refused: {p['id']} is attached to nothing in the game")


def _keep_opening_hands(game) -> None:
    """Every player keeps (no mulligans: the scenario sets the hands)."""
    for _ in range(16):
        wf = game.waiting_for()
        if wf["type"] != "MulliganDecision":
            return
        seat = wf["data"]["pending"][0]["player"] if "pending" in wf["data"] else wf["data"]["player"]
        game.apply(seat, {"type": "MulliganDecision", "data": {"choice": {"type": "Keep"}}})
    raise EngineError("phase.rs kept asking for mulligans")


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


def _is_permanent_card(obj: dict) -> bool:
    """CR 110.4: a card of a permanent type (not an instant or sorcery)."""
    return not {"Instant", "Sorcery"} & set(obj["card_types"]["core_types"])


def _phased_out(obj: dict) -> bool:
    return (obj.get("phase_status") or {}).get("status") == "PhasedOut"


def _observe_object(obj: dict | None, names: dict) -> dict:
    """One harness-named object; a token that left the battlefield is gone ("none", CR 111.7)."""
    off = {"phased_out": False, "controller": None, "tapped": False, "counters": {}, "attached_to": None}
    if obj is None or (obj.get("is_token") and obj["zone"] != "Battlefield"):
        return {"zone": "none", **off}
    zone = ZONES.get(obj["zone"])
    if zone is None:
        raise EngineError(f"phase.rs left an object in zone {obj['zone']}")
    if zone != "battlefield":
        return {"zone": zone, **off}
    host = obj.get("attached_to")
    attached = None
    if host and host["type"] == "Player":
        attached = {"player": host["data"]}
    elif host:
        attached = {"permanent": names.get(host["data"], "token")}
    counters = {COUNTER_FROM_PHASE.get(k, k): n for k, n in (obj.get("counters") or {}).items() if n}
    return {"zone": "battlefield", "phased_out": _phased_out(obj), "controller": obj["controller"],
            "tapped": bool(obj.get("tapped")), "counters": counters, "attached_to": attached}


def _observe_player(player: dict, tokens: Counter, helpers: set) -> dict:
    mana = dict.fromkeys("WUBRGC", 0)
    for unit in player["mana_pool"]["mana"]:
        mana[MANA_LETTER[unit["color"]]] += 1
    return {"life": player["life"], "mana": mana, "hand": len(player["hand"]),
            "library": len(player["library"]),
            "graveyard": len([oid for oid in player["graveyard"] if oid not in helpers]),
            "in_game": not player.get("is_eliminated"), "tokens": dict(tokens)}
