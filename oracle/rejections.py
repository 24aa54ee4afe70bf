"""The oracle's rejection table (docs/contract.md#rejections is generated from it): each row a situation
the rules forbid, every reason class that applies to it — the one the oracle reports first — its CR
rules and one example, a scenario and the rejected action, that tests/adapters/test_rejections.py
plays on the oracle and through the lockstep with an engine answering each class in turn.

A rejected action is checked in full (oracle/checks.py): an action in several situations at once
gets the classes of every one of them, as the tapped, summoning-sick creature's row shows."""
from __future__ import annotations

from attrs import frozen

from mtg_conformance.oracle.examples import (activate, activate_mana, advance, attach, attack, cast,
                                             change_control, concede, perm, put_onto_battlefield, scenario,
                                             tap, to_graveyard)


@frozen
class Rejection:
    reasons: tuple          # every class that applies, the one the oracle reports first
    action: str             # what the action does (Markdown, for the contract)
    rules: tuple            # the CR rules that forbid it, the one that decides first
    example: str            # the example, in words
    scenario: dict
    then: dict              # the rejected action
    setup: tuple = ()       # accepted actions played first


def _possessed(seat: int, enchanted: int) -> dict:
    return perm(f"pp{seat}", "Psychic Possession", seat, attached_to=enchanted)


ELVES, FOREST = "Llanowar Elves", "Forest"

REJECTIONS = (
    Rejection(("no_such_object",), "names a permanent that isn't on the battlefield (never was, or left)",
              ("400.1",), "`activate_mana` of a Forest put into the graveyard",
              scenario(perm("f", FOREST)), activate_mana("f"), (to_graveyard("f"),)),
    Rejection(("no_such_object",), "names a seat that doesn't exist", ("102.1",),
              "`concede` of seat 3 in a two-player game", scenario(), concede(3)),
    Rejection(("phased_out",), "activates an ability of a phased-out permanent", ("702.26b",),
              "`activate_mana` of a phased-out Forest",
              scenario(perm("f", FOREST, phased_out="directly")), activate_mana("f")),
    Rejection(("phased_out",), "names a phased-out permanent for an effect (`put_into_graveyard`, `tap`, "
              "`deal_damage`, `attach`: the attachment or where it goes), which can't see it", ("702.26b",),
              "`tap` of a phased-out Forest", scenario(perm("f", FOREST, phased_out="directly")), tap("f")),
    Rejection(("phased_out",), "gives control of a phased-out permanent (`change_control`)", ("702.26e",),
              "`change_control` of a phased-out Llanowar Elves",
              scenario(perm("e", ELVES, phased_out="directly")), change_control("e", 1)),
    Rejection(("not_in_game",), "is by or for a player who left the game", ("800.4a",),
              "`change_control` to a player who conceded a three-player game",
              scenario(perm("e", ELVES), players=3), change_control("e", 2), (concede(2),)),
    Rejection(("not_controller",), "activates an ability of a permanent the player doesn't control",
              ("602.2",), "`activate_mana` of a Forest with `player` another seat",
              scenario(perm("f", FOREST)), activate_mana("f", player=1)),
    Rejection(("summoning_sick",), "uses a creature's {T} or {Q} ability, or declares it an attacker, "
              "when its controller hasn't controlled it continuously since their most recent turn began "
              "and it has no haste (702.10c)", ("302.6",), "`activate_mana` of a sick Llanowar Elves",
              scenario(perm("e", ELVES, sick=True)), activate_mana("e")),
    Rejection(("tapped",), "pays {T} with a tapped permanent", ("107.5",),
              "`activate_mana` of a tapped Forest", scenario(perm("f", FOREST, tapped=True)),
              activate_mana("f")),
    Rejection(("tapped",), "declares a tapped creature an attacker", ("508.1a",),
              "`attack` with a tapped Llanowar Elves",
              scenario(perm("e", ELVES, tapped=True), step="combat"), attack("e")),
    Rejection(("tapped", "summoning_sick"), "pays {T} with a tapped creature its controller hasn't "
              "controlled since their turn began (two of the situations above at once)", ("107.5", "302.6"),
              "`activate_mana` of a tapped, sick Llanowar Elves",
              scenario(perm("e", ELVES, tapped=True, sick=True)), activate_mana("e")),
    Rejection(("untapped",), "pays {Q} with an untapped permanent", ("107.6",),
              "`activate_mana` of an untapped Pili-Pala", scenario(perm("p", "Pili-Pala")),
              activate_mana("p", "G")),
    Rejection(("not_in_hand",), "casts a card that isn't in that player's hand", ("601.2a",),
              "`cast` of a Threaten the player doesn't hold",
              scenario(perm("e", ELVES, 1)), cast(0, "Threaten", targets=["e"])),
    Rejection(("not_in_hand",), "puts onto the battlefield a card that isn't in that player's hand",
              ("400.1",), "`put_onto_battlefield` of a Forest the player doesn't hold", scenario(),
              put_onto_battlefield(0, FOREST, "n")),
    Rejection(("timing",), "casts a sorcery-speed spell or activates a sorcery-speed ability outside its "
              "controller's main phase", ("307.1",), "`activate` Bonesplitter's equip in the upkeep",
              scenario(perm("b", "Bonesplitter"), perm("e", ELVES), step="upkeep"),
              activate("b", targets=["e"])),
    Rejection(("timing",), "declares attackers outside `combat`, or a second time", ("508.1",),
              "`attack` in the first main phase", scenario(perm("e", ELVES)), attack("e")),
    Rejection(("illegal_target",), "gives a spell or ability a target it can't have, or none", ("115.1",),
              "`cast` Threaten targeting a land",
              scenario(perm("f", FOREST), hands={0: ["Threaten"]}), cast(0, "Threaten", targets=["f"])),
    Rejection(("illegal_target",), "casts an Aura spell targeting what it can't enchant", ("303.4a",),
              "`cast` Pacifism targeting a land", scenario(perm("f", FOREST), hands={0: ["Pacifism"]}),
              cast(0, "Pacifism", "n", targets=["f"])),
    Rejection(("illegal_target", "no_such_object"), "targets a permanent that isn't on the battlefield, or "
              "a seat that doesn't exist", ("115.1", "400.1"),
              "`cast` Threaten targeting a creature put into the graveyard",
              scenario(perm("e", ELVES, 1), hands={0: ["Threaten"]}), cast(0, "Threaten", targets=["e"]),
              (to_graveyard("e"),)),
    Rejection(("illegal_target", "phased_out"), "targets a phased-out permanent", ("115.1", "702.26b"),
              "`activate` Icy Manipulator targeting a phased-out Forest",
              scenario(perm("i", "Icy Manipulator"), perm("f", FOREST, 1, phased_out="directly")),
              activate("i", targets=["f"])),
    Rejection(("illegal_target", "not_in_game"), "targets a player who left the game", ("115.1", "800.4a"),
              "`cast` Stream of Life targeting a player who conceded a three-player game",
              scenario(players=3, hands={0: ["Stream of Life"]}), cast(0, "Stream of Life", targets=[2]),
              (concede(2),)),
    Rejection(("illegal_attachment",), "puts an Aura onto the battlefield (not cast) attached to what it "
              "can't enchant, when something legal exists", ("303.4f",),
              "`put_onto_battlefield` Pacifism onto a land",
              scenario(perm("f", FOREST), perm("e", ELVES), hands={0: ["Pacifism"]}),
              put_onto_battlefield(0, "Pacifism", "n", attach_to="f")),
    Rejection(("illegal_attachment", "phased_out"), "puts an Aura onto the battlefield (not cast) attached "
              "to a phased-out permanent", ("303.4f", "702.26b"),
              "`put_onto_battlefield` Pacifism onto a phased-out creature",
              scenario(perm("o", ELVES, phased_out="directly"), perm("e", ELVES), hands={0: ["Pacifism"]}),
              put_onto_battlefield(0, "Pacifism", "n", attach_to="o")),
    Rejection(("illegal_choice",), "activates an ability the permanent doesn't have", ("602.1",),
              "`activate_mana` of a Forest with `ability` 1", scenario(perm("f", FOREST)),
              activate_mana("f", ability=1)),
    Rejection(("illegal_choice", "phased_out"), "activates an ability a phased-out permanent doesn't have",
              ("602.1", "702.26b"), "`activate` of a phased-out Forest (it has no non-mana ability)",
              scenario(perm("f", FOREST, phased_out="directly")), activate("f")),
    Rejection(("illegal_choice",), "chooses a `color` its ability lets the controller choose but can't "
              "produce", ("106.7",), "`activate_mana` of Reflecting Pool for {U} beside only a Forest",
              scenario(perm("r", "Reflecting Pool"), perm("f", FOREST)), activate_mana("r", "U")),
    Rejection(("illegal_choice",), "chooses a `color` its ability doesn't list (\"Add {W} or {U}\")",
              ("106.1",), "`activate_mana` of Adarkar Wastes' second ability for {G}",
              scenario(perm("a", "Adarkar Wastes")), activate_mana("a", "G", ability=1)),
    Rejection(("illegal_choice",), "pays life while the player's life total can't change", ("119.7",),
              "`activate_mana` of Mana Confluence after Teferi's Protection",
              scenario(hands={0: ["Teferi's Protection", "Mana Confluence"]}), activate_mana("m", "W"),
              (cast(0, "Teferi's Protection"), put_onto_battlefield(0, "Mana Confluence", "m"))),
    Rejection(("illegal_choice",), "chooses X for a card or ability without {X}", ("107.3a",),
              "`cast` Llanowar Elves with `x` 2", scenario(hands={0: [ELVES]}), cast(0, ELVES, "n", x=2)),
    Rejection(("illegal_choice",), "casts a land", ("305.9",), "`cast` of a Forest",
              scenario(hands={0: [FOREST]}), cast(0, FOREST, "n")),
    Rejection(("illegal_choice",), "puts a non-permanent card onto the battlefield", ("110.1",),
              "`put_onto_battlefield` of Threaten", scenario(hands={0: ["Threaten"]}),
              put_onto_battlefield(0, "Threaten", "n")),
    Rejection(("illegal_choice",), "gives a new object a missing `id` or one in use", ("400.7",),
              "`cast` Llanowar Elves with the `id` of a Forest on the battlefield",
              scenario(perm("f", FOREST), hands={0: [ELVES]}), cast(0, ELVES, "f")),
    Rejection(("illegal_choice",), "chooses no colour for a card that chooses one as it enters",
              ("614.12",), "`cast` Voice of All without `color`", scenario(hands={0: ["Voice of All"]}),
              cast(0, "Voice of All", "n")),
    Rejection(("illegal_choice",), "attaches (`attach`) a permanent that is neither an Aura nor Equipment",
              ("701.3a",), "`attach` of a Forest to a creature", scenario(perm("e", ELVES), perm("f", FOREST)),
              attach("f", "e")),
    Rejection(("illegal_choice",), "declares a non-creature an attacker", ("508.1a",),
              "`attack` with a Forest", scenario(perm("f", FOREST), step="combat"), attack("f")),
    Rejection(("illegal_choice",), "declares an attacker that can't attack", ("508.1c",),
              "`attack` with a creature enchanted by Pacifism",
              scenario(perm("e", ELVES), perm("pa", "Pacifism", 1, attached_to="e"), step="combat"),
              attack("e")),
    Rejection(("illegal_choice",), "names for a cost a creature that can't be tapped for it (`tap`)",
              ("106.12",), "`activate_mana` of Springleaf Drum tapping a tapped Llanowar Elves",
              scenario(perm("d", "Springleaf Drum"), perm("e", ELVES, tapped=True)),
              activate_mana("d", "G", tap="e")),
    Rejection(("illegal_choice", "phased_out"), "names for a cost a phased-out creature (`tap`)",
              ("106.12", "702.26b"), "`activate_mana` of Springleaf Drum tapping a phased-out Llanowar Elves",
              scenario(perm("d", "Springleaf Drum"), perm("e", ELVES, phased_out="directly")),
              activate_mana("d", "G", tap="e")),
    Rejection(("illegal_choice",), "removes for a cost a counter that isn't there", ("601.2h",),
              "`activate` Walking Ballista's second ability with no +1/+1 counter on it",
              scenario(perm("w", "Walking Ballista"), perm("h", "Holy Strength", attached_to="w")),
              activate("w", 1, targets=[1])),
    Rejection(("illegal_choice",), "advances to a draw step that never comes", ("500.11",),
              "`advance` to `draw` when every player skips their draw step (Psychic Possession)",
              scenario(_possessed(0, 1), _possessed(1, 0)), advance("draw")),
    Rejection(("game_over",), "comes after the game ended: no other class applies", ("104.2a",),
              "any action after a player lost a two-player game", scenario(perm("f", FOREST)),
              activate_mana("f"), (concede(1),)),
)
