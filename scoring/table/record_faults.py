"""Where a hand record's fault is, in words: the engine names a field path (record.md §6,
``tricks[3].plays[1]``, ``hands.2[4]``, ``notation[57]``), a page says "trick 4, card 2",
"Cat's hand, card 5", "the notation, at the marked character", and writes the engine's sentence
with the players' names.
"""

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django_stubs_ext import StrPromise

from scoring import rulings
from scoring.rules import RulesError
from scoring.words.labels import option_title

# Paths of the record's own fields (record.md §1), by name.
FIELDS: dict[str, StrPromise] = {
    "variant": gettext_lazy("the game"),
    "players": gettext_lazy("the number of players"),
    "options": gettext_lazy("the house rules"),
    "declarer": gettext_lazy("the declarer"),
    "contract": gettext_lazy("the contract"),
    "sitting_out": gettext_lazy("the seat sitting out"),
    "called_card": gettext_lazy("the called card"),
    "partner": gettext_lazy("the partner"),
    "leader": gettext_lazy("who led the first trick"),
    "discards": gettext_lazy("the discards"),
    "hands": gettext_lazy("the hands"),
    "calls": gettext_lazy("the auction"),
    "dealer": gettext_lazy("the dealer"),
    "first": gettext_lazy("who called first"),
    "previous_napoleon": gettext_lazy("the last hand's napoleon"),
    "previous_adjutant": gettext_lazy("the last hand's adjutant"),
    "tricks": gettext_lazy("the tricks"),
    "rest": gettext_lazy("the claim"),
    "notation": gettext_lazy("the notation"),
}
# The fields of a trick, each with the trick's number.
TRICK_FIELDS: dict[str, StrPromise] = {
    "plays": gettext_lazy("the cards of trick {trick}"),
    "winner": gettext_lazy("the winner of trick {trick}"),
    "points": gettext_lazy("the point cards of trick {trick}"),
    "lead_suit": gettext_lazy("the suit the leader of trick {trick} named"),
    "joker_called": gettext_lazy("the joker call in trick {trick}"),
    "secretary_ordered": gettext_lazy("the order to play the secretary card in trick {trick}"),
    "trump": gettext_lazy("the trump of trick {trick}"),
    "toppled": gettext_lazy("the toppled first trick"),
}
INDEX = re.compile(r"\[(\d+)\]$")
TRICK = re.compile(r"tricks\[(\d+)\](?:\.(\w+)(?:\[(\d+)\])?)?$")
HAND = re.compile(r"hands\.([^.\[]+)(?:\[(\d+)\])?$")


@dataclass(frozen=True)
class Problem:
    """A record refused: where (in words) and why (the engine's sentence, with names)."""

    place: str
    message: str
    field: str  # the engine's path, for whoever reads the API's answers
    # The notation cut where the fault is (a character it cannot read): before, at, after.
    marked: tuple[str, str, str] | None


def problem(error: RulesError, names: Sequence[str] = (), notation: str = "") -> Problem:
    words = rulings.PageWords(names)
    marked = None
    match = re.fullmatch(r"notation\[(\d+)\]", error.field)
    if match and notation:
        offset = int(match.group(1))
        marked = (notation[:offset], notation[offset : offset + 1], notation[offset + 1 :])
    return Problem(place(error.field, words), error.render(words), error.field, marked)


def place(path: str, words: rulings.PageWords) -> str:
    """A field path as words; an unknown one as it is."""
    if not path:
        return ""
    for reader in _READERS:
        found = reader(path, words)
        if found:
            return found
    return path


def _trick(path: str, words: rulings.PageWords) -> str:
    match = TRICK.fullmatch(path)
    if match is None:
        return ""
    number, name, index = int(match.group(1)) + 1, match.group(2), match.group(3)
    if name is None:
        return _("trick {trick}").format(trick=number)
    if index is not None and name == "plays":
        return _("card {index} of trick {trick}").format(index=int(index) + 1, trick=number)
    if index is not None and name == "points":
        return _("point card {index} of trick {trick}").format(index=int(index) + 1, trick=number)
    template = TRICK_FIELDS.get(name)
    return "" if template is None else str(template).format(trick=number)


def _hand(path: str, words: rulings.PageWords) -> str:
    match = HAND.fullmatch(path)
    if match is None:
        return ""
    key, index = match.group(1), match.group(2)
    who = words.seat(int(key)) if key.isdigit() and len(key) < 3 else key
    if index is None:
        return _("{name}'s hand").format(name=who)
    return _("card {index} of {name}'s hand").format(index=int(index) + 1, name=who)


def _listed(path: str, words: rulings.PageWords) -> str:
    """An entry of a list field: ``discards[2]``, ``calls[4]``, ``notation[57]``."""
    match = INDEX.search(path)
    if match is None:
        return ""
    name, index = path[: match.start()], int(match.group(1))
    if name == "notation":  # the page marks the character; the sentence counts from 0
        return _("the notation, at the marked character")
    if name == "discards":
        return _("discarded card {index}").format(index=index + 1)
    if name == "calls":
        return _("call {index} of the auction").format(index=index + 1)
    return ""


def _option(path: str, words: rulings.PageWords) -> str:
    if not path.startswith("options."):
        return ""
    name = path[len("options.") :].split(".")[0]
    return _("the house rule “{name}”").format(name=option_title(name))


def _plain(path: str, words: rulings.PageWords) -> str:
    found = FIELDS.get(path)
    return "" if found is None else str(found)


_READERS: tuple[Callable[[str, rulings.PageWords], str], ...] = (
    _plain,
    _trick,
    _hand,
    _listed,
    _option,
)
