"""The hand record's rules that belong to one game or one fault (record.md §2.4, §5, §6):
Thai's toppled first trick, Nap's trump, the secretary card's order, barred jokers, the
auction, cards given twice, and the order in which faults are found."""

import pytest

from scoring.rules.cards import card
from scoring.rules.errors import NotationError, RulesError, RuleViolation
from tests.rules.test_record import judged

THAI = {"variant": "thai", "players": 5, "declarer": 0, "contract": "2S", "partner": None}
NAP = {"variant": "nap", "players": 4, "declarer": 1, "contract": "three"}
TAIWAN = {"variant": "taiwan", "players": 5, "declarer": 0, "contract": "3S", "called_card": "SQ"}
MIGHTY = {"variant": "mighty", "players": 5, "declarer": 0, "contract": "14S", "partner": None}
JAPANESE = {"variant": "japanese", "players": 5, "declarer": 0, "contract": "13S", "partner": None}


def fault(body):
    with pytest.raises(RulesError) as caught:
        judged(body)
    error = caught.value
    return ("400" if isinstance(error, NotationError) else "422"), error.field


# ---- Thai: the toppled first trick (§5.4) --------------------------------------------------


def test_a_toppling_first_trick_ends_the_hand_and_the_citizens_win():
    answer = judged({**THAI, "tricks": [{"plays": ["H2", "H3", "H4", "H5", "H6"]}]})
    assert answer.complete and answer.tricks[0].toppled
    assert answer.facts.toppled and answer.score.made is False
    assert fault(
        {**THAI, "tricks": [{"plays": ["H2", "H3", "H4", "H5", "H6"]}, {"winner": 1}]}
    ) == (
        "422",
        "tricks[1]",
    )
    body = {**THAI, "tricks": [{"plays": ["H2", "H3", "H4", "H5", "H6"]}], "rest": 2}
    assert fault(body) == ("422", "rest")


@pytest.mark.parametrize(
    ("trick", "expected"),
    [
        ({"plays": ["H2", None, "H4", None, "H6"], "toppled": True}, None),
        ({"plays": ["H2", None, "H4", None, "D6"], "toppled": True}, ("422", "tricks[0].toppled")),
        ({"plays": ["H2", None, "H9", None, "H6"], "toppled": True}, ("422", "tricks[0].toppled")),
        ({"plays": ["H2", "H3", "H4", "H5", "H6"], "toppled": False}, ("422", "tricks[0].toppled")),
        ({"plays": ["H2", "H3", "H4", "H5", "H7"], "toppled": True}, ("422", "tricks[0].toppled")),
        ({"plays": ["H2", None, "H4", None, "H6"], "toppled": "yes"}, ("400", "tricks[0].winner")),
    ],
)
def test_a_toppled_first_trick_must_fit_its_known_cards(trick, expected):
    body = {**THAI, "tricks": [trick]}
    if expected is None:
        answer = judged(body)
        assert answer.complete and answer.tricks[0].winner is None
        assert answer.tricks_won == (0, 0, 0, 0, 0)
        return
    assert fault(body) == expected


def test_only_thais_first_trick_can_topple():
    body = {**THAI, "tricks": [{"winner": 1}, {"winner": 1, "toppled": True}]}
    assert fault(body) == ("422", "tricks[1].toppled")
    assert fault({**NAP, "tricks": [{"winner": 1, "toppled": True}]}) == (
        "422",
        "tricks[0].toppled",
    )


# ---- Nap: the trump the first lead names (§2.4) ----------------------------------------------


def test_naps_trump_is_needed_once_a_later_trick_shows_a_card():
    assert judged({**NAP, "tricks": [{"winner": 1}]}).trump is None
    body = {**NAP, "tricks": [{"winner": 1}, {"plays": ["H5", None, None, None], "winner": 1}]}
    assert fault(body) == ("400", "tricks[0].trump")
    body["tricks"][0]["trump"] = "H"
    assert judged(body).trump == "H"


def test_naps_given_trump_must_be_the_suit_its_lead_named():
    body = {**NAP, "tricks": [{"plays": ["H5", "H6", "H7", "H8"], "trump": "S"}]}
    assert fault(body) == ("422", "tricks[0].trump")
    body["tricks"][0]["trump"] = "H"
    assert judged(body).trump == "H"


def test_a_misere_without_trumps_has_none_and_ignores_a_trump_given():
    body = {**NAP, "contract": "misere", "tricks": [{"winner": 2, "trump": "X"}]}
    assert judged(body).trump == "NT"


def test_a_nap_joker_led_to_trick_one_names_the_trump():
    body = {**NAP, "options": {"joker": True}, "tricks": [{"plays": ["JK", "H6", "S7", "H8"]}]}
    assert fault(body) == ("400", "tricks[0].lead_suit")
    body["tricks"][0]["lead_suit"] = "S"
    answer = judged(body)
    assert answer.trump == "S" and answer.tricks[0].winner == 1


# ---- Taiwan: the secretary card and its order, the summons ---------------------------------


def test_the_secretary_order_binds_its_holder_when_the_hand_shows_it():
    hand = ["SQ", "H6", "C4", "C5", "C6", "C7", "C8", "C9", "CJ", "CK"]
    trick = {"plays": ["H9", "H8", "H7", "H6", "H4"], "secretary_ordered": True}
    body = {**TAIWAN, "hands": {"4": hand}, "tricks": [trick]}
    [play] = judged(body).illegal_plays
    assert (play.seat, play.card.code, play.by, play.proved_by.card.code) == (4, "H6", "hand", "SQ")
    body["options"] = {"secretary_order": "off"}
    assert fault(body) == ("422", "tricks[0].secretary_ordered")
    assert fault(
        {**JAPANESE, "tricks": [{"winner": 0, "points": [], "secretary_ordered": True}]}
    ) == (
        "422",
        "tricks[0].secretary_ordered",
    )


@pytest.mark.parametrize(
    ("trick", "expected"),
    [
        ({"plays": ["S2", None, None, None, None], "winner": 2, "joker_called": True}, None),
        ({"plays": ["S4", None, None, None, None], "winner": 2, "joker_called": True}, "422"),
        ({"winner": 2, "joker_called": True}, None),  # the lead is unknown: it may have been ♠2
    ],
)
def test_a_summon_needs_a_lead_that_can_summon(trick, expected):
    body = {**TAIWAN, "partner": None, "tricks": [{**trick, "points": []}]}
    if expected is None:
        judged(body)
    else:
        assert fault(body) == (expected, "tricks[0].joker_called")


def test_a_summon_after_trick_three_is_refused_whatever_the_lead():
    tricks = [{"winner": 1, "points": []}] * 3 + [{"winner": 1, "points": [], "joker_called": True}]
    assert fault({**TAIWAN, "tricks": tricks}) == ("422", "tricks[3].joker_called")


# ---- barred cards are reported, not refused (§6.3, §7.1) ------------------------------------


def test_a_joker_led_to_the_mightys_first_trick_is_reported():
    trick = {"plays": ["JK", "H8", "H7", "H6", "H4"], "lead_suit": "H"}
    answer = judged({**MIGHTY, "tricks": [trick]})
    [play] = answer.illegal_plays
    assert (play.trick, play.seat, play.card.code, play.by, play.proved_by) == (
        1,
        0,
        "JK",
        "trick",
        None,
    )
    assert answer.tricks[0].winner == 0  # judged as though the joker had been allowed


def test_a_japanese_joker_barred_from_trick_one_is_reported():
    options = {"first_trick_restriction": "no_joker"}
    trick = {"plays": ["H9", "JK", "H7", "H6", "H4"]}
    [play] = judged({**JAPANESE, "options": options, "tricks": [trick]}).illegal_plays
    assert (play.seat, play.play_index, play.by) == (1, 1, "trick")


# ---- standing: discards, points, Taiwan's discards_to (§5.1, §8) -----------------------------


@pytest.mark.parametrize(
    ("discards_to", "declarer", "defenders"),
    [("defenders", 0, 2), ("napoleon", 2, 0), ("target", 0, 0)],
)
def test_discarded_point_cards_count_for_the_side_the_house_rule_names(
    discards_to, declarer, defenders
):
    body = {
        **TAIWAN,
        "options": {"discards_to": discards_to},
        "discards": ["SA", "HK"],
        "tricks": [],
    }
    answer = judged({**body, "partner": 3})
    declarers, others = answer.sides
    assert (declarers.points, others.points) == (declarer, defenders)
    assert answer.discards == (card("SA"), card("HK"))


def test_more_cards_known_discarded_than_the_blind_is_refused():
    body = {**TAIWAN, "discards": ["C2", "C3", "C4", "C5", "C6"], "tricks": []}
    assert fault(body) == ("422", "discards")


def test_points_of_a_judged_trick_must_be_its_point_cards():
    trick = {"plays": ["HA", "H8", "H7", "H6", "HK"], "points": ["HA"]}
    assert fault({**TAIWAN, "tricks": [trick]}) == ("422", "tricks[0].points")
    trick["points"] = ["HK", "HA"]
    assert judged({**TAIWAN, "tricks": [trick]}).tricks[0].points == (card("HA"), card("HK"))


@pytest.mark.parametrize(
    ("points", "expected"),
    [
        (["HA", "SK"], None),
        (["H5"], ("422", "tricks[0].points[0]")),  # no point card
        (["SK"], ("422", "tricks[0].points")),  # ♥A, a known play, is missing
        (["HA", "SK", "SJ", "DJ", "CJ"], ("422", "tricks[0].points")),  # more than 3 unknown plays
        (["HA", "SA"], ("400", "tricks[0].points[1]")),  # also a discard
    ],
)
def test_points_of_a_partial_trick_must_fit_its_known_cards(points, expected):
    trick = {"plays": ["HA", None, "H7", None, None], "winner": 1, "points": points}
    body = {**TAIWAN, "discards": ["SA"], "tricks": [trick]}
    if expected is None:
        assert judged(body).tricks[0].points == (card("SK"), card("HA"))  # deck order
    else:
        assert fault(body) == expected


# ---- the auction (§6.4) -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        # The dealer (seat 4) calls first in the Mighty's first hand.
        ({"calls": ["pass", "14S", "pass", "pass", "pass"], "dealer": 4}, None),
        ({"calls": ["pass", "14S", "pass"], "dealer": 4}, ("422", "calls")),
        ({"calls": ["14S", "pass", "pass", "pass", "pass"], "dealer": 4}, ("422", "declarer")),
        ({"calls": ["pass", "13S", "pass", "pass", "pass"], "dealer": 4}, ("422", "contract")),
        ({"calls": ["pass", "13H", "pass", "pass", "pass"], "dealer": 4, "contract": "15S"}, None),
        ({"calls": ["pass", "13H", "pass", "pass", "pass"], "dealer": 4, "contract": "14NT"}, None),
        ({"calls": ["pass", "15S", "pass", "pass", "pass"], "dealer": 4}, ("422", "contract")),
        ({"calls": ["pass", "15S", "14S"], "dealer": 4}, ("422", "calls[2]")),
        ({"calls": ["pass", "14S", "pass", "pass", "pass"]}, ("400", "dealer")),
    ],
)
def test_the_auction_must_lead_to_the_declarer_and_the_contract(record, expected):
    body = {**MIGHTY, "tricks": [], **record}
    if expected is None:
        assert judged(body).auction.declarer == 0
    else:
        assert fault(body) == expected


def test_a_number_auction_leads_to_a_level_with_any_trump():
    calls = ["11", "pass", "pass", "pass", "pass"]  # seat 0, left of the dealer, bids 11
    body = {**TAIWAN, "options": {"bid_style": "number"}, "calls": calls, "dealer": 4, "tricks": []}
    assert judged(body).auction.contract is not None
    assert fault({**body, "contract": "4S"}) == ("422", "contract")


# ---- cards given twice, and the order faults are found in (§6.1, §6.2) ------------------------


@pytest.mark.parametrize(
    ("record", "field"),
    [
        ({"discards": ["C2", "C2"]}, "discards[1]"),
        ({"hands": {"1": ["C2"] * 10}}, "hands.1[1]"),
        (
            {
                "discards": ["H8"],
                "tricks": [{"plays": ["H9", "H8", None, None, None], "winner": 1, "points": []}],
            },
            "tricks[0].plays[1]",
        ),
        (
            {"tricks": [{"plays": ["H9", "H9", None, None, None], "winner": 1, "points": []}]},
            "tricks[0].plays[1]",
        ),
        (
            {
                "tricks": [
                    {"winner": 1, "points": ["SA"]},
                    {"plays": ["SA", None, None, None, None], "winner": 1, "points": ["SA"]},
                ]
            },
            "tricks[1].plays[0]",
        ),
        (
            {
                "hands": {"3": ["H8", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "C9", "C10"]},
                "tricks": [{"plays": ["H9", "H8", None, None, None], "winner": 1, "points": []}],
            },
            "tricks[0].plays[1]",
        ),
    ],
)
def test_a_card_given_twice_is_refused_where_it_appears_the_second_time(record, field):
    assert fault({**TAIWAN, "tricks": [], **record}) == ("400", field)


def test_a_fault_of_a_later_tricks_fields_comes_after_an_earlier_tricks_situation():
    tricks = [{"plays": ["H9", "H8", "H7", "H6", "H5"], "winner": 3}, {"plays": "x"}]
    assert fault({**TAIWAN, "tricks": tricks}) == ("422", "tricks[0].winner")
    tricks[0].pop("winner")
    assert fault({**TAIWAN, "tricks": tricks}) == ("400", "tricks[1].plays")


@pytest.mark.parametrize(
    ("tricks", "field"),
    [
        ([{"plays": ["H9"]}, {"winner": 1}], "tricks[0].plays"),  # only the last is in progress
        ([{"plays": ["H9"], "winner": 1}], "tricks[0].plays"),  # a winner finishes it
        ([{"plays": []}], "tricks[0].plays"),
        ([{"plays": ["H9", None, None, None, None]}], "tricks[0].winner"),
        ([{"plays": ["BJ", "H8", "H7", "H6", "H5"]}], "tricks[0].lead_suit"),
        ([{"winner": 1, "points": [], "joker_called": None}], "tricks[0].joker_called"),
        ([["H9"]], "tricks[0]"),
        ([{"winner": 1, "points": []}] * 11, "tricks"),
    ],
)
def test_a_tricks_fields_are_read_in_order(tricks, field):
    assert fault({**TAIWAN, "tricks": tricks}) == ("400", field)


def test_a_partner_the_record_contradicts_comes_after_the_tricks():
    tricks = [{"plays": ["H9", "SQ", "H7", "H6", "H5"]}]
    assert fault({**TAIWAN, "partner": 3, "tricks": tricks}) == ("422", "partner")
    assert judged({**TAIWAN, "partner": 2, "tricks": tricks}).partner.by == "play"


def test_a_rest_of_the_wrong_type_waits_for_the_tricks():
    tricks = [{"plays": ["H9", "H8", "H7", "H6", "H5"], "winner": 3}]
    assert fault({**TAIWAN, "rest": "x", "tricks": tricks}) == ("422", "tricks[0].winner")
    assert fault({**TAIWAN, "rest": "x", "tricks": []}) == ("400", "rest")
    with pytest.raises(RuleViolation):
        judged({**MIGHTY, "players": 6, "sitting_out": 3, "rest": 3, "tricks": []})


# ---- the partner no trick shows (§4, sources 3 and 5; the sitting-out seat) ------------------

# record.md §9.5's five-player Taiwan hand: every card of its ten tricks; ♠A was discarded.
PLAYED_OUT = [
    "HA BJ H6 H7 H10", "S8 SJ SK S9 CJ", "D2 DA HJ DK D7", "C8 H8 C7 C4 C3",
    "DJ DQ D6 D10 C6", "S6 S2 S7 H9 SQ", "H5 H2 CA H3 HK", "CQ D5 CK D9 HQ",
    "D3 D8 S3 C2 S4", "C5 H4 C10 S5 LJ",
]  # fmt: skip
FIVE = {"variant": "taiwan", "players": 5, "declarer": 1, "contract": "5C"}


def _played_out(**fields):
    return {**FIVE, "tricks": [{"plays": t.split()} for t in PLAYED_OUT], **fields}


def _held():
    """Each seat's cards when play began (trick 1 led by seat 2, then each winner)."""
    held: dict[str, list[str]] = {str(s): [] for s in range(5)}
    answer = judged(_played_out(called_card="DK"))
    for trick in answer.tricks:
        for seat, play in zip(trick.seats, trick.plays, strict=True):
            held[str(seat)].append(play.code)
    return held


def test_a_called_card_in_no_trick_of_a_played_out_hand_was_discarded():
    answer = judged(_played_out(called_card="SA"))
    shown = answer.partner
    assert (shown.by, shown.seat, shown.alone, shown.known) == ("unplayed", None, True, True)
    assert answer.score is not None and answer.discards == (card("SA"),)


def test_a_played_out_hand_with_an_unknown_card_leaves_the_partner_unknown():
    tricks = [{"plays": t.split()} for t in PLAYED_OUT]
    tricks[4] = {"plays": ["DJ", "DQ", None, "D10", "C6"], "winner": 4, "points": ["DJ", "DQ"]}
    answer = judged({**FIVE, "called_card": "SA", "tricks": tricks})
    assert not answer.partner.known and answer.score is None


def test_a_called_card_in_none_of_every_seats_hand_shows_the_declarer_alone():
    answer = judged({**FIVE, "called_card": "SA", "hands": _held(), "tricks": []})
    shown = answer.partner
    assert (shown.by, shown.seat, shown.alone, shown.known) == ("hands", None, True, True)


def test_a_partner_given_as_the_seat_sitting_out_is_refused():
    body = {**MIGHTY, "players": 6, "sitting_out": 2, "partner": 2, "tricks": []}
    assert fault(body) == ("422", "partner")
