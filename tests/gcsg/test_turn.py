"""The turn in its printed steps (TURN SUMMARY) and who may act (seats), with the refusals that
keep the order."""
from __future__ import annotations

from games.gcsg import registry
from games.gcsg.counters import threats_in_reserve
from games.gcsg.turn import setup

from .support import A, B, JOKER, PENGUIN, TWO_FACE, at_plot_effect, c, refused, run, settings, table


def test_steps_in_order_and_only_the_player_on_turn():
    """TURN SUMMARY: levels, card, hire, move, draw; each action only in its step."""
    state = setup(settings(), [JOKER, PENGUIN, TWO_FACE])
    assert [m["command"] for m in registry.may_now(state, JOKER)] == ["advance", "advance_level"]
    assert registry.may_now(state, PENGUIN) == []
    assert registry.may_now(state, "host")[0] == {"command": "advance", "targets": {}, "to": "plot"}
    refused(state, c.Hire(1), "not_now")
    refused(state, c.PlayCard(), "not_now")
    state, _ = run(state, c.Advance())
    refused(state, c.Advance(), "card_not_played")
    assert "advance" not in [m["command"] for m in registry.may_now(state, JOKER)]  # not offered either
    state, _ = run(state, c.PlayCard())
    refused(state, c.Advance(), "effect_due")
    assert "advance" not in [m["command"] for m in registry.may_now(state, "host")]
    refused(state, c.TakeResources(money=3), "take_two")
    state, _ = run(state, c.TakeResources(money=1, information=1))
    assert "advance" in [m["command"] for m in registry.may_now(state, JOKER)]  # the plot is done
    state, _ = run(state, c.Advance())
    refused(state, c.Move(villain=A), "not_now")
    state, _ = run(state, c.Advance())
    state, _ = run(state, c.Move(villain=A))
    refused(state, c.Move(villain=B), "not_now")  # once a turn (open question 13)
    joker_hand, deck = state.player(JOKER).hand, state.deck
    state, _ = run(state, c.Advance())
    assert state.player(JOKER).hand == joker_hand + 1 and state.deck == deck - 1
    assert state.active().villain == PENGUIN and state.turn.step == "levels" and state.turn.number == 2


def test_refused_commands_change_nothing():
    state = table([JOKER, PENGUIN], "move", JOKER)
    before = repr(state)
    refused(state, c.Move(villain=JOKER), "unknown_block")
    refused(state, c.Move(villain=A), "not_enough")  # no Information to move
    refused(state, c.Move(villain="hideout"), "nothing_to_move")
    assert repr(state) == before


def test_taking_a_threat_with_none_left_moves_one():
    """GLOSSARY · Threats: no Threats left in the Reserves: move one already on the map."""
    state = at_plot_effect(table([JOKER, PENGUIN], "plot", JOKER))
    joker = state.player(JOKER)
    joker.threats = {f"uptown-{n}": 5 for n in range(1, 5)} | {"midtown-2": 5}
    assert threats_in_reserve(state, joker) == 0
    refused(state, c.TakeResources(money=1, threats={B: 1}, moved_from={A: 1}), "threat_cap")  # uptown-2 holds 5
    refused(state, c.TakeResources(money=1, threats={"downtown-1": 1}), "threats_to_move")
    state, _ = run(state, c.TakeResources(money=1, threats={"downtown-1": 1}, moved_from={A: 1}))
    assert state.player(JOKER).threats[A] == 4 and state.player(JOKER).threats["downtown-1"] == 1
