"""What the Mighty's score reads of the house rules, worked out once per rules object and
player count: the point cards, the score table's numbers, and the score of each result
already met.

A hand's score depends only on who declared, who was the friend, who sat out, the contract
and the points taken: a league of thousands of hands meets the same few hundred results
again and again. The first time, ``game.Mighty`` works the score out with its own rules
(``score.unit``, ``score.shares``); after that it is looked up. Its reasons are written
again each time someone reads them, in that reader's language (``Score.lines``).
"""

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field

from scoring.rules.cards import Card
from scoring.rules.scores import Score
from scoring.rules.variants.mighty.options import MightyRules

# The most results kept per rules object and player count (each a few small numbers and
# what its reasons are written from); past it the table starts again, so a long-lived rules
# object cannot grow without bound.
MOST_KEPT = 4096


@dataclass
class ScoreTable:
    point_cards: frozenset[Card]
    values: Mapping[str, int]
    discards_to_declarer: bool
    scores: dict[Hashable, Score] = field(default_factory=dict)

    def keep(self, key: Hashable, score: Score) -> Score:
        """Keep the score of the result ``key``, worked out the first time."""
        if len(self.scores) >= MOST_KEPT:
            self.scores.clear()
        self.scores[key] = score
        return score


def score_table(
    rules: MightyRules, players: int, build: Callable[[int, MightyRules], ScoreTable]
) -> ScoreTable:
    """The table of ``rules`` at ``players`` (made by ``build`` the first time), kept on the
    (frozen) rules object itself: looking it up by the rules' hash would hash all their
    fields on every hand."""
    tables: dict[int, ScoreTable] | None = rules.__dict__.get("_score_tables")
    if tables is None:
        tables = {}
        object.__setattr__(rules, "_score_tables", tables)
    table = tables.get(players)
    if table is None:
        table = tables[players] = build(players, rules)
    return table
