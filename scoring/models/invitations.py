"""An invitation: a league owner asks a person to be one of the league's player entries.

The owner names the person's account, or shares a link or its code; the person opens
it while signed in and accepts (their account is then that player: scoring.leagues.people) or
refuses. An invitation addressed to an account is for that account alone. An invitation is open
until it is answered, revoked or expires; a code is twelve letters and digits that
cannot be misread (no 0/O, 1/I/L), about 59 random bits, far past guessing.

The model lives here, out of scoring/models.py's length; scoring.models imports it, so
Django registers it with the others. Only string references to the other models: this
module is imported while scoring.models is still loading.
"""

import datetime
import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 12
LIFETIME = datetime.timedelta(days=14)


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A code as typed (any case, with dashes or spaces) as it is stored."""
    return "".join(char for char in text.upper() if char.isascii() and char.isalnum())[:40]


def grouped(code: str) -> str:
    """ABCD-EFGH-JKMN: easier to read out across a table."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def default_expiry() -> datetime.datetime:
    return timezone.now() + LIFETIME


class Invitation(models.Model):
    OPEN, ACCEPTED, REFUSED, REVOKED = "open", "accepted", "refused", "revoked"
    STATES = [
        (OPEN, _("open")),
        (ACCEPTED, _("accepted")),
        (REFUSED, _("declined")),
        (REVOKED, _("withdrawn")),
    ]

    player = models.ForeignKey("scoring.Player", models.CASCADE, related_name="invitations")
    # The account invited, when the owner named one: then only that account may answer,
    # and it finds the invitation on its own pages. Without one, the link is the key.
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        models.CASCADE,
        null=True,
        blank=True,
        related_name="invitations_received",
        verbose_name=_("invited account"),
    )
    code = models.CharField(max_length=CODE_LENGTH, unique=True, default=new_code, editable=False)
    state = models.CharField(_("state"), max_length=10, choices=STATES, default=OPEN)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires"), default=default_expiry)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    answered_at = models.DateTimeField(_("answered"), null=True, blank=True)

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["player", "state"], name="invitation_player_state")]

    def __str__(self) -> str:
        return f"{self.player} · {self.state}"

    def get_absolute_url(self) -> str:
        return reverse("scoring:invitation", args=[self.code])

    @property
    def expired(self) -> bool:
        return timezone.now() >= self.expires_at

    @property
    def is_open(self) -> bool:
        return self.state == self.OPEN and not self.expired

    @property
    def display_code(self) -> str:
        return grouped(self.code)
