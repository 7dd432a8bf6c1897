"""The browser half of benchmarks/record.py: taps to record a whole hand's play at the table.

A random legal hand of each game (five players, the engine's play-outs, scoring.rules.simulate)
is entered on the table screen in Chromium at 390×844, served as benchmarks/table.py serves
it (gunicorn, DJANGO_DEBUG=0), and saved. A tap is one click. The bid (declarer, contract,
called card and, where the play cannot show it, the partner) is what the quick count also
needs; its taps are counted apart (``taps_bid``). Each ``taps_*`` figure counts the play's
own: opening "Record the play", the depth where it is not the game's first, each trick's or
card's taps (a suit named by a joker lead included), and Save, up to the saved hand:

- ``taps_winners_only`` (Thai, Nap): each trick's winner; target tricks + 3;
- ``taps_points`` (the point-card games): each trick's point cards, then its winner; target
  tricks + point cards + 3;
- ``taps_every_card`` (every game): each card as it falls; target cards + 3.

Each figure comes with its target under ``targets``. ``tap_ms``: the median time from a tap
to its answer swapped in (the loopback, every tap of every hand above).
"""

import json
import random
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from benchmarks.table import PYTHON, gunicorn, manage, site_env  # noqa: E402
from benchmarks.table_browser import CHROMIUM, FLAGS, new_context  # noqa: E402

VARIANTS = ["taiwan", "hongkong", "japanese", "japanese-chip", "thai", "mighty", "nap"]
TRICK_GAMES = ("thai", "nap")
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]


# ---- inside Django: the sessions and the hands to enter --------------------------------------


def seed(out: str) -> None:
    """A signed-in phone, a five-player session of each game and a random hand of each."""
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore

    from scoring.rules import VARIANTS as ENGINES
    from tests.factories import make_league, make_session

    user = User.objects.create_user("phone", password=secrets.token_urlsafe(16))
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    cookie = store.session_key
    league = make_league(user)
    rng = random.Random(24)
    data = {"cookie": cookie, "sessions": {}, "hands": {}}
    for code in VARIANTS:
        session = make_session(league, code, names=NAMES)
        variant = ENGINES[code]
        data["sessions"][code] = session.pk
        data["hands"][code] = hand_to_enter(variant, session.rules(5), rng)
    Path(out).write_text(json.dumps(data))


def hand_to_enter(variant, rules, rng) -> dict:
    """The first random hand that is played (not redealt, not toppled on trick 1), as taps."""
    from scoring.rules.simulate import play_random_hand

    points = variant.point_cards(5, rules)
    while True:
        hand = play_random_hand(variant, 5, rules, rng, 0)
        if hand.auction.redeal or hand.facts is None or hand.facts.toppled:
            continue
        tricks = []
        for played in hand.tricks:
            trick = played.trick
            tricks.append(
                {
                    "plays": [c.code for c in trick.plays],
                    "lead_suit": trick.lead_suit,
                    "winner": played.result.winner,
                    "points": [c.code for c in trick.plays if c in points],
                }
            )
        return {
            "declarer": hand.declarer,
            "contract": str(hand.contract),
            "called": None if hand.called_card is None else hand.called_card.code,
            "partner": hand.facts.partner,
            "tricks": tricks,
        }


# ---- the phone ---------------------------------------------------------------------------------


TAP_TIMES: list[float] = []


class Phone:
    def __init__(self, page):
        self.page, self.taps = page, 0

    def tap(self, selector):
        self.page.locator(selector).first.click()  # scrolled into view first, as a thumb would
        self.taps += 1

    def play(self, value):
        """One tap of the panel, and its answer swapped in."""
        field = self.page.locator("input[name=play]")
        before = field.input_value()
        start = time.perf_counter()
        self.tap(f"#play button[value='{value}']")
        # The answer is in when the record changed, or when a joker lead asks its suit.
        self.page.wait_for_function(
            "(before) => document.querySelector('input[name=play]').value !== before"
            " || !!document.querySelector('#play .suits')",
            arg=before,
        )
        TAP_TIMES.append((time.perf_counter() - start) * 1000)


def bid(phone, hand, with_partner) -> None:
    phone.tap(f"input[name=declarer][value='{hand['declarer']}']")
    found = re.fullmatch(r"(\d+)(S|H|D|C|NT)", hand["contract"])
    if found:
        phone.tap(f"input[name=level][value='{found.group(1)}']")
        phone.tap(f"input[name=trump][value='{found.group(2)}']")
    else:
        phone.tap(f"input[name=nap_bid][value='{hand['contract']}']")
    called = hand["called"]
    if called:
        suit, rank = (called, None) if called in ("BJ", "LJ", "JK") else (called[0], called[1:])
        phone.tap(f"input[name=called_suit][value='{suit}']")
        if rank:
            phone.tap(f"input[name=called_rank][value='{rank}']")
    if with_partner and phone.page.locator("input[name=partner]").count():
        partner = hand["partner"]
        phone.tap(f"input[name=partner][value='{'alone' if partner is None else partner}']")


def record_hand(page, base, session, hand, depth, first_depth) -> tuple[int, int]:
    """(bid taps, the play's taps) for one hand at ``depth``, up to the saved hand."""
    page.goto(f"{base}/sessions/{session}/")
    page.wait_for_selector("#hand-form")
    phone = Phone(page)
    bid(phone, hand, with_partner=depth != "cards")
    bid_taps, phone.taps = phone.taps, 0
    phone.tap("#play > summary")
    page.wait_for_selector("#play .play-seats")  # drawn for the bid
    if depth != first_depth:
        phone.play(f"depth:{depth}")
    for trick in hand["tricks"]:
        if depth == "cards":
            for card in trick["plays"]:
                phone.play(f"card:{card}")
                if page.locator("#play .suits").count():  # a lead that names a suit
                    phone.play(f"card:{card}:{trick['lead_suit'] or 'S'}")
        else:
            for card in trick["points"]:
                phone.play(f"point:{card}")
            phone.play(f"won:{trick['winner']}")
    if not page.locator("#play .play-done").count():
        raise SystemExit(f"the hand did not end: {page.locator('#play').inner_text()}")
    number = int(page.locator("#record h2").inner_text().split()[-1])
    phone.tap("button[value=save]")
    page.wait_for_selector(f"#record h2:has-text('{number + 1}')")
    return bid_taps, phone.taps


def browse(base, seeded) -> dict:
    figures = {"taps_winners_only": {}, "taps_points": {}, "taps_every_card": {}, "taps_bid": {}}
    targets = {"taps_winners_only": {}, "taps_points": {}, "taps_every_card": {}}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        context = new_context(browser, base, seeded)
        page = context.new_page()
        for code in VARIANTS:
            hand, session = seeded["hands"][code], seeded["sessions"][code]
            first = "winners" if code in TRICK_GAMES else "cards"
            tricks = len(hand["tricks"])
            cards = sum(len(t["plays"]) for t in hand["tricks"])
            points = sum(len(t["points"]) for t in hand["tricks"])
            runs = [("cards", "taps_every_card", cards)]
            if code in TRICK_GAMES:
                runs.append(("winners", "taps_winners_only", tricks))
            else:
                runs.append(("points", "taps_points", tricks + points))
            for depth, name, count in runs:
                print(f"{code}, {depth} …", file=sys.stderr, flush=True)
                bid_taps, taps = record_hand(page, base, session, hand, depth, first)
                figures[name][code] = taps
                targets[name][code] = count + 3
                figures["taps_bid"].setdefault(code, {})[depth] = bid_taps
        context.close()
        browser.close()
    figures["targets"] = targets
    figures["tap_ms"] = round(statistics.median(TAP_TIMES), 1)
    return figures


def measure() -> dict:
    """Serve the site, seed it, and count the taps."""
    with tempfile.TemporaryDirectory(prefix="napoleon-record-") as name:
        tmp = Path(name)
        env = site_env(tmp)
        manage(env, "migrate", "-v", "0", "--skip-checks")
        manage(env, "createcachetable", "-v", "0")
        manage(env, "collectstatic", "--noinput", "-v", "0", "--skip-checks")
        here = Path(__file__).resolve()
        subprocess.run([PYTHON, here, "--seed", tmp / "seed.json"], env=env, check=True)
        seeded = json.loads((tmp / "seed.json").read_text())
        with gunicorn(env, tmp) as base:
            return browse(base, seeded)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--seed":
        seed(sys.argv[2])
