"""worked-examples-bmg.md over HTTP against a real Redis: the printed examples (A1-A22) and the
constructed ones (C1-C8), each citing its rulebook heading (batman-miniature-game-en.md). Tables are
set up through POST /api/games/bmg/tables (crews from the sample library or test cards with values
picked for the test, as tests/bmg/helpers.py does), commands go through POST
/api/tables/{code}/commands/{name} — the host's phone, or a player's own phone for what only it may
send (its plan) — and every number is read from the answers and views.

Every printed example has its route: A2 (modifying dice, fractions and rounding, the D3) through the
roll_die command a player uses for an effect the companion does not track."""
from __future__ import annotations

from tests.bmg.helpers import card, crew
from tests.game_http import GameTable

SEATS = ["player:a", "player:b"]


class Skirmish(GameTable):
    """A two-player BMG table (players "a" and "b") over HTTP."""

    @classmethod
    def of(cls, http, a: dict, b: dict, cards=(), **options) -> "Skirmish":
        options = {"players": [{"id": "a", "name": "A", "crew": a}, {"id": "b", "name": "B", "crew": b}],
                   "cards": list(cards), **options}
        return cls.new(http, "bmg", options, SEATS)

    def play(self, _name: str, _seat: str = "host", **fields) -> tuple[dict, list[dict]]:
        return self.send(_seat, _name, **fields)

    def no(self, _name: str, _code: str, _seat: str = "host", **fields) -> dict:
        return self.refused(_seat, _name, _code, **fields)

    def model(self, model_id: str, seat="host") -> dict:
        return next(m for m in self.view(seat)["models"] if m["id"] == model_id)

    def player(self, pid: str) -> dict:
        return next(p for p in self.view()["players"] if p["id"] == pid)

    def round(self) -> dict:
        return self.view()["round"]

    def to_execute(self, initiative: str = "a", audacity: dict | None = None) -> None:
        """Round 1 to III. Execute the Plan: a rolls 6, b rolls 1, a gives the Initiative to
        `initiative`; each player places its Audacity markers from its own phone."""
        self.play("roll_lead", player="a", value=6)
        self.play("roll_lead", player="b", value=1)
        view, _ = self.play("choose_initiative", player="a", initiative=initiative)
        if view["event"] is not None and view["round"]["phase"] == "take_the_lead":
            view, _ = self.play("roll_event", player=initiative, value=1)
        for pid in ("a", "b"):
            seat = f"player:{pid}"
            offered = [m for m in self.view(seat)["may"][seat] if m["command"] == "place_audacity"]
            if not offered:
                continue
            targets = offered[0]["targets"]
            chosen = list((audacity or {}).get(pid, []))
            chosen += [m for m in targets["models"] if m not in chosen][:targets["count"][0] - len(chosen)]
            self.play("place_audacity", seat, player=pid, models=chosen)
        assert self.round()["phase"] == "execute_the_plan"

    def finish_activations(self) -> None:
        """Activate and end every remaining model in turn until the Recount."""
        while (view := self.view())["round"]["phase"] == "execute_the_plan":
            r = view["round"]
            if r["activation"] is not None:
                self.play("end_activation", model=r["activation"]["model"])
                continue
            model = next(m["id"] for m in view["models"] if m["player"] == r["turn"] and m["can_activate"])
            self.play("activate", model=model)
            self.play("end_activation", model=model)

    def to_recount_step(self, step: int) -> None:
        while (r := self.round())["phase"] == "recount" and r["recount_step"] < step:
            self.play("advance")


# ------------------------------------------------------------------ part A: printed in the rulebook


def test_a1_success_threshold_no_summing(http):
    """A1 — THE FIRST STEPS › Dice: 4+ is 4, 5 or 6; a 2 and a 3 are not added to 5. Attacks 4:
    the dice 2, 3, 4, 6 are 2 hits."""
    t = Skirmish.of(http, crew("hitter", name="A"), crew("target", name="B"),
                    cards=[card("hitter", rank="Leader", attacks=4), card("target", rank="Leader", defense=4)])
    t.to_execute()
    t.play("activate", model="a.hitter")
    _, events = t.play("melee_attack", model="a.hitter", weapon="Unarmed",
                       shares=[{"target": "b.target", "dice": 4, "strength_die": True, "attack_values": [2, 3, 4, 6],
                                "strength_value": 1, "defense_values": [1, 1, 1, 1]}])
    assert events[-1]["data"]["hits"] == 2


def test_a2_modifiers_rounding_d3(http):
    """A2 — THE FIRST STEPS › Modifying Dice Rolls, Fractions and Rounding, Reading the Dice: D6+1
    gives 2 to 7; half of 5 rounds down to 2; the D3 maps 1–2→1, 3–4→2, 5–6→3."""
    t = Skirmish.of(http, crew("batman", name="Bats"), crew("joker", name="Joker"))

    def result(**fields):
        _, events = t.play("roll_die", "player:a", player="a", **fields)
        return events[-1]["data"]["result"]

    assert [result(kind="d6", add=1, value=v) for v in range(1, 7)] == [2, 3, 4, 5, 6, 7]
    assert result(kind="d6", halve=True, value=5) == 2
    assert [result(kind="d3", value=v) for v in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    assert result(kind="d6", halve=True, add=1, value=5) == 3        # divide first, then add
    assert [result(kind="randomize", items=4, value=v) for v in (1, 4, 5)] == [1, 4, None]  # 5–6: roll again
    t.no("roll_die", "bad_die", "player:a", player="a", kind="d6", value=7)


def test_a3_impaired_movement(http):
    """A3 — MOVEMENT ACTION › Impaired Movement: 10" on Difficult Ground ⇒ 6"; two sources −8"; min 0."""
    for movement, impaired, bmd in ((10, 1, 6), (10, 2, 2), (6, 2, 0)):
        t = Skirmish.of(http, crew("runner", name="A"), crew("foe", name="B"),
                        cards=[card("runner", rank="Leader", movement=movement), card("foe", rank="Leader")])
        t.to_execute()
        t.play("activate", model="a.runner")
        _, events = t.play("move", model="a.runner", impaired=impaired)
        assert events[-1]["data"]["bmd"] == bmd


def test_a4_jump_then_fall_through_a_move(http):
    """A4 — MOVEMENT ACTION (fig.): BMD 8", the Jump makes it 4"; a 7" drop is more than 4" and less
    than double: ♦♦ (the caption's numbers: Open question 4)."""
    t = Skirmish.of(http, crew("jumper", name="A"), crew("foe", name="B"),
                    cards=[card("jumper", rank="Leader", movement=8), card("foe", rank="Leader")])
    t.to_execute()
    t.play("activate", model="a.jumper")
    _, events = t.play("move", model="a.jumper", impaired=1, fall_distance=7)
    jumper = t.model("a.jumper")
    assert jumper["injury"] == 2 and not jumper["casualty"]
    assert events[-1]["data"] == {"model": "a.jumper", "distance": 7, "bmd": 4, "outcome": "injury"}


def test_a5_outnumbered(http):
    """A5 — MELEE ATTACK › Melee Modifiers: touching 3 enemies: Defense −2 and 2 fewer defense dice."""
    t = Skirmish.of(http, crew("hitter", name="A"), crew("target", name="B"),
                    cards=[card("hitter", rank="Leader", attacks=3), card("target", rank="Leader", defense=4)])
    t.to_execute()
    t.play("activate", model="a.hitter")
    _, events = t.play("melee_attack", model="a.hitter", weapon="Unarmed",
                       shares=[{"target": "b.target", "dice": 3, "strength_die": True, "enemies_in_contact": 3,
                                "attack_values": [2, 2, 5], "strength_value": 1, "defense_values": [1, 1]}])
    hit = events[-1]["data"]
    assert hit["defense"] == 2 and len(hit["defense_dice"]) == 2 and hit["hits"] == 3


def test_a6_heavy(http):
    """A6 — MELEE WEAPONS: Heavy adds +1 to the Strength die (3 + 1 against Strength 4: a hit); only a
    natural 6 is a critical."""
    t = Skirmish.of(http, crew("batman", "killer-croc", name="Bats"), crew("joker", name="Joker"))
    t.to_execute(audacity={"a": ["a.killer-croc"]})
    t.play("activate", model="a.killer-croc")
    _, events = t.play("melee_attack", model="a.killer-croc", weapon="Sewer Pipe",
                       shares=[{"target": "b.joker", "dice": 3, "strength_die": True, "attack_values": [1, 1, 1],
                                "strength_value": 3}])
    assert events[-1]["data"]["strength_hit"] and not events[-1]["data"]["critical"]


def test_a7_effort_blocked_by_willpower(http):
    """A7 — EFFORT: Willpower 7 with 6 ★: one more would be KO, so 0 Effort."""
    t = Skirmish.of(http, crew("batman", name="Bats"), crew("joker", name="Joker"))
    assert t.model("a.batman")["skills"]["willpower"] == 7
    t.play("damage", model="a.batman", stun=6)
    assert t.model("a.batman")["max_effort"] == 0
    refusal = t.no("pay_effort", "effort_would_ko", model="a.batman", effort=1)
    assert refusal["rule"] == "EFFORT"


def test_a8_effort_against_a_skill_roll(http):
    """A8 — EFFORT: a target that would roll 4 dice for Willpower rolls 2D6 after 2 Effort (+2 ★ to
    the user); 4 dice entered where 2 are rolled are refused."""
    t = Skirmish.of(http, crew("hypnotist", name="A"), crew("target", name="B"),
                    cards=[card("hypnotist", rank="Leader"), card("target", rank="Leader", special=4, willpower=7)])
    _, events = t.play("skill_roll", model="b.target", skill="willpower", effort_by="a.hypnotist", effort=2,
                       values=[3, 4])
    assert t.model("a.hypnotist")["stun"] == 2
    assert events[0]["data"]["dice"] == [3, 4] and events[0]["data"]["passed"]
    t.no("skill_roll", "dice_count", model="b.target", skill="willpower", effort_by="a.hypnotist", effort=1,
         values=[1, 1, 1, 1])


def test_a9_effort_in_melee(http):
    """A9 — EFFORT LIMIT (fig.): Batman, Attacks 5; the Thug defends with 3 Effort, Batman adds 2:
    4 attack dice (5 − 3 + 2) and the Strength die; +3 ★ on the Thug, +2 ★ on Batman. Step by step,
    each side from its own phone: the defender's Effort first (melee_flow)."""
    t = Skirmish.of(http, crew("batman", name="Bats"), crew("joker", "thug", name="Joker"))
    t.to_execute()
    t.play("activate", "player:a", model="a.batman")
    t.play("declare_melee", "player:a", model="a.batman", weapon="Unarmed",
           shares=[{"target": "b.thug", "dice": 5, "strength_die": True}])
    t.refused("player:a", "defend", "not_your_seat", 403, model="b.thug", effort=3)
    t.play("defend", "player:b", model="b.thug", effort=3)
    t.play("attack_effort", "player:a", model="a.batman", effort=2)
    _, events = t.play("roll_melee", "player:b", model="a.batman",
                       rolls=[{"target": "b.thug", "attack_values": [1, 1, 1, 1], "strength_value": 1,
                               "defense_values": []}])
    hit = next(e["data"] for e in events if e["kind"] == "attack")
    assert len(hit["attack_dice"]) == 4 and hit["strength_die"] == 1
    assert t.model("a.batman")["stun"] == 2 and t.model("b.thug")["stun"] == 3


def test_a_declared_melee_rolled_with_real_dice_over_http(http):
    """THE FIRST STEPS › Dice, THE DEFENSE ROLL (issue 31): a declared melee's real dice entered from
    a phone, each die as it shows. Attack dice that hit without the defense dice are refused with
    the code and how many dice the defender rolls, changing nothing; with them the attack resolves
    on those exact dice and every phone's table shows the markers."""
    t = Skirmish.of(http, crew("batman", name="Bats"), crew("joker", "thug", name="Joker"))
    t.to_execute()
    t.play("activate", "player:a", model="a.batman")
    t.play("declare_melee", "player:a", model="a.batman", weapon="Unarmed",
           shares=[{"target": "b.joker", "dice": 5, "strength_die": True}])
    t.play("defend", "player:b", model="b.joker", effort=0)
    t.play("attack_effort", "player:a", model="a.batman", effort=0)
    attack = {"target": "b.joker", "attack_values": [6, 1, 1, 1, 1], "strength_value": 1}
    answer = t.refused("player:a", "roll_melee", "defense_dice_missing", model="a.batman", rolls=[attack])
    defense = t.model("b.joker")["skills"]["defense"]
    assert answer["params"] == {"model": "b.joker", "hits": 1, "needed": defense}
    assert answer["rule"] == "THE DEFENSE ROLL"
    t.refused("player:b", "roll_melee", "dice_count", model="a.batman",
              rolls=[{**attack, "defense_values": [1] * (defense + 1)}])
    _, events = t.play("roll_melee", "player:b", model="a.batman", rolls=[{**attack, "defense_values": [1] * defense}])
    hit = next(e["data"] for e in events if e["kind"] == "attack")
    assert (hit["attack_dice"], hit["defense_dice"], hit["standing"]) == ([6, 1, 1, 1, 1], [1] * defense, 1)
    assert t.model("b.joker", "player:a")["stun"] == 2 and t.round()["melee"] is None  # Batman's Unarmed ★★


def test_a10_cover_removes_the_strength_die_first(http):
    """A10 — RANGED ATTACK (fig.) and STRENGTH DICE: the Thug's Automatic Gun (RoF 3) at a target in
    Cover: 1 die removed, the Strength die first: 3 attack dice, no Strength die."""
    t = Skirmish.of(http, crew("batman", name="Bats"), crew("joker", "thug", name="Joker"))
    t.to_execute(initiative="b", audacity={"b": ["b.thug"]})
    t.play("activate", model="b.thug")
    _, events = t.play("ranged_attack", model="b.thug", weapon="Automatic Gun", target="a.batman", cover=True,
                       attack_values=[1, 1, 1])
    assert events[0]["data"]["removals"] == 1
    assert events[-1]["data"]["attack_dice"] == [1, 1, 1] and events[-1]["data"]["strength_die"] is None


def test_a11_strength_die_replaced(http):
    """A11 — STRENGTH DICE: a Sawed-off Shotgun (only the Strength die) at a target with Bat-Armor
    MkI (removes the Strength die) in Cover rolls 1 attack die and no Strength die."""
    t = Skirmish.of(http, crew("batman", name="Bats"), crew("joker", name="Joker"))
    t.to_execute(initiative="b")
    t.play("activate", model="b.joker")
    _, events = t.play("ranged_attack", model="b.joker", weapon="Sawed-off Shotgun", target="a.batman",
                       cover=True, strength_die_removed=True, attack_values=[5])
    assert events[-1]["data"]["attack_dice"] == [5] and events[-1]["data"]["strength_die"] is None


def test_a12_critical_choice(http):
    """A12 — STRENGTH DICE › Critical Hits: a natural 6 on a TASER's Strength die is a hit and the
    player applies one effect: Knocked Down or Stunned; another choice is refused."""
    for choice, knocked, status in (("Knocked Down", True, []), ("Stunned", False, ["Stunned"])):
        t = Skirmish.of(http, crew("gordon", "swat", name="Law"), crew("joker", name="Joker"))
        t.to_execute(audacity={"a": ["a.swat"]})
        t.play("activate", model="a.swat")
        if choice == "Stunned":
            t.no("ranged_attack", "critical_choice", model="a.swat", weapon="TASER", target="b.joker",
                 attack_values=[1], strength_value=6, critical="Poison")
        _, events = t.play("ranged_attack", model="a.swat", weapon="TASER", target="b.joker", attack_values=[1],
                           strength_value=6, critical=choice)
        joker = t.model("b.joker")
        assert events[-1]["data"]["critical"] and events[-1]["data"]["standing"] == 1
        assert joker["knocked_down"] is knocked and joker["statuses"] == status


def test_a13_hits_on_a_ko_model(http):
    """A13 — KNOCKED OUT: Claws ♦★ per hit; two hits on a KO target are ♦♦★ each, ♦♦♦♦ in all once
    the ★ are discarded above Willpower."""
    t = Skirmish.of(http, crew("boss", name="A"), crew("target", name="B"),
                    cards=[card("boss", rank="Leader"), card("target", rank="Leader", endurance=10)])
    t.play("damage", model="b.target", stun=6)
    assert t.model("b.target")["ko"]
    _, events = t.play("damage", model="b.target", stun=1, injury=1, hits=2)
    target = t.model("b.target")
    assert (events[0]["data"]["injury"], events[0]["data"]["stun"]) == (4, 0)
    assert target["injury"] == 4 and target["stun"] == 6


def test_a14_extra_rank_slots(http):
    """A14 — RANK: 351–500 Rep: 2 Free Agents (and 2 Vehicles); at 350, 1."""
    cards = [card("l", rank="Leader"), card("f1", rank="Free Agent"), card("f2", rank="Free Agent"),
             card("foe", rank="Leader", affiliation="B")]
    for limit in (351, 500):
        Skirmish.of(http, crew("l", "f1", "f2", name="A"), crew("foe", name="B"), cards=cards, limit=limit)
    r = http.post("/api/games/bmg/tables", json={
        "limit": 350, "cards": cards, "players": [{"id": "a", "crew": crew("l", "f1", "f2", name="A")},
                                                  {"id": "b", "crew": crew("foe", name="B")}]})
    assert r.status_code == 409 and r.json()["reason"] == "rank_slots" and r.json()["rule"] == "RANK"
    assert r.json()["params"] == {"rank": "Free Agent", "count": 2, "most": 1}


def test_a15_funding_stash(http):
    """A15 — EQUIPMENT AND FUNDING: a 350 game gives $1500; Agent Barsad (Henchman, 38 Rep, $600)
    leaves $900 for equipment: $900 fits, $901 does not."""
    leader = card("boss", rank="Leader", affiliation="Bane")

    def setup(equipment):
        bane = {"name": "Bane", "boss": "boss", "members": [{"card": "boss"}, {"card": "barsad"}],
                "equipment": equipment}
        return http.post("/api/games/bmg/tables", json={
            "cards": [leader, card("foe", rank="Leader", affiliation="B")],
            "players": [{"id": "a", "crew": bane}, {"id": "b", "crew": crew("foe", name="B")}]})

    assert setup(900).status_code == 201
    r = setup(901)
    assert r.status_code == 409 and r.json()["rule"] == "EQUIPMENT AND FUNDING", r.text


def test_a16_multi_rank_model(http):
    """A16 — RANK: Talia al Ghul (Leader and Sidekick) taken as the Sidekick leaves the Leader slot
    free; in play she has both ranks."""
    t = Skirmish.of(http, {"name": "League", "boss": "ra", "members": [{"card": "ra"},
                                                                       {"card": "talia", "rank": "Sidekick"}]},
                    crew("joker", name="Joker"), cards=[card("ra", rank="Leader", affiliation="League of Assassins")])
    talia = t.model("a.talia")
    assert talia["rank"] == "Sidekick" and talia["ranks"] == ["Leader", "Sidekick"]


def test_a17_game_size(http):
    """A17 — REPUTATION LIMIT: quick 150 Rep with a $500 stash: a $600 Henchman does not fit; at
    350 ($1500) it does."""
    leader = card("boss", rank="Leader", affiliation="Bane")
    for limit, status in ((350, 201), (150, 409)):
        bane = {"name": "Bane", "boss": "boss", "members": [{"card": "boss"}, {"card": "barsad"}]}
        r = http.post("/api/games/bmg/tables", json={
            "limit": limit, "cards": [leader, card("foe", rank="Leader", affiliation="B")],
            "players": [{"id": "a", "crew": bane}, {"id": "b", "crew": crew("foe", name="B")}]})
        assert r.status_code == status, r.text
        if status == 201:
            assert r.json()["limit"] == 350


def test_a18_sample_card(http):
    """A18 — CHARACTER CARDS (fig.): Bruce Wayne / Batman; Reinforced Gloves: Unarmed ★★; Batlings
    ★★; the values the rulebook does not print say they are samples."""
    t = Skirmish.of(http, crew("batman", name="Bats"), crew("joker", name="Joker"))
    batman = t.model("a.batman")
    assert (batman["name"], batman["alias"]) == ("Bruce Wayne", "Batman")
    weapons = {w["name"]: w["damage"] for w in batman["weapons"]}
    assert batman["unarmed"] == "★★" and weapons["Batlings"] == "★★"
    assert "Reinforced Gloves" in batman["traits"] and batman["sample"]


def test_a19_heavy_rain(http):
    """A19 — PREPARE THE GAME › Events (fig.): each round the Initiative player rolls a D6; on 4+
    every ranged attack rolls 1 die fewer (the Strength die first); on 1–3 nothing."""
    for die, applies in ((4, True), (3, False)):
        t = Skirmish.of(http, crew("gordon", "swat", name="Law"), crew("joker", name="Joker"), event="Heavy Rain")
        t.play("roll_lead", player="a", value=6)
        t.play("roll_lead", player="b", value=1)
        view, _ = t.play("choose_initiative", player="a", initiative="a")
        assert view["round"]["phase"] == "take_the_lead"
        t.no("roll_event", "not_initiative", player="b", value=die)
        view, _ = t.play("roll_event", player="a", value=die)
        assert view["round"]["heavy_rain"] is applies and view["round"]["phase"] == "raise_the_plan"
        t.play("place_audacity", "player:a", player="a", models=["a.gordon", "a.swat"])
        t.play("place_audacity", "player:b", player="b", models=["b.joker"])
        t.play("activate", model="a.swat")
        _, events = t.play("ranged_attack", model="a.swat", weapon="TASER", target="b.joker",
                           attack_values=[1], strength_value=None if applies else 1)
        assert events[0]["data"]["removals"] == (1 if applies else 0)
        assert events[-1]["data"]["attack_dice"] == [1]
        assert events[-1]["data"]["strength_die"] == (None if applies else 1)


def test_a20_encounter_first_group(http):
    """A20 — DEPLOYMENT ZONES (fig. BT0056): "The first group to be deployed must only contain models
    with the Leader, Sidekick and/or Free Agent rank"; a crew whose first group holds a Henchman is
    refused at setup (Deploy Crews: the players name the first group)."""
    bats = {"name": "Bats", "boss": "batman", "members": [{"card": "batman"}, {"card": "gordon"}, {"card": "swat"}]}
    joker = {"name": "Joker", "boss": "joker", "members": [{"card": "joker"}, {"card": "thug"}, {"card": "killer-croc"}]}

    def setup(first_a, first_b, encounter="BT0056"):
        return http.post("/api/games/bmg/tables", json={"encounter": encounter, "players": [
            {"id": "a", "crew": {**bats, "first_group": first_a}},
            {"id": "b", "crew": {**joker, "first_group": first_b}}]})

    assert setup(["batman", "gordon"], ["joker", "killer-croc"]).status_code == 201
    refused = setup(["batman", "swat"], ["joker", "killer-croc"])
    assert refused.status_code == 409, refused.text
    body = refused.json()
    assert (body["reason"], body["rule"]) == ("first_group_rank", "DEPLOYMENT ZONES")
    assert body["params"]["encounter"] == "BT0056" and "SWAT" in body["params"]["model"].upper()
    assert setup(["batman", "swat"], ["thug"], encounter=None).status_code == 201   # no Encounter: no condition
    assert setup(["batman", "robin"], ["joker"]).json()["reason"] == "unknown_card"


def test_a21_suspect_markers(http):
    """A21 — MANIPULATE ACTIONS (fig.): never more than 8 Suspect markers on the board [E]. Eight
    activations each place one; the ninth is refused."""
    cards = [card(f"a{i}", rank="Leader" if i == 0 else "Henchman", affiliation="A") for i in range(9)]
    cards += [card("foe", rank="Leader", affiliation="B")]
    t = Skirmish.of(http, crew(*[f"a{i}" for i in range(9)], name="A"), crew("foe", name="B"), cards=cards,
                    limit=500)
    t.to_execute(initiative="b")
    t.play("activate", model="b.foe")
    t.play("end_activation", model="b.foe")  # b has no model left: a activates one after another
    for i in range(8):
        t.play("activate", model=f"a.a{i}")
        t.play("manipulate", model=f"a.a{i}", what="place_suspect")
        t.play("end_activation", model=f"a.a{i}")
    assert t.player("a")["suspects"] == 8
    t.play("activate", model="a.a8")
    refusal = t.no("manipulate", "suspects_full", model="a.a8", what="place_suspect")
    assert refusal["rule"] == "MANIPULATE ACTIONS"


def test_a22_rules_dispute(http):
    """A22 — INTRODUCTION › Why so serious?: 4+ the roller's reading, 1–3 the opponent's."""
    t = Skirmish.of(http, crew("batman", name="Bats"), crew("joker", name="Joker"))
    _, events = t.play("dispute", "player:a", player="a", value=4)
    assert events[0]["data"]["applies"] == "roller"
    _, events = t.play("dispute", "player:b", player="b", value=3)
    assert events[0]["data"]["applies"] == "opponent"


# ------------------------------------------------------------------ part B: constructed


def test_c1_effort_limit_from_injury(http):
    """C1 — EFFORT LIMIT: 0–2 ♦ → 3; 3–5 → 2; 6–8 → 1; 9+ → 0. Willpower 6, ★ 4, ♦ 3: Limit 2,
    Willpower allows 6 − 1 − 4 = 1: the largest Effort is 1."""
    t = Skirmish.of(http, crew("m", name="A"), crew("foe", name="B"),
                    cards=[card("m", rank="Leader", willpower=20, endurance=12), card("foe", rank="Leader")])
    limits = [t.model("a.m")["effort_limit"]]
    for _ in range(11):
        t.play("damage", model="a.m", injury=1)
        limits.append(t.model("a.m")["effort_limit"])
    assert limits == [3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0]
    t = Skirmish.of(http, crew("m", name="A"), crew("foe", name="B"),
                    cards=[card("m", rank="Leader", willpower=6), card("foe", rank="Leader")])
    t.play("damage", model="a.m", stun=4, injury=3)
    m = t.model("a.m")
    assert (m["effort_limit"], m["max_effort"]) == (2, 1)
    refusal = t.no("skill_roll", "effort_would_ko", model="b.foe", skill="willpower", effort_by="a.m", effort=2,
                   values=[1])
    assert refusal["rule"] == "EFFORT"
    t.play("skill_roll", model="b.foe", skill="willpower", effort_by="a.m", effort=1, values=[1, 1])
    assert t.model("a.m")["stun"] == 5


def c2_table(http) -> Skirmish:
    # crew A has 4 models, crew B 2: B takes 2 Pass markers each round (test cards)
    cards = [card(f"a{i}", rank="Leader" if i == 0 else "Henchman", affiliation="A") for i in range(4)]
    cards += [card(f"b{i}", rank="Leader" if i == 0 else "Henchman", affiliation="B") for i in range(2)]
    return Skirmish.of(http, crew("a0", "a1", "a2", "a3", name="A"), crew("b0", "b1", name="B"), cards=cards)


def test_c2_take_the_lead_bonus_and_tie(http):
    """C2 — TAKE THE LEAD; PASSING ON ACTIVATION: round 1 A wins the roll and gives the Initiative
    to B; B ends round 1 with 2 unused Pass markers. Round 2: A rolls 5, B 3 + 2 = 5, a tie: it goes
    to the player who lost round 1's roll, B (though B held the Initiative); B chooses."""
    t = c2_table(http)
    t.to_execute(initiative="b")
    assert t.round()["roll_winner"] == "a" and t.round()["initiative"] == "b"
    assert t.player("b")["passes"] == 2
    t.finish_activations()
    t.to_recount_step(6)
    assert t.round()["number"] == 2 and t.player("b")["lead_bonus"] == 2 and t.player("a")["lead_bonus"] == 0
    t.play("roll_lead", player="a", value=5)
    view, events = t.play("roll_lead", player="b", value=3)
    assert events[0]["data"]["total"] == 5 and view["round"]["roll_winner"] == "b"
    t.no("choose_initiative", "not_roll_winner", player="a", initiative="a")
    view, _ = t.play("choose_initiative", "player:b", player="b", initiative="a")
    assert view["round"]["initiative"] == "a"


def test_c2_round_one_tie_rerolls(http):
    """C2 / TAKE THE LEAD: a tie in round 1 is rolled again."""
    t = c2_table(http)
    t.play("roll_lead", player="a", value=4)
    view, events = t.play("roll_lead", player="b", value=4)
    assert events[-1]["kind"] == "lead_tie" and view["round"]["roll_winner"] is None
    assert t.player("a")["lead_roll"] is None and t.player("b")["lead_roll"] is None


def test_c3_pass_markers(http):
    """C3 — PASSING ON ACTIVATION: crew A has 7 models (1 KO), crew B 4: B takes 6 − 4 = 2 Pass
    markers. An A model not yet activated goes KO: A takes 1. B passes once. At Recount 6a each
    has 1 unused marker: +1 to the next Take the Lead roll."""
    cards = [card(f"a{i}", rank="Leader" if i == 0 else "Henchman", affiliation="A") for i in range(7)]
    cards += [card(f"b{i}", rank="Leader" if i == 0 else "Henchman", affiliation="B") for i in range(4)]
    t = Skirmish.of(http, crew(*[f"a{i}" for i in range(7)], name="A"), crew(*[f"b{i}" for i in range(4)], name="B"),
                    cards=cards)
    t.play("damage", model="a.a6", stun=6)  # KO before the round (Willpower 6)
    t.to_execute(initiative="b")
    assert (t.player("a")["passes"], t.player("b")["passes"]) == (0, 2)
    view, events = t.play("damage", model="a.a5", stun=6)
    assert t.model("a.a5")["ko"] and t.player("a")["passes"] == 1
    assert any(e["kind"] == "pass_marker" for e in events)
    assert view["round"]["turn"] == "b"
    view, _ = t.play("pass", "player:b", player="b")
    assert t.player("b")["passes"] == 1 and view["round"]["turn"] == "a"
    t.finish_activations()
    t.to_recount_step(5)
    for model in ("a.a5", "a.a6"):
        t.play("recovery_roll", model=model, values=[6, 6])
    t.to_recount_step(6)
    assert (t.player("a")["lead_bonus"], t.player("b")["lead_bonus"]) == (1, 1)
    assert (t.player("a")["passes"], t.player("b")["passes"]) == (0, 0)


def test_c4_skill_rolls_and_ko_recovery(http):
    """C4 — SKILL ROLLS; RECOVERY: Special 3, Willpower 6, Endurance 6. Willpower roll 1, 4, 6 keeps
    1 + 4 = 5 ≤ 6: pass. Opposed against Willpower 6: 4 + 6 = 10 > 6: pass. KO recovery: 3 − 1 = 2
    dice; 5 and 3 = 8 > 6: stays KO; next Recount 2 and 3 = 5 ≤ 6: ★ 6 → 5, KO becomes Knocked Down."""
    cards = [card("m", rank="Leader", special=3, willpower=6, endurance=6), card("other", rank="Henchman"),
             card("foe", rank="Leader", affiliation="B", willpower=6), card("foe2", rank="Henchman", affiliation="B")]
    t = Skirmish.of(http, crew("m", "other", name="A"), crew("foe", "foe2", name="B"), cards=cards)
    _, events = t.play("skill_roll", model="a.m", skill="willpower", values=[1, 4, 6])
    assert events[0]["data"]["kept"] == [1, 4] and events[0]["data"]["total"] == 5 and events[0]["data"]["passed"]
    _, events = t.play("skill_roll", model="a.m", skill="willpower", against="b.foe", values=[1, 4, 6])
    assert events[0]["data"]["kept"] == [6, 4] and events[0]["data"]["total"] == 10 and events[0]["data"]["passed"]
    t.to_execute()
    t.play("damage", model="a.m", stun=6)
    assert t.model("a.m")["ko"]
    t.finish_activations()
    t.to_recount_step(5)
    assert t.no("recovery_roll", "dice_count", model="a.m", values=[5, 3, 1])["params"] == {"needed": 2, "given": 3}
    t.no("advance", "recovery_pending")
    _, events = t.play("recovery_roll", model="a.m", values=[5, 3])
    assert not events[0]["data"]["passed"] and t.model("a.m")["ko"] and t.model("a.m")["stun"] == 6
    t.to_recount_step(6)
    assert t.round()["number"] == 2
    t.to_execute()
    assert not t.model("a.m")["can_activate"]
    t.finish_activations()
    t.to_recount_step(5)
    _, events = t.play("recovery_roll", model="a.m", values=[2, 3])
    m = t.model("a.m")
    assert events[0]["data"]["passed"] and m["stun"] == 5 and not m["ko"] and m["knocked_down"]


def test_c5_melee_resolution(http):
    """C5 — MELEE ATTACK; THE DEFENSE ROLL; RULE OF 1 AND 6; MELEE WEAPONS: Attacks 3, Strength 4,
    Unarmed, against Defense 4 touching 2 enemies: Defense 3, 3 defense dice. Attack dice 1, 3, 5:
    2 hits (the 1 misses); Strength die 4: 1 unblockable hit. Defense 2, 3, 6 against Attacks 3: 2
    blocks. 1 hit stands: +1 ★."""
    cards = [card("att", rank="Leader", attacks=3, strength=4), card("def", rank="Leader", affiliation="B", defense=4)]
    t = Skirmish.of(http, crew("att", name="A"), crew("def", name="B"), cards=cards)
    t.to_execute()
    t.play("activate", model="a.att")
    _, events = t.play("melee_attack", model="a.att", weapon="Unarmed",
                       shares=[{"target": "b.def", "dice": 3, "strength_die": True, "enemies_in_contact": 2,
                                "attack_values": [1, 3, 5], "strength_value": 4, "defense_values": [2, 3, 6]}])
    r = events[-1]["data"]
    assert (r["defense"], len(r["defense_dice"])) == (3, 3)
    assert (r["hits"], r["strength_hit"], r["blocks"], r["standing"]) == (2, True, 2, 1)
    assert (r["stun"], r["injury"]) == (1, 0) and t.model("b.def")["stun"] == 1


def test_c6_ranged_removals_and_ammo(http):
    """C6 — RANGED ATTACK; modifiers; STRENGTH DICE; RANGED WEAPONS: RoF 3, Strength 4, Ammo 2.
    Moved earlier this activation (−2) and Cover (−1): the Strength die then 2 attack dice go; 1
    attack die, no Strength die, no critical possible; magazines 2 → 1."""
    gun = {"name": "Test Gun", "damage": "♦", "rof": 3, "ammo": 2, "strength": 4}
    cards = [card("shooter", rank="Leader", weapons=[gun]), card("target", rank="Leader", affiliation="B")]
    t = Skirmish.of(http, crew("shooter", name="A"), crew("target", name="B"), cards=cards)
    t.to_execute()
    assert t.model("a.shooter", "player:a")["audacity"]
    t.play("activate", model="a.shooter")
    t.play("move", model="a.shooter")
    _, events = t.play("ranged_attack", model="a.shooter", weapon="Test Gun", target="b.target", cover=True,
                       attack_values=[6])
    assert events[0]["data"]["removals"] == 3 and events[0]["data"]["magazines"] == 1
    assert events[-1]["data"]["attack_dice"] == [6] and events[-1]["data"]["strength_die"] is None
    assert not events[-1]["data"]["critical"] and t.model("a.shooter")["magazines"]["Test Gun"] == 1


def test_c7_caps_ko_casualty(http):
    """C7 — DAMAGE MARKERS; KNOCKED OUT; PASSING ON ACTIVATION: Willpower 5, Endurance 4, ★ 4, ♦ 1,
    not yet activated. A ★★ hit: ★ capped at 5, KO, its owner takes 1 Pass marker. A Claws hit
    (♦★ → ♦♦★ on a KO model): ★ 5, ♦ 3. Another: ♦ 5 capped at 4 = Endurance: a Casualty."""
    cards = [card("m", rank="Leader", willpower=5, endurance=4), card("m2", rank="Henchman"),
             card("foe", rank="Leader", affiliation="B"), card("foe2", rank="Henchman", affiliation="B")]
    t = Skirmish.of(http, crew("m", "m2", name="A"), crew("foe", "foe2", name="B"), cards=cards)
    t.play("damage", model="a.m", stun=4, injury=1)
    t.to_execute(initiative="b")
    t.play("damage", model="a.m", stun=2)
    m = t.model("a.m")
    assert (m["stun"], m["ko"], t.player("a")["passes"]) == (5, True, 1)
    t.play("damage", model="a.m", stun=1, injury=1)
    m = t.model("a.m")
    assert (m["stun"], m["injury"], m["casualty"]) == (5, 3, False)
    t.play("damage", model="a.m", stun=1, injury=1)
    m = t.model("a.m")
    assert (m["injury"], m["casualty"]) == (4, True) and t.player("a")["passes"] == 1  # one Pass marker per model
    t.no("damage", "casualty", model="a.m", stun=1)


def test_c8_crew_validation(http):
    """C8 — RANK; EQUIPMENT AND FUNDING: a Leader with 2 Sidekicks is invalid; 2 Sidekicks without a
    Leader are a crew. (650 Rep: $2500, 3 Free Agents; 500: $2000, 2 of each.)"""
    cards = [card("l", rank="Leader"), card("s1", rank="Sidekick"), card("s2", rank="Sidekick"),
             card("foe", rank="Leader", affiliation="B")]
    r = http.post("/api/games/bmg/tables", json={
        "cards": cards, "players": [{"id": "a", "crew": crew("l", "s1", "s2", name="A")},
                                    {"id": "b", "crew": crew("foe", name="B")}]})
    assert r.status_code == 409 and r.json()["rule"] == "RANK" and r.json()["reason"] == "rank_slots"
    assert r.json()["params"] == {"rank": "Sidekick", "count": 2, "most": 1}
    t = Skirmish.of(http, crew("s1", "s2", name="A"), crew("foe", name="B"), cards=cards)
    assert len([m for m in t.view()["models"] if m["player"] == "a"]) == 2
    free = [card("l", rank="Leader")] + [card(f"f{i}", rank="Free Agent") for i in range(3)] + [cards[3]]
    for limit, status in ((650, 201), (500, 409)):
        r = http.post("/api/games/bmg/tables", json={
            "limit": limit, "cards": free,
            "players": [{"id": "a", "crew": crew("l", "f0", "f1", "f2", name="A")}, {"id": "b", "crew": crew("foe", name="B")}]})
        assert r.status_code == status, r.text


def test_the_server_rolls_with_the_api_randomness(http):
    """TAKE THE LEAD with no die entered: the API's `secrets.SystemRandom()` rolls it (the README's
    crews, from the sample library)."""
    players = [{"id": "ann", "name": "Ann", "crew": {"name": "Bats", "boss": "batman",
                                                     "members": [{"card": "batman"}, {"card": "gordon"}]}},
               {"id": "bob", "name": "Bob", "crew": {"name": "Joker", "boss": "joker",
                                                     "members": [{"card": "joker"}, {"card": "thug"}]}}]
    t = GameTable.new(http, "bmg", {"limit": 350, "players": players}, ["player:ann", "player:bob"])
    view, _ = t.send("player:ann", "roll_lead", player="ann")
    rolled = next(p for p in view["players"] if p["id"] == "ann")["lead_roll"]
    assert rolled in range(1, 7)
    assert t.history()[-1]["fields"] == {"player": "ann", "value": None}  # the die is the server's
