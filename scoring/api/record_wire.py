"""A judged hand record in the API's wire format (record.md §8): cards by their codes, seats
as numbers, by-seat objects keyed by the seat written as a string, sentences with codes."""

from collections.abc import Iterable, Mapping

from scoring.api import wire
from scoring.rules.cards import Card
from scoring.rules.record import (
    IllegalPlay,
    PartnerView,
    Reason,
    RecordAnswer,
    Side,
    TrickView,
    render,
)
from scoring.rules.scores import HandFacts
from scoring.rules.sentences import CODES


def record(answer: RecordAnswer) -> dict[str, object]:
    claimed = answer.claimed
    return {
        "variant": answer.variant,
        "players": answer.players,
        "declarer": answer.declarer,
        "contract": str(answer.contract),
        "trump": answer.trump,
        "called_card": _code(answer.called_card),
        "partner": _partner(answer.partner),
        "tricks": [_trick(t) for t in answer.tricks],
        "tricks_won": {str(seat): n for seat, n in enumerate(answer.tricks_won)},
        "captured": {str(seat): _codes(c) for seat, c in enumerate(answer.captured)},
        "discards": _codes(answer.discards),
        "claimed": None
        if claimed is None
        else {"seat": claimed.seat, "tricks": claimed.tricks, "points": _codes(claimed.points)},
        "sides": None if answer.sides is None else _sides(*answer.sides),
        "illegal_plays": [_illegal(i) for i in answer.illegal_plays],
        "complete": answer.complete,
        "next": None
        if answer.next is None
        else {"trick": answer.next.trick, "seat": answer.next.seat},
        "auction": None if answer.auction is None else wire.auction(answer.auction),
        "score_request": None if answer.facts is None else _score_request(answer, answer.facts),
        "score": None if answer.score is None else wire.score(answer.score),
        "notation": answer.notation,
    }


def _code(card: Card | None) -> str | None:
    return None if card is None else card.code


def _codes(cards: Iterable[Card | None]) -> list[str | None]:
    return [_code(c) for c in cards]


def _text(reason: Reason) -> str:
    return render(reason, CODES)


def _partner(view: PartnerView) -> dict[str, object]:
    return {
        "seat": view.seat,
        "alone": view.alone,
        "known": view.known,
        "revealed": view.revealed,
        "by": view.by,
        "reason": view.reason.render(CODES),
    }


def _trick(view: TrickView) -> dict[str, object]:
    return {
        "number": view.number,
        "leader": view.leader,
        "seats": list(view.seats),
        "plays": _codes(view.plays),
        "finished": view.finished,
        "judged": view.judged,
        "winner": view.winner,
        "card": _code(view.card),
        "play_index": view.play_index,
        "reason": None if view.reason is None else _text(view.reason),
        "points": _codes(view.points),
        "toppled": view.toppled,
    }


def _sides(declarer: Side, defenders: Side) -> dict[str, object]:
    def side(s: Side) -> dict[str, object]:
        return {"seats": list(s.seats), "tricks": s.tricks, "points": s.points}

    return {"declarer": side(declarer), "defenders": side(defenders)}


def _illegal(play: IllegalPlay) -> dict[str, object]:
    proof = play.proved_by
    return {
        "trick": play.trick,
        "seat": play.seat,
        "play_index": play.play_index,
        "card": play.card.code,
        "by": play.by,
        "proved_by": None if proof is None else {"card": proof.card.code, "trick": proof.trick},
        "reason": _text(play.reason),
    }


def _score_request(answer: RecordAnswer, facts: HandFacts) -> dict[str, object]:
    """The ``/score`` request for this result (§5.5)."""
    request: dict[str, object] = {
        "variant": answer.variant,
        "players": answer.players,
        "options": _json(answer.options),
        "declarer": facts.declarer,
        "contract": str(facts.contract),
        "partner": facts.partner,
    }
    if facts.sitting_out is not None:
        request["sitting_out"] = facts.sitting_out
    if facts.captured is not None:
        request["captured"] = {str(s): _codes(c) for s, c in sorted(facts.captured.items())}
        request["discards"] = _codes(facts.discards)
    elif facts.toppled:
        request["toppled"] = True
    else:
        request["tricks"] = {str(s): n for s, n in sorted((facts.tricks or {}).items())}
    return request


def _json(options: Mapping[str, object]) -> dict[str, object]:
    return {
        name: dict(value) if isinstance(value, Mapping) else value
        for name, value in options.items()
    }
