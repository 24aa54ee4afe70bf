"""phase.rs's prompts answered with the decisions the harness's action carries (docs/contract.md:
the harness makes every decision the rules leave to a player)."""
from __future__ import annotations

from mtg_conformance.adapters.contract import EngineError
from mtg_conformance.adapters.kit import Refusal
from mtg_conformance.adapters.phase_rs.cards import faces, trigger_event
from mtg_conformance.adapters.phase_rs.driving import Unpayable
from mtg_conformance.adapters.phase_rs.vocabulary import MANA_NAME


class Prompts:
    """A `_prompt_<kind>` per phase.rs prompt (`waiting_for` type): the phase.rs action answering it."""

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
            raise Refusal("illegal_choice")
        self._d.color_asked = True
        return {"type": "ChooseManaColor",
                "data": {"choice": {"type": "SingleColor", "data": name}, "count": 1}}

    def _prompt_NamedChoice(self, data: dict) -> dict:
        name = MANA_NAME.get(self._d.color)
        if data.get("choice_type") != "Color" or name not in data["options"]:
            raise Refusal("illegal_choice")
        return {"type": "ChooseOption", "data": {"choice": name}}

    def _prompt_ChooseXValue(self, data: dict) -> dict:
        self._d.x_asked = True
        if not data["min"] <= self._d.x <= data["max"]:
            raise Refusal("illegal_choice")
        return {"type": "ChooseX", "data": {"value": self._d.x}}

    def _prompt_PayAmountChoice(self, data: dict) -> dict:
        """"Remove any number of storage counters" (CR 107.3a, 601.2h): the action's `x`."""
        if data["resource"]["type"] != "Counters":
            raise EngineError(f"phase.rs asked an unsupported amount {data['resource']['type']}")
        self._d.x_asked = True
        if not data["min"] <= self._d.x <= data["max"]:
            raise Refusal("illegal_choice")
        return {"type": "SubmitPayAmount", "data": {"amount": self._d.x}}

    def _prompt_TargetSelection(self, data: dict, default_first: bool = False) -> dict:
        """The harness's next target; with none left, stop choosing if phase.rs allows it. For a
        trigger (`default_first`) that may take fewer targets (Guardian of Faith's "any number"), a
        harness target phase.rs doesn't offer — illegal, or chosen already (CR 115.3) — is passed
        over: the contract's trigger leaves an illegal target unaffected (608.2b)."""
        legal = _legal_targets(data)
        while default_first and None in legal and self._d.targets and (
                self._phase_target(self._d.targets[0]) not in legal):
            self._d.targets.popleft()
        if self._d.targets:
            target = self._phase_target(self._d.targets.popleft())
            self._d.chosen += 1
        elif None in legal or not default_first:
            target = None
        else:
            target = legal[0]
        if target not in legal:
            raise Refusal("illegal_target")
        return {"type": "ChooseTarget", "data": {"target": target}}

    def _prompt_TriggerTargetSelection(self, data: dict) -> dict:
        """A trigger must target if it can (CR 603.3d): the harness's, else the first legal one."""
        return self._prompt_TargetSelection(data, default_first=True)

    def _prompt_ReturnAsAuraTarget(self, data: dict) -> dict:
        """An Aura put onto the battlefield: attached without targeting (CR 303.4f)."""
        target = self._phase_target(self._d.attach_to, "illegal_attachment") if self._d.attach_to else None
        if target not in data["legal_targets"]:
            raise Refusal("illegal_attachment")
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
            defs = faces().get(t.get("source_name"), {}).get("triggers") or []
            event = next((trigger_event(d) for d in defs if d.get("description") == t.get("description")),
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
            raise Refusal("illegal_choice")
        return {"type": "SelectCards", "data": {"cards": [oid]}}

    def _prompt_EffectZoneChoice(self, data: dict) -> dict:
        if self._d.card not in data["cards"]:
            raise Refusal("illegal_choice")
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
        call (a permanent it won't take means the cost is not paid, see Unpayable)."""
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
            raise Unpayable()
        return {"type": "SelectCards", "data": {"cards": [oid]}}

    def _prompt_UntapChoice(self, data: dict) -> dict:
        """Vedalken Shackles' "may choose not to untap" (CR 502.3): untap unless the harness named
        it in `keep_tapped`."""
        oid = data["candidates"][0]
        keep = {self._ids[hid] for hid in self._d.keep_tapped if hid in self._ids}
        return {"type": "ChooseUntap", "data": {"object_id": oid, "untap": oid not in keep}}

    def _prompt_ChooseLegend(self, data: dict) -> dict:
        """The legend rule (CR 704.5j) has its controller keep one: the contract has no decision for
        it, so the one first in the scenario (or first named by an action) stays."""
        order = list(self._ids.values())
        keep = min(data["candidates"], key=lambda oid: order.index(oid) if oid in order else len(order))
        return {"type": "ChooseLegend", "data": {"keep": keep}}

    def _prompt_DeclareAttackers(self, data: dict) -> dict:
        return {"type": "DeclareAttackers", "data": {"attacks": [], "bands": []}}

    def _prompt_DeclareBlockers(self, data: dict) -> dict:
        return {"type": "DeclareBlockers", "data": {"assignments": []}}


def _legal_targets(data: dict) -> list:
    """The targets phase.rs offers for the slot it asks about (its `current_legal_targets`), and None
    when that slot may be left empty."""
    selection = data["selection"]
    slot = data["target_slots"][selection["current_slot"]]
    return selection["current_legal_targets"] + ([None] if slot.get("optional") else [])
