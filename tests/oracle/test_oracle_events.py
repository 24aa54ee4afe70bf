"""The event graph (oracle/event_graph.py) is complete against the catalog: every triggered ability
and replacement effect a card has is a reader, every registered effect a card uses a producer (or
says why it makes no event), and the events found in the oracle's code are the ones it announces."""
from __future__ import annotations

import json

from mtg_conformance.oracle import event_graph, events
from mtg_conformance.oracle.catalog import CATALOG, card
from mtg_conformance.oracle.mana import REPLACEMENTS
from mtg_conformance.oracle.registry import REGISTRY, entry, uses


def _sources(event: str, side: str, area: str) -> list:
    return event_graph.graph()[event][side].get(area, [])


def _card_listed(name: str, event: str, side: str, what: str) -> bool:
    return any(s.startswith(f"{name}: ") and what in s
               for s in _sources(event, side, event_graph.card_area(name)))


def test_every_trigger_of_every_card_is_a_reader_of_its_event():
    for c in CATALOG.values():
        for ability in c.triggered:
            event = events.TRIGGER_READS[entry("event", ability.event).meaning]
            assert _card_listed(c.name, event, "readers", f"trigger {ability.event}"), (c.name, ability)


def test_every_replacement_effect_is_a_reader_of_tapping_for_mana():
    replacers = [c for c in CATALOG.values() if c.statics & set(REPLACEMENTS)
                 or {a.effect for a in c.activated} & set(REGISTRY["replacement"])
                 or c.spell_effect in REGISTRY["replacement"]]
    assert len(replacers) >= 4
    for c in replacers:
        assert _card_listed(c.name, "tapped_for_mana", "readers", "replacement"), c.name


def test_every_registered_effect_a_card_uses_produces_an_event_or_says_why_not():
    used = {name for c in CATALOG.values() for kind, name in uses(c) if kind == "effect"}
    silent = {name for name in used if not event_graph.effect_events(name)}
    assert silent == set(events.NO_EVENT), silent ^ set(events.NO_EVENT)
    for c in CATALOG.values():
        for kind, name in uses(c):
            for event in (event_graph.effect_events(name) if kind == "effect" else ()):
                assert _card_listed(c.name, event, "producers", f"effect {name}"), (c.name, name, event)


def test_every_trigger_event_and_table_names_a_known_event():
    assert {e.meaning for e in REGISTRY["event"].values()} <= set(events.TRIGGER_READS)
    tables = (events.TRIGGER_READS.values(), *events.ANNOUNCERS.values(), *events.STATIC_READS.values(),
              *events.EFFECT_READS.values(), *events.SBA_READS.values(), *events.COST_PRODUCES.values())
    for named in tables:
        assert set([named] if isinstance(named, str) else named) <= set(events.EVENTS), named
    assert set(events.STATIC_READS) <= set(REGISTRY["static"])
    assert set(events.EFFECT_READS) | set(events.NO_EVENT) <= set(REGISTRY["effect"])


def test_the_code_reading_finds_what_the_rules_say():
    assert event_graph.effect_events("tap_target_creature") == {"becomes_tapped"}
    assert "untaps" in event_graph.effect_events("untap_target")
    assert {"damage_dealt", "life_changed"} <= event_graph.effect_events("ping_1")
    assert event_graph.effect_events("equip") == {"attachment_changes"}
    # entering tapped is not becoming tapped (603.2e): Hickory Woodlot enters tapped
    woodlot = event_graph.card_produces(card("Hickory Woodlot"))
    assert "counter_put" in woodlot
    assert not any("enters with" in what for what in woodlot.get("becomes_tapped", []))
    # a {T} mana ability is tapped for mana; a {Q} one is not (106.12)
    assert "tapped_for_mana" in event_graph.card_produces(card("Forest"))
    assert "tapped_for_mana" not in event_graph.card_produces(card("Pili-Pala"))


def test_the_turn_and_the_state_based_actions_are_producers():
    graph = event_graph.graph()
    assert "turn structure" in graph["step_begins"]["producers"]["turn"]
    assert {"phases_out", "phases_in", "untaps", "card_drawn"} <= {
        e for e, sides in graph.items() if "turn structure" in sides["producers"].get("turn", [])}
    assert any("704.5g" in s for s in graph["leaves_battlefield"]["producers"]["characteristics"])
    assert any("704.5a" in s for s in graph["player_leaves"]["producers"]["leaving"])


def test_meetings_cross_areas_and_the_cli_prints_them(capsys):
    from mtg_conformance.runner.cli import main
    met = event_graph.meetings()
    assert ("tapped_for_mana", "mana", "mana_triggers") in met
    assert all(made != read for _, made, read in met)
    assert main(["rules", "--events", "--format", "json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert sorted(map(tuple, printed["meetings"])) == sorted(met)
    assert main(["rules", "--events"]) == 0
    assert "tapped_for_mana (CR 106.12" in capsys.readouterr().out
