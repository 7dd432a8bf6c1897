"""The Mighty, split by concern: its options, the trick order, legal plays, the deal miss
and the score; ``game`` puts them together as the variant."""

from .game import Mighty
from .options import DealMissValues, MightyRules, TrumpChangeCost
from .order import mighty_card, ripper_card

__all__ = [
    "DealMissValues",
    "Mighty",
    "MightyRules",
    "TrumpChangeCost",
    "mighty_card",
    "ripper_card",
]
