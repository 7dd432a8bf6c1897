"""Money as the reader's language writes it: where a currency's sign goes, its thousands
separators and decimals, with Babel's copy of the Unicode CLDR (every locale and every ISO
4217 currency), rather than a table kept by hand here.

A league may name its currency (``League.currency``, an ISO 4217 code). Its amounts are
shown with as many decimals as its smallest coin or note: what changes hands at a card
table (a won, a yen and a New Taiwan dollar have none, a euro two, and a Swiss franc counts
in five rappen). Without a currency an amount is a plain number: whole where the stake per point is
whole, else with cents.
"""

import copy
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from functools import cache

from babel import Locale, UnknownLocaleError
from babel.core import get_global
from babel.numbers import (
    NumberPattern,
    format_compact_currency,
    format_compact_decimal,
    get_currency_name,
    list_currencies,
    parse_pattern,
)
from django.utils.translation import get_language, to_locale

MINUS = "−"  # a true minus sign, as the points are written
MOST_DECIMALS = 2  # a stake is stored to the cent

# The currencies of the tables these games are played at come first in the list a league
# chooses from; every other currency in use follows, by name.
TABLE_CURRENCIES = ("TWD", "HKD", "JPY", "KRW", "THB", "CNY", "SGD", "MYR", "EUR", "GBP", "USD")


@dataclass(frozen=True)
class Purse:
    """How a session's money is written and paid: its currency ("" for none), the
    decimals shown and the smallest amount that changes hands."""

    currency: str
    decimals: int
    unit: Decimal


def cash_unit(currency: str) -> tuple[int, Decimal]:
    """(decimals, smallest amount paid) of a currency in cash, by CLDR: ``KRW`` → (0, 1),
    ``EUR`` → (2, 0.01), ``CHF`` → (2, 0.05)."""
    fractions = get_global("currency_fractions")
    _digits, _rounding, cash_digits, cash_rounding = fractions.get(currency, fractions["DEFAULT"])
    step = Decimal(cash_rounding or 1).scaleb(-cash_digits)
    return cash_digits, step


def stake_decimals(stake: Decimal) -> int:
    """The decimals a stake's amounts are written with: none for a whole stake (``1.00``),
    else cents (``0.50``, ``0.10``): a table at ten cents a point writes ``30.00``, as money
    is written, not ``30.0``."""
    return 0 if stake == stake.to_integral_value() else MOST_DECIMALS


def purse(currency: str, stakes: Iterable[Decimal | None]) -> Purse:
    """A session's purse: its league's currency, else the decimals of its stakes."""
    if currency:
        decimals, unit = cash_unit(currency)
        return Purse(currency, decimals, unit)
    decimals = max((stake_decimals(s) for s in stakes if s), default=0)
    return Purse("", decimals, Decimal(1).scaleb(-decimals))


def reader_locale() -> Locale:
    """The interface's language as Babel knows it (``zh-hant`` → ``zh_Hant``)."""
    return _locale(to_locale(get_language() or "en"))


@cache
def _locale(name: str) -> Locale:
    try:
        return Locale.parse(name)
    except (UnknownLocaleError, ValueError):
        return Locale.parse("en")


def _pattern(locale: Locale, currency: bool, decimals: int) -> NumberPattern:
    """The locale's own pattern for an amount (a currency's, or a plain number's), with
    exactly ``decimals`` decimals."""
    kind = locale.currency_formats["standard"] if currency else locale.decimal_formats[None]
    found = copy.copy(kind if isinstance(kind, NumberPattern) else parse_pattern(str(kind)))
    found.frac_prec = (decimals, decimals)
    return found


def amount_text(
    amount: Decimal, wallet: Purse, signed: bool = False, decimals: int | None = None
) -> str:
    """``₩16,200``, ``16 200 ₩``, ``NT$1,250``, ``12.5``: an amount as the reader writes
    it; with ``signed``, ``+`` or a true minus before it (``−₩16,200``)."""
    places = wallet.decimals if decimals is None else decimals
    locale = reader_locale()
    pattern = _pattern(locale, bool(wallet.currency), places)
    text = str(
        pattern.apply(abs(amount), locale, currency=wallet.currency or None, currency_digits=False)
    )
    if signed and amount > 0:
        return f"+{text}"
    if amount < 0:
        return f"{MINUS}{text}"
    return text


def stake_text(stake: Decimal, wallet: Purse) -> str:
    """A stake per point: in the currency, with the decimals it needs (``€0.50``,
    ``₩1,000``); a plain number whole or with cents (``0.50``, ``1``)."""
    own = stake_decimals(stake)
    return amount_text(
        stake, wallet, decimals=max(wallet.decimals, own) if wallet.currency else own
    )


def short_text(amount: Decimal, wallet: Purse, most: int) -> str:
    """The amount in at most ``most`` characters where it can be: written in full if it
    fits, else as the reader's language shortens it (``+₩360K``, ``+₩36만``)."""
    full = amount_text(amount, wallet, signed=True)
    if len(full) <= most:
        return full
    sign = "+" if amount > 0 else MINUS if amount < 0 else ""
    locale = reader_locale()
    short = full
    for digits in (1, 0):
        if wallet.currency:
            short = format_compact_currency(
                abs(amount), wallet.currency, locale=locale, fraction_digits=digits
            )
        else:
            short = format_compact_decimal(abs(amount), locale=locale, fraction_digits=digits)
        short = f"{sign}{short}"
        if len(short) <= most:
            break
    return short


@dataclass(frozen=True)
class Money:
    """An amount in a purse, written in the reader's language where a page shows it."""

    amount: Decimal
    wallet: Purse
    signed: bool = True  # a player's gain or loss; a payment is written without a sign

    def __str__(self) -> str:
        return amount_text(self.amount, self.wallet, self.signed)

    @property
    def negative(self) -> bool:
        return self.amount < 0


def is_currency(code: str) -> bool:
    return code in _in_use()


@cache
def _in_use() -> frozenset[str]:
    """The ISO 4217 currencies some country pays with today (not the franc or the mark)."""
    found: set[str] = set()
    for entries in get_global("territory_currencies").values():
        for code, _start, end, tender in entries:
            if end is None and tender:
                found.add(code)
    return frozenset(found & set(list_currencies()))


def currency_choices() -> list[tuple[str, str]]:
    """[(code, "KRW · South Korean Won")]: the table currencies first, then every other
    currency in use, by its name in the reader's language."""
    locale = reader_locale()

    def named(code: str) -> tuple[str, str]:
        return code, f"{code} · {get_currency_name(code, locale=locale)}"

    first = [named(code) for code in TABLE_CURRENCIES]
    rest = sorted(
        (named(code) for code in _in_use() if code not in TABLE_CURRENCIES),
        key=lambda choice: choice[1].casefold(),
    )
    return first + rest
