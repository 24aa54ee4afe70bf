"""`mtg-conformance cards`: the catalog, each card with a paraphrased text rendered from its record
(oracle.catalog) in the words its vocabulary is registered with (oracle.registry), its types and
abilities, and the properties that play it."""
from __future__ import annotations

import json

from mtg_conformance.oracle.card import Card, Cost
from mtg_conformance.oracle.catalog import CATALOG, TOKEN_ONLY
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
    """Every card: name, type line, colours, power/toughness, abilities, text, and the properties
    that play it (with every capability an engine can declare)."""
    plays = played(properties)
    rows = []
    for name, c in sorted(CATALOG.items()):
        row = {"name": name, "type_line": type_line(c), "colors": sorted(c.colors)}
        if "creature" in c.types:
            row["power_toughness"] = f"{c.power}/{c.toughness}"
        row["abilities"] = abilities(c)
        row["text"] = " ".join(a["text"] + ("" if a["text"].endswith(".") else ".") for a in row["abilities"])
        row["token_only"] = name in TOKEN_ONLY
        row["properties"] = sorted(pid for pid, cards in plays.items() if name in cards)
        rows.append(row)
    return rows


def cmd_cards(args) -> int:
    from mtg_conformance.properties.model import all_properties
    rows = catalog(all_properties())
    if args.format == "json":
        print(json.dumps(rows, indent=1))
        return 0
    for row in rows:
        stats = f" {row['power_toughness']}" if "power_toughness" in row else ""
        token = " (token only)" if row["token_only"] else ""
        print(f"{row['name']} — {row['type_line']}{stats}{token}")
        if row["text"]:
            print(f"  {row['text']}")
        print(f"  properties: {', '.join(row['properties']) or '-'}")
    return 0


def register(verbs) -> None:
    """Add the `cards` verb to the CLI's subparsers."""
    cards = verbs.add_parser("cards", help="the card catalog: each card's paraphrased text and the "
                             "properties that play it")
    cards.add_argument("--format", choices=("text", "json"), default="text")
    cards.set_defaults(func=cmd_cards)
