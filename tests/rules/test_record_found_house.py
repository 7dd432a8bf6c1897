"""The hand record under the house rules a differential test found (rules-house.md §8.10):
each trick is judged, and the contract read, by the same rules as /trick and /score."""

import pytest

from tests.rules.test_record import judged
from tests.rules.test_record_cases import fault

MIGHTY = {"variant": "mighty", "players": 5, "declarer": 0, "contract": "14H", "partner": None}
TAIWAN = {"variant": "taiwan", "players": 5, "declarer": 0, "called_card": "SQ"}
JAPANESE = {"variant": "japanese", "players": 5, "declarer": 0, "partner": None}


@pytest.mark.parametrize(("powerless", "winner"), [("none", 1), ("first", 3), ("last", 1)])
def test_the_record_judges_a_powerless_mighty(powerless, winner):
    trick = {"plays": ["S5", "SA", "S9", "H2", "D2"]}
    body = {**MIGHTY, "options": {"mighty_powerless": powerless}, "tricks": [trick]}
    assert judged(body).tricks[0].winner == winner


def test_the_record_refuses_a_no_trump_contract_where_none_may_be_bid():
    assert judged({**TAIWAN, "contract": "3NT", "tricks": []}).contract is not None
    body = {**TAIWAN, "contract": "3NT", "options": {"no_trump_bid": "off"}, "tricks": []}
    assert fault(body) == ("400", "contract")


@pytest.mark.parametrize(
    ("options", "contract", "expected"),
    [
        ({"all_pass": "starter_12S", "min_bid": 14}, "12S", None),
        ({"all_pass": "starter_12S", "min_bid": 14}, "12H", ("422", "contract")),
        ({"min_bid": 14}, "12S", ("422", "contract")),
    ],
)
def test_the_record_takes_the_starter_contract_below_the_lowest_bid(options, contract, expected):
    body = {**JAPANESE, "contract": contract, "options": options, "tricks": []}
    if expected is None:
        assert str(judged(body).contract) == contract
    else:
        assert fault(body) == expected
