"""Fixtures for the view tests: an owner and a member of one league, a stranger who
belongs to another league, logged-in clients for each, and a session of each variant.

The builders live in tests/views/factories.py; they are imported inside the
fixtures because this file loads before pytest-django has set Django up.
"""

import pytest

VARIANTS = ["taiwan", "japanese-chip", "mighty", "thai", "nap"]


def _factories():
    from tests.views import factories

    return factories


@pytest.fixture
def owner(db):
    return _factories().make_user("olive")


@pytest.fixture
def member(db):
    return _factories().make_user("mark")


@pytest.fixture
def stranger(db):
    return _factories().make_user("sam")


@pytest.fixture
def league(owner, member):
    return _factories().make_league(owner, members=[member])


@pytest.fixture
def other_league(stranger):
    """The stranger belongs to a league of their own, just not to ours."""
    return _factories().make_league(stranger, name="Across the street")


def _client_for(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def owner_client(owner):
    return _client_for(owner)


@pytest.fixture
def member_client(member):
    return _client_for(member)


@pytest.fixture
def stranger_client(stranger, other_league):
    return _client_for(stranger)


@pytest.fixture
def anon_client():
    from django.test import Client

    return Client()


@pytest.fixture
def htmx():
    return {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def session(league):
    return _factories().make_session(league, "taiwan")


@pytest.fixture
def japanese_chip(league):
    return _factories().make_session(league, "japanese-chip")


@pytest.fixture
def mighty(league):
    return _factories().make_session(league, "mighty")


@pytest.fixture
def thai(league):
    return _factories().make_session(league, "thai")


@pytest.fixture
def nap(league):
    return _factories().make_session(league, "nap")


@pytest.fixture(params=VARIANTS)
def any_session(request, league):
    """One session of each of the five variants, in turn."""
    return _factories().make_session(league, request.param)
