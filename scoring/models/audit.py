"""The audit trail's rows: every change to a hand (``HandEvent``), and every rename or
merge of a league's player entries (``PlayerChange``). Written in the transaction that
makes the change (scoring.table.recording, scoring.leagues.entries), read by the history pages."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class HandEvent(models.Model):
    """The audit trail: one row per create, edit, undo, delete or restore of a hand.

    Written in the same transaction as the change (scoring.table.recording), so a hand
    never changes without its event. ``before`` and ``after`` are snapshots of the
    hand's fields and its seats' scores (scoring.table.audit.snapshot); ``hand_ref`` is the
    hand's id, kept when the hand is deleted so its history survives and a restore
    (which gives the hand its old id back) joins up with it.
    """

    CREATE, EDIT, UNDO, DELETE, RESTORE = "create", "edit", "undo", "delete", "restore"
    ACTIONS = [
        (CREATE, _("recorded")),
        (EDIT, _("edited")),
        (UNDO, _("undone")),
        (DELETE, _("deleted")),
        (RESTORE, _("restored")),
    ]
    REMOVALS = (UNDO, DELETE)

    session = models.ForeignKey("scoring.GameSession", models.CASCADE, related_name="hand_events")
    hand = models.ForeignKey(
        "scoring.Hand", models.SET_NULL, null=True, blank=True, related_name="events"
    )
    hand_ref = models.PositiveBigIntegerField(_("hand id"))
    number = models.PositiveIntegerField(_("hand"))
    action = models.CharField(_("action"), max_length=10, choices=ACTIONS)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    username = models.CharField(_("by"), max_length=150, blank=True)
    at = models.DateTimeField(_("when"), auto_now_add=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)

    class Meta:
        verbose_name = _("hand event")
        verbose_name_plural = _("hand events")
        ordering = ["session", "-pk"]
        indexes = [
            models.Index(fields=["session", "hand_ref"], name="hand_event_ref"),
            # A session's latest event: part of the league history's fingerprint.
            models.Index(fields=["session", "-id"], name="hand_event_latest"),
        ]

    def __str__(self) -> str:
        return f"{self.session} · #{self.number} {self.action}"


class PlayerChange(models.Model):
    """A league's player entry renamed, or merged into another (two spellings of one
    person): who, when, the names before and after, and what the merge moved.

    Its id is part of the league history's fingerprint (scoring.history.figures.cache): a merge
    changes whose hands are whose, so the figures are computed again."""

    RENAME, MERGE = "rename", "merge"
    ACTIONS = [(RENAME, _("renamed")), (MERGE, _("merged"))]

    league = models.ForeignKey("scoring.League", models.CASCADE, related_name="player_changes")
    # The entry renamed, or the one the other was merged into.
    player = models.ForeignKey(
        "scoring.Player", models.SET_NULL, null=True, blank=True, related_name="changes"
    )
    action = models.CharField(_("action"), max_length=10, choices=ACTIONS)
    old_name = models.CharField(_("before"), max_length=40)
    new_name = models.CharField(_("after"), max_length=40)
    merged_id = models.PositiveBigIntegerField(_("merged entry"), null=True, blank=True)
    moved = models.JSONField(_("moved"), default=dict, blank=True)  # {"hands": n, "seats": n}
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    username = models.CharField(_("by"), max_length=150, blank=True)
    at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        verbose_name = _("player change")
        verbose_name_plural = _("player changes")
        ordering = ["league", "-pk"]

    def __str__(self) -> str:
        return f"{self.league_id} · {self.old_name} → {self.new_name} ({self.action})"


class TableChange(models.Model):
    """One step of a session's version (``GameSession.version``): what changed at the
    table, by whom and when. A write drawn for an older version reads the steps since
    to decide whether it is stale, and the page that refuses it says what they were."""

    HAND, SEATS, STAKE, PLAYERS, RULES, END, SHARE = (
        "hand",
        "seats",
        "stake",
        "players",
        "rules",
        "end",
        "share",
    )
    KINDS = [
        (HAND, _("hand")),
        (SEATS, _("seats")),
        (STAKE, _("stake")),
        (PLAYERS, _("player names")),
        (RULES, _("session")),
        (END, _("end")),
        (SHARE, _("share link")),
    ]

    session = models.ForeignKey("scoring.GameSession", models.CASCADE, related_name="table_changes")
    version = models.PositiveIntegerField(_("version"))
    kind = models.CharField(_("what"), max_length=10, choices=KINDS)
    # What the page says about it, as it stood then (names, hand numbers, amounts), and
    # for a hand its key: scoring.table.version.describe reads it.
    detail = models.JSONField(_("detail"), default=dict, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    username = models.CharField(_("by"), max_length=150, blank=True)
    at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        verbose_name = _("table change")
        verbose_name_plural = _("table changes")
        ordering = ["session", "version"]
        constraints = [
            models.UniqueConstraint(fields=["session", "version"], name="one_change_per_version")
        ]

    def __str__(self) -> str:
        return f"{self.session_id} · v{self.version} {self.kind}"
