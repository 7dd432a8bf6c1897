"""The engine must stay importable without Django: it is the shared, pure core."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import sys
import scoring.rules
import scoring.rules.simulate
from scoring.rules import VARIANTS
for variant in VARIANTS.values():
    variant.rules(None, variant.players[0])
loaded = sorted(m for m in sys.modules if m == "django" or m.startswith("django."))
print(",".join(loaded))
"""


def test_it_imports_no_django_module():
    # A fresh interpreter: this test process has Django loaded already.
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == ""


def test_it_has_no_django_import_in_its_source():
    for path in (ROOT / "scoring" / "rules").rglob("*.py"):
        for line in path.read_text().splitlines():
            stripped = line.strip()
            assert not stripped.startswith(("import django", "from django")), path
