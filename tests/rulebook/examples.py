"""Reading a rules page's worked examples as printed, and asking the engine about each again.

A worked example is an element with ``data-example``: the JSON of what to ask (API
bodies, or a table and a contract). Inside it, each printed answer is an element
with ``data-key`` (``seat:0``, ``made``, ``winner``, ``deck``, …); an element can
carry both. These helpers find them in the HTML and re-ask the engine through the
JSON API's own handlers, which the rules pages themselves never call.
"""

import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from scoring.api import handlers
from scoring.rules import find_variant
from scoring.rules.bids import Bid

VOID = {"br", "hr", "img", "input", "link", "meta", "wbr", "source", "col", "area", "base", "embed"}
SIGNED = re.compile(r"[+−]\d")


@dataclass
class Shown:
    key: str
    text: str = ""
    value: str | None = None  # data-value, for answers printed as a card or a word


@dataclass
class Example:
    check: dict
    shown: list[Shown] = field(default_factory=list)
    where: str = ""  # the section it is in, for failure messages


class Page(HTMLParser):
    """The worked examples of a page, and every printed number that is not one of them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.examples: list[Example] = []
        self.loose: list[str] = []  # signed amounts outside any data-key, with their section
        self.unchecked_tricks = 0
        self.stack: list[dict] = []
        self.section = ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section" and "rule-section" in (a.get("class") or ""):
            self.section = a.get("id", "")
        if tag == "figure" and "trick" in (a.get("class") or "") and "data-example" not in a:
            self.unchecked_tricks += 1
        frame = {"tag": tag, "example": None, "shown": None, "exempt": False}
        parent_example = next((f["example"] for f in reversed(self.stack) if f["example"]), None)
        if "data-example" in a:
            frame["example"] = Example(json.loads(a["data-example"]), where=self.section)
            self.examples.append(frame["example"])
            parent_example = frame["example"]
        if "data-key" in a and a["data-key"]:
            if parent_example is None:
                raise AssertionError(f"data-key={a['data-key']} outside any example")
            frame["shown"] = Shown(a["data-key"], value=a.get("data-value"))
            parent_example.shown.append(frame["shown"])
        if "data-engine" in a or "data-given" in a:
            frame["exempt"] = True
        if tag in VOID:
            return
        self.stack.append(frame)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        while self.stack:
            frame = self.stack.pop()
            if frame["tag"] == tag:
                break

    def handle_data(self, data):
        for frame in self.stack:
            if frame["shown"] is not None:
                frame["shown"].text += data
        keyed = any(f["shown"] is not None or f["exempt"] for f in self.stack)
        if not keyed and SIGNED.search(data) and self.section not in ("", "house-rules"):
            self.loose.append(f"{self.section}: {data.strip()}")


def read(html: str) -> Page:
    page = Page()
    body = html.split('<div class="rules-body">', 1)[-1]
    page.feed(body)
    page.close()
    return page


def number(text: str) -> int:
    return int(text.strip().replace("−", "-").replace("+", ""))


# ---- asking the engine again -----------------------------------------------------------


def verify(example: Example) -> None:
    """Raise AssertionError unless every answer printed in ``example`` is the engine's."""
    assert example.shown, f"{example.where}: an example that prints no checked answer"
    ((kind, value),) = example.check.items()
    {
        "score": _score,
        "step": _step,
        "trick": _trick,
        "deal": _deal,
        "target": _target,
        "change": _change,
        "call": _call,
    }[kind](value, example.shown, example.where)


def _score(value, shown, where):
    for body in value["hands"]:
        answer = handlers.score(body)
        if "made" in value:
            assert answer["made"] == value["made"], (where, "made", body, answer)
        for item in shown:
            _compare(item, answer, where, body)


def _compare(item, answer, where, body):
    if item.key.startswith("seat:"):
        seat = item.key.split(":")[1]
        assert number(item.text) == answer["deltas"][seat], (where, item, body, answer)
    elif item.key == "made":
        expected = {True: "true", False: "false", None: "none"}[answer["made"]]
        assert item.value == expected, (where, item, body, answer)
    elif item.key == "target":
        assert number(item.text) == answer["target"], (where, item, body)
    else:
        raise AssertionError(f"{where}: unknown key {item.key}")


def _step(value, shown, where):
    for before, after in value["pairs"]:
        a, b = handlers.score(before)["deltas"], handlers.score(after)["deltas"]
        for item in shown:
            seat = item.key.split(":")[1]
            assert number(item.text) == b[seat] - a[seat], (where, item, before, after)


def _trick(body, shown, where):
    answer = handlers.trick(body)
    for item in shown:
        if item.key == "winner":
            assert item.value == answer["card"], (where, item, body, answer)
        elif item.key == "reason":
            reason = answer["reason"]
            assert item.text.strip() == reason[:1].upper() + reason[1:], (where, item, answer)
        else:
            raise AssertionError(f"{where}: unknown key {item.key}")


def _deal(body, shown, where):
    variant = find_variant(body["variant"])
    players = body["players"]
    rules = variant.rules(body["options"], players)
    answers = {
        "deck": len(variant.deck(players, rules)),
        "hand": variant.hand_size(players, rules),
        "blind": variant.blind_size(players, rules),
        "tricks": variant.tricks(players, rules),
        "first": variant.tricks(players, rules) - 2,
        "last": variant.tricks(players, rules),
    }
    for item in shown:
        assert number(item.text) == answers[item.key], (where, item, body)


def _target(body, shown, where):
    answer = handlers.score({**body, "declarer": 0, "partner": 1, "declarer_points": 0})
    for item in shown:
        assert number(item.text) == answer["target"], (where, item, body)


def _change(body, shown, where):
    variant = find_variant(body["variant"])
    rules = variant.rules(body["options"], body["players"])
    contract = variant.parse_contract(body["contract"], rules)
    changed = variant.change_trump(contract, body["trump"], rules)
    assert isinstance(changed, Bid)
    for item in shown:
        assert item.value == str(changed), (where, item, body)


def _call(body, shown, where):
    variant = find_variant(body["variant"])
    rules = variant.rules(body["options"], body["players"])
    bid = variant.ladder(rules, for_auction=False).parse(body["call"])
    won, lost = (handlers.score(body[key])["deltas"] for key in ("made", "failed"))
    stakes = body["options"]["nap_scoring"] == "stakes"
    worth = {"made": -won["1"] if stakes else won["0"], "failed": lost["1"]}
    for item in shown:
        if item.key in worth:
            assert number(item.text) == worth[item.key], (where, item, body)
        elif bid.name != "misere":  # a misère needs no trick at all, said in words
            assert number(item.text) == bid.tricks_needed, (where, item)
