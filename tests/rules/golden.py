"""The golden table of the engine's reasons: fixed situations of every game, and what the
engine answered for each when the table was written (trick reasons, legal-play reasons,
score lines).

The situations are kept with the answers, as data, so the table does not depend on how
``simulate`` happens to draw them: a change to the play-out leaves the table alone, and a
change to any answer fails ``test_golden_reasons``. Rewrite it (after a change that is
meant to change an answer) with

    .venv/bin/python -m tests.rules.golden

Hands are random but seeded: for each game, a few hands at each player count, under the
default house rules and under random draws of them (some with the table's own numbers);
each hand's tricks, one or two legal-play questions per trick (the player's real cards at
that moment), and its score from the captured cards, from a quick count, and from a few
random results of the same contract.
"""

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from scoring.rules import VARIANTS, RulesError
from scoring.rules.bids import Bid, Contract, NapBid
from scoring.rules.cards import card
from scoring.rules.scores import HandFacts, Score
from scoring.rules.simulate import PlayedHand, play_random_hand
from scoring.rules.tricks import LegalPlays, Trick, TrickResult

PATH = Path(__file__).with_name("golden_reasons.json")
SEED = 20261127
HANDS_PER_TABLE = 4
RANDOM_RESULTS = 4
SEPARATORS = (",", ":")

Json = dict[str, Any]


# ---- the situations, as data ----------------------------------------------------------


def contract_json(contract: Contract | None) -> Any:
    if contract is None:
        return None
    if isinstance(contract, NapBid):
        return {"nap": [contract.name, contract.rank, contract.value, contract.tricks_needed]}
    return {"bid": [contract.count, contract.trump]}


def contract_from(data: Any) -> Contract | None:
    if data is None:
        return None
    if "nap" in data:
        return NapBid(*data["nap"])
    return Bid(*data["bid"])


def codes(cards: Any) -> list[str]:
    return [c.code for c in cards]


def cards_from(texts: list[str]) -> tuple[Any, ...]:
    return tuple(card(t) for t in texts)


def trick_json(trick: Trick) -> Json:
    return _set(
        {
            "players": trick.players,
            "number": trick.number,
            "plays": codes(trick.plays),
            "trump": trick.trump,
            "leader": trick.leader,
            "lead_suit": trick.lead_suit,
            "joker_called": trick.joker_called,
            "called_card": None if trick.called_card is None else trick.called_card.code,
            "contract": contract_json(trick.contract),
            "sitting_out": trick.sitting_out,
        }
    )


def _set(fields: Json) -> Json:
    """The fields a situation sets: what is left out takes the dataclass's default."""
    return {
        name: value
        for name, value in fields.items()
        if not (value is None or value is False or value == [])
    }


def trick_from(data: Json) -> Trick:
    called = data.get("called_card")
    return Trick(
        **{
            **data,
            "plays": cards_from(data.get("plays", [])),
            "called_card": None if called is None else card(called),
            "contract": contract_from(data.get("contract")),
        }
    )


def facts_json(facts: HandFacts) -> Json:
    captured = facts.captured
    return _set(
        {
            "players": facts.players,
            "declarer": facts.declarer,
            "contract": contract_json(facts.contract),
            "partner": facts.partner,
            "captured": None
            if captured is None
            else {str(s): codes(c) for s, c in captured.items()},
            "discards": codes(facts.discards),
            "declarer_points": facts.declarer_points,
            "tricks": None
            if facts.tricks is None
            else {str(s): n for s, n in facts.tricks.items()},
            "toppled": facts.toppled,
            "sitting_out": facts.sitting_out,
        }
    )


def facts_from(data: Json) -> HandFacts:
    captured, tricks = data.get("captured"), data.get("tricks")
    return HandFacts(
        **{
            **data,
            "contract": contract_from(data["contract"]),
            "captured": None
            if captured is None
            else {int(s): cards_from(c) for s, c in captured.items()},
            "discards": cards_from(data.get("discards", [])),
            "tricks": None if tricks is None else {int(s): n for s, n in tricks.items()},
        }
    )


# ---- the answers, as data --------------------------------------------------------------


def result_json(result: TrickResult) -> Json:
    return {
        "winner": result.winner,
        "card": result.card.code,
        "play_index": result.play_index,
        "reason": result.reason,
        "toppled": result.toppled,
    }


def legal_json(answer: LegalPlays) -> Json:
    """The legal cards, and the others in their order, in runs that share a reason."""
    runs: list[list[Any]] = []
    for c, why in answer.illegal.items():
        if runs and runs[-1][0] == why:
            runs[-1][1].append(c.code)
        else:
            runs.append([why, [c.code]])
    return {"legal": codes(answer.legal), "illegal": runs}


def score_json(score: Score) -> Json:
    return {
        "made": score.made,
        "target": score.target,
        "declarer_points": score.declarer_points,
        "deltas": list(score.deltas),
        "lines": list(score.lines),
        "why": score.why,
    }


def answer(table: Json, case: Json, rules: Any = None) -> Json:
    """What today's engine answers to one recorded situation at ``table`` (its game, player
    count and house rules; ``rules``, when given, the rules object to ask with)."""
    variant = VARIANTS[table["variant"]]
    if rules is None:
        rules = variant.rules(table["options"], table["players"])
    if case["kind"] == "trick":
        return result_json(variant.judge(trick_from(case["trick"]), rules))
    if case["kind"] == "legal":
        trick = trick_from(case["trick"])
        hand = cards_from(case["hand"])
        context = case.get("context", {})
        return legal_json(variant.legal_plays(trick, hand, rules, **context))
    return score_json(variant.score(facts_from(case["facts"]), rules))


# ---- drawing the situations ------------------------------------------------------------


def random_options(variant: Any, players: int, rng: random.Random) -> Json:
    """Each house rule drawn with even odds, else left at its default; sometimes the table's
    own numbers (every amount scaled, multipliers and bases drawn)."""
    for _attempt in range(20):
        chosen: Json = {}
        for spec in variant.Rules.specs():
            if spec.kind == "object" or rng.random() < 0.5:
                continue
            if spec.kind == "bool":
                chosen[spec.name] = rng.random() < 0.5
            elif spec.kind == "int":
                chosen[spec.name] = rng.randint(*spec.choices)
            else:
                chosen[spec.name] = rng.choice(spec.choices)
        try:
            rules = variant.rules(chosen, players)
            if rng.random() < 0.3:
                chosen["score_values"] = own_numbers(variant, players, rules, rng)
                variant.rules(chosen, players)
        except RulesError:
            continue
        return chosen
    return {}


def own_numbers(variant: Any, players: int, rules: Any, rng: random.Random) -> Json:
    scale = rng.randint(2, 4)
    numbers = {}
    for c in variant.score_coefficients(players, rules):
        if c.name.endswith("multiplier"):
            numbers[c.name] = rng.randint(1, 4)
        elif c.name in ("base", "bid_weight"):
            numbers[c.name] = rng.randint(c.low, c.high)
        else:
            numbers[c.name] = c.default * scale
    return numbers


def hand_cases(code: str, players: int, options: Json, hand: PlayedHand, rng: random.Random):
    """The tricks of a played hand, a legal-play question from each, and its scores."""
    for index, played in enumerate(hand.tricks):
        yield {"kind": "trick", "trick": trick_json(played.trick)}
        yield {"kind": "legal", **question(hand, index, rng.randrange(len(played.trick.plays)))}
    assert hand.facts is not None and hand.score is not None
    yield {"kind": "score", "facts": facts_json(hand.facts)}
    quick = replace(hand.facts, declarer_points=hand.score.declarer_points)
    if hand.facts.captured is not None:
        quick = replace(quick, captured=None)
    elif hand.facts.tricks is not None:
        quick = replace(quick, tricks=None)
    yield {"kind": "score", "facts": facts_json(quick)}
    variant, rules = VARIANTS[code], VARIANTS[code].rules(options, players)
    for _result in range(RANDOM_RESULTS):
        facts = random_result(variant, rules, hand.facts, rng)
        try:
            variant.score(facts, rules)
        except RulesError:
            continue
        yield {"kind": "score", "facts": facts_json(facts)}


def question(hand: PlayedHand, index: int, at: int) -> Json:
    """The player of ``plays[at]`` in trick ``index``: the trick so far, and the cards that
    player still held (every card it plays from this trick on)."""
    played = hand.tricks[index]
    trick = played.trick
    seat = trick.seat_of(at)
    held = [
        c
        for later in hand.tricks[index:]
        for i, c in enumerate(later.trick.plays)
        if later.trick.seat_of(i) == seat
    ]
    partial = replace(trick, plays=trick.plays[:at])
    if at == 0:
        partial = replace(partial, lead_suit=None, joker_called=False)
    case: Json = {"trick": trick_json(partial), "hand": codes(held)}
    if VARIANTS[hand.variant].secretary_card:
        case["context"] = {"secretary_ordered": played.ordered, "declarer": hand.declarer}
    return case


def random_result(variant: Any, rules: Any, facts: HandFacts, rng: random.Random) -> HandFacts:
    """The same contract with another result: the point cards (or the tricks) dealt out
    again between the seats, the side's share drawn first so runs and back runs occur."""
    seats = [s for s in range(facts.players) if s != facts.sitting_out]
    if facts.tricks is not None or facts.captured is None:
        total = variant.tricks(facts.players, rules)
        tricks = dict.fromkeys(range(facts.players), 0)
        for _trick in range(total):
            tricks[rng.choice(seats)] += 1
        return replace(facts, tricks=tricks, toppled=False, declarer_points=None)
    cards = [c for cs in facts.captured.values() for c in cs] + list(facts.discards)
    rng.shuffle(cards)
    discards, cards = cards[: len(facts.discards)], cards[len(facts.discards) :]
    share = rng.random()
    side = sorted(facts.side)
    others = [s for s in seats if s not in facts.side] or side
    captured: dict[int, list[Any]] = {s: [] for s in range(facts.players)}
    for c in cards:
        captured[rng.choice(side if rng.random() < share else others)].append(c)
    return replace(
        facts, captured={s: tuple(cs) for s, cs in captured.items()}, discards=tuple(discards)
    )


def draw_tables() -> list[Json]:
    """Every game at each of its player counts, a few hands each: per hand, its house
    rules and its cases (without their answers)."""
    rng = random.Random(SEED)
    tables = []
    for code, variant in VARIANTS.items():
        for players in variant.players:
            for number in range(HANDS_PER_TABLE):
                options = {} if number == 0 else random_options(variant, players, rng)
                rules = variant.rules(options, players)
                hand = play_random_hand(variant, players, rules, rng, number % players)
                while hand.redeal:
                    hand = play_random_hand(variant, players, rules, rng, number % players)
                cases = list(hand_cases(code, players, options, hand, rng))
                tables.append(
                    {"variant": code, "players": players, "options": options, "cases": cases}
                )
    return tables


def write() -> None:
    tables = draw_tables()
    for table in tables:
        table["cases"] = [{**case, "answer": answer(table, case)} for case in table["cases"]]
    # One case a line, so that a rewrite's diff shows which answers changed.
    lines = []
    for table in tables:
        head = {key: value for key, value in table.items() if key != "cases"}
        lines.append(json.dumps(head, ensure_ascii=False, separators=SEPARATORS))
        lines += (
            json.dumps(case, ensure_ascii=False, separators=SEPARATORS) for case in table["cases"]
        )
    PATH.write_text("\n".join(lines) + "\n")
    print(f"wrote {sum(len(t['cases']) for t in tables)} cases of {len(tables)} hands to {PATH}")


def read() -> list[Json]:
    """The recorded tables, each with its cases and their answers."""
    tables: list[Json] = []
    for line in PATH.read_text().splitlines():
        entry = json.loads(line)
        if "kind" in entry:
            tables[-1]["cases"].append(entry)
        else:
            tables.append({**entry, "cases": []})
    return tables


if __name__ == "__main__":
    write()
