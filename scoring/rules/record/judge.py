"""Judging a whole hand record (record.md): each trick in turn, then the record as a whole,
then the answer with its standing, its illegal plays, its score and its notation."""

from typing import Any

from scoring.rules.cards import NO_TRUMP, Card
from scoring.rules.options import TableRules
from scoring.rules.record import canonical, partner, points, revokes, standing
from scoring.rules.record.answer import PartnerView, RecordAnswer, TrickView
from scoring.rules.record.model import Game, Record
from scoring.rules.record.reasons import entered
from scoring.rules.record.sentence import Reason, written
from scoring.rules.record.walk import Played, Walk
from scoring.rules.variants.base import Variant


def judge_record(
    variant: Variant[Any], players: int, rules: TableRules, record: Record
) -> RecordAnswer:
    """Every trick judged, the partner found, the standing counted and, once the hand is
    over, the score; raises the first fault in the order of record.md §6.1."""
    game = Game(variant, players, rules)
    walk = Walk(game, record)
    played = walk.run()
    if record.rest_fault is not None:
        raise record.rest_fault
    points.settle(game, record, played)
    found = partner.find(game, record, played)
    known = standing.discarded(game, record, played)
    standing.check_discard_count(game, record, known)
    standing.check_claim(game, record, played)
    return _answer(game, record, played, walk, found, known)


def _answer(
    game: Game,
    record: Record,
    played: list[Played],
    walk: Walk,
    found: PartnerView,
    known: tuple[Any, ...],
) -> RecordAnswer:
    held = standing.standing(game, record, played, known)
    options = canonical.options(game)
    sides = standing.sides(game, record, found, held, known) if found.known else None
    facts = score = None
    if held.complete and found.known:
        toppled = any(p.toppled for p in played)
        facts = standing.facts(game, record, found, held, known, toppled)
        score = game.variant.score(facts, game.rules)
    return RecordAnswer(
        variant=game.variant.code,
        players=game.players,
        declarer=record.declarer,
        contract=record.contract,
        trump=_trump(game, walk),
        called_card=record.called_card,
        partner=found,
        tricks=tuple(_view(game, p) for p in played),
        tricks_won=held.tricks_won,
        captured=held.captured,
        discards=known,
        claimed=held.claimed,
        sides=sides,
        illegal_plays=revokes.illegal_plays(game, record, played),
        complete=held.complete,
        next=None if held.complete else standing.next_play(game, record, played),
        auction=None if record.auction is None else record.auction.state,
        options=options,
        facts=facts,
        score=score,
        notation=canonical.notation(game, record, options),
    )


def _trump(game: Game, walk: Walk) -> str | None:
    """The hand's trump: ``NT`` for none; Nap's is None while its first lead is unknown."""
    if not walk.trump_known:
        return None
    return NO_TRUMP if walk.trump is None else walk.trump


def _view(game: Game, p: Played) -> TrickView:
    entry = p.entry
    plays = entry.plays
    winner = p.winner if entry.finished else None
    index = None if winner is None else p.seats.index(winner)
    card: Card | None
    reason: Reason | None
    if p.result is not None:
        card, reason = p.result.card, (written(p.result.reason),)
    else:
        card = entry.plays[index] if index is not None and index < len(entry.plays) else None
        reason = entered(p.number, winner, p.toppled) if entry.finished else None
    return TrickView(
        number=p.number,
        leader=p.leader,
        seats=p.seats,
        plays=plays,
        finished=entry.finished,
        judged=p.result is not None,
        winner=winner,
        card=card,
        play_index=index,
        reason=reason,
        points=p.points or () if entry.finished else (),
        toppled=p.toppled,
    )
