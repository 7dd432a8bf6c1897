"""House-rule options: frozen, validated dataclasses with a default for every rule.

Each variant declares its table rules as a subclass of ``TableRules`` whose fields
are made with ``choice``, ``flag``, ``integer`` or ``structure``. The field's
metadata carries what a player needs to choose (the choices and a one-line
description); ``__post_init__`` refuses any value outside them, so a rules object
that exists is always valid.
"""

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from scoring.rules.errors import BadOptionValue, UnknownOption
from scoring.rules.i18n import N_, _
from scoring.rules.score_values import ScoreValues, parse_score_values
from scoring.rules.sentences import given

# Short names for the house rules, as a settings screen shows them.
# Option values and parts that are named after a game: their player's names live here, in
# the one place that knows the games (the pages' other value labels: scoring.words.labels).
GAME_NAMED_VALUES = {
    ("score_table", "taiwan"): N_("Taiwan table"),
    ("score_table", "hongkong"): N_("Hong Kong table"),
}
GAME_NAMED_PARTS = {("deal_miss_values", "mighty"): N_("the Mighty")}

LABELS = {
    "bid_style": N_("Bidding style"),
    "pass_is_final": N_("A pass is final"),
    "blind_shown": N_("Blind shown"),
    "discards_shown": N_("Discards shown"),
    "secretary_order": N_("Ordering the secretary card"),
    "joker_summon": N_("Summoning jokers"),
    "summoned_joker_loses": N_("A summoned joker loses"),
    "first_lead": N_("First lead"),
    "score_table": N_("Score table"),
    "bid_suit_order": N_("Suit order in bidding"),
    "min_bid": N_("Lowest bid"),
    "no_trump_bid": N_("No-trump bids"),
    "almighty_is_trump": N_("Almighty counts as a trump"),
    "ura_jack_is_trump": N_("Colour jack counts as a trump"),
    "same_two": N_("Same two"),
    "same_two_first_trick": N_("Same two on the first trick"),
    "same_two_with_joker": N_("Same two despite a joker"),
    "yoromeki": N_("Yoromeki"),
    "first_trick_specials_plain": N_("Plain specials on the first trick"),
    "siberian": N_("Siberian rule"),
    "auction_order": N_("Bidding order"),
    "first_two_beats_specials": N_("First-trick 2 beats the specials"),
    "tie": N_("A tie"),
    "betrayal_friend": N_("A betraying friend"),
    "all_pass": N_("When all pass"),
    "trump_change_cost": N_("Cost of changing trumps"),
    "first_trick_friend": N_("First-trick friend"),
    "joker_powerless_first_last": N_("Powerless joker on the first and last trick"),
    "formula": N_("Score formula"),
    "stripped_deck": N_("Stripped deck"),
    "misere_no_trump": N_("Misère without trumps"),
    "nap_scoring": N_("Nap scoring"),
    "score_values": N_("Own score numbers"),
    # The house rules of Taiwan and Hong Kong, the Mighty and Nap
    "four_player_table": N_("Four-player score table"),
    "ripper_without_call": N_("Ripper led without a call"),
    "called_joker_has_power": N_("A called joker keeps its power"),
    "joker_call_last_trick": N_("Joker call on the last trick"),
    "ripper_first_trick": N_("Ripper on the first trick"),
    "mighty_defense": N_("Mighty defence"),
    "first_trick_trumps": N_("Trumps on the first trick"),
    "alone_doubles": N_("Playing alone doubles"),
    "no_trump_doubles": N_("No trump doubles"),
    "back_run": N_("Back run"),
    "bid_20_doubles": N_("A bid of 20 doubles"),
    "discards_to": N_("Points in the discards count for"),
    "deal_miss": N_("Deal miss"),
    "deal_miss_values": N_("Deal miss count"),
    "deal_miss_penalty": N_("Deal-miss penalty"),
    "deal_miss_points": N_("Deal-miss penalty points"),
    "payout": N_("Payout"),
    "sir_garnet": N_("Sir Garnet"),
    "joker": N_("Joker"),
}


# The Japanese family's house rules.
LABELS.update(
    {
        "yoromeki_loses_to_jacks": N_("Jacks cancel the yoromeki"),
        "dq_beats_trump_jack": N_("♦Q catches the trump jack"),
        "hunting_jack": N_("Hunting jack"),
        "same_two_rank": N_("Strength of a same two"),
        "same_two_in_trump": N_("Same two in trumps"),
        "same_two_led_joker": N_("Same two after a led joker"),
        "led_joker_rank": N_("Strength of a led joker"),
        "plain_jack_lowest": N_("Plain jacks lowest"),
        "first_trick_plain": N_("Ordinary specials on the first trick"),
        "plain_tricks": N_("Plain tricks"),
        "plain_trick_specials": N_("Specials on a plain trick"),
        "joker_call": N_("Calling the joker"),
        "almighty_call": N_("♠3 calls ♠A"),
        "joker_any_time": N_("Joker at any time"),
        "ura_jack_any_time": N_("Colour jack at any time"),
        "joker_lead_picture_request": N_("Led joker asks for pictures"),
        "first_trick_restriction": N_("First-trick limits"),
        "all_twenty": N_("All 20 picture cards"),
    }
)


# The house rules a differential test found in other programs (rules-house.md §8.10).
LABELS.update(
    {
        "mighty_powerless": N_("Powerless Mighty"),
        "alone_doubles_failed": N_("Playing alone doubles a failed contract"),
        "bid_20_doubles_failed": N_("A failed bid of 20 doubles"),
        "failed_pays_back": N_("A failed contract pays back"),
        "made_at_least_one": N_("A made contract scores at least 1"),
    }
)


@dataclass(frozen=True)
class OptionSpec:
    name: str
    kind: str  # "choice", "bool", "int" or "object"
    default: Any  # a value, or a dict keyed by player count
    choices: tuple[Any, ...] | None  # allowed values; (min, max) for "int"; None for "object"
    description: str  # marked with N_, translated when shown
    parse_object: Callable[[object, str], Any] | None = None
    # Kept by the scorekeeping tables, never by the ruling API (a deal-miss penalty): an
    # API request naming it is refused as an unknown option, and the API does not list it.
    table_only: bool = False

    @property
    def label(self) -> str:
        return _(LABELS.get(self.name, self.name))

    def default_for(self, players: int) -> Any:
        if isinstance(self.default, dict):
            return self.default[players]
        return self.default

    def coerce(self, value: object) -> Any:
        """Turn a JSON value into the option's value, or raise ``BadOptionValue``."""
        # Every request's options pass here (twice: read, then checked by the dataclass), so
        # a value already written as it should be is let through first.
        kind = self.kind
        if kind == "bool":
            if isinstance(value, bool):
                return value
        elif kind == "int":
            assert self.choices is not None
            low, high = self.choices
            if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
                return value
        elif kind == "choice":
            assert self.choices is not None
            if isinstance(value, str):
                if value in self.choices:
                    return value
                for allowed in self.choices:
                    if value.lower() == allowed.lower():
                        return allowed
        else:
            assert self.parse_object is not None
            return self.parse_object(value, f"options.{self.name}")
        raise self._refusal(value)

    def _refusal(self, value: object) -> BadOptionValue:
        path = f"options.{self.name}"
        if self.kind == "bool":
            return BadOptionValue(N_("{path} must be true or false."), path, path=path)
        assert self.choices is not None
        if self.kind == "int":
            low, high = self.choices
            return BadOptionValue(
                N_("{path} must be a whole number from {low} to {high}."),
                path,
                path=path,
                low=low,
                high=high,
            )
        return BadOptionValue(
            N_("{path} must be one of {choices}, not {value}."),
            path,
            path=path,
            choices=", ".join(self.choices),
            value=_quote(value),
        )

    def as_json(self, players: tuple[int, ...]) -> dict[str, Any]:
        default = self.default
        if isinstance(default, dict):
            default = {str(n): self._json_value(default[n]) for n in players}
        else:
            default = self._json_value(default)
        choices = list(self.choices) if self.choices is not None else None
        if self.kind == "bool":
            choices = [True, False]
        return {
            "name": self.name,
            "type": self.kind,
            "default": default,
            "choices": choices,
            "description": _(self.description),
        }

    @staticmethod
    def _json_value(value: Any) -> Any:
        return value.as_json() if hasattr(value, "as_json") else value


def _quote(value: object) -> str:
    return f"'{value}'" if isinstance(value, str) else repr(value)


def _spec_field(spec: OptionSpec) -> Any:
    default = None if isinstance(spec.default, dict) else spec.default
    return field(default=default, metadata={"option": spec})


def choice(
    default: str | dict[int, str],
    choices: tuple[str, ...],
    description: str,
    table_only: bool = False,
) -> Any:
    return _spec_field(OptionSpec("", "choice", default, choices, description, None, table_only))


def flag(default: bool | dict[int, bool], description: str) -> Any:
    return _spec_field(OptionSpec("", "bool", default, None, description))


def integer(default: int, low: int, high: int, description: str, table_only: bool = False) -> Any:
    return _spec_field(OptionSpec("", "int", default, (low, high), description, None, table_only))


def structure(default: Any, parse: Callable[[object, str], Any], description: str) -> Any:
    return _spec_field(OptionSpec("", "object", default, None, description, parse))


_SPECS: dict[type["TableRules"], dict[str, OptionSpec]] = {}


def _specs(cls: type["TableRules"]) -> dict[str, OptionSpec]:
    """The options of a rules class by name, worked out once per class."""
    known = _SPECS.get(cls)
    if known is None:
        known = _SPECS[cls] = _declared_specs(cls)
    return known


def _declared_specs(cls: type["TableRules"]) -> dict[str, OptionSpec]:
    fields = [f for f in dataclasses.fields(cls) if "option" in f.metadata]
    # The options every variant shares (declared on TableRules) come after the game's own,
    # as a settings screen lists them; dataclasses would put them first.
    shared = {f.name for f in dataclasses.fields(TableRules)}
    fields.sort(key=lambda f: f.name in shared)
    return {f.name: dataclasses.replace(f.metadata["option"], name=f.name) for f in fields}


@dataclass(frozen=True)
class TableRules:
    """Base of every variant's house rules. Subclasses only declare fields."""

    variant_name: ClassVar[str] = ""

    # Every variant takes a table's own numbers; which names are
    # allowed depends on the other options, so ``Variant.rules`` checks them.
    score_values: ScoreValues = structure(
        ScoreValues(),
        parse_score_values,
        N_(
            "Your table's own numbers for the score table: any number left out keeps the "
            "game's value."
        ),
    )

    def __post_init__(self) -> None:
        for spec in self.specs():
            value = getattr(self, spec.name)
            if value is None and isinstance(spec.default, dict):
                continue  # decided by the player count, see ``for_players``
            if spec.coerce(value) != value:
                raise BadOptionValue(
                    N_("options.{name} must be written {value}."),
                    f"options.{spec.name}",
                    name=spec.name,
                    value=given(spec.coerce(value)),
                )

    @classmethod
    def specs(cls) -> tuple[OptionSpec, ...]:
        return tuple(_specs(cls).values())

    @classmethod
    def spec(cls, name: str) -> OptionSpec | None:
        return _specs(cls).get(name)

    @classmethod
    def api_specs(cls) -> tuple[OptionSpec, ...]:
        """The options the ruling API takes: all but those only a table keeps."""
        return tuple(spec for spec in _specs(cls).values() if not spec.table_only)

    @classmethod
    def from_json(
        cls,
        raw: object,
        players: int,
        foreign: Callable[[str], str | None] = lambda n: None,
        api: bool = False,
    ) -> Self:
        """Build the rules from a JSON object of option values; omitted ones take defaults.

        ``foreign`` names the variant an unknown option belongs to, for a better message;
        ``api``: the ruling API's request, where an option only a table keeps is unknown.
        """
        if raw is None:
            raw = {}
        if not isinstance(raw, dict):
            raise BadOptionValue(N_("options must be an object of house rules."), "options")
        values: dict[str, Any] = {}
        for name, value in raw.items():
            spec = cls.spec(name)
            if spec is None:
                raise cls._unknown(name, foreign(name))
            if api and spec.table_only:  # the game's, but a table's to keep: not the API's
                raise cls._unknown(name, None)
            values[name] = spec.coerce(value)
        return cls(**values).for_players(players)

    @classmethod
    def _unknown(cls, name: str, owner: str | None) -> UnknownOption:
        path = f"options.{name}"
        variant = _(cls.variant_name)
        if owner:
            return UnknownOption(
                N_("'{name}' is a house rule of {owner}, not of {variant}."),
                path,
                name=name,
                owner=owner,
                variant=variant,
            )
        return UnknownOption(
            N_("'{name}' is not a house rule of {variant}; its rules are: {known}."),
            path,
            name=name,
            variant=variant,
            known=", ".join(s.name for s in cls.api_specs()),
        )

    def for_players(self, players: int) -> Self:
        """Fill the options whose default depends on the player count."""
        missing = {
            s.name: s.default_for(players)
            for s in self.specs()
            if getattr(self, s.name) is None and isinstance(s.default, dict)
        }
        return dataclasses.replace(self, **missing) if missing else self

    def as_json(self) -> dict[str, Any]:
        return {s.name: OptionSpec._json_value(getattr(self, s.name)) for s in self.specs()}

    def api_json(self) -> dict[str, Any]:
        """The options as a ruling API request carries them: a table's own left out."""
        return {s.name: OptionSpec._json_value(getattr(self, s.name)) for s in self.api_specs()}
