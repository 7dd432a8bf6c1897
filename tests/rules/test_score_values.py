"""A table's own score numbers, ``score_values``: the shared checks on the option, and the
Thai table as its first user."""

import pytest

from scoring.rules import find_variant
from scoring.rules.errors import BadOptionValue, UnknownOption
from scoring.rules.score_values import Coefficient, ScoreValues, parse_score_values, resolve
from tests.rules.scoring_helpers import check, score_hand

TABLE = (Coefficient("win", 1, -1000, 1000), Coefficient("loss", 0, -1000, 1000))


def test_it_keeps_every_default_without_overrides():
    assert resolve(ScoreValues(), TABLE) == {"win": 1, "loss": 0}


def test_it_overrides_only_the_named_numbers():
    assert resolve({"loss": -1}, TABLE) == {"win": 1, "loss": -1}


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ([1, 2], "options.score_values"),
        ("win", "options.score_values"),
        ({"win": True}, "options.score_values.win"),
        ({"win": 1.0}, "options.score_values.win"),
        ({"win": "2"}, "options.score_values.win"),
        ({"win": None}, "options.score_values.win"),
    ],
)
def test_it_refuses_a_value_that_is_not_a_whole_number(raw, field):
    with pytest.raises(BadOptionValue) as refused:
        parse_score_values(raw)
    assert refused.value.field == field


def test_it_names_the_tables_numbers_when_one_is_unknown():
    with pytest.raises(UnknownOption) as refused:
        resolve({"nap": 3}, TABLE)
    assert refused.value.field == "options.score_values.nap"
    assert "win, loss" in refused.value.message


def test_it_refuses_a_number_outside_its_bounds():
    with pytest.raises(BadOptionValue) as refused:
        resolve({"win": 1001}, TABLE)
    assert refused.value.field == "options.score_values.win"
    assert "-1000" in refused.value.message and "1000" in refused.value.message


def test_it_checks_the_names_when_the_rules_are_built():
    with pytest.raises(UnknownOption) as refused:
        find_variant("thai").rules({"score_values": {"made_napoleon": 2}}, 5)
    assert refused.value.field == "options.score_values.made_napoleon"


def test_it_round_trips_through_json():
    rules = find_variant("thai").rules({"score_values": {"win": 3}}, 5)
    assert rules.as_json()["score_values"] == {"win": 3}
    assert find_variant("thai").rules(rules.as_json(), 5) == rules


OWN = {"score_values": {"win": 3, "loss": -2, "draw": -1}}
COLUMNS = "options,declarer,contract,partner,tricks,toppled,made,deltas"
# fmt: off
THAI = {
    # Each Thai cell once with the table's own numbers: a winner 3, a loser −2, a draw −1.
    "made": (OWN, 0, "2S", 2, {0: 4, 2: 3, 1: 1, 3: 1, 4: 1}, False, True, (3, -2, 3, -2, -2)),
    "failed": (OWN, 0, "3H", 2, {0: 3, 2: 3, 1: 2, 3: 1, 4: 1}, False, False, (-2, 3, -2, 3, 3)),
    "draw": (OWN, 0, "2H", 2, {0: 3, 2: 3, 1: 2, 3: 2}, False, None, (-1, -1, -1, -1, -1)),
    "betrayal-friend-wins": (OWN, 0, "1S", 2, {0: 3, 2: 5, 1: 1, 3: 1}, False, False, (-2, 3, 3, 3, 3)),
    "toppled": (OWN, 0, "3H", 2, None, True, False, (-2, 3, -2, 3, 3)),
    "alone-made": (OWN, 1, "1C", None, {1: 8, 0: 1, 2: 1}, False, True, (-2, 3, -2, -2, -2)),
    "only-win-changed": ({"score_values": {"win": 2}}, 0, "2S", 2, {0: 4, 2: 3, 1: 1, 3: 1, 4: 1}, False, True, (2, 0, 2, 0, 0)),
}
# fmt: on


@pytest.mark.parametrize(COLUMNS, list(THAI.values()), ids=list(THAI))
def test_it_scores_thai_with_the_tables_own_numbers(
    options, declarer, contract, partner, tricks, toppled, made, deltas
):
    result = {"toppled": True} if toppled else {"tricks": tricks}
    score = score_hand("thai", 5, declarer, contract, partner, options, **result)
    assert (score.made, score.deltas) == (made, deltas)
    assert any("own numbers" in line for line in score.lines)
    # The seed's "one point each" / "nobody scores" would contradict the table's numbers.
    assert not any("one point" in line or "nobody" in line for line in score.lines)


def test_it_keeps_the_thai_reasons_as_they_were_without_own_numbers():
    score = score_hand("thai", 5, 0, "2S", 2, {}, tricks={0: 4, 2: 3, 1: 1, 3: 1, 4: 1})
    check(score, True, 2, 7, (1, 0, 1, 0, 0))
    assert not any("own numbers" in line for line in score.lines)
