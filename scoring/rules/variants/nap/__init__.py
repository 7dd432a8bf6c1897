"""Nap, split by concern: its options, the play of a trick and the score."""

from scoring.rules.variants.nap.game import Nap
from scoring.rules.variants.nap.options import NapRules

__all__ = ["Nap", "NapRules"]
