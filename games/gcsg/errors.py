"""Refusals: a command the rules do not allow, named by the rulebook heading that forbids it.

The same shape as `games.bgcc.errors.RuleRefused` (contract C1): `rule` names the heading (the
GCSG rulebook has no numbered sections: SETUP, TURN, ADV, SIGNAL, OCC, INC, EFF, CARRY, TAKE,
HIRE, MOVE, FVV, FVB, DRAW, END, 2P, GLOS·THREATS …, as in DIGEST-gcsg.md), `message` is English
for players, `code` a stable snake_case name, `params` ids and numbers only."""
from __future__ import annotations


class RuleRefused(Exception):
    def __init__(self, rule: str, message: str, code: str | None = None, **params):
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.code = code or "rule_refused"
        self.params = params
