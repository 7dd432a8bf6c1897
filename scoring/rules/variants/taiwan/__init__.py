"""Taiwan and Hong Kong Napoleon: the options, the play (``game``) and the score tables."""

from .game import HongKongNapoleon, TaiwanNapoleon
from .options import HongKongRules, TaiwanRules

__all__ = ["HongKongNapoleon", "HongKongRules", "TaiwanNapoleon", "TaiwanRules"]
