"""Every message of the app has a translation in every language the app offers.

A missing or fuzzy translation fails the build, and so does a catalogue that has
fallen behind the source (a new string nobody translated yet).
"""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.utils.translation import to_locale

ROOT = Path(settings.BASE_DIR)
LANGUAGES = [code for code, _name in settings.LANGUAGES if code != "en"]


def catalogue(language: str, base: Path = ROOT / "locale") -> Path:
    return base / to_locale(language) / "LC_MESSAGES" / "django.po"


def entries(path: Path):
    """(msgid, [msgstr…], flags) for every live entry of a .po file (header left out)."""
    text = path.read_text(encoding="utf-8")
    for block in re.split(r"\n\s*\n", text):
        lines = [line for line in block.splitlines() if not line.startswith("#~")]
        flags = " ".join(line for line in lines if line.startswith("#,"))
        fields, current = {}, None
        for line in lines:
            match = re.match(r'(msgid_plural|msgid|msgstr(?:\[\d+\])?|msgctxt) "(.*)"$', line)
            if match:
                current = match.group(1)
                fields[current] = match.group(2)
            elif line.startswith('"') and current:
                fields[current] += line[1:-1]
        if "msgid" not in fields or fields["msgid"] == "":
            continue
        strings = [v for k, v in fields.items() if k.startswith("msgstr")]
        yield fields.get("msgctxt", "") + "\x04" + fields["msgid"], strings, flags


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_translates_every_message(language):
    path = catalogue(language)
    assert path.exists(), f"no catalogue for {language}: run makemessages"
    missing = [
        msgid for msgid, strings, flags in entries(path) if not all(strings) or "fuzzy" in flags
    ]
    assert not missing, f"{len(missing)} messages untranslated in {language}, e.g. {missing[:5]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_keeps_placeholders_intact(language):
    # msgfmt --check compares {name} and %(name)s placeholders of each translation.
    done = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(catalogue(language))],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


def test_it_has_a_catalogue_in_step_with_the_source(tmp_path):
    # makemessages writes to the `locale` folder beside the sources it reads, so it runs
    # on a copy of the project: the real catalogues are left alone, and the copy's are
    # the ones that show what the source asks for.
    project = tmp_path / "project"
    for name in ("napoleon_site", "scoring", "templates", "static", "locale"):
        shutil.copytree(ROOT / name, project / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "manage.py", project)
    locales = [arg for code in LANGUAGES for arg in ("-l", to_locale(code))]
    done = subprocess.run(
        [sys.executable, "manage.py", "makemessages", *locales, "-v", "0"],
        cwd=project,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    copy = project / "locale"
    for language in LANGUAGES:
        fresh = {
            msgid
            for msgid, strings, flags in entries(catalogue(language, copy))
            if not all(strings)
        }
        assert not fresh, f"new messages not yet in the {language} catalogue: {sorted(fresh)[:5]}"
