"""A Hypothesis state machine plays random commands (drawn from what the seats may send now, with
random fields, refusals included) and checks after each one: no count negative, no Villain above
5 Threats on a block nor above 25 in all, the Criminal Plot deck never below 0, the Reserves never
below 0, and the rule of each block always what the counters imply (GLOSSARY · Ruling, OCC, 2P)."""
from __future__ import annotations

from hypothesis import HealthCheck, settings as hsettings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from games.gcsg.check import check_table
from games.gcsg import commands as c
from games.gcsg import registry
from games.gcsg.apply import apply
from games.gcsg.counters import BATMAN, HIDEOUT, problems, reserve
from games.gcsg.errors import RuleRefused
from games.gcsg.settings import Screen
from games.gcsg.turn import setup
from games.gcsg.view import view

from .support import CROC, JOKER, PENGUIN, TWO_FACE, settings

VILLAINS = [JOKER, PENGUIN, TWO_FACE, CROC]
SETTINGS = settings(dials={v: {level: (kind, 2) for level, kind in zip(range(1, 10), ["money", "information",
                                                                                      "blocks", "henchmen"] * 3)}
                           for v in VILLAINS},
                    abilities={v: (2, 4) for v in VILLAINS},
                    screens={v: Screen(4, 10, 6) for v in VILLAINS})


def implied_rulers(state, block) -> set:
    if state.batman.block == block:
        return set()
    power = {p.villain: p.threats.get(block, 0) + p.henchmen.get(block, 0) for p in state.players}
    if not any(power.values()):
        return set()
    standing = {p.villain for p in state.players if p.figure == block}
    if standing:
        return standing
    top = max(power.values())
    tied = {v for v, n in power.items() if n == top}
    return set() if len(state.players) == 2 and len(tied) > 1 else tied


def counts(draw, blocks, most: int) -> dict:
    chosen = draw(st.lists(st.sampled_from(blocks), max_size=3)) if blocks else []
    return {b: draw(st.integers(1, most)) for b in chosen}


def command_for(draw, state):
    offered = [m for seat in registry.seat_names(state) for m in registry.may_now(state, seat)]  # the host's and the acting phone's
    if not offered:
        return c.Advance()
    return command_of(draw, state, draw(st.sampled_from(offered)))


def command_of(draw, state, item):
    """A command built from the offer `item`: its fields drawn from the offer's targets (and from
    wider ranges where the targets leave an amount to the player)."""
    name, t = item["command"], item["targets"]
    ints = lambda lo, hi: draw(st.integers(lo, hi))
    blocks = SETTINGS.block_ids()
    if name == "choose_ability":
        return c.ChooseAbility(draw(st.sampled_from(t["card"])))
    if name == "play_card":
        kind = ints(0, 2)
        if kind == 1:
            return c.PlayCard(bat_signal=True)
        if kind == 2:
            return c.PlayCard(income_block=draw(st.sampled_from(blocks)),
                              income_kind=draw(st.sampled_from(["money", "information"])), income_amount=ints(1, 4))
        return c.PlayCard()
    if name == "batman_card":
        return c.BatmanCard(draw(st.one_of(st.none(), st.sampled_from(blocks))))
    if name == "take_resources":
        money = ints(0, 2)
        info = ints(0, 2 - money)
        left = 2 - money - info
        threats = {draw(st.sampled_from(t["threats"])): left} if left and t["threats"] else {}
        return c.TakeResources(money, info, threats)
    if name in ("gain", "pay"):
        return getattr(c, name.title())(ints(0, 3), ints(0, 3))
    if name == "demand":
        return c.Demand(draw(st.sampled_from(["money", "information"])), ints(1, 6))
    if name == "place_henchmen":
        return c.PlaceHenchmen(counts(draw, t["placements"], 2), draw(st.booleans()))
    if name == "draw_cards":
        return c.DrawCards(ints(1, 3))
    if name == "place_threats":
        due = state.pending[0] if state.pending else None
        n = (ints(0, due.count) if due.may else due.count) if due else ints(1, 3)
        placed = {}
        for b in draw(st.lists(st.sampled_from(t["placements"]), min_size=n, max_size=n)) if t["placements"] else []:
            placed[b] = placed.get(b, 0) + 1
        moved = counts(draw, t.get("moved_from", []), 2)
        return c.PlaceThreats(placed, moved, draw(st.sampled_from([False, False, True])))
    if name == "remove_threats":
        due = state.pending[0]
        pool = [p.villain for p in state.players for _ in range(p.threats.get(due.block, 0))]
        n = min(due.count, len(pool))
        taken = {}
        for v in draw(st.permutations(pool))[:ints(0, n) if due.may else n]:
            taken[v] = taken.get(v, 0) + 1
        return c.RemoveThreats(taken)
    if name == "roll_fight":
        faces = SETTINGS.die_faces
        return c.RollFight({s: draw(st.sampled_from(faces)) for s in t["dice"]},
                           {s: ints(-1, 2) for s in t["dice"] if draw(st.booleans())})
    if name == "hire":
        return c.Hire(draw(st.sampled_from(t["count"])) if t["count"] else 1)
    if name == "move":
        busy = [p.figure for p in state.players if p.figure] + ([state.batman.block] if state.batman.block else [])
        villain = draw(st.one_of(st.none(), st.sampled_from(t["villain"]), st.sampled_from(busy or [HIDEOUT])))
        moves = tuple(c.HenchmenMove(draw(st.sampled_from(t["source"])), draw(st.sampled_from([HIDEOUT] + blocks)),
                                     ints(1, 3)) for _ in range(ints(0, 2))) if t["source"] else ()
        return c.Move(villain, moves)
    return getattr(c, "".join(w.title() for w in name.split("_")))()


class GcsgMachine(RuleBasedStateMachine):
    @initialize(players=st.integers(2, 4), places=st.lists(st.sampled_from(SETTINGS.block_ids()), min_size=4,
                                                           max_size=4, unique=True), out=st.booleans())
    def start(self, players, places, out):
        self.state = setup(SETTINGS, VILLAINS[:players])
        if out:  # the figures already out on the map, as moves would have put them (one per block)
            for p, block in zip(self.state.players, places):
                p.figure = block

    @rule(data=st.data())
    def act(self, data):
        cmd = command_for(data.draw, self.state)
        before = self.state
        try:
            self.state = apply(self.state, cmd).state
        except RuleRefused as refusal:
            assert refusal.code and refusal.rule
            assert self.state is before

    @invariant()
    def counters_hold(self):
        state = self.state
        assert problems(state) == []
        for p in state.players:
            assert all(0 <= n <= 5 for n in p.threats.values())
            assert sum(p.threats.values()) <= 25
            assert all(n >= 0 for n in p.henchmen.values()) and p.hideout_henchmen >= 0
            assert p.money >= 0 and p.information >= 0 and p.hand >= 0
            assert sum(p.henchmen.values()) + p.hideout_henchmen <= 5
        assert state.deck >= 0 and state.batman_deck >= 0
        assert reserve(state, "money") >= 0 and reserve(state, "information") >= 0

    @invariant()
    def the_import_check_holds(self):
        check_table(self.state)  # every table the rules reach imports again (games/gcsg/check.py)

    @invariant()
    def no_seat_view_holds_another_stash(self):
        for seat in self.state.seats() + ["host", "spectator"]:
            seen = view(self.state, seat)
            assert all("money" not in p and "information" not in p for p in seen["players"])
            assert ("me" in seen) == (seat in self.state.seats())
            if "me" in seen:
                assert seen["me"]["villain"] == seat

    @invariant()
    def rule_follows_the_counters(self):
        state = self.state
        drawn = {b["id"]: set(b["rulers"]) for b in view(state, None)["blocks"]}
        for block in SETTINGS.block_ids():
            assert drawn[block] == implied_rulers(state, block), block


GcsgMachine.TestCase.settings = hsettings(max_examples=30, stateful_step_count=50, deadline=None,
                                          suppress_health_check=[HealthCheck.too_slow])
TestGcsgMachine = GcsgMachine.TestCase
