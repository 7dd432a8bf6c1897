"""Rebuild leagues' history (ratings, running figures) from their hands."""

import time

from django.core.management.base import BaseCommand

from scoring.history import sync
from scoring.models import League


class Command(BaseCommand):
    help = (
        "Recompute the history rows of one league (or all) from their hands: after an "
        "edit made outside the app (the admin), or to check the figures."
    )

    def add_arguments(self, parser):
        parser.add_argument("league", nargs="*", type=int, help="league ids (default: all)")

    def handle(self, *args, league, **options):
        leagues = League.objects.order_by("pk")
        if league:
            leagues = leagues.filter(pk__in=league)
        for pk, name in leagues.values_list("pk", "name"):
            started = time.perf_counter()
            sync.rebuild(pk)
            self.stdout.write(f"{pk} {name}: {time.perf_counter() - started:.1f} s")
