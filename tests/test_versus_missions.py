"""The eight missions of the Versus booklet loaded by id and played over HTTP (a live server over a real
Redis): each mission's special rules and its event, then a two-turn game per mission with physical
dice (deterministic: the players type the successes their dice show).

Every number checked comes from the booklet (bgcc-versus-booklet-fr.md), quoted in French beside it.
The setup numbers the booklet's text extract does not print (cubes, discs at start, rivers: its
'missing' list) are typed by the test, as the players would, and are said so: TYPED below.
"""
from __future__ import annotations

import pytest

from games.bgcc.definitions import ActionCharacteristic, CharacterProfile, Dice, TileDef
from games.serial import to_data
from games.bgcc.versus_data import template
from tests.test_versus_api import post, seat

# Typed by the players: the text extract of the booklet does not print these (each template's
# "missing" list). Not booklet values.
TYPED = {"reserve": 12, "fatigue": 0, "recovery": 4, "discs_available": 4, "discs_unavailable": 3,
         "river": ["HQ simple", "simple", "simple", "double", "event"]}
ALL_MISSIONS = ["desamorcer-la-situation", "petite-brouille-entre-ennemis", "stopper-le-trafic", "prise-d-otages",
                "toxicite-maximale", "duel-dans-la-ruelle", "fuite-de-cerveaux", "drogue-en-stock"]


def tile(name, side, kind="simple", level="henchman", life=1, miniatures=1):
    """A test tile whose characters melee, manipulate and think (3 yellow dice, x2)."""
    act = [ActionCharacteristic(dice=[Dice("yellow", 3)], multiplier=2)]
    return TileDef(name=name, kind=kind, side=side, level=level, characters=[CharacterProfile(
        name=name, life_points=life, miniatures=miniatures, melee=act, manipulation=act, thought=act)])


HEROES = [tile("Nightwing", "heroes", level="leader", life=5), tile("Citizens", "heroes", miniatures=2),
          tile("SWAT", "heroes"), tile("Batmobile crew", "heroes", kind="double", level="elite")]
VILLAINS = [tile("Penguin", "villain", level="leader", life=5), tile("Thugs", "villain", miniatures=2),
            tile("Gunmen", "villain"), tile("Penguin's goons", "villain", kind="double", level="elite")]


def typed_for(mission_id: str) -> dict:
    """Only what the template lists as missing, with the TYPED values."""
    missing = template(mission_id)["missing"]
    sides = {"heroes": {}, "villain": {}}
    for path in missing:
        side, _, name = path.partition(".")
        if side in sides:
            key = name.replace("discs.", "discs_")
            sides[side][key] = TYPED[key]
    return sides


class Game:
    """A booklet mission's table over HTTP, both sides' phones."""

    def __init__(self, http, mission_id: str, sides: dict | None = None):
        self.http = http
        r = http.post("/api/versus-tables", json={"mission": {"id": mission_id, "sides": sides or typed_for(mission_id)}})
        assert r.status_code == 201, r.text
        self.table = r.json()["table"] if "table" in r.json() else r.json()
        self.code = r.json()["code"]
        # the complex actions below enter the successes read on real dice (IX·D)
        assert http.post(f"/api/tables/{self.code}/commands/set_dice_mode", json={"mode": "physical"}).status_code == 200
        self.phones = {"heroes": seat(http, self.code, "heroes"), "villain": seat(http, self.code, "villain"),
                       "host": None}  # the client keeps the host's token
        self.base = f"/api/tables/{self.code}"

    def send(self, side, path, body=None, status=200):
        answer = post(self.http, self.base + path, body, self.phones[side], status=status)
        if status == 200:
            self.table, self.events = answer["table"], answer["events"]
        return answer

    def refused(self, side, path, body, reason):
        r = self.http.post(self.base + path, json=body, headers=self.phones[side])
        assert r.status_code == 409 and r.json()["reason"] == reason, r.text
        return r.json()

    def draft(self):
        initiative = self.table["versus"]["mission"]["initiative"]
        order = [initiative, "villain" if initiative == "heroes" else "heroes"]
        teams = {"heroes": list(HEROES), "villain": list(VILLAINS)}
        for side in order:
            self.send(side, "/commands/pick_hq", {"side": side, "tile": to_data(teams[side].pop(0)), "powers": []})
        while self.table["versus"]["draft"]["phase"] == "team":
            side = self.table["versus"]["draft"]["next_side"]
            self.send(side, "/commands/draft_tile", {"side": side, "tile": to_data(teams[side].pop(0))})
        return self

    def advance_to(self, step, turn=None):
        for _ in range(80):
            if self.table["turn"]["step"] == step and (turn is None or self.table["turn"]["turn"] == turn):
                return self.table
            side = self.table["turn"]["side_playing"]
            self.send(side if side in ("heroes", "villain") else "host", "/commands/advance")
        raise AssertionError(f"never reached {step}")

    def post_of(self, side):
        return self.table["command_posts"][side]

    def tile_id(self, side, name):
        return next(t["id"] for t in self.post_of(side)["river"] if t["name"] == name)

    def miniature(self, side, tile_name):
        tid = self.tile_id(side, tile_name)
        return next(m["id"] for m in self.post_of(side)["miniatures"] if m["tile"] == tid and m["place"] == "board")

    def activate(self, side, name):
        return self.send(side, "/commands/activate_tile", {"side": side, "tile": self.tile_id(side, name)})

    def mission_action(self, side, tile_name, rule, action, difficulty, successes):
        """A character of the activated tile performs a mission rule's complex action, successes counted."""
        mini = self.miniature(side, tile_name)
        return self.send(side, "/commands/complex_action",
                         {"miniature": mini, "action": action, "successes": successes, "difficulty": difficulty, "mission_rule": rule})

    def rolled_mission_action(self, side, tile_name, rule, action, difficulty, successes):
        """The same through the dice flow, physical dice: the players type the successes shown."""
        mini = self.miniature(side, tile_name)
        self.send(side, "/commands/start_roll", {"action": action, "miniature": mini, "difficulty": difficulty,
                                       "mission_rule": rule})
        self.send(side, "/commands/roll_dice", {"successes": successes})
        return self.send(side, "/commands/end_rerolls")

    def neutralize(self, side, tile_name):
        tid = self.tile_id(side, tile_name)
        for m in [m for m in self.post_of(side)["miniatures"] if m["tile"] == tid and m["place"] == "board"]:
            self.send("villain" if side == "heroes" else "heroes", "/commands/wound",
                      {"miniature": m['id'], "wounds": m["life_points"]})

    def counters(self):
        return self.table["versus"]["counters"]

    def rules_now(self):
        return [r["id"] for r in self.table["versus"]["mission_rules_now"]]

    def may(self, side):
        return {m["command"] for m in self.table["may"][side]}


def kinds(events, kind):
    return [e for e in events if e["kind"] == kind]


# ---------------------------------------------------------------- loading by id


def test_a_booklet_mission_loads_by_id_with_what_the_booklet_prints(http):
    """Duel dans la ruelle by id: the printed values come from the booklet and only what its text does
    not print is typed ("la partie se termine à la fin du tour 8 du vilain"; ÉNERGIE DU DÉSESPOIR: 3
    discs in turns 5-8; the Versus upkeep: "le vilain récupère 2 points de potentiel d'activation")."""
    game = Game(http, "duel-dans-la-ruelle")
    mission = game.table["versus"]["mission"]
    assert (mission["name_fr"], mission["initiative"], mission["turn_limit"]) == ("Duel dans la ruelle", "heroes", 8)
    for side in ("heroes", "villain"):
        assert mission["sides"][side]["discs_recovery"] == [2, 2, 2, 2, 3, 3, 3, 3, 2, 2, 2, 2]
        assert mission["sides"][side]["events"] == [template("duel-dans-la-ruelle")["rules"][2]["text_fr"]]
    assert [r["id"] for r in mission["rules"]] == ["on-n-abandonne-pas-les-blesses", "energie-du-desespoir",
                                                  "pouvoir-de-qg-pas-le-temps-de-pleurer-les-morts"]
    # a value the booklet prints cannot be typed otherwise; one it does not print must be typed
    r = http.post("/api/versus-tables", json={"mission": {"id": "toxicite-maximale", "sides": {
        "heroes": {**typed_for("toxicite-maximale")["heroes"], "recovery": 4},
        "villain": typed_for("toxicite-maximale")["villain"]}}})
    assert r.status_code == 409 and r.json()["reason"] == "booklet_prints_value"
    assert r.json()["params"] == {"field": "heroes.recovery", "printed": "5", "typed": "4"}
    sides = typed_for("duel-dans-la-ruelle")
    del sides["villain"]["reserve"]
    r = http.post("/api/versus-tables", json={"mission": {"id": "duel-dans-la-ruelle", "sides": sides}})
    assert r.status_code == 400 and r.json()["params"] == {"field": "villain.reserve"}
    r = http.post("/api/versus-tables", json={"mission": {"id": "no-such-mission", "sides": sides}})
    assert r.status_code == 404 and r.json()["reason"] == "no_mission"


# ---------------------------------------------------------------- each mission's rules and event


def test_desamorcer_la_situation(http):
    """AMORÇAGE D'UNE BOMBE: "il réalise une manipulation complexe de difficulté 3"; NEUTRALISATION D'UNE
    BOMBE: "une manipulation complexe de difficulté 3". No event is printed in the extract: with the HQ
    neutralized the event tile has no event left and is neutralized (I·C "NEUTRALISER UN QG")."""
    game = Game(http, "desamorcer-la-situation").draft()
    assert game.table["versus"]["mission"]["initiative"] == "villain"  # "fin du tour 8 du héros"
    game.advance_to("villain.activations", 1)
    assert set(game.rules_now()) == {"amorcage-d-une-bombe"}
    game.activate("villain", "Thugs")
    game.refused("villain", "/commands/complex_action",
                 {"miniature": game.miniature('villain', 'Thugs'), "action": "manipulation", "successes": 3, "difficulty": 2, "mission_rule": "amorcage-d-une-bombe"},
                 "mission_rule_difficulty")
    game.refused("villain", "/commands/complex_action",
                 {"miniature": game.miniature('villain', 'Thugs'), "action": "manipulation", "successes": 3, "difficulty": 3,
                  "mission_rule": "neutralisation-d-une-bombe"}, "mission_rule_other_side")
    game.mission_action("villain", "Thugs", "amorcage-d-une-bombe", "manipulation", 3, 3)
    assert game.counters() == {"bombs_armed": 1}
    game.mission_action("villain", "Thugs", "amorcage-d-une-bombe", "manipulation", 3, 2)  # 2 < 3: fails
    assert game.counters() == {"bombs_armed": 1}
    game.advance_to("heroes.activations", 1)
    game.activate("heroes", "SWAT")
    game.mission_action("heroes", "SWAT", "neutralisation-d-une-bombe", "manipulation", 3, 4)
    assert game.counters() == {"bombs_armed": 1, "bombs_neutralized": 1}
    # the heroes' HQ falls: no mission event on the event tile, so it is neutralized too
    game.neutralize("heroes", "Nightwing")
    event = next(t for t in game.post_of("heroes")["river"] if t["kind"] == "event")
    assert event["neutralized"] is True


def test_petite_brouille_entre_ennemis(http):
    """ACTIVATION / DÉSACTIVATION D'UN BROUILLEUR: "une réflexion complexe de difficulté 3"."""
    game = Game(http, "petite-brouille-entre-ennemis").draft()
    assert game.table["versus"]["mission"]["turn_limit"] == 7  # "fin du tour 7 du héros"
    game.advance_to("villain.activations", 1)
    game.activate("villain", "Gunmen")
    game.refused("villain", "/commands/complex_action",
                 {"miniature": game.miniature('villain', 'Gunmen'), "action": "manipulation", "successes": 3, "difficulty": 3,
                  "mission_rule": "activation-d-un-brouilleur"}, "mission_rule_action")
    game.mission_action("villain", "Gunmen", "activation-d-un-brouilleur", "thought", 3, 3)
    game.advance_to("heroes.activations", 1)
    game.activate("heroes", "SWAT")
    game.mission_action("heroes", "SWAT", "desactivation-d-un-brouilleur", "thought", 3, 3)
    assert game.counters() == {"jammers_activated": 1, "jammers_neutralized": 1}


def test_stopper_le_trafic_disc_schedule(http):
    """TOUJOURS EN ACTION: "durant l'étape d'entretien du tour de chaque camp des tours 1, 2 et 3, le
    joueur dont c'est le tour voit sa récupération en points de potentiel d'activation passer à 3";
    ESSOUFFLEMENT: "des tours 4, 5, 6, 7 et 8 [...] passer à 2". TROUVER LES FICHIERS COMPROMETTANTS /
    EFFACER LES TRACES: "une réflexion complexe de difficulté 3"."""
    game = Game(http, "stopper-le-trafic").draft()
    game.advance_to("heroes.upkeep", 1)
    assert "toujours-en-action" in game.rules_now() and "essoufflement" in game.rules_now()
    assert kinds(game.events, "upkeep")[0]["data"]["discs"] == 3  # TYPED: 3 unavailable at start
    game.advance_to("heroes.activations", 1)
    game.activate("heroes", "SWAT")
    game.mission_action("heroes", "SWAT", "trouver-les-fichiers-compromettants", "thought", 3, 3)
    game.advance_to("villain.activations", 1)
    game.activate("villain", "Gunmen")
    game.mission_action("villain", "Gunmen", "effacer-les-traces", "thought", 3, 3)
    game.advance_to("heroes.activations", 3)
    game.activate("heroes", "SWAT")
    game.activate("heroes", "Batmobile crew")  # 1 + 2 discs spent: 3 unavailable at the end of the turn
    game.advance_to("heroes.upkeep", 4)
    assert game.post_of("heroes")["discs"]["recovery"][:4] == [3, 3, 3, 2]
    assert kinds(game.events, "upkeep")[0]["data"]["discs"] == 2  # ESSOUFFLEMENT: 2, not 3
    assert game.counters() == {"computers_active": 1, "computers_erased": 1}


def test_prise_d_otages(http):
    """FORCE D'INTERVENTION: "Deux fois au cours de la partie, un personnage élite du héros peut être
    activé comme s'il possédait la compétence défoncer parois de niveau 3": a third use is refused.
    EXFILTRER LES OTAGES is recorded as the hostages leave."""
    game = Game(http, "prise-d-otages").draft()
    assert game.table["versus"]["mission"]["initiative"] == "heroes"  # "fin du tour 8 du héros [...] 1"
    game.advance_to("heroes.activations", 1)
    assert {"force-d-intervention", "exfiltrer-les-otages", "deplacer-les-otages"} <= set(game.rules_now())
    game.activate("heroes", "Batmobile crew")
    for used in (1, 2):
        game.send("heroes", "/commands/record_mission_rule", {"side": "heroes", "rule": "force-d-intervention"})
        assert kinds(game.events, "mission")[0]["data"] == {"rule": "force-d-intervention", "used": used, "uses": 2}
    assert "record_mission_rule" in game.may("heroes")
    game.refused("heroes", "/commands/record_mission_rule", {"side": "heroes", "rule": "force-d-intervention"}, "mission_rule_used_up")
    game.send("heroes", "/commands/record_mission_rule", {"side": "heroes", "rule": "exfiltrer-les-otages"})
    assert game.counters() == {"hostages_exfiltrated": 1}
    game.refused("villain", "/commands/record_mission_rule", {"side": "villain", "rule": "exfiltrer-les-otages"}, "not_now")


def test_toxicite_maximale_toxic_fumes(http):
    """VAPEURS TOXIQUES: "lorsque 3 barils sont répandus [...] Chaque joueur remplace immédiatement son
    pion récupération 5 par le pion récupération 3". RÉPANDRE UN BARIL: "une manipulation complexe de
    difficulté 3"."""
    game = Game(http, "toxicite-maximale").draft()
    assert [game.post_of(s)["recovery"] for s in ("heroes", "villain")] == [5, 5]
    game.advance_to("heroes.activations", 1)
    game.activate("heroes", "SWAT")
    game.mission_action("heroes", "SWAT", "desarmer-un-baril", "manipulation", 3, 3)
    game.advance_to("villain.activations", 1)
    game.activate("villain", "Thugs")
    game.mission_action("villain", "Thugs", "repandre-un-baril", "manipulation", 3, 3)
    game.mission_action("villain", "Thugs", "repandre-un-baril", "manipulation", 3, 5)
    assert [game.post_of(s)["recovery"] for s in ("heroes", "villain")] == [5, 5]
    game.activate("villain", "Gunmen")
    game.mission_action("villain", "Gunmen", "repandre-un-baril", "manipulation", 3, 3)
    assert game.counters() == {"barrels_disarmed": 1, "barrels_spilled": 3}
    assert [game.post_of(s)["recovery"] for s in ("heroes", "villain")] == [3, 3]
    assert [e["data"]["recovery"] for e in kinds(game.events, "mission") if "recovery" in e["data"]] == [3, 3]


def test_duel_dans_la_ruelle(http):
    """ON N'ABANDONNE PAS LES BLESSÉS: "aucun joueur ne peut dépolluer sa rivière. La démobilisation
    reste possible." ÉNERGIE DU DÉSESPOIR: "des tours 5, 6, 7 et 8 [...] passer à 3 points de potentiel
    d'activation". The event, "POUVOIR DE QG + PAS LE TEMPS DE PLEURER LES MORTS : le joueur retire
    immédiatement une tuile neutralisée de sa rivière et la remet dans la boite de jeu": offered for
    free, resolved before anything else; and when the HQ falls the event tile keeps the mission's event."""
    game = Game(http, "duel-dans-la-ruelle").draft()
    game.advance_to("heroes.activations", 1)
    game.neutralize("heroes", "SWAT")
    assert "dredge" not in game.may("heroes")
    swat = game.tile_id("heroes", "SWAT")
    game.refused("heroes", "/commands/dredge", {"side": "heroes", "tiles": [swat]}, "mission_forbids_dredging")
    assert "demobilize" in game.may("heroes")  # "La démobilisation reste possible"
    event = next(t["id"] for t in game.post_of("heroes")["river"] if t["kind"] == "event")
    game.send("heroes", "/commands/activate_tile", {"side": "heroes", "tile": event})
    assert game.table["versus"]["pending_events"] == [
        {"side": "heroes", "rule": "pouvoir-de-qg-pas-le-temps-de-pleurer-les-morts"}]
    offers = [m for m in game.table["may"]["heroes"] if m["command"] == "resolve_mission_event"]
    assert offers and offers[0]["targets"]["tile"] == [swat]
    game.refused("heroes", "/commands/advance", None, "mission_event_pending")
    paid = (game.post_of("heroes")["reserve"], game.post_of("heroes")["fatigue"])
    game.send("heroes", "/commands/resolve_mission_event",
              {"side": "heroes", "rule": "pouvoir-de-qg-pas-le-temps-de-pleurer-les-morts", "tile": swat})
    assert swat not in [t["id"] for t in game.post_of("heroes")["river"]]
    assert (game.post_of("heroes")["reserve"], game.post_of("heroes")["fatigue"]) == paid  # for free
    # the HQ falls: the event tile keeps the mission's event ("si la tuile événement ne possède plus
    # d'événement associé, elle est également neutralisée": here it still has one)
    game.neutralize("heroes", "Nightwing")
    event_tile = next(t for t in game.post_of("heroes")["river"] if t["kind"] == "event")
    assert event_tile["neutralized"] is False
    # ÉNERGIE DU DÉSESPOIR: 3 discs recovered at the upkeep of turn 5
    game.advance_to("heroes.upkeep", 5)
    upkeep = game.table["command_posts"]["heroes"]["discs"]
    assert upkeep["recovery"][4] == 3


def test_fuite_de_cerveaux(http):
    """PROTÉGER LES CERVEAUX: "le héros ne peut pas démobiliser la tuile de Citizens de quelque manière que
    ce soit". ACTIVER LES PROTOCOLES DE SÉCURITÉ: "une réflexion complexe de difficulté 3 [...] Il
    transfère un disque de potentiel d'activation depuis sa zone de potentiel d'activation indisponible
    vers sa zone de potentiel d'activation disponible". The event is "POUVOIR DE QG" only: with the HQ
    neutralized the event tile has no event left and is neutralized."""
    game = Game(http, "fuite-de-cerveaux").draft()
    game.advance_to("heroes.activations", 1)
    citizens = game.tile_id("heroes", "Citizens")
    demobilize = [m for m in game.table["may"]["heroes"] if m["command"] == "demobilize"]
    assert demobilize and citizens not in demobilize[0]["targets"]["tile"]
    game.refused("heroes", "/commands/demobilize", {"side": "heroes", "tile": citizens},
                 "mission_forbids_demobilization")
    game.activate("heroes", "SWAT")
    before = game.post_of("heroes")["discs"]
    game.mission_action("heroes", "SWAT", "activer-les-protocoles-de-securite", "thought", 3, 3)
    after = game.post_of("heroes")["discs"]
    assert (after["available"], after["unavailable"]) == (before["available"] + 1, before["unavailable"] - 1)
    game.advance_to("villain.activations", 1)
    game.activate("villain", "Thugs")
    game.mission_action("villain", "Thugs", "pirater-les-informations", "thought", 3, 3)
    game.mission_action("villain", "Thugs", "soutirer-les-informations", "thought", 3, 4)
    assert game.counters() == {"security_protocols": 1, "informations": 2}
    game.neutralize("heroes", "Nightwing")
    event_tile = next(t for t in game.post_of("heroes")["river"] if t["kind"] == "event")
    assert event_tile["neutralized"] is True


def test_drogue_en_stock(http):
    """OUVRIR LE COFFRE-FORT: "une manipulation complexe de difficulté 4" and "la figurine de coffre-fort
    compte comme deux preuves"; TROUVER LES PREUVES: "une réflexion complexe de difficulté 3" ("Un pion
    preuve compte comme une preuve"). FUITE DES VILAINS is shown at the heroes' end of turn effects."""
    game = Game(http, "drogue-en-stock").draft()
    assert (game.table["versus"]["mission"]["initiative"], game.table["versus"]["mission"]["turn_limit"]) == \
        ("villain", 7)  # "fin du tour 7 du héros"
    game.advance_to("heroes.activations", 1)
    game.activate("heroes", "SWAT")
    game.refused("heroes", "/commands/complex_action",
                 {"miniature": game.miniature('heroes', 'SWAT'), "action": "manipulation", "successes": 4, "difficulty": 3,
                  "mission_rule": "ouvrir-le-coffre-fort"}, "mission_rule_difficulty")
    game.mission_action("heroes", "SWAT", "ouvrir-le-coffre-fort", "manipulation", 4, 4)
    game.activate("heroes", "Batmobile crew")
    game.mission_action("heroes", "Batmobile crew", "trouver-les-preuves", "thought", 3, 3)
    assert game.counters() == {"evidence": 3}
    game.advance_to("heroes.end_effects", 1)
    assert "fuite-des-vilains" in game.rules_now()


# ---------------------------------------------------------------- a two-turn game per mission


ACTIONS = {  # a mission action per side rolled with physical dice in the two-turn games
    m: {side: next(((r["id"], r["action"], r["difficulty"]) for r in template(m)["rules"]
                    if r["kind"] == "action" and side in r["sides"]), None) for side in ("heroes", "villain")}
    for m in ALL_MISSIONS}


@pytest.mark.parametrize("mission_id", ALL_MISSIONS)
def test_two_turn_versus_game(http, mission_id):
    """Two full turns of a booklet mission on two phones, physical dice: each side activates a tile in
    each turn, performs its mission action when the mission has one (the successes typed meet the
    printed difficulty), and the host ends the game after the second turn."""
    game = Game(http, mission_id).draft()
    game.send("host", "/commands/advance")  # setup → turn 1
    r = game.http.post(f"{game.base}/commands/set_dice_mode", json={"mode": "physical"})
    assert r.status_code == 200, r.text
    expected = {}
    first = game.table["versus"]["mission"]["initiative"]
    for turn in (1, 2):
        for side in (first, "villain" if first == "heroes" else "heroes"):
            game.advance_to(f"{side}.activations", turn)
            tile_name = {"heroes": "SWAT", "villain": "Gunmen"}[side]
            game.activate(side, tile_name)
            action = ACTIONS[mission_id][side]
            if action:
                rule_id, kind, difficulty = action
                game.rolled_mission_action(side, tile_name, rule_id, kind, difficulty, difficulty)
                counter = next(r["counter"] for r in template(mission_id)["rules"] if r["id"] == rule_id)
                change = next(r.get("change", 1) for r in template(mission_id)["rules"] if r["id"] == rule_id)
                expected[counter] = expected.get(counter, 0) + change
                assert kinds(game.events, "complex_action")[0]["data"]["success"] is True
    assert game.counters() == expected  # the host ends the game at once (the end-game checks pass by themselves)
    table = game.http.post(f"{game.base}/commands/end_game", json={"winner": "none", "reason": "two turns"}).json()
    assert table["table"]["turn"]["over"]
