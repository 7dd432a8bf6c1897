from django.apps import AppConfig
from django.utils.translation import gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

from scoring.rules import i18n


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        # The engine cannot import Django; hand it Django's translation so its
        # reasons reach players in the language of the request.
        i18n.install(gettext, ngettext, pgettext)
        # Signal receivers (a user's language and colours remembered at login, the
        # login-failure counters, the league's figures brought up to date after a Save):
        # their modules use the models, which may be imported only once the app registry
        # is ready, that is here.
        from scoring.accounts import language, theme, throttle  # noqa: F401
        from scoring.history import after_save  # noqa: F401
