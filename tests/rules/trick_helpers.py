"""Shared plumbing for the trick and legal-play tables.

The tables write cards as one space-separated string ("C5 C9 SA CK HQ") and the
winner as a card code; these helpers turn that into a ``Trick``, ask the engine,
and check the answer against the rules, not against the engine's own helpers.
"""

import pytest

from scoring.rules import Trick, find_variant
from scoring.rules.cards import parse_card
from scoring.rules.errors import IllegalPlay

# Written out here rather than taken from the engine, so a wrong label shows up.
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
JOKER_LABELS = {"BJ": "Big Joker", "LJ": "Little Joker", "JK": "Joker"}


def label(code: str) -> str:
    """How a reason should name a card: ``♥Q``, ``♠10``, ``big joker``."""
    if code in JOKER_LABELS:
        return JOKER_LABELS[code]
    return SYMBOLS[code[0]] + code[1:]


def cards(codes: str) -> tuple:
    return tuple(parse_card(c) for c in codes.split())


def row(test_id: str, plays: str, expected, *, kw=(), **context):
    """One table row: the cards, the expected answer, reason keywords, the rest of the trick."""
    return pytest.param(plays, expected, kw, context, id=test_id)


def make_trick(
    variant: str,
    plays: str,
    *,
    trick: int,
    trump: str | None,
    players: int | None = None,
    options: dict | None = None,
    leader: int = 0,
    lead_suit: str | None = None,
    joker_called: bool = False,
    called: str | None = None,
    contract: str | None = None,
    sitting_out: int | None = None,
):
    v = find_variant(variant)
    played = cards(plays)
    seats = players if players is not None else len(played)
    rules = v.rules(options or {}, seats)
    bid = v.ladder(rules, for_auction=False).parse(contract) if contract is not None else None
    situation = Trick(
        players=seats,
        number=trick,
        plays=played,
        trump=trump,
        leader=leader,
        lead_suit=lead_suit,
        joker_called=joker_called,
        called_card=parse_card(called) if called else None,
        contract=bid,
        sitting_out=sitting_out,
    )
    return v, rules, situation


def judge(variant: str, plays: str, **context):
    v, rules, situation = make_trick(variant, plays, **context)
    return v.judge(situation, rules)


def assert_winner(result, plays: str, expected: str, leader: int, keywords=()):
    codes = plays.split()
    index = codes.index(expected)
    got = (result.card.code, result.play_index, result.winner)
    assert got == (expected, index, (leader + index) % len(codes)), result.reason
    assert_reason(result.reason, expected, keywords)


def assert_reason(reason, winning_code: str, keywords=()):
    # A reason is read aloud at the table: it names the card and, for a special
    # rule, the rule itself (any one of the accepted wordings).
    assert isinstance(reason, str) and reason.strip()
    assert label(winning_code) in reason, reason
    if keywords:
        assert any(k.lower() in reason.lower() for k in keywords), (keywords, reason)


def legal_plays(variant: str, plays: str, hand: str, *, secretary=None, **context):
    """The engine's split of ``hand`` for the next player of the partial trick."""
    extra = {}
    if secretary is not None:
        extra = secretary  # taiwan/hongkong: secretary_ordered and declarer
    context.setdefault("players", 5)
    v, rules, situation = make_trick(variant, plays, **context)
    held = cards(hand)
    return v, rules, situation, held, v.legal_plays(situation, held, rules, **extra), extra


def assert_partition(variant: str, plays: str, hand: str, expected: str, **context):
    """``expected`` (space-separated) is exactly the legal part of ``hand``."""
    v, rules, situation, held, answer, extra = legal_plays(variant, plays, hand, **context)
    want = set(expected.split())
    assert {c.code for c in answer.legal} == want
    assert {c.code for c in answer.illegal} == {c.code for c in held} - want
    for why in answer.illegal.values():
        assert isinstance(why, str) and why.strip()
    # verify_play and can_play must tell the same story card by card.
    for c in held:
        assert v.can_play(situation, held, c, rules, **extra) is (c.code in want), c.code
        if c.code not in want:
            with pytest.raises(IllegalPlay):
                v.verify_play(situation, held, c, rules, **extra)
        else:
            v.verify_play(situation, held, c, rules, **extra)
    return answer
