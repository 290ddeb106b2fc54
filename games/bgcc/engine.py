"""Apply a command to a table: the new table and what happened, or a refusal naming the rule.

`apply(table, command)` never changes the table it is given: it works on a copy (unless the caller
hands it over with `owned=True`), so a refused command leaves the table exactly as it was. The
command registry (`registry.py`) is the dispatch: each command's declaration says when it is open
and who may send it, and names its handler (`handlers.py`, `versus.py`, the `dice_flow` package).
"""
from __future__ import annotations

from games.events import Event, Outcome
from .registry import apply

__all__ = ["Event", "Outcome", "apply"]
