"""`mtg-conformance cards`: the catalog, each card with a paraphrased text rendered from its record
(oracle.catalog) in the words its vocabulary is registered with (oracle.registry), its types and
abilities, and the properties that play it."""
from __future__ import annotations

import json

from oracle.card import Card, Cost
from oracle.catalog import CATALOG, TOKEN_ONLY
from oracle.registry import entry


def _cost(cost: Cost) -> str:
    parts = [cost.mana] if cost.mana else []
    parts += ["{T}"] * cost.tap + ["{Q}"] * cost.untap
    parts += ["Tap an untapped creature you control"] * cost.tap_untapped_creature
    parts += ["Sacrifice this"] * cost.sacrifice_self
    parts += ["Remove a +1/+1 counter from this"] * cost.remove_counter
    parts += [f"Pay {cost.life} life"] * bool(cost.life)
    return ", ".join(parts)


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:] + "."


def _text(kind: str, name: str) -> str:
    return entry(kind, name).text


def _mana_ability(ability) -> str:
    gain = _text("production", ability.produces).format(
        mana=("{" + ability.types[0] + "}") * ability.amount if ability.types else "",
        type_or_colour="colour" if ability.colors_only else "type",
        lands=_text("scope", ability.scope) if ability.scope else "",
        choices=" or ".join("{" + t + "}" for t in ability.types))
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
    out += [{"kind": "static", "text": _text("static", s)} for s in sorted(c.statics)]
    out += [{"kind": "mana", "text": _mana_ability(a)} for a in c.mana_abilities]
    out += [{"kind": "activated", "text": f"{_cost(a.cost)}: {_sentence(_text('effect', a.effect))}"}
            for a in c.activated]
    out += [{"kind": "triggered", "text": _triggered(a)} for a in c.triggered]
    if c.spell_effect:
        out.append({"kind": "spell", "text": _sentence(_text("effect", c.spell_effect))})
    return out


def type_line(c: Card) -> str:
    supertype = "Basic " if c.basic else ""
    types = " ".join(t.capitalize() for t in ("artifact", "enchantment", "land", "creature", "instant",
                                               "sorcery") if t in c.types)
    return supertype + types + (" — " + " ".join(sorted(c.subtypes)) if c.subtypes else "")


def catalog(properties: dict) -> list[dict]:
    """Every card: name, type line, colours, power/toughness, abilities, text, and the properties
    that play it (with every capability an engine can declare)."""
    from adapters.oracle_adapter import OracleEngine
    everything = OracleEngine().capabilities()
    played = {pid: prop.plan(everything).cards for pid, prop in properties.items()}
    rows = []
    for name, c in sorted(CATALOG.items()):
        row = {"name": name, "type_line": type_line(c), "colors": sorted(c.colors)}
        if "creature" in c.types:
            row["power_toughness"] = f"{c.power}/{c.toughness}"
        row["abilities"] = abilities(c)
        row["text"] = " ".join(a["text"] + ("" if a["text"].endswith(".") else ".") for a in row["abilities"])
        row["token_only"] = name in TOKEN_ONLY
        row["properties"] = sorted(pid for pid, cards in played.items() if name in cards)
        rows.append(row)
    return rows


def cmd_cards(args) -> int:
    from properties.model import all_properties
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
