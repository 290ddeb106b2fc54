"""What a seat could send now, command by command: the targets of each offer (the fields with a
finite set of values now: hero ids, spaces, tiles) and, for what costs something, its price
(`prices.py`). An offer builder lists the actors and values the seat runs; it does not test the
step: the registry keeps an offer only while its command's window is open for it (`windows.Probe`:
the first value of each target), so the values of one offer always share one window (one actor kind,
one side, one space when the space decides the window).
"""
from __future__ import annotations

from typing import Callable

from ..registry import priced as base_priced
from . import dice_flow, mission_rules, prices, versus
from . import command_post as cp
from . import hero_board as hb
from .command_post import MAX_ACTIVATIONS
from .definitions import COLOURS, slot_kind
from .playing import HOST, SIDES, VILLAIN, roller_seat
from .playing import heroes as _heroes
from .playing import ready_characters as _ready_characters
from .playing import ready_heroes as _ready_heroes
from .playing import on_board as _on_board
from .playing import opponent as _opponent
from .playing import plays_side as _plays_side
from .playing import sides as _sides
from .playing import targets as _targets
from .errors import RuleRefused
from .table import DISSIPATION_KINDS, Table
from .windows import ANY_TIME_SPACES, roll_seat, token_seat
from . import commands as c

HERO_ACTION_SPACES = ("melee", "ranged", "manipulation", "thought", "movement")
POST_SPACES = ("defense", "reroll", "movement")
ACTIONS = ("manipulation", "thought")


def priced(targets: dict, price_and_why) -> dict:
    price, why = price_and_why
    return base_priced({"targets": targets}, price, why)


def offer_stance(table: Table, seat: str) -> list[dict]:
    """Each hero's stances still to declare, each with what its recovery would move (V·B·3)."""
    offers = []
    for hero in _heroes(table, seat):
        if hero.stance is None:
            for stance in hb.stances(hero):
                to_reserve, from_wound = hb.recovery(hero, stance)
                offers.append({"targets": _targets(hero=[hero.id], stance=[stance]),
                               "recovers": {"to_reserve": to_reserve, "from_wound": from_wound}})
    return offers


def offer_finish(table: Table, seat: str) -> list[dict]:
    """Each active hero still acting may say they are done (V·B·5)."""
    return [{"targets": _targets(hero=[h.id])} for h in _heroes(table, seat)
            if h.stance == "active" and not h.neutralized and not h.finished]


def offer_spend(table: Table, seat: str) -> list[dict]:
    offers = []
    if table.mode != "versus":
        ready = set(_ready_heroes(table, seat))
        for hero in _heroes(table, seat):
            if hero.neutralized:
                continue
            for space in ANY_TIME_SPACES + (HERO_ACTION_SPACES if hero.id in ready else ()):
                offers.append(priced({"hero": [hero.id], "space": [space]}, prices.spend_hero(table, hero.id, space)))
    for side in _sides(table, seat):
        for space in POST_SPACES:
            offers.append(priced({"side": [side], "space": [space]}, prices.spend_post(table, side, space)))
    return offers


def _enemies_of(table: Table, side: str) -> dict:
    """What a miniature of `side` may target: the other side's heroes and miniatures on the board."""
    other = _opponent(side)
    heroes = [h.id for h in table.heroes.values() if not h.neutralized] if other == "heroes" else []
    return {"target_hero": heroes, "target_miniature": _on_board(table, other)}


def _actor_offers(table: Table, seat: str, hero_fields: dict, character_fields: dict,
                  targets: bool = False) -> list[dict]:
    offers = []
    heroes = _ready_heroes(table, seat)
    if heroes:
        extra = {"target_miniature": _on_board(table, "villain")} if targets else {}
        offers.append({"targets": _targets(hero=heroes, **hero_fields, **extra)})
    by_side: dict[str, list[str]] = {}
    for mini, side in _ready_characters(table, seat):
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
    for hero_id in _ready_heroes(table, seat):
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
    for mini, side in _ready_characters(table, seat):
        by_side.setdefault(side, []).append(mini)
    return [{"targets": _targets(miniature=minis, **fields, **(_enemies_of(table, side) if targets else {}))}
            for side, minis in by_side.items()]


def offer_attack(table: Table, seat: str) -> list[dict]:
    return (_hero_attack_offers(table, seat, "kind", weapons=False)
            + _character_offers(table, seat, {"kind": dice_flow.ATTACKS}, targets=True))


def offer_action(table: Table, seat: str) -> list[dict]:
    return _actor_offers(table, seat, {"action": ACTIONS}, {"action": ACTIONS})


def offer_move(table: Table, seat: str) -> list[dict]:
    return _actor_offers(table, seat, {}, {})


def action_cubes(hero, action: str) -> list[int]:
    """The cubes a hero may add to an action's space as they start it (C4, IX·I, V·A 14): none
    needed when cubes are already placed there, else at least one; at most what the space has room
    for and the reserve holds."""
    least = 0 if hb.unused_on(hero, action) else 1
    return list(range(least, min(hb.room_on(hero, action), hero.reserve) + 1))


def offer_start_roll(table: Table, seat: str) -> list[dict]:
    """An attack names its target, and a hero's the weapon cards it may use (one offer per hero and
    kind of attack); a complex action has none (it has a difficulty). A hero's offer lists the cubes
    they may add (`action_cubes`), so one offer per hero and action."""
    actions = {"action": ACTIONS}
    offers = _hero_attack_offers(table, seat, "action", weapons=True)
    for hero_id in _ready_heroes(table, seat):
        offers += [{"targets": _targets(hero=[hero_id], action=[action])} for action in ACTIONS]
    for offer in offers:
        hero = table.heroes[offer["targets"]["hero"][0]]
        offer["targets"]["cubes"] = action_cubes(hero, offer["targets"]["action"][0])
    return ([o for o in offers if o["targets"]["cubes"]]
            + _character_offers(table, seat, {"action": dice_flow.ATTACKS}, targets=True)
            + _character_offers(table, seat, actions, targets=False))


def offer_pick_up(table: Table, seat: str) -> list[dict]:
    heroes = _ready_heroes(table, seat)
    items = list(dict.fromkeys(i.name for i in table.loose_items))
    return [{"targets": _targets(hero=heroes, item=items)}] if heroes and items else []


def offer_give(table: Table, seat: str) -> list[dict]:
    offers = []
    for hero_id in _ready_heroes(table, seat):
        hero = table.heroes[hero_id]
        others = [h for h in table.heroes if h != hero_id]
        if hero.equipment and others:
            offers.append({"targets": _targets(hero=[hero_id], to_hero=others,
                                               item=list(dict.fromkeys(i.name for i in hero.equipment)))})
    return offers


def offer_take(table: Table, seat: str) -> list[dict]:
    offers = []
    for hero_id in _ready_heroes(table, seat):
        for other in table.heroes.values():
            if other.id != hero_id and other.equipment:
                offers.append({"targets": _targets(hero=[hero_id], from_hero=[other.id],
                                                   item=list(dict.fromkeys(i.name for i in other.equipment)))})
    return offers


def offer_drop(table: Table, seat: str) -> list[dict]:
    return [{"targets": _targets(hero=[h.id], item=list(dict.fromkeys(i.name for i in h.equipment)))}
            for h in _heroes(table, seat) if h.equipment]


def offer_throw(table: Table, seat: str) -> list[dict]:
    return [{"targets": _targets(hero=[h], item=list(dict.fromkeys(i.name for i in table.heroes[h].equipment)))}
            for h in _ready_heroes(table, seat) if table.heroes[h].equipment]


def _river_tiles(table: Table, side: str, keep) -> list[str]:
    post = table.command_posts[side]
    return [t for t in post.river if keep(post.tiles[t])]


def offer_activate(table: Table, seat: str) -> list[dict]:
    offers = []
    for side in _sides(table, seat):
        if table.mode != "versus" and table.command_posts[side].activations_this_turn >= MAX_ACTIVATIONS:
            continue  # VI·B: two tile activations at most per villain turn
        for tile in _river_tiles(table, side, lambda t: not t.neutralized):
            offers.append(priced({"tile": [tile], "side": [side]}, prices.activation(table, side, tile)))
    return offers


def offer_dredge(table: Table, seat: str) -> list[dict]:
    offers = []
    for side in _sides(table, seat):
        tiles = _river_tiles(table, side, lambda t: t.neutralized)
        if tiles and mission_rules.dredging_allowed(table, side):
            offers.append(priced({"tiles": tiles, "side": [side]}, prices.dredge(table, side)))
    return offers


def _demobilizable(tile) -> bool:
    return tile.definition.kind != "event" and tile.definition.level in ("elite", "henchman")


def offer_demobilize(table: Table, seat: str) -> list[dict]:
    offers = []
    for side in _sides(table, seat):
        post = table.command_posts[side]
        tiles = _river_tiles(table, side, lambda t: _demobilizable(t) and
                             mission_rules.demobilization_allowed(table, side, t))
        if not post.demobilized and tiles:
            offers.append(priced({"tile": tiles, "side": [side]}, prices.demobilize(table, side)))
    return offers


def offer_reinforce(table: Table, seat: str) -> list[dict]:
    offers = []
    for side in _sides(table, seat):
        post = table.command_posts[side]
        if not post.reinforcement_points:
            continue
        minis = [m.id for tile in post.tiles.values() if not tile.dredged for m in tile.miniatures
                 if m.place == "pool" and tile.profile(m).reinforcement_cost is not None]
        offers += [priced({"miniature": [m], "side": [side]}, prices.reinforce(table, side, m)) for m in minis]
    return offers


def offer_end_reinforcement(table: Table, seat: str) -> list[dict]:
    sides = [s for s in _sides(table, seat) if table.command_posts[s].reinforcement_points]
    return [{"targets": _targets(side=sides)}] if sides else []


def offer_wound(table: Table, seat: str) -> list[dict]:
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


def offer_place_token(table: Table, seat: str) -> list[dict]:
    sides = [s for s in SIDES if token_seat(seat, c.PlaceToken("gas", s), table)]
    return [{"targets": _targets(kind=DISSIPATION_KINDS, side=sides)}] if sides else []


def offer_remove_token(table: Table, seat: str) -> list[dict]:
    ids = [t.id for t in table.tokens]
    return [{"targets": _targets(id=ids)}] if ids else []


def offer_end_game(table: Table, seat: str) -> list[dict]:
    if seat != HOST or table.track.step == "setup":
        return []
    return [{"targets": _targets(winner=("heroes", "villain", "none"))}]


def _draft_offer(table: Table, seat: str, phase: str, slots, tile: dict, **extra) -> list[dict]:
    """The tiles the side may take now, by what they are (a tile's `kind`, `side`, `level`: the
    fields of the `tile` the command carries), and the names already drafted (Versus I·C·3: each
    tile once)."""
    if table.mode != "versus" or table.versus is None:
        return []
    draft = table.versus.draft
    side = draft.next_side
    if draft.phase != phase or not _plays_side(table, seat, side):
        return []
    kinds = sorted({slot_kind(s.slot) for s in draft.slots[side] if s.tile is None and slots(s.slot)})
    if not kinds:
        return []
    drafted = sorted({t.definition.name for p in table.command_posts.values() for t in p.tiles.values()})
    fits = {"tile.kind": kinds, "tile.side": [side, "neutral"], **{f"tile.{k}": v for k, v in tile.items()}}
    return [{"targets": _targets(side=[side], **fits), "drafted": drafted, **extra}]


def offer_pick_hq(table: Table, seat: str) -> list[dict]:
    """An HQ is a Leader / Lieutenant level tile of the HQ slot's kind (Versus I·C·2)."""
    return _draft_offer(table, seat, "hq", lambda slot: slot.lower().startswith("hq"),
                        {"level": [versus.LIEUTENANT_LEVEL]})


def offer_draft(table: Table, seat: str) -> list[dict]:
    """A tile of `lieutenant_level` drafted now is a Lieutenant (no event power, Versus I·C·3)."""
    return _draft_offer(table, seat, "team", lambda slot: slot != "event" and not slot.lower().startswith("hq"),
                        {}, lieutenant_level=versus.LIEUTENANT_LEVEL)


def offer_resolve_power(table: Table, seat: str) -> list[dict]:
    if table.mode != "versus" or table.versus is None:
        return []
    offers = []
    for side in SIDES:
        pending = list(dict.fromkeys(p.power for p in table.versus.pending_powers if p.side == side))
        if pending and _plays_side(table, seat, side):
            offers.append({"targets": _targets(side=[side], power=pending)})
    return offers


def offer_record_mission_rule(table: Table, seat: str) -> list[dict]:
    """A mission rule recorded without a roll, on the side's own activations, while uses remain."""
    offers = []
    for side in _sides(table, seat):
        ids = [r.id for r in mission_rules.rules(table) if side in r.sides and r.kind in ("record", "limited")
               and mission_rules.uses_left(table, r) != 0]
        if ids:
            offers.append({"targets": _targets(side=[side], rule=ids)})
    return offers


def offer_resolve_mission_event(table: Table, seat: str) -> list[dict]:
    if table.mode != "versus" or table.versus is None:
        return []
    offers = []
    for p in table.versus.pending_events:
        if _plays_side(table, seat, p.side):
            tiles = _river_tiles(table, p.side, lambda t: t.neutralized)
            offers.append({"targets": _targets(side=[p.side], rule=[p.rule], tile=tiles)})
    return offers


def offer_dice_mode(table: Table, seat: str) -> list[dict]:
    return [{"targets": _targets(mode=dice_flow.MODES)}] if seat == HOST else []


def offer_calibrate(table: Table, seat: str) -> list[dict]:
    return [{"targets": _targets(colour=COLOURS)}] if seat == HOST else []


def offer_free_roll(table: Table, seat: str) -> list[dict]:
    offers = []
    heroes = [h.id for h in _heroes(table, seat) if not h.neutralized]
    if heroes:
        offers.append({"targets": _targets(hero=heroes, cause=dice_flow.FREE_CAUSES)})
    minis = [m for m in _on_board(table) if roller_seat(table, None, m) == seat or seat == HOST]
    if minis:
        offers.append({"targets": _targets(miniature=minis, cause=dice_flow.FREE_CAUSES)})
    return offers


def offer_follow_up(table: Table, seat: str) -> list[dict]:
    """One offer per skill: for Counterattack and Retaliation, the initial attacker as target; for
    the others (Combo, Burst, Circular strike...), the possessor's enemies on the board this chain
    of attacks has not targeted yet."""
    offers, seen = [], set()
    for o in dice_flow.follow_ups_now(table):
        if o.skill in seen or not (seat == HOST or roller_seat(table, o.hero, o.miniature) == seat):
            continue
        seen.add(o.skill)
        if o.target_hero is not None or o.target_miniature is not None:
            fields = {"target_hero": [o.target_hero] if o.target_hero else [],
                      "target_miniature": [o.target_miniature] if o.target_miniature else []}
        else:
            fields = _follow_up_targets(table, o)
        offers.append({"targets": _targets(skill=[o.skill], **fields)})
    return offers


def _follow_up_targets(table: Table, offer) -> dict:
    done = set(dice_flow.earlier_targets(table.dice.last, offer.skill))
    if offer.hero is not None:
        enemies = {"target_hero": [], "target_miniature": _on_board(table, "villain")}
    else:
        own = next(p.side for p in table.command_posts.values() for t in p.tiles.values()
                   for m in t.miniatures if m.id == offer.miniature)
        enemies = _enemies_of(table, own)
    return {k: [x for x in v if x not in done] for k, v in enemies.items()}


def defense_cubes(table: Table, roll) -> list[int]:
    """The cubes the defender may put on their defense space (VII·B): none when it reads "cannot"
    (IX·E), else up to its room (IX·I) and what the reserve holds (V·A 14)."""
    if roll.target_hero is not None:
        hero = table.heroes[roll.target_hero]
        space, room, reserve = hero.board.spaces["defense"], hb.room_on(hero, "defense"), hero.reserve
    else:
        post, _, _ = table.find_miniature(roll.target_miniature)
        space, room, reserve = post.space_defs["defense"], cp.room_on(post, "defense"), post.reserve
    most = 0 if space.characteristic.kind == "cannot" else min(room, reserve)
    return list(range(most + 1))


def offer_defend(table: Table, seat: str) -> list[dict]:
    roll = table.dice.roll
    if roll is None or roll.step != "defense" or not roll_seat(seat, None, table):
        return []
    return [{"targets": {"cubes": defense_cubes(table, roll)}}]


def roll_offer(*steps: str, **fields) -> Callable[[Table, str], list[dict]]:
    def offer(table: Table, seat: str) -> list[dict]:
        roll = table.dice.roll
        if roll is None or (steps and roll.step not in steps) or not roll_seat(seat, None, table):
            return []
        return [{"targets": _targets(**fields)}]
    return offer


