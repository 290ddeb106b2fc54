"""The command registry: one declaration per command type, read by the engine's dispatch, by "what
may be done now" (the table view's `may`) and by the seat policy (`seats.py`).

Each `Entry` names its command (snake_case of the class, e.g. `activate_tile`), its handler, when
it is open (`when`: the steps that allow it, for the actor it names; the side whose turn it must
be), whether it may run while a roll is in progress, who may send it (`seat`), and what a seat
could send now (`offers`: the fields with a finite set of values now, e.g. hero ids, spaces,
tiles). `check` is the refusal the engine raises before any handler runs: code "not_now" (params
command, step) for a step or a side's turn, "roll_in_progress" (params command, action) while a
roll goes on. Costs and cubes are never pre-checked here: the rules refuse those themselves.

The registry sits above the modules whose handlers it names (handlers, versus, dice_flow): none of
them imports it. `engine.apply` is `apply` below.
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any, Callable

from games import PHYSICAL_DICE, entered, needs_entered_dice

from . import commands as c
from . import dice_flow, guidance, handlers, mission_rules, versus
from .actors import TILE_STEPS, tile_steps
from .command_post import MAX_ACTIVATIONS
from .definitions import COLOURS, slot_kind
from .errors import RuleRefused
from games.events import Event, Outcome
from .playing import HEROES, HOST, SIDES, SPECTATOR, VILLAIN, hero_seat, roller_seat
from .playing import acting_characters as _acting_characters
from .playing import acting_heroes as _acting_heroes
from .playing import controls_miniature as _controls_miniature
from .playing import heroes as _heroes
from .playing import on_board as _on_board
from .playing import opponent as _opponent
from .playing import plays_hero as _plays_hero
from .playing import plays_side as _plays_side
from .playing import sides as _sides
from .playing import targets as _targets
from .table import DISSIPATION_KINDS, Table
from .turn import HEROES_STEPS, VERSUS_STEPS, VILLAIN_STEPS, side_playing, title

HERO_ACTION_SPACES = ("melee", "ranged", "manipulation", "thought", "movement")
ANY_TIME_SPACES = ("defense", "reroll", "fatigue")  # a hero spends on these outside the actions step
POST_SPACES = ("defense", "reroll")
ACTIONS = ("manipulation", "thought")


def snake(name: str) -> str:
    """`ActivateTile` → `activate_tile`, `PickHQ` → `pick_hq`."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name).lower()


# ---------------------------------------------------------------- when a command is open


@dataclass(frozen=True)
class Window:
    """The steps in which a command is open; refused otherwise with `rule` and the English
    sentence `what` (…"(now: <step>)"), or, for `side`, "<what> happens during the <side>'s turn"."""
    steps: tuple[str, ...]
    rule: str
    what: str
    side: str | None = None

    def message(self, step: str) -> str:
        if self.side is not None:
            return f"{self.what} happens during the {self.side}'s turn (now: {title(step)})"
        return f"{self.what} (now: {title(step)})"


def side_steps(table: Table, side: str) -> tuple[str, ...]:
    """The steps of `side`'s turn."""
    if table.mode == "versus":
        return VERSUS_STEPS.get(side, ())
    return VILLAIN_STEPS if side == "villain" else HEROES_STEPS


def _hero_window(rule: str = "V·B·5") -> Window:
    return Window(("heroes.actions",), rule, "Heroes act in the heroes' actions step")


def _actor_window(table: Table, cmd, rule: str = "V·B·5", moving: bool = False) -> Window | None:
    """A hero acts in the heroes' actions step; a character while its tile is activated."""
    hero, mini = getattr(cmd, "hero", None), getattr(cmd, "miniature", None)
    if (hero is None) == (mini is None):
        return None  # the rules ask for exactly one actor
    if hero is not None:
        return _hero_window(rule)
    if moving:
        return Window(tile_steps(table), "VI·C·2", "Characters move while their tile is activated")
    return Window(tile_steps(table), "VI·C", "Characters act while their tile is activated")


def _spend_window(table: Table, cmd: c.Spend) -> Window | None:
    if cmd.hero is not None and cmd.side is None:
        return None if cmd.space in ANY_TIME_SPACES else _hero_window()
    if cmd.side is not None and cmd.hero is None and cmd.space == "movement":
        return Window(tile_steps(table), "VI·C·2",
                      "The command post's movement space buys move points for activated characters")
    return None


def _activation_window(table: Table, cmd: c.ActivateTile) -> Window:
    if table.mode == "versus":
        return Window((f"{cmd.side}.activations",), "Versus I·A 3",
                      f"The {cmd.side} activate tiles in their activation step")
    return Window(TILE_STEPS, "VI·B·3", "Tiles are activated in the villain's tile steps")


def _turn_window(what: str) -> Callable[[Table, Any], Window]:
    def window(table: Table, cmd) -> Window:
        side = "villain" if cmd.side == "villain" else "heroes"
        return Window(side_steps(table, side), "VI·B", what, side=cmd.side)
    return window


def _any(table: Table, cmd) -> None:
    return None


# ---------------------------------------------------------------- seat policies (who may send it)


def _by_hero(seat, cmd, table) -> bool:
    return _plays_hero(seat, cmd.hero)


def _by_actor(seat, cmd, table) -> bool:
    """A hero's phone for its hero; the phone running the character's side for a character."""
    hero, mini = getattr(cmd, "hero", None), getattr(cmd, "miniature", None)
    if table.mode == "versus":
        return hero is None and _controls_miniature(table, seat, mini)
    if hero:
        return _plays_hero(seat, hero)
    return seat in (HOST, VILLAIN)


def _by_side(seat, cmd, table) -> bool:
    if table.mode == "versus":
        return _plays_side(table, seat, cmd.side)
    return seat in (HOST, VILLAIN)


def _by_own_side(seat, cmd, table) -> bool:
    """Versus only (the draft, HQ powers): the side's own phone."""
    return table.mode == "versus" and _plays_side(table, seat, cmd.side)


def _spend_seat(seat, cmd: c.Spend, table) -> bool:
    if table.mode == "versus":
        return cmd.hero is None and _plays_side(table, seat, cmd.side)
    if cmd.hero is not None:
        return _plays_hero(seat, cmd.hero)
    return seat == HOST or (seat == VILLAIN and cmd.side == "villain")


def advancing_sides(table: Table) -> set[str]:
    """The sides whose phones may move the turn on: the side playing (the side with initiative at
    the upkeep, IV·A·1); at an end-game check, the side that just finished too (end_check_1 follows
    the side with initiative, end_check_2 the other)."""
    step = table.track.step
    initiative = table.mission.initiative
    sides = {side_playing(step) or initiative}
    if step == "end_check_2":
        sides.add(_opponent(initiative))
    return sides


def _advance_seat(seat, cmd, table) -> bool:
    if seat == HOST:
        return True
    sides = advancing_sides(table)
    if table.mode == "versus":
        return seat in sides
    return (seat == VILLAIN and "villain" in sides) or (seat.startswith("hero:") and "heroes" in sides)


def _wound_seat(seat, cmd: c.Wound, table) -> bool:
    if seat == HOST:
        return True
    if table.mode == "versus":
        return seat in SIDES
    if seat == VILLAIN:
        return True
    if cmd.hero:
        return _plays_hero(seat, cmd.hero)
    return seat.startswith("hero:")


def _token_seat(seat, cmd: c.PlaceToken, table) -> bool:
    if seat == HOST:
        return True
    if table.mode == "versus":
        return seat == cmd.side
    return (cmd.side == "villain") == (seat == VILLAIN) and (seat == VILLAIN or seat.startswith("hero:"))


def _anyone(seat, cmd, table) -> bool:
    return True


def _host_only(seat, cmd, table) -> bool:
    return seat == HOST


def _roll_start_seat(seat, cmd, table) -> bool:
    if seat == HOST:
        return True
    roller = roller_seat(table, cmd.hero, cmd.miniature)
    return roller is None or seat == roller  # an unknown miniature: the rules refuse it


def _follow_up_seat(seat, cmd: dice_flow.StartFollowUp, table) -> bool:
    if seat == HOST:
        return True
    who = dice_flow.follow_up_possessor(table, cmd.skill)
    return who is None or seat == roller_seat(table, *who)  # not offered: the rules refuse it


def roll_seats(table: Table) -> set[str]:
    """Who goes on with the roll in progress: the roller, and the defender during the defense."""
    roll = table.dice.roll
    if roll is None:
        return set()
    seats = {roller_seat(table, roll.hero, roll.miniature)}
    if roll.step.startswith("defense"):
        seats.add(roller_seat(table, roll.target_hero, roll.target_miniature))
    return seats - {None}


def _roll_seat(seat, cmd, table) -> bool:
    if seat == HOST or table.dice.roll is None:  # no roll: the rules answer that
        return True
    return seat in roll_seats(table)


# ---------------------------------------------------------------- offers (what a seat could send now)


def advance_stop(table: Table) -> str | None:
    """The step an Advance would stop at (the steps passing by themselves passed); None: refused."""
    try:
        return apply(table, c.Advance()).table.track.step
    except RuleRefused:
        return None


UNKNOWN = object()


def offer_advance(table: Table, seat: str, to=UNKNOWN) -> list[dict]:
    if not _advance_seat(seat, c.Advance(), table):
        return []
    step = table.track.step
    if step == "setup" and table.mode == "versus" and table.versus.draft.phase != "done":
        return []
    if step == "heroes.stances" and any(h.stance is None for h in table.heroes.values()):
        return []
    to = advance_stop(table) if to is UNKNOWN else to
    return [{"targets": {}, "to": to}] if to is not None else []


def _offer_stance(table: Table, seat: str) -> list[dict]:
    if table.track.step != "heroes.stances":
        return []
    heroes = [h.id for h in _heroes(table, seat) if h.stance is None]
    return [{"targets": _targets(hero=heroes, stance=("active", "resting"))}] if heroes else []


def _offer_spend(table: Table, seat: str) -> list[dict]:
    offers = []
    if table.mode != "versus":
        heroes = [h.id for h in _heroes(table, seat) if not h.neutralized]
        if heroes:
            offers.append({"targets": _targets(hero=heroes, space=ANY_TIME_SPACES)})
        acting = _acting_heroes(table, seat)
        if acting:
            offers.append({"targets": _targets(hero=acting, space=HERO_ACTION_SPACES)})
    sides = _sides(table, seat)
    if sides:
        spaces = POST_SPACES + (("movement",) if table.track.step in tile_steps(table) else ())
        offers.append({"targets": _targets(side=sides, space=spaces)})
    return offers


def _enemies_of(table: Table, side: str) -> dict:
    """What a miniature of `side` may target: the other side's heroes and miniatures on the board."""
    other = _opponent(side)
    heroes = [h.id for h in table.heroes.values() if not h.neutralized] if other == "heroes" else []
    return {"target_hero": heroes, "target_miniature": _on_board(table, other)}


def _actor_offers(table: Table, seat: str, hero_fields: dict, character_fields: dict,
                  targets: bool = False) -> list[dict]:
    offers = []
    heroes = _acting_heroes(table, seat)
    if heroes:
        extra = {"target_miniature": _on_board(table, "villain")} if targets else {}
        offers.append({"targets": _targets(hero=heroes, **hero_fields, **extra)})
    by_side: dict[str, list[str]] = {}
    for mini, side in _acting_characters(table, seat):
        by_side.setdefault(side, []).append(mini)
    for side, minis in by_side.items():
        extra = _enemies_of(table, side) if targets else {}
        offers.append({"targets": _targets(miniature=minis, **character_fields, **extra)})
    return offers


def hero_weapons(hero, action: str) -> list[str] | None:
    """The weapon cards a hero may use for the attack `action` (V·D 4-5: one weapon card of the
    attack's type the hero carries and can benefit from; V·C·2 [a]: a ranged attack needs one):
    their names, [] for a melee attack without one, None when the hero may not make that attack."""
    try:
        return list(dict.fromkeys(i.name for i in dice_flow.usable_weapons(hero, action)))
    except RuleRefused:  # no ranged weapon: no ranged attack
        return None


def _hero_attack_offers(table: Table, seat: str, field: str, weapons: bool) -> list[dict]:
    """A hero's attacks, one offer per hero and kind of attack it may make (with the weapons it may
    use for it when `weapons`), the villain's miniatures on the board as targets."""
    offers = []
    for hero_id in _acting_heroes(table, seat):
        for action in dice_flow.ATTACKS:
            usable = hero_weapons(table.heroes[hero_id], action)
            if usable is None:
                continue
            extra = {"weapon": usable} if weapons else {}
            offers.append({"targets": _targets(hero=[hero_id], **{field: [action]}, **extra,
                                               target_miniature=_on_board(table, "villain"))})
    return offers


def _character_offers(table: Table, seat: str, fields: dict, targets: bool) -> list[dict]:
    by_side: dict[str, list[str]] = {}
    for mini, side in _acting_characters(table, seat):
        by_side.setdefault(side, []).append(mini)
    return [{"targets": _targets(miniature=minis, **fields, **(_enemies_of(table, side) if targets else {}))}
            for side, minis in by_side.items()]


def _offer_attack(table: Table, seat: str) -> list[dict]:
    return (_hero_attack_offers(table, seat, "kind", weapons=False)
            + _character_offers(table, seat, {"kind": dice_flow.ATTACKS}, targets=True))


def _offer_action(table: Table, seat: str) -> list[dict]:
    return _actor_offers(table, seat, {"action": ACTIONS}, {"action": ACTIONS})


def _offer_move(table: Table, seat: str) -> list[dict]:
    return _actor_offers(table, seat, {}, {})


def _offer_start_roll(table: Table, seat: str) -> list[dict]:
    """An attack names its target, and a hero's the weapon cards it may use (one offer per hero and
    kind of attack); a complex action has none (it has a difficulty)."""
    actions = {"action": ACTIONS}
    return (_hero_attack_offers(table, seat, "action", weapons=True)
            + _character_offers(table, seat, {"action": dice_flow.ATTACKS}, targets=True)
            + _actor_offers(table, seat, actions, actions))


def _offer_pick_up(table: Table, seat: str) -> list[dict]:
    heroes = _acting_heroes(table, seat)
    items = list(dict.fromkeys(i.name for i in table.loose_items))
    return [{"targets": _targets(hero=heroes, item=items)}] if heroes and items else []


def _offer_give(table: Table, seat: str) -> list[dict]:
    offers = []
    for hero_id in _acting_heroes(table, seat):
        hero = table.heroes[hero_id]
        others = [h for h in table.heroes if h != hero_id]
        if hero.equipment and others:
            offers.append({"targets": _targets(hero=[hero_id], to_hero=others,
                                               item=list(dict.fromkeys(i.name for i in hero.equipment)))})
    return offers


def _offer_take(table: Table, seat: str) -> list[dict]:
    offers = []
    for hero_id in _acting_heroes(table, seat):
        for other in table.heroes.values():
            if other.id != hero_id and other.equipment:
                offers.append({"targets": _targets(hero=[hero_id], from_hero=[other.id],
                                                   item=list(dict.fromkeys(i.name for i in other.equipment)))})
    return offers


def _offer_drop(table: Table, seat: str) -> list[dict]:
    return [{"targets": _targets(hero=[h.id], item=list(dict.fromkeys(i.name for i in h.equipment)))}
            for h in _heroes(table, seat) if h.equipment]


def _offer_throw(table: Table, seat: str) -> list[dict]:
    return [{"targets": _targets(hero=[h], item=list(dict.fromkeys(i.name for i in table.heroes[h].equipment)))}
            for h in _acting_heroes(table, seat) if table.heroes[h].equipment]


def _river_tiles(table: Table, side: str, keep) -> list[str]:
    post = table.command_posts[side]
    return [t for t in post.river if keep(post.tiles[t])]


def _offer_activate(table: Table, seat: str) -> list[dict]:
    offers = []
    for side in _sides(table, seat):
        if table.track.step not in _activation_window(table, c.ActivateTile("", side)).steps:
            continue
        if table.mode != "versus" and table.command_posts[side].activations_this_turn >= MAX_ACTIVATIONS:
            continue  # VI·B: two tile activations at most per villain turn
        tiles = _river_tiles(table, side, lambda t: not t.neutralized)
        if tiles:
            offers.append({"targets": _targets(tile=tiles, side=[side])})
    return offers


def _on_own_turn(table: Table, side: str) -> bool:
    return table.track.step in side_steps(table, "villain" if side == "villain" else "heroes")


def _offer_dredge(table: Table, seat: str) -> list[dict]:
    offers = []
    for side in _sides(table, seat):
        tiles = _river_tiles(table, side, lambda t: t.neutralized)
        if _on_own_turn(table, side) and tiles and mission_rules.dredging_allowed(table, side):
            offers.append({"targets": _targets(tiles=tiles, side=[side])})
    return offers


def _demobilizable(tile) -> bool:
    return tile.definition.kind != "event" and tile.definition.level in ("elite", "henchman")


def _offer_demobilize(table: Table, seat: str) -> list[dict]:
    offers = []
    for side in _sides(table, seat):
        post = table.command_posts[side]
        tiles = _river_tiles(table, side, lambda t: _demobilizable(t) and
                             mission_rules.demobilization_allowed(table, side, t))
        if _on_own_turn(table, side) and not post.demobilized and tiles:
            offers.append({"targets": _targets(tile=tiles, side=[side])})
    return offers


def _offer_reinforce(table: Table, seat: str) -> list[dict]:
    offers = []
    for side in _sides(table, seat):
        post = table.command_posts[side]
        if not post.reinforcement_points:
            continue
        minis = [m.id for tile in post.tiles.values() if not tile.dredged for m in tile.miniatures
                 if m.place == "pool" and tile.profile(m).reinforcement_cost is not None]
        if minis:
            offers.append({"targets": _targets(miniature=minis, side=[side])})
    return offers


def _offer_end_reinforcement(table: Table, seat: str) -> list[dict]:
    sides = [s for s in _sides(table, seat) if table.command_posts[s].reinforcement_points]
    return [{"targets": _targets(side=sides)}] if sides else []


def _offer_wound(table: Table, seat: str) -> list[dict]:
    offers = []
    if table.mode == "versus":
        if seat in (HOST, *SIDES):
            minis = _on_board(table)
            if minis:
                offers.append({"targets": _targets(miniature=minis)})
        return offers
    heroes = [h.id for h in (table.heroes.values() if seat in (HOST, VILLAIN) else _heroes(table, seat))
              if not h.neutralized]
    if heroes:
        offers.append({"targets": _targets(hero=heroes)})
    minis = _on_board(table)
    if minis and (seat in (HOST, VILLAIN) or seat.startswith("hero:")):
        offers.append({"targets": _targets(miniature=minis)})
    return offers


def _offer_place_token(table: Table, seat: str) -> list[dict]:
    sides = [s for s in SIDES if _token_seat(seat, c.PlaceToken("gas", s), table)]
    return [{"targets": _targets(kind=DISSIPATION_KINDS, side=sides)}] if sides else []


def _offer_remove_token(table: Table, seat: str) -> list[dict]:
    ids = [t.id for t in table.tokens]
    return [{"targets": _targets(id=ids)}] if ids else []


def _offer_end_game(table: Table, seat: str) -> list[dict]:
    if seat != HOST or table.track.step == "setup":
        return []
    return [{"targets": _targets(winner=("heroes", "villain", "none"))}]


def _draft_offer(table: Table, seat: str, phase: str, slots) -> list[dict]:
    if table.mode != "versus" or table.versus is None:
        return []
    draft = table.versus.draft
    side = draft.next_side
    if draft.phase != phase or not _plays_side(table, seat, side):
        return []
    kinds = sorted({slot_kind(s.slot) for s in draft.slots[side] if s.tile is None and slots(s.slot)})
    return [{"targets": _targets(side=[side], **{"tile.kind": kinds})}] if kinds else []


def _offer_pick_hq(table: Table, seat: str) -> list[dict]:
    return _draft_offer(table, seat, "hq", lambda slot: slot.lower().startswith("hq"))


def _offer_draft(table: Table, seat: str) -> list[dict]:
    return _draft_offer(table, seat, "team", lambda slot: slot != "event" and not slot.lower().startswith("hq"))


def _offer_resolve_power(table: Table, seat: str) -> list[dict]:
    if table.mode != "versus" or table.versus is None:
        return []
    offers = []
    for side in SIDES:
        pending = list(dict.fromkeys(p.power for p in table.versus.pending_powers if p.side == side))
        if pending and _plays_side(table, seat, side):
            offers.append({"targets": _targets(side=[side], power=pending)})
    return offers


def _offer_record_mission_rule(table: Table, seat: str) -> list[dict]:
    """A mission rule recorded without a roll, on the side's own activations, while uses remain."""
    offers = []
    for side in _sides(table, seat):
        if table.track.step != f"{side}.activations":
            continue
        ids = [r.id for r in mission_rules.rules(table) if side in r.sides and r.kind in ("record", "limited")
               and mission_rules.uses_left(table, r) != 0]
        if ids:
            offers.append({"targets": _targets(side=[side], rule=ids)})
    return offers


def _offer_resolve_mission_event(table: Table, seat: str) -> list[dict]:
    if table.mode != "versus" or table.versus is None:
        return []
    offers = []
    for p in table.versus.pending_events:
        if _plays_side(table, seat, p.side):
            tiles = _river_tiles(table, p.side, lambda t: t.neutralized)
            offers.append({"targets": _targets(side=[p.side], rule=[p.rule], tile=tiles)})
    return offers


def _offer_dice_mode(table: Table, seat: str) -> list[dict]:
    return [{"targets": _targets(mode=dice_flow.MODES)}] if seat == HOST else []


def _offer_calibrate(table: Table, seat: str) -> list[dict]:
    return [{"targets": _targets(colour=COLOURS)}] if seat == HOST else []


def _offer_free_roll(table: Table, seat: str) -> list[dict]:
    offers = []
    heroes = [h.id for h in _heroes(table, seat) if not h.neutralized]
    if heroes:
        offers.append({"targets": _targets(hero=heroes, cause=dice_flow.FREE_CAUSES)})
    minis = [m for m in _on_board(table) if roller_seat(table, None, m) == seat or seat == HOST]
    if minis:
        offers.append({"targets": _targets(miniature=minis, cause=dice_flow.FREE_CAUSES)})
    return offers


def _offer_follow_up(table: Table, seat: str) -> list[dict]:
    skills = [o.skill for o in dice_flow.follow_ups_now(table)
              if seat == HOST or roller_seat(table, o.hero, o.miniature) == seat]
    return [{"targets": _targets(skill=list(dict.fromkeys(skills)))}] if skills else []


def _roll_offer(*steps: str, **fields) -> Callable[[Table, str], list[dict]]:
    def offer(table: Table, seat: str) -> list[dict]:
        roll = table.dice.roll
        if roll is None or (steps and roll.step not in steps) or not _roll_seat(seat, None, table):
            return []
        return [{"targets": _targets(**fields)}]
    return offer


# ---------------------------------------------------------------- the registry


@dataclass(frozen=True)
class Entry:
    command: type
    handler: Callable[[Table, Any], list[Event]]
    seat: Callable[[str, Any, Table], bool]  # may this (non-host, non-spectator) seat send it?
    offers: Callable[[Table, str], list[dict]]  # the targets a seat could take now (step, seat applied)
    when: Callable[[Table, Any], Window | None] = _any  # None: any step
    during_roll: bool = False  # may it run while a roll is in progress?
    name: str = ""
    rolls: bool = False  # the handler rolls the app's dice: it takes the caller's `rng` too


def _entry(command, handler, seat, offers, when=_any, during_roll=False, rolls=False) -> Entry:
    return Entry(command, handler, seat, offers, when, during_roll, snake(command.__name__), rolls)


_E, _D = handlers, dice_flow.HANDLERS  # the dice package's own handler table (it keeps its helpers private)

ENTRIES = (
    _entry(c.Advance, _E._advance, _advance_seat, offer_advance),
    _entry(c.DeclareStance, _E._declare_stance, _by_hero, _offer_stance,
           lambda t, cmd: Window(("heroes.stances",), "V·B·3", "Stances are declared in the stance step")),
    _entry(c.Spend, _E._spend, _spend_seat, _offer_spend, _spend_window),
    _entry(c.Attack, _E._attack, _by_actor, _offer_attack, _actor_window),
    _entry(c.ComplexAction, _E._complex_action, _by_actor, _offer_action, _actor_window),
    _entry(c.AutomaticAction, _E._automatic_action, _by_actor, _offer_action, _actor_window),
    _entry(c.Move, _E._move, _by_actor, _offer_move, lambda t, cmd: _actor_window(t, cmd, moving=True)),
    _entry(c.PickUp, _E._pick_up, _by_hero, _offer_pick_up, lambda t, cmd: _hero_window("V·D·1")),
    _entry(c.Give, _E._give, _by_hero, _offer_give, lambda t, cmd: _hero_window("V·D·1")),
    _entry(c.Take, _E._take, _by_hero, _offer_take, lambda t, cmd: _hero_window("V·D·1")),
    _entry(c.Drop, _E._drop, _by_hero, _offer_drop, during_roll=True),
    _entry(c.Throw, _E._throw, _by_hero, _offer_throw, lambda t, cmd: _hero_window("V·D·1 [e]")),
    _entry(c.ActivateTile, _E._activate_tile, _by_side, _offer_activate, _activation_window),
    _entry(c.Dredge, _E._dredge, _by_side, _offer_dredge, _turn_window("Dredging the river")),
    _entry(c.Demobilize, _E._demobilize, _by_side, _offer_demobilize, _turn_window("Demobilization")),
    _entry(c.Reinforce, _E._reinforce, _by_side, _offer_reinforce),
    _entry(c.EndReinforcement, _E._end_reinforcement, _by_side, _offer_end_reinforcement),
    _entry(c.Wound, _E._wound, _wound_seat, _offer_wound, during_roll=True),
    _entry(c.PlaceToken, _E._place_token, _token_seat, _offer_place_token, during_roll=True),
    _entry(c.RemoveToken, _E._remove_token, _anyone, _offer_remove_token, during_roll=True),
    _entry(c.EndGame, _E._end_game, _host_only, _offer_end_game, during_roll=True),
    # Versus (booklet)
    _entry(c.PickHQ, versus.pick_hq, _by_own_side, _offer_pick_hq),
    _entry(c.DraftTile, versus.draft_tile, _by_own_side, _offer_draft),
    _entry(c.ResolvePower, versus.resolve_power, _by_own_side, _offer_resolve_power),
    _entry(c.RecordMissionRule, mission_rules.record, _by_own_side, _offer_record_mission_rule,
           lambda t, cmd: Window((f"{cmd.side}.activations",), "Versus mission",
                                 f"The {cmd.side} apply their mission rules in their activation step")),
    _entry(c.ResolveMissionEvent, mission_rules.resolve_event, _by_own_side, _offer_resolve_mission_event),
    # dice
    _entry(dice_flow.SetDiceMode, _D[dice_flow.SetDiceMode], _host_only, _offer_dice_mode, during_roll=True),
    _entry(dice_flow.CalibrateDice, _D[dice_flow.CalibrateDice], _host_only, _offer_calibrate),
    _entry(dice_flow.StartRoll, _D[dice_flow.StartRoll], _roll_start_seat, _offer_start_roll, _actor_window),
    _entry(dice_flow.StartFreeRoll, _D[dice_flow.StartFreeRoll], _roll_start_seat, _offer_free_roll),
    _entry(dice_flow.StartFollowUp, _D[dice_flow.StartFollowUp], _follow_up_seat, _offer_follow_up),
    _entry(dice_flow.RollDice, _D[dice_flow.RollDice], _roll_seat, _roll_offer("roll", "defense_roll"),
           during_roll=True, rolls=True),
    _entry(dice_flow.RerollDice, _D[dice_flow.RerollDice], _roll_seat,
           _roll_offer("rerolls", "defense_rerolls", step=dice_flow.REROLL_STEPS), during_roll=True, rolls=True),
    _entry(dice_flow.EndRerolls, _D[dice_flow.EndRerolls], _roll_seat, _roll_offer("rerolls", "defense_rerolls"),
           during_roll=True),
    _entry(dice_flow.Defend, _D[dice_flow.Defend], _roll_seat, _roll_offer("defense"), during_roll=True),
    _entry(dice_flow.AbandonRoll, _D[dice_flow.AbandonRoll], _roll_seat, _roll_offer(), during_roll=True),
)

BY_TYPE: dict[type, Entry] = {e.command: e for e in ENTRIES}
# the commands that cannot be sent without entered dice (an attack resolved with its successes):
# physical tables only, so not offered while the app rolls
ENTERS_DICE = tuple(e.command for e in ENTRIES if needs_entered_dice(e.command))
BY_NAME: dict[str, Entry] = {e.name: e for e in ENTRIES}
NAMES = tuple(BY_NAME)

# VI·E: reinforcement points are spent at once; the villain moving on loses what is left.
LOSES_REINFORCEMENT = (c.Advance, c.ActivateTile, c.Dredge, c.Demobilize)


def points_lost(table: Table) -> int:
    """The reinforcement points a command of LOSES_REINFORCEMENT would lose now (VI·E)."""
    return sum(post.reinforcement_points for post in table.command_posts.values())


def entry(command) -> Entry:
    """The declaration of a command (instance or type)."""
    kind = command if isinstance(command, type) else type(command)
    found = BY_TYPE.get(kind)
    if found is None:
        raise RuleRefused("I", f"Unknown command {kind.__name__}", "unknown_command", command=kind.__name__)
    return found


def name_of(command) -> str:
    return entry(command).name


def check(table: Table, command) -> Entry:
    """Refuse a command its declaration does not allow now: a roll in progress, a step, a side's turn."""
    e = entry(command)
    roll = table.dice.roll if getattr(table, "dice", None) is not None else None
    if roll is not None and not e.during_roll:
        raise RuleRefused("VIII", f"{roll.actor}'s {dice_flow.describe_action(roll)} is in progress "
                                  f"({dice_flow.STEP_TEXT[roll.step]}): finish it or abandon it first",
                          "roll_in_progress", command=e.name, action=roll.action)
    window = e.when(table, command)
    step = table.track.step
    if window is not None and step not in window.steps:
        raise RuleRefused(window.rule, window.message(step), "not_now", command=e.name, step=step)
    return e


def check_entered_dice(table: Table, command) -> None:
    """IX·D: what real dice show (a field marked `entered_dice`) is entered only while the table's
    dice are physical; while the app rolls them, its `rng` alone decides."""
    given = entered(command)
    if given and table.dice.mode != PHYSICAL_DICE:
        raise RuleRefused("IX·D", "This table's dice are rolled by the app: set the dice mode to physical to enter "
                                  "what real dice show", "dice_rolled_by_app", fields=given)


def apply(table: Table, command, *, owned: bool = False, rng=None) -> Outcome:
    """Apply `command` (see `engine.apply`): its declaration's checks, then its handler on a copy.
    `rng` rolls the app's dice (server mode): the API's `secrets.SystemRandom()`, a seeded
    `random.Random` in tests."""
    e = entry(command)
    check_entered_dice(table, command)
    if table.track.over:
        raise RuleRefused("IV·C", "The game is over", "game_over")
    if type(command) not in (c.ResolvePower, c.EndGame, c.ResolveMissionEvent):
        versus.require_no_pending_power(table)
    if type(command) not in (c.ResolvePower, c.EndGame, c.ResolveMissionEvent):
        mission_rules.require_no_pending_event(table)
    check(table, command)
    new = table if owned else copy.deepcopy(table)
    events: list[Event] = []
    if type(command) in LOSES_REINFORCEMENT:
        events += handlers._lose_reinforcement_points(new)
    events += e.handler(new, command, rng) if e.rolls else e.handler(new, command)
    passed = guidance.pass_empty_steps(new)
    if passed:  # C2: the steps passed on the way are step_passed events; one "step": where it stops
        events += passed
        last = max((i for i, ev in enumerate(events) if ev.kind == "step"), default=None)
        events = [ev for i, ev in enumerate(events) if ev.kind != "step" or i == last]
    return Outcome(new, events)


def move_price(table: Table, command: c.Move) -> dict:
    """What a Move would cost now, without making it (V·C·5, VI·C·2): the cubes it buys on the
    movement space, the move points left at its end (lost when the movement ends), whether the
    first-movement bonus counts; refused exactly as the Move itself would be."""
    (moved,) = [e for e in apply(table, command).events if e.kind == "movement"]
    return {"cubes": moved.data["cubes"], "points_left": moved.data["lost"], "first": moved.data["first"],
            "text": moved.text}


# ---------------------------------------------------------------- what each seat may do now


def seat_names(table: Table) -> list[str]:
    """Every seat of a table but spectators (unlimited)."""
    if table.mode == "versus":
        return [HOST, VILLAIN, HEROES]
    return [HOST, VILLAIN, *(hero_seat(h) for h in table.heroes)]


def may_now(table: Table, seat: str | None, advance_to=UNKNOWN) -> list[dict]:
    """What `seat` may send now: [{"command", "targets": {field: [values]}} …] (`advance` also
    "to": the next step; a command that would lose unspent reinforcement points, VI·E, also
    "loses": {"reinforcement_points": n}). The same command may come twice, once per kind of actor (a hero, a
    miniature): its targets are then the choices for that actor. Step, side, roll in progress and
    seat rights are applied; cubes and costs are not (the rules refuse those)."""
    if seat is None or seat == SPECTATOR or table.track.over:
        return []
    pending = table.mode == "versus" and table.versus is not None and (
        table.versus.pending_powers or table.versus.pending_events)
    rolling = table.dice.roll is not None
    app_rolls = table.dice.mode != PHYSICAL_DICE
    lost = points_lost(table)
    listed = []
    for e in ENTRIES:
        if pending and e.command not in (c.ResolvePower, c.EndGame, c.ResolveMissionEvent):
            continue
        if rolling and not e.during_roll:
            continue
        if app_rolls and e.command in ENTERS_DICE:
            continue  # IX·D: its successes are read on real dice (the app's dice: the dice flow)
        offers = offer_advance(table, seat, advance_to) if e.command is c.Advance else e.offers(table, seat)
        loses = {"loses": {"reinforcement_points": lost}} if lost and e.command in LOSES_REINFORCEMENT else {}
        for offer in offers:
            listed.append({"command": e.name, **offer, **loses})
    return listed


def may(table: Table, advance_to=UNKNOWN) -> dict[str, list[dict]]:
    """`may_now` for every seat of the table, the spectator's included (`advance_to`: the step an
    Advance stops at, when the caller knows it)."""
    if advance_to is UNKNOWN:
        advance_to = advance_stop(table)
    return {seat: may_now(table, seat, advance_to) for seat in (*seat_names(table), SPECTATOR)}

