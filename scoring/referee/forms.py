"""The referee's query strings: read them, write them back short, and turn them into API bodies.

Every tool is a GET form whose query string is the permalink of its ruling. A
``Situation`` reads the query (short keys such as ``v``, ``n``, ``p`` and house
rules as ``o.<name>``), knows its canonical spelling (defaults left out, keys in a
fixed order), and builds the very body the JSON API takes. Nothing here rules on
anything: the rulings come from ``scoring.api.handlers``, and the tables from the
engine's own lists (deck, trumps, ladder, options).
"""

import re
from urllib.parse import urlencode

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scoring import query
from scoring.rules import VARIANTS, find_variant
from scoring.rules.cards import SUITS, SYMBOLS
from scoring.rules.errors import RulesError

SEP = "."
MAX_VALUE = 400  # characters of one query value; a whole hand of codes is far shorter
WHOLE = re.compile(r"-?[0-9]{1,6}")  # ASCII digits only, as scoring.query reads them
DEFAULT_PLAYERS = 5
TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")

# Short game names for the chips; "Japanese" the game is not "Japanese" the language.
SHORT_NAMES = {
    "taiwan": pgettext_lazy("game", "Taiwan"),
    "hongkong": pgettext_lazy("game", "Hong Kong"),
    "japanese": pgettext_lazy("game", "Japanese"),
    "japanese-chip": pgettext_lazy("game", "Japanese chips"),
    "thai": pgettext_lazy("game", "Thai"),
    "mighty": pgettext_lazy("game", "Mighty"),
    "nap": pgettext_lazy("game", "Nap"),
}


# Engine sentences that number a seat from 0, as the API does, and how a person reads them
# (seats from 1, or by name). The engine's own template is matched, in the active language.
SEAT_SENTENCES = (
    (
        "Seat {seat} has passed, and a pass is final: only pass is allowed.",
        gettext_lazy("%(name)s has passed, and a pass is final: only pass is allowed."),
    ),
    (
        "Seat {seat} cannot take {count} tricks.",
        gettext_lazy("%(name)s cannot take %(count)s tricks."),
    ),
    (
        "Seat {seat} does not exist with {players} players.",
        gettext_lazy("There is no seat %(number)s: the seats are 1 to %(players)s."),
    ),
)


def _template_pattern(template: str) -> re.Pattern:
    parts = re.split(r"\{(\w+)\}", template)
    pattern = "".join(
        re.escape(part) if index % 2 == 0 else f"(?P<{part}>-?\\d+|.+?)"
        for index, part in enumerate(parts)
    )
    return re.compile(pattern)


def default_players(variant) -> int:
    return DEFAULT_PLAYERS if DEFAULT_PLAYERS in variant.players else variant.players[0]


def split_codes(text: str | None) -> list[str]:
    """``C5.C9.SA`` → ``["C5", "C9", "SA"]`` (commas and spaces are read as separators too)."""
    if not text:
        return []
    return [part for part in re.split(r"[.,\s]+", text) if part]


def join_codes(codes) -> str:
    return SEP.join(codes)


def suit_label(code: str) -> str:
    return SYMBOLS.get(code, code)


def _option_title(spec) -> str:
    return str(getattr(spec, "label", None) or spec.name.replace("_", " "))


def _choice_label(name: str, value) -> str:
    try:
        from scoring.rulebook.labels import value_label
    except ImportError:  # the rule pages' labels are optional here
        value_label = None
    if value_label is not None:
        return value_label(name, value)
    return str(value).replace("_", " ")


class Situation:
    """One tool's query: raw values by short key, house rules, and what the page needs."""

    tool = ""
    keys: tuple[str, ...] = ()  # the situation, in canonical order
    ui_keys: tuple[str, ...] = ()  # page state: kept in the page's URL, not in the permalink
    int_keys: frozenset[str] = frozenset()
    fields: dict[str, str] = {}  # API field (first path segment) → query key
    prompts: dict[str, object] = {}  # query key → what to ask when it is missing

    def __init__(self, query, session=None) -> None:
        self.values: dict[str, str] = {}
        self.options: dict[str, str] = {}
        self.errors: dict[str, str] = {}
        self.error_index: dict[str, int] = {}
        self.malformed = False
        self.session = session
        self.action = None
        self._read(query)
        if session is not None and "v" not in self.values:
            self._prefill(session)
        self.variant = None
        self.players = None
        self.rules = None
        self.option_json: dict = {}
        self._table()

    def is_variant(self, *codes: str) -> bool:
        return self.variant is not None and self.variant.code in codes

    @property
    def nap(self) -> bool:
        return self.is_variant("nap")

    # ---- reading -----------------------------------------------------------------

    def _read(self, query) -> None:
        for key in query:
            value = str(query.getlist(key)[-1]).strip()[:MAX_VALUE].strip()
            if key.startswith("o.") and len(key) > 2:
                if value:
                    self.options[key[2:]] = value
            elif key in self.keys or key in self.ui_keys or key in ("v", "n"):
                if value:
                    self.values[key] = value
            elif key in ("add", "undo", "clear") and value:
                self.action = (key, value)

    def _prefill(self, session) -> None:
        """The session's game, player count and house rules, unless the query names a game."""
        self.values["v"] = session.variant
        self.values["n"] = str(session.players_count)
        if not self.options:
            self.options = encode_options(session.options or {})

    def _table(self) -> None:
        code = self.values.get("v")
        if code is None:
            return
        try:
            self.variant = find_variant(code)
        except RulesError as error:
            self.fail("v", error.message, malformed=True)
            return
        self.values.setdefault("n", str(default_players(self.variant)))
        count = self.integer("n")
        if count is not None:
            try:
                self.players = self.variant.verify_players(count)
            except RulesError as error:
                self.fail("n", error.message)
        self.option_json = options_to_json(self.variant, self.options)
        try:
            self.rules = self.variant.rules(self.option_json, self.table_players)
        except RulesError as error:
            self.record(error)
            self.rules = self.variant.rules(None, self.table_players)

    @property
    def table_players(self) -> int:
        """The player count the page is drawn for (the default one while ``n`` is wrong)."""
        if self.players is not None:
            return self.players
        return DEFAULT_PLAYERS if self.variant is None else default_players(self.variant)

    def integer(self, key: str) -> int | None:
        raw = self.values.get(key)
        if raw is None:
            return None
        number = query.whole(raw, -999_999, 999_999)
        if number is None:
            self.fail(key, _("Write a whole number here, not “%(value)s”.") % {"value": raw}, True)
        return number

    def flag(self, key: str) -> bool:
        return self.values.get(key, "").lower() in TRUE_WORDS

    def fail(self, key: str, message: str, malformed: bool = False) -> None:
        self.errors.setdefault(key, message)
        self.malformed = self.malformed or malformed

    def record(self, error: RulesError) -> None:
        """Show an engine error next to the input its field names (a prompt when it is empty)."""
        key, index = self.key_of(error.field)
        if key and not self.has(key) and key in self.prompts:
            self.errors.setdefault(key, str(self.prompts[key]))
            return
        self.errors.setdefault(key, self.readable(error.message))
        if index is not None:
            self.error_index.setdefault(key, index)

    def readable(self, message: str) -> str:
        """The engine's message, with a seat it numbers from 0 named as the page names it."""
        for template, sentence in SEAT_SENTENCES:
            match = _template_pattern(_(template)).fullmatch(message)
            if match is None:
                continue
            values = match.groupdict()
            try:
                seat = int(values["seat"])
            except ValueError:
                return message
            values.update(name=self.seat_name(seat), number=seat + 1)
            return str(sentence) % values
        return message

    def has(self, key: str) -> bool:
        return key in self.values

    def key_of(self, field: str) -> tuple[str, int | None]:
        """``plays[2]`` → ``("p", 2)``, ``options.yoromeki`` → ``("o.yoromeki", None)``."""
        if field.startswith("options."):
            return "o." + field[len("options.") :].split(".")[0].split("[")[0], None
        match = re.match(r"([a-z_]+)(?:\[(\d+)\])?(?:\.(\w+))?", field or "")
        if match is None:
            return "", None
        name, index, sub = match.groups()
        key = self.fields.get(name, "")
        if key and sub is not None and name == "tricks":
            return f"{key}{sub}", None
        return key, None if index is None else int(index)

    @property
    def ready(self) -> bool:
        """Whether the table itself (game, players, house rules) is sound enough to rule."""
        return self.variant is not None and self.players is not None and not self.malformed

    # ---- writing -----------------------------------------------------------------

    def set(self, key: str, value: str | None) -> None:
        if value:
            self.values[key] = value[:MAX_VALUE]
        else:
            self.values.pop(key, None)

    def canonical_options(self) -> list[tuple[str, str]]:
        return canonical_options(self.variant, self.options, self.players)

    def pairs(self, ui: bool = True) -> list[tuple[str, str]]:
        pairs = []
        if self.session is not None:
            pairs.append(("session", str(self.session.pk)))
        for key in ("v", "n", *self.keys, *(self.ui_keys if ui else ())):
            if key in self.values:
                pairs.append((key, self.values[key]))
        pairs += [("o." + name, value) for name, value in self.canonical_options()]
        return pairs

    def query(self, ui: bool = True, **changes) -> str:
        """The canonical query string; ``changes`` set (or, as None, drop) keys first."""
        pairs = self.pairs(ui)
        if changes:
            changed = {k: v for k, v in changes.items()}
            pairs = [(k, v) for k, v in pairs if k not in changed]
            order = ["session", "v", "n", *self.keys, *self.ui_keys]
            for key, value in changed.items():
                if value:
                    pairs.append((key, value))
            pairs.sort(key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order))
        return urlencode(pairs, safe=".:")

    def is_canonical(self, query) -> bool:
        given = [(key, value) for key, values in query.lists() for value in values]
        return given == self.pairs()

    def base_body(self) -> dict:
        return {
            "variant": self.values.get("v"),
            "players": self.players,
            "options": self.option_json,
        }

    # ---- what the page shows -----------------------------------------------------

    def seat_labels(self) -> list[str]:
        count = self.table_players if self.variant else DEFAULT_PLAYERS
        if self.session is not None and self.session.players_count == count:
            return [seat.player.name for seat in self.session.seat_list]
        return [_("Seat %(number)s") % {"number": seat + 1} for seat in range(count)]

    def seat_name(self, seat) -> str:
        labels = self.seat_labels()
        if isinstance(seat, int) and 0 <= seat < len(labels):
            return labels[seat]
        return _("Seat %(number)s") % {"number": seat + 1 if isinstance(seat, int) else seat}

    def seat_choices(self, key: str) -> list[dict]:
        chosen = self.values.get(key)
        return [
            {"value": str(seat), "label": label, "checked": chosen == str(seat)}
            for seat, label in enumerate(self.seat_labels())
        ]

    def variant_links(self) -> list[dict]:
        current = self.values.get("v")
        links = []
        for code in VARIANTS:
            pairs = [("v", code)]
            if self.session is not None:
                pairs.insert(0, ("session", str(self.session.pk)))
                if code == self.session.variant:
                    pairs = [("session", str(self.session.pk))]
            links.append(
                {
                    "code": code,
                    "label": SHORT_NAMES[code],
                    "query": urlencode(pairs),
                    "current": code == current,
                }
            )
        return links

    def player_choices(self) -> list[dict]:
        if self.variant is None or len(self.variant.players) < 2:
            return []
        chosen = self.values.get("n")
        return [
            {"value": str(n), "label": str(n), "checked": chosen == str(n)}
            for n in self.variant.players
        ]

    def option_fields(self) -> list[dict]:
        if self.variant is None:
            return []
        return option_fields(self.variant, self.options, self.table_players, self.errors)

    @property
    def changed_options(self) -> int:
        return len({name.split(".")[0] for name, _v in self.canonical_options()})

    def general_errors(self) -> list[str]:
        return [message for key, message in self.errors.items() if key == ""]

    def option_errors(self) -> list[str]:
        return [message for key, message in self.errors.items() if key.startswith("o.")]


# ---- house rules in the query ------------------------------------------------------


def encode_options(options: dict) -> dict[str, str]:
    """A JSON object of house rules (as a session stores it) → ``o.`` query values."""
    encoded = {}
    for name, value in options.items():
        if isinstance(value, dict):
            for sub, item in value.items():
                encoded[f"{name}.{sub}"] = str(item)
        elif isinstance(value, bool):
            encoded[name] = "1" if value else "0"
        else:
            encoded[name] = str(value)
    return encoded


def _json_value(spec, text: str):
    if spec is None:
        return text
    if spec.kind == "bool":
        lower = text.lower()
        if lower in TRUE_WORDS:
            return True
        if lower in FALSE_WORDS:
            return False
        return text
    if spec.kind == "int":
        return int(text) if WHOLE.fullmatch(text) else text
    if spec.kind == "object":
        return int(text) if WHOLE.fullmatch(text) else text
    return text


def options_to_json(variant, options: dict[str, str]) -> dict:
    """Query values of house rules → the ``options`` object of an API body."""
    result: dict = {}
    for name, text in options.items():
        base, dot, sub = name.partition(".")
        spec = variant.Rules.spec(base)
        if spec is not None and spec.kind == "object" and dot:
            current = result.get(base)
            if not isinstance(current, dict):
                current = result[base] = {}
            current[sub] = _json_value(spec, text)
        elif spec is not None and not dot:
            result[base] = _json_value(spec, text)
        else:
            result[name] = text  # not a house rule of this game: the engine says so
    return result


def _text_of(value) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


def canonical_options(variant, options: dict[str, str], players) -> list[tuple[str, str]]:
    """House rules as the permalink writes them: defaults left out, in the variant's order."""
    if not options:
        return []
    if variant is None:
        return sorted(options.items())
    order = [spec.name for spec in variant.Rules.specs()]
    values = options_to_json(variant, options)
    kept = []
    for name, value in values.items():
        spec = variant.Rules.spec(name)
        if spec is None:
            kept.append((name, options[name]))
            continue
        try:
            coerced = spec.coerce(value)
        except (RulesError, TypeError):
            coerced = None
        if spec.kind == "object":
            if coerced is not None and players is not None:
                default = spec.default_for(players)
                if coerced == default:
                    continue
            for sub in value if isinstance(value, dict) else ():
                item = value[sub]
                kept.append((f"{name}.{sub}", _text_of(item)))
            if not isinstance(value, dict):
                kept.append((name, options[name]))
            continue
        if coerced is None:
            kept.append((name, options[name]))
            continue
        if players is not None and coerced == spec.default_for(players):
            continue
        kept.append((name, _text_of(coerced)))

    def position(item):
        base = item[0].split(".")[0]
        return (order.index(base) if base in order else len(order), item[0])

    return sorted(kept, key=position)


def option_fields(variant, options: dict[str, str], players: int, errors: dict) -> list[dict]:
    """Each house rule of the variant as the page draws it: chips, a number, or two numbers."""
    given = options_to_json(variant, options)
    fields = []
    for spec in variant.Rules.specs():
        default = spec.default_for(players)
        try:
            value = spec.coerce(given[spec.name]) if spec.name in given else default
        except (RulesError, TypeError):
            value = default
        field = {
            "name": spec.name,
            "key": f"o.{spec.name}",
            "kind": spec.kind,
            "title": _option_title(spec),
            "description": _(spec.description),
            "error": errors.get(f"o.{spec.name}"),
            "changed": spec.name in given and value != default,
        }
        if spec.kind == "bool":
            field["choices"] = [
                {"value": "1", "label": _("on"), "checked": value is True},
                {"value": "0", "label": _("off"), "checked": value is False},
            ]
        elif spec.kind == "choice":
            field["choices"] = [
                {
                    "value": choice,
                    "label": _choice_label(spec.name, choice),
                    "checked": value == choice,
                }
                for choice in spec.choices
            ]
        elif spec.kind == "int":
            field["low"], field["high"] = spec.choices
            field["value"] = options.get(spec.name, str(value))
        else:
            data = value.as_json() if hasattr(value, "as_json") else {}
            field["parts"] = [
                {
                    "key": f"o.{spec.name}.{sub}",
                    "label": sub.replace("_", " "),
                    "value": options.get(f"{spec.name}.{sub}", str(amount)),
                }
                for sub, amount in data.items()
            ]
        fields.append(field)
    return fields


def suit_choices(chosen: str | None, choices=SUITS) -> list[dict]:
    return [
        {
            "value": code,
            "label": _("NT") if code == "NT" else suit_label(code),
            "suit": code,
            "checked": (chosen or "").upper() == code,
        }
        for code in choices
    ]
