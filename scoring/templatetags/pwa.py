from django import template
from django.template import Context

from scoring.accounts.offline import user_key

register = template.Library()


@register.simple_tag(takes_context=True)
def offline_user(context: Context) -> str:
    """The key that the offline queue and page cache file this reader's data under (a
    page kept for every reader leaves a hole here: scoring.table.page_cache)."""
    if context.get("offline_user"):
        return str(context["offline_user"])
    request = context.get("request")
    return user_key(getattr(request, "user", None))
