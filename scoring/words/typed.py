"""Text people type, refused before it reaches a query when it holds what no name,
username or code can: control characters (a line break, a tab, NUL)."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from scoring.query import has_control


def control_refusal() -> str:
    return _("Type this again without control characters (a tab, a line break, NUL…).")


def refuse_control(value: str) -> None:
    """A field's validator: no control characters, so none reaches a query. NUL is left
    to Django's own validator, which every CharField has, so it is not said twice."""
    if "\x00" not in value and has_control(value):
        raise ValidationError(control_refusal(), code="control")
