"""Refusals: a command the rules do not allow, named by the rulebook heading that refuses it
("RANK", "EFFORT LIMIT"); the shape every game shares (games.refusal)."""
from games.refusal import RuleRefused

__all__ = ["RuleRefused"]
