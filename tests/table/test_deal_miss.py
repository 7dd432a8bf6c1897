"""The Mighty's deal miss at the table: recorded as a hand of its own kind, with who called
it, scoring nothing, and dealt again by whoever called it (rules-house.md §8.5.3); offered
only where the game and its house rules allow one."""

import csv
import io
import re
import uuid

import pytest

from scoring.models import GameSession, Hand, HandEvent, Player, Seat
from scoring.table import audit
from scoring.table.lineup import next_dealer
from tests.factories import (
    counts,
    drawn_for,
    hand_data,
    make_session,
    pass_out,
    play,
    stored_deltas,
    url,
)
from tests.table.test_table_version import leave

ON = {"deal_miss": "on"}
MIGHTY = ["Jin", "Min", "Soo", "Hyun", "Woo"]


@pytest.fixture
def mighty_dm(league):
    """A five-player Mighty that plays deal misses."""
    return make_session(league, "mighty", options=ON)


def text_of(response) -> str:
    """The page's words, its tags dropped."""
    return re.sub(r"<[^>]+>", "", response.content.decode())


def deal_miss(client, session, caller, **more):
    data = {"key": str(uuid.uuid4()), "action": "dealmiss", **drawn_for(session), **more}
    if caller is not None:
        data["declarer"] = str(caller)
    return client.post(url("record", session.pk), data)


def test_it_records_a_deal_miss_with_who_called_it_and_no_score(member_client, mighty_dm):
    before = counts()
    response = deal_miss(member_client, mighty_dm, 3)
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert (hand.status, hand.deal_miss_by, hand.declarer, hand.contract) == (
        Hand.DEAL_MISS,
        3,
        None,
        "",
    )
    assert hand.made is None and hand.lines == [] and stored_deltas(hand) == ()
    assert counts()["HandScore"] == before["HandScore"]
    assert mighty_dm.totals() == [0, 0, 0, 0, 0]


@pytest.mark.parametrize("caller", [0, 2, 4])
def test_it_has_whoever_called_it_deal_the_new_hand(member_client, mighty_dm, caller):
    deal_miss(member_client, mighty_dm, caller)
    assert next_dealer(mighty_dm) == caller
    assert Hand.objects.get().next_dealer() == caller
    table = member_client.get(mighty_dm.get_absolute_url()).content.decode()
    assert f"Hand 2 · {MIGHTY[caller]} deals" in table


def test_it_keeps_the_dealer_after_a_pass_out_but_not_after_a_deal_miss(member_client, mighty_dm):
    pass_out(mighty_dm)
    assert next_dealer(mighty_dm) == 0  # everyone passed: the same dealer again
    deal_miss(member_client, mighty_dm, 2)
    assert next_dealer(mighty_dm) == 2


def test_it_drops_a_half_entered_contract_with_the_deal_miss(member_client, mighty_dm):
    data = {k: v for k, v in hand_data(mighty_dm).items() if k not in ("key", "declarer")}
    response = deal_miss(member_client, mighty_dm, 1, **{**data, "points": "99", "level": "x"})
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert (hand.deal_miss_by, hand.contract, hand.declarer_points) == (1, "", None)


def test_it_asks_who_called_it_and_keeps_the_entry(member_client, mighty_dm, htmx):
    data = {"key": str(uuid.uuid4()), "action": "dealmiss", **drawn_for(mighty_dm), "level": "14"}
    response = member_client.post(url("record", mighty_dm.pk), data, **htmx)
    assert response.status_code == 422
    body = response.content.decode()
    assert "Who called the deal miss? Tap their name under Declarer, then Deal miss." in body
    assert 'value="14" checked' in body
    assert not Hand.objects.exists()


def test_it_refuses_a_deal_miss_where_the_house_rules_have_none(member_client, mighty):
    before = counts()
    response = deal_miss(member_client, mighty, 2)
    assert response.status_code == 422
    assert (
        "This table plays without deal misses (see its house rules)." in response.content.decode()
    )
    assert counts() == before


def test_it_refuses_a_deal_miss_in_a_game_without_one(member_client, session):
    response = deal_miss(member_client, session, 2)
    assert response.status_code == 422
    assert not Hand.objects.exists()


@pytest.mark.parametrize("caller", ["9", "-1", "x", ""])
def test_it_refuses_a_caller_not_at_the_table(member_client, mighty_dm, caller):
    response = deal_miss(member_client, mighty_dm, caller)
    assert response.status_code == 422
    assert not Hand.objects.exists()


def test_it_refuses_a_caller_who_sits_the_hand_out(member_client, league):
    seven = make_session(league, "mighty", options=ON)
    for number, name in ((5, "Ara"), (6, "Bin")):  # seven at the table, five dealt in
        player = Player.objects.create(league=league, name=name)
        Seat.objects.create(session=seven, number=number, player=player)
    GameSession.objects.filter(pk=seven.pk).update(players_per_hand=5)
    response = deal_miss(member_client, seven, 0, out=["0", "1"])
    assert response.status_code == 422
    assert "Jin sits this hand out." in response.content.decode()
    assert deal_miss(member_client, seven, 4, out=["0", "1"]).status_code == 302
    hand = Hand.objects.get()
    assert hand.benched and hand.deal_miss_by == 2  # Woo: the third of those dealt in
    assert next_dealer(seven) == 4


def test_it_offers_the_button_only_where_a_deal_miss_is_allowed(member_client, league):
    shown = {}
    for variant, options in (("mighty", ON), ("mighty", {}), ("taiwan", {})):
        session = make_session(league, variant, options=options)
        page = member_client.get(session.get_absolute_url()).content.decode()
        shown[(variant, bool(options))] = 'value="dealmiss"' in page
    assert shown == {("mighty", True): True, ("mighty", False): False, ("taiwan", False): False}


def test_it_lists_the_deal_miss_with_who_called_it(member_client, mighty_dm):
    play(mighty_dm)
    deal_miss(member_client, mighty_dm, 2)
    pages = (mighty_dm.get_absolute_url(), url("hands", mighty_dm.pk), url("undo", mighty_dm.pk))
    for page in pages:
        assert "deal miss · Soo" in text_of(member_client.get(page))


def test_it_keeps_the_deal_miss_in_the_audit_trail(member_client, mighty_dm):
    deal_miss(member_client, mighty_dm, 4)
    event = HandEvent.objects.get()
    assert (event.after["status"], event.after["deal_miss_by"]) == ("dealmiss", 4)
    rows = dict(audit.describe(mighty_dm, event.after))
    assert rows["Hand"] == "deal miss" and rows["Deal miss called by"] == "Woo"


def test_it_brings_an_undone_deal_miss_back_with_its_caller(member_client, mighty_dm):
    deal_miss(member_client, mighty_dm, 4)
    hand = Hand.objects.get()
    member_client.post(url("undo", mighty_dm.pk), {"number": hand.number})
    assert not Hand.objects.exists()
    removal = HandEvent.objects.get(action=HandEvent.UNDO)
    member_client.post(url("restore", mighty_dm.pk, removal.pk))
    restored = Hand.objects.get()
    assert (restored.status, restored.deal_miss_by, stored_deltas(restored)) == ("dealmiss", 4, ())


def edit(client, session, hand, **data):
    body = {"version": str(hand.version), **drawn_for(session), **data}
    return client.post(url("edit-hand", session.pk, hand.number), body)


def test_it_edits_a_played_hand_into_a_deal_miss_and_back(member_client, mighty_dm):
    hand = play(mighty_dm)
    page = member_client.get(url("edit-hand", mighty_dm.pk, 1)).content.decode()
    assert "Mark as a deal miss" in page
    assert edit(member_client, mighty_dm, hand, declarer="1", action="dealmiss").status_code == 302
    hand.refresh_from_db()
    assert (hand.status, hand.deal_miss_by, stored_deltas(hand)) == ("dealmiss", 1, ())
    page = member_client.get(url("edit-hand", mighty_dm.pk, 1)).content.decode()
    assert 'name="declarer" value="1" checked' in page  # the caller, where the form reads it
    data = {k: v for k, v in hand_data(mighty_dm).items() if k != "key"}
    assert edit(member_client, mighty_dm, hand, **data, action="save").status_code == 302
    hand.refresh_from_db()
    assert (hand.status, hand.deal_miss_by) == ("played", None)
    assert len(stored_deltas(hand)) == 5


def test_it_marks_a_deal_miss_passed_out_without_its_caller(member_client, mighty_dm):
    deal_miss(member_client, mighty_dm, 3)
    hand = Hand.objects.get()
    assert edit(member_client, mighty_dm, hand, action="passed").status_code == 302
    hand.refresh_from_db()
    assert (hand.status, hand.deal_miss_by) == ("passed", None)


def test_the_csv_names_who_called_the_deal_miss(member_client, league, mighty_dm):
    deal_miss(member_client, mighty_dm, 1)
    response = member_client.get(url("league-export-csv", league.pk))
    text = b"".join(response.streaming_content).decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["player"], r["status"], r["role"], r["score"]) for r in rows] == [
        (name, "dealmiss", "dealmiss" if name == "Min" else "", "0") for name in MIGHTY
    ]


def test_a_deal_miss_drawn_before_the_table_changed_is_refused(member_client, mighty_dm):
    drawn = drawn_for(mighty_dm)
    play(mighty_dm)  # another phone saves a hand meanwhile: the table's version moves on
    data = {"key": str(uuid.uuid4()), "action": "dealmiss", "declarer": "2", **drawn}
    response = member_client.post(url("record", mighty_dm.pk), data)
    assert response.status_code == 409
    assert "the table changed after this page was opened" in response.content.decode()
    assert not Hand.objects.filter(status=Hand.DEAL_MISS).exists()


@pytest.mark.parametrize("version", [None, "", "x"])
def test_a_deal_miss_without_its_table_version_is_refused(member_client, mighty_dm, version):
    data = {"key": str(uuid.uuid4()), "action": "dealmiss", "declarer": "2"}
    if version is not None:
        data["table_version"] = version
    response = member_client.post(url("record", mighty_dm.pk), data)
    assert response.status_code == 400  # which table it was drawn for is not known
    assert not Hand.objects.exists()


def test_a_deal_miss_sent_twice_is_stored_once(member_client, mighty_dm):
    key = str(uuid.uuid4())
    data = {"key": key, "action": "dealmiss", "declarer": "2", **drawn_for(mighty_dm)}
    assert member_client.post(url("record", mighty_dm.pk), data).status_code == 302
    assert member_client.post(url("record", mighty_dm.pk), data).status_code == 302
    assert Hand.objects.count() == 1


def test_the_session_history_shows_the_deal_miss(member_client, mighty_dm):
    deal_miss(member_client, mighty_dm, 2)
    page = member_client.get(url("session-history", mighty_dm.pk))
    assert "deal miss · Soo" in text_of(page)


@pytest.mark.parametrize(("leaving", "deals"), [("Jin", "Soo"), ("Soo", "Hyun")])
def test_after_a_deal_miss_the_deal_follows_who_is_still_there(
    member_client, mighty_dm, leaving, deals
):
    """Jin dealt and Soo called the deal miss: the dealer leaving changes nothing; Soo
    leaving passes the deal to the next one at the table."""
    deal_miss(member_client, mighty_dm, 2)
    leave(member_client, mighty_dm, leaving)
    table = member_client.get(mighty_dm.get_absolute_url()).content.decode()
    assert f"Hand 2 · {deals} deals" in table
