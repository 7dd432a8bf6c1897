"""Shared plumbing for the rules-page tests: fetch a page and read it as a player would."""

import datetime
import re

from django.urls import reverse

from scoring.models import GameSession, League, Membership, Player, Seat
from scoring.rulebook.sections import split_sections
from scoring.rules import find_variant

# Every section a variant's page must have, by its stable id.
SECTIONS = {
    "taiwan": [
        "aim",
        "deck",
        "auction",
        "exchange",
        "partner",
        "secretary",
        "card-order",
        "jokers",
        "tricks",
        "scoring",
        "house-rules",
    ],
    "japanese": [
        "aim",
        "deck",
        "auction",
        "partner",
        "exchange",
        "card-order",
        "jokers",
        "tricks",
        "same-two",
        "yoromeki",
        "scoring",
        "house-rules",
    ],
    "japanese-chip": [
        "aim",
        "deck",
        "auction",
        "partner",
        "exchange",
        "card-order",
        "first-trick",
        "tricks",
        "same-two",
        "yoromeki",
        "scoring",
        "siberian",
        "house-rules",
    ],
    "thai": [
        "aim",
        "deck",
        "auction",
        "partner",
        "exchange",
        "card-order",
        "tricks",
        "first-trick",
        "toppling",
        "scoring",
        "betrayal",
        "house-rules",
    ],
    "mighty": [
        "aim",
        "deck",
        "auction",
        "exchange",
        "kill",
        "trump-change",
        "partner",
        "card-order",
        "jokers",
        "ripper",
        "tricks",
        "scoring",
        "house-rules",
    ],
    "nap": [
        "aim",
        "deck",
        "auction",
        "partner",
        "exchange",
        "tricks",
        "card-order",
        "scoring",
        "house-rules",
    ],
}
SECTIONS["hongkong"] = SECTIONS["taiwan"]


def url(code, **query):
    path = reverse("scoring:rules-variant", args=[code])
    if not query:
        return path
    from urllib.parse import urlencode

    return f"{path}?{urlencode(query)}"


def get(client, code, query=""):
    response = client.get(url(code) + query)
    assert response.status_code == 200
    return response


def sections(response) -> dict[str, str]:
    """Section id → its plain text, as the search index reads it."""
    return {s.id: s.text for s in split_sections(response.content.decode())}


def text(response) -> str:
    return " ".join(sections(response).values())


def make_session(user, variant="japanese", options=None, players=5, league_name="Thursday club"):
    """A league the user belongs to, and one session in it with the given house rules."""
    league = League.objects.create(name=league_name, default_variant=variant)
    if user is not None:
        Membership.objects.create(league=league, user=user, role=Membership.OWNER)
    game = find_variant(variant)
    rules = game.rules(options or {}, players)
    session = GameSession.objects.create(
        league=league,
        date=datetime.date(2025, 3, 14),
        variant=variant,
        options=rules.as_json(),
    )
    for number in range(players):
        player = Player.objects.create(league=league, name=f"P{number}")
        Seat.objects.create(session=session, number=number, player=player)
    return session


def table_rows(html, table_class) -> list[tuple[str, ...]]:
    """The body rows of every ``table.<table_class>`` on the page, as the text of their cells."""
    rows = []
    for table in re.findall(
        rf'<table class="[^"]*\b{table_class}\b[^"]*">(.*?)</table>', html, re.S
    ):
        body = table.split("<tbody>", 1)[-1]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
            cells = re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
            rows.append(tuple(re.sub(r"<[^>]+>", "", c).strip() for c in cells))
    return rows
