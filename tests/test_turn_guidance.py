"""Turn guidance (issue 20, contracts C1 and C2), through HTTP with the phones' own seats: who the
table waits for (`turn.awaiting`), the steps nobody has anything to decide in passing by themselves
(recorded as `step_passed` events of the command that led there, undone with it), and an ordinary
round of the sample mission in at most 4 advancing taps.

The round, step by step (rulebook IV, V·B, VI·B; the sample mission has a reminder at the upkeep and
one at the villain's start of turn, none at the other effect steps):
- IV·A upkeep: the mission's upkeep reminder is due: the turn stops (tap 1 moves on);
- V·B·1 heroes' upkeep and V·B·2 start effects (no reminder) pass; V·B·3 the stances: each hero
  declares, the last stance passes the step;
- V·B·4-5 the heroes act, then say they are done (tap 2);
- V·B·6 (no reminder), V·B·7 (the app moves the spent cubes), IV·C check 1 (reminders only: IV·C
  NOTE), VI·B·1 the villain's upkeep (the app applies it) pass; VI·B·2 has a reminder: stop;
- the villain reads it and moves on (tap 3); VI·B·3-4 the villain activates two tiles, the second
  the event tile with its reinforcement; the villain ends the turn (tap 4);
- VI·B·5 (no reminder) and IV·E check 2 pass; the next turn's upkeep stops (its reminder).
"""
from __future__ import annotations

from tests.tables import new_table

BATMAN, GORDON = "hero:batman", "hero:commissioner-gordon"


def join(http, code: str, seat: str) -> str:
    r = http.post(f"/api/tables/{code}/seats", json={"seat": seat}, token=None)
    assert r.status_code == 201, r.text
    return r.json()["token"]


class Round:
    def __init__(self, http):
        self.http = http
        self.code = new_table(http, heroes=("Batman", "Commissioner Gordon"))["code"]
        # the attacks below enter the successes read on real dice (IX·D)
        assert http.post(f"/api/tables/{self.code}/commands/set_dice_mode", json={"mode": "physical"}).status_code == 200
        self.tokens = {s: join(http, self.code, s) for s in (BATMAN, GORDON, "villain")}
        self.tokens["host"] = http.tokens[self.code]
        self.taps = 0
        self.table = http.get(f"/api/tables/{self.code}").json()
        self.events: list[dict] = []

    def send(self, seat: str, path: str, body=None, status: int = 200) -> dict:
        r = self.http.post(f"/api/tables/{self.code}{path}", json=body, token=None,
                           headers={"Authorization": f"Bearer {self.tokens[seat]}"})
        assert r.status_code == status, r.text
        if status == 200:
            self.table, self.events = r.json()["table"], r.json()["events"]
        return r.json()

    def advance(self, seat: str) -> dict:
        offer = next(m for m in self.table["may"][seat] if m["command"] == "advance")
        self.taps += 1
        out = self.send(seat, "/commands/advance")
        assert self.step == offer["to"], "the advance offer names the step it stops at"
        return out

    @property
    def step(self) -> str:
        return self.table["turn"]["step"]

    def to_the_villains_first_tile(self) -> "Round":
        """Turn 1 played as far as the villain's first tile: both heroes active, their actions done."""
        self.advance("host")
        self.advance(BATMAN)
        for seat, hero in ((BATMAN, "batman"), (GORDON, "commissioner-gordon")):
            self.send(seat, "/commands/declare_stance", {"hero": hero, "stance": "active"})
        self.advance(BATMAN)
        self.advance("villain")
        return self

    def awaiting(self) -> list[tuple[str, str, dict]]:
        return [(a["seat"], a["code"], a["params"]) for a in self.table["turn"]["awaiting"]]

    def passed(self) -> list[str]:
        return [e["data"]["step"] for e in self.events if e["kind"] == "step_passed"]


def test_an_ordinary_round_of_the_sample_mission_takes_at_most_4_advancing_taps(http):
    game = Round(http)
    game.advance("host")  # setup → turn 1 (the game starts: not a round's tap)
    game.taps = 0
    # IV·A: the upkeep reminder is due: the side with initiative moves on (IV·A·1)
    assert (game.table["turn"]["turn"], game.step) == (1, "upkeep")
    assert game.table["turn"]["reminders"] == ["Sample: if the bomb token is armed, advance its countdown."]
    assert ("hero:batman", "advance", {"to": "heroes.stances", "title": "Heroes: declare stances"}) in game.awaiting()
    assert not [m for m in game.table["may"]["villain"] if m["command"] == "advance"]
    game.advance(BATMAN)  # tap 1
    assert game.passed() == ["heroes.upkeep_start", "heroes.start_effects"]  # V·B·1, V·B·2: nothing to decide
    assert game.step == "heroes.stances"
    assert game.awaiting() == [(BATMAN, "declare_stance", {"hero": "Batman"}),
                               (GORDON, "declare_stance", {"hero": "Commissioner Gordon"})]
    game.send(BATMAN, "/commands/declare_stance", {"hero": "batman", "stance": "active"})
    assert game.step == "heroes.stances" and game.awaiting() == [(GORDON, "declare_stance",
                                                                 {"hero": "Commissioner Gordon"})]
    game.send(GORDON, "/commands/declare_stance", {"hero": "commissioner-gordon", "stance": "active"})
    assert game.passed() == ["heroes.stances"] and game.step == "heroes.actions"  # V·B·3: every hero has one
    assert game.awaiting() == [(BATMAN, "hero_actions", {}), (GORDON, "hero_actions", {})]
    # V·B·5: the heroes act
    game.send(BATMAN, "/commands/attack", {"hero": "batman", "kind": "melee", "cubes": 2, "successes": 3,
                                                 "target_miniature": "thug-with-crowbar.1"})
    game.send(GORDON, "/commands/move", {"hero": "commissioner-gordon", "moves": [{}, {}]})
    assert game.step == "heroes.actions"
    stop = next(m["to"] for m in game.table["may"][GORDON] if m["command"] == "advance")
    assert stop == "villain.start_effects"  # the advance offer names where it stops, not the next step
    game.advance(GORDON)  # tap 2: the heroes are done
    assert game.passed() == ["heroes.end_effects", "heroes.upkeep_end", "end_check_1", "villain.upkeep",
                             ] and game.step == "villain.start_effects"
    assert [e["rule"] for e in game.events if e["kind"] == "upkeep"] == ["V·B·7", "VI·B·1"]
    assert game.awaiting() == [("villain", "advance", {"to": "villain.first_tile",
                                                       "title": "Villain: activate the first tile"})]
    game.advance("villain")  # tap 3: the villain has read the start-of-turn reminder
    assert game.step == "villain.first_tile"
    assert game.awaiting() == [("villain", "activate_tile", {"ordinal": 1})]
    game.send("villain", "/commands/activate_tile", {"side": "villain", "tile": "event"})
    assert game.step == "villain.first_tile"
    assert game.awaiting() == [("villain", "reinforce", {"points": 3})]  # VI·E: spent at once
    game.send("villain", "/commands/reinforce", {"side": "villain", "miniature": "thug-with-crowbar.1"})
    assert game.awaiting() == [("villain", "reinforce", {"points": 1})]
    game.send("villain", "/commands/end_reinforcement", {"side": "villain"})  # VI·E: the point left is lost
    assert game.awaiting() == [("villain", "activate_tile", {"ordinal": 2})]
    game.send("villain", "/commands/activate_tile", {"side": "villain", "tile": "brute-with-chains"})
    assert game.step == "villain.second_tile"
    game.send("villain", "/commands/attack", {"miniature": "brute-with-chains.1", "kind": "melee", "successes": 1,
                                                                    "target_hero": "batman"})
    assert game.step == "villain.second_tile"  # the brute's activation goes on until the villain says
    assert game.awaiting() == [("villain", "advance", {"to": "upkeep", "title": "Upkeep: advance the turn marker, "
                                                                             "upkeep effects"})]
    game.advance("villain")  # tap 4: the villain's turn ends
    assert game.passed() == ["villain.end_effects", "end_check_2"]
    assert (game.table["turn"]["turn"], game.step) == (2, "upkeep")
    assert game.table["command_posts"]["villain"]["activations_this_turn"] == 0  # C9: not "2 of 2" any more
    assert game.taps <= 4, f"{game.taps} advancing taps for a round"


def test_a_passed_step_is_undone_with_the_command_and_shown_in_the_history(http):
    game = Round(http)
    game.advance("host")
    game.advance(BATMAN)
    game.send(BATMAN, "/commands/declare_stance", {"hero": "batman", "stance": "active"})
    version = game.table["version"]
    game.send(GORDON, "/commands/declare_stance", {"hero": "commissioner-gordon", "stance": "resting"})
    # V·B·4: no hero but Batman is active; the stance step passed in the same change
    assert game.passed() == ["heroes.stances"] and game.step == "heroes.actions"
    history = http.get(f"/api/tables/{game.code}/history?limit=50").json()
    last = history[-1]
    assert last["command"] == "DeclareStance"
    assert [e["kind"] for e in last["events"]] == ["stance", "step_passed", "step"]
    assert last["events"][1]["data"] == {"turn": 1, "step": "heroes.stances", "title": "Heroes: declare stances"}
    game.send(GORDON, "/history/undo")
    assert game.table["version"] == version + 2 and game.step == "heroes.stances"
    assert game.awaiting() == [(GORDON, "declare_stance", {"hero": "Commissioner Gordon"})]


def test_the_villains_turn_ends_when_no_tile_can_be_activated(http):
    """VI·B: "The villain's turn ends when they choose or when they cannot activate tiles anymore":
    the event tile as the second activation, its reinforcement done, nothing neutralized to dredge."""
    game = Round(http).to_the_villains_first_tile()
    game.send("villain", "/commands/activate_tile", {"side": "villain", "tile": "thug-with-crowbar"})
    game.send("villain", "/commands/activate_tile", {"side": "villain", "tile": "event"})
    assert game.step == "villain.second_tile" and game.awaiting() == [("villain", "reinforce", {"points": 3})]
    game.send("villain", "/commands/end_reinforcement", {"side": "villain"})
    assert game.passed() == ["villain.second_tile", "villain.end_effects", "end_check_2"]
    assert (game.table["turn"]["turn"], game.step) == (2, "upkeep")


def test_no_first_tile_no_second(http):
    """VI·B·3: "If the villain wishes to activate at least one tile [...]. If not, the game moves
    directly on to the Trigger the End of the Villain's Turn Effects step"."""
    game = Round(http).to_the_villains_first_tile()
    assert next(m["to"] for m in game.table["may"]["villain"] if m["command"] == "advance") == "upkeep"
    game.advance("villain")
    assert game.passed() == ["villain.second_tile", "villain.end_effects", "end_check_2"]


def test_every_hero_resting_passes_the_actions_step(http):
    """V·B·4: "If none of the heroes are active [...] the heroes must move on to the Trigger the End
    of the Heroes' Turn Effects step"."""
    game = Round(http)
    game.advance("host")
    game.advance(BATMAN)
    game.send(BATMAN, "/commands/declare_stance", {"hero": "batman", "stance": "resting"})
    game.send(GORDON, "/commands/declare_stance", {"hero": "commissioner-gordon", "stance": "resting"})
    assert game.passed()[:3] == ["heroes.stances", "heroes.actions", "heroes.end_effects"]
    assert game.step == "villain.start_effects"


def test_a_roll_and_the_defense_are_awaited_from_their_phones(http):
    game = Round(http)
    http.post(f"/api/tables/{game.code}/commands/set_dice_mode", json={"mode": "physical"})
    game.advance("host")
    game.advance(BATMAN)
    for seat, hero in ((BATMAN, "batman"), (GORDON, "commissioner-gordon")):
        game.send(seat, "/commands/declare_stance", {"hero": hero, "stance": "active"})
    game.send(BATMAN, "/commands/start_roll", {"action": "melee", "hero": "batman", "cubes": 1,
                                      "target_miniature": "killer-croc.1"})
    assert game.awaiting() == [(BATMAN, "roll", {"actor": "Batman", "action": "melee"})]
    game.send(BATMAN, "/commands/roll_dice", {"successes": 2})
    if "end_rerolls" in {m["command"] for m in game.table["may"][BATMAN]}:
        assert game.awaiting() == [(BATMAN, "roll", {"actor": "Batman", "action": "melee"})]
        game.send(BATMAN, "/commands/end_rerolls")
    assert game.awaiting() == [("villain", "defend", {"defender": "Killer Croc", "attacker": "Batman"})]
