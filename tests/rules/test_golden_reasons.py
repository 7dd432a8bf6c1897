"""Every reason the engine gives, kept as it was: the golden table (tests/rules/golden.py)
holds situations of every game under many house rules, with the winner and reason of each
trick, the legal cards and why the others are not, and each score's amounts and lines.
Making the engine faster must not change a word of them."""

import pytest

from tests.rules import golden

TABLES = golden.read()


def test_it_keeps_situations_of_every_game_and_kind():
    games = {table["variant"] for table in TABLES}
    kinds = {case["kind"] for table in TABLES for case in table["cases"]}
    assert games == set(golden.VARIANTS)
    assert kinds == {"trick", "legal", "score"}


@pytest.mark.parametrize(
    "table",
    TABLES,
    ids=[f"{t['variant']}-{t['players']}-{n}" for n, t in enumerate(TABLES)],
)
def test_it_answers_every_recorded_situation_as_recorded(table):
    for number, case in enumerate(table["cases"]):
        recorded = case["answer"]
        assert golden.answer(table, case) == recorded, (number, case["kind"])
