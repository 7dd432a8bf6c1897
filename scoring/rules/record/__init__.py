"""The hand record (record.md): the play of one hand, trick by trick, judged as the referee
judges each trick, with its partner, its illegal plays, its standing and its score, and its
compact notation for links.

``read_notation`` turns the notation into the JSON record it stands for; the facade reads
that JSON into a ``Record`` (its fields in engine values) and ``judge_record`` answers it.
"""

from scoring.rules.record.answer import (
    Claim,
    IllegalPlay,
    NextPlay,
    PartnerView,
    Proof,
    RecordAnswer,
    Side,
    TrickView,
)
from scoring.rules.record.judge import judge_record
from scoring.rules.record.model import Auction, Entry, Game, Record
from scoring.rules.record.notation import read_notation
from scoring.rules.record.sentence import Reason, Sentence, render

__all__ = [
    "Auction",
    "Claim",
    "Entry",
    "Game",
    "IllegalPlay",
    "NextPlay",
    "PartnerView",
    "Proof",
    "Reason",
    "Record",
    "RecordAnswer",
    "Sentence",
    "Side",
    "TrickView",
    "judge_record",
    "read_notation",
    "render",
]
