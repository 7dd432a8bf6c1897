"""The dispute tools ("referee"): trick winner, legal plays, auction, score, each a permalink.

Every ruling comes from ``scoring.api.handlers``, the same functions as the JSON API.
"""
