"""Mana that counts permanents or counters, and mana from sacrifice (CR 106.1, 107.1, 122.1, 605.1a)."""
from __future__ import annotations

import copy

from hypothesis import strategies as st

from mtg_conformance.oracle.catalog import card
from mtg_conformance.properties.areas.common import accepted, aimed, entry_card, pool_total
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Case, conformance_property
from mtg_conformance.properties.strategies import Aim, BOOLEANS, integers

COUNTING = ("Cabal Coffers", "Cabal Stronghold", "Elvish Archdruid", "Priest of Titania")
SWAMP_COUNTERS = ("Cabal Coffers", "Cabal Stronghold")
ELF_COUNTERS = ("Elvish Archdruid", "Priest of Titania")
STORAGE = ("Fountain of Cho", "Saprazzan Cove", "Subterranean Hangar", "Mercadian Bazaar", "Rushwood Grove")
DEPLETION = ("Remote Farm", "Saprazzan Skerry", "Peat Bog", "Sandstone Needle", "Hickory Woodlot")
SIGNETS = ("Azorius Signet", "Dimir Signet", "Rakdos Signet", "Gruul Signet", "Selesnya Signet",
           "Orzhov Signet", "Izzet Signet", "Golgari Signet", "Boros Signet", "Simic Signet")
ROCKS = ("Sol Ring", "Thran Dynamo", "Worn Powerstone", "Marble Diamond", "Sky Diamond", "Charcoal Diamond",
         "Fire Diamond", "Moss Diamond", "Lotus Petal", "Crystal Vein")
MONOLITHS = ("Basalt Monolith", "Grim Monolith")
# The mana ability each card is mostly activated with: the one that counts, or the bigger one.
INTERESTING_ABILITY = {"Cabal Stronghold": 1, "Crystal Vein": 1}


def _ready(entry: dict, seat: int, field: list) -> None:
    """`entry` controlled by `seat`, untapped, phased in (with what phased out with it) and controlled
    since the turn began, so its {T} ability can be activated."""
    entry.update(controller=seat, tapped=False)
    if entry.pop("phased_out", None):
        for e in field:
            if e.get("attached_to") == {"permanent": entry["id"]}:
                e.pop("phased_out", None)
    if "sick" in entry:
        entry["sick"] = False


def _activating(draw, case: Case, scenario: dict, names, x=None) -> Case:
    """Most activations of mana abilities are of `names`' permanents in turn (their interesting
    ability mostly; `x(entry)` draws the harness's x, if given)."""
    field = scenario["battlefield"]
    chosen = [e for e in field if e["card"] in names]
    turns = draw(st.permutations(chosen)) if chosen else []
    program = []
    for i, action in enumerate(case.program):
        if action["type"] == "activate_mana" and turns and draw(integers(0, 3)) < 3:
            entry = turns[i % len(turns)]
            action = dict(action, permanent=entry["id"])
            action["ability"] = INTERESTING_ABILITY.get(entry["card"], 0) if draw(integers(0, 3)) < 3 else 0
            if x is not None:
                action["x"] = x(entry)
        program.append(action)
    return Case(scenario, tuple(program))


@st.composite
def _counting_ready(draw, case: Case) -> Case:
    """Each counting permanent, mostly, ready under the active player, beside what it counts: the
    Swamps and Elves drawn, mostly the active player's too (so "you control" counts them), some of
    them the opponent's; then the counting permanents activated in turn (CR 107.1)."""
    scenario = copy.deepcopy(case.scenario)
    seat, seats = scenario["active_player"], len(scenario["players"])
    for e in scenario["battlefield"]:
        if e.get("attached_to"):
            continue
        if e["card"] in COUNTING and draw(integers(0, 3)):
            _ready(e, seat, scenario["battlefield"])
        elif e["card"] in ("Swamp", "Llanowar Elves", "Mutavault") and draw(integers(0, 2)):
            e["controller"] = seat if draw(integers(0, 2)) else (seat + 1) % seats
    return _activating(draw, case, scenario, COUNTING)


def _count_labels(step):
    a = step.action
    if a["type"] != "activate_mana":
        return []
    entry = next((e for e in step.scenario["battlefield"] if e["id"] == a.get("permanent")), None)
    if entry is None or entry["card"] not in COUNTING:
        return []
    if not accepted(step):
        return [f"counting ability: {step.oracle_after['rejected']}"]
    seat = step.oracle_before["permanents"][a["permanent"]]["controller"]
    gained = pool_total(step.oracle_after, seat) - pool_total(step.oracle_before, seat)
    return ["counting ability: accepted", f"counting ability produced {'no' if not gained else 'some'} mana"]


@conformance_property(
    id="MANA-201", title="Mana that counts counts what is there as it resolves",
    rules=("107.1", "605.2", "106.12a", "613.4c"), cards=frozenset(COUNTING),
    actions=frozenset({"activate_mana"}), labels=_count_labels,
    focus=frozenset({"activate_mana"}),
    situations=(
        Situation("a \"for each\" mana ability counts as it resolves", ("107.1",), one_of=COUNTING),
        Situation("Cabal Coffers or Stronghold counts a Swamp", ("107.1",), ("Swamp",), one_of=SWAMP_COUNTERS),
        Situation("an Elf counter counts another Elf", ("107.1",), ("Llanowar Elves",), one_of=ELF_COUNTERS),
        Situation("none counted: no mana, still a mana ability", ("605.2",), one_of=SWAMP_COUNTERS),
        Situation("Elvish Archdruid pumps another Elf", ("613.4c",), ("Elvish Archdruid",))),
    floors=(Floor("counting ability: accepted", 30), Floor("counting ability produced no mana", 5)))
def counting_mana(capabilities):
    """Cabal Coffers, Cabal Stronghold, Elvish Archdruid and Priest of Titania beside Swamps, Elves
    and an animated-or-not Mutavault, theirs or an opponent's, phased in or out, under Mana Reflection,
    Contamination or Overgrowth; control changes and phasing between activations."""
    counted = ("Swamp", "Swamp", "Llanowar Elves", "Mutavault", "Forest")
    board = COUNTING + counted + ("Mana Reflection", "Contamination", "Overgrowth")
    kinds = {"activate_mana": 5, "change_control": 1, "phase_out": 1, "put_into_graveyard": 1, "activate": 1}
    # The Swamp counters beside Swamps, ready, activated in turn (named twice: the last aim has no
    # Swamp).
    swamps = Aim(board=board, kinds=kinds, size=(3, 7), phased=0.1, sick=0.2, tapped=0.1, players=(2, 3),
                 core=(SWAMP_COUNTERS, ("Swamp",), ("Swamp", "Forest"),
                       ("Mana Reflection", "Contamination", "Overgrowth", "Forest")),
                 then=_counting_ready)
    return aimed(
        capabilities, swamps, swamps,
        # The Elf counters beside Elves and Mutavault.
        Aim(board=board, kinds=kinds, size=(3, 7), phased=0.1, sick=0.2, tapped=0.1, players=(2, 3),
            core=(ELF_COUNTERS, ("Llanowar Elves",), ("Elvish Archdruid", "Mutavault", "Llanowar Elves")),
            then=_counting_ready),
        # Any of them together, with no Swamp: the Swamp counters count none — no mana, still a
        # mana ability (605.2) — and the Elf counters their Elves.
        Aim(board=tuple(n for n in board if n != "Swamp"), kinds=kinds, size=(2, 7), tapped=0.2,
            players=(2, 3), core=(COUNTING,)),
    )


@st.composite
def _stored(draw, case: Case) -> Case:
    """Storage lands with 0–3 storage counters and depletion lands with 0–2 depletion counters, mostly
    ready under the active player; some storage lands first store a counter (tapping them); then
    their mana abilities activated in turn, a storage land with x mostly within its counters
    (sometimes one more: the cost can't be paid, 601.2h)."""
    scenario = copy.deepcopy(case.scenario)
    seat = scenario["active_player"]
    for e in scenario["battlefield"]:
        if e["card"] in STORAGE:
            e["counters"] = {"storage": draw(st.sampled_from((2, 1, 3, 0)))}
        elif e["card"] in DEPLETION:
            e["counters"] = {"depletion": draw(st.sampled_from((1, 2, 1, 0)))}
        else:
            continue
        if not e["counters"][next(iter(e["counters"]))]:
            e["counters"] = {}
        if draw(integers(0, 3)) < 3:
            _ready(e, seat, scenario["battlefield"])
    for e in scenario["battlefield"]:          # doubling only what its controller taps for (106.12b)
        if e["card"] == "Mana Reflection" and draw(integers(0, 3)) < 3:
            e["controller"] = seat

    def x(entry):
        have = (entry.get("counters") or {}).get("storage", 0)
        return draw(integers(0, have + 1)) if draw(integers(0, 5)) else have + 1
    spent = _activating(draw, case, scenario, STORAGE + DEPLETION,
                        x=lambda e: x(e) if e["card"] in STORAGE else 0)
    storing = tuple({"type": "activate", "permanent": e["id"]} for e in scenario["battlefield"]
                    if e["card"] in STORAGE and draw(integers(0, 3)) == 0)
    return Case(scenario, storing + spent.program)


def _storage_labels(step):
    a = step.action
    name = next((e["card"] for e in step.scenario["battlefield"] if e["id"] == a.get("permanent")), None)
    if a["type"] == "put_onto_battlefield" and a["card"] in STORAGE + DEPLETION:
        return ["storage or depletion land put onto the battlefield"]
    if a["type"] == "activate_mana" and name in STORAGE + DEPLETION:
        outcome = "accepted" if accepted(step) else step.oracle_after["rejected"]
        return [f"{'storage' if name in STORAGE else 'depletion'} land's mana ability: {outcome}"]
    if a["type"] == "activate" and name in STORAGE:
        return ["storage counter stored"] if accepted(step) else []
    return []


@conformance_property(
    id="MANA-202", title="Storage and depletion counters pay for mana; tapping for it is tapping for mana",
    rules=("122.1", "601.2h", "106.12a", "106.12b", "701.21a", "614.1c"),
    cards=frozenset(STORAGE + DEPLETION), actions=frozenset({"activate_mana"}),
    observes=frozenset({"counters", "triggered"}), labels=_storage_labels,
    focus=frozenset({"activate_mana", "activate", "put_onto_battlefield"}),
    situations=(
        Situation("counters put on or removed from a storage or depletion land", ("122.1",),
                  one_of=STORAGE + DEPLETION),
        Situation("Mana Reflection doubles a storage or depletion land's mana", ("106.12b",),
                  ("Mana Reflection",), one_of=STORAGE + DEPLETION),
        Situation("a depletion land sacrificed with its last counter", ("701.21a",), one_of=DEPLETION),
        Situation("whether a storage land was tapped for mana decides its triggers", ("106.12a",),
                  one_of=STORAGE),
        Situation("a storage or depletion land enters tapped", ("614.1c",), one_of=STORAGE + DEPLETION)),
    floors=(Floor("storage land's mana ability: accepted", 15),
            Floor("depletion land's mana ability: accepted", 15),
            Floor("storage or depletion land put onto the battlefield", 20),
            Floor("storage counter stored", 20)))
def storage_mana(capabilities):
    """The Mercadian Masques storage and depletion lands, with counters or none, beside Mana
    Reflection, Contamination, Manabarbs, Overgrowth and Wild Growth; put onto the battlefield from
    hand, storing counters, spending them for mana."""
    lands = STORAGE + DEPLETION
    around = ("Mana Reflection", "Contamination", "Manabarbs", "Overgrowth", "Wild Growth")
    board = lands + around + ("Forest",)
    spend = {"activate_mana": 6, "activate": 1, "advance": 1}
    put_in = Aim(board=board, hand=lands, kinds=[({"put_onto_battlefield": 1}, (1, 2)), (spend, (1, 3))],
                 hand_size=(1, 3), size=(1, 5), players=(2, 3), core=(around,))
    return aimed(
        capabilities,
        # Storage lands spending their counters beside Mana Reflection or a trigger on tapping for mana.
        Aim(board=board, kinds=spend, size=(3, 6), phased=0.05, sick=0.1, tapped=0.1, players=(2, 3),
            core=(STORAGE, ("Mana Reflection", "Manabarbs", "Overgrowth", "Wild Growth"), lands), then=_stored),
        # Either beside their controller's Mana Reflection (106.12b).
        Aim(board=board, kinds=spend, size=(2, 5), phased=0.05, sick=0.1, tapped=0.1, players=(2, 3),
            core=(lands, ("Mana Reflection",)), then=_stored),
        # Depletion lands running out, beside the same.
        Aim(board=board, kinds=spend, size=(3, 6), phased=0.05, sick=0.1, tapped=0.1, players=(2, 3),
            core=(DEPLETION, ("Mana Reflection", "Manabarbs", "Overgrowth", "Contamination"), lands), then=_stored),
        # Put onto the battlefield from hand: they enter tapped (614.1c), then are activated (named
        # twice: a case puts only one or two).
        put_in, put_in,
    )


@storage_mana.claims(rules=("122.1", "701.21a", "614.1c"))
def _storage_claim(step):
    """A storage or depletion land put onto the battlefield is tapped (CR 614.1c); its mana ability's
    cost removes the counters it names (122.1: x storage counters, one depletion counter); a depletion
    land left with none is sacrificed as the ability resolves (701.21a)."""
    a = step.action
    if step.engine_after["rejected"] is not None or not accepted(step):
        return None
    if a["type"] == "put_onto_battlefield" and a["card"] in STORAGE + DEPLETION:
        now = step.engine_after["permanents"].get(a["id"])
        if now and now["zone"] == "battlefield" and not now["tapped"]:
            return f"{a['card']} entered untapped; it enters tapped (CR 614.1c)", ("614.1c",)
        return None
    source = entry_card(step.scenario, a.get("permanent")) if a["type"] == "activate_mana" else None
    if source is None or source.name not in STORAGE + DEPLETION:
        return None
    cost = source.mana_abilities[a.get("ability", 0)].cost
    before = step.engine_before["permanents"][a["permanent"]]
    after = step.engine_after["permanents"][a["permanent"]]
    had, removed = before["counters"].get(cost.counter_kind, 0), a.get("x", 0) if cost.counters_x else 1
    if after["zone"] == "battlefield" and after["counters"].get(cost.counter_kind, 0) != had - removed:
        return (f"{a['permanent']} had {had} {cost.counter_kind} counter(s) and its cost removed {removed}, "
                f"yet it has {after['counters'].get(cost.counter_kind, 0)} (CR 122.1)", ("122.1",))
    if cost.counter_kind == "depletion" and had == removed and after["zone"] == "battlefield":
        return (f"{a['permanent']}'s last depletion counter was removed, yet it wasn't sacrificed as its "
                "ability resolved (CR 701.21a)", ("701.21a",))
    return None


@st.composite
def _rocks_ready(draw, case: Case) -> Case:
    """The mana rocks ready under the active player, with Mana Reflection mostly theirs too; then
    activated in turn (CR 106.1, 106.12b)."""
    scenario = copy.deepcopy(case.scenario)
    seat = scenario["active_player"]
    for e in scenario["battlefield"]:
        if e.get("attached_to"):
            continue
        if e["card"] in SIGNETS + ROCKS + MONOLITHS and draw(integers(0, 4)) < 4:
            _ready(e, seat, scenario["battlefield"])
        elif e["card"] in ("Mana Reflection", "Contamination") and draw(integers(0, 3)) < 3:
            e["controller"] = seat
    return _activating(draw, case, scenario, SIGNETS + ROCKS + MONOLITHS)


def _several_labels(step):
    a = step.action
    if a["type"] == "activate_mana" and accepted(step):
        seat = step.oracle_before["permanents"][a["permanent"]]["controller"]
        added = {t: n - step.oracle_before["players"][seat]["mana"][t]
                 for t, n in step.oracle_after["players"][seat]["mana"].items()}
        kinds = sum(1 for n in added.values() if n > 0)
        return [f"activation added {kinds} type(s)"]
    return []


@conformance_property(
    id="MANA-203", title="Several mana at once is one production event",
    rules=("106.1", "106.12b", "614.5", "616.1"), cards=frozenset(SIGNETS + ROCKS),
    actions=frozenset({"activate_mana"}), labels=_several_labels,
    situations=(
        Situation("a Signet adds two types in one event", ("106.1",), one_of=SIGNETS),
        Situation("Mana Reflection doubles each type of a Signet", ("106.12b",), ("Mana Reflection",),
                  one_of=SIGNETS),
        Situation("a replacement effect on several mana from a rock or Crystal Vein", ("614.5",),
                  one_of=ROCKS)),
    floors=(Floor("activation added 2 type(s)", 30),))
def several_mana(capabilities):
    """Signets, Sol Ring, Thran Dynamo, Worn Powerstone, the Diamonds, Lotus Petal and Crystal Vein
    beside one or two Mana Reflections, Contamination (on Crystal Vein, a land) and Pale Moon."""
    around = ("Mana Reflection", "Mana Reflection", "Contamination")
    board = SIGNETS + ROCKS + around
    kinds = {"activate_mana": 6, "advance": 1}
    return aimed(
        capabilities,
        # Signets beside Mana Reflection.
        Aim(board=board, kinds=kinds, size=(2, 6), phased=0.05, sick=0.1, tapped=0.1, players=(2, 3),
            core=(SIGNETS, ("Mana Reflection",), SIGNETS + ROCKS), then=_rocks_ready),
        # Rocks and Crystal Vein beside Contamination, which replaces a land's two mana with one
        # {B} (614.5), and sometimes Mana Reflection.
        Aim(board=board, kinds=kinds, size=(3, 6), phased=0.05, sick=0.1, tapped=0.1, players=(2, 3),
            core=(("Crystal Vein", "Sol Ring", "Thran Dynamo", "Worn Powerstone"), ("Contamination",),
                  ("Crystal Vein",), ROCKS), then=_rocks_ready),
        # Pale Moon cast, then nonbasic Crystal Vein and rocks tapped for mana.
        Aim(board=board, hand=("Pale Moon",), hand_size=(1, 1),
            kinds=[({"cast": 1}, (1, 1)), ({"activate_mana": 1}, (1, 4))], size=(2, 5), players=(2, 3),
            core=(("Crystal Vein",), ROCKS + SIGNETS), then=_rocks_ready),
    )


@st.composite
def _monoliths_through_untap(draw, case: Case) -> Case:
    """The Monoliths, mostly ready under the active player, tapped for mana, then a turn or more
    passes to an untap step of theirs, with their untap ability sometimes activated between."""
    scenario = copy.deepcopy(case.scenario)
    seat, seats = scenario["active_player"], len(scenario["players"])
    monoliths = [e for e in scenario["battlefield"] if e["card"] in MONOLITHS and not e.get("phased_out")]
    if not monoliths:
        return case
    for e in monoliths:
        _ready(e, seat, scenario["battlefield"])
    program = []
    for e in monoliths:
        program.append({"type": "activate_mana", "permanent": e["id"]})
        if draw(integers(0, 3)) == 0:
            program.append({"type": "activate", "permanent": e["id"]})
    program.append({"type": "advance", "step": "upkeep", "turns": seats if draw(integers(0, 3)) else 1,
                    "keep_tapped": [e["id"] for e in monoliths if draw(BOOLEANS)]})
    program.append({"type": "activate", "permanent": draw(st.sampled_from(monoliths))["id"]})
    return Case(scenario, tuple(program) + case.program)


def _monolith_labels(step):
    a = step.action
    if a["type"] == "advance" and accepted(step):
        kept = [pid for pid, p in step.oracle_after["permanents"].items()
                if p.get("tapped") and step.oracle_before["permanents"][pid].get("tapped")]
        return ["advanced with a permanent kept tapped"] if kept else ["advanced"]
    return []


@conformance_property(
    id="MANA-204", title="A permanent that doesn't untap stays tapped in its untap step",
    rules=("502.3", "701.26b", "106.4"), cards=frozenset(MONOLITHS),
    actions=frozenset({"activate_mana", "activate", "advance"}), labels=_monolith_labels,
    situations=(
        Situation("a Monolith doesn't untap during its controller's untap step", ("502.3",), one_of=MONOLITHS),
        Situation("a Monolith untapped by its own ability", ("701.26b",), one_of=MONOLITHS)),
    floors=(Floor("advanced with a permanent kept tapped", 30),))
def monoliths(capabilities):
    """Basalt Monolith and Grim Monolith tapped for mana, untapped by their own ability, and through
    their controller's untap step, beside Vedalken Shackles (which may stay tapped by choice), a
    Forest and Mana Reflection."""
    board = MONOLITHS + ("Vedalken Shackles", "Forest", "Mana Reflection")
    kinds = {"activate_mana": 3, "activate": 2, "advance": 2}
    return aimed(
        capabilities,
        Aim(board=board, kinds=kinds, length=(0, 3), size=(2, 5), phased=0.05, players=(2, 3),
            core=(MONOLITHS, ("Vedalken Shackles", "Forest", "Mana Reflection")),
            then=_monoliths_through_untap),
        Aim(board=board, kinds=kinds, size=(2, 5), tapped=0.4, players=(2, 3), core=(MONOLITHS,)),
    )


ELVES = ("Elvish Archdruid", "Priest of Titania", "Llanowar Elves")


def _accepted_labels(step):
    return [f"{step.action['type']}: accepted"] if accepted(step) else []


@conformance_property(
    id="MANA-205", title="Elvish Archdruid pumps the other Elves its controller controls",
    rules=("613.4c", "613.1b"), cards=frozenset({"Elvish Archdruid"}), actions=frozenset({"change_control"}),
    observes=frozenset({"power_toughness"}), labels=_accepted_labels,
    situations=(
        Situation("Elvish Archdruid pumps another Elf", ("613.4c",), ("Elvish Archdruid",)),
        Situation("two Elvish Archdruids pump each other", ("613.4c",), ("Elvish Archdruid", "Elvish Archdruid"))),
    floors=(Floor("change_control: accepted", 30), Floor("phase_out: accepted", 20)))
def elf_lord(capabilities):
    """Elvish Archdruids, Priests of Titania and Llanowar Elves changing control, phasing out and
    leaving, and tapped for mana, beside Forests."""
    board = ELVES + ("Elvish Archdruid", "Forest")
    kinds = {"change_control": 3, "phase_out": 2, "put_into_graveyard": 1, "activate_mana": 2, "advance": 1}
    return aimed(
        capabilities,
        Aim(board=board, kinds=kinds, size=(2, 6), players=(2, 3),
            core=(("Elvish Archdruid",), ("Elvish Archdruid", "Llanowar Elves", "Priest of Titania"), ELVES)),
    )


@elf_lord.claims(rules=("613.4c",))
def _lord_claim(step):
    """Each Elf on the battlefield is its printed size plus +1/+1 for each other phased-in Elvish
    Archdruid its controller controls (CR 613.4c); on a board of Elves and Forests nothing else
    modifies it."""
    if step.engine_after["rejected"] is not None or not accepted(step):
        return None
    seen = step.engine_after["permanents"]
    names = {e["id"]: e["card"] for e in step.scenario["battlefield"]}
    lords = [pid for pid, p in seen.items() if names.get(pid) == "Elvish Archdruid"
             and p["zone"] == "battlefield" and not p["phased_out"]]
    for pid, p in seen.items():
        if names.get(pid) not in ELVES or p["zone"] != "battlefield" or p["phased_out"]:
            continue
        c = card(names[pid])
        bonus = sum(1 for lord in lords if lord != pid and seen[lord]["controller"] == p["controller"])
        if (p["power"], p["toughness"]) != (c.power + bonus, c.toughness + bonus):
            return (f"{pid} ({c.name}) is {p['power']}/{p['toughness']}; printed {c.power}/{c.toughness} "
                    f"with {bonus} other Elvish Archdruid(s) its controller controls gives "
                    f"{c.power + bonus}/{c.toughness + bonus} (CR 613.4c)", ("613.4c",))
    return None
