"""A league and its people: the league, its members (accounts) and its players (the
names at its tables, who need no account)."""

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db import connection, models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from scoring.rules import VARIANTS

# The games in the engine's order, each by its own (translated) name: the engine is the one
# list of variants, so a new game needs no edit here.
VARIANT_CHOICES = [(code, _(variant.name)) for code, variant in VARIANTS.items()]
FIRST_VARIANT = VARIANT_CHOICES[0][0]
LEAGUE_NAME_LENGTH = 80


class League(models.Model):
    name = models.CharField(_("name"), max_length=LEAGUE_NAME_LENGTH)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    default_variant = models.CharField(
        _("usual game"), max_length=20, choices=VARIANT_CHOICES, default=FIRST_VARIANT
    )
    default_options = models.JSONField(
        _("usual house rules"), default=dict, blank=True, help_text=_("By variant code.")
    )
    # The money its tables play for, by its ISO 4217 code ("KRW"); blank: a plain number
    # (scoring.words.money writes amounts either way).
    currency = models.CharField(_("currency"), max_length=3, blank=True, default="")
    members: "models.ManyToManyField[User, Membership]" = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="Membership", related_name="leagues"
    )
    # Set when the league was filled from a league file: a copy, not where it was kept.
    imported_at = models.DateTimeField(_("imported"), null=True, blank=True, editable=False)

    class Meta:
        verbose_name = _("league")
        verbose_name_plural = _("leagues")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("scoring:league", args=[self.pk])

    def role_of(self, user: User | AnonymousUser) -> str | None:
        """The user's role here, or None. In SQL: every page of a league asks (one row at
        most: one membership per league and account), and building it cost more than
        running it."""
        if not user.is_authenticated:
            return None
        table = connection.ops.quote_name(Membership._meta.db_table)
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT role FROM {table} WHERE league_id = %s AND user_id = %s",
                [self.pk, user.pk],
            )
            found = cursor.fetchone()
        return found[0] if found else None


class Membership(models.Model):
    OWNER, MEMBER = "owner", "member"
    ROLES = [(OWNER, _("owner")), (MEMBER, _("member"))]

    league = models.ForeignKey(League, models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=10, choices=ROLES, default=MEMBER)

    class Meta:
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [models.UniqueConstraint(fields=["league", "user"], name="one_membership")]

    def __str__(self) -> str:
        return f"{self.user} · {self.league} ({self.role})"


class Player(models.Model):
    """A person at the table; they need no account of their own."""

    league = models.ForeignKey(League, models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="players"
    )

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="unique_player_name"),
            # One account is one person: at most one player entry per league
            # (scoring.models.invitations links them).
            models.UniqueConstraint(
                fields=["league", "user"],
                condition=models.Q(user__isnull=False),
                name="one_player_per_account",
            ),
        ]

    def __str__(self) -> str:
        return self.name
