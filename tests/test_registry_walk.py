"""The registry walk (issue 29, the first "Done when" line) for the Miniature Game and the Strategy
Game, at the pure engine level: at every step of scripted games (the rule tests' own games: the
printed and constructed examples, the round tests, the worked examples) and of random playouts from
a seed, for every seat:

* every offer (`may_now`), built with values from its targets, is accepted on window and seat
  grounds: the seat policy lets that seat send it, and dispatch never answers `not_now`,
  `game_over` or a seat refusal (a rule about amounts may still refuse it);
* where an offer carries a price (or a requirement) and is affordable, what the command takes equals
  the price; where it is not affordable, the command is refused with the reason the offer gave;
* every command a script sends that the rules accept was offered to a seat that may send it, with
  each field's value among the offer's targets.

Each state's fields are drawn from a seeded rng (Hypothesis chooses the playouts' seeds); `test_the_walk_can_fail` breaks a window and a
price and sees the walk fail."""
from __future__ import annotations

import contextlib
import dataclasses
import inspect
import random
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import games
from games.bmg import registry as bmg_registry
from games.bmg.errors import RuleRefused as BmgRefused
from games.gcsg import apply as gcsg_engine, registry as gcsg_registry
from games.gcsg.errors import RuleRefused as GcsgRefused

from bmg import test_constructed_examples, test_printed_examples, test_round
import bmg.test_stateful as bmg_stateful
import gcsg.test_stateful as gcsg_stateful
from bmg.helpers import card, crew, table as bmg_table
from gcsg import test_turn, test_worked_examples
from gcsg.test_stateful import SETTINGS, VILLAINS

WINDOW_OR_SEAT = {"not_now", "game_over", "not_your_seat", "behind_screen", "spectator", "no_seat",
                  "unknown_command", "seat_not_allowed"}
BMG = games.get("bmg")
APPLY_BMG, APPLY_GCSG = bmg_registry.apply, gcsg_engine.apply  # the real ones, while the scripts' are walked


class Seeded:
    """The few strategies the stateful tests' field builders draw from, drawn from a seeded
    `random.Random` instead: a walk builds thousands of commands, past what one Hypothesis example
    holds. `Seeded(rng).draw` stands for `data.draw` and the class for `st` while they build."""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def draw(self, strategy):
        return strategy(self.rng)

    @staticmethod
    def sampled_from(items):
        items = list(items)
        return lambda rng: rng.choice(items)

    @staticmethod
    def integers(lo, hi):
        return lambda rng: rng.randint(lo, hi)

    @staticmethod
    def booleans():
        return lambda rng: rng.random() < 0.5

    @staticmethod
    def none():
        return lambda rng: None

    @staticmethod
    def one_of(*strategies):
        return lambda rng: rng.choice(strategies)(rng)

    @staticmethod
    def permutations(items):
        return lambda rng: rng.sample(list(items), len(items))

    @staticmethod
    def lists(strategy, min_size=0, max_size=3):
        return lambda rng: [strategy(rng) for _ in range(rng.randint(min_size, max_size))]


# ---------------------------------------------------------------- each game's side


class Bmg:
    refused = BmgRefused
    registry = bmg_registry
    # what a command takes, per price key: (table before, table after, command) -> amount
    takes = {"pass_markers": lambda before, after, cmd: before.players[cmd.player].passes
             - after.players[cmd.player].passes}

    @staticmethod
    def seats(state):
        return bmg_registry.seat_names(state)

    @staticmethod
    def build(seeded, state, offer):
        with mock.patch.object(bmg_stateful, "st", Seeded):
            fields = bmg_stateful._fields(offer["command"], offer["targets"], seeded, state)
        return None if fields is None else BMG.command(offer["command"], fields)

    @staticmethod
    def apply(state, command):
        return APPLY_BMG(state, command, random.Random(7)).table


def _spent(kind: str):
    """What the active Villain's stash lost of `kind` (ADV: a level's Money or Information; HIRE)."""
    def spent(before, after, cmd):
        villain = before.active().villain
        return getattr(before.player(villain), kind) - getattr(after.player(villain), kind)
    return spent


class Gcsg:
    refused = GcsgRefused
    registry = gcsg_registry
    # what a command takes, per price key: (table before, table after, command) -> amount
    takes = {"money": _spent("money"), "information": _spent("information"),
             "money_per_henchman": lambda before, after, cmd: _spent("money")(before, after, cmd) // cmd.count}

    @staticmethod
    def seats(state):
        return gcsg_registry.seat_names(state)

    @staticmethod
    def build(seeded, state, offer):
        with mock.patch.object(gcsg_stateful, "st", Seeded):
            return gcsg_stateful.command_of(seeded.draw, state, offer)

    @staticmethod
    def apply(state, command):
        return APPLY_GCSG(state, command).state


def fits(value, allowed) -> bool:
    """A field's value among an offer's targets: a list's items, a mapping's keys."""
    if value is None:
        return True
    if isinstance(value, dict):
        return all(k in allowed for k in value)
    if isinstance(value, (list, tuple)):
        return all(fits(v, allowed) for v in value)
    return value in allowed


def matches(offer: dict, command) -> bool:
    fields = {f.name: getattr(command, f.name) for f in dataclasses.fields(command)}
    return all(fits(fields[k], v) for k, v in offer["targets"].items() if k in fields)


def check_offers(game, state, seeded: Seeded) -> None:
    """Every offer to every seat, built from its targets, passes the seat policy and dispatch's
    window (`check`: what the engine asks before any handler); a priced offer is played whole, and
    what it takes is its price."""
    for seat in game.seats(state):
        for offer in game.registry.may_now(state, seat):
            command = game.build(seeded, state, offer)
            if command is None:
                continue
            why = game.registry.refusal(seat, command, state)
            assert why is None, (seat, offer, command, why)
            try:
                game.registry.check(state, command)
            except game.refused as refusal:
                raise AssertionError((seat, offer, command, refusal.code, refusal.message)) from None
            if "price" not in offer and "requirement" not in offer:
                continue
            try:
                after = game.apply(state, command)
            except game.refused as refusal:
                assert refusal.code not in WINDOW_OR_SEAT, (seat, offer, command, refusal.code)
                assert offer["affordable"] or refusal.code == offer["why"]["code"], (seat, offer, refusal.code)
                continue
            assert offer["affordable"], (seat, offer, command, "accepted though not affordable")
            taken = {k: game.takes[k](state, after, command) for k in offer.get("price", {})}
            assert taken == offer.get("price", {}), (seat, offer, command, taken)


def check_sent(game, state, command) -> None:
    """A command the rules accepted was offered, with its fields' values, to a seat that may send it."""
    senders = [s for s in game.seats(state) if game.registry.refusal(s, command, state) is None]
    name = game.registry.entry(command).name
    offers = [o for s in senders for o in game.registry.may_now(state, s) if o["command"] == name]
    assert any(matches(o, command) for o in offers), (name, command, senders, offers)


@contextlib.contextmanager
def walked(game, module, attribute, seeded: Seeded, seen: list):
    """While the scripts run, every `module.attribute` (the engine's apply) is walked around."""
    real = getattr(module, attribute)

    def walking(state, command, *args, **kwargs):
        check_offers(game, state, seeded)
        outcome = real(state, command, *args, **kwargs)  # a refusal goes back to the script as it came
        check_sent(game, state, command)
        seen.append(game.registry.entry(command).name)
        return outcome

    with mock.patch.object(module, attribute, walking):
        yield


def scripts(*modules):
    """The rule tests' games: every test function of those modules that takes no argument."""
    return [fn for m in modules for name, fn in sorted(vars(m).items())
            if name.startswith("test_") and callable(fn) and not inspect.signature(fn).parameters]


BMG_SCRIPTS = scripts(test_round, test_constructed_examples, test_printed_examples)
GCSG_SCRIPTS = scripts(test_worked_examples, test_turn)


# ---------------------------------------------------------------- the scripted games


def test_scripted_miniature_games_walk_the_registry():
    seen: list[str] = []
    with walked(Bmg, bmg_registry, "apply", Seeded(random.Random(29)), seen):
        for script in BMG_SCRIPTS:
            script()
    assert len(seen) > 200 and {"roll_lead", "place_audacity", "activate", "declare_melee", "defend",
                                "roll_melee", "pass", "recovery_roll", "advance"} <= set(seen)


def test_scripted_strategy_games_walk_the_registry():
    seen: list[str] = []
    with walked(Gcsg, gcsg_engine, "apply", Seeded(random.Random(29)), seen):
        for script in GCSG_SCRIPTS:
            script()
    assert len(seen) > 40 and {"advance_level", "play_card", "carry_out_plot", "place_threats",
                               "roll_fight", "hire", "move"} <= set(seen)


# ---------------------------------------------------------------- random playouts from a seed


def bmg_start(n_a: int, n_b: int):
    gun = {"name": "Gun", "damage": "♦", "rof": 2, "ammo": 2, "strength": 4}
    claws = {"name": "Claws", "damage": "♦★"}
    cards = [card(f"a{i}", rank="Leader" if i == 0 else "Henchman", affiliation="A", willpower=4, endurance=3,
                  weapons=[gun, claws]) for i in range(n_a)]
    cards += [card(f"b{i}", rank="Leader" if i == 0 else "Henchman", affiliation="B", willpower=5, endurance=3,
                   weapons=[claws]) for i in range(n_b)]
    return bmg_table(crew(*[f"a{i}" for i in range(n_a)], name="A"), crew(*[f"b{i}" for i in range(n_b)], name="B"),
                     cards=cards, event="Heavy Rain")


def playout(game, state, seed: int, steps: int) -> list[str]:
    """Play `steps` commands chosen among the offers to any seat (from `seed`), checking every
    state on the way."""
    seeded, sent = Seeded(random.Random(seed)), []
    for _ in range(steps):
        check_offers(game, state, seeded)
        offers = [o for s in game.seats(state) for o in game.registry.may_now(state, s)]
        if not offers:
            break
        command = game.build(seeded, state, seeded.rng.choice(offers))
        if command is None:
            continue
        try:
            after = game.apply(state, command)
        except game.refused:
            continue
        check_sent(game, state, command)
        sent.append(game.registry.entry(command).name)
        state = after
    return sent


PLAYOUTS = settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))


@PLAYOUTS
@given(n_a=st.integers(1, 3), n_b=st.integers(1, 3), seed=st.integers(0, 2**32))
def test_miniature_playouts_walk_the_registry(n_a, n_b, seed):
    playout(Bmg, bmg_start(n_a, n_b), seed, 40)


@PLAYOUTS
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_strategy_playouts_walk_the_registry(players, seed):
    from games.gcsg.turn import setup
    playout(Gcsg, setup(SETTINGS, VILLAINS[:players]), seed, 40)


# ---------------------------------------------------------------- the walk can fail


def _dispatch_window(registry, name: str, open):
    """Dispatch (`check`) reads the entry by its class: give it another window than the offers'."""
    entry = registry.REGISTRY.by_name[name]
    return mock.patch.dict(registry.REGISTRY.by_type, {entry.cls: dataclasses.replace(entry, open=open)})


def _offer_window(registry, name: str, open):
    """The offers (`may_now`) read the entries in order: give one another window than dispatch's."""
    return mock.patch.object(registry.REGISTRY, "entries", [dataclasses.replace(e, open=open) if e.name == name
                                                            else e for e in registry.REGISTRY.entries])


def test_the_walk_can_fail():
    """A window written twice and different (dispatch narrower than the offers, or the offers
    narrower than dispatch), and a price that is not what the command takes, are each caught; with
    the one entry restored the same states pass."""
    t = test_round.to_execute(test_round.two_crews(4, 2), initiative="b")
    activate = BMG.command("activate", {"model": "b.b0"})
    with _dispatch_window(bmg_registry, "activate", lambda table: False), pytest.raises(AssertionError):
        check_offers(Bmg, t, Seeded(random.Random(1)))
    with _offer_window(bmg_registry, "activate", lambda table: False), pytest.raises(AssertionError):
        check_sent(Bmg, t, activate)
    with _offer_window(gcsg_registry, "advance", lambda state: False), pytest.raises(AssertionError):
        from games.gcsg import commands as gc
        state = test_worked_examples.table([test_worked_examples.JOKER, test_worked_examples.PENGUIN], "hire")
        check_sent(Gcsg, state, gc.Advance())
    with mock.patch.dict(Bmg.takes, {"pass_markers": lambda before, after, cmd: 2}), pytest.raises(AssertionError):
        check_offers(Bmg, t, Seeded(random.Random(1)))
    check_offers(Bmg, t, Seeded(random.Random(1)))  # restored
    check_sent(Bmg, t, activate)
