"""What the app keeps for an account: its language and colours, and the throttles'
counters."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Profile(models.Model):
    """What the app remembers about a user across phones: their language and colours.

    "" is "never chosen": the phone's own setting or cookie applies."""

    AUTO, LIGHT, DARK = "auto", "light", "dark"
    THEMES = [(AUTO, _("automatic")), (LIGHT, _("light")), (DARK, _("dark"))]

    user = models.OneToOneField(settings.AUTH_USER_MODEL, models.CASCADE, related_name="profile")
    language = models.CharField(
        _("language"), max_length=10, choices=settings.LANGUAGES, blank=True
    )
    theme = models.CharField(_("colours"), max_length=8, choices=THEMES, blank=True)

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")

    def __str__(self) -> str:
        return f"{self.user} ({self.language})"


class RateCount(models.Model):
    """One throttle counter (scoring.accounts.throttle): hits in a window that ends at ``expires``.

    Changed only by single atomic statements, so parallel requests never lose a count.
    """

    bucket = models.CharField(max_length=80, primary_key=True)
    hits = models.PositiveIntegerField(default=0)
    expires = models.BigIntegerField(db_index=True)  # Unix time, seconds

    def __str__(self) -> str:
        return f"{self.bucket}: {self.hits}"
