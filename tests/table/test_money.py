"""Money in a league's currency: written as the reader's language writes it, with the
currency's own decimals, and settled in what changes hands (less than that is not paid),
still adding up to zero; a league without a currency writes plain numbers, with cents
where the stake has them. The league's owner chooses its currency on the league page."""

from decimal import Decimal as D
from fractions import Fraction

import pytest
from django.utils import translation

from scoring.models import League
from scoring.table.money import in_units
from scoring.words.money import Money, purse, short_text, stake_text
from tests.factories import make_session, play, url

NNBSP, NBSP = "\u202f", "\u00a0"


@pytest.mark.parametrize(
    ("language", "currency", "amount", "shown"),
    [
        ("en", "KRW", "-16200", "−₩16,200"),
        ("fr", "KRW", "-16200", f"−16{NNBSP}200{NBSP}₩"),
        ("ko", "KRW", "1234567", "+₩1,234,567"),
        ("ja", "JPY", "-3000", "−￥3,000"),
        ("zh-hant", "TWD", "1250", "+$1,250"),  # a New Taiwan dollar has no cents in cash
        ("th", "THB", "12.5", "+฿12.50"),
        ("fr", "EUR", "1234.5", f"+1{NNBSP}234,50{NBSP}€"),
        ("en", "USD", "0", "$0.00"),
        ("en", "", "-16200", "−16,200.00"),  # no currency, a stake of 0.50: cents
    ],
)
def test_it_writes_money_as_the_readers_language_does(language, currency, amount, shown):
    with translation.override(language):
        assert str(Money(D(amount), purse(currency, [D("0.50")]))) == shown


@pytest.mark.parametrize(
    ("currency", "stakes", "decimals", "unit"),
    [
        ("KRW", [D("1000")], 0, D("1")),
        ("JPY", [D("10")], 0, D("1")),
        ("TWD", [D("1")], 0, D("1")),
        ("EUR", [D("0.5")], 2, D("0.01")),
        ("CHF", [D("1")], 2, D("0.05")),  # paid in five rappen
        ("", [D("1.00")], 0, D("1")),
        ("", [D("0.50"), D("1.00")], 2, D("0.01")),
        ("", [D("0.25"), None], 2, D("0.01")),
    ],
)
def test_it_pays_in_the_smallest_amount_that_changes_hands(currency, stakes, decimals, unit):
    wallet = purse(currency, stakes)
    assert (wallet.decimals, wallet.unit) == (decimals, unit)


def test_a_stake_keeps_the_decimals_it_needs():
    with translation.override("en"):
        assert stake_text(D("1000.00"), purse("KRW", [])) == "₩1,000"
        assert stake_text(D("0.50"), purse("EUR", [])) == "€0.50"
        assert stake_text(D("0.50"), purse("", [D("0.50")])) == "0.50"
        assert stake_text(D("1.00"), purse("", [D("0.50")])) == "1"


@pytest.mark.parametrize(
    ("exact", "unit", "paid"),
    [
        # Thirds of a won: nobody pays a fraction, and what is paid adds up to zero.
        ([Fraction(1, 3), Fraction(1, 3), Fraction(-2, 3)], D("1"), [1, 0, -1]),
        ([Fraction(1, 300), Fraction(-1, 300)], D("1"), [0, 0]),
        ([Fraction(12, 5), Fraction(-12, 5)], D("0.05"), [D("2.40"), D("-2.40")]),
        ([Fraction(1, 40), Fraction(-1, 40)], D("0.05"), [D("0.05"), D("-0.05")]),
    ],
)
def test_it_rounds_to_the_unit_and_still_adds_up_to_zero(exact, unit, paid):
    rounded = in_units(dict(enumerate(exact)), unit)
    assert [rounded[i] for i in range(len(exact))] == [D(p) for p in paid]
    assert sum(rounded.values()) == 0
    assert all(
        abs(rounded[i] - D(exact[i].numerator) / exact[i].denominator) <= unit for i in rounded
    )


def test_the_board_and_the_settle_up_write_won_without_decimals(member_client, league):
    league.currency = "KRW"
    league.save()
    session = make_session(league, "taiwan", stake=D("1000"))
    play(session)  # +120 +60 −60 −60 −60
    table = member_client.get(session.get_absolute_url()).content.decode()
    assert "+₩120,000" in table and "−₩60,000" in table and ".00" not in table
    summary = member_client.get(url("summary", session.pk)).content.decode()
    assert "Settling up at ₩1,000 a point" in summary
    assert "pays Ann ₩60,000" in summary
    assert "Amounts are rounded to ₩1, the smallest that changes hands" in summary
    stake = member_client.get(url("stake", session.pk)).content.decode()
    assert "From hand 1: ₩1,000 a point" in stake


def test_nobody_pays_less_than_the_smallest_coin(member_client, league):
    """Nap pays only the bidder (+3 a hand): at ¥1 a point and 4 players, each settles
    against the average of 0.75; no payment of a fraction of a yen is asked."""
    league.currency = "JPY"
    league.save()
    session = make_session(league, "nap", stake=D("1"))
    play(session)
    transfers = member_client.get(url("summary", session.pk)).context["transfers"]
    assert all(t["amount"] == t["amount"].to_integral_value() > 0 for t in transfers)
    assert all(
        t["amount_text"].startswith("￥") or t["amount_text"].startswith("¥") for t in transfers
    )


def test_the_owner_chooses_the_currency_on_the_league_page(owner_client, member_client, league):
    page = owner_client.get(url("league", league.pk)).content.decode()
    assert 'name="currency"' in page and '<option value="KRW">KRW · South Korean Won' in page
    assert 'name="currency"' not in member_client.get(url("league", league.pk)).content.decode()
    response = owner_client.post(url("league-currency", league.pk), {"currency": "KRW"})
    assert response.status_code == 302 and response.url.endswith("#money")
    assert League.objects.get(pk=league.pk).currency == "KRW"
    assert (
        "Money is written in KRW." in member_client.get(url("league", league.pk)).content.decode()
    )
    # The list of currencies is drawn once and kept: it shows the choice made since.
    assert (
        '<option value="KRW" selected>'
        in owner_client.get(url("league", league.pk)).content.decode()
    )
    owner_client.post(url("league-currency", league.pk), {"currency": ""})
    assert League.objects.get(pk=league.pk).currency == ""
    page = owner_client.get(url("league", league.pk)).content.decode()
    assert '<option value="KRW">' in page and '<option value="" selected>' in page


@pytest.mark.parametrize("bad", ["XXX", "krw", "DEM", "KRW1", "\x00"])
def test_a_currency_that_is_not_one_changes_nothing(owner_client, league, bad):
    response = owner_client.post(url("league-currency", league.pk), {"currency": bad})
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    assert League.objects.get(pk=league.pk).currency == ""


def test_only_the_owner_chooses_it(member_client, stranger_client, league):
    assert (
        member_client.post(url("league-currency", league.pk), {"currency": "EUR"}).status_code
        == 403
    )
    assert stranger_client.post(
        url("league-currency", league.pk), {"currency": "EUR"}
    ).status_code in (
        403,
        404,
    )
    assert League.objects.get(pk=league.pk).currency == ""


@pytest.mark.parametrize(
    ("language", "amount", "room", "shown"),
    [
        ("en", "16200", 9, "+₩16,200"),  # it fits: written whole
        ("en", "390000", 7, "+₩390K"),
        ("ko", "390000", 7, "+₩39만"),
        ("zh-hant", "-150000", 7, "−￦15萬"),
        ("en", "-857", 6, "−₩857"),
    ],
)
def test_a_narrow_box_shortens_what_would_not_fit(language, amount, room, shown):
    with translation.override(language):
        assert short_text(D(amount), purse("KRW", []), room) == shown
