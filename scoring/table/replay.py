"""A recorded hand as a page replays it (templates/scoring/replay.html and its partials).

Each trick: its cards in play order with the player of each, the winner and the engine's
reason written with the players' names (``PageWords``, as the referee's pages write them),
the illegal plays with the card that proves each, the partner when the called card falls,
and the standing after it, side by side (seat by seat while the partner is unknown). Then
the result: the sides, the claim and the discards, the score of each player.

The hand's page under its session, the share link's copy of it, the notation's public
link and the referee's "Check a whole hand" all draw it from the engine's answer and the
names of the seats: nothing here rules on anything.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import rulings
from scoring.rules.cards import NO_TRUMP, SYMBOLS, Card
from scoring.rules.record import IllegalPlay, RecordAnswer, TrickView, render
from scoring.rules.scores import signed
from scoring.table.records import Judged
from scoring.words import lists


@dataclass(frozen=True)
class CardView:
    code: str
    label: str  # as players read it: ♠10, ♥D in French, a joker by its name
    suit: str  # S H D C, or J for a joker (the page colours it by this)


def card_view(card: Card) -> CardView:
    return CardView(card.code, card.label, card.suit or "J")


@dataclass(frozen=True)
class PlayView:
    name: str  # who played it
    card: CardView | None  # None: the table did not see it
    wins: bool
    illegal: bool
    called: bool  # the called card: its player is the partner


@dataclass(frozen=True)
class Fault:
    """An illegal play, with the engine's reason (which names the card that proves it)."""

    name: str
    card: CardView
    reason: str
    proof: int | None  # the trick where that card was played, when it is recorded


@dataclass(frozen=True)
class Count:
    """A side's standing (or one seat's, while the sides are unknown)."""

    label: str
    names: str
    tricks: int
    points: int | None  # None where the game counts tricks only


@dataclass(frozen=True)
class Step:
    number: int
    leader: str
    plays: tuple[PlayView, ...]
    finished: bool
    winner: str  # "" in progress, or for a first trick toppled with no winner entered
    reason: str
    points: tuple[CardView, ...]
    faults: tuple[Fault, ...]
    reveal: str  # how the partner was found, at the trick that showed it
    standing: tuple[Count, ...]


@dataclass(frozen=True)
class Outcome:
    complete: bool
    sides: tuple[Count, ...]
    claimed: str
    discards: tuple[CardView, ...]
    verdict: str  # made, failed, a draw; "" while not scored
    figures: str  # the target and what the declarer's side took
    deltas: tuple[tuple[str, str, bool], ...]  # each player's name, score, and whether it is < 0
    lines: tuple[str, ...]
    waiting: str  # why there is no score yet: who plays next, or the partner unknown


@dataclass(frozen=True)
class Replay:
    game: str
    names: tuple[str, ...]
    declarer: str
    declarer_title: str
    contract: str
    trump: str
    called: CardView | None
    partner_title: str
    partner: str  # the engine's sentence: who the partner is and how it was found
    sitting_out: str  # the seat killed in six-player Mighty, by name
    steps: tuple[Step, ...]
    outcome: Outcome
    notation: str
    counts_tricks: bool

    def step(self, number: int) -> Step | None:
        return self.steps[number - 1] if 1 <= number <= len(self.steps) else None


def seat_names(players: int, names: Sequence[str] = ()) -> tuple[str, ...]:
    """The seats' names: those given, else "Seat 1", "Seat 2", … (counted from 1)."""
    numbered = rulings.PAGE
    given = list(names[:players])
    return tuple(
        given[seat] if seat < len(given) and given[seat] else numbered.seat(seat)
        for seat in range(players)
    )


def replay(judged: Judged, names: Sequence[str] = ()) -> Replay:
    """The hand as a page draws it, each seat by ``names`` (or its number)."""
    answer, variant = judged.answer, judged.table.variant
    shown = seat_names(answer.players, names)
    words = rulings.PageWords(shown)
    called = answer.called_card
    killed = judged.canonical.get("sitting_out")
    return Replay(
        game=_(variant.name),
        names=shown,
        declarer=shown[answer.declarer],
        declarer_title=variant.term("declarer_title"),
        contract=answer.contract.label,
        trump=_trump(answer.trump),
        called=None if called is None else card_view(called),
        partner_title=variant.role_words()[1] if variant.has_partner else "",
        partner=answer.partner.reason.render(words) if variant.has_partner else "",
        sitting_out=shown[killed] if isinstance(killed, int) else "",
        steps=_steps(judged, shown, words),
        outcome=_outcome(judged, shown, words),
        notation=answer.notation,
        counts_tricks=variant.counts_tricks,
    )


def _trump(trump: str | None) -> str:
    if trump is None:
        return _("not known yet")
    return _("NT") if trump == NO_TRUMP else SYMBOLS.get(trump, trump)


def _steps(judged: Judged, shown: tuple[str, ...], words: rulings.PageWords) -> tuple[Step, ...]:
    answer = judged.answer
    groups = _groups(judged, shown)
    counts_tricks = judged.table.variant.counts_tricks
    faults: dict[int, list[IllegalPlay]] = {}
    for play in answer.illegal_plays:
        faults.setdefault(play.trick, []).append(play)
    steps = []
    won = [0] * answer.players
    took = [0] * answer.players
    for trick in answer.tricks:
        if trick.winner is not None:
            won[trick.winner] += 1
            took[trick.winner] += len(trick.points)
        found = faults.get(trick.number, [])
        steps.append(
            _step(judged, trick, shown, words, found, _standing(groups, won, took, counts_tricks))
        )
    return tuple(steps)


def _step(
    judged: Judged,
    trick: TrickView,
    shown: tuple[str, ...],
    words: rulings.PageWords,
    faults: list[IllegalPlay],
    standing: tuple[Count, ...],
) -> Step:
    answer = judged.answer
    bad = {play.play_index for play in faults}
    called = answer.called_card
    plays = tuple(
        PlayView(
            name=shown[seat],
            card=None if card is None else card_view(card),
            wins=index == trick.play_index,
            illegal=index in bad,
            called=called is not None and card is not None and card.code == called.code,
        )
        for index, (seat, card) in enumerate(zip(trick.seats, trick.plays, strict=False))
    )
    partner = answer.partner
    return Step(
        number=trick.number,
        leader=shown[trick.leader],
        plays=plays,
        finished=trick.finished,
        winner="" if trick.winner is None else shown[trick.winner],
        reason="" if trick.reason is None else render(trick.reason, words),
        points=tuple(card_view(card) for card in trick.points),
        faults=tuple(_fault(play, shown, words) for play in faults),
        reveal=partner.reason.render(words) if partner.revealed == trick.number else "",
        standing=standing,
    )


def _fault(play: IllegalPlay, shown: tuple[str, ...], words: rulings.PageWords) -> Fault:
    proof = play.proved_by
    return Fault(
        name=shown[play.seat],
        card=card_view(play.card),
        reason=render(play.reason, words),
        proof=None if proof is None else proof.trick,
    )


# ---- the standing ---------------------------------------------------------------------------

# Each group the standing counts: its label, the names of its seats, and those seats.
Groups = tuple[tuple[str, str, tuple[int, ...]], ...]


def _groups(judged: Judged, shown: tuple[str, ...]) -> Groups:
    """The sides once the partner is known (each named as the game names it), else each
    seat that plays."""
    answer, variant = judged.answer, judged.table.variant
    if answer.sides is not None:
        labels = [_(name) for name in variant.side_names]
        return tuple(
            (label, _joined(shown, side.seats), side.seats)
            for label, side in zip(labels, answer.sides, strict=True)
        )
    killed = judged.canonical.get("sitting_out")
    return tuple((shown[seat], "", (seat,)) for seat in range(answer.players) if seat != killed)


def _standing(
    groups: Groups, won: list[int], took: list[int], counts_tricks: bool
) -> tuple[Count, ...]:
    return tuple(
        Count(
            label,
            names,
            sum(won[s] for s in seats),
            None if counts_tricks else sum(took[s] for s in seats),
        )
        for label, names, seats in groups
    )


# ---- the result -----------------------------------------------------------------------------


def _outcome(judged: Judged, shown: tuple[str, ...], words: rulings.PageWords) -> Outcome:
    answer, variant = judged.answer, judged.table.variant
    sides: tuple[Count, ...] = ()
    if answer.sides is not None:
        labels = [_(name) for name in variant.side_names]
        sides = tuple(
            Count(label, _joined(shown, side.seats), side.tricks, side.points)
            for label, side in zip(labels, answer.sides, strict=True)
        )
    score = answer.score
    return Outcome(
        complete=answer.complete,
        sides=sides,
        claimed=_claimed(answer, shown),
        discards=tuple(card_view(card) for card in answer.discards),
        verdict="" if score is None else _verdict(score.made),
        figures="" if score is None else _figures(score.target, score.declarer_points),
        deltas=()
        if score is None
        else tuple((shown[s], signed(d), d < 0) for s, d in enumerate(score.deltas)),
        lines=() if score is None else score.lines,
        waiting=_waiting(answer, shown, words),
    )


def _joined(shown: tuple[str, ...], seats: Sequence[int]) -> str:
    return lists.separator().join(shown[seat] for seat in seats)


def _claimed(answer: RecordAnswer, shown: tuple[str, ...]) -> str:
    claim = answer.claimed
    if claim is None:
        return ""
    return ngettext(
        "%(name)s claimed the last trick.",
        "%(name)s claimed the last %(count)s tricks.",
        claim.tricks,
    ) % {"name": shown[claim.seat], "count": claim.tricks}


def _verdict(made: bool | None) -> str:
    if made is None:
        return _("A draw.")
    return _("Made.") if made else _("Failed.")


def _figures(target: int, taken: int | None) -> str:
    if taken is None:
        return _("Needed %(target)s.") % {"target": target}
    return _("Needed %(target)s, took %(taken)s.") % {"target": target, "taken": taken}


def _waiting(answer: RecordAnswer, shown: tuple[str, ...], words: rulings.PageWords) -> str:
    """Why the hand has no score yet: it is still being played, or its partner is not known."""
    if answer.next is not None:
        return _("The hand is not over: trick %(number)s, %(name)s to play.") % {
            "number": answer.next.trick,
            "name": shown[answer.next.seat],
        }
    if answer.score is None:
        return answer.partner.reason.render(words)
    return ""
