"""Numbers and examples on the rules pages, computed by the engine so the pages never disagree with it.

Deck and deal per player count, the bid ladder, every score table and the
worked examples (tricks judged and hands scored) come from ``scoring.rules``;
the templates only lay them out.
"""

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from scoring.rules import HandFacts, Trick, parse_card
from scoring.rules.bids import NAP_BIDS, Bid, SuitLadder
from scoring.rules.cards import SAME_COLOUR, SUITS
from scoring.rules.errors import RulesError
from scoring.rules.scores import signed
from scoring.rules.variants.mighty import mighty_card, ripper_card


@dataclass
class Cell:
    """One table cell: the main text, a small note under it, and whether it is a loss."""

    text: str
    note: str = ""

    @property
    def negative(self) -> bool:
        return self.text.startswith("−")


@dataclass
class Table:
    head: list[str]
    rows: list[list[Cell]]
    caption: str = ""
    lead: int = 1  # how many leading columns hold words (set flush left), not amounts


def amount(value: int) -> Cell:
    return Cell(signed(value))


# ---- deck, deal and bids ---------------------------------------------------------


@dataclass
class DealRow:
    players: int
    deck: int
    hand: int
    blind: int
    tricks: int
    last_three: tuple[int, int]
    rules: object = field(repr=False)


def deal_rows(variant, raw) -> list[DealRow]:
    """One row per player count, each with the house rules as they apply at that count."""
    rows = []
    for players in variant.players:
        rules = variant.rules(raw, players)
        tricks = variant.tricks(players, rules)
        rows.append(
            DealRow(
                players=players,
                deck=len(variant.deck(players, rules)),
                hand=variant.hand_size(players, rules),
                blind=variant.blind_size(players, rules),
                tricks=tricks,
                last_three=(tricks - 2, tricks),
                rules=rules,
            )
        )
    return rows


@dataclass
class LadderFacts:
    low: str
    high: str
    levels: tuple[int, int]
    trumps: list[str]  # strongest first
    suit_example: str = ""  # a legal bid to quote, whatever the table's lowest bid
    nt_example: str = ""


def ladder_facts(variant, rules) -> LadderFacts | None:
    ladder = variant.ladder(rules)
    if not isinstance(ladder, SuitLadder):
        return None
    bids = ladder.ladder()
    ranks = ladder.trump_rank
    return LadderFacts(
        low=bids[0],
        high=bids[-1],
        levels=(ladder.low, ladder.high),
        trumps=sorted(ranks, key=lambda t: -ranks[t]),
        suit_example=f"{min(ladder.low + 1, ladder.high)}S",
        nt_example=f"{ladder.low}NT" if "NT" in ranks else "",
    )


def point_count(variant, rules, players) -> int:
    return len(variant.point_cards(players, rules))


# ---- tricks judged by the engine ---------------------------------------------------


@dataclass
class TrickExample:
    plays: list[str]
    trump: str | None
    number: int
    winner: str
    reason: str
    called: str | None = None
    joker_called: bool = False


def judge(variant, rules, plays, trump, number, called=None, joker_called=False, lead_suit=None):
    """Judge an example trick through the engine; None if the house rules make it impossible."""
    cards = tuple(parse_card(c) for c in plays)
    trick = Trick(
        players=len(cards),
        number=number,
        plays=cards,
        trump=None if trump == "NT" else trump,
        lead_suit=lead_suit,
        joker_called=joker_called,
        called_card=parse_card(called) if called else None,
        contract=None,
    )
    try:
        result = variant.judge(trick, rules)
    except RulesError:
        return None
    return TrickExample(
        plays=list(plays),
        trump=trump,
        number=number,
        winner=result.card.code,
        reason=result.reason,
        called=called,
        joker_called=joker_called,
    )


# ---- Taiwan and Hong Kong ------------------------------------------------------------

_LEVELS = range(1, 9)


def _taiwan_deltas(variant, rules, level, points, alone, players=4):
    facts = HandFacts(
        players, 0, Bid(level, "S"), partner=None if alone else 1, declarer_points=points
    )
    d = variant.score(facts, rules).deltas
    return d[0], None if alone else d[1], d[players - 1]


def taiwan_tables(variant, rules) -> dict:
    """The score table in force, as the engine applies it, split into what a player looks up.

    ``flat``: the amount at exactly the target does not depend on the level (the
    Taiwan table), so one row per case; otherwise a row per level (Hong Kong).
    """
    at_target = {
        alone: {lv: _taiwan_deltas(variant, rules, lv, 8 + lv, alone) for lv in _LEVELS}
        for alone in (False, True)
    }
    per_over = {
        alone: tuple(
            b - a if a is not None else None
            for a, b in zip(
                _taiwan_deltas(variant, rules, 1, 9, alone),
                _taiwan_deltas(variant, rules, 1, 10, alone),
                strict=True,
            )
        )
        for alone in (False, True)
    }
    per_short = {alone: _taiwan_deltas(variant, rules, 1, 8, alone) for alone in (False, True)}
    flat = all(len(set(at_target[alone].values())) == 1 for alone in (False, True))
    dash = Cell("—")

    def row(label, triple, note=""):
        napoleon, secretary, defender = triple
        return [
            Cell(label, note),
            amount(napoleon),
            dash if secretary is None else amount(secretary),
            amount(defender),
        ]

    roles = [_("napoleon"), _("secretary"), _("each defender")]
    if flat:
        made = Table(
            ["", *roles],
            [
                row(_("standard"), at_target[False][1]),
                row(_("dictator (alone)"), at_target[True][1]),
            ],
            _("Contract made with exactly the target"),
        )
        made_alone = None
    else:
        made = Table(
            [_("level"), _("target"), *roles],
            [
                [Cell(str(lv)), Cell(str(8 + lv)), *row("", at_target[False][lv])[1:]]
                for lv in _LEVELS
            ],
            _("Standard contract made with exactly the target"),
        )
        made_alone = Table(
            [_("level"), _("target"), _("napoleon alone"), _("each defender")],
            [
                [Cell(str(lv)), Cell(str(8 + lv)), amount(t[0]), amount(t[2])]
                for lv, t in at_target[True].items()
            ],
            _("Dictator contract made with exactly the target"),
        )
    per_card = Table(
        ["", *roles],
        [
            row(_("standard, made"), per_over[False], _("per card over")),
            row(_("standard, failed"), per_short[False], _("per card short")),
            row(_("dictator, made"), per_over[True], _("per card over")),
            row(_("dictator, failed"), per_short[True], _("per card short")),
        ],
        _("Added for each point card over the target, or for each card short of it"),
    )
    examples = [
        _taiwan_example(variant, rules, 3, "H", 13, alone=False),
        _taiwan_example(variant, rules, 4, "S", 9, alone=False),
        _taiwan_example(variant, rules, 2, "NT", 11, alone=True),
    ]
    return {
        "flat": flat,
        "made": made,
        "made_alone": made_alone,
        "per_card": per_card,
        "examples": examples,
    }


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


def _shares(deltas, alone, roles) -> list[tuple[str, Cell]]:
    """The declarer's, the partner's (unless alone) and one opponent's amount, with role names."""
    declarer, partner, opponent = roles
    shares = [(declarer, amount(deltas[0]))]
    if not alone:
        shares.append((partner, amount(deltas[1])))
    shares.append((opponent, amount(deltas[-1])))
    return shares


def _taiwan_example(variant, rules, level, trump, points, alone, players=5):
    facts = HandFacts(
        players, 0, Bid(level, trump), partner=None if alone else 1, declarer_points=points
    )
    score = variant.score(facts, rules)
    roles = (_("napoleon"), _("secretary"), _("each defender"))
    shares = _shares(score.deltas, alone, roles)
    return ScoreExample(
        f"{level}{trump}", points, 8 + level, alone, score.made, shares, score.lines, players
    )


# ---- Japanese chips -----------------------------------------------------------------


def chip_table(variant, rules, players=5) -> dict:
    """The chip table as the engine pays it (the Japanese game with ``score_table: chips`` too)."""

    def deltas(bid, points, alone=False):
        facts = HandFacts(
            players, 0, Bid(bid, "S"), partner=None if alone else 1, declarer_points=points
        )
        return variant.score(facts, rules).deltas

    # The under-20 rows start at the table's lowest bid (11 unless a house rule says).
    low = variant.ladder(rules, for_auction=False).low
    under = f"{low}–19" if low < 19 else "19"
    bid = min(max(15, low), 19)
    cases = [
        (under, _("the bid or more, under 20"), bid, min(bid + 2, 19)),
        (under, _("fewer than the bid"), bid, bid - 3),
        (under, _("all 20"), bid, 20),
    ]
    cases = cases if low < 20 else []
    cases += [
        ("20", "20", 20, 20),
        ("20", _("fewer than 20"), 20, 18),
    ]
    rows = []
    for bid_text, points_text, bid, points in cases:
        d = deltas(bid, points)
        note = ""
        if bid < 20 and points == 20:
            note = _("Siberian rule: failed") if d[0] < 0 else _("no Siberian rule: made")
        rows.append(
            [Cell(bid_text), Cell(points_text, note), amount(d[0]), amount(d[1]), amount(d[-1])]
        )
    napoleon, partner, opponent = (_(role) for role in variant.roles)
    table = Table(
        [
            _("bid"),
            _("points taken"),
            napoleon,
            partner,
            _("each {role}").format(role=opponent),
        ],
        rows,
        lead=2,
    )
    alone_made = deltas(bid, min(bid + 2, 19), alone=True)
    alone_big = deltas(20, 20, alone=True)
    return {
        "table": table,
        "alone_made": (alone_made[0], alone_made[-1]),
        "alone_big": (alone_big[0], alone_big[-1]),
    }


def wins_examples(variant, rules, players=5):
    """The Japanese win count: who scores a win when the bid is made or not."""
    out = []
    for points, alone in ((14, False), (11, False), (15, True)):
        facts = HandFacts(
            players, 0, Bid(13, "H"), partner=None if alone else 1, declarer_points=points
        )
        score = variant.score(facts, rules)
        roles = (_("napoleon"), _("adjutant"), _("each opponent"))
        shares = _shares(score.deltas, alone, roles)
        out.append(ScoreExample("13H", points, 13, alone, score.made, shares, score.lines, players))
    return out


# ---- Thai -----------------------------------------------------------------------------


def thai_outcomes(variant, rules) -> dict:
    """Outcomes for an example handicap, each scored by the engine."""
    tricks_total = 10
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
        return {0: napoleon, 1: side - napoleon, 2: c[0], 3: c[1], 4: c[2]}

    def score(tricks=None, toppled=False):
        facts = HandFacts(5, 0, Bid(handicap, "S"), partner=1, tricks=tricks, toppled=toppled)
        return variant.score(facts, rules)

    cases = [(_("the napoleon's side wins"), spread(win))]
    if tie == int(tie):
        cases.append((_("a tie"), spread(int(tie))))
    cases.append((_("the citizens win"), spread(lose)))
    cases.append((_("betrayal: the friend took more tricks"), spread(win, napoleon=1)))
    rows = []
    for label, tricks in cases:
        s = score(tricks)
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
        rows.append([Cell(label, note), *_thai_cells(s.deltas)])
    toppled = score(toppled=True)
    rows.append([Cell(_("toppled on the first trick")), *_thai_cells(toppled.deltas)])
    table = Table([_("outcome"), _("napoleon"), _("friend"), _("each citizen")], rows)
    return {"table": table, "handicap": handicap, "toppled": toppled.deltas}


def _thai_cells(deltas):
    return [Cell(str(deltas[0])), Cell(str(deltas[1])), Cell(str(deltas[-1]))]


# ---- The Mighty -----------------------------------------------------------------------


def mighty_specials() -> Table:
    rows = []
    for trump in (*SUITS, "NT"):
        t = None if trump == "NT" else trump
        rows.append([Cell(trump), Cell(mighty_card(t).code), Cell(ripper_card(t).code)])
    return Table([_("trump"), _("the Mighty"), _("the ripper")], rows)


def mighty_examples(variant, rules) -> list[ScoreExample]:
    low = rules.min_bid
    cases = [
        (min(low + 1, 20), "S", min(low + 3, 20), False),
        (min(low + 2, 20), "H", 20, False),
        (min(low + 2, 20), "D", max(low, 10), False),
        (low, "C", min(low + 2, 20), True),
        (min(low + 1, 20), "NT", min(low + 2, 20), False),
        (low, "S", 8, False),
    ]
    out = []
    for bid, trump, points, alone in cases:
        facts = HandFacts(
            5, 0, Bid(bid, trump), partner=None if alone else 1, declarer_points=points
        )
        score = variant.score(facts, rules)
        roles = (_("declarer"), _("friend"), _("each opponent"))
        shares = _shares(score.deltas, alone, roles)
        out.append(
            ScoreExample(f"{bid}{trump}", points, bid, alone, score.made, shares, score.lines, 5)
        )
    return out


def trump_change(variant, rules) -> dict:
    """What a change of trump does to an example bid, as the engine computes it."""
    base = Bid(min(max(rules.min_bid, 14), 20), "S")
    out = {"base": str(base)}
    for trump, key in (("H", "suit"), ("NT", "no_trump")):
        try:
            out[key] = str(variant.change_trump(base, trump, rules))
        except RulesError:
            out[key] = None
    return out


# ---- Nap ----------------------------------------------------------------------------


def nap_calls() -> Table:
    rows = []
    for bid in NAP_BIDS.values():
        needs = _("no trick at all") if bid.name == "misere" else str(bid.tricks_needed)
        rows.append([Cell(bid.label), Cell(needs), Cell(str(bid.value))])
    return Table([_("call"), _("tricks needed"), _("value")], rows)


def nap_scores(variant, rules, players) -> Table:
    bid = NAP_BIDS["nap"]
    rows = []
    for label, taken in ((_("made"), 5), (_("failed"), 4)):
        tricks = {0: taken, 1: 5 - taken}
        facts = HandFacts(players, 0, bid, partner=None, tricks=tricks)
        d = variant.score(facts, rules).deltas
        rows.append([Cell(label), amount(d[0]), amount(d[-1])])
    caption = _("A call of {call}, worth {value}, with {players} players").format(
        call=bid.label, value=bid.value, players=players
    )
    return Table(["", _("bidder"), _("each opponent")], rows, caption)


def same_colour_jacks() -> Table:
    return Table(
        [_("trump"), _("trump jack"), _("same-colour jack")],
        [[Cell(s), Cell(s + "J"), Cell(SAME_COLOUR[s] + "J")] for s in SUITS],
    )


# ---- example tricks, per variant -------------------------------------------------------


def trick_examples(variant, rules) -> dict:
    """Tricks that show the special rules at work, judged by the engine with these house rules."""
    code = variant.code
    if code in ("taiwan", "hongkong"):
        return _taiwan_tricks(variant, rules)
    if code == "japanese":
        yoromeki = rules.yoromeki if rules.yoromeki != "off" else "HQ"
        return {
            "almighty": judge(variant, rules, ["HK", "SA", "HJ", "DJ"], "H", 3),
            "jacks": judge(variant, rules, ["H10", "DJ", "HA", "HJ"], "H", 3),
            "yoromeki": judge(variant, rules, ["SA", yoromeki, "S5", "S9"], "H", 5),
            "same_two": judge(variant, rules, ["C5", "CK", "C2", "C9"], "H", 3),
            "joker_lead": judge(variant, rules, ["JK", "H5", "H9", "D3"], "H", 4),
            "first_trick": judge(variant, rules, ["D5", "SA", "DK", "D9"], "H", 1),
        }
    if code == "japanese-chip":
        yoromeki = rules.yoromeki if rules.yoromeki != "off" else "HQ"
        return {
            "first_trick": judge(variant, rules, ["D5", "DK", "HJ", "H2", "DQ"], "H", 1),
            "almighty": judge(variant, rules, ["HK", "SA", "HJ", "DJ", "H2"], "H", 3),
            "yoromeki": judge(variant, rules, ["SA", yoromeki, "S5", "S9", "S3"], "H", 4),
            "same_two": judge(variant, rules, ["C5", "CK", "C2", "C9", "CA"], "H", 3),
        }
    if code == "thai":
        return {
            "first_two": judge(variant, rules, ["H5", "HK", "H2", "HQ", "H9"], "S", 1),
            "first_two_specials": judge(variant, rules, ["S5", "SK", "S2", "SJ", "S9"], "S", 1),
            "first_offsuit": judge(variant, rules, ["H5", "HK", "H2", "D4", "H9"], "S", 1),
            "toppling": judge(variant, rules, ["C4", "C2", "C6", "C3", "C5"], "S", 1),
            "almighty": judge(variant, rules, ["DK", "SA", "SJ", "CJ", "D2"], "S", 3),
        }
    if code == "mighty":
        return {
            "mighty": judge(variant, rules, ["HK", "SA", "JK", "H2", "H9"], "H", 3),
            "joker": judge(variant, rules, ["HK", "JK", "HA", "H2", "H9"], "H", 3),
            "ripper": judge(
                variant, rules, ["C3", "JK", "CK", "C9", "H2"], "H", 4, joker_called=True
            ),
            "joker_lead": judge(
                variant, rules, ["JK", "D4", "D9", "C2", "S5"], "H", 5, lead_suit="D"
            ),
            "last": judge(variant, rules, ["SK", "JK", "S2", "S9", "SQ"], "H", 10),
        }
    if code == "nap":
        return {
            "first": judge(variant, rules, ["D9", "DK", "S2", "DA"], "D", 1),
            "trump": judge(variant, rules, ["C5", "CK", "D2", "C9"], "D", 2),
        }
    return {}


def _taiwan_tricks(variant, rules):
    examples = {
        "jokers": judge(variant, rules, ["SK", "S3", "H2", "LJ"], "H", 2),
        "secretary": judge(variant, rules, ["SA", "D7", "BJ", "S2"], "H", 4, called="D7"),
        "last_three": judge(variant, rules, ["CK", "BJ", "C3", "H4"], "H", 13),
        "late_joker": judge(variant, rules, ["LJ", "S2", "D5", "C9"], "H", 12, lead_suit="S"),
        "summon": None,
    }
    if rules.joker_summon == "lead_first_three":
        examples["summon"] = judge(
            variant, rules, ["H2", "S4", "BJ", "H9"], "H", 1, joker_called=True
        )
    elif rules.joker_summon == "any_play":
        examples["summon"] = judge(variant, rules, ["HK", "H2", "BJ", "H5"], "H", 6)
    return examples
