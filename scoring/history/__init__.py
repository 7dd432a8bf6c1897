"""League history: standings, records, player statistics, ratings, charts, export and import.

How the pages stay fast as a league ages
----------------------------------------
Every page reads a fixed number of rows, whatever the size of the history:

* ``PlayerHand`` (scoring.history.models) holds one row per player per played hand,
  in league order (``pos``), with *running* figures: the player's hand count, total
  score, wins, contracts made… in that score table so far, their rating, and their
  current winning streak. A figure over a date range is the row at the range's end
  minus the row just before its start: two index look-ups per player, not a sum over
  the range.
* ``PlayerTable``, ``Rating`` and ``LeagueTable`` list who played which score table
  and each player's current rating; ``Tally`` counts what has no order (contracts by
  level and trump, partnerships).
* Charts read a bounded number of rows: a sparkline the rows at 16 chosen hand counts
  (``vn``), a player's charts the rows whose hand count is a multiple of 2^k (``tick``),
  with k chosen to give at most 60 points however long the history.

``scoring.history.sync`` keeps these in step with the hands, inside the transaction
of each write (scoring.recording calls it). A write at the end of the history (the
usual case: the hand just played, or the one just undone) touches only that hand's
rows; a change further back replays the later hands of the same game in that league.
``manage.py rebuild_history`` rebuilds a league from its hands; a version stamp
(``LeagueHistory``) makes a league rebuild itself once after the rating formula or the
stored figures change.
"""
