"""What a Strategy Game player reads, over HTTP against a real Redis (issue 31): the Reserves (SETUP),
the Batman deck counted as the Bat-Signal draws (SIGNAL), the last fight kept in every phone's view
until the next fight (FVV, FVB), the last round's turns left (END), and the level and Recruit
offers with their requirement, price and why (ADV, HIRE). Every number is read back from the API by
a phone other than the one that sent the command where the point is that all phones see it."""
from __future__ import annotations

from tests.gcsg.support import A, BAT, C, CROC, JOKER, PENGUIN, TWO_FACE, at_plot_effect, c, put, settings, table
from tests.test_gcsg_api import City

BATMAN = "batman"
EVERY_PHONE = (JOKER, PENGUIN, TWO_FACE, "host", "spectator")


def test_the_reserves_are_on_every_phone_and_follow_a_take(http):
    """SETUP: the Reserves next to the board; TAKE: two resources from them."""
    state = at_plot_effect(table([JOKER, PENGUIN, TWO_FACE], "plot", JOKER))
    state.player(JOKER).money = 6
    city = City.of(http, state)
    before = city.view(PENGUIN)["reserves"]
    assert before == {"money": 74, "information": 60, "threats": {JOKER: 25, PENGUIN: 25, TWO_FACE: 25},
                      "henchmen": {JOKER: 5, PENGUIN: 5, TWO_FACE: 5}}
    city.run(c.TakeResources(money=1, threats={A: 1}))
    seen = [city.view(seat)["reserves"] for seat in EVERY_PHONE]
    assert all(r == seen[0] for r in seen)
    assert (seen[0]["money"], seen[0]["information"], seen[0]["threats"][JOKER]) == (73, 60, 24)


def test_the_batman_deck_counts_the_card_as_the_bat_signal_draws_it(http):
    """SIGNAL: "Immediately draw the first Batman card": 9 left before the destination is entered."""
    state = at_plot_effect(table([TWO_FACE, PENGUIN], "plot", TWO_FACE))
    state.turn.card_played = False
    city = City.of(http, state)
    events = city.run(c.PlayCard(bat_signal=True))
    assert city.view(PENGUIN)["decks"]["batman"] == 9 and events[-1]["data"]["batman_deck"] == 9
    city.run(c.BatmanCard(None))
    assert city.view("spectator")["decks"]["batman"] == 9


def test_the_last_fight_is_in_every_phones_view_until_the_next(http):
    """FIGHTS BETWEEN VILLAINS: Killer Croc's phone enters the dice; the Joker's, the Penguin's, the
    host's and a spectator's read both sides' dice, totals and the outcome, after the answer and after an undo."""
    state = table([CROC, JOKER, PENGUIN], "move", CROC)
    put(state, JOKER, C, henchmen=1, figure=True)
    state.player(CROC).information = 1
    city = City.of(http, state)
    city.run(c.Move(villain=C))
    assert city.view(PENGUIN)["last_fight"] is None
    city.send(CROC, "roll_fight", dice={CROC: 1, JOKER: 2}, modifiers={CROC: 2})
    for seat in (JOKER, PENGUIN, "host", "spectator"):
        last = city.view(seat)["last_fight"]
        assert (last["dice"], last["totals"], last["winner"], last["loser"], last["reason"]) == (
            {CROC: 1, JOKER: 2}, {CROC: 3, JOKER: 3}, CROC, JOKER, "tie"), seat
    city.run(c.PlaceThreats({C: 2}))
    assert city.view(JOKER)["last_fight"]["winner"] == CROC  # still there as play goes on
    city.travel("host", "undo")
    city.travel("host", "undo")  # back before the dice: no outcome yet
    assert city.view(PENGUIN)["last_fight"] is None and city.view(PENGUIN)["fight"] is not None


def test_a_fight_with_batman_reads_the_same_everywhere(http):
    """FIGHTS BETWEEN A VILLAIN AND BATMAN: the Bat Emblem makes Batman win; the Penguin ran him."""
    state = at_plot_effect(table([JOKER, PENGUIN], "plot", JOKER))
    state.turn.card_played = False
    put(state, JOKER, A, threats=1, figure=True)
    city = City.of(http, state)
    city.run(c.PlayCard(bat_signal=True), c.BatmanCard(A), c.RollFight({JOKER: BAT, BATMAN: 1}))
    last = city.view("spectator")["last_fight"]
    assert (last["winner"], last["reason"], last["controller"], last["rule"]) == (BATMAN, "bat_emblem", PENGUIN, "FVB")


def test_the_last_round_says_the_turns_left(http):
    """GAME END AND WINNER: one last turn each, ending with the player who drew the last card."""
    state = table([JOKER, PENGUIN, TWO_FACE], "move", PENGUIN)
    state.deck, state.turn.number = 1, 8
    city = City.of(http, state)
    assert city.turn()["last_round"] is None
    city.run(c.Advance())
    assert city.view(JOKER)["turn"]["last_round"] == {"drawer": PENGUIN, "turns": [TWO_FACE, JOKER, PENGUIN],
                                                      "turns_left": 3}


def test_the_level_and_recruit_offers_carry_their_price_on_the_villains_phone_only(http):
    """ADVANCING A LEVEL: $4 shown and discarded, $3 behind the screen: offered, not affordable, with the
    advance's own refusal; RECRUITING: $5 each. The host's and the others' views carry neither."""
    s = settings(dials={JOKER: {1: ("money", 4)}})
    state = table([JOKER, PENGUIN], "levels", JOKER, s)
    state.player(JOKER).money = 3
    city = City.of(http, state)
    mine = {m["command"]: m for m in city.view(JOKER)["may"][JOKER]}
    level = mine["advance_level"]
    assert (level["requirement"], level["price"], level["affordable"]) == (
        {"level": 1, "to": 2, "kind": "money", "amount": 4}, {"money": 4}, False)
    refusal = city.refused(JOKER, "advance_level", level["why"]["code"])
    assert refusal["params"] == level["why"]["params"] and refusal["message"] == "Level 2 needs $4"
    host = city.view("host")["may"]["host"]
    assert all(m["command"] != "advance_level" and "price" not in m for m in host)
    assert "may" not in city.view(PENGUIN) or JOKER not in city.view(PENGUIN)["may"]
    city.run(c.Advance(), c.PlayCard(), c.TakeResources(money=2), c.Advance())
    hire = next(m for m in city.view(JOKER)["may"][JOKER] if m["command"] == "hire")
    assert hire["price"] == {"money_per_henchman": 5} and hire["affordable"] is True  # $5 now
