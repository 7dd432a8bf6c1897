"""The dispute tools ("referee"): trick winner, legal plays, auction, score, each a permalink.

Every ruling comes from ``scoring.rulings``, the typed facade the JSON API shares.
"""
