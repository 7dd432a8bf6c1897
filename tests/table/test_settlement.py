"""settle(): the fewest transfers that bring every balance to zero; and the standings'
money, rounded to cents and balanced even when the scores are not zero-sum."""

from decimal import Decimal
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.table.settlement import Transfer, settle
from scoring.table.sheet import Member
from scoring.table.standings import balances, ranked

D = Decimal


def apply(balances, transfers):
    """The balances after the transfers: a payer's debt shrinks, a payee's credit too."""
    left = list(balances)
    for t in transfers:
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return left


def most_zero_groups(values):
    """An independent count of the most disjoint zero-sum groups the values split into."""
    values = [v for v in values if v != 0]
    if not values:
        return 0
    first, rest = values[0], values[1:]
    best = 1  # everything in one group
    for mask in range(1, 1 << len(rest)):
        group = [rest[i] for i in range(len(rest)) if mask >> i & 1]
        if first + sum(group) == 0 and len(group) < len(rest):
            others = [rest[i] for i in range(len(rest)) if not mask >> i & 1]
            best = max(best, 1 + most_zero_groups(others))
    return best


def test_it_needs_no_transfer_when_everyone_is_square():
    assert settle([]) == []
    assert settle([D(0), D(0), D(0)]) == []


def test_it_pays_one_debt_in_one_transfer():
    assert settle([D(-5), D(5)]) == [Transfer(payer=0, payee=1, amount=D(5))]


def test_it_settles_two_independent_pairs_in_two_transfers():
    transfers = settle([D(5), D(-5), D(3), D(-3)])
    assert len(transfers) == 2
    assert set(transfers) == {Transfer(1, 0, D(5)), Transfer(3, 2, D(3))}


def test_it_finds_groups_that_a_greedy_pairing_would_miss():
    balances = [D(4), D(3), D(2), D(-5), D(-4)]  # {4, −4} and {3, 2, −5}
    transfers = settle(balances)
    assert len(transfers) == 3
    assert apply(balances, transfers) == [0] * 5


def test_it_needs_n_minus_one_transfers_when_no_smaller_group_balances():
    balances = [D(7), D(3), D(-5), D(-5)]
    assert len(settle(balances)) == 3


def test_it_keeps_cents_exact():
    balances = [D("0.10"), D("0.20"), D("-0.30")]
    transfers = settle(balances)
    assert apply(balances, transfers) == [0, 0, 0]
    assert sum(t.amount for t in transfers) == D("0.30")
    assert all(t.amount.as_tuple().exponent == -2 for t in transfers)


def test_it_refuses_balances_that_do_not_sum_to_zero():
    with pytest.raises(ValueError, match="sum to zero"):
        settle([D(1), D(-2)])


cents = st.integers(min_value=-50_000, max_value=50_000).map(lambda c: D(c) / 100)


@given(st.lists(cents, min_size=0, max_size=7), st.integers(0, 7))
def test_it_zeroes_every_balance_in_at_most_n_minus_one_transfers(values, spot):
    balances = [*values]
    balances.insert(spot % (len(balances) + 1), -sum(values, D(0)))
    transfers = settle(balances)
    assert apply(balances, transfers) == [0] * len(balances)
    assert len(transfers) <= max(len(balances) - 1, 0)
    for t in transfers:
        assert t.amount > 0
        assert balances[t.payer] < 0 < balances[t.payee]


@given(st.lists(st.integers(-6, 6), min_size=1, max_size=6))
def test_it_uses_the_fewest_transfers_possible(values):
    balances = [D(v) for v in values] + [D(-sum(values))]
    nonzero = sum(1 for b in balances if b != 0)
    assert len(settle(balances)) == nonzero - most_zero_groups(balances)


# ---- the standings' money ------------------------------------------------------------


def fake_session(totals, stake):
    """The standings of a table whose players (ids 0, 1, …) scored ``totals`` at one stake."""
    members = [Member(i, f"P{i}", True, SimpleNamespace(number=i)) for i in range(len(totals))]
    money = None if stake is None else dict(enumerate(balances(totals, stake)))
    return members, dict(enumerate(totals)), money


def balances_after(result, count):
    left = [D(0)] * count
    for t in result["transfers"]:
        left[t["payer"].number] -= t["amount"]
        left[t["payee"].number] += t["amount"]
    return left


def test_it_turns_points_into_money_at_the_stake():
    result = ranked(*fake_session([30, -10, -20], D("0.25")))
    assert balances_after(result, 3) == [D("7.50"), D("-2.50"), D("-5.00")]


@pytest.mark.parametrize(
    ("totals", "stake"), [([3, 0, 0, 0], D("1")), ([10, 0, 0], D("0.33")), ([1, 1, 0], D("0.10"))]
)
def test_it_rounds_to_cents_and_still_balances(totals, stake):
    result = ranked(*fake_session(totals, stake))
    money = balances_after(result, len(totals))
    assert sum(money) == 0
    assert all(t["amount"] == t["amount"].quantize(D("0.01")) for t in result["transfers"])
    mean = sum(totals) * stake / len(totals)
    for total, got in zip(totals, money, strict=True):
        assert abs(got - (total * stake - mean)) <= D("0.01")


def test_it_leaves_out_transfers_without_a_stake():
    assert "transfers" not in ranked(*fake_session([5, -5], None))


def test_it_orders_the_standings_and_marks_every_winner():
    result = ranked(*fake_session([3, 7, 7, -17], None))
    assert [r["total"] for r in result["standings"]] == [7, 7, 3, -17]
    assert [s.number for s in result["winners"]] == [1, 2]
