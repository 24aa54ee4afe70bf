"""Phasing (CR 702.26) and "phase out until" (CR 610.4)."""
from __future__ import annotations

from oracle.catalog import card
from properties.areas.common import accepted, aimed, cases, on_board
from properties.model import conformance_property

PHASERS = ("Teferi's Imp", "Breezekeeper")
PHASING_ACTIONS = ("phase_out", "advance")


def _changed_phase(step) -> set:
    """Ids whose phased-out status the engine says changed in this step, while staying on the battlefield."""
    out = set()
    for pid, after in step.engine_after["permanents"].items():
        before = step.engine_before["permanents"].get(pid)
        if before and before["zone"] == after["zone"] == "battlefield" and before["phased_out"] != after["phased_out"]:
            out.add(pid)
    return out


def _no_zone_change_triggers(step):
    """CR 702.26d: phasing is not a zone change, so nothing that phased fires leaves/enters triggers."""
    for source, ev in step.engine_after.get("triggered", []):
        after = step.engine_after["permanents"].get(source)
        before = step.engine_before["permanents"].get(source)
        if ev in ("leaves", "enters") and before and after and before["zone"] == after["zone"] == "battlefield":
            verb = "phased out" if after["phased_out"] else "phased in"
            return (f"{source} {verb} without leaving or entering the battlefield, yet its "
                    f"{'leaves' if ev == 'leaves' else 'enters'}-the-battlefield ability triggered (CR 702.26d)")
    return None


def _phase_labels(step):
    labels = []
    changed = _changed_phase(step)
    for pid in changed:
        c = next((e["card"] for e in step.scenario["battlefield"] if e["id"] == pid), None)
        if c and any(t.event in ("leaves", "dies", "enters") for t in card(c).triggered):
            labels.append("a permanent with a leaves/enters trigger phased")
    if changed:
        labels.append(f"{step.action['type']}: permanents phased")
    return labels


@conformance_property(
    id="PHASE-001", title="Phasing never fires leaves-the-battlefield triggers",
    rules=("702.26d", "603.6a", "603.10a"),
    cards=frozenset({"Aven Riftwatcher", "Hangarback Walker", "Banisher Priest", "Soul Warden"}),
    actions=frozenset({"phase_out"}), observes=frozenset({"triggered"}),
    claim=_no_zone_change_triggers, claim_rules=("702.26d",), labels=_phase_labels)
def phasing_no_zone_change(capabilities):
    """Permanents with enters and leaves abilities phasing out and in (effects, untap steps, Teferi's
    Protection, Slip Out the Back); Aven Riftwatcher phasing out and back in, then leaving for real
    when its upkeep removes its last time counter."""
    board = ("Aven Riftwatcher", "Hangarback Walker", "Teferi's Imp", "Breezekeeper", "Soul Warden",
             "Banisher Priest", "Forest", "Holy Strength", "Bonesplitter", "Walking Ballista")
    broad = dict(board=board, hand=("Teferi's Protection", "Slip Out the Back"),
                 kinds={"phase_out": 4, "advance": 3, "cast": 2}, size=(1, 6), phased=0.3,
                 core=(("Aven Riftwatcher",), ("Hangarback Walker", "Banisher Priest", "Soul Warden")),
                 steps=("main1", "main2", "end"))
    # Aven Riftwatcher (enters and leaves abilities) phased out by an effect beside other
    # permanents with enters or dies abilities, then back in at an untap step.
    phased_by_effect = dict(
        board=("Aven Riftwatcher", "Banisher Priest", "Hangarback Walker", "Soul Warden", "Holy Strength"),
        hand=("Teferi's Protection", "Slip Out the Back"),
        kinds=[({"phase_out": 3, "cast": 1}, (1, 2)), ({"advance": 3, "phase_out": 1}, (2, 4))],
        size=(1, 3), phased=0.1, players=(2, 2), core=(("Aven Riftwatcher",),),
        steps=("main1", "main2", "end"))
    # Aven Riftwatchers (often on their last time counter) phasing out and in across upkeeps: the
    # upkeep that removes the last counter makes it leave for real, the phasing never does.
    vanishing = dict(
        board=("Aven Riftwatcher", "Soul Warden", "Teferi's Imp", "Hangarback Walker"),
        kinds=[({"phase_out": 1}, (1, 1)), ({"advance": 1}, (3, 5))],
        size=(2, 4), phased=0.2, tapped=0.2, players=(2, 2),
        core=(("Aven Riftwatcher",), ("Aven Riftwatcher",)), steps=("main2", "end"))
    return aimed(capabilities, vanishing, phased_by_effect, broad)


def _attachments_claim(step):
    """CR 702.26g: what's attached to a permanent that phases out phases out with it."""
    if step.action["type"] not in PHASING_ACTIONS or step.engine_after["rejected"] is not None:
        return None
    after = step.engine_after["permanents"]
    for pid, p in after.items():
        host_ref = (p.get("attached_to") or {}).get("permanent")
        host = after.get(host_ref) if host_ref else None
        if (p["zone"] == "battlefield" and host and host["zone"] == "battlefield" and host["phased_out"]
                and not p["phased_out"] and host_ref in _changed_phase(step)):
            return (f"{host_ref} phased out but {pid}, attached to it, stayed phased in; attached Auras "
                    "and Equipment phase out with it (CR 702.26g)")
    return None


@conformance_property(
    id="PHASE-002", title="Auras and Equipment phase out and in with their host",
    rules=("702.26g", "702.26h", "702.26i", "704.5m"),
    cards=frozenset({"Pacifism", "Holy Strength", "Control Magic", "Bonesplitter", "Overgrowth"}),
    actions=frozenset({"phase_out"}), claim=_attachments_claim, claim_rules=("702.26g",),
    focus=frozenset({"phase_out", "advance", "cast", "put_into_graveyard"}),
    labels=lambda step: ["host with attachments phased"] if any(
        (p.get("attached_to") or {}).get("permanent") in _changed_phase(step)
        for p in step.engine_after["permanents"].values()) else [])
def attachments_phase(capabilities):
    """Creatures and lands with Auras and Equipment, phased by effects, Teferi's Protection and the
    untap step; hosts that die while their directly phased-out Aura is away."""
    board = ("Llanowar Elves", "Breezekeeper", "Teferi's Imp", "Forest", "Pacifism", "Holy Strength",
             "Control Magic", "Bonesplitter", "Overgrowth", "Psychic Possession", "Holy Strength")
    # In the aims below a board holds one host and attachments only, which the scenario places
    # after their host, so the attachments are never crowded out.
    creature_auras = ("Pacifism", "Holy Strength", "Control Magic", "Bonesplitter")
    broad = dict(board=board, hand=("Teferi's Protection",),
                 kinds={"phase_out": 3, "advance": 2, "cast": 1, "put_into_graveyard": 1},
                 size=(2, 7), phased=0.2, steps=("main1", "main2"),
                 core=(("Llanowar Elves", "Breezekeeper", "Teferi's Imp", "Forest"),
                       ("Pacifism", "Holy Strength", "Control Magic", "Bonesplitter", "Overgrowth")))
    # A creature with an Aura or Equipment (sometimes two) phased out by an effect, then back in.
    creature_by_effect = dict(
        board=creature_auras, hand=("Teferi's Protection",),
        kinds=[({"phase_out": 3, "cast": 1}, (1, 2)), ({"advance": 2, "phase_out": 1}, (1, 3))],
        size=(2, 4), phased=0.1, steps=("main1", "main2"), players=(2, 2),
        core=(("Llanowar Elves", "Breezekeeper", "Teferi's Imp"), creature_auras))
    # A land enchanted by Overgrowth phased out and back in.
    land_by_effect = dict(
        board=("Overgrowth",), hand=("Teferi's Protection",),
        kinds=[({"phase_out": 3, "cast": 1}, (1, 2)), ({"advance": 2, "phase_out": 1}, (1, 3))],
        size=(2, 3), phased=0.1, steps=("main1", "main2"), players=(2, 2),
        core=(("Forest",), ("Overgrowth",)))
    # Creatures with phasing and attachments across their controller's untap steps.
    untap_step = dict(
        board=creature_auras, kinds={"advance": 1}, length=(1, 3),
        size=(2, 4), phased=0.3, steps=("main2", "end"), players=(2, 2),
        core=(("Breezekeeper", "Teferi's Imp"), creature_auras))
    return aimed(capabilities, creature_by_effect, untap_step, land_by_effect, broad)


@conformance_property(
    id="PHASE-003", title="Untap-step phasing out and in happen simultaneously",
    rules=("702.26a", "502.1"), cards=frozenset(PHASERS), actions=frozenset({"advance"}),
    labels=lambda step: ([f"untap step phased {len(_changed_phase(step))} permanents"]
                         if step.action["type"] == "advance" and _changed_phase(step) else []))
def untap_step_phasing(capabilities):
    """Permanents with phasing across several untap steps, some already phased out."""
    broad = dict(board=PHASERS + ("Forest", "Judge of Currents", "Holy Strength"),
                 kinds={"advance": 4, "phase_out": 1}, phased=0.3, library=(2, 5), size=(1, 5),
                 core=(PHASERS,))
    # Permanents with phasing, often already phased out, across both players' untap steps: at
    # their controller's untap step the phased-out ones phase in as the others phase out.
    both_ways = dict(board=PHASERS + ("Holy Strength",), kinds={"advance": 1}, length=(1, 3),
                     phased=0.5, library=(2, 5), size=(2, 4), players=(2, 2),
                     steps=("main2", "end"), core=(PHASERS, PHASERS))
    return aimed(capabilities, both_ways, broad)


def _tapped_merfolk_claim(step):
    """CR 603.2e: "becomes tapped" needs an untapped permanent to become tapped; phasing in tapped
    (Oubliette) isn't that."""
    fired = [s for s, ev in step.engine_after.get("triggered", []) if ev == "becomes_tapped"]
    if not fired:
        return None
    for e in step.scenario["battlefield"]:
        before = step.engine_before["permanents"].get(e["id"])
        after = step.engine_after["permanents"].get(e["id"])
        merfolk = "Merfolk" in card(e["card"]).subtypes or e["card"] == "Mutavault"   # CR 205.3m
        if merfolk and before and after and not before["tapped"] \
                and not before["phased_out"] and after["tapped"]:
            return None
    return ("Judge of Currents triggered on a Merfolk becoming tapped, but no untapped Merfolk "
            "became tapped: phasing in tapped is not becoming tapped (CR 603.2e)")


@conformance_property(
    id="PHASE-004", title="Phasing in tapped is not becoming tapped",
    rules=("603.2e", "110.5c", "610.4"), cards=frozenset({"Judge of Currents"}),
    actions=frozenset({"phase_out", "advance"}), observes=frozenset({"triggered"}),
    claim=_tapped_merfolk_claim, claim_rules=("603.2e",),
    labels=lambda step: (["tapped Merfolk phased in"] if any(
        step.engine_before["permanents"].get(pid, {}).get("tapped") for pid in _changed_phase(step))
        else []) + (["becomes_tapped fired"] if any(ev == "becomes_tapped" for _, ev in
                                                       step.oracle_after["triggered"]) else []))
def phasing_in_tapped(capabilities):
    """Judge of Currents watching tapped Merfolk that phase out and back in, Oubliette's tapped
    phase-in, and ordinary tapping."""
    board = ("Judge of Currents", "Puresight Merrow", "Judge of Currents", "Forest", "Puresight Merrow")
    merfolk = ("Judge of Currents", "Puresight Merrow")
    broad = dict(board=board, hand=("Oubliette",),
                 kinds=[({"phase_out": 3, "tap": 1, "cast": 1}, (1, 3)),
                        ({"advance": 3, "put_into_graveyard": 1, "phase_out": 1, "tap": 1}, (1, 3))],
                 tapped=0.5, phased=0.3, size=(2, 5), steps=("main1", "main2"),
                 players=(2, 3), core=(("Judge of Currents",), merfolk))
    # Tapped Merfolk phased out (by an effect or already) beside a Judge of Currents, phasing back
    # in at their controller's untap step, before it untaps them; then one tapped for real.
    untap_step = dict(board=merfolk, kinds=[({"phase_out": 2, "tap": 1}, (0, 2)), ({"advance": 1}, (2, 4)),
                             ({"tap": 1}, (0, 1))],
                      tapped=0.8, phased=0.5, size=(2, 4), steps=("main2", "end"), players=(2, 2),
                      core=(("Judge of Currents",), merfolk))
    # Oubliette cast on a Merfolk, then leaving: the Merfolk phases in tapped; then untap steps,
    # where other tapped Merfolk phase in.
    oubliette = dict(board=merfolk, hand=("Oubliette",),
                     kinds=[({"cast": 1}, (1, 1)), ({"put_into_graveyard": 1}, (1, 2)),
                            ({"advance": 1}, (1, 3))],
                     tapped=0.5, phased=0.4, size=(2, 3), steps=("main1", "main2"), players=(2, 2),
                     hand_size=(1, 2), core=(("Judge of Currents",), merfolk))
    return aimed(capabilities, untap_step, oubliette, broad)


@conformance_property(
    id="PHASE-005", title="\"For as long as\" effects end when phasing hides their object; \"until "
    "leaves\" effects don't", rules=("702.26f", "611.2b", "610.3"),
    cards=frozenset({"Vedalken Shackles", "Banisher Priest"}), actions=frozenset({"phase_out"}),
    focus=frozenset({"phase_out", "advance", "activate"}),
    labels=lambda step: (["Shackles steal active while phasing"] if step.action["type"] == "phase_out"
                         and on_board(step, ("Vedalken Shackles",)) else [])
    + (["Banisher Priest phasing"] if step.action["type"] == "phase_out"
       and on_board(step, ("Banisher Priest",)) else []))
def for_as_long_as(capabilities):
    """Vedalken Shackles stealing creatures, Banisher Priest exiling them, and either phasing out."""
    board = ("Vedalken Shackles", "Island", "Island", "Island", "Llanowar Elves", "Soul Warden",
             "Banisher Priest", "Puresight Merrow")
    return cases(capabilities, board, hand=("Banisher Priest",),
                 kinds=[({"activate": 2, "cast": 1}, (1, 2)), ({"phase_out": 1}, (1, 2)),
                        ({"activate": 1, "phase_out": 1, "advance": 1}, (0, 3))],
                 size=(4, 8), tapped=0.1, sick=0.2, phased=0.05, steps=("main1",),
                 players=(2, 3), core=(("Vedalken Shackles",), ("Llanowar Elves", "Soul Warden"),
                                       ("Island",), ("Island",), ("Banisher Priest",), ("Island",)))


def _kept_claim(step):
    """CR 702.26d: a phased-out permanent — token or not — still exists, with its counters."""
    for pid in _changed_phase(step):
        before, after = step.engine_before["permanents"][pid], step.engine_after["permanents"][pid]
        if after["phased_out"] and before.get("counters") != after.get("counters"):
            return (f"{pid} lost or gained counters as it phased out ({before.get('counters')} -> "
                    f"{after.get('counters')}); counters stay (CR 702.26d)")
    for pid, after in step.engine_after["permanents"].items():
        before = step.engine_before["permanents"].get(pid)
        if (before and before["zone"] == "battlefield" and before["phased_out"] is False
                and after["zone"] == "none" and step.action["type"] == "phase_out"
                and pid in step.action.get("permanents", [])
                and step.oracle_after["permanents"][pid]["zone"] == "battlefield"):
            return f"the token {pid} ceased to exist as it phased out; tokens persist (CR 702.26d)"
    return None


@conformance_property(
    id="PHASE-006", title="Phased-out permanents keep their counters and choices; tokens persist",
    rules=("702.26d", "110.5c"), cards=frozenset({"Treasure", "Walking Ballista", "Voice of All"}),
    actions=frozenset({"phase_out"}), claim=_kept_claim, claim_rules=("702.26d",),
    labels=lambda step: (["a token phased"] if any(
        e.get("token") and e["id"] in _changed_phase(step) for e in step.scenario["battlefield"]) else [])
    + (["a permanent with counters phased"] if any(
        step.engine_before["permanents"][pid].get("counters") for pid in _changed_phase(step)) else []))
def kept_while_phased(capabilities):
    """Tokens, permanents with counters and with a chosen colour, phasing out and back in."""
    board = ("Treasure", "Walking Ballista", "Voice of All", "Hangarback Walker", "Aven Riftwatcher",
             "Endless One", "Teferi's Imp")
    broad = dict(board=board, kinds={"phase_out": 3, "advance": 2, "activate_mana": 1},
                 phased=0.2, size=(1, 6), library=(2, 4), core=(board[:5],))
    # Treasure tokens (some already phased out) beside permanents with counters, phasing out and
    # staying out across untap steps.
    tokens = dict(board=("Treasure", "Walking Ballista", "Hangarback Walker", "Teferi's Imp"),
                  kinds=[({"phase_out": 2, "activate_mana": 1}, (1, 2)), ({"advance": 1, "phase_out": 1}, (1, 2))],
                  phased=0.3, size=(2, 4), library=(2, 4), players=(2, 2),
                  core=(("Treasure",), ("Treasure", "Walking Ballista", "Hangarback Walker")))
    return aimed(capabilities, tokens, broad)


@conformance_property(
    id="PHASE-007", title="\"Phase out until\" doesn't phase in at the untap step",
    rules=("610.4", "610.4a", "610.4c"), cards=frozenset({"Oubliette"}),
    actions=frozenset({"cast", "put_into_graveyard", "advance"}),
    labels=lambda step: (["Oubliette cast: " + ("accepted" if accepted(step) else step.oracle_after["rejected"])]
                         if step.action["type"] == "cast" and step.action.get("card") == "Oubliette" else [])
    + (["advanced with an Oubliette'd creature"] if step.action["type"] == "advance" and any(
        p["phased_out"] for p in step.oracle_before["permanents"].values()) else []))
def phase_out_until(capabilities):
    """Oubliette holding creatures (with Auras) across untap steps, then leaving."""
    board = ("Llanowar Elves", "Puresight Merrow", "Holy Strength", "Forest", "Judge of Currents")
    return cases(capabilities, board, hand=("Oubliette",),
                 kinds={"cast": 2, "advance": 2, "put_into_graveyard": 2}, hand_size=(1, 2),
                 steps=("main1",), length=(2, 6), library=(2, 5),
                 core=(("Llanowar Elves", "Puresight Merrow"),))


@conformance_property(
    id="PHASE-008", title="A phased-out permanent's static abilities don't apply",
    rules=("702.26b",), cards=frozenset({"Fervor", "Glorious Anthem"}),
    actions=frozenset({"phase_out", "activate_mana"}),
    focus=frozenset({"phase_out", "activate_mana", "activate"}),
    labels=lambda step: ["activation with a phased-out Fervor"] if step.action["type"] in (
        "activate_mana", "activate") and any(
        e["card"] == "Fervor" and step.oracle_before["permanents"][e["id"]]["phased_out"]
        for e in step.scenario["battlefield"]) else [])
def phased_out_statics(capabilities):
    """Fervor and Glorious Anthem phased out while sick creatures try their {T} abilities and
    Vedalken Shackles measures power."""
    board = ("Fervor", "Glorious Anthem", "Llanowar Elves", "Pili-Pala", "Puresight Merrow",
             "Dryad Arbor", "Vedalken Shackles", "Island")
    sick_creatures = ("Llanowar Elves", "Pili-Pala", "Dryad Arbor")
    broad = dict(board=board,
                 kinds=[({"phase_out": 1}, (1, 1)), ({"activate_mana": 3, "activate": 1}, (1, 3)),
                        ({"phase_out": 1, "activate_mana": 1}, (0, 2))],
                 phased=0.1, sick=0.7, tapped=0.2, size=(2, 4), players=(2, 2),
                 core=(("Fervor",), sick_creatures))
    # Fervor (often already phased out) and summoning-sick creatures with {T} or {Q} mana abilities:
    # Fervor phases out, then they try their abilities.
    fervor = dict(board=sick_creatures,
                  kinds=[({"phase_out": 1}, (1, 1)), ({"activate_mana": 1}, (2, 3))],
                  phased=0.2, sick=0.9, tapped=0.1, size=(3, 4), players=(2, 2),
                  core=(("Fervor",), sick_creatures, sick_creatures))
    return aimed(capabilities, fervor, broad)
