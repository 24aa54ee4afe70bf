"""Driving a phase.rs game: applying its actions and keeping what rolls them back, giving priority
to the player the harness says acts, settling the stack and prompts, and noting triggers (CR 603.3,
605.4a). Scaffolding only: nothing here decides a rules question phase.rs can be asked."""
from __future__ import annotations

from collections import deque

from mtg_conformance.adapters.contract import EngineError
from mtg_conformance.adapters.kit import Refusal, one_line
from mtg_conformance.adapters.phase_rs.cards import database, faces, trigger_event
from mtg_conformance.adapters.phase_rs.vocabulary import json_text, refusal_reason

MAX_STEPS = 4000           # engine applies allowed for one action before giving up
MAX_REPLAY = 48            # phase.rs actions a rollback may replay before the adapter re-exports


class Unpayable(Exception):
    """phase.rs didn't take the harness's `sacrifice` for an unless-cost: in the contract the cost
    is then not paid, so the action is played again without paying it."""


class Decisions:
    """The harness's decisions carried by one action, consumed as phase.rs asks for them."""

    def __init__(self, action: dict, unpayable: bool = False):
        self.targets = deque(action.get("targets") or [])
        self.chosen = 0                     # targets given to phase.rs through its prompts
        self.x = action.get("x", 0)
        self.x_asked = False                # phase.rs asked for X
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



class Driver:
    """One phase.rs game and the means to drive it: applying actions and keeping what rolls them
    back, moving priority to whoever the harness says acts, answering prompts until the game
    settles, and noting what was targeted and triggered on the way."""

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
        self._tokens: set[str] = set()     # harness ids of the scenario's tokens
        self._triggered: list[tuple[int, str, bool]] = []
        self._seen_stack: set[int] = set()
        self._d = Decisions({})
        self._priority_owner: int | None = None   # who held priority before the adapter moved it
        # A refused action that moved priority only on an edited copy leaves that copy as the edit
        # made it (phase.rs's refusals change nothing, as the rollback below already takes): the
        # next identical edit of the same game, before anything is applied to it, takes the copy
        # instead of exporting and loading the same state again.
        self._last_edit = None              # (game edited, seat, the copy) of this action's last edit
        self._kept_edit = None              # (game, seat, copy, its base, its base_doc)

    def _load(self, envelope: dict, text: str | None = None) -> None:
        """Load the game from a state (`text` is its JSON, if known); it becomes the base of
        rollbacks. The adapter no longer changes `envelope`."""
        text = json_text(envelope) if text is None else text
        self._kept_edit = None
        self._game = database().load_game(text)
        self._base, self._base_doc, self._log = text, envelope, []

    def _replay(self, base: str, base_doc: dict, log: list) -> None:
        """The game as it was: `base` loaded and the phase.rs actions in `log` applied to it."""
        self._load(base_doc, base)
        for seat, step in log:
            self._game.apply(seat, step)
        self._log = log

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
            reason = refusal_reason(str(why))
            if refusal == "rejects" or (refusal == "known" and reason):
                raise Refusal(reason or "illegal_choice") from None
            raise EngineError(one_line(f"phase.rs refused {action.get('type')}: {why}")) from None
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
        try:
            self._load(envelope)
        except ValueError as why:
            raise EngineError(one_line(f"phase.rs can't load back the state it exported, edited to move "
                                       f"priority: {why}")) from None

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
        effects — mana resolved from the stack (Overabundance's trigger, which phase.rs stacks) was
        recorded when it went on the stack."""
        for entry in self._game.stack():
            data = entry["kind"]["data"] or {}
            ability = data.get("ability") or {}
            # a spell's targets show on the stack once chosen, after its X perhaps: read them each time
            self._d.became_targets += [t for t in ability.get("targets") or [] if t not in self._d.became_targets]
            if entry["id"] in self._seen_stack:
                continue
            self._seen_stack.add(entry["id"])
            ref = (ability.get("trigger_definition_ref") or {}).get("occurrence") or {}
            if entry["kind"]["type"] == "TriggeredAbility" and ref.get("type") == "Printed":
                self._record(data["source_id"], data.get("source_name"), ref["data"]["printed_index"])
        from_stack = any(event["type"] == "StackResolved" for event in events)
        for event in events:
            data = event.get("data") or {}
            if event["type"] == "EffectResolved" and data.get("kind") == "Mana" and not from_stack:
                self._record_mana_trigger(data["source_id"])
            elif event["type"] == "ManaAbilityProduced":
                self._d.chosen_types.setdefault(data["source_id"], set()).update(data["produced"])

    def _record(self, oid: int, name: str | None, index: int) -> None:
        triggers = faces().get(name, {}).get("triggers") or []
        event = trigger_event(triggers[index]) if index < len(triggers) else None
        if event:
            self._triggered.append((oid, event, self._is_token(oid)))

    def _record_mana_trigger(self, oid: int) -> None:
        name = (self._lookup(oid) or {}).get("name")
        for i, trigger in enumerate(faces().get(name, {}).get("triggers") or []):
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
        pass priority on (to move through steps). Every player passing in succession twice over
        with the same stack means phase.rs won't resolve it (CR 117.4): an EngineError at once."""
        stuck, before = 0, None
        for _ in range(MAX_STEPS):
            wf = self._wf()
            if wf["type"] == "GameOver":
                return
            stack = self._game.stack()
            if wf["type"] != "Priority":
                self._answer(wf)
            elif stack or not arrived():
                seen = [entry["id"] for entry in stack]
                stuck = stuck + 1 if stack and seen == before else 0
                if stuck > 2 * self._seats:
                    raise EngineError("phase.rs doesn't resolve the top of its stack once every player "
                                      "passed priority (it left a resolution unfinished)")
                before = seen
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
                raise Refusal("illegal_target")

    def _phase_target(self, target: dict | None, unknown: str = "illegal_target"):
        """A contract target ({"permanent": id} / {"player": seat}) in phase.rs's shape; one naming
        no object phase.rs has is refused for the `unknown` reason (the contract's reason for a
        target, or for an Aura's attachment)."""
        if target and "player" in target:
            return {"Player": target["player"]}
        if target and target.get("permanent") in self._ids:
            return {"Object": self._ids[target["permanent"]]}
        raise Refusal(unknown)
