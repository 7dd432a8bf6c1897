"""The closest Python peer for the Mighty, Lerisia's ``mighty-cardgame``, asked the same
questions as this engine: who wins a trick, which cards may be played, what a hand scores.

The peer is never part of this project: fetch it yourself and point the benchmark at it,

    git clone https://github.com/Lerisia/mighty-cardgame /tmp/mighty-cardgame
    python benchmarks/engine.py --peer /tmp/mighty-cardgame     (or MIGHTY_PEER=/tmp/...)

Its Python rules live in ``server/game`` (``trick_judge.determine_winner``,
``card_validator.can_lead`` / ``can_follow``, ``score_calculator.calculate``). This module
translates this engine's situations into the peer's encodings (cards, giruda, trick numbers
counted from 0) once, before anything is timed, so that each side is timed on its own
calls only:

- a trick: ``determine_winner`` over the trick's cards and seats;
- a legal-play question: the peer's own loop (``TrickManager.play_card``), ``can_lead`` or
  ``can_follow`` asked for each card of the hand, keeping those allowed;
- a score from the count: what ``RoundManager.calculate_scores`` does with the declarer's
  side's points once play is over: ``calculate``, then each seat's share. This engine is
  given the same count (``HandFacts.declarer_points``, a table's quick count);
- a score from the captured cards: the same, after the opponents' count from the point
  cards each seat took (the peer keeps them in a list per seat as it plays; it counts
  them with ``len``). This engine is given the cards, and checks that every point card
  was taken once.

``PEER_RULES`` are this engine's house rules closest to the peer's defaults (pagat's
formula with its doublings, the joker powerless on the first and last tricks, a back run
at 10 points, the Mighty defending a joker call), so both sides mostly agree, and
``agreement`` says how often.
"""

import importlib
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from scoring.rules.cards import JOKER, Card
from scoring.rules.scores import HandFacts
from scoring.rules.tricks import Trick

PEER_RULES = {
    "formula": "pagat",
    "alone_doubles": False,
    "no_trump_doubles": "made_only",
    "back_run": "opponents_10",
    "joker_powerless_first_last": True,
    "ripper_without_call": "joker_keeps_power",
    "joker_call_last_trick": False,
    "ripper_first_trick": "lead_no_call",
    "mighty_defense": True,
}
HOW_TO_FETCH = "git clone https://github.com/Lerisia/mighty-cardgame /tmp/mighty-cardgame"


class Peer:
    """The peer's modules, loaded from a checkout, and the situations in its encodings."""

    def __init__(self, root: Path) -> None:
        server = root / "server" if (root / "server" / "game").is_dir() else root
        if not (server / "game" / "trick_judge.py").is_file():
            raise SystemExit(f"{root} holds no server/game/trick_judge.py: {HOW_TO_FETCH}")
        sys.path.insert(0, str(server))
        game: dict[str, ModuleType] = {
            name: importlib.import_module(f"game.{name}")
            for name in ("card", "bidding_state", "card_validator", "trick_judge")
        }
        game["score"] = importlib.import_module("game.score_calculator")
        game["options"] = importlib.import_module("game.game_options")
        self.game = game
        self.options = game["options"].GameOptions()
        card = game["card"]
        self.suits = {"S": card.Suit.SPADE, "H": card.Suit.HEART, "D": card.Suit.DIAMOND}
        self.suits["C"] = card.Suit.CLUB
        giruda = game["bidding_state"].Giruda
        self.girudas = {"S": giruda.SPADE, "H": giruda.HEART, "D": giruda.DIAMOND}
        self.girudas |= {"C": giruda.CLUB, None: giruda.NO_GIRUDA, "NT": giruda.NO_GIRUDA}

    def card(self, c: Card) -> Any:
        card = self.game["card"]
        if c is JOKER:
            return card.Card.joker()
        return card.Card(self.suits[c.suit], card.Rank(c.rank))

    def lead_suit(self, trick: Trick) -> int:
        if not trick.plays:
            return -1
        first = trick.plays[0]
        suit = trick.lead_suit if first is JOKER else first.suit
        return self.suits[suit] if suit else -1

    # ---- the situations, in the peer's words ----------------------------------------

    def trick(self, trick: Trick) -> tuple[Any, ...]:
        cards = [self.card(c) for c in trick.plays]
        seats = [trick.seat_of(i) for i in range(len(cards))]
        giruda = self.girudas[trick.trump]
        number = trick.number - 1
        return (cards, seats, self.lead_suit(trick), giruda, number, trick.joker_called)

    def question(self, trick: Trick, hand: Sequence[Card]) -> tuple[Any, ...]:
        cards = [self.card(c) for c in hand]
        giruda = self.girudas[trick.trump]
        return (
            cards,
            bool(trick.plays),
            self.lead_suit(trick),
            giruda,
            trick.number - 1,
            trick.joker_called,
        )

    def facts(self, facts: HandFacts) -> tuple[Any, ...]:
        assert facts.captured is not None
        captured = {seat: [self.card(c) for c in cards] for seat, cards in facts.captured.items()}
        contract = facts.contract
        no_giruda = getattr(contract, "no_trump", False)
        count = getattr(contract, "count", 0)
        partner = None if facts.alone else facts.partner
        return (captured, facts.players, facts.declarer, partner, count, no_giruda)

    def count(self, facts: HandFacts, points: int) -> tuple[Any, ...]:
        """The result as the peer's ``calculate`` takes it: the declarer's side's points."""
        captured, *table = self.facts(facts)
        return (points, *table)

    # ---- the peer's answers, as its own code reaches them -------------------------------

    def winner(self, cards, seats, lead_suit, giruda, number, joker_called) -> int:
        judge = self.game["trick_judge"].determine_winner
        return judge(cards, seats, lead_suit, giruda, number, joker_called, self.options)

    def legal(self, hand, following, lead_suit, giruda, number, joker_called) -> list[Any]:
        validator, options = self.game["card_validator"], self.options
        if following:
            follow = validator.can_follow
            return [c for c in hand if follow(c, hand, lead_suit, giruda, joker_called, options)]
        lead = validator.can_lead
        return [c for c in hand if lead(c, hand, giruda, number, options)]

    def score(self, captured, players, declarer, partner, bid, no_giruda) -> list[int]:
        options = self.options
        opposition = sum(
            len(cards) for seat, cards in captured.items() if seat not in (declarer, partner)
        )
        result = self.game["score"].calculate(
            bid, 20 - opposition, options.min_bid, partner is None, no_giruda, options
        )
        return [
            result["declarer"]
            if seat == declarer
            else result["friend"]
            if seat == partner
            else result["opposition"]
            for seat in range(players)
        ]

    def score_count(self, points, players, declarer, partner, bid, no_giruda) -> list[int]:
        options = self.options
        result = self.game["score"].calculate(
            bid, points, options.min_bid, partner is None, no_giruda, options
        )
        return [
            result["declarer"]
            if seat == declarer
            else result["friend"]
            if seat == partner
            else result["opposition"]
            for seat in range(players)
        ]


def load(path: str | None) -> Peer | None:
    return Peer(Path(path).expanduser().resolve()) if path else None
