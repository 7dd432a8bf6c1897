"""Forget leagues' computed history figures and compute them afresh from their hands."""

import time
from argparse import ArgumentParser
from functools import partial
from typing import Any

from django.core.management.base import BaseCommand

from scoring.history.figures import cache
from scoring.history.figures.figures import ALL_TIME, compute_all_time
from scoring.models import League


class Command(BaseCommand):
    help = (
        "Forget the history figures of one league (or all) and compute them again from "
        "their hands: after an edit made outside the app (the admin's session page), or "
        "to time the computation. Pages do the same by themselves after any change made "
        "in the app."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("league", nargs="*", type=int, help="league ids (default: all)")

    def handle(self, *args: Any, league: list[int], **options: Any) -> None:
        leagues = League.objects.order_by("pk")
        if league:
            leagues = leagues.filter(pk__in=league)
        for pk, name in leagues.values_list("pk", "name"):
            started = time.perf_counter()
            cache.forget(pk)
            cache.figures(pk, ALL_TIME, partial(compute_all_time, pk))
            self.stdout.write(f"{pk} {name}: {time.perf_counter() - started:.1f} s")
