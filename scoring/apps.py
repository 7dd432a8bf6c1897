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

        from scoring import (
            language,  # noqa: F401  (remembers a user's language at login)
            theme,  # noqa: F401  (and their colours)
            throttle,  # noqa: F401  (connects the login-failure signals)
        )
