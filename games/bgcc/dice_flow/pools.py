"""Pool planning: how an action's dice pool is made (V·C·1-4 [d]-[e], VI·D): cubes × the
characteristic, weapon and tool bonuses, elevation, Berserk, the hindering index; the target an
attack may declare (V·C·1 [b], IX·M)."""
from __future__ import annotations

from dataclasses import dataclass, field

from .. import hero_board as hb
from .. import skills as sk
from .. import tiles
from ..actors import one_actor
from ..definitions import Bonus, Dice, Item
from ..dice import COLOURS, MAX_POOL, DiceType, FaceTable, Pool, check_count, default_faces
from ..errors import RuleRefused
from games.events import plural
from .parties import Party, level, party, skill_levels
from .state import ATTACKS, CUBE_RULE, KIND, POOL_RULE, ACTIONS, DiceTable, check_entry

def face_table(dice_table: DiceTable) -> FaceTable:
    """The default faces, with each colour the table calibrated replaced by its six numbers."""
    faces = default_faces()
    for colour in COLOURS:
        if colour in dice_table.calibrated:
            faces = faces.calibrate(colour, dice_table.calibrated[colour])
    return faces


def dice_of(dice: list[Dice]) -> list[DiceType]:
    """Printed dice (colour, count, free-reroll icon) as one dice type per die."""
    out: list[DiceType] = []
    for d in dice:
        out += [DiceType(d.colour, d.free_reroll)] * d.count
    return out


@dataclass
class Plan:
    """How a pool is made: cubes × characteristic + bonus dice, automatic successes, and why."""
    characteristic: tuple[DiceType, ...]
    cubes: int
    bonus: list[DiceType] = field(default_factory=list)
    automatic: int = 0
    notes: list[str] = field(default_factory=list)
    applied: list[Bonus] = field(default_factory=list)
    used_items: list[Item] = field(default_factory=list)
    skills: dict[str, int] = field(default_factory=dict)
    weapon: str | None = None
    second_weapon: str | None = None

    @property
    def pool(self) -> Pool:
        return Pool.build(self.characteristic, self.cubes, tuple(self.bonus))


def apply_line(plan: Plan, item: Item, line: Bonus) -> None:
    dice = dice_of(line.dice)
    plan.bonus += dice
    plan.automatic += line.automatic_successes
    plan.applied.append(line)
    plan.used_items.append(item)
    parts = []
    if dice:
        parts.append("+" + Pool(tuple(dice)).describe())
    if line.automatic_successes:
        parts.append(f"+{plural(line.automatic_successes, 'automatic success')}")
    if line.skill is not None:
        parts.append(f"{line.skill.name} {line.skill.level}")
    plan.notes.append(f"{item.name}: {', '.join(parts) or 'no bonus'}")


def _choose_weapon(hero: hb.Hero, action: str, name: str | None) -> Item | None:
    kind = f"{action} weapon"
    if name is not None:
        item = next((i for i in hb.carried(hero) if i.name == name), None)
        if item is None:
            raise RuleRefused("V·D", f"{hero.name} carries no {name}", "item_not_carried", hero=hero.name, item=name)
        if item.type != kind:
            raise RuleRefused("V·D 4", f"{item.name} is not a {kind}", "item_wrong_type", item=item.name, type=kind)
        hb.check_can_benefit(hero, item)
        return item
    usable = usable_weapons(hero, action)
    if action == "ranged":
        if len(usable) > 1:
            raise RuleRefused("V·C·2 [e]", f"Choose which ranged weapon {hero.name} uses: "
                                           + ", ".join(i.name for i in usable),
                              "choose_ranged_weapon", hero=hero.name, weapons=", ".join(i.name for i in usable))
        return usable[0]
    return None


def _second_weapon(hero: hb.Hero, action: str, first: Item | None, name: str) -> Item:
    """Ambidexterity — WHEN: "during the Add the Weapon Bonuses step of a melee or ranged attack of
    a hero"; REQUIREMENTS: "[the possessor] is the attacker", "They have two weapon cards whose
    individual encumbrance or size is lower or equal to [X]", "The two weapon cards must be the same
    item type"; EFFECT: "[the possessor] can use their two weapon cards and add their bonuses"."""
    rule = "X·Ambidexterity"
    kind = f"{action} weapon"
    if first is None:
        raise RuleRefused(rule, "Ambidexterity adds a second weapon card to the first: name the first weapon too",
                          "ambidexterity_needs_first_weapon")
    carried = hb.carried(hero)  # two copies of a card may be the same printed object: count by place
    skip = next(n for n, i in enumerate(carried) if i is first)
    others = [i for n, i in enumerate(carried) if i.name == name and n != skip]
    if not others:
        if name == first.name:
            raise RuleRefused(rule, f'Ambidexterity — "They have two weapon cards": {hero.name} carries one {name}',
                              "ambidexterity_two_cards", hero=hero.name, item=name)
        raise RuleRefused("V·D", f"{hero.name} carries no {name}", "item_not_carried", hero=hero.name, item=name)
    item = others[0]
    if item.type != first.type:
        raise RuleRefused(rule, f'Ambidexterity — "The two weapon cards must be the same item type": '
                                f'{item.name} is not a {kind}', "ambidexterity_same_type", item=item.name, type=kind)
    hb.check_can_benefit(hero, item)
    have = level(skill_levels(Party(hero.id, hero.name, "heroes", hero=hero)), "Ambidexterity")
    if not have:
        raise RuleRefused("V·D 4", f"A hero cannot combine the bonuses of multiple {kind}s: {hero.name} does not "
                                   f"have Ambidexterity (or cannot use it now)",
                          "ambidexterity_missing", hero=hero.name)
    for w in (first, item):
        if w.encumbrance > have:
            raise RuleRefused(rule, f'Ambidexterity {have} — "two weapon cards whose individual encumbrance or '
                                    f'size is lower or equal to [X]": {w.name} has {w.encumbrance}',
                              "ambidexterity_encumbrance", level=have, item=w.name, encumbrance=w.encumbrance)
    return item


def hero_plan(hero: hb.Hero, action: str, cubes: int, *, weapon: str | None = None,
              elevation: bool = False, no_weapon: bool = False, second_weapon: str | None = None) -> Plan:
    """A hero's pool for `action` with `cubes` (V·C·1-4 [d]-[e]): cubes × the space's dice, the
    chosen weapon (one; a ranged attack needs one; two of the same type with Ambidexterity), every
    usable tool for a complex action (no identical tool bonuses twice), +1 yellow die for elevation
    on a ranged attack, Berserk."""
    check_action(action)
    space = hero.board.spaces[action].characteristic
    if space.kind == "cannot":
        raise RuleRefused("IX·E", f"{hero.name} cannot perform a {action} action",
                          "cannot_perform_action", miniature=hero.name, action=action)
    characteristic = tuple(dice_of(space.dice)) if space.kind == "dice" else ()
    cubes = check_count(cubes, "The number of cubes", POOL_RULE[action], maximum=MAX_POOL)
    if cubes < 1:
        raise RuleRefused(CUBE_RULE[action], f"A {action} action spends at least one energy cube",
                          "spend_at_least_one_cube", action=action)
    plan = Plan(characteristic, cubes)
    plan.notes.append(f"{plural(cubes, 'cube')} × {Pool(characteristic).describe()}")
    if action in ATTACKS:
        if no_weapon and (weapon is not None or second_weapon is not None):
            raise RuleRefused("X·Shackle", "A shackling attack ignores the Add the Weapon Bonuses step",
                              "shackle_no_weapon")
        item = None if no_weapon and action == "melee" else _choose_weapon(hero, action, weapon)
        second = None if second_weapon is None else _second_weapon(hero, action, item, second_weapon)
        if item is not None:
            plan.weapon = item.name
            for line in [b for b in item.bonuses if b.when == action][:1]:
                apply_line(plan, item, line)
        if second is not None:
            plan.second_weapon = second.name
            for line in [b for b in second.bonuses if b.when == action][:1]:
                apply_line(plan, second, line)
            plan.notes.append(f"Ambidexterity: the bonuses of {item.name} and {second.name}")
    else:
        if weapon is not None or second_weapon is not None:
            raise RuleRefused("V·C·3 [a] iv", "A complex action takes the tool bonuses, not a weapon",
                              "complex_action_no_weapon")
        seen = []
        for item in hb.carried(hero):
            if item.type != "tool" or not hb.can_benefit(hero, item):
                continue
            for line in [b for b in item.bonuses if b.when == action][:1]:
                key = (tuple((d.colour, d.count, d.free_reroll) for d in line.dice), line.automatic_successes,
                       None if line.skill is None else (line.skill.name.lower(), line.skill.level))
                if key in seen:
                    plan.notes.append(f"{item.name}: the same tool bonus again, not combined (V·D 4)")
                    continue
                seen.append(key)
                apply_line(plan, item, line)
    if elevation:
        if action != "ranged":
            raise RuleRefused("V·C·2 [e]", "The elevation bonus is for ranged attacks", "elevation_ranged_only")
        plan.bonus.append(DiceType("yellow"))
        plan.notes.append("elevation: +1 yellow (the target is lower)")
    plan.skills = skill_levels(Party(hero.id, hero.name, "heroes", hero=hero), plan.applied)
    berserk = level(plan.skills, "Berserk")
    if berserk and action == "melee":
        white = sk.berserk_white_dice(berserk, action_kind=sk.MELEE, energy=hero.board.energy,
                                      wound_cubes=hero.wound)
        half = (hero.board.energy + 1) // 2
        if white:
            plan.bonus += [DiceType("white")] * white
            plan.notes.append(f"Berserk {berserk}: +{white} white (wound zone {hero.wound} ≥ {half})")
        else:
            plan.notes.append(f"Berserk {berserk}: no dice (wound zone {hero.wound} < {half})")
    return plan


def character_plan(tile: tiles.Tile, mini: tiles.Miniature, action: str, characteristic: int, *,
                   elevation: bool = False) -> Plan:
    """A character's pool (VI·D·1 [c], VI·D·2 (c)): the chosen characteristic's dice, +1 yellow
    for elevation on a ranged attack, Berserk."""
    check_action(action)
    profile = tile.profile(mini)
    label = tiles.miniature_label(tile, mini)
    choices = getattr(profile, action)
    if not choices:
        raise RuleRefused("IX·E", f"{label} cannot perform a {action} action",
                          "cannot_perform_action", miniature=label, action=action)
    characteristic = check_count(characteristic, "The characteristic", "VI·C·3", maximum=len(choices) - 1)
    plan = Plan(tuple(dice_of(choices[characteristic].dice)), 1)
    plan.notes.append(f"characteristic {characteristic + 1}: {Pool(plan.characteristic).describe()}")
    if elevation:
        if action != "ranged":
            raise RuleRefused("VI·D·2 (c)", "The elevation bonus is for ranged attacks", "elevation_ranged_only")
        plan.bonus.append(DiceType("yellow"))
        plan.notes.append("elevation: +1 yellow (the target is lower)")
    plan.skills = skill_levels(Party(mini.id, label, tile.definition.side, tile=tile, mini=mini))
    berserk = level(plan.skills, "Berserk")
    if berserk and action == "melee":
        lost = profile.life_points - mini.life_points
        white = sk.berserk_white_dice(berserk, action_kind=sk.MELEE, life_points=profile.life_points,
                                      life_points_lost=lost)
        if white:
            plan.bonus += [DiceType("white")] * white
        plan.notes.append(f"Berserk {berserk}: " + (f"+{white} white" if white else "no dice")
                          + f" ({lost} of {profile.life_points} life points lost)")
    return plan


def check_action(action: object) -> str:
    if action not in ACTIONS:
        raise RuleRefused("V·C", f"A roll is for a melee or ranged attack or a complex manipulation or "
                                 f"thought, not {action!r}", "unknown_roll_action")
    return action


def hindering_of(action: str, levels: dict[str, int], hindering, enemy_menace, ally_menace) -> tuple[int, str]:
    """The hindering index (IX·N) and how it was found: given, or enemy − ally menace with Nerves
    of steel ignoring X enemy menace. It only counts for hindered actions."""
    if hindering is not None and (enemy_menace is not None or ally_menace is not None):
        raise RuleRefused("IX·N", "Give the hindering index or the menace indexes in the area, not both",
                          "hindering_or_menace")
    if enemy_menace is None and ally_menace is None:
        return check_entry(hindering or 0, "The hindering index", "IX·N"), ""
    nerves = sk.nerves_of_steel(level(levels, "Nerves of steel"), action_kind=KIND[action])
    index = sk.hindering_index(enemy_menace or [], ally_menace or [], nerves_of_steel=nerves)
    text = f"hindering {sum(enemy_menace or [])} enemy − {sum(ally_menace or [])} ally menace"
    if nerves:
        text += f", Nerves of steel {nerves} ignores {nerves}"
    return index, text + f" = {index}"


def check_target(table, attacker: Party, target_hero: str | None, target_miniature: str | None) -> Party:
    """The target an attack declares (V·C·1 [b], V·C·2 [b]): a miniature on the board, not an ally
    of the attacker (IX·M); a hero attacks characters, not another hero. The dice flow and the
    pre-counted attack both ask here."""
    one_actor(target_hero, target_miniature, "Target")
    if attacker.hero is not None and target_hero is not None:
        raise RuleRefused("V·C·1 [b]", "A hero attacks characters, not another hero", "hero_attacks_hero")
    target = party(table, target_hero, target_miniature)
    if target.mini is not None and target.mini.place != "board":
        raise RuleRefused("V·C·1 [b]", f"{target.name} is not on the board",
                          "miniature_not_on_board", miniature=target.name)
    if target.side == attacker.side:
        raise RuleRefused("IX·M", f"{target.name} is an ally of {attacker.name}",
                          "target_is_ally", miniature=target.name, attacker=attacker.name)
    return target


def usable_weapons(hero: hb.Hero, action: str) -> list[Item]:
    """The weapon cards for `action` (melee / ranged) the hero carries and can benefit from
    (V·D 4-5, XI·Moral code). V·C·2 [a]: "a hero can only perform a ranged attack with a ranged
    weapon": none refuses a ranged attack. The dice flow and the pre-counted attack both ask here."""
    usable = [i for i in hb.carried(hero) if i.type == f"{action} weapon" and hb.can_benefit(hero, i)]
    if action == "ranged" and not usable:
        raise RuleRefused("V·C·2 [a]", f"{hero.name} carries no ranged weapon they can use: a hero "
                                       f"can only perform a ranged attack with one",
                          "no_ranged_weapon", hero=hero.name)
    return usable


def martial_arts_or_marksman(levels: dict[str, int], action: str) -> tuple[int, str]:
    """Martial arts (a melee attack) or Marksman (a ranged attack): [X] automatic successes when the
    attacker "has obtained at least one success" (counted with the successes: `skills.successes`'
    `conditional_automatic`). Returns X and where it comes from."""
    skill = {"melee": "Martial arts", "ranged": "Marksman"}.get(action)
    have = level(levels, skill) if skill else 0
    return (have, f"{skill} {have}") if have else (0, "")
