"""Builders for the import tests: a league file with a hand of every kind, uploads, and
the message a refused upload shows."""

import copy
import html
import json
import re

from django.core.files.uploadedfile import SimpleUploadedFile

from scoring.history.export import league_json
from tests.factories import grid, make_session, pass_out, play, play_recorded, url

ERRORS = re.compile(r'<ul class="errorlist"[^>]*>(.*?)</ul>', re.S)


def upload(client, league, data: bytes, name="league.json"):
    return client.post(
        url("league-import", league.pk),
        {"file": SimpleUploadedFile(name, data, "application/json")},
    )


def refusal(response) -> str:
    """The messages a refused import shows, as a person reads them."""
    found = ERRORS.findall(response.content.decode())
    return html.unescape(re.sub(r"<[^>]+>", " ", " ".join(found))).strip()


def exported(league) -> dict:
    return json.loads("".join(league_json(league)))


def rich_league(league) -> None:
    """Hands of every kind: a quick count, a card grid and a hand passed out (Taiwan);
    tricks by seat, a toppled hand and a quick count of the napoleon's side's tricks
    (Thai); a Nap bid by tricks and one by the quick count the table page opens with."""
    taiwan = make_session(league, "taiwan")
    play(taiwan)
    play(taiwan, mode="cards", **grid(taiwan, lambda code: "0" if code[0] in "SH" else "3"))
    pass_out(taiwan)
    thai = make_session(league, "thai")
    play(thai)
    play(thai, toppled="on")
    play(thai, mode="count", points="7")
    nap = make_session(league, "nap")
    play(nap)
    play(nap, mode="count", points="3")


def recorded_league(league) -> None:
    """Hands whose play was recorded card by card (and others that were not): a whole
    Taiwan hand, and a Nap hand with a revoke."""
    taiwan = make_session(league, "taiwan")
    play(taiwan)
    play_recorded(taiwan)
    pass_out(taiwan)
    nap = make_session(league, "nap")
    play_recorded(nap)
    play(nap)


def changed(document: dict, change) -> bytes:
    document = copy.deepcopy(document)
    change(document)
    return json.dumps(document).encode()
