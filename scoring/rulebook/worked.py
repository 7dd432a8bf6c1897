"""Score tables and worked examples on the rules pages, each amount scored by the engine.

Every row or example is built from the hands it speaks for (``Hand``): its amounts
are the engine's score of the first one, and its ``check`` lists them all, with
the verdict its words claim (``made``), so that a test can score each again and
compare with the numbers printed. A row that speaks for a range of bids (the chip
table's "11–19") lists hands across the range.
"""

from dataclasses import dataclass

from django.utils.html import format_html
from django.utils.translation import gettext as _

from scoring.rules import HandFacts
from scoring.rules.bids import NAP_BIDS
from scoring.rules.cards import SAME_COLOUR, SUITS
from scoring.rules.errors import RulesError
from scoring.rules.scores import signed
from scoring.rules.variants.mighty import mighty_card, ripper_card

from .facts import Cell, Row, Table, amount, as_check, table_of
from .labels import value_label

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

    def facts(self, variant, rules) -> HandFacts:
        return HandFacts(
            self.players,
            0,
            variant.parse_contract(self.contract, rules),
            1 if self.partner else None,
            declarer_points=self.points,
            tricks=None if self.tricks is None else dict(enumerate(self.tricks)),
            toppled=self.toppled,
        )

    def body(self, variant, rules) -> dict:
        body = {**table_of(variant, rules, self.players), "declarer": 0, "contract": self.contract}
        body["partner"] = 1 if self.partner else None
        if self.points is not None:
            body["declarer_points"] = self.points
        if self.tricks is not None:
            body["tricks"] = {str(seat): n for seat, n in enumerate(self.tricks) if n}
        if self.toppled:
            body["toppled"] = True
        return body


def scored(variant, rules, hands, made=ANY):
    """The engine's score of the first hand, and the check that speaks for all of them."""
    score = variant.score(hands[0].facts(variant, rules), rules)
    check = {"hands": [hand.body(variant, rules) for hand in hands]}
    if made is not ANY:
        check["made"] = made
    return score, as_check("score", check)


def stepped(variant, rules, pairs):
    """How much one more card changes each seat's score, as the engine has it, and its check."""
    before, after = pairs[0]
    a = variant.score(before.facts(variant, rules), rules).deltas
    b = variant.score(after.facts(variant, rules), rules).deltas
    steps = tuple(y - x for x, y in zip(a, b, strict=True))
    check = {"pairs": [[x.body(variant, rules), y.body(variant, rules)] for x, y in pairs]}
    return steps, as_check("step", check)


def role_amounts(deltas, alone, partner_dash=False) -> list[Cell]:
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
    points: int
    target: int
    alone: bool
    made: bool | None
    shares: list[tuple[str, Cell]]  # (role, amount); no partner when alone
    lines: tuple[str, ...]
    players: int = 0
    check: str = ""


def examples(variant, rules, hands, roles) -> list[ScoreExample]:
    """Worked examples for the hands these house rules allow (a bid below the table's lowest
    is left out, not shown as if it were allowed)."""
    out = []
    for hand in hands:
        try:
            out.append(example(variant, rules, hand, roles))
        except RulesError:
            continue
    return out


def example(variant, rules, hand: Hand, roles) -> ScoreExample:
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
        score.lines,
        hand.players,
        check,
    )


# ---- Taiwan and Hong Kong ------------------------------------------------------------


def _exact(level, alone):
    return Hand(f"{level}S", partner=not alone, points=8 + level, players=4)


def taiwan_tables(variant, rules) -> dict:
    """The score table in force, as the engine applies it, split into what a player looks up.

    ``flat``: the amount at exactly the target does not depend on the level (the
    Taiwan table), so one row per case; otherwise a row per level (Hong Kong).
    """
    ladder = variant.ladder(rules, for_auction=False)
    levels = range(ladder.low, ladder.high + 1)

    def deltas(hand):
        return variant.score(hand.facts(variant, rules), rules).deltas

    flat = all(
        len({deltas(_exact(level, alone)) for level in levels}) == 1 for alone in (False, True)
    )
    roles = [_("napoleon"), _("secretary"), _("each defender")]
    if flat:
        made = Table(
            ["", *roles],
            [
                _case(variant, rules, _("standard"), [_exact(lv, False) for lv in levels], True),
                _case(
                    variant, rules, _("dictator (alone)"), [_exact(lv, True) for lv in levels], True
                ),
            ],
            _("Contract made with exactly the target"),
        )
        made_alone = None
    else:
        made = Table(
            [_("level"), _("target"), *roles],
            [_level_row(variant, rules, level, False) for level in levels],
            _("Standard contract made with exactly the target"),
        )
        made_alone = Table(
            [_("level"), _("target"), _("napoleon alone"), _("each defender")],
            [_level_row(variant, rules, level, True) for level in levels],
            _("Dictator contract made with exactly the target"),
        )
    per_card = Table(
        ["", *roles],
        [
            _step_row(variant, rules, _("standard, made"), _("per card over"), False, 1),
            _step_row(variant, rules, _("standard, failed"), _("per card short"), False, -1),
            _step_row(variant, rules, _("dictator, made"), _("per card over"), True, 1),
            _step_row(variant, rules, _("dictator, failed"), _("per card short"), True, -1),
        ],
        _("Added for each point card over the target, or for each card short of it"),
    )
    roles = (_("napoleon"), _("secretary"), _("each defender"))
    hands = [Hand("3H", points=13), Hand("4S", points=9), Hand("2NT", partner=False, points=11)]
    return {
        "flat": flat,
        "made": made,
        "made_alone": made_alone,
        "per_card": per_card,
        "examples": examples(variant, rules, hands, roles),
    }


def _case(variant, rules, label, hands, made=ANY, note=""):
    score, check = scored(variant, rules, hands, made)
    alone = not hands[0].partner
    return Row([Cell(label, note), *role_amounts(score.deltas, alone, partner_dash=True)], check)


def _level_row(variant, rules, level, alone):
    score, check = scored(variant, rules, [_exact(level, alone)], True)
    cells = [Cell(str(level)), Cell(str(score.target), key="target")]
    return Row([*cells, *role_amounts(score.deltas, alone)], check)


def _step_row(variant, rules, label, note, alone, direction):
    """Per card over (``direction`` 1, from the target up) or short (-1, from one short down)."""
    pairs = []
    for level in (1, 4, 7):
        start = 8 + level if direction > 0 else 7 + level
        pairs.append(
            (
                Hand(f"{level}S", partner=not alone, points=start, players=4),
                Hand(f"{level}S", partner=not alone, points=start + direction, players=4),
            )
        )
    steps, check = stepped(variant, rules, pairs)
    cells = [Cell(label, note), *role_amounts(steps, alone, partner_dash=True)]
    return Row(cells, check)


# ---- Japanese chips and wins --------------------------------------------------------


def chip_table(variant, rules, players=5) -> dict:
    """The chip table as the engine pays it (the Japanese game with ``score_table: chips`` too).

    Each row names a range of bids and of picture cards taken; its check lists hands
    across both, so a row that does not hold for its whole range fails the page's test.
    """
    low = variant.ladder(rules, for_auction=False).low
    under = list(dict.fromkeys(b for b in (low, min(max(15, low), 19), 19) if low <= b < 20))

    def hands(pairs, alone=False):
        return [Hand(f"{b}S", partner=not alone, points=p, players=players) for b, p in pairs]

    made_under = [(b, p) for b in under for p in dict.fromkeys((b, 19))]
    cases = []
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
    napoleon, partner, opponent = (_(role) for role in variant.roles)
    head = [_("bid"), _("points taken"), napoleon, partner, _("each {role}").format(role=opponent)]
    alone_made = scored(variant, rules, hands(made_under, alone=True), True) if under else None
    alone_big = scored(variant, rules, hands([(20, 20)], alone=True), True)
    return {
        "table": Table(head, rows, lead=2),
        "alone_made": _pair(alone_made),
        "alone_big": _pair(alone_big),
    }


def _all_twenty(rules) -> tuple[bool, str]:
    """Whether a bid under 20 that takes all 20 picture cards is made, and the words why:
    the Siberian rule, unless the table's ``all_twenty`` house rule settles it."""
    rule = getattr(rules, "all_twenty", "table")
    if rule != "table":
        return rule in ("made", "bonus"), value_label("all_twenty", rule)
    if rules.siberian:
        return False, _("Siberian rule: failed")
    return True, _("no Siberian rule: made")


def _pair(scored_hands):
    """The napoleon's and one opponent's amount for a sentence, each carrying its check."""
    if scored_hands is None:
        return None
    score, check = scored_hands
    last = len(score.deltas) - 1
    return {
        "napoleon": checked_amount(score.deltas[0], 0, check),
        "opponent": checked_amount(score.deltas[last], last, check),
    }


def checked_amount(value: int, seat: int, check: str):
    """An amount inside a sentence, marked with what the engine was asked to get it."""
    return format_html(
        '<span data-example="{}" data-key="seat:{}">{}</span>', check, seat, signed(value)
    )


def wins_examples(variant, rules, players=5):
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


# ---- Thai -----------------------------------------------------------------------------


def thai_outcomes(variant, rules) -> dict:
    """Outcomes for an example handicap, each scored by the engine."""
    tricks_total = variant.tricks(5, rules)
    handicap = max(2, rules.min_bid)
    if (tricks_total + handicap) % 2 and handicap < 9:
        handicap += 1
    tie = (tricks_total + handicap) / 2
    win = int(tie) + 1
    lose = int(tie) - 1 if tie == int(tie) else int(tie)

    def spread(side, napoleon=None):
        napoleon = (side + 1) // 2 if napoleon is None else napoleon
        citizens = tricks_total - side
        c = [citizens // 3 + (1 if i < citizens % 3 else 0) for i in range(3)]
        return (napoleon, side - napoleon, *c)

    contract = f"{handicap}S"
    cases = [(_("the napoleon's side wins"), spread(win), True)]
    if tie == int(tie):
        cases.append((_("a tie"), spread(int(tie)), ANY))
    cases.append((_("the citizens win"), spread(lose), False))
    cases.append((_("betrayal: the friend took more tricks"), spread(win, napoleon=1), False))
    rows = []
    for label, tricks, made in cases:
        score, check = scored(variant, rules, [Hand(contract, tricks=tricks)], made)
        side = tricks[0] + tricks[1]
        note = _(
            "{side} tricks (napoleon {napoleon}, friend {friend}) against {citizens} + {h}"
        ).format(
            side=side,
            napoleon=tricks[0],
            friend=tricks[1],
            citizens=tricks_total - side,
            h=handicap,
        )
        rows.append(Row([Cell(label, note), *_plain(score.deltas)], check))
    toppled, check = scored(variant, rules, [Hand(contract, toppled=True)], False)
    rows.append(Row([Cell(_("toppled on the first trick")), *_plain(toppled.deltas)], check))
    table = Table([_("outcome"), _("napoleon"), _("friend"), _("each citizen")], rows)
    last = len(toppled.deltas) - 1
    toppled_amounts = [
        format_html(
            '<span data-example="{}" data-key="seat:{}">{}</span>',
            check,
            seat,
            toppled.deltas[seat],
        )
        for seat in (0, 1, last)
    ]
    return {"table": table, "handicap": handicap, "toppled": toppled_amounts}


def _plain_cell(deltas, seat):
    return Cell(str(deltas[seat]), key=f"seat:{seat}")


def _plain(deltas):
    return [_plain_cell(deltas, seat) for seat in (0, 1, len(deltas) - 1)]


# ---- The Mighty -----------------------------------------------------------------------


def mighty_specials() -> Table:
    rows = []
    for trump in (*SUITS, "NT"):
        t = None if trump == "NT" else trump
        rows.append(Row([Cell(trump), Cell(mighty_card(t).code), Cell(ripper_card(t).code)]))
    return Table([_("trump"), _("the Mighty"), _("the ripper")], rows)


def same_colour_jacks() -> Table:
    return Table(
        [_("trump"), _("trump jack"), _("same-colour jack")],
        [Row([Cell(s), Cell(s + "J"), Cell(SAME_COLOUR[s] + "J")]) for s in SUITS],
    )


def mighty_examples(variant, rules) -> list[ScoreExample]:
    low = rules.min_bid
    cases = [
        (min(low + 1, 20), "S", min(low + 3, 20), True),
        (min(low + 2, 20), "H", 20, True),
        (min(low + 2, 20), "D", max(low, 10), True),
        (low, "C", min(low + 2, 20), False),
        (min(low + 1, 20), "NT", min(low + 2, 20), True),
        (low, "S", 8, True),
    ]
    roles = (_("declarer"), _("friend"), _("each opponent"))
    hands = [
        Hand(f"{bid}{trump}", partner=partner, points=points)
        for bid, trump, points, partner in cases
    ]
    return examples(variant, rules, hands, roles)


def trump_change(variant, rules) -> dict:
    """What a change of trump does to an example bid, as the engine computes it."""
    base = f"{min(max(rules.min_bid, 14), 20)}S"
    contract = variant.parse_contract(base, rules)
    out = {"base": base}
    for trump, key in (("H", "suit"), ("NT", "no_trump")):
        check = {**table_of(variant, rules, 5), "contract": base, "trump": trump}
        try:
            new = str(variant.change_trump(contract, trump, rules))
        except RulesError:  # the change would go past the top of the ladder
            new = None
        out[key] = {"bid": new, "check": as_check("change", check)} if new else None
    return out


# ---- Nap ----------------------------------------------------------------------------


def nap_calls(variant) -> Table:
    rows = []
    for name, bid in NAP_BIDS.items():
        needs = _("no trick at all") if bid.name == "misere" else str(bid.tricks_needed)
        check = as_check("call", {"variant": variant.code, "call": name})
        rows.append(
            Row(
                [Cell(bid.label), Cell(needs, key="needs"), Cell(str(bid.value), key="value")],
                check,
            )
        )
    return Table([_("call"), _("tricks needed"), _("value")], rows)


def nap_scores(variant, rules, players) -> Table:
    bid = NAP_BIDS["nap"]
    rows = []
    for label, taken, made in ((_("made"), 5, True), (_("failed"), 4, False)):
        tricks = (taken, 5 - taken, *([0] * (players - 2)))
        hand = Hand(bid.name, partner=False, tricks=tricks, players=players)
        score, check = scored(variant, rules, [hand], made)
        rows.append(Row([Cell(label), *role_amounts(score.deltas, True)], check))
    caption = _("A call of {call}, worth {value}, with {players} players").format(
        call=bid.label, value=bid.value, players=players
    )
    return Table(["", _("bidder"), _("each opponent")], rows, caption)


# ---- what a page's template asks for by name ({% worked "chip_table" as chips %}) -----

BUILDERS = {
    "taiwan_tables": lambda variant, rules, players: taiwan_tables(variant, rules),
    "chip_table": lambda variant, rules, players: chip_table(variant, rules, 5),
    "wins_examples": lambda variant, rules, players: wins_examples(variant, rules, 5),
    "thai_outcomes": lambda variant, rules, players: thai_outcomes(variant, rules),
    "mighty_specials": lambda variant, rules, players: mighty_specials(),
    "mighty_examples": lambda variant, rules, players: mighty_examples(variant, rules),
    "trump_change": lambda variant, rules, players: trump_change(variant, rules),
    "same_colour_jacks": lambda variant, rules, players: same_colour_jacks(),
    "nap_calls": lambda variant, rules, players: nap_calls(variant),
    "nap_scores": nap_scores,
}
