"""The referee in each game's own words and each language's: a word that differs by game
(who plays alone, who won the auction) is the game's, and a call is named, never its code."""

import re

import pytest
from django.urls import reverse

from tests.referee.support import errors, follow, page, ruling, text_of

CHIPS_F = r'id="field-f">(.*?)</fieldset>'
AUCTION = reverse("scoring:referee-auction")
SCORE = reverse("scoring:referee-score")


def field_text(response, pattern: str) -> str:
    """The text of one part of the page (the partner's chips, the count's label), so that
    the game chooser's names of every game do not count."""
    match = re.search(pattern, page(response), re.S)
    assert match, pattern
    return text_of(match.group(1))


def in_language(client, language, url):
    client.cookies["django_language"] = language
    return follow(client, url)


@pytest.mark.parametrize(
    ("language", "call"),
    [
        ("en", "one"),
        ("fr", "Un"),
        ("ja", "ワン"),
        ("ko", "1트릭"),
        ("th", "หนึ่ง"),
        ("zh-hant", "一墩"),
    ],
)
def test_it_names_the_call_the_dealer_must_bid_at_least(client, language, call):
    query = "?v=nap&n=4&d=0&o.all_pass=dealer_bids_one&c=p.p.p.p"
    said = " ".join(errors(in_language(client, language, AUCTION + query)))
    assert call in said, said
    if language != "en":
        assert " one " not in said, said


@pytest.mark.parametrize(
    ("variant", "language", "alone", "foreign"),
    [
        ("taiwan", "ja", "秘書なし", "副官なし"),
        ("thai", "ja", "フレンドなし", "副官なし"),
        ("mighty", "ja", "ノーフレンド", "副官なし"),
        ("japanese", "ja", "副官なし", "ノーフレンド"),
        ("taiwan", "ko", "비서 없음", "노프렌드"),
        ("japanese", "ko", "부관 없음", "노프렌드"),
        ("thai", "ko", "프렌드 없음", "노프렌드"),
        ("mighty", "ko", "노프렌드", "부관 없음"),
    ],
)
def test_it_offers_playing_alone_in_the_games_word(client, variant, language, alone, foreign):
    response = in_language(client, language, f"{SCORE}?v={variant}&n=5")
    html, chips = page(response), field_text(response, CHIPS_F)
    assert alone in chips, chips
    assert foreign not in html


@pytest.mark.parametrize(
    ("query", "own", "foreign"),
    [
        ("v=taiwan&n=5&d=0&c=1S.p.2H.p.p.p.p", "得標", "主攻"),
        ("v=nap&n=4&d=0&c=two.three.p.nap", "得標", "主攻"),
        ("v=thai&n=5&c=2:3S.0:p.1:p.3:p.4:p&o.auction_order=free", "得標", "主攻"),
    ],
)
def test_it_ends_the_auction_in_words_every_game_shares(client, query, own, foreign):
    said = ruling(in_language(client, "zh-hant", f"{AUCTION}?{query}"))
    assert own in said and foreign not in said, said


@pytest.mark.parametrize(
    ("variant", "language", "own", "foreign"),
    [
        ("mighty", "ja", "デクレアラー側の点札", "ナポレオン"),
        ("mighty", "zh-hant", "主攻方的點數牌", "拿破崙"),
        ("mighty", "th", "ไพ่แต้มของฝ่ายผู้ชนะประมูล", "นโปเลียน"),
        ("taiwan", "th", "ไพ่แต้มของฝ่ายนโปเลียน", "ผู้ชนะประมูล"),
        ("taiwan", "zh-hant", "拿破崙方的點數牌", "主攻"),
    ],
)
def test_it_counts_the_declarers_side_in_the_games_words(client, variant, language, own, foreign):
    response = in_language(client, language, f"{SCORE}?v={variant}&n=5&d=0&x=3S&f=2")
    label = field_text(response, r'<label for="id-r">(.*?)</label>')
    assert own in label and foreign not in label, label


@pytest.mark.parametrize(
    ("variant", "language", "alone", "foreign"),
    [
        ("japanese", "ja", "副官なし", "ノーフレンド"),
        ("mighty", "ja", "ノーフレンド", "副官なし"),
        ("mighty", "ko", "노프렌드", "혼자"),
    ],
)
def test_it_marks_a_worked_example_played_alone_in_the_games_word(
    client, variant, language, alone, foreign
):
    html = page(in_language(client, language, reverse("scoring:rules-variant", args=[variant])))
    marks = re.findall(r'<p class="ex-head">.*?<span class="muted">([^<]*)</span>', html)
    assert alone in marks and foreign not in marks, marks
