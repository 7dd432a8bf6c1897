"""The JSON ruling API (``/api/v1/``): thin views over the rules engine."""
