"""A club night: one league's event of several tables at once, seated afresh each round.

The night fixes its game and house rules, keeps a check-in list (members and guests: a
guest is a league player without an account), and plays rounds. Each round's tables are
ordinary sessions (``GameSession``), so everything recorded at them is league history like
any other; a table's short code lets a phone record at that table for that round only.
Only string references to the models of other modules: this one is imported while
scoring.models is still loading.
"""

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from scoring.models.leagues import VARIANT_CHOICES, Player

# Letters and digits nobody misreads across a table (no 0/O, 1/I/L).
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
TABLE_PASSES = "table_passes"  # the browser session's key: {session pk: table code}


def new_table_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_table_code(text: object) -> str:
    """A code as typed (any case, spaces or dashes) as it is stored."""
    typed = text if isinstance(text, str) else ""
    return "".join(c for c in typed.upper() if c.isascii() and c.isalnum())[:CODE_LENGTH]


def new_seed() -> int:
    return secrets.randbelow(2**31)


def new_tv_token() -> str:
    # 32 URL-safe characters: 192 random bits, far past guessing.
    return secrets.token_urlsafe(24)


class Event(models.Model):
    HANDS, TIME = "hands", "time"
    ROUND_ENDS = [(HANDS, _("after a number of hands")), (TIME, _("after a time limit"))]
    PLACEMENT, PER_HAND, RAW = "placement", "per_hand", "raw"
    FORMULAS = [
        (PLACEMENT, _("placement points")),
        (PER_HAND, _("points per hand")),
        (RAW, _("raw total")),
    ]
    RANDOM, STANDING, FRESH = "random", "standing", "fresh"
    SEATINGS = [
        (FRESH, _("fewest repeat opponents")),
        (RANDOM, _("random")),
        (STANDING, _("by standing")),
    ]

    league = models.ForeignKey("scoring.League", models.CASCADE, related_name="events")
    name = models.CharField(_("name"), max_length=80)
    date = models.DateField(_("date"))
    variant = models.CharField(_("game"), max_length=20, choices=VARIANT_CHOICES)
    options = models.JSONField(_("house rules"), default=dict, blank=True)
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=4)
    round_end = models.CharField(
        _("a round ends"), max_length=10, choices=ROUND_ENDS, default=HANDS
    )
    # Hands per table: this many deals for each of its players, so everyone deals equally.
    deals_each = models.PositiveSmallIntegerField(_("deals per player"), default=1)
    minutes = models.PositiveSmallIntegerField(_("minutes per round"), default=40)
    formula = models.CharField(_("standings"), max_length=10, choices=FORMULAS, default=PLACEMENT)
    seating = models.CharField(_("seating"), max_length=10, choices=SEATINGS, default=FRESH)
    seed = models.PositiveIntegerField(default=new_seed, editable=False)
    # Raised by every change the director makes; a write drawn for an older one is refused.
    version = models.PositiveIntegerField(default=0, editable=False)
    director = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    ended_at = models.DateTimeField(_("ended"), null=True, blank=True)
    # The TV page's link for a room's screen, no account needed; a new one stops the old.
    tv_token = models.CharField(max_length=64, unique=True, default=new_tv_token, editable=False)

    class Meta:
        verbose_name = _("club night")
        verbose_name_plural = _("club nights")
        ordering = ["-date", "-created_at"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("scoring:event", args=[self.pk])


class Entrant(models.Model):
    """A player checked in for the night; ``present`` is off once they leave early."""

    event = models.ForeignKey(Event, models.CASCADE, related_name="entrants")
    player = models.ForeignKey("scoring.Player", models.PROTECT, related_name="entries")
    present = models.BooleanField(_("present"), default=True)
    checked_in_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("checked-in player")
        verbose_name_plural = _("checked-in players")
        ordering = ["event", "checked_in_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="one_entry_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.event} · {self.player}"


class Round(models.Model):
    event = models.ForeignKey(Event, models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField(_("round"))
    method = models.CharField(_("seating"), max_length=10, choices=Event.SEATINGS)
    # Who sat this round out: player ids (the next rounds seat them first).
    sitting_out = models.JSONField(_("sitting out"), default=list, blank=True)
    seated_at = models.DateTimeField(auto_now=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    resting: list[str]  # not stored: the names of those sitting out, for a page

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="one_round_number")]

    def __str__(self) -> str:
        return f"{self.event} · {self.number}"


class EventTable(models.Model):
    """One table of one round: an ordinary session, and the code its phone joins by."""

    round = models.ForeignKey(Round, models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    session = models.OneToOneField(
        "scoring.GameSession", models.CASCADE, related_name="event_table"
    )
    code = models.CharField(max_length=CODE_LENGTH, unique=True, default=new_table_code)
    # The account a phone without one signs in as when it joins by the code: it belongs
    # to no league, so the code's pass is all it can record with (scoring.accounts.access).
    phone = models.OneToOneField(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="phone_of"
    )

    class Meta:
        verbose_name = _("table of a round")
        verbose_name_plural = _("tables of a round")
        ordering = ["round", "number"]

    def __str__(self) -> str:
        return f"{self.round} · {self.number}"

    @classmethod
    def opens(cls, session_pk: int, code: object) -> bool:
        """Does ``code`` open this session: its table's, while its round is open?"""
        return (
            isinstance(code, str)
            and cls.objects.filter(
                session_id=session_pk, code=code, round__closed_at__isnull=True
            ).exists()
        )


class Adjustment(models.Model):
    """A penalty (negative) or bonus the director gives, in game points, with its reason;
    it counts in the round it was given, as if scored at that table."""

    round = models.ForeignKey(Round, models.CASCADE, related_name="adjustments")
    player = models.ForeignKey("scoring.Player", models.PROTECT, related_name="adjustments")
    points = models.IntegerField(_("points"))
    reason = models.CharField(_("reason"), max_length=120)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("penalty or bonus")
        verbose_name_plural = _("penalties and bonuses")
        ordering = ["round", "created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.player} {self.points:+d}"


def move_entries(gone: Player, kept: Player) -> None:
    """Two player entries become one (scoring.leagues.entries.merge): the nights, the
    rounds sat out, and the penalties and bonuses, of the one going are the kept one's; a
    night both were checked in to keeps the kept one's check-in."""
    both = Entrant.objects.filter(player=kept).values("event")
    Entrant.objects.filter(player=gone, event__in=both).delete()
    Entrant.objects.filter(player=gone).update(player=kept)
    Adjustment.objects.filter(player=gone).update(player=kept)
    for round_ in Round.objects.filter(event__league_id=gone.league_id).only("sitting_out"):
        if gone.pk in round_.sitting_out:
            resting = [kept.pk if p == gone.pk else p for p in round_.sitting_out]
            round_.sitting_out = list(dict.fromkeys(resting))  # once, where they first were
            round_.save(update_fields=["sitting_out"])
