"""Private stashes (GLOSSARY · Money, Information, Hideout): three seats play through the Game
adapter; no seat's view, events or export ever holds another seat's Money or Information, before
and after an undo (undo modelled as going back to a previous state and applying from there). The
Reserves are on the table for all (SETUP) and a priced offer names what the dial or the hire asks
(ADV, HIRE): neither is a stash."""
from __future__ import annotations

import json

import games
from games import serial
from games.gcsg.settings import Screen

from .support import A, B, C, JOKER, PENGUIN, TWO_FACE, settings

SEATS = [JOKER, PENGUIN, TWO_FACE]
STASH_KEYS = {"money", "information", "money_tokens", "information_tokens"}
GAME = games.get("gcsg")  # the game as the API reaches it


def stash_keys(node, path=()):
    """Paths of every stash-looking key in a JSON tree."""
    found = []
    if isinstance(node, dict):
        for k, v in node.items():
            if k in STASH_KEYS:
                found.append(path + (k,))
            found += stash_keys(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            found += stash_keys(v, path + (i,))
    return found


def check_view(state, seat):
    seen = GAME.view(state, seat)
    json.dumps(seen)  # JSON-ready
    for path in stash_keys(seen):
        assert path[0] == "me" or path[:2] == ("reserves", path[1]) and len(path) == 2 \
            or path[0] == "may" and path[3] == "price", (seat, path)
    assert seen["reserves"] == GAME.view(state, None)["reserves"]  # the same for every seat
    if seat in SEATS:
        assert seen["me"]["villain"] == seat
        p = state.player(seat)
        assert (seen["me"]["money"], seen["me"]["information"]) == (p.money, p.information)
    else:
        assert "me" not in seen


def check_events(events, seat):
    for event in GAME.events_for(events, seat):
        json.dumps(event)
        private = event.get("private")
        if private is not None:
            assert seat in SEATS and "Behind your screen" in private["text"]
        assert "Behind your screen" not in event["text"]
        if "revealed" in event["data"]:  # only a player short of a demand lifts the screen (CARRY)
            assert "lifts the screen" in event["text"]


def check_export(state, seat):
    data = GAME.export(state, seat)
    assert data["hidden"]
    for p in data["players"]:
        if p["villain"] != seat:
            assert p["money"] is None and p["information"] is None and p["hand"] is None
        else:
            assert p["money"] == state.player(seat).money


def copied(state):
    """The state as the store keeps it, read back (the whole state: `dump`, never an export)."""
    return GAME.load(json.loads(GAME.dump(state)))


def new(s, villains):
    return GAME.setup({"villains": villains, "settings": serial.to_data(s)})


def step(state, history, name, **fields):
    state, events = GAME.apply(copied(state), GAME.command(name, fields))
    history.append((state, events))
    return state


def test_no_seat_sees_another_stash_before_and_after_undo():
    s = settings(screens={JOKER: Screen(2, 11, 7), PENGUIN: Screen(2, 13, 9), TWO_FACE: Screen(1, 17, 4)})
    state = new(s, SEATS)
    history = [(state, [])]
    state = step(state, history, "place_threats", placements={A: 2})
    state = step(state, history, "place_threats", placements={B: 2})
    state = step(state, history, "place_threats", placements={C: 1})
    # the Joker's turn: income from A, hire, move
    state = step(state, history, "advance")
    state = step(state, history, "play_card", income_block=A, income_kind="money", income_amount=3)
    state = step(state, history, "take_resources", information=1, threats={A: 1})
    state = step(state, history, "advance")
    state = step(state, history, "hire", count=2)
    state = step(state, history, "advance")
    state = step(state, history, "move", villain=B, henchmen=[{"source": "hideout", "to": C, "count": 2}])
    before_undo = state
    state = step(state, history, "advance")
    # the Penguin's turn: a plot demanding Money (Two-Face falls short and lifts the screen)
    state = step(state, history, "advance")
    state = step(state, history, "play_card")
    state = step(state, history, "carry_out_plot", title="Hypothetical demand")
    state = step(state, history, "demand", kind="money", amount=20)
    # undo: back to before the Joker's draw, and play something else from there
    state = before_undo
    state = step(state, history, "advance")
    state = step(state, history, "advance")
    state = step(state, history, "play_card", bat_signal=True)
    state = step(state, history, "batman_card", block=A)
    for seat in SEATS + ["host", "spectator"]:
        for past, events in history:
            check_view(past, seat)
            check_events(events, seat)
            check_export(past, seat)
    # the seat refusal: a phone sends only its own commands
    remove = GAME.command("remove_threats", {"threats": {JOKER: 1}})
    assert state.pending[0].seat == PENGUIN  # the Penguin's Bat-Signal: he may remove Threats
    assert GAME.seat_refusal(JOKER, remove, state) is not None
    assert GAME.seat_refusal("spectator", remove, state) is not None
    assert GAME.seat_refusal(PENGUIN, remove, state) is None and GAME.seat_refusal("host", remove, state) is None
    assert [m["command"] for m in GAME.may_now(state, PENGUIN)] == ["remove_threats", "decline"]
    assert GAME.may_now(state, JOKER) == [] and GAME.may_now(state, "spectator") == []


def test_a_seat_export_cannot_be_resumed():
    state = new(settings(), SEATS)
    import pytest
    for seat in (JOKER, "host", None):
        with pytest.raises(ValueError):
            GAME.resume(GAME.export(state, seat))
    whole = serial.to_data(state)  # the store's copy resumes
    assert serial.to_data(GAME.resume(json.loads(json.dumps(whole)))) == whole


def test_dump_load_and_commands_from_json():
    state = new(settings(), SEATS)
    assert GAME.load(json.loads(GAME.dump(state))) == state
    import pytest
    from games.gcsg.errors import RuleRefused
    with pytest.raises(RuleRefused) as caught:
        GAME.command("fly", {})
    assert caught.value.code == "unknown_command"
    with pytest.raises(RuleRefused) as caught:
        GAME.command("hire", {"how_many": 2})
    assert caught.value.code == "unknown_field"  # the same code in every game (games.serial.build_command)
    assert GAME.seat_names(state) == ["host", JOKER, PENGUIN, TWO_FACE]
