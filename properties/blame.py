"""Blame: the oracle decision an engine departed from, and the finding that departure makes.

A divergence is a list of differences (path, engine value, oracle value) after one action (or the
setup), and the oracle's trace of that action: its decisions, each naming the fields it decided
(oracle/provenance.py). The cause is found in three steps.

1. **Ownership.** Each differing field is owned by the last decision of the trace that decided it
   (the field itself, or a container of it such as a mana pool): the one that decided its final
   value. A difference in `triggered` is split into the trigger entries (source, event) one side
   has more often than the other. The observation's triggers record events, which no later
   decision overwrites: an entry the engine has more often is owned by the first decision that
   the ability doesn't trigger (`triggered.<event>.<source>` before `triggered.<event>` or
   `triggered`), one it has less often by the first that it does (`Decision.fires`), each falling
   back on the other kind. A difference no decision owns is not blamed. A decision that something stays as it
   is (`Decision.keeps`: a two-player game's end) doesn't own a field the engine shows as it was
   before the action, when an earlier decision of the trace changed it and the engine shows none of
   that decision's changes (it skipped the draw, or never emptied the pool): that one does; but once
   the engine moved something a decision keeps, all it shows of the same kind is that departure.
2. **Explained fields.** Where engine and oracle put a permanent in different zones and a decision
   owns its zone, the fields only one side gives it (a card in the graveyard has no controller,
   power or toughness, is attached to nothing, is neither tapped nor damaged) differ because of
   where it is, and so do a status the engine changed where only one side has it on the
   battlefield (tapped, then taken away by the rules), its own leaves trigger, and the players'
   counts of those zones (a card in a graveyard is counted there): they are set aside.
3. **The cause.** When engine and oracle disagree on whether the action is legal, that alone is
   the cause: the most specific decision about the rejecting reason (an aspect such as
   `rejected.summoning_sick.haste` before the reason), the first recorded of those. Otherwise the
   cause is the earliest-recorded owner among the differences: what the oracle decided later
   (a trigger's effect as it resolves, a state-based action) follows from what it decided first.
   The field it is blamed for is, of those it owns, a zone first, then the first it declares.
   A cause that decided from a field the engine shows unchanged on the battlefield
   (`Decision.reads`: a creature's damage, for 704.5g), which another decision of the trace
   changed and the rules show changed (or took away), is not where the engine departed: the
   decision that owns that field is (damage never dealt, so nothing died). So is one that read a
   player's count it doesn't decide, which the engine shows otherwise (the library a draw emptied,
   for 704.5b: fewer cards drawn, so nobody lost).
   A decision that says what its fields would have been had it gone the other way
   (`Decision.otherwise`: a phased-out anthem applying, a land's types in the other order) owns a
   departure, its legality too, where the engine shows exactly that (the first recorded of several
   that say the same), and none where it shows another value.

The finding is (rule, what, shape): the decision's rule; what it decided (its `key`, else the kind
of the field blamed, ids and seats wildcarded: `permanents.*.tapped`, `triggered.leaves`); and the
coarse shape of the departure at that field, the same whatever kind of field shows it:
- from a decision that names its key, which decides fields of several kinds (a draw: the hand
  and the library; the turn going on: a hand, a player in the game, a trigger; a land's abilities:
  whether an activation's index names one, and the mana it adds), `differs`: which of its fields
  shows a departure, and so that field's shape, depends on the case;
- for a count (life, mana, cards in a zone, power, toughness, damage, counters, tokens), or none
  of it on one side (no creature there): `amount`.
  Whether the engine's count is above or below the rules', or moved at all, depends on what else
  the case did — an X chosen above or below the one the engine used, an anthem too wide entering
  or already there as a creature enters — so one bug would show in several shapes;
- otherwise `kept`: the engine left the field as it was before the action where the rules change
  it (or it still has something — a pool, an attachment — where the rules leave nothing); a trigger
  the engine didn't fire;
- `changed`: the engine changed a field the rules leave as it was (or left nothing where the rules
  leave something); a trigger the engine fired and the rules don't; any departure from a decision
  that things stay as they are (`Decision.keeps`);
- `other`: both changed it, to different values (a card exiled that should have left the game);
  at setup, or for an object new in the action, any difference but a value one side lacks or a
  zone one side gives as the battlefield, where the scenario or the action put it (`kept` if that
  is the engine's side: a creature entering with toughness 0 that the engine lets live shows as one
  already there that it lets live);
- for legality: `accepted` (the engine accepted what the rules reject), `rejected` (it rejected
  for the reason the decision is about, where the rules accept the action or reject it for
  another), `other` (it rejected for another reason).
One bug makes one finding whichever field shows it first; two bugs in different decisions make two.

Some cases can't tell two causes apart: the engine's answer is both a departure from one decision
and exactly what another would have given had it gone the other way, or what two decisions would
each have given (a land's added type, or that type's ability, ignored); a count several decisions
added to departs from any of them; an extra trigger departs from either of two decisions that it
doesn't fire; a creature only its modifiers keep alive, dead on the engine's side, either never got
them (the decision that put its counters) or had them ignored (613.4c's other way names its zone, a
field it doesn't decide: `Reading.consequences`), and what its death set going follows from that.
`other_reading` gives the second cause, and a certificate folds a finding that only such cases show
into the other finding they can be read as (runner/results.fold).
"""
from __future__ import annotations

import re
from collections import Counter

from attrs import frozen


@frozen
class Cause:
    """The decision an engine departed from, at which field, and how."""

    index: int                  # its position in the trace
    decision: object            # the oracle's Decision (oracle/provenance.py), read by attribute
    where: str                  # the observation path it is blamed for; a trigger entry:
                                # `triggered.<event>.<source>`
    engine: object
    oracle: object
    before: object              # the field's value before the action (UNKNOWN at setup)

    @property
    def what(self) -> str:
        return self.decision.key or kind_of(self.where)

    @property
    def shape(self) -> str:
        """The departure's shape: from a decision that things stay as they are, always `changed`;
        from one that names its key (it decides fields of several kinds: whether an activation is
        legal and the mana it adds, which the case decides it shows), `differs`; else the shape of
        the field blamed."""
        if self.decision.keeps:
            return "changed"
        if self.decision.key:
            return "differs"
        return shape(self.where, self.engine, self.oracle, self.before)

    @property
    def kind(self) -> str:
        """What the decision decided and the shape of the departure: `cards-leave:more`."""
        return f"{self.what}:{self.shape}"


def kind_of(path: str) -> str:
    """A path with object ids, seats, mana types, counter kinds and trigger sources wildcarded,
    power and toughness one part (capabilities' `power_toughness`): `permanents.*.tapped`,
    `players[*].mana.*`, `permanents.*.counters.*`, `triggered.leaves`, `permanents.*.power_toughness`."""
    if path.startswith("triggered."):
        return ".".join(path.split(".")[:2])
    path = re.sub(r"^permanents\.[^.]+", "permanents.*", path)
    path = re.sub(r"\.(power|toughness)$", ".power_toughness", path)   # one observed part
    return re.sub(r"\.(mana|counters)\.[^.]+$", r".\1.*", re.sub(r"\[\d+\]", "[*]", path))


UNKNOWN = object()              # a field's value before the action, at setup or if it had none


def _empty(path: str, value) -> bool:
    """Nothing there: no value, no cards or mana (0), no flag; a controller 0 is a seat."""
    return (value is None or value == [] or value == {}
            or (value in (0, False) and not path.endswith(".controller")))


# The observation's counts: a player's life, cards in a zone, mana of a type and tokens of a kind,
# and a permanent's power, toughness, damage and counters of a kind (absent: none).
COUNT = re.compile(r"\.(life|hand|library|graveyard|power|toughness|damage)$|\.(mana|tokens|counters)\.[^.]+$")


def _counted(value) -> bool:
    """Is `value` one a count takes: a number, or none (a kind of mana or counter one side lacks, a
    creature's power where one side has no creature), or unseen (a toughness a state-based action
    read, of a creature the rules then took away)?"""
    return (isinstance(value, int) and not isinstance(value, bool)) or value is None or value is UNKNOWN


def shape(path: str, engine, oracle, before=UNKNOWN) -> str:
    """The coarse shape of a difference (see the module's docstring)."""
    if path.startswith("rejected"):      # the engine's answer to the decision about that reason
        if engine is None:
            return "accepted"
        return "rejected" if oracle is None or path.split(".")[1:2] == [engine] else "other"
    if path.startswith("triggered."):
        return "changed" if engine > oracle else "kept"
    if COUNT.search(path) and _counted(engine) and _counted(oracle):
        return "amount"
    if before is UNKNOWN:          # at setup, or a new object: only a value one side lacks shows,
        if path.endswith(".zone") and "battlefield" in (engine, oracle):   # and where it was put
            return "kept" if engine == "battlefield" else "changed"
        if (engine is None) != (oracle is None):
            return "kept" if oracle is None else "changed"
        return "other"
    if engine == before:
        return "kept"
    if oracle == before:
        return "changed"
    if _empty(path, oracle) != _empty(path, engine):
        return "kept" if _empty(path, oracle) else "changed"
    return "other"


def value_at(observation: dict | None, path: str):
    """The value at an observation `path` (`players[0].mana.G`), UNKNOWN if it has none."""
    value = observation
    for part in re.findall(r"\[\d+\]|[^.\[\]]+", path):
        if part.startswith("["):
            index = int(part[1:-1])
            if not isinstance(value, list) or index >= len(value):
                return UNKNOWN
            value = value[index]
        elif isinstance(value, dict) and part in value:
            value = value[part]
        else:
            return UNKNOWN
    return value


def _concerns(field: str, path: str) -> bool:
    """Does a decision's `field` decide the observation `path` (or, `path` being a whole object one
    side lacks, part of it)?"""
    return (path == field or path.startswith((field + ".", field + "["))
            or field.startswith((path + ".", path + "[")))


@frozen
class Reading:
    """How a case is read (`other_reading`): whether an engine answer a decision's other way gives is
    taken as that departure (`Decision.otherwise`), and whether, of decisions equally about what
    differs, the latest is taken (the least specific rejecting reason and the last of equal ones;
    for a count, the decision before the share of the last one's object; the last withholder of an
    extra trigger)."""

    coincidences: bool = True
    latest: bool = False
    consequences: bool = False      # a status is owned by a decision whose other way it would have
                                    # followed from, though another decides it (`_follows_from`)
    last_coincidence: bool = False  # of decisions whose other way the engine shows, the last (else
                                    # the first recorded)


AS_FOUND = Reading()
OTHER_WAYS = (Reading(last_coincidence=True), Reading(coincidences=False),
              Reading(coincidences=False, latest=True), Reading(consequences=True))   # in turn


class _Shown:
    """What the engine shows: `shows(path)`, its value (UNKNOWN where nothing says); `differs(field)`,
    whether a difference is at that field or inside it; and how the case is read (`Reading`)."""

    def __init__(self, diffs: list, engine: dict | None, reading: Reading = AS_FOUND):
        self.shown, self.engine = {path: e for path, e, _ in diffs}, engine
        self.reading = reading

    def __call__(self, path: str):
        if path in self.shown:
            return self.shown[path]
        return UNKNOWN if self.engine is None else value_at(self.engine, path)

    def differs(self, field: str) -> bool:
        return any(_concerns(field, path) for path in self.shown if path != "rejected")


def _agrees(decision, shows) -> bool:
    """Does the engine show (where it shows it) everything `decision` says would have been had it
    gone the other way (`Decision.otherwise`)? Never, in a reading that takes no such coincidence."""
    return shows.reading.coincidences and all(shows(path) in (UNKNOWN, value)
                                           for path, value in decision.otherwise)


def _follows_from(path: str, trace, shows) -> int | None:
    """In a reading that takes consequences (`Reading.consequences`), the last decision that doesn't
    decide `path` but says the value it would have had, had it gone the other way, where the engine
    shows exactly that: a 0/0 that entered with X counters, in the graveyard on the engine's side,
    died either because the counters weren't put (the decision that puts them, as found) or because
    they weren't counted (613.4c, read this way)."""
    if shows is None or not shows.reading.consequences:
        return None
    return next((i for i in reversed(range(len(trace))) if any(p == path for p, _ in trace[i].otherwise)
                 and not any(_concerns(f, path) for f in trace[i].fields) and _agrees(trace[i], shows)),
                None)


def _owner(path: str, trace, extra: bool = False, kept: bool = False, shows=None,
           exclude: tuple = ()) -> int | None:
    """The position of the decision in `trace` that owns `path`: the last that decided it — but a
    field the engine `kept` as it was, the last decided before the decisions that it stays as it is
    (`Decision.keeps`); for a trigger entry the engine has more often (`extra`), the first that
    decided it doesn't trigger (one about this very source before one about every source; the last
    in the other reading, `other_reading`; else the first that it does), and for one it has less
    often, the first that it does. A decision that says what `path` would have been had it gone the other way (`Decision.otherwise`) owns it where
    the engine `shows` (path -> its value) exactly that, and is passed over where it shows another."""
    follows = _follows_from(path, trace, shows)
    if follows is not None and follows not in exclude:
        return follows
    about = [i for i, d in enumerate(trace) if i not in exclude and any(_concerns(f, path) for f in d.fields)]
    if shows is not None:
        said = [i for i in about if any(p == path for p, _ in trace[i].otherwise)]
        matched = [i for i in said if _agrees(trace[i], shows)]
        if matched:
            return matched[-1 if shows.reading.last_coincidence else 0]
        about = [i for i in about if i not in said]
    if not path.startswith("triggered."):
        while kept and len(about) > 1 and trace[about[-1]].keeps:
            about.pop()
        return about[-1] if about else None
    latest = shows is not None and shows.reading.latest
    def exact_first(found):         # a decision about this very source before one about every source
        return sorted(found, key=lambda i: (path not in trace[i].fields, -i if latest else i))
    fired = [i for i in about if trace[i].fires]
    held = exact_first([i for i in about if not trace[i].fires])
    return next(iter((held + fired) if extra else (fired + held)), None)


def trigger_entries(engine: list, oracle: list) -> list:
    """(`triggered.<event>.<source>`, engine count, oracle count) for each trigger entry one side
    has more often than the other."""
    e, o = Counter(map(tuple, engine or ())), Counter(map(tuple, oracle or ()))
    return [(f"triggered.{event}.{source}", e[(source, event)], o[(source, event)])
            for source, event in sorted(set(e) | set(o)) if e[(source, event)] != o[(source, event)]]


COUNTED = ("graveyard", "hand", "library")      # zones a player's observation counts


def _zone_owner(path: str, trace, shows) -> int | None:
    """The decision owning a zone, as step 2 reads it: the last that decided it, or, in a reading that
    takes consequences, the one whose other way it follows from (`_follows_from`) before that."""
    follows = _follows_from(path, trace, shows)
    return _owner(path, trace) if follows is None else follows


def _explained_by_zone(diffs: list, trace, before: dict | None, shows) -> list:
    """The differences without those a differing zone, which a decision owns (in a reading that takes
    consequences, also one whose other way it follows from: `_follows_from`), explains (step 2):
    the fields only one side gives the object; those the engine changed, where only one side has it
    on the battlefield (the engine tapped it as the rules do, and the rules then took it away: a
    card elsewhere is neither tapped nor damaged, its status is a permanent's, CR 110.5; one the
    engine left as it was departs from what changed it); all of its fields, where the zone is one a
    decision keeps as it is (`Decision.keeps`: the engine moved it, and what it shows of it
    follows), or that left the game on the engine's side only, whether or not a decision owns its
    zone (it went with a player the engine has leave: that difference is the departure); the counts
    of the zones it is in on one side only (a card one side put into a graveyard is counted there);
    and, where only one side has it on the battlefield, its own leaves trigger (it left on one side
    only)."""
    zones = [(path[:-len("zone")], (e, o), i is None or trace[i].keeps)
             for path, e, o in diffs if path.startswith("permanents.") and path.endswith(".zone")
             for i in [_zone_owner(path, trace, shows)] if i is not None or e == "left_game"]
    moved = tuple(prefix for prefix, *_ in zones)
    left = tuple(prefix for prefix, pair, _ in zones if pair.count("battlefield") == 1)
    whole = tuple(prefix for prefix, _, all_fields in zones if all_fields)
    counted = {zone for _, pair, _ in zones for zone in pair if zone in COUNTED}
    gone = [[prefix.split(".")[1], "leaves"] for prefix in left]
    return [(path, e, o) if path != "triggered" else
            (path, [t for t in e or () if t not in gone], [t for t in o or () if t not in gone])
            for path, e, o in diffs
            if not (path.startswith(moved) and not path.endswith(".zone")
                    and (None in (e, o) or (path.endswith(".damage") and 0 in (e, o)) or path.startswith(whole)
                         or (path.startswith(left) and e != value_at(before, path))))
            and not (path.startswith("players[") and path.split(".")[-1] in counted)]


def _decides_another(decision, shows) -> bool:
    """Does `decision` also decide a field, not a rejection, that the engine shows differently?"""
    return any(not f.startswith("rejected") and shows.differs(f) for f in decision.fields)


def _legality(engine, oracle, trace, shows) -> Cause | None:
    """The most specific decision about the rejecting reason (the least, in the other reading of a
    case: an aspect and the reason itself both explain an answer), the first recorded of those that
    also decides another field the engine shows differently (the colour asked for, where the mana it
    would add is missing), else the first (the last, in the other reading) — but one that says the
    action would have been answered as the engine did had it gone the other way
    (`Decision.otherwise`) before them, and none that says otherwise, if another is left."""
    for reason in (f"rejected.{r}" for r in (engine, oracle) if r):
        about = [(i, f) for i, d in enumerate(trace) for f in d.fields
                 if f == reason or f.startswith(reason + ".")]
        said = [(i, f) for i, f in about if any(path == "rejected" for path, _ in trace[i].otherwise)]
        matched = [(i, f) for i, f in said if _agrees(trace[i], shows)]
        if matched:
            i, field = matched[-1 if shows.reading.last_coincidence else 0]
            return Cause(i, trace[i], field, engine, oracle, UNKNOWN)
        about = [x for x in about if x not in said] or about
        if about:       # the most specific; in the other reading of a case, the least
            chosen = (min if shows.reading.latest else max)(len(f) for _, f in about)
            about = [(i, f) for i, f in about if len(f) == chosen]
            fallback = about[-1] if shows.reading.latest else about[0]
            i, field = next(((i, f) for i, f in about if _decides_another(trace[i], shows)), fallback)
            return Cause(i, trace[i], field, engine, oracle, UNKNOWN)
    about = [(i, f) for i, d in enumerate(trace) for f in d.fields if f.startswith("rejected")]
    return Cause(about[0][0], trace[about[0][0]], "rejected", engine, oracle, UNKNOWN) if about else None


def weighed(diffs: list) -> list:
    """The differences as ownership weighs them: `triggered` split into its entries."""
    out = []
    for path, e, o in diffs:
        out += trigger_entries(e, o) if path == "triggered" else [(path, e, o)]
    return out


def _upstream(found: Cause, trace, before: dict | None, engine: dict | None, diffs: list,
              visited: frozenset = frozenset()) -> Cause:
    """The decision that owns what `found` decided from, where the engine never changed what it read
    while the rules did (or took its creature away: a damage the rules dealt, then the creature
    died), or shows another count of a player's that it read and doesn't decide (a library one draw
    emptied, for 704.5b). For a status, the last to decide it (an earlier one, or a decision recorded
    after what it made happen, as the untap step's phasing is, but not one that keeps it as it is);
    for a count, the last decision about it before the reader, not one that made something else of
    it later (the hand a draw trigger read, not a Howling Mine's card drawn after it). A read
    both show unchanged (mana a replacement effect consumed) says nothing, nor one of a
    permanent the engine moved elsewhere (an exiled creature shows no damage, whatever was dealt)."""
    rules = {path: o for path, _, o in diffs}
    for path in found.decision.reads:
        seen = value_at(engine, path)
        holder = re.match(r"permanents\.[^.]+\.", path)
        moved = rules.get(path, seen) != seen or rules.get(holder and holder[0] + "zone") not in (None, "battlefield")
        there = not holder or value_at(engine, holder[0] + "zone") in ("battlefield", UNKNOWN)
        unchanged = there and seen is not UNKNOWN and before is not None and seen == value_at(before, path)
        shown_another = (there and path in rules and not holder     # a player's count it read and
                         and not any(_concerns(f, path) for f in found.decision.fields))   # left alone
        if not ((unchanged or shown_another) and moved):
            continue
        if unchanged and not COUNT.search(path):    # a status: the last to decide it
            owner = _owner(path, trace, kept=True, shows=_Shown(diffs, engine), exclude=(found.index,))
        else:           # a count as it read it: the last decision about it before this one
            owner = next((i for i in reversed(range(found.index)) if not trace[i].keeps
                          and any(_concerns(f, path) for f in trace[i].fields)), None)
        if owner is not None and owner not in visited:
            return _upstream(Cause(owner, trace[owner], path, seen, UNKNOWN, seen),
                             trace, before, engine, diffs, visited | {found.index})
    return found


def _moved_what_stays(diffs: list, trace, before: dict | None) -> bool:
    """Did the engine change a field a decision keeps as it is (`Decision.keeps`)? Then it departed
    from that decision, and the fields it shows as they were are that departure too (the loser's
    cards exiled as the game ends, their hand among them), not earlier decisions skipped."""
    kept = [f for d in trace if d.keeps for f in d.fields]
    return any(e != value_at(before, path) for path, e, _ in diffs
               if any(_concerns(f, path) for f in kept))


def _skipped(decision, before: dict | None, engine: dict | None) -> bool:
    """Does the engine show none of what `decision` changed — each field it decided that the engine
    reports as it was before the action? One it changed (the library a draw took a card from) says
    the engine carried the decision out, so a field it shows as it was (the hand) went elsewhere."""
    if engine is None:
        return True
    for field in decision.fields:
        now, then = value_at(engine, field), value_at(before, field)
        if UNKNOWN not in (now, then) and now != then:
            return False
    return True


def cause(diffs: list, trace, before: dict | None = None, engine: dict | None = None,
          reading: Reading = AS_FOUND) -> Cause | None:
    """The decision in `trace` the engine departed from (see the module's docstring), or None;
    `before` is the observation before the action (None at setup), for the departure's shape;
    `engine` the engine's observation after it, for what a decision read; `reading`, see
    `other_reading`."""
    shows = _Shown(diffs, engine, reading)
    diffs = _explained_by_zone(diffs, trace, before, shows)
    for path, e, o in diffs:
        if path == "rejected":
            found = _legality(e, o, trace, shows)
            if found:
                return found
    moved = _moved_what_stays(diffs, trace, before)

    weighed_diffs = weighed(diffs)

    def owner(path, e, o):
        extra = path.startswith("triggered.") and e > o
        last = _owner(path, trace, extra, shows=shows)
        if reading.latest and last is not None and COUNT.search(path):   # several added to it:
            last = _before_share(path, trace, last, extra, shows, weighed_diffs)   # the one before
        if moved or last is None or e != value_at(before, path) or (path, e) in trace[last].otherwise:
            return last
        earlier = _owner(path, trace, extra, kept=True, shows=shows)
        return earlier if _skipped(trace[earlier], before, engine) else last
    owned = [(i, path, e, o) for path, e, o in weighed_diffs if path != "rejected"
             for i in [owner(path, e, o)] if i is not None]
    if not owned:
        return None
    # A creature that died on the engine's side only, read as a consequence, explains what its
    # death set going (its tokens, what saw them enter): that decision is the cause.
    deaths = [i for i, path, *_ in owned if path.endswith(".zone") and i == _follows_from(path, trace, shows)]
    first = min(deaths or [i for i, *_ in owned])
    about = [(path, e, o) for i, path, e, o in owned if i == first]
    declared = trace[first].fields

    def order(diff):
        path = diff[0]
        return (not path.endswith(".zone"),
                next((n for n, f in enumerate(declared) if _concerns(f, path)), len(declared)))
    path, e, o = min(about, key=order)
    found = Cause(first, trace[first], path, e, o,
                  0 if path.startswith("triggered.") else value_at(before, path))
    return _upstream(found, trace, before, engine, diffs)


def _before_share(path: str, trace, last: int, extra: bool, shows: _Shown, diffs: list) -> int:
    """The owner of count `path` were the last decision about the object the `last` owner is about
    (its first: a trigger's source, a mana ability's permanent) carried out as the rules say — a
    trigger's share of a pool, its type and its mana, and so every share before it by the same rule
    (two triggers adding) — else were the `last` one; `last` if none decided it before, or if the
    engine departs from that share at another field only it decides (the trigger added another
    type: weighed `diffs`)."""
    exclude, at = (), last
    while True:
        exclude += tuple(i for i, d in enumerate(trace) if d.objects[:1] == trace[at].objects[:1])
        found = _owner(path, trace, extra, shows=shows, exclude=exclude)
        if found is None or trace[found].rule != trace[last].rule:
            break
        at = found
    if any(other != path and _owner(other, trace, shows=shows) is not None
           and _owner(other, trace, shows=shows, exclude=exclude) is None for other, _, _ in diffs):
        return last
    if found is None:
        found = _owner(path, trace, extra, shows=shows, exclude=(last,))
    return last if found is None else found


def other_reading(found: Cause, diffs: list, trace, before: dict | None = None,
                  engine: dict | None = None) -> Cause | None:
    """The cause of a case read the other way, where one case can't tell it from `found` (its
    `cause`), or None. Where `found` is an engine answer taken as a decision's other way
    (`Decision.otherwise`: a phased-out lord's +1/+1 shown on an Elf that pumps itself, an opponent's
    Mana Reflection doubling mana a Contamination that keeps the amount made), it is the last
    decision whose other way the engine shows, where several do (the types Yavimaya adds to a land,
    or the abilities of those types, ignored), else the cause with no such answer taken, and that
    alone; otherwise, with none taken, also:
    - a legality blamed on the rejecting reason rather than its most specific aspect (no haste from
      a phased-out Fervor, or summoning sickness ignored), and of several decisions equally about
      it on the last rather than the first (a life payment and the colour asked for, where the
      player then lost);
    - a count owned by the decision that decided it before the share of the object the last one is
      about (a pool a replacement multiplied and a trigger then added to: the engine may have added
      the trigger's share, its type and its mana, as the rules do), else before the last;
    - an extra trigger owned by the last of the decisions that it doesn't fire rather than the
      first (phased out as it left the game, or as it phased out earlier in the action).
    runner/results.py folds a finding every example of which reads the other way as another finding
    of the same certificate into that one."""
    for reading in OTHER_WAYS:
        other = cause(diffs, trace, before, engine, reading)
        if other is not None and (found.decision.rule, found.kind) != (other.decision.rule, other.kind):
            return other
    return None


def blame(diffs: list, trace) -> tuple:
    """The CR rule of the decision in `trace` the engine departed from (see `cause`)."""
    found = cause(diffs, trace)
    return (found.decision.rule,) if found else ()
