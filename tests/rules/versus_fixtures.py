"""A small Versus mission and teams for tests (sample values: the booklet's figures are missing from
the text, so the numbers here are chosen for the tests and said so)."""
from __future__ import annotations

from games.bgcc import commands as c
from games.bgcc import engine, versus
from games.bgcc.definitions import (ActionCharacteristic, CharacterProfile, Dice, Power, PowerAlternative, TileDef,
                                    VersusMission, VersusSide)
from games.bgcc.versus_data import DEFAULT_SPACE_DEFS


def side(river=("HQ simple", "simple", "simple", "double", "event"), **changes) -> VersusSide:
    values = dict(reserve=10, fatigue=2, recovery=4, discs_available=4, discs_unavailable=3,
                  discs_recovery=[2], river=list(river), spaces=dict(DEFAULT_SPACE_DEFS),
                  cost_track=[1, 2, 3, 4, 5, 6, 7])
    values.update(changes)
    return VersusSide(**values)


def mission(**changes) -> VersusMission:
    values = dict(name="Test skirmish", initiative="heroes", turn_limit=4,
                  sides={"heroes": side(), "villain": side()})
    values.update(changes)
    return VersusMission(**values)


def character_tile(name, side_name, kind="simple", level="henchman", life=1, miniatures=1, defense=0):
    return TileDef(name=name, kind=kind, side=side_name, level=level, characters=[CharacterProfile(
        name=name, life_points=life, automatic_defense=defense, miniatures=miniatures,
        melee=[ActionCharacteristic(dice=[Dice("orange", 2)], multiplier=2)])])


HEROES_TEAM = [character_tile("Nightwing", "heroes", level="leader", life=5),
               character_tile("Police officers", "heroes", miniatures=2),
               character_tile("SWAT", "heroes"),
               character_tile("Batmobile crew", "heroes", kind="double", level="elite")]
VILLAIN_TEAM = [character_tile("Penguin", "villain", level="leader", life=5),
                character_tile("Thugs", "villain", miniatures=3),
                character_tile("Gunmen", "villain"),
                character_tile("Penguin's goons", "villain", kind="double", level="elite")]


def power(pid, side_name, *ops, kind="special_event", character="Nightwing") -> Power:
    return Power(id=pid, character=character, side=side_name, name_fr=pid, name_en=pid, type=kind,
                 alternatives=[PowerAlternative(text_fr="texte", text_en="text", operations=list(ops))])


def drafted(m: VersusMission | None = None, hero_powers=(), villain_powers=()):
    """A Versus table with both teams drafted, at setup."""
    table = versus.setup(m or mission())
    first, second = (("heroes", HEROES_TEAM, hero_powers), ("villain", VILLAIN_TEAM, villain_powers))
    if table.mission.initiative == "villain":
        first, second = second, first
    for who, team, powers in (first, second):
        table = engine.apply(table, c.PickHQ(side=who, tile=team[0], powers=list(powers))).table
    teams = {"heroes": list(HEROES_TEAM[1:]), "villain": list(VILLAIN_TEAM[1:])}
    while table.versus.draft.phase == "team":
        who = table.versus.draft.next_side
        table = engine.apply(table, c.DraftTile(side=who, tile=teams[who].pop(0))).table
    return table


def advance_to(table, step: str, limit: int = 60, next_one: bool = False):
    """Advance to `step` (its next occurrence when `next_one`). The upkeep, start and end effects
    and the end-game checks pass by themselves (C2): a test looks at the table after them, at the
    side's activations."""
    for n in range(limit):
        if table.track.step == step and not (next_one and n == 0):
            return table
        table = engine.apply(table, c.Advance()).table
    raise AssertionError(f"never reached {step}")

