"""What a player reads at the table (issue 31): the Reserves (SETUP, GLOS·RESERVES), the Batman deck
counted as the Bat-Signal draws (SIGNAL), the last fight's outcome kept for every phone until the
next fight (FVV, FVB), the last round's turns left (END), and the level and Recruit offers with their
requirement, price and affordability (ADV, HIRE). Each test names its rulebook heading
(gotham-city-strategy-game-en.md)."""
from __future__ import annotations

from games.gcsg import registry
from games.gcsg.turn import setup
from games.gcsg.view import view

from .support import (A, ACE, B, BAT, C, CROC, D, JOKER, PENGUIN, TWO_FACE, at_plot_effect, c, put, run, settings,
                      table)
from games.gcsg.settings import Screen

BATMAN = "batman"
SEATS = [JOKER, PENGUIN, TWO_FACE, "host", "spectator", None]


def reserves(state) -> dict:
    """The Reserves every seat reads, checked to be the same for all of them."""
    seen = [view(state, seat)["reserves"] for seat in SEATS if seat is None or seat in ("host", "spectator")
            or seat in state.seats()]
    assert all(r == seen[0] for r in seen)
    return seen[0]


def offer(state, seat: str, name: str) -> dict | None:
    return next((m for m in registry.may_now(state, seat) if m["command"] == name), None)


# ------------------------------------------------------------------ the Reserves

def test_reserves_at_setup_hold_what_the_screens_did_not_hand_out():
    """SETUP: "Place Money tokens, Information tokens, Threat tokens, Henchmen … next to the board.
    This is the Reserves"; COMP: $80, 60 Information, 25 Threats and 5 Henchmen a Villain."""
    screens = {JOKER: Screen(0, 7, 3), PENGUIN: Screen(0, 5, 6)}
    state = setup(settings(screens=screens), [JOKER, PENGUIN])
    assert reserves(state) == {"money": 80 - 12, "information": 60 - 9, "threats": {JOKER: 25, PENGUIN: 25},
                               "henchmen": {JOKER: 5, PENGUIN: 5}}


def test_reserves_follow_every_token_taken_and_returned():
    """TAKE (two resources from the Reserves), HIRE ($5 each, Henchmen from the Reserves), MOVE
    (1 Information discarded), ADV (Money shown and discarded), SIGNAL (removed Threats go back)."""
    s = settings(dials={JOKER: {1: ("money", 4)}}, order=3)
    state = at_plot_effect(table([JOKER, PENGUIN, TWO_FACE], "plot", JOKER, s))
    joker = state.player(JOKER)
    joker.money, joker.information = 10, 3
    start = reserves(state)
    assert (start["money"], start["information"]) == (70, 57)
    state, _ = run(state, c.TakeResources(money=1, threats={A: 1}))
    r = reserves(state)
    assert (r["money"], r["information"], r["threats"][JOKER]) == (69, 57, 24)
    state, _ = run(state, c.Advance())
    state, _ = run(state, c.Hire(1))  # $5 back to the Reserves, a Henchman out of them
    r = reserves(state)
    assert (r["money"], r["henchmen"][JOKER], r["henchmen"][PENGUIN]) == (74, 4, 5)
    state, _ = run(state, c.Advance())
    state, _ = run(state, c.Move(henchmen=(c.HenchmenMove("hideout", B, 1),)))  # 1 Information discarded
    assert reserves(state)["information"] == 58
    # the next turns: the Penguin's Bat-Signal takes the Joker's Threat off A, back to his Reserves
    state, _ = run(state, c.Advance())
    assert state.active().villain == PENGUIN
    state, _ = run(state, c.Advance(), c.PlayCard(bat_signal=True), c.BatmanCard(A), c.RemoveThreats({JOKER: 1}))
    assert reserves(state)["threats"][JOKER] == 25
    # ADV: the Joker's $4 goes back when he advances (his turn again)
    state, _ = run(state, c.TakeResources(money=2), c.Advance(), c.Advance(), c.Advance())  # Penguin's turn ends
    state, _ = run(state, c.Advance(), c.PlayCard(), c.TakeResources(information=2), c.Advance(), c.Advance(),
                   c.Advance())  # Two-Face's
    before = reserves(state)["money"]
    state, _ = run(state, c.AdvanceLevel())
    assert state.player(JOKER).level == 2 and reserves(state)["money"] == before + 4


# ------------------------------------------------------------------ the Batman deck

def test_the_batman_deck_is_counted_when_the_bat_signal_draws():
    """SIGNAL: "Immediately draw the first Batman card from the deck": the deck is one card shorter as
    soon as the Bat-Signal shows, before the card's destination is entered; the destination does
    not count it again."""
    state = at_plot_effect(table([TWO_FACE, PENGUIN], "plot", TWO_FACE))
    state.turn.card_played = False
    state, events = run(state, c.PlayCard(bat_signal=True))
    assert view(state, None)["decks"]["batman"] == 9 and state.turn.signal_due
    assert [e.kind for e in events] == ["card_played", "signal"] and events[-1].data["batman_deck"] == 9
    state, _ = run(state, c.BatmanCard(ACE))
    assert view(state, None)["decks"]["batman"] == 9


def test_an_empty_batman_deck_is_reshuffled_at_the_draw():
    """SIGNAL; open question 9: the Bat-Signal on an empty Batman deck reshuffles it, then draws."""
    state = at_plot_effect(table([TWO_FACE, PENGUIN], "plot", TWO_FACE))
    state.turn.card_played, state.batman_deck = False, 0
    state, events = run(state, c.PlayCard(bat_signal=True))
    assert [e.kind for e in events][1:] == ["batman_reshuffled", "signal"] and state.batman_deck == 9


def test_a_table_stored_before_the_draw_was_counted_counts_it_at_the_destination():
    """SIGNAL: a table saved mid-signal by the earlier app (the card not yet counted) still counts it once."""
    state = at_plot_effect(table([TWO_FACE, PENGUIN], "plot", TWO_FACE))
    state.turn.signal_due = True  # signal_drawn left False, as such a table has it
    state, _ = run(state, c.BatmanCard(None))
    assert state.batman_deck == 9


# ------------------------------------------------------------------ the last fight

def test_the_last_fight_stays_in_every_view_until_the_next_fight():
    """FIGHTS BETWEEN VILLAINS: Croc 1 + 2 (Death Roll) against the Joker 2 + 1 Henchman: a tie goes to
    Croc, who entered. Every phone reads both sides' dice, modifiers, totals and the winner, through the
    Threats he places, until the next fight starts."""
    state = table([CROC, JOKER, PENGUIN], "move", CROC)
    put(state, JOKER, C, henchmen=1, figure=True)
    state.player(CROC).information = 2
    state, _ = run(state, c.Move(villain=C))
    assert view(state, None)["last_fight"] is None
    state, _ = run(state, c.RollFight({CROC: 1, JOKER: 2}, {CROC: 2}))
    expected = {"block": C, "attacker": CROC, "defender": JOKER, "controller": None, "dice": {CROC: 1, JOKER: 2},
                "modifiers": {CROC: 2, JOKER: 1}, "totals": {CROC: 3, JOKER: 3}, "winner": CROC, "loser": JOKER,
                "reason": "tie", "rule": "FVV", "turn": state.turn.number}
    for seat in (CROC, JOKER, PENGUIN, "host", "spectator", None):
        assert view(state, seat)["last_fight"] == expected
    state, _ = run(state, c.PlaceThreats({C: 2}), c.Advance())  # the turn goes on: still there
    assert view(state, PENGUIN)["last_fight"] == expected and state.active().villain == JOKER
    # the next fight replaces it: the Joker walks back in
    state.player(JOKER).information = 1
    state.turn.step, state.turn.card_played, state.turn.effect = "move", True, "resources"
    state, _ = run(state, c.Move(villain=C))
    assert state.fight is not None and view(state, None)["last_fight"] is None
    state, _ = run(state, c.RollFight({JOKER: BAT, CROC: 2}))
    assert view(state, None)["last_fight"]["winner"] == CROC and view(state, None)["last_fight"]["reason"] == "higher"


def test_a_bat_emblem_against_batman_is_the_fights_reason():
    """FIGHTS BETWEEN A VILLAIN AND BATMAN: "If you roll the Bat Emblem – Batman automatically wins"."""
    state = at_plot_effect(table([JOKER, PENGUIN], "plot", JOKER, settings(fight=2)))
    state.turn.card_played = False
    put(state, JOKER, A, threats=1, figure=True)
    state, _ = run(state, c.PlayCard(bat_signal=True), c.BatmanCard(A))
    state, _ = run(state, c.RollFight({JOKER: BAT, BATMAN: 1}, {JOKER: 5}))
    last = view(state, JOKER)["last_fight"]
    assert (last["winner"], last["loser"], last["reason"], last["controller"]) == (BATMAN, JOKER, "bat_emblem", PENGUIN)
    assert last["totals"] == {JOKER: 5, BATMAN: 3} and last["rule"] == "FVB"


# ------------------------------------------------------------------ the last round

def test_the_turns_left_after_the_last_card():
    """GAME END AND WINNER: "each player gets one last turn … ending with the player who drew the last
    card": the view lists them, the turn being played first, down to none left."""
    state = table([JOKER, PENGUIN, TWO_FACE], "move", TWO_FACE)
    state.deck, state.turn.number = 1, 9
    assert view(state, None)["turn"]["last_round"] is None
    state, _ = run(state, c.Advance())  # Two-Face draws the last card
    lr = view(state, "host")["turn"]["last_round"]
    assert lr == {"drawer": TWO_FACE, "turns": [JOKER, PENGUIN, TWO_FACE], "turns_left": 3}
    for left in ([PENGUIN, TWO_FACE], [TWO_FACE]):
        state, _ = run(state, c.Advance(), c.PlayCard(), c.TakeResources(money=2), c.Advance(), c.Advance(),
                       c.Advance())
        assert view(state, None)["turn"]["last_round"]["turns"] == left
    state, _ = run(state, c.Advance(), c.PlayCard(), c.TakeResources(money=2), c.Advance(), c.Advance(),
                   c.Advance())
    assert state.over and view(state, None)["turn"]["last_round"] is None


def test_the_last_card_drawn_by_a_plot_leaves_the_drawers_own_turn_out():
    """END: a plot that draws the last card in the Joker's turn: that turn is not one of the last turns;
    the others play theirs, the Joker last."""
    state = at_plot_effect(table([JOKER, PENGUIN], "plot", JOKER))
    state.deck, state.turn.number, state.turn.effect = 1, 5, "plot"
    state, _ = run(state, c.DrawCards(1))
    assert view(state, None)["turn"]["last_round"] == {"drawer": JOKER, "turns": [PENGUIN, JOKER], "turns_left": 2}


# ------------------------------------------------------------------ the level and Recruit offers

def test_the_level_offer_says_its_requirement_price_and_why():
    """ADVANCING A LEVEL · Verification: "If the requirement is a certain amount of money or information,
    you must show and discard the corresponding amount": the offer's price; not met: the refusal the
    advance would give, in its code and numbers."""
    s = settings(dials={JOKER: {1: ("money", 4), 2: ("blocks", 2)}})
    state = table([JOKER, PENGUIN], "levels", JOKER, s)
    state.player(JOKER).money = 3
    level = offer(state, JOKER, "advance_level")
    assert level["requirement"] == {"level": 1, "to": 2, "kind": "money", "amount": 4}
    assert level["price"] == {"money": 4} and level["affordable"] is False
    assert level["why"] == {"code": "level_needs_money", "params": {"villain": JOKER, "level": 1, "to": 2, "amount": 4}}
    assert offer(state, "host", "advance_level") is None  # behind the Joker's screen: his phone's offer only
    state.player(JOKER).money = 4
    level = offer(state, JOKER, "advance_level")
    assert level["affordable"] is True and "why" not in level
    state, _ = run(state, c.AdvanceLevel())
    level = offer(state, JOKER, "advance_level")  # ruled blocks are only shown: no price
    assert "price" not in level and level["requirement"] == {"level": 2, "to": 3, "kind": "blocks", "amount": 2,
                                                             "have": 0}
    assert level["why"]["code"] == "level_needs_blocks" and level["why"]["params"]["have"] == 0
    put(state, JOKER, A, threats=1)
    put(state, JOKER, B, threats=1)
    assert offer(state, JOKER, "advance_level")["affordable"] is True


def test_the_recruit_offer_says_its_price_and_why():
    """RECRUITING NEW HENCHMEN: "spending $5 for each recruited Henchman … a maximum of 5 Henchmen"."""
    state = table([JOKER, PENGUIN], "hire", JOKER)
    joker = state.player(JOKER)
    joker.money = 4
    hire = offer(state, JOKER, "hire")
    assert hire["price"] == {"money_per_henchman": 5} and hire["affordable"] is False
    assert hire["why"] == {"code": "hire_needs_money", "params": {"villain": JOKER, "count": 1, "needed": 5}}
    assert offer(state, "host", "hire") is None
    joker.money, joker.hideout_henchmen = 5, 4
    assert offer(state, JOKER, "hire")["affordable"] is True
    joker.hideout_henchmen = 5
    hire = offer(state, JOKER, "hire")
    assert hire["affordable"] is False and hire["why"]["code"] == "henchmen_limit" and hire["targets"]["count"] == []
