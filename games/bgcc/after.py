"""After the game (issue 31): dice luck, each roll's successes against the exact expectation the
odds engine computes for it (IX·F, `odds.pool_distribution`), read from the record's events alone.

A roll is a pool's first throw (the `dice_rolled` event: the action's or the defense's dice as they
first showed, or the successes entered), before any reroll; its expectation is the mean of the
pool's successes without rerolls, over the faces the table played with (the default faces, or each
colour as the table calibrated it: the event names them). Rerolls are left out: free ones are a
choice the odds engine models as a policy, paid ones are not modelled at all."""
from __future__ import annotations

from fractions import Fraction

from games import record

from .dice import Pool, default_faces
from .dice_flow.state import FREE_CAUSES
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


# ------------------------------------------------------------------ turns and wounds


def _turn(event: dict):
    data = event.get("data") or {}
    return data["turn"] if event.get("kind") in ("turn_marker", "step") and isinstance(data.get("turn"), int) else None


def _action(event: dict):
    """An action rolled (V·C, VI·C·5: a roll started for an action; a fall or gas is no action)."""
    data = event.get("data") or {}
    if event.get("kind") == "roll_started" and data.get("actor") and data.get("action") not in FREE_CAUSES:
        return data["actor"]
    return None


def _hits(event: dict) -> list:
    """VII·H: an attack's wounds, dealt by the attacker, taken by the defender; a fall's or gas's
    (V·C·3, free causes): taken by the one who rolled."""
    data = event.get("data") or {}
    if event.get("kind") == "defense" and data.get("attacker") and data.get("wounds"):
        return [(data["attacker"], data["defender"], data["wounds"])]
    if event.get("kind") == "successes" and data.get("roller") and data.get("wounds"):
        return [(None, data["roller"], data["wounds"])]
    return []


def tally(entries: list[dict], state) -> dict:
    """`Game.tally`: per turn, the actions each character rolled; each character's wounds."""
    return {"unit": "actions", **record.tally(entries, _turn, _action, _hits), "names": {}}
