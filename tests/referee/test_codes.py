"""Codes stay in the query and the API; a page shows what players read (a suit symbol, a
name, never ``SA`` or ``seat 2``).

The referee's error cases, rendered in every language: each error is the engine's sentence
written for the page (suit symbols, the joker's name, a seat by the player sitting there),
and no text on the page shows a card or bid code, but the help for typing codes.
"""

import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from tests.referee.conftest import make_session
from tests.referee.support import errors, follow, page

# A card or bid code: S8, H10, BJ, LJ, JK, 14S (NT is read as a word).
CODE = re.compile(r"(?<![A-Za-z0-9])(?:[SHDC](?:10|[2-9JQKA])|BJ|LJ|JK|\d+[SHDC])(?![A-Za-z0-9])")
LANGUAGES = [code for code, _name in settings.LANGUAGES]

# (tool, query, what the English page says)
CASES = [
    (
        "trick",
        "v=nap&n=3&o.stripped_deck=on&t=S&k=2&l=0&p=S8.SA.SK",
        "♠8 is not in the deck of Nap.",
    ),
    ("trick", "v=thai&n=5&t=S&k=2&l=0&p=JK.C9.SA.CK.HQ", "Joker is not in the deck"),
    ("trick", "v=mighty&n=5&t=H&k=1&l=0&p=JK.C9.CA.C5.C2&s=C", "Joker may not be led"),
    ("trick", "v=japanese&n=5&t=H&k=4&l=2&p=C5.C5.SA.CK.HQ", "♣5 is given twice."),
    ("legal", "v=nap&n=4&t=S&k=2&l=0&p=D5&h=D5.S3", "♦5 is given twice."),
    ("auction", "v=hongkong&n=5&d=0&c=2H.1S", "1♠ does not beat 2♥."),
    ("auction", "v=japanese&n=5&d=0&c=10S", "10♠ is below the lowest bid, 11."),
    ("auction", "v=mighty&n=5&f=0&c=p.13S.14S.p.p.15S", "Seat 1 has passed"),
    ("score", "v=taiwan&n=5&d=0&x=9S&f=2&r=12", "9♠ is above the highest bid, 8."),
    ("score", "v=thai&n=5&d=0&x=1S&f=1&w0=5&w1=-1&w2=3&w3=2&w4=1", "Seat 2 cannot take -1"),
    ("trick", "v=mighty&n=6&ko=0&t=H&k=3&l=0&p=C3.JK.CA.C5.C9", "Seat 1 was killed"),
    ("score", "v=mighty&n=6&ko=1&d=1&x=14S&f=0&r=15", "Seat 2 was killed"),
    ("auction", "v=mighty&n=5&f=0&c=p.p.p.p.p.dealmiss&o.deal_miss=on", "Seat 1 has already"),
    (
        "deal-miss",
        "v=mighty&n=5&h=SA.SA.H2.H3.H4.D5.D6.D7.C8.C9&o.deal_miss=on",
        "♠A is given twice.",
    ),
    ("deal-miss", "v=mighty&n=5&h=SA.C10.H2.C10&o.deal_miss=on", "♣10 is given twice."),
]
IDS = [f"{tool}-{query.split('&')[0][2:]}-{index}" for index, (tool, query, _s) in enumerate(CASES)]


def shown_text(response) -> str:
    """The page's text as a player sees it (no markup, no script, no code-typing help)."""
    html = page(response)
    html = re.sub(r"<script.*?</script>|<style.*?</style>", " ", html, flags=re.S)
    html = re.sub(r'<details class="ref-codes".*?</details>', " ", html, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", html)
    # The word for no trump is a word, not a code, even when it looks like one (French "SA").
    no_trump = translation.gettext("NT")
    return re.sub(rf"(?<![A-Za-z0-9]){re.escape(no_trump)}(?![A-Za-z0-9])", " ", text)


def get(client, tool, query, language):
    client.cookies["django_language"] = language
    url = f"{reverse(f'scoring:referee-{tool}')}?{query}"
    return follow(client, url)


@pytest.mark.parametrize(("tool", "query", "sentence"), CASES, ids=IDS)
def test_it_writes_the_engine_s_error_as_players_read_it(client, tool, query, sentence):
    response = get(client, tool, query, "en")
    assert response.status_code == 200
    assert any(sentence in message for message in errors(response)), errors(response)


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_shows_no_code_in_any_language(client, language):
    for tool, query, _sentence in CASES:
        response = get(client, tool, query, language)
        assert response.status_code == 200, (tool, query)
        found = errors(response)
        assert found, (tool, query, language)
        for message in found:
            assert not CODE.search(message), (tool, query, message)
        with translation.override(language):
            text = shown_text(response)
        assert not CODE.search(text), (
            tool,
            query,
            CODE.findall(text),
        )


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_names_the_player_of_a_seat_in_a_session(member, language):
    user, client = member
    session = make_session(user, "mighty")
    client.cookies["django_language"] = language
    url = reverse("scoring:referee-auction")
    response = follow(client, f"{url}?session={session.pk}&f=0&c=p.13S.14S.p.p.15S")
    (message,) = errors(response)
    assert "Ann" in message and not re.search(r"\d", message), message
