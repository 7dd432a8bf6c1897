"""The checks of one trick's situation (record.md §6.3, §5.4): marks that assert what cannot
be, the judgment of a trick whose cards are all known, and Thai's toppled first trick."""

from dataclasses import replace

from scoring.rules.cards import Card
from scoring.rules.errors import IllegalPlay, IllegalTrick, RulesError
from scoring.rules.record import faults
from scoring.rules.record.model import Entry, Game, Record
from scoring.rules.tricks import Trick, TrickResult
from scoring.rules.variants.base import Variant

TOPPLING = frozenset({2, 3, 4, 5, 6})


def check_marks(game: Game, record: Record, index: int, entry: Entry, context: Trick) -> None:
    """A mark the trick cannot have is refused (``joker_called``, ``secretary_ordered``,
    Nap's ``trump``, ``toppled``, a killed seat as ``winner``)."""
    if entry.joker_called:
        _check_joker_call(game, index, entry, context)
    if entry.secretary_ordered:
        _check_order(game, record, index, context)
    lead = entry.plays[0] if entry.plays else None
    if game.variant.trump_from_lead and index == 0 and entry.trump is not None and lead:
        _check_first_trump(game, replace(context, plays=(lead,), trump=entry.trump))
    if entry.toppled and not (game.variant.can_topple and index == 0):
        raise faults.toppled_elsewhere(index)
    if entry.winner is not None and entry.winner == record.sitting_out:
        raise faults.killed("win", entry.winner, faults.trick_path(index, "winner"))


def _check_joker_call(game: Game, index: int, entry: Entry, context: Trick) -> None:
    variant, rules = game.variant, game.rules
    lead = entry.plays[0] if entry.plays else None
    if entry.seen:
        probe = replace(context, plays=tuple(c for c in entry.plays if c is not None))
        allowed = variant.joker_call_allowed(probe, rules)
    elif lead is not None:
        probe = replace(context, plays=(lead,))
        allowed = variant.joker_call_allowed(probe, rules)
    else:
        # The lead is unknown: only what any lead would break is refused.
        callers = variant.joker_callers(context, rules)
        allowed = any(
            variant.joker_call_allowed(replace(context, plays=(c,)), rules) for c in callers
        )
        probe = replace(context, plays=callers[:1])
    if not allowed:
        refusal = variant.joker_call_refusal(probe, rules)
        raise IllegalTrick.composed_by_engine(refusal, faults.trick_path(index, "joker_called"))


def _check_order(game: Game, record: Record, index: int, context: Trick) -> None:
    if not game.variant.secretary_card:
        raise faults.no_secretary(index)
    try:
        game.variant.legal_plays(context, (), game.rules, True, record.declarer)
    except IllegalPlay as error:
        error.field = faults.trick_path(index, "secretary_ordered")
        raise


def _check_first_trump(game: Game, probe: Trick) -> None:
    try:
        game.variant.verify_trick(probe, game.rules)
    except IllegalTrick as error:
        error.field = faults.trick_path(0, "trump")
        raise


def judge(game: Game, index: int, trick: Trick) -> tuple[TrickResult, tuple[int, str] | None]:
    """``/trick``'s answer, and the play the trick alone shows barred (reported, not refused:
    the trick is judged as though that card had been allowed)."""
    variant, rules = game.variant, game.rules
    try:
        return variant.judge(trick, rules), None
    except IllegalTrick as error:
        if not error.field.startswith("plays["):
            raise _at(index, error) from None
        barred = (int(error.field[len("plays[") : -1]), error.message)
    try:
        Variant.verify_trick(variant, trick, rules)  # what every trick is checked for
        return variant.winner(trick, rules), barred
    except RulesError as error:
        raise _at(index, error) from None


def _at(index: int, error: RulesError) -> RulesError:
    error.field = faults.trick_path(index, error.field)
    return error


def compare(game: Game, index: int, entry: Entry, result: TrickResult) -> tuple[Card, ...]:
    """The judged trick's point cards; a given winner or points must agree with them."""
    known = tuple(c for c in entry.plays if c is not None)
    points = game.in_deck_order(c for c in known if c in game.point_cards)
    if entry.winner is not None and entry.winner != result.winner:
        raise faults.winner_disagrees(index, result.winner, entry.winner, result.reason)
    if entry.points is not None and set(entry.points) != set(points):
        raise faults.points_disagree(index, points)
    return points


def toppled(game: Game, index: int, entry: Entry, result: TrickResult | None) -> bool:
    """Whether Thai's first trick toppled the napoleon, as judged or as entered (§5.4)."""
    if not (game.variant.can_topple and index == 0 and entry.finished):
        return False
    if result is not None:
        if entry.toppled is not None and entry.toppled != result.toppled:
            raise faults.toppled_disagrees(result.toppled)
        return result.toppled
    if not entry.toppled:
        return False
    known = entry.known
    for card in known:
        if card.suit != known[0].suit or card.rank not in TOPPLING:
            raise faults.not_toppling(card)
    return True
