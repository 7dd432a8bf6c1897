"""Fixtures for the referee pages: a member of a league with a session, and a stranger.

Models are imported inside the functions: this conftest loads before Django is set up.
"""

import datetime

import pytest

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]


def make_session(user, variant="japanese", names=NAMES, options=None):
    from scoring.models import GameSession, League, Membership, Player, Seat
    from scoring.rules import find_variant

    league = League.objects.create(name="Thursday table")
    Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    rules = find_variant(variant).rules(options or {}, len(names))
    session = GameSession.objects.create(
        league=league,
        date=datetime.date(2025, 3, 14),
        variant=variant,
        options=rules.as_json(),
    )
    for number, name in enumerate(names):
        player = Player.objects.create(league=league, name=name)
        Seat.objects.create(session=session, number=number, player=player)
    return session


def _client(username):
    from django.contrib.auth import get_user_model
    from django.test import Client

    user = get_user_model().objects.create_user(username, password="tall-Giraffe-47")
    client = Client()
    client.force_login(user)
    return user, client


@pytest.fixture
def member(db):
    return _client("mark")


@pytest.fixture
def stranger(db):
    return _client("sam")


@pytest.fixture
def table(member):
    """A Japanese session with yoromeki on, whose league ``member`` belongs to."""
    user, _client_ = member
    return make_session(user, "japanese", options={"yoromeki": "HQ"})
