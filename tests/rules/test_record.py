"""The hand record (record.md), one row per game for each rule it adds: who leads and the
seat of each play, the depths a table may enter, the partner, claims, and the illegal plays
the record proves by itself or with the hands."""

import pytest

from scoring import rulings
from scoring.rules import VARIANTS
from scoring.rules.cards import card
from scoring.rules.errors import NotationError, RuleViolation
from scoring.rules.record import Proof
from tests.rules.record_helpers import (
    FILLERS,
    GAME_IDS,
    GAMES,
    first_trick,
    fourth_hand,
    game_body,
    later_trick,
    seats,
)

GAME = dict(zip(GAME_IDS, GAMES, strict=True))


def judged(body):
    """The engine's answer (``RecordAnswer``) to a JSON record, read by the facade."""
    fields = rulings.record_fields(body)
    return rulings.record(rulings.read_record_question(fields, rulings.read_table(fields)))


def illegal(answer):
    return [
        (i.trick, i.seat, i.play_index, i.card.code, i.by, i.proved_by)
        for i in answer.illegal_plays
    ]


def tricks_of(game):
    return VARIANTS[game[0]].tricks(game[1], VARIANTS[game[0]].rules(None, game[1]))


# ---- leaders and seats (§2) ----------------------------------------------------------

LEADERS = [
    ("taiwan", {}, [1, 2, 3, 4, 0]),
    ("taiwan", {"first_lead": "napoleon"}, [0, 1, 2, 3, 4]),
    ("hongkong", {}, [1, 2, 3, 0]),
    ("hongkong", {"first_lead": "napoleon_left"}, [2, 3, 0, 1]),
    ("japanese", {}, [2, 3, 4, 0, 1]),
    ("japanese-chip", {}, [0, 1, 2, 3, 4]),
    ("thai", {}, [3, 4, 0, 1, 2]),
    ("mighty", {}, [0, 1, 3, 4, 5]),  # seat 2 was killed
    ("nap", {}, [1, 2, 3, 0]),
]


@pytest.mark.parametrize(("code", "options", "order"), LEADERS)
def test_it_seats_each_play_from_the_first_leader(code, options, order):
    game = GAME[code]
    before = judged(game_body(game, options=options, tricks=[]))
    assert (before.next.trick, before.next.seat) == (1, order[0])
    answer = judged(game_body(game, options=options, tricks=[first_trick(game)]))
    trick = answer.tricks[0]
    assert (trick.leader, list(trick.seats)) == (order[0], order)
    assert (trick.winner, trick.play_index, trick.card.code) == (order[0], 0, "H9")
    assert (answer.next.trick, answer.next.seat) == (2, order[0])


@pytest.mark.parametrize(("code", "options", "order"), LEADERS)
def test_it_refuses_a_first_leader_the_rules_do_not_name(code, options, order):
    game = GAME[code]
    wrong = order[1]
    with pytest.raises(RuleViolation) as caught:
        judged(game_body(game, options=options, leader=wrong, tricks=[]))
    assert caught.value.field == "leader"
    assert (
        judged(game_body(game, options=options, leader=order[0], tricks=[])).next.seat == order[0]
    )


def test_it_seats_a_later_trick_from_the_winner_of_the_one_before():
    game = GAME["taiwan"]
    won_by_two = {"plays": [None] * 5, "winner": 2, "points": []}
    answer = judged(game_body(game, tricks=[won_by_two, {"plays": ["C5", "C6"]}]))
    assert list(answer.tricks[1].seats) == [2, 3, 4, 0, 1]
    assert (answer.next.trick, answer.next.seat) == (2, 4)


# ---- depths (§3) -----------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_it_takes_winners_alone_only_where_tricks_are_counted(game):
    body = game_body(game, tricks=[{"winner": seats(game)[0]}])
    if VARIANTS[game[0]].counts_tricks:
        answer = judged(body)
        assert answer.tricks_won[seats(game)[0]] == 1
        assert not answer.tricks[0].judged
        return
    with pytest.raises(NotationError) as caught:
        judged(body)
    assert caught.value.field == "tricks[0].points"


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_it_takes_winners_and_points_in_every_game(game):
    answer = judged(game_body(game, tricks=[{"winner": seats(game)[1], "points": []}]))
    trick = answer.tricks[0]
    assert (trick.winner, trick.judged, trick.card, trick.play_index) == (
        seats(game)[1],
        False,
        None,
        1,
    )
    assert "as the table entered it" in " ".join(s.template for s in trick.reason)


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_it_judges_every_trick_whose_cards_are_all_known(game):
    trick = judged(game_body(game, tricks=[first_trick(game)])).tricks[0]
    assert trick.judged and trick.winner == seats(game)[0]
    assert trick.reason[0].render(rulings.PAGE).startswith("♥9 wins")


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_it_refuses_a_winner_the_cards_contradict(game):
    body = game_body(game, tricks=[{**first_trick(game), "winner": seats(game)[2]}])
    with pytest.raises(RuleViolation) as caught:
        judged(body)
    assert caught.value.field == "tricks[0].winner"
    assert "♥9 wins" in caught.value.message


# ---- the partner (§4) --------------------------------------------------------------------


def _partner_rows():
    rows = []
    for code in ("taiwan", "hongkong", "japanese", "japanese-chip", "thai", "mighty"):
        game = GAME[code]
        order = seats(game)
        given = next(seat for seat in reversed(order) if seat != game[2])
        named = {"called_card": "SQ"}
        played = later_trick(game, "SQ")
        if not VARIANTS[code].counts_tricks:
            played["points"] = ["SQ"]
        hand = [c for c in fourth_hand(game) if c != "D9"] + ["SQ"]
        rows += [
            (code, {**named, "tricks": [first_trick(game), played]}, ("play", order[3], 2)),
            (
                code,
                {**named, "hands": {str(order[2]): hand}, "tricks": []},
                ("hands", order[2], None),
            ),
            (code, {**named, "discards": ["SQ"], "tricks": []}, ("discards", None, None)),
            (code, {**named, "partner": given, "tricks": []}, ("given", given, None)),
            (code, {**named, "tricks": []}, (None, None, None)),
        ]
    rows.append(("nap", {"tricks": []}, ("no_partner", None, None)))
    return rows


@pytest.mark.parametrize(("code", "fields", "expected"), _partner_rows())
def test_it_finds_the_partner_by_the_first_source_that_shows_it(code, fields, expected):
    partner = judged(game_body(GAME[code], **fields)).partner
    assert (partner.by, partner.seat, partner.revealed) == expected
    assert partner.known == (expected[0] is not None)


def test_it_makes_the_winner_of_trick_one_the_friend_with_the_first_trick_friend():
    game = GAME["mighty"]
    won_by_four = {"plays": [None] * 5, "winner": 4, "points": []}
    body = game_body(game, options={"first_trick_friend": True}, tricks=[won_by_four])
    partner = judged(body).partner
    assert (partner.by, partner.seat, partner.revealed, partner.alone) == (
        "first_trick",
        4,
        1,
        False,
    )
    with pytest.raises(RuleViolation) as caught:
        judged({**body, "called_card": "SQ"})
    assert caught.value.field == "called_card"


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"discards": ["SQ"], "partner": 3}, "partner"),  # the card was discarded: alone
        (
            {
                "hands": {"3": ["C4", "C5", "C6", "C7", "C8", "C9", "C10", "CJ", "CQ", "CK"]},
                "partner": 3,
            },
            "partner",
        ),
        ({"partner": 7}, "partner"),
    ],
)
def test_it_refuses_a_partner_the_record_contradicts(fields, field):
    with pytest.raises((RuleViolation, NotationError)) as caught:
        judged(game_body(GAME["taiwan"], tricks=[], **fields))
    assert caught.value.field == field


# ---- claims (§5.3) -------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_it_credits_a_claim_with_every_trick_and_point_card_left(game):
    claimant = seats(game)[1]
    alone = {} if game[0] == "nap" else {"partner": None}
    answer = judged(game_body(game, tricks=[first_trick(game)], rest=claimant, **alone))
    total = tricks_of(game)
    points = VARIANTS[game[0]].point_cards(game[1], VARIANTS[game[0]].rules(None, game[1]))
    assert answer.complete and answer.next is None
    assert (answer.claimed.seat, answer.claimed.tricks) == (claimant, total - 1)
    assert set(answer.claimed.points) == points
    assert answer.tricks_won[claimant] == total - 1
    assert answer.score is not None


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_it_refuses_a_claim_beside_a_trick_in_progress(game):
    body = game_body(game, tricks=[{"plays": ["H9"]}], rest=seats(game)[1])
    with pytest.raises(RuleViolation) as caught:
        judged(body)
    assert caught.value.field == "rest"


# ---- illegal plays (§7) ---------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_it_proves_a_revoke_by_a_card_played_later(game):
    answer = judged(game_body(game, tricks=[first_trick(game), later_trick(game, "H5")]))
    revoke = (1, seats(game)[3], 3, "D9", "later_plays", Proof(card("H5"), 2))
    assert illegal(answer) == [revoke]
    assert "♥5" in answer.illegal_plays[0].reason[0].render(rulings.PAGE)


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_it_never_calls_a_discard_that_nothing_contradicts_a_revoke(game):
    answer = judged(game_body(game, tricks=[first_trick(game), later_trick(game, "C5")]))
    assert illegal(answer) == []


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_it_checks_every_play_against_its_seats_hand(game):
    fourth = str(seats(game)[3])
    body = game_body(game, hands={fourth: fourth_hand(game)}, tricks=[first_trick(game)])
    assert illegal(judged(body)) == [(1, seats(game)[3], 3, "D9", "hand", Proof(card("H5"), None))]
    body["hands"] = {fourth: fourth_hand(game, keep_heart=False)}
    assert illegal(judged(body)) == []


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_it_refuses_a_play_that_is_not_in_its_seats_hand(game):
    third = str(seats(game)[2])
    hand = FILLERS[: tricks_of(game)]  # no ♥7
    body = game_body(game, hands={third: hand}, tricks=[first_trick(game)])
    with pytest.raises(RuleViolation) as caught:
        judged(body)
    assert caught.value.field == "tricks[0].plays[2]"
