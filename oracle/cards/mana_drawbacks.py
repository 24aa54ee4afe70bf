"""Mana sources with a drawback (life paid, damage dealt; CR 119.4, 120.3, 605.3b) and creatures and artifacts whose mana abilities choose among types (106.1, 106.7)."""
from __future__ import annotations

from mtg_conformance.oracle.card import TAP, Activated, Cost, ManaAbility, Triggered, make

COLORLESS = ManaAbility(TAP, "fixed", ("C",))

# Pain lands and Talismans: "{T}: Add {C}. {T}: Add {A} or {B}; this deals 1 damage to you."
_PAIN_LANDS = {"Adarkar Wastes": "WU", "Underground River": "UB", "Sulfurous Springs": "BR",
               "Karplusan Forest": "RG", "Brushland": "GW", "Caves of Koilos": "WB",
               "Shivan Reef": "UR", "Llanowar Wastes": "BG", "Battlefield Forge": "RW",
               "Yavimaya Coast": "GU"}
_TALISMANS = {"Talisman of Progress": "WU", "Talisman of Dominance": "UB",
              "Talisman of Indulgence": "BR", "Talisman of Impulse": "RG", "Talisman of Unity": "GW",
              "Talisman of Hierarchy": "WB", "Talisman of Creativity": "UR",
              "Talisman of Resilience": "BG", "Talisman of Conviction": "RW",
              "Talisman of Curiosity": "GU"}


def _painful(pair: str) -> ManaAbility:
    return ManaAbility(TAP, "one_of", tuple(pair), drawback="damage_you", drawback_amount=1)


def _pain_lands():
    for name, pair in _PAIN_LANDS.items():
        yield make(name, "land", mana_abilities=(COLORLESS, _painful(pair)))


def _talismans():
    for name, pair in _TALISMANS.items():
        yield make(name, "artifact", mana_abilities=(COLORLESS, _painful(pair)))


def _other_lands():
    yield make("City of Brass", "land", mana_abilities=(ManaAbility(TAP, "any_color"),),
               triggered=(Triggered("becomes_tapped", "damage_you", amount=1),))
    yield make("Mana Confluence", "land",
               mana_abilities=(ManaAbility(Cost(tap=True, life=1), "any_color"),))
    yield make("Tarnished Citadel", "land",
               mana_abilities=(COLORLESS, ManaAbility(TAP, "any_color", drawback="damage_you",
                                                      drawback_amount=3)))
    yield make("Grove of the Burnwillows", "land",
               mana_abilities=(COLORLESS, ManaAbility(TAP, "one_of", ("R", "G"),
                                                      drawback="opponents_gain", drawback_amount=1)))
    yield make("Ancient Tomb", "land",
               mana_abilities=(ManaAbility(TAP, "fixed", ("C",), amount=2, drawback="damage_you",
                                           drawback_amount=2),))


# Horizon lands: "{T}, Pay 1 life: Add {A} or {B}. {1}, {T}, Sacrifice this: Draw a card."
_HORIZON_LANDS = {"Horizon Canopy": "GW", "Fiery Islet": "UR", "Nurturing Peatland": "BG",
                  "Silent Clearing": "WB", "Sunbaked Canyon": "RW", "Waterlogged Grove": "GU"}


def _horizon_lands():
    for name, pair in _HORIZON_LANDS.items():
        yield make(name, "land",
                   mana_abilities=(ManaAbility(Cost(tap=True, life=1), "one_of", tuple(pair)),),
                   activated=(Activated(Cost(tap=True, sacrifice_self=True, mana="{1}"), "draw_1"),))


def _mana_creatures():
    for name, subtypes, power, toughness, color in (
            ("Elvish Mystic", ("Elf", "Druid"), 1, 1, "G"),
            ("Fyndhorn Elves", ("Elf", "Druid"), 1, 1, "G"),
            ("Leaf Gilder", ("Elf", "Druid"), 2, 1, "G"),
            ("Avacyn's Pilgrim", ("Human", "Monk"), 1, 1, "W")):
        yield make(name, "creature", "G", subtypes, power=power, toughness=toughness,
                   mana_abilities=(ManaAbility(TAP, "fixed", (color,)),))
    # "{T}: Add {B}. This creature deals 1 damage to you." (605.3b, 120.3a)
    yield make("Elves of Deep Shadow", "creature", "G", ("Elf", "Druid"), power=1, toughness=1,
               mana_abilities=(ManaAbility(TAP, "fixed", ("B",), drawback="damage_you",
                                           drawback_amount=1),))
    yield make("Birds of Paradise", "creature", "G", ("Bird",), power=0, toughness=1,
               statics=frozenset({"flying"}), mana_abilities=(ManaAbility(TAP, "any_color"),))
    yield make("Utopia Tree", "creature", "G", ("Plant",), power=0, toughness=2,
               mana_abilities=(ManaAbility(TAP, "any_color"),))
    yield make("Naga Vitalist", "creature", "G", ("Naga", "Druid"), power=1, toughness=2,
               mana_abilities=(ManaAbility(TAP, "could_produce", scope="your_lands"),))
    yield make("Incubation Druid", "creature", "G", ("Elf", "Druid"), power=0, toughness=2,
               mana_abilities=(ManaAbility(TAP, "could_produce", scope="your_lands",
                                           amount_if_counter=3),),
               activated=(Activated(Cost(mana="{3}{G}{G}"), "adapt_3"),))


def _mana_artifacts():
    yield make("Manalith", "artifact", mana_abilities=(ManaAbility(TAP, "any_color"),))
    yield make("Darksteel Ingot", "artifact", statics=frozenset({"indestructible"}),
               mana_abilities=(ManaAbility(TAP, "any_color"),))


GROUPS = (_pain_lands, _talismans, _other_lands, _horizon_lands, _mana_creatures, _mana_artifacts)
