"""Refusals: a command the rules do not allow, named by its rulebook section (games.refusal)."""
from games.refusal import RuleRefused

__all__ = ["RuleRefused"]
