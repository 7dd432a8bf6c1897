"""The engine's refusals of a table's house rules, as a page writes them.

The engine's sentences name options by their codes (``almighty_call cannot be on while
joker_call is S3_led``; ``options.score_values.made_napoleon must be …``): the API's
callers read codes. A player choosing rules on a page reads each rule by the name the
page shows for it, so a refusal is written again here: a combination the engine refuses
in its own sentence, and a number by the name of its box.
"""

import copy

from django.utils.translation import gettext as _

from scoring.rules.errors import RulesError
from scoring.rulings import PAGE
from scoring.words.labels import option_title, part_name, value_label

PREFIX = "options."

# The engine's sentence (its translation template) → the page's.
_FIRST_TRICK = (
    "first_trick_plain cannot be jacks while first_trick_specials_plain makes "
    "♠A ordinary on the first trick too: choose one of them."
)
_ALMIGHTY_CALL = (
    "almighty_call cannot be on while joker_call is {call}: ♠3 cannot call both the joker and ♠A."
)
_NOT_IN_TABLE = "{name} is not a number of this score table; its numbers are: {known}."
_BOUNDS = "{path} must be a whole number from {low} to {high}."
_NOT_WHOLE = "{path} must be a whole number, not {value}."


def _first_trick(error: RulesError, label: str | None) -> str:
    return _(
        "“{rule}: {value}” cannot go with “{other}”, which already makes ♠A ordinary on the "
        "first trick too: choose one of them."
    ).format(
        rule=option_title("first_trick_plain"),
        value=value_label("first_trick_plain", "jacks"),
        other=option_title("first_trick_specials_plain"),
    )


def _almighty_call(error: RulesError, label: str | None) -> str:
    call = str(error.params.get("call", ""))
    return _(
        "“{rule}” cannot be on while “{other}” is “{value}”: ♠3 cannot call both the joker and ♠A."
    ).format(
        rule=option_title("almighty_call"),
        other=option_title("joker_call"),
        value=value_label("joker_call", call),
    )


def _not_in_table(error: RulesError, label: str | None) -> str:
    # Shown after the number's name (the rules chosen have no such number in their table).
    return _(
        "Not a number of the score table these rules play: leave its box empty, or choose "
        "the rules that use it."
    )


def _bounds(error: RulesError, label: str | None) -> str:
    # Shown beside the box (and after its name in the form's summary): no name again.
    low, high = error.params.get("low"), error.params.get("high")
    return _("Write a whole number from {low} to {high}.").format(low=low, high=high)


def _not_whole(error: RulesError, label: str | None) -> str:
    # Shown beside the box, as the bounds are: what was typed, and what to type instead.
    return _("Write a whole number, not {value}.").format(value=error.params.get("value"))


_PAGE_SENTENCES = {
    _BOUNDS: _bounds,
    _NOT_WHOLE: _not_whole,
    _FIRST_TRICK: _first_trick,
    _ALMIGHTY_CALL: _almighty_call,
    _NOT_IN_TABLE: _not_in_table,
}


def path_label(path: str) -> str:
    """``options.deal_miss_values.max`` as a player reads it: the rule, then its part."""
    name, _dot, part = path.removeprefix(PREFIX).partition(".")
    title = option_title(name)
    return f"{title}: {part_name(name, part)}" if part else title


def house_refusal(error: RulesError, label: str | None = None) -> str:
    """The refusal in the page's words; ``label`` names the box it is about, when the page
    shows one (else the rule and its part are named from the error's path)."""
    rewrite = _PAGE_SENTENCES.get(error.template)
    if rewrite is not None:
        return rewrite(error, label)
    path = error.params.get("path")
    if isinstance(path, str) and path.startswith(PREFIX):
        named = copy.copy(error)
        named.params = {**error.params, "path": label or path_label(path)}
        return named.render(PAGE)
    return error.render(PAGE)
