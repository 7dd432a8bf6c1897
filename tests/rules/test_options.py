"""Every house-rule option of rules.md: its name, kind, default and choices."""

import pytest

from scoring.rules import VARIANTS, find_variant
from scoring.rules.errors import BadOptionValue, UnknownOption, UnsupportedPlayers
from scoring.rules.score_values import ScoreValues
from scoring.rules.variants.mighty import DealMissValues, TrumpChangeCost

PASS_FINAL = ("pass_is_final", "bool", False, None)
SAME_TWO = ("same_two", "bool", True, None)
SIBERIAN = ("siberian", "bool", True, None)
YOROMEKI = ("off", "HQ", "HA", "HA_after")

TAIWAN = [
    ("bid_style", "choice", "suit", ("suit", "number")),
    PASS_FINAL,
    ("blind_shown", "bool", False, None),
    ("discards_shown", "bool", {4: True, 5: False, 6: False}, None),
    ("secretary_order", "choice", "any_time", ("any_time", "napoleon_lead_only", "off")),
    ("joker_summon", "choice", "lead_first_three", ("lead_first_three", "any_play", "off")),
    ("summoned_joker_loses", "bool", False, None),
    ("first_lead", "choice", "napoleon_left", ("napoleon_left", "napoleon")),
    ("score_table", "choice", "taiwan", ("taiwan", "hongkong")),
    ("four_player_table", "choice", "seed", ("seed", "balanced")),
    # rules-house.md §8.10.1
    ("discards_to", "choice", "defenders", ("defenders", "napoleon", "target")),
    ("no_trump_bid", "choice", "highest", ("highest", "off")),
]
HONGKONG = [
    *TAIWAN[:7],
    ("first_lead", "choice", "napoleon", ("napoleon_left", "napoleon")),
    ("score_table", "choice", "hongkong", ("taiwan", "hongkong")),
    *TAIWAN[-3:],
]
# The options both Japanese games take, with the
# defaults of the Japanese game; the chip game's own defaults are set below.
JAPANESE_SHARED = [
    ("yoromeki_loses_to_jacks", "bool", False, None),
    ("dq_beats_trump_jack", "bool", False, None),
    ("hunting_jack", "bool", False, None),
    (
        "same_two_rank",
        "choice",
        "below_jacks",
        ("below_jacks", "below_trump_jack", "below_almighty", "top"),
    ),
    ("same_two_in_trump", "bool", True, None),
    ("plain_jack_lowest", "bool", False, None),
    ("plain_tricks", "choice", "none", ("none", "first", "last", "first_and_last")),
    ("plain_trick_specials", "choice", "none", ("none", "almighty", "almighty_and_jacks")),
    ("almighty_call", "bool", False, None),
    ("all_twenty", "choice", "table", ("table", "made", "fails", "bonus")),
    ("discards_to", "choice", "opponents", ("opponents", "napoleon")),
]
JAPANESE = [
    ("bid_suit_order", "choice", "SHDC", ("SHDC", "DSHC", "SHCD")),
    PASS_FINAL,
    ("min_bid", "int", 11, (1, 20)),
    ("no_trump_bid", "choice", "off", ("off", "highest", "lowest")),
    ("almighty_is_trump", "bool", False, None),
    ("ura_jack_is_trump", "bool", False, None),
    SAME_TWO,
    ("same_two_first_trick", "bool", False, None),
    ("same_two_with_joker", "bool", False, None),
    ("yoromeki", "choice", "off", YOROMEKI),
    ("first_trick_specials_plain", "bool", False, None),
    ("score_table", "choice", "wins", ("wins", "chips")),
    SIBERIAN,
    *JAPANESE_SHARED,
    # Japanese Napoleon only (not the chip game)
    ("auction_order", "choice", "in_turn", ("in_turn", "free")),
    (
        "all_pass",
        "choice",
        "redeal",
        ("redeal", "widow_shown", "previous_napoleon", "previous_adjutant", "starter_12S"),
    ),
    ("same_two_led_joker", "bool", False, None),
    (
        "led_joker_rank",
        "choice",
        "below_almighty",
        ("below_almighty", "top", "below_trump_jack", "below_jacks", "lowest_trump", "never_wins"),
    ),
    ("first_trick_plain", "choice", "none", ("none", "all", "jacks")),
    ("joker_call", "choice", "off", ("off", "S3_led", "C3_led", "S3_played")),
    ("joker_any_time", "bool", True, None),
    ("ura_jack_any_time", "bool", False, None),
    ("joker_lead_picture_request", "bool", False, None),
    (
        "first_trick_restriction",
        "choice",
        "no_joker_lead",
        ("no_joker_lead", "none", "no_joker", "no_joker_no_trump"),
    ),
]
CHIP = [
    SAME_TWO,
    ("yoromeki", "choice", "HQ", YOROMEKI),
    SIBERIAN,
    *[row for row in JAPANESE_SHARED if row[0] != "plain_tricks"],
    # The chip game: trick 1 is plain unless a table says otherwise.
    ("plain_tricks", "choice", "first", ("none", "first", "last", "first_and_last")),
]
THAI = [
    ("min_bid", "int", 1, (1, 9)),
    ("auction_order", "choice", "in_turn", ("in_turn", "free")),
    ("first_two_beats_specials", "bool", False, None),
    ("tie", "choice", "draw", ("draw", "napoleon_loses")),
    ("betrayal_friend", "choice", "wins", ("wins", "loses")),
]
MIGHTY = [
    ("all_pass", "choice", "second_round", ("second_round", "min_12", "redeal")),
    ("min_bid", "int", 13, (10, 20)),
    ("trump_change_cost", "object", TrumpChangeCost(2, 1), None),
    ("first_trick_friend", "bool", False, None),
    ("joker_powerless_first_last", "bool", False, None),
    ("formula", "choice", "seed", ("seed", "pagat", "pagat_p10", "pagat_pm", "pagat_pm1")),
    # The Mighty's house rules
    ("ripper_without_call", "choice", "joker_powerless", ("joker_powerless", "joker_keeps_power")),
    ("called_joker_has_power", "bool", False, None),
    ("joker_call_last_trick", "bool", True, None),
    ("ripper_first_trick", "choice", "no_lead", ("no_lead", "lead_no_call", "lead_and_call")),
    ("mighty_defense", "bool", False, None),
    ("first_trick_trumps", "choice", "no_lead", ("no_lead", "none", "free")),
    ("alone_doubles", "bool", True, None),
    ("no_trump_doubles", "choice", "always", ("always", "made_only")),
    (
        "back_run",
        "choice",
        "opponents_11",
        ("opponents_11", "opponents_10", "opponents_reach_bid", "off"),
    ),
    ("bid_20_doubles", "bool", False, None),
    ("discards_to", "choice", "declarer", ("declarer", "opponents")),
    ("deal_miss", "choice", "off", ("off", "on")),
    ("deal_miss_values", "object", DealMissValues(2, 1, 0, -2, 1), None),
    # rules-house.md §8.10.3
    ("mighty_powerless", "choice", "none", ("none", "first", "last", "first_and_last")),
    ("alone_doubles_failed", "bool", True, None),
    ("bid_20_doubles_failed", "bool", False, None),
    ("failed_pays_back", "bool", False, None),
    ("made_at_least_one", "bool", False, None),
]
NAP = [
    ("stripped_deck", "bool", False, None),
    ("misere_no_trump", "bool", True, None),
    ("nap_scoring", "choice", "points", ("points", "stakes")),
    # Nap's house rules
    ("payout", "choice", "flat", ("flat", "classic")),
    ("all_pass", "choice", "redeal", ("redeal", "dealer_bids_one")),
    ("sir_garnet", "bool", False, None),
    ("joker", "bool", False, None),
]
# Every variant takes a table's own score numbers.
SCORE_VALUES = ("score_values", "object", ScoreValues(), None)
EXPECTED = {
    code: [*rows, SCORE_VALUES]
    for code, rows in {
        "taiwan": TAIWAN,
        "hongkong": HONGKONG,
        "japanese": JAPANESE,
        "japanese-chip": CHIP,
        "thai": THAI,
        "mighty": MIGHTY,
        "nap": NAP,
    }.items()
}
ROWS = [(code, *row) for code, rows in EXPECTED.items() for row in rows]


@pytest.mark.parametrize("code", EXPECTED)
def test_it_lists_exactly_the_options_of_rules_md(code):
    names = [spec.name for spec in find_variant(code).Rules.api_specs()]
    assert sorted(names) == sorted(row[0] for row in EXPECTED[code])


# Options only a scorekeeping table keeps (rules-house.md leaves them to the app), by game.
TABLE_ONLY = {"mighty": ["deal_miss_penalty", "deal_miss_points"]}


@pytest.mark.parametrize("code", EXPECTED)
def test_it_keeps_a_tables_own_options_apart_from_the_apis(code):
    specs = find_variant(code).Rules.specs()
    assert [spec.name for spec in specs if spec.table_only] == TABLE_ONLY.get(code, [])


@pytest.mark.parametrize(
    ("code", "name", "kind", "default", "choices"), ROWS, ids=[f"{r[0]}-{r[1]}" for r in ROWS]
)
def test_it_declares_each_option(code, name, kind, default, choices):
    variant = find_variant(code)
    spec = variant.Rules.spec(name)
    assert spec.kind == kind
    assert spec.default == default
    if choices is not None:
        assert tuple(spec.choices) == choices
    assert len(spec.description) > 20
    for players in variant.players:
        expected = default[players] if isinstance(default, dict) else default
        assert getattr(variant.rules(None, players), name) == expected


@pytest.mark.parametrize(
    ("code", "name", "kind", "default", "choices"), ROWS, ids=[f"{r[0]}-{r[1]}" for r in ROWS]
)
def test_it_refuses_a_value_outside_the_choices(code, name, kind, default, choices):
    variant = find_variant(code)
    bad = {"bool": "yes", "int": 99, "choice": "nonsense", "object": [1, 2]}[kind]
    with pytest.raises(BadOptionValue) as caught:
        variant.rules({name: bad}, variant.players[0])
    assert caught.value.field.startswith(f"options.{name}")
    assert str(bad) in caught.value.message or kind in ("bool", "int", "object")


@pytest.mark.parametrize(
    ("value", "ok"),
    [(True, True), (False, True), (1, False), (0, False), ("true", False), (None, False)],
)
def test_it_takes_only_json_booleans_for_flags(value, ok):
    variant = find_variant("japanese")
    if ok:
        assert variant.rules({"same_two": value}, 5).same_two is value
    else:
        with pytest.raises(BadOptionValue):
            variant.rules({"same_two": value}, 5)


@pytest.mark.parametrize(
    ("value", "ok"),
    [(13, True), (12.0, False), (True, False), ("13", False), (9, False), (21, False)],
)
def test_it_takes_only_json_integers_within_bounds(value, ok):
    variant = find_variant("mighty")
    if ok:
        assert variant.rules({"min_bid": value}, 5).min_bid == value
    else:
        with pytest.raises(BadOptionValue):
            variant.rules({"min_bid": value}, 5)


def test_it_reads_choices_in_any_case_and_keeps_the_canonical_spelling():
    assert find_variant("japanese").rules({"yoromeki": "hq"}, 5).yoromeki == "HQ"


def test_it_names_the_variant_an_option_belongs_to():
    with pytest.raises(UnknownOption) as caught:
        find_variant("taiwan").rules({"yoromeki": "HQ"}, 5)
    assert caught.value.field == "options.yoromeki"
    assert "Japanese" in caught.value.message


@pytest.mark.parametrize(
    "code, name, owner",
    [
        ("nap", "pass_is_final", "Taiwan Napoleon"),  # also Hong Kong's and Japanese's
        ("nap", "min_bid", "Japanese Napoleon"),  # also Thai's and the Mighty's
        ("nap", "discards_to", "Taiwan Napoleon"),  # also Hong Kong's, Japanese and the Mighty's
        ("japanese", "bid_style", "Taiwan Napoleon"),  # also Hong Kong's
        ("taiwan", "auction_order", "Japanese Napoleon"),  # also Thai's
    ],
)
def test_it_names_the_first_variant_of_the_list_an_option_belongs_to(code, name, owner):
    with pytest.raises(UnknownOption) as caught:
        find_variant(code).rules({name: True}, 4)
    assert f"'{name}' is a house rule of {owner}," in caught.value.message


def test_it_refuses_an_option_no_variant_has():
    with pytest.raises(UnknownOption) as caught:
        find_variant("nap").rules({"jokers": 2}, 4)
    assert "'jokers'" in caught.value.message


@pytest.mark.parametrize(
    "value",
    [{"suit": -1}, {"suit": 2, "no_trump": 1, "extra": 0}, {"suit": "2"}, {"no_trump": 9}, 3],
)
def test_it_validates_the_trump_change_cost(value):
    with pytest.raises(BadOptionValue):
        find_variant("mighty").rules({"trump_change_cost": value}, 5)


def test_it_fills_missing_trump_change_keys_from_the_default():
    rules = find_variant("mighty").rules({"trump_change_cost": {"suit": 3}}, 5)
    assert rules.trump_change_cost == TrumpChangeCost(3, 1)


def test_it_keeps_options_frozen_and_validated():
    rules = find_variant("thai").rules(None, 5)
    with pytest.raises(AttributeError):
        rules.tie = "napoleon_loses"
    with pytest.raises(BadOptionValue):
        type(rules)(tie="sometimes")


@pytest.mark.parametrize(
    ("code", "players"),
    [(code, n) for code, v in VARIANTS.items() for n in (2, 8, 11) if n not in v.players],
)
def test_it_refuses_player_counts_the_variant_does_not_support(code, players):
    with pytest.raises(UnsupportedPlayers):
        find_variant(code).rules(None, players)
