"""A table: one game in progress, everything the companion tracks (the aggregate the commands act on)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from games.checks import HERO_ID, ID_LENGTH, check_sizes, joinable

from . import definitions as d
from .command_post import MAX_ACTIVATIONS, CommandPost, limit
from .dice import default_faces
from .dice_flow.state import ACTIONS, FREE_CAUSES, MODES, DiceTable
from .errors import RuleRefused
from .hero_board import STANCES, Hero, check_can_carry, new_hero
from .mission_rules import PendingEvent
from .river import positions
from games.serial import to_data
from .tiles import MINIATURE_PLACES, new_tile
from .turn import STEP_TITLES, TurnTrack, sequence

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


MAX_TEXT = 4000  # the longest text a table holds (an HQ power's, a reminder): a 100 KB name is no card's
MAX_KEY = 200  # an id, a seat, a space: short
MAX_ITEMS = 500  # the longest list or object a table holds (tokens, a river, a hero's items)
SIDES = ("heroes", "villain")
TOKEN_STATES = ("active", "dissipating")


def _require(ok: bool, rule: str, message: str, code: str, **params) -> None:
    if not ok:
        raise RuleRefused(rule, message, code, **params)


def check_table(table: Table) -> None:
    """Refuse a table no game could reach (an import; tests after every command): the mode and its
    own state, the seats (1 to 4 heroes, each under its own id; the command posts the mode has, each
    under its side), cubes conserved on hero boards and command posts alike, Versus discs conserved,
    no space over its limit, no negative count or cost, known stances, steps, token kinds and dice
    modes, a river that is the undredged tiles, a turn on the track, no winner while the game is on,
    the printed cards as `definitions` checks them, and no text longer than any card prints."""
    _check_texts(table)
    _check_mode(table)
    _check_track(table)
    _check_heroes(table)
    _check_command_posts(table)
    _check_tokens(table)
    _check_dice(table)


def _check_texts(table: Table) -> None:
    """No string of the table (names, ids, keys, reminders) longer than any card prints, no list
    longer than any table holds."""
    check_sizes(to_data(table), "IV", MAX_TEXT, MAX_KEY, MAX_ITEMS)


def _check_mode(table: Table) -> None:
    """Standard mode: one to four heroes and the villain's command post, no Versus state. Versus (the
    booklet): no hero boards, both sides' command posts with their discs, the Versus state."""
    _require(table.mode in ("standard", "versus"), "IV", f"Unknown mode '{table.mode}'", "unknown_mode",
             mode=table.mode)
    for side, post in table.command_posts.items():
        _require(post.side == side, "VI·A·1", f"The command post of the '{side}' is labelled '{post.side}'",
                 "post_mislabelled", side=side)
    if table.mode == "standard":
        _require(1 <= len(table.heroes) <= MAX_HEROES, "IV", f"A table has 1 to {MAX_HEROES} heroes, not "
                 f"{len(table.heroes)}", "hero_count", count=len(table.heroes), maximum=MAX_HEROES)
        _require(list(table.command_posts) == ["villain"], "VI·A·1", "A standard table has the villain's command "
                 "post and no other", "command_posts_wrong", sides=", ".join(table.command_posts))
        post = table.command_posts["villain"]
        _require(table.versus is None and post.discs is None and post.hq is None and not post.powers
                 and not post.hacking and not post.free_activations and not post.activations_head_start,
                 "Versus I", "A standard table carries no Versus state", "versus_state_on_standard")
        d.check_mission(table.mission, {t.definition.name: t.definition for t in post.tiles.values()})
        return
    _require(table.versus is not None, "Versus I", "A Versus table needs its Versus state", "versus_state_missing")
    _require(sorted(table.command_posts) == list(SIDES), "Versus I", "A Versus table has both sides' command "
             "posts", "command_posts_wrong", sides=", ".join(table.command_posts))
    _require(not table.heroes, "Versus I", "In Versus every miniature is a tile's character: no hero boards",
             "hero_count", count=len(table.heroes), maximum=0)
    versus = table.versus
    d.check_versus_mission(versus.mission)
    _require(versus.draft.phase in ("hq", "team", "done") and versus.draft.next_side in SIDES, "Versus I·C",
             "Unknown draft phase or side", "unknown_draft_phase", phase=versus.draft.phase)
    _require(sorted(versus.draft.slots) == list(SIDES), "Versus I·C", "The draft has both sides' slots",
             "versus_sides")
    for pending in versus.pending_powers:
        _require(pending.side in SIDES, "Versus II", f"Unknown side '{pending.side}'", "unknown_side",
                 side=pending.side)
    for modifier in versus.disc_modifiers:
        _require(modifier.side in SIDES and modifier.source_side in SIDES and modifier.amount >= 0, "Versus II",
                 "A disc cost modifier names a side and a positive amount", "negative_value")
    discs = [post.discs for post in table.command_posts.values()]
    _require(all(x is not None for x in discs), "Versus I·A", "Each Versus command post has its discs",
             "discs_missing")
    _require(all(min(x.available, x.unavailable, x.spent) >= 0 and x.recovery and min(x.recovery) >= 0
                 for x in discs), "IX·K", "A negative disc count", "negative_value")
    start = sum(s.discs_available + s.discs_unavailable for s in versus.mission.sides.values())
    held = sum(x.total for x in discs)
    _require(held == start, "Versus I·A", f"{held} discs at the table for the mission's {start}",
             "discs_not_conserved", held=held, start=start)
    for post in table.command_posts.values():
        _require(all(space in d.COMMAND_POST_SPACES and n >= 0 for space, n in post.hacking.items()),
                 "Versus II", f"The {post.side}: hacking tokens on unknown spaces or negative", "negative_value")
        _require(post.activations_head_start >= 0, "IX·K", f"The {post.side}: a negative count", "negative_value")


def _check_track(table: Table) -> None:
    track = table.track
    require = _require
    require(track.step in STEP_TITLES, "IV", f"Unknown step '{track.step}'", "unknown_step", step=track.step)
    require(0 <= table.track.turn <= table.mission.turn_limit, "II", "The turn is off the track", "turn_off_track",
            turn=track.turn)
    require((track.turn == 0) == (track.step == "setup"), "II", "Turn 0 is the setup, and only it",
            "turn_off_track", turn=track.turn)
    require(track.step in ("setup", "game_over", *sequence(table.mission.initiative, table.mode)), "IV",
            f"The step '{track.step}' is not one of this mode's", "unknown_step", step=track.step)
    require(track.winner in (None, *SIDES), "IV·C", "The winner is the heroes, the villain or none",
            "unknown_winner", winner=str(track.winner))
    require(track.over or (track.winner is None and track.reason is None), "IV·C",
            "No one has won while the game is on", "winner_while_playing")


def _check_heroes(table: Table) -> None:
    for key, hero in table.heroes.items():
        _require(hero.id == key == slug(hero.board.name), "V·A", f"The hero under '{key}' is '{hero.id}'",
                 "hero_key_mismatch", hero=key)
        _require(joinable(key, HERO_ID), "V·A", f"A hero's id of {len(key)} characters: a seat names at most "
                 f"{ID_LENGTH}", "text_too_long", length=len(key), maximum=ID_LENGTH)
        d.check_hero_board(hero.board)
        places = hero.cube_places()
        _require(set(hero.spaces) == set(d.HERO_SPACES), "V·A", f"{hero.name}: unknown spaces", "hero_spaces_wrong",
                 hero=hero.name)
        _require(all(v >= 0 for v in places.values()), "IX·K", f"{hero.name}: a negative cube count", "negative_value")
        _require(sum(places.values()) == hero.board.energy, "V·A 2",
                 f"{hero.name}: {sum(places.values())} cubes placed for an energy of {hero.board.energy}",
                 "cubes_not_conserved", hero=hero.name, placed=sum(places.values()), energy=hero.board.energy)
        _require(all(hero.spaces[s] <= hero.board.spaces[s].exertion_limit for s in d.HERO_SPACES),
                 "IX·I", f"{hero.name}: a space holds more than its exertion limit", "space_over_limit",
                 hero=hero.name)
        _require(not hero.neutralized or hero.reserve == hero.fatigue == sum(hero.spaces.values()) == 0, "IX·B",
                 f"{hero.name}: every cube of a neutralized hero is in the wound zone", "cubes_not_conserved",
                 hero=hero.name, placed=sum(places.values()), energy=hero.board.energy)
        _require(hero.stance in (None, *STANCES), "V·B·3", f"A stance is active or resting, not '{hero.stance}'",
                 "unknown_stance", stance=str(hero.stance))
        for item in (*hero.equipment, *hero.gadgets):
            d.check_item(item)
        _require(all(i.category == "equipment" for i in hero.equipment), "V·D",
                 "Only equipment counts as equipment; bat-gadgets go on the belt", "gadget_as_equipment")
        _require(all(g.category == "bat-gadget" for g in hero.gadgets), "V·D·2",
                 "Only bat-gadgets go on the utility belt", "equipment_on_belt")
        _require(hero.encumbrance <= hero.board.maximum_encumbrance, "V·D·1", f"{hero.name}: over-encumbered",
                 "over_encumbered", hero=hero.name)
        size = sum(g.encumbrance for g in hero.gadgets)
        _require(size <= hero.board.utility_belt, "V·D·2", f"{hero.name}'s bat-gadgets total size {size} but the "
                 f"utility belt holds {hero.board.utility_belt}", "utility_belt_full", hero=hero.name, size=size,
                 belt=hero.board.utility_belt)
    for item in table.loose_items:
        d.check_item(item)


def _starting_cubes(table: Table, side: str) -> int:
    """The cubes a command post holds in all (VI·A·1): the mission's reserve and fatigue."""
    if table.mode == "versus":
        start = table.versus.mission.sides[side]
        return start.reserve + start.fatigue
    return table.mission.villain_reserve + table.mission.villain_fatigue


def _check_command_posts(table: Table) -> None:
    require = _require
    for post in table.command_posts.values():
        counts = [post.reserve, post.fatigue, post.removed, post.reinforcement_points,
                  post.activations_this_turn, post.recovery, *post.spaces.values()]
        require(all(v >= 0 for v in counts), "IX·K", f"The {post.side}: a negative count", "negative_value")
        require(set(post.spaces) == set(d.COMMAND_POST_SPACES), "VI·A·1", "Unknown command post spaces",
                "post_spaces_wrong")
        require(set(post.space_defs) == set(d.COMMAND_POST_SPACES), "VI·A·1", "Unknown command post spaces",
                "post_spaces_wrong")
        placed = post.reserve + post.fatigue + post.removed + sum(post.spaces.values())
        start = _starting_cubes(table, post.side)
        require(placed == start, "VI·A·1", f"The {post.side}: {placed} cubes for the mission's {start}",
                "post_cubes_not_conserved", side=post.side, placed=placed, start=start)
        require(all(post.spaces[s] <= limit(post, s) for s in d.COMMAND_POST_SPACES),
                "IX·I", f"The {post.side}: a space holds more than its exertion limit", "space_over_limit",
                side=post.side)
        require(bool(post.cost_track) and all(c >= 0 for c in post.cost_track), "VI·A·1 9",
                "The river's cost track needs a cost for each position", "cost_track_missing")
        if table.mode == "standard":
            require(post.activations_this_turn <= MAX_ACTIVATIONS, "VI·B", "At most two tiles a villain turn",
                    "negative_value")
            require(post.reinforcement_points <= table.mission.reinforcement_points, "VI·E",
                    "More reinforcement points than the mission gives", "negative_value")
        undredged = sorted(t for t, tile in post.tiles.items() if not tile.dredged)
        drafting = table.versus is not None and table.versus.draft.phase != "done"
        # Versus I·C: during the draft the tiles wait beside an empty river
        require(sorted(post.river) == ([] if drafting else undredged) and len(set(post.river)) == len(post.river),
                "VI·A·1 8", "The river is not the undredged tiles", "river_not_undredged", side=post.side)
        require(sum(post.tiles[t].definition.width for t in post.river) <= len(post.cost_track),
                "VI·A·1 9", "The river is longer than its cost track", "river_too_long", side=post.side)
        positions(post)
        miniature_ids = set()
        for tile_id, tile in post.tiles.items():
            require(tile.id == tile_id, "VI·A·2", f"The tile under '{tile_id}' is '{tile.id}'", "tile_key_mismatch",
                    tile=tile_id)
            d.check_tile(tile.definition)
            profiles = {c.name for c in tile.definition.characters}
            for m in tile.miniatures:
                require(m.id.startswith(tile_id + ".") and m.id not in miniature_ids and m.character in profiles,
                        "VI·A·2", f"{m.id}: not a miniature of {tile_id}", "unknown_miniature", miniature=m.id)
                miniature_ids.add(m.id)
                require(m.place in MINIATURE_PLACES, "VI·E", f"{m.id}: unknown place", "unknown_place",
                        miniature=m.id)
                require(0 <= m.life_points <= tile.profile(m).life_points, "IX·A", f"{m.id}: life points",
                        "life_points_out_of_range", miniature=m.id)
                require((m.place == "gone") == tile.dredged and (m.place != "board" or m.life_points >= 1), "IX·A",
                        f"{m.id}: a miniature on the board has life points; only a dredged tile's are gone",
                        "life_points_out_of_range", miniature=m.id)
        act = post.activation
        if act is not None:
            tile = post.tiles.get(act.tile)
            require(tile is not None and not tile.dredged and set(act.characters) <= {m.id for m in tile.miniatures}
                    and (act.current is None or act.current in act.characters), "VI·C",
                    f"The activation names a tile or characters not in the river: {act.tile}", "tile_not_in_river",
                    tile=act.tile, side=post.side)


def _check_tokens(table: Table) -> None:
    ids = [t.id for t in table.tokens]
    _require(table.next_token_id >= 1 and len(set(ids)) == len(ids) and all(0 < i < table.next_token_id for i in ids),
             "IX·O", "Dissipation tokens are numbered once each", "unknown_token", token=table.next_token_id)
    for token in table.tokens:
        _require(token.kind in DISSIPATION_KINDS, "IX·O", f"Unknown token kind '{token.kind}'",
                 "unknown_token_kind", kind=token.kind)
        _require(token.side in SIDES and token.state in TOKEN_STATES, "IX·O",
                 f"A token belongs to the heroes or the villain and is active or dissipating", "unknown_side",
                 side=token.side)


def _check_dice(table: Table) -> None:
    dice = table.dice
    _require(dice.mode in MODES, "IX·D", f"The dice mode is server or physical, not '{dice.mode}'",
             "unknown_dice_mode", mode=dice.mode)
    _require(dice.rolls >= 0 and all(v >= 0 for v in dice.pushing_limits.values()), "IX·K", "A negative count",
             "negative_value")
    for colour, faces in dice.calibrated.items():
        default_faces().calibrate(colour, faces)
    for roll in (dice.roll, dice.last):
        if roll is None:
            continue
        _require(roll.action in (*ACTIONS, *FREE_CAUSES) and roll.id >= 0, "VII", f"Unknown roll '{roll.action}'",
                 "unknown_roll", action=roll.action)
        _require(roll.hero is None or roll.hero in table.heroes, "V·A", f"No hero '{roll.hero}' at this table",
                 "unknown_hero", hero=str(roll.hero))
        _require(roll.target_hero is None or roll.target_hero in table.heroes, "V·A",
                 f"No hero '{roll.target_hero}' at this table", "unknown_hero", hero=str(roll.target_hero))
        for pool in (roll.pool, roll.defense):
            if pool is None:
                continue
            _require(all(die.colour in d.COLOURS and 0 <= die.face <= 5 and die.successes >= 0
                         for die in pool.dice), "II", "A die of a known colour shows one of its six faces",
                     "unknown_die")
