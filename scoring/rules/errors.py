"""Errors the engine raises, each a ``ValueError`` that quotes the bad input.

Two families matter to every caller: ``NotationError`` means the input is not
written in the game's notation at all (the API answers 400), while
``RuleViolation`` means it is well written but the rules forbid it (422).
``field`` names the offending input as a path relative to what the caller passed
(``plays[2]``, ``calls[4]``, ``options.yoromeki``); callers prefix it when they
nest the input deeper.

An error carries its parameters as data (``params``: the seat, card, call, contract,
option or count it is about), beside the sentence's template marked for translation.
``message`` is the sentence as the API answers it, with codes (``14S does not beat
14NT``); ``render(writer)`` writes the same sentence for a page (``14♠ does not beat
14NT``, a seat by its player's name). A sentence about a seat gives ``named``, its
wording for a reader who knows the seats by name.
"""

from __future__ import annotations

from scoring.rules.i18n import gettext
from scoring.rules.sentences import CODES, Param, Seat, Writer, write


class RulesError(ValueError):
    def __init__(self, template: str, field: str = "", /, *, named: str = "", **params: Param):
        super().__init__(template)
        self.template = template
        self.named = named
        self.field = field
        self.params = params
        self.composed = False

    @classmethod
    def composed_by_engine(cls, sentence: str, field: str = "") -> RulesError:
        """An error whose sentence the engine has already written in the reader's language
        (a refusal it also gives elsewhere); it has no parameters to write."""
        error = cls(sentence, field)
        error.composed = True
        return error

    @property
    def message(self) -> str:
        """The sentence as the API gives it: in the active language, with codes."""
        return self.render(CODES)

    def render(self, writer: Writer) -> str:
        """The sentence in the active language, each parameter written by ``writer``."""
        if self.composed:
            return self.template
        template = self.named if self.named and writer.names_seats else self.template
        if not self.params:  # a sentence without parameters is not a format string
            return gettext(template)
        values = {name: write(value, writer) for name, value in self.params.items()}
        return gettext(template).format(**values)

    def __str__(self) -> str:
        return self.message

    @property
    def seat(self) -> int | None:
        """The seat the sentence is about, counted from 0, if it is about one."""
        value = self.params.get("seat")
        return value.number if isinstance(value, Seat) else None

    def at(self, field: str) -> RulesError:
        """Return the same error with ``field`` as its path (when it has none yet)."""
        if not self.field:
            self.field = field
        return self


class NotationError(RulesError):
    """Input that the game's notation cannot express (a 400 in the API)."""


class CardNotationError(NotationError):
    pass


class CardNotInDeck(NotationError):
    pass


class DuplicateCard(NotationError):
    pass


class CallNotationError(NotationError):
    pass


class OptionError(NotationError):
    pass


class UnknownOption(OptionError):
    pass


class BadOptionValue(OptionError):
    pass


class UnsupportedPlayers(NotationError):
    pass


class UnknownVariant(NotationError):
    pass


class OutOfRange(NotationError):
    """A seat, trick number or similar index that cannot exist at this table."""


class RuleViolation(RulesError):
    """Well-formed input that the rules forbid (a 422 in the API)."""


class IllegalCall(RuleViolation):
    pass


class IllegalPlay(RuleViolation):
    pass


class IllegalTrick(RuleViolation):
    pass


class InconsistentResult(RuleViolation):
    pass


class IllegalContract(RuleViolation):
    pass
