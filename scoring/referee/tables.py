"""The score table of a variant, laid out as worked examples that the engine scores.

No amount is written here, and no game is named: each row is a small hand (a
contract and a result) chosen from what the variant declares (its ladder, whether
it counts tricks, has a partner, can be toppled), scored by the engine through the
rulings facade with the table's own house rules, so the table on the page is always the table
the engine plays. The rows fall where the outcome changes: the target just made,
just missed, every point card, the top contract, a napoleon alone.
"""

from collections.abc import Sequence
from typing import Any, Protocol
from urllib.parse import urlencode

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import rulings
from scoring.referee.display import bid_view
from scoring.referee.situation import OUT
from scoring.rules.bids import SuitLadder
from scoring.rules.errors import RulesError
from scoring.rules.options import TableRules
from scoring.rules.variants.base import Variant
from scoring.rulings import ask
from scoring.words.labels import page_lines

DECLARER, PARTNER = 0, 1
# Nap with both house calls has nine contracts: each shown made and failed.
MAX_ROWS = 18
# One worked example, by the score tool's query keys: contract ``x``, the partner ``f``,
# points ``r`` or tricks by seat ``w``, toppled ``tp``.
Example = dict[str, Any]


class ScoreSheet(Protocol):
    """What the examples read of the score tool (scoring.referee.score, which draws them)."""

    variant: Variant[Any] | None
    rules: TableRules | None

    @property
    def table_players(self) -> int: ...
    @property
    def has_partner(self) -> bool: ...
    @property
    def counts_tricks(self) -> bool: ...
    @property
    def can_topple(self) -> bool: ...
    @property
    def needs_sitting_out(self) -> bool: ...
    @property
    def sitting_out(self) -> int | None: ...
    def pairs(self, ui: bool = True) -> list[tuple[str, str]]: ...


def _score(tool: ScoreSheet, table: rulings.Table, example: Example) -> rulings.Score | None:
    try:
        return rulings.score(ask.score_question(table, **_entries(tool, example)))
    except RulesError:
        return None


def _point_examples(tool: ScoreSheet, table: rulings.Table) -> list[Example]:
    """(contract, points, with a partner?) around the target, for the point-card games."""
    variant, rules = table.variant, table.rules
    ladder = variant.ladder(rules, for_auction=False)
    if not isinstance(ladder, SuitLadder):  # the point-card games all bid a count
        return []
    codes = ladder.ladder()
    count = min(ladder.low + 2, ladder.high)
    middle, top = _rung(ladder, codes, count), _rung(ladder, codes, ladder.high)
    total = len(variant.point_cards(table.players, rules))
    partner = tool.has_partner

    def target(contract: str) -> int | None:
        answer = _score(tool, table, {"x": contract, "r": 0, "f": PARTNER if partner else None})
        return None if answer is None else answer.target

    aim, top_aim = target(middle), target(top)
    if aim is None:
        return []
    plan = [(middle, aim), (middle, aim + 2), (middle, aim - 1), (middle, total)]
    plan.append((middle, max(aim - 5, 0)))
    if top_aim is not None:  # the top contract scored (else its rows are left out)
        plan += [(top, top_aim), (top, top_aim - 1)]
    no_trump = f"{count}NT"
    if no_trump in codes:
        plan.append((no_trump, aim + 2))
    examples: list[Example] = [{"x": x, "r": r, "f": PARTNER if partner else None} for x, r in plan]
    if partner:
        examples += [{"x": middle, "r": r, "f": None} for r in (aim + 2, aim - 1)]
    return [e for e in examples if 0 <= e["r"] <= total]


def _spread(table: rulings.Table, side: int, declarer: int, partner: bool = True) -> list[int]:
    """Seat by seat: the declarer's tricks, the partner's, and the rest shared by the others."""
    seats = table.players
    tricks = [0] * seats
    tricks[DECLARER] = declarer
    if partner:
        tricks[PARTNER] = side - declarer
    rest = table.variant.tricks(seats, table.rules) - side
    others = [s for s in range(1, seats) if not (partner and s == PARTNER)]
    for index, seat in enumerate(others):
        tricks[seat] = rest // (len(others) - index)
        rest -= tricks[seat]
    return tricks


def _rung(ladder: SuitLadder, codes: Sequence[str], count: int) -> str:
    """The bid of ``count`` in spades when there is one, else the first bid of that count."""
    if f"{count}S" in codes:
        return f"{count}S"
    return next(c for c in codes if getattr(ladder.parse(c), "count", None) == count)


def _trick_examples(tool: ScoreSheet, table: rulings.Table) -> list[Example]:
    """For the trick-counting games: each contract where its outcome turns (all of them for a
    short list of calls, one otherwise), then betrayal, alone and toppling where they exist."""
    variant, rules = table.variant, table.rules
    ladder = variant.ladder(rules, for_auction=False)
    codes = ladder.ladder()
    # Named calls (Nap's, nine with a house rule's one and Sir Garnet) are each shown; a
    # numbered ladder is shown by one rung.
    contracts = (
        [_rung(ladder, codes, min(ladder.low + 1, ladder.high))]
        if isinstance(ladder, SuitLadder) and len(codes) > 8
        else codes
    )
    partner = tool.has_partner
    total = variant.tricks(table.players, rules)
    examples: list[Example] = []
    for contract in contracts:
        made: list[bool | None] = []
        for side in range(total + 1):
            tricks = _spread(table, side, (side + 1) // 2 if partner else side, partner)
            example = {"x": contract, "f": PARTNER if partner else None, "w": tricks}
            answer = _score(tool, table, example)
            made.append(None if answer is None else answer.made)
        turns = [s for s in range(total) if made[s] != made[s + 1]]
        for side in sorted({s for t in turns for s in (t, t + 1)}):
            declarer = (side + 1) // 2 if partner else side
            tricks = _spread(table, side, declarer, partner)
            examples.append({"x": contract, "f": PARTNER if partner else None, "w": tricks})
    if partner and examples:
        contract, winning = examples[0]["x"], examples[-1]["w"]
        side = winning[DECLARER] + winning[PARTNER]
        betrayal = _spread(table, side, max(side // 2 - 1, 0))
        alone = _spread(table, side, side, partner=False)
        examples += [
            {"x": contract, "f": PARTNER, "w": betrayal},
            {"x": contract, "f": None, "w": alone},
        ]
    if tool.can_topple and examples:
        examples.append({"x": examples[0]["x"], "f": PARTNER, "tp": True})
    return examples


def examples(tool: ScoreSheet, table: rulings.Table) -> list[Example]:
    if tool.counts_tricks:
        return _trick_examples(tool, table)
    return _point_examples(tool, table)


def _killed(tool: ScoreSheet) -> int | None:
    """The seat an example sits out where one must: the page's own when it is neither the
    declarer, the partner nor the opponent the table shows, else the one before the last."""
    if not tool.needs_sitting_out:
        return None
    shown = (DECLARER, PARTNER, tool.table_players - 1)
    out = tool.sitting_out
    return (
        out
        if out is not None and 0 <= out < tool.table_players and out not in shown
        else (tool.table_players - 2)
    )


def _entries(tool: ScoreSheet, example: Example) -> dict[str, Any]:
    """An example hand by the score question's fields."""
    entries: dict[str, Any] = {
        "declarer": DECLARER,
        "contract": example["x"],
        "sitting_out": _killed(tool),
    }
    if tool.has_partner:
        entries["partner"] = example["f"]
    if "r" in example:
        entries["declarer_points"] = example["r"]
    if "w" in example:
        entries["tricks"] = {seat: n for seat, n in enumerate(example["w"]) if n}
    if example.get("tp"):
        entries["toppled"] = True
    return entries


def _query(tool: ScoreSheet, example: Example) -> str:
    base = [(k, v) for k, v in tool.pairs(ui=False) if k in ("session", "v", "n")]
    out = _killed(tool)
    if out is not None:
        base.append((OUT, str(out)))
    pairs = [*base, ("d", str(DECLARER)), ("x", example["x"])]
    if tool.has_partner:
        pairs.append(("f", "-" if example["f"] is None else str(example["f"])))
    if "r" in example:
        pairs.append(("r", str(example["r"])))
    if example.get("tp"):
        pairs.append(("tp", "1"))
    for seat, count in enumerate(example.get("w", ())):
        pairs.append((f"w{seat}", str(count)))
    pairs += [(k, v) for k, v in tool.pairs(ui=False) if k.startswith("o.")]
    return urlencode(pairs, safe=".:")


def _situation(
    tool: ScoreSheet,
    table: rulings.Table,
    example: Example,
    answer: rulings.Score,
    roles: list[str],
) -> str:
    ladder = table.variant.ladder(table.rules, for_auction=False)
    contract = bid_view(ladder.parse(example["x"]))["label"]
    alone = example["f"] is None
    if example.get("tp"):
        return _("%(contract)s, toppled on the first trick") % {"contract": contract}
    if tool.counts_tricks and not tool.has_partner:
        tricks = example["w"][DECLARER]
        return ngettext(
            "%(contract)s, %(tricks)d trick", "%(contract)s, %(tricks)d tricks", tricks
        ) % {"contract": contract, "tricks": tricks}
    if tool.counts_tricks:
        if alone:
            return _("%(contract)s, %(declarer)s %(a)s tricks, %(alone)s") % {
                "contract": contract,
                "alone": table.variant.term("alone_label"),
                "declarer": roles[0],
                "a": example["w"][DECLARER],
            }
        return _("%(contract)s, %(declarer)s %(a)s and %(partner)s %(b)s tricks") % {
            "contract": contract,
            "declarer": roles[0],
            "partner": roles[1],
            "a": example["w"][DECLARER],
            "b": example["w"][PARTNER],
        }
    if alone:
        return _("%(contract)s, %(points)s points, %(alone)s") % {
            "contract": contract,
            "alone": table.variant.term("alone_label"),
            "points": answer.declarer_points,
        }
    return _("%(contract)s, %(points)s points, with the %(partner)s") % {
        "contract": contract,
        "points": answer.declarer_points,
        "partner": roles[1],
    }


def score_table(tool: ScoreSheet) -> dict[str, Any]:
    """Rows of worked examples with each role's score, and the columns to show them."""
    players = tool.table_players
    # Drawn once a game is chosen, whose rules are then set: the table's own house rules,
    # the game's where the page refuses them (it says why).
    assert tool.variant is not None and tool.rules is not None
    table = rulings.Table(tool.variant, players, tool.rules)
    roles = list(tool.variant.role_words())
    opponent = players - 1
    rows = []
    for example in examples(tool, table)[:MAX_ROWS]:
        answer = _score(tool, table, example)
        if answer is None:
            continue
        deltas = answer.deltas
        partner = example["f"]
        rows.append(
            {
                "situation": _situation(tool, table, example, answer, roles),
                "made": answer.made,
                "declarer": deltas[DECLARER],
                "partner": None if partner is None else deltas[partner],
                "opponent": deltas[opponent],
                "lines": page_lines(answer.lines, table.variant, players, table.rules),
                "query": _query(tool, example),
            }
        )
    return {"rows": rows, "roles": roles, "has_partner": bool(roles[1])}
