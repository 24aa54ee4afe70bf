"""The effects of Auras and Equipment: a Curse's upkeep damage to the player it enchants (CR 303.4e,
603.2), Rancor returning to its owner's hand (400.7), equip (701.3a)."""
from __future__ import annotations

from mtg_conformance.oracle.provenance import note
from mtg_conformance.oracle.registry import effect
from mtg_conformance.oracle.resolve import Use, deal_damage
from mtg_conformance.oracle.seams import seam


@effect("damage_enchanted_player_1", rule="120.3",
        text="this deals 1 damage to that player or a planeswalker that player controls")
def _pierced_heart(use: Use) -> None:
    """Curse of the Pierced Heart: no catalog card is a planeswalker, so the damage goes to the
    player (120.3a)."""
    _damage_that_player(use, cursed_player(use), 1)


def _damage_that_player(use: Use, seat: int, amount: int) -> None:
    """The damage is dealt to "that player"; recorded after it, the choice of that player (CR 303.4e:
    the one the Curse enchants, not necessarily its controller) owns whose life it changed."""
    deal_damage(use.game, ("player", seat), amount)
    spared = (use.controller,) if use.controller != seat else ()
    note(use.game, "303.4e", f"\"that player\" of {use.source.id}'s ability is player {seat}, whom it "
         f"enchants (its controller is player {use.controller}) -> the damage is dealt to them",
         (use.source.id, seat), tuple(f"players[{s}].life" for s in (seat, *spared)))


@seam
def cursed_player(use: Use) -> int:
    """CR 603.2, 303.4: "that player" of a Curse's upkeep trigger is the enchanted player whose upkeep
    it triggered in — not the Curse's controller — even if the Curse has left since (608.2h)."""
    return use.info["player"]


@effect("damage_enchanted_player_per_curse", rule="120.3",
        text="this deals damage to that player equal to the number of Curses attached to them")
def _thirst(use: Use) -> None:
    """Curse of Thirst: the Curses are counted as it resolves (608.2h); with none left, no damage."""
    game, seat = use.game, cursed_player(use)
    curses = [c.id for c in game.on_battlefield() if "Curse" in c.card.subtypes
              and c.attached_to == ("player", seat)]
    note(game, "608.2h", f"{len(curses)} Curse(s) attached to player {seat} as {use.source.id}'s "
         f"ability resolves -> {len(curses)} damage", (use.source.id, seat), (f"players[{seat}].life",),
         curses)
    if curses:
        _damage_that_player(use, seat, len(curses))


@effect("return_self_to_hand", rule="400.7", text="return it to its owner's hand")
def _return_self_to_hand(use: Use) -> None:
    """Rancor: its ability finds the card it became in its owner's graveyard (the zone it moved to
    as it triggered, 400.7) and puts it into that player's hand; if it is no longer there (its
    owner left the game), nothing happens."""
    src, owner = use.source, use.game.players[use.source.owner]
    if src.zone != "graveyard" or src.card.name not in owner.graveyard:
        return
    owner.graveyard.remove(src.card.name)
    owner.hand.append(src.card.name)
    src.zone = "hand"
    note(use.game, "400.7", f"{src.id}'s ability finds the card in player {src.owner}'s graveyard -> "
         "returned to their hand", (src.id,), (f"permanents.{src.id}.zone", f"players[{src.owner}].hand",
                                                f"players[{src.owner}].graveyard"), key="returns-to-hand")


@effect("equip", rule="701.3a",
        text="attach this to target creature you control; activate only as a sorcery")
def _equip(use: Use) -> None:
    use.source.attached_to, use.source.timestamp = use.target, use.game.tick()
