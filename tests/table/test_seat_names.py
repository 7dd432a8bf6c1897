"""A seat chip keeps a name of one short word on one line (a Thai name is not broken where
the browser's dictionary sees two words: สม / ชัย); longer names, and names of several
words, may wrap so that none runs past its chip."""

import re

import pytest

from scoring.models import GameSession
from scoring.words.names import name_css
from tests.factories import make_session, url


@pytest.mark.parametrize(
    ("name", "css"),
    [
        ("สมชัย", "whole"),
        ("สมศักดิ์", "whole"),  # five letters: ั, ิ and ์ are drawn on them
        ("วิไลวรรณ", "whole"),
        ("ประเสริฐศักดิ์", ""),  # long: wraps where Thai may break
        ("陳大文", "whole"),
        ("Ann", "whole"),
        ("Bartholomew", ""),
        ("Éloïse Dupont", ""),  # two words: wraps between them
        ("남궁 민수", ""),
    ],
)
def test_it_keeps_a_short_one_word_name_on_one_line(name, css):
    assert name_css(name) == css


def test_the_table_screen_marks_the_short_names(member_client, league):
    names = ["สมชาย", "สมชัย", "ประเสริฐศักดิ์", "วิไลวรรณ", "นภาพร", "ก้อง"]
    session = make_session(league, "taiwan", names=names)
    GameSession.objects.filter(pk=session.pk).update(players_per_hand=5)  # one sits out
    html = member_client.get(url("table", session.pk), HTTP_ACCEPT_LANGUAGE="th").content.decode()
    for group in ("declarer", "partner", "out"):
        chips = re.findall(
            rf'name="{group}" value="\d+"[^>]*><span( class="whole")?>([^<]+)<', html
        )
        marked = {text for whole, text in chips if whole}
        assert marked == set(names) - {"ประเสริฐศักดิ์"}, (group, chips)
