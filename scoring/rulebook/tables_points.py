"""The point-card games' score tables on the rules pages: Taiwan and Hong Kong, the chip table,
the Japanese win count. Each row is scored by the engine and carries its check (``worked``)."""

from collections.abc import Sequence
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from scoring import rulings
from scoring.rulebook.facts import Cell, Row, Table, score_of
from scoring.rulebook.worked import (
    ANY,
    Hand,
    ScoreExample,
    examples,
    role_amounts,
    scored,
    stepped,
)
from scoring.rules.japanese.options import ChipRules, JapaneseRules
from scoring.rules.options import TableRules
from scoring.rules.scores import signed
from scoring.rules.variants.base import Variant
from scoring.rules.variants.japanese import JapaneseFamily, JapaneseNapoleon
from scoring.rules.variants.taiwan import TaiwanNapoleon, TaiwanRules
from scoring.words.labels import value_label

# ---- Taiwan and Hong Kong ------------------------------------------------------------


def _exact(level: int, alone: bool, players: int) -> Hand:
    return Hand(f"{level}S", partner=not alone, points=8 + level, players=players)


def taiwan_tables(variant: TaiwanNapoleon, rules: TaiwanRules, players: int = 5) -> dict[str, Any]:
    """The score table in force, as the engine applies it, split into what a player looks up.

    ``flat``: the amount at exactly the target does not depend on the level (the
    Taiwan table), so one row per case; otherwise a row per level (Hong Kong).
    """
    ladder = variant.ladder(rules, for_auction=False)
    levels = range(ladder.low, ladder.high + 1)

    def deltas(hand: Hand) -> tuple[int, ...]:
        return score_of(variant, rules, hand.facts(variant, rules)).deltas

    flat = all(
        len({deltas(_exact(level, alone, players)) for level in levels}) == 1
        for alone in (False, True)
    )
    head = [_("napoleon"), _("secretary"), _("each defender")]
    made, made_alone = _made_tables(variant, rules, levels, flat, head, players)
    per_card = Table(
        ["", *head],
        [
            _step_row(variant, rules, _("standard, made"), _("per card over"), False, 1, players),
            _step_row(
                variant, rules, _("standard, failed"), _("per card short"), False, -1, players
            ),
            _step_row(variant, rules, _("dictator, made"), _("per card over"), True, 1, players),
            _step_row(
                variant, rules, _("dictator, failed"), _("per card short"), True, -1, players
            ),
        ],
        _("Added for each point card over the target, or for each card short of it"),
    )
    roles = (_("napoleon"), _("secretary"), _("each defender"))
    hands = [
        Hand("3H", points=13, players=players),
        Hand("4S", points=9, players=players),
        # A dictator's no-trump hand, unless no-trump bids are barred (``no_trump_bid: off``).
        Hand(f"2{_dictator_trump(variant, rules)}", partner=False, points=11, players=players),
    ]
    return {
        "flat": flat,
        "made": made,
        "made_alone": made_alone,
        "per_card": per_card,
        "failed_fixed": _failed_fixed(variant, rules, players),
        "examples": examples(variant, rules, hands, roles),
    }


def _dictator_trump(variant: TaiwanNapoleon, rules: TaiwanRules) -> str:
    return "NT" if "NT" in variant.trump_choices(rules) else "S"


def _failed_fixed(
    variant: TaiwanNapoleon, rules: TaiwanRules, players: int
) -> dict[str, str] | None:
    """A failed hand's fixed amounts (a table's own numbers), signed, or None when all are 0."""
    values = variant.coefficients(players, rules)
    names = {
        "napoleon": "standard_failed_napoleon",
        "secretary": "standard_failed_secretary",
        "defender": "standard_failed_defender",
        "dictator": "dictator_failed_napoleon",
        "dictator_defender": "dictator_failed_defender",
    }
    if not any(values[name] for name in names.values()):
        return None
    return {key: signed(values[name]) for key, name in names.items()}


def _made_tables(
    variant: Variant[Any],
    rules: TableRules,
    levels: range,
    flat: bool,
    roles: list[str],
    players: int,
) -> tuple[Table, Table | None]:
    """What a contract made with exactly the target pays: one row per case when the level
    does not matter (Taiwan), else a row per level, standard and dictator (Hong Kong)."""
    if flat:
        rows = [
            _case(
                variant, rules, _("standard"), [_exact(lv, False, players) for lv in levels], True
            ),
            _case(
                variant,
                rules,
                _("dictator (alone)"),
                [_exact(lv, True, players) for lv in levels],
                True,
            ),
        ]
        return Table(["", *roles], rows, _("Contract made with exactly the target")), None
    made = Table(
        [_("level"), _("target"), *roles],
        [_level_row(variant, rules, level, False, players) for level in levels],
        _("Standard contract made with exactly the target"),
    )
    made_alone = Table(
        [_("level"), _("target"), _("napoleon alone"), _("each defender")],
        [_level_row(variant, rules, level, True, players) for level in levels],
        _("Dictator contract made with exactly the target"),
    )
    return made, made_alone


def _case(
    variant: Variant[Any],
    rules: TableRules,
    label: str,
    hands: Sequence[Hand],
    made: object = ANY,
    note: str = "",
) -> Row:
    score, check = scored(variant, rules, hands, made)
    alone = not hands[0].partner
    return Row([Cell(label, note), *role_amounts(score.deltas, alone, partner_dash=True)], check)


def _level_row(
    variant: Variant[Any], rules: TableRules, level: int, alone: bool, players: int
) -> Row:
    score, check = scored(variant, rules, [_exact(level, alone, players)], True)
    cells = [Cell(str(level)), Cell(str(score.target), key="target")]
    return Row([*cells, *role_amounts(score.deltas, alone)], check)


def _step_row(
    variant: Variant[Any],
    rules: TableRules,
    label: str,
    note: str,
    alone: bool,
    direction: int,
    players: int,
) -> Row:
    """Per card over (``direction`` 1, from the target up) or short (-1, from one short down)."""
    pairs = []
    for level in (1, 4, 7):
        start = 8 + level if direction > 0 else 7 + level
        pairs.append(
            (
                Hand(f"{level}S", partner=not alone, points=start, players=players),
                Hand(f"{level}S", partner=not alone, points=start + direction, players=players),
            )
        )
    steps, check = stepped(variant, rules, pairs)
    cells = [Cell(label, note), *role_amounts(steps, alone, partner_dash=True)]
    return Row(cells, check)


# ---- Japanese chips and wins --------------------------------------------------------


def chip_table(
    variant: JapaneseFamily[Any], rules: JapaneseRules | ChipRules, players: int = 5
) -> dict[str, Any]:
    """The chip table as the engine pays it (the Japanese game with ``score_table: chips`` too).

    Each row names a range of bids and of picture cards taken; its check lists hands
    across both, so a row that does not hold for its whole range fails the page's test.
    """
    low = variant.ladder(rules, for_auction=False).low
    under = list(dict.fromkeys(b for b in (low, min(max(15, low), 19), 19) if low <= b < 20))

    def hands(pairs: Sequence[tuple[int, int]], alone: bool = False) -> list[Hand]:
        return [Hand(f"{b}S", partner=not alone, points=p, players=players) for b, p in pairs]

    made_under = [(b, p) for b in under for p in dict.fromkeys((b, 19))]
    cases: list[tuple[str, str, list[tuple[int, int]], bool]] = []
    if under:
        label = f"{low}–19" if low < 19 else "19"
        short = [(b, p) for b in under for p in dict.fromkeys((0, b - 1)) if p < b]
        cases += [
            (label, _("the bid or more, under 20"), made_under, True),
            (label, _("fewer than the bid"), short, False),
            (label, _("all 20"), [(b, 20) for b in under], _all_twenty(rules)[0]),
        ]
    cases += [
        ("20", "20", [(20, 20)], True),
        ("20", _("fewer than 20"), [(20, 19), (20, 0)], False),
    ]
    rows = []
    for bid_text, points_text, pairs, made in cases:
        if not pairs:
            continue
        score, check = scored(variant, rules, hands(pairs), made)
        note = ""
        if pairs[0][0] < 20 and pairs[0][1] == 20:
            note = _all_twenty(rules)[1]
        rows.append(
            Row(
                [Cell(bid_text), Cell(points_text, note), *role_amounts(score.deltas, False)], check
            )
        )
    napoleon, partner, opponent = variant.role_words()
    head = [_("bid"), _("points taken"), napoleon, partner, _("each {role}").format(role=opponent)]
    alone_made = scored(variant, rules, hands(made_under, alone=True), True) if under else None
    alone_big = scored(variant, rules, hands([(20, 20)], alone=True), True)
    return {
        "table": Table(head, rows, lead=2),
        "alone_made": _pair(alone_made),
        "alone_big": _pair(alone_big),
    }


def _all_twenty(rules: JapaneseRules | ChipRules) -> tuple[bool, str]:
    """Whether a bid under 20 that takes all 20 picture cards is made, and the words why:
    the Siberian rule, unless the table's ``all_twenty`` house rule settles it."""
    rule = getattr(rules, "all_twenty", "table")
    if rule != "table":
        return rule in ("made", "bonus"), value_label("all_twenty", rule)
    if rules.siberian:
        return False, _("Siberian rule: failed")
    return True, _("no Siberian rule: made")


def _pair(scored_hands: tuple[rulings.Score, str] | None) -> dict[str, SafeString] | None:
    """The napoleon's and one opponent's amount for a sentence, each carrying its check."""
    if scored_hands is None:
        return None
    score, check = scored_hands
    last = len(score.deltas) - 1
    return {
        "napoleon": checked_amount(score.deltas[0], 0, check),
        "opponent": checked_amount(score.deltas[last], last, check),
    }


def checked_amount(value: int, seat: int, check: str) -> SafeString:
    """An amount inside a sentence, marked with what the engine was asked to get it."""
    return format_html(
        '<span data-example="{}" data-key="seat:{}">{}</span>', check, seat, signed(value)
    )


def wins_examples(
    variant: JapaneseNapoleon, rules: JapaneseRules, players: int = 5
) -> list[ScoreExample]:
    """The Japanese win count: who scores a win when the bid is made or not."""
    roles = (_("napoleon"), _("adjutant"), _("each opponent"))
    bid = min(max(13, variant.ladder(rules, for_auction=False).low), 20)
    cases = ((min(bid + 1, 20), True), (max(bid - 2, 0), True), (min(bid + 2, 20), False))
    return examples(
        variant,
        rules,
        [
            Hand(f"{bid}H", partner=partner, points=points, players=players)
            for points, partner in cases
        ],
        roles,
    )
