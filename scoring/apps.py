from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        # The engine cannot import Django; hand it Django's translation so its
        # reasons reach players in the language of the request.
        from django.utils.translation import gettext, ngettext, pgettext

        from scoring.rules import i18n

        i18n.install(gettext, ngettext, pgettext)

        # Signal receivers: a user's language and colours remembered at login, and the
        # login-failure counters.
        from scoring.accounts import language, theme, throttle  # noqa: F401
