"""The quick count's discards, where a house rule has them raise the target.

Under Taiwan's ``discards_to: target`` (rules-house.md §8.10.1) the point cards among the
napoleon's discards count for neither side: each raises the target by one. The quick
count then also takes those cards (the engine's ``discards``), ticked beside the count.
The variant says where that rule holds; everywhere else none of this is drawn, and a hand
whose discards held no point card still costs no tap.
"""

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.rules import Card, HandFacts, Score, Variant
from scoring.rules.cards import parse_card

FIELD = "discards"  # as the API and the stored hand name them


def asks_discards(variant: Variant[Any], rules: Any) -> bool:
    """Whether the quick count takes the napoleon's discarded point cards too."""
    return not variant.counts_tricks and variant.discards_raise_target(rules)


def discards_field(variant: Variant[Any], players: int, rules: Any) -> forms.Field | None:
    """The discarded point cards, as tick boxes: the whole deck may be posted, so that a
    card that is no point card is the engine's to refuse, in its own words."""
    if not asks_discards(variant, rules):
        return None
    choices = [(card.code, card.label) for card in variant.deck(players, rules)]
    label = legend(variant, players, rules)
    return forms.MultipleChoiceField(label=label, required=False, choices=choices)


def legend(variant: Variant[Any], players: int, rules: Any) -> str:
    return _("Point cards among the napoleon's discards (at most %(count)s)") % {
        "count": variant.blind_size(players, rules)
    }


def quick_discards(data: dict[str, Any]) -> tuple[Card, ...]:
    """The cards ticked, as posted (the engine refuses a card given twice)."""
    return tuple(parse_card(code) for code in data.get(FIELD) or ())


def result_words(
    variant: Variant[Any], players: int, rules: Any, score: Score, facts: HandFacts
) -> str:
    """``12 (target 11)``: the side's result against the target this hand's score was
    worked out with; where discarded point cards raised it, they are named:
    ``9 (target 13 with 2 discarded point cards)``."""
    if score.declarer_points is None:
        return ""
    needed = variant.needed_to_make(score.target, players, rules)
    if needed is None:
        return str(score.declarer_points)
    numbers = {"result": score.declarer_points, "needed": needed}
    raised = len(facts.discards) if variant.discards_raise_target(rules) else 0
    if not raised:
        return _("%(result)s (target %(needed)s)") % numbers
    return ngettext(
        "%(result)s (target %(needed)s with %(count)s discarded point card)",
        "%(result)s (target %(needed)s with %(count)s discarded point cards)",
        raised,
    ) % {**numbers, "count": raised}
