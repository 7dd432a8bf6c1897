"""Errors the engine raises, each a ``ValueError`` that quotes the bad input.

Two families matter to every caller: ``NotationError`` means the input is not
written in the game's notation at all (the API answers 400), while
``RuleViolation`` means it is well written but the rules forbid it (422).
``field`` names the offending input as a path relative to what the caller passed
(``plays[2]``, ``calls[4]``, ``options.yoromeki``); callers prefix it when they
nest the input deeper.
"""


class RulesError(ValueError):
    def __init__(self, message: str, field: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    def at(self, field: str) -> "RulesError":
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
