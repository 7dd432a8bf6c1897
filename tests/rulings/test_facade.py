"""The rulings facade: typed questions in, the engine's typed answers out, read from a page's
entries exactly as the API reads its JSON (one reading, so a page and the API never judge
the same question differently)."""

import dataclasses
import re
import subprocess
import sys
from pathlib import Path

import pytest

from scoring import rulings
from scoring.api import handlers
from scoring.rules.cards import card
from scoring.rules.errors import RulesError
from scoring.rulings import ask

ROOT = Path(__file__).resolve().parents[2]


def from_json(body, reader):
    fields = rulings.Fields(body)
    return reader(fields, rulings.read_table(fields))


# (a page's entries, the same question as the API's JSON body)
TRICKS = [
    (
        ("taiwan", 4, None),
        {"number": 2, "leader": 1, "trump": "S", "called_card": "HA", "plays": ["D5", "D9", "DK", "S3"]},
        {"trick": 2, "leader": 1, "trump": "S", "called_card": "HA", "plays": ["D5", "D9", "DK", "S3"]},
    ),
    (
        ("japanese", 5, {"yoromeki": "HQ"}),
        {"number": 4, "leader": 2, "trump": "H", "plays": ["C5", "C9", "SA", "CK", "HQ"]},
        {"trick": 4, "leader": 2, "trump": "H", "plays": ["C5", "C9", "SA", "CK", "HQ"]},
    ),
    (
        ("nap", 4, {"joker": True}),
        {"number": 1, "lead_suit": "D", "plays": ["JK", "D9", "DK", "C3"]},
        {"trick": 1, "lead_suit": "D", "plays": ["JK", "D9", "DK", "C3"]},
    ),
    (
        ("mighty", 6, None),
        {"number": 3, "leader": 4, "trump": "H", "sitting_out": 0, "plays": ["C5", "CA", "C9", "C2", "D3"]},
        {"trick": 3, "leader": 4, "trump": "H", "sitting_out": 0, "plays": ["C5", "CA", "C9", "C2", "D3"]},
    ),
]  # fmt: skip


@pytest.mark.parametrize(("table", "entries", "body"), TRICKS, ids=[t[0][0] for t in TRICKS])
def test_it_reads_a_page_s_trick_as_the_api_reads_json(table, entries, body):
    variant, players, options = table
    question = ask.trick_question(ask.table(variant, players, options), **entries)
    json_body = {"variant": variant, "players": players, "options": options or {}, **body}
    assert question == from_json(json_body, rulings.read_trick_question)
    answer = rulings.judge(question)
    assert isinstance(answer, rulings.TrickResult)
    assert answer.card is card(handlers.trick(json_body)["card"])
    assert answer.winner == handlers.trick(json_body)["winner"]


def test_it_answers_with_typed_values():
    table = ask.table("mighty", 5)
    question = ask.legal_plays_question(
        table, number=4, trump="H", plays=["C3"], hand=["C9", "HA", "JK", "D2"]
    )
    answer = rulings.legal_plays(question)
    assert answer.legal == (card("C9"), card("JK"))
    assert set(answer.illegal) == {card("HA"), card("D2")}
    with pytest.raises(dataclasses.FrozenInstanceError):
        question.hand = ()  # type: ignore[misc]


def test_it_reads_an_auction_a_score_and_a_deal_miss():
    table = ask.table("mighty", 5, {"deal_miss": "on"})
    state = rulings.auction(ask.auction_question(table, calls=["pass", "14NT"], dealer=0))
    assert (state.complete, state.next, str(state.best)) == (False, 2, "14NT")
    hand = ["SA", "C10", "H2", "H3", "H4", "D5", "D6", "D7", "C8", "C9"]
    assert rulings.deal_miss(ask.deal_miss_question(table, hand=hand)).qualifies
    thai = ask.table("thai", 5)
    tricks = {0: 5, 1: 2, 2: 1, 3: 1, 4: 1}
    scored = rulings.score(
        ask.score_question(thai, declarer=0, contract="1S", partner=1, tricks=tricks)
    )
    assert scored.made and scored.deltas == (1, 1, 0, 0, 0)


# Several faults at once: the first one named is the API's first one, field by field.
FAULTS = [
    ({"number": 99, "plays": ["S1"], "trump": "X"}, "trick"),
    ({"number": 2, "plays": ["S1"], "trump": "X"}, "plays[0]"),
    ({"number": 2, "plays": ["SA", "SA"], "trump": "X"}, "plays[1]"),
    ({"number": 2, "plays": ["SA", "SK"], "trump": "X"}, "plays"),
    ({"number": 2, "plays": ["SA", "SK", "SQ", "SJ", "S10"], "trump": "X"}, "trump"),
    ({"number": 2, "plays": ["JK", "SK", "SQ", "SJ", "S10"], "trump": "S"}, "lead_suit"),
]


@pytest.mark.parametrize(("entries", "field"), FAULTS, ids=[f[1] for f in FAULTS])
def test_it_names_the_first_fault_as_the_api_does(entries, field):
    with pytest.raises(RulesError) as page:
        ask.trick_question(ask.table("mighty", 5), **entries)
    body = {"variant": "mighty", "players": 5, **entries, "trick": entries["number"]}
    del body["number"]
    with pytest.raises(RulesError) as api:
        handlers.trick(body)
    assert page.value.field == api.value.field == field
    assert page.value.message == api.value.message


PROBE = """
import sys
import scoring.rulings
from scoring.rulings import ask
ask.table("taiwan", 5)
print(",".join(sorted(m for m in sys.modules if m == "django" or m.startswith("django."))))
"""


def test_it_needs_no_django():
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == ""


VARIANT_CODE = re.compile(r"[\"'](taiwan|hongkong|japanese|japanese-chip|thai|mighty|nap)[\"']")


@pytest.mark.parametrize("package", ["api", "rulings"])
def test_it_names_no_variant(package):
    for path in (ROOT / "scoring" / package).rglob("*.py"):
        text = path.read_text()
        assert not VARIANT_CODE.search(text), path
        assert ".code ==" not in text and ".code in" not in text, path
