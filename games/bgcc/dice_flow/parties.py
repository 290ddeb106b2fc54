"""Who takes part in a roll: a hero or a character (`Party`), the skills they can use now (X, V·D·1),
whether they are neutralized (IX·B), and the dice their skills add to every action."""
from __future__ import annotations

from dataclasses import dataclass

from .. import command_post as cp
from .. import hero_board as hb
from .. import skills as sk
from .. import tiles
from ..definitions import Bonus
from ..dice import DiceType
from ..errors import RuleRefused

@dataclass
class Party:
    """A hero or a character taking part in a roll."""
    id: str
    name: str
    side: str
    hero: hb.Hero | None = None
    post: cp.CommandPost | None = None
    tile: tiles.Tile | None = None
    mini: tiles.Miniature | None = None

    @property
    def trait(self) -> str:
        trait = self.hero.board.trait if self.hero else self.tile.profile(self.mini).trait
        return (trait or "").strip().lower()


def party(table, hero_id: str | None, miniature_id: str | None) -> Party:
    if hero_id is not None:
        hero = table.hero(hero_id)
        return Party(hero.id, hero.name, "heroes", hero=hero)
    post, tile, mini = table.find_miniature(miniature_id)
    return Party(mini.id, tiles.miniature_label(tile, mini), tile.definition.side, post=post, tile=tile,
                 mini=mini)


def _add(levels: dict[str, int], name: str, level: int) -> None:
    key = name.strip().lower()
    levels[key] = min(sk.MAX_LEVEL, levels.get(key, 0) + level)


def skill_levels(p: Party, applied: list[Bonus] = ()) -> dict[str, int]:
    """The skills a party can use now, by lower-case name: a hero's board skills within their
    encumbrance limit (V·D·1), + skills from permanent item bonus lines and the bonus lines applied
    to this roll (V·D 6.4: "the skill level of the card is added"); a character's printed skills.
    A neutralized miniature has none (X)."""
    levels: dict[str, int] = {}
    if p.hero is not None:
        hero = p.hero
        if hero.neutralized:
            return {}
        for s in hero.board.skills:
            if hb.skill_applies(hero, s):
                _add(levels, s.name, s.level)
        lines = [b for i in hb.carried(hero) if hb.can_benefit(hero, i) for b in i.bonuses if b.when == "permanent"]
        for b in [*lines, *applied]:
            if b.skill is not None and hb.skill_applies(hero, b.skill):
                _add(levels, b.skill.name, b.skill.level)
        return levels
    if p.mini.place != "board":
        return {}
    for s in p.tile.profile(p.mini).skills:
        _add(levels, s.name, s.level)
    return levels


def level(levels: dict[str, int], name: str) -> int:
    return levels.get(name.lower(), 0)


def lacks(p: Party, skill: str) -> RuleRefused:
    return RuleRefused(f"X·{skill}", f"{p.name} does not have {skill} (or cannot use it now)",
                       "skill_missing", miniature=p.name, skill=skill)


def down(p: Party) -> bool:
    """Neutralized: a hero with every cube in the wound zone, a character off the board (IX·B)."""
    return p.hero.neutralized if p.hero is not None else p.mini.place != "board"


def life_left(p: Party) -> int:
    """Wounds a party can still suffer: a hero's cubes outside the wound zone, a character's life
    points."""
    if p.hero is not None:
        return p.hero.board.energy - p.hero.wound
    return p.mini.life_points if p.mini.place == "board" else 0


def unusable(p: Party, skill: str) -> RuleRefused:
    """Why `p` cannot use `skill` now: neutralized (X), over the skill's encumbrance limit (V·D·1),
    or without it."""
    if down(p):
        return RuleRefused("X", f"{p.name} is neutralized: a neutralized miniature cannot use their skills",
                           "neutralized_no_skills", miniature=p.name)
    if p.hero is not None:
        for s in p.hero.board.skills:
            if s.name.lower() == skill.lower() and not hb.skill_applies(p.hero, s):
                return RuleRefused("V·D·1", f"{p.name}'s encumbrance total is {p.hero.encumbrance}: {skill} works "
                                            f"only while it is lower than {s.encumbrance_limit}",
                                   "skill_over_encumbrance", hero=p.name, skill=skill,
                                   encumbrance=p.hero.encumbrance, limit=s.encumbrance_limit)
    return lacks(p, skill)


def friend_die(table, p: Party, levels: dict[str, int]) -> list[DiceType]:
    """Imaginary friend: "As long as the imaginary friend is present on the board, [the possessor]
    gains an additional yellow die for each of their actions" (until an enemy's complex thought
    neutralizes it)."""
    if level(levels, "Imaginary friend") and p.id not in table.dice.friends_gone:
        return [DiceType("yellow")]
    return []


def berserk_dice(p: Party, levels: dict[str, int]) -> list[DiceType]:
    """Berserk's white dice on a melee attack pool (see `hero_plan`, `character_plan`)."""
    have = level(levels, "Berserk")
    if not have:
        return []
    if p.hero is not None:
        white = sk.berserk_white_dice(have, action_kind=sk.MELEE, energy=p.hero.board.energy,
                                      wound_cubes=p.hero.wound)
    else:
        profile = p.tile.profile(p.mini)
        white = sk.berserk_white_dice(have, action_kind=sk.MELEE, life_points=profile.life_points,
                                      life_points_lost=profile.life_points - p.mini.life_points)
    return [DiceType("white")] * white
