"""The Mighty's score: a unit from the formula, the
doublings, then each seat's share of it. Every number is a coefficient a table may set
(``score_values``)."""

from collections.abc import Mapping

from scoring.rules.bids import Bid
from scoring.rules.i18n import _
from scoring.rules.score_values import Coefficient
from scoring.rules.scores import HandFacts, deltas_for, share_line
from scoring.rules.variants.mighty.options import PAGAT_FORMULAS, MightyRules

ALL_POINTS = 20
AMOUNT, MULTIPLIER = (-1000, 1000), (1, 16)
BASES = {"seed": 12, "pagat": 13, "pagat_p10": 10}


def coefficients(formula: str) -> tuple[Coefficient, ...]:
    """The names of the formula's table, with their defaults and bounds."""
    pagat = formula in PAGAT_FORMULAS
    table = [
        Coefficient("declarer", 2, *AMOUNT),
        Coefficient("friend", 1, *AMOUNT),
        Coefficient("opponent", -1, *AMOUNT),
        Coefficient("alone_declarer", 4 if pagat else 3, *AMOUNT),
        Coefficient("alone_opponent", -1, *AMOUNT),
        Coefficient("run_multiplier", 2, *MULTIPLIER),
        Coefficient("back_run_multiplier", 2, *MULTIPLIER),
        Coefficient("bid_20_multiplier", 2, *MULTIPLIER),
    ]
    if formula in BASES:
        table.append(Coefficient("base", BASES[formula], 0, 20))
    if formula == "pagat":
        table.append(Coefficient("bid_weight", 2, 0, 10))
    if pagat:
        table.append(Coefficient("no_trump_multiplier", 2, *MULTIPLIER))
        table.append(Coefficient("alone_multiplier", 2, *MULTIPLIER))
    return tuple(table)


def unit(
    facts: HandFacts, rules: MightyRules, values: Mapping[str, int], points: int
) -> tuple[int, list[str]]:
    """The unit every share is a multiple of (u, or pagat's S), doublings included."""
    assert isinstance(facts.contract, Bid)
    bid = facts.contract.count
    made = points >= bid
    if rules.formula == "seed":
        amount, lines = _seed(bid, points, made, values)
    else:
        amount, lines = _pagat(rules, bid, points, made, values)
    if made and amount < 1 and rules.made_at_least_one:
        amount = 1
        lines.append(_("a made contract scores at least 1 per share: 1 (house rule)"))
    amount = _with_the_result(amount, made, lines)
    if rules.formula == "seed" and facts.alone and facts.players != 4:
        lines.append(_("playing alone, the declarer also takes the friend's share"))
    for condition, times in doublings(facts, rules, values, points, made, lines):
        amount *= times
        if times == 2:
            lines.append(_("{condition}, doubled").format(condition=condition))
        else:
            lines.append(_("{condition}, ×{times}").format(condition=condition, times=times))
    return amount, lines


def _seed(bid: int, points: int, made: bool, values: Mapping[str, int]) -> tuple[int, list[str]]:
    base = values["base"]
    if made:
        amount = points - base
        line = _("made with {points} against {bid}: {points} − {base} = {unit} per share")
    else:
        amount = -(bid - base)
        line = _("failed with {points} against {bid}: {bid} − {base} = {unit} per share lost")
    shown = amount if made else -amount
    return amount, [line.format(points=points, bid=bid, base=base, unit=_number(shown))]


def _pagat(
    rules: MightyRules, bid: int, points: int, made: bool, values: Mapping[str, int]
) -> tuple[int, list[str]]:
    if not made and rules.failed_pays_back:
        amount = -((bid - 10) + (bid - points))
        line = _("failed, paying back: S = ({bid} − 10) + ({bid} − {points}) = {unit} (house rule)")
        return amount, [line.format(bid=bid, points=points, unit=-amount)]
    if not made:
        amount = -(bid - points)
        line = _("failed: S = {bid} − {points} = {unit}")
        return amount, [line.format(bid=bid, points=points, unit=-amount)]
    low = rules.min_bid
    if rules.formula == "pagat":
        weight, base = values["bid_weight"], values["base"]
        amount = weight * (bid - base) + (points - bid)
        line = _("made: S = {weight} × ({bid} − {base}) + ({points} − {bid}) = {unit}")
    elif rules.formula == "pagat_p10":
        weight, base = 0, values["base"]
        amount = points - base
        line = _("made: S = {points} − {base} = {unit} (house rule)")
    elif rules.formula == "pagat_pm":
        weight, base = 0, low
        amount = points - low
        line = _("made: S = {points} − {base} (the lowest bid) = {unit} (house rule)")
    else:
        weight, base = 0, low
        amount = points - low + 1
        line = _("made: S = {points} − {base} (the lowest bid) + 1 = {unit} (house rule)")
    shown = line.format(weight=weight, bid=bid, base=base, points=points, unit=_number(amount))
    return amount, [shown]


def doublings(
    facts: HandFacts,
    rules: MightyRules,
    values: Mapping[str, int],
    points: int,
    made: bool,
    lines: list[str],
) -> list[tuple[str, int]]:
    """Each doubling that applies, as (what happened, the multiplier); ``lines`` gets a
    note for a house rule that withheld one."""
    assert isinstance(facts.contract, Bid)
    bid = facts.contract.count
    found = []
    if points == ALL_POINTS:
        found.append((_("run: the declarer's side took all 20 points"), values["run_multiplier"]))
    back = _back_run(rules, bid, points, made)
    if back:
        found.append((back, values["back_run_multiplier"]))
    if rules.formula in PAGAT_FORMULAS:
        found += _pagat_doublings(facts, rules, values, made, lines)
    if rules.bid_20_doubles and bid == ALL_POINTS:
        if made:
            found.append((_("a bid of 20 made (house rule)"), values["bid_20_multiplier"]))
        elif rules.bid_20_doubles_failed:
            found.append((_("a bid of 20 failed (house rule)"), values["bid_20_multiplier"]))
    return found


def _back_run(rules: MightyRules, bid: int, points: int, made: bool) -> str:
    """Only a failed contract can be a back run."""
    if made or rules.back_run == "off":
        return ""
    if rules.back_run == "opponents_11" and points <= ALL_POINTS - 11:
        return _("back run: the opponents took 11 points or more")
    if rules.back_run == "opponents_10" and points <= ALL_POINTS - 10:
        return _("back run: the opponents took 10 points or more (house rule)")
    if rules.back_run == "opponents_reach_bid" and ALL_POINTS - points >= bid:
        return _("back run: the opponents took as many points as the bid (house rule)")
    return ""


def _pagat_doublings(
    facts: HandFacts, rules: MightyRules, values: Mapping[str, int], made: bool, lines: list[str]
) -> list[tuple[str, int]]:
    found = []
    if facts.contract.no_trump:
        if rules.no_trump_doubles == "always" or made:
            found.append((_("no trump"), values["no_trump_multiplier"]))
        else:
            lines.append(_("no trump doubles only a made contract (house rule)"))
    if facts.alone:
        if rules.alone_doubles and (made or rules.alone_doubles_failed):
            found.append((_("no friend"), values["alone_multiplier"]))
        elif rules.alone_doubles:
            lines.append(_("playing alone doubles only a made contract (house rule)"))
        else:
            lines.append(_("playing alone does not double (house rule)"))
    return found


def shares(facts: HandFacts, values: Mapping[str, int], amount: int) -> tuple[tuple[int, ...], str]:
    """Every seat's score, and the line that gives the shares."""
    if facts.players == 4:
        return _balanced(facts, values, amount)
    if facts.alone:
        declarer, opponent = values["alone_declarer"] * amount, values["alone_opponent"] * amount
        listed = [(_("declarer"), declarer), (_("each opponent"), opponent)]
        return deltas_for(facts, declarer, 0, opponent), share_line(_("result"), listed)
    declarer, friend = values["declarer"] * amount, values["friend"] * amount
    opponent = values["opponent"] * amount
    listed = [(_("declarer"), declarer), (_("friend"), friend), (_("each opponent"), opponent)]
    return deltas_for(facts, declarer, friend, opponent), share_line(_("result"), listed)


def _balanced(
    facts: HandFacts, values: Mapping[str, int], amount: int
) -> tuple[tuple[int, ...], str]:
    """Four players: the friend's share and the opponents' are paid as usual; the declarer
    takes the balance, so the hand sums to zero."""
    friend = 0 if facts.alone else values["friend"] * amount
    opponent = (values["alone_opponent"] if facts.alone else values["opponent"]) * amount
    declarer = -(friend + opponent * (facts.players - len(facts.side)))
    listed = [(_("declarer"), declarer)]
    if not facts.alone:
        listed.append((_("friend"), friend))
    listed.append((_("each opponent"), opponent))
    head = _("four players, the declarer taking the balance")
    return deltas_for(facts, declarer, friend, opponent), share_line(head, listed)


def _with_the_result(amount: int, made: bool, lines: list[str]) -> int:
    """The formulas assume a bid of 13 or more. Below that (a second round at 12, or a
    low ``min_bid``), or with a table's own base, they can turn against the result; a made
    contract then scores 0 rather than paying the opponents, and a failed one 0 rather
    than paying the side."""
    if (made and amount < 0) or (not made and amount > 0):
        lines.append(_("here the formula turns against the result: 0 per share instead"))
        return 0
    return amount


def _number(n: int) -> str:
    # A house rule's low bid can make a share negative: print it with a true minus sign.
    return str(n).replace("-", "−")
