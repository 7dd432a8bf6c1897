"""GET /api/v1/variants: the shape and the numbers of rules.md."""

import pytest

from tests.api.support import API, VARIANTS, decode, error_of


@pytest.fixture
def variants(client):
    response = client.get(f"{API}/variants")
    assert response.status_code == 200
    body = decode(response)
    assert set(body) == {"variants"}
    return {entry["code"]: entry for entry in body["variants"]}


def counts(mapping):
    return {str(n): value for n, value in mapping.items()}


def cards(ranks):
    return {suit + rank for suit in "SHDC" for rank in ranks}


PLAYERS = {
    "taiwan": [4, 5, 6],
    "hongkong": [4, 5, 6],
    "japanese": [4, 5, 6, 7],
    "japanese-chip": [4, 5, 6],
    "thai": [5],
    "mighty": [4, 5, 6],
    "nap": list(range(3, 11)),
}

# nap: sizes for the default (full) deck
DECK = {
    "taiwan": 54,
    "hongkong": 54,
    "japanese": 53,
    "japanese-chip": 52,
    "thai": 52,
    "mighty": {4: 43, 5: 53, 6: 53},  # four: A to 5 of each suit, ♣3, ♠3, the joker
    "nap": 52,
}

HANDS = {
    "taiwan": {4: 13, 5: 10, 6: 8},
    "hongkong": {4: 13, 5: 10, 6: 8},
    "japanese": {4: 12, 5: 10, 6: 8, 7: 7},
    "japanese-chip": {4: 12, 5: 10, 6: 8},
    "thai": {5: 10},
    "mighty": {4: 10, 5: 10, 6: 8},
    "nap": {n: 5 for n in range(3, 11)},
}
# The Mighty plays 10 tricks at every count (six players: 8 dealt, 10 after the kill).
TRICKS = {**HANDS, "mighty": {4: 10, 5: 10, 6: 10}}

BLINDS = {
    "taiwan": {4: 2, 5: 4, 6: 6},
    "hongkong": {4: 2, 5: 4, 6: 6},
    "japanese": {4: 5, 5: 3, 6: 5, 7: 4},
    "japanese-chip": {4: 4, 5: 2, 6: 4},
    "thai": {5: 2},
    "mighty": {4: 3, 5: 3, 6: 5},
    # nap: the undealt stock of the full deck
    "nap": {n: 52 - 5 * n for n in range(3, 11)},
}

POINT_CARDS = {
    "taiwan": cards("AKQJ"),
    "hongkong": cards("AKQJ"),
    "japanese": cards(["A", "K", "Q", "J", "10"]),
    "japanese-chip": cards(["A", "K", "Q", "J", "10"]),
    "mighty": cards(["A", "K", "Q", "J", "10"]),
    "thai": set(),
    "nap": set(),
}

BOOL = "bool"
CHOICE = "choice"
INT = "int"
TAIWAN_OPTIONS = {
    "bid_style": (CHOICE, "suit", ["suit", "number"]),
    "pass_is_final": (BOOL, False, None),
    "blind_shown": (BOOL, False, None),
    "discards_shown": (BOOL, {"4": True, "5": False, "6": False}, None),
    "secretary_order": (CHOICE, "any_time", ["any_time", "napoleon_lead_only", "off"]),
    "joker_summon": (CHOICE, "lead_first_three", ["lead_first_three", "any_play", "off"]),
    "summoned_joker_loses": (BOOL, False, None),
    "first_lead": (CHOICE, "napoleon_left", ["napoleon_left", "napoleon"]),
    "score_table": (CHOICE, "taiwan", ["taiwan", "hongkong"]),
    "four_player_table": (CHOICE, "seed", ["seed", "balanced"]),
    "discards_to": (CHOICE, "defenders", ["defenders", "napoleon", "target"]),
    "no_trump_bid": (CHOICE, "highest", ["highest", "off"]),
}
# Every variant takes a table's own score numbers.
SCORE_VALUES = {"score_values": ("object", {}, None)}
YOROMEKI = ["off", "HQ", "HA", "HA_after"]
# The options both Japanese games take, with Japanese Napoleon's defaults.
JAPANESE_SHARED = {
    "yoromeki_loses_to_jacks": (BOOL, False, None),
    "dq_beats_trump_jack": (BOOL, False, None),
    "hunting_jack": (BOOL, False, None),
    "same_two_rank": (
        CHOICE,
        "below_jacks",
        ["below_jacks", "below_trump_jack", "below_almighty", "top"],
    ),
    "same_two_in_trump": (BOOL, True, None),
    "plain_jack_lowest": (BOOL, False, None),
    "plain_tricks": (CHOICE, "none", ["none", "first", "last", "first_and_last"]),
    "plain_trick_specials": (CHOICE, "none", ["none", "almighty", "almighty_and_jacks"]),
    "almighty_call": (BOOL, False, None),
    "all_twenty": (CHOICE, "table", ["table", "made", "fails", "bonus"]),
    "discards_to": (CHOICE, "opponents", ["opponents", "napoleon"]),
}
OPTIONS = {
    "taiwan": TAIWAN_OPTIONS,
    "hongkong": TAIWAN_OPTIONS
    | {
        "first_lead": (CHOICE, "napoleon", ["napoleon_left", "napoleon"]),
        "score_table": (CHOICE, "hongkong", ["taiwan", "hongkong"]),
    },
    "japanese": {
        "bid_suit_order": (CHOICE, "SHDC", ["SHDC", "DSHC", "SHCD"]),
        "pass_is_final": (BOOL, False, None),
        "min_bid": (INT, 11, [1, 20]),
        "no_trump_bid": (CHOICE, "off", ["off", "highest", "lowest"]),
        "almighty_is_trump": (BOOL, False, None),
        "ura_jack_is_trump": (BOOL, False, None),
        "same_two": (BOOL, True, None),
        "same_two_first_trick": (BOOL, False, None),
        "same_two_with_joker": (BOOL, False, None),
        "yoromeki": (CHOICE, "off", YOROMEKI),
        "first_trick_specials_plain": (BOOL, False, None),
        "score_table": (CHOICE, "wins", ["wins", "chips"]),
        "siberian": (BOOL, True, None),
        # the house rules only Japanese Napoleon takes (not the chip game)
        "auction_order": (CHOICE, "in_turn", ["in_turn", "free"]),
        "all_pass": (
            CHOICE,
            "redeal",
            ["redeal", "widow_shown", "previous_napoleon", "previous_adjutant", "starter_12S"],
        ),
        "same_two_led_joker": (BOOL, False, None),
        "led_joker_rank": (
            CHOICE,
            "below_almighty",
            [
                "below_almighty",
                "top",
                "below_trump_jack",
                "below_jacks",
                "lowest_trump",
                "never_wins",
            ],
        ),
        "first_trick_plain": (CHOICE, "none", ["none", "all", "jacks"]),
        "joker_call": (CHOICE, "off", ["off", "S3_led", "C3_led", "S3_played"]),
        "joker_any_time": (BOOL, True, None),
        "ura_jack_any_time": (BOOL, False, None),
        "joker_lead_picture_request": (BOOL, False, None),
        "first_trick_restriction": (
            CHOICE,
            "no_joker_lead",
            ["no_joker_lead", "none", "no_joker", "no_joker_no_trump"],
        ),
    }
    | JAPANESE_SHARED,
    "japanese-chip": {
        "same_two": (BOOL, True, None),
        "yoromeki": (CHOICE, "HQ", YOROMEKI),
        "siberian": (BOOL, True, None),
    }
    | JAPANESE_SHARED
    | {"plain_tricks": (CHOICE, "first", ["none", "first", "last", "first_and_last"])},
    "thai": {
        "min_bid": (INT, 1, [1, 9]),
        "auction_order": (CHOICE, "in_turn", ["in_turn", "free"]),
        "first_two_beats_specials": (BOOL, False, None),
        "tie": (CHOICE, "draw", ["draw", "napoleon_loses"]),
        "betrayal_friend": (CHOICE, "wins", ["wins", "loses"]),
    },
    "mighty": {
        "all_pass": (CHOICE, "second_round", ["second_round", "min_12", "redeal"]),
        "min_bid": (INT, 13, [10, 20]),
        "trump_change_cost": ("object", {"suit": 2, "no_trump": 1}, None),
        "first_trick_friend": (BOOL, False, None),
        "joker_powerless_first_last": (BOOL, False, None),
        "formula": (CHOICE, "seed", ["seed", "pagat", "pagat_p10", "pagat_pm", "pagat_pm1"]),
        "ripper_without_call": (
            CHOICE,
            "joker_powerless",
            ["joker_powerless", "joker_keeps_power"],
        ),
        "called_joker_has_power": (BOOL, False, None),
        "joker_call_last_trick": (BOOL, True, None),
        "ripper_first_trick": (CHOICE, "no_lead", ["no_lead", "lead_no_call", "lead_and_call"]),
        "mighty_defense": (BOOL, False, None),
        "first_trick_trumps": (CHOICE, "no_lead", ["no_lead", "none", "free"]),
        "alone_doubles": (BOOL, True, None),
        "no_trump_doubles": (CHOICE, "always", ["always", "made_only"]),
        "back_run": (
            CHOICE,
            "opponents_11",
            ["opponents_11", "opponents_10", "opponents_reach_bid", "off"],
        ),
        "bid_20_doubles": (BOOL, False, None),
        "discards_to": (CHOICE, "declarer", ["declarer", "opponents"]),
        "deal_miss": (CHOICE, "off", ["off", "on"]),
        "deal_miss_values": (
            "object",
            {"point": 2, "ten": 1, "mighty": 0, "joker": -2, "max": 1},
            None,
        ),
        "mighty_powerless": (CHOICE, "none", ["none", "first", "last", "first_and_last"]),
        "alone_doubles_failed": (BOOL, True, None),
        "bid_20_doubles_failed": (BOOL, False, None),
        "failed_pays_back": (BOOL, False, None),
        "made_at_least_one": (BOOL, False, None),
    },
    "nap": {
        "stripped_deck": (BOOL, False, None),
        "misere_no_trump": (BOOL, True, None),
        "nap_scoring": (CHOICE, "points", ["points", "stakes"]),
        "payout": (CHOICE, "flat", ["flat", "classic"]),
        "all_pass": (CHOICE, "redeal", ["redeal", "dealer_bids_one"]),
        "sir_garnet": (BOOL, False, None),
        "joker": (BOOL, False, None),
    },
}
OPTIONS = {code: options | SCORE_VALUES for code, options in OPTIONS.items()}


def test_it_lists_the_seven_variants(variants):
    assert sorted(variants) == sorted(VARIANTS)


@pytest.mark.parametrize("code", VARIANTS)
def test_it_gives_every_field(variants, code):
    entry = variants[code]
    assert set(entry) >= {
        "code",
        "name",
        "players",
        "deck_size",
        "hand_size",
        "blind_size",
        "tricks",
        "point_cards",
        "options",
    }
    assert isinstance(entry["name"], str) and entry["name"]


@pytest.mark.parametrize("code", VARIANTS)
def test_it_gives_the_player_counts(variants, code):
    assert variants[code]["players"] == PLAYERS[code]


@pytest.mark.parametrize("code", VARIANTS)
def test_it_gives_deck_sizes_by_player_count(variants, code):
    deck = DECK[code] if isinstance(DECK[code], dict) else dict.fromkeys(PLAYERS[code], DECK[code])
    assert variants[code]["deck_size"] == counts(deck)


@pytest.mark.parametrize("code", VARIANTS)
def test_it_gives_hand_sizes_and_tricks_by_player_count(variants, code):
    assert variants[code]["hand_size"] == counts(HANDS[code])
    assert variants[code]["tricks"] == counts(TRICKS[code])


@pytest.mark.parametrize("code", VARIANTS)
def test_it_gives_blind_sizes_by_player_count(variants, code):
    assert variants[code]["blind_size"] == counts(BLINDS[code])


@pytest.mark.parametrize("code", VARIANTS)
def test_it_lists_the_point_cards(variants, code):
    listed = variants[code]["point_cards"]
    assert isinstance(listed, list)
    assert len(listed) == len(set(listed))
    assert set(listed) == POINT_CARDS[code]


@pytest.mark.parametrize("code", VARIANTS)
def test_it_lists_the_options_of_the_variant(variants, code):
    listed = variants[code]["options"]
    assert isinstance(listed, list)
    assert sorted(entry["name"] for entry in listed) == sorted(OPTIONS[code])


OPTION_ROWS = [(code, name) for code, options in OPTIONS.items() for name in options]


@pytest.mark.parametrize(("code", "name"), OPTION_ROWS, ids=[f"{c}-{n}" for c, n in OPTION_ROWS])
def test_it_describes_each_option(variants, code, name):
    entry = next(e for e in variants[code]["options"] if e["name"] == name)
    kind, default, choices = OPTIONS[code][name]
    assert set(entry) == {"name", "type", "default", "choices", "description"}
    assert entry["type"] == kind
    assert entry["default"] == default
    assert type(entry["default"]) is type(default)
    assert isinstance(entry["description"], str) and entry["description"].strip()
    if kind == BOOL:
        assert sorted(entry["choices"]) == [False, True]
    elif kind == "object":
        assert entry["choices"] is None
    else:
        assert entry["choices"] == choices


def test_it_keys_a_player_count_default_by_count(variants):
    for code in ("taiwan", "hongkong"):
        entry = next(e for e in variants[code]["options"] if e["name"] == "discards_shown")
        assert entry["default"] == {"4": True, "5": False, "6": False}


def test_it_accepts_a_trailing_slash(client, variants):
    response = client.get(f"{API}/variants/")
    assert response.status_code == 200
    assert {e["code"]: e for e in decode(response)["variants"]} == variants


@pytest.mark.parametrize("method", ["post", "put", "delete", "patch"])
def test_it_refuses_other_methods(client, method):
    response = getattr(client, method)(f"{API}/variants", "{}", content_type="application/json")
    assert response.status_code == 405
    error_of(response)


@pytest.mark.parametrize(
    ("query", "headers", "name"),
    [
        ("?lang=ja", {}, "日本"),
        ("", {"HTTP_ACCEPT_LANGUAGE": "ja"}, "日本"),
        ("?lang=xx", {}, "Japanese"),
    ],
)
def test_it_names_the_variants_in_the_asked_language(client, query, headers, name):
    entries = decode(client.get(f"{API}/variants{query}", **headers))["variants"]
    japanese = next(e for e in entries if e["code"] == "japanese")
    assert name in japanese["name"]
    assert japanese["options"][0]["name"].isascii()  # codes never change with the language
