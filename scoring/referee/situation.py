"""The referee's query strings: read them, write them back short, and turn them into questions.

Every tool is a GET form whose query string is the permalink of its ruling. A
``Situation`` reads the query (short keys such as ``v``, ``n``, ``p`` and house
rules as ``o.<name>``), knows its canonical spelling (defaults left out, keys in a
fixed order), and asks the engine through the rulings facade (``scoring.rulings``),
the one the JSON API uses. Nothing here rules on anything: the rulings come from the
engine, and the tables from its own lists (deck, trumps, ladder, options). An engine
error is shown next to the input its field names, written for the page (its seat as the
player sitting there, its cards and calls as players read them).
"""

import logging
import re
from collections.abc import Callable
from typing import Any, TypeVar
from urllib.parse import urlencode

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from scoring import query, rulings
from scoring.models import GameSession
from scoring.referee import numbers
from scoring.referee.house import (
    TRUE_WORDS,
    canonical_options,
    encode_options,
    option_fields,
    options_to_json,
)
from scoring.rules import VARIANTS, find_variant
from scoring.rules.errors import OptionError, RulesError
from scoring.rules.options import TableRules
from scoring.rules.variants.base import Variant
from scoring.table.lineup import players_count
from scoring.words.refusals import house_refusal

log = logging.getLogger(__name__)

MAX_VALUE = 400  # characters of one query value; a whole hand of codes is far shorter
DEFAULT_PLAYERS = 5
OUT = "ko"  # the seat that sits the hand out (six-player Mighty's kill), where the game has one
OUT_PROMPT = gettext_lazy("Pick the seat that sits this hand out.")

Answer = TypeVar("Answer")


def default_players(variant: Variant[Any]) -> int:
    return DEFAULT_PLAYERS if DEFAULT_PLAYERS in variant.players else variant.players[0]


class Situation:
    """One tool's query: raw values by short key, house rules, and what the page needs."""

    tool = ""
    keys: tuple[str, ...] = ()  # the situation, in canonical order
    ui_keys: tuple[str, ...] = ()  # page state: kept in the page's URL, not in the permalink
    int_keys: frozenset[str] = frozenset()
    # Keys of tick boxes: every value posted is kept, joined as codes are (``SA.HK``).
    list_keys: frozenset[str] = frozenset()
    fields: dict[str, str] = {}  # API field (first path segment) → query key
    prompts: dict[str, object] = {}  # query key → what to ask when it is missing
    shows_score_numbers = False  # whether the panel draws the score table's own numbers

    def __init__(self, query: QueryDict, session: GameSession | None = None) -> None:
        self.values: dict[str, str] = {}
        self.options: dict[str, str] = {}
        self.drawn: dict[str, int] = {}  # the default each own-number box was drawn with
        self.errors: dict[str, str] = {}
        self.error_index: dict[str, int] = {}
        self.malformed = False
        self.session = session
        self.action: tuple[str, str] | None = None
        self._read(query)
        if session is not None and "v" not in self.values:
            self._prefill(session)
        self.variant: Variant[Any] | None = None
        self.players: int | None = None
        self.rules: TableRules | None = None
        self.rules_error: RulesError | None = None  # the house rules as given are refused
        self.option_json: dict[str, Any] = {}
        self._table()
        if not self.needs_sitting_out:
            self.values.pop(OUT, None)  # a seat out only where the count has one

    def apply_action(self) -> None:
        """Apply a card or a call tapped without JavaScript (a tool with a picker does)."""

    def context(self) -> dict[str, Any]:
        """What the tool's page draws once a game is chosen (each tool says)."""
        return {}

    def can(self, capability: str) -> bool:
        """Whether the chosen game has ``capability`` (a flag the variant declares)."""
        return self.variant is not None and bool(getattr(self.variant, capability))

    @property
    def has_partner(self) -> bool:
        return self.variant is not None and bool(self.variant.roles[1])

    # ---- reading -----------------------------------------------------------------

    def _read(self, query: QueryDict) -> None:
        for key in query:
            value = str(query.getlist(key)[-1]).strip()[:MAX_VALUE].strip()
            if key in self.list_keys:
                given = (str(part).strip() for part in query.getlist(key))
                value = ".".join(part for part in given if part)[:MAX_VALUE]
            if key.startswith("o.") and len(key) > 2:
                if value:
                    self.options[key[2:]] = value
            elif key.startswith(numbers.DRAWN) and (drawn := numbers.number(value)) is not None:
                self.drawn[key[len(numbers.DRAWN) :]] = drawn
            elif key in self.keys or key in self.ui_keys or key in ("v", "n"):
                if value:
                    self.values[key] = value
            elif key in ("add", "undo", "clear") and value:
                self.action = (key, value)

    def _prefill(self, session: GameSession) -> None:
        """The session's game, player count and house rules, unless the query names a game."""
        self.values["v"] = session.variant
        self.values["n"] = str(players_count(session))
        if not self.options:
            self.options = encode_options(session.options or {})

    def _table(self) -> None:
        code = self.values.get("v")
        if code is None:
            return
        try:
            self.variant = find_variant(code)
        except RulesError as error:
            self.fail("v", error.render(rulings.PAGE), malformed=True)
            return
        self.values.setdefault("n", str(default_players(self.variant)))
        count = self.integer("n")
        if count is not None:
            try:
                self.players = self.variant.verify_players(count)
            except RulesError as error:
                self.fail("n", error.render(self.words))
        self.options = numbers.kept_options(
            self.variant, self.table_players, self.options, self.drawn
        )
        self.option_json = options_to_json(self.variant, self.options)
        try:
            self.rules = self.variant.rules(self.option_json, self.table_players)
        except RulesError as error:
            self.record(error)
            self.rules_error = error
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
        self.errors.setdefault(key, self.readable(error))
        if index is not None:
            self.error_index.setdefault(key, index)

    def readable(self, error: RulesError) -> str:
        """The engine's sentence as this page writes it: seats by the players' names, cards
        and calls as players read them (the API's codes stay in the query); a house rule
        by its name."""
        if isinstance(error, OptionError):
            own = error.field.startswith("options." + numbers.PREFIX)
            # No box to stand beside (a refused option means a game was chosen): named.
            if own and not self.shows_score_numbers and self.variant is not None:
                place = numbers.named(self.variant, error.field)
                return _("{place}: {problem}").format(place=place, problem=house_refusal(error))
            return house_refusal(error)
        return error.render(self.words)

    @property
    def words(self) -> rulings.PageWords:
        return rulings.PageWords(self.seat_labels())

    def has(self, key: str) -> bool:
        return key in self.values

    def key_of(self, field: str) -> tuple[str, int | None]:
        """``plays[2]`` → ``("p", 2)``, ``options.yoromeki`` → ``("o.yoromeki", None)``."""
        if field.startswith("options." + numbers.PREFIX):  # one number of the score table
            return "o." + field[len("options.") :], None
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

    def query(self, ui: bool = True, **changes: str | None) -> str:
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

    def is_canonical(self, query: QueryDict) -> bool:
        given = [(key, value) for key, values in query.lists() for value in values]
        return given == self.pairs()

    def table(self) -> rulings.Table:
        """The table the questions are asked at (once ``ready``); no ruling is given under
        house rules the engine refused (the page shows why beside them)."""
        if self.rules_error is not None:
            raise self.rules_error
        assert self.variant is not None and self.players is not None and self.rules is not None
        return rulings.Table(self.variant, self.players, self.rules)

    # ---- a seat sitting the hand out ------------------------------------------------

    @property
    def needs_sitting_out(self) -> bool:
        """Whether one seat sits this hand out at this count (the variant says so)."""
        return self.variant is not None and self.variant.needs_sitting_out(self.table_players)

    @property
    def sitting_out(self) -> int | None:
        return self.integer(OUT) if self.needs_sitting_out else None

    @property
    def live_players(self) -> int:
        """How many seats play this hand: all but the one sitting out."""
        return self.table_players - (1 if self.needs_sitting_out else 0)

    @property
    def sitting_out_title(self) -> str:
        return self.variant.term("sitting_out_title") if self.variant else ""

    def live_seat_choices(self, key: str) -> list[dict[str, Any]]:
        """Seat chips without the seat sitting out (shown still when the query chose it, so
        the engine's refusal stands next to it)."""
        out = self.values.get(OUT)
        chosen = self.values.get(key)
        return [c for c in self.seat_choices(key) if c["value"] != out or c["value"] == chosen]

    # ---- what the page shows -----------------------------------------------------

    def seat_labels(self) -> list[str]:
        count = self.table_players if self.variant else DEFAULT_PLAYERS
        if self.session is not None and len(self.session.seat_list) == count:
            return [seat.player.name for seat in self.session.seat_list]
        return [_("Seat %(number)s") % {"number": seat + 1} for seat in range(count)]

    def seat_name(self, seat: object) -> str:
        labels = self.seat_labels()
        if isinstance(seat, int) and 0 <= seat < len(labels):
            return labels[seat]
        return _("Seat %(number)s") % {"number": seat + 1 if isinstance(seat, int) else seat}

    def seat_choices(self, key: str) -> list[dict[str, Any]]:
        chosen = self.values.get(key)
        return [
            {"value": str(seat), "label": label, "checked": chosen == str(seat)}
            for seat, label in enumerate(self.seat_labels())
        ]

    def variant_links(self) -> list[dict[str, Any]]:
        current = self.values.get("v")
        links = []
        for code, variant in VARIANTS.items():
            pairs = [("v", code)]
            if self.session is not None:
                pairs.insert(0, ("session", str(self.session.pk)))
                if code == self.session.variant:
                    pairs = [("session", str(self.session.pk))]
            links.append(
                {
                    "code": code,
                    "label": pgettext(*variant.short_name),
                    "query": urlencode(pairs),
                    "current": code == current,
                }
            )
        return links

    def player_choices(self) -> list[dict[str, Any]]:
        if self.variant is None or len(self.variant.players) < 2:
            return []
        chosen = self.values.get("n")
        return [
            {"value": str(n), "label": str(n), "checked": chosen == str(n)}
            for n in self.variant.players
        ]

    @property
    def can_deal_miss(self) -> bool:
        """Whether the chosen game has a deal miss (a house rule may still have it off)."""
        return self.can("has_deal_miss")

    @staticmethod
    def games_with_a_deal_miss() -> str:
        names = [pgettext(*v.short_name) for v in VARIANTS.values() if v.has_deal_miss]
        return pgettext("list separator", ", ").join(names)

    def option_fields(self) -> list[dict[str, Any]]:
        if self.variant is None:
            return []
        fields = option_fields(self.variant, self.options, self.table_players, self.errors)
        if not self.shows_score_numbers:
            return [f for f in fields if f["name"] != numbers.OPTION]
        for field in fields:
            if field["name"] == numbers.OPTION:
                field["table"] = numbers.panel(self.variant, self.table_players, self.options)
        return [f for f in fields if f["name"] != numbers.OPTION or f["table"]]

    @property
    def changed_options(self) -> int:
        """The changed rules of the panel (the rules it does not show are not counted)."""
        names = {name.split(".")[0] for name, _v in self.canonical_options()}
        return len(names - self.uncounted_options())

    def uncounted_options(self) -> frozenset[str]:
        # A tool whose ruling does not depend on the score table's numbers carries them on
        # to the score tool without drawing or counting them.
        return frozenset(() if self.shows_score_numbers else (numbers.OPTION,))

    def general_errors(self) -> list[str]:
        return [message for key, message in self.errors.items() if key == ""]

    def option_errors(self) -> list[str]:
        """The house rules' messages for the top of the panel (an own number's stands
        beside its box, where the panel draws the score table)."""
        own = numbers.error_key("") if self.shows_score_numbers else None
        return [
            message
            for key, message in self.errors.items()
            if key.startswith("o.") and not (own and key.startswith(own))
        ]

    @property
    def own_numbers_refused(self) -> bool:
        """Whether the engine refused a number of the score table the panel draws (the
        panel then opens on it, as on any other refused rule)."""
        own = numbers.error_key("")
        return self.shows_score_numbers and any(key.startswith(own) for key in self.errors)


def ask(situation: Situation, ruling: Callable[[], Answer]) -> Answer | None:
    """The engine's answer (``ruling`` reads the question and asks the facade), or None with
    its error shown next to the input it names."""
    try:
        return ruling()
    except RulesError as error:
        situation.record(error)
    except Exception:  # a bug must not become a 500; the log keeps it loud
        log.exception("referee ruling failed for %s", situation.query())
        situation.fail("", _("This situation could not be ruled on."))
    return None
