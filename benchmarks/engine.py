"""Engine benchmark: how fast tricks are judged, legal plays listed and hands scored.

    python benchmarks/engine.py [--hands N] [--json]

Plays N random hands per variant and player count through the engine (the same
play-outs as the property tests), keeps every trick, legal-play question and
final score, then times each kind of question on its own, on one core (best of three
passes, the garbage collector off while timing, as timeit does). Also
times the JSON API's handlers in-process (parse, rule, answer) and through
Django's test client. Prints figures; asserts nothing. With ``--json``, one JSON object
of the rates (per second) is printed last.
"""

import argparse
import gc
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scoring.rules import VARIANTS  # noqa: E402
from scoring.rules.simulate import play_random_hand  # noqa: E402


def collect(hands_per_table: int, seed: int):
    """Random legal hands: their tricks, legal-play questions and score facts."""
    rng = random.Random(seed)
    tricks, questions, facts = [], [], []
    for variant in VARIANTS.values():
        for players in variant.players:
            rules = variant.rules(None, players)
            for dealer in range(hands_per_table):
                hand = play_random_hand(variant, players, rules, rng, dealer % players)
                if hand.redeal:
                    continue
                for played in hand.tricks:
                    tricks.append((variant, played.trick, rules))
                    partial = played.trick.__class__(
                        **{**_fields(played.trick), "plays": played.trick.plays[:-1]}
                    )
                    questions.append((variant, partial, _hand_for(hand, played), rules))
                facts.append((variant, hand.facts, rules))
    return tricks, questions, facts


def _fields(trick):
    return {name: getattr(trick, name) for name in trick.__slots__}


def _hand_for(hand, played):
    """A plausible hand for the last player of a trick: the card they played plus a few others."""
    used = set(played.trick.plays)
    others = [c for h in hand.dealt for c in h if c not in used][:4]
    return [played.trick.plays[-1], *others]


def rate(label: str, items, call, repeat: int = 3) -> float:
    # As timeit does: the collector off while timing (the played hands fill the heap, and
    # a full collection landing in a 0.1 s window would double it), best of a few passes.
    elapsed = float("inf")
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter()
            for item in items:
                call(*item)
            elapsed = min(elapsed, time.perf_counter() - start)
        finally:
            gc.enable()
    print(f"{label:<34} {len(items) / elapsed:>12,.0f} /s   ({len(items):,} in {elapsed:.2f} s)")
    return len(items) / elapsed


def api_bodies(count: int, seed: int):
    from scoring.api import handlers

    rng = random.Random(seed)
    bodies = []
    for variant, trick, rules in collect(max(1, count // 400), seed)[0][:count]:
        body = {
            "variant": variant.code,
            "players": trick.players,
            "trick": trick.number,
            "leader": trick.leader,
            "plays": [c.code for c in trick.plays],
            "options": rules.as_json(),
        }
        if trick.trump is not None or variant.code != "nap":
            body["trump"] = trick.trump or "NT"
        if trick.called_card is not None:
            body["called_card"] = trick.called_card.code
        if trick.lead_suit:
            body["lead_suit"] = trick.lead_suit
        if trick.joker_called:
            body["joker_called"] = True
        if trick.contract is not None:
            body["contract"] = str(trick.contract)
        if trick.sitting_out is not None:
            body["sitting_out"] = trick.sitting_out
        bodies.append(body)
    rng.shuffle(bodies)
    return handlers, bodies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300, help="hands per variant and player count")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="print the rates as JSON, last")
    args = parser.parse_args()

    start = time.perf_counter()
    tricks, questions, facts = collect(args.hands, args.seed)
    print(
        f"played {len(facts):,} random hands ({len(tricks):,} tricks) "
        f"in {time.perf_counter() - start:.1f} s\n"
    )
    figures = {
        "tricks_per_s": rate("tricks judged", tricks, lambda v, t, r: v.judge(t, r)),
        "legal_plays_per_s": rate(
            "legal-play questions answered", questions, lambda v, t, h, r: v.legal_plays(t, h, r)
        ),
        "scores_per_s": rate(
            "hands scored (from captured cards)", facts, lambda v, f, r: v.score(f, r)
        ),
    }
    handlers, bodies = api_bodies(20_000, args.seed)
    figures["api_trick_handler_per_s"] = rate(
        "API /trick in-process (handler)", [(b,) for b in bodies], handlers.trick
    )

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "napoleon_site.settings")
    os.environ.setdefault("DJANGO_DEBUG", "1")
    # The round trip of a ruling, not of the rate limiter's cache (which needs a database).
    os.environ["DJANGO_API_RATE_LIMIT"] = "0"
    import django

    django.setup()
    from django.test import Client

    client = Client()
    payloads = [(json.dumps(b),) for b in bodies[:3000]]
    figures["api_trick_client_per_s"] = rate(
        "API /trick through Django (test client)",
        payloads,
        lambda p: client.post("/api/v1/trick", p, content_type="application/json"),
    )
    if args.json:
        print(json.dumps({name: round(value) for name, value in figures.items()}))


if __name__ == "__main__":
    main()
