"""Every event in the phone's language (issue 31, point 6): a French phone's History in the Miniature
Game and the Strategy Game shows none of the server's English sentences, and none of the English
catalogue's event sentences either; an English phone writes the same events from the same codes.
The games are played over the API (the phones' own route), then the History screen is read."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

BMG_PLAYERS = [{"id": "ann", "name": "Ann", "crew": {"name": "Bats", "boss": "batman",
                                                    "members": [{"card": "batman"}, {"card": "gordon"}]}},
               {"id": "bob", "name": "Bob", "crew": {"name": "Joker", "boss": "joker",
                                                    "members": [{"card": "joker"}, {"card": "thug"}]}}]


class Table:
    """A table over HTTP: a token per seat, commands, the history."""

    def __init__(self, api, game: str, options: dict, seats: list[str]):
        self.api = api
        r = api.session.post(f"{api.base}/api/games/{game}/tables", json=options, timeout=10)
        assert r.status_code == 201, r.text
        self.code, self.tokens = r.json()["code"], {"host": r.json()["token"]}
        for seat in seats:
            self.tokens[seat] = api.seat(self.code, seat)

    def send(self, seat: str, command: str, /, **fields) -> dict:
        return self.api.post(self.code, f"/commands/{command}", self.tokens[seat], fields)["table"]

    def view(self, seat: str = "host") -> dict:
        r = self.api.session.get(f"{self.api.base}/api/tables/{self.code}", timeout=10,
                                 headers={"Authorization": f"Bearer {self.tokens[seat]}"})
        return r.json()

    def history(self, seat: str = "host") -> list[dict]:
        r = self.api.session.get(f"{self.api.base}/api/tables/{self.code}/history?limit=500", timeout=10,
                                 headers={"Authorization": f"Bearer {self.tokens[seat]}"})
        return r.json()


def bmg_round(api) -> Table:
    """Take the Lead, the Plan, activations with a move, a skill roll, a melee, the Recount."""
    t = Table(api, "bmg", {"limit": 350, "players": BMG_PLAYERS}, ["player:ann", "player:bob"])
    t.send("player:ann", "roll_lead", player="ann", value=5)
    t.send("player:bob", "roll_lead", player="bob", value=2)
    t.send("player:ann", "choose_initiative", player="ann", initiative="ann")
    for pid in ("ann", "bob"):
        view = t.view(f"player:{pid}")
        offer = next(m for m in view["may"][f"player:{pid}"] if m["command"] == "place_audacity")
        targets = offer["targets"]
        mine = targets["models"][:targets["count"][0]]
        t.send(f"player:{pid}", "place_audacity", player=pid, models=mine)
    view = t.view()
    batman, thug = "ann.batman", "bob.thug"
    assert {batman, thug} <= {m["id"] for m in view["models"]}, [m["id"] for m in view["models"]]
    t.send("player:ann", "activate", model=batman)
    t.send("player:ann", "move", model=batman)
    t.send("player:ann", "skill_roll", model=batman, skill="willpower", values=[1, 2, 3, 4])
    t.send("player:ann", "pay_effort", model=batman, effort=1)
    t.send("player:ann", "end_activation", model=batman)
    t.send("player:bob", "activate", model=thug)
    t.send("player:bob", "special_action", model=thug)
    t.send("player:bob", "end_activation", model=thug)
    t.send("player:ann", "roll_die", player="ann", kind="d6", value=4, add=1)
    t.send("player:ann", "play_objective", player="ann", name="Take the Street")
    t.send("player:ann", "score_objective", player="ann", name="Take the Street", vp=2)
    t.send("host", "damage", model=thug, stun=1, injury=0, hits=1)
    return t


def gcsg_turn(api) -> Table:
    """The starting Threats, a turn with a card, taken resources, a recruit and the end of the turn."""
    samples = api.session.get(f"{api.base}/api/games/gcsg/samples", timeout=10).json()
    t = Table(api, "gcsg", {"villains": ["joker", "penguin"], "settings": samples["settings"]}, ["joker", "penguin"])
    view = t.view()
    blocks = [b["id"] for b in view["blocks"] if not b["batman"]]
    for seat, block in (("joker", blocks[0]), ("penguin", blocks[5])):
        due = next(p for p in t.view()["turn"]["pending"] if p["seat"] == seat)
        t.send(seat, "place_threats", placements={block: due["count"]})
    t.send("joker", "advance")
    t.send("joker", "play_card")
    t.send("joker", "take_resources", money=2)
    t.send("joker", "advance")
    t.send("joker", "hire", count=1)
    t.send("joker", "advance")
    t.send("joker", "advance")
    t.send("penguin", "advance")
    return t


def history_lines(phones, t: Table, seat: str, lang: str, shot=None, name: str = "") -> list[str]:
    """The History screen's event lines on a phone holding `seat` (`shot`: a screenshot of it)."""
    record = {"code": t.code, "seat": seat, "token": t.tokens[seat], "hostToken": t.tokens["host"], "at": 1}
    page = phones.open("/#/history", tables={t.code: record}, current=t.code, lang=lang)
    expect(page.get_by_test_id("history")).to_be_visible()
    expect(page.locator("[data-testid=history] .ev").first).to_be_visible()
    lines = page.locator("[data-testid=history] .ev").all_inner_texts()
    lines.append(page.get_by_test_id("undo-what").inner_text())   # the Undo button says the last change
    if shot:
        shot(page, name)
    page.close()
    return lines


ENGLISH_EVENT_PATTERNS = """() => import('/js/i18n.js').then((m) => {
  const { en, fr } = m.catalogues();
  return Object.keys(en).filter((k) => k.startsWith('ev.') && en[k] !== fr[k])
    .map((k) => en[k]).filter((x) => (x.replace(/\\{[\\w#]+\\}/g, ' ').match(/[A-Za-z]{3,}/g) || []).length >= 2);
})"""


def as_pattern(template: str) -> re.Pattern:
    parts = re.split(r"\{[\w#]+\}", template)
    return re.compile("^" + ".+".join(re.escape(p) for p in parts) + "$", re.S)


@pytest.mark.parametrize("game", ["bmg", "gcsg"])
def test_a_french_history_has_no_english_event(phones, api, game, shot):
    t = bmg_round(api) if game == "bmg" else gcsg_turn(api)
    seat = "player:ann" if game == "bmg" else "joker"
    server = {e["text"] for entry in t.history(seat) for e in entry["events"]}
    lines = history_lines(phones, t, seat, "fr", shot, f"events-{game}-history-fr")
    assert len(lines) >= 10, lines
    words = [x for x in server if not re.fullmatch(r"[\W\d]*", x)]
    assert [x for x in lines if any(w in x for w in words)] == []
    probe = phones.open("/", lang="fr")
    english = [as_pattern(x) for x in probe.evaluate(ENGLISH_EVENT_PATTERNS)]
    assert len(english) > 60
    assert [x for x in lines if any(p.match(x) for p in english)] == []
    assert not [x for x in lines if "undefined" in x.lower() or "{" in x or "(s)" in x or "NaN" in x]
    # the English phone says the same events from the same codes, in English
    english_lines = history_lines(phones, t, seat, "en", shot, f"events-{game}-history-en")
    assert len(english_lines) == len(lines)
    assert [x for x in english_lines if "undefined" in x.lower() or "{" in x or "NaN" in x] == []


def test_french_words_are_elided_counted_and_spaced(phones):
    """Plurals through Intl.PluralRules, numbers and percents through Intl, "d'Ann", "au Pingouin"."""
    page = phones.open("/", lang="fr")
    said = page.evaluate("""async () => {
      const i18n = await import('/js/i18n.js');
      const ev = await import('/js/events.js');
      i18n.setLang('fr');
      const bmg = { game: 'bmg', players: { a: 'Ann' }, models: { x: 'Oswald' } };
      const gcsg = { game: 'gcsg', villains: { p: 'Le Pingouin', j: 'Le Joker' }, blocks: { b: 'Uptown 1' } };
      const bgcc = { game: 'bgcc', heroes: { batman: 'Batman' }, tiles: {}, minis: {} };
      return {
        plan: i18n.t('bmg.ownPlan', { who: 'Ann' }),
        zero: ev.eventText({ kind: 'pass', data: { player: 'a', passes: 0 } }, bmg),
        two: ev.eventText({ kind: 'pass', data: { player: 'a', passes: 2 } }, bmg),
        given: ev.eventText({ kind: 'given', data: { from: 'j', to: 'p', money: 2 } }, gcsg),
        activated: ev.eventText({ kind: 'activated', data: { model: 'x', player: 'a' } }, bmg),
        spend: ev.eventText({ kind: 'spend', data: { hero: 'batman', space: 'ranged', cubes: 1 } }, bgcc),
        defense: ev.eventText({ kind: 'defense_declared', data: { cubes: 0, pool: [], automatic: 1 } }, bgcc),
        percent: i18n.percent(0.52),
      };
    }""")
    assert said["plan"] == "Plan d'Ann (secret)"
    assert said["zero"] == "Ann passe (il reste 0 marqueur de passe)"
    assert said["two"] == "Ann passe (il reste 2 marqueurs de passe)"
    assert said["given"] == "Le Joker donne 2 $ au Pingouin"
    assert said["activated"] == "Fin de l'activation d'Oswald"
    assert said["spend"] == "Batman dépense 1 cube à distance"
    assert said["defense"] == "Défense : 0 cube, 1 succès automatique"
    assert said["percent"] == "52\u202f%"


# One event of every kind of the Miniature Game and the Strategy Game, shaped as the games write
# them (games/bmg, games/gcsg): each is written from its data in both languages, never the
# server's words (the sample's `text` is a marker), with no placeholder or "undefined" left.
SAMPLES = {
    "bmg": [
        ("lead_roll", {"player": "a", "die": 5, "bonus": 1, "total": 6}), ("lead_tie", {"players": ["a", "b"], "total": 4}),
        ("lead_won", {"player": "a", "total": 5, "tie_broken": True}), ("initiative", {"player": "a", "chosen_by": "a"}),
        ("event_roll", {"event": "Heavy Rain", "die": 2, "applies": True}), ("phase", {"phase": "recount", "step": 1}),
        ("plan", {"player": "a", "count": 2}), ("plan_private", {"player": "a", "models": ["x", "y"]}),
        ("passes", {"player": "b", "passes": 1, "largest": 3, "planned": 2}), ("turn", {"player": "a"}),
        ("activate", {"model": "x", "player": "a", "audacity": True}), ("activated", {"model": "x", "player": "a", "audacity": False}),
        ("pass", {"player": "a", "passes": 1}), ("pass_marker", {"player": "a", "model": "x", "casualty": True}),
        ("recount", {"step": 3}), ("resources_discarded", {"player": "a", "cards": 2}), ("recover", {"model": "x", "stun": 1}),
        ("recovery", {"model": "x", "dice": [2, 3, 5], "kept": [2, 3], "total": 5, "endurance": 6, "passed": True}),
        ("game_over", {"winners": ["a"], "vp": {"a": 5, "b": 3}, "round": 4, "empty": []}),
        ("round", {"round": 2, "lead_bonus": {}}),
        ("attack", {"target": "y", "attack_dice": [4, 5], "strength_die": 6, "defense_dice": [], "defense": 3, "hits": 2,
                    "blocks": 1, "strength_hit": True, "critical": True, "critical_effect": "Knocked Down", "standing": 2,
                    "stun": 1, "injury": 1, "ko": True, "casualty": False}),
        ("move", {"model": "x", "bmd": 8, "impaired": 0}), ("stand_up", {"model": "x"}),
        ("fall", {"model": "x", "distance": 5, "bmd": 4, "outcome": "injury"}),
        ("melee", {"model": "x", "weapon": "Fists", "effort": 1, "defender_effort": {"y": 0}}),
        ("melee_declared", {"model": "x", "weapon": "Fists", "targets": ["y"]}), ("defend", {"model": "y", "effort": 1}),
        ("attack_effort", {"model": "x", "effort": 2, "target": "y"}), ("melee_cancelled", {"model": "x"}),
        ("ranged", {"model": "x", "weapon": "Batarang", "removals": 1, "magazines": 2, "dice": 2, "strength_die": False}),
        ("manipulate", {"model": "x", "what": "reveal_suspect", "player": "a", "owner": "b", "suspects": {"a": 1, "b": 0}}),
        ("special", {"model": "x", "trait": "Detective"}), ("skill_ignored", {"model": "x"}),
        ("skill_roll", {"model": "x", "skill": "endurance", "against": None, "dice": [1, 4], "kept": [1, 4], "total": 5,
                        "target": 6, "passed": True, "effort": 0}),
        ("effort", {"model": "x", "effort": 1, "trait": None}), ("damage", {"model": "x", "stun": 2, "injury": 0, "ko": False, "casualty": False}),
        ("heal", {"model": "x", "stun": 1, "injury": 0, "recovered": True}), ("status", {"model": "x", "status": "Knocked Down", "on": True}),
        ("reload", {"model": "x", "weapon": "Batarang", "magazines": 2}), ("crown", {"model": "x", "player": "a", "inspire": 4}),
        ("dispute", {"player": "a", "die": 5, "applies": "roller"}),
        ("roll", {"player": "a", "die": 3, "kind": "randomize", "result": 2, "items": 3, "halve": False, "add": 0}),
        ("mulligan", {"player": "a", "count": 1}), ("objective_played", {"player": "a", "card": "Loot"}),
        ("objective_scored", {"player": "a", "card": "Loot", "vp": 2, "total": 4}), ("objective_failed", {"player": "a", "card": "Loot"}),
        ("resource", {"player": "a", "cost": 1, "left": 2}), ("objective_discarded", {"player": "a"}),
    ],
    "gcsg": [
        ("step", {"step": "hire", "villain": "j"}), ("drawn", {"villain": "j", "deck": 1}), ("last_card", {"villain": "j"}),
        ("face_down", {"villain": "j"}), ("turn", {"turn": 3, "villain": "p"}),
        ("declined", {"seat": "p", "pending": "place_threats", "count": 2}),
        ("card_played", {"villain": "j", "bat_signal": True, "income": None}), ("signal", {}),
        ("income", {"block": "b", "villain": "j", "money": 1, "short": True}), ("resources_taken", {"villain": "j", "money": 1, "information": 0, "threats": 1}),
        ("plot", {"villain": "j", "title": "Robbery"}), ("gained", {"villain": "j", "information": 2}),
        ("paid", {"villain": "j", "money": 3}),
        ("given", {"from": "p", "to": "j", "money": 1, "asked": 2, "revealed": {"money": 1, "information": 0}}),
        ("hired", {"villain": "j", "count": 2, "money": 10}), ("move_paid", {"villain": "j", "information": 1}),
        ("moved", {"villain": "j", "to": "b", "from": "hideout", "henchmen": [{"source": "hideout", "to": "b", "count": 2}]}),
        ("to_hideout", {"block": "b", "henchmen": {"p": 2}}),
        ("game_over", {"winners": ["j"], "reason": "deck", "standings": [{"criterion": "level", "values": {"j": 5, "p": 4}}]}),
        ("batman_reshuffled", {}), ("batman_card", {"block": "b", "villain": "j"}),
        ("remove_due", {"block": "b", "count": 3, "seat": "j", "may": True}), ("level_paid", {"villain": "j", "money": 4}),
        ("level_shown", {"villain": "j", "kind": "blocks", "amount": 2, "have": 3}), ("level_up", {"villain": "j", "level": 3, "from": 2}),
        ("ability_due", {"villain": "j"}), ("ability_chosen", {"villain": "j", "card": "Laughing Gas"}),
        ("threats_placed", {"villain": "j", "placements": {"b": 2}, "moved_from": {"c": 1}}),
        ("threats_removed", {"block": "b", "threats": {"p": 1}, "by": "j"}),
        ("henchmen_placed", {"villain": "j", "placements": {"b": 1, "c": 1}}),
        ("fight", {"block": "b", "attacker": "batman", "defender": "p", "controller": "j"}),
        ("fight_result", {"block": "b", "dice": {"batman": 3, "p": "bat"}, "totals": {"batman": 6, "p": 2}, "winner": "batman",
                          "attacker": "batman", "defender": "p", "reason": "bat_emblem"}),
        ("batman_beaten", {"level": 3}), ("threats_due", {"seat": "j", "count": 2}),
    ],
}

# Chronicles in French (its English is the server's words): every kind events.js writes.
SAMPLES_BGCC = [
    ("spend", {"hero": "batman", "space": "melee", "cubes": 2}), ("spend", {"side": "villain", "space": "defense", "cubes": 1}),
    ("stance", {"hero": "batman", "stance": "resting", "to_reserve": 2, "from_wound": 1}), ("step", {"turn": 2, "step": "heroes.actions"}),
    ("turn_marker", {"turn": 3}), ("hero_finished", {"hero": "batman"}),
    ("activation", {"tile": "t1", "position": 2, "discs": 1, "cost": 3}), ("defense", {"attack": 3, "defense": 1, "wounds": 2}),
    ("hero_wounded", {"hero": "batman", "wounds": 1}), ("character_wounded", {"miniature": "m1", "wounds": 1, "life_points": 2}),
    ("character_neutralized", {"miniature": "m1"}), ("tile_neutralized", {"tile": "t1"}), ("setup", {}),
    ("step_passed", {"step": "villain.first_tile"}), ("upkeep", {"hero": "batman", "cubes": 2}),
    ("upkeep", {"side": "villain", "moved": 2, "recovered": 1, "discs": 1}), ("upkeep", {"side": "villain", "moved": 0, "recovered": 3}),
    ("reinforcement_lost", {"lost": 2}), ("game_over", {"winner": "heroes"}), ("action", {"miniature": "m1", "uses": 1, "multiplier": 2}),
    ("complex_action", {"successes": 2, "difficulty": 3, "success": False}),
    ("automatic_action", {"hero": "batman", "space": "thought"}), ("automatic_action", {"miniature": "m1"}),
    ("item", {"from": "batman", "to": "gordon", "item": "Rope"}), ("item", {"hero": "batman", "item": "Rope", "encumbrance": 2}),
    ("item", {"hero": "batman", "item": "Rope"}), ("movement", {"hero": "batman", "cubes": 2, "lost": 1}),
    ("throw", {"hero": "batman", "item": "Rope", "successes": 2, "difficulty": 1, "reached": True}),
    ("event_tile", {"reinforcement_points": 2}), ("dredge", {"tiles": ["t1", "t2"], "cubes": 4}),
    ("demobilize", {"tile": "t1", "removed": 2}), ("reinforce", {"miniature": "m1", "cost": 2, "remaining": 1}),
    ("discs", {"side": "heroes", "discs": 2}), ("draft", {"side": "heroes", "tile": "t1"}), ("draft", {}),
    ("roll_started", {"hero": "batman", "action": "ranged", "pool": ["yellow", "orange"]}),
    ("roll_started", {"miniature": "m1", "action": "melee", "pool": []}), ("dice_rolled", {"pool": "defense", "successes": 1}),
    ("dice_rerolled", {"successes": 3}), ("successes", {"successes": 2, "wounds": 2}),
    ("defense_declared", {"cubes": 0, "pool": [], "automatic": 0}), ("defense_declared", {"cubes": 2, "pool": ["red", "black"], "automatic": 1}),
    ("roll_abandoned", {}), ("hero_neutralized", {"hero": "batman"}), ("follow_up_offered", {"skill": "Combo", "successes": 1}),
    ("dice_mode", {"mode": "physical"}), ("dice_calibrated", {"colour": "yellow"}),
    ("pushing_limits", {"hero": "batman", "wounds": 1, "space": "movement"}), ("shackle", {"tokens": 1, "defender": "Bane"}),
    ("sacrifice", {"taken": 1, "successes": 2}), ("imaginary_friend", {}),
    ("token", {"token": 1, "kind": "smoke", "area": "A4", "side": "heroes", "change": "placed"}),
]

WRITE_BGCC = """async (samples) => {
  const i18n = await import('/js/i18n.js');
  const ev = await import('/js/events.js');
  i18n.setLang('fr');
  const names = { game: 'bgcc', heroes: { batman: 'Batman', gordon: 'Commissioner Gordon' }, tiles: { t1: 'Thugs', t2: 'Enforcers' },
    minis: { m1: 'Thug #1' }, mission: 'Une nuit à Gotham' };
  return samples.map(([kind, data]) => ev.eventText({ kind, data, text: 'SERVER' }, names));
}"""


def test_every_chronicles_kind_is_written_in_french(phones):
    from tests.test_event_codes import BGCC_SERVER_WORDS, KINDS
    assert sorted(KINDS["bgcc"] - set(BGCC_SERVER_WORDS) - {k for k, _ in SAMPLES_BGCC}) == []
    written = phones.open("/", lang="fr").evaluate(WRITE_BGCC, SAMPLES_BGCC)
    bad = [x for x in written if x == "SERVER" or re.search(r"undefined|NaN|\{|\(s\)|null|, ,|dés ,| en à ", x)]
    assert bad == []
    assert "Batman dépense 2 cubes au corps à corps" in written
    assert "Pion fumigène (A4) posé par les héros" in written
    assert "Défense : 0 cube, 0 succès automatique" in written


WRITE_ALL = """async (samples) => {
  const i18n = await import('/js/i18n.js');
  const ev = await import('/js/events.js');
  const names = {
    bmg: { game: 'bmg', players: { a: 'Ann', b: 'Bob' }, models: { x: 'Batman', y: 'Thug' } },
    gcsg: { game: 'gcsg', villains: { j: 'The Joker', p: 'The Penguin' }, blocks: { b: 'Uptown 1', c: 'Uptown 2' } },
  };
  const out = {};
  for (const lang of ['en', 'fr']) {
    i18n.setLang(lang);
    for (const [game, list] of Object.entries(samples))
      for (const [kind, data] of list) out[`${lang} ${game} ${kind}`] = ev.eventText({ kind, data, text: 'SERVER' }, names[game]);
  }
  return out;
}"""


def test_every_kind_is_written_from_its_data_in_both_languages(phones):
    from tests.test_event_codes import KINDS
    for game in ("bmg", "gcsg"):
        assert sorted(KINDS[game] - {k for k, _ in SAMPLES[game]}) == [], f"{game}: kinds with no sample"
    page = phones.open("/", lang="fr")
    written = page.evaluate(WRITE_ALL, SAMPLES)
    bad = {k: v for k, v in written.items() if v == "SERVER" or re.search(r"undefined|NaN|\{|\(s\)|null", v)}
    assert bad == {}
    for key, text in written.items():
        if key.startswith("fr "):
            assert text != written["en " + key[3:]], key
