"""What a BGCC phone may ask before committing, changing nothing (`games.Game.preview`):

* `odds`: the exact odds of a pool, or of a hero's or character's action, with its defense (VII,
  VIII·B, IX·F): the fields of `Odds` below;
* `move`: what a movement (the `move` command's fields) would cost now (V·C·5, VI·C·2).

Each preview's fields are a dataclass, type-checked and bounded like a command's."""
from __future__ import annotations

from dataclasses import dataclass

from ..bounds import Items, Num, Text
from . import dice_flow as df
from . import field_bounds, registry
from .dice import MAX_POOL, DiceType


@dataclass(frozen=True)
class Die:
    """Dice of one colour in a pool (DiceSchema)."""
    colour: str
    count: int = 1
    free_reroll: bool = False


@dataclass(frozen=True)
class OddsDefense:
    pool: list[Die] | None = None
    automatic: int = 0
    target_hero: str | None = None
    target_miniature: str | None = None
    cubes: int = 0


@dataclass(frozen=True)
class Odds:
    """A pool, or a hero's or character's action (hero or miniature, action, cubes...)."""
    pool: list[Die] | None = None
    hero: str | None = None
    miniature: str | None = None
    action: str | None = None
    cubes: int = 1
    characteristic: int = 0
    weapon: str | None = None
    second_weapon: str | None = None
    elevation: bool = False
    automatic: int = 0
    conditional_automatic: int = 0
    penalty: int = 0
    difficulty: int | None = None
    hindering: int | None = None
    enemy_menace: list[int] | None = None
    ally_menace: list[int] | None = None
    defense: OddsDefense | None = None
    poison: int = 0
    harmless: bool = False


_SMALL = Num(0, 99, "tokens, successes and penalties of one roll")
BOUNDS = {**field_bounds.BOUNDS,
          "Die.colour": Text(20), "Die.count": Num(1, 12, "dice of one colour (DiceSchema)"),
          "pool": Items(12, None, "colours of a pool (the API's DiceSchema list)"),
          "Odds.cubes": Num(0, MAX_POOL), "OddsDefense.cubes": Num(0, MAX_POOL),
          **{k: _SMALL for k in ("automatic", "conditional_automatic", "penalty", "poison")}}
TYPES = {"odds": Odds, "move": registry.BY_NAME["move"].command}


def _dice(pool: list[Die] | None) -> list[DiceType] | None:
    if pool is None:
        return None
    return [DiceType(d.colour, d.free_reroll) for d in pool for _ in range(d.count)]


def preview(table, name: str, request) -> dict | None:
    """The preview `name` of `request` (built from `TYPES[name]`) at `table`; None: no such preview."""
    if name == "move":
        return registry.move_price(table, request)
    if name != "odds":
        return None
    defense = request.defense or OddsDefense()
    return df.odds(table, pool=_dice(request.pool), hero=request.hero, miniature=request.miniature,
                   action=request.action, cubes=request.cubes, characteristic=request.characteristic,
                   weapon=request.weapon, second_weapon=request.second_weapon, elevation=request.elevation,
                   automatic=request.automatic, conditional_automatic=request.conditional_automatic,
                   hindering=request.hindering, enemy_menace=request.enemy_menace, ally_menace=request.ally_menace,
                   penalty=request.penalty, difficulty=request.difficulty, defense_pool=_dice(defense.pool),
                   defense_automatic=defense.automatic, target_hero=defense.target_hero,
                   target_miniature=defense.target_miniature, defense_cubes=defense.cubes,
                   poison=request.poison, harmless=request.harmless)
