"""The view tests' fixtures (an owner, a member, a stranger, a league, sessions of each
variant, logged-in clients) for the history tests too."""

from tests.views.conftest import (  # noqa: F401
    anon_client,
    htmx,
    league,
    member,
    member_client,
    mighty,
    nap,
    other_league,
    owner,
    owner_client,
    session,
    stranger,
    stranger_client,
    thai,
)
