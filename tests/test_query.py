"""The strict readers of scoring.query: what is an id, and what holds a control character."""

import pytest

from scoring import query


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1", 1),
        ("42", 42),
        ("007", 7),
        ("9" * 18, 10**18 - 1),
        ("9" * 19, None),
        ("9" * 5000, None),
        ("0", None),
        ("-1", None),
        ("+1", None),
        (" 1", None),
        ("1 ", None),
        ("1\n", None),
        ("1_0", None),
        ("1e3", None),
        ("", None),
        ("²", None),  # isdigit() says yes, int() refuses
        ("٣", None),  # int() takes Arabic-Indic digits
        ("߁", None),  # N'Ko
        ("１", None),  # fullwidth
        ("①", None),
        ("1\x00", None),
        (None, None),
        (7, None),
        (["1"], None),
    ],
)
def test_it_reads_an_id_only_from_ascii_digits(text, expected):
    assert query.object_id(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("annie", False),
        ("Élodie", False),
        ("名前 です", False),
        ("a\u200db", False),  # a joiner is a format character, not a control
        ("", False),
        ("a\x00b", True),
        ("\t", True),
        ("a\nb", True),
        ("\x7f", True),
        ("\x85", True),  # NEL, a C1 control
        ("\ud800", True),  # a lone surrogate
    ],
)
def test_it_finds_control_characters(text, expected):
    assert query.has_control(text) is expected
