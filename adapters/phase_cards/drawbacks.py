"""Mana abilities with a drawback or a choice (pain lands, Talismans, horizon lands) and the mana creatures
and rocks beside them."""
from __future__ import annotations


CARDS: dict[str, tuple] = {
    "Adarkar Wastes": ("", "{T}: Add {C}.\n{T}: Add {W} or {U}. This land deals 1 damage to you."),
    "Underground River": ("", "{T}: Add {C}.\n{T}: Add {U} or {B}. This land deals 1 damage to you."),
    "Sulfurous Springs": ("", "{T}: Add {C}.\n{T}: Add {B} or {R}. This land deals 1 damage to you."),
    "Karplusan Forest": ("", "{T}: Add {C}.\n{T}: Add {R} or {G}. This land deals 1 damage to you."),
    "Brushland": ("", "{T}: Add {C}.\n{T}: Add {G} or {W}. This land deals 1 damage to you."),
    "Caves of Koilos": ("", "{T}: Add {C}.\n{T}: Add {W} or {B}. This land deals 1 damage to you."),
    "Shivan Reef": ("", "{T}: Add {C}.\n{T}: Add {U} or {R}. This land deals 1 damage to you."),
    "Llanowar Wastes": ("", "{T}: Add {C}.\n{T}: Add {B} or {G}. This land deals 1 damage to you."),
    "Battlefield Forge": ("", "{T}: Add {C}.\n{T}: Add {R} or {W}. This land deals 1 damage to you."),
    "Yavimaya Coast": ("", "{T}: Add {C}.\n{T}: Add {G} or {U}. This land deals 1 damage to you."),
    "Talisman of Progress": ("{2}",
        "{T}: Add {C}.\n{T}: Add {W} or {U}. This artifact deals 1 damage to you."),
    "Talisman of Dominance": ("{2}",
        "{T}: Add {C}.\n{T}: Add {U} or {B}. This artifact deals 1 damage to you."),
    "Talisman of Indulgence": ("{2}",
        "{T}: Add {C}.\n{T}: Add {B} or {R}. This artifact deals 1 damage to you."),
    "Talisman of Impulse": ("{2}",
        "{T}: Add {C}.\n{T}: Add {R} or {G}. This artifact deals 1 damage to you."),
    "Talisman of Unity": ("{2}",
        "{T}: Add {C}.\n{T}: Add {G} or {W}. This artifact deals 1 damage to you."),
    "Talisman of Hierarchy": ("{2}",
        "{T}: Add {C}.\n{T}: Add {W} or {B}. This artifact deals 1 damage to you."),
    "Talisman of Creativity": ("{2}",
        "{T}: Add {C}.\n{T}: Add {U} or {R}. This artifact deals 1 damage to you."),
    "Talisman of Resilience": ("{2}",
        "{T}: Add {C}.\n{T}: Add {B} or {G}. This artifact deals 1 damage to you."),
    "Talisman of Conviction": ("{2}",
        "{T}: Add {C}.\n{T}: Add {R} or {W}. This artifact deals 1 damage to you."),
    "Talisman of Curiosity": ("{2}",
        "{T}: Add {C}.\n{T}: Add {G} or {U}. This artifact deals 1 damage to you."),
    "City of Brass": ("",
        "Whenever this land becomes tapped, it deals 1 damage to you.\n{T}: Add one mana of "
        "any color."),
    "Mana Confluence": ("", "{T}, Pay 1 life: Add one mana of any color."),
    "Tarnished Citadel": ("",
        "{T}: Add {C}.\n{T}: Add one mana of any color. This land deals 3 damage to you."),
    "Grove of the Burnwillows": ("", "{T}: Add {C}.\n{T}: Add {R} or {G}. Each opponent gains 1 life."),
    "Ancient Tomb": ("", "{T}: Add {C}{C}. This land deals 2 damage to you."),
    "Horizon Canopy": ("", "{T}, Pay 1 life: Add {G} or {W}.\n{1}, {T}, Sacrifice this land: Draw a card."),
    "Fiery Islet": ("", "{T}, Pay 1 life: Add {U} or {R}.\n{1}, {T}, Sacrifice this land: Draw a card."),
    "Nurturing Peatland": ("",
        "{T}, Pay 1 life: Add {B} or {G}.\n{1}, {T}, Sacrifice this land: Draw a card."),
    "Silent Clearing": ("",
        "{T}, Pay 1 life: Add {W} or {B}.\n{1}, {T}, Sacrifice this land: Draw a card."),
    "Sunbaked Canyon": ("",
        "{T}, Pay 1 life: Add {R} or {W}.\n{1}, {T}, Sacrifice this land: Draw a card."),
    "Waterlogged Grove": ("",
        "{T}, Pay 1 life: Add {G} or {U}.\n{1}, {T}, Sacrifice this land: Draw a card."),
    "Elvish Mystic": ("{G}", "{T}: Add {G}."),
    "Fyndhorn Elves": ("{G}", "{T}: Add {G}."),
    "Elves of Deep Shadow": ("{G}", "{T}: Add {B}. This creature deals 1 damage to you."),
    "Leaf Gilder": ("{1}{G}", "{T}: Add {G}."),
    "Avacyn's Pilgrim": ("{G}", "{T}: Add {W}."),
    "Birds of Paradise": ("{G}", "Flying\n{T}: Add one mana of any color.", ("Flying",)),
    "Utopia Tree": ("{1}{G}", "{T}: Add one mana of any color."),
    "Naga Vitalist": ("{1}{G}", "{T}: Add one mana of any type that a land you control could produce."),
    "Incubation Druid": ("{1}{G}",
        "{T}: Add one mana of any type that a land you control could produce. If this "
        "creature has a +1/+1 counter on it, add three mana of that type instead.\n{3}{G}{G}: "
        "Adapt 3. (If this creature has no +1/+1 counters on it, put three +1/+1 counters on "
        "it.)", ("Adapt",)),
    "Manalith": ("{3}", "{T}: Add one mana of any color."),
    "Darksteel Ingot": ("{3}", "Indestructible\n{T}: Add one mana of any color.", ("Indestructible",)),
}

OUT: dict[str, str] = {
}
