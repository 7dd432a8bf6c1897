"""What the scorekeeping pages ask each variant (variants/table_terms.py), one row per
variant, and the quick count of a trick game's side (HandFacts.declarer_points)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.rules import HandFacts, find_variant
from scoring.rules.errors import InconsistentResult

# variant: declarer, partner prompt, the two sides, the result's title
WORDS = {
    "taiwan": (
        "Napoleon",
        "Secretary (held the called card)",
        ("Napoleon's side", "Defenders"),
        "Point cards of the napoleon's side",
    ),
    "hongkong": (
        "Napoleon",
        "Secretary (held the called card)",
        ("Napoleon's side", "Defenders"),
        "Point cards of the napoleon's side",
    ),
    "japanese": (
        "Napoleon",
        "Adjutant (held the called card)",
        ("Napoleon's side", "Opponents"),
        "Picture cards of the napoleon's side",
    ),
    "japanese-chip": (
        "Napoleon",
        "General (held the called card)",
        ("Napoleon's side", "Opponents"),
        "Picture cards of the napoleon's side",
    ),
    "thai": (
        "Napoleon",
        "Friend (held the called card)",
        ("Napoleon's side", "Citizens"),
        "Tricks of the napoleon's side",
    ),
    "mighty": (
        "Declarer",
        "Friend (held the called card)",
        ("Declarer's side", "Opponents"),
        "Point cards of the declarer's side",
    ),
    "nap": ("Bidder", "", ("Bidder", "Opponents"), "Tricks the bidder took"),
}

# variant, players, options, contract: what it needs, the most a result can be
NEEDS = [
    ("taiwan", 5, {}, "1S", 9, 16),
    ("taiwan", 4, {}, "3S", 11, 16),
    ("hongkong", 6, {}, "8NT", 16, 16),
    ("japanese", 7, {}, "13H", 13, 20),
    ("japanese-chip", 5, {}, "20S", 20, 20),
    ("mighty", 5, {}, "14NT", 14, 20),
    # Thai: t > (10 − t) + h.
    ("thai", 5, {}, "1S", 6, 10),
    ("thai", 5, {}, "2S", 7, 10),
    ("thai", 5, {}, "9C", 10, 10),
    ("nap", 4, {}, "two", 2, 5),
    ("nap", 6, {}, "misere", 0, 5),
    ("nap", 3, {}, "blucher", 5, 5),
]

# variant, options: whether a hand's sum is worth showing; whether discards go to the declarer
TABLES = [
    ("taiwan", {}, True, False),
    ("japanese", {}, False, False),
    ("japanese", {"score_table": "chips"}, True, False),
    ("japanese-chip", {}, True, False),
    ("thai", {}, False, False),
    ("mighty", {}, True, True),
    ("nap", {}, False, False),
    ("nap", {"nap_scoring": "stakes"}, True, False),
]


@pytest.mark.parametrize("code", WORDS)
def test_it_names_each_games_roles_in_its_own_words(code):
    variant = find_variant(code)
    declarer, partner, sides, result = WORDS[code]
    assert variant.term("declarer_title") == declarer
    assert variant.partner_prompt == partner
    assert variant.side_names == sides
    assert variant.result_title == result
    assert variant.has_partner == bool(partner)


@pytest.mark.parametrize(("code", "players", "options", "contract", "needed", "most"), NEEDS)
def test_it_says_what_a_contract_needs(code, players, options, contract, needed, most):
    variant = find_variant(code)
    rules = variant.rules(options, players)
    assert variant.needed(variant.parse_contract(contract, rules), players, rules) == needed
    assert variant.result_most(players, rules) == most


@pytest.mark.parametrize(("code", "options", "sum_matters", "discards"), TABLES)
def test_it_says_whether_a_sum_means_something(code, options, sum_matters, discards):
    variant = find_variant(code)
    rules = variant.rules(options, variant.players[0])
    assert variant.sum_matters(variant.players[0], rules) is sum_matters
    assert variant.discards_to_declarer(rules) is discards


def test_it_labels_the_contract_as_the_table_bids_it():
    taiwan = find_variant("taiwan")
    by_target = taiwan.rules({"bid_style": "number"}, 5)
    assert taiwan.contract_title(by_target) == "Point target"
    assert taiwan.contract_count_label(3, by_target) == "11"
    assert taiwan.contract_title(taiwan.rules({}, 5)) == "Bid level"
    assert taiwan.contract_count_label(3, taiwan.rules({}, 5)) == "3"
    assert find_variant("thai").contract_title(None) == "Handicap"
    nap = find_variant("nap")
    calls = nap.contract_calls(nap.rules({}, 4))
    assert [name for name, _label in calls] == [
        "two",
        "three",
        "misere",
        "four",
        "nap",
        "wellington",
        "blucher",
    ]
    assert dict(calls)["misere"] == "misère"


def test_only_named_contract_and_trick_games_say_so():
    flags = {
        code: (v.counts_tricks, v.named_contracts, v.can_topple, v.tricks_by_seat_matter)
        for code, v in ((c, find_variant(c)) for c in WORDS)
    }
    assert flags["thai"] == (True, False, True, True)
    assert flags["nap"] == (True, True, False, False)
    assert all(
        f == (False, False, False, False) for c, f in flags.items() if c not in ("thai", "nap")
    )


# ---- a trick game's side, counted as one number ------------------------------------------------


def _split(rest, seats):
    """``rest`` tricks shared as evenly as can be among ``seats``."""
    return {seat: rest // len(seats) + (i < rest % len(seats)) for i, seat in enumerate(seats)}


@given(handicap=st.integers(1, 9), side=st.integers(0, 10), alone=st.booleans())
def test_a_thai_side_total_scores_as_its_tricks_by_seat_without_a_betrayal(handicap, side, alone):
    thai = find_variant("thai")
    rules = thai.rules({}, 5)
    contract = thai.parse_contract(f"{handicap}S", rules)
    partner = None if alone else 3
    by_seat = {0: side} if alone else {0: side - side // 2, 3: side // 2}  # napoleon ahead
    by_seat.update(_split(10 - side, [s for s in range(5) if s not in by_seat]))
    quick = thai.score(HandFacts(5, 0, contract, partner, declarer_points=side), rules)
    full = thai.score(HandFacts(5, 0, contract, partner, tricks=by_seat), rules)
    assert (quick.made, quick.deltas, quick.declarer_points) == (
        full.made,
        full.deltas,
        full.declarer_points,
    )


@given(call=st.sampled_from(["two", "three", "misere", "four", "nap"]), taken=st.integers(0, 5))
def test_a_nap_bidders_tricks_score_as_tricks_by_seat(call, taken):
    nap = find_variant("nap")
    rules = nap.rules({}, 4)
    contract = nap.parse_contract(call, rules)
    by_seat = {1: taken, **_split(5 - taken, [0, 2, 3])}
    quick = nap.score(HandFacts(4, 1, contract, None, declarer_points=taken), rules)
    full = nap.score(HandFacts(4, 1, contract, None, tricks=by_seat), rules)
    assert (quick.made, quick.deltas, quick.lines) == (full.made, full.deltas, full.lines)


def test_a_side_total_out_of_range_is_refused():
    thai = find_variant("thai")
    rules = thai.rules({}, 5)
    facts = HandFacts(5, 0, thai.parse_contract("2S", rules), 1, declarer_points=11)
    with pytest.raises(InconsistentResult):
        thai.score(facts, rules)
