"""The admin site: Django's, with its login's refusals answered as the site's login
answers them.

The admin's login already checks passwords through scoring.accounts.throttle's backend, so the
same counters refuse it; but the admin would answer a refused attempt with its usual
"wrong username or password" page, and a 200. Here it gets the site's login page with a
429, the message of why and for how long (in the reader's language), and Retry-After.
"""

from typing import Any

from django.contrib import admin
from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.utils.decorators import method_decorator
from django.views.decorators.cache import never_cache

from scoring.accounts.views import refused_login


class ThrottledAdminSite(admin.AdminSite):
    @method_decorator(never_cache)
    @method_decorator(login_not_required)
    def login(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        response = super().login(request, extra_context)
        refusal = getattr(request, "login_refusal", None)
        return response if refusal is None else refused_login(request, refusal)
