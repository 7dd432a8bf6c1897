from django.contrib import admin

from scoring.models import GameSession, Hand, HandScore, League, Membership, Player, Seat


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


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["league", "user", "role"]
    list_filter = ["role", "league"]
