"""Asking the engine a question: each ruling from the variant, under the table's rules."""

from scoring.rules.auction import AuctionState, DealMiss
from scoring.rules.record import RecordAnswer, judge_record
from scoring.rules.scores import Score
from scoring.rules.tricks import LegalPlays, TrickResult
from scoring.rulings.questions import (
    AuctionQuestion,
    DealMissQuestion,
    LegalPlaysQuestion,
    RecordQuestion,
    ScoreQuestion,
    TrickQuestion,
)


def judge(question: TrickQuestion) -> TrickResult:
    """Who wins the trick, with the reason; raises when the trick alone breaks a rule."""
    table = question.table
    return table.variant.judge(question.trick, table.rules)


def legal_plays(question: LegalPlaysQuestion) -> LegalPlays:
    """The cards of the hand that may be played now, and why each other one may not."""
    table = question.table
    variant = table.variant
    variant.verify_trick(question.trick, table.rules)
    if not variant.secretary_card:
        return variant.legal_plays(question.trick, question.hand, table.rules)
    return variant.legal_plays(
        question.trick,
        question.hand,
        table.rules,
        secretary_ordered=question.secretary_ordered,
        declarer=question.declarer,
    )


def auction(question: AuctionQuestion) -> AuctionState:
    """Where the auction stands; raises on the first call the rules refuse (``calls[i]``)."""
    table = question.table
    return table.variant.auction(
        table.players,
        list(question.calls),
        table.rules,
        dealer=question.dealer,
        first=question.first,
        **question.seats,
    )


def score(question: ScoreQuestion) -> Score:
    """Every seat's score for the hand, one line per rule applied."""
    table = question.table
    return table.variant.score(question.facts, table.rules)


def deal_miss(question: DealMissQuestion) -> DealMiss:
    """Whether the dealt hand may call a deal miss, with its count."""
    table = question.table
    return table.variant.deal_miss(table.players, list(question.hand), table.rules)


def record(question: RecordQuestion) -> RecordAnswer:
    """The hand record judged: each trick, the partner, the illegal plays, the standing and,
    once the hand is over, its score; raises the record's first fault."""
    table = question.table
    return judge_record(table.variant, table.players, table.rules, question.record)
