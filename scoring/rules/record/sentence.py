"""A sentence the record answers with, kept as a template and its parameters until it is
written, like an error's (``errors.RulesError``): the API writes it with codes and seat
numbers, a page with the players' names."""

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from scoring.rules.i18n import gettext, joined
from scoring.rules.sentences import Param, Writer, write


@dataclass(frozen=True, slots=True)
class Sentence:
    template: str  # marked with N_, translated when written
    params: Mapping[str, Param] = field(default_factory=lambda: MappingProxyType({}))
    named: str = ""  # the wording for a reader who knows the seats by name
    composed: bool = False  # already written in the reader's language (a trick's reason)

    def render(self, writer: Writer) -> str:
        if self.composed:
            return self.template
        template = self.named if self.named and writer.names_seats else self.template
        if not self.params:
            return gettext(template)
        values = {name: write(value, writer) for name, value in self.params.items()}
        return gettext(template).format(**values)

    def written(self, writer: Writer) -> str:
        """As another sentence's parameter (an error that quotes a reason)."""
        return self.render(writer)


def say(template: str, named: str = "", **params: Param) -> Sentence:
    return Sentence(template, MappingProxyType(params), named)


def written(text: str) -> Sentence:
    """A sentence the engine has already written (``/trick``'s reason, a refusal)."""
    return Sentence(text, composed=True)


Reason = tuple[Sentence, ...]


def render(reason: Reason, writer: Writer) -> str:
    """Several sentences read as one reason, in order."""
    return joined(*(part.render(writer) for part in reason)) if reason else ""
