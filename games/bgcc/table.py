"""A table: one game in progress, everything the companion tracks (the aggregate the commands act on)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import definitions as d
from .command_post import CommandPost, limit
from .dice_flow.state import DiceTable
from .errors import RuleRefused
from .hero_board import Hero, check_can_carry, new_hero
from .mission_rules import PendingEvent
from .river import positions
from .tiles import new_tile
from .turn import STEP_TITLES, TurnTrack

MAX_HEROES = 4
DISSIPATION_KINDS = ("gas", "flame", "smoke", "frost")


@dataclass
class DissipationToken:
    """IX·O: active, then dissipating, then removed, at the start of its placer's turn."""
    id: int
    kind: str
    side: str
    area: str = ""
    state: str = "active"


@dataclass
class DraftSlot:
    slot: str  # "HQ simple", "event", "double"...
    tile: str | None = None


@dataclass
class Draft:
    """Versus setup (I·C): HQs first, then the teams one tile at a time, alternately."""
    phase: str  # hq | team | done
    next_side: str
    slots: dict[str, list[DraftSlot]]


@dataclass
class PendingPower:
    side: str
    power: str


@dataclass
class DiscModifier:
    """An opposing tile costs more discs while the power holds (e.g. Robin)."""
    side: str  # whose tile
    tile: str
    amount: int
    source_side: str
    power: str


@dataclass
class VersusState:
    mission: d.VersusMission
    draft: Draft
    pending_powers: list[PendingPower] = field(default_factory=list)
    disc_modifiers: list[DiscModifier] = field(default_factory=list)
    counters: dict[str, int] = field(default_factory=dict)  # the mission's counters (bombs neutralized, ...)
    rule_uses: dict[str, int] = field(default_factory=dict)  # uses of a mission rule limited per game
    triggered: list[str] = field(default_factory=list)  # mission triggers already applied
    pending_events: list[PendingEvent] = field(default_factory=list)  # mission events to resolve at once


@dataclass
class HeroSetup:
    board: d.HeroBoard
    equipment: list[d.Item] = field(default_factory=list)
    gadgets: list[d.Item] = field(default_factory=list)


@dataclass
class Table:
    mode: str
    mission: d.Mission
    heroes: dict[str, Hero]
    command_posts: dict[str, CommandPost]
    track: TurnTrack = field(default_factory=TurnTrack)
    tokens: list[DissipationToken] = field(default_factory=list)
    loose_items: list[d.Item] = field(default_factory=list)
    next_token_id: int = 1
    versus: VersusState | None = None
    dice: DiceTable = field(default_factory=DiceTable)  # dice settings and the roll in progress

    def hero(self, hero_id: str) -> Hero:
        hero = self.heroes.get(hero_id)
        if hero is None:
            raise RuleRefused("V·A", f"No hero '{hero_id}' at this table", "unknown_hero", hero=hero_id)
        return hero

    def post(self, side: str) -> CommandPost:
        post = self.command_posts.get(side)
        if post is None:
            raise RuleRefused("VI·A·1", f"No command post for '{side}' at this table", "unknown_side",
                              side=side)
        return post

    def find_miniature(self, miniature_id: str):
        """(command post, tile, miniature) for a miniature id such as 'thugs.2'."""
        tile_id = miniature_id.rsplit(".", 1)[0]
        for post in self.command_posts.values():
            tile = post.tiles.get(tile_id)
            if tile is None:
                continue
            for m in tile.miniatures:
                if m.id == miniature_id:
                    return post, tile, m
        raise RuleRefused("VI·A·2", f"No miniature '{miniature_id}' at this table", "unknown_miniature",
                          miniature=miniature_id)


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "x"


def setup(mission: d.Mission, heroes: list[HeroSetup], tiles: list[d.TileDef]) -> Table:
    """A standard-mode table at turn 0 (IV): heroes with every cube in reserve, the villain's
    command post with the mission's cubes and its river in the mission's order."""
    if not 1 <= len(heroes) <= MAX_HEROES:
        raise RuleRefused("IV", f"A table has 1 to {MAX_HEROES} heroes, not {len(heroes)}", "hero_count",
                          count=len(heroes), maximum=MAX_HEROES)
    by_name = {}
    for t in tiles:
        d.check_tile(t)
        if t.name in by_name:
            raise RuleRefused("VI·A·2", f"Two tiles are named '{t.name}'", "tile_name_twice", tile=t.name)
        by_name[t.name] = t
    d.check_mission(mission, by_name)
    not_in_river = [n for n in by_name if n not in mission.river]
    if not_in_river:
        raise RuleRefused("VI·A·1 8", f"Tiles missing from the river order: {', '.join(not_in_river)}",
                          "tiles_not_in_river", tiles=", ".join(not_in_river))
    hero_states: dict[str, Hero] = {}
    for h in heroes:
        d.check_hero_board(h.board)
        hero_id = slug(h.board.name)
        if hero_id in hero_states:
            raise RuleRefused("V·A", f"{h.board.name} is at the table twice", "hero_twice", hero=h.board.name)
        for item in (*h.equipment, *h.gadgets):
            d.check_item(item)
        if any(i.category != "equipment" for i in h.equipment):
            raise RuleRefused("V·D", "Only equipment counts as equipment; bat-gadgets go on the belt",
                              "gadget_as_equipment")
        if any(g.category != "bat-gadget" for g in h.gadgets):
            raise RuleRefused("V·D·2", "Only bat-gadgets go on the utility belt", "equipment_on_belt")
        hero = new_hero(hero_id, h.board, h.gadgets)
        for item in h.equipment:
            check_can_carry(hero, item)
            hero.equipment.append(item)
        hero_states[hero_id] = hero
    tile_states = {slug(t.name): new_tile(slug(t.name), t) for t in tiles}
    if len(tile_states) != len(tiles):
        raise RuleRefused("VI·A·2", "Two tile names are too alike to tell apart", "tile_names_alike")
    river = [slug(n) for n in mission.river]
    for tile in tile_states.values():
        if tile.definition.kind != "event" and not tile.on_board():
            # IX·B: a tile whose characters are all off the board (here, all in the character pool
            # at setup) is neutralized: face down at the end of the river.
            tile.neutralized = True
            river.remove(tile.id)
            river.append(tile.id)
    post = CommandPost(
        side="villain",
        reserve=mission.villain_reserve,
        fatigue=mission.villain_fatigue,
        recovery=mission.recovery,
        space_defs=mission.villain_spaces,
        cost_track=list(mission.cost_track),
        river=river,
        tiles=tile_states,
    )
    return Table(mode="standard", mission=mission, heroes=hero_states, command_posts={"villain": post})


def check_table(table: Table) -> None:
    """Refuse a table no game could reach: cubes not conserved, a space over its limit, a negative
    count, a river that is not the undredged tiles, a turn past the limit (import, tests)."""
    def require(ok: bool, rule: str, message: str, code: str, **params) -> None:
        if not ok:
            raise RuleRefused(rule, message, code, **params)

    require(table.mode in ("standard", "versus"), "IV", f"Unknown mode '{table.mode}'", "unknown_mode", mode=table.mode)
    require(table.track.step in STEP_TITLES, "IV", f"Unknown step '{table.track.step}'", "unknown_step",
            step=table.track.step)
    require(0 <= table.track.turn <= table.mission.turn_limit, "II", "The turn is off the track", "turn_off_track",
            turn=table.track.turn)
    for hero in table.heroes.values():
        d.check_hero_board(hero.board)
        places = hero.cube_places()
        require(set(hero.spaces) == set(d.HERO_SPACES), "V·A", f"{hero.name}: unknown spaces", "hero_spaces_wrong",
                hero=hero.name)
        require(all(v >= 0 for v in places.values()), "IX·K", f"{hero.name}: a negative cube count", "negative_value")
        require(sum(places.values()) == hero.board.energy, "V·A 2",
                f"{hero.name}: {sum(places.values())} cubes placed for an energy of {hero.board.energy}",
                "cubes_not_conserved", hero=hero.name, placed=sum(places.values()), energy=hero.board.energy)
        require(all(hero.spaces[s] <= hero.board.spaces[s].exertion_limit for s in d.HERO_SPACES),
                "IX·I", f"{hero.name}: a space holds more than its exertion limit", "space_over_limit", hero=hero.name)
        require(hero.encumbrance <= hero.board.maximum_encumbrance, "V·D·1", f"{hero.name}: over-encumbered", "over_encumbered",
                hero=hero.name)
    for post in table.command_posts.values():
        counts = [post.reserve, post.fatigue, post.removed, post.reinforcement_points,
                  post.activations_this_turn, *post.spaces.values()]
        require(all(v >= 0 for v in counts), "IX·K", f"The {post.side}: a negative count", "negative_value")
        require(set(post.spaces) == set(d.COMMAND_POST_SPACES), "VI·A·1", "Unknown command post spaces", "post_spaces_wrong")
        require(all(post.spaces[s] <= limit(post, s) for s in d.COMMAND_POST_SPACES),
                "IX·I", f"The {post.side}: a space holds more than its exertion limit", "space_over_limit",
                side=post.side)
        undredged = sorted(t for t, tile in post.tiles.items() if not tile.dredged)
        drafting = table.versus is not None and table.versus.draft.phase != "done"
        # Versus I·C: during the draft the tiles wait beside an empty river
        require(sorted(post.river) == ([] if drafting else undredged), "VI·A·1 8",
                "The river is not the undredged tiles", "river_not_undredged", side=post.side)
        require(sum(post.tiles[t].definition.width for t in post.river) <= len(post.cost_track),
                "VI·A·1 9", "The river is longer than its cost track", "river_too_long", side=post.side)
        positions(post)
        for tile in post.tiles.values():
            for m in tile.miniatures:
                require(m.place in ("board", "pool", "gone"), "VI·E", f"{m.id}: unknown place", "unknown_place",
                        miniature=m.id)
                require(0 <= m.life_points <= tile.profile(m).life_points, "IX·A", f"{m.id}: life points",
                        "life_points_out_of_range", miniature=m.id)
