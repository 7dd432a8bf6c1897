"""The Mighty's deal miss (딜미스): may this dealt hand call for a
new deal? Each card adds its count; a hand totalling at most ``max`` may."""

from collections.abc import Iterable, Mapping

from scoring.rules.auction import DealMiss
from scoring.rules.cards import ACE, JACK, JOKER, KING, QUEEN, Card, card
from scoring.rules.i18n import _

POINT_RANKS = frozenset({ACE, KING, QUEEN, JACK})
SPADE_ACE = card("SA")  # the trump is not known at the deal: ♠A counts as the Mighty


def card_count(played: Card, values: Mapping[str, int]) -> int | None:
    """What one dealt card adds, or None for a card that does not count at all."""
    if played is JOKER:
        return values["joker"]
    if played is SPADE_ACE:
        return values["mighty"]
    if played.rank == 10:
        return values["ten"]
    if played.rank in POINT_RANKS:
        return values["point"]
    return None


def judge(hand: Iterable[Card], values: Mapping[str, int]) -> DealMiss:
    counted = [(c, n) for c in hand if (n := card_count(c, values)) is not None]
    total = sum(n for _c, n in counted)
    most = values["max"]
    listed = ", ".join(f"{c.label} {_number(n)}" for c, n in counted) or _("no card counts")
    if total <= most:
        verdict = _("{cards}: {value} is at most {max}, so a deal miss may be called")
    else:
        verdict = _("{cards}: {value} is more than {max}, so no deal miss may be called")
    reason = verdict.format(cards=listed, value=_number(total), max=_number(most))
    return DealMiss(total <= most, total, most, reason)


def _number(n: int) -> str:
    return str(n).replace("-", "−")
