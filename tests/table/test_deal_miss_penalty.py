"""A deal miss that costs its caller (the Mighty's deal-miss penalty, a table's house rule):
recorded through the table page, its scores on the board, in the totals, the money and the
hands list; priced from the hands before it, and priced again when those change."""

import re
import uuid
from decimal import Decimal as D

import pytest

from scoring.models import GameSession, Hand, HandEvent
from tests.factories import drawn_for, hand_data, make_session, play, stored_deltas, url
from tests.table.test_play_at_table import Table as PlayTable
from tests.table.test_play_at_table import text_of as play_text

MIGHTY = ["Jin", "Min", "Soo", "Hyun", "Woo"]


def mighty(league, penalty="none", points=None, names=None, stake=None):
    options = {"deal_miss": "on", "deal_miss_penalty": penalty}
    if points is not None:
        options["deal_miss_points"] = points
    return make_session(league, "mighty", names=names or MIGHTY, options=options, stake=stake)


def deal_miss(client, session, caller: int):
    data = {"key": str(uuid.uuid4()), "action": "dealmiss", "declarer": str(caller)}
    response = client.post(url("record", session.pk), {**data, **drawn_for(session)})
    assert response.status_code == 302, response.content.decode()[:2000]
    return Hand.objects.filter(session=session).order_by("-number").first()


def text_of(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", response.content.decode()))


@pytest.mark.parametrize(
    ("penalty", "points", "first", "second"),
    [
        ("none", None, (), ()),
        ("fixed", None, (2, 2, -8, 2, 2), (2, 2, -8, 2, 2)),
        ("fixed", 5, (5, 5, -20, 5, 5), (5, 5, -20, 5, 5)),
        ("doubling", None, (2, 2, -8, 2, 2), (4, 4, -16, 4, 4)),
        ("doubling", 3, (3, 3, -12, 3, 3), (6, 6, -24, 6, 6)),
    ],
)
def test_it_charges_each_setting_through_the_table_page(
    member_client, league, penalty, points, first, second
):
    session = mighty(league, penalty, points)
    one, two = deal_miss(member_client, session, 2), deal_miss(member_client, session, 2)
    assert (stored_deltas(one), stored_deltas(two)) == (first, second)
    assert bool(one.lines) == (penalty != "none")
    totals = [a + b for a, b in zip(first, second, strict=True)] or [0] * 5
    assert GameSession.objects.get(pk=session.pk).totals() == totals


def test_a_played_hand_ends_the_run_and_another_callers_does_not(member_client, league):
    session = mighty(league, "doubling", 2)
    deal_miss(member_client, session, 4)
    deal_miss(member_client, session, 1)  # Min's first
    assert stored_deltas(deal_miss(member_client, session, 4))[4] == -16  # Woo's second
    play(session)
    assert stored_deltas(deal_miss(member_client, session, 4))[4] == -8  # a new run


def test_six_players_all_pay_for_a_deal_miss_called_before_the_kill(member_client, league):
    names = [*MIGHTY, "Yeon"]
    session = mighty(league, "fixed", 3, names=names)
    hand = deal_miss(member_client, session, 5)
    assert hand.sitting_out is None
    assert stored_deltas(hand) == (3, 3, 3, 3, 3, -15)


def test_the_board_money_and_hands_list_show_it(member_client, league):
    session = mighty(league, "fixed", 2, stake=D("0.50"))
    deal_miss(member_client, session, 2)
    table = text_of(member_client.get(session.get_absolute_url()))
    assert "−4.00" in table and "+1.00" in table  # 8 and 2 points at 0.50 a point
    hands = text_of(member_client.get(url("hands", session.pk)))
    assert "deal miss · Soo" in hands and "its caller pays 2 to each other player" in hands
    summary = text_of(member_client.get(url("summary", session.pk)))
    assert "Soo pays" in summary
    edit = text_of(member_client.get(url("edit-hand", session.pk, 1)))
    assert "deal miss · Soo · its caller pays 2 to each other player" in edit


def test_an_edit_or_an_undo_prices_the_later_deal_misses_again(member_client, member, league):
    session = mighty(league, "doubling", 2)
    hand = play(session)
    later = deal_miss(member_client, session, 3)
    assert stored_deltas(later)[3] == -8
    data = {"version": str(hand.version), **drawn_for(session), "declarer": "3"}
    edited = member_client.post(url("edit-hand", session.pk, 1), {**data, "action": "dealmiss"})
    assert edited.status_code == 302
    assert stored_deltas(Hand.objects.get(number=1, session=session))[3] == -8
    assert stored_deltas(Hand.objects.get(pk=later.pk))[3] == -16  # now the second in a row
    # Its cost moved with the edit: an edit of its own in its history, its version raised.
    moved = HandEvent.objects.get(hand_ref=later.pk, action=HandEvent.EDIT)
    assert (moved.before["scores"][3], moved.after["scores"][3]) == (-8, -16)
    assert moved.user == member and moved.after["version"] == later.version + 1
    assert Hand.objects.get(pk=later.pk).version == later.version + 1
    history = text_of(member_client.get(url("history", session.pk)))
    assert history.count("Its cost changed with the change to hand 1 before it.") == 1
    member_client.post(url("undo", session.pk), {"number": 2})
    removal = HandEvent.objects.get(action=HandEvent.UNDO)
    member_client.post(url("restore", session.pk, removal.pk))
    assert stored_deltas(Hand.objects.get(pk=later.pk))[3] == -16  # restored, priced again
    first = Hand.objects.get(number=1, session=session)
    body = {"version": str(first.version)}
    member_client.post(url("delete-hand", session.pk, 1), body)
    assert stored_deltas(Hand.objects.get(pk=later.pk))[3] == -8  # its run lost a hand


def test_an_edit_back_to_a_played_hand_scores_it_as_played(member_client, league):
    session = mighty(league, "fixed", 2)
    hand = deal_miss(member_client, session, 1)
    data = {k: v for k, v in hand_data(session).items() if k != "key"}
    body = {"version": str(hand.version), **data, "action": "save"}
    assert member_client.post(url("edit-hand", session.pk, 1), body).status_code == 302
    hand.refresh_from_db()
    assert hand.status == Hand.PLAYED and hand.deal_miss_by is None
    assert "deal miss" not in " ".join(hand.lines)


def test_the_new_game_form_offers_it_beside_the_deal_miss(member_client, league):
    page = member_client.post(
        url("session-new", league.pk), {"variant": "mighty", "choose_game": "1"}
    ).content.decode()
    bidding = page[page.index('name="opt_mighty_deal_miss"') :]
    assert bidding.index('name="opt_mighty_deal_miss_penalty"') < bidding.index("</details>")
    assert 'name="opt_mighty_deal_miss_points"' in bidding
    assert 'data-default="none"' in page and 'data-default="2"' in page  # counted as changed


def test_the_new_game_form_starts_a_table_that_charges(member_client, league):
    data = {
        "variant": "mighty",
        "date": "2025-04-01",
        "players": "\n".join(MIGHTY),
        "first_dealer": "1",
        "opt_mighty_deal_miss": "on",
        "opt_mighty_deal_miss_penalty": "doubling",
        "opt_mighty_deal_miss_points": "4",
    }
    assert member_client.post(url("session-new", league.pk), data).status_code == 302
    session = GameSession.objects.get()
    assert (session.options["deal_miss_penalty"], session.options["deal_miss_points"]) == (
        "doubling",
        4,
    )
    assert stored_deltas(deal_miss(member_client, session, 0)) == (-16, 4, 4, 4, 4)


def test_the_nights_best_hand_is_a_hand_played_not_a_penalty(member_client, league):
    session = mighty(league, "fixed", 100)
    play(session)
    deal_miss(member_client, session, 2)  # +100 to four players: no hand won
    summary = text_of(member_client.get(url("summary", session.pk)))
    assert "Best hand:" in summary and ", hand 1 (" in summary
    assert ", hand 2 (" not in summary


def test_the_play_of_a_hand_is_recorded_at_a_table_that_charges(member_client, league):
    """The play's record carries the rulings' house rules: a penalty is the table's own."""
    session = mighty(league, "fixed", 2)
    bid = {"declarer": "0", "level": "13", "trump": "S", "called_suit": "H", "called_rank": "A"}
    table = PlayTable(member_client, session, bid)
    for code in ["S2", "S3", "S4", "S5"]:
        table.tap(f"card:{code}")
    assert "Trick 1 · Woo wins" in play_text(table.tap("card:S6"))
    assert "deal_miss_penalty" not in table.record
