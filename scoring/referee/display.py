"""How the referee pages draw cards, calls and suits (codes stay in the query and the API)."""

import re
from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _

from scoring.rules.bids import Bid, Ladder, NapBid
from scoring.rules.cards import NO_TRUMP, SUITS, SYMBOLS, Card, parse_card
from scoring.rules.errors import RulesError

SEP = "."


def split_codes(text: str | None) -> list[str]:
    """``C5.C9.SA`` → ``["C5", "C9", "SA"]`` (commas and spaces are read as separators too)."""
    if not text:
        return []
    return [part for part in re.split(r"[.,\s]+", text) if part]


def join_codes(codes: Iterable[str]) -> str:
    return SEP.join(codes)


def suit_label(code: str) -> str:
    return SYMBOLS.get(code, code)


def card_of(code: str) -> Card | None:
    try:
        return parse_card(code)
    except RulesError:
        return None


def card_view(code: str) -> dict[str, str]:
    """A card code as the page draws it (an unreadable code is shown as typed)."""
    card = card_of(code)
    if card is None:
        return {"code": code, "label": code, "suit": "X"}
    return {"code": card.code, "label": card.label, "suit": card.suit or "J"}


def call_view(ladder: Ladder, code: str) -> dict[str, Any]:
    """A call as a player reads it: ``13♠``, ``3NT``, ``misère``, ``pass``."""
    if code.lower() in ("p", "pass"):
        return {"code": "p", "label": _("pass"), "suit": ""}
    try:
        bid = ladder.parse(code)
    except RulesError:
        return {"code": code, "label": code, "suit": "X"}
    return bid_view(bid)


def bid_view(bid: object) -> dict[str, Any]:
    if isinstance(bid, NapBid):
        return {"code": bid.name, "label": bid.label, "suit": ""}
    if isinstance(bid, Bid):
        if bid.trump is None:
            return {"code": str(bid), "label": str(bid.count), "suit": ""}
        trump = _("NT") if bid.trump == NO_TRUMP else suit_label(bid.trump)
        return {"code": str(bid), "label": f"{bid.count}{trump}", "suit": bid.trump}
    return {"code": str(bid), "label": str(bid), "suit": ""}


def ladder_rows(ladder: Ladder, codes: list[str]) -> list[list[dict[str, Any]]]:
    """The ladder's bids, one row per count (Nap's named calls in one row)."""
    rows: dict[object, list[dict[str, Any]]] = {}
    for code in codes:
        bid = ladder.parse(code)
        rows.setdefault(getattr(bid, "count", None), []).append(bid_view(bid))
    return list(rows.values())


def suit_choices(chosen: str | None, choices: Iterable[str] = SUITS) -> list[dict[str, Any]]:
    return [
        {
            "value": code,
            "label": _("NT") if code == "NT" else suit_label(code),
            "suit": code,
            "checked": (chosen or "").upper() == code,
        }
        for code in choices
    ]
