"""The "Record the play" panel as the table screen draws it (templates/scoring/play.html): the seats with
the one to play marked, the cards not yet seen as a picker, the trick being played, the last
trick's winner and the engine's reason, the partner once shown, the point cards (or tricks)
of each side so far, and the taps the hand's state allows. Data only: the template lays it
out, the engine (through ``scoring.table.playing``) has judged it.
"""

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.rules.cards import SYMBOLS
from scoring.table import play
from scoring.table.play import CARDS, POINTS, WINNERS
from scoring.table.playing import Header, Tapped, calls, not_ready_text
from scoring.table.replay import CardView, Count, Outcome, PlayView, Step, card_view, replay

CALL_LABELS = {
    "joker_called": gettext_lazy("Joker called"),
    "secretary_ordered": gettext_lazy("Secretary card ordered"),
}
DEPTH_LABELS = {
    WINNERS: gettext_lazy("Winners only"),
    POINTS: gettext_lazy("Winners and point cards"),
    CARDS: gettext_lazy("Every card"),
}


@dataclass(frozen=True)
class Choice:
    value: str
    label: str
    pressed: bool = False
    css: str = ""


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    turn: bool


@dataclass
class Panel:
    """Everything the panel shows for one draft."""

    text: str  # the hidden field
    opened: bool
    depths: list[Choice]
    counts_tricks: bool = False
    message: str = ""
    problem: str = ""
    seats: list[SeatView] = field(default_factory=list)
    number: int = 1  # the trick being entered
    current: Step | None = None  # the trick being played, or the last one finished
    seen: bool = False  # some card of ``current`` is known (a trick by its winner shows none)
    partner: str = ""
    standing: tuple[Count, ...] = ()
    faults: list[str] = field(default_factory=list)
    cards: list[list[Choice]] = field(default_factory=list)  # the picker, a row per suit
    unknown: bool = False
    calls: list[Choice] = field(default_factory=list)  # said in the trick being played
    pick: str = "card"  # what a card of the picker is tapped as: played, or a point card won
    winners: list[Choice] = field(default_factory=list)
    winners_legend: str = ""
    asked: CardView | None = None
    suits: list[Choice] = field(default_factory=list)
    claims: list[Choice] = field(default_factory=list)
    outcome: Outcome | None = None
    can_undo: bool = False


def default_depth(counts_tricks: bool) -> str:
    return WINNERS if counts_tricks else CARDS


def depth_of(draft: play.Draft, counts_tricks: bool) -> str:
    allowed = _allowed(counts_tricks)
    return draft.depth if draft.depth in allowed else default_depth(counts_tricks)


def _allowed(counts_tricks: bool) -> tuple[str, str]:
    """Thai and Nap: a trick's winner is its result; elsewhere its point cards must come too."""
    return (WINNERS, CARDS) if counts_tricks else (POINTS, CARDS)


def empty_panel(draft: play.Draft, counts_tricks: bool, problem: str = "") -> Panel:
    """The panel before the bid is chosen: its depth and what to do first."""
    depth = depth_of(draft, counts_tricks)
    return Panel(
        text=draft.text(),
        opened=bool(problem) or not draft.empty,
        depths=_depths(depth, counts_tricks),
        counts_tricks=counts_tricks,
        message=not_ready_text(),
        problem=problem,
    )


def _depths(depth: str, counts_tricks: bool) -> list[Choice]:
    return [Choice(d, str(DEPTH_LABELS[d]), d == depth) for d in _allowed(counts_tricks)]


def panel(header: Header, tapped: Tapped, counts_tricks: bool, opened: bool = True) -> Panel:
    """The panel for a judged draft."""
    draft, judged = tapped.draft, tapped.judged
    depth = depth_of(draft, counts_tricks)
    shown = Panel(
        text=draft.text(),
        opened=opened or not draft.empty or bool(tapped.problem),
        depths=_depths(depth, counts_tricks),
        counts_tricks=counts_tricks,
        problem=tapped.problem,
        can_undo=not draft.empty or bool(draft.asked),  # undo also takes back a question
    )
    if judged is None:
        shown.message = _("The play recorded so far is refused; undo the last tap.")
        return shown
    view = replay(judged, header.names)
    answer = judged.answer
    complete = answer.complete and play.open_trick(draft, header.live) is None
    shown.standing = view.steps[-1].standing if view.steps else ()
    shown.partner = view.partner if answer.partner.known and view.partner_title else ""
    last = view.steps[-1] if view.steps else None
    shown.seen = last is not None and any(p.card is not None for p in last.plays)
    shown.faults = [f"{f.name} {f.card.label}: {f.reason}" for s in view.steps for f in s.faults]
    if complete:
        shown.outcome = view.outcome
        shown.standing = view.outcome.sides or shown.standing  # the claimed tricks counted
        shown.current = view.steps[-1] if view.steps else None
        return shown
    turn = answer.next.seat if answer.next is not None else None
    _playing(shown, header, draft, depth, view.steps, turn)
    return shown


def _playing(
    shown: Panel,
    header: Header,
    draft: play.Draft,
    depth: str,
    steps: tuple[Step, ...],
    turn: int | None,
) -> None:
    """The taps of a hand still being played: the next card, winner or claim."""
    live = header.live
    opened = play.open_trick(draft, live)
    going = play.in_progress(draft, live)
    finished = len(steps) - (1 if going else 0)
    shown.number = finished + 1
    shown.current = steps[-1] if steps else None
    if draft.asked:
        shown.asked = _card(header, draft.asked)
        shown.suits = [Choice(s, SYMBOLS[s], css=f"suit-{s}") for s in play.SUITS]
        return
    if opened is not None and turn is not None:
        shown.current = _open_step(header, opened, turn, shown.number)
        shown.seen = True
        turn = None  # the trick is played: the table says who won it
    shown.seats = [
        SeatView(seat, place.name, seat == turn)
        for seat, place in enumerate(header.playing)
        if seat != header.fields.get("sitting_out")
    ]
    if opened is not None or depth != CARDS:
        shown.cards = _point_picker(header, draft)
        shown.pick = "point"
        legend = _("Who won trick %(number)s?") % {"number": shown.number}
        shown.winners_legend = legend
        shown.winners = [Choice(str(s.seat), s.name) for s in shown.seats]
    else:
        shown.cards = _card_picker(header, draft)
        shown.unknown = True
        shown.calls = [Choice(f, str(CALL_LABELS[f]), made) for f, made in calls(header, draft)]
    if not going and opened is None:
        shown.claims = [Choice(str(s.seat), s.name) for s in shown.seats]


def _open_step(header: Header, trick: dict[str, Any], leader: int, number: int) -> Step:
    """A trick every seat has played to, one card unknown: its cards as tapped, no winner yet."""
    live = [s for s in range(len(header.playing)) if s != header.fields.get("sitting_out")]
    start = live.index(leader) if leader in live else 0
    plays = tuple(
        PlayView(
            name=header.names[live[(start + i) % len(live)]],
            card=None if code is None else _card(header, code),
            wins=False,
            illegal=False,
            called=code is not None and code == header.fields.get("called_card"),
        )
        for i, code in enumerate(trick.get("plays", []))
    )
    name = header.names[leader]
    return Step(number, name, plays, True, "", "", (), (), "", ())


def _card(header: Header, code: str) -> CardView | None:
    for card in header.deck:
        if card.code == code:
            return card_view(card)
    return None


def _seen(draft: play.Draft) -> set[str]:
    seen: set[str] = set()
    for trick in draft.tricks:
        seen.update(c for c in trick.get("plays", []) if c is not None)
        seen.update(trick.get("points", []))
    return seen


def _rows(cards: list[Choice]) -> list[list[Choice]]:
    rows: dict[str, list[Choice]] = {}
    for choice in cards:
        rows.setdefault(choice.css, []).append(choice)
    return list(rows.values())


def _card_picker(header: Header, draft: play.Draft) -> list[list[Choice]]:
    seen = _seen(draft)
    cards = [
        Choice(c.code, c.label, css=f"suit-{c.suit or 'J'}")
        for c in header.deck
        if c.code not in seen
    ]
    return _rows(cards)


def _point_picker(header: Header, draft: play.Draft) -> list[list[Choice]]:
    """The point cards not yet placed, those tapped for this trick pressed."""
    if not header.points:
        return []
    seen = _seen(draft)
    cards = [
        Choice(c.code, c.label, c.code in draft.points, css=f"suit-{c.suit or 'J'}")
        for c in header.deck
        if c.code in header.points and c.code not in seen
    ]
    return _rows(cards)
