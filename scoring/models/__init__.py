"""What the app stores, by domain: leagues and their people, sessions at a table with
their hands, club nights of several tables, the audit trail, invitations, accounts' settings and counters, and the
history figures kept. Every model is named here, so ``scoring.models`` is where Django
and the rest of the app find them."""

from scoring.models.accounts import Profile, RateCount
from scoring.models.audit import HandEvent, PlayerChange, TableChange
from scoring.models.events import Adjustment, Entrant, Event, EventTable, Round
from scoring.models.history import HistoryCache
from scoring.models.invitations import Invitation
from scoring.models.leagues import FIRST_VARIANT, VARIANT_CHOICES, League, Membership, Player
from scoring.models.table import GameSession, Hand, HandScore, Seat, live_since, new_share_token

__all__ = [
    "FIRST_VARIANT",
    "VARIANT_CHOICES",
    "Adjustment",
    "Entrant",
    "Event",
    "EventTable",
    "GameSession",
    "Hand",
    "HandEvent",
    "HandScore",
    "HistoryCache",
    "Invitation",
    "League",
    "Membership",
    "Player",
    "PlayerChange",
    "Profile",
    "RateCount",
    "Round",
    "Seat",
    "TableChange",
    "live_since",
    "new_share_token",
]
