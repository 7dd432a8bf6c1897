"""Reading the compact notation of a hand record (record.md §9.1–§9.3) into the JSON record it
stands for. The grammar is checked on the whole string first; then fields and marks given
twice; every other fault is the JSON record's, answered at its JSON path."""

import re
import string

from scoring.rules.errors import NotationError
from scoring.rules.i18n import N_
from scoring.rules.record.grammar import Grammar, Node, alt, chars, lit, opt, rep, seq
from scoring.rules.variants import VARIANTS

DIGIT = chars(string.digits)
LOWER = chars(string.ascii_lowercase)
SUIT = chars("SHDC")
CARD = alt(seq(SUIT, chars("23456789TJQKA")), lit("BJ"), lit("LJ"), lit("JK"))
NAME = rep(chars(string.ascii_lowercase + string.digits + "_"), 1)
WORD = rep(chars(string.ascii_letters + string.digits + "_-"), 1)
SEAT_OR_NULL = alt(DIGIT, lit("n"))
VARIANT_NAMES = ("taiwan", "hongkong", "japanese-chip", "japanese", "thai", "mighty", "nap")
FIELD_LETTERS = "uqkaxhdfvcr"


def _field() -> Node:
    previous = alt(lit("previous_napoleon"), lit("previous_adjutant"))
    return alt(
        seq(lit("u~"), NAME, lit("~"), WORD, opt(seq(lit("~"), WORD))),
        seq(alt(lit("q~"), lit("d~"), lit("f~"), lit("r~")), DIGIT),
        seq(lit("k~"), CARD),
        seq(lit("a~"), SEAT_OR_NULL),
        seq(lit("x~"), rep(CARD)),
        seq(lit("h~"), DIGIT, lit("~"), rep(CARD)),
        seq(lit("v~"), previous, lit("~"), SEAT_OR_NULL),
        seq(lit("c~"), WORD, rep(seq(lit("~"), WORD))),
    )


def _trick() -> Node:
    mark = alt(
        seq(lit("w"), DIGIT),
        seq(lit("p"), rep(CARD)),
        seq(alt(lit("l"), lit("t")), SUIT),
        chars("joz"),
    )
    play = alt(CARD, lit("-"))
    return alt(seq(rep(play, 1), rep(mark)), rep(mark, 1))


def _notation() -> Node:
    contract = alt(seq(rep(DIGIT, 1, 2), alt(SUIT, lit("NT"))), rep(LOWER, 1))
    return seq(
        lit("NR1."),
        alt(*(lit(name) for name in VARIANT_NAMES)),
        lit("."),
        rep(DIGIT, 1, 2),
        lit("."),
        DIGIT,
        lit("."),
        contract,
        rep(seq(lit("."), _field())),
        rep(seq(lit("."), _trick())),
    )


GRAMMAR = Grammar(_notation())
CARD_TOKEN = re.compile(r"BJ|LJ|JK|[SHDC][2-9TJQKA]")
INTEGER = re.compile(r"-?[0-9]+")
FREE_CALL = re.compile(r"([0-9])(.+)")


def unreadable(offset: int) -> NotationError:
    return NotationError(
        N_("The notation cannot be read from character {offset} on."),
        f"notation[{offset}]",
        offset=offset,
    )


def given_twice(offset: int, what: str, mark: bool = False) -> NotationError:
    template = (
        N_("The notation gives the mark {what} twice in one trick.")
        if mark
        else N_("The notation gives the field {what} twice.")
    )
    return NotationError(template, f"notation[{offset}]", what=what)


def card_code(text: str) -> str:
    """A card of the notation as the JSON record writes it (``T`` is ``10``)."""
    return text[0] + "10" if text[1:] == "T" else text


def cards_of(text: str) -> list[str]:
    return [card_code(c) for c in CARD_TOKEN.findall(text)]


def read_notation(text: str) -> dict[str, object]:
    """The JSON record that ``text`` stands for (§9.2)."""
    unread = GRAMMAR.unread(text)
    if unread is not None:
        raise unreadable(unread)
    tokens, offset = [], 0
    for token in text.split("."):
        tokens.append((offset, token))
        offset += len(token) + 1
    _, variant, players, declarer, contract = (token for _offset, token in tokens[:5])
    record: dict[str, object] = {
        "variant": variant,
        "players": int(players),
        "declarer": int(declarer),
        "contract": contract,
    }
    rest = tokens[5:]
    fields = [(o, t) for o, t in rest if t[1:2] == "~" and t[0] in FIELD_LETTERS]
    _read_fields(record, fields)
    record["tricks"] = [_read_trick(o, t) for o, t in rest[len(fields) :]]
    return record


def _keys(token: str) -> tuple[str, set[tuple[str, ...]], set[tuple[str, ...]]]:
    """A field's name as the message writes it, the keys it clashes with, the keys it takes."""
    letter, parts = token[0], token[2:].split("~")
    if letter == "u" and len(parts) == 2:
        name = parts[0]
        return f"u~{name}", {("u", name), ("u*", name)}, {("u", name)}
    if letter == "u":
        name, key = parts[0], parts[1]
        return f"u~{name}~{key}", {("u", name), ("u", name, key)}, {("u*", name), ("u", name, key)}
    if letter in "hv":
        return f"{letter}~{parts[0]}", {(letter, parts[0])}, {(letter, parts[0])}
    return letter, {(letter,)}, {(letter,)}


def _read_fields(record: dict[str, object], fields: list[tuple[int, str]]) -> None:
    taken: set[tuple[str, ...]] = set()
    for offset, token in fields:
        what, clashes, keys = _keys(token)
        if clashes & taken:
            raise given_twice(offset, what)
        taken |= keys
    options: dict[str, object] = {}
    hands: dict[str, object] = {}
    calls: list[str] | None = None
    for _offset, token in fields:
        letter, body = token[0], token[2:]
        if letter == "u":
            _read_option(options, record["variant"], body.split("~"))
        elif letter == "c":
            calls = body.split("~")
        elif letter == "h":
            seat, cards = body.split("~")
            hands[seat] = cards_of(cards)
        else:
            _read_simple(record, letter, body)
    if options:
        record["options"] = options
    if hands:
        record["hands"] = hands
    if calls is not None:
        record["calls"] = _calls(record["variant"], options, calls)


def _read_simple(record: dict[str, object], letter: str, body: str) -> None:
    seats = {"q": "sitting_out", "d": "dealer", "f": "first", "r": "rest"}
    if letter in seats:
        record[seats[letter]] = int(body)
    elif letter == "k":
        record["called_card"] = card_code(body)
    elif letter == "a":
        record["partner"] = None if body == "n" else int(body)
    elif letter == "x":
        record["discards"] = cards_of(body)
    else:  # v: a seat the auction's house rules ask for
        name, seat = body.split("~")
        record[name] = None if seat == "n" else int(seat)


def _read_option(options: dict[str, object], variant: object, parts: list[str]) -> None:
    """``u~name~word``, or ``u~name~key~word``: an entry of an object option (§9.2). A word
    that does not fit its type stays a string, for the options' reading to refuse."""
    name = parts[0]
    if len(parts) == 3:
        entry = options.get(name)
        if not isinstance(entry, dict):
            entry = options[name] = {}
        word = parts[2]
        entry[parts[1]] = int(word) if INTEGER.fullmatch(word) else word
        return
    word = parts[1]
    spec = VARIANTS[str(variant)].Rules.spec(name)
    kind = spec.kind if spec is not None else "choice"
    value: object = word
    if kind == "bool":
        value = {"true": True, "false": False}.get(word, word)
    elif kind == "int" and INTEGER.fullmatch(word):
        value = int(word)
    options[name] = value


def _calls(variant: object, options: dict[str, object], words: list[str]) -> list[object]:
    """Where the auction is free each call names its seat: ``313S`` is seat 3 calling 13S."""
    order = options.get("auction_order")
    free = (
        isinstance(order, str)
        and order.lower() == "free"
        and VARIANTS[str(variant)].Rules.spec("auction_order") is not None
    )
    if not free:
        return list(words)
    calls: list[object] = []
    for word in words:
        shaped = FREE_CALL.fullmatch(word)
        calls.append({"seat": int(shaped[1]), "call": shaped[2]} if shaped else word)
    return calls


MARKS = {"j": "joker_called", "o": "secretary_ordered", "z": "toppled"}
CARDS_RUN = re.compile(r"(?:BJ|LJ|JK|[SHDC][2-9TJQKA])*")


def _read_trick(offset: int, token: str) -> dict[str, object]:
    trick: dict[str, object] = {}
    plays: list[str | None] = []
    i = 0
    while i < len(token) and token[i] in "SHDCBLJ-":
        if token[i] == "-":
            plays.append(None)
            i += 1
        else:
            plays.append(card_code(token[i : i + 2]))
            i += 2
    if plays:
        trick["plays"] = plays
    marks: set[str] = set()
    while i < len(token):
        letter = token[i]
        if letter in marks:
            raise given_twice(offset + i, letter, mark=True)
        marks.add(letter)
        i = _read_mark(trick, token, i)
    return trick


def _read_mark(trick: dict[str, object], token: str, i: int) -> int:
    """Read the mark at ``token[i]`` into ``trick``; return where the next one starts."""
    letter = token[i]
    if letter == "w":
        trick["winner"] = int(token[i + 1])
        return i + 2
    if letter == "p":
        run = CARDS_RUN.match(token, i + 1)
        assert run is not None  # it matches the empty string at worst
        trick["points"] = cards_of(run[0])
        return run.end()
    if letter in "lt":
        trick["lead_suit" if letter == "l" else "trump"] = token[i + 1]
        return i + 2
    trick[MARKS[letter]] = True
    return i + 1
