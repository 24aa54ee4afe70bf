"""{T} and {Q} costs and summoning sickness (CR 107.5, 107.6, 302.6, 702.10c)."""
from __future__ import annotations

import copy
from functools import partial

from attrs import evolve
from hypothesis import strategies as st

from mtg_conformance.adapters.contract import scenario_features
from mtg_conformance.oracle.catalog import card
from mtg_conformance.properties.areas.common import accepted, aimed, entry_card, fresh_ids
from mtg_conformance.properties.coverage import Floor, Situation
from mtg_conformance.properties.model import Case, conformance_property
from mtg_conformance.properties.strategies import Aim, BOOLEANS, ability_targets, card_needs, integers

ACTIVATIONS = ("activate_mana", "activate")
HASTY_USERS = ("Mutavault", "Hangarback Walker", "Pili-Pala", "Puresight Merrow")    # {T} or {Q}


def _cost(step):
    """The cost of the ability the action activates, if the scenario names it."""
    c = entry_card(step.scenario, step.action.get("permanent", ""))
    if c is None:
        return None
    abilities = c.mana_abilities if step.action["type"] == "activate_mana" else c.activated
    index = step.action.get("ability", 0)
    return abilities[index].cost if isinstance(index, int) and 0 <= index < len(abilities) else None


def _cost_labels(step):
    if step.action["type"] not in ACTIVATIONS:
        return []
    cost, before = _cost(step), step.oracle_before["permanents"].get(step.action.get("permanent"))
    if cost is None or before is None or before["zone"] != "battlefield":
        return ["activation of something without that ability"]
    symbol = "{T}" if cost.tap else "{Q}" if cost.untap else "no {T}/{Q}"
    state = "tapped" if before["tapped"] else "untapped"
    verdict = step.oracle_after["rejected"] or "accepted"
    return [f"{symbol} ability of a {state} permanent: {verdict}"]


@conformance_property(
    id="COST-001", title="{T} needs an untapped permanent, {Q} a tapped one", rules=("107.5", "107.6"),
    cards=frozenset({"Llanowar Elves", "Puresight Merrow", "Pili-Pala", "Forest"}),
    actions=frozenset(ACTIVATIONS), labels=_cost_labels,
    situations=(
        Situation("Pili-Pala's tapped status decides its {Q} cost", ("107.6",), ("Pili-Pala",)),
        Situation("an untapped permanent pays {T}", ("107.5",), rejected=False),
        Situation("a {T} or {Q} cost refused for the permanent's tapped status", ("107.5", "107.6"),
                  rejected=True)),
    floors=(Floor("{T} ability of a tapped permanent: tapped", 10),
            Floor("{Q} ability of a untapped permanent: untapped", 10),
            Floor("{Q} ability of a tapped permanent: accepted", 5)))
def tap_and_untap_symbols(capabilities):
    """{T} and {Q} abilities of tapped and untapped permanents, sick or not."""
    board = ("Llanowar Elves", "Puresight Merrow", "Pili-Pala", "Forest", "Hangarback Walker",
             "Vedalken Shackles", "Springleaf Drum", "Mutavault", "Treasure", "Island")
    # {Q} meets summoning sickness: Pili-Pala's {Q} mana ability beside Puresight Merrow's other
    # {Q} ability, both tapped (so {Q} could be paid) and come under their controller's control
    # this turn, with nothing giving haste.
    untap_while_sick = Aim(board=("Pili-Pala", "Puresight Merrow", "Forest"),
                           kinds={"activate_mana": 3, "activate": 3}, tapped=1.0, sick=1.0,
                           phased=0.05, size=(2, 4), core=(("Pili-Pala",), ("Puresight Merrow",)))
    broad = Aim(board=board, kinds={"activate_mana": 3, "activate": 3, "advance": 1},
                tapped=0.5, sick=0.5, size=(2, 6),
                core=(("Puresight Merrow", "Pili-Pala"), ("Llanowar Elves", "Hangarback Walker")))
    # {Q} paid: the same two tapped, controlled since the turn began, so the {Q} cost can be paid
    # (the broad aim is named twice, to keep its share).
    untap_paid = evolve(untap_while_sick, sick=0.0)
    return aimed(capabilities, broad, broad, untap_while_sick, untap_paid)


@tap_and_untap_symbols.claims(rules=("107.5", "107.6"))
def _tap_claim(step):
    """An engine-only check: a tapped permanent can't pay {T}, an untapped one can't pay {Q}."""
    if step.action["type"] not in ACTIVATIONS or step.engine_after["rejected"] is not None:
        return None
    cost, before = _cost(step), step.engine_before["permanents"].get(step.action["permanent"])
    if cost is None or before is None or before["zone"] != "battlefield" or before["phased_out"]:
        return None
    pid = step.action["permanent"]
    if cost.tap and before["tapped"]:
        return f"{pid} was already tapped, yet the engine let it pay {{T}} (CR 107.5)"
    if cost.untap and not before["tapped"]:
        return f"{pid} was already untapped, yet the engine let it pay {{Q}} (CR 107.6)"
    return None


def _sickness_labels(step):
    if step.action["type"] not in ACTIVATIONS + ("attack",):
        return []
    reason = step.oracle_after["rejected"]
    if reason == "summoning_sick":
        return ["rejected: summoning sick"]
    labels = ["accepted" if accepted(step) else f"rejected: {reason}"]
    if step.action["type"] == "attack":
        labels.append("declared attackers")
    return labels


@conformance_property(
    id="COST-002", title="Summoning sickness: continuous control since the turn began, or haste",
    rules=("302.6", "602.5a", "702.10c"),
    cards=frozenset({"Llanowar Elves", "Puresight Merrow", "Dryad Arbor", "Mutavault", "Pili-Pala"}),
    actions=frozenset({"activate_mana", "activate"}), labels=_sickness_labels,
    focus=frozenset({"activate_mana", "activate", "attack"}),
    situations=(
        Situation("Fervor gives a summoning-sick creature haste", ("702.10c",), ("Fervor",)),
        Situation("a noncreature's {T} ability is never summoning sick", ("302.6",), rejected=False,
                  one_of=("Forest", "Springleaf Drum", "Fellwar Stone", "Vedalken Shackles", "Island",
                          "Mutavault")),
        Situation("summoning sickness refuses a creature's {T} or {Q} ability", ("302.6",), rejected=True)),
    floors=(Floor("rejected: summoning sick", 3), Floor("accepted", 30), Floor("declared attackers", 5)))
def summoning_sickness(capabilities):
    """Creatures and noncreatures that did or didn't start the turn under their controller, Fervor,
    Threaten, control changes, animated Mutavaults, attacks, and turns passing."""
    board = ("Llanowar Elves", "Puresight Merrow", "Pili-Pala", "Dryad Arbor", "Mutavault", "Fervor",
             "Fervor", "Forest", "Springleaf Drum", "Hangarback Walker", "Vedalken Shackles",
             "Fellwar Stone", "Island")
    broad = Aim(board=board, hand=("Threaten",),
                kinds={"activate_mana": 3, "activate": 2, "change_control": 2, "cast": 1,
                       "attack": 1, "advance": 1}, size=(2, 7), steps=("main1", "combat"),
                sick=0.5, tapped=0.15, length=(1, 8), players=(2, 3),
                core=(("Llanowar Elves", "Puresight Merrow", "Pili-Pala", "Dryad Arbor", "Mutavault"),
                      ("Fervor", "Fervor", "Forest")))
    # Everything came under its controller's control this turn, untapped, beside Fervor (two, so
    # that one is often on a creature's side), for programs of {T} activations and attacks: sick
    # noncreatures (lands, Fellwar Stone, Springleaf Drum tapping a creature) may use {T}, sick
    # creatures only with haste. One aim leads with the noncreature, the other with the creature
    # (the permanent placed first is the one drawn first).
    noncreatures = ("Forest", "Fellwar Stone", "Springleaf Drum", "Mutavault")
    creatures = ("Llanowar Elves", "Dryad Arbor")
    came_this_turn = Aim(board=("Forest", "Fellwar Stone", "Springleaf Drum", "Llanowar Elves",
                                "Dryad Arbor", "Fervor"),
                         kinds={"activate_mana": 3, "attack": 1}, length=(3, 8), size=(3, 5),
                         players=(2, 2), sick=1.0, tapped=0.0, phased=0.0, steps=("combat", "main1"))
    sick_noncreatures = evolve(came_this_turn, core=(noncreatures, ("Fervor",), creatures, ("Fervor",)))
    hasty = evolve(came_this_turn, core=(("Fervor",), creatures, ("Fervor",), noncreatures))
    # Fervors beside sick creatures of their controller's with {T} or {Q} abilities — an animated
    # Mutavault, Hangarback Walker, Pili-Pala, Puresight Merrow — which haste lets them use
    # (702.10c), beside a Forest tapped for mana though it came this turn, a noncreature (302.6);
    # then the Fervors and the Forest phase out, so a sick creature has no haste
    # (702.26b), and all of them phase in at once as their controller's next untap step comes
    # (702.26a).
    fervors = Aim(board=("Fervor", "Forest", "Llanowar Elves", "Dryad Arbor") + HASTY_USERS,
                  kinds={"activate_mana": 3, "attack": 1}, length=(0, 1), size=(4, 5), players=(2, 2),
                  sick=1.0, tapped=0.0, phased=0.0, steps=("main1",),
                  core=(("Fervor",), ("Fervor",), ("Forest",), ("Llanowar Elves", "Dryad Arbor")),
                  then=partial(_fervor_at_work, cards=frozenset(capabilities.get("cards", ())),
                               features=scenario_features(capabilities)))
    return aimed(capabilities, broad, sick_noncreatures, hasty, fervors)


def _entries(scenario: dict, names) -> list:
    return [e for e in scenario["battlefield"] if e["card"] in names and not e.get("phased_out")]


@st.composite
def _fervor_at_work(draw, case: Case, cards: frozenset, features: frozenset) -> Case:
    """In a two-player game the active player's Fervors give the sick creatures with a {T} or {Q}
    ability that came under their control this turn haste, and they use those abilities (CR
    702.10c: a Mutavault they animate first; only the engine's `cards`), and a Forest of theirs,
    a noncreature, taps for mana though it came this turn too (302.6). Then the Fervors and
    Forests phase out, a sick creature of theirs tries its {T} mana ability without haste (702.26b,
    302.6), and their next untap step phases everything back in at once (702.26a). No X creature
    without the `counters` scenario feature."""
    scenario = copy.deepcopy(case.scenario)
    seat = scenario["active_player"]
    fresh = fresh_ids(scenario)
    uses = []
    for name in (n for n in HASTY_USERS if n in cards and card_needs(n) <= features):
        c, pid = card(name), next(fresh)
        user = {"id": pid, "card": name, "controller": seat, "sick": True,
                "tapped": any(a.cost.untap for a in c.mana_abilities + c.activated)}   # {Q} payable
        if c.enters_with == "x_p1p1":
            user["counters"] = {"+1/+1": draw(integers(1, 3))}
        scenario["battlefield"].append(user)
        ability = {"type": "activate", "permanent": pid, "ability": 0,
                   **ability_targets(name, 0, {"player": seat}), "optional": draw(BOOLEANS)}
        mana = {"type": "activate_mana", "permanent": pid,
                "color": "C" if name == "Mutavault" else draw(st.sampled_from("WUBRG"))}
        uses += {"Mutavault": [ability, mana], "Pili-Pala": [mana]}.get(name, [ability])
    phasing = [e for e in _entries(scenario, ("Fervor", "Forest"))]
    for entry in phasing:
        entry["controller"] = seat
    creatures = _entries(scenario, ("Llanowar Elves", "Dryad Arbor"))
    tapper = draw(st.sampled_from(creatures)) if creatures else None
    if tapper:
        tapper["controller"] = seat
    forests = [e for e in phasing if e["card"] == "Forest"]
    uses += [{"type": "activate_mana", "permanent": forests[0]["id"], "color": "G"}] if forests else []
    uses += [{"type": "phase_out", "permanents": [e["id"] for e in phasing]}] if phasing else []
    uses += [{"type": "activate_mana", "permanent": tapper["id"], "color": "G"}] if tapper else []
    uses += [{"type": "advance", "step": "upkeep", "turns": len(scenario["players"]),
              "optional": draw(BOOLEANS)}]
    return Case(scenario, tuple(uses) + case.program)


@conformance_property(
    id="COST-003", title="A creature whose control changed this turn can't use {T} or {Q}",
    rules=("302.6", "107.5", "107.6"), cards=frozenset({"Llanowar Elves", "Puresight Merrow", "Pili-Pala"}),
    actions=frozenset({"change_control", "activate_mana"}), labels=_sickness_labels,
    situations=(
        Situation("a control effect gives a creature to another player", ("613.1b",),
                  one_of=("Llanowar Elves", "Puresight Merrow", "Pili-Pala", "Dryad Arbor")),
        Situation("summoning sickness refuses a creature whose control changed", ("302.6",), rejected=True)),
    floors=(Floor("rejected: summoning sick", 10), Floor("accepted", 20)))
def control_change_sickness(capabilities):
    """Creatures that started the turn under their controller change hands (effects, Threaten,
    Control Magic) and are then activated by the new controller, with or without haste."""
    board = ("Llanowar Elves", "Puresight Merrow", "Pili-Pala", "Dryad Arbor", "Forest", "Fervor")
    broad = Aim(board=board, hand=("Threaten", "Control Magic"),
                kinds=[({"change_control": 3, "cast": 1}, (1, 2)),
                       ({"activate_mana": 3, "activate": 1, "advance": 1}, (1, 3))],
                size=(2, 6), sick=0.1, tapped=0.2, phased=0.05, steps=("main1",), players=(2, 3),
                core=(("Llanowar Elves", "Puresight Merrow", "Pili-Pala", "Dryad Arbor"),))
    # Untapped {T} creatures their controller has had since the turn began change hands by
    # effects, once or back and forth, with no haste around; then {T} mana abilities.
    changed_hands = Aim(board=("Llanowar Elves", "Dryad Arbor", "Forest"),
                        kinds=[({"change_control": 1}, (2, 4)), ({"activate_mana": 1}, (1, 3))],
                        size=(1, 4), sick=0.0, tapped=0.0, phased=0.0, steps=("main1",),
                        players=(2, 3), core=(("Llanowar Elves", "Dryad Arbor"),))
    # The same for a tapped {Q} creature: Pili-Pala's {Q} mana ability.
    changed_hands_tapped = Aim(board=("Pili-Pala", "Forest"),
                               kinds=[({"change_control": 1}, (2, 4)), ({"activate_mana": 1}, (1, 3))],
                               size=(1, 4), sick=0.0, tapped=1.0, phased=0.0, steps=("main1",),
                               players=(2, 3), core=(("Pili-Pala",),))
    # Control Magic cast on another player's creature: its control effect (613.1b) makes the
    # caster the controller of a creature they haven't controlled since their turn began, whose
    # {T} or {Q} ability they then try (302.6).
    enchanted = Aim(board=("Puresight Merrow", "Pili-Pala", "Dryad Arbor", "Llanowar Elves", "Forest"),
                    kinds=[({"activate_mana": 3, "activate": 1}, (1, 3))], size=(2, 4), sick=0.0,
                    tapped=0.5, phased=0.0, steps=("main1",), players=(2, 3),
                    core=(("Puresight Merrow", "Pili-Pala", "Dryad Arbor"),),
                    then=partial(_control_magic_cast, cards=frozenset(capabilities.get("cards", ()))))
    return aimed(capabilities, changed_hands, changed_hands_tapped, broad, enchanted)


@st.composite
def _control_magic_cast(draw, case: Case, cards: frozenset) -> Case:
    """The active player casts Control Magic on a creature another player controls, then activates
    its {T} or {Q} ability (CR 613.1b, 302.6); only the engine's `cards`."""
    creatures = [e for e in case.scenario["battlefield"] if "creature" in card(e["card"]).types
                 and not e.get("phased_out")]
    if "Control Magic" not in cards or not creatures:
        return case
    scenario = copy.deepcopy(case.scenario)
    seat, seats = scenario["active_player"], len(scenario["players"])
    pid = draw(st.sampled_from([e["id"] for e in creatures]))
    entry = next(e for e in scenario["battlefield"] if e["id"] == pid)
    if entry["controller"] == seat:
        entry["controller"] = (seat + draw(integers(1, seats - 1))) % seats
    scenario["players"][seat]["hand"].append("Control Magic")
    cast = {"type": "cast", "player": seat, "card": "Control Magic",
            "targets": [{"permanent": pid}], "optional": draw(BOOLEANS), "id": "n9"}
    c = card(entry["card"])
    use = ({"type": "activate_mana", "permanent": pid, "color": draw(st.sampled_from(("G", "W", "U")))}
           if c.mana_abilities else
           {"type": "activate", "permanent": pid, "ability": 0,
            **ability_targets(entry["card"], 0, {"player": seat}), "optional": draw(BOOLEANS)})
    return Case(scenario, (cast, use) + case.program)


# --- issue 12: haste from every source, {T} abilities that deal damage, tap or destroy ----------------

TAP_CREATURES = ("Prodigal Sorcerer", "Prodigal Pyromancer", "Anaba Shaman", "Royal Assassin",
                 "Master Decoy", "Gideon's Lawkeeper", "Blinding Mage", "Goldmeadow Harrier")
HASTY = ("Vulshok Sorcerer", "Cunning Sparkmage", "Raging Goblin", "Lightning Elemental",
         "Skyknight Legionnaire")
HASTE_EQUIPMENT = ("Lightning Greaves", "Swiftfoot Boots")
UNTAP_CREATURES = ("Puresight Merrow", "Pili-Pala")
TAP_ARTIFACTS = ("Icy Manipulator", "Rod of Ruin", "Jayemdae Tome", "Fountain of Youth", "Voltaic Key")


@conformance_property(
    id="COST-101",
    title="Haste from any source lets a sick creature use {T} and {Q}; artifacts never need it",
    rules=("302.6", "702.10c", "702.11b", "702.18a", "107.6", "602.5a"),
    cards=frozenset(TAP_CREATURES + HASTY + HASTE_EQUIPMENT + TAP_ARTIFACTS + ("Mass Hysteria",)),
    actions=frozenset({"activate", "activate_mana", "attack", "phase_out"}), labels=_sickness_labels,
    focus=frozenset({"activate", "activate_mana", "attack"}),
    situations=(
        Situation("Equipment gives a summoning-sick creature haste", ("702.10c",),
                  one_of=HASTE_EQUIPMENT),
        Situation("Mass Hysteria gives a summoning-sick creature haste", ("702.10c",), ("Mass Hysteria",)),
        Situation("a creature's own haste lets it use {T} the turn it arrives", ("702.10c",), one_of=HASTY),
        Situation("an artifact's {T} ability is never summoning sick", ("302.6",), rejected=False,
                  one_of=TAP_ARTIFACTS),
        Situation("shroud or hexproof from Equipment stops a target", ("702.18a", "702.11b"),
                  one_of=HASTE_EQUIPMENT)),
    floors=(Floor("accepted", 60), Floor("rejected: summoning sick", 15), Floor("declared attackers", 20),
            Floor("rejected: illegal_target", 15)))
def haste_from_any_source(capabilities):
    """Summoning-sick creatures with {T} or {Q} abilities beside every kind of haste source — their
    own keyword, Mass Hysteria (whoever controls it), Lightning Greaves and Swiftfoot Boots (equipped
    or equipped by their equip ability) — and artifacts with {T} abilities, never sick."""
    targets = ("Llanowar Elves", "Forest", "Skyknight Legionnaire")
    # Sick {T} creatures, Equipment on some of them (placed after their hosts), then activations,
    # equips (sorcery speed: main phase) and attacks; their targets are sometimes the equipped ones.
    # A pinger with haste of its own beside them uses it too.
    equipped = Aim(board=TAP_CREATURES + HASTE_EQUIPMENT + targets,
                   kinds={"activate": 5, "attack": 1}, size=(4, 6), sick=0.9, tapped=0.0,
                   phased=0.0, steps=("main1", "main1", "combat"), players=(2, 3), length=(0, 3),
                   core=(TAP_CREATURES, HASTE_EQUIPMENT, TAP_CREATURES + HASTY, HASTY[:2]),
                   then=_equipped_user)
    # Mass Hysteria beside sick {T} and {Q} creatures of every player, one of them using its ability
    # under Mass Hysteria of another player's; it sometimes phases out first (702.26b).
    hysteria = Aim(board=TAP_CREATURES + UNTAP_CREATURES + ("Mass Hysteria", "Fervor") + targets,
                   kinds={"activate": 4, "activate_mana": 2, "attack": 1, "phase_out": 1},
                   size=(3, 5), sick=1.0, tapped=0.3, phased=0.0, steps=("main1", "combat"),
                   players=(2, 3), length=(2, 5),
                   core=(("Mass Hysteria",), TAP_CREATURES + UNTAP_CREATURES, TAP_CREATURES),
                   then=_hysteria_elsewhere)
    # Hasty creatures with and without {T} abilities, and artifacts with {T} abilities (Voltaic Key
    # untapping another), all arrived this turn.
    own = Aim(board=HASTY + TAP_ARTIFACTS + TAP_CREATURES + targets,
              kinds={"activate": 4, "attack": 1}, size=(3, 5), sick=1.0, tapped=0.2, phased=0.0,
              steps=("main1", "combat"), players=(2, 3), length=(2, 5),
              core=(("Vulshok Sorcerer", "Cunning Sparkmage"), TAP_ARTIFACTS, HASTY),
              then=_sick_artifact_first)
    return aimed(capabilities, equipped, equipped, hysteria, own, equipped)


@conformance_property(
    id="COST-102", title="{T} damage abilities need the creature untapped and unsick",
    rules=("107.5", "115.1", "302.6", "120.3", "701.8a", "701.26a", "602.5a"),
    cards=frozenset(TAP_CREATURES + ("Icy Manipulator", "Rod of Ruin")),
    actions=frozenset({"activate", "tap", "advance"}), labels=_sickness_labels, focus=frozenset({"activate"}),
    situations=(
        Situation("an untapped {T} creature that started the turn under its controller uses its ability",
                  ("107.5",), rejected=False, one_of=TAP_CREATURES),
        Situation("a tapped permanent can't pay {T} for its ability", ("107.5",), rejected=True),
        Situation("summoning sickness refuses a {T} damage ability", ("302.6",), rejected=True),
        Situation("Royal Assassin destroys a tapped creature", ("701.8a",), ("Royal Assassin",))),
    floors=(Floor("accepted", 30), Floor("rejected: tapped", 40), Floor("rejected: summoning sick", 20),
            Floor("rejected: illegal_target", 15)))
def tap_damage_abilities(capabilities):
    """Prodigal Sorcerer and the other {T} pingers, Rod of Ruin, Royal Assassin, the tappers and Icy
    Manipulator, tapped or untapped, sick or not, tapped by effects, then turns passing."""
    board = TAP_CREATURES + ("Icy Manipulator", "Rod of Ruin", "Llanowar Elves", "Forest", "Dryad Arbor")
    broad = Aim(board=board, kinds={"activate": 6, "tap": 2, "advance": 1}, size=(3, 6), sick=0.4,
                tapped=0.3, phased=0.05, steps=("main1", "combat", "upkeep"), players=(2, 3),
                length=(2, 6), core=(TAP_CREATURES, ("Royal Assassin",), TAP_CREATURES))
    # Tappers and Icy Manipulator tap creatures, which Royal Assassin then destroys.
    assassin = Aim(board=board, kinds={"activate": 1, "tap": 1}, length=(0, 2),
                   size=(3, 5), sick=0.2, tapped=0.4, phased=0.0, steps=("main1",), players=(2, 2),
                   core=(("Royal Assassin",), ("Master Decoy", "Icy Manipulator", "Blinding Mage"),
                         ("Llanowar Elves", "Dryad Arbor", "Prodigal Sorcerer")),
                   then=_assassin_after_a_tapper)
    return aimed(capabilities, broad, assassin, assassin)


@tap_damage_abilities.claims(rules=("107.5", "115.1"))
def _tap_damage_claim(step):
    """Engine-only: a {T} ability of a tapped permanent is never accepted (CR 107.5), and Royal
    Assassin never destroys an untapped creature (its text: target tapped creature)."""
    a = step.action
    if a["type"] != "activate" or step.engine_after["rejected"] is not None:
        return None
    cost, before = _cost(step), step.engine_before["permanents"].get(a.get("permanent"))
    if cost is None or before is None or before["zone"] != "battlefield" or before["phased_out"]:
        return None
    if cost.tap and before["tapped"]:
        return f"{a['permanent']} was already tapped, yet the engine let it pay {{T}} (CR 107.5)", ("107.5",)
    aimed_at = (a.get("targets") or [{}])[0].get("permanent")
    victim = step.engine_before["permanents"].get(aimed_at) if aimed_at else None
    if entry_card(step.scenario, a["permanent"]).name == "Royal Assassin" and victim and not victim["tapped"]:
        return (f"Royal Assassin destroyed {aimed_at}, which was untapped (its target must be tapped, "
                "CR 115.1)", ("115.1",))
    return None


def _on_battlefield(scenario: dict, names) -> list:
    return [e for e in scenario["battlefield"] if e["card"] in names and not e.get("phased_out")]


@st.composite
def _equipped_user(draw, case: Case) -> Case:
    """Lightning Greaves or Swiftfoot Boots attached to a summoning-sick {T} creature of the active
    player's, mostly one without haste of its own: other {T} creatures, first an opponent's, try
    to target it (shroud 702.18a, hexproof 702.11b), then it uses its ability (CR 702.10c), often
    aimed at itself; then, mostly, a creature with haste of its own uses its {T} ability
    (`_hasty_use`)."""
    scenario = copy.deepcopy(case.scenario)
    users = _on_battlefield(scenario, TAP_CREATURES + HASTY[:2])
    equipment = _on_battlefield(scenario, HASTE_EQUIPMENT)
    if not users or not equipment:
        return case
    unhasty = [e for e in users if e["card"] in TAP_CREATURES]
    user = draw(st.sampled_from(unhasty if unhasty and draw(integers(0, 2)) < 2 else users))
    gear = draw(st.sampled_from(equipment))
    seat, seats = scenario["active_player"], len(scenario["players"])
    user.update(controller=seat, sick=True, tapped=False)
    gear.update(attached_to={"permanent": user["id"]})
    aims = ([{"player": (seat + 1) % seats}, {"permanent": user["id"]}, {"permanent": user["id"]}]
            + [{"permanent": e["id"]} for e in scenario["battlefield"]])
    uses = []
    others = [e for e in _on_battlefield(scenario, TAP_CREATURES + HASTY[:2]) if e is not user][:2]
    if not others:                  # an opponent's pinger to aim at it
        others = [{"id": next(fresh_ids(scenario)), "card": "Prodigal Pyromancer", "controller": seat}]
        scenario["battlefield"].append(others[0])
    for other, seat_of in zip(others, ((seat + 1) % seats, draw(integers(0, seats - 1)))):
        other.update(controller=seat_of, sick=False, tapped=False)
        uses.append({"type": "activate", "permanent": other["id"], "ability": 0,
                     **ability_targets(other["card"], 0, {"permanent": user["id"]}), "optional": False})
    uses.append({"type": "activate", "permanent": user["id"], "ability": 0,
                 **ability_targets(user["card"], 0, draw(st.sampled_from(aims))), "optional": False})
    return Case(scenario, tuple(uses) + _hasty_use(draw, scenario, (user["id"],)) + case.program)


@st.composite
def _assassin_after_a_tapper(draw, case: Case) -> Case:
    """An untapped creature other than the Assassin is tapped — mostly by a tapper's ability or Icy
    Manipulator ("tap target", CR 701.26a), else by an effect — and then an unsick Royal Assassin
    of the active player's aims at it, mostly after aiming at an untapped one, an illegal target
    (CR 701.8a, 115.1)."""
    scenario = copy.deepcopy(case.scenario)
    assassins = _on_battlefield(scenario, ("Royal Assassin",))
    creatures = [e for e in scenario["battlefield"] if "creature" in card(e["card"]).types
                 and not e.get("phased_out")]
    if not assassins or not creatures:
        return case
    assassin = assassins[0]
    victim = draw(st.sampled_from([e for e in creatures if e is not assassin] or creatures))
    assassin.update(controller=scenario["active_player"], sick=False, tapped=False)
    victim["tapped"] = False
    tappers = [e for e in _on_battlefield(scenario, ("Master Decoy", "Icy Manipulator", "Blinding Mage"))
               if e is not victim]
    tapping = {"type": "tap", "permanent": victim["id"]}
    if tappers and draw(integers(0, 2)) < 2:
        tapper = draw(st.sampled_from(tappers))
        tapper.update(controller=scenario["active_player"], sick=False, tapped=False)
        tapping = {"type": "activate", "permanent": tapper["id"], "ability": 0,
                   **ability_targets(tapper["card"], 0, {"permanent": victim["id"]}), "optional": False}
    untapped = [e for e in creatures if e is not victim and not e["tapped"]]
    aims = [draw(st.sampled_from(untapped))] if untapped and draw(integers(0, 2)) < 2 else []
    kills = tuple({"type": "activate", "permanent": assassin["id"], "ability": 0,
                   "targets": [{"permanent": e["id"]}], "optional": False} for e in aims + [victim])
    return Case(scenario, (tapping,) + kills + case.program)


@st.composite
def _hysteria_elsewhere(draw, case: Case) -> Case:
    """A Mass Hysteria of another player's gives a summoning-sick creature of the active player's
    haste, and it uses its {T} or {Q} ability (CR 702.10b, 702.10c; {Q} needs it tapped)."""
    scenario = copy.deepcopy(case.scenario)
    hysterias = _on_battlefield(scenario, ("Mass Hysteria",))
    users = _on_battlefield(scenario, TAP_CREATURES + UNTAP_CREATURES)
    if not hysterias or not users:
        return case
    seat, seats = scenario["active_player"], len(scenario["players"])
    hysterias[0]["controller"] = (seat + draw(integers(1, seats - 1))) % seats
    user = draw(st.sampled_from(users))
    untaps = user["card"] in UNTAP_CREATURES
    user.update(controller=seat, sick=True, tapped=untaps)
    use = ({"type": "activate_mana", "permanent": user["id"], "color": draw(st.sampled_from("WUBRG"))}
           if user["card"] == "Pili-Pala" else
           {"type": "activate", "permanent": user["id"], "ability": 0,
            **ability_targets(user["card"], 0, {"player": (seat + 1) % seats}), "optional": draw(BOOLEANS)})
    return Case(scenario, (use,) + case.program)


@st.composite
def _sick_artifact_first(draw, case: Case) -> Case:
    """An artifact with a {T} ability that came under the active player's control this turn uses
    it at once (CR 302.6: only creatures are summoning sick), aimed at a permanent or a player; then,
    mostly, a creature with haste of its own uses its {T} ability (`_hasty_use`)."""
    scenario = copy.deepcopy(case.scenario)
    artifacts = _on_battlefield(scenario, TAP_ARTIFACTS)
    if not artifacts:
        return case
    artifact = draw(st.sampled_from(artifacts))
    seat = scenario["active_player"]
    artifact.update(controller=seat, sick=True, tapped=False)
    aims = [{"player": (seat + 1) % len(scenario["players"])}]
    aims += [{"permanent": e["id"]} for e in scenario["battlefield"]]
    uses = ({"type": "activate", "permanent": artifact["id"], "ability": 0,
             **ability_targets(artifact["card"], 0, draw(st.sampled_from(aims))), "optional": False},)
    return Case(scenario, uses + _hasty_use(draw, scenario) + case.program)


def _hasty_use(draw, scenario: dict, equipped: tuple = ()) -> tuple:
    """Mostly, a creature with haste of its own and a {T} ability, unequipped, that arrived under
    the active player's control this turn, using it at an opponent (CR 702.10c); () if the board has
    none. Arranges `scenario` in place."""
    hasty = [e for e in _on_battlefield(scenario, HASTY) if card(e["card"]).activated and e["id"] not in equipped]
    if not hasty or draw(integers(0, 2)) == 2:
        return ()
    seat, creature = scenario["active_player"], draw(st.sampled_from(hasty))
    creature.update(controller=seat, sick=True, tapped=False)
    return ({"type": "activate", "permanent": creature["id"], "ability": 0, "optional": False,
             **ability_targets(creature["card"], 0, {"player": (seat + 1) % len(scenario["players"])})},)
