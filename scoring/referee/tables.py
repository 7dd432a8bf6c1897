"""The score table of a variant, laid out as worked examples that the engine scores.

No amount is written here: each row is a small hand (a contract and a result),
scored by ``handlers.score`` with the table's own house rules, so the table on
the page is always the table the engine plays.
"""

from urllib.parse import urlencode

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.api import handlers
from scoring.rules.errors import RulesError

from .tools import TRICK_VARIANTS, bid_view

DECLARER, PARTNER = 0, 1


def _point_examples(variant, players: int) -> list[dict]:
    """(contract, points, with a partner?) for the point-card games."""
    code = variant.code
    if code in ("taiwan", "hongkong"):
        plan = [
            ("3S", 11, True),
            ("3S", 13, True),
            ("3S", 10, True),
            ("3S", 8, True),
            ("6S", 14, True),
            ("3S", 11, False),
            ("3S", 13, False),
            ("3S", 10, False),
        ]
    elif code == "mighty":
        plan = [
            ("14S", 14, True),
            ("14S", 16, True),
            ("14S", 12, True),
            ("14S", 20, True),
            ("14S", 9, True),
            ("14NT", 16, True),
            ("14S", 16, False),
            ("14S", 12, False),
        ]
    else:  # the two Japanese games
        plan = [
            ("13S", 13, True),
            ("13S", 15, True),
            ("13S", 12, True),
            ("13S", 20, True),
            ("20S", 20, True),
            ("20S", 19, True),
            ("13S", 15, False),
            ("13S", 12, False),
        ]
    return [
        {"x": contract, "r": points, "f": PARTNER if partner else None}
        for contract, points, partner in plan
    ]


def _thai_examples(players: int) -> list[dict]:
    # Tricks of the napoleon (seat 0) and the friend (seat 1); the citizens share the rest.
    plan = [(5, 3, True), (4, 2, True), (3, 2, True), (2, 5, True), (7, 0, False)]
    examples = []
    for declarer, partner, with_friend in plan:
        tricks = [declarer, partner if with_friend else 0]
        rest = 10 - sum(tricks)
        for seat in range(2, players):
            share = rest // (players - seat) if seat < players - 1 else rest
            tricks.append(share)
            rest -= share
        examples.append({"x": "2S", "f": PARTNER if with_friend else None, "w": tricks})
    examples.append({"x": "2S", "f": PARTNER, "tp": True})
    return examples


def _nap_examples(players: int) -> list[dict]:
    examples = []
    for call, made, failed in (
        ("two", 2, 1),
        ("three", 3, 2),
        ("misere", 0, 1),
        ("four", 4, 3),
        ("nap", 5, 4),
        ("wellington", 5, 4),
        ("blucher", 5, 4),
    ):
        for taken in (made, failed):
            tricks = [taken, 5 - taken] + [0] * (players - 2)
            examples.append({"x": call, "f": None, "w": tricks})
    return examples


def examples(variant, players: int) -> list[dict]:
    if variant.code == "thai":
        return _thai_examples(players)
    if variant.code == "nap":
        return _nap_examples(players)
    return _point_examples(variant, players)


def _body(tool, example: dict, options: dict) -> dict:
    body = {
        "variant": tool.variant.code,
        "players": tool.table_players,
        "options": options,
        "declarer": DECLARER,
        "contract": example["x"],
    }
    if tool.variant.code != "nap":
        body["partner"] = example["f"]
    if "r" in example:
        body["declarer_points"] = example["r"]
    if "w" in example:
        body["tricks"] = {str(seat): n for seat, n in enumerate(example["w"]) if n}
    if example.get("tp"):
        body["toppled"] = True
    return body


def _query(tool, example: dict) -> str:
    base = [(k, v) for k, v in tool.pairs(ui=False) if k in ("session", "v", "n")]
    pairs = [*base, ("d", str(DECLARER)), ("x", example["x"])]
    if tool.variant.code != "nap":
        pairs.append(("f", "-" if example["f"] is None else str(example["f"])))
    if "r" in example:
        pairs.append(("r", str(example["r"])))
    if example.get("tp"):
        pairs.append(("tp", "1"))
    for seat, count in enumerate(example.get("w", ())):
        pairs.append((f"w{seat}", str(count)))
    pairs += [(k, v) for k, v in tool.pairs(ui=False) if k.startswith("o.")]
    return urlencode(pairs, safe=".:")


def _situation(tool, example: dict, answer: dict, roles) -> str:
    ladder = tool.variant.ladder(tool.rules, for_auction=False)
    contract = bid_view(ladder.parse(example["x"]))["label"]
    alone = example["f"] is None
    if example.get("tp"):
        return _("%(contract)s, toppled on the first trick") % {"contract": contract}
    if tool.variant.code == "nap":
        tricks = example["w"][DECLARER]
        return ngettext(
            "%(contract)s, %(tricks)d trick", "%(contract)s, %(tricks)d tricks", tricks
        ) % {
            "contract": contract,
            "tricks": tricks,
        }
    if tool.variant.code in TRICK_VARIANTS:
        if alone:
            return _("%(contract)s, %(declarer)s %(a)s tricks, alone") % {
                "contract": contract,
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
        return _("%(contract)s, %(points)s points, alone") % {
            "contract": contract,
            "points": answer["declarer_points"],
        }
    return _("%(contract)s, %(points)s points, with the %(partner)s") % {
        "contract": contract,
        "points": answer["declarer_points"],
        "partner": roles[1],
    }


def score_table(tool) -> dict:
    """Rows of worked examples with each role's score, and the columns to show them."""
    players = tool.table_players
    options = tool.option_json if not tool.option_errors() else {}
    roles = [_(role) if role else "" for role in tool.variant.roles]
    opponent = players - 1
    rows = []
    for example in examples(tool.variant, players):
        try:
            answer = handlers.score(_body(tool, example, options))
        except RulesError:
            continue
        deltas = answer["deltas"]
        partner = example["f"]
        rows.append(
            {
                "situation": _situation(tool, example, answer, roles),
                "made": answer["made"],
                "declarer": deltas[str(DECLARER)],
                "partner": None if partner is None else deltas[str(partner)],
                "opponent": deltas[str(opponent)],
                "lines": answer["lines"],
                "query": _query(tool, example),
            }
        )
    return {"rows": rows, "roles": roles, "has_partner": bool(roles[1])}
