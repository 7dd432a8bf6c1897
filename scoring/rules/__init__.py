"""The Napoleon rules engine: standard library only, never Django.

Start with ``find_variant("taiwan")``; a variant builds its house rules
(``variant.rules({...}, players)``), checks auctions, judges tricks, lists legal
plays and scores hands. Every answer carries a reason a player can read aloud.
"""

from scoring.rules.bids import PASS, Bid, NapBid
from scoring.rules.cards import CARDS, Card, parse_card
from scoring.rules.errors import NotationError, RulesError, RuleViolation
from scoring.rules.scores import HandFacts, Score
from scoring.rules.tricks import LegalPlays, Trick, TrickResult
from scoring.rules.variants import VARIANTS, Variant, find_variant

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
