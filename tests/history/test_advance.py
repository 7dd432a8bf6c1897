"""A game's all-time figures are advanced from the changed hand on, not replayed: after
any sequence of saves, edits, undos, deletes and restores they equal the figures computed
afresh from every hand (SQL and the replay), and the first league page after a Save reads
as many queries in a long history as in a short one."""

import datetime
import json
import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from scoring.history.figures import advance, cache, refold
from scoring.history.figures.figures import (
    ALL_TIME,
    bring_current,
    compute_all_time,
    league_figures,
    recompute_all_time,
)
from scoring.history.figures.period import Period
from scoring.history.figures.synthetic import generate_league
from scoring.models import GameSession, Hand, HandEvent, HistoryCache
from scoring.table.form import HandForm
from scoring.table.recording import (
    NotRestorable,
    delete_hand,
    passed_values,
    restore_hand,
    undo_last,
    update_hand,
)
from tests.factories import HANDS, drawn_for, hand_data, make_league, make_session, pass_out, play
from tests.factories import url as url_of
from tests.fuzzing import FULL, fuzz_settings

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

FIRST = datetime.date(2025, 3, 1)


def normal(entries):
    """Figures as the cache keeps them (JSON), lists in one order."""
    found = json.loads(json.dumps(entries))
    found.pop(cache.KEPT, None)  # the running state the figures were drawn from
    league = found.pop(ALL_TIME)
    for table in league["tables"]:
        table["rows"].sort()
    league["tables"].sort(key=lambda t: t["table"])
    league["ratings"].sort()
    for entry in found.values():
        entry.get("bids", []).sort()
        entry.get("mates", []).sort()
    return league, found


def assert_as_afresh(league, variant="taiwan"):
    """The figures as a page draws them equal those computed afresh; kept as a page keeps
    them (the running state with them), so that the next look advances that state rather
    than folding every hand again."""
    stamp = cache.stamps(league.pk).get(variant)
    if stamp is None:
        return
    drawn = compute_all_time(league.pk, variant, stamp)
    cache.store(league.pk, variant, stamp, drawn)
    assert normal(drawn) == normal(recompute_all_time(league.pk, variant))


def assert_page_as_afresh(league, variant="taiwan"):
    """The same, the figures drawn as the league page draws them: a change far back shown
    as before it and refolded once the answer is sent, which keeps the figures computed
    afresh (or, a change near the end, folded and kept at once)."""
    later = refold.Later()
    league_figures(league, Period(), dict(league.players.values_list("pk", "name")), later)
    for job in later.jobs:  # what the server runs once the page is sent
        job()
    stamp = cache.stamps(league.pk).get(variant)
    if stamp is None:
        return
    rows = HistoryCache.objects.filter(league=league, variant=variant, stamp=stamp)
    drawn = dict(rows.exclude(key=cache.CLAIM).values_list("key", "data"))
    assert normal(drawn) == normal(recompute_all_time(league.pk, variant))
    assert not HistoryCache.objects.filter(league=league, key=cache.CLAIM).exists()


def assert_after_save_as_afresh(league, variant="taiwan"):
    """The same, the figures brought up to date as a Save does once its answer is sent
    (folded, or claimed and refolded as the page would; none kept, left to the page)."""
    shown = HistoryCache.objects.filter(league=league, variant=variant, key=ALL_TIME)
    was = shown.exists()
    bring_current(league.pk, variant)
    stamp = cache.stamps(league.pk).get(variant)
    if stamp is None:
        return
    if not was:
        assert not shown.exists()
        return assert_as_afresh(league, variant)
    rows = HistoryCache.objects.filter(league=league, variant=variant, stamp=stamp)
    drawn = dict(rows.exclude(key=cache.CLAIM).values_list("key", "data"))
    assert normal(drawn) == normal(recompute_all_time(league.pk, variant))
    assert not HistoryCache.objects.filter(league=league, key=cache.CLAIM).exists()


LOOKS = [assert_as_afresh, assert_page_as_afresh, assert_after_save_as_afresh]


def on(session, day):
    GameSession.objects.filter(pk=session.pk).update(date=day)
    return GameSession.objects.get(pk=session.pk)


def a_play(session, n):
    partner = ["0", "1", "2", "3", "4", "alone"][n % 6]
    points = str(n % 17)
    play(session, declarer=str(n % 5), partner=partner, level=str(1 + n % 8), points=points)


def a_session(league, n):
    options = {"score_table": "hongkong"} if n % 4 == 3 else None
    return on(make_session(league, "taiwan", options=options), FIRST + datetime.timedelta(n % 9))


def write(action, n, sessions, league, owner):
    """One write of ``action`` somewhere picked by ``n``."""
    session = sessions[n % len(sessions)]
    hands = list(Hand.objects.filter(session=session).order_by("number"))
    if action == "session":
        sessions.append(a_session(league, n))
    elif action == "play" or not hands:
        a_play(session, n)
    elif action == "pass":
        pass_out(session)
    elif action == "to passed":
        update_hand(hands[n % len(hands)], None, passed_values(), ())
    elif action == "edit" and hands[n % len(hands)].status == Hand.PLAYED:
        hand = hands[n % len(hands)]
        form = HandForm(session, hand_data(session, declarer=str(n % 5), points=str(n % 17)))
        assert form.is_valid(), form.errors
        update_hand(hand, None, form.hand_values(), form.score.deltas)
    elif action == "undo":
        undo_last(session, hands[-1].number)
    elif action == "delete":
        delete_hand(hands[n % len(hands)], None, owner)
    elif action == "restore":
        removed = HandEvent.objects.filter(session=session, action=HandEvent.DELETE).last()
        if removed is not None:
            try:
                restore_hand(session, removed.pk, owner)
            except NotRestorable:  # restored already
                pass


ACTIONS = ["play", "play", "play", "pass", "session", "edit", "to passed", "undo", "delete"]
STEPS = st.lists(st.tuples(st.sampled_from([*ACTIONS, "restore"]), st.integers(0, 999)))


@fuzz_settings(40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS.map(lambda s: s[:24]), look_every=st.integers(1, 4))
def test_it_advances_to_the_figures_computed_afresh(owner, steps, look_every):
    marks, long = advance.MARK, refold.LONG
    advance.MARK = 2  # marks every other hand, so that refolding from one is tried too
    refold.LONG = 0  # and looks as a page or a Save, any change but a Save refolded after
    try:
        league = make_league(owner, name=str(uuid.uuid4())[:8])
        sessions = [a_session(league, 0), a_session(league, 5)]
        for step, (action, n) in enumerate(steps):
            write(action, n, sessions, league, owner)
            if step % look_every == 0:
                LOOKS[step // look_every % len(LOOKS)](league)
        assert_as_afresh(league)
    finally:
        advance.MARK, refold.LONG = marks, long


def save(client, session):
    data = {**HANDS["taiwan"], "key": str(uuid.uuid4()), **drawn_for(session)}
    return client.post(url_of("record", session.pk), data, HTTP_HX_REQUEST="true")


def test_it_reads_the_first_league_page_after_a_save_in_as_many_queries_at_any_size(
    member_client, member
):
    counts = []
    for size in (1000, 2000 if FULL else 1200):  # the full run (README, "Tests"): 2,000
        league = generate_league(
            size, name=f"{size}", seed=size, owner=member, variants=["taiwan"], pool_size=40
        )
        last = league.sessions.order_by("-date").first()
        session = on(make_session(league, "taiwan"), last.date)
        for _look in range(2):  # the figures folded and kept (after the answer when long)
            member_client.get(url_of("league", league.pk))
        assert save(member_client, session).status_code == 200
        with CaptureQueriesContext(connection) as queries:
            assert member_client.get(url_of("league", league.pk)).status_code == 200
        counts.append(len(queries))
        assert_as_afresh(league)
    assert counts[0] == counts[1]


def test_it_folds_only_the_hands_after_the_change(member, monkeypatch):
    league = generate_league(300, name="Long", seed=2, owner=member, variants=["taiwan"])
    stamp = cache.stamps(league.pk)["taiwan"]
    advance.current(league.pk, "taiwan", stamp)
    session = league.sessions.order_by("-date", "-pk").first()
    folded = []
    original = advance.hands_after

    def counted(*args):
        found = original(*args)
        folded.append(len(found))
        return found

    monkeypatch.setattr(advance, "hands_after", counted)
    a_play(session, 7)
    advance.current(league.pk, "taiwan", cache.stamps(league.pk)["taiwan"])
    undo_last(session, session.hands.order_by("-number").first().number)
    advance.current(league.pk, "taiwan", cache.stamps(league.pk)["taiwan"])
    assert folded[0] == 1
    assert 1 <= folded[1] <= advance.MARK * advance.MARKS
    assert HistoryCache.objects.filter(league=league, key=advance.KEY).count() == 1
    assert_as_afresh(league)


def test_it_folds_a_save_whose_event_was_committed_after_a_later_one(league, owner):
    """On PostgreSQL two tables' Saves may commit out of the order of their events' ids:
    a hand whose event has an id below one the state has seen is still folded."""
    first, second = a_session(league, 1), a_session(league, 2)
    a_play(second, 3)
    # An id taken now and freed later, as by a Save still to commit (another league's).
    elsewhere = make_session(make_league(owner, name="Elsewhere"), "taiwan")
    spare = HandEvent.objects.create(session=elsewhere, hand_ref=0, number=0, action="edit")
    a_play(second, 4)
    assert_as_afresh(league)  # the state sees the second table's event, after the spare id
    a_play(first, 5)  # its event comes late, with the id kept spare before the other's
    late = HandEvent.objects.filter(session=first).order_by("-pk").first()
    HandEvent.objects.filter(pk=spare.pk).delete()
    HandEvent.objects.filter(pk=late.pk).update(id=spare.pk)
    a_play(second, 6)  # a later Save changes the stamp
    assert_as_afresh(league)
