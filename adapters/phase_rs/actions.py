"""The contract's actions (docs/contract.md#actions) as phase.rs actions: a `_do_<type>` each."""
from __future__ import annotations

from collections import deque

from mtg_conformance.adapters import phase_cards
from mtg_conformance.adapters.kit import Refusal
from mtg_conformance.adapters.phase_rs.driving import Unpayable
from mtg_conformance.adapters.phase_rs.vocabulary import (MANA_LETTER, MANA_NAME, STEP_PHASE, cost_mana,
                                                          is_permanent_card, phased_out)


class Actions:
    """What each contract action asks of phase.rs; mixed into the engine with the Driver."""

    def _permanent(self, hid) -> int:
        oid = self._ids.get(hid)
        if oid is None or (self._lookup(oid) or {}).get("zone") != "Battlefield":
            raise Refusal("no_such_object")
        return oid

    def _seat(self, seat: int) -> int:
        if not 0 <= seat < self._seats:
            raise Refusal("no_such_object")
        if self._game.player(seat).get("is_eliminated"):
            raise Refusal("not_in_game")
        return seat

    def _ability(self, oid: int, index: int, mana: bool) -> tuple[int, dict]:
        """Phase.rs's index of the `index`th mana (or non-mana) activated ability, in the contract's
        numbering (docs/contract.md#actions)."""
        obj = self._object(oid)
        abilities = [(i, a) for i, a in enumerate(obj["abilities"])
                     if a["kind"] == "Activated" and bool(a.get("is_mana_ability")) == mana]
        if mana:
            abilities = _contract_order(obj, abilities)
        if not 0 <= index < len(abilities):
            raise Refusal("illegal_choice")
        return abilities[index]

    def _activate(self, a: dict, mana: bool) -> dict:
        """Activate and resolve; returns the ability as it was when activated. X is the harness's
        (CR 107.3k); an X for an ability without {X} in its cost is refused once activating is known
        to be allowed (107.3a): phase.rs never asked for it — for a mana ability whose cost removes
        any number of counters, X is how many."""
        oid = self._permanent(a["permanent"])
        seat = self._seat(a.get("player", self._object(oid)["controller"]))
        index, ability = self._ability(oid, a.get("ability", 0), mana)
        cost = ability.get("cost") or {}
        self._give_priority(seat, casts=not mana)
        self._supply(seat, cost_mana(cost, a.get("x", 0)))
        self._apply(seat, {"type": "ActivateAbility", "data": {"source_id": oid, "ability_index": index}},
                    refusal="rejects")
        self._settle()
        if a.get("x") and not self._d.x_asked:     # phase.rs asks X of an ability that has one
            raise Refusal("illegal_choice")
        return ability

    def _do_activate_mana(self, a: dict) -> None:
        """CR 605: the ability and its triggered mana abilities resolve at once. An ability that makes
        one fixed type (phase.rs: Fixed, Colorless, or one colour to choose from, as Cabal Coffers'
        "{B} for each Swamp") ignores the harness's colour. With one type to choose from, phase.rs
        doesn't ask: the harness's colour must then be the type phase.rs took, as the ability
        produced it — before any replacement effect changed it (CR 106.7, 614)."""
        ability = self._activate(a, mana=True)
        chosen = self._d.chosen_types.get(self._ids[a["permanent"]])
        produced = ability["effect"].get("produced") or {}
        fixed = produced.get("type") in ("Fixed", "Colorless") or len(produced.get("color_options") or "..") == 1
        if (a.get("color") and chosen and not fixed and not self._d.color_asked
                and MANA_NAME[a["color"]] not in chosen):
            raise Refusal("illegal_choice")

    def _do_activate(self, a: dict) -> None:
        self._activate(a, mana=False)

    def _card_in_hand(self, seat: int, name: str) -> int:
        for oid in self._game.player(seat)["hand"]:
            if self._object(oid)["name"] == name:
                return oid
        raise Refusal("not_in_hand")

    def _name_new_object(self, hid: str | None, oid: int) -> None:
        if hid is None:
            return
        if hid in self._ids:
            raise Refusal("illegal_choice")
        self._ids[hid] = oid

    def _do_cast(self, a: dict) -> None:
        """CR 601: X, targets and colour are the harness's; mana is supplied (docs/contract.md)."""
        seat = self._seat(a["player"])
        oid = self._card_in_hand(seat, a["card"])
        obj = self._object(oid)
        if is_permanent_card(obj):
            self._name_new_object(a.get("id"), oid)
        self._give_priority(seat, casts=True)
        self._supply(seat, cost_mana(obj["mana_cost"], a.get("x", 0)))
        self._cast_object(seat, oid, bool(a.get("x")) and "X" not in (obj["mana_cost"].get("shards") or []))

    def _cast_object(self, seat: int, oid: int, bad_x: bool = False) -> None:
        """Cast a card from `seat`'s hand (mana already in the pool) and resolve everything; an X
        for a spell without {X} is refused once casting is known to be allowed (CR 107.3a)."""
        self._apply(seat, {"type": "CastSpell", "data": {
            "object_id": oid, "card_id": self._object(oid)["card_id"], "targets": [],
            "payment_mode": {"type": "Auto"}}}, refusal="rejects")
        if bad_x:
            raise Refusal("illegal_choice")
        self._settle()

    def _effect(self, helper: str, seat: int, targets: list, x: int = 0) -> None:
        """Cast `seat`'s helper instant at `targets` (with `x` as its X, the mana supplied) and
        resolve it; then exile it again. A helper not yet in the game is put into the hand in the
        edit that gives `seat` priority."""
        self._d.targets, self._d.x = deque(targets), x
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
            self._supply(seat, ["Colorless"] * x)
            self._cast_object(seat, oid)
            self._check_targets()
        except Refusal as why:
            phased = [t for t in targets if "permanent" in t
                      and phased_out(self._lookup(self._ids[t["permanent"]]) or {})]
            raise Refusal("phased_out" if phased and why.reason == "illegal_target" else why.reason)
        if self._wf()["type"] == "Priority":
            self._debug({"type": "MoveToZone", "data": {"object_id": oid, "to_zone": "Exile"}})

    def _effect_seat(self, targets: list) -> int:
        """Who casts a helper for an effect with no player: whoever holds priority — unless a target
        has hexproof and another controller, who then casts it (the contract's effect doesn't
        target; hexproof stops only opponents' spells, CR 702.11b)."""
        for target in targets:
            obj = self._lookup(self._ids[target["permanent"]]) if "permanent" in target else None
            if obj and "Hexproof" in (obj.get("keywords") or []):
                return obj["controller"]
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
            if not is_permanent_card(self._object(oid)):
                raise Refusal("illegal_choice")
            del self._ids[a["id"]]
        host = (self._lookup(oid) or {}).get("attached_to")
        wanted = a.get("attach_to")
        if host and wanted and (self._phase_target(wanted, "illegal_attachment")
                                != {host["type"]: host["data"]}):
            raise Refusal("illegal_attachment")    # phase.rs attached it to the only legal choice

    def _do_deal_damage(self, a: dict) -> None:
        """CR 120.3: an effect with no colour deals the damage — a colourless helper instant with X
        the amount, at the target; what the damage does is phase.rs's."""
        self._named(a["target"])
        self._effect("Harness Striker", self._effect_seat([a["target"]]), [a["target"]], x=a["amount"])

    def _do_attach(self, a: dict) -> None:
        """CR 701.3: an effect attaches the Aura or Equipment — a helper instant targeting it and
        where it goes; whether it can go there (701.3b) is phase.rs's call. When phase.rs refuses
        the helper's targets and, by its own types, the object is no Aura or Equipment, the reason
        is that (701.3a: illegal_choice)."""
        oid = self._permanent(a["permanent"])
        self._named(a["to"])
        if "player" in a["to"] and self._enchants_players(oid):
            self._attach_to_player(oid, a["to"]["player"])
            return
        try:
            targets = [{"permanent": a["permanent"]}, a["to"]]
            self._effect("Harness Binder", self._effect_seat(targets), targets)
        except Refusal as why:
            raise Refusal("illegal_choice" if why.reason == "illegal_target" and not self._attachable(oid)
                           else why.reason) from None

    def _attachable(self, oid: int) -> bool:
        """Is it an Aura or Equipment, by phase.rs's own types?"""
        return bool(set(self._object(oid)["card_types"]["subtypes"]) & {"Aura", "Equipment"})

    def _enchants_players(self, oid: int) -> bool:
        """Does its enchant ability, as phase.rs parsed it, name players ("Enchant player": Player;
        "Enchant opponent": a filter with no card type)?"""
        for keyword in self._object(oid).get("keywords") or []:
            restriction = keyword.get("Enchant") if isinstance(keyword, dict) else None
            if restriction and (restriction["type"] == "Player" or (
                    restriction["type"] == "Typed" and not restriction["type_filters"])):
                return True
        return False

    def _attach_to_player(self, oid: int, seat: int) -> None:
        """phase.rs's Attach effect leaves an Aura where it is when the destination is a player
        (it resolves and does nothing), so an Aura that enchants players is attached with debug
        Attach, and phase.rs's state-based actions judge the new attachment (CR 704.5m): if they
        undo it, it could not legally go there and the effect leaves it where it was (701.3b) — the
        game goes back to before the attachment. Any other attachment to a player goes through the
        Attach effect, which leaves it where it was."""
        if phased_out(self._object(oid)):
            raise Refusal("phased_out")
        base, base_doc, log = self._base, self._base_doc, self._log[:]
        self._debug({"type": "Attach", "data": {"object_id": oid, "target": {"type": "Player", "data": seat}}})
        self._debug({"type": "RunStateBasedActions"})
        if (self._lookup(oid) or {}).get("attached_to") != {"type": "Player", "data": seat}:
            self._replay(base, base_doc, log)

    def _named(self, target: dict) -> None:
        """A permanent on the battlefield or a seat still in the game (the contract's preconditions)."""
        if "permanent" in target:
            self._permanent(target["permanent"])
        else:
            self._seat(target["player"])

    def _do_phase_out(self, a: dict) -> None:
        """CR 702.26: phased out directly; what's attached phases out indirectly (702.26g). The
        effect can't see permanents already phased out (702.26b), so they are left alone."""
        seen = [hid for hid in a["permanents"] if not phased_out(self._object(self._permanent(hid)))]
        if seen:
            targets = [{"permanent": hid} for hid in seen]
            self._effect("Harness Phaser", self._effect_seat(targets), targets)

    def _do_change_control(self, a: dict) -> None:
        """CR 613.1b (layer 2): the new controller's own effect takes control."""
        self._permanent(a["permanent"])
        seat = self._seat(a["player"])
        helper = "Harness Thief" if a["duration"] == "end_of_turn" else "Harness Taker"
        self._effect(helper, seat, [{"permanent": a["permanent"]}])

    def _do_put_into_graveyard(self, a: dict) -> None:
        self._permanent(a["permanent"])
        targets = [{"permanent": a["permanent"]}]
        self._effect("Harness Reaper", self._effect_seat(targets), targets)

    def _do_tap(self, a: dict) -> None:
        self._permanent(a["permanent"])
        targets = [{"permanent": a["permanent"]}]
        self._effect("Harness Tapper", self._effect_seat(targets), targets)

    def _do_attack(self, a: dict) -> None:
        """CR 508.1: the active player declares attackers; they attack the next player in turn order
        still in the game (docs/contract.md). The step is the contract's precondition (phase.rs can
        only be asked in combat); whether a creature can attack is phase.rs's call."""
        if self._game.phase != "BeginCombat":
            raise Refusal("timing")
        oids = [self._permanent(hid) for hid in a["attackers"]]
        for _ in range(self._seats):
            if self._wf()["type"] != "Priority" or self._game.phase != "BeginCombat":
                break
            self._pass()
        wf = self._wf()
        if wf["type"] != "DeclareAttackers":
            if oids:
                raise Refusal(self._why_cannot_attack(oids[0]))
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
        if phased_out(obj):
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
            raise Refusal("illegal_choice")
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
            raise Unpayable()                  # phase.rs paid with something else

    def _everyone_skips_draw(self) -> bool:
        """Does every player still in the game control a phased-in permanent that phase.rs gives
        "skip your draw step" (its SkipStep Draw static, for its controller)?"""
        skipping = set()
        for obj in self._game.battlefield():
            if phased_out(obj):
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


def _contract_order(obj: dict, abilities: list) -> list:
    """A permanent's mana abilities (phase.rs index, ability) in the contract's order: its printed
    ones, then those of its basic land types it doesn't print, in WUBRG order (CR 305.6), then the
    granted ones in timestamp order (613.1f). phase.rs lists a land's own abilities first (its
    `base_abilities`) unless an effect set its land type (305.7: then it has lost them and lists
    its new types' abilities), then the abilities of types added and those granted; a land-type
    ability is one with no text of its own. A basic land prints its type's ability (the catalog's
    Forest has "{T}: Add {G}.", a Snow-Covered Forest nothing): its record's text shows it."""
    base = [_key(a) for a in obj.get("base_abilities") or [] if a.get("is_mana_ability")]
    kept = [_key(a) for _, a in abilities[:len(base)]] == base
    text = phase_cards.CARDS.get(obj["name"], ("", ""))[1]

    def land_type(a: dict) -> str | None:
        produced = a["effect"].get("produced") or {}
        colors = produced.get("colors") or []
        if a.get("description") or produced.get("type") != "Fixed" or len(colors) != 1:
            return None
        return MANA_LETTER[colors[0]]

    def printed(a: dict) -> bool:
        kind = land_type(a)
        return kept and (f"{{T}}: Add {{{kind}}}" in text if kind else _key(a) in base)
    printed_ones = [pair for pair in abilities if printed(pair[1])]
    types = sorted((pair for pair in abilities if not printed(pair[1]) and land_type(pair[1])),
                   key=lambda pair: "WUBRG".index(land_type(pair[1])))
    granted = [pair for pair in abilities if not printed(pair[1]) and not land_type(pair[1])]
    return printed_ones + types + granted


def _key(ability: dict) -> tuple:
    return ability.get("description"), repr(ability["effect"])
