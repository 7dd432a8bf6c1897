"""Lists and sentence ends as each language writes them.

Chinese and Japanese separate list items with 、 and end a sentence with 。, Thai
separates with a space and ends without a stop; the separators are translated
(``pgettext`` with a context naming what they are), so each catalogue says.
"""

from collections.abc import Iterable

from django.utils.translation import gettext as _
from django.utils.translation import pgettext


def separator() -> str:
    return pgettext("list separator", ", ")


def full_stop() -> str:
    return pgettext("sentence end", ".")


def join(items: Iterable[object]) -> str:
    """``a, b, c`` (``a、b、c`` in Chinese and Japanese)."""
    return separator().join(str(item) for item in items)


def either(items: Iterable[object]) -> str:
    """``4``, ``5 or 6``, ``4, 5 or 6``: the last two joined by the language's "or"."""
    texts = [str(item) for item in items]
    if len(texts) < 2:
        return "".join(texts)
    return _("{some} or {last}").format(some=join(texts[:-1]), last=texts[-1])
