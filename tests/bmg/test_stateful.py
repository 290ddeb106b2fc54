"""A Hypothesis state machine plays random legal-looking commands (drawn from may_now's targets,
any seat, dice from a seeded rng) and checks after every step:

* markers never above their caps nor negative (0 ≤ ★ ≤ Willpower, 0 ≤ ♦ ≤ Endurance);
* a Casualty never acts again;
* each model activates at most once per round;
* a player's Audacity markers are never in another seat's view, nor in its events, before the
  model activates (DAMAGE MARKERS; KNOCKED OUT; EXECUTE THE PLAN; RAISE THE PLAN)."""
from __future__ import annotations

import json

from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from games.bmg.check import check_table
from games.bmg.errors import RuleRefused
from games.bmg.table import player_seat

from .helpers import GAME, card, crew, table

ACTING = ("activate", "move", "melee", "ranged", "manipulate", "special", "melee_declared", "defend",
          "attack_effort", "effort", "skill_roll", "recovery")
SKILLS = ["willpower", "endurance", "movement", "attacks", "strength", "defense", "special"]


def _fields(name: str, targets: dict, data, t) -> dict:
    pick = lambda key: data.draw(st.sampled_from(targets[key]))  # noqa: E731
    if name == "roll_lead" or name == "roll_event" or name == "dispute":
        return {"player": pick("player")}
    if name == "roll_die":
        return {"player": pick("player"), "kind": data.draw(st.sampled_from(["d6", "d3", "randomize"])),
                "add": data.draw(st.integers(-2, 2)), "halve": data.draw(st.booleans()),
                "items": data.draw(st.integers(0, 7))}
    if name == "choose_initiative":
        return {"player": pick("player"), "initiative": pick("initiative")}
    if name == "place_audacity":
        models = targets["models"]
        n = targets["count"][0]
        return {"player": pick("player"), "models": data.draw(st.permutations(models))[:n]}
    if name in ("activate", "end_activation", "recovery_roll", "special_action", "hand_crown"):
        return {"model": pick("model")}
    if name == "move":
        return {"model": pick("model"), "impaired": data.draw(st.integers(0, 2)),
                "fall_distance": data.draw(st.one_of(st.none(), st.integers(0, 12)))}
    if name == "melee_attack":
        model = t.models[pick("model")]
        effort = data.draw(st.integers(0, 2))
        dice = model.skill("attacks") + effort
        return {"model": model.id, "weapon": pick("weapon"), "effort": effort, "shares": [
            {"target": pick("target"), "dice": dice, "strength_die": True,
             "defender_effort": data.draw(st.integers(0, min(2, dice))),
             "enemies_in_contact": data.draw(st.integers(1, 3))}]}
    if name == "declare_melee":
        model = t.models[pick("model")]
        return {"model": model.id, "weapon": pick("weapon"), "shares": [
            {"target": pick("target"), "dice": model.skill("attacks"), "strength_die": True,
             "enemies_in_contact": data.draw(st.integers(1, 3))}]}
    if name in ("defend", "attack_effort"):
        fields = {"model": pick("model"), "effort": pick("effort")}
        if name == "attack_effort":
            fields["target"] = pick("target")
        return fields
    if name in ("roll_melee", "cancel_melee"):
        return {"model": pick("model")}
    if name == "ranged_attack":
        return {"model": pick("model"), "weapon": pick("weapon"), "target": pick("target"),
                "cover": data.draw(st.booleans())}
    if name == "manipulate":
        what = pick("what")
        fields = {"model": pick("model"), "what": what}
        if what == "reveal_suspect" and targets["owner"]:
            fields["owner"] = pick("owner")
        return fields
    if name == "skill_roll":
        return {"model": pick("model"), "skill": data.draw(st.sampled_from(SKILLS))}
    if name == "damage":
        return {"model": pick("model"), "stun": data.draw(st.integers(0, 4)), "injury": data.draw(st.integers(0, 3)),
                "hits": data.draw(st.integers(1, 2))}
    if name == "pay_effort":
        return {"model": pick("model"), "effort": data.draw(st.integers(1, 3))}
    if name == "heal":
        return {"model": pick("model"), "stun": data.draw(st.integers(0, 3)), "injury": data.draw(st.integers(0, 1))}
    if name == "set_status":
        return {"model": pick("model"), "status": data.draw(st.sampled_from(["Knocked Down", "Poison"])),
                "on": data.draw(st.booleans())}
    if name == "reload":
        return None
    if name == "mulligan":
        return {"player": pick("player"), "count": data.draw(st.integers(0, 4))}
    if name in ("play_objective", "score_objective", "fail_objective"):
        names = targets.get("name") or ["Objective"]
        fields = {"player": pick("player"), "name": data.draw(st.sampled_from(names + ["Objective"]))}
        if name == "score_objective":
            fields["vp"] = data.draw(st.integers(0, 3))
        return fields
    if name == "play_resource":
        return {"player": pick("player"), "cost": data.draw(st.integers(0, 3))}
    if name in ("pass", "discard_objective"):
        return {"player": pick("player")}
    if name == "advance":
        return {}
    raise AssertionError(f"no strategy for {name}")


class BmgMachine(RuleBasedStateMachine):
    @initialize(n_a=st.integers(1, 4), n_b=st.integers(1, 4), willpower=st.integers(2, 7),
                endurance=st.integers(1, 6), rng=st.randoms(use_true_random=False))
    def setup(self, n_a, n_b, willpower, endurance, rng):
        gun = {"name": "Gun", "damage": "♦", "rof": 2, "ammo": 2, "strength": 4}
        claws = {"name": "Claws", "damage": "♦★"}
        cards = [card(f"a{i}", rank="Leader" if i == 0 else "Henchman", affiliation="A", willpower=willpower,
                      endurance=endurance, weapons=[gun, claws]) for i in range(n_a)]
        cards += [card(f"b{i}", rank="Leader" if i == 0 else "Henchman", affiliation="B", willpower=willpower + 1,
                       endurance=endurance, special=2, weapons=[claws]) for i in range(n_b)]
        self.t = table(crew(*[f"a{i}" for i in range(n_a)], name="A"), crew(*[f"b{i}" for i in range(n_b)], name="B"),
                       cards=cards)
        self.rng = rng
        self.activations: dict[tuple[int, str], int] = {}
        self.casualties: set[str] = set()

    @rule(data=st.data())
    def send(self, data):
        seat = data.draw(st.sampled_from(GAME.seat_names(self.t) + ["spectator"]))
        may = GAME.may_now(self.t, seat)
        if not may:
            return
        offer = data.draw(st.sampled_from(may))
        fields = _fields(offer["command"], offer["targets"], data, self.t)
        if fields is None:
            return
        command = GAME.command(offer["command"], fields)
        assert GAME.seat_refusal(seat, command, self.t) is None, (seat, offer)
        round_number = self.t.round.number
        try:
            public = GAME.public_command(command, self.t)
            new, events = GAME.apply(self.t, command, self.rng)
        except RuleRefused:
            return
        for event in events:
            if event["kind"] in ACTING:
                assert event["data"].get("model") not in self.casualties, event
            if event["kind"] == "activate":
                key = (round_number, event["data"]["model"])
                self.activations[key] = self.activations.get(key, 0) + 1
                assert self.activations[key] == 1, event
            if event["kind"] == "round":
                round_number = event["data"]["round"]
        secret = {m.id for m in new.models.values() if m.audacity and not m.revealed}
        assert not (set(public.get("models") or []) & secret)  # a plan's public form
        for other in GAME.seat_names(new) + ["spectator", None]:
            for event in GAME.events_for(events, other):
                if event.get("seat") is not None:
                    assert event["seat"] == other
                    continue
                assert not (set(event["data"].get("models") or []) & secret), event
        self.t = new
        self.casualties |= {m.id for m in self.t.models.values() if m.casualty}

    @invariant()
    def markers_within_caps(self):
        for m in self.t.models.values():
            assert 0 <= m.stun <= m.card.willpower, m
            assert 0 <= m.injury <= m.card.endurance, m
            assert m.ko == (not m.casualty and m.stun >= m.card.willpower)
            assert not (m.ko and m.knocked_down)
            assert all(v is None or 0 <= v <= 2 for v in m.magazines.values())

    @invariant()
    def the_import_check_holds(self):
        check_table(self.t)  # every table the rules reach imports again (games/bmg/check.py)

    @invariant()
    def casualties_stay_out(self):
        for model_id in self.casualties:
            assert self.t.models[model_id].casualty and not self.t.models[model_id].can_activate

    @invariant()
    def audacity_only_in_the_owners_view(self):
        for seat in GAME.seat_names(self.t) + ["spectator", None]:
            view = GAME.view(self.t, seat)
            for m in view["models"]:
                model = self.t.models[m["id"]]
                if seat != player_seat(model.player) and not model.revealed:
                    assert m["audacity"] is None, (seat, m["id"])
            json.dumps(view, default=str)


BmgMachine.TestCase.settings = settings(max_examples=20, stateful_step_count=30, deadline=None,
                                        suppress_health_check=[HealthCheck.too_slow])
TestBmgStateful = BmgMachine.TestCase
