"""The seven rule systems, found by their code."""

from typing import Any

from ..errors import UnknownVariant
from ..i18n import N_
from .base import Variant, know_games
from .japanese import JapaneseChipNapoleon, JapaneseNapoleon
from .mighty import Mighty
from .nap import Nap
from .taiwan import HongKongNapoleon, TaiwanNapoleon
from .thai import ThaiNapoleon

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
