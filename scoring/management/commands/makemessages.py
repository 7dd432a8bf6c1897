"""``makemessages`` for this project.

It also collects the engine's ``N_`` marks (the rules engine cannot import Django,
so strings it translates later — option descriptions, card and call names — are
marked with ``N_``, which xgettext does not know), and it skips folders that hold
no user-facing text.
"""

from typing import Any

from django.core.management.commands import makemessages

SKIPPED = [".venv", "node_modules", "tests", "benchmarks", "staticfiles", "docs"]


class Command(makemessages.Command):
    xgettext_options = [
        *makemessages.Command.xgettext_options,
        "--keyword=N_",
        "--keyword=NC_:1c,2",
    ]

    def handle(self, *args: Any, **options: Any) -> str | None:
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), *SKIPPED]
        options["no_obsolete"] = True
        return super().handle(*args, **options)
