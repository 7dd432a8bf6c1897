"""Writing hands: one transaction per write, one hand per key, no stale overwrite,
undo of the current last hand only, and stored scores that are the engine's."""

import uuid

import pytest
from django.db import IntegrityError

from scoring.models import GameSession, Hand, HandScore
from scoring.table.form import HandForm
from scoring.table.lineup import next_dealer
from scoring.table.recording import (
    StaleHand,
    passed_values,
    record_hand,
    record_passed,
    undo_last,
    update_hand,
)
from tests.factories import (
    NAMES,
    grid,
    hand_data,
    make_league,
    make_session,
    make_user,
    pass_out,
    play,
    stored_deltas,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    return make_league(make_user("olive"))


@pytest.fixture
def session(league):
    return make_session(league, "taiwan")


def scored(session, **changes):
    """The form's values and deltas for a hand, without saving it."""
    form = HandForm(GameSession.objects.get(pk=session.pk), hand_data(session, **changes))
    assert form.is_valid(), form.errors
    return form.hand_values(), form.score.deltas


# ---- idempotency --------------------------------------------------------------------


def test_it_records_one_hand_for_a_key_sent_twice(session):
    key = uuid.uuid4()
    values, deltas = scored(session)
    first, created = record_hand(session, key, values, deltas)
    again, created_again = record_hand(session, key, values, deltas)
    assert (created, created_again) == (True, False)
    assert again.pk == first.pk
    assert Hand.objects.count() == 1 and HandScore.objects.count() == 5


def test_it_returns_the_first_hand_even_if_the_repeat_differs(session):
    key = uuid.uuid4()
    play(session, key=key)
    hand, created = record_hand(session, key, *scored(session, points="2"))
    assert not created and hand.points == 12


def test_it_records_one_redeal_for_a_key_sent_twice(session):
    key = uuid.uuid4()
    record_passed(session, key)
    _hand, created = record_passed(session, key)
    assert not created and Hand.objects.count() == 1


def test_it_lets_two_sessions_use_the_same_key(league, session):
    key = uuid.uuid4()
    play(session, key=key)
    other = make_session(league, "taiwan")
    play(other, key=key)
    assert Hand.objects.count() == 2


# ---- numbering and the deal -----------------------------------------------------------


def test_it_numbers_hands_one_after_another(session):
    hands = [play(session), pass_out(session), play(session)]
    assert [h.number for h in hands] == [1, 2, 3]


@pytest.mark.parametrize("variant", ["taiwan", "japanese-chip", "thai", "nap"])
def test_it_passes_the_deal_left_after_played_and_passed_hands(league, variant):
    session = make_session(league, variant, first_dealer=2)
    seats = len(NAMES[variant])
    hands = [play(session), pass_out(session), play(session, declarer="1")]
    for _ in range(seats):
        hands.append(pass_out(session))
    dealers = [h.dealer for h in hands]
    assert dealers == [(2 + i) % seats for i in range(len(hands))]
    assert next_dealer(session) == (2 + len(hands)) % seats


@pytest.mark.parametrize(
    ("declarer", "partner", "deals_next"),
    [("0", "3", 3), ("2", "4", 4), ("4", "alone", 4), ("1", "1", 1)],
)
def test_it_gives_the_mighty_deal_to_the_friend_or_the_lone_declarer(
    league, declarer, partner, deals_next
):
    session = make_session(league, "mighty")
    hand = play(session, declarer=declarer, partner=partner)
    assert hand.next_dealer() == deals_next
    assert play(session).dealer == deals_next


def test_it_lets_the_mighty_dealer_deal_again_after_a_redeal(league):
    session = make_session(league, "mighty", first_dealer=3)
    hands = [pass_out(session), pass_out(session), play(session)]
    assert [h.dealer for h in hands] == [3, 3, 3]
    assert next_dealer(session) == 1  # the friend of the hand just played


# ---- stored scores == engine ------------------------------------------------------------


@pytest.mark.parametrize("variant", list(NAMES))
def test_it_stores_the_engines_score_for_every_hand(league, variant):
    session = make_session(league, variant)
    n = len(NAMES[variant])
    for declarer in range(n):
        if variant == "nap":
            tricks = {f"tricks_{s}": "0" for s in range(n)}
            tricks[f"tricks_{declarer}"] = "3"
            tricks[f"tricks_{(declarer + 1) % n}"] = "2"
            play(session, declarer=str(declarer), **tricks)
        else:
            play(session, declarer=str(declarer), partner=str((declarer + 2) % n))
        pass_out(session)
    hands = list(Hand.objects.filter(session=session))
    assert len(hands) == 2 * n
    for hand in hands:
        score = hand.engine_score()
        assert stored_deltas(hand) == (() if score is None else score.deltas), hand.number
        if score is not None:
            assert (hand.made, hand.target, hand.points) == (
                score.made,
                score.target,
                score.declarer_points,
            )


def test_it_stores_the_engines_score_for_card_grid_hands(league):
    session = make_session(league, "japanese-chip")
    cards = grid(session, lambda c: "0" if c[0] in "SH" else "1" if c[0] == "D" else "3")
    hand = play(session, mode="cards", points=None, **cards)
    assert stored_deltas(hand) == hand.engine_score().deltas
    assert hand.points == 15  # 10 spades and hearts + 5 diamonds for the general


# ---- edits ----------------------------------------------------------------------------


def test_it_replaces_a_hands_entry_and_scores(session):
    hand = play(session)
    values, deltas = scored(session, points="6")
    updated = update_hand(hand, hand.version, values, deltas)
    assert updated.version == 2 and updated.points == 6
    assert stored_deltas(updated) == tuple(deltas) == updated.engine_score().deltas


def test_it_refuses_a_stale_version_and_changes_nothing(session):
    hand = play(session)
    update_hand(hand, 1, *scored(session, points="6"))
    before = (stored_deltas(hand), Hand.objects.get().points)
    with pytest.raises(StaleHand) as raised:
        update_hand(hand, 1, *scored(session, points="14"))
    assert raised.value.current.version == 2
    assert (stored_deltas(hand), Hand.objects.get().points) == before


def test_it_skips_the_version_check_without_a_version(session):
    hand = play(session)
    update_hand(hand, 1, *scored(session, points="6"))
    assert update_hand(hand, None, *scored(session, points="14")).version == 3


def test_it_turns_a_hand_passed_out_by_edit(session):
    hand = play(session)
    updated = update_hand(hand, 1, passed_values(), ())
    assert updated.passed_out and stored_deltas(updated) == ()


def test_it_rolls_back_an_edit_that_fails_halfway(session):
    hand = play(session)
    before = stored_deltas(hand)
    values, _deltas = scored(session, points="6")
    with pytest.raises(IntegrityError):
        update_hand(hand, 1, values, (1, 2, None, 4, 5))
    hand.refresh_from_db()
    assert (hand.version, hand.points, stored_deltas(hand)) == (1, 12, before)


def test_it_rolls_back_a_new_hand_whose_scores_fail(session):
    values, _deltas = scored(session)
    with pytest.raises(IntegrityError):
        record_hand(session, uuid.uuid4(), values, (1, None, 3, 4, 5))
    assert not Hand.objects.exists() and not HandScore.objects.exists()


# ---- undo -----------------------------------------------------------------------------


def test_it_undoes_the_current_last_hand(session):
    play(session)
    play(session)
    assert undo_last(session, 2).number == 2
    assert list(Hand.objects.values_list("number", flat=True)) == [1]
    assert HandScore.objects.count() == 5


def test_it_undoes_nothing_but_the_last_hand(session):
    play(session)
    play(session)
    assert undo_last(session, 1) is None
    assert undo_last(session, 3) is None
    assert Hand.objects.count() == 2 and HandScore.objects.count() == 10


def test_it_undoes_nothing_twice(session):
    play(session)
    play(session)
    undo_last(session, 2)
    assert undo_last(session, 2) is None
    assert Hand.objects.count() == 1


def test_it_undoes_nothing_in_an_empty_session(session):
    assert undo_last(session, 1) is None


def test_it_gives_the_deal_back_after_an_undo(session):
    play(session)
    play(session)
    undo_last(session, 2)
    assert next_dealer(session) == 1
    assert play(session).number == 2
