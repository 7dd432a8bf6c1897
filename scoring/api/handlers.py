"""The rulings and the variants list, as plain functions from a JSON body to a JSON answer.

No Django here: the views add HTTP around these, the benchmark calls them directly.
Each reads the body into a typed question (``scoring.rulings``, the facade the pages
share), asks it, and writes the answer in the wire format of api.md. Errors are the
engine's ``RulesError`` subclasses, each with its field.
"""

from collections.abc import Callable
from typing import Any

from scoring import rulings
from scoring.api import record_wire, wire
from scoring.rules import VARIANTS
from scoring.rules.i18n import _
from scoring.rules.options import TableRules
from scoring.rules.variants import Variant

__all__ = [
    "auction",
    "deal_miss",
    "legal_plays",
    "record",
    "score",
    "trick",
    "variants",
]


def variants() -> dict[str, object]:
    return {"variants": [_describe(v) for v in VARIANTS.values()]}


def _describe(variant: Variant[Any]) -> dict[str, object]:
    rules = {n: variant.rules(None, n) for n in variant.players}

    def per_count(measure: Callable[[int, TableRules], int]) -> dict[str, int]:
        return {str(n): measure(n, rules[n]) for n in variant.players}

    first = rules[variant.players[0]]
    return {
        "code": variant.code,
        "name": _(variant.name),
        "description": _(variant.description),
        "players": list(variant.players),
        "deck_size": per_count(lambda n, r: len(variant.deck(n, r))),
        "hand_size": per_count(variant.hand_size),
        "blind_size": per_count(variant.blind_size),
        "tricks": per_count(variant.tricks),
        "point_cards": [
            c.code
            for c in variant.deck(variant.players[0], first)
            if c in variant.point_cards(variant.players[0], first)
        ],
        "options": [spec.as_json(variant.players) for spec in variant.Rules.api_specs()],
    }


# ---- the rulings ---------------------------------------------------------------


def trick(data: object) -> dict[str, object]:
    fields = rulings.Fields(data)
    question = rulings.read_trick_question(fields, rulings.read_table(fields))
    return wire.trick(rulings.judge(question))


def legal_plays(data: object) -> dict[str, object]:
    fields = rulings.Fields(data)
    question = rulings.read_legal_plays_question(fields, rulings.read_table(fields))
    return wire.legal_plays(rulings.legal_plays(question))


def auction(data: object) -> dict[str, object]:
    fields = rulings.Fields(data)
    question = rulings.read_auction_question(fields, rulings.read_table(fields))
    return wire.auction(rulings.auction(question))


def score(data: object) -> dict[str, object]:
    fields = rulings.Fields(data)
    question = rulings.read_score_question(fields, rulings.read_table(fields))
    return wire.score(rulings.score(question))


def deal_miss(data: object) -> dict[str, object]:
    """May this dealt hand call a deal miss (the Mighty's weak-hand redeal)?"""
    fields = rulings.Fields(data)
    question = rulings.read_deal_miss_question(fields, rulings.read_deal_miss_table(fields))
    return wire.deal_miss(rulings.deal_miss(question))


def record(data: object) -> dict[str, object]:
    """A hand's play judged trick by trick, with its partner, standing and score (record.md);
    ``{"notation": "…"}`` stands for the record's fields."""
    fields = rulings.record_fields(data)
    question = rulings.read_record_question(fields, rulings.read_table(fields))
    return record_wire.record(rulings.record(question))
