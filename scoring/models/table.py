"""A session at a table: the game and house rules chosen, who sits where, the hands
as the table reported them and each player's score for each hand.

Models only store and convert: every score comes from the rules engine (``scoring.rules``),
and ``Hand.facts()`` turns a stored hand back into the engine's ``HandFacts``. Who plays
the next hand and who deals it are the table's business (scoring.table)."""

import datetime
import secrets
import uuid
from collections.abc import Iterable
from functools import lru_cache
from json import dumps, loads
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Sum
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.models.leagues import VARIANT_CHOICES, League, Player
from scoring.rules import HandFacts, Score, Variant, find_variant
from scoring.rules.bids import Contract
from scoring.rules.cards import parse_card
from scoring.rules.options import TableRules


@lru_cache(maxsize=256)
def _rules(code: str, options: str, players: int) -> TableRules:
    rules: TableRules = find_variant(code).rules(loads(options), players)
    return rules


def live_since() -> datetime.date:
    """The first date of a session still live (``GameSession.is_live``)."""
    return timezone.localdate() - datetime.timedelta(days=1)


def new_share_token() -> str:
    # 32 URL-safe characters: 192 random bits, far past guessing.
    return secrets.token_urlsafe(24)


class GameSession(models.Model):
    """One sitting at a table: a variant, its seats, and the house rules as they were chosen."""

    league = models.ForeignKey(League, models.CASCADE, related_name="sessions")
    date = models.DateField(_("date"))
    variant = models.CharField(_("game"), max_length=20, choices=VARIANT_CHOICES)
    options = models.JSONField(_("house rules"), default=dict)
    first_dealer = models.PositiveSmallIntegerField(_("first dealer (seat)"), default=0)
    stake = models.DecimalField(
        _("stake per point"), max_digits=8, decimal_places=2, null=True, blank=True
    )
    # Later stakes, each from a hand on: [[hand number, "0.50" or None], …] by hand number
    # (scoring.table.money); ``stake`` is the stake from the first hand.
    stake_changes = models.JSONField(_("stake changes"), default=list, blank=True)
    # How many of those seated are dealt in (the others take turns sitting out); None:
    # all of them, as many as the game seats (scoring.table.lineup).
    players_per_hand = models.PositiveSmallIntegerField(
        _("players per hand"), null=True, blank=True
    )
    # The table's version: raised by every change to what the table is (a hand recorded,
    # edited or removed, who sits where, the stakes, a player's name, the rules, the end),
    # each with a ``TableChange`` saying what changed. Every write says which version its
    # page was drawn for, and one drawn before a change that alters its meaning is refused
    # (scoring.table.version); the pages kept for the session are keyed by it.
    version = models.PositiveIntegerField(default=0, editable=False)
    # None: the share link is off (scoring.table.views.share_link). NULL, not "", because the
    # column is unique and many sessions may have no link.
    share_token = models.CharField(  # noqa: DJ001
        max_length=64, unique=True, null=True, default=new_share_token, editable=False
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    ended_at = models.DateTimeField(_("ended"), null=True, blank=True)

    # Not stored: set on the sessions a page lists (scoring.table.live, scoring.history
    # .figures.sessions), for its template.
    hand_count: int
    board: list[tuple[str, int]]  # each seat's (name, total)
    history_seats: list[dict[str, Any]]  # each player's name, total, and whether ahead

    class Meta:
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        ordering = ["-date", "-created_at"]
        indexes = [
            models.Index(fields=["league", "-date"], name="session_league_date"),
            # One game's sessions in history order (scoring.history.figures reads them so).
            models.Index(fields=["league", "variant", "date"], name="session_league_game"),
        ]

    def __str__(self) -> str:
        return f"{self.league} · {self.date} · {self.get_variant_display()}"

    def get_absolute_url(self) -> str:
        return reverse("scoring:table", args=[self.pk])

    @property
    def is_live(self) -> bool:
        """Still being played: not ended, and dated today or yesterday (a night goes past
        midnight). One nobody ended days ago is unfinished, not live: it does not lead
        the home page (scoring.table.live)."""
        return self.ended_at is None and self.date >= live_since()

    @property
    def engine(self) -> Variant[Any]:
        return find_variant(self.variant)

    @property
    def seat_list(self) -> list["Seat"]:
        """Who sits at the table now, in seat order (clockwise)."""
        if not hasattr(self, "_seats"):
            self.all_seats = list(self.seats.select_related("player").order_by("number", "pk"))
        return self._seats

    @property
    def all_seats(self) -> list["Seat"]:
        """Every seat the session has had, those left or taken by another included."""
        if not hasattr(self, "_all_seats"):
            self.all_seats = list(self.seats.select_related("player").order_by("number", "pk"))
        return self._all_seats

    @all_seats.setter
    def all_seats(self, seats: Iterable["Seat"]) -> None:
        self._all_seats = list(seats)
        self._seats = [seat for seat in self._all_seats if seat.until_hand is None]

    def rules(self, players: int) -> TableRules:
        """The house rules of a hand of ``players``, as the engine validated them: the one
        way to them. Built once per process for each set of options and count (rules are
        frozen, and building them validates every option); may raise ``RulesError``
        where a house rule does not hold at that count."""
        return _rules(self.variant, dumps(self.options, sort_keys=True), players)

    def totals_by_player(self) -> dict[int, int]:
        return dict(
            HandScore.objects.filter(hand__session=self)
            .values_list("player")
            .annotate(total=Sum("delta"))
            .values_list("player", "total")
        )

    def totals(self) -> list[int]:
        """Each seated player's total, in seat order."""
        sums = self.totals_by_player()
        return [sums.get(seat.player_id, 0) for seat in self.seat_list]


class Seat(models.Model):
    """A player in a place at the table, from one hand on; a seat left (or taken over by
    a newcomer) keeps its row, closed at the last hand it could play (scoring.table.seating).
    Who actually played a hand is the hand's own ``lineup``."""

    session = models.ForeignKey(GameSession, models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(Player, models.PROTECT, related_name="seats")
    from_hand = models.PositiveIntegerField(_("from hand"), default=1)
    until_hand = models.PositiveIntegerField(_("until hand"), null=True, blank=True)

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["session", "number", "pk"]
        constraints = [
            # One player per place, and one place per player, among those seated now.
            models.UniqueConstraint(
                fields=["session", "number"],
                condition=models.Q(until_hand__isnull=True),
                name="unique_seat_number",
            ),
            models.UniqueConstraint(
                fields=["session", "player"],
                condition=models.Q(until_hand__isnull=True),
                name="one_seat_per_player",
            ),
        ]
        indexes = [models.Index(fields=["session", "number", "player"], name="seat_player")]

    def __str__(self) -> str:
        return f"{self.number}: {self.player}"


class Hand(models.Model):
    """One deal: its contract and result as the table reported them, and the engine's verdict."""

    PLAYED, PASSED, DEAL_MISS = "played", "passed", "dealmiss"
    STATUSES = [(PLAYED, _("played")), (PASSED, _("passed out")), (DEAL_MISS, _("deal miss"))]
    COUNT, CARDS, TRICKS = "count", "cards", "tricks"
    MODES = [(COUNT, _("quick count")), (CARDS, _("card grid")), (TRICKS, _("tricks"))]

    # What a table reported and the engine made of it: the fields an audit snapshot
    # and a league export carry (besides key and version).
    ENTRY_FIELDS = (
        "number",
        "dealer",
        "status",
        "declarer",
        "contract",
        "called_card",
        "partner",
        "mode",
        "declarer_points",
        "captured",
        "discards",
        "tricks",
        "toppled",
        "made",
        "target",
        "points",
        "lines",
        "record",
    )

    session = models.ForeignKey(GameSession, models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField(_("hand"))
    # Who played the hand, in seat order: player ids. Its length is the player count the
    # hand was scored with, and the seats below (dealer, declarer, partner, the keys of
    # captured and tricks, HandScore.seat) are places in it: the engine's seats.
    lineup = models.JSONField(_("line-up"), default=list)
    # Who was at the table but not dealt in: [[place, player id], …], place counted
    # among everyone at the table (scoring.table.lineup.ring_of puts them back).
    benched = models.JSONField(_("sitting out"), default=list, blank=True)
    # The engine's sitting_out: the seat of the line-up killed in six-player Mighty,
    # which was dealt in, plays no card and scores 0.
    sitting_out = models.PositiveSmallIntegerField(_("killed (seat)"), null=True, blank=True)
    dealer = models.PositiveSmallIntegerField(_("dealer (seat)"))
    status = models.CharField(_("status"), max_length=10, choices=STATUSES, default=PLAYED)
    declarer = models.PositiveSmallIntegerField(_("declarer (seat)"), null=True, blank=True)
    contract = models.CharField(_("contract"), max_length=12, blank=True)
    called_card = models.CharField(_("called card"), max_length=3, blank=True)
    partner = models.PositiveSmallIntegerField(_("partner (seat)"), null=True, blank=True)
    # A deal miss (the Mighty's redeal of a weak hand): the seat of the line-up that
    # called it, who deals the new hand. None for every other hand.
    deal_miss_by = models.PositiveSmallIntegerField(
        _("deal miss called by (seat)"), null=True, blank=True
    )
    mode = models.CharField(_("result entered as"), max_length=10, choices=MODES, blank=True)
    declarer_points = models.PositiveSmallIntegerField(
        _("declarer's points"), null=True, blank=True
    )
    captured = models.JSONField(_("captured point cards"), null=True, blank=True)
    discards = models.JSONField(_("point cards discarded"), default=list, blank=True)
    tricks = models.JSONField(_("tricks by seat"), null=True, blank=True)
    toppled = models.BooleanField(_("toppled"), default=False)
    made = models.BooleanField(_("made"), null=True, blank=True)
    target = models.SmallIntegerField(_("target"), null=True, blank=True)
    points = models.SmallIntegerField(_("declarer side's result"), null=True, blank=True)
    lines = models.JSONField(_("reasons"), default=list, blank=True)
    # The play of the hand, trick by trick, when the table recorded it (record.md): the
    # canonical record in the API's JSON form (``POST /api/v1/record``), as the engine
    # writes it back from its notation (scoring.table.records). JSON, not the notation:
    # record.md §9.4 names it the form a page stores and exports, an export file shows it
    # field by field, and the notation is one engine call away when a link needs it.
    record = models.JSONField(_("play of the hand"), null=True, blank=True)
    key = models.UUIDField(default=uuid.uuid4, editable=False)
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    table_version: int  # not stored: the table's version a Save left (scoring.table.recording)

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="unique_hand_number"),
            models.UniqueConstraint(fields=["session", "key"], name="one_hand_per_key"),
        ]

    def __str__(self) -> str:
        return f"{self.session} · #{self.number}"

    @property
    def passed_out(self) -> bool:
        return self.status == self.PASSED

    @property
    def is_deal_miss(self) -> bool:
        return self.status == self.DEAL_MISS

    @property
    def played(self) -> bool:
        """A contract was played and scored (not passed out, not a deal miss)."""
        return self.status == self.PLAYED

    @classmethod
    def passed_values(cls) -> dict[str, object]:
        """The entry fields of a hand everyone passed: no contract, no result, no score."""
        # A hand nobody played has no result, and no play to keep.
        unset = ("sitting_out", "declarer", "partner", "declarer_points", "captured", "tricks")
        unknown = dict.fromkeys((*unset, "record", "deal_miss_by", "made", "target", "points"))
        blank = {"contract": "", "called_card": "", "mode": "", "discards": [], "lines": []}
        return {"status": cls.PASSED, "toppled": False, **unknown, **blank}

    @classmethod
    def deal_miss_values(cls, caller: int) -> dict[str, object]:
        """The entry fields of a deal miss called by the seat ``caller``: no contract,
        no result and no score, as a hand passed out, but who called it."""
        return {**cls.passed_values(), "status": cls.DEAL_MISS, "deal_miss_by": caller}

    @staticmethod
    def scored_values(facts: HandFacts, score: Score) -> dict[str, object]:
        """The entry fields a scored hand stores from its facts and its score (the cards
        and tricks each seat took, the discards, the verdict and its lines), however the
        result was entered: typed on the form or filled from a recorded play."""
        captured = None
        if facts.captured is not None:
            captured = {str(s): [c.code for c in cs] for s, cs in sorted(facts.captured.items())}
        tricks = (
            None if facts.tricks is None else {str(s): n for s, n in sorted(facts.tricks.items())}
        )
        return {
            "captured": captured,
            "discards": [c.code for c in facts.discards],
            "tricks": tricks,
            "toppled": facts.toppled,
            "made": score.made,
            "target": score.target,
            "points": score.declarer_points,
            "lines": list(score.lines),
        }

    def parsed_contract(self) -> Contract:
        return self.session.engine.parse_contract(self.contract, self.rules())

    @property
    def players(self) -> int:
        """The player count the hand was played and scored with."""
        return len(self.lineup)

    def rules(self) -> TableRules:
        return self.session.rules(self.players)

    def facts(self) -> HandFacts:
        """The engine's view of this hand, from what is stored."""
        if self.declarer is None:  # passed out: no contract was played
            raise ValueError(f"hand {self.number} has no declarer, so nothing to score")
        players = self.players
        partner = None if self.partner == self.declarer else self.partner
        captured = None
        if self.captured is not None:
            captured = {int(s): tuple(parse_card(c) for c in cs) for s, cs in self.captured.items()}
        tricks = None if self.tricks is None else {int(s): n for s, n in self.tricks.items()}
        return HandFacts(
            players,
            self.declarer,
            self.parsed_contract(),
            partner,
            captured=captured,
            discards=tuple(parse_card(c) for c in self.discards or ()),
            declarer_points=self.declarer_points if captured is None else None,
            tricks=tricks,
            toppled=self.toppled,
            sitting_out=self.sitting_out,
        )

    def engine_score(self) -> Score | None:
        """Score this hand afresh with the engine (None for a hand passed out or a deal
        miss: nothing was played)."""
        if not self.played:
            return None
        return self.session.engine.score(self.facts(), self.rules())

    def next_dealer(self) -> int:
        """The next dealer by the game's rule, as a seat of this hand's line-up (where
        those at the table change, scoring.table.lineup follows the player)."""
        players = self.players
        if self.is_deal_miss and self.deal_miss_by is not None:
            return self.session.engine.deal_miss_dealer(self.dealer, self.deal_miss_by)
        if not self.played:
            return self.session.engine.next_dealer(self.dealer, players)
        partner = None if self.partner == self.declarer else self.partner
        return self.session.engine.next_dealer(self.dealer, players, self.declarer, partner)

    def player_at(self, seat: int | None) -> "Player | None":
        """The player in a seat of this hand's line-up (from the session's seats)."""
        if seat is None or not 0 <= seat < len(self.lineup):
            return None
        wanted = self.lineup[seat]
        return next((s.player for s in self.session.all_seats if s.player_id == wanted), None)

    def declarer_name(self) -> str:
        player = self.player_at(self.declarer)
        return player.name if player else ""

    def deal_miss_name(self) -> str:
        """Who called the deal miss, by name ("" for any other hand)."""
        player = self.player_at(self.deal_miss_by) if self.is_deal_miss else None
        return player.name if player else ""

    def contract_label(self) -> str:
        contract = self.contract
        if not contract or not self.played:
            return ""
        return self.parsed_contract().label


class HandScore(models.Model):
    """One player's score for one hand they played, stored so totals and history are one
    query away. A seat killed in six-player Mighty has none: it sat the hand out."""

    hand = models.ForeignKey(Hand, models.CASCADE, related_name="scores")
    seat = models.PositiveSmallIntegerField(_("seat"))  # a place in the hand's line-up
    player = models.ForeignKey(Player, models.PROTECT, related_name="scores")
    delta = models.IntegerField(_("score"))

    class Meta:
        verbose_name = _("hand score")
        verbose_name_plural = _("hand scores")
        ordering = ["hand", "seat"]
        constraints = [models.UniqueConstraint(fields=["hand", "seat"], name="one_score_per_seat")]

    def __str__(self) -> str:
        return f"{self.hand} · {self.seat}: {self.delta:+d}"
