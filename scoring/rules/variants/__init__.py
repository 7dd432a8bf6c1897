"""The seven rule systems, found by their code."""

from typing import Any

from scoring.rules.errors import UnknownVariant
from scoring.rules.i18n import N_
from scoring.rules.variants.base import Variant, know_games
from scoring.rules.variants.japanese import JapaneseChipNapoleon, JapaneseNapoleon
from scoring.rules.variants.mighty import Mighty
from scoring.rules.variants.nap import Nap
from scoring.rules.variants.taiwan import HongKongNapoleon, TaiwanNapoleon
from scoring.rules.variants.thai import ThaiNapoleon

VARIANTS: dict[str, Variant[Any]] = {
    v.code: v
    for v in (
        TaiwanNapoleon(),
        HongKongNapoleon(),
        JapaneseNapoleon(),
        JapaneseChipNapoleon(),
        ThaiNapoleon(),
        Mighty(),
        Nap(),
    )
}
know_games(VARIANTS)  # an unknown option is named as the house rule of another game


def find_variant(code: object) -> Variant[Any]:
    """The variant called ``code`` (``taiwan``, ``japanese-chip``, …)."""
    variant = VARIANTS.get(code) if isinstance(code, str) else None
    if variant is None:
        raise UnknownVariant(
            N_("{code} is not a variant; choose one of {codes}."),
            "variant",
            code=f"'{code}'" if isinstance(code, str) else repr(code),
            codes=", ".join(VARIANTS),
        )
    return variant


__all__ = ["VARIANTS", "Variant", "find_variant"]
