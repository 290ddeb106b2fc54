"""A command the rules refuse, in every game: the same shape for all (contract C1)."""
from __future__ import annotations


class RuleRefused(Exception):
    """`rule` names the rulebook's section or heading ("IX·I", "EFFORT LIMIT", "HIRE"); `message`
    is the English sentence for players; `code` a stable snake_case name of the refusal (the same
    code wherever the same refusal is raised) and `params` fill its placeholders, so any language
    can say it again (the PWA's French catalogue, `pwa/js/refusals.js`, is keyed by `code`).
    Params are ids, numbers and proper names, never English words: a space is "melee", a step
    "heroes.actions"."""

    def __init__(self, rule: str, message: str, code: str | None = None, **params):
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.code = code or "rule_refused"
        self.params = params

    def __repr__(self) -> str:
        return f"RuleRefused({self.rule!r}, {self.message!r}, {self.code!r}, **{self.params!r})"
