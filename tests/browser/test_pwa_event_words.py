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


def history_lines(phones, t: Table, seat: str, lang: str) -> list[str]:
    """The History screen's event lines on a phone holding `seat`."""
    record = {"code": t.code, "seat": seat, "token": t.tokens[seat], "hostToken": t.tokens["host"], "at": 1}
    page = phones.open("/#/history", tables={t.code: record}, current=t.code, lang=lang)
    expect(page.get_by_test_id("history")).to_be_visible()
    expect(page.locator("[data-testid=history] .ev").first).to_be_visible()
    lines = page.locator("[data-testid=history] .ev").all_inner_texts()
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
def test_a_french_history_has_no_english_event(phones, api, game):
    t = bmg_round(api) if game == "bmg" else gcsg_turn(api)
    seat = "player:ann" if game == "bmg" else "joker"
    server = {e["text"] for entry in t.history(seat) for e in entry["events"]}
    lines = history_lines(phones, t, seat, "fr")
    assert len(lines) >= 10, lines
    assert [x for x in lines if x in server and not re.fullmatch(r"[\W\d]*", x)] == []
    probe = phones.open("/", lang="fr")
    english = [as_pattern(x) for x in probe.evaluate(ENGLISH_EVENT_PATTERNS)]
    assert len(english) > 60
    assert [x for x in lines if any(p.match(x) for p in english)] == []
    assert not [x for x in lines if "undefined" in x or "{" in x or "(s)" in x or "NaN" in x]
    # the English phone says the same events from the same codes, in English
    english_lines = history_lines(phones, t, seat, "en")
    assert len(english_lines) == len(lines)
    assert [x for x in english_lines if "undefined" in x or "{" in x or "NaN" in x] == []


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
