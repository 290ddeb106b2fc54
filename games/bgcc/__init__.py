"""Batman: Gotham City Chronicles: the game rules as pure code.

State in, command in, new state and events out, or a `RuleRefused` naming the rule.
Nothing here imports Flask or Redis, reads the clock or uses global randomness.
"""
