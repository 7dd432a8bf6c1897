"""The shape of the code, checked as any reviewer would: short functions and files, imports
at the top of modules, pages written in templates, and the import layers of .importlinter
(engine < facade < words < models < domains < URLs), with no cycle anywhere."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
APP = [p for p in sorted((ROOT / "scoring").rglob("*.py")) if "migrations" not in p.parts]
LONGEST_FUNCTION = 50
LONGEST_FILE = 500
# Small, tested helpers that hand a template HTML it cannot write itself (SVG charts,
# highlighted search results, a cached fragment); template tags are not counted.
MOST_MARKUP_CALLS = 10


def relative(path: Path) -> str:
    return str(path.relative_to(ROOT))


def functions(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


@pytest.mark.parametrize("path", APP, ids=relative)
def test_it_keeps_every_function_and_file_short(path):
    source = path.read_text()
    assert len(source.splitlines()) <= LONGEST_FILE, relative(path)
    tree = ast.parse(source)
    long = [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for node in functions(tree)
        if node.end_lineno - node.lineno + 1 > LONGEST_FUNCTION
    ]
    assert not long, f"{relative(path)}: {long}"


def nested_imports(tree: ast.AST) -> list[tuple[str, int]]:
    found = []
    for function in functions(tree):
        for node in ast.walk(function):
            if isinstance(node, ast.Import | ast.ImportFrom):
                found.append((function.name, node.lineno))
    return found


def test_it_imports_at_module_level_but_for_the_app_ready_hook():
    """Only apps.py's ready() imports inside a function: signal receivers whose modules
    need the models, which exist only once the registry is ready."""
    found = {
        relative(path): nested
        for path in APP
        if (nested := nested_imports(ast.parse(path.read_text())))
    }
    assert set(found) <= {"scoring/apps.py"}, found
    assert len(found.get("scoring/apps.py", [])) <= 3


def test_it_writes_pages_in_templates():
    calls = []
    for path in APP:
        if "templatetags" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in {
                "format_html",
                "format_html_join",
                "mark_safe",
            }:
                calls.append(f"{relative(path)}:{node.lineno}")
    assert len(calls) <= MOST_MARKUP_CALLS, calls


def test_it_keeps_the_import_layers_and_has_no_cycles():
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run(
        [str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert "3 kept, 0 broken" in done.stdout
