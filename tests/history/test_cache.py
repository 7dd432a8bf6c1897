"""The history leaves the write path: a Save writes the hand, its scores and its event,
nothing derived, before its answer (after it, the figures are brought up to date:
test_after_save); the figures a page computed are kept until a write of that game's hands
(or sessions) changes its stamp, and then computed again on the next page view."""

import datetime
import uuid

import pytest
from django.db import OperationalError, connection
from django.test.utils import CaptureQueriesContext

from scoring.history import imports
from scoring.history.export import league_json
from scoring.history.figures import cache
from scoring.history.figures.figures import league_figures
from scoring.history.figures.period import Period
from scoring.history.figures.synthetic import generate_league
from scoring.models import GameSession, Hand, HandEvent, HistoryCache, League, Player
from scoring.table.recording import delete_hand, restore_hand, undo_last, update_hand
from scoring.table.views import hands
from tests.factories import HANDS, drawn_for, make_league, make_session, pass_out, play, url
from tests.history.helpers import session_on

pytestmark = pytest.mark.django_db


def stamp(league, variant="taiwan"):
    return cache.stamps(league.pk).get(variant)


def stored(league):
    return {
        (c.variant, c.key): (c.stamp, c.computed_at)
        for c in HistoryCache.objects.filter(league=league)
    }


def save(client, session):
    data = {**HANDS["taiwan"], "key": str(uuid.uuid4()), **drawn_for(session)}
    return client.post(url("record", session.pk), data)


def test_a_save_writes_no_history_and_reads_none_before_its_figures_are_sent_for(
    member_client, league, session, monkeypatch
):
    save(member_client, session)
    member_client.get(url("league", league.pk))  # figures computed and stored
    kept = stored(league)
    figured, send = [], hands.send_hand_saved

    def counted(saved):  # the figures brought up to date, the last thing after the answer
        with CaptureQueriesContext(connection) as after:
            send(saved)
        figured.extend(q["sql"] for q in after.captured_queries)

    monkeypatch.setattr(hands, "send_hand_saved", counted)
    with CaptureQueriesContext(connection) as queries:
        assert save(member_client, session).status_code == 302
    sent = [q["sql"] for q in queries.captured_queries][: len(queries) - len(figured)]
    assert figured and not [sql for sql in sent if "historycache" in sql.lower()]
    writes = [
        sql.split()[1 if sql.startswith("UPDATE") else 2]
        for sql in sent
        if sql.startswith(("INSERT", "UPDATE", "DELETE"))
    ]
    # The hand, its scores, its audit event, and the table's new version with its step;
    # then, once the answer is sent, the table screen kept for the next phone to open.
    assert writes == [
        '"scoring_hand"',
        '"scoring_handscore"',
        '"scoring_handevent"',
        '"scoring_gamesession"',
        '"scoring_tablechange"',
        '"napoleon_cache"',
    ]
    # Then the game's figures, advanced by the hand and kept under its new stamp.
    assert any("historycache" in sql.lower() for sql in figured)
    assert stored(league)[("taiwan", "league")][0] == stamp(league) != kept[("taiwan", "league")][0]


def test_a_save_reads_as_many_queries_in_a_long_history(member_client, member):
    counts = []
    for size in (50, 500):
        league = generate_league(
            size, name=f"{size}", seed=size, owner=member, variants=["taiwan"], pool_size=40
        )
        last = league.sessions.order_by("-date").first()
        session = make_session(league, "taiwan")
        GameSession.objects.filter(pk=session.pk).update(date=last.date)
        save(member_client, session)
        with CaptureQueriesContext(connection) as queries:
            assert save(member_client, session).status_code == 302
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_every_kind_of_write_changes_the_games_stamp(league, owner, session, mighty):
    play(mighty)
    seen = [stamp(league)]
    mighty_stamp = stamp(league, "mighty")

    def changed():
        seen.append(stamp(league))
        return seen[-1] != seen[-2]

    hand = play(session)
    assert changed()  # recorded
    play(session, declarer="2", partner="3")
    assert changed()
    pass_out(session)
    assert changed()  # passed out
    update_hand(hand, hand.version, {"points": 14}, (1, 2, 3, 4, 5))
    assert changed()  # edited
    undo_last(session, 3)
    assert changed()  # undone
    delete_hand(Hand.objects.get(pk=hand.pk), None, owner)
    assert changed()  # deleted
    restore_hand(session, HandEvent.objects.filter(action=HandEvent.DELETE).latest("pk").pk, owner)
    assert changed()  # restored
    make_session(league, "taiwan")
    assert changed()  # a new session
    GameSession.objects.filter(variant="taiwan").order_by("pk").first().delete()
    assert changed()  # a session deleted
    assert stamp(league, "mighty") == mighty_stamp  # the other game's figures stay good
    assert len(set(seen)) == len(seen)


def test_only_the_game_that_changed_is_computed_again(member_client, league, session, mighty):
    play(session)
    play(mighty)
    member_client.get(url("league", league.pk))
    before = stored(league)
    assert {key for key in before} >= {("taiwan", "league"), ("mighty", "league")}
    play(session, declarer="2", partner="3")
    body = member_client.get(url("league", league.pk)).content.decode()
    after = stored(league)
    assert after[("mighty", "league")] == before[("mighty", "league")]
    assert after[("taiwan", "league")][0] != before[("taiwan", "league")][0]
    assert "Cat" in body


def test_a_page_shows_the_hand_just_saved(member_client, league, session):
    for _ in range(2):
        play(session)
        member_client.get(url("league", league.pk))
        member_client.get(url("player", Player.objects.get(name="Ann").pk))
    save(member_client, session)
    body = member_client.get(url("league", league.pk)).content.decode()
    assert 'Ann</a></th>\n      <td class=" strong">+360</td>' in body  # three hands of +120
    ann = member_client.get(url("player", Player.objects.get(name="Ann").pk)).content.decode()
    assert "Sessions</dt><dd>1</dd></div>\n    <div><dt>Hands</dt><dd>3</dd>" in ann


def test_a_write_while_figures_are_computed_is_not_lost(league, session, monkeypatch):
    """The stamp is read before the figures: a hand saved meanwhile leaves the stored
    figures out of date, and the next page computes them again."""
    play(session)
    names = dict(Player.objects.filter(league=league).values_list("pk", "name"))
    compute = league_figures.__globals__["compute_all_time"]
    calls = []

    def slow(league_id, variant, stamp):
        found = compute(league_id, variant, stamp)
        if not calls:
            play(session)  # someone saves while this page computes
        calls.append(variant)
        return found

    monkeypatch.setitem(league_figures.__globals__, "compute_all_time", slow)
    first = league_figures(league, Period(), names)
    second = league_figures(league, Period(), names)
    assert len(calls) == 2
    hands = {name: f.hands for t in second.standings for _p, name, f in t.rows}
    assert hands["Ann"] == 2
    assert {name: f.hands for t in first.standings for _p, name, f in t.rows}["Ann"] == 1


def test_an_imported_league_shows_its_figures(owner, member_client, member):
    source = generate_league(60, name="Source", seed=3, owner=member, variants=["taiwan"])
    raw = "".join(league_json(source)).encode()
    target = make_league(owner, name="Empty", members=[member])
    member_client.get(url("league", target.pk))  # the empty league's figures: none
    imports.import_league(target, raw)
    body = member_client.get(url("league", target.pk)).content.decode()
    assert body.count('<th scope="row"><a href="/players/') >= 5
    names = dict(Player.objects.filter(league=target).values_list("pk", "name"))
    source_names = dict(Player.objects.filter(league=source).values_list("pk", "name"))
    shown = league_figures(target, Period(), names)
    original = league_figures(source, Period(), source_names)
    assert [(n, f) for t in shown.standings for _p, n, f in t.rows] == [
        (n, f) for t in original.standings for _p, n, f in t.rows
    ]


def test_figures_stored_by_an_older_version_are_computed_again(member_client, league, session):
    """A change to what is stored raises cache.VERSION: figures kept in the old form are
    out of date at once."""
    play(session)
    member_client.get(url("league", league.pk))
    for row in HistoryCache.objects.filter(league=league):
        row.stamp = row.stamp.replace(f"{cache.VERSION}.", f"{cache.VERSION - 1}.", 1)
        row.data = {"an older": "form"}
        row.save()
    body = member_client.get(url("league", league.pk)).content.decode()
    assert "No hands played yet" not in body and "Ann" in body


def test_forget_drops_a_leagues_figures_only(member_client, league, session, other_league):
    play(session)
    theirs = make_session(other_league, "taiwan")
    play(theirs)
    member_client.get(url("league", league.pk))
    league_figures(other_league, Period(), {})
    cache.forget(league.pk)
    assert not HistoryCache.objects.filter(league=league).exists()
    assert HistoryCache.objects.filter(league=other_league).exists()
    League.objects.filter(pk=other_league.pk)  # the other league's figures stay


# ---- hands and dates the old history key could not hold ------------------------------------


def test_a_session_in_the_far_future_saves_and_shows(member_client, league):
    session = session_on(league, "taiwan", "2871-11-26")
    assert save(member_client, session).status_code == 302
    assert session.hands.count() == 1
    body = member_client.get(url("league", league.pk)).content.decode()
    assert "Ann" in body and "+120" in body
    ann = Player.objects.get(league=league, name="Ann")
    assert member_client.get(url("player", ann.pk)).status_code == 200
    assert member_client.get(url("session-history", session.pk)).status_code == 200
    # The quick links name only the years a period can: none past 2200.
    assert "?year=2871" not in body


def test_a_hand_numbered_past_8191_saves_and_shows(member_client, league, session):
    play(session)
    Hand.objects.filter(session=session).update(number=9000)
    assert save(member_client, session).status_code == 302
    assert list(session.hands.order_by("number").values_list("number", flat=True)) == [9000, 9001]
    body = member_client.get(url("league", league.pk)).content.decode()
    assert "+240" in body  # Ann: two hands of +120
    review = member_client.get(url("session-history", session.pk)).content.decode()
    assert 'id="hand-9001"' in review


def test_sessions_before_and_after_in_time_keep_history_order(league):
    late = session_on(league, "taiwan", datetime.date(2025, 5, 1))
    early = session_on(league, "taiwan", datetime.date(2025, 4, 1))
    play(late, declarer="2", partner="3", points="16")  # Cat's big hand, played second
    play(early, points="16")  # Ann's, dated first: it is the record
    names = dict(Player.objects.filter(league=league).values_list("pk", "name"))
    table = league_figures(league, Period(), names).standings[0]
    assert table.best_hand["player__name"] == "Ann"
    assert table.best_hand["date"] == datetime.date(2025, 4, 1)


def test_figures_that_cannot_be_kept_are_still_shown(member_client, league, session, monkeypatch):
    play(session)

    def busy(*args, **kwargs):
        raise OperationalError("database is locked")

    monkeypatch.setattr(HistoryCache.objects, "bulk_create", busy)
    body = member_client.get(url("league", league.pk)).content.decode()
    assert "Ann" in body and "+120" in body
    assert not HistoryCache.objects.exists()
