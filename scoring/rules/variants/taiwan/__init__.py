"""Taiwan and Hong Kong Napoleon: the options, the play (``game``) and the score tables."""

from scoring.rules.variants.taiwan.game import HongKongNapoleon, TaiwanNapoleon
from scoring.rules.variants.taiwan.options import HongKongRules, TaiwanRules

__all__ = ["HongKongNapoleon", "HongKongRules", "TaiwanNapoleon", "TaiwanRules"]
