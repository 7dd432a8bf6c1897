"""The history's own tables: derived from the hands, rebuilt from them at will.

Nothing here is entered by a player. ``scoring.history.sync`` writes these rows in the
transaction that records, edits or removes a hand; ``rebuild_history`` recomputes a
league's rows from its hands. Imported by scoring/models.py, so they belong to the
``scoring`` app and its migrations.
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

# The running sums kept on every PlayerHand row, so a date range is two lookups.
CUMULATIVE_FIELDS = (
    "cum_score",
    "cum_sessions",
    "cum_won",
    "cum_declared",
    "cum_made",
    "cum_partner",
    "cum_partner_won",
    "cum_defended",
    "cum_defeated",
)


class LeagueHistory(models.Model):
    """The version of the figures a league's history rows hold; an older (or missing)
    stamp makes the league rebuild its history from its hands."""

    league = models.OneToOneField("scoring.League", models.CASCADE, related_name="+")
    version = models.PositiveIntegerField(default=0)
    built_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("league history")
        verbose_name_plural = _("league histories")

    def __str__(self) -> str:
        return f"{self.league_id} v{self.version}"


class PlayerHand(models.Model):
    """One player's part in one played hand, with their running figures up to it.

    ``pos`` orders the league's hands (session date, session, hand number). The
    running figures count within the score table (``n``, ``cum_*``, ``streak``) or the
    variant (``vn``, ratings), this hand included.
    """

    NAPOLEON, PARTNER, DEFENDER = "N", "P", "D"

    league = models.ForeignKey("scoring.League", models.CASCADE, related_name="+", db_index=False)
    hand = models.ForeignKey("scoring.Hand", models.CASCADE, related_name="+")
    # Rows go with their hand; the session link is for reading only.
    session = models.ForeignKey(
        "scoring.GameSession",
        models.DO_NOTHING,
        related_name="+",
        db_index=False,
        db_constraint=False,
    )
    player = models.ForeignKey("scoring.Player", models.CASCADE, related_name="+", db_index=False)
    date = models.DateField()
    number = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    variant = models.CharField(max_length=20)
    table = models.CharField(max_length=40)
    pos = models.BigIntegerField()
    role = models.CharField(max_length=1)
    made = models.BooleanField(null=True)  # the napoleon's side's result; None for a draw
    won = models.BooleanField()
    delta = models.IntegerField()
    level = models.CharField(max_length=12)
    trump = models.CharField(max_length=2, blank=True)
    difficulty = models.FloatField()
    taken = models.SmallIntegerField(null=True)  # the side's points or tricks
    needed = models.SmallIntegerField(null=True)
    # Running figures, in league order.
    n = models.PositiveIntegerField()
    tick = models.PositiveSmallIntegerField()  # how many times 2 divides n (for sampling)
    vn = models.PositiveIntegerField()
    vtick = models.PositiveSmallIntegerField()  # how many times 2 divides vn
    opens = models.BooleanField()  # the player's first hand of this session
    streak = models.PositiveIntegerField()
    streak_from = models.BigIntegerField()
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    cum_score = models.BigIntegerField()
    cum_sessions = models.PositiveIntegerField()
    cum_won = models.PositiveIntegerField()
    cum_declared = models.PositiveIntegerField()
    cum_made = models.PositiveIntegerField()
    cum_partner = models.PositiveIntegerField()
    cum_partner_won = models.PositiveIntegerField()
    cum_defended = models.PositiveIntegerField()
    cum_defeated = models.PositiveIntegerField()

    class Meta:
        ordering = ["pos", "seat"]
        indexes = [
            # The last row before a date, per player and score table / variant.
            models.Index(fields=["player", "table", "pos"], name="ph_player_table_pos"),
            models.Index(fields=["player", "variant", "pos"], name="ph_player_variant_pos"),
            # Chart samples: the rows whose n is a multiple of 2^k give about N / 2^k points
            # spread evenly over N hands; and a rating at chosen hand counts (sparklines).
            models.Index(
                fields=["player", "table", "tick"],
                include=["n", "vn", "pos", "cum_score", "rating_after"],
                name="ph_player_table_tick",
            ),
            models.Index(
                fields=["player", "variant", "vtick"],
                include=["vn", "rating_after"],
                name="ph_player_variant_vtick",
            ),
            models.Index(fields=["player", "variant", "vn"], name="ph_player_variant_vn"),
            # Replaying a game's later hands.
            models.Index(fields=["league", "variant", "pos"], name="ph_league_variant_pos"),
            # Records: the biggest hand, the longest streak.
            models.Index(fields=["league", "table", "-delta", "pos"], name="ph_best_hand"),
            models.Index(
                fields=["league", "table", "-streak", "pos", "streak_from"], name="ph_streak"
            ),
            # A player's sessions, newest first.
            models.Index(
                fields=["player", "-pos"], condition=Q(opens=True), name="ph_player_sessions"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} · hand {self.hand_id}"


class PlayerTable(models.Model):
    """A player who has played a score table: where their rows start and end."""

    league = models.ForeignKey("scoring.League", models.CASCADE, related_name="+")
    player = models.ForeignKey("scoring.Player", models.CASCADE, related_name="+", db_index=False)
    variant = models.CharField(max_length=20)
    table = models.CharField(max_length=40)
    hands = models.PositiveIntegerField()
    first_pos = models.BigIntegerField()
    last_pos = models.BigIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "table"], name="one_player_table")]

    def __str__(self) -> str:
        return f"{self.player_id} · {self.table}"


class LeagueTable(models.Model):
    """A score table the league has played."""

    league = models.ForeignKey("scoring.League", models.CASCADE, related_name="+", db_index=False)
    variant = models.CharField(max_length=20)
    table = models.CharField(max_length=40)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["league", "table"], name="one_league_table")]

    def __str__(self) -> str:
        return f"{self.league_id} · {self.table}"


class Rating(models.Model):
    """A player's current rating in a variant (its history is in ``PlayerHand``)."""

    league = models.ForeignKey("scoring.League", models.CASCADE, related_name="+")
    player = models.ForeignKey("scoring.Player", models.CASCADE, related_name="+", db_index=False)
    variant = models.CharField(max_length=20)
    rating = models.FloatField()
    hands = models.PositiveIntegerField()
    first_pos = models.BigIntegerField()
    last_pos = models.BigIntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["player", "variant"], name="one_rating")]

    def __str__(self) -> str:
        return f"{self.player_id} · {self.variant}: {self.rating:.0f}"


class Tally(models.Model):
    """Counts with no order to them, per player and variant.

    ``bid``: the player's contracts as napoleon at one level and trump (``key`` is
    ``level/trump``), how many were made, and the points (or tricks) taken and needed.
    ``mate``: hands the player and another (``key`` is their id) played on the
    napoleon's side together, and how many they won.
    """

    BID, MATE = "bid", "mate"

    league = models.ForeignKey("scoring.League", models.CASCADE, related_name="+")
    player = models.ForeignKey("scoring.Player", models.CASCADE, related_name="+", db_index=False)
    variant = models.CharField(max_length=20)
    kind = models.CharField(max_length=4)
    key = models.CharField(max_length=20)
    hands = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    taken = models.IntegerField(default=0)
    needed = models.IntegerField(default=0)
    measured = models.PositiveIntegerField(default=0)  # hands with a count of points or tricks

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "variant", "kind", "key"], name="one_tally")
        ]

    def __str__(self) -> str:
        return f"{self.player_id} · {self.variant} {self.kind} {self.key}"
