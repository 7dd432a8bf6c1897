"""The models: what a session and its hands store, and that it agrees with the engine."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError

from scoring.models import (
    GameSession,
    Hand,
    HandScore,
    Membership,
    Player,
    Seat,
    new_share_token,
)
from scoring.rules import find_variant
from scoring.table.lineup import next_dealer, players_count
from tests.factories import (
    NAMES,
    grid,
    make_league,
    make_session,
    make_user,
    pass_out,
    play,
    stored_deltas,
    totals_from_rows,
)

pytestmark = pytest.mark.django_db

VARIANTS = list(NAMES)


@pytest.fixture
def owner():
    return make_user("olive")


@pytest.fixture
def league(owner):
    return make_league(owner)


@pytest.fixture
def session(league):
    return make_session(league, "taiwan")


def test_it_makes_share_tokens_of_at_least_128_bits():
    tokens = {new_share_token() for _ in range(100)}
    assert len(tokens) == 100
    assert all(len(t) >= 22 for t in tokens)


def test_it_gives_every_session_its_own_token(league):
    assert make_session(league).share_token != make_session(league).share_token


def test_it_keeps_seats_in_clockwise_order(session):
    assert [s.number for s in session.seat_list] == [0, 1, 2, 3, 4]
    assert [s.player.name for s in session.seat_list] == NAMES["taiwan"]
    assert players_count(session) == 5


def test_it_reads_the_house_rules_from_its_own_snapshot(league):
    session = make_session(league, "taiwan", options={"score_table": "hongkong"})
    assert session.rules(5).score_table == "hongkong"
    assert session.options == find_variant("taiwan").rules({"score_table": "hongkong"}, 5).as_json()


def test_it_keeps_old_scores_when_the_leagues_defaults_change(league):
    hongkong = make_session(league, "taiwan", options={"score_table": "hongkong"})
    taiwan = make_session(league, "taiwan")
    kept = play(hongkong, points="16")
    other = play(taiwan, points="16")
    assert stored_deltas(kept) != stored_deltas(other)  # the option matters
    league.default_options = {"taiwan": {"score_table": "taiwan"}}
    league.default_variant = "mighty"
    league.save()
    hand = Hand.objects.get(pk=kept.pk)
    assert hand.session.options["score_table"] == "hongkong"
    assert hand.engine_score().deltas == stored_deltas(kept)


@pytest.mark.parametrize("variant", VARIANTS)
def test_it_rebuilds_the_engines_facts_from_a_stored_hand(league, variant):
    session = make_session(league, variant)
    hand = Hand.objects.get(pk=play(session).pk)
    assert hand.engine_score().deltas == stored_deltas(hand)
    assert hand.engine_score().lines == tuple(hand.lines)
    assert hand.facts().declarer == 0


def test_it_rebuilds_a_card_grid_hand(session):
    cards = grid(session, lambda c: "discard" if c == "SA" else "0" if c[0] in "SH" else "4")
    hand = Hand.objects.get(pk=play(session, mode="cards", points=None, **cards).pk)
    facts = hand.facts()
    assert [c.code for c in facts.discards] == ["SA"]
    assert facts.declarer_points is None
    assert hand.engine_score().deltas == stored_deltas(hand)


def test_it_scores_nothing_for_a_passed_out_hand(session):
    hand = pass_out(session)
    assert hand.engine_score() is None
    assert hand.contract_label() == "" and hand.declarer_name() == ""
    assert not hand.scores.exists()


def test_it_labels_contracts(league, session):
    assert play(session).contract_label() == "3♠"
    assert play(make_session(league, "nap")).contract_label() == "three"


def test_it_names_the_declarer(session):
    assert play(session, declarer="3", partner="1").declarer_name() == "Dan"


def test_it_totals_the_stored_scores(session):
    play(session)
    play(session, declarer="2", partner="alone", points="4")
    pass_out(session)
    assert session.totals() == totals_from_rows(session)
    assert session.totals() == [
        sum(HandScore.objects.filter(hand__session=session, seat=s).values_list("delta", flat=True))
        for s in range(5)
    ]


def test_it_totals_zero_before_any_hand(session):
    assert session.totals() == [0] * 5


def test_it_starts_with_the_first_dealer_and_follows_the_last_hand(league):
    session = make_session(league, "taiwan", first_dealer=4)
    assert next_dealer(session) == 4
    play(session)
    assert next_dealer(session) == 0


def test_it_allows_one_hand_per_number_and_per_key(session):
    hand = play(session)
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(session=session, number=1, dealer=0)
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(session=session, number=2, dealer=0, key=hand.key)


def test_it_allows_one_score_per_seat_and_hand(session):
    hand = play(session)
    with pytest.raises(IntegrityError), transaction.atomic():
        HandScore.objects.create(hand=hand, seat=0, delta=1)


def test_it_seats_a_player_once_per_session(session):
    ann = Player.objects.get(name="Ann")
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(session=session, number=5, player=ann)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(
            session=session,
            number=0,
            player=Player.objects.create(league=session.league, name="Zed"),
        )


def test_it_keeps_player_names_unique_in_a_league(league):
    Player.objects.create(league=league, name="Ann")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(league=league, name="Ann")


def test_it_refuses_to_delete_a_player_who_sat_at_a_table(session):
    with pytest.raises(ProtectedError):
        Player.objects.get(name="Ann").delete()


def test_it_deletes_hands_and_scores_with_their_session(session):
    play(session)
    GameSession.objects.get(pk=session.pk).delete()
    assert not Hand.objects.exists() and not HandScore.objects.exists()


def test_it_tells_each_users_role(league, owner):
    member = make_user("mark")
    Membership.objects.create(league=league, user=member)
    assert league.role_of(owner) == Membership.OWNER
    assert league.role_of(member) == Membership.MEMBER
    assert league.role_of(make_user("sam")) is None


def test_it_gives_anonymous_users_no_role(league):
    assert league.role_of(AnonymousUser()) is None


def test_it_allows_one_membership_per_user_and_league(league, owner):
    with pytest.raises(IntegrityError), transaction.atomic():
        Membership.objects.create(league=league, user=owner)


def test_it_describes_itself_readably(session):
    hand = play(session)
    assert str(session) == "Thursday table · 2025-03-14 · Taiwan Napoleon"
    assert str(hand) == f"{session} · #1"
    assert str(hand.scores.get(seat=2)) == f"{hand} · 2: -60"
    assert str(session.seat_list[0]) == "0: Ann"
    assert session.get_absolute_url() == f"/sessions/{session.pk}/"
