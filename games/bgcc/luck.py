"""Dice luck (issue 31, "After the game"): each roll's successes against the exact expectation the
odds engine computes for it (IX·F, `odds.pool_distribution`), read from the record's events alone.

A roll is a pool's first throw (the `dice_rolled` event: the action's or the defense's dice as they
first showed, or the successes entered), before any reroll; its expectation is the mean of the
pool's successes without rerolls, over the faces the table played with (the default faces, or each
colour as the table calibrated it: the event names them). Rerolls are left out: free ones are a
choice the odds engine models as a policy, paid ones are not modelled at all."""
from __future__ import annotations

from fractions import Fraction

from .dice import Pool, default_faces
from .odds import pool_distribution


def expected(pool: list[str], faces: dict[str, list[int]]) -> Fraction:
    """The mean successes of `pool` (dice type labels, e.g. "orange+reroll") thrown once, exactly,
    over the default faces with `faces`' colours replaced."""
    table = default_faces()
    for colour, six in faces.items():
        table = table.calibrate(colour, six)
    return Fraction(pool_distribution(Pool.of(*pool), table, free_rerolls=False, exact=True).mean())


def rolls(events: list[dict]) -> list[dict]:
    """Each roll among `events` (as stored or as a seat reads them: a roll is public): {"who": the
    character who rolled, "rolled": successes shown, "expected": Fraction}."""
    out = []
    for e in events:
        data = e.get("data") or {}
        if e.get("kind") != "dice_rolled" or "roller" not in data or not data.get("pool"):
            continue  # rolls recorded before the event named its roller and faces: no expectation known
        out.append({"who": data["roller"], "rolled": int(data["successes"]),
                    "expected": expected(data["pool"], data.get("faces") or {})})
    return out
