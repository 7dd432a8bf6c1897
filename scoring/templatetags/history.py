"""Filters for the history pages."""

from typing import Any

from django import template
from django.http import QueryDict

register = template.Library()


@register.filter
def percent(value: object) -> str:
    """``57%``, or a dash when there is nothing to divide."""
    return "—" if value is None else f"{value}%"


@register.filter
def rating(value: float | None) -> str:
    return "—" if value is None else f"{value:.0f}"


@register.filter
def change(value: float | None) -> str:
    """A rating change, whole points with a true minus sign: ``+12``, ``−3``, ``0``."""
    rounded = round(value or 0)
    if rounded > 0:
        return f"+{rounded}"
    if rounded < 0:
        return f"−{-rounded}"
    return "0"


@register.simple_tag
def with_page(query: str, page: int) -> str:
    """The period's query string with a page number, for the sessions' pager."""
    params = QueryDict(query, mutable=True)
    if page > 1:
        params["page"] = str(page)
    text = params.urlencode()
    return f"?{text}" if text else "?"


@register.filter
def add_int(value: Any, amount: Any) -> int:
    return int(value) + int(amount)
