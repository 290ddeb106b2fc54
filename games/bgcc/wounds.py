"""Wounds and what they neutralize (IX·A, IX·B; Versus I·C 5): the one wound code every route
uses — attacks, free rolls, Pushing limits, Sacrifice, HQ powers, the Wound command."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import hero_board as hb
from . import river, tiles
from .command_post import CommandPost
from .definitions import Power
from games.events import Event, plural

if TYPE_CHECKING:
    from .table import Table


def wound_target(table: Table, wounds: int, hero_id: str | None, miniature_id: str | None,
                 rule: str) -> list[Event]:
    """`wounds` to a hero (IX·A: cubes to the wound zone) or a character (life points); a miniature
    neutralized (IX·B), its tile flipped to the end of the river when none of its characters is left
    on the board, and in Versus an HQ tile's consequences."""
    if hero_id is not None:
        hero = table.hero(hero_id)
        taken = hb.wound(hero, wounds)
        text = f"{hero.name} suffers {plural(wounds, 'wound')}"
        if taken:
            counts = {p: taken.count(p) for p in dict.fromkeys(taken)}
            text += ": " + ", ".join(f"{n} from {p}" for p, n in counts.items()) + " to the wound zone"
        events = [Event("hero_wounded", text, rule, {"hero": hero.id, "wounds": wounds, "from": taken})]
        if hero.neutralized and taken:
            events.append(Event("hero_neutralized", f"{hero.name} is neutralized: every cube is in "
                                                    f"the wound zone", "IX·B", {"hero": hero.id}))
        return events
    post, tile, mini = table.find_miniature(miniature_id)
    label = tiles.miniature_label(tile, mini)
    neutralized = tiles.wound_miniature(tile, mini, wounds)
    events = [Event("character_wounded",
                    f"{label} suffers {plural(wounds, 'wound')}"
                    + ("" if neutralized else f": {plural(mini.life_points, 'life point')} left"),
                    rule, {"miniature": mini.id, "wounds": wounds, "life_points": mini.life_points})]
    if neutralized:
        events.append(Event("character_neutralized", f"{label} is neutralized, removed from the board "
                                                     f"and placed in the character pool", "IX·B",
                            {"miniature": mini.id}))
        if tiles.all_off_board(tile) and not tile.neutralized:
            tile.neutralized = True
            river.to_right_end(post, tile.id)
            events.append(Event("tile_neutralized", f"{tile.name} is neutralized: flipped and moved "
                                                    f"to the end of the river", "IX·B", {"tile": tile.id}))
            if table.mode == "versus" and post.hq == tile.id:
                events += hq_neutralized(table, post)
    return events


def hq_neutralized(table: Table, post: CommandPost) -> list[Event]:
    """An HQ neutralized: its special event powers leave the event tile and the modifiers its powers
    held end; an event tile left with no event is neutralized too (Versus I·C 5)."""
    lost = [p for p in post.powers if p.type == "special_event"]
    post.powers = [p for p in post.powers if p.type != "special_event"]
    table.versus.disc_modifiers = [m for m in table.versus.disc_modifiers
                                   if not (m.source_side == post.side and m.power in {p.id for p in lost})]
    events = [Event("power", f"The {post.side}'s HQ is neutralized: "
                             f"{', '.join(p.name_en for p in lost) or 'no event power'} detached", "Versus I·D",
                    {"side": post.side})]
    protected = any(op.op == "event_tile_never_neutralized" for p in post.powers for a in p.alternatives
                    for op in a.operations)
    if not protected and not any(at_event_tile(p) for p in post.powers) \
            and not table.versus.mission.sides[post.side].events:
        for tile in post.tiles.values():
            if tile.definition.kind == "event" and not tile.neutralized and not tile.dredged:
                tile.neutralized = True
                river.to_right_end(post, tile.id)
                events.append(Event("tile_neutralized", f"{tile.name} has no event left: neutralized",
                                    "Versus I·C 5", {"tile": tile.id}))
    return events


def at_event_tile(power: Power) -> bool:
    """Special events, and permanent powers whose effect the booklet times on the event tile."""
    return power.type == "special_event" or any(
        "event tile" in op.timing for a in power.alternatives for op in a.operations)
