"""What the history needs to know about a session's game: its score table, and each
contract's level, trump and difficulty. Pure functions over the engine's answers.

A *score table* is a variant with the house rule that sets its scale: Taiwan points
and Mighty points do not mix, nor do Taiwan's table and Hong Kong's, so standings are
kept per score table. Ratings are kept per variant (the skill is the game's, not the
scale's).
"""

import datetime
import json
from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import gettext as _

from scoring.rules import RulesError, find_variant
from scoring.rules.bids import NAP_BIDS, NapBid

# The house rule that changes a variant's points, where there is one.
SCORE_OPTIONS = {
    "taiwan": "score_table",
    "hongkong": "score_table",
    "japanese": "score_table",
    "mighty": "formula",
    "nap": "nap_scoring",
}

# A row's place in the league's history: the session's date, then the session (in the
# order they were started), then the hand. Packed in one sortable integer.
_SESSION_BITS, _NUMBER_BITS = 30, 13
MAX_NUMBER = (1 << _NUMBER_BITS) - 1
MAX_SESSION_ID = (1 << _SESSION_BITS) - 1


def position(date: datetime.date, session_id: int, number: int) -> int:
    if not 0 < number <= MAX_NUMBER or not 0 < session_id <= MAX_SESSION_ID:
        raise ValueError(f"session {session_id} hand {number} is out of the history's range")
    return (
        (date.toordinal() << (_SESSION_BITS + _NUMBER_BITS)) | (session_id << _NUMBER_BITS) | number
    )


def day_start(date: datetime.date) -> int:
    """The first position of a day: rows before it were played on earlier days."""
    return date.toordinal() << (_SESSION_BITS + _NUMBER_BITS)


def position_date(pos: int) -> datetime.date:
    return datetime.date.fromordinal(pos >> (_SESSION_BITS + _NUMBER_BITS))


def score_table(variant_code: str, rules) -> str:
    """The key of the score table a session's hands are scored by: ``taiwan``,
    ``taiwan:hongkong`` (Taiwan's game on Hong Kong's table), ``mighty:pagat``…"""
    option = SCORE_OPTIONS.get(variant_code)
    if option is None:
        return variant_code
    variant = find_variant(variant_code)
    value = getattr(rules, option)
    if value == variant.Rules.spec(option).default:
        return variant_code
    return f"{variant_code}:{value}"


def table_variant(table: str) -> str:
    return table.split(":", 1)[0]


def table_label(table: str) -> str:
    """``Taiwan Napoleon``, or ``Taiwan Napoleon · Score table: hongkong``."""
    code, _sep, value = table.partition(":")
    variant = find_variant(code)
    name = _(variant.name)
    if not value:
        return name
    spec = variant.Rules.spec(SCORE_OPTIONS[code])
    return f"{name} · {spec.label}: {value.replace('_', ' ')}"


def variant_label(code: str) -> str:
    return _(find_variant(code).name)


@dataclass(frozen=True)
class ContractFacts:
    level: str  # "3", "13", or a Nap call ("misere")
    trump: str  # "S", "H", "D", "C", "NT", or "" (Nap: set by the first lead)
    difficulty: float  # 0 = the lowest contract the game allows, 1 = the highest
    needed: int | None  # what the declarer's side must take, in the engine's unit


@lru_cache(maxsize=4096)
def _contract_facts(variant_code: str, options_key: str, players: int, contract: str, target):
    variant = find_variant(variant_code)
    rules = variant.rules(json.loads(options_key), players)
    parsed = variant.parse_contract(contract, rules)
    if isinstance(parsed, NapBid):
        difficulty = (parsed.rank - 1) / (len(NAP_BIDS) - 1)
        return ContractFacts(parsed.name, "", difficulty, target)
    ladder = variant.ladder(rules, for_auction=False)
    span = ladder.high - ladder.low
    difficulty = (parsed.count - ladder.low) / span if span > 0 else 0.5
    difficulty = min(1.0, max(0.0, difficulty))
    needed = target
    if variant_code == "thai" and target is not None:
        # Thai: the side wins with more tricks than the citizens plus the handicap.
        needed = (variant.tricks(players, rules) + target) // 2 + 1
    return ContractFacts(str(parsed.count), parsed.trump or "", difficulty, needed)


def contract_facts(variant_code: str, options: dict, players: int, contract: str, target):
    """The contract's level, trump and difficulty. A contract the engine no longer reads
    (stored under other rules) still counts, as a middling one: the history must never
    stop a hand from being saved."""
    key = json.dumps(options or {}, sort_keys=True)
    try:
        return _contract_facts(variant_code, key, players, contract, target)
    except RulesError:
        return ContractFacts(str(contract)[:12], "", 0.5, target)


def session_table(variant_code: str, options: dict, players: int) -> str:
    """The score table of a session's hands (its variant's, when its rules do not read)."""
    try:
        return score_table(variant_code, find_variant(variant_code).rules(options, players))
    except RulesError:
        return variant_code


def level_sort_key(level: str):
    if level.isdigit():
        return (0, int(level), "")
    return (1, NAP_BIDS[level].rank if level in NAP_BIDS else 99, level)


def level_label(level: str) -> str:
    if level in NAP_BIDS:
        return NAP_BIDS[level].label
    return level


TRUMP_ORDER = ("S", "H", "D", "C", "NT", "")
