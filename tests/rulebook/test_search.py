import pytest
from django.urls import reverse
from django.utils import translation

from scoring.rulebook import search as searching
from tests.rulebook.helpers import SECTIONS

pytestmark = pytest.mark.django_db


def find(client, q):
    response = client.get(reverse("scoring:rules-search"), {"q": q})
    assert response.status_code == 200
    return response.content.decode()


def test_it_serves_the_search_under_rules(client):
    assert reverse("scoring:rules-search") == "/rules/search/"


def test_it_finds_yoromeki_in_both_japanese_games_and_links_the_section(client):
    html = find(client, "yoromeki")
    assert 'href="/rules/japanese/#yoromeki"' in html
    assert 'href="/rules/japanese-chip/#yoromeki"' in html
    assert "<mark>yoromeki</mark>" in html
    assert "Japanese Napoleon › <strong>Yoromeki</strong>" in html


def test_it_searches_regardless_of_case(client):
    assert find(client, "YOROMEKI").count("<li>") == find(client, "yoromeki").count("<li>")
    assert "<mark>Yoromeki</mark>" in find(client, "YOROMEKI")


def test_it_finds_variant_specific_sections(client):
    assert 'href="/rules/mighty/#ripper"' in find(client, "ripper")
    assert 'href="/rules/thai/#toppling"' in find(client, "toppled")
    assert 'href="/rules/taiwan/#secretary"' in find(client, "secretary card")
    assert 'href="/rules/nap/#auction"' in find(client, "Wellington")


def test_it_needs_every_word_of_the_query(client):
    html = find(client, "joker ripper")
    assert 'href="/rules/mighty/#ripper"' in html
    assert "/rules/taiwan/" not in html


def test_it_finds_words_in_other_scripts_and_suit_symbols(client):
    assert 'href="/rules/japanese/#yoromeki"' in find(client, "よろめき")
    assert 'href="/rules/thai/#card-order"' in find(client, "แจ็กหน้า")
    assert "<mark>♥Q</mark>" in find(client, "♥Q")
    assert 'href="/rules/nap/' in find(client, "misère")


def test_it_shows_only_the_form_for_an_empty_query(client):
    for q in ("", "   "):
        html = find(client, q)
        assert 'name="q"' in html
        assert 'class="results"' not in html
        assert "Nothing in the rules mentions" not in html


def test_it_says_so_when_nothing_matches(client):
    html = find(client, "zzyzx")
    assert "Nothing in the rules mentions “zzyzx”." in html
    assert 'class="results"' not in html


def test_it_survives_a_very_long_query(client):
    html = find(client, "joker " * 5000)
    assert "only its first 100 characters were used" in html


def test_it_escapes_html_in_the_query(client):
    html = find(client, '<script>alert("x")</script>')
    assert '<script>alert("x")' not in html
    assert "&lt;script&gt;" in html


@pytest.mark.parametrize("q", ["🃏", "\u0000", "a\u0301", "ß", "İ", "%", ".*", "(", "\\", "'", '"'])
def test_it_does_not_fail_on_odd_characters(client, q):
    find(client, q)


def test_it_highlights_the_match_inside_a_short_snippet(client):
    html = find(client, "back jack")
    start = html.index('<span class="result-snippet">')
    snippet = html[start : html.index("</span>", start)]
    assert "<mark>back</mark> <mark>jack</mark>" in snippet
    assert len(snippet) < 600


def test_it_indexes_every_section_of_every_variant_once_per_language():
    searching.clear()
    entries = searching.index()
    assert searching.index() is entries
    found = {(e.code, e.section) for e in entries}
    for code, ids in SECTIONS.items():
        for section in ids:
            assert (code, section) in found
    with translation.override("fr"):
        assert searching.index() is not entries
    assert searching.index() is entries


def test_it_leaves_the_anchor_out_of_the_text():
    entry = next(e for e in searching.index() if e.code == "taiwan" and e.section == "aim")
    assert entry.title == "The aim"
    assert "#" not in entry.text


def test_it_ignores_accents_and_case_both_ways(client):
    assert 'href="/rules/nap/#auction"' in find(client, "misere")
    assert "<mark>misère</mark>" in find(client, "MISERE")
    assert "<mark>Blücher</mark>" in find(client, "blucher")
    assert 'href="/rules/nap/' in find(client, "BLÜCHER")
    assert 'href="/rules/japanese/#yoromeki"' in find(client, "Yoroméki")


@pytest.mark.parametrize(
    ("language", "query", "where"),
    [
        ("ja", "ヨロメキ", "/rules/japanese/#yoromeki"),
        ("ja", "ﾖﾛﾒｷ", "/rules/japanese/#yoromeki"),
        ("ja", "ＹＯＲＯＭＥＫＩ", "/rules/japanese/#yoromeki"),
        ("en", "ＳＡ", "/rules/"),
        ("zh-hant", "秘书牌", "/rules/taiwan/#secretary"),
        ("zh-hant", "拿破仑", "/rules/taiwan/"),
        ("th", "แจ็คหน้า", "/rules/thai/#card-order"),
    ],
)
def test_it_folds_width_kana_chinese_script_and_spellings(client, language, query, where):
    client.cookies["django_language"] = language
    assert f'href="{where}' in find(client, query)


@pytest.mark.parametrize(
    ("language", "typed", "written"),
    [
        ("ja", "切り札", "切札"),
        ("th", "ทรัมป์", "ทรัมพ์"),
        ("ja", "ﾄﾗﾝﾌﾟ", "トランプ"),
        ("ja", "ＳＡ", "SA"),
        ("ja", "ﾖﾛﾒｷ", "よろめき"),
    ],
)
def test_it_finds_a_word_however_it_is_spelled(client, language, typed, written):
    client.cookies["django_language"] = language
    assert results_of(find(client, typed)) == results_of(find(client, written))
    assert len(results_of(find(client, typed))) > 3


def test_it_lists_the_game_the_query_names_first(client):
    client.cookies["django_language"] = "ko"
    found = results_of(find(client, "마이티"))
    mighty = [i for i, (code, _s) in enumerate(found) if code == "mighty"]
    others = [i for i, (code, _s) in enumerate(found) if code != "mighty"]
    assert mighty and others and max(mighty) < min(others), found


def test_it_keeps_the_marks_that_make_other_scripts_words(client):
    """Folding accents stops at Latin letters: Thai tone marks and Japanese voicing stay."""
    assert searching.fold("ก่า")[0] == "ก่า"
    assert searching.fold("ガ")[0] == searching.fold("が")[0] != searching.fold("カ")[0]
    assert searching.fold("Œuvre Straße")[0] == "oeuvre strasse"


def results_of(html):
    import re

    return re.findall(r'<a href="/rules/([^/]+)/#([^"]+)">', html.split('class="results"', 1)[-1])


def test_it_ranks_a_section_of_the_readers_game_first(client):
    plain = results_of(find(client, "joker"))
    assert plain[0][0] != "mighty"
    near = results_of(
        client.get(reverse("scoring:rules-search"), {"q": "joker", "in": "mighty"}).content.decode()
    )
    assert near[0][0] == "mighty"
    assert sorted(near) == sorted(plain)


def test_it_ranks_mighty_first_for_a_korean_reader_on_the_mighty_page(client):
    client.cookies["django_language"] = "ko"
    html = client.get(
        reverse("scoring:rules-search"), {"q": "마이티", "in": "mighty"}, HTTP_ACCEPT_LANGUAGE="ko"
    ).content.decode()
    found = results_of(html)
    assert found[0][0] == "mighty"
    assert any(code.startswith("japanese") for code, _section in found)  # 올마이티


def test_it_finds_a_games_english_word_from_another_language(client):
    client.cookies["django_language"] = "ja"
    html = client.get(reverse("scoring:rules-search"), {"q": "ripper"}).content.decode()
    assert 'href="/rules/mighty/#ripper"' in html


def test_it_keeps_the_readers_game_when_searching_again(client):
    html = client.get(reverse("scoring:rules-variant", args=["mighty"])).content.decode()
    assert '<input type="hidden" name="in" value="mighty">' in html
    again = client.get(reverse("scoring:rules-search"), {"q": "joker", "in": "mighty"})
    assert '<input type="hidden" name="in" value="mighty">' in again.content.decode()
    bad = client.get(reverse("scoring:rules-search"), {"q": "joker", "in": "<x>"})
    assert bad.status_code == 200 and 'name="in"' not in bad.content.decode()
