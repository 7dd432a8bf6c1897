"""Words players read: each language's card letters, punctuation, and the game's own terms."""

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.rules import parse_card
from scoring.words import lists

pytestmark = pytest.mark.django_db


def page(client, url, language):
    client.cookies["django_language"] = language
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language, follow=True)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    ("language", "king", "queen", "jack"),
    [("fr", "♠R", "♥D", "♣V"), ("en", "♠K", "♥Q", "♣J"), ("ja", "♠K", "♥Q", "♣J")],
)
def test_it_writes_court_cards_with_the_languages_letters(language, king, queen, jack):
    with translation.override(language):
        assert [parse_card(c).label for c in ("SK", "HQ", "CJ", "DA")] == [king, queen, jack, "♦A"]
        assert parse_card("SK").code == "SK"  # codes, for the API and the query, never change


def test_it_shows_french_letters_on_the_rules_pages_and_the_referee(client):
    rules = page(client, reverse("scoring:rules-variant", args=["japanese"]), "fr")
    assert "♥D bat ♠A" in rules and "♥Q" not in rules
    assert "A R D V 10" in rules
    referee = page(client, reverse("scoring:referee-trick") + "?v=japanese&n=5", "fr")
    assert 'value="HQ"' in referee and ">♥D<" in referee


def test_it_keeps_codes_in_the_api(client):
    response = client.post(
        "/api/v1/trick",
        {
            "variant": "japanese",
            "players": 4,
            "trick": 2,
            "trump": "H",
            "plays": ["HK", "HQ", "HJ", "H2"],
        },
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.status_code == 200, response.content
    assert response.json()["card"] in ("HK", "HJ")


@pytest.mark.parametrize(
    ("language", "listed", "sentence"),
    [
        ("zh-hant", "4、5 或 6", "。"),
        ("ja", "、", "。"),
        ("en", "4, 5 or 6", "."),
        ("fr", ", ", "."),
    ],
)
def test_it_lists_and_ends_sentences_in_the_languages_punctuation(language, listed, sentence):
    with translation.override(language):
        assert listed in lists.either([4, 5, 6])
        assert lists.full_stop() == sentence


@pytest.mark.parametrize(
    ("language", "msgid", "expected"),
    [
        ("zh-hant", "Declarer", "拿破崙"),
        ("zh-hant", "The last three tricks", "最後三墩"),
        ("zh-hant", "Yoromeki", "踉蹌"),
        ("zh-hant", "nap", "Nap"),
        ("ja", "declarer", "デクレアラー"),
        ("ja", "alone", "単独"),
        ("ko", "Bid", "공약"),
        ("ko", "alone", "혼자"),
        ("th", "Declarer", "นโปเลียน"),
        ("fr", "bidder", "preneur"),
        ("fr", "adjutant", "aide de camp"),
        ("fr", "Seat %(number)s", "Joueur %(number)s"),
    ],
)
def test_it_uses_each_games_own_words(language, msgid, expected):
    with translation.override(language):
        assert translation.gettext(msgid) == expected


def test_it_names_the_summoned_joker_in_chinese():
    with translation.override("zh-hant"):
        sentence = translation.gettext("the {joker} was summoned: you must play it")
    assert sentence.count("{joker}") == 2


def test_it_does_not_translate_japanese_terms_into_japanese(client):
    html = page(client, reverse("scoring:rules-variant", args=["japanese"]), "ja")
    assert "In Japanese" not in html and "日本語で" not in html
    english = page(client, reverse("scoring:rules-variant", args=["japanese"]), "en")
    assert "In Japanese: セイムツー." in english
