"""Valid request bodies that use the house rules (Mighty, Taiwan and
Hong Kong, Nap), with the answers worked by hand; the fuzz tests mutate them too."""

SIX = {"variant": "mighty", "players": 6}
DEAL_MISS_HAND = ["SA", "C10", "H2", "H3", "H4", "D5", "D6", "D7", "C8", "C9"]

TRICK = {
    # leader 4, seat 0 killed: the plays are seats 4, 5, 1, 2, 3; ♣A (index 1) is seat 5.
    "mighty-6": (
        {
            **SIX,
            "trump": "H",
            "trick": 3,
            "leader": 4,
            "sitting_out": 0,
            "plays": ["C5", "CA", "C9", "C2", "D3"],
        },
        (5, "CA", 1),
    ),
    "mighty-4": (
        {
            "variant": "mighty",
            "players": 4,
            "trump": "H",
            "trick": 2,
            "plays": ["C5", "C9", "CK", "C3"],
        },
        (2, "CK", 2),
    ),
    "mighty-called-joker-power": (
        {
            "variant": "mighty",
            "players": 5,
            "options": {"called_joker_has_power": True},
            "trump": "H",
            "trick": 4,
            "joker_called": True,
            "plays": ["C3", "JK", "HA", "C9", "D2"],
        },
        (1, "JK", 1),
    ),
    "mighty-first-trick-call": (
        {
            "variant": "mighty",
            "players": 5,
            "options": {"ripper_first_trick": "lead_and_call"},
            "trump": "H",
            "trick": 1,
            "joker_called": True,
            "plays": ["C3", "JK", "HA", "C9", "D2"],
        },
        (2, "HA", 2),
    ),
    "nap-joker-lead": (
        {
            "variant": "nap",
            "players": 4,
            "options": {"joker": True},
            "trick": 1,
            "lead_suit": "D",
            "plays": ["JK", "D5", "DA", "C2"],
        },
        (0, "JK", 0),
    ),
    "nap-garnet": (
        {
            "variant": "nap",
            "players": 4,
            "options": {"sir_garnet": True},
            "trick": 2,
            "trump": "S",
            "contract": "garnet",
            "plays": ["H5", "HA", "S2", "H9"],
        },
        (2, "S2", 2),
    ),
}

LEGAL = {
    # seat 0 killed, leader 4: after four plays the next live seat is 3.
    "mighty-6": (
        {
            **SIX,
            "trump": "H",
            "trick": 3,
            "leader": 4,
            "sitting_out": 0,
            "plays": ["C5", "CA", "C9", "C2"],
            "hand": ["C4", "H2", "SA"],
        },
        {"C4", "SA"},
    ),
    "mighty-defense": (
        {
            "variant": "mighty",
            "players": 5,
            "options": {"mighty_defense": True},
            "trump": "H",
            "trick": 4,
            "joker_called": True,
            "plays": ["C3"],
            "hand": ["JK", "SA", "C5"],
        },
        {"JK", "SA"},
    ),
    "mighty-first-trick-trumps-none": (
        {
            "variant": "mighty",
            "players": 5,
            "options": {"first_trick_trumps": "none"},
            "trump": "H",
            "trick": 1,
            "plays": ["C5"],
            "hand": ["H2", "D4"],
        },
        {"D4"},
    ),
    "nap-joker": (
        {
            "variant": "nap",
            "players": 4,
            "options": {"joker": True},
            "trick": 2,
            "trump": "H",
            "plays": ["S5"],
            "hand": ["JK", "S2", "D3"],
        },
        {"S2"},
    ),
}

AUCTION = {
    "mighty-deal-miss": (
        {
            "variant": "mighty",
            "players": 5,
            "dealer": 0,
            "options": {"deal_miss": "on"},
            "calls": ["pass", "pass", "pass", "dealmiss"],
        },
        {
            "complete": True,
            "redeal": True,
            "declarer": None,
            "contract": None,
            "next": None,
            "deal_miss": 3,
        },
    ),
    "mighty-6": (
        {**SIX, "dealer": 2, "calls": ["pass", "15NT", "pass", "pass", "pass", "pass"]},
        {"complete": True, "next": None, "declarer": 3, "contract": "15NT", "redeal": False},
    ),
    "nap-one": (
        {
            "variant": "nap",
            "players": 4,
            "dealer": 3,
            "options": {"all_pass": "dealer_bids_one"},
            "calls": ["pass", "pass", "pass", "one"],
        },
        {"complete": True, "next": None, "declarer": 3, "contract": "one", "redeal": False},
    ),
    "nap-garnet": (
        {
            "variant": "nap",
            "players": 4,
            "dealer": 0,
            "options": {"sir_garnet": True},
            "calls": ["garnet", "wellington", "pass", "pass"],
        },
        {"complete": True, "next": None, "declarer": 2, "contract": "wellington", "redeal": False},
    ),
}

SCORE = {
    "mighty-6": (
        {
            **SIX,
            "declarer": 0,
            "contract": "13S",
            "partner": 1,
            "sitting_out": 5,
            "declarer_points": 15,
        },
        {"0": 6, "1": 3, "2": -3, "3": -3, "4": -3, "5": 0},
    ),
    "mighty-4": (
        {
            "variant": "mighty",
            "players": 4,
            "declarer": 0,
            "contract": "13S",
            "partner": 1,
            "declarer_points": 15,
        },
        {"0": 3, "1": 3, "2": -3, "3": -3},
    ),
    "mighty-pagat-p10": (
        {
            "variant": "mighty",
            "players": 5,
            "options": {"formula": "pagat_p10"},
            "declarer": 0,
            "contract": "13S",
            "partner": 1,
            "declarer_points": 15,
        },
        {"0": 10, "1": 5, "2": -5, "3": -5, "4": -5},
    ),
    "taiwan-balanced": (
        {
            "variant": "taiwan",
            "players": 4,
            "options": {"four_player_table": "balanced"},
            "declarer": 1,
            "contract": "1H",
            "partner": 3,
            "declarer_points": 9,
        },
        {"0": -75, "1": 100, "2": -75, "3": 50},
    ),
    "taiwan-own-numbers": (
        {
            "variant": "taiwan",
            "players": 5,
            "options": {"score_values": {"standard_made_napoleon": 120}},
            "declarer": 0,
            "contract": "3S",
            "partner": 2,
            "declarer_points": 11,
        },
        {"0": 120, "1": -50, "2": 50, "3": -50, "4": -50},
    ),
    "nap-garnet-failed": (
        {
            "variant": "nap",
            "players": 4,
            "options": {"sir_garnet": True, "payout": "classic"},
            "declarer": 0,
            "contract": "garnet",
            "tricks": {"0": 4, "1": 1},
        },
        {"0": 0, "1": 10, "2": 10, "3": 10},
    ),
    "nap-one": (
        {
            "variant": "nap",
            "players": 4,
            "options": {"all_pass": "dealer_bids_one"},
            "declarer": 3,
            "contract": "one",
            "tricks": {"3": 1, "0": 4},
        },
        {"0": 0, "1": 0, "2": 0, "3": 1},
    ),
}

DEAL_MISS = {
    "mighty-5": (
        {"variant": "mighty", "players": 5, "options": {"deal_miss": "on"}, "hand": DEAL_MISS_HAND},
        {
            "qualifies": True,
            "value": 1,
            "max": 1,
            "reason": "♠A 0, ♣10 1: 1 is at most 1, so a deal miss may be called",
        },
    ),
    "mighty-6": (
        {
            **SIX,
            "options": {"deal_miss": "on"},
            "hand": ["SK", "H2", "H3", "H4", "D5", "D6", "D7", "C8"],
        },
        {"qualifies": False, "value": 2, "max": 1},
    ),
}

BODIES = {
    "trick": {code: body for code, (body, _) in TRICK.items()},
    "legal-plays": {code: body for code, (body, _) in LEGAL.items()},
    "auction": {code: body for code, (body, _) in AUCTION.items()},
    "score": {code: body for code, (body, _) in SCORE.items()},
    "deal-miss": {code: body for code, (body, _) in DEAL_MISS.items()},
}
