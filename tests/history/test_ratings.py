"""The rating maths on small examples worked out by hand, and the ratings a league
stores after hands recorded through the app."""

import pytest

from scoring.history.figures import ratings
from scoring.history.figures.figures import league_figures
from scoring.history.figures.period import Period
from scoring.history.figures.tables import contract_facts
from scoring.models import Player
from tests.factories import make_session, play, url


def close(a, b):
    return a == pytest.approx(b, abs=1e-4)


def test_the_handicap_runs_from_easy_to_hard():
    assert ratings.handicap(0) == -100
    assert ratings.handicap(0.5) == 50
    assert ratings.handicap(1) == 200


def test_equal_sides_expect_the_lowest_contract_made_64_percent_of_the_time():
    # 1 / (1 + 10^(-100/400)) = 1 / (1 + 0.562341) = 0.640065
    assert close(ratings.expected(1500, 1500, 0), 0.640065)


def test_equal_sides_expect_the_highest_contract_made_24_percent_of_the_time():
    # 1 / (1 + 10^(200/400)) = 1 / (1 + 3.162278) = 0.240253
    assert close(ratings.expected(1500, 1500, 1), 0.240253)


def test_a_stronger_side_is_expected_to_do_better():
    # 1 / (1 + 10^((1500 - 1700 - 100)/400)) = 1 / (1 + 10^-0.75) = 0.849020
    assert close(ratings.expected(1700, 1500, 0), 0.849020)


def test_a_side_of_two_making_the_lowest_contract_against_three():
    gain, loss = ratings.changes([1500, 1500], [1500, 1500, 1500], 0, True)
    # 16 × (1 − 0.640065) = 5.758960; the defenders share 2 × 5.758960 three ways.
    assert close(gain, 5.758960)
    assert close(loss, -3.839307)
    assert close(2 * gain + 3 * loss, 0)


def test_a_lone_napoleon_failing_the_highest_contract_against_four():
    gain, loss = ratings.changes([1500], [1500] * 4, 1, False)
    # 16 × (0 − 0.240253) = −3.844049, shared by four defenders: +0.961012 each.
    assert close(gain, -3.844049)
    assert close(loss, 0.961012)


def test_a_draw_counts_half():
    gain, _loss = ratings.changes([1500, 1500], [1500, 1500, 1500], 0, None)
    assert close(gain, 16 * (0.5 - 0.640065))


def test_the_sides_are_averaged():
    # The side averages 1600, the defenders 1500: E = 1/(1 + 10^((1500-1600-100)/400)).
    expected = 1 / (1 + 10 ** (-200 / 400))
    gain, _loss = ratings.changes([1700, 1500], [1400, 1600, 1500], 0, True)
    assert close(gain, 16 * (1 - expected))


def test_rate_hand_starts_newcomers_at_1500_and_moves_no_points_overall():
    after = ratings.rate_hand({"ann": 1520.0}, ["ann", "ben"], ["cat", "dan", "eve"], 0.5, False)
    assert set(after) == {"ann", "ben", "cat", "dan", "eve"}
    assert close(sum(after.values()), 1520 + 4 * 1500)
    assert after["ann"] < 1520 and after["ben"] < 1500 and after["cat"] > 1500


def test_no_defenders_means_no_change():
    assert ratings.changes([1500], [], 0.5, True) == (0.0, 0.0)


@pytest.mark.parametrize(
    ("variant", "contract", "difficulty"),
    [
        ("taiwan", "1S", 0.0),
        ("taiwan", "8NT", 1.0),
        ("taiwan", "3S", 2 / 7),
        ("mighty", "13S", 0.0),
        ("mighty", "20NT", 1.0),
        ("japanese", "11H", 0.0),
        ("thai", "9C", 1.0),
        ("nap", "two", 0.0),
        ("nap", "blucher", 1.0),
        ("nap", "misere", 2 / 6),
    ],
)
def test_difficulty_is_the_contracts_place_on_the_ladder(variant, contract, difficulty):
    players = 4 if variant == "nap" else 5
    facts = contract_facts(variant, {}, players, contract, 0)
    assert close(facts.difficulty, difficulty)


@pytest.mark.parametrize(
    ("variant", "contract", "target", "needed"),
    [
        ("taiwan", "3S", 11, 11),  # points: the target itself
        ("mighty", "14S", 14, 14),
        ("nap", "three", 3, 3),  # tricks: the call's own count
        ("thai", "3S", 3, 7),  # more than the citizens' 10 − x tricks plus 3: x ≥ 7
        ("thai", "1H", 1, 6),
        ("thai", "9C", 9, 10),
    ],
)
def test_what_a_contract_needs_comes_from_the_variant(variant, contract, target, needed):
    players = 4 if variant == "nap" else 5
    assert contract_facts(variant, {}, players, contract, target).needed == needed


def shown_ratings(league):
    """{(variant, name): RatingRow} as the league page has them, all time."""
    names = dict(Player.objects.filter(league=league).values_list("pk", "name"))
    figures = league_figures(league, Period(), names)
    return {(variant, row.name): row for variant, _label, rows in figures.ratings for row in rows}


def test_the_league_page_rates_the_hands_played(db, league):
    session = make_session(league, "taiwan")
    # Ann (seat 0) bids 3♠ with Ben, takes 12 of the 11 needed: made.
    play(session)
    # E = 1/(1 + 10^(−14.2857/400)) = 0.520547; gain 16 × 0.479453 = 7.671245.
    rated = shown_ratings(league)
    assert close(rated[("taiwan", "Ann")].rating, 1507.671245)
    assert close(rated[("taiwan", "Cat")].rating, 1500 - 7.671245 * 2 / 3)
    assert rated[("taiwan", "Ann")].hands == 1
    # The second hand starts from there: Cat bids 3♠ with Dan and fails with 10.
    play(session, declarer="2", partner="3", points="10")
    side = (1500 - 5.114163) * 2 / 2
    defenders = (1507.671245 + 1507.671245 + 1500 - 5.114163) / 3
    expected = 1 / (1 + 10 ** ((defenders - side - 14.285714) / 400))
    rated = shown_ratings(league)
    cat = rated[("taiwan", "Cat")]
    assert close(cat.rating, 1500 - 5.114163 - 16 * expected)
    assert close(cat.change, cat.rating - 1500) and cat.hands == 2
    assert close(cat.spark[-2], 1500 - 5.114163) and close(cat.spark[-1], cat.rating)
    assert close(sum(row.rating for row in rated.values()), 5 * 1500)


def test_each_variant_has_its_own_rating(db, league, mighty):
    play(make_session(league, "taiwan"))
    play(mighty)
    rated = shown_ratings(league)
    assert rated[("taiwan", "Ann")].hands == 1 and rated[("mighty", "Jin")].hands == 1
    assert ("taiwan", "Jin") not in rated


def test_a_seat_killed_in_its_players_only_hand_is_not_rated(db, owner_client, league):
    """Six at Mighty: the seat the declarer kills sits the hand out, so its player has no
    rating yet; the league page and the player's page still show."""
    names = ["Jin", "Min", "Soo", "Hyun", "Woo", "Yoon"]
    play(make_session(league, "mighty", names=names), killed="2")
    rated = shown_ratings(league)
    assert ("mighty", "Soo") not in rated and rated[("mighty", "Jin")].hands == 1
    soo = Player.objects.get(league=league, name="Soo")
    assert owner_client.get(url("league", league.pk)).status_code == 200
    assert owner_client.get(url("player", soo.pk)).status_code == 200


def test_shown_changes_of_one_hand_add_up_to_nothing():
    # Two napoleons gain 7.4 each, three defenders lose 4.93 each: rounded one by one they
    # would show +7, +7, −5, −5, −5, a point lost from nowhere.
    values = [7.4, 7.4, -14.8 / 3, -14.8 / 3, -14.8 / 3]
    assert [round(v) for v in values] == [7, 7, -5, -5, -5]
    assert ratings.rounded_for_display(values) == [8, 7, -5, -5, -5]
    gain, loss = ratings.changes([1500, 1500], [1500, 1500, 1500], 0, True)
    shown = ratings.rounded_for_display([gain, gain, loss, loss, loss])
    exact = [gain, gain, loss, loss, loss]
    assert sum(shown) == 0 and all(abs(s - v) < 1 for s, v in zip(shown, exact, strict=True))


def test_shown_changes_that_do_not_add_up_to_nothing_are_rounded_each():
    assert ratings.rounded_for_display([2.4, 3.6, -1.5]) == [2, 4, -2]
    assert ratings.rounded_for_display([]) == []
