"""Illegal plays (record.md §7): reported, never refused. A card the trick alone shows barred;
a play its seat's hand did not allow; a revoke the record itself proves with a card the
seat played later. Each comes with the card that proves it."""

from collections.abc import Sequence
from dataclasses import replace

from scoring.rules.cards import Card
from scoring.rules.errors import RulesError
from scoring.rules.record import reasons
from scoring.rules.record.answer import IllegalPlay, Proof
from scoring.rules.record.model import Game, Record
from scoring.rules.record.walk import Played
from scoring.rules.tricks import LegalPlays

# A card a seat played, and the trick it played it in (None: a card of its hand never played).
Held = tuple[Card, int | None]


def illegal_plays(game: Game, record: Record, played: list[Played]) -> tuple[IllegalPlay, ...]:
    found = []
    for p in played:
        for index, card in enumerate(p.entry.plays):
            if card is None:
                continue
            report = _report(game, record, played, p, index, card)
            if report is not None:
                found.append(report)
    return tuple(found)


def _report(
    game: Game, record: Record, played: list[Played], p: Played, index: int, card: Card
) -> IllegalPlay | None:
    seat = p.seats[index]
    if p.barred is not None and p.barred[0] == index:
        reason = reasons.illegal_by_trick(p.barred[1], seat, card, p.number)
        return IllegalPlay(p.number, seat, index, card, "trick", None, reason)
    if None in p.entry.plays[:index]:
        return None  # the cards before it are unknown: nothing can be asked
    later = [(c, q.number) for q in played[p.index + 1 :] if (c := _play_of(q, seat)) is not None]
    hand = _hand_then(record, played, p, seat)
    if hand is not None:
        by, cards = "hand", hand
    else:
        by, cards = "later_plays", [card, *(c for c, _n in later)]
    answer = _ask(game, record, p, index, cards)
    if answer is None or card in answer.legal:
        return None
    candidates: list[Held] = [(c, n) for c, n in later if c is not card]
    if hand is not None:
        rest = {c for c in hand if c is not card} - {c for c, _n in later}
        candidates += [(c, None) for c in game.in_deck_order(rest)]
    proof = _proof(game, record, p, index, card, candidates)
    why = answer.illegal.get(card, "")
    reason = reasons.illegal_play(seat, card, p.number, why, *(proof or (None, None)))
    held = None if proof is None else Proof(*proof)
    return IllegalPlay(p.number, seat, index, card, by, held, reason)


def _play_of(p: Played, seat: int) -> Card | None:
    position = p.seat_of(seat)
    if position is None or position >= len(p.entry.plays):
        return None
    return p.entry.plays[position]


def _hand_then(record: Record, played: list[Played], p: Played, seat: int) -> list[Card] | None:
    """The cards ``seat`` held when it played to trick ``p`` (§7.2): its given hand less its
    earlier plays, or None when its hand is not given or an earlier play is unknown."""
    hand = record.hands.get(seat)
    if hand is None:
        return None
    earlier = [_play_of(q, seat) for q in played[: p.index]]
    if None in earlier:
        return None
    gone = set(earlier)
    return [c for c in hand if c not in gone]


def _ask(
    game: Game, record: Record, p: Played, index: int, hand: Sequence[Card]
) -> LegalPlays | None:
    """``/legal-plays`` for this trick before ``plays[index]`` and ``hand``; None when the
    question cannot be asked."""
    before = tuple(c for c in p.entry.plays[:index] if c is not None)
    trick = replace(p.context, plays=before)
    variant, rules = game.variant, game.rules
    try:
        if variant.secretary_card:
            ordered = p.entry.secretary_ordered
            return variant.legal_plays(trick, hand, rules, ordered, record.declarer)
        return variant.legal_plays(trick, hand, rules)
    except RulesError:
        return None


def _proof(
    game: Game, record: Record, p: Played, index: int, card: Card, candidates: list[Held]
) -> Held | None:
    """The first card whose presence alone makes the play illegal (§7.4)."""
    for other, trick in candidates:
        answer = _ask(game, record, p, index, (card, other))
        if answer is not None and card not in answer.legal:
            return other, trick
    return None
