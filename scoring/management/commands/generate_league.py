"""Generate a synthetic league of N random but legal hands, scored by the engine."""

import time
from argparse import ArgumentParser
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from scoring.history.figures.synthetic import ALL_VARIANTS, generate_league
from scoring.rules import find_variant
from scoring.rules.errors import RulesError


class Command(BaseCommand):
    help = "Create a league of N random but legal hands (for benchmarks and demos)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("hands", type=int, help="how many hands (some are passed out)")
        parser.add_argument("--name", default="Synthetic league")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--variants",
            default=",".join(ALL_VARIANTS),
            help="comma-separated variant codes (default: all seven)",
        )
        parser.add_argument("--players", type=int, default=10, help="players in the league")
        parser.add_argument("--owner", help="username to make the league's owner")
        parser.add_argument("--pool", type=int, default=200, help="hands played out per variant")

    def handle(
        self,
        *args: Any,
        hands: int,
        name: str,
        seed: int,
        variants: str,
        players: int,
        owner: str | None,
        pool: int,
        **options: Any,
    ) -> None:
        if hands < 1:
            raise CommandError("hands must be at least 1")
        codes = [code.strip() for code in variants.split(",") if code.strip()]
        for code in codes:
            try:
                find_variant(code)
            except RulesError as error:
                raise CommandError(error.message) from error
        if players < 5:
            raise CommandError("a league needs at least 5 players")
        user = None
        if owner:
            user = get_user_model().objects.filter(username=owner).first()
            if user is None:
                raise CommandError(f"no account is called {owner}")
        started = time.perf_counter()
        league = generate_league(
            hands,
            name=name,
            seed=seed,
            variants=codes,
            players=players,
            owner=user,
            pool_size=pool,
            progress=lambda message: self.stdout.write(f"  {message}"),
        )
        self.stdout.write(
            self.style.SUCCESS(
                f"League {league.pk} ({league.name}): {hands} hands "
                f"in {time.perf_counter() - started:.1f} s"
            )
        )
