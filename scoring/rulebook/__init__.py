"""The rules reference: a page per variant written from the engine and the house rules in force.

``/rules/`` lists the seven games, ``/rules/<code>/`` explains one (with a
session's house rules, or ``?o.<name>=<value>`` options), and ``/rules/search/``
searches them all.
"""
