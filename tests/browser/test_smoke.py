import os
from pathlib import Path

import pytest

from tests.conftest import PLAYWRIGHTS_DISABLED_FEATURES


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_it_shows_the_admin_login_page_in_chromium(live_server, page):
    page.goto(f"{live_server.url}/admin/login/")
    assert page.locator("input[name=username]").is_visible()


def descendants(pid: int) -> list[int]:
    """The processes under ``pid`` (Playwright's driver, and the Chromium it started)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:  # ended meanwhile
            continue
        parent = int(stat[stat.rfind(")") + 2 :].split()[1])
        children.setdefault(parent, []).append(int(entry.name))
    found, stack = [], [pid]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def chromium_command_line() -> list[str]:
    """The command line Playwright started this worker's Chromium with (its browser process:
    the one it talks to over a pipe, not a renderer)."""
    for pid in descendants(os.getpid()):
        try:
            args = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
        except OSError:
            continue
        if "--remote-debugging-pipe" in args and not any(a.startswith("--type=") for a in args):
            return args
    raise AssertionError("no Chromium browser process under this test's process")


@pytest.mark.browser
def test_it_starts_chromium_with_playwrights_features_off_and_no_unseen_pages(browser, page):
    """Chromium reads only the last --disable-features it is given: ours (tests/conftest.py)
    must still switch off every feature Playwright's own does. And a context opens no page of
    Chromium's own beside the test's (its address bar's suggestions, in a renderer each)."""
    given = [
        arg.split("=", 1)[1].split(",")
        for arg in chromium_command_line()
        if arg.startswith("--disable-features=")
    ]
    assert len(given) == 2, given  # Playwright's, then ours
    playwrights, ours = given
    assert set(playwrights) <= set(PLAYWRIGHTS_DISABLED_FEATURES), (
        f"Playwright now also switches off {sorted(set(playwrights) - set(ours))}: add them to"
        " PLAYWRIGHTS_DISABLED_FEATURES"
    )
    assert set(PLAYWRIGHTS_DISABLED_FEATURES) <= set(ours)
    page.goto("data:text/html,<p>A page of the test's own</p>")
    targets = browser.new_browser_cdp_session().send("Target.getTargets")["targetInfos"]
    others = [t["url"] for t in targets if t["url"].startswith("chrome://")]
    assert not others, f"pages of Chromium's own beside the tests' (UNSEEN_BROWSER_UI): {others}"
