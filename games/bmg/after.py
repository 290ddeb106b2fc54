"""After the game (issue 31): dice luck, each roll's successes against the exact expectation the
odds engine computes for it (`odds.py`), read from the record's events alone, per player.

* An attack (MELEE ATTACK, RANGED ATTACK), the attacker's: attack dice that hit (THE RULE OF 1 AND
  6, against the Defense the dice had to reach) plus the Strength die's hit (STRENGTH DICE), against
  n × `attack_die_p(defense)` + `strength_die_p(strength, heavy)`.
* The defense roll of a melee attack (THE DEFENSE ROLL), the defender's: defense dice equal to or
  above the attacker's Attacks (each would block a hit), against n × `block_p(attacks)`.
* A skill roll (SKILL ROLLS), the roller's: 1 when it passes, against `skill_pass(dice, skill,
  opposed)`.
Events recorded before they named their players (and the odds' inputs) are left out."""
from __future__ import annotations

from fractions import Fraction

from games import record

from .odds import attack_die_p, block_p, skill_pass, strength_die_p


def _attack(data: dict) -> list[dict]:
    if not data.get("attacker_player"):
        return []
    dice = data.get("attack_dice") or []
    expected = len(dice) * attack_die_p(data["defense"])
    rolled = data["hits"]
    if data.get("strength_die") is not None:
        expected += strength_die_p(data["strength"], data.get("heavy", False))
        rolled += 1 if data.get("strength_hit") else 0
    out = [{"who": data["attacker_player"], "rolled": rolled, "expected": expected}]
    defense = data.get("defense_dice") or []
    if defense and data.get("block_at"):
        out.append({"who": data["target_player"], "rolled": sum(1 for v in defense if v >= data["block_at"]),
                    "expected": len(defense) * block_p(data["block_at"])})
    return out


def _skill(data: dict) -> list[dict]:
    if not data.get("player"):
        return []
    chance = skill_pass(len(data["dice"]), data["target"], opposed=bool(data.get("against")))
    return [{"who": data["player"], "rolled": 1 if data["passed"] else 0, "expected": Fraction(chance)}]


def rolls(events: list[dict]) -> list[dict]:
    """Each roll among `events`: {"who": the player's id, "rolled": successes, "expected": Fraction}."""
    out = []
    for e in events:
        if e.get("kind") == "attack":
            out += _attack(e.get("data") or {})
        elif e.get("kind") == "skill_roll":
            out += _skill(e.get("data") or {})
    return out


# ------------------------------------------------------------------ rounds and damage


def _round(event: dict):
    """SEQUENCE OF PLAY: a new round starts (round 1 starts with the game: no event says it)."""
    data = event.get("data") or {}
    return data["round"] if event.get("kind") == "round" and isinstance(data.get("round"), int) else None


def _activation(event: dict):
    """ACTIVATE A MODEL: one for the model's player."""
    return (event.get("data") or {}).get("player") if event.get("kind") == "activate" else None


def _hits(event: dict) -> list:
    """DAMAGE MARKERS an attack inflicted (Stun and Injury markers kept), dealt by the attacker's
    player, taken by the target's."""
    data = event.get("data") or {}
    if event.get("kind") == "attack" and data.get("attacker_player"):
        n = (data.get("stun") or 0) + (data.get("injury") or 0)
        return [(data["attacker_player"], data["target_player"], n)] if n else []
    return []


def tally(entries: list[dict], state) -> dict:
    """`Game.tally`: per round, each player's activations; the damage markers each player's models
    inflicted and took; the players by name."""
    return {"unit": "activations", **record.tally(entries, _round, _activation, _hits, first=1),
            "names": {p.id: p.name for p in state.players.values()}}
