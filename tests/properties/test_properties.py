"""Every property passes against the oracle under the `ci` profile, and really generates the
situations its rule is about: each situation it declares (properties/coverage.py) reached by at
least SHARE of its cases, and the events its labels count at least as often as recorded here."""
from __future__ import annotations

import pytest

from mtg_conformance.properties.coverage import SHARE
from mtg_conformance.properties.model import all_properties

# Situations each property must reach at least this often in a `ci` run (150 cases).
EXERCISES = {
    "AURA-001": {"control of Psychic Possession changed": 20, "put_onto_battlefield an Aura: accepted": 20,
                 "Teferi's Protection cast": 3},
    "AURA-002": {"attach: moved": 15, "attach: didn't move": 15, "attach: already there": 5},
    "CHAR-001": {"a Mutavault became tapped: Judge triggered": 5},
    "CHAR-002": {"damage to a creature: lethal": 20, "damage to a creature: not lethal": 20,
                 "advanced with damage marked": 15},
    "COST-001": {"{T} ability of a tapped permanent: tapped": 10,
                 "{Q} ability of a untapped permanent: untapped": 10,
                 "{Q} ability of a tapped permanent: accepted": 5},
    "COST-002": {"rejected: summoning sick": 3, "accepted": 30, "declared attackers": 5},
    "COST-003": {"rejected: summoning sick": 10, "accepted": 20},
    "LEAVE-001": {"player conceded": 50, "departing owner had a phased-out permanent": 10,
                  "departing player was enchanted": 3, "departing player controlled another's permanent": 10,
                  "departing player controlled another's phased-out permanent": 2},
    "LOCKSTEP-001": {"activate_mana: accepted": 20, "advance: accepted": 20, "phase_out: accepted": 20,
                     "cast: accepted": 5, "concede: accepted": 5},
    "MANA-001": {"activation produced no mana (undefined type)": 40},
    "MANA-002": {"a replacement effect was on the board": 50, "activation produced mana": 20,
                 "a phased-out permanent was on the board": 20},
    "MANA-003": {"enchanted land tapped for no mana": 10, "trigger: tapped_for_mana": 5,
                 "trigger: land_tapped_for_mana": 2},
    "MANA-004": {"produced 2 mana": 5, "produced 4 mana": 5},
    "MANA-005": {"advanced with mana in a pool": 15},
    "MANA-006": {"produced 2 mana": 3},
    # issue 12: drawbacks
    "MANA-101": {"activate_mana of a drawback source: life changes": 40,
                 "activate_mana of a drawback source: no life change": 10,
                 "tap of a drawback source: life changes": 5},
    "MANA-102": {"one_of: accepted": 40, "one_of: illegal_choice": 4, "could_produce: accepted": 20,
                 "any_color: accepted": 5},
    "PHASE-001": {"a permanent with a leaves/enters trigger phased": 30},
    "PHASE-002": {"host with attachments phased": 20},
    "PHASE-003": {"untap step phased 2 permanents": 5},
    "PHASE-004": {"tapped Merfolk phased in": 15},
    "PHASE-005": {"Shackles steal active while phasing": 25, "Banisher Priest phasing": 25},
    "PHASE-006": {"a token phased": 5, "a permanent with counters phased": 30},
    "PHASE-007": {"Oubliette cast: accepted": 30, "advanced with an Oubliette'd creature": 25},
    "PHASE-008": {"activation with a phased-out Fervor": 50},
    "DRAW-001": {"advanced with Psychic Possession in play": 50, "advanced with Howling Mine in play": 30},
    "X-001": {"put an X card onto the battlefield: accepted": 30, "cast an X card with X>0: accepted": 10,
              "cast an X card with X=0: accepted": 5},
    # issue 12: costs and X
    "COST-101": {"accepted": 60, "rejected: summoning sick": 15, "declared attackers": 20,
                 "rejected: illegal_target": 15},
    "COST-102": {"accepted": 30, "rejected: tapped": 40, "rejected: summoning sick": 20,
                 "rejected: illegal_target": 15},
    "X-101": {"cast an X spell with X>0: accepted": 50, "Crypt Rats activated with X>0: accepted": 20},
    "X-102": {"Apocalypse Hydra cast with X>=5: accepted": 25, "Apocalypse Hydra cast with X<5: accepted": 25},
    # issue 12: mana triggers
    "MANA-301": {"tapped for mana: 2 mana, triggers land_tapped_for_mana": 20,
                 "tapped for mana: 2 mana, triggers tapped_for_mana": 10},
    "MANA-302": {"produced 6 mana in a chosen order": 5, "produced 3 mana in a chosen order": 10},
    "MANA-303": {"cast Dictate of Karametra out of sorcery timing: accepted": 20, "attacked: vigilant": 20,
                 "attacked: tapped": 3},
    "MANA-304": {"a creature pumped by a colour anthem": 40},
    # issue 12: land types
    "LAND-001": {"dual ability 1: added mana": 30, "reader ability 0: added mana": 10},
    "LAND-002": {"dual ability 0: added mana": 30, "a type-changing permanent phased out": 30},
    # issue 12: counts
    "MANA-201": {"counting ability: accepted": 30, "counting ability produced no mana": 5},
    "MANA-202": {"storage land's mana ability: accepted": 15, "depletion land's mana ability: accepted": 15,
                 "storage or depletion land put onto the battlefield": 20, "storage counter stored": 20},
    "MANA-203": {"activation added 2 type(s)": 30},
    "MANA-204": {"advanced with a permanent kept tapped": 30},
    "MANA-205": {"change_control: accepted": 30, "phase_out: accepted": 20},
    # issue 12: auras
    "AURA-101": {"advance: a Curse triggered": 60, "concede": 15},
    "AURA-102": {"attach a Curse: moved": 100, "attach a Curse: didn't move": 50},
    "CHAR-101": {"cast: a permanent died": 15, "cast: nothing died": 20},
    # issue 12: phasing
    "PHASE-101": {"an untap step with Teferi's Curse on the battlefield": 30, "Time and Tide: accepted": 15},
    "PHASE-102": {"cast Out of Time: accepted": 30, "cast Guardian of Faith: accepted": 10,
                  "attack: accepted": 10, "activate Vanishing: accepted": 10},
}


def test_every_property_has_its_exercise_list():
    assert set(EXERCISES) == set(all_properties())


@pytest.mark.parametrize("prop_id", sorted(all_properties()))
def test_oracle_passes_and_property_exercises_its_rule(prop_id, ci_tally):
    tally = ci_tally(prop_id)
    seen = tally.labels
    assert tally.cases >= 150 and tally.skipped == 0
    short = {label: (seen.get(label, 0), need) for label, need in EXERCISES[prop_id].items()
             if seen.get(label, 0) < need}
    assert not short, f"{prop_id} rarely reached (seen, needed): {short}"
    rare = {s.name: tally.situations.get(s.name, 0) for s in all_properties()[prop_id].situations
            if tally.situations.get(s.name, 0) < SHARE * tally.cases}
    assert not rare, f"{prop_id}: situations reached by under {SHARE:.0%} of {tally.cases} cases: {rare}"
