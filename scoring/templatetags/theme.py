from django import template
from django.template import Context

from scoring.accounts.theme import theme_of

register = template.Library()


@register.simple_tag(takes_context=True)
def current_theme(context: Context) -> str:
    """The reader's colours: "light", "dark" or "auto" (scoring.accounts.theme)."""
    return theme_of(context.get("request"))
