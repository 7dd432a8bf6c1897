"""Kept pages and fragments are filed under the release that drew them: every worker of a
release files them alike, and the next release never serves what this one drew."""

from pathlib import Path

import pytest

from scoring.table.page_cache import DRAWN_BY, release_stamp

FILES = {
    "scoring/table/form.py": "FORM = 1\n",
    "napoleon_site/settings.py": "DEBUG = False\n",
    "templates/scoring/table.html": "<main></main>\n",
    "locale/ja/LC_MESSAGES/django.po": 'msgid "Save"\nmsgstr "保存"\n',
    "static/css/app.css": "main { margin: 0 }\n",
    "static/js/table.js": "// the table\n",
}


def tree(root: Path, changed: dict[str, str] | None = None) -> Path:
    for name, text in {**FILES, **(changed or {})}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_it_stamps_the_same_release_alike_wherever_it_runs(tmp_path):
    assert release_stamp(tree(tmp_path / "a")) == release_stamp(tree(tmp_path / "b"))


@pytest.mark.parametrize("name", sorted(FILES))
def test_it_stamps_another_release_when_any_of_its_files_changes(tmp_path, name):
    before = release_stamp(tree(tmp_path / "before"))
    after = release_stamp(tree(tmp_path / "after", {name: FILES[name] + "# changed\n"}))
    assert before != after


def test_it_ignores_compiled_modules(tmp_path):
    before = release_stamp(tree(tmp_path))
    (tmp_path / "scoring/table/__pycache__").mkdir()
    (tmp_path / "scoring/table/__pycache__/form.cpython-311.py").write_text("x = 2\n")
    assert release_stamp(tmp_path) == before


def test_it_is_this_checkouts_stamp():
    assert DRAWN_BY == release_stamp(Path(__file__).resolve().parents[2])
