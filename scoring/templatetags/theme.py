from django import template

from scoring.accounts.theme import theme_of

register = template.Library()


@register.simple_tag(takes_context=True)
def current_theme(context):
    """The reader's colours: "light", "dark" or "auto" (scoring.accounts.theme)."""
    return theme_of(context.get("request"))
