"""The hidden-information audit (issue 28 point 5): what a seat receives depends only on what that
seat may know, so no phone (the host's included) can question the rules as an oracle.

Property, at the level of the rules as the API sends them (`games.Game`: command, seat_refusal,
resolve, public_command, apply, events_for, view, export, in api/play.py `execute`'s order): two
tables that differ only in seat X's secrets — a GCSG Villain's Money and Information behind the
screen (GLOSSARY · Money, Information, Hideout; the hand is public as a count: "others see counts
only"; the Reserves are public, SETUP, so another Villain Y's stash makes up the difference and
the Hideouts' sum stays the same, as at the real table), a BMG player's unrevealed Audacity markers (RAISE THE PLAN) — give every other seat (the
host, the other players, a spectator, a phone with no seat) the same answer to every command of
the game's registry with generated fields: the same refusal (status, code, message, params, rule),
or the same public command, events as that seat reads them, view and export. A walk goes on from
there with commands other seats make, as long as both tables answer alike.

The only differences allowed are what the rules themselves show to the whole table, in a change
that is made and kept in the history (never in a refusal): a Villain short of a demand lifts the
screen (CARRY), the final tie-break shows Information then Money (END), an income or a plot's gain
the Reserves cannot pay in full says so (INC, CARRY: the empty pile is on the table), a BMG
model's activation shows its marker (EXECUTE THE PLAN). The generated stashes leave at least 10 of
each in the Reserves (80 Money, 60 Information in all): taking two resources (TAKE) is still
refused when the Reserves hold fewer than the two asked.

And over HTTP, the attack as it was made: the host probes a Villain's Money with eight refused
`pay` commands during a plot effect, and learns nothing."""
from __future__ import annotations

import copy
import random

import orjson
import pytest
from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

import games
from games.bmg.table import player_seat
from games.bmg import registry as bmg_registry
from games.gcsg import registry as gcsg_registry
from games.gcsg.counters import Fight, Pending, reserve
from games.gcsg.settings import SAMPLE_ABILITIES, Screen
from tests.bmg.helpers import card, crew, play, table as bmg_table, to_execute
from tests.bmg.test_stateful import _fields as bmg_fields
from tests.gcsg.support import CROC, JOKER, PENGUIN, TWO_FACE, at_plot_effect, put, settings, table
from tests.test_gcsg_api import City

GCSG, BMG = games.get("gcsg"), games.get("bmg")
PROPERTY = hsettings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PROPERTY_LONG = hsettings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def answer(game, state, seat, name: str, fields: dict, seed: int = 0):
    """What the phone holding `seat` receives for `name` with `fields` (as api/play.py `execute`
    answers it) and the table after it (None when refused)."""
    state = copy.deepcopy(state)  # as the store's copy: never the caller's
    if seat in (None, games.SPECTATOR):  # api.play.barred: refused before the game is asked
        return ("seat", 401 if seat is None else 403, "no_seat" if seat is None else "spectator"), None
    try:
        command = game.resolve(game.command(name, fields), state)
        refused = game.seat_refusal(seat, command, state)
        if refused is not None:
            return ("seat", 403, *refused), None
        public = game.public_command(command, state)
        new, events = game.apply(state, command, random.Random(seed))
    except game.refusal as refusal:
        return ("refused", refusal.code, refusal.message, refusal.params, refusal.rule), None
    seen = ("done", public, game.events_for(events, seat), game.view(new, seat), game.export(new, seat))
    return orjson.loads(orjson.dumps(seen)), new


def walk(game, pair, others, draw, commands, revealed, steps: int = 6) -> None:
    """Every command now, for every seat in `others`, answers alike on both tables of `pair`; then
    the table moves on by a command some seat of `others` makes (alike on both), `steps` times."""
    one, two = pair
    for _ in range(steps):
        for seat in others:
            assert game.view(one, seat) == game.view(two, seat), seat
            assert game.export(one, seat) == game.export(two, seat), seat
        name, fields = commands(draw, one)
        seed = draw(st.integers(0, 2 ** 32))
        moved = None
        for seat in others:
            (first, new_one), (second, new_two) = (answer(game, s, seat, name, fields, seed) for s in (one, two))
            if first != second:
                assert revealed(first) or revealed(second), (seat, name, fields, first, second)
                return  # the rules showed X's secret to the whole table: the tables now differ in public
            if moved is None and new_one is not None:
                moved = (new_one, new_two)
        if moved is None:
            continue
        one, two = moved


# ------------------------------------------------------------------ GCSG: a Villain's stash

VILLAINS = [JOKER, PENGUIN, TWO_FACE, CROC]
LEVELS = {1: ("money", 5), 2: ("information", 4), 3: ("blocks", 2), 4: ("henchmen", 2), 5: ("money", 12)}
SETTINGS = settings(dials={v: LEVELS for v in VILLAINS}, abilities={v: (2, 4) for v in VILLAINS},
                    screens={v: Screen(0, 0, 0) for v in VILLAINS})
BLOCKS = SETTINGS.block_ids()
ABILITIES = sorted({a for v in VILLAINS for a in SAMPLE_ABILITIES[v]})


def amounts(s, kind: str = "money"):
    """Probes: up to the totals, far beyond, and around what the Reserves hold now."""
    return st.one_of(st.integers(0, 80), st.just(999), st.integers(0, 1).map(lambda k: reserve(s, kind) + k))


def counts(draw, keys, most: int) -> dict:
    return {k: draw(st.integers(1, most)) for k in draw(st.lists(st.sampled_from(keys), max_size=2, unique=True))}


GCSG_FIELDS = {
    "advance": lambda d, s: {},
    "advance_level": lambda d, s: {},
    "choose_ability": lambda d, s: {"card": d(st.sampled_from(ABILITIES))},
    "play_card": lambda d, s: d(st.sampled_from([{}, {"bat_signal": True}, {
        "income_block": d(st.sampled_from(BLOCKS)), "income_kind": d(st.sampled_from(["money", "information"])),
        "income_amount": d(amounts(s))}])),
    "batman_card": lambda d, s: {"block": d(st.one_of(st.none(), st.sampled_from(BLOCKS)))},
    "take_resources": lambda d, s: {"money": d(st.integers(0, 2)), "information": d(st.integers(0, 2)),
                                    "threats": counts(d, BLOCKS, 2)},
    "carry_out_plot": lambda d, s: {"title": ""},
    "gain": lambda d, s: {"money": d(amounts(s)), "information": d(amounts(s, "information"))},
    "pay": lambda d, s: {"money": d(amounts(s)), "information": d(amounts(s, "information"))},
    "demand": lambda d, s: {"kind": d(st.sampled_from(["money", "information"])), "amount": d(st.integers(1, 30)),
                            "players": d(st.lists(st.sampled_from(s.seats()), max_size=2, unique=True))},
    "place_henchmen": lambda d, s: {"placements": counts(d, BLOCKS, 2), "different_blocks": d(st.booleans())},
    "draw_cards": lambda d, s: {"count": d(st.integers(1, 3))},
    "place_threats": lambda d, s: {"placements": counts(d, BLOCKS, 3), "moved_from": {},
                                   "different_blocks": d(st.booleans())},
    "remove_threats": lambda d, s: {"threats": counts(d, s.seats(), 2)},
    "decline": lambda d, s: {},
    "roll_fight": lambda d, s: {"dice": {f: d(st.sampled_from(["bat", 1, 2])) for f in
                                         ([s.fight.attacker, s.fight.defender] if s.fight else s.seats()[:2])}},
    "hire": lambda d, s: {"count": d(st.integers(1, 5))},
    "move": lambda d, s: {"villain": d(st.one_of(st.none(), st.sampled_from(["hideout"] + BLOCKS))),
                          "henchmen": [{"source": d(st.sampled_from(["hideout"] + BLOCKS)),
                                        "to": d(st.sampled_from(["hideout"] + BLOCKS)), "count": d(st.integers(1, 2))}
                                       for _ in range(d(st.integers(0, 1)))]},
}


def gcsg_command(draw, state):
    offered = sorted({m["command"] for seat in GCSG.seat_names(state) for m in GCSG.may_now(state, seat)})
    name = draw(st.sampled_from(sorted(GCSG_FIELDS)) | (st.sampled_from(offered) if offered else st.nothing()))
    return name, GCSG_FIELDS[name](draw, state)


def gcsg_revealed(seen) -> bool:
    """A change in which the rules show a stash (or the Reserves) to all: a demand one cannot meet,
    the final tie-break, Reserves that cannot pay an income or a gain in full."""
    return seen[0] == "done" and any(
        (e["kind"] == "given" and "revealed" in e["data"]) or (e["kind"] == "game_over" and e["data"]["reason"] == "deck")
        or e["data"].get("short") for e in seen[2])


@st.composite
def gcsg_pair(draw):
    """Two GCSG tables alike but for how Villains X and Y share what their Hideouts hold (the
    Reserves, on the table for all, are the same: SETUP); X and the seats other than X and Y."""
    villains = draw(st.permutations(VILLAINS))[:draw(st.integers(2, 4))]
    active = draw(st.sampled_from(villains))
    where = draw(st.sampled_from(["levels", "plot", "plot", "plot", "hire", "move", "pending", "fight"]))
    state = table(villains, where if where in ("levels", "hire", "move") else "move", active, SETTINGS)
    spots = draw(st.permutations(BLOCKS))
    for i, p in enumerate(state.players):
        p.level = draw(st.integers(1, 5))
        put(state, p.villain, spots[i], threats=draw(st.integers(0, 5)), henchmen=draw(st.integers(0, 2)),
            figure=draw(st.booleans()))
        put(state, p.villain, spots[i + 4], threats=draw(st.integers(0, 3)))
        p.hideout_henchmen, p.hand = draw(st.integers(0, 2)), draw(st.integers(0, 4))
        p.money, p.information = draw(st.integers(0, 15)), draw(st.integers(0, 10))
    state.deck = draw(st.integers(0, 4))
    if state.deck == 0 and draw(st.booleans()):  # the last turn of the game: the tie-break comes next
        state.turn.number, state.last_card_turn, state.last_card_seat = 5, 4, active
    if where == "plot":
        at_plot_effect(state)
        state.turn.card_played = draw(st.sampled_from([True, True, False]))
        state.turn.signal_due = state.turn.card_played and draw(st.sampled_from([False, False, True]))
        state.turn.effect = draw(st.sampled_from([None, "plot", "plot", "resources"])) if state.turn.card_played else None
    elif where == "levels":
        state.turn.ability_due = draw(st.booleans())
    elif where == "pending":
        seat = draw(st.sampled_from(villains))
        if draw(st.booleans()):
            state.pending.append(Pending("place_threats", seat, draw(st.integers(1, 3)), draw(st.booleans()), "FVV"))
        else:
            state.pending.append(Pending("remove_threats", seat, draw(st.integers(1, 3)), draw(st.booleans()),
                                         "SIGNAL", block=spots[0], reason="the Order value"))
    elif where == "fight":
        attacker = state.player(active)
        attacker.figure = spots[0]
        defender = draw(st.sampled_from([v for v in villains if v != active] + ["batman"]))
        if defender == "batman":
            state.batman.block = spots[0]
        else:
            state.player(defender).figure = spots[0]
        state.fight = Fight(spots[0], active, defender, controller=draw(st.sampled_from(villains)))
    x, y = draw(st.permutations(villains))[:2]
    one, two = state, copy.deepcopy(state)
    held = {kind: draw(st.integers(25, 35)) for kind in ("money", "information")}
    for s in (one, two):  # X's stash differs, Y's makes up the difference: the Reserves, public, stay
        for kind, most in (("money", 25), ("information", 20)):  # the same and ample (80, 60 in all)
            n = draw(st.integers(0, most))
            setattr(s.player(x), kind, n)
            setattr(s.player(y), kind, held[kind] - n)
    assert gcsg_registry.phase(one) == gcsg_registry.phase(two)
    assert GCSG.view(one, None)["reserves"] == GCSG.view(two, None)["reserves"]
    others = ["host", games.SPECTATOR, None] + [v for v in villains if v not in (x, y)]
    return (one, two), x, others


def _gcsg_stash(pair, data):
    """GLOSSARY · Money, Information, Hideout: behind the screen, private to that player's phone."""
    (one, two), x, others = pair
    assert set(GCSG_FIELDS) == set(gcsg_registry.COMMANDS)  # every command of the registry
    walk(GCSG, (one, two), others, data.draw, gcsg_command, gcsg_revealed)


test_gcsg_no_seat_learns_another_villains_stash = PROPERTY(given(gcsg_pair(), st.data())(_gcsg_stash))
test_gcsg_no_seat_learns_another_villains_stash_long = pytest.mark.long(
    PROPERTY_LONG(given(gcsg_pair(), st.data())(_gcsg_stash)))


def test_the_pay_probe_is_refused_to_the_host_before_the_stash_is_read():
    """CARRY: the host's `pay` during a plot effect answers the same whatever the Villain holds."""
    base = at_plot_effect(table([JOKER, PENGUIN], "plot", JOKER, SETTINGS))
    base.turn.effect = "plot"
    answers = set()
    for money in (0, 7, 8, 80):
        state = copy.deepcopy(base)
        state.player(JOKER).money = money
        seen, _ = answer(GCSG, state, "host", "pay", {"money": 8, "information": 999})
        answers.add(orjson.dumps(seen))
    assert len(answers) == 1
    kind, status, code, _, params = orjson.loads(answers.pop())
    assert (kind, status, code, params) == ("seat", 403, "behind_screen",
                                            {"seat": "host", "command": "pay", "villain": JOKER})
    # the Villain's own phone still pays, and is told when it cannot
    state = copy.deepcopy(base)
    state.player(JOKER).money = 8
    assert answer(GCSG, state, JOKER, "pay", {"money": 8})[0][0] == "done"
    assert answer(GCSG, state, JOKER, "pay", {"money": 9})[0][:2] == ("refused", "not_enough")
    assert "pay" not in {m["command"] for m in GCSG.may_now(state, "host")}  # never offered to the host
    assert "pay" in {m["command"] for m in GCSG.may_now(state, JOKER)}


def test_a_gain_probe_by_the_players_own_phone_learns_nothing():
    """CARRY, INC: a plot's gain is taken as far as the Reserves go, as an income is. A refusal
    ("too little in the Reserves") would tell the Penguin, with eight unchanged probes, how much
    the Joker holds (the Reserves are the totals minus every stash); the shortfall is said to all."""
    base = at_plot_effect(table([JOKER, PENGUIN], "plot", PENGUIN, SETTINGS))
    base.turn.effect = "plot"
    base.player(PENGUIN).money = 10
    for joker in (0, 33, 70):
        state = copy.deepcopy(base)
        state.player(JOKER).money = joker
        for k in (1, 2, 4, 8, 16, 32, 64, 128):
            seen, new = answer(GCSG, state, PENGUIN, "gain", {"money": k})
            assert seen[0] == "done", (joker, k, seen)  # never refused: every answer is a kept change
            got = new.player(PENGUIN).money - 10
            assert got == min(k, 70 - joker)
            assert ("(the Reserves ran short)" in seen[2][0]["text"]) == (got < k)


# ------------------------------------------------------------------ BMG: a player's Audacity markers

GUN = {"name": "Gun", "damage": "♦", "rof": 2, "ammo": 2, "strength": 4}
CLAWS = {"name": "Claws", "damage": "♦★"}
CARDS = ([card(f"a{i}", rank="Leader" if i == 0 else "Henchman", affiliation="A", weapons=[GUN, CLAWS])
          for i in range(6)]
         + [card(f"b{i}", rank="Leader" if i == 0 else "Henchman", affiliation="B", weapons=[CLAWS])
            for i in range(5)])


class Drawing:
    """`draw` as tests/bmg/test_stateful.py's field builder reads it (`data.draw`)."""

    def __init__(self, draw):
        self.draw = draw


def bmg_command(draw, t):
    name = draw(st.sampled_from([e.name for e in bmg_registry.ENTRIES]))
    ids = sorted(t.models)
    targets = {"player": sorted(t.players), "initiative": sorted(t.players), "model": ids, "target": ids,
               "models": ids, "count": [draw(st.integers(1, 4))], "weapon": ["Gun", "Claws", "Unarmed"],
               "effort": [0, 1, 2], "what": ["place_suspect", "reveal_suspect", "other", "sewer"],
               "owner": sorted(t.players), "trait": [""], "name": ["Objective"]}
    if name == "reload":
        return name, {"model": draw(st.sampled_from(ids)), "weapon": "Gun", "count": draw(st.integers(1, 2))}
    return name, bmg_fields(name, targets, Drawing(draw), t)


def bmg_revealed(seen) -> bool:
    """A change in which the rules show a marker to all: an activation (EXECUTE THE PLAN)."""
    return seen[0] == "done" and any(e["kind"] == "activate" for e in seen[2])


@st.composite
def bmg_pair(draw):
    """Two BMG tables alike but for player a's unrevealed Audacity markers (4 of its 6 models)."""
    t = bmg_table(crew(*[f"a{i}" for i in range(6)], name="A"), crew(*[f"b{i}" for i in range(5)], name="B"),
                  cards=CARDS)
    ids = [f"a.a{i}" for i in range(6)]
    plans = [draw(st.permutations(ids))[:4] for _ in range(2)]
    b_plan = draw(st.permutations([f"b.b{i}" for i in range(5)]))[:4]
    initiative = draw(st.sampled_from(["a", "b"]))
    if draw(st.booleans()):  # III. Execute the Plan, both plans placed
        pair = [to_execute(copy.deepcopy(t), initiative, {"a": plan, "b": b_plan}) for plan in plans]
    else:  # II. Raise the Plan: a has placed, b not yet
        t, _ = play(t, "roll_lead", player="a", value=6)
        t, _ = play(t, "roll_lead", player="b", value=1)
        t, _ = play(t, "choose_initiative", player="a", initiative=initiative)
        pair = [play(copy.deepcopy(t), "place_audacity", player="a", models=plan)[0] for plan in plans]
    others = ["host", player_seat("b"), games.SPECTATOR, None]
    return tuple(pair), "a", others


def _bmg_plan(pair, data):
    """RAISE THE PLAN: the Audacity markers are secret until each model activates."""
    (one, two), _, others = pair
    walk(BMG, (one, two), others, data.draw, bmg_command, bmg_revealed, steps=8)


test_bmg_no_seat_learns_another_players_plan = PROPERTY(given(bmg_pair(), st.data())(_bmg_plan))
test_bmg_no_seat_learns_another_players_plan_long = pytest.mark.long(
    PROPERTY_LONG(given(bmg_pair(), st.data())(_bmg_plan)))


# ------------------------------------------------------------------ over HTTP: the attack as made

def test_eight_pay_probes_by_the_host_learn_nothing(http):
    """CARRY: the host's eight refused `pay {money: k, information: 999}` during the Joker's plot
    effect answer alike for $0 and $23 behind the Joker's screen: the same 403, the same words."""
    seen = []
    for money in (0, 23):
        state = at_plot_effect(table([JOKER, PENGUIN], "plot", JOKER, SETTINGS))
        state.turn.effect = "plot"
        state.player(JOKER).money = money
        city = City.of(http, state)
        probes = []
        for k in (1, 2, 4, 8, 16, 32, 64, 128):
            r = city.post("host", "pay", {"money": k, "information": 999})
            body = r.json()
            probes.append((r.status_code, body["reason"], body["message"], body["params"]))
        assert city.version() == 1  # nothing changed, nothing in the history
        seen.append(probes)
    assert seen[0] == seen[1]
    assert {p[:2] for p in seen[0]} == {(403, "behind_screen")}
    assert JOKER in seen[0][0][2] or "Joker" in seen[0][0][2]
    # the Joker's own phone still pays
    table_now, events = city.send(JOKER, "pay", money=23)
    assert table_now["me"]["money"] == 0 and "discards $23" in events[0]["text"]
