"""Score tables and worked examples on the rules pages, each amount scored by the engine.

Every row or example is built from the hands it speaks for (``Hand``): its amounts
are the engine's score of the first one, and its ``check`` lists them all, with
the verdict its words claim (``made``), so that a test can score each again and
compare with the numbers printed. A row that speaks for a range of bids (the chip
table's "11–19") lists hands across the range.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scoring import rulings
from scoring.rulebook.facts import Cell, amount, as_check, score_of, table_of
from scoring.rules import HandFacts, Variant
from scoring.rules.errors import RulesError
from scoring.rules.options import TableRules
from scoring.words.labels import page_lines

ANY = object()  # no verdict claimed: the words do not say made or failed


@dataclass(frozen=True)
class Hand:
    """A hand as the score tool takes it: seat 0 declares, seat 1 is the partner."""

    contract: str
    partner: bool = True
    points: int | None = None
    tricks: tuple[int, ...] | None = None  # by seat
    toppled: bool = False
    players: int = 5

    def facts(self, variant: Variant[Any], rules: TableRules) -> HandFacts:
        return HandFacts(
            self.players,
            0,
            variant.parse_contract(self.contract, rules),
            1 if self.partner else None,
            declarer_points=self.points,
            tricks=None if self.tricks is None else dict(enumerate(self.tricks)),
            toppled=self.toppled,
        )

    def body(self, variant: Variant[Any], rules: TableRules) -> dict[str, Any]:
        body = {**table_of(variant, rules, self.players), "declarer": 0, "contract": self.contract}
        body["partner"] = 1 if self.partner else None
        if self.points is not None:
            body["declarer_points"] = self.points
        if self.tricks is not None:
            body["tricks"] = {str(seat): n for seat, n in enumerate(self.tricks) if n}
        if self.toppled:
            body["toppled"] = True
        return body


def scored(
    variant: Variant[Any], rules: TableRules, hands: Sequence[Hand], made: object = ANY
) -> tuple[rulings.Score, str]:
    """The engine's score of the first hand, and the check that speaks for all of them."""
    score = score_of(variant, rules, hands[0].facts(variant, rules))
    check: dict[str, object] = {"hands": [hand.body(variant, rules) for hand in hands]}
    if made is not ANY:
        check["made"] = made
    return score, as_check("score", check)


def stepped(
    variant: Variant[Any], rules: TableRules, pairs: Sequence[tuple[Hand, Hand]]
) -> tuple[tuple[int, ...], str]:
    """How much one more card changes each seat's score, as the engine has it, and its check."""
    before, after = pairs[0]
    a = score_of(variant, rules, before.facts(variant, rules)).deltas
    b = score_of(variant, rules, after.facts(variant, rules)).deltas
    steps = tuple(y - x for x, y in zip(a, b, strict=True))
    check = {"pairs": [[x.body(variant, rules), y.body(variant, rules)] for x, y in pairs]}
    return steps, as_check("step", check)


def role_amounts(deltas: Sequence[int], alone: bool, partner_dash: bool = False) -> list[Cell]:
    """The declarer's, the partner's (or a dash) and the last seat's amount, keyed by seat."""
    last = len(deltas) - 1
    cells = [amount(deltas[0], 0)]
    if not alone:
        cells.append(amount(deltas[1], 1))
    elif partner_dash:
        cells.append(Cell("—"))
    cells.append(amount(deltas[last], last))
    return cells


@dataclass
class ScoreExample:
    contract: str
    points: int | None
    target: int
    alone: bool
    made: bool | None
    shares: list[tuple[str, Cell]]  # (role, amount); no partner when alone
    lines: list[str]
    players: int = 0
    check: str = ""


def examples(
    variant: Variant[Any], rules: TableRules, hands: Sequence[Hand], roles: Sequence[str]
) -> list[ScoreExample]:
    """Worked examples for the hands these house rules allow (a bid below the table's lowest
    is left out, not shown as if it were allowed)."""
    out = []
    for hand in hands:
        try:
            out.append(example(variant, rules, hand, roles))
        except RulesError:
            continue
    return out


def example(
    variant: Variant[Any], rules: TableRules, hand: Hand, roles: Sequence[str]
) -> ScoreExample:
    score, check = scored(variant, rules, [hand])
    cells = role_amounts(score.deltas, not hand.partner)
    names = roles if hand.partner else (roles[0], roles[2])
    return ScoreExample(
        hand.contract,
        score.declarer_points,
        score.target,
        not hand.partner,
        score.made,
        list(zip(names, cells, strict=True)),
        page_lines(score.lines, variant, hand.players, rules),
        hand.players,
        check,
    )
