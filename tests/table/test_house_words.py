"""House rules refused or summed up on a page name each rule and number as the page shows
them, never by the engine's codes (``almighty_call``, ``options.score_values.win``)."""

import html
import re

import pytest

from scoring.models import GameSession
from tests.factories import hand_data, make_session, url
from tests.table.test_session_new import new_game

CODES = re.compile(r"options\.|[a-z]+_[a-z_]+ (?:cannot|must|is not)|\bS3_led\b")


def _summary(body: str) -> str:
    start = body.index('id="form-errors"')
    return html.unescape(re.sub(r"<[^>]+>", " ", body[start : body.index("</div>", start)]))


@pytest.mark.parametrize(
    "changes, words",
    [
        (
            {
                "opt_japanese_first_trick_specials_plain": "true",
                "opt_japanese_first_trick_plain": "jacks",
            },
            "“Ordinary specials on the first trick: both jacks” cannot go with “Plain specials",
        ),
        (
            {"opt_japanese_joker_call": "S3_led", "opt_japanese_almighty_call": "true"},
            "“♠3 calls ♠A” cannot be on while “Calling the joker” is “♠3 led”",
        ),
        (
            {"opt_japanese_score_values__made_napoleon": "5000"},
            "Score table: made · napoleon: Write a whole number from -1000 to 1000.",
        ),
    ],
)
def test_it_refuses_house_rules_in_their_names_not_codes(member_client, league, changes, words):
    data = new_game(variant="japanese", **changes)
    body = member_client.post(url("session-new", league.pk), data).content.decode()
    assert GameSession.objects.count() == 0
    summary = _summary(body)
    assert words in re.sub(r"\s+", " ", summary)
    assert not CODES.search(summary), summary


def test_it_names_a_part_of_a_count_by_its_words(member_client, league):
    data = new_game(
        variant="mighty", opt_mighty_deal_miss="on", opt_mighty_deal_miss_values__max="99"
    )
    summary = _summary(member_client.post(url("session-new", league.pk), data).content.decode())
    assert "Write a whole number from -40 to 40." in summary
    assert "options.deal_miss_values" not in summary


def test_it_names_the_table_s_own_numbers_on_play_again(member_client, league):
    make_session(league, "thai", options={"score_values": {"win": 2}})
    make_session(league, "mighty", options={"deal_miss": "on", "deal_miss_values": {"max": 2}})
    body = html.unescape(member_client.get(url("session-new", league.pk)).content.decode())
    again = body[: body.index('id="session-form"')]
    assert "Own score numbers: won or lost · each winner: +2" in again
    assert "each point card +2" in again and "a hand may total at most +2" in again
    assert "win +2" not in again and "max +2" not in again


def test_the_referee_names_the_rules_it_cannot_combine(member_client):
    query = "v=japanese&n=5&o.first_trick_plain=jacks&o.first_trick_specials_plain=1"
    body = html.unescape(
        member_client.get(f"/referee/trick/?{query}", follow=True).content.decode()
    )
    assert "“Ordinary specials on the first trick: both jacks” cannot go with" in body
    assert "first_trick_plain cannot" not in body


def test_the_preview_and_the_calculator_name_own_numbers_as_the_table_does(
    member_client, league, htmx
):
    own = {"standard_made_napoleon": 130, "standard_made_defender": -60}
    session = make_session(league, "taiwan", options={"score_values": own})
    data = hand_data(session, points="11")
    body = html.unescape(
        member_client.post(url("preview", session.pk), data, **htmx).content.decode()
    )
    line = "your table's own numbers: standard, made · napoleon: +130, standard, made · each defender: −60"
    assert line in body
    assert "standard_made_napoleon 130" not in body  # the engine's line, as the API gives it
    query = f"session={session.pk}&d=0&x=3S&f=1&r=11"
    calculator = html.unescape(
        member_client.get(f"/referee/score/?{query}", follow=True).content.decode()
    )
    assert line[:1].upper() + line[1:] in calculator
    assert "standard_made_napoleon 130" not in calculator
