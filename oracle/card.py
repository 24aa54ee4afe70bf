"""The shape of a catalog entry: a card's Oracle behaviour as data (costs, mana abilities, activated and
triggered abilities, statics), each name drawn from the registered vocabulary (oracle/registry.py)."""
from __future__ import annotations

from attrs import frozen


@frozen(cache_hash=True)            # hashed often (sets of abilities, oracle/land_types.py)
class Cost:
    """An activation cost. Mana parts are supplied by the harness (docs/contract.md); others are real."""

    tap: bool = False                 # {T}, CR 107.5
    untap: bool = False               # {Q}, CR 107.6
    sacrifice_self: bool = False
    tap_untapped_creature: bool = False   # Springleaf Drum
    remove_counter: bool = False      # remove a +1/+1 counter from it (Walking Ballista)
    mana: str = ""                    # shown only; paid by the harness
    # issue 12 (costs and X):
    x: bool = False                   # {X} in the cost: the activation's own X, CR 107.3k
    # issue 12: counters of this kind removed from it (CR 122.1): one, or the action's `x` if counters_x
    counter_kind: str = ""            # "storage" | "depletion"
    counters_x: bool = False          # "remove any number": as many as the action's `x` (107.3a)
    life: int = 0                     # issue 12: pay this much life (CR 119.4; Mana Confluence)


@frozen(cache_hash=True)
class ManaAbility:
    """An activated mana ability (CR 605.1a) adding one mana, or `amount` of a fixed type.

    `produces`: "fixed" (`amount` of each of `types`, in one event: a Signet's {W}{U}), "any_color", "could_produce" (what `scope` lands could produce,
    CR 106.7; `colors_only` drops colorless) or "permanent_color" (a colour of a permanent you control).
    `produces`: "fixed" (types[0]), "any_color", "could_produce" (what `scope` lands could produce,
    CR 106.7; `colors_only` drops colorless) or "permanent_color" (a colour of a permanent you control);
    issue 12: "one_of" (one of `types`, the harness's choice, CR 106.1).
    """

    cost: Cost
    produces: str
    types: tuple = ()
    amount: int = 1
    scope: str = ""                   # "your_lands" | "opponents_lands"
    colors_only: bool = False
    # issue 12: "for each": the registered scope whose permanents multiply `amount` (CR 107.1)
    per: str = ""
    then: str = ""                    # issue 12: an effect after the mana is added (depletion lands)
    # issue 12: drawbacks and counters (drawbacks)
    drawback: str = ""                # an effect after the mana, part of the ability (605.3b)
    drawback_amount: int = 0          # the damage it deals or the life it gives
    amount_if_counter: int = 0        # this much instead while it has a +1/+1 counter (Incubation Druid)


@frozen
class Activated:
    """A non-mana activated ability: `effect` names what it does; `target` what it may target."""

    cost: Cost
    effect: str
    target: str = ""                  # "" | "creature" | "any" | "creature_you_control"
    sorcery_speed: bool = False


@frozen
class Triggered:
    """A triggered ability: `event` it waits for and `effect` it has; `mana` marks a mana ability (605.1b)."""

    event: str
    effect: str
    optional: bool = False
    mana: bool = False
    target: str = ""
    amount: int = 0                   # issue 12: the damage or life its effect deals or gives (City of Brass)


@frozen
class Card:
    name: str
    types: frozenset
    colors: frozenset = frozenset()
    subtypes: frozenset = frozenset()
    basic: bool = False
    power: int = 0
    toughness: int = 0
    x_cost: bool = False              # {X} in its mana cost (CR 107.3)
    enters_with: str = ""             # counters it enters with: "x_p1p1" or "time3" (vanishing 3)
    enchant: str = ""                 # "creature" | "land" | "player" | "opponent" | "enchantment"
    equipment: bool = False
    chooses_color: bool = False       # "as ~ enters, choose a colour"
    mana_abilities: tuple = ()
    activated: tuple = ()
    triggered: tuple = ()
    statics: frozenset = frozenset()  # names of static abilities and keywords
    spell_effect: str = ""            # what an instant or sorcery does as it resolves
    spell_target: str = ""
    supertypes: frozenset = frozenset()   # issue 12: "snow", "legendary" (CR 205.4), shown only: no
                                          # modelled rule reads them (basic is `basic`)
    # issue 12 (auras): a power/toughness static's numbers and colour, read with its scope static
    boost: tuple = ()                 # (+power, +toughness) its "gets +N/+N" static gives (613.4c)
    boost_color: str = ""             # the colour of the creatures a colour anthem names (Crusade: "W")

    @property
    def is_permanent_card(self) -> bool:
        return not self.types & {"instant", "sorcery"}


def make(name, types, colors="", subtypes=(), **kw) -> Card:
    """A card from its name, space-separated types, colour letters and subtypes."""
    return Card(name=name, types=frozenset(types.split()), colors=frozenset(colors),
                subtypes=frozenset(subtypes), **kw)


TAP = Cost(tap=True)
