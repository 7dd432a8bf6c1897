"""A table's own score numbers: the ``score_values`` house rule, which every variant takes.

Every variant names the coefficients of its active score table (which table is active
depends on other options: ``score_table``, ``formula``, ``payout``), each with its
default under those options and its bounds. ``score_values`` overrides some of them.

The option is read in two steps because its allowed names depend on the other options:
``parse_score_values`` checks the shape when the rules are built (an object of whole
numbers), and ``resolve`` checks the names and bounds against the active table once the
variant knows it. Scoring code then asks ``Variant.coefficients`` for the numbers.
"""

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from scoring.rules.errors import BadOptionValue, UnknownOption
from scoring.rules.i18n import N_, _

PATH = "options.score_values"


@dataclass(frozen=True)
class Coefficient:
    """One number of a score table, as players read it (a signed amount, or a multiplier)."""

    name: str
    default: int
    low: int
    high: int


@dataclass(frozen=True)
class ScoreValues(Mapping[str, int]):
    """The overrides a table chose, name → whole number (hashable, as rules must be)."""

    items_: tuple[tuple[str, int], ...] = ()

    def __getitem__(self, name: str) -> int:
        for key, value in self.items_:
            if key == name:
                return value
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return (key for key, _value in self.items_)

    def __len__(self) -> int:
        return len(self.items_)

    def as_json(self) -> dict[str, int]:
        return dict(self.items_)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_score_values(value: object, path: str = PATH) -> ScoreValues:
    """The shape only: an object whose values are JSON integers (names come later)."""
    if isinstance(value, ScoreValues):
        return value
    if not isinstance(value, dict):
        raise BadOptionValue(
            N_('{path} must be an object of score numbers, such as {{"win": 2}}.'), path, path=path
        )
    for name, amount in value.items():
        if not _whole(amount):
            where = f"{path}.{name}"
            raise BadOptionValue(
                N_("{path} must be a whole number, not {value}."),
                where,
                path=where,
                value=_quote(amount),
            )
    return ScoreValues(tuple(sorted(value.items())))


def resolve(overrides: Mapping[str, int], table: Iterable[Coefficient]) -> dict[str, int]:
    """Every coefficient of the active table: the override where one is given, else its
    default. Raises ``UnknownOption`` for a name the table does not have and
    ``BadOptionValue`` for a number outside a name's bounds."""
    coefficients = {c.name: c for c in table}
    for name, amount in overrides.items():
        where = f"{PATH}.{name}"
        found = coefficients.get(name)
        if found is None:
            known = ", ".join(coefficients) or _("none")
            raise UnknownOption(
                N_("{name} is not a number of this score table; its numbers are: {known}."),
                where,
                name=name,
                known=known,
            )
        if not found.low <= amount <= found.high:
            raise BadOptionValue(
                N_("{path} must be a whole number from {low} to {high}."),
                where,
                path=where,
                low=found.low,
                high=found.high,
            )
    return {name: overrides.get(name, c.default) for name, c in coefficients.items()}


def _quote(value: object) -> str:
    return f"'{value}'" if isinstance(value, str) else repr(value)
