"""The four rulings and the variants list, as plain functions from a JSON body to a JSON answer.

No Django here: the views add HTTP around these, the benchmark calls them
directly. Errors are the engine's ``RulesError`` subclasses, each with its field.
"""

from scoring.rules import VARIANTS, find_variant
from scoring.rules.i18n import _

from .body import MISSING, Body
from .deal import read_dealt_hand
from .play import SECRETARY_VARIANTS, read_hand, read_trick
from .result import TRICK_VARIANTS, read_facts

__all__ = [
    "SECRETARY_VARIANTS",
    "TRICK_VARIANTS",
    "auction",
    "deal_miss",
    "legal_plays",
    "score",
    "trick",
]


def variants() -> dict:
    return {"variants": [_describe(v) for v in VARIANTS.values()]}


def _describe(variant) -> dict:
    rules = {n: variant.rules(None, n) for n in variant.players}

    def per_count(measure):
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
        "options": [spec.as_json(variant.players) for spec in variant.Rules.specs()],
    }


# ---- shared reading ------------------------------------------------------------


def read_table(body: Body):
    variant = find_variant(body.raw("variant", required=True))
    players = variant.verify_players(body.raw("players", required=True))
    options = body.raw("options")
    rules = variant.rules(None if options is MISSING else options, players)
    return variant, players, rules


# ---- the rulings ---------------------------------------------------------------


def trick(data: object) -> dict:
    body = Body(data)
    variant, players, rules = read_table(body)
    situation = read_trick(body, variant, players, rules, complete=True)
    result = variant.judge(situation, rules)
    answer = {
        "winner": result.winner,
        "card": result.card.code,
        "play_index": result.play_index,
        "reason": result.reason,
    }
    if result.toppled:
        answer["toppled"] = True
    return answer


def legal_plays(data: object) -> dict:
    body = Body(data)
    variant, players, rules = read_table(body)
    situation = read_trick(body, variant, players, rules, complete=False)
    hand = read_hand(body, variant, players, rules, situation)
    context = {}
    if variant.code in SECRETARY_VARIANTS:
        context = {
            "secretary_ordered": body.flag("secretary_ordered"),
            "declarer": body.optional_seat("declarer", players),
        }
    variant.verify_trick(situation, rules)
    answer = variant.legal_plays(situation, hand, rules, **context)
    return {
        "legal": [c.code for c in answer.legal],
        "illegal": {c.code: reason for c, reason in answer.illegal.items()},
    }


def auction(data: object) -> dict:
    body = Body(data)
    variant, players, rules = read_table(body)
    calls = body.array("calls")
    dealer = first = None
    if variant.code == "mighty":
        first = body.optional_seat("first", players)
    free = getattr(rules, "auction_order", None) == "free"
    if first is None and not free:
        dealer = body.seat("dealer", players)
    seats = {
        name: _seat_or_null(body, name, players) for name in variant.auction_seat_fields(rules)
    }
    state = variant.auction(players, calls, rules, dealer=dealer, first=first, **seats)
    answer = {
        "complete": state.complete,
        "next": state.next,
        "declarer": state.declarer,
        "contract": None if state.contract is None else str(state.contract),
        "redeal": state.redeal,
    }
    if not state.complete:
        answer["best"] = None if state.best is None else str(state.best)
    if state.deal_miss is not None:
        answer["deal_miss"] = state.deal_miss
    return answer


def _seat_or_null(body: Body, name: str, players: int) -> int | None:
    """A field that must be present, holding a seat or null (rules-house.md §8.9)."""
    body.raw(name, required=True)
    return body.optional_seat(name, players)


def score(data: object) -> dict:
    body = Body(data)
    variant, players, rules = read_table(body)
    facts = read_facts(body, variant, players, rules)
    result = variant.score(facts, rules)
    return {
        "made": result.made,
        "target": result.target,
        "declarer_points": result.declarer_points,
        "deltas": {str(seat): delta for seat, delta in enumerate(result.deltas)},
        "sum": result.total,
        "lines": list(result.lines),
    }


def deal_miss(data: object) -> dict:
    """May this dealt hand call a deal miss (the Mighty, rules-house.md §8.5.3)?"""
    body = Body(data)
    variant, players, rules = read_table(body)
    hand = read_dealt_hand(body, variant, players, rules)
    judged = variant.deal_miss(players, hand, rules)
    return {
        "qualifies": judged.qualifies,
        "value": judged.value,
        "max": judged.max,
        "reason": judged.reason,
    }
