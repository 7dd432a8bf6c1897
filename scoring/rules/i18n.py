"""Translation hook for the engine.

The engine stays free of Django, yet every sentence it produces must reach the
player in the table's language. Strings are marked with ``_`` (translated when
the reason is built) or ``N_`` (marked only, translated later by the caller);
both names are what ``makemessages`` looks for. The Django app installs its
``gettext`` at start-up; without it the engine speaks English.
"""

from collections.abc import Callable, Iterable


def _identity(message: str) -> str:
    return message


def _plural(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


def _in_context(context: str, message: str) -> str:
    return message


_translate: Callable[[str], str] = _identity
_translate_plural: Callable[[str, str, int], str] = _plural
_translate_context: Callable[[str, str], str] = _in_context


def install(
    translate: Callable[[str], str],
    translate_plural: Callable[[str, str, int], str],
    translate_context: Callable[[str, str], str] = _in_context,
) -> None:
    """Route every engine message through ``translate`` (and ``translate_plural``, and
    ``translate_context`` for a message marked with its context) from now on."""
    global _translate, _translate_plural, _translate_context
    _translate, _translate_plural = translate, translate_plural
    _translate_context = translate_context


def _(message: str) -> str:
    return _translate(message)


def gettext(message: str) -> str:
    return _translate(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _translate_plural(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    return _translate_context(context, message)


def N_(message: str) -> str:  # noqa: N802 - the conventional name for gettext_noop
    return message


def NC_(context: str, message: str) -> tuple[str, str]:  # noqa: N802 - pgettext_noop
    """Mark ``message`` for translation in ``context`` (translated later with ``pgettext``)."""
    return (context, message)


def clauses(reasons: Iterable[str]) -> str:
    """Reasons of one ruling side by side, with the language's clause separator ("; " in
    English, full-width in Chinese, a space in Thai)."""
    return pgettext("clause separator", "; ").join(reasons)


def joined(reason: str, *notes: str) -> str:
    """Sentences read one after another: a space in English, none after 。 in Chinese and
    Japanese (the catalogue's ``{reason} {note}`` says)."""
    for note in notes:
        if note:
            reason = _translate("{reason} {note}").format(reason=reason, note=note)
    return reason
