"""The history rows kept hand by hand are the rows a rebuild from the hands gives:
after recording, editing, undoing, deleting and restoring hands, in the latest
session or an older one, and in sessions started on an earlier date."""

import datetime
import random

import pytest

from scoring.forms import HandForm
from scoring.history import sync
from scoring.history.models import (
    LeagueHistory,
    LeagueTable,
    PlayerHand,
    PlayerTable,
    Rating,
    Tally,
)
from scoring.models import GameSession, Hand, HandEvent
from scoring.recording import delete_hand, passed_values, restore_hand, undo_last, update_hand
from tests.views.factories import hand_data, make_session, pass_out, play

pytestmark = pytest.mark.django_db


def snapshot(league):
    """Every history row of the league, without database ids, in a stable order."""

    def rows(model, order, exclude=("id",)):
        fields = [f.attname for f in model._meta.concrete_fields if f.attname not in exclude]
        found = model.objects.filter(league=league).order_by(*order).values(*fields)
        return [
            {k: round(v, 6) if isinstance(v, float) else v for k, v in row.items()} for row in found
        ]

    return {
        "hands": rows(PlayerHand, ["pos", "seat"]),
        "tables": rows(PlayerTable, ["player_id", "table"]),
        "league_tables": rows(LeagueTable, ["table"]),
        "ratings": rows(Rating, ["player_id", "variant"]),
        "tallies": rows(Tally, ["player_id", "variant", "kind", "key"]),
    }


def assert_same_as_rebuilt(league):
    kept = snapshot(league)
    sync.rebuild(league.pk)
    assert kept == snapshot(league)


def edit(hand, **changes):
    """Edit a stored hand through the form, as the edit page does."""
    session = GameSession.objects.get(pk=hand.session_id)
    form = HandForm(session, hand_data(session, **changes))
    assert form.is_valid(), form.errors
    return update_hand(hand, None, form.hand_values(), form.score.deltas)


def taiwan(league, day, names=None):
    session = make_session(league, "taiwan", names=names)
    GameSession.objects.filter(pk=session.pk).update(date=datetime.date(2025, 3, day))
    return GameSession.objects.get(pk=session.pk)


def test_recording_hands_keeps_the_rows_a_rebuild_gives(league):
    session = taiwan(league, 14)
    play(session)
    play(session, declarer="2", partner="3", points="9")
    pass_out(session)
    play(session, declarer="4", partner="alone", level="1", trump="NT", points="10")
    assert PlayerHand.objects.count() == 15  # three played hands, five seats; none passed out
    assert_same_as_rebuilt(league)


def test_an_edit_in_an_older_session_replays_the_later_hands(league):
    old = taiwan(league, 7)
    first = play(old)
    play(old, declarer="1", partner="2", points="13")
    new = taiwan(league, 14)
    play(new)
    play(new, declarer="3", partner="4", points="8")
    before = Rating.objects.get(player__name="Dan").rating
    edit(first, points="5")
    assert Rating.objects.get(player__name="Dan").rating != before  # later hands replayed
    assert_same_as_rebuilt(league)


def test_a_session_started_on_an_earlier_date_slots_in_before(league):
    late = taiwan(league, 20)
    play(late)
    early = taiwan(league, 6)
    play(early, declarer="2", partner="3", points="16")
    first = PlayerHand.objects.filter(player__name="Cat").order_by("pos").first()
    assert first.session_id == early.pk and first.n == 1
    assert_same_as_rebuilt(league)


def test_undo_delete_and_restore_keep_the_rows_in_step(league, owner):
    session = taiwan(league, 14)
    for points in ("12", "8", "14", "11"):
        play(session, points=points)
    undo_last(session, 4)
    assert_same_as_rebuilt(league)
    hand = Hand.objects.get(session=session, number=2)
    delete_hand(hand, hand.version, owner)
    assert not PlayerHand.objects.filter(number=2).exists()
    assert_same_as_rebuilt(league)
    event = HandEvent.objects.filter(action=HandEvent.DELETE).latest("pk")
    restore_hand(session, event.pk, owner)
    assert PlayerHand.objects.filter(number=2).count() == 5
    assert_same_as_rebuilt(league)


def test_a_played_hand_passed_out_by_edit_leaves_the_history(league):
    session = taiwan(league, 14)
    hand = play(session)
    play(session, declarer="1", partner="2")
    update_hand(hand, hand.version, passed_values(), ())
    assert not PlayerHand.objects.filter(hand=hand).exists()
    assert Rating.objects.get(player__name="Ann", variant="taiwan").hands == 1
    assert_same_as_rebuilt(league)


def test_a_player_whose_only_hand_is_undone_leaves_the_tables(league):
    session = taiwan(league, 14, names=["Ann", "Ben", "Cat", "Dan", "Eve"])
    play(session)
    other = taiwan(league, 15, names=["Ann", "Ben", "Cat", "Dan", "Zed"])
    play(other)
    undo_last(other, 1)
    assert not Rating.objects.filter(player__name="Zed").exists()
    assert not PlayerTable.objects.filter(player__name="Zed").exists()
    assert_same_as_rebuilt(league)


def test_two_score_tables_of_one_game_rate_together(league):
    plain = taiwan(league, 14)
    play(plain)
    hk = make_session(league, "taiwan", options={"score_table": "hongkong"})
    play(hk)
    assert set(LeagueTable.objects.values_list("table", flat=True)) == {"taiwan", "taiwan:hongkong"}
    assert Rating.objects.get(player__name="Ann", variant="taiwan").hands == 2
    assert_same_as_rebuilt(league)


def test_random_writes_anywhere_in_the_history_match_a_rebuild(league, owner):
    rng = random.Random(7)
    sessions = [taiwan(league, day) for day in (10, 3, 17)]
    for step in range(40):
        session = rng.choice(sessions)
        hands = list(Hand.objects.filter(session=session).order_by("number"))
        action = rng.random()
        if action < 0.55 or not hands:
            play(
                session,
                declarer=str(rng.randrange(5)),
                partner=rng.choice(["0", "1", "2", "3", "4", "alone"]),
                level=str(rng.randint(1, 8)),
                points=str(rng.randint(0, 16)),
            )
        elif action < 0.65:
            pass_out(session)
        elif action < 0.7:
            hand = rng.choice(hands)
            update_hand(hand, None, passed_values(), ())
        elif action < 0.8:
            edit(
                rng.choice(hands),
                declarer=str(rng.randrange(5)),
                partner=rng.choice(["0", "1", "2", "3", "4", "alone"]),
                trump=rng.choice(["S", "H", "D", "C", "NT"]),
                points=str(rng.randint(0, 16)),
            )
        elif action < 0.9:
            undo_last(session, hands[-1].number)
        else:
            hand = rng.choice(hands)
            delete_hand(hand, None, owner)
        if step % 8 == 7:
            assert_same_as_rebuilt(league)
    assert_same_as_rebuilt(league)


def test_a_league_without_a_current_stamp_rebuilds_once(league):
    session = taiwan(league, 14)
    play(session)
    LeagueHistory.objects.filter(league=league).update(version=0)
    PlayerHand.objects.filter(league=league).delete()
    play(session)  # the next hand finds the stamp out of date and rebuilds everything
    assert PlayerHand.objects.filter(league=league).count() == 10
    assert LeagueHistory.objects.get(league=league).version == sync.VERSION
    LeagueHistory.objects.filter(league=league).delete()
    sync.ensure(league.pk)  # a page view does the same
    assert PlayerHand.objects.filter(league=league).count() == 10


def test_a_new_league_is_built_by_its_first_hand(league):
    assert not LeagueHistory.objects.filter(league=league).exists()
    play(taiwan(league, 14))
    assert LeagueHistory.objects.get(league=league).version == sync.VERSION
    assert PlayerHand.objects.count() == 5


def test_a_contract_the_rules_no_longer_read_still_counts(league):
    session = taiwan(league, 14)
    hand = play(session)
    Hand.objects.filter(pk=hand.pk).update(contract="99Z")
    sync.rebuild(league.pk)
    row = PlayerHand.objects.filter(hand=hand, seat=0).get()
    assert (row.level, row.difficulty) == ("99Z", 0.5)
