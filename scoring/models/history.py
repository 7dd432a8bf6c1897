"""League history figures as computed, kept until the hands they came from change."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.models.leagues import League


class HistoryCache(models.Model):
    """League history figures (standings, records, ratings, a player's statistics) as
    scoring.history.figures computed them from the hands of one league and game, for one period.

    Nothing here is entered by anyone, and no write of a hand touches it: ``stamp`` is a
    fingerprint of the data the figures came from (scoring.history.figures.cache), and a page
    that finds it out of date computes the figures again and replaces the row.
    """

    league = models.ForeignKey(League, models.CASCADE, related_name="+", db_index=False)
    variant = models.CharField(max_length=20)
    key = models.CharField(max_length=64)  # what the figures are for: a page and a period
    stamp = models.CharField(max_length=80)
    data = models.JSONField()
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("history figures")
        verbose_name_plural = _("history figures")
        constraints = [
            models.UniqueConstraint(fields=["league", "variant", "key"], name="one_history_cache")
        ]

    def __str__(self) -> str:
        return f"{self.league_id} · {self.variant} · {self.key or 'all time'}"
