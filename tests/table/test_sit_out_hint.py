"""Six at a five-player table: whoever sits the hand out cannot take a part in it. The
preview says so as soon as they are tapped as the napoleon or the partner, before any
other choice, and a Save naming them is refused with the same words, the entry kept."""

import re
import uuid

import pytest

from scoring.models import Hand
from tests.factories import HANDS, counts, drawn_for, make_session, url

# Thai Napoleon deals five; Quan joins as the sixth. Pim (place 1) sits the hand out.
TRICKS = {"tricks_0": "4", "tricks_2": "3", "tricks_3": "1", "tricks_4": "1", "tricks_5": "1"}


@pytest.fixture
def six(member_client, league):
    """Thai Napoleon with six at the table, five dealt in each hand."""
    session = make_session(league, "thai")
    joined = {"action": "join", "name": "Quan", "after": "4", **drawn_for(session)}
    assert member_client.post(url("players", session.pk), joined).status_code == 302
    return session


def words(response) -> str:
    return re.sub(r"<[^>]+>", " ", response.content.decode())


@pytest.mark.parametrize(
    ("entered", "said"),
    [
        ({"declarer": "1"}, "Pim sits this hand out."),  # nothing else chosen yet
        ({"declarer": "2", "partner": "1"}, "Pim sits this hand out."),  # no bid yet either
        ({"declarer": "2", "partner": "3"}, ""),  # both dealt in: no such hint
    ],
)
def test_it_says_at_once_who_sits_out(member_client, six, htmx, entered, said):
    body = {"out": "1", "key": str(uuid.uuid4()), **drawn_for(six), **entered}
    response = member_client.post(url("preview", six.pk), body, **htmx)
    assert response.status_code == 200
    if said:
        assert said in words(response)
    else:
        assert "sits this hand out" not in words(response)


@pytest.mark.parametrize("role", ["declarer", "partner"])
def test_a_save_naming_the_sitter_is_refused_and_the_entry_kept(member_client, six, htmx, role):
    before = counts()
    data = {**HANDS["thai"], **TRICKS, "declarer": "2", "partner": "3", role: "1"}
    del data["tricks_1"]
    body = {**data, "out": "1", "key": str(uuid.uuid4()), **drawn_for(six)}
    response = member_client.post(url("record", six.pk), body, **htmx)
    assert response.status_code == 422
    assert "Pim sits this hand out." in words(response)
    page = response.content.decode()
    assert f'name="{role}" value="1" checked' in page  # the entry is still there
    assert 'name="out" value="1" checked' in page  # and Pim still sits out
    assert counts() == before and not Hand.objects.exists()
