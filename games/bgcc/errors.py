"""Refusals: a command the rules do not allow, named by its rulebook section."""
from __future__ import annotations


class RuleRefused(Exception):
    """A command the rules refuse.

    `rule` names the rulebook section; `message` is the English sentence for players; `code` is a
    stable snake_case name of the refusal (the same code wherever the same refusal is raised) and
    `params` fill its placeholders, so any language can say it again (the PWA's French catalogue,
    `pwa/js/refusals.js`, is keyed by `code`). Params are ids, numbers and proper names, never
    English words: a space is "melee", a step "heroes.actions"."""

    def __init__(self, rule: str, message: str, code: str | None = None, **params):
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.code = code or "rule_refused"
        self.params = params
