"""Refusals: a command the rules do not allow, named by the rulebook heading that refuses it.

The same shape as the other games' refusals (contract C1): `RuleRefused(rule, message, code,
**params)`. `rule` is a rulebook heading ("RANK", "EFFORT LIMIT"), `code` a stable snake_case
name (the same refusal raised anywhere uses the same code) and `params` ids, numbers and proper
names (a card's Name, a model id), never English words, so the PWA can say it again in French."""
from __future__ import annotations


class RuleRefused(Exception):
    def __init__(self, rule: str, message: str, code: str | None = None, **params):
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.code = code or "rule_refused"
        self.params = params

    def __repr__(self) -> str:
        return f"RuleRefused({self.rule!r}, {self.message!r}, {self.code!r}, **{self.params!r})"
