"""What a BGCC phone may ask before committing, changing nothing (`games.Game.preview`):

* `odds`: the exact odds of a pool, or of a hero's or character's action, with its defense (VII,
  VIII·B, IX·F): the fields of `Odds` below;
* `move`: what a movement (the `move` command's fields) would cost now (V·C·5, VI·C·2);
* `start_roll`: the odds of the action the `start_roll` command's fields declare (the cubes already
  on the hero's action space counted first, as the command counts them: C4), against its target;
* `defend`: the odds of the wounds for the `defend` command's cubes, against the attack in progress.

Each preview's fields are a dataclass, type-checked and bounded like a command's."""
from __future__ import annotations

from dataclasses import dataclass

from ..bounds import Items, Num, Text
from . import dice_flow as df
from . import hero_board as hb
from . import field_bounds, registry
from .dice import MAX_POOL, DiceType
from .errors import RuleRefused


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
TYPES = {"odds": Odds, "move": registry.BY_NAME["move"].command,
         "start_roll": registry.BY_NAME["start_roll"].command, "defend": registry.BY_NAME["defend"].command}


def _dice(pool: list[Die] | None) -> list[DiceType] | None:
    if pool is None:
        return None
    return [DiceType(d.colour, d.free_reroll) for d in pool for _ in range(d.count)]


def preview(table, name: str, request) -> dict | None:
    """The preview `name` of `request` (built from `TYPES[name]`) at `table`; None: no such preview."""
    if name == "move":
        return registry.move_price(table, request)
    if name == "start_roll":
        return _start_roll(table, request)
    if name == "defend":
        return _defend(table, request)
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


def _start_roll(table, cmd) -> dict:
    """The odds of the action `start_roll` would declare: a hero's cubes are the ones given plus the
    ones already on the action space (C4, as dice_flow.start counts them)."""
    cubes = cmd.cubes
    if cmd.hero is not None:
        hero = table.heroes.get(cmd.hero)
        if hero is not None and cmd.action in hb.ACTION_SPACES:
            cubes += hb.unused_on(hero, cmd.action)
    attack = cmd.action in ("melee", "ranged")
    return df.odds(table, hero=cmd.hero, miniature=cmd.miniature, action=cmd.action, cubes=cubes,
                   characteristic=cmd.characteristic, weapon=cmd.weapon, second_weapon=cmd.second_weapon,
                   elevation=cmd.elevation, hindering=cmd.hindering, enemy_menace=cmd.enemy_menace,
                   ally_menace=cmd.ally_menace, difficulty=None if attack else cmd.difficulty,
                   target_hero=cmd.target_hero if attack else None,
                   target_miniature=cmd.target_miniature if attack else None)


def _defend(table, cmd) -> dict:
    """The wounds' odds if the defender of the attack in progress puts `cmd.cubes` on defense."""
    roll = table.dice.roll
    if roll is None or roll.action not in ("melee", "ranged") or roll.successes is None:
        raise RuleRefused("VII", "No roll in progress", "no_roll_in_progress")
    return df.odds(table, pool=[], automatic=roll.successes, target_hero=roll.target_hero,
                   target_miniature=roll.target_miniature, defense_cubes=cmd.cubes)
