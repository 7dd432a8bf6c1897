"""Valid hand records for POST /api/v1/record (record.md), one or more per game: every depth,
the notation, hands, auctions, claims and the house rules that change a record."""

NAP_EXAMPLE = {
    "variant": "nap",
    "players": 4,
    "declarer": 1,
    "contract": "three",
    "tricks": [
        {"plays": ["HA", "H5", "H9", "H2"]},
        {"plays": ["HK", "S3", "DK", "D4"]},
        {"plays": ["HQ", "S9", "H4", "D9"]},
        {"plays": ["SA", "D7", "S5", "S8"]},
        {"winner": 0},
    ],
}
TAIWAN_NOTATION = (
    "NR1.taiwan.5.1.5C.k~DK.x~SASTD4C9.HABJH6H7HT.S8SJSKS9CJ.D2DAHJDKD7.C8H8C7C4C3.DJDQD6DTC6."
    "S6S2S7H9SQ.H5H2CAH3HK.CQD5CKD9HQ.D3D8S3C2S4.C5H4CTS5LJ"
)

RECORDS = {
    "nap": NAP_EXAMPLE,
    "taiwan-notation": {"notation": TAIWAN_NOTATION},
    "mighty-notation": {
        "notation": "NR1.mighty.6.0.14S.u~discards_to~opponents.q~2.a~n.x~SAS4S3.w3pSKSQ.H9H8H7"
    },
    "hongkong": {
        "variant": "hongkong",
        "players": 4,
        "declarer": 1,
        "contract": "2S",
        "called_card": "SQ",
        "options": {"discards_to": "target"},
        "discards": ["SA"],
        "calls": ["pass", "2S", "pass", "pass", "pass"],
        "dealer": 3,
        "tricks": [
            {"plays": ["H9", "H8", "H7", "D9"]},
            {"plays": [None, "H5", None, None], "winner": 1, "points": []},
            {"plays": ["C9", "C8"]},
        ],
    },
    "japanese": {
        "variant": "japanese",
        "players": 5,
        "declarer": 2,
        "contract": "13S",
        "called_card": "DA",
        "hands": {"3": ["H8", "H5", "C4", "C5", "C6", "C7", "C8", "C9", "CJ", "CQ"]},
        "tricks": [{"plays": ["H9", "H8", "H7", "D9", "H6"]}],
    },
    "japanese-chip": {
        "variant": "japanese-chip",
        "players": 5,
        "declarer": 0,
        "contract": "13S",
        "partner": None,
        "tricks": [{"winner": 2, "points": ["SA", "HK"]}],
        "rest": 0,
    },
    "thai": {
        "variant": "thai",
        "players": 5,
        "declarer": 0,
        "contract": "2S",
        "called_card": "HA",
        "tricks": [{"plays": ["H2", None, "H4", None, "H6"], "toppled": True}],
    },
    "mighty": {
        "variant": "mighty",
        "players": 6,
        "declarer": 0,
        "sitting_out": 2,
        "contract": "15NT",
        "options": {"first_trick_friend": True},
        "calls": ["pass", "14S", "pass", "pass", "pass", "pass"],
        "dealer": 5,
        "discards": ["SA", "S4", "S3"],
        "tricks": [
            {"plays": ["H9", "H8", "H7", "D9", "H6"]},
            {"plays": ["C3", "C4", "C5", "JK", "C6"], "joker_called": True},
        ],
    },
}
