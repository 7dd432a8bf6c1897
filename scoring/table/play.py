"""The play of the hand being entered, as the table taps it (record.md §10): the record so far,
kept in the hand form's hidden ``play`` field, and what one tap does to it.

The field holds JSON: the depth the table chose, the record's tricks (record.md §1.1) as they
were tapped, the point cards tapped for the trick being entered and a claim. It travels with
the form (a reload's draft, the outbox, a page without JavaScript), so nothing about it is
kept on the server. A tap changes the draft only; whether the result stands is the engine's
to say (``scoring.table.playing``), and a tap it refuses is not kept.

The last trick of the draft may be *open*: every seat's play tapped, one of them unknown, and
no winner yet. The engine cannot read such a trick (a partial trick needs its winner), so it
is left out of what is judged until its winner is tapped.
"""

import json
from dataclasses import dataclass, replace
from typing import Any

CARDS, POINTS, WINNERS = "cards", "points", "winners"
DEPTHS = (CARDS, POINTS, WINNERS)
SUITS = ("S", "H", "D", "C")
# The largest draft a form may carry: seven players' every card and marks.
MOST_CHARS = 8000
FLAGS = ("joker_called", "secretary_ordered")  # what a trick's leader or napoleon said
TRICK_KEYS = {"plays", "winner", "points", "lead_suit", *FLAGS}


@dataclass(frozen=True)
class Draft:
    """The play tapped so far."""

    depth: str = ""  # "" until the table chooses: the game's own default
    tricks: tuple[dict[str, Any], ...] = ()
    points: tuple[str, ...] = ()  # point cards tapped for the trick being entered
    rest: int | None = None  # a claim: this seat takes every trick not recorded
    asked: str = ""  # a lead that names a suit: the card, waiting for the suit

    @property
    def empty(self) -> bool:
        return not self.tricks and not self.points and self.rest is None

    def text(self) -> str:
        """The hidden field's value ("" for a draft with nothing in it and no depth chosen)."""
        if self.empty and not self.depth:
            return ""
        data: dict[str, Any] = {"depth": self.depth, "tricks": list(self.tricks)}
        if self.points:
            data["points"] = list(self.points)
        if self.rest is not None:
            data["rest"] = self.rest
        return json.dumps(data, separators=(",", ":"))


@dataclass
class Tap:
    """One tap as the form posts it: what was tapped, and its value."""

    action: str
    value: str = ""
    suit: str = ""


class Unreadable(ValueError):
    """The hidden field does not hold a draft this page wrote."""


def read(text: str | None) -> Draft:
    """The draft a form posted; raises ``Unreadable`` for anything this page did not write."""
    if not text:
        return Draft()
    if len(text) > MOST_CHARS:
        raise Unreadable("too long")
    try:
        data = json.loads(text)
    except ValueError:
        raise Unreadable("not JSON") from None
    if not isinstance(data, dict):
        raise Unreadable("not an object")
    depth = data.get("depth", "")
    if depth not in (*DEPTHS, ""):
        raise Unreadable("depth")
    rest = data.get("rest")
    if rest is not None and (not isinstance(rest, int) or isinstance(rest, bool)):
        raise Unreadable("rest")
    return Draft(depth, _tricks(data.get("tricks", [])), _codes(data.get("points", [])), rest)


def _tricks(raw: object) -> tuple[dict[str, Any], ...]:
    if not isinstance(raw, list):
        raise Unreadable("tricks")
    tricks = []
    for item in raw:
        if not isinstance(item, dict) or not set(item) <= TRICK_KEYS:
            raise Unreadable("trick")
        plays = item.get("plays", [])
        if not isinstance(plays, list) or any(
            p is not None and not isinstance(p, str) for p in plays
        ):
            raise Unreadable("plays")
        winner = item.get("winner")
        if winner is not None and (not isinstance(winner, int) or isinstance(winner, bool)):
            raise Unreadable("winner")
        if "points" in item:
            _codes(item["points"])
        if item.get("lead_suit", "S") not in SUITS:
            raise Unreadable("lead_suit")
        if any(item.get(flag, True) is not True for flag in FLAGS):
            raise Unreadable("flag")
        tricks.append(dict(item))
    return tuple(tricks)


def _codes(raw: object) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(c, str) and len(c) <= 3 for c in raw):
        raise Unreadable("cards")
    return tuple(raw)


def open_trick(draft: Draft, live: int) -> dict[str, Any] | None:
    """The last trick when every seat's play is tapped, one unknown, and no winner yet."""
    if not draft.tricks:
        return None
    last = draft.tricks[-1]
    plays = last.get("plays", [])
    if len(plays) == live and None in plays and "winner" not in last:
        return last
    return None


def judged_tricks(draft: Draft, live: int) -> list[dict[str, Any]]:
    """The tricks the engine is asked about: all but an open one."""
    tricks = list(draft.tricks)
    if open_trick(draft, live) is not None:
        tricks.pop()
    return tricks


def in_progress(draft: Draft, live: int) -> bool:
    """Whether the last trick is being played card by card (some of its plays still to come)."""
    if not draft.tricks:
        return False
    last = draft.tricks[-1]
    return "winner" not in last and 0 < len(last.get("plays", [])) < live


# ---- what a tap does ---------------------------------------------------------------------------


def apply(draft: Draft, tap: Tap, live: int, point_cards: frozenset[str]) -> Draft:
    """The draft after ``tap``. The engine judges the result; nothing here checks a card."""
    if tap.action == "depth":  # not in the middle of a trick: its cards are being tapped
        if tap.value not in DEPTHS or in_progress(draft, live):
            return draft
        return replace(draft, depth=tap.value)
    if tap.action == "undo":
        return undo(draft, live)
    if tap.action == "claim":
        return replace(draft, rest=_seat(tap.value), points=())
    if tap.action == "point":
        return _toggle_point(draft, tap.value)
    if tap.action == "flag":
        return flagged(draft, tap.value, live)
    if tap.action == "won":
        return _won(draft, _seat(tap.value), live, point_cards)
    if tap.action in ("card", "unknown"):
        card = None if tap.action == "unknown" else tap.value
        return _played(draft, card, tap.suit, live)
    return draft


def _seat(value: str) -> int | None:
    return int(value) if value.isdigit() and len(value) < 3 else None


def _toggle_point(draft: Draft, code: str) -> Draft:
    if code in draft.points:
        return replace(draft, points=tuple(c for c in draft.points if c != code))
    return replace(draft, points=(*draft.points, code))


def flagged(draft: Draft, flag: str, live: int) -> Draft:
    """A call said in the trick being played (a joker called, the secretary card ordered), or
    taken back."""
    if flag not in FLAGS or not in_progress(draft, live):
        return draft
    last = dict(draft.tricks[-1])
    if last.pop(flag, False) is not True:
        last[flag] = True
    return replace(draft, tricks=(*draft.tricks[:-1], last))


def _played(draft: Draft, card: str | None, suit: str, live: int) -> Draft:
    """A card (or an unknown one) falls: to the trick in progress, or leading a new one."""
    tricks = list(draft.tricks)
    if in_progress(draft, live):
        last = dict(tricks.pop())
        last["plays"] = [*last["plays"], card]
    else:
        last = {"plays": [card]}
        if suit in SUITS:
            last["lead_suit"] = suit
    tricks.append(last)
    return replace(draft, tricks=tuple(tricks), asked="")


def _won(draft: Draft, seat: int | None, live: int, point_cards: frozenset[str]) -> Draft:
    """A trick's winner tapped: it closes the open trick, or (by winners, or winners and point
    cards) it is the trick, with the point cards tapped for it."""
    if seat is None:
        return draft
    tricks = list(draft.tricks)
    opened = open_trick(draft, live)
    if opened is not None:
        tricks.pop()
        trick = dict(opened)
        known = [c for c in trick["plays"] if c is not None and c in point_cards]
        cards = sorted({*known, *draft.points})
    else:
        trick, cards = {}, list(draft.points)
    trick["winner"] = seat
    if point_cards:
        trick["points"] = cards
    tricks.append(trick)
    return replace(draft, tricks=tuple(tricks), points=())


def undo(draft: Draft, live: int) -> Draft:
    """The last tap taken back: a point card tapped, the claim, a winner, or a card."""
    if draft.points:
        return replace(draft, points=draft.points[:-1])
    if draft.rest is not None:
        return replace(draft, rest=None)
    if not draft.tricks:
        return draft
    tricks = list(draft.tricks)
    last = dict(tricks.pop())
    plays = last.get("plays", [])
    if "winner" in last and plays:  # a trick closed by its winner: open again
        del last["winner"]
        last.pop("points", None)
        tricks.append(last)
    elif len(plays) > 1:
        last["plays"] = plays[:-1]
        tricks.append(last)
    return replace(draft, tricks=tuple(tricks))
