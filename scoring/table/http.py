"""What a table view knows of its request, for the type checker.

Django's ``HttpRequest.user`` may be anyone; behind ``login_required`` it is an account,
which ``AuthenticatedHttpRequest`` says. django-htmx's middleware (napoleon_site.settings)
gives every request its ``htmx`` details, which ``HtmxHttpRequest`` says. None of these is
ever made: Django hands every view its own request, and these only name what it carries.
"""

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class AuthenticatedHttpRequest(HttpRequest):
    user: User


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class AuthenticatedHtmxRequest(AuthenticatedHttpRequest, HtmxHttpRequest):
    pass
