"""Throughput of the reference oracle on one core.

    python benchmarks/oracle_throughput.py [--programs N] [--length N] [--queries N] [--seed N]
    python benchmarks/oracle_throughput.py --digest [--programs N] [--length N] [--seed N]

(a) actions per second on generated boards of 2–12 permanents, by board-size bucket: random
    "legal-ish" programs of activate_mana / activate / cast / put_onto_battlefield / phase_out /
    change_control / tap / attack / put_into_graveyard / advance / check_sba, built with `random` from
    a fixed seed. Rejected actions count (an engine must answer them too); the rejected share is shown.
(b) the time of a "could produce" query on boards of 20, 30 and 40 mutually dependent lands
    (Reflecting Pools and Exotic Orchards on both sides, some basics, and Contamination / Pale Moon /
    Mana Reflection on some boards): `oracle.mana.could_produce(game)` and the activation of a
    Reflecting Pool (which asks it), median and max in ms.

Goals: ≥ 10,000 actions/s for boards of ≤ 12 permanents and ≥ 20,000 on boards of 9–12, on a quiet
machine; every query on 40 lands < 10 ms. The figures are printed, never asserted (machines differ);
the load average is printed beside them, and the CPU seconds the actions took, since a loaded
machine slows the wall clock.

`--digest` times nothing: it prints one SHA-256 over (a)'s programs — every setup's and action's
decisions (oracle.provenance.Decision, every field) and every observation, as sorted-key JSON — so
that "behaviour unchanged" by a speed-up can be checked from any clone.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import time

import attrs

from mtg_conformance.oracle import Oracle
from mtg_conformance.oracle.catalog import card
from mtg_conformance.oracle.mana import could_produce

# Cards a generated board is made of (Auras are attached to a fitting host when there is one).
LANDS = ["Forest", "Island", "Swamp", "Plains", "Mountain", "Wastes", "Reflecting Pool", "Exotic Orchard",
         "Meteor Crater", "Mutavault", "Dryad Arbor"]
CREATURES = ["Llanowar Elves", "Pili-Pala", "Puresight Merrow", "Walking Ballista", "Hangarback Walker",
             "Teferi's Imp", "Breezekeeper", "Soul Warden", "Judge of Currents", "Aven Riftwatcher"]
OTHERS = ["Springleaf Drum", "Fellwar Stone", "Howling Mine", "Contamination", "Mana Reflection",
          "Manabarbs", "Fervor", "Glorious Anthem", "Vedalken Shackles"]
AURAS = {"Overgrowth": "land", "Wild Growth": "land", "Holy Strength": "creature",
         "Pacifism": "creature", "Control Magic": "creature", "Psychic Possession": "opponent"}
HAND = ["Llanowar Elves", "Threaten", "Pale Moon", "Walking Ballista", "Forest", "Teferi's Protection",
        "Slip Out the Back", "Endless One", "Oubliette", "Banisher Priest"]
STEPS = ["upkeep", "draw", "main1", "combat", "main2", "end"]
BUCKETS = [(2, 4), (5, 8), (9, 12)]
GOALS = {(2, 4): 10_000, (5, 8): 10_000, (9, 12): 20_000}     # actions/s, quiet machine (issue 25)


def board(rng: random.Random, size: int, seats: int) -> dict:
    """A scenario with `size` permanents spread over `seats` players."""
    entries, kinds = [], {}
    for i in range(size):
        pid, seat = f"p{i}", rng.randrange(seats)
        roll = rng.random()
        if roll < 0.45:
            name = rng.choice(LANDS)
        elif roll < 0.75:
            name = rng.choice(CREATURES)
        elif roll < 0.9 or not entries:
            name = rng.choice(OTHERS)
        else:
            name = rng.choice(list(AURAS))
        entry = {"id": pid, "card": name, "controller": seat, "tapped": rng.random() < 0.2,
                 "sick": rng.random() < 0.3}
        if name == "Walking Ballista" or name == "Hangarback Walker":
            entry["counters"] = {"+1/+1": rng.randint(1, 3)}
        if name == "Aven Riftwatcher":
            entry["counters"] = {"time": 3}
        if name in AURAS:
            wanted = AURAS[name]
            if wanted == "opponent":
                entry["attached_to"] = {"player": (seat + 1) % seats}
            else:
                hosts = [e["id"] for e in entries if kinds[e["id"]] == wanted]
                if not hosts:
                    entry = {"id": pid, "card": "Forest", "controller": seat}
                    name = "Forest"
                else:
                    entry["attached_to"] = {"permanent": rng.choice(hosts)}
        kinds[pid] = ("land" if name in LANDS else "creature" if name in CREATURES else "other")
        entries.append(entry)
    return {"contract": 1,
            "players": [{"life": 20, "hand": rng.sample(HAND, 4), "library": ["Island"] * 40}
                        for _ in range(seats)],
            "battlefield": entries, "active_player": 0, "step": "main1", "turn": 3}


def program(rng: random.Random, doc: dict, length: int) -> list[dict]:
    """`length` random actions naming the board's permanents and the players' cards: legal-ish (mana
    abilities of permanents that have one, spells cast by the active player, …) but made without
    looking at the state, so some are rejected."""
    ids = [e["id"] for e in doc["battlefield"]]
    names = {e["id"]: e["card"] for e in doc["battlefield"]}
    producers = [pid for pid in ids if card(names[pid]).mana_abilities] or ids
    activators = [pid for pid in ids if card(names[pid]).activated] or ids
    creatures = [pid for pid in ids if "creature" in card(names[pid]).types] or ids
    seats = len(doc["players"])
    actions, new = [], 0
    for _ in range(length):
        kind = rng.choices(["activate_mana", "activate", "cast", "put", "phase_out", "change_control",
                            "tap", "attack", "graveyard", "advance", "check_sba"],
                           weights=[30, 8, 10, 3, 8, 4, 6, 4, 3, 12, 2])[0]
        pid = rng.choice(ids)
        if kind == "activate_mana":
            pid = rng.choice(producers)
            a = {"type": "activate_mana", "permanent": pid, "color": rng.choice("WUBRG")}
            if names[pid] == "Springleaf Drum":
                a["tap"] = rng.choice(creatures)
        elif kind == "activate":
            pid = rng.choice(activators)
            a = {"type": "activate", "permanent": pid,
                 "ability": rng.randrange(max(1, len(card(names[pid]).activated))),
                 "targets": [rng.choice([{"permanent": rng.choice(creatures)}, {"player": 1}])]}
        elif kind in ("cast", "put"):
            new += 1
            card_name = rng.choice(doc["players"][0]["hand"])
            a = {"type": "cast" if kind == "cast" else "put_onto_battlefield",
                 "player": 0, "card": card_name, "id": f"n{new}"}
            if kind == "cast":
                a["targets"] = [{"permanent": rng.choice(creatures)}]
                if card_name in ("Walking Ballista", "Endless One"):
                    a["x"] = rng.randint(0, 3)
        elif kind == "phase_out":
            a = {"type": "phase_out", "permanents": rng.sample(ids, min(len(ids), rng.randint(1, 2)))}
        elif kind == "change_control":
            a = {"type": "change_control", "permanent": pid, "player": rng.randrange(seats),
                 "duration": rng.choice(["end_of_turn", "indefinite"])}
        elif kind == "tap":
            a = {"type": "tap", "permanent": pid}
        elif kind == "attack":
            a = {"type": "attack", "attackers": [rng.choice(creatures)]}
        elif kind == "graveyard":
            a = {"type": "put_into_graveyard", "permanent": pid}
        elif kind == "advance":
            a = {"type": "advance", "step": rng.choice(STEPS), "turns": rng.choice([0, 0, 1])}
        else:
            a = {"type": "check_sba"}
        actions.append(a)
    return actions


def bucket(rng: random.Random, low: int, high: int, programs: int, length: int) -> list[tuple[dict, list]]:
    """(scenario, actions) of `programs` programs on boards of `low` to `high` permanents."""
    cases = []
    for _ in range(programs):
        doc = board(rng, rng.randint(low, high), rng.randint(2, 4))
        cases.append((doc, program(rng, doc, length)))
    return cases


def behaviour_digest(seed: int, programs: int, length: int) -> None:
    """Print the SHA-256 of every decision and observation of (a)'s programs, and how many actions."""
    rng, sha, done = random.Random(seed), hashlib.sha256(), 0

    def add(thing) -> None:
        sha.update(json.dumps(thing, sort_keys=True).encode())
        sha.update(b"\n")
    for low, high in BUCKETS:
        for doc, actions in bucket(rng, low, high, programs, length):
            game = Oracle(doc)
            add([attrs.astuple(d) for d in game.setup])
            add(game.observe())
            for a in actions:
                add(game.act(a))
                add([attrs.astuple(d) for d in game.trace])
            done += len(actions)
    print(f"{sha.hexdigest()}  {done} actions, {programs} programs of {length} per bucket, seed {seed}")


def throughput(seed: int, programs: int, length: int) -> None:
    rng = random.Random(seed)
    print(f"(a) actions/s on one core — {programs} programs of {length} actions per bucket, seed {seed}")
    print(f"    load average {_load()} as it starts")
    print(f"    {'permanents':>10} {'actions':>8} {'rejected':>9} {'actions/s':>10} {'µs/action':>10} "
          f"{'CPU s':>7} {'actions/CPU s':>14}")
    for low, high in BUCKETS:
        cases = bucket(rng, low, high, programs, length)
        done = rejected = 0
        elapsed = cpu = 0.0
        for doc, actions in cases:
            game = Oracle(doc)
            act = game.act
            begin, begin_cpu = time.perf_counter(), time.process_time()
            for a in actions:
                obs = act(a)
                rejected += obs["rejected"] is not None
            elapsed += time.perf_counter() - begin
            cpu += time.process_time() - begin_cpu
            done += len(actions)
        rate, goal = done / elapsed, GOALS[(low, high)]
        print(f"    {f'{low}-{high}':>10} {done:>8} {rejected / done:>8.0%} {rate:>10,.0f} "
              f"{1e6 / rate:>10.1f} {cpu:>7.2f} {done / cpu:>14,.0f}   "
              f"{'ok' if rate >= goal else f'BELOW GOAL ({goal:,}/s)'}")
    print(f"    load average {_load()} as it ends (1, 5, 15 min; {os.cpu_count()} cores): wall-clock rates "
          "are only comparable on a quiet machine; actions per CPU second less affected")


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def land_board(rng: random.Random, size: int, extras: list[str]) -> dict:
    """`size` lands on two sides, mostly Reflecting Pools and Exotic Orchards, some basics; `extras`
    (replacement-effect sources) are added on top."""
    mix = ["Reflecting Pool"] * 4 + ["Exotic Orchard"] * 4 + ["Forest", "Island", "Wastes", "Dryad Arbor"]
    entries = [{"id": f"l{i}", "card": rng.choice(mix), "controller": i % 2} for i in range(size)]
    entries += [{"id": f"x{i}", "card": name, "controller": i % 2} for i, name in enumerate(extras)]
    return {"contract": 1, "players": [{"life": 20, "hand": ["Pale Moon"], "library": []},
                                       {"life": 20, "hand": [], "library": []}],
            "battlefield": entries, "active_player": 0, "step": "main1", "turn": 3}


def _best_of(repeats: int, make, query) -> float:
    """Seconds one query takes: the best of `repeats` runs, each on a fresh `make()` (so that a time
    slice lost to another process on a shared machine isn't counted as the oracle's)."""
    best = float("inf")
    for _ in range(repeats):
        subject = make()
        begin = time.perf_counter()
        query(subject)
        best = min(best, time.perf_counter() - begin)
    return best


def could_produce_queries(seed: int, queries: int, repeats: int) -> None:
    rng = random.Random(seed)
    print(f"\n(b) could-produce queries — {queries} boards per size, each query best of {repeats}, "
          f"seed {seed}")
    print(f"    {'lands':>5} {'query':<26} {'median ms':>10} {'max ms':>8}")
    extras_choices = [[], ["Contamination"], ["Mana Reflection", "Mana Reflection"],
                      ["Contamination", "Mana Reflection"]]
    for size in (20, 30, 40):
        table, activation = [], []
        for i in range(queries):
            doc = land_board(rng, size, extras_choices[i % len(extras_choices)])
            moon = i % 2 == 1

            def make(doc=doc, moon=moon):
                game = Oracle(doc)
                if moon:
                    game.act({"type": "cast", "player": 0, "card": "Pale Moon", "id": "moon"})
                return game
            table.append(_best_of(repeats, make, lambda game: could_produce(game.game)))
            pools = [e["id"] for e in doc["battlefield"]
                     if e["card"] == "Reflecting Pool" and e["controller"] == 0]
            for pid in pools[:3]:
                action = {"type": "activate_mana", "permanent": pid, "color": rng.choice("WUBRGC")}
                activation.append(_best_of(repeats, make, lambda game, a=action: game.act(a)))
        for name, times in (("could_produce(game)", table), ("activate a Reflecting Pool", activation)):
            worst = max(times) * 1e3
            flag = "" if size < 40 else ("  ok" if worst < 10 else "  ABOVE GOAL (10 ms)")
            print(f"    {size:>5} {name:<26} {statistics.median(times) * 1e3:>10.3f} {worst:>8.3f}{flag}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--programs", type=int, default=300, help="programs per board-size bucket")
    parser.add_argument("--length", type=int, default=40, help="actions per program")
    parser.add_argument("--queries", type=int, default=100, help="boards per land count")
    parser.add_argument("--repeats", type=int, default=3, help="runs per could-produce query (best kept)")
    parser.add_argument("--seed", type=int, default=20260925)
    parser.add_argument("--digest", action="store_true", dest="behaviour_digest",
                        help="print a SHA-256 of (a)'s decisions and observations instead of timing")
    args = parser.parse_args(argv)
    if args.behaviour_digest:
        behaviour_digest(args.seed, args.programs, args.length)
        return
    throughput(args.seed, args.programs, args.length)
    could_produce_queries(args.seed, args.queries, args.repeats)


if __name__ == "__main__":
    main()
