"""Nap's score: a call's amount when made or failed,
flat (its value both ways) or classic, paid by ``nap_scoring``; Sir Garnet loses a
multiple of the nap's failure. Every amount is a coefficient a table may set
(``score_values``)."""

from collections.abc import Mapping

from scoring.rules.bids import NapBid
from scoring.rules.i18n import _, ngettext
from scoring.rules.score_values import Coefficient
from scoring.rules.scores import HandFacts, deltas_for, own_numbers_line, share_line
from scoring.rules.variants.nap.options import NapRules

CALLS = ("one", "two", "three", "misere", "four", "nap", "wellington", "blucher")
FLAT = {"one": 1, "two": 2, "three": 3, "misere": 3, "four": 4, "nap": 5, "wellington": 10}
FLAT["blucher"] = 20
# [eb1911, britannica]: made, failed.
CLASSIC = {
    "one": (1, 1),
    "two": (2, 2),
    "three": (3, 3),
    "misere": (3, 6),
    "four": (4, 4),
    "nap": (10, 5),
    "wellington": (20, 10),
    "blucher": (30, 15),
}
BOUND = 100000


def coefficients(rules: NapRules) -> tuple[Coefficient, ...]:
    table = []
    for call in CALLS:
        made, failed = CLASSIC[call] if rules.payout == "classic" else (FLAT[call],) * 2
        table.append(Coefficient(f"{call}_made", made, 0, BOUND))
        table.append(Coefficient(f"{call}_failed", failed, 0, BOUND))
    table.append(Coefficient("garnet_failed_multiplier", 2, 1, 16))
    return tuple(table)


def amount(contract: NapBid, made: bool, values: Mapping[str, int]) -> int:
    """The positive amount at stake; ``nap_scoring`` gives it its sign and its payers."""
    if contract.name == "garnet":
        if made:
            return values["nap_made"]
        return values["garnet_failed_multiplier"] * values["nap_failed"]
    return values[f"{contract.name}_{'made' if made else 'failed'}"]


def score(
    facts: HandFacts,
    rules: NapRules,
    values: Mapping[str, int],
    contract: NapBid,
    taken: int,
    made: bool,
) -> tuple[tuple[int, ...], list[str]]:
    """Deltas and lines for the bidder's ``taken`` tricks."""
    value = amount(contract, made, values)
    others = facts.players - 1
    if rules.nap_scoring == "stakes":
        bidder, each = (value * others, -value) if made else (-value * others, value)
    else:
        bidder, each = (value, 0) if made else (0, value)
    if made:
        head = ngettext("{bid} made with {taken} trick", "{bid} made with {taken} tricks", taken)
    else:
        head = ngettext(
            "{bid} failed with {taken} trick", "{bid} failed with {taken} tricks", taken
        )
    head = head.format(bid=contract.label, taken=taken)
    lines = [share_line(head, [(_("bidder"), bidder), (_("each opponent"), each)])]
    lines += _rule_lines(rules, contract, made, values)
    return deltas_for(facts, bidder, 0, each), lines


def _rule_lines(
    rules: NapRules, contract: NapBid, made: bool, values: Mapping[str, int]
) -> list[str]:
    lines = []
    if contract.name == "garnet" and not made:
        lines.append(
            _("Sir Garnet failed: {times} × the nap's failure, {amount} (house rule)").format(
                times=values["garnet_failed_multiplier"], amount=amount(contract, made, values)
            )
        )
    elif contract.name == "garnet":
        lines.append(_("Sir Garnet made: paid as a nap (house rule)"))
    if rules.payout == "classic":
        lines.append(_("classic payout: a call's worth differs when made and failed (house rule)"))
    own = own_numbers_line(rules.score_values)
    return lines + ([own] if own else [])
