"""The command registry (games/bgcc/registry.py) against the rules it declares: scripted standard and
Versus games are walked step by step, and at every state, for every seat of the table (host and
spectator included):

- each command the table view lists for the seat (`may`), built with each of its listed targets,
  passes the seat policy and is never refused for its step, its side's turn or a roll in progress
  (codes "not_now", "roll_in_progress", "game_over"): only a rule about cubes, costs or the board
  may still refuse it;
- each offer with a price takes exactly that when sent (energy cubes from a reserve, cubes leaving
  the game, Versus discs, reinforcement points: VI·B·3 [a], VI·F, VI·G, VI·E, IX·C, Versus I·A 3);
  an offer marked not affordable is refused with its `why`, an affordable one never for its price;
- each command the rules accept now (from a broad set of candidates built from the table) is
  listed for every seat the seat policy lets send it, with its values among the listed targets;
- each command the script sends was offered to every seat the seat policy lets send it;
- the host's offers (the players' seats' together, but the Advance and the host's own powers) let
  the host send exactly what the offer builders list for the host themselves.
"""
from __future__ import annotations

import itertools
from unittest import mock

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.bgcc import commands as c
from games.bgcc import dice_flow as df
from games.bgcc import engine, registry, seats, versus
from games.bgcc.definitions import COMMAND_POST_SPACES, HERO_SPACES, Operation
from games.bgcc.errors import RuleRefused
from games.bgcc.table import DISSIPATION_KINDS
from games.bgcc.view import table_view

from . import versus_fixtures as vf
from .test_engine_rules import CROC, EVENT, THUGS, make, neutralize_tile

TIMING = {"not_now", "roll_in_progress", "game_over"}
ONE_OF = (("hero", "miniature"), ("hero", "side"), ("target_hero", "target_miniature"))
TEAMS = {"heroes": vf.HEROES_TEAM, "villain": vf.VILLAIN_TEAM}


def seat_list(table) -> list[str]:
    return [*seats.seat_names(table), seats.SPECTATOR]


def outcome(table, command) -> tuple[bool, RuleRefused | None, object]:
    try:
        after = engine.apply(table, command).table
    except RuleRefused as refused:
        return False, refused, None
    return True, None, after


# ---------------------------------------------------------------- what a command takes

# the refusals of a price the seat cannot pay (prices.py): an affordable offer never gets one
PRICE_CODES = {"not_enough_cubes", "not_enough_discs", "not_enough_cubes_in_play", "reinforcement_cost_too_high",
               "space_saturated", "exertion_limit_reached"}


def purse(table) -> dict:
    """Every amount a price is paid from: each hero's and each command post's reserve, the cubes a
    post removed from the game, its available discs and reinforcement points."""
    out = {("hero", h.id): h.reserve for h in table.heroes.values()}
    for side, post in table.command_posts.items():
        out.update({("reserve", side): post.reserve, ("removed", side): post.removed,
                    ("rp", side): post.reinforcement_points,
                    ("discs", side): post.discs.available if post.discs else 0})
    return out


def paid(table, command):
    """The table `command` itself leaves, before the steps that then pass by themselves (a side's
    last activation passes into the other side's upkeep, which recovers its cubes and discs)."""
    with mock.patch.object(registry.guidance, "pass_empty_steps", lambda t: []):
        return engine.apply(table, command).table


def taken(before, name: str, command) -> dict:
    """What `command` took, in the units of its offer's price."""
    a, b = purse(before), purse(paid(before, command))
    spent = {k: a[k] - b[k] for k in a}
    cubes = (sum(b[k] - a[k] for k in a if k[0] == "removed") if name in ("dredge", "demobilize")
             else sum(v for k, v in spent.items() if k[0] in ("hero", "reserve")))
    out = {"cubes": cubes}
    if before.mode == "versus" and name == "activate_tile":
        out["discs"] = sum(v for k, v in spent.items() if k[0] == "discs")
    if name == "reinforce":
        out = {"reinforcement_points": sum(v for k, v in spent.items() if k[0] == "rp")}
    return out


def expected(listing: dict, command) -> dict:
    price = dict(listing["price"])
    if "cubes_per_tile" in price:
        price["cubes"] = price.pop("cubes_per_tile") * len(command.tiles)
    if "cubes" in price and hasattr(command, "cubes") and listing["command"] == "spend":
        price["cubes"] *= command.cubes
    return price


def check_price(table, listing: dict, command, ok: bool, refused) -> None:
    where = (table.track.step, listing["command"], listing["targets"])
    if not listing["affordable"]:
        assert not ok and refused.code == listing["why"]["code"], (where, refused)
        assert refused.params == listing["why"]["params"], where
        return
    assert ok or refused.code not in PRICE_CODES, (where, refused.message)
    if ok:
        assert taken(table, listing["command"], command) == expected(listing, command), where


# ---------------------------------------------------------------- building listed commands


def _drafted(table) -> set[str]:
    return {t.definition.name for p in table.command_posts.values() for t in p.tiles.values()}


def build(table, name: str, fields: dict):
    """A command from its registry name and target values, the other fields given plain values."""
    kind = registry.BY_NAME[name].command
    f = {k: v for k, v in fields.items() if "." not in k}
    actor_hero = f.get("hero") is not None
    extra = {
        "spend": {"cubes": 1},
        "attack": {"successes": 1, "cubes": 1 if actor_hero else 0},
        "complex_action": {"successes": 1, "difficulty": 1, "cubes": 1 if actor_hero else 0},
        "throw": {"distance": 1, "successes": 1, "cubes": 1},
        "move": {"moves": [c.MoveStep()]},
        "wound": {"wounds": 1},
        "end_game": {"reason": "a test"},
        "start_roll": {"cubes": 1 if actor_hero else 0,
                       **({} if f.get("action") in df.ATTACKS else {"difficulty": 1})},
        "start_free_roll": {"level": 1},
        "roll_dice": {"successes": 1},
        "reroll_dice": {"dice": [0], "faces": [0]},
    }.get(name, {})
    if name == "start_roll" and f.get("action") not in df.ATTACKS:
        f.pop("target_hero", None), f.pop("target_miniature", None)
    if name == "pick_up":
        f["item"] = next(i for i in table.loose_items if i.name == f["item"])
    if name == "dredge":
        f["tiles"] = [f["tiles"]]
    if name in ("pick_hq", "draft_tile"):
        wanted = {k.removeprefix("tile."): v for k, v in fields.items() if k.startswith("tile.")}
        team = TEAMS[f["side"]]
        pool = team[:1] if name == "pick_hq" else team[1:]
        f["tile"] = next((t for t in pool if all(getattr(t, k) == v for k, v in wanted.items())
                          and t.name not in _drafted(table)), None)
        if f["tile"] is None:  # the test's teams have no such tile (a neutral one)
            return None
    extra = {k: v for k, v in extra.items() if k not in f}
    return kind(**f, **extra)


def variants(targets: dict) -> list[dict]:
    """Every listed value of every field once, the other fields at their first value; of the fields
    that name one actor or one target, one at a time."""
    def pick(chosen: dict) -> dict:
        fields = {k: v[0] for k, v in targets.items()}
        fields.update(chosen)
        for group in ONE_OF:
            present = [g for g in group if g in fields]
            keep = next((g for g in present if g in chosen), present[0] if present else None)
            for g in present:
                if g != keep:
                    del fields[g]
        return fields
    found = [pick({})]
    for field, values in targets.items():
        for value in values[:4]:
            found.append(pick({field: value}))
    unique = []
    for v in found:
        if v not in unique:
            unique.append(v)
    return unique


def check_listed(table, may: dict) -> int:
    """Every listed command passes the seat policy and is open now."""
    checked = 0
    seen: dict[str, tuple] = {}  # the host lists what the players list: apply each command once
    for seat in seat_list(table):
        for listing in may[seat]:
            name = listing["command"]
            for fields in variants(listing["targets"]):
                command = build(table, name, fields)
                if command is None:
                    continue
                assert seats.refusal(seat, command, table) is None, (seat, name, fields)
                key = repr(command)
                if key not in seen:
                    seen[key] = outcome(table, command)
                ok, refused, after = seen[key]
                assert ok or refused.code not in TIMING, (table.track.step, seat, name, fields, refused.message)
                if "price" in listing:
                    check_price(table, listing, command, ok, refused)
                if "recovers" in listing and ok:  # what the stance's recovery moves (V·B·3)
                    hero, moved = table.hero(command.hero), after.hero(command.hero)
                    assert {"to_reserve": moved.reserve - hero.reserve, "from_wound": hero.wound - moved.wound} == \
                        listing["recovers"], (seat, fields)
                if name == "advance" and ok:
                    assert engine.apply(table, command).table.track.step == listing["to"]
                checked += 1
    return checked


# ---------------------------------------------------------------- candidates the rules may accept


def candidates(table) -> list:
    heroes = list(table.heroes.values())
    posts = list(table.command_posts.values())
    minis = [m for p in posts for t in p.river for m in p.tiles[t].miniatures]  # drafted tiles wait for the river
    board = [m.id for m in minis if m.place == "board"]
    enemies = {p.side: [m.id for q in posts if q.side != p.side for t in q.river
                        for m in q.tiles[t].miniatures if m.place == "board"] for p in posts}
    side_of = {m.id: p.side for p in posts for t in p.tiles.values() for m in t.miniatures}
    out = [c.Advance(), c.EndGame("none", "a test"), df.SetDiceMode("physical"), df.CalibrateDice("white"),
           df.EndRerolls(), df.Defend(), df.AbandonRoll(), df.RollDice(successes=1),
           *(df.RerollDice(step, [0], faces=[0]) for step in ("free", "paid"))]
    for h in heroes:
        out += [c.DeclareStance(h.id, s) for s in ("active", "resting")]
        out += [c.Spend(space, 1, hero=h.id) for space in (*HERO_SPACES, "fatigue")]
        out += [c.Attack(k, 1, hero=h.id, target_miniature=m, cubes=1) for k in ("melee", "ranged") for m in board[:3]]
        out += [c.ComplexAction(a, 1, 1, hero=h.id, cubes=1) for a in ("manipulation", "thought")]
        out += [c.AutomaticAction(a, hero=h.id) for a in ("manipulation", "thought")]
        out += [c.Move([c.MoveStep()], hero=h.id), c.Wound(1, hero=h.id),
                df.StartFreeRoll("fall", 1, hero=h.id),
                df.StartRoll("manipulation", hero=h.id, cubes=1, difficulty=1)]
        out += [df.StartRoll("melee", hero=h.id, cubes=1, target_miniature=m) for m in board[:3]]
        out += [c.PickUp(h.id, i) for i in table.loose_items]
        out += [c.Drop(h.id, i.name) for i in h.equipment]
        for other in heroes:
            if other.id != h.id:
                out += [c.Give(h.id, other.id, i.name) for i in h.equipment]
                out += [c.Take(h.id, other.id, i.name) for i in other.equipment]
    for m in minis:
        out += [c.Wound(1, miniature=m.id), df.StartFreeRoll("fall", 1, miniature=m.id),
                c.Move([c.MoveStep()], miniature=m.id)]
        out += [c.Reinforce(m.id, p.side) for p in posts]
        mine = side_of[m.id]
        targets = [{"target_miniature": e} for e in enemies.get(mine, [])[:2]]
        if mine == "villain":
            targets += [{"target_hero": h.id} for h in heroes]
        for target in targets:
            out += [c.Attack(k, 1, miniature=m.id, **target) for k in ("melee", "ranged")]
            out.append(df.StartRoll("melee", miniature=m.id, **target))
        out += [c.ComplexAction("manipulation", 1, 1, miniature=m.id),
                c.AutomaticAction("thought", miniature=m.id),
                df.StartRoll("thought", miniature=m.id, difficulty=1)]
    for p in posts:
        out += [c.Spend(space, 1, side=p.side) for space in COMMAND_POST_SPACES]
        out += [c.ActivateTile(t, p.side) for t in p.river]
        out += [c.Dredge([t], p.side) for t in p.river]
        out += [c.Demobilize(t, p.side) for t in p.river]
    for side in ("heroes", "villain"):
        out += [c.PlaceToken(k, side) for k in DISSIPATION_KINDS[:2]]
    out += [c.RemoveToken(t.id) for t in table.tokens]
    out += [df.StartFollowUp(s) for s in df.FOLLOW_UPS]
    out += [df.StartFollowUp(s, target_miniature=m) for s in df.FOLLOW_UPS for m in board[:2]]
    out += [df.StartFollowUp(s, target_hero=h.id) for s in df.FOLLOW_UPS for h in heroes[:2]]
    if table.versus is not None:
        for side, team in TEAMS.items():
            out += [c.PickHQ(side, team[0])]
            out += [c.DraftTile(side, t) for t in team[1:] if t.name not in _drafted(table)]
            out += [c.ResolvePower(side, p.power) for p in table.versus.pending_powers if p.side == side]
    return out


# Fields an offer lists the choices of but a command may leave out: a hero's weapon card (none: a
# melee attack without one, or the one ranged weapon the hero may use, V·C·2 [e]).
OPTIONAL = ("weapon",)


def fits(command, listing: dict) -> bool:
    targets = listing["targets"]
    for group in ONE_OF:  # the one field of a group the command names is listed, with its value
        named = [g for g in group if getattr(command, g, None) is not None]
        if any(g in targets for g in group) and named and named[0] not in targets:
            return False
    for field, values in targets.items():
        if any(field in group for group in ONE_OF) and getattr(command, field, None) is None:
            continue
        if field in OPTIONAL and getattr(command, field, None) is None:
            continue
        if field.startswith("tile."):
            if getattr(command.tile, field.removeprefix("tile.")) not in values:
                return False
            continue
        got = getattr(command, field, None)
        if field == "item" and hasattr(got, "name"):
            got = got.name
        if isinstance(got, list):
            if not got or any(g not in values for g in got):
                return False
        elif got not in values:
            return False
    return True


def check_accepted(table, may: dict) -> int:
    """Every command the rules accept now is listed for each seat that may send it."""
    accepted = 0
    for command in candidates(table):
        ok, _, _ = outcome(table, command)
        if not ok:
            continue
        accepted += 1
        check_offered(table, may, command)
    return accepted


def check_offered(table, may: dict, command) -> None:
    """`command` is listed for each seat the seat policy lets send it."""
    name = registry.name_of(command)
    for seat in seat_list(table):
        if seats.refusal(seat, command, table) is not None:
            continue
        listed = [m for m in may[seat] if m["command"] == name]
        assert any(fits(command, m) for m in listed), (table.track.step, seat, command, listed)


def check(table) -> None:
    may = table_view(table)["may"]
    assert set(may) == set(seat_list(table))
    assert may[seats.SPECTATOR] == []
    # the view's one pass for every seat gives each seat what it is offered alone
    assert may == {seat: registry.may_now(table, seat) for seat in may}
    check_host(table, may[seats.HOST])
    check_listed(table, may)
    check_accepted(table, may)


def sendable(listings: list[dict]) -> set[tuple]:
    """What offers let a phone send: each command with one value of each field (an offer's values
    share one window and one price), with what the offer says besides (price, why, "to"...)."""
    found = set()
    for m in listings:
        said = orjson.dumps({k: v for k, v in m.items() if k not in ("command", "targets")}, option=orjson.OPT_SORT_KEYS)
        fields = sorted(m["targets"])
        for values in itertools.product(*(m["targets"][f] for f in fields)):
            found.add((m["command"], tuple(zip(fields, values)), said))
    return found


def check_host(table, listed: list[dict]) -> None:
    """The host's offers, joined from the players' seats' (`registry.joined`), let the host send
    exactly what the builders list for the host, asked for the host themselves."""
    with mock.patch.object(registry, "joined", lambda e: False):
        built = registry.may_now(table, seats.HOST)
    assert sendable(listed) == sendable(built), (table.track.step, sendable(listed) ^ sendable(built))


# ---------------------------------------------------------------- scripted games


def run_checked(table, *commands):
    """Send each command, once checked it was offered to its senders; check every state reached."""
    for command in commands:
        check_offered(table, table_view(table)["may"], command)
        table = engine.apply(table, command).table
        check(table)
    return table


def finish_roll(table):
    """Go on with the roll in progress with the host's first listed step until it ends."""
    for _ in range(12):
        if table.dice.roll is None:
            return table
        listing = next(m for m in table_view(table)["may"]["host"]
                       if m["command"] in ("roll_dice", "end_rerolls", "defend"))
        table = run_checked(table, build(table, listing["command"], {}))
    raise AssertionError("the roll never ended")


def advance_checked(table, step: str, limit: int = 40):
    for _ in range(limit):
        if table.track.step == step:
            return table
        if table.track.step == "heroes.stances":
            for hero in table.heroes.values():
                if hero.stance is None:
                    table = run_checked(table, c.DeclareStance(hero.id, "active"))
            continue  # the last stance passes the stance step (C2)
        table = run_checked(table, c.Advance())
    raise AssertionError(f"never reached {step}")


def test_the_registry_lists_what_the_rules_accept_through_a_standard_game():
    """A standard game of two turns: stances, hero actions, a roll with its defense, items, the
    villain's activations (characters, the event tile and its reinforcements), a neutralized tile
    to dredge, demobilization, tokens, the end of the game."""
    table = make(turn_limit=2, equipment={"Batman": ["Batarangs"], "Renee Montoya": ["Tonfa"]})
    check(table)
    table = run_checked(table, df.SetDiceMode("physical"), c.PlaceToken("gas", "heroes"))
    table = advance_checked(table, "heroes.stances")
    table = run_checked(table, c.DeclareStance("batman", "active"), c.DeclareStance("renee-montoya", "active"))
    table = advance_checked(table, "heroes.actions")
    table = run_checked(table, df.StartRoll("melee", hero="batman", cubes=1, target_miniature=f"{THUGS}.1"))
    table = finish_roll(table)
    table = run_checked(table, c.Drop("batman", "Batarangs"), c.Give("renee-montoya", "batman", "Tonfa"))
    table = advance_checked(table, "villain.first_tile")
    table = run_checked(table, c.ActivateTile(CROC))
    table = run_checked(table, df.StartRoll("melee", miniature=f"{CROC}.1", target_hero="renee-montoya"))
    table = finish_roll(table)
    table = neutralize_tile(table, THUGS)
    check(table)
    table = run_checked(table, c.ActivateTile(EVENT))
    assert any(m["command"] == "reinforce" for m in table_view(table)["may"]["villain"])
    table = run_checked(table, c.Dredge([THUGS]))  # still the villain's turn: the points wait (VI·E)
    table = advance_checked(table, "game_over")


def test_the_stance_offers_say_what_the_recovery_moves_and_a_neutralized_hero_only_rests():
    """V·B·3: a stance recovers its value fatigue → reserve, what fatigue lacks wound → fatigue; a
    neutralized hero must choose the resting stance. Each stance offer says what it would move
    (`check` applies each one and compares), and the active stance is not offered to a neutralized
    hero."""
    table = advance_checked(make(), "heroes.stances")
    for wound in (c.Wound(3, hero="batman"), c.Wound(99, hero="commissioner-gordon")):
        table = engine.apply(table, wound).table
    assert table.hero("commissioner-gordon").neutralized and table.hero("batman").wound == 3
    may = table_view(table)["may"]
    stances = {seat: [(m["targets"]["stance"], m["recovers"]) for m in may[seat] if m["command"] == "declare_stance"]
               for seat in ("hero:batman", "hero:commissioner-gordon")}
    batman = table.hero("batman").board
    assert stances["hero:batman"] == [
        (["active"], {"to_reserve": 0, "from_wound": min(3, batman.active_recovery)}),
        (["resting"], {"to_reserve": 0, "from_wound": min(3, batman.resting_recovery)})]
    assert [stance for stance, _ in stances["hero:commissioner-gordon"]] == [["resting"]]
    assert check_listed(table, may) >= 3  # each offer applied: what it moved is what it said


def test_the_registry_lists_what_the_rules_accept_through_a_versus_game():
    """A Versus game: the HQ picks and the draft (each side in turn), both sides' activations with
    their characters, an attack rolled across the sides, the event tile and its mandatory HQ power,
    the end of the game."""
    transfer = vf.power("transfer", "heroes", Operation(op="transfer_discs", count=1, from_side="opponent",
                                                        from_zone="available", to_side="self", to_zone="available"))
    table = versus.setup(vf.mission(turn_limit=1))
    check(table)
    table = run_checked(table, c.PickHQ("heroes", vf.HEROES_TEAM[0], [transfer]),
                        c.PickHQ("villain", vf.VILLAIN_TEAM[0]))
    teams = {"heroes": list(vf.HEROES_TEAM[1:]), "villain": list(vf.VILLAIN_TEAM[1:])}
    while table.versus.draft.phase == "team":
        who = table.versus.draft.next_side
        table = run_checked(table, c.DraftTile(who, teams[who].pop(0)))
    table = run_checked(table, df.SetDiceMode("physical"))
    table = advance_checked(table, "heroes.activations")
    nightwing = table.command_posts["heroes"].hq
    table = run_checked(table, c.ActivateTile(nightwing, "heroes"))
    thug = next(m.id for t in table.command_posts["villain"].tiles.values() for m in t.miniatures
                if t.definition.name == "Thugs")
    table = run_checked(table, df.StartRoll("melee", miniature=f"{nightwing}.1", target_miniature=thug))
    table = finish_roll(table)
    event = next(t for t in table.command_posts["heroes"].river
                 if table.command_posts["heroes"].tiles[t].definition.kind == "event")
    table = run_checked(table, c.ActivateTile(event, "heroes"))  # the HQ's special event power is pending
    may = table_view(table)["may"]
    assert [m for m in may["heroes"]] == [{"command": "resolve_power",
                                            "targets": {"side": ["heroes"], "power": ["transfer"]}}]
    assert may["villain"] == [] and {m["command"] for m in may["host"]} == {"resolve_power", "end_game"}
    table = run_checked(table, c.ResolvePower("heroes", "transfer"))
    table = advance_checked(table, "villain.activations")
    penguin = table.command_posts["villain"].hq
    table = run_checked(table, c.ActivateTile(penguin, "villain"))
    table = advance_checked(table, "game_over")


# ---------------------------------------------------------------- drift the registry fixed


def test_drift_fixed_demobilize_dredge_reinforce_and_the_versus_setup():
    """Demobilize is listed in the villain's start effects (its upkeep passes by itself) and tile steps;
    dredge with a neutralized tile and reinforce with reinforcement points are listed in standard
    mode; a Versus setup offers the HQ pick, not advance, and no drop (there are no heroes)."""
    table = make(turn_limit=2)
    up = advance_checked(table, "villain.start_effects")
    names = {m["command"] for m in table_view(up)["may"]["villain"]}
    assert "demobilize" in names and "dredge" not in names
    neutral = neutralize_tile(advance_checked(up, "villain.first_tile"), THUGS)
    assert {m["command"]: m["targets"] for m in table_view(neutral)["may"]["villain"]}["dredge"] == \
        {"tiles": [THUGS], "side": ["villain"]}
    tile = engine.apply(neutral, c.ActivateTile(EVENT)).table
    may = table_view(tile)["may"]["villain"]
    listed = {m["command"]: m["targets"] for m in may}
    # one offer per miniature, priced in reinforcement points (VI·E): a thug costs 2 of the 3 points
    assert [(m["targets"], m["price"], m["affordable"]) for m in may if m["command"] == "reinforce"] == \
        [({"miniature": [f"{THUGS}.{n}"], "side": ["villain"]}, {"reinforcement_points": 2}, True) for n in (1, 2, 3)]
    assert "demobilize" in listed
    setup = versus.setup(vf.mission())
    may = table_view(setup)["may"]
    assert [m["targets"] for m in may["heroes"] if m["command"] == "pick_hq"] == \
        [{"side": ["heroes"], "tile.kind": ["simple"], "tile.side": ["heroes", "neutral"], "tile.level": ["leader"]}]
    assert not any(m["command"] == "pick_hq" for m in may["villain"])  # the initiative side picks first
    assert not any(m["command"] in ("advance", "drop") for seat in may for m in may[seat])


def test_refusals_for_a_step_a_side_or_a_roll_carry_their_code():
    table = make()
    with pytest.raises(RuleRefused) as caught:
        engine.apply(table, c.DeclareStance("batman", "active"))
    assert (caught.value.code, caught.value.params) == ("not_now", {"command": "declare_stance", "step": "setup"})
    assert caught.value.message == "Stances are declared in the stance step (now: Setup)"
    actions = advance_checked(make(), "heroes.actions")
    rolling = engine.apply(engine.apply(actions, df.SetDiceMode("physical")).table,
                           df.StartRoll("melee", hero="batman", cubes=1, target_miniature=f"{THUGS}.1")).table
    with pytest.raises(RuleRefused) as caught:
        engine.apply(rolling, c.Advance())
    assert (caught.value.code, caught.value.params) == ("roll_in_progress", {"command": "advance", "action": "melee"})
    assert seats.refusal("hero:batman", c.ActivateTile(THUGS), actions) == \
        ("not_your_seat", "This phone plays Batman and cannot do that: activate tiles",
         {"seat": "hero:batman", "command": "activate_tile"})


def test_every_command_type_is_declared_once_with_its_snake_case_name():
    commands = {k for k in vars(c).values() if isinstance(k, type) and k.__module__ == c.__name__} - {c.MoveStep}
    assert set(registry.BY_TYPE) == commands | set(df.DICE_COMMANDS)
    assert all(registry.BY_NAME[e.name] is e for e in registry.ENTRIES)
    assert registry.snake("PickHQ") == "pick_hq" and registry.snake("ActivateTile") == "activate_tile"
    assert len(registry.NAMES) == len(registry.ENTRIES)


# ---------------------------------------------------------------- random walks


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=25))
def test_random_walks_through_what_the_host_may_do(choices):
    """Hypothesis: from a standard table, take commands the host may send (any listed command with
    any of its targets) and check every state reached."""
    table = make(turn_limit=1)
    table = engine.apply(table, df.SetDiceMode("physical")).table
    for choice in choices:
        may = table_view(table)["may"]
        options = [(m["command"], v) for m in may["host"] for v in variants(m["targets"])]
        if not options:
            break
        name, fields = options[choice % len(options)]
        if name in ("end_game",):
            continue
        try:
            table = engine.apply(table, build(table, name, fields)).table
        except RuleRefused as refused:
            assert refused.code not in TIMING
            continue
        check(table)


def _drafted_versus_table():
    table = versus.setup(vf.mission(turn_limit=1))
    table = engine.apply(table, c.PickHQ("heroes", vf.HEROES_TEAM[0])).table
    table = engine.apply(table, c.PickHQ("villain", vf.VILLAIN_TEAM[0])).table
    teams = {"heroes": list(vf.HEROES_TEAM[1:]), "villain": list(vf.VILLAIN_TEAM[1:])}
    while table.versus.draft.phase == "team":
        who = table.versus.draft.next_side
        table = engine.apply(table, c.DraftTile(who, teams[who].pop(0))).table
    return engine.apply(table, df.SetDiceMode("physical")).table


VERSUS_DRAFTED = _drafted_versus_table()


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=20))
def test_random_walks_through_what_the_versus_sides_may_do(choices):
    """Hypothesis: from a drafted Versus table, each step one of the two sides' phones sends a
    command it is offered (any of its targets); every state reached is checked, prices included."""
    table = VERSUS_DRAFTED
    for choice in choices:
        may = table_view(table)["may"]
        options = [(m["command"], v) for side in ("heroes", "villain") for m in may[side]
                   for v in variants(m["targets"]) if m["command"] != "end_game"]
        if not options:
            break
        name, fields = options[choice % len(options)]
        try:
            table = engine.apply(table, build(table, name, fields)).table
        except RuleRefused as refused:
            assert refused.code not in TIMING
            continue
        check(table)


def test_the_walk_fails_when_the_hosts_offers_miss_what_only_the_host_may_do(monkeypatch):
    """The host's check can fail: were the Advance joined from the players' offers too, the host
    would lose the Advance of a step no player moves on (the setup) and the "ends" only its own
    offer says."""
    table = make()
    monkeypatch.setattr(registry, "joined", lambda e: e.seat is not registry.w.host_only)
    with pytest.raises(AssertionError):
        check_host(table, registry.may_now(table, seats.HOST))


def test_the_walk_fails_when_an_offer_escapes_its_window(monkeypatch):
    """The walk can fail: an offer read without its targets (so a hero's action space is no longer
    held to the heroes' actions step, V·B·5) is listed in the villain's turn, and the rules refuse it."""
    table = advance_checked(make(), "villain.first_tile")
    probe = registry.Probe
    monkeypatch.setattr(registry, "Probe", lambda fields: probe(()))
    with pytest.raises(AssertionError):
        check(table)
