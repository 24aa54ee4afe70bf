"""The python-mtg adapter's actions, each through python-mtg's own functions (docs/engines/python-mtg.md).

The harness's decisions go in through python-mtg's decision seam, `driver._choose`: the action's
choices are `_forced`, and a `_policy` that refuses stands in for python-mtg's own player, so a choice
python-mtg would make itself (a target outside the legal set it computes) is a rejection, never a
silent greedy pick. The mana part of a cost is the harness's (docs/contract.md): python-mtg is given
it — a helper mana source it taps, floating mana it spends, or an ability cost it isn't asked to pay —
and never shows it.
"""
from __future__ import annotations

import contextlib
import functools
import io
from unittest import mock

from mtg import bridge_to_engine, driver, sim
from mtg._text import slug
from mtg.engine import env

from mtg_conformance.adapters import kit
from mtg_conformance.oracle import catalog

PYTHON_MTG_COLOR = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
SUPPLY = "_supply"                     # the helper mana source that pays a mana ability's own mana cost
NOTHING = "_nothing"                   # a target that names no object python-mtg has
SORCERY_SPEED = ("creature", "sorcery", "artifact", "enchantment", "planeswalker", "battle")


@functools.cache
def card_data() -> tuple[dict, dict]:
    """python-mtg's bundled card facts and Oracle corpus (offline, loaded once: ~2 s)."""
    return sim.load_db(), {c["name"]: c for c in bridge_to_engine.card_corpus.load_cards()}


def quiet(run, *args):
    """python-mtg narrates on stdout, which the stdio protocol reserves for responses."""
    with contextlib.redirect_stdout(io.StringIO()):
        return run(*args)


def pid(seat: int) -> str:
    return f"p{seat}"


class ChoiceRefused(Exception):
    """python-mtg asked its player for a decision the action doesn't carry, or that it doesn't allow."""


def _refuse(_state, key, _options, _default):
    raise ChoiceRefused(key)


def _mana_total(cost: str, x: int = 0) -> int:
    return sum(kit.mana_to_supply(cost, x).values())


class PlayActions:
    """Mixed into PythonMtgEngine: one `_do_<type>` per declared action, raising kit.Refusal."""

    @contextlib.contextmanager
    def deciding(self, **choices):
        """The harness's decisions for python-mtg's `_choose` seam; any other decision it asks for is
        refused (ChoiceRefused), never left to its greedy player."""
        state = self._state
        state["_forced"], state["_policy"] = dict(choices), _refuse
        try:
            yield
        finally:
            state["_forced"] = {}
            state.pop("_policy", None)

    # ----------------------------------------------------------------- mana abilities
    def _do_activate_mana(self, a: dict) -> None:
        """CR 605: python-mtg's one mana move (`_tap_all_for_mana`) taps every untapped source of a
        player; the player's other sources are kept out of its reach (marked tapped) for the move.
        Whether the source may be tapped (`_source_units` offers it), what it makes, and the tapping are
        python-mtg's. python-mtg has one mana activation per source: `ability` 0."""
        state = self._state
        eid = self.on_battlefield(a["permanent"])
        controller = self.controllers().get(eid)
        seat = a.get("player", controller)
        player = self.seat(seat)
        units = {sid: taps for sid, _units, _cost, taps in driver._source_units(state, player)}
        if eid not in units or a.get("ability", 0) != 0:
            raise kit.Refusal(kit.reason_from(
                (not self._is_mana_source(eid), "illegal_choice"),
                (seat != controller, "not_controller"), ((eid,) in state["tapped"], "tapped"),
                ((eid,) in state.get("_sick", set()) and (eid, "creature") in state["printed_type"],
                 "summoning_sick")))
        hidden = {(sid,) for sid, taps in units.items() if taps and sid != eid}
        state["tapped"] |= hidden
        self._add_supply(player, self._mana_ability_supply(eid))
        quiet(driver._tap_all_for_mana, state, player)
        self._remove_supply()
        state["tapped"] -= hidden

    def _is_mana_source(self, eid: str) -> bool:
        """Is it a mana source in python-mtg's model at all (what `driver._controls_any_source` counts: a
        land, a flagged `mana_source`, a precise source)? One that isn't has no mana ability to activate."""
        state = self._state
        precise = {t for t, _c, _a in state.get("source_produces", set()) | state.get("source_wildcard", set())}
        return (eid, "land") in state["printed_type"] or (eid,) in state.get("mana_source", set()) or eid in precise

    def _mana_ability_supply(self, eid: str) -> int:
        """The generic mana python-mtg's model of the source asks for (`source_cost`), at most the mana
        printed in the ability's cost: the harness's, paid by a helper source python-mtg taps with it."""
        asked = driver._source_cost_generic(eid, self._state.get("source_cost", set()))
        printed = catalog.card(self._names[eid]).mana_abilities
        return min(asked, _mana_total(printed[0].cost.mana)) if printed else 0

    def _add_supply(self, player: str, amount: int) -> None:
        if amount:
            state = self._state
            state["on_battlefield"].add((SUPPLY,))
            state["printed_control"].add((player, SUPPLY))
            state.setdefault("source_produces", set()).add((SUPPLY, "colorless", amount))
            state.setdefault("source_cost", set()).add((SUPPLY, 0, True))

    def _remove_supply(self) -> None:
        state = self._state
        for relation in ("on_battlefield", "tapped", "printed_control", "source_produces", "source_cost"):
            state[relation] = {row for row in state.get(relation, set()) if SUPPLY not in row}

    # ----------------------------------------------------------------- activated abilities
    def _do_activate(self, a: dict) -> None:
        """CR 602: python-mtg's activation (`driver._activate_phase`) of the ability the harness names,
        with the harness's target; its mana part is supplied (python-mtg is told the player has it and
        isn't asked to pay it). `_activatable` says whether it can be activated now."""
        state = self._state
        src = self.on_battlefield(a["permanent"])
        controller = self.controllers().get(src)
        seat = a.get("player", controller)
        player = self.seat(seat)
        rows = sorted(r for r in state.get("activated_ability", set()) if r[1] == src)
        index = a.get("ability", 0)
        row = rows[index] if isinstance(index, int) and 0 <= index < len(rows) else None
        printed = catalog.card(self._names[src]).activated
        supply = _mana_total(printed[index].cost.mana) if row and index < len(printed) else 0
        saved = state.get("mana_available", set())
        state["mana_available"] = {r for r in saved if r[0] != player} | {(player, supply)}
        try:
            with self.acting():
                if row is None or a.get("x", 0) or row not in driver._activatable(state, player):
                    taps = row is not None and row[3] == "T"
                    raise kit.Refusal(kit.reason_from(
                        (seat != controller, "not_controller"),
                        (taps and (src,) in state["tapped"], "tapped"),
                        (taps and (src,) in state.get("_sick", set()), "summoning_sick")))
                target = self._target(a)
                if row[4] == "ctarget" and not env._activate_choices(state, row):
                    raise kit.Refusal("illegal_target")
                choices = {"activate": row} | ({"target": target} if target else {})
                with self.deciding(**choices), harness_pays_ability_mana():
                    quiet(driver._activate_phase, state, player, [player])
        except ChoiceRefused as why:
            raise kit.Refusal("illegal_target" if str(why) == "target" else "illegal_choice") from None
        finally:
            state["mana_available"] = saved
        quiet(driver._refresh_mana_pool, state, player)

    def _target(self, a: dict) -> str | None:
        """The engine id of the action's first target (a player's is the seat's id), handed to python-mtg
        only if it asks for a target; one that names nothing python-mtg has is never among its legal
        targets (`NOTHING`)."""
        chosen = (a.get("targets") or [None])[0]
        if chosen is None:
            return None
        if "permanent" in chosen:
            try:
                return self._ids.engine(chosen["permanent"])
            except kit.Refusal:
                return NOTHING
        seat = chosen["player"]
        return pid(seat) if isinstance(seat, int) and 0 <= seat < self._seats else NOTHING

    # ----------------------------------------------------------------- spells
    def _do_cast(self, a: dict) -> None:
        """CR 601, 608: python-mtg casts and resolves the spell (`driver._cast_spell`), X through its
        `x_value` seam; the spell's mana cost is supplied as floating mana, which python-mtg spends
        first. `can_cast` says whether it may be cast now; lands are played, not cast (its `play`)."""
        state = self._state
        player = self.seat(a["player"])
        card = slug(a["card"])
        in_hand = sorted(c for p, c in state["in_hand"] if p == player and (c, card) in state["instance_of"])
        if not in_hand:
            raise kit.Refusal("not_in_hand")
        spell, x = in_hand[0], a.get("x", 0)
        types = {t for s, t in state.get("spell_type", set()) if s == spell}
        has_x = any(s == spell for s, _ in state.get("x_count", set()))
        if "land" in types or (x and not has_x):
            raise kit.Refusal("illegal_choice")
        permanent = not types & {"instant", "sorcery"}
        if permanent:
            if not a.get("id"):
                raise kit.Refusal("illegal_choice")      # a permanent spell needs its new id (CR 400.7)
            self._ids.add(a["id"], spell)
        _db, corpus = card_data()
        cost = kit.mana_to_supply(corpus[self._names[spell]].get("manaCost") or "", x)
        driver._add_floating(state, player, {PYTHON_MTG_COLOR[t]: n for t, n in cost.items()})
        quiet(driver._refresh_mana_pool, state, player)
        with self.acting():
            probe = driver.clone_state(state)
            probe["has_priority"] = {(player,)}
            if (player, spell) not in driver.run(probe, ["can_cast"])["can_cast"]:
                main = self.engine_step() in ("precombat_main", "postcombat_main")
                active = (player,) in state["active_player"]
                raise kit.Refusal(kit.reason_from(
                    (bool(types & set(SORCERY_SPEED)) and not (main and active), "timing")))
            target = self._target(a)
            choices = {"x_value": x} | ({"target": target} if target else {})
            try:
                with self.deciding(**choices):
                    quiet(driver._cast_spell, state, player, spell, [player])
            except ChoiceRefused as why:
                raise kit.Refusal("illegal_target" if str(why) == "target" else "illegal_choice") from None
        quiet(driver._refresh_mana_pool, state, player)

    # ----------------------------------------------------------------- effects
    def _do_tap(self, a: dict) -> None:
        """An effect taps the permanent: python-mtg's tap (`driver._tap`, which records "becomes
        tapped" for the checkpoint after the action)."""
        driver._tap(self._state, self.on_battlefield(a["permanent"]))

    def _do_deal_damage(self, a: dict) -> None:
        """CR 120.3: python-mtg's damage (`driver._apply_damage`): to a player through its "damage to
        you" path (the sourceless damage's controller is taken to be the player dealt it), to a creature
        through its fixed-creature path (destroyed if lethal; python-mtg keeps no marked damage)."""
        target, amount = a["target"], a["amount"]
        if "player" in target:
            player = self.seat(target["player"])
            how, controller = "self", player
        else:
            eid = self.on_battlefield(target["permanent"])
            how, controller = f"creature_fixed:{eid}", self.seat(self.controllers().get(eid, 0))
        with self.acting():
            quiet(driver._apply_damage, self._state, "harness_damage", amount, how, controller)

    # ----------------------------------------------------------------- combat
    def _do_attack(self, a: dict) -> None:
        """CR 508: python-mtg's declare-attackers step (`env._advance_one` with the attackers forced, as
        its own `attack` move) — in its declare-attackers step, once, with creatures it finds eligible
        (`declare_attackers` keeps only those: python-mtg's `may_attack`, not sick or with haste)."""
        state = self._state
        if self._step != "combat" or self._attacked or self.engine_step() != "declare_attackers":
            raise kit.Refusal("timing")
        attackers = frozenset(self.on_battlefield(hid) for hid in a["attackers"])
        sick = state.get("_sick", set())
        derived = driver.run(state, ["may_attack", "has_keyword"])
        haste = {c for c, k in derived["has_keyword"] if k == "haste"}
        eligible = {c for (c,) in derived["may_attack"] if (c,) not in sick or c in haste}
        controllers, active = self.controllers(), next(iter(state["active_player"]))[0]
        creatures = {c for (c,) in driver.run(state, ["creature"])["creature"]}
        for c in sorted(attackers - eligible):
            raise kit.Refusal(kit.reason_from(
                (c not in creatures, "illegal_choice"),
                (c in controllers and pid(controllers[c]) != active, "not_controller"),
                ((c,) in sick and c not in haste, "summoning_sick"), ((c,) in state["tapped"], "tapped")))
        state["_forced"] = {"attackers": attackers, "blocks": frozenset()}
        quiet(env._advance_one, state)
        state["_forced"] = {}
        self._attacked = True


@contextlib.contextmanager
def harness_pays_ability_mana():
    """The harness supplies an activated ability's mana (docs/contract.md): python-mtg's payment of it,
    `driver._spend_ability_mana`, is not run for this activation."""
    with mock.patch.object(driver, "_spend_ability_mana", lambda *_args: None):
        yield
