"""The Mighty's score under its house rules (scoring, four and six players), one row
per rule and cell, worked by hand.

5 players unless said; seat 0 declares, seat 1 is the friend (None: alone). P = points
of the declarer's side, B = the bid.
  pagat_p10  made S = P − 10;  pagat_pm  made S = P − M;  pagat_pm1  made S = P − M + 1
  (M = min_bid); failed S = B − P; shares and doublings as pagat.
Four players: friend +u, each opponent −u, the declarer the balance (zero-sum).
Six players: five live seats score as five; the killed seat scores 0.
"""

import pytest

from scoring.rules import find_variant
from scoring.rules.errors import InconsistentResult, NotationError, UnknownOption
from tests.rules.scoring_helpers import cards, score_hand

COLUMNS = "options,players,declarer,contract,partner,points,out,made,deltas"
P10 = {"formula": "pagat_p10"}
PM = {"formula": "pagat_pm"}
PM1 = {"formula": "pagat_pm1"}
PAGAT = {"formula": "pagat"}

# fmt: off
FORMULAS = {
    "p10-made": (P10, 5, 0, "13S", 1, 15, None, True, (10, 5, -5, -5, -5)),
    "p10-made-nt": (P10, 5, 0, "14NT", 1, 16, None, True, (24, 12, -12, -12, -12)),
    "p10-failed": (P10, 5, 0, "16S", 1, 12, None, False, (-8, -4, 4, 4, 4)),
    "p10-alone": (P10, 5, 0, "14S", None, 15, None, True, (40, -10, -10, -10, -10)),
    "p10-run": (P10, 5, 0, "14S", 1, 20, None, True, (40, 20, -20, -20, -20)),
    "pm-made": (PM, 5, 0, "15S", 1, 17, None, True, (8, 4, -4, -4, -4)),
    "pm-made-low-min": ({**PM, "min_bid": 10}, 5, 0, "12S", 1, 12, None, True, (4, 2, -2, -2, -2)),
    "pm-failed": (PM, 5, 0, "15S", 1, 13, None, False, (-4, -2, 2, 2, 2)),
    "pm1-made": (PM1, 5, 0, "15S", 1, 17, None, True, (10, 5, -5, -5, -5)),
    "pm1-made-at-min": ({**PM1, "min_bid": 14}, 5, 0, "14S", 1, 14, None, True, (2, 1, -1, -1, -1)),
    "pm1-failed-back-run": (PM1, 5, 0, "13S", 1, 9, None, False, (-16, -8, 8, 8, 8)),
}

DOUBLINGS = {
    "alone-doubles-off": ({**PAGAT, "alone_doubles": False}, 5, 0, "14S", None, 15, None, True, (12, -3, -3, -3, -3)),
    "alone-doubles-on": (PAGAT, 5, 0, "14S", None, 15, None, True, (24, -6, -6, -6, -6)),
    "alone-doubles-off-seed-no-effect": ({"alone_doubles": False}, 5, 0, "14S", None, 16, None, True, (12, -4, -4, -4, -4)),
    "nt-made-only-failed": ({**PAGAT, "no_trump_doubles": "made_only"}, 5, 0, "15NT", 1, 14, None, False, (-2, -1, 1, 1, 1)),
    "nt-made-only-made": ({**PAGAT, "no_trump_doubles": "made_only"}, 5, 0, "14NT", 1, 15, None, True, (12, 6, -6, -6, -6)),
    "nt-always-failed": (PAGAT, 5, 0, "15NT", 1, 14, None, False, (-4, -2, 2, 2, 2)),
    "nt-made-only-seed-no-effect": ({"no_trump_doubles": "made_only"}, 5, 0, "14NT", 1, 13, None, False, (-4, -2, 2, 2, 2)),
    "back-run-10-at-10": ({"back_run": "opponents_10"}, 5, 0, "13S", 1, 10, None, False, (-4, -2, 2, 2, 2)),
    "back-run-10-at-11": ({"back_run": "opponents_10"}, 5, 0, "13S", 1, 11, None, False, (-2, -1, 1, 1, 1)),
    "back-run-default-at-10": ({}, 5, 0, "13S", 1, 10, None, False, (-2, -1, 1, 1, 1)),
    "back-run-reach-bid-13-at-7": ({"back_run": "opponents_reach_bid"}, 5, 0, "13S", 1, 7, None, False, (-4, -2, 2, 2, 2)),
    "back-run-reach-bid-13-at-8": ({"back_run": "opponents_reach_bid"}, 5, 0, "13S", 1, 8, None, False, (-2, -1, 1, 1, 1)),
    "back-run-default-at-8": ({}, 5, 0, "13S", 1, 8, None, False, (-4, -2, 2, 2, 2)),
    "back-run-reach-bid-17-at-3": ({"back_run": "opponents_reach_bid"}, 5, 0, "17S", 1, 3, None, False, (-20, -10, 10, 10, 10)),
    "back-run-off": ({"back_run": "off"}, 5, 0, "13S", 1, 5, None, False, (-2, -1, 1, 1, 1)),
    # Ruling: only a failed contract is a back run, even where the opponents' share allows it.
    "back-run-never-made": ({**PM1, "min_bid": 10, "back_run": "opponents_10"}, 5, 0, "10S", 1, 10, None, True, (2, 1, -1, -1, -1)),
    "back-run-reach-bid-never-made": ({**PM1, "min_bid": 10, "back_run": "opponents_reach_bid"}, 5, 0, "10S", 1, 10, None, True, (2, 1, -1, -1, -1)),
    "bid-20-doubles-seed": ({"bid_20_doubles": True}, 5, 0, "20S", 1, 20, None, True, (64, 32, -32, -32, -32)),
    "bid-20-default-seed": ({}, 5, 0, "20S", 1, 20, None, True, (32, 16, -16, -16, -16)),
    "bid-20-doubles-failed": ({"bid_20_doubles": True}, 5, 0, "20S", 1, 19, None, False, (-16, -8, 8, 8, 8)),
    "bid-20-doubles-pagat": ({**PAGAT, "bid_20_doubles": True}, 5, 0, "20S", 1, 20, None, True, (112, 56, -56, -56, -56)),
    "bid-20-doubles-under-20-no-effect": ({"bid_20_doubles": True}, 5, 0, "19S", 1, 20, None, True, (32, 16, -16, -16, -16)),
}

FOUR = {
    "4p-seed-made": ({}, 4, 0, "13S", 1, 15, None, True, (3, 3, -3, -3)),
    "4p-seed-failed": ({}, 4, 0, "15H", 1, 12, None, False, (-3, -3, 3, 3)),
    "4p-seed-alone": ({}, 4, 0, "14S", None, 16, None, True, (12, -4, -4, -4)),
    "4p-seed-alone-failed": ({}, 4, 2, "16S", None, 14, None, False, (4, 4, -12, 4)),
    "4p-seed-run": ({}, 4, 0, "13S", 1, 20, None, True, (16, 16, -16, -16)),
    "4p-pagat-made": (PAGAT, 4, 0, "15S", 1, 17, None, True, (6, 6, -6, -6)),
    "4p-pagat-alone": (PAGAT, 4, 0, "14S", None, 15, None, True, (18, -6, -6, -6)),
    "4p-pagat-friend-seat-3": (PAGAT, 4, 1, "16S", 3, 12, None, False, (4, -4, 4, -4)),
    "4p-own-friend-share": ({"score_values": {"friend": 2}}, 4, 0, "13S", 1, 15, None, True, (0, 6, -3, -3)),
    # Reading: declarer and alone_declarer are names of the table at every count, unused at four.
    "4p-own-declarer-unused": ({"score_values": {"declarer": 5}}, 4, 0, "13S", 1, 15, None, True, (3, 3, -3, -3)),
}

SIX = {
    "6p-seed-out-5": ({}, 6, 0, "13S", 1, 15, 5, True, (6, 3, -3, -3, -3, 0)),
    "6p-seed-out-2": ({}, 6, 0, "13S", 1, 15, 2, True, (6, 3, 0, -3, -3, -3)),
    "6p-seed-alone": ({}, 6, 0, "14S", None, 16, 3, True, (12, -4, -4, 0, -4, -4)),
    "6p-pagat-alone": (PAGAT, 6, 0, "14S", None, 15, 4, True, (24, -6, -6, -6, 0, -6)),
    "6p-pagat-failed": (PAGAT, 6, 3, "16S", 5, 12, 0, False, (0, 4, 4, -8, 4, -4)),
}
# fmt: on
ROWS = {**FORMULAS, **DOUBLINGS, **FOUR, **SIX}


@pytest.mark.parametrize(COLUMNS, list(ROWS.values()), ids=list(ROWS))
def test_it_scores_the_mighty_house_rules(
    options, players, declarer, contract, partner, points, out, made, deltas
):
    score = score_hand(
        "mighty",
        players,
        declarer,
        contract,
        partner,
        options,
        declarer_points=points,
        sitting_out=out,
    )
    assert (score.made, score.deltas) == (made, deltas)
    assert score.declarer_points == points
    if players == 4 or (options.get("formula", "seed") != "seed" or partner is not None):
        assert score.total == 0


HOUSE_LINES = {
    "alone-doubles-off": "playing alone does not double",
    "nt-made-only-failed": "no trump doubles only a made contract",
    "back-run-10-at-10": "10 points or more",
    "back-run-reach-bid-13-at-7": "as many points as the bid",
    "bid-20-doubles-seed": "a bid of 20",
    "4p-seed-made": "four players",
    "6p-seed-out-5": "killed",
    "p10-made": "S = 15 − 10 = 5 (house rule)",
    "pm-made": "S = 17 − 13 (the lowest bid) = 4 (house rule)",
    "pm1-made": "S = 17 − 13 (the lowest bid) + 1 = 5 (house rule)",
}


@pytest.mark.parametrize(("row", "words"), HOUSE_LINES.items())
def test_it_names_the_house_rule_in_the_lines(row, words):
    options, players, declarer, contract, partner, points, out, _made, _deltas = ROWS[row]
    score = score_hand(
        "mighty",
        players,
        declarer,
        contract,
        partner,
        options,
        declarer_points=points,
        sitting_out=out,
    )
    assert any(words in line for line in score.lines), score.lines


# ---- discards_to ------------------------------------------------------------------------

SIDE = cards("SA SK SQ SJ S10 HA HK HQ HJ H10")  # the declarer's side wins ten
OPPONENTS = cards("DA DK DQ DJ")
DISCARDS = cards("D10 CA CK")
REST = cards("CQ CJ C10")


@pytest.mark.parametrize(
    ("rule", "points", "made", "deltas"),
    [("declarer", 13, True, (2, 1, -1, -1, -1)), ("opponents", 10, False, (-2, -1, 1, 1, 1))],
)
def test_it_counts_discarded_points_for_the_side_the_rule_names(rule, points, made, deltas):
    captured = {0: SIDE[:6], 1: SIDE[6:], 2: OPPONENTS, 3: REST}
    score = score_hand(
        "mighty", 5, 0, "13S", 1, {"discards_to": rule}, captured=captured, discards=DISCARDS
    )
    assert (score.declarer_points, score.made, score.deltas) == (points, made, deltas)
    quick = score_hand("mighty", 5, 0, "13S", 1, {"discards_to": rule}, declarer_points=points)
    assert quick.deltas == deltas


# ---- six players: the killed seat ----------------------------------------------------------


def test_it_needs_the_killed_seat_to_score_six():
    with pytest.raises(NotationError) as refused:
        score_hand("mighty", 6, 0, "13S", 1, declarer_points=15)
    assert refused.value.field == "sitting_out"


@pytest.mark.parametrize(
    ("declarer", "partner", "out", "field"),
    [(2, 1, 2, "declarer"), (0, 3, 3, "partner")],
)
def test_it_refuses_a_killed_seat_that_declares_or_partners(declarer, partner, out, field):
    with pytest.raises(InconsistentResult) as refused:
        score_hand("mighty", 6, declarer, "13S", partner, declarer_points=15, sitting_out=out)
    assert refused.value.field == field


def test_it_refuses_cards_captured_by_the_killed_seat():
    captured = {0: SIDE, 2: OPPONENTS, 4: REST, 5: cards("D10")}
    with pytest.raises(InconsistentResult) as refused:
        score_hand(
            "mighty", 6, 0, "13S", 1, captured=captured, discards=cards("CA CK"), sitting_out=5
        )
    assert refused.value.field == "captured.5"


def test_it_ignores_a_killed_seat_with_five_players():
    score = score_hand("mighty", 5, 0, "13S", 1, declarer_points=15, sitting_out=4)
    assert score.deltas == (6, 3, -3, -3, -3)


# ---- score_values: one row per name of each formula's table ------------------------------

# fmt: off
OWN = {
    "seed-declarer": ({"declarer": 3}, "13S", 1, 15, (9, 3, -3, -3, -3)),
    "seed-friend": ({"friend": 2}, "13S", 1, 15, (6, 6, -3, -3, -3)),
    "seed-opponent": ({"opponent": -2}, "13S", 1, 15, (6, 3, -6, -6, -6)),
    "seed-alone-declarer": ({"alone_declarer": 4}, "14S", None, 16, (16, -4, -4, -4, -4)),
    "seed-alone-opponent": ({"alone_opponent": -2}, "14S", None, 16, (12, -8, -8, -8, -8)),
    "seed-run-multiplier": ({"run_multiplier": 3}, "13S", 1, 20, (48, 24, -24, -24, -24)),
    "seed-back-run-multiplier": ({"back_run_multiplier": 3}, "13S", 1, 9, (-6, -3, 3, 3, 3)),
    "seed-base-made": ({"base": 10}, "13S", 1, 15, (10, 5, -5, -5, -5)),
    "seed-base-failed": ({"base": 10}, "15H", 1, 12, (-10, -5, 5, 5, 5)),
    "seed-base-turns-against": ({"base": 16}, "13S", 1, 15, (0, 0, 0, 0, 0)),
}
OWN_WITH = {
    "seed-bid-20-multiplier": ({"bid_20_doubles": True}, {"bid_20_multiplier": 3}, "20S", 1, 20, (96, 48, -48, -48, -48)),
    "pagat-base": (PAGAT, {"base": 12}, "15S", 1, 17, (16, 8, -8, -8, -8)),
    "pagat-bid-weight": (PAGAT, {"bid_weight": 1}, "15S", 1, 17, (8, 4, -4, -4, -4)),
    "pagat-no-trump-multiplier": (PAGAT, {"no_trump_multiplier": 3}, "14NT", 1, 15, (18, 9, -9, -9, -9)),
    "pagat-alone-multiplier": (PAGAT, {"alone_multiplier": 3}, "14S", None, 15, (36, -9, -9, -9, -9)),
    "pagat-alone-declarer": (PAGAT, {"alone_declarer": 3}, "14S", None, 15, (18, -6, -6, -6, -6)),
    "p10-base": (P10, {"base": 11}, "13S", 1, 15, (8, 4, -4, -4, -4)),
    "pm-no-trump-multiplier": (PM, {"no_trump_multiplier": 1}, "15NT", 1, 17, (8, 4, -4, -4, -4)),
    "pm1-alone-multiplier": (PM1, {"alone_multiplier": 1}, "15S", None, 17, (20, -5, -5, -5, -5)),
}
# fmt: on


@pytest.mark.parametrize(
    ("own", "contract", "partner", "points", "deltas"), list(OWN.values()), ids=list(OWN)
)
def test_it_scores_the_seed_formula_with_a_tables_own_numbers(
    own, contract, partner, points, deltas
):
    score = score_hand(
        "mighty", 5, 0, contract, partner, {"score_values": own}, declarer_points=points
    )
    assert score.deltas == deltas
    assert any("own numbers" in line for line in score.lines)


@pytest.mark.parametrize(
    ("options", "own", "contract", "partner", "points", "deltas"),
    list(OWN_WITH.values()),
    ids=list(OWN_WITH),
)
def test_it_scores_every_formula_with_a_tables_own_numbers(
    options, own, contract, partner, points, deltas
):
    options = {**options, "score_values": own}
    score = score_hand("mighty", 5, 0, contract, partner, options, declarer_points=points)
    assert score.deltas == deltas


@pytest.mark.parametrize(
    ("formula", "name"),
    [
        ("seed", "no_trump_multiplier"),
        ("seed", "alone_multiplier"),
        ("seed", "bid_weight"),
        ("pagat_p10", "bid_weight"),
        ("pagat_pm", "base"),
        ("pagat_pm1", "base"),
        ("pagat", "made_napoleon"),
    ],
)
def test_it_refuses_a_name_the_formulas_table_lacks(formula, name):
    with pytest.raises(UnknownOption) as refused:
        find_variant("mighty").rules({"formula": formula, "score_values": {name: 2}}, 5)
    assert refused.value.field == f"options.score_values.{name}"


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("declarer", 1001),
        ("base", 21),
        ("base", -1),
        ("bid_weight", 11),
        ("run_multiplier", 0),
        ("run_multiplier", 17),
    ],
)
def test_it_refuses_a_number_outside_its_bounds(name, value):
    from scoring.rules.errors import BadOptionValue

    with pytest.raises(BadOptionValue) as refused:
        find_variant("mighty").rules({"formula": "pagat", "score_values": {name: value}}, 5)
    assert refused.value.field == f"options.score_values.{name}"
