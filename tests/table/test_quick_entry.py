"""The quick ways in: a trick game's side total, and the card grid entered by one side.

The engine takes point cards by seat; the grid by one side files each side's cards under
one seat of it (the declarer's, or the first defender's clockwise), and the rest of the
point cards are the other side's. A Thai or Nap side total is the engine's quick count.
"""

import re

import pytest

from scoring.models import Hand
from tests.factories import (
    assert_scores_match_engine,
    hand_data,
    make_session,
    stored_deltas,
    url,
)

DEFENDERS_OF_TAIWAN = ["CA", "CK", "CQ", "CJ", "DJ"]  # the napoleon's side: the other 11


def record(client, session, data, **extra):
    return client.post(url("record", session.pk), data, **extra)


def grid_by_side(session, side, tapped, discarded=()):
    cards = {f"card_{code}": "in" for code in tapped}
    cards.update({f"card_{code}": "discard" for code in discarded})
    return hand_data(session, mode="cards", points=None, grid_side=side, **cards)


def test_it_takes_the_defenders_cards_and_gives_the_rest_to_the_napoleon(member_client, session):
    response = record(member_client, session, grid_by_side(session, "def", DEFENDERS_OF_TAIWAN))
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert (hand.mode, hand.points, hand.made) == (Hand.CARDS, 11, True)
    # The defenders' cards under the first defender clockwise from the napoleon (seat 2;
    # seat 1 is the secretary); the napoleon's side's under the napoleon.
    assert sorted(hand.captured["2"]) == sorted(DEFENDERS_OF_TAIWAN)
    assert len(hand.captured["0"]) == 11 and not hand.captured["1"]
    assert stored_deltas(hand) == (100, 50, -50, -50, -50)
    assert_scores_match_engine(session)


def test_it_takes_the_napoleons_side_and_gives_the_rest_to_the_defenders(member_client, session):
    side = ["SA", "SK", "SQ", "SJ", "HA", "HK", "HQ", "HJ", "DA", "DK"]
    response = record(member_client, session, grid_by_side(session, "decl", side, ["DQ"]))
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert sorted(hand.captured["0"]) == sorted(side) and hand.discards == ["DQ"]
    # Taiwan: the napoleon's discards count for the defenders: 10 of 11 is one short.
    assert (hand.points, hand.made) == (10, False)


def test_it_counts_the_discards_for_the_mighty_declarer(member_client, mighty):
    opponents = ["CA", "CK", "CQ", "CJ", "C10", "DJ"]
    data = grid_by_side(mighty, "def", opponents, ["D10"])
    data["level"] = "13"
    assert record(member_client, mighty, data).status_code == 302
    # 20 − 6 taken by the opponents = 14, the discarded ♦10 included.
    assert Hand.objects.get().points == 14


def test_it_needs_the_side_the_taps_are_for(member_client, session):
    data = grid_by_side(session, "def", DEFENDERS_OF_TAIWAN)
    del data["grid_side"]
    response = record(member_client, session, data)
    assert response.status_code == 422
    assert "Place every point card before saving" in response.content.decode()
    assert not Hand.objects.exists()


def test_it_refuses_the_same_card_twice_through_the_grid(member_client, session):
    data = grid_by_side(session, "def", DEFENDERS_OF_TAIWAN)
    data["card_CA"] = ["in", "discard"]
    response = record(member_client, session, data)
    assert response.status_code in (302, 422)
    assert Hand.objects.count() <= 1
    assert_scores_match_engine(session)


# ---- a trick game's side total ------------------------------------------------------------------

QUICK = {
    # variant, contract fields, side's tricks, made, deltas
    "thai": ({"level": "2", "trump": "S", "partner": "1"}, "7", True, (1, 1, 0, 0, 0)),
    "nap": ({"nap_bid": "three"}, "2", False, (0, 3, 3, 3)),
}


@pytest.mark.parametrize("variant", QUICK)
def test_it_records_a_trick_game_by_its_sides_total(member_client, league, variant):
    session = make_session(league, variant)
    fields, tricks, made, deltas = QUICK[variant]
    data = {**hand_data(session), **fields, "mode": "count", "points": tricks}
    data = {k: v for k, v in data.items() if not k.startswith("tricks_")}
    assert record(member_client, session, data).status_code == 302
    hand = Hand.objects.get()
    assert hand.tricks is None and hand.declarer_points == int(tricks)
    assert (hand.made, stored_deltas(hand)) == (made, deltas)
    assert_scores_match_engine(session)


def test_it_still_takes_thai_tricks_by_player_for_a_betrayal(member_client, thai):
    # The friend (seat 1) took more tricks than the napoleon: the napoleon loses.
    data = hand_data(thai, mode="tricks", tricks_0="2", tricks_1="5", tricks_2="1")
    assert record(member_client, thai, data).status_code == 302
    hand = Hand.objects.get()
    assert hand.made is False and hand.tricks["1"] == 5
    assert any("betrayal" in line for line in hand.lines)


def test_it_refuses_a_side_total_beyond_the_tricks_of_a_hand(member_client, thai):
    data = hand_data(thai, mode="count", points="11")
    response = record(member_client, thai, data)
    assert response.status_code == 422
    assert "less than or equal to 10" in response.content.decode()
    assert not Hand.objects.exists()


def test_it_starts_the_result_where_the_contract_needs_it(member_client, league):
    """Each contract chip carries what it needs (table.js starts the result there)."""
    for variant, chip in (
        ("taiwan", 'name="level" value="3" data-needed="11"'),
        ("thai", 'name="level" value="2" data-needed="7"'),
        ("nap", 'name="nap_bid" value="misere" data-needed="0"'),
        ("mighty", 'name="level" value="15" data-needed="15"'),
    ):
        body = member_client.get(make_session(league, variant).get_absolute_url()).content
        assert chip in body.decode(), variant


def test_it_names_the_declarer_in_each_games_own_word(member_client, league):
    for variant, legend in (
        ("taiwan", "<legend>Napoleon</legend>"),
        ("mighty", "<legend>Declarer</legend>"),
        ("nap", "<legend>Bidder</legend>"),
        ("thai", "<legend>Tricks of the napoleon&#x27;s side</legend>"),
    ):
        body = member_client.get(make_session(league, variant).get_absolute_url()).content
        assert legend in body.decode(), variant


@pytest.mark.parametrize(
    ("language", "variant", "word"),
    [("ko", "mighty", "주공"), ("ko", "taiwan", "나폴레옹"), ("zh-hant", "mighty", "主攻")],
)
def test_it_names_the_declarer_in_the_tables_language(
    member_client, league, language, variant, word
):
    member_client.cookies["django_language"] = language
    body = member_client.get(make_session(league, variant).get_absolute_url()).content.decode()
    assert f"<legend>{word}</legend>" in body


def test_it_raises_the_target_by_the_discards_where_the_house_rule_says_so(member_client, league):
    # discards_to: target (rules-house.md §8.10.1): the discarded ♦Q counts for neither side
    # and raises 3♠'s target from 11 to 12.
    target = make_session(league, "taiwan", options={"discards_to": "target"})
    page = member_client.get(url("table", target.pk) + "?mode=cards").content.decode()
    assert "neither side (each one raises the target)" in page
    side = ["SA", "SK", "SQ", "SJ", "HA", "HK", "HQ", "HJ", "DA", "DK", "DJ"]
    response = record(member_client, target, grid_by_side(target, "decl", side, ["DQ"]))
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert (hand.points, hand.made) == (11, False)
    assert_scores_match_engine(target)


@pytest.mark.parametrize(("level", "trump", "recorded"), [("12", "S", True), ("12", "H", False)])
def test_it_records_the_starters_twelve_spades_below_the_lowest_bid(
    member_client, league, level, trump, recorded
):
    # all_pass: starter_12S (rules-house.md §8.10.2): the forced 12♠ stands below min_bid 14;
    # no other bid does.
    options = {"all_pass": "starter_12S", "min_bid": 14}
    names = ["Aki", "Ben", "Chie", "Daisuke", "Emi"]
    starter = make_session(league, "japanese", names=names, options=options)
    page = member_client.get(url("table", starter.pk)).content.decode()
    levels = re.findall(r'name="level" value="(\d+)"', page)
    assert levels[:2] == ["12", "14"] and levels[-1] == "20"
    data = hand_data(starter, level=level, trump=trump, points="12")
    response = record(member_client, starter, data)
    assert response.status_code == (302 if recorded else 422)
    if not recorded:  # refused with the engine's reason
        assert "below the lowest bid" in response.content.decode()
    assert Hand.objects.exists() is recorded
