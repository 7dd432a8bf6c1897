"""A synthetic league: random but legal hands, played and scored by the engine.

For the benchmark and the scale tests. Each variant gets a pool of hands played out
card by card by ``scoring.rules.simulate``; every hand of the league is one of them,
turned round the table so that the session's dealer deals it (the auction and the
play are the same relative to the dealer, so the hand stays legal), and scored afresh
by the engine for its new seats. Rows are written with ``bulk_create`` in batches.
"""

import datetime
import math
import random
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from django.contrib.auth.models import User
from django.db import transaction

from scoring.models import GameSession, Hand, HandScore, League, Membership, Player, Seat
from scoring.rules import VARIANTS, HandFacts, Score, Variant, find_variant
from scoring.rules.options import TableRules
from scoring.rules.simulate import PlayedHand, play_random_hand
from scoring.table.recording import passed_values

ALL_VARIANTS = tuple(VARIANTS)
SEATS = 5  # every game seats five (the usual table); a smaller league seats all its players
NAMES = [
    "Ann",
    "Ben",
    "Cat",
    "Dan",
    "Eve",
    "Fay",
    "Gus",
    "Hal",
    "Ivy",
    "Jo",
    "Kit",
    "Lou",
    "Max",
    "Ned",
    "Oz",
    "Pat",
]
FIRST_NIGHT = datetime.date(2016, 1, 1)  # a Friday
NIGHTS_PER_YEAR = 52
BATCH = 2000
V = TypeVar("V")
# A hand to write, and its seats' scores.
DealtHand = tuple[Hand, tuple[int, ...]]


def _rotate(mapping: Mapping[int, V] | None, shift: int, n: int) -> dict[int, V] | None:
    return None if mapping is None else {(s + shift) % n: v for s, v in mapping.items()}


class Pool:
    """Played-out hands of one variant and table size, dealt round to any dealer."""

    def __init__(
        self,
        variant: Variant[Any],
        players: int,
        rules: TableRules,
        size: int,
        rng: random.Random,
    ) -> None:
        self.variant, self.players, self.rules, self.rng = variant, players, rules, rng
        self.hands = [
            play_random_hand(variant, players, rules, rng, dealer=i % players) for i in range(size)
        ]

    def deal(self, dealer: int) -> tuple[dict[str, Any], tuple[int, ...]] | None:
        """(hand values, deltas) for a hand dealt by ``dealer``, or None when all passed."""
        played = self.rng.choice(self.hands)
        if played.redeal or played.facts is None:  # all passed: nothing was played
            return None
        n = self.players
        shift = (dealer - played.dealer) % n
        facts = played.facts
        in_tricks = facts.captured is None  # a game counted in tricks, not point cards
        partner = None if facts.alone or facts.partner is None else (facts.partner + shift) % n
        rotated = HandFacts(
            n,
            (facts.declarer + shift) % n,
            facts.contract,
            partner,
            captured=_rotate(facts.captured, shift, n),
            discards=facts.discards,
            tricks=_rotate(facts.tricks, shift, n),
            toppled=facts.toppled,
        )
        if rotated.captured is not None and self.rng.random() < 0.6:
            # Most tables use the quick count: keep only the side's points.
            points = self.variant.score(rotated, self.rules).declarer_points
            rotated = HandFacts(
                n, rotated.declarer, rotated.contract, partner, declarer_points=points
            )
        score = self.variant.score(rotated, self.rules)
        return _values(played, rotated, score, in_tricks), score.deltas


def _values(played: PlayedHand, facts: HandFacts, score: Score, in_tricks: bool) -> dict[str, Any]:
    """A stored hand's fields for these facts and the engine's score of them."""
    if in_tricks:
        mode = Hand.TRICKS
    else:
        mode = Hand.CARDS if facts.captured is not None else Hand.COUNT
    return {
        "status": Hand.PLAYED,
        "declarer": facts.declarer,
        "contract": str(facts.contract),
        "called_card": played.called_card.code if played.called_card else "",
        "partner": facts.partner,
        "mode": mode,
        "declarer_points": score.declarer_points if mode != Hand.TRICKS else None,
        "captured": None
        if facts.captured is None
        else {str(s): [c.code for c in cs] for s, cs in facts.captured.items()},
        "discards": [c.code for c in facts.discards] if facts.captured is not None else [],
        "tricks": None if facts.tricks is None else {str(s): t for s, t in facts.tricks.items()},
        "toppled": facts.toppled,
        "made": score.made,
        "target": score.target,
        "points": score.declarer_points,
        "lines": list(score.lines),
    }


def generate_league(
    hands: int,
    name: str = "Synthetic league",
    seed: int = 1,
    variants: Iterable[str] = ALL_VARIANTS,
    players: int = 10,
    owner: User | None = None,
    pool_size: int = 200,
    session_hands: tuple[int, int] = (20, 40),
    progress: Callable[[str], object] | None = None,
) -> League:
    """A new league of ``hands`` hands (some passed out), sessions of 20 to 40 hands on
    Friday nights from 2016, several tables a night when there are many sessions."""
    rng = random.Random(seed)
    codes = list(variants)
    say = progress or (lambda message: None)
    with transaction.atomic():
        league = League.objects.create(name=name, default_variant=codes[0])
        if owner is not None:
            Membership.objects.create(league=league, user=owner, role=Membership.OWNER)
        people = Player.objects.bulk_create(
            Player(league=league, name=NAMES[i] if i < len(NAMES) else f"Player {i + 1}")
            for i in range(players)
        )
        plan = _plan(hands, codes, session_hands, rng)
        pools: dict[str, Pool] = {}
        for code in codes:
            planned = sum(count for c, count in plan if c == code)
            pools[code] = _pool(code, min(SEATS, players), max(1, min(pool_size, planned)), rng)
            say(f"pool of {len(pools[code].hands)} {code} hands played out")
        sessions = _sessions(league, plan, pools, people, rng)
        written = 0
        pending: list[DealtHand] = []
        for (session, seated), (code, count) in zip(sessions, plan, strict=True):
            pending += _hands(session, seated, pools[code], count, rng)
            if len(pending) >= BATCH:
                written += _flush(pending)
                pending = []
                say(f"{written} hands written")
        written += _flush(pending)
        say(f"{written} hands written")
    return league


def _pool(code: str, players: int, size: int, rng: random.Random) -> Pool:
    variant = find_variant(code)
    return Pool(variant, players, variant.rules(None, players), size, rng)


def _sessions(
    league: League,
    plan: list[tuple[str, int]],
    pools: dict[str, Pool],
    people: list[Player],
    rng: random.Random,
) -> list[tuple[GameSession, list[int]]]:
    """The plan's sessions, several tables a night when there are many, with their seats
    (each session's players' ids in seat order)."""
    tables_a_night = max(1, math.ceil(len(plan) / (NIGHTS_PER_YEAR * 10)))
    sessions = []
    for index, (code, _count) in enumerate(plan):
        pool = pools[code]
        night = FIRST_NIGHT + datetime.timedelta(weeks=index // tables_a_night)
        sessions.append(
            GameSession(
                league=league,
                date=night,
                variant=code,
                options=pool.rules.as_json(),
                first_dealer=rng.randrange(pool.players),
            )
        )
    GameSession.objects.bulk_create(sessions, batch_size=BATCH)
    seats = []
    lineups = []
    for session in sessions:
        lineup = [p.pk for p in rng.sample(people, pools[session.variant].players)]
        lineups.append(lineup)
        for number, player in enumerate(lineup):
            seats.append(Seat(session=session, number=number, player_id=player))
    Seat.objects.bulk_create(seats, batch_size=BATCH)
    return list(zip(sessions, lineups, strict=True))


def _hands(
    session: GameSession, lineup: list[int], pool: Pool, count: int, rng: random.Random
) -> list[DealtHand]:
    """``count`` hands of a session dealt in turn, each with its seats' scores."""
    dealer = session.first_dealer
    dealt_hands: list[DealtHand] = []
    for number in range(1, count + 1):
        dealt = pool.deal(dealer)
        values, deltas = dealt if dealt is not None else (passed_values(), ())
        key = uuid.UUID(int=rng.getrandbits(128))
        hand = Hand(
            session=session,
            number=number,
            dealer=dealer,
            key=key,
            lineup=lineup,
            **values,
        )
        dealt_hands.append((hand, deltas))
        if dealt is None:
            dealer = pool.variant.next_dealer(dealer, pool.players)
        else:
            dealer = pool.variant.next_dealer(
                dealer, pool.players, values["declarer"], values["partner"]
            )
    return dealt_hands


def _flush(pending: Sequence[DealtHand]) -> int:
    hands = Hand.objects.bulk_create([hand for hand, _deltas in pending], batch_size=BATCH)
    HandScore.objects.bulk_create(
        (
            HandScore(hand=hand, seat=seat, player_id=hand.lineup[seat], delta=delta)
            for hand, (_h, deltas) in zip(hands, pending, strict=True)
            for seat, delta in enumerate(deltas)
        ),
        batch_size=BATCH * 5,
    )
    return len(hands)


def _plan(
    hands: int, variants: Sequence[str], session_hands: tuple[int, int], rng: random.Random
) -> list[tuple[str, int]]:
    """(variant, hands) per session, adding up to ``hands``."""
    plan: list[tuple[str, int]] = []
    left = hands
    low, high = session_hands
    while left > 0:
        count = min(left, rng.randint(low, high))
        plan.append((rng.choice(variants), count))
        left -= count
    return plan
