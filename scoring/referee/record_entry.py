"""Check a whole hand by entering it: the game, the bid and each trick on a line of its own,
written as a player would say it (cards in play order, "?" for a card nobody saw, the
winner's seat as a number), turned into the JSON record of record.md for the engine to judge.

Seats are counted from 1 here, as the page shows them ("Seat 1" is the record's seat 0); a
value that is not a number is passed on as it is, for the engine to refuse with its path. What
the form has no field for (house rules, discards, the hands, a claim) is the notation's.
"""

import re
from dataclasses import dataclass

from django.http import QueryDict
from django.utils.translation import pgettext

from scoring.rules import VARIANTS

# The query keys of the form, in the order the permalink writes them.
KEYS = ("game", "players", "declarer", "contract", "called", "tricks")
UNKNOWN = ("?", "-")
SYMBOL_SUITS = str.maketrans({"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D"})
CLUBS = str.maketrans({"♣": "C", "♧": "C"})
SEPARATORS = re.compile(r"[\s,;]+")
MAX_TEXT = 1200  # characters of the tricks: a whole seven-player hand takes far fewer


@dataclass(frozen=True)
class HandEntry:
    """The form's values, as typed."""

    game: str
    players: str
    declarer: str
    contract: str
    called: str
    tricks: str

    @classmethod
    def from_query(cls, query: QueryDict) -> "HandEntry | None":
        """The entry in the query, or None when the form was not sent."""
        if "game" not in query:
            return None
        values = {key: str(query.getlist(key)[-1]).strip() if key in query else "" for key in KEYS}
        values["tricks"] = values["tricks"][:MAX_TEXT]
        return cls(**values)

    def pairs(self) -> list[tuple[str, str]]:
        return [(key, getattr(self, key)) for key in KEYS]

    def record(self) -> dict[str, object]:
        """The JSON record this entry stands for (record.md §1)."""
        body: dict[str, object] = {
            "variant": self.game,
            "players": _number(self.players),
            "declarer": _seat(self.declarer),
            "contract": self.contract,  # the engine reads 5c, 5C and Three alike
            "tricks": [trick for line in self.tricks.splitlines() if (trick := _trick(line))],
        }
        if self.called:
            body["called_card"] = _card(self.called)
        return body


def game_choices(current: str) -> list[dict[str, object]]:
    return [
        {"value": code, "label": pgettext(*variant.short_name), "selected": code == current}
        for code, variant in VARIANTS.items()
    ]


def _trick(line: str) -> dict[str, object]:
    """One trick: its cards in play order, its winner (a number), its point cards ("+SA")."""
    plays: list[object] = []
    points: list[object] = []
    trick: dict[str, object] = {}
    for token in SEPARATORS.split(line.strip()):
        if not token:
            continue
        if token.isdigit():
            trick["winner"] = _seat(token)
        elif token.startswith("+"):
            points.append(_card(token[1:]))
        else:
            plays.append(None if token in UNKNOWN else _card(token))
    if plays:
        trick["plays"] = plays
    if points:
        trick["points"] = points
    return trick


def _card(token: str) -> str:
    """A card as the engine writes it: ♠A, A♠, sa, AS, 10s or ST all become SA, S10."""
    code = token.translate(SYMBOL_SUITS).translate(CLUBS).upper()
    if len(code) < 2 or code in ("BJ", "LJ", "JK"):
        return code
    if len(code) >= 2 and code[0] not in "SHDC" and code[-1] in "SHDC":
        code = code[-1] + code[:-1]  # the rank first, as many players write it
    return code[0] + "10" if code[1:] == "T" else code


def _number(text: str) -> object:
    return int(text) if text.isdigit() else text


def _seat(text: str) -> object:
    """Seat "1" is the record's seat 0; what is no number stays text, for the engine."""
    return int(text) - 1 if text.isdigit() and int(text) > 0 else text
