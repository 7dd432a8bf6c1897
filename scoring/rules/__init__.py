"""The Napoleon rules engine: standard library only, never Django.

Start with ``find_variant("taiwan")``; a variant builds its house rules
(``variant.rules({...}, players)``), checks auctions, judges tricks, lists legal
plays and scores hands. Every answer carries a reason a player can read aloud.
"""

from .bids import PASS, Bid, NapBid
from .cards import CARDS, Card, parse_card
from .errors import NotationError, RulesError, RuleViolation
from .scores import HandFacts, Score
from .tricks import LegalPlays, Trick, TrickResult
from .variants import VARIANTS, Variant, find_variant

__all__ = [
    "CARDS",
    "PASS",
    "VARIANTS",
    "Bid",
    "Card",
    "HandFacts",
    "LegalPlays",
    "NapBid",
    "NotationError",
    "RuleViolation",
    "RulesError",
    "Score",
    "Trick",
    "TrickResult",
    "Variant",
    "find_variant",
    "parse_card",
]
