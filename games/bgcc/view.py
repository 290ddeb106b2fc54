"""What a phone needs to draw the table: the state plus what is derived from it (saturation,
river costs, encumbrance bonus, skills switched off, the current step) and what each seat may
do now (`may`, from the command registry).

Printed definitions are passed through as dataclasses: `games.serial.to_data` (or any encoder that
knows dataclasses) turns the whole view into JSON."""
from __future__ import annotations

from . import dice_flow, guidance, mission_rules, registry, river, seats, versus
from .command_post import MAX_ACTIVATIONS
from .definitions import COMMAND_POST_SPACES, HERO_SPACES
from .hero_board import Hero, skill_applies, unused_on
from .table import Table
from .tiles import miniature_label
from .turn import STEP_TITLES, side_playing

REMINDERS_AT = {**guidance.REMINDERS_AT, "end_check_1": "end_game", "end_check_2": "end_game"}

def space_view(held: int, definition, hacked: int = 0) -> dict:
    limit = max(0, definition.exertion_limit - hacked)
    view = {"cubes": held, "exertion_limit": limit, "saturated": held >= limit, "room": max(0, limit - held),
            "characteristic": definition.characteristic}
    if hacked:
        view["hacking_tokens"] = hacked
    return view


def hero_view(hero: Hero) -> dict:
    return {
        "id": hero.id,
        "name": hero.name,
        "energy": hero.board.energy,
        "reserve": hero.reserve,
        "fatigue": hero.fatigue,
        "wound": hero.wound,
        "spaces": {s: {**space_view(hero.spaces[s], hero.board.spaces[s]), "unused": unused_on(hero, s)}
                   for s in HERO_SPACES},
        "stance": hero.stance,
        "neutralized": hero.neutralized,
        "moved_this_turn": hero.moved_this_turn,
        "finished": hero.finished,
        "recovery": {"active": hero.board.active_recovery, "resting": hero.board.resting_recovery},
        "encumbrance": hero.encumbrance,
        "maximum_encumbrance": hero.board.maximum_encumbrance,
        "first_movement_bonus": hero.first_movement_bonus,
        "equipment": hero.equipment,
        "gadgets": hero.gadgets,
        "skills": [{"name": s.name, "level": s.level, "encumbrance_limit": s.encumbrance_limit,
                    "applies": skill_applies(hero, s)} for s in hero.board.skills],
        "board": hero.board,
    }


def post_view(post) -> dict:
    costs = {tid: (pos, cost) for tid, pos, cost in river.positions(post)}
    tiles = []
    for tile_id in post.river:
        tile = post.tiles[tile_id]
        pos, cost = costs[tile_id]
        tiles.append({"id": tile.id, "name": tile.name, "kind": tile.definition.kind,
                      "level": tile.definition.level, "position": pos, "width": tile.definition.width,
                      "cost": cost, "neutralized": tile.neutralized, "affordable": cost <= post.reserve})
    miniatures = []
    for tile in post.tiles.values():
        for m in tile.miniatures:
            profile = tile.profile(m)
            miniatures.append({"id": m.id, "tile": tile.id, "label": miniature_label(tile, m),
                               "place": m.place, "life_points": m.life_points,
                               "max_life_points": profile.life_points,
                               "reinforcement_cost": profile.reinforcement_cost})
    return {
        "side": post.side,
        "reserve": post.reserve,
        "fatigue": post.fatigue,
        "removed_from_game": post.removed,
        "recovery": post.recovery,
        "spaces": {s: space_view(post.spaces[s], post.space_defs[s], post.hacking.get(s, 0))
                   for s in COMMAND_POST_SPACES},
        "cost_track": post.cost_track,
        "river": tiles,
        "activations_this_turn": post.activations_this_turn,
        "activated_this_turn": list(post.activated_this_turn),
        "activation_limit": None if post.discs is not None else MAX_ACTIVATIONS,
        "activation": post.activation,
        "demobilized": post.demobilized,
        "reinforcement_points": post.reinforcement_points,
        **(versus_post_view(post) if post.discs is not None else {}),
        "miniatures": miniatures,
        "character_pool": [m["id"] for m in miniatures if m["place"] == "pool"],
        "life_point_track": [m for m in miniatures if m["max_life_points"] > 1 and m["place"] == "board"],
        "tiles": {tid: t.definition for tid, t in post.tiles.items()},
    }


def turn_view(table: Table, advance_to=registry.UNKNOWN) -> dict:
    """The turn, its step and who the table waits for (`awaiting`, C1)."""
    track = table.track
    step = track.step
    title, rule = STEP_TITLES[step]
    reminders = getattr(table.mission.reminders, REMINDERS_AT[step]) if step in REMINDERS_AT else []
    return {
        "turn": track.turn,
        "turn_limit": table.mission.turn_limit,
        "step": step,
        "title": title,
        "rule": rule,
        "side_playing": side_playing(step),
        "initiative": table.mission.initiative,
        "reminders": reminders,
        "end_game_conditions": table.mission.reminders.end_game,
        "over": track.over,
        "winner": track.winner,
        "reason": track.reason,
        "awaiting": seats.awaiting(table, advance_to),
        "advance_to": advance_to,
    }


def post_part(table: Table, post) -> dict:
    """A command post as drawn, with what each tile's activation costs in discs in Versus."""
    return _with_disc_costs(table, post_view(post), post)


def public_view(table: Table) -> dict:
    """The whole table as every phone draws it, without `may` (`every_seat_may` draws every
    seat's)."""
    return {
        "mode": table.mode,
        "mission": {"name": table.mission.name, "sample": table.mission.sample,
                    "reinforcement_points": table.mission.reinforcement_points,
                    "events": table.mission.reminders.events},
        "turn": turn_view(table, registry.advance_stop(table)),
        "heroes": [hero_view(h) for h in table.heroes.values()],
        "command_posts": {side: post_part(table, p) for side, p in table.command_posts.items()},
        "tokens": table.tokens,
        "loose_items": table.loose_items,
        "dice": dice_flow.dice_view(table),
        **({"versus": versus_view(table)} if table.versus is not None else {}),
    }


def every_seat_may(table: Table, public: dict) -> dict[str, list[dict]]:
    """What every seat may send now (the spectator's included), in one pass over the registry, with
    the step an Advance stops at as `public` (this table's `public_view`) found it."""
    return registry.may(table, public["turn"]["advance_to"])


def table_view(table: Table) -> dict:
    """The whole table as a phone draws it, with what every seat may do now (`may`)."""
    public = public_view(table)
    return {**public, "may": every_seat_may(table, public)}


def versus_disc_costs(table: Table, post) -> dict[str, int]:
    """Versus: what activating each tile would cost in discs now (activations made + 1, a power's
    modifier on the tile; 0 for a free activation)."""
    if post.free_activations:
        return {t: 0 for t in post.river}
    base = post.activations_this_turn + 1
    extra = {}
    for m in table.versus.disc_modifiers:
        if m.side == post.side:
            extra[m.tile] = extra.get(m.tile, 0) + m.amount
    return {t: base + extra.get(t, 0) for t in post.river}


def versus_post_view(post) -> dict:
    """Versus: the side's discs in their zones, its HQ and powers, hacking tokens, what the next
    activation costs in discs."""
    return {
        "discs": {"available": post.discs.available, "unavailable": post.discs.unavailable,
                  "spent": post.discs.spent, "recovery": post.discs.recovery,
                  "next_activation_cost": 0 if post.free_activations else post.activations_this_turn + 1},
        "hq": post.hq,
        "lieutenants": versus.lieutenants(post),
        "powers": [{"id": p.id, "character": p.character, "name_en": p.name_en, "name_fr": p.name_fr,
                    "type": p.type, "alternatives": p.alternatives,
                    "reminder_only_reason": p.reminder_only_reason} for p in post.powers],
        "hacking": post.hacking,
        "free_activations": len(post.free_activations),
    }


def _with_disc_costs(table: Table, view: dict, post) -> dict:
    if table.versus is not None and post.discs is not None:
        costs = versus_disc_costs(table, post)
        for tile in view["river"]:
            tile["discs"] = costs[tile["id"]]
            tile["affordable"] = tile["affordable"] and tile["discs"] <= post.discs.available
    return view


def versus_view(table: Table) -> dict:
    v = table.versus
    return {"mission": v.mission, "draft": v.draft, "pending_powers": v.pending_powers,
            "disc_modifiers": v.disc_modifiers, "counters": v.counters, "rule_uses": v.rule_uses,
            "pending_events": v.pending_events, "mission_rules_now": mission_rules.now(table)}
