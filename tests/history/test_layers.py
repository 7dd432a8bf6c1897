"""The history's two halves: scoring.league (the data: figures from the hands) never
imports the pages (scoring.history), nor do the models import either, and no import
hides inside a function to dodge a loop."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA, PAGES = ROOT / "scoring" / "league", ROOT / "scoring" / "history"


def modules(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.py"))


def imported(path: Path) -> list[tuple[str, bool]]:
    """(module imported, at the top level?) for every import of a file."""
    tree = ast.parse(path.read_text())
    top = {id(node) for node in tree.body}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.module, id(node) in top))
        elif isinstance(node, ast.Import):
            found.extend((alias.name, id(node) in top) for alias in node.names)
    return found


@pytest.mark.parametrize("path", modules(DATA), ids=lambda p: p.name)
def test_the_data_half_never_imports_the_pages(path):
    names = [name for name, _top in imported(path)]
    assert not [n for n in names if n.startswith(("scoring.history", "scoring.views"))]


def test_the_models_import_neither_half():
    names = [name for name, _top in imported(ROOT / "scoring" / "models.py")]
    assert not [n for n in names if n.startswith(("scoring.history", "scoring.league"))]


@pytest.mark.parametrize("path", [*modules(DATA), *modules(PAGES)], ids=lambda p: p.name)
def test_every_import_is_at_the_top(path):
    assert all(top for _name, top in imported(path)), path
