"""Hand record benchmark: how long the API takes to judge a whole hand, and how long its
compact notation is.

    python benchmarks/record.py [--hands N] [--json]

Plays N random five-player Taiwan hands through the engine (the play-outs of the property
tests), writes each as the JSON record of record.md at full depth (every card of every trick,
the called card, the discards, every seat's hand: every play checked), and times
POST /api/v1/record on each through Django's test client and in-process (the handler alone),
median of all. The notation is measured as the answer writes it for the same hands without
their hands (the cards of the tricks, the called card and the discards), and with them.
Then (unless ``--no-browser``) the taps to record a whole hand's play at the table, in Chromium
at 390×844 (benchmarks/record_browser.py): ``taps_winners_only`` (Thai, Nap),
``taps_points`` (the point-card games), ``taps_every_card`` (every game), each by game with
its target under ``targets``, and the bid's taps apart under ``taps_bid``.
Prints figures; asserts nothing. With ``--json``, one JSON object is printed last.
"""

import argparse
import gc
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.record_browser import measure  # noqa: E402
from scoring.api import handlers  # noqa: E402
from scoring.rules import VARIANTS  # noqa: E402
from scoring.rules.simulate import PlayedHand, play_random_hand  # noqa: E402


def record_body(hand: PlayedHand, with_hands: bool) -> dict[str, object]:
    """The hand as a record: every play, the called card, the discards (and the hands)."""
    tricks = []
    held: dict[str, list[str]] = {str(seat): [] for seat in range(hand.players)}
    for played in hand.tricks:
        trick = played.trick
        entry: dict[str, object] = {"plays": [c.code for c in trick.plays]}
        if trick.lead_suit is not None:
            entry["lead_suit"] = trick.lead_suit
        if trick.joker_called:
            entry["joker_called"] = True
        tricks.append(entry)
        for index, card in enumerate(trick.plays):
            held[str(trick.seat_of(index))].append(card.code)
    assert hand.called_card is not None and hand.contract is not None
    body: dict[str, object] = {
        "variant": hand.variant,
        "players": hand.players,
        "declarer": hand.declarer,
        "contract": str(hand.contract),
        "called_card": hand.called_card.code,
        "discards": [c.code for c in hand.discards],
        "tricks": tricks,
    }
    if with_hands:
        body["hands"] = held
    return body


def collect(count: int, seed: int) -> list[PlayedHand]:
    variant = VARIANTS["taiwan"]
    rules = variant.rules(None, 5)
    rng = random.Random(seed)
    hands = []
    while len(hands) < count:
        hand = play_random_hand(variant, 5, rules, rng, len(hands) % 5)
        if not hand.redeal:
            hands.append(hand)
    return hands


def median_ms(label: str, call, items: list) -> float:
    """The median time of one call per item, in milliseconds (the collector off meanwhile)."""
    for item in items[:20]:
        call(item)  # warm caches and imports
    gc.disable()
    try:
        times = []
        for item in items:
            start = time.perf_counter()
            call(item)
            times.append((time.perf_counter() - start) * 1000)
    finally:
        gc.enable()
    median = statistics.median(times)
    print(
        f"{label:<48} median {median:6.2f} ms   p90 {statistics.quantiles(times, n=10)[-1]:6.2f} ms"
    )
    return median


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400, help="random five-player Taiwan hands")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON, last")
    parser.add_argument("--no-browser", action="store_true", help="without the taps at the table")
    args = parser.parse_args()

    hands = collect(args.hands, args.seed)
    full = [record_body(hand, with_hands=True) for hand in hands]
    plain = [record_body(hand, with_hands=False) for hand in hands]
    notations = [len(handlers.record(body)["notation"]) for body in plain]
    with_hands = [len(handlers.record(body)["notation"]) for body in full]
    print(f"{len(hands)} five-player Taiwan hands, every card recorded\n")
    print(f"notation: median {statistics.median(notations):.0f} characters, most {max(notations)}")
    print(f"notation with every seat's hand: median {statistics.median(with_hands):.0f}\n")

    figures = {
        "notation_chars": round(statistics.median(notations)),
        "notation_chars_max": max(notations),
        "notation_chars_with_hands": round(statistics.median(with_hands)),
        "judge_record_handler_ms": median_ms(
            "API /record in-process (handler)", handlers.record, full
        ),
    }
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "napoleon_site.settings")
    os.environ.setdefault("DJANGO_DEBUG", "1")
    # The round trip of a ruling, not of the rate limiter's cache (which needs a database).
    os.environ["DJANGO_API_RATE_LIMIT"] = "0"
    import django

    django.setup()
    from django.test import Client

    client = Client()
    payloads = [json.dumps(body) for body in full]
    figures["judge_record_ms"] = median_ms(
        "API /record through Django (test client)",
        lambda p: client.post("/api/v1/record", p, content_type="application/json"),
        payloads,
    )
    figures = {name: round(value, 2) for name, value in figures.items()}
    if not args.no_browser:
        taps = measure()
        for name in ("taps_winners_only", "taps_points", "taps_every_card", "taps_bid"):
            print(f"{name:<24}{taps[name]}")
        print(f"{'targets':<24}{taps['targets']}")
        print(f"{'tap_ms':<24}{taps['tap_ms']}")
        figures.update(taps)
    if args.json:
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
