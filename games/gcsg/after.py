"""After the game (issue 31): dice luck, a fight's result against the exact chance the odds
engine gives each fighter (FVV, FVB; `fights.chances`), read from the record's events alone: the
winner rolled 1 success and the loser 0, each against its chance to win with the die faces the
table entered and the modifiers the totals carry. Fights without entered die faces (any face
accepted: no odds) are left out, as are fights recorded before the event named its faces."""
from __future__ import annotations

from games import record

from .fights import chances, face_value
from .stash import name


def rolls(events: list[dict]) -> list[dict]:
    """Each fighter's roll among `events`: {"who": a villain's id or "batman", "rolled": 1 or 0,
    "expected": Fraction}."""
    out = []
    for e in events:
        data = e.get("data") or {}
        if e.get("kind") != "fight_result" or not data.get("faces") or "attacker" not in data:
            continue
        sides = list(data["dice"])
        attacker = data["attacker"]
        defender = next(s for s in sides if s != attacker)
        mods = {s: data["totals"][s] - face_value(data["dice"][s]) for s in sides}
        odds = chances(attacker, defender, data["faces"], mods)
        out += [{"who": s, "rolled": 1 if data["winner"] == s else 0, "expected": odds[s]} for s in (attacker, defender)]
    return out


# ------------------------------------------------------------------ turns


def _turn(event: dict):
    data = event.get("data") or {}
    return data["turn"] if event.get("kind") == "turn" and isinstance(data.get("turn"), int) else None


def _level(event: dict):
    """ADV: a level gained, for its Villain."""
    return (event.get("data") or {}).get("villain") if event.get("kind") == "level_up" else None


def tally(entries: list[dict], state) -> dict:
    """`Game.tally`: per turn, the levels each Villain gained (no wounds in this game)."""
    return {"unit": "levels", **record.tally(entries, _turn, _level, lambda event: []),
            "names": {p.villain: name(p.villain) for p in state.players}}
