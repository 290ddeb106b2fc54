"""Rolling the dice and rerolling them (V·C·1 [f], VII·E, VIII, IX·D): the app's faces, drawn from
the `rng` the server passes, or what the players read on real dice, then the reroll steps of VIII in order (skill, free,
Misfortune, paid)."""
from __future__ import annotations

from .. import command_post as cp
from .. import hero_board as hb
from .. import rerolls as rr
from .. import skills as sk
from ..dice import DiceType, DieResult, FaceTable, Pool, RerollRecord, Roll, counted_roll, physical_roll
from ..dice import roll as roll_pool
from ..errors import RuleRefused
from games.events import Event, plural
from ..actors import one_actor
from .commands import RerollDice, RollDice
from .parties import Party, lacks, level, party, skill_levels
from .pools import face_table
from .state import (ATTACKS, KIND, REROLL_RULE, REROLL_STEPS, STEP_TEXT, DiceRoll, DiceTable, DieState, PoolState,
                    RerollState, current)

def as_roll(ps: PoolState, faces: FaceTable) -> Roll:
    pool = Pool.of(*ps.dice_types)
    if ps.entry == "count":
        return Roll((), faces, "count", ps.counted, counted_pool=pool)
    dice = tuple(DieResult(d.index, DiceType(d.colour, d.free_reroll), d.face, d.successes, d.free_rerolled,
                           d.times_rerolled) for d in ps.dice)
    records = tuple(RerollRecord(r.step, r.source, r.index, r.face_before, r.face_after, r.successes_before,
                                 r.successes_after) for r in ps.rerolls)
    return Roll(dice, faces, ps.entry, rerolls=records)


def store(ps: PoolState, roll: Roll) -> None:
    ps.entry = roll.entry
    ps.counted = roll.counted
    ps.dice = [DieState(d.index, d.dice_type.colour, d.dice_type.free_reroll, d.face, d.successes,
                        d.free_rerolled, d.times_rerolled) for d in roll.dice]
    ps.rerolls = [RerollState(r.step, r.source, r.index, r.face_before, r.face_after, r.successes_before,
                              r.successes_after) for r in roll.rerolls]
    ps.shown = roll.successes


def _entry(dice_table: DiceTable, faces, successes, rng) -> dict:
    """What this roll's new faces come from: the server's `rng` (server mode; entered dice were
    refused before, see registry.apply), or the faces / the count the players read (physical)."""
    if dice_table.mode == "server":
        if rng is None:
            raise RuleRefused("IX·D", "The app rolls this table's dice: no random source was given", "draw_missing")
        return {"rng": rng}
    if faces is None and successes is None:
        raise RuleRefused("IX·D", "Physical dice: enter the face (0-5) each die shows, in pool order, "
                                  "or the number of successes", "physical_dice_entry")
    if faces is not None and successes is not None:
        raise RuleRefused("IX·D", "Enter the faces or the number of successes, not both", "faces_or_successes")
    return {"faces": faces, "successes": successes}


def faces_shown(faces: FaceTable, colours: list[str], shown) -> list[int] | None:
    """Physical dice entered as they show (C3): the successes on each die, each a value of a face
    of its colour in the table's faces (IX·D); the face index of the first face showing it."""
    if shown is None:
        return None
    if isinstance(shown, (str, bytes)) or not isinstance(shown, (list, tuple)):
        raise RuleRefused("IX·D", "Enter what each die shows", "one_face_per_die")
    if len(shown) != len(colours):
        raise RuleRefused("IX·D", f"Enter one face per die: {len(colours)} expected, {len(shown)} given",
                          "faces_per_die_count", expected=len(colours), given=len(shown))
    indexes = []
    for colour, value in zip(colours, shown):
        on_die = list(faces.faces_of(colour))
        if isinstance(value, bool) or value not in on_die:
            raise RuleRefused("IX·D", f"No face of a {colour} die shows {value!r} (its faces: "
                                      f"{', '.join(map(str, on_die))})", "face_not_on_die",
                              colour=colour, shown=value, faces=on_die)
        indexes.append(on_die.index(value))
    return indexes


def _physical(cmd, faces: FaceTable, colours: list[str]):
    """The command's faces: `faces` (indexes) as given, or `shown` turned into indexes; not both."""
    shown = getattr(cmd, "shown", None)
    if shown is not None and cmd.faces is not None:
        raise RuleRefused("IX·D", "Enter the faces or what the dice show, not both", "faces_or_successes")
    return cmd.faces if shown is None else faces_shown(faces, colours, shown)


def _faces_text(roll: Roll) -> str:
    if roll.entry == "count":
        return f"{plural(roll.successes, 'success')} entered"
    shown = ", ".join(f"{d.dice_type.label} {d.face}→{d.successes}" for d in roll.dice)
    return f"faces {shown or 'none'} = {plural(roll.successes, 'success')}"


def _roller(table, roll: DiceRoll, defense: bool) -> Party:
    if defense:
        return party(table, roll.target_hero, roll.target_miniature)
    return party(table, roll.hero, roll.miniature)


def roll_dice(table, cmd: RollDice, rng=None) -> list:
    roll = current(table)
    if roll.step not in ("roll", "defense_roll"):
        raise RuleRefused("VIII" if roll.step.endswith("rerolls") else "VII",
                          f"The dice are not waiting to be rolled ({STEP_TEXT[roll.step]})",
                          "dice_not_waiting", step=roll.step)
    defense = roll.step == "defense_roll"
    ps = roll.defense if defense else roll.pool
    pool = Pool.of(*ps.dice_types)
    faces = face_table(table.dice)
    physical = _physical(cmd, faces, [d.colour for d in pool.dice]) if table.dice.mode != "server" else None
    entry = _entry(table.dice, physical, cmd.successes, rng)
    if "rng" in entry:
        result = roll_pool(pool, faces, entry["rng"])
    elif entry["faces"] is not None:
        result = physical_roll(pool, faces, entry["faces"])
    else:
        result = counted_roll(pool, faces, entry["successes"])
    store(ps, result)
    roll.step = "defense_rerolls" if defense else "rerolls"
    who = roll.defender if defense else roll.actor
    record = result.as_record()
    return [Event("dice_rolled", f"{who} rolls {pool.describe()}: {_faces_text(result)}",
                   "VII·E" if defense else "V·C·1 [f]",
                   {"roll": roll.id, "pool": "defense" if defense else "action", **record, "roller": who,
                    "faces": {c: list(faces.faces_of(c)) for c in sorted({d.colour for d in pool.dice})}})]


def reroll_dice(table, cmd: RerollDice, rng=None) -> list:
    roll = current(table)
    if roll.step not in ("rerolls", "defense_rerolls"):
        raise RuleRefused("VIII", f"No dice to reroll now ({STEP_TEXT[roll.step]})",
                          "nothing_to_reroll", step=roll.step)
    if cmd.step not in REROLL_STEPS:
        raise RuleRefused("VIII", f"A reroll step is skill, free, misfortune or paid, not {cmd.step!r}",
                          "unknown_reroll_step")
    defense = roll.step == "defense_rerolls"
    ps = roll.defense if defense else roll.pool
    before = as_roll(ps, face_table(table.dice))
    roller = _roller(table, roll, defense)
    chosen = cmd.dice if isinstance(cmd.dice, list) else []
    if table.dice.mode == "server":
        physical = None
    elif all(type(i) is int and 0 <= i < len(before.dice) for i in chosen):
        physical = _physical(cmd, face_table(table.dice), [before.dice[i].dice_type.colour for i in chosen])
    elif cmd.shown is not None:
        physical = [0] * len(chosen)  # the dice named are not this roll's: the reroll rules refuse them
    else:
        physical = cmd.faces
    entry = _entry(table.dice, physical, None, rng)
    draw = {"rng": entry["rng"]} if "rng" in entry else {"new_faces": entry["faces"]}
    possessor = None
    if cmd.possessor_hero is not None or cmd.possessor_miniature is not None:
        one_actor(cmd.possessor_hero, cmd.possessor_miniature, "The skill's possessor")
        possessor = party(table, cmd.possessor_hero, cmd.possessor_miniature)
    if cmd.step == "skill":
        skill = cmd.skill
        if skill not in rr.SKILL_REROLLS:
            raise RuleRefused("VIII·B", f"{skill!r} is not a reroll skill (Luck, Support, Point blank)",
                              "not_a_reroll_skill")
        if skill == "Support":
            if possessor is None:
                raise RuleRefused("X·Support", "Name the ally whose Support gives the rerolls", "support_needs_ally")
            have = level(skill_levels(possessor), skill)
            if not have:
                raise lacks(possessor, skill)
            ally = possessor.side == roller.side and possessor.id != roller.id
            usable = sk.support_rerolls(have, roller_is_ally=ally, same_area=cmd.same_area)
            if not usable:
                raise RuleRefused("X·Support", f"Support helps an allied miniature located in the same area as "
                                               f"{possessor.name}", "support_requirements", miniature=possessor.name)
        else:
            if possessor is not None and possessor.id != roller.id:
                raise RuleRefused(f"X·{skill}", f"{skill} is used by the miniature rolling the dice",
                                  "skill_of_roller", skill=skill)
            have = level(skill_levels(roller) if defense else roll.skills, skill)
            if not have:
                raise lacks(roller, skill)
            if skill == "Luck":
                usable = sk.luck_rerolls(have)
            else:
                usable = 0 if defense else sk.point_blank_rerolls(
                    have, action_kind=KIND.get(roll.action, sk.MELEE),
                    is_attacker=roll.action in ATTACKS, defender_in_same_area=roll.defender_in_same_area)
                if not usable:
                    raise RuleRefused("X·Point blank", "Point blank needs a ranged attack by its possessor on a "
                                                       "defender located in the same area",
                                      "point_blank_requirements")
        result = rr.skill_reroll(before, skill, usable, cmd.dice, **draw)
    elif cmd.step == "free":
        result = rr.free_reroll(before, cmd.dice, **draw)
    elif cmd.step == "misfortune":
        if possessor is None:
            raise RuleRefused("X·Misfortune", "Name the enemy whose Misfortune forces the rerolls",
                              "misfortune_needs_enemy")
        have = level(skill_levels(possessor), "Misfortune")
        if not have:
            raise lacks(possessor, "Misfortune")
        if not sk.misfortune_rerolls(have, same_area=cmd.same_area, roller_is_enemy=possessor.side != roller.side):
            raise RuleRefused("X·Misfortune", f"Misfortune forces an enemy of {possessor.name} located in the "
                                              f"same area to reroll",
                              "misfortune_requirements", miniature=possessor.name)
        result = rr.misfortune_reroll(before, have, cmd.dice, possessor=possessor.name, **draw)
    else:
        if roller.hero is not None:
            room = hb.room_on(roller.hero, "reroll")
            limit = roller.hero.board.spaces["reroll"].exertion_limit
        else:
            room = cp.room_on(roller.post, "reroll")
            limit = room + roller.post.spaces["reroll"]
        result = rr.paid_reroll(before, cmd.dice, reroll_space_room=room, exertion_limit=max(limit, room), **draw)
    events = []
    if result.cubes:
        if roller.hero is not None:
            if roller.hero.neutralized:
                raise RuleRefused("IX·B", f"{roller.name} is neutralized", "hero_neutralized", hero=roller.name)
            text = hb.spend(roller.hero, "reroll", result.cubes)
            data = {"hero": roller.hero.id, "space": "reroll", "cubes": result.cubes}
        else:
            text = cp.spend(roller.post, "reroll", result.cubes)
            data = {"side": roller.post.side, "space": "reroll", "cubes": result.cubes}
        ps.paid_cubes += result.cubes
        events.append(Event("spend", text, "VIII·D", data))
    store(ps, result.roll)
    new = result.roll.as_record()["rerolls"][len(before.rerolls):]
    events.append(Event("dice_rerolled", f"{roller.name}: {result.description}",
                         REROLL_RULE[cmd.step],
                         {"roll": roll.id, "pool": "defense" if defense else "action", "step": cmd.step,
                          "rerolls": new, "dice": result.roll.as_record()["dice"],
                          "successes": result.roll.successes}))
    return events
