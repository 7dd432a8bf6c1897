"""Template mistakes that render as visible text instead of failing."""

import re
from pathlib import Path

import pytest

TEMPLATES = sorted((Path(__file__).resolve().parents[1] / "templates").rglob("*.html"))


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: p.name)
def test_it_keeps_each_short_comment_on_one_line(path):
    # Django's {# … #} ends at the line's end: a second line would show on the page.
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for start in re.finditer(r"\{#", line):
            assert "#}" in line[start.end() :], f"{path.name}:{number} opens {{# without closing it"
