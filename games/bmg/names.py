"""Models named as the players name them: every command field naming a model takes its id
("b.thug"), its Alias ("Batman") or its Name ("Bruce Wayne"), in any case (CHARACTER CARDS: Name,
Alias). `resolve(table, command)` gives the command with ids. A name no model has is refused with
`unknown_model`; a name several models share (two Thugs, a Name two crews both field) with
`ambiguous_model` and the ids it could be: name one of them by its id."""
from __future__ import annotations

import dataclasses

from .errors import RuleRefused
from .table import Table

MODEL_FIELDS = ("model", "target", "against", "effort_by")  # a model's id in every command that has them
NESTED = ("shares", "rolls")  # melee shares: each names its target
RULE = "CHARACTER CARDS"


def _fold(text: str) -> str:
    return " ".join(text.split()).casefold()


def model_id(table: Table, given: str) -> str:
    """The id of the model `given` names: its id as is, else the one model whose id, Alias or Name
    it is in any case."""
    if given in table.models:
        return given
    folded = _fold(given)
    found = [m.id for m in table.models.values()
             if folded in (_fold(m.id), _fold(m.card.alias), _fold(m.card.name))]
    if len(found) == 1:
        return found[0]
    if found:
        raise RuleRefused(RULE, f"'{given}' names {len(found)} models: {', '.join(found)}; name one by its id",
                          "ambiguous_model", model=given, name=given, matches=found)
    known = list(table.models)
    raise RuleRefused(RULE, f"No model '{given}' at this table (models: {', '.join(known) or 'none'})",
                      "unknown_model", model=given, name=given, known=known)


def _named(table: Table, part, fields=MODEL_FIELDS):
    changes = {f: model_id(table, getattr(part, f)) for f in fields
               if isinstance(getattr(part, f, None), str)}
    return dataclasses.replace(part, **changes) if changes else part


def resolve(table: Table, command):
    """`command` with the models it names by their ids (an id, an Alias or a Name)."""
    command = _named(table, command)
    changes = {}
    models = getattr(command, "models", None)
    if isinstance(models, (list, tuple)) and all(isinstance(x, str) for x in models):
        changes["models"] = tuple(model_id(table, x) for x in models)
    for f in NESTED:
        parts = getattr(command, f, None)
        if isinstance(parts, (list, tuple)) and all(dataclasses.is_dataclass(x) for x in parts):
            changes[f] = tuple(_named(table, x, ("target",)) for x in parts)
    return dataclasses.replace(command, **changes) if changes else command
