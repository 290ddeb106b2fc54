"""Refusals: a command the rules do not allow, named by its rulebook section."""


class RuleRefused(Exception):
    """A command the rules refuse. `rule` names the rulebook section; `message` is for players."""

    def __init__(self, rule: str, message: str):
        super().__init__(message)
        self.rule = rule
        self.message = message
