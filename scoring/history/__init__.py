"""League history, the pages: a league's standings, records and ratings over a period, a
player's figures, a session's course, the ratings explained, and the league's export and
import.

The figures come from scoring.history.figures, the data half: computed from the hand rows when a
page asks and kept until a hand changes, never written by a Save before its answer (after
it, brought up to date for the next page: after_save). Nothing there imports from here.
"""
