from django.contrib import admin

from scoring.models import (
    GameSession,
    Hand,
    HandEvent,
    HandScore,
    League,
    Membership,
    Player,
    Seat,
)
from scoring.recording import delete_hand


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "default_variant", "created_at"]
    list_filter = ["default_variant"]
    search_fields = ["name"]
    inlines = [MembershipInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "league", "user"]
    list_filter = ["league"]
    search_fields = ["name", "league__name"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(GameSession)
class GameSessionAdmin(admin.ModelAdmin):
    list_display = ["date", "league", "variant", "stake", "ended_at"]
    list_filter = ["variant", "league", "date"]
    date_hierarchy = "date"
    search_fields = ["league__name", "seats__player__name"]
    readonly_fields = ["share_token", "created_at"]
    inlines = [SeatInline]


class HandScoreInline(admin.TabularInline):
    model = HandScore
    extra = 0

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
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
    # through scoring.recording, so it is audited and can be restored from the history.
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def delete_model(self, request, obj):
        delete_hand(obj, None, request.user)

    def delete_queryset(self, request, queryset):
        for hand in queryset.select_related("session"):
            delete_hand(hand, None, request.user)


@admin.register(HandEvent)
class HandEventAdmin(admin.ModelAdmin):
    """The audit trail, read only."""

    list_display = ["at", "session", "number", "action", "username"]
    list_filter = ["action", "session__league"]
    search_fields = ["username", "session__league__name"]
    list_select_related = ["session__league"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["league", "user", "role"]
    list_filter = ["role", "league"]
