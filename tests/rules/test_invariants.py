"""Property tests of the standard-mode engine: random command sequences through `engine.apply`.

A Hypothesis state machine plays the sample library (DIGEST §1-5) with 1-3 heroes, varied villain
cubes, recovery, initiative, turn limit, river order and cost track, and sometimes a double tile.
Its rules issue every command of `commands.py`, mostly with plausible arguments so that games run
through several turns, sometimes with wild ones (unknown ids, zero, negative or huge counts,
wrong steps). For every command:

* a refusal (`RuleRefused`) leaves the table exactly as it was;
* an accepted command never mutates the table it was given; the machine adopts the new table;
* any other exception is a bug and fails the test.

After every step the bookkeeping invariants are checked (cube conservation, exertion limits, no
negative value, the river, the turn track, activations, reinforcement points, miniatures and
tiles, neutralized heroes, encumbrance), and accepted commands are checked against a small model
(recovery, upkeeps, activation costs, dredging, who may act).

Two plain property tests check that `serial` round-trips any reachable table and that river costs
always come from the cost track. The last tests are minimal reproductions of engine findings.
"""
from __future__ import annotations

import collections
import dataclasses

import orjson

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from games.bgcc import commands as c
from games.bgcc import engine, handlers, registry, river
from games.bgcc.definitions import COMMAND_POST_SPACES, HERO_SPACES, Item, Printed
from games.bgcc.errors import RuleRefused
from games.bgcc.hero_board import STANCES
from games.bgcc.library import sample_definitions
from games.serial import copied, from_data, to_data
from games.bgcc.table import DISSIPATION_KINDS, HeroSetup, Table, check_table, setup
from games.bgcc.tiles import MINIATURE_PLACES
from games.bgcc.turn import STEP_TITLES, sequence

LIBRARY = sample_definitions()
BOARDS = {b.name: b for b in LIBRARY["heroes"]}
ITEMS = {i.name: i for i in LIBRARY["items"]}
TILE_DEFS = {t.name: t for t in LIBRARY["tiles"]}
MISSION = LIBRARY["missions"][0]
EQUIPMENT = [i for i in LIBRARY["items"] if i.category == "equipment"]
GADGETS = [i for i in LIBRARY["items"] if i.category == "bat-gadget"]

TILE_STEPS = ("villain.first_tile", "villain.second_tile")
VILLAIN_STEPS = ("villain.upkeep", "villain.start_effects", *TILE_STEPS, "villain.end_effects")
BUSY_STEPS = ("heroes.actions", *TILE_STEPS)

# Wild values: ids that name nothing (or nearly something), counts no table should accept.
WILD_IDS = ("", "nobody", "Batman", "batman ", "joker", "thug-with-crowbar", "thug-with-crowbar.0",
            "thug-with-crowbar.99", "killer-croc.2", "event", "event.1", "x.y.z", "villain")
WILD_COUNTS = (0, -1, -7, 10**6, 10**12)
WILD_WORDS = ("", "teleport", "MELEE", "active ", "cape", "fatigue", "wound", "reserve", "heroes",
              "neutral", "event")
WILD_ITEMS = (
    Item(name="Anvil", encumbrance=10**6),
    Item(name="Tonfa", encumbrance=2, type="melee weapon"),   # same name as a sample card
    Item(name="Smoke pellets", category="bat-gadget", encumbrance=1, type="tool"),
    Item(name="Feather", encumbrance=0),
)

# Every command type of commands.py (the Versus ones too: a standard table must refuse them).
COMMAND_TYPES = sorted((k for k in vars(c).values() if isinstance(k, type) and dataclasses.is_dataclass(k)
                        and k.__module__ == c.__name__ and k is not c.MoveStep), key=lambda k: k.__name__)

# What was accepted and refused, by command type, over the session (for the curious).
STATS: collections.Counter = collections.Counter()


# ---------------------------------------------------------------- setups


def physical_dice(table: Table) -> Table:
    """IX·D: the attacks and actions played here enter the successes read on real dice."""
    table.dice.mode = "physical"
    return table


@st.composite
def table_setups(draw):
    """(mission, hero setups, tile definitions) for a standard table, varied around the sample."""
    names = draw(st.permutations(sorted(BOARDS)))[: draw(st.integers(1, 3))]
    heroes = []
    for name in names:
        board = BOARDS[name]
        equipment = draw(st.lists(st.sampled_from(EQUIPMENT), unique_by=lambda i: i.name, max_size=2))
        while sum(i.encumbrance for i in equipment) > board.maximum_encumbrance:
            equipment.pop()
        gadgets = [g for g in GADGETS if g.encumbrance <= board.utility_belt and draw(st.booleans())]
        heroes.append(HeroSetup(board=board, equipment=equipment, gadgets=gadgets))

    tiles = []
    for t in LIBRARY["tiles"]:
        if t.characters:
            profile = t.characters[0]
            in_pool = draw(st.integers(0, profile.miniatures - 1))
            t = dataclasses.replace(t, characters=[dataclasses.replace(profile, in_pool_at_start=in_pool)])
        tiles.append(t)
    double = draw(st.sampled_from([None, None, "Killer Croc", "Brute with chains"]))
    if double is not None:
        indicator = draw(st.sampled_from([1, 2]))
        tiles = [dataclasses.replace(t, kind="double", cost_indicator=indicator) if t.name == double else t
                 for t in tiles]
    river_order = draw(st.sampled_from([list(MISSION.river), None]))
    if river_order is None:
        river_order = draw(st.permutations(list(MISSION.river)))
    width = sum(2 if t.kind == "double" else 1 for t in tiles)
    if draw(st.booleans()):
        track = list(MISSION.cost_track) + list(range(8, 8 + max(0, width - len(MISSION.cost_track))))
        track += draw(st.lists(st.integers(0, 9), max_size=2))          # a wider track
    else:
        track = draw(st.lists(st.integers(0, 7), min_size=width, max_size=width + 3))
    mission = dataclasses.replace(
        MISSION,
        initiative=draw(st.sampled_from(["heroes", "villain"])),
        turn_limit=draw(st.sampled_from([4, 3, 5, 6, 8, 12, 2, 1])),
        villain_reserve=draw(st.integers(0, 14)),
        villain_fatigue=draw(st.integers(0, 6)),
        recovery=draw(st.integers(0, 7)),
        reinforcement_points=draw(st.integers(0, 6)),
        turn_limit_winner=draw(st.sampled_from([None, "heroes", "villain"])),
        cost_track=track,
        river=list(river_order),
    )
    return mission, heroes, tiles


# ---------------------------------------------------------------- reading a table


def villain(table: Table):
    return table.command_posts["villain"]


def all_minis(table: Table):
    return [m for p in table.command_posts.values() for t in p.tiles.values() for m in t.miniatures]


def minis_on_board(table: Table):
    return [m.id for m in all_minis(table) if m.place == "board"]


def minis_in_pool(table: Table):
    return [m.id for m in all_minis(table) if m.place == "pool"]


def activated_minis(table: Table):
    post = villain(table)
    if post.activation is None:
        return []
    return [m.id for m in post.tiles[post.activation.tile].on_board()]


def carried(table: Table):
    return [(h.id, i.name) for h in table.heroes.values() for i in h.equipment]


# ---------------------------------------------------------------- drawing arguments


def plausible(draw) -> bool:
    """Seven times in eight (and what a failing example shrinks to)."""
    return draw(st.integers(0, 7)) < 7


def choose(draw, candidates, wild=WILD_IDS):
    candidates = list(candidates)
    if candidates and plausible(draw):
        return draw(st.sampled_from(candidates))
    return draw(st.sampled_from(list(wild)))


def amount(draw, low: int, high: int) -> int:
    if plausible(draw):
        return draw(st.integers(low, high))
    return draw(st.sampled_from(WILD_COUNTS))


def hero_id(draw, table: Table) -> str:
    return choose(draw, table.heroes)


def stance_for(draw, table: Table, hero: str) -> str:
    h = table.heroes.get(hero)
    if h is not None and h.neutralized:
        return "resting"
    return draw(st.sampled_from(["active", "active", "active", "resting"]))


def move_steps(draw):
    if not plausible(draw):
        return draw(st.sampled_from([
            [], [c.MoveStep(type="teleport")], [c.MoveStep(level=-1)], [c.MoveStep(hindering=-2)],
            [c.MoveStep(hindering=10**6)], [c.MoveStep(type="climb", level=10**12)],
            [c.MoveStep()] * 40,
        ]))
    step = st.builds(
        c.MoveStep,
        type=st.sampled_from(["simple", "simple", "simple", "fall", "jump", "climb"]),
        level=st.integers(0, 2), hindering=st.sampled_from([0, 0, 0, 1, 2]),
        difficult_terrain=st.sampled_from([0, 0, 0, 1]))
    return draw(st.lists(step, min_size=1, max_size=4))


def defense(draw, table: Table, target_hero: str | None = None, target_miniature: str | None = None) -> dict:
    """Defense cubes the defender can spend and successes they could roll (VII), or wild ones."""
    if not plausible(draw):
        return {"defense_cubes": amount(draw, 0, 2), "defense_successes": amount(draw, 0, 2)}
    hero = table.heroes.get(target_hero) if target_hero is not None else None
    if hero is not None:
        room = min(hero.reserve, hero.board.spaces["defense"].exertion_limit - hero.spaces["defense"])
        has_die = hero.board.automatic_defense.die is not None
    else:
        post = villain(table)
        room = min(post.reserve, post.space_defs["defense"].exertion_limit - post.spaces["defense"])
        has_die = False
    cubes = draw(st.integers(0, max(0, min(2, room))))
    rolled = draw(st.integers(0, cubes + has_die)) if cubes or has_die else 0
    return {"defense_cubes": cubes, "defense_successes": rolled}


def tile_to_activate(draw, table: Table) -> str:
    post = villain(table)
    affordable = [t for t in post.river if not post.tiles[t].neutralized and river.cost(post, t) <= post.reserve]
    return choose(draw, affordable or post.river, [*WILD_IDS, *post.river])


def complex_item(draw) -> dict:
    """Sometimes a complex action lets the hero carry an item on success (V·C·3 [a] viii)."""
    if "item" not in {f.name for f in dataclasses.fields(c.ComplexAction)} or draw(st.integers(0, 3)):
        return {}
    return {"item": draw(st.sampled_from([*EQUIPMENT, *GADGETS, *WILD_ITEMS]))}


def villain_target(draw, table: Table) -> dict:
    """A character attacks a hero, or (wrongly) an ally character."""
    if draw(st.integers(0, 4)) < 4:
        return {"target_hero": hero_id(draw, table)}
    return {"target_miniature": choose(draw, minis_on_board(table))}


def wild_command(draw, table: Table):
    """Any command, with arguments that are mostly nonsense for the current table and step."""
    kind = draw(st.sampled_from(COMMAND_TYPES))
    ids = st.sampled_from([*WILD_IDS, *table.heroes, *minis_on_board(table)[:3]])
    maybe_ids = st.one_of(st.none(), ids)
    words = st.sampled_from([*WILD_WORDS, *HERO_SPACES, "melee", "ranged", "manipulation", "thought"])
    counts = st.one_of(st.sampled_from(WILD_COUNTS), st.integers(-3, 6))
    if kind is c.Advance:
        return c.Advance()
    if kind is c.DeclareStance:
        return c.DeclareStance(hero=draw(ids), stance=draw(st.sampled_from([*STANCES, *WILD_WORDS])))
    if kind is c.Spend:
        return c.Spend(space=draw(words), cubes=draw(counts), hero=draw(maybe_ids),
                       side=draw(st.sampled_from([None, "villain", "heroes", ""])))
    if kind is c.Attack:
        return c.Attack(kind=draw(words), successes=draw(counts), hero=draw(maybe_ids),
                        miniature=draw(maybe_ids), target_hero=draw(maybe_ids),
                        target_miniature=draw(maybe_ids), cubes=draw(counts),
                        characteristic=draw(counts), defense_cubes=draw(counts),
                        defense_successes=draw(counts))
    if kind is c.ComplexAction:
        return c.ComplexAction(action=draw(words), successes=draw(counts), difficulty=draw(counts),
                               hindering=draw(counts), hero=draw(maybe_ids), miniature=draw(maybe_ids),
                               cubes=draw(counts), characteristic=draw(counts))
    if kind is c.AutomaticAction:
        return c.AutomaticAction(action=draw(words), hero=draw(maybe_ids), miniature=draw(maybe_ids),
                                 characteristic=draw(counts))
    if kind is c.Move:
        return c.Move(moves=move_steps(draw), hero=draw(maybe_ids), miniature=draw(maybe_ids))
    if kind is c.PickUp:
        return c.PickUp(hero=draw(ids), item=draw(st.sampled_from([*WILD_ITEMS, *ITEMS.values()])))
    item_names = st.sampled_from(["", "Anvil", *ITEMS])
    if kind is c.Give:
        return c.Give(hero=draw(ids), to_hero=draw(ids), item=draw(item_names))
    if kind is c.Take:
        return c.Take(hero=draw(ids), from_hero=draw(ids), item=draw(item_names))
    if kind is c.Drop:
        return c.Drop(hero=draw(ids), item=draw(item_names))
    tile_ids = st.sampled_from([*WILD_IDS, *villain(table).tiles])
    sides = st.sampled_from(["villain", "villain", "heroes", ""])
    if kind is c.ActivateTile:
        return c.ActivateTile(tile=draw(tile_ids), side=draw(sides))
    if kind is c.Dredge:
        return c.Dredge(tiles=draw(st.lists(tile_ids, max_size=3)), side=draw(sides))
    if kind is c.Demobilize:
        return c.Demobilize(tile=draw(tile_ids), side=draw(sides))
    if kind is c.Reinforce:
        return c.Reinforce(miniature=draw(st.sampled_from([*WILD_IDS, *[m.id for m in all_minis(table)]])),
                           side=draw(sides))
    if kind is c.Wound:
        return c.Wound(wounds=draw(counts), hero=draw(maybe_ids), miniature=draw(maybe_ids),
                       cause=draw(st.sampled_from(["", "fall"])))
    if kind is c.PlaceToken:
        return c.PlaceToken(kind=draw(st.sampled_from([*DISSIPATION_KINDS, *WILD_WORDS])),
                            side=draw(st.sampled_from(["heroes", "villain", "neutral", ""])),
                            area=draw(st.sampled_from(["", "A3"])))
    if kind is c.RemoveToken:
        return c.RemoveToken(id=draw(counts))
    if kind is c.EndGame:
        return c.EndGame(winner=draw(st.sampled_from(["joker", "", "Heroes", "nobody"])),
                         reason=draw(st.sampled_from(["", "The bomb is disarmed"])))
    # Versus commands (the booklet): a standard table refuses them
    if kind.__name__ in ("PickHQ", "DraftTile"):
        return kind(side=draw(sides), tile=draw(st.sampled_from(LIBRARY["tiles"])))
    if kind.__name__ == "ResolvePower":
        return kind(side=draw(sides), power=draw(st.sampled_from(["", "Oracle", "Harley Quinn"])))
    return c.Advance()  # a command type this file does not know yet


def plausible_command(draw, table: Table):
    """A command that could make sense at the current step (the plain property tests' driver)."""
    step = table.track.step
    post = villain(table)
    if step == "heroes.stances":
        missing = [h for h, hero in table.heroes.items() if hero.stance is None]
        if missing:
            hero = draw(st.sampled_from(missing))
            return c.DeclareStance(hero=hero, stance=stance_for(draw, table, hero))
    roll = draw(st.integers(0, 19))
    if roll == 0:
        return wild_command(draw, table)
    if roll == 1:
        return c.PlaceToken(kind=draw(st.sampled_from(DISSIPATION_KINDS)),
                            side=draw(st.sampled_from(["heroes", "villain"])), area="C1")
    if roll == 2:
        return c.Wound(wounds=amount(draw, 1, 3), miniature=choose(draw, minis_on_board(table)))
    if roll <= 6 or step not in BUSY_STEPS:
        return c.Advance()
    if step == "heroes.actions":
        hero = hero_id(draw, table)
        which = draw(st.integers(0, 6))
        if which == 0:
            return c.Spend(space=draw(st.sampled_from(HERO_SPACES)), cubes=amount(draw, 1, 2), hero=hero)
        if which == 1:
            target_ = {"target_miniature": choose(draw, minis_on_board(table))}
            return c.Attack(kind="melee", successes=draw(st.integers(0, 4)), hero=hero,
                            cubes=amount(draw, 1, 2), **defense(draw, table, **target_), **target_)
        if which == 2:
            return c.Move(moves=move_steps(draw), hero=hero)
        if which == 3:
            return c.PickUp(hero=hero, item=draw(st.sampled_from(EQUIPMENT)))
        if which == 4:
            owner, item = choose(draw, carried(table), [(hero, "Tonfa")])
            return c.Drop(hero=owner, item=item)
        if which == 5:
            owner, item = choose(draw, carried(table), [(hero, "Tonfa")])
            return c.Give(hero=owner, to_hero=hero, item=item)
        return c.ComplexAction(action=draw(st.sampled_from(["manipulation", "thought"])),
                               successes=draw(st.integers(0, 4)), difficulty=draw(st.integers(0, 3)),
                               hero=hero, cubes=amount(draw, 1, 2), **complex_item(draw))
    which = draw(st.integers(0, 5))
    if which <= 1 or post.activation is None:
        if post.reinforcement_points and draw(st.booleans()):
            return c.Reinforce(miniature=choose(draw, minis_in_pool(table)))
        if which == 0:
            neutralized = [t for t in post.river if post.tiles[t].neutralized]
            if neutralized:
                return c.Dredge(tiles=neutralized[:1])
        return c.ActivateTile(tile=tile_to_activate(draw, table))
    mini = choose(draw, activated_minis(table))
    if which == 2:
        target_ = villain_target(draw, table)
        return c.Attack(kind="melee", successes=draw(st.integers(0, 4)), miniature=mini,
                        characteristic=draw(st.integers(0, 1)), **defense(draw, table, **target_), **target_)
    if which == 3:
        return c.Move(moves=move_steps(draw), miniature=mini)
    if which == 4:
        return c.AutomaticAction(action="manipulation", miniature=mini)
    return c.Spend(space=draw(st.sampled_from(COMMAND_POST_SPACES)), cubes=amount(draw, 1, 2), side="villain")


# ---------------------------------------------------------------- invariants (plain functions)


def check_heroes(table: Table) -> None:
    for hero in table.heroes.values():
        board = hero.board
        places = hero.cube_places()
        assert set(hero.spaces) == set(HERO_SPACES), hero.spaces
        assert all(n >= 0 for n in places.values()), f"{hero.id}: a negative count {places}"
        assert sum(places.values()) == board.energy, \
            f"{hero.id}: cubes {places} sum to {sum(places.values())}, not energy {board.energy}"
        for space, held in hero.spaces.items():
            assert held <= board.spaces[space].exertion_limit, \
                f"{hero.id}: {space} holds {held} over its exertion limit {board.spaces[space].exertion_limit}"
        assert hero.neutralized == (hero.wound == board.energy)
        if hero.neutralized:
            assert hero.reserve == hero.fatigue == sum(hero.spaces.values()) == 0
        assert hero.stance in (None, *STANCES)
        assert 0 <= hero.encumbrance <= board.maximum_encumbrance, \
            f"{hero.id}: encumbrance {hero.encumbrance} outside 0..{board.maximum_encumbrance}"
        assert all(i.category == "equipment" for i in hero.equipment)
        assert all(g.category == "bat-gadget" for g in hero.gadgets)
        assert sum(g.encumbrance for g in hero.gadgets) <= board.utility_belt
    if table.track.step == "heroes.actions":
        assert all(h.stance is not None for h in table.heroes.values())


def check_command_post(table: Table, starting_cubes: int) -> None:
    post = villain(table)
    counts = {"reserve": post.reserve, "fatigue": post.fatigue, "removed": post.removed, **post.spaces}
    assert set(post.spaces) == set(COMMAND_POST_SPACES)
    assert all(n >= 0 for n in counts.values()), f"command post: a negative count {counts}"
    assert sum(counts.values()) == starting_cubes, \
        f"command post cubes {counts} sum to {sum(counts.values())}, not the starting {starting_cubes}"
    for space, held in post.spaces.items():
        assert held <= post.space_defs[space].exertion_limit, \
            f"command post {space} holds {held} over its limit {post.space_defs[space].exertion_limit}"
    assert 0 <= post.activations_this_turn <= handlers.MAX_ACTIVATIONS
    assert 0 <= post.reinforcement_points <= table.mission.reinforcement_points
    if post.reinforcement_points:
        assert table.track.step in (*TILE_STEPS, "game_over"), "reinforcement points kept past the tile steps"


def check_river(table: Table) -> None:
    post = villain(table)
    undredged = sorted(t for t, tile in post.tiles.items() if not tile.dredged)
    assert sorted(post.river) == undredged, f"river {post.river} is not a permutation of {undredged}"
    assert len(set(post.river)) == len(post.river)
    position = 1
    for tile_id, first, cost in river.positions(post):
        tile = post.tiles[tile_id]
        assert first == position
        assert cost == post.cost_track[first + tile.definition.cost_indicator - 2]
        assert river.cost(post, tile_id) == cost
        position += tile.definition.width
    assert position - 1 <= len(post.cost_track)


def check_turn(table: Table) -> None:
    track = table.track
    assert track.step in STEP_TITLES
    assert 0 <= track.turn <= table.mission.turn_limit, f"turn {track.turn} past the limit"
    assert (track.turn == 0) == (track.step == "setup")
    if track.step not in ("setup", "game_over"):
        assert track.step in sequence(table.mission.initiative)


def check_miniatures(table: Table) -> None:
    for post in table.command_posts.values():
        for tile in post.tiles.values():
            for mini in tile.miniatures:
                most = tile.profile(mini).life_points
                assert mini.place in MINIATURE_PLACES
                assert 0 <= mini.life_points <= most, f"{mini.id}: {mini.life_points} of {most} life points"
                if mini.place == "board":
                    assert mini.life_points >= 1, f"{mini.id} on the board with 0 life points"
                assert (mini.place == "gone") == tile.dredged, f"{mini.id} is {mini.place}, tile dredged {tile.dredged}"
            if not tile.dredged:
                off = tile.definition.kind != "event" and not tile.on_board()
                assert tile.neutralized == off, \
                    f"{tile.id}: neutralized={tile.neutralized} but on board: {[m.id for m in tile.on_board()]}"
        act = post.activation
        if act is not None:
            assert table.track.step in (*TILE_STEPS, "game_over"), \
                f"an activation outlives the tile steps ({table.track.step})"
            tile = post.tiles[act.tile]
            assert not tile.dredged and tile.definition.kind != "event"
            assert set(act.characters) <= {m.id for m in tile.miniatures}
            assert act.current is None or act.current in act.characters
            for mini_id, record in act.characters.items():
                # VI·B·3 [d]: a character's activation is finished before the next one starts
                assert mini_id == act.current or record.finished, f"{mini_id} left unfinished"
                if record.action is not None:   # VI·C·5: within the chosen characteristic's multiplier
                    profile = tile.profile(next(m for m in tile.miniatures if m.id == mini_id))
                    choices = getattr(profile, record.action)
                    assert 0 <= record.characteristic < len(choices)
                    assert 1 <= record.uses <= choices[record.characteristic].multiplier


def check_tokens(table: Table) -> None:
    ids = [t.id for t in table.tokens]
    assert len(set(ids)) == len(ids)
    assert all(0 < i < table.next_token_id for i in ids)
    for token in table.tokens:
        assert token.kind in DISSIPATION_KINDS and token.side in ("heroes", "villain")
        assert token.state in ("active", "dissipating")


def check_nothing_shared(old: Table, new: Table) -> None:
    """The new table is a copy: no mutable part of the old one is reused (only printed definitions)."""
    assert new is not old
    pairs = [(old.heroes, new.heroes), (old.command_posts, new.command_posts), (old.track, new.track),
             (old.tokens, new.tokens), (old.loose_items, new.loose_items)]
    for hero_id, hero in old.heroes.items():
        pairs += [(hero, new.heroes.get(hero_id)), (hero.spaces, getattr(new.heroes.get(hero_id), "spaces", None)),
                  (hero.equipment, getattr(new.heroes.get(hero_id), "equipment", None))]
    for side, post in old.command_posts.items():
        other = new.command_posts[side]
        pairs += [(post, other), (post.spaces, other.spaces), (post.river, other.river), (post.tiles, other.tiles)]
        for tile_id, tile in post.tiles.items():
            pairs += [(tile, other.tiles[tile_id]), (tile.miniatures, other.tiles[tile_id].miniatures)]
            pairs += list(zip(tile.miniatures, other.tiles[tile_id].miniatures))
    for a, b in pairs:
        assert a is not b, f"the new table shares {type(a).__name__} {a!r:.60} with the old one"


def check_all(table: Table, starting_cubes: int) -> None:
    check_heroes(table)
    check_command_post(table, starting_cubes)
    check_river(table)
    check_turn(table)
    check_miniatures(table)
    check_tokens(table)


# ---------------------------------------------------------------- the state machine


def in_steps(*steps):
    return precondition(lambda self: self.table.track.step in steps)


playing = precondition(lambda self: not self.table.track.over)
activated = precondition(lambda self: villain(self.table).activation is not None)


class TableMachine(RuleBasedStateMachine):
    """One game of the standard mode driven by random commands."""

    def __init__(self):
        super().__init__()
        self.table: Table | None = None
        self.snapshot = None
        self.starting_cubes = 0
        self.dredged: set[str] = set()
        self.activations = 0          # tile activations since the last villain upkeep
        self.demobilized = False

    # -------------------------------------------------------- plumbing

    @initialize(config=table_setups())
    def set_up(self, config):
        mission, heroes, tiles = config
        self.table = physical_dice(setup(mission, heroes, tiles))
        self.snapshot = to_data(self.table)
        self.starting_cubes = mission.villain_reserve + mission.villain_fatigue
        STATS["games"] += 1

    def do(self, command):
        """Apply a command: a refusal changes nothing; an acceptance adopts the new table.
        Anything but RuleRefused propagates and fails the test."""
        table = self.table
        before = self.snapshot            # to_data(table), taken when the table was adopted
        was_over = table.track.over
        name = type(command).__name__
        try:
            outcome = engine.apply(table, command)
        except RuleRefused as refusal:
            assert to_data(table) == before, f"{command!r} was refused but changed the table"
            assert refusal.rule and refusal.message
            STATS["refused " + name] += 1
            return None
        assert not was_over, f"{command!r} was accepted after the game was over"
        assert to_data(table) == before, f"{command!r} mutated the table it was given"
        check_nothing_shared(table, outcome.table)
        assert all(isinstance(e, engine.Event) and e.text for e in outcome.events)
        STATS["accepted " + name] += 1
        self.table = outcome.table
        self.snapshot = to_data(outcome.table)
        self.after(command, table, outcome.table, outcome.events)
        return outcome

    def after(self, command, old: Table, new: Table, events) -> None:
        """Model checks of what an accepted command did. After any command the steps in which nobody
        has anything to decide pass by themselves (C2): `entered` are the steps it entered."""
        old_post, new_post = villain(old), villain(new)
        self.check_actors(command, old)
        passed = [e.data["step"] for e in events if e.kind == "step_passed"]
        entered = [s for s in passed if s != old.track.step]
        if new.track.step != old.track.step:
            entered.append(new.track.step)
        villain_turn_over = "villain.end_effects" in passed or (
            old.track.step == "villain.end_effects" and new.track.step != old.track.step)
        self.ended_by_host = isinstance(command, c.EndGame)
        if entered:
            self.after_advance(old, new, entered, passed, isinstance(command, c.Advance))
        if isinstance(command, c.ActivateTile):
            self.activations += 1
            assert self.activations <= handlers.MAX_ACTIVATIONS
            assert new_post.activations_this_turn == (0 if villain_turn_over else self.activations)
            cost = river.cost(old_post, command.tile)
            assert new_post.reserve == old_post.reserve - cost
            assert new_post.fatigue == old_post.fatigue + cost
            assert new_post.river == [t for t in old_post.river if t != command.tile] + [command.tile]
        elif isinstance(command, (c.Dredge, c.Demobilize)):
            gone = command.tiles if isinstance(command, c.Dredge) else [command.tile]
            if isinstance(command, c.Demobilize):
                assert not self.demobilized, "a second demobilization"
                self.demobilized = True
            self.dredged.update(gone)
            assert new_post.removed == old_post.removed + 2 * len(gone)
            assert new_post.fatigue == max(0, old_post.fatigue - 2 * len(gone))
            assert all(new_post.tiles[t].dredged for t in gone)
        elif isinstance(command, c.DeclareStance):
            o, n = old.heroes[command.hero], new.heroes[command.hero]
            value = o.board.active_recovery if command.stance == "active" else o.board.resting_recovery
            to_reserve = min(value, o.fatigue)
            from_wound = min(value - to_reserve, o.wound)
            assert (n.reserve, n.wound) == (o.reserve + to_reserve, o.wound - from_wound), \
                f"recovery {value}: {o.cube_places()} → {n.cube_places()}"
            assert n.stance == command.stance
            assert not (command.stance == "active" and o.neutralized)
        elif isinstance(command, c.Wound) and command.hero is not None:
            o, n = old.heroes[command.hero], new.heroes[command.hero]
            taken = min(command.wounds, o.board.energy - o.wound)
            assert n.wound == o.wound + taken
            assert n.fatigue == o.fatigue - min(taken, o.fatigue)
        elif isinstance(command, c.Reinforce):
            post, tile, mini = new.find_miniature(command.miniature)
            cost = tile.profile(mini).reinforcement_cost
            assert cost is not None
            assert new_post.reinforcement_points == old_post.reinforcement_points - cost
            assert mini.place == "board" and mini.life_points == tile.profile(mini).life_points
            assert not tile.neutralized
        if villain_turn_over:  # C9: the count is per villain turn (VI·B)
            self.activations = 0
        assert new_post.removed == 2 * len(self.dredged)
        assert {t for t, tile in new_post.tiles.items() if tile.dredged} == self.dredged
        assert new_post.demobilized == self.demobilized

    @staticmethod
    def check_actors(command, old: Table) -> None:
        """Who acted could act: an active, unneutralized hero in the heroes' actions step (V·B·3-5,
        IX·B); a character on the board, of the tile being activated (VI·C); targets on the board."""
        actions = (c.Attack, c.ComplexAction, c.AutomaticAction, c.Move)
        hero = getattr(command, "hero", None)
        if isinstance(command, (*actions, c.PickUp, c.Give, c.Take)) and hero is not None:
            h = old.heroes[hero]
            assert old.track.step == "heroes.actions" and h.stance == "active" and not h.neutralized, \
                f"{hero} acted: step {old.track.step}, stance {h.stance}, neutralized {h.neutralized}"
        mini = getattr(command, "miniature", None)
        if isinstance(command, actions) and mini is not None:
            post, tile, m = old.find_miniature(mini)
            assert old.track.step in TILE_STEPS and m.place == "board"
            assert post.activation is not None and post.activation.tile == tile.id
        target_mini = getattr(command, "target_miniature", None)
        if target_mini is not None or isinstance(command, c.Wound) and mini is not None:
            assert old.find_miniature(target_mini or mini)[2].place == "board"
        if isinstance(command, c.Reinforce):
            assert old.find_miniature(command.miniature)[2].place == "pool"

    def after_advance(self, old: Table, new: Table, entered: list[str], passed: list[str], advance: bool) -> None:
        if new.track.step == "game_over":  # by the host (EndGame, IV·C NOTE) or past the last turn's check
            assert self.ended_by_host or (
                "end_check_2" in (old.track.step, *passed) and old.track.turn == new.mission.turn_limit)
            return
        for step in entered:
            self.after_entering(old, new, step, advance)

    def after_entering(self, old: Table, new: Table, step: str, advance: bool) -> None:
        """The table after a command that entered `step` (other steps may have passed after it,
        none of which changes what is checked here); `advance`: the command was Advance (another
        command, e.g. the last stance, changed cubes itself before the steps passed)."""
        if step in ("heroes.upkeep_start", "heroes.upkeep_end"):
            for h in new.heroes.values():
                o = old.heroes[h.id]
                assert sum(h.spaces.values()) == 0
                assert h.fatigue == o.fatigue + sum(o.spaces.values()) or not advance
        if step == "heroes.stances" and new.track.step == step:
            assert all(h.stance is None for h in new.heroes.values())
        if step == "villain.upkeep":
            self.activations = 0
            o, n = villain(old), villain(new)
            pool = o.fatigue + sum(o.spaces.values())
            recovered = min(o.recovery, pool)
            assert sum(n.spaces.values()) == 0 and n.activations_this_turn == 0
            assert (n.reserve, n.fatigue) == (o.reserve + recovered, pool - recovered)
        for side in ("heroes", "villain"):
            if step == f"{side}.start_effects":
                kept = {t.id: t.state for t in new.tokens}
                for t in old.tokens:
                    if t.side != side:
                        assert kept[t.id] == t.state
                    elif t.state == "active":
                        assert kept[t.id] == "dissipating"
                    else:
                        assert t.id not in kept
        if step == "upkeep":
            assert new.track.turn == old.track.turn + 1

    def declare_missing_stances(self, data) -> None:
        for hero in list(self.table.heroes):
            if self.table.track.step != "heroes.stances":
                return
            if self.table.heroes[hero].stance is None:
                self.do(c.DeclareStance(hero=hero, stance=stance_for(data.draw, self.table, hero)))
                check_all(self.table, self.starting_cubes)

    def teardown(self):
        if self.table is not None:
            STATS[f"reached turn {self.table.track.turn}"] += 1

    # -------------------------------------------------------- the turn (several rules: swarm
    # testing switches rules off at random, the game should still move on)

    @playing
    @rule(data=st.data())
    def advance(self, data):
        self.declare_missing_stances(data)
        self.do(c.Advance())

    @playing
    @rule(n=st.integers(1, 8), data=st.data())
    def advance_several(self, n, data):
        for _ in range(n):
            if self.table.track.over:
                return
            self.declare_missing_stances(data)
            if self.do(c.Advance()) is None or self.table.track.step in BUSY_STEPS:
                return
            check_all(self.table, self.starting_cubes)

    @playing
    @rule(data=st.data())
    def skip_to_next_busy_step(self, data):
        for _ in range(20):
            if self.table.track.over:
                return
            self.declare_missing_stances(data)
            if self.do(c.Advance()) is None or self.table.track.step in BUSY_STEPS:
                return
            check_all(self.table, self.starting_cubes)

    def advance_until(self, data, steps) -> None:
        for _ in range(30):
            if self.table.track.over or self.table.track.step in steps:
                return
            self.declare_missing_stances(data)
            if self.do(c.Advance()) is None:
                return
            check_all(self.table, self.starting_cubes)

    @playing
    @rule(data=st.data())
    def advance_to_heroes_actions(self, data):
        self.advance_until(data, ("heroes.actions",))

    @playing
    @rule(data=st.data())
    def advance_to_villain_tiles(self, data):
        self.advance_until(data, ("villain.first_tile",))

    @in_steps("heroes.stances")
    @rule(data=st.data())
    def declare_stance(self, data):
        draw = data.draw
        hero = hero_id(draw, self.table)
        stance = stance_for(draw, self.table, hero) if plausible(draw) else \
            draw(st.sampled_from(["active", "resting", "", "asleep", "ACTIVE"]))
        self.do(c.DeclareStance(hero=hero, stance=stance))

    @in_steps(*sequence("heroes"))
    @rule(data=st.data())
    def end_game(self, data):
        if data.draw(st.integers(0, 49)) == 49:
            self.do(c.EndGame(winner=data.draw(st.sampled_from(["heroes", "villain", "none", "joker"])),
                              reason="An end-game condition"))

    # -------------------------------------------------------- heroes

    @playing
    @rule(data=st.data())
    def hero_spend(self, data):
        draw = data.draw
        spaces = [*HERO_SPACES, "fatigue"] if self.table.track.step == "heroes.actions" else \
            ["defense", "reroll", "fatigue"]       # any time: defenses and rerolls (VII, VIII)
        space = choose(draw, spaces, [*WILD_WORDS, *HERO_SPACES])
        self.do(c.Spend(space=space, cubes=amount(draw, 1, 3), hero=hero_id(draw, self.table)))

    @in_steps("heroes.actions")
    @rule(data=st.data())
    def hero_attack(self, data):
        draw = data.draw
        target_ = {"target_miniature": choose(draw, minis_on_board(self.table))}
        if not plausible(draw):
            target_ = {"target_hero": hero_id(draw, self.table)}
        self.do(c.Attack(kind=choose(draw, ["melee", "melee", "ranged"], WILD_WORDS),
                         successes=amount(draw, 0, 5), hero=hero_id(draw, self.table),
                         cubes=amount(draw, 1, 3), **defense(draw, self.table, **target_), **target_))

    @in_steps("heroes.actions")
    @rule(data=st.data())
    def hero_complex_action(self, data):
        draw = data.draw
        self.do(c.ComplexAction(action=choose(draw, ["manipulation", "thought"], WILD_WORDS),
                                successes=amount(draw, 0, 5), difficulty=amount(draw, 0, 4),
                                hindering=amount(draw, 0, 2), hero=hero_id(draw, self.table),
                                cubes=amount(draw, 1, 3), **complex_item(draw)))

    @in_steps("heroes.actions")
    @rule(data=st.data())
    def hero_automatic_action(self, data):
        draw = data.draw
        self.do(c.AutomaticAction(action=choose(draw, ["manipulation", "thought"], WILD_WORDS),
                                  hero=hero_id(draw, self.table), description="open the door"))

    @in_steps("heroes.actions")
    @rule(data=st.data())
    def hero_move(self, data):
        self.do(c.Move(moves=move_steps(data.draw), hero=hero_id(data.draw, self.table)))

    @in_steps("heroes.actions")
    @rule(data=st.data())
    def hero_items(self, data):
        draw = data.draw
        table = self.table
        kind = draw(st.sampled_from(["pick_up", "pick_up", "give", "take", "drop"]))
        hero = hero_id(draw, table)
        held = carried(table)
        if kind == "pick_up":
            cards = table.loose_items or list(ITEMS.values())     # what was dropped, or a new card
            item = draw(st.sampled_from(cards if plausible(draw) else WILD_ITEMS))
            self.do(c.PickUp(hero=hero, item=item))
            return
        owner, item = choose(draw, held, [(hero, "Anvil"), ("nobody", "Tonfa"), (hero, "Grapnel gun")])
        other = choose(draw, [h for h in table.heroes if h != owner], [*table.heroes, "nobody"])
        if kind == "give":
            self.do(c.Give(hero=owner, to_hero=other, item=item))
        elif kind == "take":
            self.do(c.Take(hero=other, from_hero=owner, item=item))
        else:
            self.do(c.Drop(hero=owner, item=item))

    # -------------------------------------------------------- the villain

    @in_steps(*TILE_STEPS)
    @rule(data=st.data())
    def activate_tile(self, data):
        draw = data.draw
        self.do(c.ActivateTile(tile=tile_to_activate(draw, self.table),
                               side="villain" if plausible(draw) else "heroes"))

    @activated
    @in_steps(*TILE_STEPS)
    @rule(data=st.data())
    def character_attack(self, data):
        draw = data.draw
        table = self.table
        target_ = villain_target(draw, table)
        self.do(c.Attack(kind=choose(draw, ["melee", "melee", "ranged"], WILD_WORDS),
                         successes=amount(draw, 0, 5),
                         miniature=choose(draw, activated_minis(table) or minis_on_board(table)),
                         characteristic=choose(draw, [0, 0, 1], [-1, 2, 10**6]),
                         cubes=0 if plausible(draw) else 1,
                         **defense(draw, table, **target_), **target_))

    @activated
    @in_steps(*TILE_STEPS)
    @rule(data=st.data())
    def character_complex_action(self, data):
        draw = data.draw
        table = self.table
        self.do(c.ComplexAction(action=choose(draw, ["manipulation", "thought"], WILD_WORDS),
                                successes=amount(draw, 0, 5), difficulty=amount(draw, 0, 4),
                                hindering=amount(draw, 0, 2),
                                miniature=choose(draw, activated_minis(table) or minis_on_board(table)),
                                characteristic=choose(draw, [0], [1, -1]),
                                cubes=0 if plausible(draw) else 2, **complex_item(draw)))

    @activated
    @in_steps(*TILE_STEPS)
    @rule(data=st.data())
    def character_automatic_action(self, data):
        draw = data.draw
        table = self.table
        self.do(c.AutomaticAction(action=choose(draw, ["manipulation", "thought"], WILD_WORDS),
                                  miniature=choose(draw, activated_minis(table) or minis_on_board(table)),
                                  characteristic=choose(draw, [0], [1, -1]), description="arm the bomb"))

    @activated
    @in_steps(*TILE_STEPS)
    @rule(data=st.data())
    def character_move(self, data):
        draw = data.draw
        table = self.table
        self.do(c.Move(moves=move_steps(draw),
                       miniature=choose(draw, activated_minis(table) or minis_on_board(table))))

    @in_steps(*VILLAIN_STEPS)
    @rule(data=st.data())
    def villain_spend(self, data):
        draw = data.draw
        space = choose(draw, COMMAND_POST_SPACES, WILD_WORDS)
        self.do(c.Spend(space=space, cubes=amount(draw, 1, 3), side=choose(draw, ["villain"], ["heroes", ""])))

    @in_steps(*TILE_STEPS)
    @rule(data=st.data())
    def event_then_reinforcements(self, data):
        """VI·B·3 [d], VI·E: the event tile brings reinforcement points, spent at once."""
        draw = data.draw
        post = villain(self.table)
        event = next((t for t in post.river if post.tiles[t].definition.kind == "event"), None)
        if event is None or self.do(c.ActivateTile(tile=event)) is None:
            return
        for _ in range(draw(st.integers(0, 3))):
            check_all(self.table, self.starting_cubes)
            pool = minis_in_pool(self.table)
            self.do(c.Reinforce(miniature=choose(draw, pool, [*WILD_IDS, *minis_on_board(self.table)])))

    @in_steps(*VILLAIN_STEPS)
    @rule(data=st.data())
    def dredge(self, data):
        draw = data.draw
        post = villain(self.table)
        neutralized = [t for t in post.river if post.tiles[t].neutralized]
        if neutralized and plausible(draw):
            tiles = draw(st.lists(st.sampled_from(neutralized), min_size=1, unique=True))
        else:
            tiles = draw(st.lists(st.sampled_from([*WILD_IDS, *post.tiles]), max_size=3))
        self.do(c.Dredge(tiles=tiles, side=choose(draw, ["villain"], ["heroes"])))

    @in_steps(*VILLAIN_STEPS)
    @rule(data=st.data())
    def demobilize(self, data):
        draw = data.draw
        if draw(st.integers(0, 3)) == 3:
            post = villain(self.table)
            self.do(c.Demobilize(tile=choose(draw, post.river, [*WILD_IDS, *post.tiles]),
                                 side=choose(draw, ["villain"], ["heroes"])))

    @precondition(lambda self: villain(self.table).reinforcement_points > 0)
    @rule(data=st.data())
    def reinforce(self, data):
        draw = data.draw
        table = self.table
        candidates = minis_in_pool(table) if plausible(draw) else [m.id for m in all_minis(table)]
        self.do(c.Reinforce(miniature=choose(draw, candidates), side=choose(draw, ["villain"], ["heroes"])))

    # -------------------------------------------------------- any time

    @in_steps(*sequence("heroes"))
    @rule(data=st.data())
    def wound(self, data):
        draw = data.draw
        table = self.table
        if draw(st.integers(0, 3)) < 3:
            who = {"miniature": choose(draw, minis_on_board(table), [*WILD_IDS, *minis_in_pool(table)])}
        else:
            who = {"hero": hero_id(draw, table)}
        if not plausible(draw):
            who = {"hero": hero_id(draw, table), "miniature": choose(draw, minis_on_board(table))}
        self.do(c.Wound(wounds=amount(draw, 1, 4), cause="dangerous terrain", **who))

    @playing
    @rule(data=st.data())
    def tokens(self, data):
        draw = data.draw
        if draw(st.booleans()):
            self.do(c.PlaceToken(kind=choose(draw, DISSIPATION_KINDS, WILD_WORDS),
                                 side=choose(draw, ["heroes", "villain"], WILD_WORDS), area="B2"))
        else:
            ids = [t.id for t in self.table.tokens]
            self.do(c.RemoveToken(id=choose(draw, ids, [0, -1, self.table.next_token_id, 10**6])))

    @rule(data=st.data())
    def wild(self, data):
        self.do(wild_command(data.draw, self.table))

    @precondition(lambda self: self.table.track.over)
    @rule(data=st.data())
    def after_game_over(self, data):
        command = plausible_command(data.draw, self.table)
        assert self.do(command) is None, f"{command!r} accepted after the game was over"

    # -------------------------------------------------------- invariants

    @invariant()
    def hero_cubes(self):
        check_heroes(self.table)

    @invariant()
    def command_post_cubes(self):
        check_command_post(self.table, self.starting_cubes)

    @invariant()
    def the_river(self):
        check_river(self.table)

    @invariant()
    def the_turn(self):
        check_turn(self.table)

    @invariant()
    def miniatures_and_tiles(self):
        check_miniatures(self.table)

    @invariant()
    def dissipation_tokens(self):
        check_tokens(self.table)

    @invariant()
    def importable(self):
        check_table(self.table)  # an export of any table the rules reach imports again

    @invariant()
    def offers_alike_one_seat_or_all(self):
        """The offers of every seat, worked out in one pass (`registry.may`: each window once per
        probe, for all seats), are each seat's own `may_now`, worked out alone."""
        every = registry.may(self.table)
        assert every == {seat: registry.may_now(self.table, seat) for seat in every}

    @invariant()
    def activations_per_villain_turn(self):
        assert villain(self.table).activations_this_turn == self.activations <= handlers.MAX_ACTIVATIONS


_MACHINE = dict(deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])
TableMachine.TestCase.settings = settings(max_examples=20, stateful_step_count=100, **_MACHINE)
TestTableMachine = TableMachine.TestCase


@pytest.mark.long
class TestTableMachineLong(TableMachine.TestCase):
    """The same machine over more games (`python3 manage.py test --long`)."""
    settings = settings(max_examples=150, stateful_step_count=200, **_MACHINE)


# ---------------------------------------------------------------- plain property tests


@st.composite
def reachable_tables(draw, max_commands: int = 200):
    """A table reached from a varied setup by plausible commands (refusals skipped)."""
    mission, heroes, tiles = draw(table_setups())
    table = physical_dice(setup(mission, heroes, tiles))
    stop_mid_activation = draw(st.booleans())   # with an activation record or reinforcement points
    for _ in range(draw(st.integers(0, max_commands))):
        if table.track.over:
            break
        try:
            table = engine.apply(table, plausible_command(draw, table)).table
        except RuleRefused:
            pass
        post = villain(table)
        if stop_mid_activation and (post.reinforcement_points or post.activation and post.activation.characters):
            break
    return table


def mutable_parts(tree) -> set[int]:
    """The ids of every list, dict and object of `tree` a handler could change (printed components,
    which never change, left out)."""
    found: set[int] = set()

    def walk(x):
        if isinstance(x, (list, dict)) or dataclasses.is_dataclass(x) and not isinstance(x, Printed):
            found.add(id(x))
        if isinstance(x, (list, tuple)):
            for y in x:
                walk(y)
        elif isinstance(x, dict):
            for y in x.values():
                walk(y)
        elif dataclasses.is_dataclass(x) and not isinstance(x, Printed):
            for f in dataclasses.fields(x):
                walk(getattr(x, f.name))
    walk(tree)
    return found


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.data_too_large])
@given(table=reachable_tables())
def test_serial_round_trips_any_reachable_table(table):
    data = to_data(table)
    again = from_data(Table, data)
    assert to_data(again) == data
    assert again == table
    assert orjson.loads(orjson.dumps(again)) == data  # what the store writes: the fields, nothing more
    twin = copied(table)  # the copy a command changes: equal, and sharing nothing it could change
    assert twin == table and to_data(twin) == data
    assert not mutable_parts(twin) & mutable_parts(table)
    check_table(again)  # what an import checks holds for every table the rules reach
    # the rebuilt table plays on exactly like the original
    for command in (c.Advance(), c.Wound(wounds=1, hero=next(iter(table.heroes)))):
        try:
            expected = to_data(engine.apply(table, command).table)
        except RuleRefused as refusal:
            expected = ("refused", refusal.rule)
        try:
            got = to_data(engine.apply(again, command).table)
        except RuleRefused as refusal:
            got = ("refused", refusal.rule)
        assert got == expected


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.data_too_large])
@given(table=reachable_tables())
def test_river_costs_always_come_from_the_cost_track(table):
    post = villain(table)
    track = post.cost_track
    positions = river.positions(post)
    assert [p[0] for p in positions] == post.river
    for tile_id, first, cost in positions:
        tile = post.tiles[tile_id]
        cost_position = first + tile.definition.cost_indicator - 1
        assert 1 <= first <= cost_position <= first + tile.definition.width - 1 <= len(track)
        assert cost == track[cost_position - 1]
        assert cost in track
        assert river.cost(post, tile_id) == cost


# ---------------------------------------------------------------- minimal reproductions


def _sample_table(**mission_changes) -> Table:
    mission = dataclasses.replace(MISSION, **mission_changes)
    return physical_dice(setup(mission, [HeroSetup(board=BOARDS["Batman"])], list(LIBRARY["tiles"])))


def _play(table: Table, *commands) -> Table:
    for command in commands:
        table = engine.apply(table, command).table
    return table


def _to_villain_first_tile(table: Table) -> Table:
    while table.track.step != "villain.first_tile":
        if table.track.step == "heroes.stances":
            for hero in table.heroes:
                table = _play(table, c.DeclareStance(hero=hero, stance="active"))
            continue  # the last stance passes the stance step (C2)
        table = _play(table, c.Advance())
    return table


def test_sanity_the_plausible_paths_are_accepted():
    """The machine's plausible commands are accepted on the sample table: if this fails, the state
    machine silently stops exploring characters' activations (VI·C) and hero actions (V·C)."""
    table = _to_villain_first_tile(_sample_table())
    table = _play(table, c.ActivateTile(tile="thug-with-crowbar"))
    _play(table, c.Move(moves=[c.MoveStep()], miniature="thug-with-crowbar.1"),
          c.Attack(kind="melee", successes=1, miniature="thug-with-crowbar.1", target_hero="batman"))
    _play(table, c.AutomaticAction(action="manipulation", miniature="thug-with-crowbar.1"))
    table = _sample_table()
    while table.track.step != "heroes.actions":
        if table.track.step == "heroes.stances":
            table = _play(table, c.DeclareStance(hero="batman", stance="active"))
            continue  # the last stance passes the stance step (C2)
        table = _play(table, c.Advance())
    _play(table, c.Attack(kind="melee", successes=2, hero="batman", cubes=1,
                          target_miniature="thug-with-crowbar.1"),
          c.Move(moves=[c.MoveStep(), c.MoveStep()], hero="batman"),
          c.PickUp(hero="batman", item=ITEMS["Tonfa"]))


# ---------------------------------------------------------------- findings (minimal reproductions)


def test_a_tile_whose_miniatures_all_start_in_the_pool_is_neutralized():
    """IX·B: "When all the characters of a tile have been removed from the board, the tile is
    neutralized" (VI·E lets a mission put miniatures in the character pool at setup; check_tile
    allows all of them). `setup` leaves such a tile face up: it can be activated for its cost with
    no character to activate, and it can never be dredged (VI·F)."""
    thugs = TILE_DEFS["Thug with crowbar"]
    all_in_pool = dataclasses.replace(thugs, characters=[dataclasses.replace(thugs.characters[0], in_pool_at_start=3)])
    tiles = [all_in_pool if t.name == thugs.name else t for t in LIBRARY["tiles"]]
    table = setup(MISSION, [HeroSetup(board=BOARDS["Batman"])], tiles)
    tile = villain(table).tiles["thug-with-crowbar"]
    assert not tile.on_board()
    check_miniatures(table)   # neutralized iff a character tile with no miniature on the board


def test_picking_up_an_item_no_card_could_print_is_refused():
    """IX·K (no value is ever negative), V·D·1 (encumbrance never above the maximum): `PickUp` and
    `ComplexAction(item=...)` take the item as given, without `definitions.check_item` (which
    `setup` applies). An item with a negative encumbrance makes the total negative; dropping it
    later leaves the hero above the maximum. (The HTTP API's ItemSchema refuses it first.)"""
    table = _sample_table()
    while table.track.step != "heroes.actions":
        if table.track.step == "heroes.stances":
            table = _play(table, c.DeclareStance(hero="batman", stance="active"))
            continue  # the last stance passes the stance step (C2)
        table = _play(table, c.Advance())
    balloon = Item(name="Balloon", encumbrance=-4)
    try:
        table = _play(table, c.PickUp(hero="batman", item=balloon))
    except RuleRefused:
        return
    check_heroes(table)
