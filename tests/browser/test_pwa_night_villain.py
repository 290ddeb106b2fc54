"""Game night, the villain's side (issue 20): the villain's phone plays its turn with what a person
sees (roles and labels, in English and in French, at 390x844 and 360x640): the whole river at once
with each tile's cost now, two activations (a character tile, then the event tile: the mission
event named, reinforcement brought back inline, then "Done reinforcing"), a warning before
unspent reinforcement points would be lost, a confirmed dredge that says what it costs, a card per
character on the board with the actions the table offers this phone; Batman's phone follows and is
told why it cannot act; the activation count is gone in the heroes' turn. The host's phone may act
for the villain's board."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import SIZES, scroll_into_view

# beyond one journey per game and language: python3 manage.py test --long (CI runs it)
pytestmark = pytest.mark.long

TABBAR = 64  # px: the tab bar at the bottom of every screen

WORDS = {
    "en": {
        "activate": "Activate", "cancel": "Cancel", "dredge": "Dredge", "done": "Done reinforcing",
        "river": "River", "characters": "Characters on the board", "event": "Event tile",
        "cost": "Costs 2 cubes: reserve 12 → 10, fatigue +2.", "neutralized": "Neutralized",
        "activations1": "Activations this turn: 1 of 2", "activations2": "Activations this turn: 2 of 2",
        "activated": "Activated", "rp": "3 reinforcement points to spend now",
        "lose": "Lost unless spent now: 3 reinforcement points.", "bring": "Bring back · 2 pts",
        "needs": "Needs 3 pts", "pick": "Brute with chains, Neutralized",
        "dredge_btn": "Dredge 1 tile (2 cubes leave the game)", "dredge_q": "Dredge Brute with chains?",
        "dredge_cost": "2 cubes leave the game", "move": "Move", "melee": "Melee attack",
        "not_this_phone": "Not this phone: Villain", "out": "Out of the game", "host": "Host's phone: acting for the villain",
        "used": "2 of 2 tiles activated this turn: no more until the next villain turn",
        "once": "Tile activated once this turn", "lose_title": "Lose 3 reinforcement points?",
        "keep": "Keep reinforcing",
    },
    "fr": {
        "activate": "Activer", "cancel": "Annuler", "dredge": "Dépolluer", "done": "Renforts terminés",
        "river": "Rivière", "characters": "Personnages sur le plateau", "event": "Tuile événement",
        "cost": "Coûte 2 cubes : réserve 12 → 10, fatigue +2.", "neutralized": "Neutralisée",
        "activations1": "Activations ce tour : 1 sur 2", "activations2": "Activations ce tour : 2 sur 2",
        "activated": "Activée", "rp": "3 points de renfort à dépenser maintenant",
        "lose": "Perdus s'ils ne sont pas dépensés maintenant : 3 points de renfort.", "bring": "Faire revenir · 2 pts",
        "needs": "Il faut 3 pts", "pick": "Brute with chains, Neutralisée",
        "dredge_btn": "Dépolluer 1 tuile (2 cubes hors jeu)", "dredge_q": "Dépolluer Brute with chains ?",
        "dredge_cost": "2 cubes hors jeu", "move": "Déplacement", "melee": "Attaque au corps à corps",
        "not_this_phone": "Pas ce téléphone : Vilain", "out": "Hors jeu", "host": "Téléphone de l'hôte : joue pour le vilain",
        "used": "2 tuiles sur 2 activées ce tour : plus aucune avant le prochain tour du vilain",
        "once": "Tuile activée une fois ce tour", "lose_title": "Perdre 3 points de renfort ?",
        "keep": "Continuer les renforts",
    },
}


def river_order(page) -> list[str]:
    return page.locator("[data-testid=river] .river-slot").evaluate_all("els => els.map(e => e.dataset.tile)")


def tile(page, words, name):
    """A tile of the river as a person finds it: a button named "Activate <name>, …" (or "<name>,
    Neutralized, …")."""
    return page.get_by_role("button", name=re.compile(rf"^({re.escape(words['activate'])} )?{re.escape(name)},"))


def sheet(page):
    return page.get_by_role("dialog")


class Steps:
    """Each step's screenshot at both phone sizes, and the layout checked at each size: nothing
    scrolls sideways, every tile of the river is on the screen at once."""

    def __init__(self, shot, lang):
        self.shot, self.lang, self.n = shot, lang, 0

    def __call__(self, page, step, phone, *, dialog=False):
        self.n += 1
        for w, hgt in SIZES:
            page.set_viewport_size({"width": w, "height": hgt})
            if not dialog:
                widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
                assert widths[0] <= widths[1], f"{step} at {w}px: the page scrolls sideways ({widths})"
                small = page.evaluate("""() => [...document.querySelectorAll('main button, main a.btn, main select, main input, main summary')]
                    .filter(el => el.offsetParent !== null)
                    .map(el => { const r = el.getBoundingClientRect(); return {what: el.outerHTML.slice(0, 80), w: r.width, h: r.height}; })
                    .filter(r => r.w < 44 || r.h < 44)""")
                assert not small, f"{step} at {w}px: targets under 44 px: {small}"
                for box in page.locator("[data-testid=river] .tile-btn").evaluate_all(
                        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; })"):
                    assert box[0] >= 0 and box[1] <= w, f"{step} at {w}px: a tile is off the screen ({box})"
            self.shot(page, f"night-villain-{self.lang}-{self.n:02d}-{step}-{phone}-{w}x{hgt}")
        page.set_viewport_size({"width": 390, "height": 844})


def no_serious_axe_violation(page, where):
    from axe_playwright_python.sync_playwright import Axe

    found = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
             for v in Axe().run(page).response["violations"] if v["impact"] in ("serious", "critical")]
    assert not found, f"{where}: {found}"


def on_screen_at_360(page, locator, what):
    """At 360x640, from the top of the screen, `locator` is in view above the tab bar: no scrolling."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.evaluate("window.scrollTo(0, 0)")
    # bounding_box() answers None for an element the live stream is just re-rendering, right after
    # the resize: wait for it to be shown, then read its box once the new layout is painted
    locator.wait_for(state="visible")
    box = locator.evaluate("""el => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => {
        const r = el.getBoundingClientRect(); done({x: r.x, y: r.y, width: r.width, height: r.height}); })))""")
    page.set_viewport_size({"width": 390, "height": 844})
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 640 - TABBAR, f"{what} is below the fold at 360x640: {box}"


@pytest.fixture()
def night(api, phones):
    """Batman and Gordon against the sample villain; phone V plays the villain (no host token),
    phone B plays Batman, phone H holds the host token and Gordon's seat. Before the villain's
    turn: Thug #1 is in the character pool (reinforcement cost 2) and both Brutes are neutralized,
    so the Brute tile is neutralized at the end of the river."""
    created = api.new_table(heroes=("Batman", "Commissioner Gordon"))
    code, host = created["code"], created["token"]
    villain, batman, gordon = api.seat(code, "villain"), api.seat(code, "hero:batman"), api.seat(code, "hero:commissioner-gordon")
    for mini in ("thug-with-crowbar.1", "brute-with-chains.1", "brute-with-chains.2"):
        api.post(code, "/commands/wound", villain, {"miniature": mini, "wounds": 1})
    table = api.advance_to(code, host, "villain.first_tile")
    post = table["command_posts"]["villain"]
    assert [t["id"] for t in post["river"]] == ["thug-with-crowbar", "killer-croc", "event", "brute-with-chains"]
    assert post["reserve"] == 12 and post["fatigue"] == 0

    def open_as(seat, token, host_token=None):
        record = {code: {"code": code, "seat": seat, "token": token, "at": 1, **({"hostToken": host_token} if host_token else {})}}
        return lambda path="/#/villain", **kw: phones.open(path, tables=record, current=code, **kw)

    return {"code": code, "host": host, "villain": villain,
            "open_v": open_as("villain", villain), "open_b": open_as("hero:batman", batman),
            "open_h": open_as("hero:commissioner-gordon", gordon, host)}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_villain_plays_two_activations_with_the_event_tile_reinforcement_and_a_dredge(api, night, shot, lang):
    w = WORDS[lang]
    steps = Steps(shot, lang)
    v = night["open_v"](lang=lang)
    b = night["open_b"](lang=lang)
    taps = {}

    # ---- the whole river at once, each tile's cost now; the neutralized tile greyed without a cost
    expect(v.get_by_role("heading", name=w["river"])).to_be_visible()
    assert river_order(v) == ["thug-with-crowbar", "killer-croc", "event", "brute-with-chains"]
    for tid, cost in (("thug-with-crowbar", "1"), ("killer-croc", "2"), ("event", "3")):
        expect(v.get_by_test_id(f"cost-{tid}")).to_have_text(cost)
    expect(v.get_by_test_id("cost-brute-with-chains")).to_have_count(0)
    expect(tile(v, w, "Brute with chains")).to_contain_text(w["neutralized"])
    expect(v.get_by_test_id("activations")).to_have_text(re.compile(r"0 (of|sur) 2"))
    on_screen_at_360(v, tile(v, w, "Killer Croc"), "the river")
    steps(v, "river", "villain")

    # ---- activation 1: Killer Croc, two taps (the tile, then Activate in the sheet with its cost)
    tile(v, w, "Killer Croc").click()
    expect(sheet(v)).to_contain_text(w["cost"])
    steps(v, "activate-sheet", "villain", dialog=True)
    sheet(v).get_by_role("button", name=w["activate"], exact=True).click()
    taps["activate a character tile"] = 2
    expect(v.get_by_test_id("cp-reserve")).to_contain_text("10")
    expect(v.get_by_test_id("activations")).to_have_text(w["activations1"])
    # it landed at the end of the river, highlighted there, on both phones
    for page in (v, b):
        expect(page.locator("[data-testid=river] .river-slot").last).to_have_attribute("data-tile", "killer-croc")
        expect(tile(page, w, "Killer Croc")).to_contain_text(w["activated"])
    # its character's card: what the table offers this phone (move, a melee attack: no ranged line)
    croc = v.get_by_test_id("char-killer-croc.1")
    expect(croc).to_contain_text("8 / 8")
    expect(croc.get_by_role("link", name=f"{w['move']}: Killer Croc")).to_have_attribute("href", "#/dice/move/miniature/killer-croc.1")
    expect(croc.get_by_role("link", name=f"{w['melee']}: Killer Croc")).to_have_attribute("href", "#/dice/melee/miniature/killer-croc.1")
    expect(croc.get_by_role("link")).to_have_count(2)
    steps(v, "activated", "villain")
    no_serious_axe_violation(v, "the villain's screen, a tile activated")
    # Batman's phone sees the card and why it cannot act for him
    b_croc = b.get_by_test_id("char-killer-croc.1")
    expect(b_croc.get_by_role("link")).to_have_count(0)
    expect(b_croc).to_contain_text(w["not_this_phone"])
    for t_ in b.locator("[data-testid=river] .tile-btn").all():
        expect(t_).to_be_disabled()
    steps(b, "follows", "batman")

    # ---- activation 2: the event tile; the sheet names the mission event before it is confirmed
    tile(v, w, "Event").click()
    expect(sheet(v)).to_contain_text("Sample event: a Thug with crowbar arrives")
    sheet(v).get_by_role("button", name=w["activate"], exact=True).click()
    taps["activate the event tile"] = 2
    card = v.get_by_test_id("event-card")
    expect(card.get_by_role("heading", name=w["event"])).to_be_visible()
    expect(card.get_by_test_id("mission-event")).to_contain_text("Sample event: a Thug with crowbar arrives through the sewer")
    expect(card.get_by_test_id("rp")).to_have_text(w["rp"])
    expect(v.get_by_test_id("activations")).to_have_text(w["activations2"])
    expect(tile(v, w, "Event")).to_contain_text(w["activated"])
    # VI·B: two activations done, the table offers no third: every tile that could be activated is
    # disabled, and the river says why; Killer Croc's card says its tile was activated this turn
    for name in ("Killer Croc", "Thug with crowbar", "Event"):
        expect(tile(v, w, name)).to_be_disabled()
    expect(v.get_by_test_id("river-why")).to_have_text(w["used"])
    expect(v.get_by_test_id("char-activated-killer-croc.1")).to_have_text(w["once"])
    assert "activate_tile" not in {m["command"] for m in api.table(night["code"])["may"]["villain"]}
    # what can come back and its cost, each kind once: the Thug (2 points), a Brute (3 points)
    thug = card.get_by_role("button", name=re.compile(re.escape(w["bring"]) + " ?: Thug with crowbar"))  # French: " : "
    expect(thug).to_be_enabled()
    brute = card.get_by_role("button", name=re.compile(r"· 3 pts ?: Brute with chains"))
    expect(brute).to_be_enabled()
    # "Done reinforcing" and the first tile are on a 360x640 screen without scrolling
    on_screen_at_360(v, card.get_by_role("button", name=w["done"]), "Done reinforcing")
    steps(v, "event-tile", "villain")
    no_serious_axe_violation(v, "the villain's screen, the event tile's reinforcement")

    # ---- the warning before points would be lost: dredging now would lose the 3 points
    tile(v, w, "Brute with chains").click()
    expect(tile(v, w, "Brute with chains")).to_have_attribute("aria-pressed", "true")
    v.get_by_role("button", name=w["dredge_btn"]).click()
    expect(sheet(v)).to_contain_text(w["lose"])
    steps(v, "dredge-loses-points", "villain", dialog=True)
    sheet(v).get_by_role("button", name=w["cancel"]).click()
    expect(card.get_by_test_id("rp")).to_have_text(w["rp"])       # nothing happened
    # the shell's Advance warns too: the advance offer says it loses the points (VI·E)
    v.get_by_test_id("advance").click()
    expect(sheet(v).get_by_role("heading", name=w["lose_title"])).to_be_visible()
    sheet(v).get_by_role("button", name=w["keep"]).click()
    expect(card.get_by_test_id("rp")).to_have_text(w["rp"])       # nothing happened

    # ---- reinforcement: the Thug comes back (2 points), then the Brute is too dear, then done
    thug.click()
    expect(card.get_by_test_id("rp")).to_contain_text("1")
    expect(card.get_by_role("button", name=re.compile(r": Brute with chains"))).to_have_text(w["needs"])
    expect(card.get_by_role("button", name=re.compile(r": Brute with chains"))).to_be_disabled()
    expect(v.get_by_test_id("char-thug-with-crowbar.1")).to_be_visible()
    steps(v, "reinforced", "villain")
    card.get_by_role("button", name=w["done"]).click()
    taps["end the reinforcement"] = 1
    expect(v.get_by_test_id("event-card")).to_have_count(0)
    assert api.table(night["code"])["command_posts"]["villain"]["reinforcement_points"] == 0

    # ---- a confirmed dredge: it says what it costs; 2 cubes leave the game
    v.get_by_role("button", name=w["dredge_btn"]).click()
    dialog = sheet(v)
    expect(dialog.get_by_role("heading", name=w["dredge_q"])).to_be_visible()
    expect(dialog).to_contain_text(w["dredge_cost"])
    expect(dialog).not_to_contain_text(w["lose"])
    steps(v, "dredge-sheet", "villain", dialog=True)
    dialog.get_by_role("button", name=w["dredge"], exact=True).click()
    taps["dredge a tile (pick it, Dredge, confirm)"] = 3
    expect(v.get_by_test_id("cp-removed")).to_contain_text("2")
    for page in (v, b):
        expect(page.locator("[data-testid=river] .river-slot")).to_have_count(3)
    assert river_order(v) == ["thug-with-crowbar", "killer-croc", "event"]
    steps(v, "dredged", "villain")

    # ---- the heroes' turn: no activation count on either phone
    api.advance_to(night["code"], night["host"], "heroes.stances")
    for page in (v, b):
        expect(page.get_by_test_id("river-why")).to_be_visible()
        expect(page.get_by_test_id("activations")).to_have_count(0)
    steps(v, "heroes-turn", "villain")
    print(f"\n[{lang}] taps: " + ", ".join(f"{k} {n}" for k, n in taps.items()))


def test_the_hosts_phone_acts_for_the_villains_board(api, night, shot):
    """The host's phone (here also Gordon's) acts for the villain once its "Act as host" switch is on
    (issue 31: never by default on Gordon's own screens): it draws what `may` offers the host on
    the villain's screen, says it acts for the villain, and activates a tile; the villain's phone
    follows."""
    h = night["open_h"]()
    v = night["open_v"]()
    w = WORDS["en"]
    expect(h.get_by_test_id("cp-readonly")).to_be_visible()
    expect(h.get_by_test_id("host-acting")).to_have_count(0)
    h.get_by_test_id("tab-table").click()
    h.get_by_test_id("act-as-host").check()
    h.get_by_test_id("tab-villain").click()
    expect(h.get_by_test_id("host-acting")).to_have_text(w["host"])
    expect(v.get_by_test_id("host-acting")).to_have_count(0)
    tile(h, w, "Thug with crowbar").click()
    sheet(h).get_by_role("button", name=w["activate"], exact=True).click()
    expect(v.locator("[data-testid=river] .river-slot").last).to_have_attribute("data-tile", "thug-with-crowbar")
    expect(tile(v, w, "Thug with crowbar")).to_contain_text(w["activated"])
    expect(h.get_by_test_id("char-thug-with-crowbar.2").get_by_role("link", name="Move: Thug with crowbar #2")).to_be_visible()
    shot(h, "night-villain-host-acts")
    history = api.session.get(f"{api.base}/api/tables/{night['code']}/history?limit=500", timeout=10).json()
    assert (history[-1]["seat"], history[-1]["command"]) == ("host", "ActivateTile")


def test_the_villain_places_a_token_in_an_area_and_removes_it(api, night, shot):
    """IX·O: the villain's tokens where the villain plays, as the table offers them (place_token,
    remove_token); Batman's phone sees the token."""
    v = night["open_v"]()
    b = night["open_b"]()
    tokens = v.get_by_test_id("tokens")
    tokens.get_by_label("Area (optional)").fill("sewer")
    tokens.get_by_role("button", name="Place a token: Gas").click()
    expect(tokens.get_by_role("listitem")).to_have_text(re.compile(r"Gas · active · sewer"))
    expect(b.get_by_test_id("tokens").get_by_role("listitem")).to_have_text(re.compile(r"Gas · active · sewer"))
    assert [(t["kind"], t["side"], t["area"]) for t in api.table(night["code"])["tokens"]] == [("gas", "villain", "sewer")]
    scroll_into_view(tokens)
    shot(v, "night-villain-token")
    tokens.get_by_role("button", name="Remove: Gas (sewer)").click()
    expect(tokens.get_by_role("listitem")).to_have_count(0)
    assert api.table(night["code"])["tokens"] == []
