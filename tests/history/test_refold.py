"""A change far back in a game's history is refolded after the page's answer: the page
folds a bounded number of hands whatever the size of the league, shows the figures as
they were before the change with a note meanwhile, never refolds a game another page is
refolding, and once the refold is done shows figures equal to those computed afresh."""

import pytest

from scoring.history.figures import advance, cache, figures, refold
from scoring.history.figures.figures import ALL_TIME, recompute_all_time
from scoring.history.figures.synthetic import generate_league
from scoring.models import Hand, HandScore, HistoryCache
from scoring.table.form import HandForm
from scoring.table.recording import update_hand
from tests.factories import hand_data
from tests.factories import url as url_of
from tests.fuzzing import FULL
from tests.history.test_advance import normal

# The larger league is past the page's bound either way; the scheduled full run (README,
# "Tests") tries it at 10,000 hands.
pytestmark = [pytest.mark.django_db, pytest.mark.slow]
LARGER = 10_000 if FULL else 1_500  # past refold.LONG (1,024 hands played)

NOTE = "Being updated: an earlier hand changed"


def kept(league):
    """The game's stored figures of its current stamp, as compute_all_time gives them."""
    stamp = cache.stamps(league.pk)["taiwan"]
    rows = HistoryCache.objects.filter(league=league, variant="taiwan", stamp=stamp)
    return {key: data for key, data in rows.values_list("key", "data") if key != cache.CLAIM}


def edit_first(league):
    """Edit the game's first hand: another declarer and other points, another outcome."""
    hand = (
        Hand.objects.filter(session__league=league, status=Hand.PLAYED)
        .select_related("session")
        .order_by("session__date", "session_id", "number")
        .first()
    )
    declarer = str((hand.declarer + 1) % 5)
    data = hand_data(hand.session, declarer=declarer, points=str((hand.points or 0) + 3))
    form = HandForm(hand.session, data)
    assert form.is_valid(), form.errors
    update_hand(hand, None, form.hand_values(), form.score.deltas)


def shown(response):
    """The figures a league page shows (standings, records, ratings), as drawn: read as
    kept or drawn afresh alike."""
    return str(response.context["figures"].body)


@pytest.fixture
def folds(monkeypatch):
    """What the code folds, in order: the hands of each fold (advance.hands_after, the
    code's own reading of hands to fold), and "sent" where a page's answer was sent and
    its refold began."""
    log: list[object] = []
    read, refold_game = advance.hands_after, figures.refold_game

    def hands_after(*args):
        found = read(*args)
        log.append(len(found))
        return found

    def refolded(*args):
        log.append("sent")
        refold_game(*args)

    monkeypatch.setattr(advance, "hands_after", hands_after)
    monkeypatch.setattr(figures, "refold_game", refolded)
    return log


@pytest.mark.parametrize("size", [1000, LARGER])
def test_it_folds_a_bounded_number_of_hands_before_answering_after_an_edit_of_the_first(
    member_client, member, folds, size
):
    league = generate_league(
        size, name=f"{size}", seed=size, owner=member, variants=["taiwan"], pool_size=40
    )
    address = url_of("league", league.pk)
    member_client.get(address)  # the figures folded and kept (after the answer when long)
    earlier = shown(member_client.get(address))
    edit_first(league)
    folds.clear()
    response = member_client.get(address)
    assert response.status_code == 200
    answered = folds[: folds.index("sent")] if "sent" in folds else folds
    assert sum(answered) <= refold.LONG
    if size > refold.LONG:  # shown as before the change, said so, refolded after the answer
        assert folds[len(answered) :] == ["sent", played(league)]
        assert shown(response) == earlier
        assert NOTE in response.content.decode()
    assert normal(kept(league)) == normal(recompute_all_time(league.pk, "taiwan"))
    assert not HistoryCache.objects.filter(league=league, key=cache.CLAIM).exists()
    folds.clear()
    response = member_client.get(address)
    assert NOTE not in response.content.decode() and folds == []
    assert shown(response) != earlier


@pytest.mark.parametrize("page", ["league", "player"])
def test_it_shows_the_earlier_figures_without_folding_while_another_page_refolds(
    member_client, member, folds, monkeypatch, page
):
    monkeypatch.setattr(refold, "LONG", 10)
    league = generate_league(60, name="Sixty", seed=6, owner=member, variants=["taiwan"])
    address = url_of(page, league.pk if page == "league" else league.players.first().pk)
    member_client.get(address)
    edit_first(league)
    assert refold.claim(league.pk, "taiwan")  # as another page's answer would
    folds.clear()
    for _look in range(2):
        response = member_client.get(address)
        assert response.status_code == 200 and NOTE in response.content.decode()
        assert folds == []
    # That page's worker stopped: once its lease runs out, the next page refolds.
    claims = HistoryCache.objects.filter(league=league, key=cache.CLAIM)
    claims.update(computed_at=claims.get().computed_at - cache.LEASE)
    response = member_client.get(address)
    assert NOTE in response.content.decode() and folds[0] == "sent"
    assert not claims.exists()
    folds.clear()
    assert NOTE not in member_client.get(address).content.decode() and folds == []
    assert normal(kept(league)) == normal(recompute_all_time(league.pk, "taiwan"))


def played(league):
    return Hand.objects.filter(session__league=league, status=Hand.PLAYED).count()


COLD = "Some figures are still being worked out"


@pytest.mark.parametrize("page", ["league", "player"])
def test_it_works_out_a_long_game_with_no_figures_kept_after_answering(
    member_client, member, folds, monkeypatch, page
):
    """Nothing to show meanwhile (a league just filled from a file): the page answers at
    once, says so, and folds it all once the answer is sent; the next page shows it."""
    monkeypatch.setattr(refold, "LONG", 10)
    league = generate_league(60, name="Sixty", seed=6, owner=member, variants=["taiwan"])
    player = HandScore.objects.filter(hand__session__league=league).first().player
    address = url_of(page, league.pk if page == "league" else player.pk)
    response = member_client.get(address)
    body = response.content.decode()
    assert COLD in body and NOTE not in body
    assert "No hands played yet" not in body and "has not played a hand yet" not in body
    assert folds == ["sent", played(league)]  # nothing folded before the answer
    assert not HistoryCache.objects.filter(league=league, key=cache.CLAIM).exists()
    assert normal(kept(league)) == normal(recompute_all_time(league.pk, "taiwan"))
    folds.clear()
    body = member_client.get(address).content.decode()
    assert COLD not in body and folds == []
    assert f">{player.name}<" in body if page == "league" else "Total score" in body


def test_it_folds_a_short_game_with_no_figures_kept_before_answering(member_client, member, folds):
    league = generate_league(60, name="Sixty", seed=6, owner=member, variants=["taiwan"])
    response = member_client.get(url_of("league", league.pk))
    assert COLD not in response.content.decode() and folds == [played(league)]
    assert ALL_TIME in kept(league)


def test_it_lets_one_page_hold_a_game_s_refold_at_a_time(league):
    assert refold.claim(league.pk, "taiwan")
    assert not refold.claim(league.pk, "taiwan")
    assert refold.claim(league.pk, "nap")  # another game: a claim of its own
    cache.store(league.pk, "taiwan", "2.1.1.1.0", {ALL_TIME: {}})  # figures of a new stamp
    assert not refold.claim(league.pk, "taiwan")  # kept across stamps, as the state is
    refold.release(league.pk, "taiwan")
    assert refold.claim(league.pk, "taiwan")


def test_it_lets_a_failed_refold_go_and_says_so(member_client, member, monkeypatch, caplog):
    monkeypatch.setattr(refold, "LONG", 10)
    league = generate_league(60, name="Sixty", seed=6, owner=member, variants=["taiwan"])
    address = url_of("league", league.pk)
    member_client.get(address)
    edit_first(league)
    compute = figures.compute_all_time

    def fails(*args):
        raise RuntimeError("the worker ran out of memory")

    monkeypatch.setattr(figures, "compute_all_time", fails)
    assert NOTE in member_client.get(address).content.decode()
    assert "not refolded" in caplog.text
    assert not HistoryCache.objects.filter(league=league, key=cache.CLAIM).exists()
    monkeypatch.setattr(figures, "compute_all_time", compute)
    assert NOTE in member_client.get(address).content.decode()  # claimed again, refolded
    assert NOTE not in member_client.get(address).content.decode()
    assert normal(kept(league)) == normal(recompute_all_time(league.pk, "taiwan"))
