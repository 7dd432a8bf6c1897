"""Once a Save's answer is sent, the league's figures of its game are brought up to date
as the league page would bring them: the first page after the Save folds nothing, a
change far back is refolded under the page's claim (never while another holds it), and a
failure there is logged, leaves the Save answered and the page bringing them up to date
itself."""

import pytest

from scoring.history import after_save, cards, figures_part
from scoring.history.figures import cache, refold
from scoring.history.figures.figures import recompute_all_time
from scoring.history.figures.synthetic import generate_league
from scoring.models import Hand, HistoryCache
from scoring.table.after_save import hand_saved
from scoring.table.views import hands
from tests.factories import make_session
from tests.factories import url as url_of
from tests.history.test_advance import normal, on, save
from tests.history.test_refold import (
    NOTE,
    edit_first,
    folds,  # noqa: F401 (a fixture: what the code folds)
    kept,
    played,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def sixty(member):
    """A one-game league of sixty hands whose figures a league page has folded and kept,
    and a new session at its last date, where the next Save lands at the end of history."""
    league = generate_league(60, name="Sixty", seed=6, owner=member, variants=["taiwan"])
    last = league.sessions.order_by("-date").first()
    return league, on(make_session(league, "taiwan"), last.date)


def look(client, league):
    response = client.get(url_of("league", league.pk))
    assert response.status_code == 200
    return response.content.decode()


def assert_kept_as_afresh(league):
    assert normal(kept(league)) == normal(recompute_all_time(league.pk, "taiwan"))


def test_it_folds_the_saved_hand_once_the_answer_is_sent(member_client, sixty, folds, monkeypatch):  # noqa: F811
    league, session = sixty
    look(member_client, league)
    drawn, describe = [], cards.describe

    def described(sessions):
        drawn.append([s.pk for s in sessions])
        describe(sessions)

    monkeypatch.setattr(cards, "describe", described)
    folds.clear()
    response = save(member_client, session)
    assert response.status_code == 200 and "hand-saved" in response["HX-Trigger"]
    assert folds == [1]  # the hand saved, folded into the kept state after the answer
    assert drawn == [[session.pk]]  # its card drawn afresh, the others' kept
    assert_kept_as_afresh(league)
    folds.clear()
    page = look(member_client, league)
    assert folds == [] and drawn == [[session.pk]]  # the figures current, the cards drawn
    assert f"/sessions/{session.pk}/" in page and "1 hand<" in page


def test_it_leaves_cards_no_page_kept_to_their_first_reader(member_client, sixty, monkeypatch):
    league, session = sixty
    drawn = []
    monkeypatch.setattr(cards, "describe", lambda sessions: drawn.append(sessions))
    assert save(member_client, session).status_code == 200
    assert drawn == []  # no league page read: nothing drawn ahead for nobody


def test_it_refolds_a_change_far_back_under_the_claim(member_client, sixty, folds, monkeypatch):  # noqa: F811
    monkeypatch.setattr(refold, "LONG", 10)
    league, session = sixty
    look(member_client, league)
    edit_first(league)  # no page has looked since: the Save's turn to find it
    folds.clear()
    assert save(member_client, session).status_code == 200
    assert folds == ["sent", played(league)]  # claimed, refolded whole, let go
    assert not HistoryCache.objects.filter(league=league, key=cache.CLAIM).exists()
    assert_kept_as_afresh(league)
    folds.clear()
    assert NOTE not in look(member_client, league) and folds == []


def test_it_leaves_a_refold_another_page_holds_to_it(member_client, sixty, folds, monkeypatch):  # noqa: F811
    monkeypatch.setattr(refold, "LONG", 10)
    league, session = sixty
    look(member_client, league)
    edit_first(league)
    assert refold.claim(league.pk, "taiwan")  # as another page's answer would
    folds.clear()
    assert save(member_client, session).status_code == 200
    assert folds == []  # nothing folded, and the claim is still the other page's
    assert HistoryCache.objects.filter(league=league, key=cache.CLAIM).exists()
    assert NOTE in look(member_client, league) and folds == []


def test_it_logs_a_failure_after_the_answer_and_the_page_folds_the_hand(
    member_client,
    sixty,
    folds,  # noqa: F811
    monkeypatch,
    caplog,
):
    league, session = sixty
    look(member_client, league)

    def fails(*args):
        raise RuntimeError("the database went away")

    monkeypatch.setattr(after_save, "bring_current", fails)
    monkeypatch.setattr(figures_part, "draw_ahead", fails)  # else it folds the hand itself
    written, prewrite = [], hands.prewrite

    def counted(request, state):
        written.append(state.session.pk)
        prewrite(request, state)

    monkeypatch.setattr(hands, "prewrite", counted)
    folds.clear()
    response = save(member_client, session)
    assert response.status_code == 200 and "hand-saved" in response["HX-Trigger"]
    assert Hand.objects.filter(session=session).count() == 1
    assert f"after a Save at session {session.pk}: figures_after_save failed" in caplog.text
    assert "the database went away" in caplog.text
    assert f"after a Save at session {session.pk}: drawing_after_save failed" in caplog.text
    assert folds == []
    assert written == [session.pk]  # the table screen still written for the next phone
    look(member_client, league)
    assert folds == [1]  # the page brought the figures up to date itself
    assert_kept_as_afresh(league)


def test_it_leaves_a_game_with_no_figures_kept_to_the_page(member_client, sixty, folds):  # noqa: F811
    league, session = sixty  # no page has looked: every hand would be folded
    assert save(member_client, session).status_code == 200
    assert folds == [] and not HistoryCache.objects.filter(league=league).exists()
    look(member_client, league)
    assert folds == [played(league)]
    assert_kept_as_afresh(league)


def test_it_answers_the_save_whatever_a_receiver_raises(member_client, sixty, caplog):
    league, session = sixty
    look(member_client, league)

    def broken(**kwargs):
        raise ValueError("a receiver of another part of the app")

    hand_saved.connect(broken, dispatch_uid="test-broken")
    try:
        response = save(member_client, session)
    finally:
        hand_saved.disconnect(dispatch_uid="test-broken")
    assert response.status_code == 200 and "hand-saved" in response["HX-Trigger"]
    assert "a receiver of another part of the app" in caplog.text
    assert_kept_as_afresh(league)  # the other receivers still ran
