"""The Mighty's score, as its rules page states it: the formula and the numbers in force.

A table may choose another formula, change what doubles and set its own numbers
(``score_values``, the doublings); the page's sentences quote them from here rather than
printing the seed's, so what a player reads is what the app scores.
"""

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext as _

from scoring.rules.variants.mighty import Mighty, MightyRules


def _made_formula(formula: str, numbers: Mapping[str, int], rules: MightyRules) -> str:
    """S (or the unit) for a made contract, written as a formula (no words to translate)."""
    base = numbers.get("base")
    if formula == "pagat":
        return f"{numbers['bid_weight']} × (B − {base}) + (P − B)"
    if formula == "pagat_pm":
        return f"P − {rules.min_bid}"
    if formula == "pagat_pm1":
        return f"P − {rules.min_bid} + 1"
    return f"P − {base}"


def _back_run_when(rule: str) -> str:
    return {
        "opponents_11": _("the opponents took 11 points or more"),
        "opponents_10": _("the opponents took 10 points or more"),
        "opponents_reach_bid": _("the opponents took as many points as the bid, or more"),
    }.get(rule, "")


def _turned(amounts: Iterable[int]) -> list[int]:
    return [-amount for amount in amounts]


def mighty_terms(variant: Mighty, rules: MightyRules, players: int) -> dict[str, Any]:
    numbers = variant.coefficients(players, rules)
    shares = (numbers["declarer"], numbers["friend"], numbers["opponent"])
    alone = (numbers["alone_declarer"], numbers["alone_opponent"])
    return {
        "seed": rules.formula == "seed",
        "made": _made_formula(rules.formula, numbers, rules),
        "failed": f"B − {numbers['base']}" if rules.formula == "seed" else "B − P",
        "shares": list(shares),
        "shares_failed": _turned(shares),
        "alone": list(alone),
        "alone_failed": _turned(alone),
        "run": numbers["run_multiplier"],
        "back_run": numbers["back_run_multiplier"],
        "back_run_when": _back_run_when(rules.back_run),
        "bid_20": numbers["bid_20_multiplier"] if rules.bid_20_doubles else None,
        "no_trump": numbers.get("no_trump_multiplier"),
        "no_trump_made_only": rules.no_trump_doubles == "made_only",
        "alone_times": numbers.get("alone_multiplier") if rules.alone_doubles else None,
    }
