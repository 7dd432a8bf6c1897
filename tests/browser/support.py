"""What the browser tests share: signing in (through the real login page, or by the cookie it
would set), contexts as patient as the expectations, and screenshots for a person to look at,
written only on request."""

import os
from pathlib import Path
from typing import TypeVar

from django.conf import settings
from django.contrib.auth import authenticate
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page

from tests.waiting import BROWSER_PATIENCE_MS

Target = TypeVar("Target", Page, BrowserContext)
SCREENSHOTS = "NAPOLEON_SCREENSHOTS"  # a folder to write them in (README, "Tests")


def log_in(page, live_server, username, password):
    """Signed in as the sign-in page would sign in ``username``: its session cookie in the
    page's context. (Each test signing in through the form cost it two page loads; the form
    itself is tried in a browser by the accessibility and keyboard tests, ``log_in_by_form``.)"""
    user = authenticate(username=username, password=password)
    assert user is not None, f"{username} cannot sign in with that password"
    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    cookie = {"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}
    page.context.add_cookies([{**cookie, "httpOnly": True, "sameSite": "Lax"}])


def log_in_by_form(page, live_server, username, password):
    """Signed in through the sign-in page, as a person does."""
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")


def patient(target: Target) -> Target:
    """``target`` (a page, or a context and its pages) waiting for a condition as long as
    the expectations do (tests/conftest.py): a busy machine slows a test, never fails it."""
    target.set_default_timeout(BROWSER_PATIENCE_MS)
    return target


def new_context(browser: Browser, **options) -> BrowserContext:
    """A context of the test's own (another language, no JavaScript, a second phone)."""
    return patient(browser.new_context(**options))


def screenshots_wanted() -> bool:
    """Whether this run writes screenshots: only when NAPOLEON_SCREENSHOTS names a folder."""
    return bool(os.environ.get(SCREENSHOTS))


def shot(target, name: str, full_page: bool = True) -> None:
    """``target`` (a page, the whole of it or with ``full_page=False`` what the phone shows;
    or one element's locator) as ``name``.png in the NAPOLEON_SCREENSHOTS folder, for a person
    to look at; nothing when it is unset, as in the everyday run. A test that compares
    screenshots takes them in memory itself (test_keyboard.py)."""
    if not screenshots_wanted():
        return
    folder = Path(os.environ[SCREENSHOTS])
    folder.mkdir(parents=True, exist_ok=True)
    if isinstance(target, Page):
        target.screenshot(path=folder / f"{name}.png", full_page=full_page)
    else:
        target.screenshot(path=folder / f"{name}.png")
