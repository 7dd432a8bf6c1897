"""House rules grouped by what they change at the table: bidding, the deal and the partner,
the order of the cards, leads and calls, scoring.

A game has up to 34 house rules; a form or a page that lists them in one run is a long
scroll on a phone. Grouped, a reader opens the one concern the table argues about, and
each group says how many of its rules the table changed. Any rule not named here falls
in the last group ("Other"), so a new option still shows; a test names every option.
"""

from collections.abc import Callable, Iterable
from typing import Any, TypeVar, overload

from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

T = TypeVar("T")

CONCERNS = (
    (
        "bidding",
        _("Bidding"),
        (
            "bid_style",
            "auction_order",
            "pass_is_final",
            "min_bid",
            "bid_suit_order",
            "no_trump_bid",
            "all_pass",
            "trump_change_cost",
            "deal_miss",
            "deal_miss_values",
            "deal_miss_penalty",
            "deal_miss_points",
        ),
    ),
    (
        "deal",
        _("Deck, deal and partner"),
        (
            "stripped_deck",
            "joker",
            "sir_garnet",
            "blind_shown",
            "discards_shown",
            "secretary_order",
            "first_trick_friend",
        ),
    ),
    (
        "order",
        _("Card order and special cards"),
        (
            "yoromeki",
            "yoromeki_loses_to_jacks",
            "dq_beats_trump_jack",
            "hunting_jack",
            "same_two",
            "same_two_first_trick",
            "same_two_with_joker",
            "same_two_led_joker",
            "same_two_rank",
            "same_two_in_trump",
            "led_joker_rank",
            "plain_jack_lowest",
            "almighty_is_trump",
            "ura_jack_is_trump",
            "first_trick_specials_plain",
            "first_trick_plain",
            "plain_tricks",
            "plain_trick_specials",
            "first_two_beats_specials",
            "joker_summon",
            "summoned_joker_loses",
            "joker_powerless_first_last",
            "mighty_powerless",
            "ripper_without_call",
            "called_joker_has_power",
            "misere_no_trump",
        ),
    ),
    (
        "play",
        _("Leads, following suit and calls"),
        (
            "first_lead",
            "first_trick_restriction",
            "first_trick_trumps",
            "ripper_first_trick",
            "joker_any_time",
            "ura_jack_any_time",
            "joker_lead_picture_request",
            "joker_call",
            "almighty_call",
            "joker_call_last_trick",
            "mighty_defense",
        ),
    ),
    (
        "scoring",
        _("Scoring"),
        (
            "score_table",
            "four_player_table",
            "formula",
            "payout",
            "nap_scoring",
            "siberian",
            "all_twenty",
            "discards_to",
            "tie",
            "betrayal_friend",
            "alone_doubles",
            "no_trump_doubles",
            "back_run",
            "alone_doubles_failed",
            "bid_20_doubles",
            "bid_20_doubles_failed",
            "failed_pays_back",
            "made_at_least_one",
            "score_values",
        ),
    ),
)
OTHER = ("other", _("Other rules"))
_CONCERN_OF = {name: code for code, _label, names in CONCERNS for name in names}
_ORDER = {name: i for _code, _label, names in CONCERNS for i, name in enumerate(names)}


def concern_of(option: str) -> str:
    return _CONCERN_OF.get(option, OTHER[0])


@overload
def grouped(items: Iterable[str]) -> list[tuple[str, StrPromise, list[str]]]: ...
@overload
def grouped(
    items: Iterable[T], name: Callable[[T], str]
) -> list[tuple[str, StrPromise, list[T]]]: ...
def grouped(
    items: Iterable[Any], name: Callable[[Any], str] = lambda item: item
) -> list[tuple[str, StrPromise, list[Any]]]:
    """``items`` (options, or anything ``name`` reads an option's name from) in their
    concerns, in the order above: ``[(code, label, [item, …]), …]``, empty groups left out."""
    found: dict[str, list[Any]] = {}
    for item in items:
        found.setdefault(concern_of(name(item)), []).append(item)
    out = []
    for code, label in [(c, lbl) for c, lbl, _n in CONCERNS] + [OTHER]:
        if code in found:
            members = sorted(found[code], key=lambda item: _ORDER.get(name(item), 99))
            out.append((code, label, members))
    return out
