from typing import Any

from django import template
from django.templatetags.static import static
from django.urls import get_script_prefix, reverse
from django.utils.html import format_html

from scoring.rules.cards import parse_card
from scoring.rules.cards import suit_name as suit_name_text
from scoring.rules.errors import RulesError
from scoring.rules.scores import signed as signed_text

register = template.Library()

# A number no page's id reaches, standing for the id while a URL is reversed once.
_ID_MARK = 987_654_321_987_654_321
_ID_SHAPES: dict[tuple[str, str], tuple[str, str]] = {}


@register.simple_tag
def id_url(name: str, pk: object) -> str:
    """``{% url name pk %}`` for a page named by one id, as a list of rows writes it a
    hundred times: reversed once per process (and script prefix), then the id put in."""
    prefix = get_script_prefix()
    shape = _ID_SHAPES.get((prefix, name))
    if shape is None:
        before, after = reverse(name, args=[_ID_MARK]).split(str(_ID_MARK))
        shape = _ID_SHAPES[(prefix, name)] = (before, after)
    return f"{shape[0]}{int(str(pk))}{shape[1]}"


_ROUTES: dict[tuple[str, str], str] = {}


@register.simple_tag
def route(name: str) -> str:
    """``{% url name %}`` for a page with no argument, as every page's header and footer
    write a dozen: reversed once per process (and script prefix), a fifth of what
    reversing costs each time."""
    prefix = get_script_prefix()
    found = _ROUTES.get((prefix, name))
    if found is None:
        found = _ROUTES[(prefix, name)] = reverse(name)
    return found


_ASSETS: dict[str, str] = {}


@register.simple_tag
def asset(path: str) -> str:
    """``{% static path %}``, worked out once per process: a release's static addresses
    (hashed names included) do not change while it runs, and working one out costs ten
    times what reading it back does."""
    found = _ASSETS.get(path)
    if found is None:
        found = _ASSETS[path] = static(path)
    return found


@register.filter
def card(code: object) -> object:
    """A card code as its label in the suit's colour: ``HQ`` → red ``♥Q``."""
    if not code:
        return ""
    try:
        parsed = parse_card(str(code))
    except RulesError:
        return code
    suit = parsed.suit or "J"
    return format_html('<span class="suit-{}">{}</span>', suit, parsed.label)


@register.filter
def signed(value: Any) -> object:
    """``+20``, ``−40`` (a true minus sign), ``0``."""
    try:
        return signed_text(int(value))
    except (TypeError, ValueError):
        return value


@register.filter
def suit_class(code: object) -> str:
    return f"suit-{code}" if code in ("S", "H", "D", "C") else ""


@register.filter
def suit_name(code: str) -> str:
    """``S`` → "spades", in the current language (names a group of cards for screen readers)."""
    return suit_name_text(code) if code in ("S", "H", "D", "C") else ""


@register.filter
def minus_sign(value: object) -> str:
    """A number as printed, with a true minus sign: ``-1.60`` → ``−1.60``."""
    return str(value).replace("-", "−")
