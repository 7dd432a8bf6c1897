"""Thai loanwords kept whole at the end of a line: each is wrapped in a no-break span in
the text of a page in Thai, never inside a tag, a script or a form control's text."""

import re

import pytest
from django.http import HttpResponse
from django.urls import reverse
from django.utils import translation

from scoring.words.thai_lines import LOANWORDS, KeepThaiWordsWhole, keep_whole

NW = '<span class="nw">{}</span>'


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        ("<th>นโปเลียน</th>", "<th>" + NW.format("นโปเลียน") + "</th>"),
        ("<p>ออลไมตี้ ชนะ</p>", "<p>" + NW.format("ออลไมตี้") + " ชนะ</p>"),
        ('<a aria-label="นโปเลียน">x</a>', '<a aria-label="นโปเลียน">x</a>'),
        ("<title>โจ๊กเกอร์</title>", "<title>โจ๊กเกอร์</title>"),
        (
            "<option>มิแซร์</option><b>มิแซร์</b>",
            "<option>มิแซร์</option><b>" + NW.format("มิแซร์") + "</b>",
        ),
        ("<script>let a = 'ทรัมพ์';</script>", "<script>let a = 'ทรัมพ์';</script>"),
        ("<textarea>ดีลมิส</textarea>", "<textarea>ดีลมิส</textarea>"),
    ],
)
def test_it_wraps_the_loanwords_of_the_text_only(html, expected):
    assert keep_whole(html) == expected


def outside_spans(html: str) -> list[str]:
    """Loanwords of the page's text that are not inside their no-break span."""
    body = html.split("<body", 1)[1]
    body = re.sub(r"<(script|style|title|option|textarea)\b.*?</\1>", "", body, flags=re.S)
    text = re.sub(r'<span class="nw">[^<]*</span>', "", body)
    text = re.sub(r"<[^>]*>", "\n", text)
    return [word for word in LOANWORDS if word in text]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    [
        reverse("scoring:rules-variant", args=["thai"]),
        reverse("scoring:rules-variant", args=["mighty"]),
        reverse("scoring:referee-score") + "?v=taiwan&n=5&d=0&x=3S&f=2",
        reverse("scoring:referee-trick") + "?v=japanese&n=5",
    ],
)
def test_it_keeps_every_loanword_of_a_thai_page_whole(client, url):
    client.cookies["django_language"] = "th"
    response = client.get(url)
    html = response.content.decode()
    assert response.status_code == 200 and NW.format("นโปเลียน") in html
    assert not outside_spans(html)
    assert int(response.get("Content-Length", len(response.content))) == len(response.content)


@pytest.mark.django_db
def test_it_leaves_pages_in_other_languages_alone(client):
    client.cookies["django_language"] = "en"
    assert (
        'class="nw"'
        not in client.get(reverse("scoring:rules-variant", args=["thai"])).content.decode()
    )


def test_it_gives_a_page_whose_view_set_its_length_the_new_length(rf):
    def view(request):
        page = HttpResponse("<p>นโปเลียน ชนะ</p>")
        page["Content-Length"] = str(len(page.content))
        return page

    with translation.override("th"):
        response = KeepThaiWordsWhole(view)(rf.get("/"))
    assert NW.format("นโปเลียน") in response.content.decode()
    assert response["Content-Length"] == str(len(response.content))
