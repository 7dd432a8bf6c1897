from django import template
from django.template import Context

from scoring.pwa.offline import user_key

register = template.Library()


@register.simple_tag(takes_context=True)
def offline_user(context: Context) -> str:
    """The key that the offline queue and page cache file this reader's data under."""
    request = context.get("request")
    return user_key(getattr(request, "user", None))
