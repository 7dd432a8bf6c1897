"""What the history needs to know about a session's game: its score table, and each
contract's level, trump, difficulty and what it needs. Pure functions over the engine's
answers: the variant object says which house rule picks its score table and what a
contract needs, so nothing here names a variant.

A *score table* is a variant with the house rule that sets its scale: Taiwan points
and Mighty points do not mix, nor do Taiwan's table and Hong Kong's, so standings are
kept per score table. Ratings are kept per variant (the skill is the game's, not the
scale's).
"""

import json
from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import gettext as _

from scoring.rules import VARIANTS, RulesError, find_variant
from scoring.rules.bids import NAP_BIDS, NapBid, SuitLadder


def table_option(variant_code: str) -> tuple[str, str] | None:
    """(the house rule that picks the variant's score table, its default value), or None
    when the variant has a single table."""
    variant = VARIANTS.get(variant_code)
    option = variant.score_table_option if variant else None
    if variant is None or option is None:
        return None
    return option, variant.Rules.spec(option).default


def table_key(variant_code: str, value: object) -> str:
    """The key of a score table: ``taiwan``, ``taiwan:hongkong`` (Taiwan's game on Hong
    Kong's table), ``mighty:pagat``… from the value of the variant's table rule."""
    option = table_option(variant_code)
    if option is None or value is None or value == option[1]:
        return variant_code
    return f"{variant_code}:{value}"


def score_table(variant_code: str, options: object) -> str:
    """The score table of a session's hands, from its stored house rules."""
    option = table_option(variant_code)
    if option is None or not isinstance(options, dict):
        return variant_code
    return table_key(variant_code, options.get(option[0]))


def table_variant(table: str) -> str:
    return table.split(":", 1)[0]


def table_label(table: str) -> str:
    """``Taiwan Napoleon``, or ``Taiwan Napoleon · Score table: hongkong``."""
    code, _sep, value = table.partition(":")
    variant = find_variant(code)
    name = _(variant.name)
    if not value:
        return name
    spec = variant.Rules.spec(variant.score_table_option)
    return f"{name} · {spec.label}: {value.replace('_', ' ')}"


def variant_label(code: str) -> str:
    return _(find_variant(code).name)


def variant_rank(code: str) -> int:
    """Where a variant comes in lists: the engine's registry order."""
    order = list(VARIANTS)
    return order.index(code) if code in order else len(order)


@dataclass(frozen=True)
class ContractFacts:
    level: str  # "3", "13", or a Nap call ("misere")
    trump: str  # "S", "H", "D", "C", "NT", or "" (Nap: set by the first lead)
    difficulty: float  # 0 = the lowest contract the game allows, 1 = the highest
    needed: int | None  # what the declarer's side must take, in the engine's unit


@lru_cache(maxsize=4096)
def _contract_facts(
    variant_code: str, options_key: str, players: int, contract: str, target: int | None
) -> ContractFacts:
    variant = find_variant(variant_code)
    rules = variant.rules(json.loads(options_key), players)
    parsed = variant.parse_contract(contract, rules)
    if isinstance(parsed, NapBid):
        difficulty = (parsed.rank - 1) / (len(NAP_BIDS) - 1)
        return ContractFacts(parsed.name, "", difficulty, target)
    ladder = variant.ladder(rules, for_auction=False)
    if not isinstance(ladder, SuitLadder):  # only Nap names its calls, read above
        return ContractFacts(str(parsed), "", 0.5, target)
    span = ladder.high - ladder.low
    difficulty = (parsed.count - ladder.low) / span if span > 0 else 0.5
    difficulty = min(1.0, max(0.0, difficulty))
    needed = variant.needed_to_make(target, players, rules)
    return ContractFacts(str(parsed.count), parsed.trump or "", difficulty, needed)


def options_key(options: object) -> str:
    return json.dumps(options or {}, sort_keys=True)


def contract_facts(
    variant_code: str, options: object, players: int, contract: str, target: int | None
) -> ContractFacts:
    """The contract's level, trump and difficulty. A contract the engine no longer reads
    (stored under other rules) still counts, as a middling one: the history must never
    fail on a stored hand. ``options`` is a session's house rules, or their
    ``options_key`` (cheaper when many hands share them)."""
    key = options if isinstance(options, str) else options_key(options)
    try:
        return _contract_facts(variant_code, key, players, contract, target)
    except RulesError:
        return ContractFacts(str(contract)[:12], "", 0.5, target)


def level_sort_key(level: str) -> tuple[int, int, str]:
    if level.isdigit():
        return (0, int(level), "")
    return (1, NAP_BIDS[level].rank if level in NAP_BIDS else 99, level)


def level_label(level: str) -> str:
    if level in NAP_BIDS:
        return NAP_BIDS[level].label
    return level


TRUMP_ORDER = ("S", "H", "D", "C", "NT", "")
