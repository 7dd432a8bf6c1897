"""The engine's answers in the API's wire format (api.md): cards and calls by their codes,
seats as numbers, by-seat objects keyed by the seat written as a string."""

from scoring.rules.auction import AuctionState, DealMiss
from scoring.rules.scores import Score
from scoring.rules.tricks import LegalPlays, TrickResult


def trick(result: TrickResult) -> dict[str, object]:
    answer: dict[str, object] = {
        "winner": result.winner,
        "card": result.card.code,
        "play_index": result.play_index,
        "reason": result.reason,
    }
    if result.toppled:
        answer["toppled"] = True
    return answer


def legal_plays(answer: LegalPlays) -> dict[str, object]:
    return {
        "legal": [c.code for c in answer.legal],
        "illegal": {c.code: reason for c, reason in answer.illegal.items()},
    }


def auction(state: AuctionState) -> dict[str, object]:
    answer: dict[str, object] = {
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


def score(result: Score) -> dict[str, object]:
    return {
        "made": result.made,
        "target": result.target,
        "declarer_points": result.declarer_points,
        "deltas": {str(seat): delta for seat, delta in enumerate(result.deltas)},
        "sum": result.total,
        "lines": list(result.lines),
    }


def deal_miss(judged: DealMiss) -> dict[str, object]:
    return {
        "qualifies": judged.qualifies,
        "value": judged.value,
        "max": judged.max,
        "reason": judged.reason,
    }
