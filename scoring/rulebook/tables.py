"""The trick games' and the Mighty's tables on the rules pages (Thai outcomes, the Mighty's
examples and specials, Nap's calls and scores), and the names a page's template asks for."""

from collections.abc import Callable, Sequence
from typing import Any

from django.utils.html import format_html
from django.utils.translation import gettext as _

from scoring.rulebook.facts import Cell, Row, Table, as_check, score_of, table_of
from scoring.rulebook.mighty_terms import mighty_terms
from scoring.rulebook.tables_points import chip_table, taiwan_tables, wins_examples
from scoring.rulebook.worked import ANY, Hand, ScoreExample, examples, role_amounts, scored
from scoring.rules.bids import FULL_NAP, Bid, NapBid
from scoring.rules.cards import SAME_COLOUR, SUITS
from scoring.rules.errors import RulesError
from scoring.rules.variants.mighty import Mighty, MightyRules, mighty_card, ripper_card
from scoring.rules.variants.nap import Nap, NapRules
from scoring.rules.variants.thai import ThaiNapoleon, ThaiRules

# An outcome: its words, the tricks by seat, and the verdict the words claim.
Case = tuple[str, tuple[int, ...], object]

# ---- Thai -----------------------------------------------------------------------------


def thai_outcomes(variant: ThaiNapoleon, rules: ThaiRules) -> dict[str, Any]:
    """Outcomes for an example handicap, each scored by the engine."""
    tricks_total = variant.tricks(5, rules)
    handicap = max(2, rules.min_bid)
    if (tricks_total + handicap) % 2 and handicap < 9:
        handicap += 1
    tie = (tricks_total + handicap) / 2
    win = int(tie) + 1
    lose = int(tie) - 1 if tie == int(tie) else int(tie)

    def spread(side: int, napoleon: int | None = None) -> tuple[int, ...]:
        napoleon = (side + 1) // 2 if napoleon is None else napoleon
        citizens = tricks_total - side
        c = [citizens // 3 + (1 if i < citizens % 3 else 0) for i in range(3)]
        return (napoleon, side - napoleon, *c)

    contract = f"{handicap}S"
    cases: list[Case] = [(_("the napoleon's side wins"), spread(win), True)]
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


def _plain_cell(deltas: Sequence[int], seat: int) -> Cell:
    return Cell(str(deltas[seat]), key=f"seat:{seat}")


def _plain(deltas: Sequence[int]) -> list[Cell]:
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


def mighty_examples(variant: Mighty, rules: MightyRules, players: int = 5) -> list[ScoreExample]:
    """Six-player hands are scored as five (the killed seat scores 0), so only a four-player
    table's examples differ."""
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
        Hand(f"{bid}{trump}", partner=partner, points=points, players=players)
        for bid, trump, points, partner in cases
    ]
    return examples(variant, rules, hands, roles)


def trump_change(variant: Mighty, rules: MightyRules) -> dict[str, Any]:
    """What a change of trump does to an example bid, as the engine computes it."""
    base = f"{min(max(rules.min_bid, 14), 20)}S"
    contract = variant.parse_contract(base, rules)
    assert isinstance(contract, Bid)  # the Mighty's ladder bids a count and a trump
    out: dict[str, Any] = {"base": base}
    for trump, key in (("H", "suit"), ("NT", "no_trump")):
        check = {**table_of(variant, rules, 5), "contract": base, "trump": trump}
        try:
            new = str(variant.change_trump(contract, trump, rules))
        except RulesError:  # the change would go past the top of the ladder
            new = None
        out[key] = {"bid": new, "check": as_check("change", check)} if new else None
    return out


# ---- Nap ----------------------------------------------------------------------------


def nap_calls(variant: Nap, rules: NapRules, players: int) -> Table:
    """Every call the table's rules allow (one and Sir Garnet with their house rules), with
    what it is worth made and failed, as the engine scores a hand of each."""
    ladder = variant.ladder(rules, for_auction=False)
    rows = []
    for name, bid in ladder.bids.items():
        needs = _("no trick at all") if bid.name == "misere" else str(bid.tricks_needed)
        made, failed = (_nap_hand(bid, players, ok) for ok in (True, False))
        worth = _nap_worth(variant, rules, made, failed)
        check = {**table_of(variant, rules, players), "call": name}
        check |= {"made": made.body(variant, rules), "failed": failed.body(variant, rules)}
        cells = [Cell(bid.label), Cell(needs, key="needs")]
        cells += [Cell(str(worth[0]), key="made"), Cell(str(worth[1]), key="failed")]
        rows.append(Row(cells, as_check("call", check)))
    return Table([_("call"), _("tricks needed"), _("made"), _("failed")], rows)


def _nap_hand(bid: NapBid, players: int, made: bool) -> Hand:
    """The bidder's tricks: what the call needs (none for a misère), or one trick off."""
    needed = 0 if bid.name == "misere" else bid.tricks_needed
    taken = needed if made else (1 if bid.name == "misere" else needed - 1)
    tricks = (taken, 5 - taken, *([0] * (players - 2)))
    return Hand(bid.name, partner=False, tricks=tricks, players=players)


def _nap_worth(variant: Nap, rules: NapRules, made: Hand, failed: Hand) -> tuple[int, int]:
    """What the call is worth: made, what the bidder scores (points) or each opponent pays
    (stakes); failed, what each opponent scores or is paid."""
    won = score_of(variant, rules, made.facts(variant, rules)).deltas
    lost = score_of(variant, rules, failed.facts(variant, rules)).deltas
    return (-won[1] if rules.nap_scoring == "stakes" else won[0]), lost[1]


def nap_scores(variant: Nap, rules: NapRules, players: int) -> Table:
    bid = FULL_NAP
    rows = []
    for label, taken, made in ((_("made"), 5, True), (_("failed"), 4, False)):
        tricks = (taken, 5 - taken, *([0] * (players - 2)))
        hand = Hand(bid.name, partner=False, tricks=tricks, players=players)
        score, check = scored(variant, rules, [hand], made)
        rows.append(Row([Cell(label), *role_amounts(score.deltas, True)], check))
    caption = _("A call of {call} with {players} players").format(call=bid.label, players=players)
    return Table(["", _("bidder"), _("each opponent")], rows, caption)


# ---- what a page's template asks for by name ({% worked_out "chip_table" as chips %}) -

# Each is called with the page's variant, its rules and its player count: the template
# names the builder of its own game.
BUILDERS: dict[str, Callable[[Any, Any, int], object]] = {
    "taiwan_tables": taiwan_tables,
    "chip_table": lambda variant, rules, players: chip_table(variant, rules, 5),
    "wins_examples": lambda variant, rules, players: wins_examples(variant, rules, 5),
    "thai_outcomes": lambda variant, rules, players: thai_outcomes(variant, rules),
    "mighty_specials": lambda variant, rules, players: mighty_specials(),
    "mighty_examples": lambda variant, rules, players: mighty_examples(
        variant, rules, 4 if players == 4 else 5
    ),
    "mighty_terms": mighty_terms,
    "trump_change": lambda variant, rules, players: trump_change(variant, rules),
    "same_colour_jacks": lambda variant, rules, players: same_colour_jacks(),
    "nap_calls": nap_calls,
    "nap_scores": nap_scores,
}
