"""The one typed door to the rules engine, shared by the JSON API and the pages.

A question is a frozen dataclass of engine values (``TrickQuestion``, ``LegalPlaysQuestion``,
``AuctionQuestion``, ``ScoreQuestion``, ``DealMissQuestion``, ``RecordQuestion``, each at a
``Table``); the answer is the engine's own frozen result (``TrickResult``, ``LegalPlays``,
``AuctionState``, ``Score``, ``DealMiss``, ``RecordAnswer``), each with its reason. Written fields become
questions through ``reading`` (the API's JSON object) or ``ask`` (a page's entries),
with the same checks in the same order; a fault is the engine's ``RulesError``, which
carries its parameters as data and is written for a page by ``PageWords``.

No Django here, and no variant named: every difference between games is asked of the
variant object.
"""

from scoring.rules.auction import AuctionState, DealMiss
from scoring.rules.scores import Score
from scoring.rules.tricks import LegalPlays, TrickResult
from scoring.rulings.fields import Fields, Malformed
from scoring.rulings.questions import (
    AuctionQuestion,
    DealMissQuestion,
    LegalPlaysQuestion,
    RecordQuestion,
    ScoreQuestion,
    Table,
    TrickQuestion,
)
from scoring.rulings.reading import (
    read_auction_question,
    read_deal_miss_question,
    read_deal_miss_table,
    read_legal_plays_question,
    read_table,
    read_trick_question,
)
from scoring.rulings.record import read_record_question, record_fields
from scoring.rulings.results import read_score_question
from scoring.rulings.rule import auction, deal_miss, judge, legal_plays, record, score
from scoring.rulings.words import PAGE, PageWords

__all__ = [
    "AuctionQuestion",
    "AuctionState",
    "DealMiss",
    "DealMissQuestion",
    "Fields",
    "LegalPlays",
    "LegalPlaysQuestion",
    "Malformed",
    "PAGE",
    "PageWords",
    "RecordQuestion",
    "Score",
    "ScoreQuestion",
    "Table",
    "TrickQuestion",
    "TrickResult",
    "auction",
    "deal_miss",
    "judge",
    "legal_plays",
    "read_auction_question",
    "read_deal_miss_question",
    "read_deal_miss_table",
    "read_legal_plays_question",
    "read_record_question",
    "read_score_question",
    "read_table",
    "read_trick_question",
    "record",
    "record_fields",
    "score",
]
