"""`mtg-conformance cards`: the catalog, each card with its rules area, a paraphrased text rendered
from its record (oracle.catalog) in the words its vocabulary is registered with (oracle.registry), its
types and abilities, and the properties that play it. With `--engine`, split into the cards the
engine declares and those it doesn't, each of those with what declaring it would buy
(runner/declared.py)."""
from __future__ import annotations

import json

from mtg_conformance.oracle.card import Card, Cost
from mtg_conformance.oracle.errors import MtgConformanceError
from mtg_conformance.oracle.catalog import CARD_AREAS, CATALOG, TOKEN_ONLY
from mtg_conformance.oracle.characteristics import BOOST_SCOPES, COLOR_NAMES
from mtg_conformance.oracle.registry import entry


def _cost(cost: Cost) -> str:
    parts = [cost.mana] if cost.mana else []
    parts += ["{T}"] * cost.tap + ["{Q}"] * cost.untap
    parts += ["Tap an untapped creature you control"] * cost.tap_untapped_creature
    parts += ["Sacrifice this"] * cost.sacrifice_self
    parts += ["Remove a +1/+1 counter from this"] * cost.remove_counter
    if cost.counter_kind:                 # issue 12: storage and depletion counters
        parts.append(f"Remove {'any number of' if cost.counters_x else 'a'} {cost.counter_kind} "
                     f"counter{'s' * cost.counters_x} from this")
    parts += [f"Pay {cost.life} life"] * bool(cost.life)
    return ", ".join(parts)


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:] + "."


def _text(kind: str, name: str) -> str:
    return entry(kind, name).text


def _static(c: Card, name: str) -> str:
    """A static's wording, with the card's own numbers and colour where it has them (613.4c)."""
    if name not in BOOST_SCOPES:
        return _text("static", name)
    return _text("static", name).format(pt=f"{c.boost[0]:+d}/{c.boost[1]:+d}",
                                        color=COLOR_NAMES.get(c.boost_color, ""))


def _mana_ability(ability) -> str:
    gain = _text("production", ability.produces).format(
        mana="".join(("{" + t + "}") * ability.amount for t in ability.types),
        type_or_colour="colour" if ability.colors_only else "type",
        lands=_text("scope", ability.scope) if ability.scope else "",
        choices=" or ".join("{" + t + "}" for t in ability.types))
    if ability.per:                       # issue 12: "for each" (CR 107.1)
        gain = f"{gain[:-1]} for each {_text('scope', ability.per)}."
    if ability.cost.counters_x:
        gain = f"{gain[:-1]} for each {ability.cost.counter_kind} counter removed this way."
    if ability.then:
        gain = f"{gain} {_sentence(_text('effect', ability.then))}"
    if ability.amount_if_counter:
        gain += (f" If this has a +1/+1 counter on it, add {ability.amount_if_counter} mana of that "
                 "type instead.")
    if ability.drawback:
        gain += " " + _sentence(_amounted("effect", ability.drawback, ability.drawback_amount))
    return f"{_cost(ability.cost)}: {gain}"


def _amounted(kind: str, name: str, amount: int) -> str:
    """Its wording, with the `amount` an ability gives it (`{amount}` damage or life)."""
    return _text(kind, name).replace("{amount}", str(amount))


def _triggered(ability) -> str:
    effect = _amounted("effect", ability.effect, ability.amount)
    if ability.optional:
        effect = effect.replace("you ", "you may ", 1)
    return f"{_text('event', ability.event)}, {effect}."


def abilities(c: Card) -> list[dict]:
    """Each ability of `c`: its kind and its paraphrased text, in printed order."""
    out = [{"kind": "keyword", "text": f"Enchant {_text('target', c.enchant)}"}] if c.enchant else []
    if c.chooses_color:
        out.append({"kind": "static", "text": "As this enters, choose a colour."})
    if c.enters_with:
        out.append({"kind": "static", "text": _text("enters_with", c.enters_with)})
    out += [{"kind": "static", "text": _static(c, s)} for s in sorted(c.statics)]
    out += [{"kind": "mana", "text": _mana_ability(a)} for a in c.mana_abilities]
    out += [{"kind": "activated", "text": f"{_cost(a.cost)}: {_sentence(_text('effect', a.effect))}"}
            for a in c.activated]
    out += [{"kind": "triggered", "text": _triggered(a)} for a in c.triggered]
    if c.spell_effect:
        out.append({"kind": "spell", "text": _sentence(_text("effect", c.spell_effect))})
    return out


def type_line(c: Card) -> str:
    supertype = "Basic " * c.basic + "".join(s.capitalize() + " " for s in sorted(c.supertypes))
    types = " ".join(t.capitalize() for t in ("artifact", "enchantment", "land", "creature", "instant",
                                               "sorcery") if t in c.types)
    return supertype + types + (" — " + " ".join(sorted(c.subtypes)) if c.subtypes else "")


def played(properties: dict) -> dict[str, frozenset]:
    """The cards each property plays, by id, for an engine declaring every capability."""
    from mtg_conformance.adapters.oracle_adapter import OracleEngine
    everything = OracleEngine().capabilities()
    return {pid: prop.plan(everything).cards for pid, prop in properties.items()}


def catalog(properties: dict) -> list[dict]:
    """Every card: name, rules area, type line, colours, power/toughness, abilities, text, and the
    properties that play it (with every capability an engine can declare)."""
    plays = played(properties)
    rows = []
    for name, c in sorted(CATALOG.items()):
        row = {"name": name, "area": CARD_AREAS[name], "type_line": type_line(c), "colors": sorted(c.colors)}
        if "creature" in c.types:
            row["power_toughness"] = f"{c.power}/{c.toughness}"
        row["abilities"] = abilities(c)
        row["text"] = " ".join(a["text"] + ("" if a["text"].endswith(".") else ".") for a in row["abilities"])
        row["token_only"] = name in TOKEN_ONLY
        row["properties"] = sorted(pid for pid, cards in plays.items() if name in cards)
        rows.append(row)
    return rows


def by_engine(properties: dict, rows: list[dict], now, buys=()) -> dict:
    """The catalog's `rows` split by what the engine `now` (runner/declared.Declared) declares: the
    declared cards, each with the properties that play it on this engine; the others, each with the
    properties that play it on an engine declaring everything and, for those named in `buys`, what
    declaring it alone would buy (declared.gain: each property it concerns is tried on the oracle,
    seconds per card, so only on request); and the names it declares that the catalog lacks."""
    from mtg_conformance.runner.declared import gain
    names = set(now.capabilities.get("cards", ()))
    plans = {pid: properties[pid].plan(now.capabilities).cards for pid in now.running}
    declared, undeclared = [], []
    for row in rows:
        if row["name"] in names:
            declared.append({**row, "plays_here": [pid for pid in now.running if row["name"] in plans[pid]]})
        elif row["name"] in buys:
            bought = gain(properties, now, "cards", row["name"], tuple(row["properties"]))
            undeclared.append({**row, **bought.to_json()})
        else:
            undeclared.append(row)
    return {"engine": {"spec": now.spec, **{k: now.identity.get(k, "") for k in ("name", "version")}},
            "declared": declared, "undeclared": undeclared,
            "not_in_catalog": sorted(names - set(CATALOG))}


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _print_by_engine(split: dict, header: str) -> None:
    declared, undeclared = split["declared"], split["undeclared"]
    print(f"{header} declares {len(declared)} of the catalog's {len(declared) + len(undeclared)} cards")
    print(f"\ndeclared ({len(declared)}), with the properties that play each on this engine:")
    for row in declared:
        print(f"  {row['name']} [{row['area']}]: {', '.join(row['plays_here']) or 'no property plays it here'}")
    print(f"\nnot declared ({len(undeclared)}), with the properties that would play each "
          "(--buys CARD: what declaring it alone would buy):")
    for row in undeclared:
        if "unlocks" not in row:
            print(f"  {row['name']} [{row['area']}]: {', '.join(row['properties']) or 'no property plays it'}")
            continue
        bought = []
        if row["unlocks"]:
            bought.append(f"runs {', '.join(row['unlocks'])}"
                          + (f" (new CR rules {', '.join(row['rules'])})" if row["rules"] else ""))
        others = [pid for pid in row["plays"] if pid not in row["unlocks"]]
        if others:
            bought.append(f"played by {', '.join(others)}")
        bought += [f"{pid} still unsupported ({_short(why)})" for pid, why in row["still_unsupported"].items()]
        print(f"  {row['name']} [{row['area']}]: {'; '.join(bought) or 'no property plays it'}")
    if split["not_in_catalog"]:
        print(f"\ndeclared but not in the catalog, so never played ({len(split['not_in_catalog'])}): "
              + ", ".join(split["not_in_catalog"]))


def cmd_cards(args) -> int:
    from mtg_conformance.properties.model import all_properties
    properties = all_properties()
    rows = catalog(properties)
    if args.engine:
        from mtg_conformance.runner.declared import declared
        now = declared(args.engine, properties)
        wrong = [name for name in args.buys or () if name not in CATALOG or name in now.capabilities.get("cards", ())]
        if wrong:
            raise MtgConformanceError(f"--buys {wrong[0]!r}: not a card of the catalog that {args.engine} "
                                      "leaves undeclared")
        split = by_engine(properties, rows, now, tuple(args.buys or ()))
        if args.format == "json":
            print(json.dumps(split, indent=1))
        else:
            _print_by_engine(split, now.header())
        return 0
    if args.format == "json":
        print(json.dumps(rows, indent=1))
        return 0
    for row in rows:
        stats = f" {row['power_toughness']}" if "power_toughness" in row else ""
        token = " (token only)" if row["token_only"] else ""
        print(f"{row['name']} — {row['type_line']}{stats}{token} [{row['area']}]")
        if row["text"]:
            print(f"  {row['text']}")
        print(f"  properties: {', '.join(row['properties']) or '-'}")
    return 0


def register(verbs) -> None:
    """Add the `cards` verb to the CLI's subparsers."""
    cards = verbs.add_parser("cards", help="the card catalog: each card's rules area, paraphrased text "
                             "and the properties that play it; with --engine, which cards it declares "
                             "and what declaring each other card would buy")
    cards.add_argument("--format", choices=("text", "json"), default="text")
    cards.add_argument("--engine", help="split the catalog into the cards this engine declares and "
                       "those it doesn't")
    cards.add_argument("--buys", action="append", metavar="CARD", help="with --engine, for a card it "
                       "doesn't declare: what declaring it alone would buy (repeatable; seconds per card)")
    cards.set_defaults(func=cmd_cards)
