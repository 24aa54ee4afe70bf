"""Oracle examples: land types and the effects that change them (CR 305.6, 305.7, 613.1d, 613.1f,
613.7, 613.8, 106.7, 702.26b).

Each test names the CR rule or ruling (docs/rules.md, "Rulings we rely on") it encodes. What a land
makes is read through the contract only: each mana ability index activated on a fresh game, asked
for each type, and the mana that lands in the pool.
"""
from __future__ import annotations

from mtg_conformance.oracle.vocabulary import MANA_TYPES
from scenarios import Game, activate, activate_mana, perm, phase_out, play, pool, put_onto_battlefield, scenario


def made(doc: dict, pid: str) -> list[set]:
    """For each of `pid`'s mana abilities, in index order, the types it can add: every index and
    type tried on a fresh game; the list ends at the first index the oracle has no ability for."""
    found = []
    for index in range(8):
        added, exists = set(), False
        for mana_type in MANA_TYPES:
            obs = Game(doc).act(activate_mana(pid, mana_type, ability=index))
            exists = exists or obs["rejected"] is None
            seat = obs["permanents"][pid]["controller"]
            added |= set(pool(obs, seat))
        if not exists:
            return found
        found.append(added)
    return found


# --- CR 305.6: a basic land type gives its mana ability --------------------------------------------

def test_dual_land_taps_for_each_of_its_types():
    """CR 305.6: Tundra has no rules text; being a Plains Island it has "{T}: Add {W}" and "{T}: Add
    {U}", and nothing else."""
    assert made(scenario(perm("t", "Tundra")), "t") == [{"W"}, {"U"}]


def test_every_dual_land_makes_its_two_colours():
    """CR 305.6: the ten original dual lands each make exactly the colours of their two types."""
    duals = {"Underground Sea": "UB", "Badlands": "BR", "Taiga": "RG", "Savannah": "WG",
             "Scrubland": "WB", "Volcanic Island": "UR", "Bayou": "BG", "Plateau": "WR",
             "Tropical Island": "UG"}
    for name, colours in duals.items():
        assert set().union(*made(scenario(perm("d", name)), "d")) == set(colours), name


def test_snow_covered_basic_taps_for_its_type():
    """CR 305.6: Snow-Covered Swamp, a basic Swamp, has "{T}: Add {B}"."""
    assert made(scenario(perm("s", "Snow-Covered Swamp")), "s") == [{"B"}]


# --- CR 305.7: setting a land's type --------------------------------------------------------------

def test_blood_moon_makes_a_dual_a_mountain():
    """CR 305.7 (Blood Moon: nonbasic lands are Mountains): Tundra loses Plains and Island and their
    abilities; it taps only for {R}."""
    assert made(scenario(perm("bm", "Blood Moon", 1), perm("t", "Tundra")), "t") == [{"R"}]


def test_blood_moon_leaves_basic_lands_alone():
    """CR 305.7: Blood Moon names nonbasic lands; a Snow-Covered Island is basic and still taps for {U}."""
    assert made(scenario(perm("bm", "Blood Moon"), perm("i", "Snow-Covered Island")), "i") == [{"U"}]


def test_blood_moon_takes_mutavaults_abilities():
    """CR 305.7: a Mutavault that is a Mountain loses the abilities of its rules text: it taps for
    {R}, not {C}, and can no longer become a creature."""
    doc = scenario(perm("bm", "Blood Moon"), perm("m", "Mutavault"))
    assert made(doc, "m") == [{"R"}]
    Game(doc).assert_rejected({"type": "activate", "permanent": "m", "ability": 0, "targets": []},
                              "illegal_choice")


def test_magus_of_the_moon_keeps_dryad_arbor_a_creature():
    """CR 305.7: Magus of the Moon makes Dryad Arbor (a nonbasic Forest creature) a Mountain: it taps
    for {R} only, and stays a 1/1 creature (only its land types change)."""
    doc = scenario(perm("mg", "Magus of the Moon", 1), perm("d", "Dryad Arbor"))
    assert made(doc, "d") == [{"R"}]
    arbor = Game(doc).observe()["permanents"]["d"]
    assert (arbor["power"], arbor["toughness"]) == (1, 1)


def test_reflecting_pool_under_blood_moon_is_a_mountain():
    """CR 305.7, 106.7: Reflecting Pool as a Mountain has lost its own ability: it taps for {R} only."""
    doc = scenario(perm("bm", "Blood Moon"), perm("p", "Reflecting Pool"), perm("f", "Forest"))
    assert made(doc, "p") == [{"R"}]


def test_aura_sets_a_basic_lands_type():
    """CR 305.7 (Sea's Claim: enchanted land is an Island): an enchanted Forest, basic or not, is an
    Island and taps for {U} only."""
    doc = scenario(perm("f", "Forest"), perm("c", "Sea's Claim", 1, attached_to="f"))
    assert made(doc, "f") == [{"U"}]


def test_evil_presence_on_a_dual():
    """CR 305.7 (Evil Presence: enchanted land is a Swamp): Taiga taps for {B} only."""
    doc = scenario(perm("t", "Taiga"), perm("e", "Evil Presence", attached_to="t"))
    assert made(doc, "t") == [{"B"}]


def test_harbinger_of_the_seas_makes_nonbasic_lands_islands():
    """CR 305.7 (Harbinger of the Seas: nonbasic lands are Islands): Badlands taps for {U} only."""
    doc = scenario(perm("h", "Harbinger of the Seas", 1), perm("b", "Badlands"))
    assert made(doc, "b") == [{"U"}]


def test_spreading_seas_draws_a_card_as_it_enters():
    """Spreading Seas' text: when it enters, its controller draws a card; the enchanted land is an
    Island (305.7)."""
    game = play(perm("t", "Volcanic Island"), hands={0: ["Spreading Seas"]})
    obs = game.run(put_onto_battlefield(0, "Spreading Seas", "s", attach_to={"permanent": "t"}))
    assert obs["players"][0]["hand"] == 1                # the Seas left the hand, a card was drawn
    assert obs["players"][0]["library"] == 4
    doc = scenario(perm("t", "Volcanic Island"), perm("s", "Spreading Seas", attached_to="t"))
    assert made(doc, "t") == [{"U"}]


def test_an_auras_type_ends_when_it_phases_out():
    """CR 702.26b: a phased-out Evil Presence is treated as though it doesn't exist, so Tundra is a
    Plains Island again and taps for {W} or {U}."""
    game = play(perm("t", "Tundra"), perm("e", "Evil Presence", attached_to="t"))
    game.run(phase_out("e"))
    assert game.act(activate_mana("t", ability=1))["rejected"] is None
    assert pool(game.observe()) == {"U": 1}


# --- CR 613.1d, 613.7, 613.8: adding types, timestamps and dependency --------------------------------

def test_urborg_makes_every_land_a_swamp_too():
    """CR 613.1d (Urborg: each land is a Swamp in addition): a Forest taps for {G} or {B}, an
    opponent's Tundra for {W}, {U} or {B}, and Urborg itself for {B}."""
    doc = scenario(perm("u", "Urborg, Tomb of Yawgmoth"), perm("f", "Forest"), perm("t", "Tundra", 1))
    assert made(doc, "f") == [{"G"}, {"B"}]
    assert made(doc, "t") == [{"W"}, {"U"}, {"B"}]
    assert made(doc, "u") == [{"B"}]


def test_blood_moon_and_urborg_whatever_the_timestamps():
    """CR 613.8, 305.7: Blood Moon removes Urborg's ability, so Urborg's
    effect depends on it and doesn't apply, older or newer: Urborg is a Mountain, a basic Forest
    is not a Swamp."""
    for order in ((perm("bm", "Blood Moon"), perm("u", "Urborg, Tomb of Yawgmoth")),
                  (perm("u", "Urborg, Tomb of Yawgmoth"), perm("bm", "Blood Moon"))):
        doc = scenario(*order, perm("f", "Forest"), perm("t", "Tundra"))
        assert made(doc, "u") == [{"R"}]
        assert made(doc, "f") == [{"G"}]
        assert made(doc, "t") == [{"R"}]


def test_spreading_seas_on_urborg_ends_its_effect():
    """CR 613.8, 305.7: Spreading Seas on Urborg makes it an Island without abilities: Urborg taps
    for {U}, and other lands aren't Swamps."""
    doc = scenario(perm("u", "Urborg, Tomb of Yawgmoth"), perm("f", "Forest"),
                   perm("s", "Spreading Seas", 1, attached_to="u"))
    assert made(doc, "u") == [{"U"}]
    assert made(doc, "f") == [{"G"}]


def test_blanket_of_night_and_blood_moon_by_timestamp():
    """CR 613.7: Blanket of Night (an enchantment, not a land) doesn't depend on Blood Moon: the
    newer effect applies last. Blood Moon newer: Tundra is a Mountain only; Blanket newer: a
    Mountain Swamp (its abilities in WUBRG order). A basic Forest is a Swamp too either way."""
    older_moon = scenario(perm("bm", "Blood Moon"), perm("b", "Blanket of Night"), perm("t", "Tundra"),
                          perm("f", "Forest"))
    newer_moon = scenario(perm("b", "Blanket of Night"), perm("bm", "Blood Moon"), perm("t", "Tundra"),
                          perm("f", "Forest"))
    assert made(older_moon, "t") == [{"B"}, {"R"}]
    assert made(newer_moon, "t") == [{"R"}]
    assert made(older_moon, "f") == made(newer_moon, "f") == [{"G"}, {"B"}]


def test_prismatic_omen_and_blood_moon_by_timestamp():
    """CR 613.7 (Prismatic Omen: lands you control are every basic land type in addition): with
    Blood Moon older, a Mutavault is a Mountain that is every basic type, tapping for any colour
    but not {C} (305.7 took its text); with Blood Moon newer, it is a Mountain only."""
    older_moon = scenario(perm("bm", "Blood Moon"), perm("o", "Prismatic Omen"), perm("m", "Mutavault"))
    newer_moon = scenario(perm("o", "Prismatic Omen"), perm("bm", "Blood Moon"), perm("m", "Mutavault"))
    assert made(older_moon, "m") == [{"W"}, {"U"}, {"B"}, {"R"}, {"G"}]
    assert made(newer_moon, "m") == [{"R"}]


def test_prismatic_omen_only_for_its_controllers_lands():
    """CR 613.1d: Prismatic Omen's "lands you control": an opponent's Wastes stays colourless."""
    doc = scenario(perm("o", "Prismatic Omen"), perm("w", "Wastes", 1), perm("f", "Forest"))
    assert made(doc, "w") == [{"C"}]
    assert made(doc, "f") == [{"G"}, {"W"}, {"U"}, {"B"}, {"R"}]


def test_spreading_seas_and_yavimaya_by_timestamp():
    """CR 613.7: Yavimaya's effect doesn't depend on a Spreading Seas on another land: a Plateau
    enchanted after Yavimaya entered is an Island only; one enchanted before is an Island Forest."""
    seas_newer = scenario(perm("y", "Yavimaya, Cradle of Growth"), perm("p", "Plateau"),
                          perm("s", "Spreading Seas", attached_to="p"))
    seas_older = scenario(perm("p", "Plateau"), perm("s", "Spreading Seas", attached_to="p"),
                          perm("y", "Yavimaya, Cradle of Growth"))
    assert made(seas_newer, "p") == [{"U"}]
    assert made(seas_older, "p") == [{"U"}, {"G"}]


# --- CR 613.1f: granted mana abilities --------------------------------------------------------------

def test_chromatic_lantern_survives_blood_moon():
    """CR 613.1f after 613.1d (layer 6 after layer 4): under Blood Moon, Chromatic Lantern's
    controller's Savannah is a Mountain that also has "{T}: Add one mana of any colour"; an
    opponent's Savannah taps for {R} only; the Lantern taps for any colour itself."""
    doc = scenario(perm("bm", "Blood Moon"), perm("cl", "Chromatic Lantern"), perm("s", "Savannah"),
                   perm("o", "Savannah", 1))
    assert made(doc, "s") == [{"R"}, set("WUBRG")]
    assert made(doc, "o") == [{"R"}]
    assert made(doc, "cl") == [set("WUBRG")]


def test_joiner_adept_gives_wastes_any_colour():
    """CR 613.1f (Joiner Adept): Wastes keeps "{T}: Add {C}" and gains "{T}: Add one mana of any colour"."""
    doc = scenario(perm("j", "Joiner Adept"), perm("w", "Wastes"))
    assert made(doc, "w") == [{"C"}, set("WUBRG")]


def test_abundant_growth_grants_only_the_enchanted_land():
    """CR 613.1f (Abundant Growth: enchanted land has "{T}: Add one mana of any colour"): the
    enchanted Mutavault gains it; another Mutavault doesn't."""
    doc = scenario(perm("m", "Mutavault"), perm("n", "Mutavault"), perm("a", "Abundant Growth", attached_to="m"))
    assert made(doc, "m") == [{"C"}, set("WUBRG")]
    assert made(doc, "n") == [{"C"}]


# --- CR 106.7: "could produce" sees the changed types ------------------------------------------------

def test_reflecting_pool_sees_a_duals_types():
    """CR 106.7, 305.6: Reflecting Pool beside a Tropical Island could produce {G} or {U}."""
    doc = scenario(perm("p", "Reflecting Pool"), perm("t", "Tropical Island"))
    assert made(doc, "p") == [{"G", "U"}]


def test_reflecting_pool_beside_lands_under_blood_moon():
    """CR 106.7, 305.7: under Blood Moon the Pool's other lands are Mountains; the Pool itself is one
    too, so it has lost its "could produce" ability and taps for {R} only."""
    doc = scenario(perm("bm", "Blood Moon"), perm("p", "Reflecting Pool"), perm("t", "Tundra"))
    assert made(doc, "p") == [{"R"}]


def test_exotic_orchard_reads_an_opponents_dual_under_urborg():
    """CR 106.7 (R-orchard), 613.1d: with Urborg out, an opponent's Tundra could produce {W}, {U} or
    {B}; Exotic Orchard (also a Swamp) may add any of them, or {B} from its own type."""
    doc = scenario(perm("u", "Urborg, Tomb of Yawgmoth", 1), perm("ex", "Exotic Orchard"),
                   perm("t", "Tundra", 1))
    assert made(doc, "ex") == [{"W", "U", "B"}, {"B"}]


def test_lush_growth_sets_three_types():
    """CR 305.7 (Lush Growth: enchanted land is a Mountain, Forest and Plains): an enchanted Island
    taps for {W}, {R} or {G}, no longer {U}."""
    doc = scenario(perm("i", "Island"), perm("l", "Lush Growth", attached_to="i"))
    assert made(doc, "i") == [{"W"}, {"R"}, {"G"}]


def test_dryad_of_the_ilysian_grove_makes_your_lands_every_type():
    """CR 613.1d (Dryad of the Ilysian Grove: lands you control are every basic land type in
    addition): your Bayou taps for any colour; an opponent's Bayou for {B} or {G} only."""
    doc = scenario(perm("d", "Dryad of the Ilysian Grove"), perm("b", "Bayou"), perm("o", "Bayou", 1))
    assert set().union(*made(doc, "b")) == set("WUBRG")
    assert made(doc, "o") == [{"B"}, {"G"}]


def test_harbinger_and_blood_moon_the_newer_sets_the_type():
    """CR 613.7, 305.7: two effects setting nonbasic lands' type apply in timestamp order, so the
    newer one decides: Harbinger of the Seas newer makes Badlands an Island, Blood Moon newer a
    Mountain; a Snow-Covered Mountain, basic, is a Mountain either way."""
    harbinger_newer = scenario(perm("bm", "Blood Moon"), perm("h", "Harbinger of the Seas"),
                               perm("b", "Badlands"), perm("s", "Snow-Covered Mountain"))
    moon_newer = scenario(perm("h", "Harbinger of the Seas"), perm("bm", "Blood Moon"),
                          perm("b", "Badlands"), perm("s", "Snow-Covered Mountain"))
    assert made(harbinger_newer, "b") == [{"U"}]
    assert made(moon_newer, "b") == [{"R"}]
    assert made(harbinger_newer, "s") == made(moon_newer, "s") == [{"R"}]


def test_vedalken_shackles_counts_an_enchanted_forest_as_an_island():
    """CR 305.7 read by a card counting land types (Vedalken Shackles: power at most the number of
    Islands you control): a Forest under Sea's Claim is an Island, so a 1/1 may be taken; without
    it, no Island, no legal target."""
    claimed = play(perm("vs", "Vedalken Shackles"), perm("f", "Forest"), perm("c", "Sea's Claim", attached_to="f"),
                   perm("e", "Llanowar Elves", 1))
    assert claimed.run(activate("vs", targets=["e"]))["permanents"]["e"]["controller"] == 0
    plain = play(perm("vs", "Vedalken Shackles"), perm("f", "Forest"), perm("e", "Llanowar Elves", 1))
    plain.assert_rejected(activate("vs", targets=["e"]), "illegal_target")
