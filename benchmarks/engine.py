"""Engine benchmark: how fast tricks are judged, legal plays listed and hands scored, per game,
and for the Mighty against the closest Python peer.

    python benchmarks/engine.py [--hands N] [--json] [--peer PATH] [--engine-only]

Plays N random hands per game and player count through the engine (the same play-outs as
the property tests) and keeps, for each game, every trick, a legal-play question for every
card played (the trick so far and the cards that player still held) and every final score.
Then times each kind of question on its own, one game at a time, on one core: each pass
asks every question (the list repeated until a pass lasts a fifth of a second), the
garbage collector off while timing, as timeit does, and the best of five passes counts.
Time is this process's CPU time, not the wall clock's: on a shared machine the wall clock
also counts the time other programs held the core, which swung the same run's figures by
half from one run to the next.

The Mighty is also compared with Lerisia's ``mighty-cardgame`` (its Python server's rules):
five-player hands played under the house rules closest to the peer's
(``mighty_peer.PEER_RULES``), the same situations asked of both, passes alternating between
the two so that a busy machine slows both alike. The peer is not part of this project;
fetch it and give its path with ``--peer`` or ``MIGHTY_PEER``:

    git clone https://github.com/Lerisia/mighty-cardgame /tmp/mighty-cardgame

Hands are scored two ways, each hand of the list a result no other hand has (who declared,
who was the friend, the contract, the points: ``distinct_results``, the played hands' and more
of their contracts with the point cards dealt out again), and nothing about a result is kept
between hands or passes (``mighty/score_numbers.py`` keeps only the constants of the rules):
from the declarer's side's point count (``scores_per_s``, a table's quick count here; the peer
is timed on ``score_calculator.calculate``, which takes that count, and its share of each
seat: this is the figure that compares the two scorers) and from the point cards each seat
captured (``scores_from_captured_per_s``: this engine then checks every point card was taken
exactly once, which the peer never does; the peer counts its opponents' cards with ``len``
before the same ``calculate``). Without the peer, the Mighty's figures are this engine's alone. Unless ``--engine-only``, also
times the JSON API's handlers in-process (parse, rule, answer) and through Django's test
client. Prints figures; asserts nothing. With ``--json``, one JSON object of the figures
(per second) is printed last: ``games`` (per game), ``mighty`` (engine, peer, ratios and how
often the two agree) and ``api``.
"""

import argparse
import gc
import json
import os
import random
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import mighty_peer  # noqa: E402

from scoring.rules import VARIANTS, Variant  # noqa: E402
from scoring.rules.simulate import PlayedHand, play_random_hand  # noqa: E402

PASS_SECONDS = 0.2
RESULTS = 3000  # hands to score, each a result of its own


@dataclass
class Situations:
    """One game's questions, each as the arguments of the call that answers it."""

    tricks: list[tuple[Any, ...]] = field(default_factory=list)
    questions: list[tuple[Any, ...]] = field(default_factory=list)
    facts: list[tuple[Any, ...]] = field(default_factory=list)
    hands: list[PlayedHand] = field(default_factory=list)


def collect(variant: Variant[Any], hands: int, rng: random.Random, options=None, counts=None):
    """Random legal hands of one game: their tricks, legal-play questions and score facts."""
    found = Situations()
    for players in counts or variant.players:
        rules = variant.rules(options, players)
        for dealer in range(hands):
            hand = play_random_hand(variant, players, rules, rng, dealer % players)
            if hand.redeal:
                continue
            found.hands.append(hand)
            for index, played in enumerate(hand.tricks):
                found.tricks.append((played.trick, rules))
                for at in range(len(played.trick.plays)):
                    trick, held = question(hand, index, at)
                    context = (played.ordered, hand.declarer) if variant.secretary_card else ()
                    found.questions.append((trick, held, rules, *context))
            found.facts.append((hand.facts, rules))
    return found


def question(hand: PlayedHand, index: int, at: int):
    """The trick so far when ``plays[at]`` was played, and the cards its player still held
    (every card it plays from this trick on)."""
    trick = hand.tricks[index].trick
    seat = trick.seat_of(at)
    held = [
        c
        for later in hand.tricks[index:]
        for i, c in enumerate(later.trick.plays)
        if later.trick.seat_of(i) == seat
    ]
    partial = replace(trick, plays=trick.plays[:at])
    if at == 0:
        partial = replace(partial, lead_suit=None, joker_called=False)
    return partial, held


def timed_pass(items, call) -> float:
    """Seconds per question over one pass (the list repeated to last ``PASS_SECONDS``)."""
    repeat, elapsed = 1, 0.0
    while True:
        gc.collect()
        gc.disable()
        try:
            start = time.process_time()
            for _round in range(repeat):
                for item in items:
                    call(*item)
            elapsed = time.process_time() - start
        finally:
            gc.enable()
        if elapsed >= PASS_SECONDS or not items:
            return elapsed / max(1, repeat * len(items))
        repeat *= max(2, min(20, int(PASS_SECONDS / max(elapsed, 1e-6)) + 1))


def rates(*sides, passes: int = 5) -> list[float]:
    """Questions per second of each (items, call) side: the best of ``passes`` passes, the
    sides' passes alternating."""
    best = [float("inf")] * len(sides)
    for _pass in range(passes):
        for number, (items, call) in enumerate(sides):
            best[number] = min(best[number], timed_pass(items, call))
    return [1 / seconds for seconds in best]


def show(label: str, value: float, count: int) -> None:
    print(f"{label:<46} {value:>12,.0f} /s   ({count:,} questions)")


def time_game(variant: Variant[Any], found: Situations) -> dict[str, float]:
    calls = {
        "tricks_per_s": (found.tricks, variant.judge),
        "legal_plays_per_s": (found.questions, variant.legal_plays),
        "scores_per_s": (found.facts, variant.score),
    }
    figures = {}
    for name, (items, call) in calls.items():
        (figures[name],) = rates((items, call))
        show(f"{variant.code}: {name}", figures[name], len(items))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=60, help="hands per game and player count")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON, last")
    parser.add_argument("--peer", default=os.environ.get("MIGHTY_PEER"), help="peer checkout")
    parser.add_argument("--engine-only", action="store_true", help="skip the API's timings")
    parser.add_argument("--games", default=",".join(VARIANTS), help="games to time, by code")
    args = parser.parse_args()

    peer = mighty_peer.load(args.peer)
    rng = random.Random(args.seed)
    report: dict[str, Any] = {"games": {}}
    for code in args.games.split(","):
        start = time.perf_counter()
        found = collect(VARIANTS[code], args.hands, rng)
        print(f"{code}: played {len(found.hands):,} hands in {time.perf_counter() - start:.1f} s")
        report["games"][code] = time_game(VARIANTS[code], found)
    report["mighty"] = compare_mighty(peer, args.hands * 5, rng)
    if not args.engine_only:
        report["api"] = time_api(args.seed)
    if args.json:
        print(json.dumps(rounded(report)))


def compare_mighty(peer: mighty_peer.Peer | None, hands: int, rng: random.Random) -> dict:
    """The Mighty under the peer's rules: this engine's figures, the peer's on the same
    situations, and their ratios."""
    mighty = VARIANTS["mighty"]
    found = collect(mighty, hands, rng, mighty_peer.PEER_RULES, (5,))
    print(f"\nthe Mighty as the peer plays it: {len(found.hands):,} five-player hands")
    results = distinct_results(mighty, found.facts, rng, RESULTS)
    counts = [(quick_count(mighty, f, r), r) for f, r in results]
    ours = {
        "tricks_per_s": (found.tricks, mighty.judge),
        "legal_plays_per_s": (found.questions, mighty.legal_plays),
        "scores_per_s": (counts, mighty.score),
        "scores_from_captured_per_s": (results, mighty.score),
    }
    about = {"distinct_results": len(results), "compared_with_calculate": "scores_per_s"}
    if peer is None:
        print(f"(no peer given: --peer PATH or MIGHTY_PEER; {mighty_peer.HOW_TO_FETCH})")
        engine = {name: rates(side)[0] for name, side in ours.items()}
        for name, value in engine.items():
            show(f"engine: {name}", value, len(ours[name][0]))
        return {"engine": engine, "peer": None, **about}
    theirs = {
        "tricks_per_s": ([peer.trick(t) for t, _r in found.tricks], peer.winner),
        "legal_plays_per_s": ([peer.question(t, h) for t, h, _r in found.questions], peer.legal),
        "scores_per_s": (
            [
                peer.count(f, q.declarer_points)
                for (f, _r), (q, _q) in zip(results, counts, strict=True)
            ],
            peer.score_count,
        ),
        "scores_from_captured_per_s": ([peer.facts(f) for f, _r in results], peer.score),
    }
    engine, other, ratio = {}, {}, {}
    for name, side in ours.items():
        engine[name], other[name] = rates(side, theirs[name])
        ratio[name] = engine[name] / other[name]
        show(f"engine: {name}", engine[name], len(side[0]))
        show(f"peer:   {name}", other[name], len(theirs[name][0]))
        print(f"{'':<46} {ratio[name]:>12.2f} ×")
    agreement = agree(ours, theirs)
    print("agreement:", ", ".join(f"{k} {v:.1%}" for k, v in agreement.items()))
    return {"engine": engine, "peer": other, "ratio": ratio, "agreement": agreement, **about}


def quick_count(mighty: Variant[Any], facts, rules):
    """The hand as a table reports it by its quick count: the declarer's side's points."""
    points = mighty.score(facts, rules).declarer_points
    return replace(facts, captured=None, discards=(), declarer_points=points)


def distinct_results(mighty: Variant[Any], played, rng: random.Random, wanted: int):
    """Hands to score, no two with the same result: the played hands', then more of their
    contracts with the point cards dealt out again between the seats and sometimes another
    friend or none (the side's share drawn first, so that runs and back runs occur)."""
    found, seen = [], set()
    for attempt in range(wanted * 20):
        facts, rules = played[attempt % len(played)]
        if attempt >= len(played):
            facts = dealt_again(facts, rng)
        points = mighty.score(facts, rules).declarer_points
        key = (facts.declarer, None if facts.alone else facts.partner, facts.contract, points)
        if key not in seen:
            seen.add(key)
            found.append((facts, rules))
        if len(found) == wanted:
            break
    print(f"{len(found):,} hands to score, each a result of its own")
    return found


def dealt_again(facts, rng: random.Random):
    assert facts.captured is not None
    cards = [c for cs in facts.captured.values() for c in cs] + list(facts.discards)
    rng.shuffle(cards)
    discards, cards = cards[: len(facts.discards)], cards[len(facts.discards) :]
    others = [s for s in range(facts.players) if s != facts.declarer]
    partner = rng.choice([None, *others])
    side = [facts.declarer] if partner is None else [facts.declarer, partner]
    opponents = [s for s in range(facts.players) if s not in side]
    captured: dict[int, list[Any]] = {s: [] for s in range(facts.players)}
    share = rng.random()
    for c in cards:
        captured[rng.choice(side if rng.random() < share else opponents)].append(c)
    taken = {s: tuple(cs) for s, cs in captured.items()}
    return replace(facts, partner=partner, captured=taken, discards=tuple(discards))


def agree(ours: dict, theirs: dict) -> dict[str, float]:
    """How often the peer answers as this engine does, so the situations are the same ones."""

    def same(name: str, mine, peers) -> float:
        answers = [
            mine(*item) == peers(*args)
            for item, args in zip(ours[name][0], theirs[name][0], strict=True)
        ]
        return sum(answers) / len(answers)

    mighty = VARIANTS["mighty"]
    codes = {"Joker": "JK"}
    return {
        "tricks_per_s": same(
            "tricks_per_s", lambda *a: mighty.judge(*a).winner, theirs["tricks_per_s"][1]
        ),
        "legal_plays_per_s": same(
            "legal_plays_per_s",
            lambda *a: [c.code for c in mighty.legal_plays(*a).legal],
            lambda *a: [codes.get(str(c), str(c)) for c in theirs["legal_plays_per_s"][1](*a)],
        ),
        "scores_per_s": same(
            "scores_per_s", lambda *a: list(mighty.score(*a).deltas), theirs["scores_per_s"][1]
        ),
        "scores_from_captured_per_s": same(
            "scores_from_captured_per_s",
            lambda *a: list(mighty.score(*a).deltas),
            theirs["scores_from_captured_per_s"][1],
        ),
    }


def rounded(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: rounded(v) for k, v in value.items()}
    if isinstance(value, float):
        return round(value, 3) if value < 100 else round(value)
    return value


def api_bodies(count: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    bodies = []
    for code, variant in VARIANTS.items():
        for trick, rules in collect(variant, max(1, count // 1500), rng).tricks:
            bodies.append(trick_body(code, variant, trick, rules))
    rng.shuffle(bodies)
    return bodies[:count]


def trick_body(code: str, variant: Variant[Any], trick, rules) -> dict[str, Any]:
    body = {
        "variant": code,
        "players": trick.players,
        "trick": trick.number,
        "leader": trick.leader,
        "plays": [c.code for c in trick.plays],
        "options": rules.as_json(),
    }
    if trick.trump is not None or code != "nap":
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
    return body


def time_api(seed: int) -> dict[str, float]:
    from scoring.api import handlers

    print()
    bodies = api_bodies(10_000, seed)
    figures = {}
    (figures["trick_handler_per_s"],) = rates(([(b,) for b in bodies], handlers.trick))
    show("API /trick in-process (handler)", figures["trick_handler_per_s"], len(bodies))

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "napoleon_site.settings")
    os.environ.setdefault("DJANGO_DEBUG", "1")
    # The round trip of a ruling, not of the rate limiter's cache (which needs a database).
    os.environ["DJANGO_API_RATE_LIMIT"] = "0"
    import django

    django.setup()
    from django.test import Client

    client = Client()
    payloads = [(json.dumps(b),) for b in bodies[:2000]]

    def post(payload: str) -> None:
        client.post("/api/v1/trick", payload, content_type="application/json")

    (figures["trick_client_per_s"],) = rates((payloads, post), passes=1)
    show("API /trick through Django (test client)", figures["trick_client_per_s"], len(payloads))
    return figures


if __name__ == "__main__":
    main()
