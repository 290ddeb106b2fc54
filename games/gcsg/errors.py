"""Refusals: a command the rules do not allow, named by the rulebook heading that forbids it (the
GCSG rulebook has no numbered sections: SETUP, TURN, ADV, SIGNAL, OCC, INC, EFF, CARRY, TAKE,
HIRE, MOVE, FVV, FVB, DRAW, END, 2P, GLOS·THREATS …, as in DIGEST-gcsg.md); the shape every game
shares (games.refusal)."""
from games.refusal import RuleRefused

__all__ = ["RuleRefused"]
