from typing import Any

from django.contrib import admin
from django.db.models import Model, QuerySet
from django.forms import ModelForm
from django.http import HttpRequest

from scoring.models import (
    GameSession,
    Hand,
    HandEvent,
    HandScore,
    League,
    Membership,
    Player,
    Seat,
    TableChange,
)
from scoring.table import version
from scoring.table.recording import delete_hand


class MembershipInline(admin.TabularInline[Membership, League]):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin[League]):
    list_display = ["name", "default_variant", "created_at"]
    list_filter = ["default_variant"]
    search_fields = ["name"]
    inlines = [MembershipInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin[Player]):
    list_display = ["name", "league", "user"]
    list_filter = ["league"]
    search_fields = ["name", "league__name"]

    def save_model(
        self, request: HttpRequest, obj: Player, form: ModelForm[Player], change: bool
    ) -> None:
        # A new name shows on every table the player sat at: their versions move, so no
        # kept page or share poll keeps the old one (the admin's save is one transaction).
        super().save_model(request, obj, form, change)
        if change and "name" in form.changed_data:
            sessions = list(Seat.objects.filter(player=obj).values_list("session_id", flat=True))
            detail = {"action": "rename", "old": form.initial.get("name", ""), "new": obj.name}
            version.bump_many(sessions, TableChange.PLAYERS, detail, request.user)


class SeatInline(admin.TabularInline[Seat, GameSession]):
    model = Seat
    extra = 0


@admin.register(GameSession)
class GameSessionAdmin(admin.ModelAdmin[GameSession]):
    list_display = ["date", "league", "variant", "stake", "ended_at"]
    list_filter = ["variant", "league", "date"]
    date_hierarchy = "date"
    search_fields = ["league__name", "seats__player__name"]
    readonly_fields = ["share_token", "created_at"]
    inlines = [SeatInline]

    def save_model(
        self, request: HttpRequest, obj: GameSession, form: ModelForm[GameSession], change: bool
    ) -> None:
        # Rules, seats, stakes or the end changed behind the table's back: its version
        # moves, so pages drawn before refuse their writes and kept pages are redrawn.
        # The row is locked and read first: a whole-row save must not write back the
        # version this page was loaded with (a hand may have moved it since).
        if change:
            locked = version.lock(obj.pk)
            obj.version = locked.version
            # For save_related, in the same transaction: the admin keeps no state of a
            # request but the request.
            request.napoleon_locked = locked  # type: ignore[attr-defined]
        super().save_model(request, obj, form, change)

    def save_related(
        self, request: HttpRequest, form: ModelForm[GameSession], formsets: Any, change: bool
    ) -> None:
        super().save_related(request, form, formsets, change)
        locked = getattr(request, "napoleon_locked", None)
        if change and locked is not None:
            version.bump(locked, TableChange.RULES, {"action": "admin"}, request.user)


class HandScoreInline(admin.TabularInline[HandScore, Hand]):
    model = HandScore
    extra = 0

    # ``obj``: the hand the inline is drawn in (Django passes an inline its parent).
    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin[Hand]):
    list_display = [
        "session",
        "number",
        "status",
        "declarer",
        "contract",
        "partner",
        "made",
        "mode",
    ]
    list_filter = ["status", "made", "mode", "session__variant", "session__league"]
    search_fields = ["session__league__name", "contract", "called_card"]
    list_select_related = ["session__league"]
    readonly_fields = ["key", "version", "created_at", "updated_at"]
    inlines = [HandScoreInline]

    # View and delete only: a change here would skip the version check, the engine's
    # scoring and the audit trail, so hands are corrected on the site. Deleting goes
    # through scoring.table.recording, so it is audited and can be restored from the history.
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Hand | None = None) -> bool:
        return False

    def delete_model(self, request: HttpRequest, obj: Hand) -> None:
        delete_hand(obj, None, request.user)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Hand]) -> None:
        for hand in queryset.select_related("session"):
            delete_hand(hand, None, request.user)


@admin.register(HandEvent)
class HandEventAdmin(admin.ModelAdmin[HandEvent]):
    """The audit trail, read only."""

    list_display = ["at", "session", "number", "action", "username"]
    list_filter = ["action", "session__league"]
    search_fields = ["username", "session__league__name"]
    list_select_related = ["session__league"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: HandEvent | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: HandEvent | None = None) -> bool:
        return False


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin[Membership]):
    list_display = ["league", "user", "role"]
    list_filter = ["role", "league"]
