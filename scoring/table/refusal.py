"""What a page shows when a write is refused for the table's version: one headline and
the changes since the page was drawn, each a sentence (templates/scoring/_table_changed.html)."""

from typing import TYPE_CHECKING, TypedDict

from django.utils.translation import gettext_lazy

from scoring.table.version import MISSING, StaleTable, VersionMissing, describe

if TYPE_CHECKING:  # django-stubs' name for a lazy translation; nothing to import at run time
    from django_stubs_ext import StrPromise

CHANGED = gettext_lazy("Nothing was saved: the table changed after this page was opened.")


class Refusal(TypedDict):
    table_refusal: "StrPromise"
    table_changed: list[str]
    table_kept: bool


def refusal_context(error: StaleTable | VersionMissing, kept: bool = True) -> Refusal:
    """``kept``: the page shows the entry again, to be checked and saved once more."""
    if isinstance(error, VersionMissing):
        return {"table_refusal": MISSING, "table_changed": [], "table_kept": kept}
    changed = [describe(c) for c in error.changes]
    return {"table_refusal": CHANGED, "table_changed": changed, "table_kept": kept}


def refusal_status(error: StaleTable | VersionMissing) -> int:
    return 400 if isinstance(error, VersionMissing) else 409
