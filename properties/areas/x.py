"""X in enters-the-battlefield abilities (CR 107.3m)."""
from __future__ import annotations

import copy
from functools import partial

from hypothesis import strategies as st

from mtg_conformance.oracle.catalog import card, cast_targets
from mtg_conformance.properties.areas.common import accepted, aimed, entry_card
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Case, conformance_property
from mtg_conformance.properties.strategies import Aim, BOOLEANS, integers

X_CARDS = ("Walking Ballista", "Endless One", "Hangarback Walker", "Ajani's Anguish")


def _paid_x(case: Case):
    """`case` with each X spell it casts cast with X of 1 or more: the X the permanent's "enters
    with X counters" must read from the spell (CR 107.3m)."""
    casts = [i for i, a in enumerate(case.program) if a["type"] == "cast" and card(a["card"]).x_cost]
    return st.lists(st.integers(1, 3), min_size=len(casts), max_size=len(casts)).map(
        lambda xs: Case(case.scenario, tuple({**a, "x": xs[casts.index(i)]} if i in casts else a
                                             for i, a in enumerate(case.program))))


def _x_labels(step):
    a = step.action
    if a["type"] == "cast" and a["card"] in X_CARDS:
        return [f"cast an X card with X{'>0' if a.get('x', 0) else '=0'}: "
                + ("accepted" if accepted(step) else step.oracle_after["rejected"])]
    if a["type"] == "put_onto_battlefield" and a["card"] in X_CARDS:
        return ["put an X card onto the battlefield: " + ("accepted" if accepted(step)
                                                         else step.oracle_after["rejected"])]
    return []


@conformance_property(
    id="X-001", title="Enters-the-battlefield abilities use the X of the spell", rules=("107.3m",),
    cards=frozenset(X_CARDS), actions=frozenset({"cast"}), observes=frozenset({"counters"}),
    focus=frozenset({"cast", "put_onto_battlefield"}),
    labels=_x_labels,
    situations=(
        Situation("an enters ability uses the X of the spell", ("107.3m",)),),
    floors=(Floor("put an X card onto the battlefield: accepted", 30),
            Floor("cast an X card with X>0: accepted", 10), Floor("cast an X card with X=0: accepted", 5)))
def x_on_entering(capabilities):
    """Walking Ballista, Endless One, Hangarback Walker and Ajani's Anguish, cast or put in."""
    board = ("Forest", "Soul Warden", "Llanowar Elves", "Mountain")
    broad = Aim(board=board, hand=X_CARDS, kinds={"cast": 5, "put_onto_battlefield": 1, "advance": 1},
                steps=("main1", "main2"), hand_size=(1, 3))
    # X cards cast with X of 1 or more, one after another in their controller's main phase from a
    # hand holding several, so the spell's X must reach the permanent it becomes (107.3m), and Soul
    # Warden sees the creatures enter. The broad aim keeps X=0 and putting them in.
    paid = Aim(board=board, hand=X_CARDS, kinds={"cast": 1}, length=(1, 3), steps=("main1", "main2"),
               hand_size=(2, 3), then=_paid_x)
    # Ajani's Anguish's enters ability aimed at a land or creature on the battlefield, then at what
    # an earlier X spell of the same main phase became: a Walking Ballista or Hangarback Walker that
    # entered with X counters takes the Anguish's X damage (107.3m: both read the X of their own
    # spell), while a land or another Ajani's Anguish, an enchantment, is no legal "any target" by
    # the time the ability resolves (608.2b). Soul Warden sees them enter, and the Thopters of a
    # Hangarback Walker the Anguish kills.
    anguish = Aim(board=board, hand=X_CARDS, kinds={"cast": 1}, length=(0, 1), steps=("main1", "main2"),
                  hand_size=(0, 2), core=(("Forest", "Mountain"), ("Soul Warden",)),
                  then=partial(_anguish_at_an_x_permanent, cards=frozenset(capabilities.get("cards", ()))))
    # X cards put onto the battlefield, not cast, from a hand holding several: X is 0 (107.3m).
    put_in = Aim(board=board, hand=X_CARDS, kinds={"put_onto_battlefield": 1}, length=(1, 3),
                 steps=("main1", "main2"), hand_size=(2, 3))
    return aimed(capabilities, paid, broad, anguish, put_in)


@x_on_entering.claims(rules=("107.3m",))
def _x_claim(step):
    """A permanent spell cast with X enters with X +1/+1 counters; put onto the battlefield, with 0."""
    a = step.action
    if a["type"] not in ("cast", "put_onto_battlefield") or not accepted(step):
        return None
    if card(a["card"]).enters_with != "x_p1p1" or step.engine_after["rejected"] is not None:
        return None
    after = step.engine_after["permanents"].get(a["id"])
    oracle = step.oracle_after["permanents"].get(a["id"])
    if after is None or oracle is None or oracle["zone"] != "battlefield":
        return None
    x = a.get("x", 0) if a["type"] == "cast" else 0
    got = (after.get("counters") or {}).get("+1/+1", 0)
    if got != x:
        how = f"cast with X={x}" if a["type"] == "cast" else "put onto the battlefield without being cast"
        return (f"{a['card']} {how} entered with {got} +1/+1 counters; an enters ability uses the X "
                f"of the spell it came from, 0 if it wasn't cast (CR 107.3m)")
    return None


@st.composite
def _anguish_at_an_x_permanent(draw, case: Case, cards: frozenset) -> Case:
    """The active player casts Ajani's Anguish (X of 1 to 3) aimed at a permanent on the
    battlefield, then a Walking Ballista or Hangarback Walker (X of 1 to 3), then another Ajani's
    Anguish aimed at the first Anguish or at that creature, then an Endless One and a third Anguish
    aimed at it (CR 107.3m, 608.2b); only the engine's `cards`."""
    creatures = [name for name in ("Walking Ballista", "Hangarback Walker") if name in cards]
    if "Ajani's Anguish" not in cards or not creatures or not case.scenario["battlefield"]:
        return case
    scenario = copy.deepcopy(case.scenario)
    seat, creature = scenario["active_player"], draw(st.sampled_from(creatures))
    scenario["players"][seat]["hand"] += ["Ajani's Anguish", creature, "Ajani's Anguish"]
    x = st.integers(1, 3)

    def cast(name, pid, target=None):
        return {"type": "cast", "player": seat, "card": name, "x": draw(x),
                **({"targets": [target]} if target else {}), "optional": draw(BOOLEANS), "id": pid}

    # Not at Soul Warden, which is there to see what enters (a Hangarback Walker's Thopters too); the
    # second Anguish mostly at the creature, which entered with the X counters it is to read.
    aims = [e["id"] for e in scenario["battlefield"] if e["card"] != "Soul Warden"]
    on_board = draw(st.sampled_from(aims or [e["id"] for e in scenario["battlefield"]]))
    casts = (cast("Ajani's Anguish", "n7", {"permanent": on_board}), cast(creature, "n8"),
             cast("Ajani's Anguish", "n9", {"permanent": draw(st.sampled_from(("n8", "n7", "n8")))}))
    if "Endless One" in cards:
        # An Endless One cast with X too, then a third Anguish aimed at it: its counters and the
        # Anguish's damage each read the X of their own spell (107.3m).
        scenario["players"][seat]["hand"] += ["Endless One", "Ajani's Anguish"]
        casts += (cast("Endless One", "n10"),
                  cast("Ajani's Anguish", "n11", {"permanent": "n10"}))
    return Case(scenario, casts + case.program)


# --- issue 12: X spells, X in an activated ability's cost, enters with X (or 2X) counters -------------

X_SPELLS = ("Blaze", "Volcanic Geyser", "Heat Ray", "Hurricane", "Squall Line", "Earthquake",
            "Savage Twister", "Stroke of Genius", "Braingeyser", "Mind Spring", "Prosperity",
            "Stream of Life")
DRAW_AND_LIFE_X = ("Stroke of Genius", "Braingeyser", "Mind Spring", "Prosperity", "Stream of Life")
DAMAGE_X = tuple(name for name in X_SPELLS if name not in DRAW_AND_LIFE_X)
X_BOARD = ("Skyknight Legionnaire", "Llanowar Elves", "Pili-Pala", "Master Decoy", "Prodigal Sorcerer",
           "Forest", "Apocalypse Hydra")


def _lives(observation: dict) -> dict:
    return {seat: p["life"] for seat, p in enumerate(observation["players"]) if p["in_game"]}


def _x_spell_labels(step):
    a = step.action
    verdict = "accepted" if accepted(step) else step.oracle_after["rejected"]
    if a["type"] == "cast" and a["card"] in X_SPELLS:
        decked = a["card"] in DRAW_AND_LIFE_X and len(_lives(step.oracle_after)) < len(_lives(step.oracle_before))
        return [f"cast an X spell with X{'>0' if a.get('x', 0) else '=0'}: {verdict}"] + (
            ["an X spell's draws emptied a library: the player lost"] if decked else [])
    if a["type"] == "activate" and step.oracle_before["permanents"].get(a["permanent"]) and \
            entry_card(step.scenario, a["permanent"]) == card("Crypt Rats"):
        return [f"Crypt Rats activated with X{'>0' if a.get('x', 0) else '=0'}: {verdict}"]
    return []


@st.composite
def _rats_with_x(draw, case: Case) -> Case:
    """An unsick Crypt Rats of the active player's activated first, with an X of 0 to 3, and every
    Crypt Rats activation of the program given its own X (CR 107.3k); the Rats' spell X, if any,
    is not it."""
    rats = [e for e in case.scenario["battlefield"] if e["card"] == "Crypt Rats" and not e.get("phased_out")]
    if not rats:
        return case
    scenario = copy.deepcopy(case.scenario)
    first = next(e for e in scenario["battlefield"] if e["id"] == rats[0]["id"])
    first["controller"] = scenario["active_player"]
    x = st.integers(0, 3)
    opening = {"type": "activate", "permanent": first["id"], "ability": 0, "x": draw(integers(1, 3)),
               "optional": False}
    program = tuple({**a, "x": draw(x)} if a["type"] == "activate" and a["permanent"] in
                    {e["id"] for e in rats} else a for a in case.program)
    return Case(scenario, (opening,) + program)


@st.composite
def _cast_in_turn(draw, case: Case, spells: tuple, cards: frozenset) -> Case:
    """The active player, in a main phase of their turn, casts each of `spells` the engine declares
    from their hand, one after another in an order drawn, each with an X of 0 to 3
    chosen as it is cast (CR 107.3a) and at a target of its kind — a player (the caster or another),
    or a creature on the battlefield for a spell that deals damage to "any target" or a creature —
    then the drawn program. Draws of X meet libraries of 3 to 5 cards, so several draw spells at
    one player meet an empty library (121.4, 704.5b)."""
    held = [name for name in spells if name in cards]
    if not held:
        return case
    scenario = copy.deepcopy(case.scenario)
    seat, seats = scenario["active_player"], len(scenario["players"])
    creatures = [e["id"] for e in scenario["battlefield"]
                 if "creature" in card(e["card"]).types and not e.get("phased_out")]
    chosen = draw(st.permutations(held))
    scenario["players"][seat]["hand"] += list(chosen)
    casts = []
    for i, name in enumerate(chosen):
        action = {"type": "cast", "player": seat, "card": name, "x": draw(integers(0, 3))}
        wanted = cast_targets(card(name))
        if wanted == "player" or (wanted == "any" and (not creatures or draw(BOOLEANS))):
            action["targets"] = [{"player": draw(integers(0, seats - 1))}]
        elif wanted and creatures:
            action["targets"] = [{"permanent": draw(st.sampled_from(creatures))}]
        elif wanted:
            continue
        casts.append({**action, "optional": draw(BOOLEANS), "id": f"x{i}"})
    return Case(scenario, tuple(casts) + case.program)


@st.composite
def _rats_and_every_x_spell(draw, case: Case, cards: frozenset) -> Case:
    """Crypt Rats activated with its own X (`_rats_with_x`), mostly before, else after, every X
    spell cast in turn (`_cast_in_turn`)."""
    if draw(integers(0, 2)) < 2:
        return draw(_cast_in_turn(case, X_SPELLS, cards).flatmap(_rats_with_x))
    return draw(_rats_with_x(case).flatmap(partial(_cast_in_turn, spells=X_SPELLS, cards=cards)))


@conformance_property(
    id="X-101", title="An X spell or ability uses the X chosen for it",
    rules=("107.3a", "107.3k", "120.6", "704.5g"),
    cards=frozenset(X_SPELLS + ("Crypt Rats",)), actions=frozenset({"cast", "activate"}),
    labels=_x_spell_labels,
    situations=(
        Situation("an activated ability uses the X chosen as it is activated", ("107.3k",), ("Crypt Rats",)),
        Situation("an X spell uses the X chosen as it is cast", ("107.3a",), rejected=False),
        Situation("X damage to creatures with, or without, flying", ("702.9a",)),
        Situation("a draw of X meets an empty library", ("121.4",))),
    floors=(Floor("cast an X spell with X>0: accepted", 50),
            Floor("Crypt Rats activated with X>0: accepted", 20),
            Floor("an X spell's draws emptied a library: the player lost", 10)))
def x_chosen(capabilities):
    """X damage, draw and life spells cast with X of 0 to 3 on boards of creatures with and without
    flying, and Crypt Rats activated with its own X: alone, or all in one main phase."""
    cards = frozenset(capabilities.get("cards", ()))
    # The flying-sorting spells more often: which creatures they hit is a rule of their own; then
    # the damage spells cast in turn, each at a target of its kind. Libraries hold enough cards for
    # every draw of an X of up to 3 (121.2); `every_x` below meets an empty library (121.4).
    spells = Aim(board=X_BOARD, hand=X_SPELLS + ("Hurricane", "Squall Line", "Earthquake"),
                 kinds={"cast": 4, "advance": 1}, length=(1, 3),
                 steps=("main1", "main2"), hand_size=(2, 3), size=(2, 5), players=(2, 3), library=(3, 5),
                 core=(("Skyknight Legionnaire", "Pili-Pala"), ("Llanowar Elves", "Master Decoy")),
                 then=lambda case: _paid_x(case).flatmap(partial(_cast_in_turn, spells=DAMAGE_X, cards=cards)))
    # The spells that give life or draw cards cast one after another by the active player, each at
    # a player, with X of 0 to 3, so each of their X is seen; then more cast with X of 1 to 3.
    life_and_cards = Aim(board=X_BOARD, hand=DRAW_AND_LIFE_X, kinds={"cast": 1}, length=(0, 2),
                         steps=("main1", "main2"), hand_size=(0, 2), size=(2, 4), players=(2, 3),
                         library=(3, 5), then=lambda case: _paid_x(case).flatmap(
                             partial(_cast_in_turn, spells=DRAW_AND_LIFE_X, cards=cards)))
    rats = Aim(board=X_BOARD + ("Crypt Rats",), hand=X_SPELLS, kinds={"activate": 2, "cast": 1},
               length=(0, 3), steps=("main1", "main2"), size=(2, 5), players=(2, 3), sick=0.3,
               core=(("Crypt Rats",), ("Skyknight Legionnaire", "Llanowar Elves", "Master Decoy")),
               then=_rats_with_x)
    # A main phase of many X: every X spell cast in turn, each with its own X and target, and Crypt
    # Rats activated with another X before or after them, so each spell and ability must use the X
    # chosen for it, not one chosen for another (107.3a, 107.3k); libraries of 3 to 8 cards meet the draws of X
    # (121.4, 704.5b).
    every_x = Aim(board=X_BOARD + ("Crypt Rats",), kinds={"activate": 1, "cast": 1}, length=(0, 2),
                  steps=("main1", "main2"), size=(3, 6), players=(2, 3), library=(3, 8),
                  core=(("Crypt Rats",), ("Skyknight Legionnaire", "Pili-Pala"), ("Llanowar Elves", "Master Decoy")),
                  then=partial(_rats_and_every_x_spell, cards=cards))
    return aimed(capabilities, spells, rats, life_and_cards, every_x, every_x)


@x_chosen.claims(rules=("107.3a", "107.3k"))
def _chosen_x_claim(step):
    """Engine-only: Crypt Rats activated with X, or Blaze or Volcanic Geyser cast at a player with X,
    takes exactly X life from each player it deals damage to (CR 107.3a, 107.3k, 120.3a)."""
    a = step.action
    if step.engine_after["rejected"] is not None or a["type"] not in ("activate", "cast"):
        return None
    before, after, x = _lives(step.engine_before), _lives(step.engine_after), a.get("x", 0)
    if a["type"] == "activate":
        user = entry_card(step.scenario, a["permanent"])
        hit = list(before) if user is not None and user.name == "Crypt Rats" else []
        how, rule = "Crypt Rats activated", "107.3k"
    else:
        aimed_at = (a.get("targets") or [{}])[0].get("player")
        hit = [aimed_at] if a["card"] in ("Blaze", "Volcanic Geyser") and aimed_at is not None else []
        how, rule = f"{a['card']} cast", "107.3a"
    for seat in (s for s in hit if s in before and s in after):
        if before[seat] - after[seat] != x:
            return (f"{how} with X={x}: player {seat} went from {before[seat]} to {after[seat]} life; it "
                    f"deals the X chosen for it (CR {rule})", (rule,))
    return None


def _hydra_x(case: Case):
    """`case` with each Apocalypse Hydra cast given an X around 5, where the additional X begins."""
    casts = [i for i, a in enumerate(case.program) if a["type"] == "cast" and a["card"] == "Apocalypse Hydra"]
    return st.lists(st.sampled_from((1, 4, 5, 6, 7)), min_size=len(casts), max_size=len(casts)).map(
        lambda xs: Case(case.scenario, tuple({**a, "x": xs[casts.index(i)]} if i in casts else a
                                             for i, a in enumerate(case.program))))


def _hydra_labels(step):
    a = step.action
    if a["type"] not in ("cast", "put_onto_battlefield") or a["card"] != "Apocalypse Hydra":
        return []
    verdict = "accepted" if accepted(step) else step.oracle_after["rejected"]
    how = "put onto the battlefield" if a["type"] == "put_onto_battlefield" else (
        f"cast with X{'>=5' if a.get('x', 0) >= 5 else '<5'}")
    return [f"Apocalypse Hydra {how}: {verdict}"]


@conformance_property(
    id="X-102", title="Enters-with-X counters use the spell's X, and X more from 5 (Apocalypse Hydra)",
    rules=("107.3m",), cards=frozenset({"Apocalypse Hydra"}),
    actions=frozenset({"cast", "put_onto_battlefield", "activate"}), observes=frozenset({"counters"}),
    focus=frozenset({"cast", "put_onto_battlefield"}), labels=_hydra_labels,
    situations=(
        Situation("Apocalypse Hydra enters with counters from the spell's X", ("107.3m",),
                  ("Apocalypse Hydra",)),),
    floors=(Floor("Apocalypse Hydra cast with X>=5: accepted", 25),
            Floor("Apocalypse Hydra cast with X<5: accepted", 25)))
def hydra_x(capabilities):
    """Apocalypse Hydra cast with X around 5 or put onto the battlefield (X=0), then its
    remove-a-counter ability, beside Soul Warden."""
    board = ("Forest", "Soul Warden", "Llanowar Elves", "Apocalypse Hydra")
    cast_it = Aim(board=board, hand=("Apocalypse Hydra",), kinds=[({"cast": 1}, (1, 2)),
                                                                   ({"activate": 1}, (0, 2))],
                  steps=("main1", "main2"), hand_size=(1, 2), then=_hydra_x)
    broad = Aim(board=board, hand=("Apocalypse Hydra",) + X_CARDS,
                kinds={"cast": 3, "put_onto_battlefield": 1, "activate": 1}, steps=("main1", "main2"),
                hand_size=(1, 3), then=_hydra_x)
    return aimed(capabilities, cast_it, cast_it, broad)


@hydra_x.claims(rules=("107.3m",))
def _hydra_claim(step):
    """Engine-only: Apocalypse Hydra cast with X enters with X +1/+1 counters, 2X if X is 5 or more
    (its text; CR 107.3m)."""
    a = step.action
    if a["type"] != "cast" or a["card"] != "Apocalypse Hydra" or step.engine_after["rejected"] is not None:
        return None
    after, oracle = step.engine_after["permanents"].get(a["id"]), step.oracle_after["permanents"].get(a["id"])
    if after is None or oracle is None or oracle["zone"] != "battlefield":
        return None
    x = a.get("x", 0)
    want, got = (2 * x if x >= 5 else x), (after.get("counters") or {}).get("+1/+1", 0)
    if got != want:
        return (f"Apocalypse Hydra cast with X={x} entered with {got} +1/+1 counters, not {want} "
                "(X, and X more if X is 5 or more: the spell's X, CR 107.3m)")
    return None
