"""The Japanese house-rule options themselves: refused combinations, the options that change
nothing under the others, and their names."""

import pytest

from scoring.rules import find_variant
from scoring.rules.errors import BadOptionValue, UnknownOption
from scoring.rules.options import LABELS

JAPANESE_ONLY = (
    "auction_order",
    "all_pass",
    "same_two_led_joker",
    "led_joker_rank",
    "first_trick_plain",
    "joker_call",
    "joker_any_time",
    "ura_jack_any_time",
    "joker_lead_picture_request",
    "first_trick_restriction",
)
SHARED = (
    "yoromeki_loses_to_jacks",
    "dq_beats_trump_jack",
    "same_two_rank",
    "same_two_in_trump",
    "plain_jack_lowest",
    "hunting_jack",
    "plain_tricks",
    "plain_trick_specials",
    "almighty_call",
    "all_twenty",
    "discards_to",
)


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"first_trick_specials_plain": True, "first_trick_plain": "jacks"}, "first_trick_plain"),
        ({"almighty_call": True, "joker_call": "S3_led"}, "almighty_call"),
        ({"almighty_call": True, "joker_call": "S3_played"}, "almighty_call"),
    ],
)
def test_it_refuses_the_combinations_of_section_8_8(options, field):
    with pytest.raises(BadOptionValue) as refused:
        find_variant("japanese").rules(options, 5)
    assert refused.value.field == f"options.{field}"


@pytest.mark.parametrize(
    "options",
    [
        {"first_trick_specials_plain": True, "first_trick_plain": "all"},
        {"first_trick_specials_plain": True, "first_trick_plain": "none"},
        {"almighty_call": True, "joker_call": "C3_led"},
        {"almighty_call": True, "joker_call": "off"},
    ],
)
def test_it_accepts_the_combinations_that_make_sense(options):
    rules = find_variant("japanese").rules(options, 5)
    assert rules.almighty_call is options.get("almighty_call", False)


@pytest.mark.parametrize("name", JAPANESE_ONLY)
def test_it_keeps_the_joker_and_auction_rules_out_of_the_chip_game(name):
    with pytest.raises(UnknownOption) as refused:
        find_variant("japanese-chip").rules({name: None}, 5)
    assert refused.value.field == f"options.{name}"
    assert "Japanese Napoleon" in refused.value.message


@pytest.mark.parametrize("name", (*JAPANESE_ONLY, *SHARED))
def test_it_names_every_new_option(name):
    assert name in LABELS
    for code in ("japanese", "japanese-chip"):
        spec = find_variant(code).Rules.spec(name)
        if spec is not None:
            assert spec.label and len(spec.description) > 20


@pytest.mark.parametrize(
    ("code", "options", "idle"),
    [
        ("japanese", {}, {"siberian", "yoromeki_loses_to_jacks", "plain_trick_specials"}),
        ("japanese", {"yoromeki": "HQ", "plain_tricks": "last", "score_table": "chips"}, set()),
        (
            "japanese",
            {
                "score_table": "chips",
                "all_twenty": "made",
                "yoromeki": "HQ",
                "plain_tricks": "last",
            },
            {"siberian"},
        ),
        (
            "japanese",
            {"same_two": False, "yoromeki": "HA", "plain_tricks": "last", "score_table": "chips"},
            {
                "same_two_first_trick",
                "same_two_with_joker",
                "same_two_led_joker",
                "same_two_rank",
                "same_two_in_trump",
            },
        ),
        (
            "japanese",
            {"plain_tricks": "first", "yoromeki": "HQ", "score_table": "chips"},
            {"first_trick_specials_plain", "first_trick_plain", "same_two_first_trick"},
        ),
        ("japanese-chip", {}, set()),
        (
            "japanese-chip",
            {"yoromeki": "off", "plain_tricks": "none"},
            {"yoromeki_loses_to_jacks", "plain_trick_specials"},
        ),
        ("japanese-chip", {"same_two": False}, {"same_two_rank", "same_two_in_trump"}),
    ],
)
def test_it_says_which_options_change_nothing(code, options, idle):
    variant = find_variant(code)
    found = variant.idle_options(variant.rules(options, 5))
    assert set(found) == idle
    assert all(reason.startswith("No effect") for reason in found.values())
