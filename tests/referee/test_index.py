"""The referee's front page: the four tools, carrying the game and the session along."""

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.referee.support import errors, follow, page

URL = reverse("scoring:referee-index")
TOOLS = {
    "trick": "Who won this trick?",
    "legal": "May I play this card?",
    "auction": "Is this bid allowed?",
    "score": "How is this hand scored?",
}


def test_it_lists_the_four_tools(client):
    response = client.get(URL)
    assert response.status_code == 200
    for name, title in TOOLS.items():
        assert f'href="{reverse(f"scoring:referee-{name}")}"' in page(response)
        assert title in page(response)


@pytest.mark.parametrize(
    ("query", "listed"), [("", True), ("?v=mighty", True), ("?v=thai", False), ("?v=nap", False)]
)
def test_it_lists_the_deal_miss_tool_for_a_game_that_has_one(client, query, listed):
    html = page(follow(client, URL + query))
    assert (f'href="{reverse("scoring:referee-deal-miss")}' in html) is listed
    assert ("May I call a deal miss?" in html) is listed


def test_it_needs_no_login(client):
    for name in ("index", "deal-miss", *TOOLS):
        assert client.get(reverse(f"scoring:referee-{name}")).status_code == 200


def test_it_carries_the_game_and_its_house_rules_to_every_tool(client):
    response = follow(client, f"{URL}?v=japanese&o.yoromeki=HQ")
    for name in TOOLS:
        link = f'href="{reverse(f"scoring:referee-{name}")}?v=japanese&amp;n=5&amp;o.yoromeki=HQ"'
        assert link in page(response)


def test_it_marks_the_chosen_game(client):
    response = follow(client, f"{URL}?v=thai")
    assert 'class="ref-variant current" href="?v=thai"' in page(response)


def test_it_refuses_an_unknown_game_with_a_message(client):
    response = client.get(f"{URL}?v=bridge")
    assert response.status_code == 400
    assert "'bridge' is not a variant" in errors(response)[0]


def test_it_prefills_the_session_of_a_member(table, member):
    _user, client = member
    response = client.get(f"{URL}?session={table.pk}")
    assert response["Location"] == f"{URL}?session={table.pk}&v=japanese&n=5&o.yoromeki=HQ"
    response = follow(client, response["Location"])
    assert "Back to the table" in page(response)
    trick = reverse("scoring:referee-trick")
    assert f'href="{trick}?session={table.pk}&amp;v=japanese&amp;n=5&amp;o.yoromeki=HQ"' in page(
        response
    )


def test_it_ignores_the_session_for_anyone_else(table, stranger, client):
    _user, stranger_client = stranger
    for who in (stranger_client, client):
        response = who.get(f"{URL}?session={table.pk}")
        assert response.status_code == 302
        assert response["Location"] == URL
        assert "Back to the table" not in page(follow(who, URL))


@pytest.mark.django_db
@settings(
    max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    query=st.dictionaries(
        st.one_of(st.sampled_from(["v", "n", "session", "o.yoromeki"]), st.text(max_size=6)),
        st.one_of(st.text(max_size=20), st.sampled_from(["nap", "taiwan", "3", "10", "HQ"])),
        max_size=6,
    )
)
def test_it_never_fails_whatever_the_query(client, query):
    assert follow(client, URL, query).status_code in (200, 400)
