"""Triggered mana abilities (CR 605.1b), resolved at once (605.4a): "any type that land produced"
(106.12a/b), a fixed or chosen colour, mana for each Elf; and Manabarbs' damage to the player who
tapped a land."""
from __future__ import annotations

from mtg_conformance.oracle.characteristics import has_creature_type, is_creature
from mtg_conformance.oracle.provenance import mana as mana_path
from mtg_conformance.oracle.provenance import note
from mtg_conformance.oracle.registry import effect
from mtg_conformance.oracle.resolve import Use, change_life, deal_damage
from mtg_conformance.oracle.seams import seam


@seam
def type_that_land_produced(use) -> str:
    """CR 106.12a, 106.12b: "any type that land produced" is the type its ability produced in this
    event, after the replacement effects that modified it (a Contaminated Forest produced {B}), not
    a type its ability made before them: the decision decides that pool too (none of it added)."""
    produced, land, player = use.info["produced"], use.info["land"], use.info["player"]
    before = [t for t in use.info["made"] if t != produced] if use.info["replaced_by"] else []
    note(use.game, "106.12b", f"{land} produced {{{produced}}}"
         + (" as replacement effects modified it" if use.info["replaced_by"] else "")
         + f" -> {use.source.id} adds {{{produced}}}", (use.source.id, land),
         tuple(mana_path(player, t) for t in (produced, *before)), use.info["replaced_by"])
    return produced


def add_mana(use, seat: int, mana_type: str, amount: int = 1) -> None:
    """`amount` mana of `mana_type` into the pool of player `seat`."""
    use.game.players[seat].pool[mana_type] += amount


@effect("damage_tapper_1", rule="120.3", text="this deals 1 damage to that player")
def _damage_tapper(use: Use) -> None:
    change_life(use.game, use.info["player"], -1)


@effect("add_G", rule="605.4a", text="its controller adds an additional {G}", adds="G")
def _add_g(use: Use) -> None:
    """A triggered mana ability: the tapped land's controller adds {G}."""
    use.game.players[use.game.permanents[use.info["land"]].controller].pool["G"] += 1


@effect("add_GG", rule="605.4a", text="its controller adds an additional {G}{G}", adds="G")
def _add_gg(use: Use) -> None:
    use.game.players[use.game.permanents[use.info["land"]].controller].pool["G"] += 2


@effect("tapper_adds_type_produced", rule="605.4a",
        text="that player adds one mana of any type that land produced", adds="produced")
@effect("you_add_type_produced", rule="605.4a",
        text="add one mana of any type that land produced", adds="produced")
def _tapper_adds_type_produced(use) -> None:
    """Mana Flare, Mirari's Wake: the player who tapped the land adds one more of its type."""
    add_mana(use, use.info["player"], type_that_land_produced(use))


@effect("tapper_adds_type_produced_takes_1", rule="605.4a",
        text="that player adds one mana of any type that land produced, and this deals 1 damage to them",
        adds="produced")
def _overabundance(use) -> None:
    """Overabundance: the mana, then 1 damage to that player (CR 120.3a)."""
    seat = use.info["player"]
    add_mana(use, seat, type_that_land_produced(use))
    deal_damage(use.game, ("player", seat), 1)


@effect("add_R", rule="605.4a", text="its controller adds an additional {R}", adds="R")
@seam
def _add_r(use) -> None:
    add_mana(use, use.game.permanents[use.info["land"]].controller, "R")


@effect("add_chosen_color", rule="605.4a",
        text="its controller adds an additional one mana of the chosen colour", adds="chosen")
@seam
def _add_chosen_color(use) -> None:
    """Utopia Sprawl, Gauntlet of Power: the colour chosen as the source entered (CR 614.12)."""
    add_mana(use, use.game.permanents[use.info["land"]].controller, use.source.chosen_color)


@effect("add_G_per_elf", rule="605.4a",
        text="its controller adds an additional {G} for each Elf on the battlefield", adds="G")
@seam
def _add_g_per_elf(use) -> None:
    """Elvish Guidance: Elves counted as it resolves, with continuous effects applied (an animated
    Mutavault has every creature type, CR 205.3m)."""
    game, seat = use.game, use.game.permanents[use.info["land"]].controller
    elves = [q.id for q in game.on_battlefield() if is_creature(q) and has_creature_type(q, "Elf")]
    note(game, "605.4a", f"{use.source.id}'s ability counts {len(elves)} Elves on the battlefield -> "
         f"{len(elves)} {{G}}", (use.source.id, seat), (mana_path(seat, "G"),), elves)
    add_mana(use, seat, "G", len(elves))
