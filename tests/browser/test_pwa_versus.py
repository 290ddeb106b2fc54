"""Versus on two phones: create a table from a booklet mission (filling in the numbers its text lacks),
join each side, pick the HQs and draft the teams from the library, then a Versus turn: the heroes'
phone activates three tiles (the third costs 3 discs) while the villain's phone follows the heroes'
discs live; the villain plays its activation step, its event tile brings a mandatory HQ power that
its phone resolves. Screenshots of the new screens, axe-core in both languages, the phone layout."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.steps import Taps, press, scroll_into_view
from tests.conftest import LIBRARY_KEY

PHONE_360 = {"width": 360, "height": 640}
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"

# Versus tiles for the library (sample values made for these tests, not the printed components).


def _tile(name, side, kind="simple", level="henchman", life=1, miniatures=1):
    return {"name": name, "kind": kind, "side": side, "level": level, "cost_indicator": 1, "sample": True,
            "characters": [{"name": name, "life_points": life, "automatic_defense": 1, "miniatures": miniatures,
                            "melee": [{"dice": [{"colour": "orange", "count": 2, "free_reroll": False}],
                                       "multiplier": 2}]}]}


VERSUS_TILES = [
    _tile("Nightwing", "heroes", level="leader", life=5),
    _tile("Batgirl (Barbara Gordon)", "heroes", level="leader", life=4),
    _tile("GCPD officers", "heroes", miniatures=2),
    _tile("SWAT team", "heroes"),
    _tile("Batmobile crew", "heroes", kind="double", level="elite", life=3),
    _tile("The Penguin", "villain", level="leader", life=5),
    _tile("Thugs", "villain", miniatures=3),
    _tile("Gunmen", "villain"),
    _tile("Penguin's goons", "villain", kind="double", level="elite", life=3),
]
HEROES_TEAM = ["GCPD officers", "SWAT team", "Batmobile crew"]
VILLAIN_TEAM = ["Thugs", "Gunmen", "Penguin's goons"]


@pytest.fixture(scope="module")
def versus_library(api):
    # the tiles the app ships as samples (Nightwing, Thugs...) are never replaced: those are used as shipped
    shipped = {t["name"] for t in api.library()["tiles"] if t.get("sample")}
    r = api.session.post(f"{api.base}/api/library", json={"tiles": [t for t in VERSUS_TILES if t["name"] not in shipped]},
                         timeout=10, headers={"Authorization": f"Bearer {LIBRARY_KEY}"})
    assert r.status_code == 200, r.text
    return VERSUS_TILES


def axe_check(page, where: str, found: dict) -> None:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    found[where] = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
                    for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def fits_the_phone(page, where: str) -> None:
    widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"{where}: the page scrolls sideways ({widths})"
    small = page.evaluate("""() => [...document.querySelectorAll(
          'button, a.btn, a.tab, select, input:not([type=checkbox]):not([type=radio]), summary, label.check')]
        .filter(el => el.offsetParent !== null)
        .map(el => { const r = el.getBoundingClientRect();
                     return {what: el.outerHTML.slice(0, 80), w: r.width, h: r.height}; })
        .filter(r => r.w < 44 || r.h < 44)""")
    assert not small, f"{where}: targets under 44 px: {small}"


def scroll_to(page, testid: str) -> None:
    """Bring the element to the top of the screen, below the sticky top bar."""
    page.get_by_test_id(testid).first.evaluate("el => { el.scrollIntoView({block: 'start'}); window.scrollBy(0, -64); }")


def to_top(page) -> None:
    page.evaluate("window.scrollTo(0, 0)")


def advance_until(page, title: str, limit: int = 8, taps: Taps | None = None) -> None:
    """Tap Advance on the command post until the step is `title` (each tap counted in `taps`)."""
    step = page.get_by_test_id("vs-step-title")
    for _ in range(limit):
        if step.inner_text().strip() == title:
            return
        before = step.inner_text().strip()
        if taps is not None:
            taps.tap(page.get_by_test_id("advance"))
        else:
            page.get_by_test_id("advance").click()
        expect(step).not_to_have_text(before)
    expect(step).to_have_text(title)


def test_a_versus_game_from_a_booklet_mission_on_two_phones(phones, versus_library, shot):
    # ---- phone A creates the table from a booklet mission
    taps = Taps()
    a = phones.open("/")
    taps.action("create the table from a booklet mission (one number changed)", "A")
    taps.tap(a.get_by_test_id("mode-versus"))
    mission = a.get_by_test_id("vs-mission")
    expect(mission).to_be_visible()
    mission.select_option("prise-d-otages")
    taps.rows[-1][2] += 2  # a choice in a drop-down list: open it, tap the choice
    expect(mission.locator("option:checked")).to_have_text("Hostage Taking")
    expect(a.get_by_test_id("vs-mission-facts")).to_have_text("Initiative: Heroes · 8 turns")
    # the numbers missing from the booklet's text are prefilled, marked and editable
    expect(a.get_by_test_id("vs-tofill")).to_contain_text("The booklet's text lacks these numbers")
    reserve = a.get_by_test_id("vs-heroes-reserve")
    expect(reserve).to_have_value("10")
    expect(a.locator("label[for=vs-heroes-reserve]")).to_contain_text("to fill in")
    expect(a.get_by_test_id("vs-villain-discs_available")).to_have_value("4")
    reserve.fill("12")
    taps.rows[-1][2] += 1  # the field tapped (the typing not counted)
    scroll_to(a, "vs-mission")
    shot(a, "versus-create")
    scroll_to(a, "vs-side-heroes")
    shot(a, "versus-create-numbers")
    taps.tap(a.get_by_test_id("vs-create"))
    code = a.get_by_test_id("join-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z0-9]{6}", code)
    expect(a.get_by_test_id("join-versus")).to_be_visible()
    taps.action("the host takes the heroes' side", "A")
    taps.tap(a.get_by_test_id("take-heroes"))
    expect(a.get_by_role("heading", name="Versus setup")).to_be_visible()
    expect(a.locator("#conn")).to_have_text("Live")

    # ---- phone B joins the villain's side
    b = phones.open(f"/join/{code}")
    expect(b.get_by_test_id("take-heroes")).to_be_disabled()
    taps.action("join as the villain from the link", "B")
    taps.tap(b.get_by_test_id("take-villain"))
    expect(b.get_by_role("heading", name="Versus setup")).to_be_visible()
    expect(b.get_by_test_id("draft-turn")).to_have_text("HQ selection: the heroes' pick")
    expect(b.get_by_test_id("draft-mine")).to_have_text("Waiting for the heroes")
    expect(b.get_by_test_id("candidates")).to_have_count(0)

    # ---- HQs: the side with initiative first, with the booklet's powers
    expect(a.get_by_test_id("draft-mine")).to_have_text("Your pick")
    candidates = a.get_by_test_id("candidates")
    expect(candidates).to_contain_text("Batgirl (Barbara Gordon)")
    expect(candidates).not_to_contain_text("GCPD officers")      # an HQ is a Leader / Lieutenant level tile
    expect(candidates).not_to_contain_text("The Penguin")        # the other side's tile
    expect(candidates).to_contain_text("HQ powers: Impetuous")
    taps.action("pick the heroes' HQ (pick, confirm)", "A")
    taps.tap(a.get_by_test_id("draft-Nightwing"))
    expect(a.locator("dialog.sheet")).to_contain_text("Impetuous")
    expect(a.locator("dialog.sheet")).to_contain_text("The hero immediately performs a character activation with Nightwing")
    shot(a, "versus-hq")
    taps.tap(a.get_by_test_id("sheet-confirm"))
    expect(b.get_by_test_id("draft-mine")).to_have_text("Your pick")
    expect(b.get_by_test_id("team-heroes")).to_contain_text("Nightwing")
    taps.action("pick the villain's HQ (pick, confirm)", "B")
    taps.tap(b.get_by_test_id("draft-The Penguin"))
    expect(b.locator("dialog.sheet")).to_contain_text("Multi-Purpose Umbrella")
    taps.tap(b.get_by_test_id("sheet-confirm"))

    # ---- the alternate draft; a Leader / Lieutenant tile drafted here is a Lieutenant
    expect(a.get_by_test_id("draft-turn")).to_have_text("Team composition: the heroes' pick")
    expect(a.get_by_test_id("candidates")).to_contain_text("Leader / Lieutenant level: drafted here it is a Lieutenant.")
    expect(a.get_by_test_id("powers-heroes")).to_contain_text("Impetuous")
    shot(a, "versus-draft")
    for hero_tile, villain_tile in zip(HEROES_TEAM, VILLAIN_TEAM):
        expect(a.get_by_test_id("draft-mine")).to_have_text("Your pick")
        taps.action(f"draft {hero_tile}", "A")
        taps.tap(a.get_by_test_id(f"draft-{hero_tile}"))
        expect(b.get_by_test_id("draft-mine")).to_have_text("Your pick")
        taps.action(f"draft {villain_tile}", "B")
        taps.tap(b.get_by_test_id(f"draft-{villain_tile}"))

    # ---- both teams complete: each phone shows its command post
    expect(a.get_by_role("heading", name="Command post")).to_be_visible()
    expect(a.get_by_test_id("cp-side")).to_have_text("Heroes · this phone")
    expect(b.get_by_test_id("cp-side")).to_have_text("Villain · this phone")
    expect(a.locator("[data-testid=river] .river-slot")).to_have_count(5)
    expect(a.get_by_test_id("cp-reserve")).to_contain_text("12")
    taps.action("advance to the heroes' activations", "A")
    advance_until(a, "Heroes: spend activation potential, activate tiles", taps=taps)
    expect(a.get_by_test_id("discs-available")).to_have_text("6")   # 4 + 2 recovered at the upkeep
    expect(a.get_by_test_id("discs-unavailable")).to_have_text("1")
    expect(a.get_by_test_id("next-disc-cost")).to_have_text("Activation 1 costs 1 disc, then the tile's cubes.")

    # ---- the villain's phone watches the heroes' command post
    taps.action("the villain's phone looks at the heroes' command post", "B")
    taps.tap(b.get_by_test_id("cp-toggle-heroes"))
    expect(b.get_by_test_id("cp-side")).to_have_text("Heroes")
    expect(b.get_by_test_id("cp-readonly")).to_be_visible()
    expect(b.get_by_test_id("discs-available")).to_have_text("6")

    # ---- three activations: 1, 2, then 3 discs, each shown before confirming
    available, spent = 6, 0
    for n in (1, 2, 3):
        first = a.locator("[data-testid=river] .river-slot").first
        tile = first.get_attribute("data-tile")
        taps.action(f"activation {n}: {n} disc{'s' if n > 1 else ''} (tile, confirm)", "A")
        taps.tap(a.get_by_test_id(f"tile-{tile}"))
        expect(a.get_by_test_id("activate-discs")).to_have_text(f"{n} disc" + ("s" if n > 1 else ""))
        expect(a.get_by_test_id("activate-cost")).to_contain_text("reserve → fatigue")
        if n == 3:
            expect(a.locator("dialog.sheet")).to_contain_text("Activation 3 of this turn")
            shot(a, "versus-activate")
        taps.tap(a.get_by_test_id("sheet-confirm"))
        available, spent = available - n, spent + n
        expect(a.get_by_test_id("discs-available")).to_have_text(str(available))
        # the other phone follows within a second
        expect(b.get_by_test_id("discs-available")).to_have_text(str(available), timeout=1000)
        expect(b.get_by_test_id("discs-spent")).to_have_text(str(spent), timeout=1000)
        expect(b.locator("[data-testid=river] .river-slot").last).to_have_attribute("data-tile", tile)
    expect(a.get_by_test_id("activations")).to_have_text("Activations this turn: 3")
    expect(a.get_by_test_id("next-disc-cost")).to_have_text("Activation 4 costs 4 discs, then the tile's cubes.")
    expect(a.get_by_test_id("next-disc-cost")).to_have_class(re.compile("short"))
    to_top(a)
    shot(a, "versus-cp")
    scroll_to(a, "discs")
    shot(a, "versus-discs")
    to_top(b)
    shot(b, "versus-opponent")

    # ---- the dice screen offers the activated tile's characters against the other side's
    taps.action("look at the Dice tab and back", "A")
    taps.tap(a.get_by_test_id("tab-dice"))
    expect(a.get_by_test_id("roll-mini")).to_have_text("SWAT team")          # the one character that may act
    expect(a.get_by_test_id("target")).to_contain_text("The Penguin")
    expect(a.get_by_test_id("odds")).to_contain_text("expected wounds")
    taps.tap(a.get_by_test_id("tab-versus"))
    expect(a.get_by_test_id("cp-side")).to_have_text("Heroes · this phone")

    # ---- the heroes end their turn: the side that just finished moves the turn on, and the
    # end-game check and the villain's upkeep pass by themselves (C2); the villain plays its step
    expect(a.get_by_test_id("advance")).to_have_text("Next: Villain: spend activation potential, activate tiles")
    taps.action("advance to the villain's activations", "A")
    advance_until(a, "Villain: spend activation potential, activate tiles", taps=taps)
    expect(a.get_by_test_id("discs-spent")).to_have_text("0")            # spent → unavailable at the end
    expect(a.get_by_test_id("discs-unavailable")).to_have_text("7")
    taps.action("the villain's phone back to its command post", "B")
    taps.tap(b.get_by_test_id("cp-toggle-villain"))
    expect(b.get_by_test_id("vs-step-title")).to_have_text("Villain: spend activation potential, activate tiles")
    expect(b.get_by_test_id("discs-available")).to_have_text("6")
    taps.action("the heroes' phone looks at the villain's command post", "A")
    taps.tap(a.get_by_test_id("cp-toggle-villain"))

    # the event tile brings the HQ's special event: mandatory, resolved on the villain's phone
    taps.action("activate the event tile (tile, confirm)", "B")
    taps.tap(b.get_by_test_id("tile-event-villain"))
    expect(b.get_by_test_id("activate-discs")).to_have_text("1 disc")
    taps.tap(b.get_by_test_id("sheet-confirm"))
    pending = b.get_by_test_id("pending-the-penguin-parapluie-multifonction")
    expect(pending).to_contain_text("The Penguin — Multi-Purpose Umbrella")
    # phone A plays the heroes and holds the host token: the host's `may` covers every command post
    expect(a.get_by_test_id("pending-the-penguin-parapluie-multifonction")).to_contain_text("The Penguin — Multi-Purpose Umbrella")
    taps.action("resolve the HQ's mandatory power (choice, target, count, resolve)", "B")
    taps.tap(pending.get_by_test_id("alt-0"))
    pending.get_by_test_id("power-mini-0").select_option("nightwing.1")
    taps.rows[-1][2] += 2  # a choice in a drop-down list
    pending.get_by_test_id("power-count").fill("2")
    taps.rows[-1][2] += 1  # the field tapped
    scroll_to(b, "pending-the-penguin-parapluie-multifonction")
    shot(b, "versus-power")
    # nothing else happens before the power is resolved: the river is not offered meanwhile
    expect(b.get_by_test_id("tile-thugs")).to_be_disabled()
    taps.tap(b.get_by_test_id("resolve-the-penguin-parapluie-multifonction"))
    expect(pending).to_have_count(0)
    taps.action("the heroes' phone back to its command post", "A")
    taps.tap(a.get_by_test_id("cp-toggle-heroes"))
    expect(a.get_by_test_id("lp-nightwing.1")).to_contain_text("3 / 5 life points")

    taps.action("activate Thugs: 2 discs (tile, confirm)", "B")
    taps.tap(b.get_by_test_id("tile-thugs"))
    expect(b.get_by_test_id("activate-discs")).to_have_text("2 discs")
    taps.tap(b.get_by_test_id("sheet-confirm"))
    expect(b.get_by_test_id("discs-available")).to_have_text("3")
    expect(b.get_by_test_id("activations")).to_have_text("Activations this turn: 2")

    # ---- the Table screen shows both sides' discs and the step
    taps.action("look at the Table screen", "A")
    taps.tap(a.get_by_test_id("tab-table"))
    expect(a.get_by_test_id("step-title")).to_have_text("Villain: spend activation potential, activate tiles")
    expect(a.get_by_test_id("mission-name")).to_have_text("Mission: Hostage Taking")
    expect(a.get_by_test_id("table-discs-villain-spent")).to_have_text("3")
    expect(a.get_by_test_id("table-discs-villain-available")).to_have_text("3")
    expect(a.get_by_test_id("table-discs-heroes-unavailable")).to_have_text("7")
    shot(a, "versus-table")
    # the villain moves the turn on: its end of turn passes by itself (C2) up to the next turn's
    # upkeep, where the mission's special rules are due
    taps.action("the villain ends its turn: advance to turn 2's upkeep", "B")
    taps.tap(b.get_by_test_id("advance"))
    expect(a.get_by_test_id("step-title")).to_have_text("Upkeep: advance the turn marker, upkeep effects")
    expect(a.get_by_test_id("now-turn")).to_have_text("Turn 2 of 8")
    expect(a.get_by_test_id("table-discs-villain-spent")).to_have_text("0")
    expect(a.get_by_test_id("table-discs-villain-unavailable")).to_have_text("4")

    # ---- in French, the booklet's words
    a.locator("#lang").click()
    expect(a.get_by_test_id("mission-name")).to_have_text("Mission : Prise d’otages")
    a.get_by_test_id("tab-versus").click()
    expect(a.get_by_role("heading", name="Disques de potentiel d'activation (DPA)")).to_be_visible()
    expect(a.get_by_test_id("discs")).to_contain_text("Zone de potentiel d'activation disponible")
    expect(a.get_by_test_id("discs")).to_contain_text("Zone de potentiel d'activation indisponible")
    expect(a.get_by_test_id("discs")).to_contain_text("Zone de dépense de potentiel d'activation")
    expect(a.get_by_role("heading", name="Rivière")).to_be_visible()
    expect(a.get_by_test_id("tab-versus")).to_contain_text("Poste")
    shot(a, "versus-cp-fr")

    # the taps of each action (issue 31: the closing note lists them for each game), as the round's
    table = taps.table()
    total = sum(r[2] for r in taps.rows)
    advancing = sum(r[2] for r in taps.rows if r[0].startswith(("advance to", "the villain ends")))
    summary = f"\n\nTaps over the turn (both phones, the table's creation included): {total}; advancing: {advancing}."
    print("\n" + table + summary)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "versus-taps.md").write_text(
        "# Taps of a Versus turn, two phones (tests/browser/test_pwa_versus.py)\n\n" + table + summary + "\n")


# ------------------------------------------------------------------ set up over HTTP: accessibility, layout


def _versus_mission():
    side = {"reserve": 10, "fatigue": 2, "recovery": 4, "discs_available": 4, "discs_unavailable": 3,
            "discs_recovery": [2], "river": ["HQ simple", "simple", "simple", "double", "event"]}
    return {"name": "Hostage Taking", "name_fr": "Prise d’otages", "initiative": "heroes", "turn_limit": 8,
            "sides": {"heroes": dict(side), "villain": dict(side)}}


def _versus_table(api, drafted: bool):
    r = api.session.post(f"{api.base}/api/versus-tables", json={"mission": _versus_mission()}, timeout=10)
    assert r.status_code == 201, r.text
    code, host = r.json()["code"], r.json()["token"]
    heroes, villain = api.seat(code, "heroes"), api.seat(code, "villain")
    tiles = {t["name"]: t for t in VERSUS_TILES}
    api.post(code, "/commands/pick_hq", heroes, {"side": "heroes", "tile": tiles["Nightwing"]})
    if drafted:
        api.post(code, "/commands/pick_hq", villain, {"side": "villain", "tile": tiles["The Penguin"]})
        for h, v in zip(HEROES_TEAM, VILLAIN_TEAM):
            api.post(code, "/commands/draft_tile", heroes, {"side": "heroes", "tile": tiles[h]})
            api.post(code, "/commands/draft_tile", villain, {"side": "villain", "tile": tiles[v]})
        table = api.advance_to(code, host, "villain.activations")
        api.post(code, "/commands/activate_tile", villain, {"side": "villain", "tile": "event-villain"})
        assert table["turn"]["step"] == "villain.activations"
    return {"code": code, "host": host, "heroes": heroes, "villain": villain}


@pytest.fixture()
def versus_tables(api, versus_library):
    return {"setup": _versus_table(api, drafted=False), "play": _versus_table(api, drafted=True)}


def _open(phones, t, seat, path, **kw):
    record = {t["code"]: {"code": t["code"], "seat": seat, "token": t[seat], "hostToken": t["host"] if seat == "heroes" else None,
                          "mode": "versus", "at": 1}}
    return phones.open(path, tables=record, current=t["code"], **kw)


def _screens(tables):
    setup, play = tables["setup"], tables["play"]
    return [
        # (name, table, seat, path, what shows the screen is ready)
        ("home-versus", play, "villain", "/#/home", "vs-mission"),
        ("join-versus", play, "villain", f"/#/join/{play['code']}", "take-spectator"),
        ("setup", setup, "villain", "/#/versus", "candidates"),
        ("setup-waiting", setup, "heroes", "/#/versus", "team-heroes"),
        ("command-post", play, "villain", "/#/versus/villain", "pending-the-penguin-parapluie-multifonction"),
        ("opponent", play, "villain", "/#/versus/heroes", "discs"),
        ("table", play, "heroes", "/#/table", "versus-summary"),
    ]


def _show(page, name, testid):
    if name == "home-versus":
        press(page.get_by_test_id("mode-versus"))
    expect(page.get_by_test_id(testid).first).to_be_visible()
    if name not in ("home-versus", "join-versus"):
        expect(page.locator("#conn")).to_have_attribute("data-state", "live")
    page.wait_for_timeout(250)


@pytest.mark.long  # beyond one journey per game and language (--long)
def test_axe_finds_no_serious_or_critical_violation_on_the_versus_screens(phones, versus_tables, shot):
    found = {}
    for lang in ("en", "fr"):
        for name, table, seat, path, testid in _screens(versus_tables):
            page = _open(phones, table, seat, path, lang=lang)
            _show(page, name, testid)
            if lang == "fr" or name in ("setup", "setup-waiting", "home-versus"):
                shot(page, f"versus-{name}{'-fr' if lang == 'fr' else ''}")
            axe_check(page, f"{lang}:{name}", found)
            page.context.close()
            phones.contexts.remove(page.context)
    assert not any(found.values()), found


@pytest.mark.long  # beyond one journey per game and language (--long)
def test_the_versus_screens_fit_a_360_pixel_phone_with_thumb_sized_targets(phones, versus_tables):
    for name, table, seat, path, testid in _screens(versus_tables):
        page = _open(phones, table, seat, path, viewport=PHONE_360)
        _show(page, name, testid)
        fits_the_phone(page, name)
        page.context.close()
        phones.contexts.remove(page.context)


# ------------------------------------------------------------------ a booklet mission's rules on the phone


@pytest.mark.long  # beyond one journey per game and language (--long)
@pytest.mark.parametrize("viewport", [{"width": 390, "height": 844}, {"width": 360, "height": 640}])
def test_duel_dans_la_ruelle_mission_event_on_the_phone(phones, api, versus_library, shot, viewport):
    """Duel dans la ruelle loaded by id: the heroes' command post shows the mission's rules at their step
    (ON N'ABANDONNE PAS LES BLESSÉS: no dredge) and, on the event tile, the mission's event ("PAS LE TEMPS
    DE PLEURER LES MORTS") as a free command: the neutralized tile goes back in the box."""
    typed = {"reserve": 12, "fatigue": 0, "recovery": 4, "discs_available": 4, "discs_unavailable": 3,
             "river": ["HQ simple", "simple", "simple", "double", "event"]}  # not printed in the text extract
    r = api.session.post(f"{api.base}/api/versus-tables", timeout=10, json={"mission": {
        "id": "duel-dans-la-ruelle", "sides": {"heroes": dict(typed), "villain": dict(typed)}}})
    assert r.status_code == 201, r.text
    code, host = r.json()["code"], r.json()["token"]
    heroes, villain = api.seat(code, "heroes"), api.seat(code, "villain")
    tiles = {t["name"]: t for t in VERSUS_TILES}
    api.post(code, "/commands/pick_hq", heroes, {"side": "heroes", "tile": tiles["Nightwing"]})
    api.post(code, "/commands/pick_hq", villain, {"side": "villain", "tile": tiles["The Penguin"]})
    for h, v in zip(HEROES_TEAM, VILLAIN_TEAM):
        api.post(code, "/commands/draft_tile", heroes, {"side": "heroes", "tile": tiles[h]})
        api.post(code, "/commands/draft_tile", villain, {"side": "villain", "tile": tiles[v]})
    api.advance_to(code, host, "heroes.activations")
    api.post(code, "/commands/wound", villain, {"miniature": "swat-team.1", "wounds": 1})
    t = {"code": code, "host": host, "heroes": heroes, "villain": villain}
    page = _open(phones, t, "heroes", "/#/versus/heroes", viewport=viewport)
    card = page.get_by_test_id("vs-mission-rules")
    expect(card).to_contain_text("ON N’ABANDONNE PAS LES BLESSÉS")
    expect(card).to_contain_text("POUVOIR DE QG + PAS LE TEMPS DE PLEURER LES MORTS")
    page.get_by_test_id("tile-event-heroes").click()
    page.get_by_test_id("sheet-confirm").click()
    button = page.get_by_test_id("mission-event-heroes")
    expect(button).to_be_enabled()
    scroll_into_view(card)
    shot(page, f"versus-mission-event-{viewport['width']}")
    button.click()
    expect(button).to_have_count(0)
    expect(page.get_by_test_id("tile-swat-team")).to_have_count(0)
    shot(page, f"versus-mission-event-done-{viewport['width']}")
