"""Who the table waits for (issue 31, contract C1 in every game): `turn.awaiting`, read from the
registry's windows and senders: Threats due from a seat first (SETUP's starting Threats), then the
active Villain step by step (TURN SUMMARY: levels, card, hire, move). The other Villains are not
awaited on someone else's turn, and the host never is."""
from __future__ import annotations

from games.gcsg.counters import Pending
from games.gcsg.view import view

from .support import JOKER, PENGUIN, TWO_FACE, c, run, table


def awaited(state) -> list[tuple[str, str]]:
    return [(e["seat"], e["code"]) for e in view(state, None)["turn"]["awaiting"]]


def test_threats_due_wait_for_their_villain_even_on_another_turn():
    """GLOS·THREATS: Threats owed by a seat come first, whoever's turn it is (the Penguin places
    starting Threats, SETUP, on the Joker's turn)."""
    state = table([JOKER, PENGUIN])
    state.pending.append(Pending("place_threats", PENGUIN, 2, False, "SETUP", reason="starting Threats"))
    assert awaited(state) == [(PENGUIN, "place_threats")]


def test_the_active_villain_is_awaited_step_by_step():
    state = table([JOKER, PENGUIN, TWO_FACE])
    assert awaited(state) == [(JOKER, "advance_level")]  # levels: advance one, or move on
    state, _ = run(state, c.Advance())
    assert awaited(state) == [(JOKER, "play_card")]  # the card step
    state, _ = run(state, c.PlayCard())
    assert awaited(state) == [(JOKER, "carry_out_plot")]  # carry it out, or take two resources
    state, _ = run(state, c.TakeResources(money=1, information=1))
    assert awaited(state) == [(JOKER, "advance")]  # the plot is done: on to the hire step
    state, _ = run(state, c.Advance())
    assert awaited(state) == [(JOKER, "hire")]
    state, _ = run(state, c.Advance())
    assert awaited(state) == [(JOKER, "move")]
    state, _ = run(state, c.Advance())  # the turn ends: a card is drawn, the Penguin's turn
    assert awaited(state) == [(PENGUIN, "advance_level")]
    assert all(seat != "host" for seat, _ in awaited(state))
