"""worked-examples-gcsg.md over HTTP against a real Redis: every printed (1-4) and constructed
(5-15) example, each naming its rulebook heading (gotham-city-strategy-game-en.md). The starting
position of an example is built with the pure helpers of tests/gcsg (as test_worked_examples.py
does) and resumed through POST /api/tables/import; every command then goes through POST
/api/tables/{code}/commands/{name} from the seat the table's `may` names, and every number is
read back from the API: the public view, each seat's own stash (`me`), the events.

Values on dials or cards absent from the text are named test parameters, as the examples say."""
from __future__ import annotations

from fractions import Fraction

import pytest

from games import serial
from games.gcsg import registry
from games.gcsg.counters import Pending
from games.gcsg.turn import setup
from tests.game_http import GameTable, as_json
from tests.gcsg.support import (A, ACE, B, BAT, C, CROC, D, JOKER, PENGUIN, TWO_FACE, at_plot_effect, c, put,
                                settings, table)

BLOCKS3 = ["uptown-1", "uptown-2", "uptown-3"]
BLOCKS5 = BLOCKS3 + ["uptown-4", "midtown-2"]
BATMAN = "batman"


class City(GameTable):
    """A GCSG table over HTTP."""

    @classmethod
    def of(cls, http, state) -> "City":
        return cls.resumed(http, "gcsg", serial.to_data(state), [p.villain for p in state.players])

    def sender(self, name: str) -> str:
        """The Villain whose phone may send `name` now (its table's `may`: a seat's own offers only), else
        the host."""
        for seat in self.tokens:
            if seat not in ("host", "spectator", None) and any(m["command"] == name
                                                              for m in self.view(seat)["may"][seat]):
                return seat
        return "host"

    def run(self, *commands) -> list[dict]:
        events = []
        for cmd in commands:
            name = registry.entry(cmd).name
            _, got = self.send(self.sender(name), name, **as_json(cmd))
            events += got
        return events

    def no(self, cmd, code: str) -> dict:
        """The rules refuse `cmd`, sent by the phone the table's `may` names (else the host)."""
        name = registry.entry(cmd).name
        return self.refused(self.sender(name), name, code, **as_json(cmd))

    def me(self, villain: str) -> dict:
        return self.view(villain)["me"]

    def player(self, villain: str) -> dict:
        return next(p for p in self.view()["players"] if p["villain"] == villain)

    def block(self, block: str, seat="host") -> dict:
        return next(b for b in self.view(seat)["blocks"] if b["id"] == block)

    def turn(self) -> dict:
        return self.view()["turn"]


def joker_at_4(ruled: list[str], level6=("money", 8), abilities=()):
    s = settings(dials={JOKER: {4: ("information", 6), 5: ("blocks", 5), 6: level6}},
                 abilities={JOKER: abilities})
    state = table([JOKER, PENGUIN, TWO_FACE], "levels", JOKER, s)
    p = state.player(JOKER)
    p.level, p.information = 4, 7
    for b in ruled:
        put(state, JOKER, b, threats=1)
    return state


# ------------------------------------------------------------------ printed in the rulebook

def test_example_1_advancing_a_level(http):
    """ADVANCING A LEVEL · Verification: L4 → 5 for 6 Information (7 → 1); L5 needs 5 blocks, he rules 3."""
    city = City.of(http, joker_at_4(BLOCKS3))
    events = city.run(c.AdvanceLevel())
    assert city.player(JOKER)["level"] == 5 and city.me(JOKER)["information"] == 1
    assert sum(1 for b in city.view()["blocks"] if b["rulers"] == [JOKER]) == 3
    refusal = city.no(c.AdvanceLevel(), "level_needs_blocks")
    assert refusal["rule"] == "ADV" and refusal["params"] == {"villain": JOKER, "level": 5, "to": 6, "amount": 5, "have": 3}
    assert refusal["message"] == "Level 6 needs blocks ruled: 5 (you rule 3)"
    assert "discards 6 Information" in events[0]["text"]  # the 6 discarded are public
    assert events[0]["private"]["data"]["information"] == 1  # the Joker's phone sent it: his own detail
    penguin_sees = city.history(PENGUIN)[-1]["events"][0]
    assert "private" not in penguin_sees and penguin_sees["text"] == events[0]["text"]
    assert city.me(PENGUIN)["villain"] == PENGUIN  # Penguin's phone sees only Penguin's stash


def test_example_2_gaining_an_ability(http):
    """ADVANCING A LEVEL · Gain a new ability: Penguin reaches level 2 (Ability icon), picks any of 5."""
    s = settings(dials={PENGUIN: {1: ("money", 2)}}, abilities={PENGUIN: (2,)})
    state = table([PENGUIN, JOKER], "levels", PENGUIN, s)
    state.player(PENGUIN).money = 2
    city = City.of(http, state)
    city.run(c.AdvanceLevel())
    assert city.player(PENGUIN)["level"] == 2 and city.turn()["ability_due"]
    offered = {m["command"]: m["targets"] for m in city.view(PENGUIN)["may"][PENGUIN]}
    assert len(offered["choose_ability"]["card"]) == 5
    city.no(c.Advance(), "ability_due")
    city.run(c.ChooseAbility("Hypnotizing Umbrella"))
    seen = next(p for p in city.view(JOKER)["players"] if p["villain"] == PENGUIN)
    assert seen["abilities"] == ["Hypnotizing Umbrella"] and len(seen["abilities_left"]) == 4  # face up
    city.no(c.ChooseAbility("Trained Bird"), "not_now")  # one card for this turn


def test_example_3_bat_signal_no_villain(http):
    """BAT-SIGNAL: Batman to Ace Chemicals; Penguin's 2 Henchmen → Hideout; up to O = 3 Threats removed."""
    state = at_plot_effect(table([TWO_FACE, PENGUIN, JOKER], "plot", TWO_FACE, settings(order=3)))
    state.turn.card_played = False
    put(state, PENGUIN, ACE, threats=2, henchmen=2)
    put(state, JOKER, ACE, threats=2)
    city = City.of(http, state)
    city.run(c.PlayCard(bat_signal=True), c.BatmanCard(ACE))
    view = city.view()
    assert view["batman"]["block"] == ACE and view["decks"]["batman"] == 9
    penguin = city.player(PENGUIN)
    assert city.block(ACE)["henchmen"].get(PENGUIN, 0) == 0 and penguin["henchmen"]["hideout"] == 2
    pending = view["turn"]["pending"][0]
    assert (pending["seat"], pending["may"], pending["count"]) == (TWO_FACE, True, 3)
    city.no(c.RemoveThreats({PENGUIN: 2, JOKER: 2}), "threat_count")  # up to 3
    city.run(c.RemoveThreats({PENGUIN: 2, JOKER: 1}))
    ace = city.block(ACE)
    assert ace["threats"].get(PENGUIN, 0) == 0 and ace["threats"][JOKER] == 1
    assert ace["rulers"] == []  # Batman is there
    city.run(c.TakeResources(money=2))  # then the card effect
    assert city.turn()["effect"] == "resources" and city.me(TWO_FACE)["money"] == 2


def test_example_4_fight_between_villains(http):
    """FIGHTS BETWEEN VILLAINS: Croc 1 + 2 (Death Roll) = 3 vs Joker 2 + 1 Henchman = 3: the enterer wins."""
    state = table([CROC, JOKER], "move", CROC)
    put(state, JOKER, C, henchmen=1, figure=True)
    croc = state.player(CROC)
    croc.information, croc.abilities = 2, ["Death Roll"]
    city = City.of(http, state)
    city.run(c.Move(villain=C))
    assert city.me(CROC)["information"] == 1  # the move cost 1 Information
    fight = city.view()["fight"]
    assert fight["attacker"] == CROC and fight["defender"] == JOKER
    assert city.sender("roll_fight") in (CROC, JOKER)
    events = city.run(c.RollFight({CROC: 1, JOKER: 2}, {CROC: 2}))
    assert events[0]["data"]["totals"] == {CROC: 3, JOKER: 3}
    joker = city.player(JOKER)
    assert joker["figure"] is None and city.block(C)["henchmen"].get(JOKER, 0) == 0
    assert joker["henchmen"]["hideout"] == 1 and city.player(CROC)["figure"] == C
    pending = city.turn()["pending"][0]
    assert (pending["seat"], pending["count"], pending["may"]) == (CROC, 2, True)
    city.run(c.PlaceThreats({C: 1, D: 1}))
    assert city.block(C)["threats"][CROC] == 1 and city.block(D)["threats"][CROC] == 1


# ------------------------------------------------------------------ constructed

@pytest.mark.parametrize("players,deck", [(2, 74), (3, 69), (4, 64)])
def test_example_5_counters_at_setup(http, players, deck):
    """COMPONENTS, SETUP: 25 Threats, 5 Henchmen each; deck 84 − 5N; Batman on the Batcave at level 1.
    Set up through POST /api/games/gcsg/tables with the table settings as JSON."""
    villains = [JOKER, PENGUIN, TWO_FACE, CROC][:players]
    city = City.new(http, "gcsg", {"villains": villains, "settings": serial.to_data(settings())}, villains)
    view = city.view()
    assert view["decks"] == {"criminal_plot": deck, "batman": 10}
    assert view["batman"]["block"] is None and view["batman"]["level"] == 1
    for p in view["players"]:
        assert p["level"] == 1 and p["hand"] == 5 and p["figure"] is None
        assert p["threats"]["reserve"] == 25 and p["henchmen"]["reserve"] == 5
    for v in villains:
        assert city.me(v)["hand"] == 5 and city.me(v)["money"] == 0


def test_example_5_starting_threats_placed_clockwise(http):
    """SETUP: screens' amounts handed out; from the first player clockwise each places its Threats."""
    from games.gcsg.settings import Screen
    s = settings(screens={JOKER: Screen(3, 4, 2), PENGUIN: Screen(2, 3, 5)})
    city = City.new(http, "gcsg", {"villains": [JOKER, PENGUIN], "settings": serial.to_data(s)}, [JOKER, PENGUIN])
    assert (city.me(JOKER)["money"], city.me(JOKER)["information"]) == (4, 2)
    assert (city.me(PENGUIN)["money"], city.me(PENGUIN)["information"]) == (3, 5)
    assert city.turn()["pending"][0]["seat"] == JOKER and city.turn()["step"] == "setup"
    city.no(c.PlaceThreats({A: 2}), "threat_count")  # exactly 3
    city.refused(PENGUIN, "place_threats", "not_your_seat", 403, placements={A: 3})  # the Joker's turn first
    city.run(c.PlaceThreats({A: 2, B: 1}), c.PlaceThreats({C: 2}))
    turn = city.turn()
    assert turn["step"] == "levels" and turn["number"] == 1 and turn["player"] == JOKER


def test_example_6_chained_levels(http):
    """ADVANCING A LEVEL · Verification: ruling 5 blocks, L4 → 5 (6 Information) → 6 (shown, nothing spent)."""
    city = City.of(http, joker_at_4(BLOCKS5, abilities=(5, 6, 7)))
    events = city.run(c.AdvanceLevel(), c.AdvanceLevel())
    assert city.player(JOKER)["level"] == 6 and city.me(JOKER)["information"] == 1
    assert any("shows that it rules 5 blocks" in e["text"] for e in events)
    city.no(c.AdvanceLevel(), "level_needs_money")  # level 6's dial value ($8) not met
    assert city.turn()["ability_due"]  # passed Ability icons on 5 and 6: one card (open question 8)
    city.run(c.ChooseAbility("Laughing Gas"))
    assert not city.turn()["ability_due"]


def seven_block(players):
    state = table(players, "move", TWO_FACE if TWO_FACE in players else players[0])
    put(state, JOKER, A, threats=3, henchmen=1)
    put(state, PENGUIN, A, threats=4)
    if TWO_FACE in players:
        put(state, TWO_FACE, A, threats=2)
    return state


@pytest.mark.parametrize("players", [[JOKER, PENGUIN, TWO_FACE], [JOKER, PENGUIN, TWO_FACE, CROC]])
def test_example_7_ruling_three_or_four_players(http, players):
    """GLOSSARY · Ruling: Joker 4, Penguin 4, Two-Face 2: the tied two rule."""
    state = seven_block(players)
    state.player(TWO_FACE).information = 1
    city = City.of(http, state)
    assert city.block(A)["rulers"] == [JOKER, PENGUIN] and city.block(B)["rulers"] == []
    # Two-Face moves his Villain there: no Villain to fight, the Joker Henchman flees
    city.run(c.Move(villain=A))
    assert city.block(A)["henchmen"].get(JOKER, 0) == 0 and city.player(JOKER)["henchmen"]["hideout"] == 1
    assert city.block(A)["rulers"] == [TWO_FACE] and city.view()["fight"] is None
    assert city.me(TWO_FACE)["information"] == 0


def test_example_7_ruling_two_players(http):
    """PLAYING GOTHAM CITY WITH 2 PLAYERS: a 4–4 tie rules nobody."""
    city = City.of(http, seven_block([JOKER, PENGUIN]))
    assert city.block(A, JOKER)["rulers"] == [] and city.block(A, PENGUIN)["rulers"] == []


def test_example_8_threat_cap(http):
    """GLOSSARY · Threats; FIGHTS BETWEEN VILLAINS; CARD EFFECT note."""
    state = table([CROC, JOKER], "move", CROC)
    put(state, CROC, A, threats=4)
    state.batman.block = C
    state.pending.append(Pending("place_threats", CROC, 2, True, "FVV", reason="a won fight"))
    city = City.of(http, state)
    city.no(c.PlaceThreats({A: 2}), "threat_cap")
    city.no(c.PlaceThreats({A: 1, C: 1}), "batman_block")
    city.run(c.PlaceThreats({A: 1, B: 1}))
    assert city.block(A)["threats"][CROC] == 5 and city.block(B)["threats"][CROC] == 1
    # all 25 on the map: he moves 2 of his own instead
    full = table([CROC, JOKER], "move", CROC)
    full.player(CROC).threats = {f"{d}-{n}": 5 for d, n in [("uptown", 1), ("uptown", 2), ("uptown", 3),
                                                             ("uptown", 4), ("midtown", 2)]}
    full.pending.append(Pending("place_threats", CROC, 2, True, "FVV", reason="a won fight"))
    city = City.of(http, full)
    city.no(c.PlaceThreats({C: 2}), "threats_to_move")
    city.run(c.PlaceThreats({C: 2}, moved_from={"uptown-1": 2}))
    assert city.block("uptown-1")["threats"][CROC] == 3 and city.block(C)["threats"][CROC] == 2
    # a card placing 2 Threats "on different blocks"
    plot = at_plot_effect(table([CROC, JOKER], "plot", CROC))
    plot.turn.effect = "plot"
    city = City.of(http, plot)
    city.no(c.PlaceThreats({A: 2}, different_blocks=True), "different_blocks")
    city.run(c.PlaceThreats({A: 1, B: 1}, different_blocks=True))
    assert city.block(A)["threats"][CROC] == 1 and city.block(B)["threats"][CROC] == 1


def test_example_9_hiring(http):
    """RECRUITING NEW HENCHMEN: $5 each, at most 5."""
    state = table([JOKER, PENGUIN], "hire", JOKER)
    joker = state.player(JOKER)
    joker.money, joker.hideout_henchmen, joker.henchmen = 12, 1, {A: 2}
    city = City.of(http, state)
    assert city.player(JOKER)["henchmen"]["recruited"] == 3 and city.player(JOKER)["henchmen"]["reserve"] == 2
    events = city.run(c.Hire(2))
    assert city.me(JOKER)["money"] == 2
    henchmen = city.player(JOKER)["henchmen"]
    assert henchmen["hideout"] == 3 and henchmen["recruited"] == 5
    assert "spends $10" in events[0]["text"]
    city.no(c.Hire(1), "henchmen_limit")
    poor = table([JOKER, PENGUIN], "hire", JOKER)
    poor.player(JOKER).money = 9
    city = City.of(http, poor)
    city.no(c.Hire(2), "hire_needs_money")
    city.run(c.Hire(1))
    assert city.me(JOKER)["money"] == 4


def test_example_10_moving_into_enemy_henchmen(http):
    """MOVING YOUR FIGURES: outnumber the Henchmen there; enemy Villain or Batman only with your Villain."""
    state = table([JOKER, TWO_FACE, PENGUIN], "move", JOKER)
    joker = state.player(JOKER)
    joker.information, joker.hideout_henchmen = 4, 4
    put(state, TWO_FACE, A, henchmen=2)
    city = City.of(http, state)
    city.no(c.Move(henchmen=(c.HenchmenMove("hideout", A, 2),)), "outnumber")
    city.run(c.Move(henchmen=(c.HenchmenMove("hideout", A, 3),)))
    assert city.me(JOKER)["information"] == 3 and city.block(A)["henchmen"][JOKER] == 3
    assert city.block(A)["henchmen"].get(TWO_FACE, 0) == 0 and city.player(TWO_FACE)["henchmen"]["hideout"] == 2
    put(state, PENGUIN, B, figure=True)
    state.batman.block = C
    city = City.of(http, state)
    city.no(c.Move(henchmen=(c.HenchmenMove("hideout", B, 1),)), "henchmen_need_villain")
    city.no(c.Move(henchmen=(c.HenchmenMove("hideout", C, 1),)), "henchmen_need_villain")
    city.run(c.Move(villain=B, henchmen=(c.HenchmenMove("hideout", B, 2), c.HenchmenMove("hideout", D, 2))))
    assert city.view()["fight"]["block"] == B
    assert city.me(JOKER)["information"] == 3  # one Information however many move


def batman_fight(order=3, fight=2):
    state = at_plot_effect(table([PENGUIN, JOKER, TWO_FACE], "plot", PENGUIN, settings(order=order, fight=fight)))
    state.turn.card_played = False
    put(state, JOKER, A, threats=4, henchmen=2, figure=True)
    return state


@pytest.mark.parametrize("F,d,batman_wins", [(2, 2, True), (3, 1, True), (2, 1, False), (1, BAT, False)])
def test_example_11_fight_with_batman(http, F, d, batman_wins):
    """FIGHTS BETWEEN A VILLAIN AND BATMAN; BAT-SIGNAL: Joker 2 + 2 Henchmen = 4 against d + F; ties to Batman."""
    state = batman_fight(fight=F)
    put(state, PENGUIN, A, threats=1)
    city = City.of(http, state)
    city.run(c.PlayCard(bat_signal=True), c.BatmanCard(A))
    fight = city.view()["fight"]
    assert fight["attacker"] == BATMAN and fight["controller"] == PENGUIN
    assert {m["command"] for m in city.view(PENGUIN)["may"][PENGUIN]} == {"roll_fight"}
    city.run(c.RollFight({JOKER: 2, BATMAN: d}))
    joker, view = city.player(JOKER), city.view()
    if batman_wins:
        assert joker["figure"] is None and joker["henchmen"]["hideout"] == 2 and view["batman"]["block"] == A
        pending = view["turn"]["pending"][0]
        assert (pending["seat"], pending["may"], pending["count"]) == (PENGUIN, False, 3)
        city.no(c.RemoveThreats({JOKER: 2}), "threat_count")  # must remove exactly 3
        city.run(c.RemoveThreats({JOKER: 3}))
        assert sum(city.block(A)["threats"].values()) == 2 and city.block(A)["rulers"] == []
    else:
        assert joker["figure"] == A and view["batman"]["block"] is None and view["batman"]["level"] == 2
        pending = view["turn"]["pending"][0]
        assert (pending["seat"], pending["may"], pending["count"]) == (JOKER, True, 2)


def test_example_11_bat_emblem_and_who_runs_batman(http):
    """FIGHTS BETWEEN A VILLAIN AND BATMAN: the Bat Emblem loses outright; the drawer's own fight → left."""
    city = City.of(http, batman_fight(fight=0))
    city.run(c.PlayCard(bat_signal=True), c.BatmanCard(A))
    events = city.run(c.RollFight({JOKER: BAT, BATMAN: 1}, {JOKER: 5}))
    assert events[0]["data"]["winner"] == BATMAN and city.player(JOKER)["figure"] is None
    own = at_plot_effect(table([JOKER, PENGUIN, TWO_FACE], "plot", JOKER))
    own.turn.card_played = False
    put(own, JOKER, A, threats=4, figure=True)
    city = City.of(http, own)
    city.run(c.PlayCard(bat_signal=True), c.BatmanCard(A))
    assert city.view()["fight"]["controller"] == PENGUIN  # the player to the Joker's left


def test_example_11_exact_odds(http):
    """FIGHTS BETWEEN A VILLAIN AND BATMAN: exact odds over the entered faces (bat, bat, 1, 1, 2, 2)."""
    state = at_plot_effect(table([PENGUIN, JOKER], "plot", PENGUIN, settings(fight=2)))
    state.turn.card_played = False
    put(state, JOKER, A, henchmen=2, figure=True)
    city = City.of(http, state)
    city.run(c.PlayCard(bat_signal=True), c.BatmanCard(A))
    # Joker 1 beats bat (2 of 6): 2/6·2/6; Joker 2 beats bat and 1: 2/6·4/6; ties to Batman
    expected = Fraction(2, 6) * Fraction(2, 6) + Fraction(2, 6) * Fraction(4, 6)
    odds = city.view(JOKER)["fight"]["odds"]
    assert Fraction(odds[JOKER]["numerator"], odds[JOKER]["denominator"]) == expected
    assert Fraction(odds[BATMAN]["numerator"], odds[BATMAN]["denominator"]) == 1 - expected


def test_example_12_income(http):
    """BLOCK INCOMES; BLOCKS OCCUPIED BY BATMAN: the ruler takes m; Batman's block or an empty one: nobody."""
    m = 2

    def base():
        state = at_plot_effect(table([TWO_FACE, JOKER, PENGUIN], "plot", TWO_FACE))
        state.turn.card_played = False
        put(state, TWO_FACE, A, threats=2)
        return state

    city = City.of(http, base())
    city.run(c.PlayCard(income_block=A, income_kind="money", income_amount=m))
    assert city.me(TWO_FACE)["money"] == m
    city.run(c.CarryOutPlot("any"))  # the card's effect follows
    occupied = base()
    occupied.batman.block = A
    city = City.of(http, occupied)
    events = city.run(c.PlayCard(income_block=A, income_kind="money", income_amount=m))
    assert city.me(TWO_FACE)["money"] == 0 and "Batman occupies it" in events[-1]["text"]
    city = City.of(http, base())
    city.run(c.PlayCard(income_block=B, income_kind="money", income_amount=m))
    assert all(city.me(v)["money"] == 0 for v in (TWO_FACE, JOKER, PENGUIN))
    city.run(c.TakeResources(information=2))
    # tied rulers (3 players) each take the full income (open question 2)
    tied = base()
    put(tied, JOKER, B, threats=1)
    put(tied, PENGUIN, B, threats=1)
    city = City.of(http, tied)
    city.run(c.PlayCard(income_block=B, income_kind="information", income_amount=3))
    assert city.me(JOKER)["information"] == 3 and city.me(PENGUIN)["information"] == 3


def test_example_13_shortfall(http):
    """CARRYING OUT THE CRIMINAL PLOT: each other player gives $3, clockwise from the left; Two-Face
    has $2: lifts the screen (shown to all), gives $2."""
    state = at_plot_effect(table([JOKER, PENGUIN, TWO_FACE], "plot", JOKER))
    state.turn.effect = "plot"
    state.player(PENGUIN).money = 7
    state.player(TWO_FACE).money, state.player(TWO_FACE).information = 2, 5
    city = City.of(http, state)
    events = city.run(c.Demand("money", 3))
    assert [e["data"]["from"] for e in events] == [PENGUIN, TWO_FACE]
    assert city.me(TWO_FACE)["money"] == 0 and city.me(PENGUIN)["money"] == 4 and city.me(JOKER)["money"] == 5
    public = city.history("spectator")[-1]["events"]
    assert "lifts the screen ($2 and 5 Information)" in public[1]["text"]  # public: the rules show it
    assert "lifts" not in public[0]["text"] and "$7" not in str(public)  # Penguin paid in full: hidden


@pytest.mark.parametrize("players,last_turn", [(4, 64), (3, 69), (2, 74)])
def test_example_14_end_by_empty_deck(http, players, last_turn):
    """DRAWING A NEW CARD; GAME END AND WINNER: the last card at turn 84 − 5N (P4 at 64 with 4
    players, P3 at 69 with 3, P2 at 74 with 2), then one last turn each. Played with the pure rules
    up to that turn, then the last card and the last turns over HTTP."""
    villains = [JOKER, PENGUIN, TWO_FACE, CROC][:players]
    state = setup(settings(), villains)
    from games.gcsg.apply import apply
    while state.turn.number < last_turn:
        for cmd in (c.Advance(), c.PlayCard(), c.CarryOutPlot(), c.Advance(), c.Advance(), c.Advance()):
            state = apply(state, cmd).state
    city = City.of(http, state)

    def play_turn():
        city.run(c.Advance(), c.PlayCard(), c.CarryOutPlot(), c.Advance(), c.Advance(), c.Advance())

    assert city.turn()["number"] == last_turn and city.turn()["player"] == villains[-1]
    play_turn()  # the last player draws the deck's last card
    view = city.view()
    assert view["decks"]["criminal_plot"] == 0 and view["turn"]["last_card_drawn_by"] == villains[-1]
    for extra, villain in enumerate(villains):
        turn = city.turn()
        assert not city.view()["over"] and turn["number"] == last_turn + 1 + extra and turn["player"] == villain
        play_turn()
    view = city.view()
    assert view["over"] and set(view["winners"]) == set(villains)  # all level 1, all tied


def test_example_15_tie_breaks(http):
    """GAME END AND WINNER: level, then recruited Henchmen, then Information, then Money."""
    def ending(croc_information=2, croc_money=1):
        state = table([JOKER, CROC], "move", CROC)
        state.deck, state.last_card_turn, state.last_card_seat, state.turn.number = 0, 10, CROC, 12
        for v, info, money in ((JOKER, 4, 1), (CROC, croc_information, croc_money)):
            p = state.player(v)
            p.level, p.hideout_henchmen, p.information, p.money = 6, 5, info, money
        return state

    city = City.of(http, ending())
    city.run(c.Advance())
    view = city.view()
    assert view["over"] and view["winners"] == [JOKER]
    assert [u["criterion"] for u in view["standings"]] == ["level", "henchmen", "information"]  # Money not compared
    city = City.of(http, ending(4, 3))
    city.run(c.Advance())
    view = city.view()
    assert view["winners"] == [CROC] and view["standings"][-1]["criterion"] == "money"


def test_level_10_wins_at_once(http):
    """GAME END AND WINNER: reaching level 10 ends the game immediately."""
    state = table([JOKER, CROC], "levels", JOKER, settings(dials={JOKER: {9: ("money", 1)}}))
    state.player(JOKER).level, state.player(JOKER).money = 9, 1
    city = City.of(http, state)
    city.run(c.AdvanceLevel())
    assert city.view()["over"] and city.view()["winners"] == [JOKER]
    city.no(c.Advance(), "game_over")


def test_hidden_takes_setting(http):
    """Open question 16: with `hidden_takes`, which resources were taken stays behind the screen: in
    the other seats' events, the history and the command's public fields."""
    city = City.of(http, at_plot_effect(table([JOKER, PENGUIN], "plot", JOKER, settings(hidden_takes=True))))
    _, mine = city.send(JOKER, "take_resources", money=1, threats={A: 1})
    assert "You took $1 and 1 Threat" in mine[0]["private"]["text"]
    entry = city.history(PENGUIN)[-1]
    public = entry["events"][0]
    assert "$" not in public["text"] and "1 hidden resource" in public["text"] and "money" not in public["data"]
    assert "private" not in public and entry["fields"] == {"hidden": 1, "threats": {A: 1}, "moved_from": {}}
