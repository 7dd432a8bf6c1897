"""League history, the data: figures derived from the hands, read by the history pages
(scoring.history), never written by a Save before its answer (after it, brought up to
date by scoring.history.after_save, as the next page would).

* ``fold``: a game's all-time figures as a running state, one hand added at a time, and
  ``advance``: that state kept and brought up to date from the first changed hand on
  (a Save adds its hand; a change among the last hands folds again from a kept mark);
* ``rows``: standings, records and running totals per score table over a period,
  straight from the hand rows with SQL aggregates and window functions;
* ``replay``: a period's ratings, replayed hand by hand (``ratings`` has the formula),
  with the counts that need the engine's reading of each contract;
* ``cache``: what was computed, kept per league, game and period with a fingerprint of
  the hands it came from, and computed again on the next page view after a change;
* ``figures``: what the pages show, assembled from the above;
* ``sessions``: lists of sessions, read live; ``tables``: score tables and contracts as
  the history sees them; ``period``: the date ranges; ``synthetic``: made-up leagues for
  benchmarks and tests.

Everything here depends on scoring.models and the rules engine only.
"""
