"""`mtg-conformance cards`: the catalog, each card with a paraphrased text rendered from its record
(oracle.catalog), its types and abilities, and the properties that play it."""
from __future__ import annotations

import json

from oracle.catalog import CATALOG, TOKEN_ONLY, Card, Cost

# The catalog's vocabulary in words. Rendering a card whose record uses a term missing here fails
# (KeyError), so a new term can't slip into the catalog without its paraphrase.
STATICS = {
    "anthem_1_1": "Creatures you control get +1/+1.",
    "control_enchanted": "You control enchanted permanent.",
    "enchanted_cant_attack": "Enchanted creature can't attack.",
    "enchanted_plus_1_2": "Enchanted creature gets +1/+2.",
    "equipped_plus_2_0": "Equipped creature gets +2/+0.",
    "flying": "Flying.",
    "lands_tapped_produce_black": "Whenever a land is tapped for mana, it produces {B} instead of any other type.",
    "may_not_untap": "You may choose not to untap this during your untap step.",
    "phasing": "Phasing (it phases in or out before you untap during each of your untap steps).",
    "protection_chosen_color": "Protection from the chosen colour.",
    "skip_your_draw_step": "You skip your draw step.",
    "you_tap_for_mana_doubles": "If you tap a permanent for mana, it produces twice as much of that mana.",
    "your_creatures_haste": "Creatures you control have haste.",
    "your_creatures_trample": "Creatures you control have trample.",
}
EVENTS = {
    "another_enters": "Whenever another creature enters",
    "dies": "When this dies",
    "each_draw_step": "At the beginning of each player's draw step",
    "enchanted_player_draws": "Whenever enchanted player draws a card",
    "enchanted_tapped_for_mana": "Whenever enchanted land is tapped for mana",
    "enters": "When this enters",
    "land_tapped_for_mana": "Whenever a player taps a land for mana",
    "leaves": "When this leaves the battlefield",
    "last_time_counter_removed": "When the last time counter is removed from this",
    "merfolk_you_control_becomes_tapped": "Whenever a Merfolk you control becomes tapped",
    "phases_in": "When this phases in",
    "phases_out": "When this phases out",
    "your_upkeep": "At the beginning of your upkeep",
}
EFFECTS = {
    "add_G": "its controller adds an additional {G}",
    "add_GG": "its controller adds an additional {G}{G}",
    "add_p1p1_counter": "put a +1/+1 counter on this",
    "animate_2_2": "until end of turn, this becomes a 2/2 creature; it's still a land",
    "damage_tapper_1": "this deals 1 damage to that player",
    "damage_x": "it deals X damage to any target",
    "discard_1": "you discard a card",
    "draw_1": "you draw a card",
    "draw_extra_if_untapped": "if this is untapped, that player draws an additional card",
    "equip": "attach this to target creature you control; activate only as a sorcery",
    "exile_until_leaves": "exile target creature an opponent controls until this leaves the battlefield",
    "gain_1": "you gain 1 life",
    "gain_2": "you gain 2 life",
    "look_top_may_exile": "look at the top card of your library; you may exile it",
    "phase_out_until_leaves_tapped": "target creature phases out until this leaves the battlefield, "
                                     "and is tapped as it phases in",
    "ping_1": "it deals 1 damage to any target",
    "sacrifice_unless_creature": "sacrifice this unless you sacrifice a creature",
    "steal_while_tapped": "gain control of target creature with power at most the number of Islands "
                          "you control for as long as this remains tapped",
    "thopters_per_counter": "create a 1/1 colourless Thopter artifact creature token with flying for "
                            "each +1/+1 counter on it",
    "remove_time_counter": "remove a time counter from it",
    "sacrifice_self": "sacrifice it",
    "untap_target": "untap target creature",
    "you_draw": "you draw a card",
    # instants and sorceries
    "counter_and_phase_out": "put a +1/+1 counter on target creature; it phases out",
    "pale_moon": "until end of turn, a nonbasic land tapped for mana produces colourless mana instead",
    "teferis_protection": "until your next turn, your life total can't change and you have protection "
                          "from everything; all permanents you control phase out; exile this spell",
    "threaten": "untap target creature and gain control of it until end of turn; it gains haste",
}
PRODUCES = {
    "any_color": "Add one mana of any colour.",
    "permanent_color": "Add one mana of any colour among permanents you control.",
    ("could_produce", "your_lands"): "Add one mana of any type a land you control could produce.",
    ("could_produce", "opponents_lands"): "Add one mana of any colour a land an opponent controls "
                                          "could produce.",
}
ENTERS_WITH = {"x_p1p1": "This enters with X +1/+1 counters on it.",
               "time3": "This enters with three time counters on it."}


def _cost(cost: Cost) -> str:
    parts = [cost.mana] if cost.mana else []
    parts += ["{T}"] * cost.tap + ["{Q}"] * cost.untap
    parts += ["Tap an untapped creature you control"] * cost.tap_untapped_creature
    parts += ["Sacrifice this"] * cost.sacrifice_self
    parts += ["Remove a +1/+1 counter from this"] * cost.remove_counter
    return ", ".join(parts)


def _sentence(text: str) -> str:
    return text[0].upper() + text[1:] + "."


def _mana_ability(ability) -> str:
    if ability.produces == "fixed":
        gain = "Add " + ("{" + ability.types[0] + "}") * ability.amount + "."
    else:
        gain = PRODUCES.get(ability.produces) or PRODUCES[ability.produces, ability.scope]
    return f"{_cost(ability.cost)}: {gain}"


def _triggered(ability) -> str:
    effect = EFFECTS[ability.effect]
    if ability.optional:
        effect = effect.replace("you ", "you may ", 1)
    return f"{EVENTS[ability.event]}, {effect}."


def abilities(c: Card) -> list[dict]:
    """Each ability of `c`: its kind and its paraphrased text, in printed order."""
    out = [{"kind": "keyword", "text": f"Enchant {c.enchant}"}] if c.enchant else []
    if c.chooses_color:
        out.append({"kind": "static", "text": "As this enters, choose a colour."})
    if c.enters_with:
        out.append({"kind": "static", "text": ENTERS_WITH[c.enters_with]})
    out += [{"kind": "static", "text": STATICS[s]} for s in sorted(c.statics)]
    out += [{"kind": "mana", "text": _mana_ability(a)} for a in c.mana_abilities]
    out += [{"kind": "activated", "text": f"{_cost(a.cost)}: {_sentence(EFFECTS[a.effect])}"}
            for a in c.activated]
    out += [{"kind": "triggered", "text": _triggered(a)} for a in c.triggered]
    if c.spell_effect:
        out.append({"kind": "spell", "text": _sentence(EFFECTS[c.spell_effect])})
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
