"""Nap, split by concern: its options, the play of a trick and the score."""

from .game import Nap
from .options import NapRules

__all__ = ["Nap", "NapRules"]
