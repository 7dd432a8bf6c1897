"""Two phones at one table: a write drawn before the other phone changed the table is
refused with what changed, never stored under whoever sits there now; a Save sent again
is the hand already stored; two stakes at once never lose one silently.

Each test drives the real pages with two logged-in clients, as two phones would: phone A
opens a page, phone B changes the table, phone A sends what its page drew."""

import re
import uuid
from decimal import Decimal

import pytest

from scoring.models import GameSession, Hand, Player, TableChange
from tests.factories import HANDS, make_session, url


def hidden(page: str, form_id: str = "hand-form") -> dict:
    """The hidden fields of a form as a page drew them."""
    start = page.index(f'id="{form_id}"')
    form = page[start : page.index("</form>", start)]
    found = re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form)
    return dict(found)


def opened(client, session) -> dict:
    """Phone A opens the table screen: what its hand form will post besides the entry."""
    response = client.get(url("table", session.pk))
    assert response.status_code == 200
    fields = hidden(response.content.decode())
    return {name: fields[name] for name in ("key", "table_version", "seats")}


def drawn_version(client, name, session) -> dict:
    """The table version a page (Players, Stake) drew its forms for."""
    page = client.get(url(name, session.pk)).content.decode()
    return {"table_version": re.search(r'name="table_version" value="(\d+)"', page).group(1)}


def players_page(client, session) -> dict:
    return drawn_version(client, "players", session)


def seat_of(session, name):
    return next(s for s in fresh(session).seat_list if s.player.name == name)


def fresh(session):
    return GameSession.objects.get(pk=session.pk)


def names_of(hand: Hand) -> tuple[str, str | None]:
    names = dict(Player.objects.values_list("pk", "name"))
    partner = None if hand.partner is None else names[hand.lineup[hand.partner]]
    return names[hand.lineup[hand.declarer]], partner


# Cat declares with Dan as partner, as phone A draws the table: Ann Ben Cat Dan Eve.
CAT_WITH_DAN = {**HANDS["taiwan"], "declarer": "2", "partner": "3"}


@pytest.fixture
def phone_b(owner_client):
    return owner_client


def join_after(client, session, name, after):
    page = players_page(client, session)
    data = {"action": "join", "name": name, "after": str(seat_of(session, after).number)}
    response = client.post(url("players", session.pk), {**data, **page})
    assert response.status_code == 302, response.content.decode()[-800:]


def leave(client, session, name):
    page = players_page(client, session)
    data = {"action": "leave", "seat": str(seat_of(session, name).pk)}
    response = client.post(url("players", session.pk), {**data, **page})
    assert response.status_code == 302


CHANGES = [
    ("a newcomer sits after Ann", lambda b, s: join_after(b, s, "Zoe", "Ann"), "Zoe sat down"),
    ("Ben leaves", lambda b, s: leave(b, s, "Ben"), "Ben left the table."),
]


@pytest.mark.parametrize(
    ("change", "what"), [(c[1], c[2]) for c in CHANGES], ids=[c[0] for c in CHANGES]
)
def test_it_refuses_a_save_drawn_before_the_line_up_changed(
    member_client, phone_b, session, change, what
):
    drawn = opened(member_client, session)
    change(phone_b, session)
    response = member_client.post(url("record", session.pk), {**CAT_WITH_DAN, **drawn})
    assert response.status_code == 409
    assert not Hand.objects.exists()
    page = response.content.decode()
    assert "the table changed after this page was opened" in page
    assert what in page
    # The entry is kept, carried to the same players where they sit now.
    form = response.context["form"]
    places = {p.number: p.name for p in form.lineup.places}
    assert places[int(form["declarer"].value())] == "Cat"
    assert places[int(form["partner"].value())] == "Dan"


def test_saving_the_kept_entry_again_stores_it_under_the_same_players(
    member_client, phone_b, session
):
    drawn = opened(member_client, session)
    join_after(phone_b, session, "Zoe", "Ann")
    refused = member_client.post(url("record", session.pk), {**CAT_WITH_DAN, **drawn})
    assert refused.status_code == 409
    form = refused.context["form"]
    again = {name: form[name].value() for name in ("declarer", "partner", "key")}
    drawn = hidden(refused.content.decode())  # the refusal is drawn for the table as it is
    again = {**CAT_WITH_DAN, **again, **{n: drawn[n] for n in ("table_version", "seats")}}
    assert member_client.post(url("record", session.pk), again).status_code == 302
    hand = Hand.objects.get()
    assert names_of(hand) == ("Cat", "Dan")
    assert len(hand.lineup) == 6  # Zoe plays too: six-player Taiwan


def test_a_save_on_the_table_as_drawn_stores_who_the_phone_showed(member_client, session):
    drawn = opened(member_client, session)
    assert (
        member_client.post(url("record", session.pk), {**CAT_WITH_DAN, **drawn}).status_code == 302
    )
    assert names_of(Hand.objects.get()) == ("Cat", "Dan")


def test_it_refuses_a_save_that_does_not_say_which_table_it_was_drawn_for(member_client, session):
    data = {**CAT_WITH_DAN, "key": str(uuid.uuid4())}
    response = member_client.post(url("record", session.pk), data)
    assert response.status_code == 400
    assert "did not say which state of the table" in response.content.decode()
    assert not Hand.objects.exists()


def test_it_refuses_a_save_drawn_before_another_phone_saved_a_hand(member_client, phone_b, session):
    """Two phones entering the same deal: the second is told hand 1 is in, and can save
    its own as hand 2 if it really is another hand."""
    mine, theirs = opened(member_client, session), opened(phone_b, session)
    assert phone_b.post(url("record", session.pk), {**HANDS["taiwan"], **theirs}).status_code == 302
    response = member_client.post(url("record", session.pk), {**CAT_WITH_DAN, **mine})
    assert response.status_code == 409
    assert "Hand 1 was recorded. (olive," in response.content.decode()
    assert Hand.objects.count() == 1


def test_a_share_link_changed_meanwhile_does_not_stop_a_save(member_client, phone_b, session):
    drawn = opened(member_client, session)
    assert phone_b.post(url("share-link", session.pk), {"action": "new"}).status_code == 302
    assert (
        member_client.post(url("record", session.pk), {**CAT_WITH_DAN, **drawn}).status_code == 302
    )


def test_a_save_sent_again_after_a_line_up_change_is_the_hand_already_stored(
    member_client, phone_b, session, htmx
):
    drawn = opened(member_client, session)
    first = member_client.post(url("record", session.pk), {**CAT_WITH_DAN, **drawn})
    assert first.status_code == 302
    join_after(phone_b, session, "Zoe", "Ann")
    again = member_client.post(url("record", session.pk), {**CAT_WITH_DAN, **drawn}, **htmx)
    assert again.status_code == 200
    assert "Hand 1 was saved already" in again.content.decode()
    assert Hand.objects.count() == 1
    assert names_of(Hand.objects.get()) == ("Cat", "Dan")


def test_a_save_sent_again_after_the_end_is_the_hand_already_stored(
    member_client, phone_b, session
):
    drawn = opened(member_client, session)
    assert (
        member_client.post(url("record", session.pk), {**CAT_WITH_DAN, **drawn}).status_code == 302
    )
    end = hidden(phone_b.get(url("table", session.pk)).content.decode(), "end-form")
    assert phone_b.post(url("end", session.pk), end).status_code == 302
    again = member_client.post(url("record", session.pk), {**CAT_WITH_DAN, **drawn}, follow=True)
    assert "Hand 1 was saved already" in again.content.decode()
    assert Hand.objects.count() == 1


def test_a_save_arriving_after_the_end_is_refused_and_says_why(
    member_client, phone_b, session, htmx
):
    drawn = opened(member_client, session)
    end = hidden(phone_b.get(url("table", session.pk)).content.decode(), "end-form")
    assert phone_b.post(url("end", session.pk), end).status_code == 302
    response = member_client.post(url("record", session.pk), {**CAT_WITH_DAN, **drawn}, **htmx)
    assert "HX-Redirect" in response
    assert "This session has ended" in response["HX-Trigger"]
    assert not Hand.objects.exists()


def test_the_end_is_refused_when_a_hand_came_in_after_the_page_was_drawn(
    member_client, phone_b, session
):
    end = hidden(member_client.get(url("table", session.pk)).content.decode(), "end-form")
    drawn = opened(phone_b, session)
    assert phone_b.post(url("record", session.pk), {**HANDS["taiwan"], **drawn}).status_code == 302
    response = member_client.post(url("end", session.pk), end)
    assert response.status_code == 409
    assert "The session was not ended" in response.content.decode()
    assert fresh(session).ended_at is None
    again = hidden(response.content.decode(), "end-form")
    assert member_client.post(url("end", session.pk), again).status_code == 302
    assert fresh(session).ended_at is not None


def test_an_edit_drawn_before_the_line_up_changed_keeps_the_hands_own_players(
    member_client, phone_b, session
):
    """An edit names places at the hand's own table, not at today's: a seat taken since
    moves no one in a hand already played."""
    assert (
        member_client.post(
            url("record", session.pk), {**HANDS["taiwan"], **opened(member_client, session)}
        ).status_code
        == 302
    )  # Ann declares with Ben
    page = member_client.get(url("edit-hand", session.pk, 1)).content.decode()
    drawn = hidden(page)
    join_after(phone_b, session, "Zoe", "Ann")
    leave(phone_b, session, "Ben")
    body = {**CAT_WITH_DAN, **{n: drawn[n] for n in ("key", "version", "table_version")}}
    response = member_client.post(url("edit-hand", session.pk, 1), body)
    assert response.status_code == 302, response.content.decode()[-800:]
    hand = Hand.objects.get()
    assert names_of(hand) == ("Cat", "Dan")
    names = dict(Player.objects.values_list("pk", "name"))
    assert [names[pk] for pk in hand.lineup] == ["Ann", "Ben", "Cat", "Dan", "Eve"]


def test_a_sit_out_drawn_before_the_line_up_changed_stays_with_its_player(
    member_client, phone_b, league
):
    """Six at Thai Napoleon, five a hand: phone A has Tao sit out while phone B seats
    Zoe after Nok. The Save is refused, and the entry (who sits out, who declares and
    partners, each player's tricks) comes back on the same people where they sit now."""
    session = make_session(league, "thai")
    join_after(phone_b, session, "Quan", "Ying")
    drawn = opened(member_client, session)
    tricks = {"tricks_1": "4", "tricks_2": "3", "tricks_0": "1", "tricks_4": "1", "tricks_5": "1"}
    entry = {**HANDS["thai"], "declarer": "1", "partner": "2", "out": "3", **drawn}
    entry = {k: v for k, v in entry.items() if not k.startswith("tricks_")} | tricks
    join_after(phone_b, session, "Zoe", "Nok")
    response = member_client.post(url("record", session.pk), entry)
    assert response.status_code == 409
    assert not Hand.objects.exists()
    form = response.context["form"]
    places = {p.number: p.name for p in form.lineup.places}
    assert places[int(form["declarer"].value())] == "Pim"
    assert places[int(form["partner"].value())] == "Som"
    assert [places[int(p)] for p in form.data.getlist("out")] == ["Tao"]
    moved = {
        places[int(k[len("tricks_") :])]: v for k, v in form.data.items() if k.startswith("tricks_")
    }
    assert moved == {"Pim": "4", "Som": "3", "Nok": "1", "Ying": "1", "Quan": "1"}


# ---- seats and stakes -------------------------------------------------------------------


def test_a_join_drawn_before_another_join_is_refused(member_client, phone_b, session):
    page = players_page(member_client, session)
    join_after(phone_b, session, "Zoe", "Ann")
    after_dan = {"action": "join", "name": "Yan", "after": str(seat_of(session, "Dan").number)}
    response = member_client.post(url("players", session.pk), {**after_dan, **page})
    assert response.status_code == 409
    assert "Zoe sat down after Ann." in response.content.decode()
    assert "Yan" not in [s.player.name for s in fresh(session).seat_list]


def test_two_stake_changes_at_once_keep_the_first_and_refuse_the_second(
    member_client, phone_b, session
):
    mine = drawn_version(member_client, "stake", session)
    theirs = drawn_version(phone_b, "stake", session)
    stake = url("stake", session.pk)
    assert phone_b.post(stake, {**theirs, "stake": "0.50", "start": "1"}).status_code == 302
    response = member_client.post(stake, {**mine, "stake": "1.00", "start": "1"})
    assert response.status_code == 409
    assert "The stake per point became 0.50 from hand 1 on." in response.content.decode()
    assert fresh(session).stake == Decimal("0.50")
    assert list(TableChange.objects.filter(kind=TableChange.STAKE).values_list("username")) == [
        ("olive",)
    ]


def test_a_stake_drawn_before_a_hand_was_saved_still_goes_in(member_client, phone_b, session):
    page = drawn_version(member_client, "stake", session)
    drawn = opened(phone_b, session)
    assert phone_b.post(url("record", session.pk), {**HANDS["taiwan"], **drawn}).status_code == 302
    data = {**page, "stake": "0.25", "start": "1"}
    assert member_client.post(url("stake", session.pk), data).status_code == 302
    assert fresh(session).stake == Decimal("0.25")


def test_a_stake_without_its_table_version_is_refused(member_client, session):
    response = member_client.post(url("stake", session.pk), {"stake": "0.25", "start": "1"})
    assert response.status_code == 400
    assert fresh(session).stake is None


@pytest.mark.parametrize("after", ["40000", "-5", "²", "1.5", ""])
def test_a_join_after_a_seat_no_table_has_is_refused_with_a_message(member_client, session, after):
    page = players_page(member_client, session)
    data = {"action": "join", "name": "Zoe", "after": after, **page}
    response = member_client.post(url("players", session.pk), data)
    assert response.status_code == 409
    assert "That seat has changed meanwhile" in response.content.decode()
    assert len(fresh(session).seat_list) == 5


def test_a_table_seats_at_most_three_more_than_the_game_deals_in(member_client, league):
    session = make_session(league, "taiwan")
    for n in range(4):  # 5 + 4 = 9: the six Taiwan deals in at most, and three more
        page = players_page(member_client, session)
        data = {"action": "join", "name": f"Guest {n}", **page}
        assert member_client.post(url("players", session.pk), data).status_code == 302
    page = players_page(member_client, session)
    data = {"action": "join", "name": "One too many", **page}
    response = member_client.post(url("players", session.pk), data)
    assert response.status_code == 409
    assert "Taiwan Napoleon seats at most 9 players at one table." in response.content.decode()
    assert len(fresh(session).seat_list) == 9


def test_what_changed_is_said_in_the_readers_language_and_number_format(
    member_client, phone_b, session
):
    mine = drawn_version(member_client, "stake", session)
    theirs = drawn_version(phone_b, "stake", session)
    stake = url("stake", session.pk)
    assert phone_b.post(stake, {**theirs, "stake": "0.50", "start": "1"}).status_code == 302
    response = member_client.post(
        stake, {**mine, "stake": "1.00", "start": "1"}, HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.status_code == 409
    assert "0,50" in response.content.decode()


# A play as the table screen keeps it: one trick tapped, Cat (place 2) winning it.
A_PLAY = '{"depth": "winners", "tricks": [{"winner": 2}]}'


def play_posted(page: str) -> str | None:
    found = re.search(r'name="play" value="([^"]*)"', page)
    return None if found is None else found.group(1)


def test_a_play_drawn_before_the_seating_changed_is_set_aside_and_said_so(
    member_client, phone_b, session
):
    drawn = opened(member_client, session)
    join_after(phone_b, session, "Zoe", "Ann")
    sent = {**CAT_WITH_DAN, **drawn, "play": A_PLAY}
    response = member_client.post(url("record", session.pk), sent)
    assert response.status_code == 409
    assert not Hand.objects.exists()
    page = response.content.decode()
    assert "The play recorded for this hand was set aside" in page
    # Its seats were those of the table as drawn: Cat's trick would now be Ben's.
    assert not play_posted(page)


def test_a_play_is_kept_when_the_seating_did_not_change(member_client, phone_b, session):
    drawn, theirs = opened(member_client, session), opened(phone_b, session)
    assert phone_b.post(url("record", session.pk), {**HANDS["taiwan"], **theirs}).status_code == 302
    sent = {**CAT_WITH_DAN, **drawn, "play": A_PLAY}
    response = member_client.post(url("record", session.pk), sent)
    assert response.status_code == 409
    page = response.content.decode()
    assert "set aside" not in page
    assert play_posted(page) is not None
