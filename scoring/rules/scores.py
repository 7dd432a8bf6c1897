"""The facts of a played hand, its score, and the checks on a reported result."""

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from scoring.rules.bids import Contract
from scoring.rules.cards import Card
from scoring.rules.errors import InconsistentResult, NotationError, OutOfRange
from scoring.rules.i18n import N_, _, clauses, pgettext
from scoring.rules.sentences import Listing, Seat


@dataclass(frozen=True)
class HandFacts:
    """What a table reports after a hand: who played what contract, and what they took."""

    players: int
    declarer: int
    contract: Contract  # the final contract
    partner: int | None = None  # None (or the declarer) when playing alone
    captured: dict[int, tuple[Card, ...]] | None = None  # point cards won, by seat
    discards: tuple[Card, ...] = ()  # point cards among the declarer's discards
    # Quick count of the declarer's side: its point cards; in Thai and Nap its tricks
    # (then ``tricks`` is left out, and a Thai betrayal cannot be told).
    declarer_points: int | None = None
    tricks: dict[int, int] | None = None  # Thai and Nap: tricks won, by seat
    toppled: bool = False  # Thai: trick 1 was 2-3-4-5-6 of one suit
    sitting_out: int | None = None  # six-player Mighty: the killed seat, which scores 0

    @property
    def alone(self) -> bool:
        return self.partner is None or self.partner == self.declarer

    @property
    def side(self) -> frozenset[int]:
        partner = self.partner
        if partner is None or partner == self.declarer:
            return frozenset({self.declarer})
        return frozenset({self.declarer, partner})


class Score:
    """Every seat's score for a hand, and the reasons, one rule per line.

    The lines are sentences in the reader's language: a variant may hand them over already
    written, or as a function of the score that writes them each time they are read (a
    league rescored, a play-out, a preview of the amounts: most scores are never
    explained); such a writer, made once per rules object, reads the ``facts`` the score was
    worked out from and its numbers. A plain class rather than a frozen dataclass: a hand's
    score is asked for in bulk (and its fields are declared ``Final`` here rather than in
    ``__init__``, where each annotation is evaluated per call).
    """

    __slots__ = ("made", "target", "declarer_points", "deltas", "_lines", "why", "facts")
    made: Final[bool | None]
    target: Final[int]
    declarer_points: Final[int | None]
    deltas: Final[tuple[int, ...]]
    _lines: Final[tuple[str, ...] | Callable[["Score"], tuple[str, ...]]]
    why: Final[str]
    facts: Final[HandFacts | None]

    def __init__(
        self,
        made: bool | None,  # None for a draw
        target: int,
        declarer_points: int | None,
        deltas: tuple[int, ...],  # one per seat
        lines: tuple[str, ...] | Callable[["Score"], tuple[str, ...]],
        # What decided the verdict when the count alone does not say (a Thai friend's
        # betrayal): a few words the verdict's line ends with.
        why: str = "",
        facts: HandFacts | None = None,  # what the lines are written from, when read
    ) -> None:
        self.made = made
        self.target = target
        self.declarer_points = declarer_points
        self.deltas = deltas
        self._lines = lines
        self.why = why
        self.facts = facts

    @property
    def lines(self) -> tuple[str, ...]:
        lines = self._lines
        return lines if isinstance(lines, tuple) else lines(self)

    @property
    def total(self) -> int:
        return sum(self.deltas)

    @property
    def reason(self) -> str:
        return clauses(self.lines)

    def _key(self) -> tuple[object, ...]:
        return (self.made, self.target, self.declarer_points, self.deltas, self.lines, self.why)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Score) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.made, self.target, self.declarer_points, self.deltas, self.why))

    def __repr__(self) -> str:
        names = ("made", "target", "declarer_points", "deltas", "lines", "why")
        return "Score({})".format(
            ", ".join(f"{n}={v!r}" for n, v in zip(names, self._key(), strict=True))
        )


def signed(amount: int) -> str:
    """``+20``, ``−40`` (a true minus sign, as printed score tables use), ``0``."""
    if amount > 0:
        return f"+{amount}"
    if amount < 0:
        return f"−{-amount}"
    return "0"


def share_line(head: str, shares: Iterable[tuple[str, int]]) -> str:
    """``head: napoleon +100, secretary +50, each defender −50``."""
    # Chinese and Japanese list with 、: the separator is the catalogue's to say.
    separator = pgettext("list separator", ", ")
    written = separator.join(f"{role} {signed(amount)}" for role, amount in shares)
    return _("{head}: {shares}").format(head=head, shares=written)


def deltas_for(facts: HandFacts, declarer: int, partner: int, other: int) -> tuple[int, ...]:
    """Every seat's delta: the declarer's, the partner's (unless alone), each other seat's."""
    deltas = [other] * facts.players
    helper = facts.partner
    if helper is not None and helper != facts.declarer:  # not alone
        deltas[helper] = partner
    deltas[facts.declarer] = declarer
    if facts.sitting_out is not None:
        deltas[facts.sitting_out] = 0  # a killed seat sits the hand out
    return tuple(deltas)


def side_points(
    facts: HandFacts,
    point_cards: frozenset[Card],
    blind_size: int,
    discards_to_declarer: bool,
) -> int:
    """The point cards of the declarer's side, from ``captured`` or the quick count.

    When both are given they must agree; captured cards and discards together must
    hold every point card exactly once.
    """
    total = len(point_cards)
    if facts.captured is None:
        if facts.declarer_points is None:
            raise InconsistentResult(N_("Give the captured point cards or the declarer's points."))
        return _verify_count(facts.declarer_points, total)
    captured = facts.captured
    _verify_all_once(facts, captured, point_cards, blind_size)
    # The side's cards (``facts.side``), counted without building the set.
    points = len(captured.get(facts.declarer, ()))
    partner = facts.partner
    if partner is not None and partner != facts.declarer:
        points += len(captured.get(partner, ()))
    if discards_to_declarer:
        points += len(facts.discards)
    if facts.declarer_points is not None and facts.declarer_points != points:
        raise InconsistentResult(
            N_("declarer_points says {given}, but the captured cards give {counted}."),
            "declarer_points",
            given=facts.declarer_points,
            counted=points,
        )
    return points


def _verify_count(points: int, total: int) -> int:
    if not 0 <= points <= total:
        raise InconsistentResult(
            N_("declarer_points must be from 0 to {total}, not {points}."),
            "declarer_points",
            total=total,
            points=points,
        )
    return points


def _verify_all_once(
    facts: HandFacts,
    captured: dict[int, tuple[Card, ...]],
    point_cards: frozenset[Card],
    blind_size: int,
) -> None:
    placed = len(facts.discards) + sum(map(len, captured.values()))
    if (
        placed == len(point_cards)
        and len(facts.discards) <= blind_size
        and point_cards == set().union(facts.discards, *captured.values())
    ):
        # As many cards as point cards, and all of them: each exactly once. The common
        # case needs no search for the culprit.
        return
    seen: dict[Card, tuple[str, int]] = {}
    places = [(f"captured.{s}", cards) for s, cards in sorted(captured.items())]
    places.append(("discards", facts.discards))
    for place, cards in places:
        for index, c in enumerate(cards):
            if c not in point_cards:
                raise InconsistentResult(
                    N_("{card} is not a point card; list only point cards."),
                    f"{place}[{index}]",
                    card=c,
                )
            if c in seen:
                raise InconsistentResult(
                    N_("{card} is counted twice (also at {other})."),
                    f"{place}[{index}]",
                    card=c,
                    other="{}[{}]".format(*seen[c]),
                )
            seen[c] = (place, index)
    if len(facts.discards) > blind_size:
        raise InconsistentResult(
            N_("{count} point cards discarded, but only {blind} cards are discarded in this game."),
            "discards",
            count=len(facts.discards),
            blind=blind_size,
        )
    if len(seen) != len(point_cards):
        missing = sorted((c for c in point_cards if c not in seen), key=lambda c: c.code)
        raise InconsistentResult(
            N_("Every point card must be placed once; missing: {cards}."),
            "captured",
            cards=Listing(tuple(missing)),
        )


def verify_tricks(facts: HandFacts, tricks_per_hand: int) -> dict[int, int]:
    """Tricks by seat, each from 0 and adding up to the tricks of a hand."""
    tricks = facts.tricks or {}
    for seat, count in tricks.items():
        if count < 0:
            raise InconsistentResult(
                N_("Seat {seat} cannot take {count} tricks."),
                f"tricks.{seat}",
                named=N_("{seat} cannot take {count} tricks."),
                seat=Seat(seat),
                count=count,
            )
    if sum(tricks.values()) != tricks_per_hand:
        raise InconsistentResult(
            N_("The tricks add up to {total}, but a hand has {tricks} tricks."),
            "tricks",
            total=sum(tricks.values()),
            tricks=tricks_per_hand,
        )
    return {seat: tricks.get(seat, 0) for seat in range(facts.players)}


def verify_sitting_out(facts: HandFacts) -> None:
    """The killed seat of six-player Mighty plays no card: it cannot declare, partner or
    capture."""
    out = facts.sitting_out
    if out is None:
        return
    if not 0 <= out < facts.players:
        raise sitting_out_range(out, facts.players)
    if facts.declarer == out:
        raise InconsistentResult(
            N_("Seat {seat} was killed and sits this hand out, so it cannot declare."),
            "declarer",
            named=N_("{seat} was killed and sits this hand out, so they cannot declare."),
            seat=Seat(out),
        )
    if facts.partner == out:
        raise InconsistentResult(
            N_("Seat {seat} was killed and sits this hand out, so it cannot be the friend."),
            "partner",
            named=N_("{seat} was killed and sits this hand out, so they cannot be the friend."),
            seat=Seat(out),
        )
    if facts.captured and facts.captured.get(out):
        raise InconsistentResult(
            N_("Seat {seat} was killed and sat the hand out, so it captured no cards."),
            f"captured.{out}",
            named=N_("{seat} was killed and sat the hand out, so they captured no cards."),
            seat=Seat(out),
        )


def sitting_out_required(players: int) -> NotationError:
    return NotationError(
        N_("sitting_out is required with {players} players: the seat that was killed."),
        "sitting_out",
        players=players,
    )


def sitting_out_range(seat: int, players: int) -> OutOfRange:
    return OutOfRange(
        N_("sitting_out must be a seat from 0 to {last}, not {seat}."),
        "sitting_out",
        last=players - 1,
        seat=seat,
    )


def own_numbers_line(overrides: Mapping[str, int]) -> str | None:
    """Name the table's own score numbers a score used (``score_values``), so the reason says
    which rule changed the amounts; None when there are none."""
    if not overrides:
        return None
    numbers = ", ".join(
        f"{name} {str(amount).replace('-', '−')}" for name, amount in overrides.items()
    )
    return _("your table's own numbers: {numbers}").format(numbers=numbers)


def side_tricks(facts: HandFacts, tricks_per_hand: int) -> tuple[int, dict[int, int] | None]:
    """The tricks of the declarer's side, and the tricks by seat when the table gave them.

    A table may report only its side's total as a quick count (``declarer_points``): the
    common hand, where nobody needs to know who of a side took which trick.
    """
    if facts.tricks is None and facts.declarer_points is not None:
        return _verify_count(facts.declarer_points, tricks_per_hand), None
    tricks = verify_tricks(facts, tricks_per_hand)
    return sum(tricks[seat] for seat in facts.side), tricks
