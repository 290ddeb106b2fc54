"""The safe Next (issue 31): the advance offer says what moving on would pass by, so that a phone
never ends another seat's step or skips someone still awaited without saying so and asking.

- "skips": the other seats still awaited at this step (V·B·4-5: each active hero acts; VI·B·3-4:
  the villain's tiles; Versus I·A 3-4: a side's activations), with the code of their decision;
- "ends": on the host's offer, the players' seats whose step it is (IV·A·1: the side playing moves
  the turn on; the host only acts for them).

The phone draws the question from these (pwa/js/now.js); the test in the browser is
tests/browser/test_pwa_safe_next.py.
"""
from __future__ import annotations

from tests.test_turn_guidance import BATMAN, GORDON, Round
from tests.test_versus_api import draft, new_versus, post


def advance_offer(table: dict, seat: str) -> dict | None:
    return next((m for m in table["may"][seat] if m["command"] == "advance"), None)


def test_a_hero_moving_on_is_told_which_heroes_are_still_awaited(http):
    """V·B·4-5: the heroes' actions step is the heroes' together; Batman's Next skips Gordon."""
    game = Round(http)
    game.advance("host")
    game.advance(BATMAN)
    for seat, hero in ((BATMAN, "batman"), (GORDON, "commissioner-gordon")):
        game.send(seat, "/commands/declare_stance", {"hero": hero, "stance": "active"})
    assert game.step == "heroes.actions"
    batman, gordon = advance_offer(game.table, BATMAN), advance_offer(game.table, GORDON)
    assert batman["skips"] == [{"seat": GORDON, "code": "hero_actions", "params": {}}]
    assert gordon["skips"] == [{"seat": BATMAN, "code": "hero_actions", "params": {}}]
    assert "ends" not in batman and "ends" not in gordon  # the step is theirs
    host = advance_offer(game.table, "host")
    assert host["ends"] == [BATMAN, GORDON]
    assert [s["seat"] for s in host["skips"]] == [BATMAN, GORDON]
    assert advance_offer(game.table, "villain") is None  # IV·A·1: not the villain's step


def test_nobody_else_awaited_nothing_to_say(http):
    """A resting hero is not awaited (V·B·4): the only active hero moves on with a plain Next."""
    game = Round(http)
    game.advance("host")
    game.advance(BATMAN)
    game.send(BATMAN, "/commands/declare_stance", {"hero": "batman", "stance": "active"})
    game.send(GORDON, "/commands/declare_stance", {"hero": "commissioner-gordon", "stance": "resting"})
    assert game.step == "heroes.actions"
    assert set(advance_offer(game.table, BATMAN)) == {"command", "targets", "to"}
    # Gordon's phone may still move the heroes' step on, but Batman has not acted: it says so
    assert advance_offer(game.table, GORDON)["skips"] == [{"seat": BATMAN, "code": "hero_actions", "params": {}}]


def test_no_players_phone_starts_the_game_from_the_setup(http):
    """II: the setup is done together at the table; the host's phone says when it is done. A hero's
    or the villain's phone neither offers nor sends the Next that starts turn 1 (issue 31: a hero's
    phone started the game while the others were still setting up), and the host's Next there is
    the host's own power, offered on the host's phone whether it acts as host or not."""
    game = Round(http)
    assert game.step == "setup"
    for seat in (BATMAN, GORDON, "villain"):
        assert advance_offer(game.table, seat) is None
    refused = game.send(BATMAN, "/commands/advance", status=403)
    assert refused["reason"] and http.get(f"/api/tables/{game.code}").json()["turn"]["step"] == "setup"
    assert advance_offer(game.table, "host")["host_only"] is True
    game.advance("host")
    assert game.step == "upkeep" and "host_only" not in advance_offer(game.table, "host")
    assert advance_offer(game.table, BATMAN) is not None  # IV·A·1: the heroes' initiative moves the upkeep on


def test_the_setup_and_the_upkeep_belong_to_the_whole_table(http):
    """IV·A·1: the side with initiative moves the upkeep on, but it is nobody's step to end: the
    host's Next there says nothing."""
    game = Round(http)
    assert game.step == "setup" and "ends" not in advance_offer(game.table, "host")
    game.advance("host")
    assert game.step == "upkeep" and "ends" not in advance_offer(game.table, "host")


def test_the_host_moving_the_villains_turn_on_ends_the_villains_step(http):
    """VI·B·3-4: the villain's tiles are the villain's; the host's offer says it ends them."""
    game = Round(http).to_the_villains_first_tile()
    host = advance_offer(game.table, "host")
    assert host["ends"] == ["villain"]
    assert host["skips"] == [{"seat": "villain", "code": "activate_tile", "params": {"ordinal": 1}}]
    villain = advance_offer(game.table, "villain")
    assert "ends" not in villain and "skips" not in villain
    for seat in (BATMAN, GORDON):
        assert advance_offer(game.table, seat) is None


def test_versus_the_heroes_phone_cannot_end_the_villains_activations(http):
    """Versus I·A 3-4: each side's activations are its own; only its phone moves them on, and the
    host's offer (a phone acting as host) says it ends the villain's."""
    code, heroes, villain = new_versus(http)
    draft(http, code, heroes, villain)
    path = f"/api/tables/{code}/commands/advance"
    table = post(http, path, as_=heroes)["table"]
    while table["turn"]["step"] != "villain.activations":
        table = post(http, path, as_=villain if table["turn"]["side_playing"] == "villain" else heroes)["table"]
    assert advance_offer(table, "heroes") is None
    assert http.post(path, headers=heroes).status_code == 403
    host = advance_offer(table, "host")
    assert host["ends"] == ["villain"]
    assert host["skips"] == [{"seat": "villain", "code": "activations", "params": {"side": "villain"}}]
    assert "ends" not in advance_offer(table, "villain")


def test_the_heroes_finish_their_turn_unanimously(http):
    """V·B·5: "The heroes' turn continues in this way until the heroes decide unanimously to finish
    their turn": each hero's phone says it is done; a finished hero is no longer awaited, nor
    skipped by the other's Next; the last one ends the step (it passes by itself)."""
    game = Round(http)
    game.advance("host")
    game.advance(BATMAN)
    for seat, hero in ((BATMAN, "batman"), (GORDON, "commissioner-gordon")):
        game.send(seat, "/commands/declare_stance", {"hero": hero, "stance": "active"})
    game.send("villain", "/commands/finish_actions", {"hero": "batman"}, status=403)  # Batman's phone says it
    game.send(BATMAN, "/commands/finish_actions", {"hero": "batman"})
    assert [e["kind"] for e in game.events] == ["hero_finished"] and game.events[0]["rule"] == "V·B·5"
    assert next(h for h in game.table["heroes"] if h["id"] == "batman")["finished"] is True
    assert game.awaiting() == [(GORDON, "hero_actions", {})]
    assert "skips" not in advance_offer(game.table, GORDON)
    refused = game.send(BATMAN, "/commands/finish_actions", {"hero": "batman"}, status=409)
    assert refused["reason"] == "hero_already_finished"
    # V·B·5: "If at least one active hero still wishes to perform action(s), the heroes return to
    # the previous step": Batman acting again is no longer done
    game.send(BATMAN, "/commands/move", {"hero": "batman", "moves": [{}]})
    assert game.awaiting() == [(BATMAN, "hero_actions", {}), (GORDON, "hero_actions", {})]
    game.send(BATMAN, "/commands/finish_actions", {"hero": "batman"})
    game.send(GORDON, "/commands/finish_actions", {"hero": "commissioner-gordon"})
    assert game.passed()[:2] == ["heroes.actions", "heroes.end_effects"]
    assert game.step == "villain.start_effects"
    # the next turn's stances start the heroes afresh
    game.advance("villain")
    game.advance("villain")
    while game.step != "heroes.stances":
        seat = "villain" if game.step.startswith("villain") else BATMAN
        game.advance(seat)
    assert [h["finished"] for h in game.table["heroes"]] == [False, False]
