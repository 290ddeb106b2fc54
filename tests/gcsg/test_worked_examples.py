"""Every example of worked-examples-gcsg.md against the pure rules, each naming its rulebook
heading (gotham-city-strategy-game-en.md has no numbered sections). Values on dials or cards absent
from the text are named test parameters (F Fight value, O Order value, m income), as the examples
say."""
from __future__ import annotations

import pytest

from games.gcsg import fights, registry
from games.gcsg.counters import BATMAN, henchmen_in_reserve, recruited, reserve, threats_in_reserve
from games.events import for_seat
from games.gcsg.ruling import ruled_blocks, rulers
from games.gcsg.turn import setup
from games.gcsg.view import view

from .support import (A, ACE, B, BAT, C, CROC, D, JOKER, PENGUIN, TWO_FACE, at_plot_effect, c, put, refused,
                      run, settings, table, texts)

BLOCKS3 = ["uptown-1", "uptown-2", "uptown-3"]
BLOCKS5 = BLOCKS3 + ["uptown-4", "midtown-2"]


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

def test_example_1_advancing_a_level():
    """ADVANCING A LEVEL · Verification: L4 → 5 for 6 Information (7 → 1); L5 needs 5 blocks, he rules 3."""
    state = joker_at_4(BLOCKS3)
    before = reserve(state, "information")
    state, events = run(state, c.AdvanceLevel())
    joker = state.player(JOKER)
    assert (joker.level, joker.information) == (5, 1)
    assert reserve(state, "information") == before + 6
    assert len(ruled_blocks(state, JOKER)) == 3
    refusal = refused(state, c.AdvanceLevel(), "level_needs_blocks")
    assert refusal.rule == "ADV" and refusal.params == {"villain": JOKER, "level": 5, "to": 6, "amount": 5, "have": 3}
    assert refusal.message == "Level 6 needs blocks ruled: 5 (you rule 3)"
    paid = events[0]
    assert "discards 6 Information" in paid.text  # the 6 discarded are public
    assert for_seat(paid, PENGUIN).get("private") is None  # the 1 left stays private
    assert for_seat(paid, JOKER)["private"]["data"]["information"] == 1
    assert view(state, PENGUIN)["me"]["villain"] == PENGUIN  # Penguin's phone sees only Penguin's stash
    assert view(state, JOKER)["me"]["information"] == 1


def test_example_2_gaining_an_ability():
    """ADVANCING A LEVEL · Gain a new ability: Penguin reaches level 2 (Ability icon), picks any of 5."""
    s = settings(dials={PENGUIN: {1: ("money", 2)}}, abilities={PENGUIN: (2,)})
    state = table([PENGUIN, JOKER], "levels", PENGUIN, s)
    state.player(PENGUIN).money = 2
    state, _ = run(state, c.AdvanceLevel())
    assert state.player(PENGUIN).level == 2 and state.turn.ability_due
    offered = {m["command"]: m["targets"] for m in registry.may_now(state, PENGUIN)}
    assert len(offered["choose_ability"]["card"]) == 5
    refused(state, c.Advance(), "ability_due")
    state, events = run(state, c.ChooseAbility("Hypnotizing Umbrella"))
    seen = next(p for p in view(state, JOKER)["players"] if p["villain"] == PENGUIN)
    assert seen["abilities"] == ["Hypnotizing Umbrella"]  # face up, visible to all
    assert len(seen["abilities_left"]) == 4
    refused(state, c.ChooseAbility("Trained Bird"), "not_now")  # one card for this turn


def test_example_3_bat_signal_no_villain():
    """BAT-SIGNAL: Batman to Ace Chemicals; Penguin's 2 Henchmen → Hideout; up to O = 3 Threats removed."""
    state = at_plot_effect(table([TWO_FACE, PENGUIN, JOKER], "plot", TWO_FACE, settings(order=3)))
    state.turn.card_played = False
    put(state, PENGUIN, ACE, threats=2, henchmen=2)
    put(state, JOKER, ACE, threats=2)
    state, _ = run(state, c.PlayCard(bat_signal=True), c.BatmanCard(ACE))
    penguin = state.player(PENGUIN)
    assert state.batman.block == ACE and state.batman_deck == 9
    assert penguin.henchmen.get(ACE, 0) == 0 and penguin.hideout_henchmen == 2
    assert state.pending[0].seat == TWO_FACE and state.pending[0].may and state.pending[0].count == 3
    refused(state, c.RemoveThreats({PENGUIN: 2, JOKER: 2}), "threat_count")  # up to 3
    state, _ = run(state, c.RemoveThreats({PENGUIN: 2, JOKER: 1}))
    assert (penguin := state.player(PENGUIN)).threats.get(ACE, 0) == 0 and state.player(JOKER).threats[ACE] == 1
    assert rulers(state, ACE) == []  # Batman is there
    state, _ = run(state, c.TakeResources(money=2))  # then the card effect
    assert state.turn.effect == "resources"


def test_example_4_fight_between_villains():
    """FIGHTS BETWEEN VILLAINS: Croc 1 + 2 (Death Roll) = 3 vs Joker 2 + 1 Henchman = 3: the enterer wins."""
    state = table([CROC, JOKER], "move", CROC)
    put(state, JOKER, C, henchmen=1, figure=True)
    croc = state.player(CROC)
    croc.information, croc.abilities = 2, ["Death Roll"]
    state, _ = run(state, c.Move(villain=C))
    assert state.player(CROC).information == 1  # the move cost 1 Information
    assert state.fight.attacker == CROC and state.fight.defender == JOKER
    state, events = run(state, c.RollFight({CROC: 1, JOKER: 2}, {CROC: 2}))
    joker = state.player(JOKER)
    assert joker.figure is None and joker.henchmen.get(C, 0) == 0 and joker.hideout_henchmen == 1
    assert state.player(CROC).figure == C
    assert events[0].data["totals"] == {CROC: 3, JOKER: 3}
    assert state.pending[0].seat == CROC and state.pending[0].count == 2 and state.pending[0].may
    state, _ = run(state, c.PlaceThreats({C: 1, D: 1}))
    assert state.player(CROC).threats == {C: 1, D: 1}


# ------------------------------------------------------------------ constructed

@pytest.mark.parametrize("players,deck", [(2, 74), (3, 69), (4, 64)])
def test_example_5_counters_at_setup(players, deck):
    """COMPONENTS, SETUP: Reserves $80 and 60 Information; 25 Threats, 5 Henchmen each; deck 84 − 5N."""
    s = settings()
    assert s.total("money") == 80 and s.total("information") == 60
    state = setup(s, [JOKER, PENGUIN, TWO_FACE, CROC][:players])
    assert reserve(state, "money") == 80 and reserve(state, "information") == 60
    assert state.deck == deck and state.batman_deck == 10
    assert state.batman.block is None and state.batman.level == 1
    for p in state.players:
        assert p.level == 1 and p.hand == 5 and p.figure is None
        assert threats_in_reserve(state, p) == 25 and henchmen_in_reserve(state, p) == 5


def test_example_5_starting_threats_placed_clockwise():
    """SETUP: screens' amounts handed out; from the first player clockwise each places its Threats."""
    from games.gcsg.settings import Screen
    s = settings(screens={JOKER: Screen(3, 4, 2), PENGUIN: Screen(2, 3, 5)})
    state = setup(s, [JOKER, PENGUIN])
    assert reserve(state, "money") == 80 - 7 and reserve(state, "information") == 60 - 7
    assert state.pending[0].seat == JOKER and state.turn.step == "setup"
    refused(state, c.PlaceThreats({A: 2}), "threat_count")  # exactly 3
    state, _ = run(state, c.PlaceThreats({A: 2, B: 1}), c.PlaceThreats({C: 2}))
    assert state.turn.step == "levels" and state.turn.number == 1 and state.active().villain == JOKER


def test_example_6_chained_levels():
    """ADVANCING A LEVEL · Verification: ruling 5 blocks, L4 → 5 (6 Information) → 6 (shown, nothing spent)."""
    state = joker_at_4(BLOCKS5, abilities=(5, 6, 7))
    state, events = run(state, c.AdvanceLevel(), c.AdvanceLevel())
    joker = state.player(JOKER)
    assert joker.level == 6 and joker.information == 1
    assert any("shows that it rules 5 blocks" in t for t in texts(events))
    refused(state, c.AdvanceLevel(), "level_needs_money")  # level 6's dial value ($8) not met
    assert state.turn.ability_due  # passed Ability icons on 5 and 6: one card (open question 8)
    state, _ = run(state, c.ChooseAbility("Laughing Gas"))
    assert not state.turn.ability_due
    # a later icon in the same turn brings no second card
    state.player(JOKER).money = 8
    state, _ = run(state, c.AdvanceLevel())
    assert state.player(JOKER).level == 7 and not state.turn.ability_due


def seven_block(players):
    state = table(players, "move", TWO_FACE if TWO_FACE in players else players[0])
    put(state, JOKER, A, threats=3, henchmen=1)
    put(state, PENGUIN, A, threats=4)
    if TWO_FACE in players:
        put(state, TWO_FACE, A, threats=2)
    return state


@pytest.mark.parametrize("players", [[JOKER, PENGUIN, TWO_FACE], [JOKER, PENGUIN, TWO_FACE, CROC]])
def test_example_7_ruling_three_or_four_players(players):
    """GLOSSARY · Ruling: Joker 4, Penguin 4, Two-Face 2: the tied two rule."""
    state = seven_block(players)
    assert rulers(state, A) == [JOKER, PENGUIN]
    assert rulers(state, B) == []  # nothing there: nobody rules
    # Two-Face moves his Villain there: no Villain to fight, the Joker Henchman flees
    state.player(TWO_FACE).information = 1
    state, events = run(state, c.Move(villain=A))
    assert state.player(JOKER).henchmen.get(A, 0) == 0 and state.player(JOKER).hideout_henchmen == 1
    assert rulers(state, A) == [TWO_FACE] and state.fight is None
    assert state.player(TWO_FACE).information == 0


def test_example_7_ruling_two_players():
    """PLAYING GOTHAM CITY WITH 2 PLAYERS: a 4–4 tie rules nobody."""
    state = seven_block([JOKER, PENGUIN])
    assert rulers(state, A) == []
    assert next(b for b in view(state, JOKER)["blocks"] if b["id"] == A)["rulers"] == []


def test_example_8_threat_cap():
    """GLOSSARY · Threats; FIGHTS BETWEEN VILLAINS; CARD EFFECT note."""
    state = table([CROC, JOKER], "move", CROC)
    put(state, CROC, A, threats=4)
    state.batman.block = C
    from games.gcsg.counters import Pending
    state.pending.append(Pending("place_threats", CROC, 2, True, "FVV", reason="a won fight"))
    refused(state, c.PlaceThreats({A: 2}), "threat_cap")
    refused(state, c.PlaceThreats({A: 1, C: 1}), "batman_block")
    after, _ = run(state, c.PlaceThreats({A: 1, B: 1}))
    assert after.player(CROC).threats == {A: 5, B: 1}
    # all 25 on the map: he moves 2 of his own instead
    full = table([CROC, JOKER], "move", CROC)
    full.player(CROC).threats = {f"{d}-{n}": 5 for d, n in [("uptown", 1), ("uptown", 2), ("uptown", 3),
                                                             ("uptown", 4), ("midtown", 2)]}
    full.pending.append(Pending("place_threats", CROC, 2, True, "FVV", reason="a won fight"))
    refused(full, c.PlaceThreats({C: 2}), "threats_to_move")
    moved, _ = run(full, c.PlaceThreats({C: 2}, moved_from={"uptown-1": 2}))
    assert moved.player(CROC).threats["uptown-1"] == 3 and moved.player(CROC).threats[C] == 2
    # a card placing 2 Threats "on different blocks"
    plot = at_plot_effect(table([CROC, JOKER], "plot", CROC))
    plot.turn.effect = "plot"
    refused(plot, c.PlaceThreats({A: 2}, different_blocks=True), "different_blocks")
    run(plot, c.PlaceThreats({A: 1, B: 1}, different_blocks=True))


def test_example_9_hiring():
    """RECRUITING NEW HENCHMEN: $5 each, at most 5."""
    state = table([JOKER, PENGUIN], "hire", JOKER)
    joker = state.player(JOKER)
    joker.money, joker.hideout_henchmen, joker.henchmen = 12, 1, {A: 2}
    assert recruited(joker) == 3 and henchmen_in_reserve(state, joker) == 2
    state, events = run(state, c.Hire(2))
    joker = state.player(JOKER)
    assert joker.money == 2 and joker.hideout_henchmen == 3 and recruited(joker) == 5
    assert "spends $10" in events[0].text
    refused(state, c.Hire(1), "henchmen_limit")
    poor = table([JOKER, PENGUIN], "hire", JOKER)
    poor.player(JOKER).money = 9
    refused(poor, c.Hire(2), "hire_needs_money")
    poor, _ = run(poor, c.Hire(1))
    assert poor.player(JOKER).money == 4


def test_example_10_moving_into_enemy_henchmen():
    """MOVING YOUR FIGURES: outnumber the Henchmen there; enemy Villain or Batman only with your Villain."""
    state = table([JOKER, TWO_FACE, PENGUIN], "move", JOKER)
    joker = state.player(JOKER)
    joker.information, joker.hideout_henchmen = 4, 4
    put(state, TWO_FACE, A, henchmen=2)
    refused(state, c.Move(henchmen=(c.HenchmenMove("hideout", A, 2),)), "outnumber")
    after, _ = run(state, c.Move(henchmen=(c.HenchmenMove("hideout", A, 3),)))
    assert after.player(JOKER).information == 3 and after.player(JOKER).henchmen[A] == 3
    assert after.player(TWO_FACE).henchmen.get(A, 0) == 0 and after.player(TWO_FACE).hideout_henchmen == 2
    put(state, PENGUIN, B, figure=True)
    state.batman.block = C
    refused(state, c.Move(henchmen=(c.HenchmenMove("hideout", B, 1),)), "henchmen_need_villain")
    refused(state, c.Move(henchmen=(c.HenchmenMove("hideout", C, 1),)), "henchmen_need_villain")
    fight, _ = run(state, c.Move(villain=B, henchmen=(c.HenchmenMove("hideout", B, 2),
                                                      c.HenchmenMove("hideout", D, 2))))
    assert fight.fight.block == B and fight.player(JOKER).information == 3  # one Information however many move


@pytest.mark.parametrize("F,d,batman_wins", [(2, 2, True), (3, 1, True), (2, 1, False), (1, BAT, False)])
def test_example_11_fight_with_batman(F, d, batman_wins):
    """FIGHTS BETWEEN A VILLAIN AND BATMAN; BAT-SIGNAL: Joker 2 + 2 Henchmen = 4 against d + F; ties to Batman."""
    state = at_plot_effect(table([PENGUIN, JOKER, TWO_FACE], "plot", PENGUIN, settings(order=3, fight=F)))
    state.turn.card_played = False
    put(state, JOKER, A, threats=4, henchmen=2, figure=True)
    put(state, PENGUIN, A, threats=1)
    state, _ = run(state, c.PlayCard(bat_signal=True), c.BatmanCard(A))
    assert state.fight.attacker == BATMAN and state.fight.controller == PENGUIN
    assert {m["command"] for m in registry.may_now(state, PENGUIN)} == {"roll_fight"}
    state, events = run(state, c.RollFight({JOKER: 2, BATMAN: d}))
    joker = state.player(JOKER)
    if batman_wins:
        assert joker.figure is None and joker.hideout_henchmen == 2 and state.batman.block == A
        assert state.pending[0].seat == PENGUIN and not state.pending[0].may and state.pending[0].count == 3
        refused(state, c.RemoveThreats({JOKER: 2}), "threat_count")  # must remove exactly 3
        state, _ = run(state, c.RemoveThreats({JOKER: 3}))
        assert sum(p.threats.get(A, 0) for p in state.players) == 2 and rulers(state, A) == []
    else:
        assert joker.figure == A and state.batman.block is None and state.batman.level == 2
        assert state.pending[0].seat == JOKER and state.pending[0].may and state.pending[0].count == 2


def test_example_11_bat_emblem_and_who_runs_batman():
    """FIGHTS BETWEEN A VILLAIN AND BATMAN: the Bat Emblem loses outright; the drawer's own fight → left."""
    state = at_plot_effect(table([PENGUIN, JOKER, TWO_FACE], "plot", PENGUIN, settings(fight=0)))
    state.turn.card_played = False
    put(state, JOKER, A, threats=4, henchmen=2, figure=True)
    state, _ = run(state, c.PlayCard(bat_signal=True), c.BatmanCard(A))
    state, events = run(state, c.RollFight({JOKER: BAT, BATMAN: 1}, {JOKER: 5}))
    assert events[0].data["winner"] == BATMAN and state.player(JOKER).figure is None
    own = at_plot_effect(table([JOKER, PENGUIN, TWO_FACE], "plot", JOKER))
    own.turn.card_played = False
    put(own, JOKER, A, threats=4, figure=True)
    own, _ = run(own, c.PlayCard(bat_signal=True), c.BatmanCard(A))
    assert own.fight.controller == PENGUIN  # the player to the Joker's left


def test_example_11_exact_odds():
    """FIGHTS BETWEEN A VILLAIN AND BATMAN: exact odds over the entered faces (bat, bat, 1, 1, 2, 2)."""
    state = at_plot_effect(table([PENGUIN, JOKER], "plot", PENGUIN, settings(fight=2)))
    state.turn.card_played = False
    put(state, JOKER, A, henchmen=2, figure=True)
    state, _ = run(state, c.PlayCard(bat_signal=True), c.BatmanCard(A))
    # Joker wins only when not the Bat Emblem (4/6) and 2 + face > Batman's face + 2 (ties to Batman)
    # Joker faces 1 → 3, 2 → 4; Batman bat→2, 1→3, 2→4. Joker 1 beats bat (2 of 6): 2/6·2/6; Joker 2 beats bat, 1: 2/6·4/6
    from fractions import Fraction
    expected = Fraction(2, 6) * Fraction(2, 6) + Fraction(2, 6) * Fraction(4, 6)
    assert fights.odds(state)[JOKER] == expected and fights.odds(state)[BATMAN] == 1 - expected
    assert view(state, TWO_FACE if False else JOKER)["fight"]["odds"][JOKER]["denominator"] == expected.denominator


def test_example_12_income():
    """BLOCK INCOMES; BLOCKS OCCUPIED BY BATMAN: the ruler takes m; Batman's block or an empty one: nobody."""
    m = 2
    base = at_plot_effect(table([TWO_FACE, JOKER, PENGUIN], "plot", TWO_FACE))
    base.turn.card_played = False
    put(base, TWO_FACE, A, threats=2)
    state, events = run(base, c.PlayCard(income_block=A, income_kind="money", income_amount=m))
    assert state.player(TWO_FACE).money == m and reserve(state, "money") == 80 - m
    state, _ = run(state, c.CarryOutPlot("any"))  # the card's effect follows
    base.batman.block = A
    nobody, events = run(base, c.PlayCard(income_block=A, income_kind="money", income_amount=m))
    assert nobody.player(TWO_FACE).money == 0 and "Batman occupies it" in events[-1].text
    empty, events = run(base, c.PlayCard(income_block=B, income_kind="money", income_amount=m))
    assert all(p.money == 0 for p in empty.players)
    run(empty, c.TakeResources(information=2))
    # tied rulers (3 players) each take the full income (open question 2)
    put(base, JOKER, B, threats=1)
    put(base, PENGUIN, B, threats=1)
    tied, _ = run(base, c.PlayCard(income_block=B, income_kind="information", income_amount=3))
    assert tied.player(JOKER).information == 3 and tied.player(PENGUIN).information == 3


def test_example_13_shortfall():
    """CARRYING OUT THE CRIMINAL PLOT: each other player gives $3, clockwise from the left; Two-Face
    has $2: lifts the screen (shown to all), gives $2."""
    state = at_plot_effect(table([JOKER, PENGUIN, TWO_FACE], "plot", JOKER))
    state.turn.effect = "plot"
    state.player(PENGUIN).money = 7
    state.player(TWO_FACE).money, state.player(TWO_FACE).information = 2, 5
    state, events = run(state, c.Demand("money", 3))
    assert [e.data["from"] for e in events] == [PENGUIN, TWO_FACE]
    assert state.player(TWO_FACE).money == 0 and state.player(PENGUIN).money == 4
    assert state.player(JOKER).money == 5
    assert "lifts the screen ($2 and 5 Information)" in events[1].text  # public: the rules show it
    assert "lifts" not in events[0].text  # Penguin paid in full: his stash stays hidden


def play_turn(state, *, last: bool = False):
    state, _ = run(state, c.Advance(), c.PlayCard(), c.CarryOutPlot(), c.Advance(), c.Advance(), c.Advance())
    return state


@pytest.mark.parametrize("players,last_turn", [(4, 64), (3, 69), (2, 74)])
def test_example_14_end_by_empty_deck(players, last_turn):
    """DRAWING A NEW CARD; GAME END AND WINNER: the last card at turn 84 − 5N, then one last turn each."""
    villains = [JOKER, PENGUIN, TWO_FACE, CROC][:players]
    state = setup(settings(), villains)
    while state.last_card_turn is None:
        state = play_turn(state)
    assert state.last_card_turn == last_turn and state.last_card_seat == villains[-1]
    for extra in range(players):
        assert not state.over and state.turn.number == last_turn + 1 + extra
        assert state.active().villain == villains[extra]
        state = play_turn(state)
    assert state.over and state.deck == 0 and set(state.winners) == set(villains)  # all level 1, all tied


def test_example_15_tie_breaks():
    """GAME END AND WINNER: level, then recruited Henchmen, then Information, then Money."""
    state = table([JOKER, CROC], "move", CROC)
    state.deck, state.last_card_turn, state.last_card_seat, state.turn.number = 0, 10, CROC, 12
    for v, info in ((JOKER, 4), (CROC, 2)):
        p = state.player(v)
        p.level, p.hideout_henchmen, p.information, p.money = 6, 5, info, 1
    over, events = run(state, c.Advance())
    assert over.over and over.winners == [JOKER]
    assert [u["criterion"] for u in over.standings] == ["level", "henchmen", "information"]  # Money not compared
    state.player(CROC).information, state.player(CROC).money = 4, 3
    over, _ = run(state, c.Advance())
    assert over.winners == [CROC] and over.standings[-1]["criterion"] == "money"


def test_level_10_wins_at_once():
    """GAME END AND WINNER: reaching level 10 ends the game immediately."""
    state = table([JOKER, CROC], "levels", JOKER, settings(dials={JOKER: {9: ("money", 1)}}))
    state.player(JOKER).level, state.player(JOKER).money = 9, 1
    state, events = run(state, c.AdvanceLevel())
    assert state.over and state.winners == [JOKER]
    refused(state, c.Advance(), "game_over")


def test_variant_face_down_card():
    """VARIANT FOR INCREASED PLAYER INTERACTION: a face-down card from the setup round, played next turn;
    just before drawing, the next one goes face down."""
    state = setup(settings(variant=True), [JOKER, PENGUIN])
    assert all(p.face_down and p.hand == 4 for p in state.players)
    state, _ = run(state, c.Advance(), c.PlayCard(), c.TakeResources(money=2))
    joker = state.player(JOKER)
    assert not joker.face_down and joker.hand == 4
    refused(state, c.PlayCard(), "not_now")
    state, events = run(state, c.Advance(), c.Advance(), c.Advance())
    joker = state.player(JOKER)
    face_down = next(e for e in events if e.kind == "face_down")
    assert joker.face_down and joker.hand == 4 and "face down" in face_down.text  # 4 − 1 + 1 drawn
    assert "private" not in for_seat(face_down, PENGUIN)


def test_hidden_takes_setting():
    """Open question 16: with `hidden_takes`, which resources were taken stays behind the screen."""
    state = at_plot_effect(table([JOKER, PENGUIN], "plot", JOKER, settings(hidden_takes=True)))
    state, events = run(state, c.TakeResources(money=1, threats={A: 1}))
    public = for_seat(events[0], PENGUIN)
    assert "$" not in public["text"] and "1 hidden resource" in public["text"] and "money" not in public["data"]
    assert "You took $1 and 1 Threat" in for_seat(events[0], JOKER)["private"]["text"]


def test_odds_of_a_fight_weighed_before_moving():
    """FIGHTS BETWEEN VILLAINS: the example 4 fight, weighed before Croc moves (Death Roll +2)."""
    from fractions import Fraction
    from games.gcsg.counters import Fight
    state = table([CROC, JOKER], "move", CROC)
    put(state, JOKER, C, henchmen=1, figure=True)
    chances = fights.odds(state, {CROC: 2}, Fight(C, CROC, JOKER))
    # faces bat, bat, 1, 1, 2, 2 (bat = 0): Croc 2 + {0,0,1,1,2,2} against Joker 1 + the same; ties to Croc
    wins = sum(1 for a in (0, 0, 1, 1, 2, 2) for d in (0, 0, 1, 1, 2, 2) if 2 + a >= 1 + d)
    assert chances[CROC] == Fraction(wins, 36) and state.fight is None
