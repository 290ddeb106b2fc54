"""Game night, the shell (issue 20): the "now" strip on every screen with who is awaited, Advance
naming the next step above the tab bar, the prompt on the awaited phone (banner, tab badge,
vibration), the result card of a roll on both phones, confirmations before Forget and Hand over, the
host recovery code and reclaiming the host seat, the join link's QR code, the live seat list, the
Screen Wake Lock, undo naming what it undoes, and French everywhere (no English catalogue text on
any screen), axe on the new pieces."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import requests
from playwright.sync_api import expect

from tests.browser.steps import press, scroll_into_view

I18N = Path(__file__).resolve().parents[2] / "pwa" / "js" / "i18n.js"
SMALL = {"width": 360, "height": 640}
TALL = {"width": 390, "height": 844}


def in_view(page, testid: str) -> bool:
    """The control is wholly inside the viewport, above the fold, not hidden under the tab bar, and
    thumb-sized (waits up to 3 s for the screen to settle: the live stream re-renders it)."""
    try:
        page.wait_for_function("""id => { const el = document.querySelector(`[data-testid="${id}"]`);
            if (!el) return false;
            const r = el.getBoundingClientRect();
            const bar = document.getElementById('tabbar').getBoundingClientRect();
            return r.top >= 0 && r.bottom <= Math.min(innerHeight, bar.top) + 0.5 && r.height >= 44; }""",
                               arg=testid, timeout=3000)
        return True
    except Exception:  # noqa: BLE001 - the playwright timeout: not in view
        print(testid, page.get_by_test_id(testid).evaluate("el => JSON.stringify(el.getBoundingClientRect())"))
        return False


def axe_bad(page, include: str | None = None) -> list:
    from axe_playwright_python.sync_playwright import Axe
    results = Axe().run(page, context=include) if include else Axe().run(page)
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


# ------------------------------------------------------------------ the strip and Advance


@pytest.mark.long  # beyond one journey per game and language (--long)
def test_the_strip_says_the_turn_the_step_and_whose_go_and_advance_names_the_next_step(api, duo, shot):
    api.advance_to(duo["code"], duo["host"], "villain.first_tile")
    a = duo["open_a"]()                                   # the villain's phone, the host's too
    b = duo["open_b"]()                                   # Batman's phone
    for page in (a, b):
        expect(page.get_by_test_id("now-step")).to_have_text("Villain: activate the first tile")
        expect(page.get_by_test_id("now-turn")).to_have_text(re.compile(r"Turn 1 of \d+"))
        expect(page.get_by_test_id("now-go")).to_have_text("The villain's go")
    # the villain's phone may move the turn on: one button above the tab bar, naming the next step
    advance = a.get_by_test_id("advance")
    expect(advance).to_be_enabled()
    expect(advance).to_have_text(re.compile(r"^Next: .+"))
    assert in_view(a, "advance")
    shot(a, "night-strip-villain-390")
    # Batman's phone: no Advance on its hero board; on the Table screen, disabled with the reason
    expect(b.get_by_test_id("advance")).to_have_count(0)
    b.get_by_test_id("tab-table").click()
    expect(b.get_by_test_id("advance")).to_be_disabled()
    expect(b.get_by_test_id("advance-why")).to_have_text("Not this phone: Villain")
    shot(b, "night-strip-hero-table-390")

    # at 360 × 640 Advance is above the fold on every screen of the villain's phone
    a.set_viewport_size(SMALL)
    for tab in ("villain", "table", "dice", "history"):
        a.get_by_test_id(f"tab-{tab}").click()
        expect(a.get_by_test_id("advance")).to_be_visible()
        assert in_view(a, "advance"), tab
        shot(a, f"night-strip-360-{tab}")
    before = a.get_by_test_id("now-step").inner_text()
    a.get_by_test_id("advance").click()                   # one tap
    expect(a.get_by_test_id("now-step")).not_to_have_text(before)
    expect(b.get_by_test_id("now-step")).to_have_text(a.get_by_test_id("now-step").inner_text())


# ------------------------------------------------------------------ confirmations


@pytest.mark.long  # beyond one journey per game and language (--long)
def test_forget_asks_first_and_says_what_is_lost(duo, shot):
    a = duo["open_a"]("/#/home")
    code = duo["code"]
    a.get_by_role("button", name=f"Forget {code}").click()
    sheet = a.locator("dialog.sheet")
    expect(sheet).to_be_visible()
    expect(sheet).to_contain_text(f"Forget table {code}?")
    expect(sheet).to_contain_text("host seat")
    expect(sheet).to_contain_text("Villain seat's token is lost")
    shot(a, "night-forget-sheet")
    assert not axe_bad(a, "dialog.sheet")
    sheet.get_by_role("button", name="Cancel").click()
    expect(a.get_by_test_id(f"resume-{code}")).to_be_visible()         # nothing lost
    a.get_by_role("button", name=f"Forget {code}").click()
    a.get_by_test_id("sheet-confirm").click()
    expect(a.get_by_test_id(f"resume-{code}")).to_have_count(0)


@pytest.mark.long  # beyond one journey per game and language (--long)
def test_hand_over_names_the_phone_cut_off_and_cuts_it_only_when_confirmed(api, duo, phones, shot):
    a = duo["open_a"]("/#/table", permissions=["clipboard-read", "clipboard-write"])
    b = duo["open_b"]()
    expect(a.locator("[data-seat='hero:batman'] .dot.on")).to_be_visible(timeout=5000)
    a.get_by_test_id("handover-hero:batman").click()
    sheet = a.locator("dialog.sheet")
    expect(sheet).to_contain_text("Hand over the Batman seat?")
    expect(sheet).to_contain_text("The phone now holding Batman (connected) is cut off at once")
    shot(a, "night-handover-sheet")
    sheet.get_by_role("button", name="Cancel").click()
    b.get_by_test_id("space-defense").click()                            # Batman's phone still plays
    expect(b.get_by_test_id("hero-reserve")).to_contain_text("11")
    a.get_by_test_id("handover-hero:batman").click()
    a.get_by_test_id("sheet-confirm").click()
    # issue 28, point 9: the host's phone shows a one-time claim code (QR code, link, copy button),
    # never the seat's token
    card = a.get_by_test_id("handover-claim")
    expect(card).to_contain_text("Scan this code with the new phone for the Batman seat, or send it the link:")
    expect(card).to_contain_text("It works once, for 10 min.")
    link = a.get_by_test_id("handover-link").inner_text()
    assert re.fullmatch(rf"http://127\.0\.0\.1:\d+/join/{duo['code']}#claim=[2-9A-HJKMNP-Z]{{10}}", link), link
    expect(card.locator("svg[role=img]")).to_have_attribute("aria-label", f"QR code of the join link {link}")
    a.get_by_test_id("handover-copy").click()
    expect(a.get_by_test_id("handover-copy")).to_have_text("Link copied")
    assert a.evaluate("navigator.clipboard.readText()") == link
    shot(a, "night-handover-claim")
    # cut off at once, as the sheet said: the old phone's live stream ends and it says so
    expect(b.get_by_text("This phone no longer holds the Batman seat")).to_be_visible()
    # the new phone opens the link: it claims the seat and lands on Batman's board, and plays
    c = phones.open(link)
    expect(c).to_have_url(re.compile(r"/#/hero/batman$"))
    expect(c.get_by_test_id("hero-reserve")).to_contain_text("11")
    held = json.loads(c.evaluate("localStorage.getItem('gc.tables')"))[duo["code"]]
    assert held["seat"] == "hero:batman" and held["token"] not in (duo["batman"], link)
    assert held["token"] not in a.content()
    c.get_by_test_id("space-defense").click()
    expect(c.get_by_test_id("hero-reserve")).to_contain_text("10")
    # the same link again: the code is used, said in words; the seat this phone holds stays
    c.goto(link)
    expect(c.get_by_test_id("join-refusal")).to_have_text(re.compile(r"^This handover code was already used"))
    assert json.loads(c.evaluate("localStorage.getItem('gc.tables')"))[duo["code"]] == held
    c.get_by_test_id("take-hero:batman").click()                      # "this phone": back to its board
    expect(c).to_have_url(re.compile(r"/#/hero/batman$"))
    expect(c.get_by_test_id("hero-reserve")).to_contain_text("10")


@pytest.mark.long  # beyond one journey per game and language (--long)
def test_end_game_asks_first(api, duo, shot):
    api.advance_to(duo["code"], duo["host"], "heroes.actions")
    a = duo["open_a"]("/#/table")
    a.get_by_role("button", name="End the game").click()
    sheet = a.locator("dialog.sheet")
    expect(sheet).to_contain_text("The game ends now for every phone")
    shot(a, "night-endgame-sheet")
    sheet.get_by_role("button", name="Cancel").click()
    expect(a.get_by_test_id("now-step")).not_to_have_text("Game over")


# ------------------------------------------------------------------ QR code, seat list, wake lock


@pytest.mark.long  # beyond one journey per game and language (--long)
def test_the_host_sees_the_join_links_qr_code_and_the_live_seat_list(api, duo, phones, shot):
    a = duo["open_a"]("/#/table")
    qr = a.get_by_test_id("join-qr")
    expect(qr).to_be_visible()
    expect(qr.locator("svg[role=img]")).to_have_attribute("aria-label", re.compile(rf"/join/{duo['code']}$"))
    # the QR code is the library's: modules drawn, the quiet zone white
    cells = qr.locator("svg path").get_attribute("d")
    assert cells.count("h1v1") > 200
    a.evaluate("document.querySelector('[data-testid=join-qr]').scrollIntoView()")
    shot(a, "night-qr")
    # Batman's phone comes and goes: the host's seat list follows the stream
    expect(a.locator("[data-seat='hero:batman']")).to_have_attribute("data-connected", "false")
    b = duo["open_b"]()
    expect(a.locator("[data-seat='hero:batman']")).to_have_attribute("data-connected", "true", timeout=5000)
    b.context.close()
    expect(a.locator("[data-seat='hero:batman']")).to_have_attribute("data-connected", "false", timeout=10000)
    # a player's phone has no QR code (only the host's)
    c = phones.open("/#/table", tables={duo["code"]: {"code": duo["code"], "seat": "hero:batman", "token": duo["batman"], "at": 1}},
                    current=duo["code"])
    expect(c.get_by_test_id("now-step")).to_be_visible()
    expect(c.get_by_test_id("join-qr")).to_have_count(0)


@pytest.mark.long  # beyond one journey per game and language (--long)
def test_the_screen_is_kept_awake_while_a_table_is_open(duo):
    a = duo["open_a"]("/#/table")
    a.add_init_script("")
    expect(a.get_by_test_id("now-step")).to_be_visible()
    # chromium offers the Wake Lock API to a visible page of a secure context (localhost)
    held = a.evaluate("""async () => { for (let i = 0; i < 30; i++) {
        const m = await import('/js/now.js'); if (m.wakeLockHeld()) return true;
        await new Promise(r => setTimeout(r, 100)); } return 'wakeLock' in navigator ? false : 'unsupported'; }""")
    assert held in (True, "unsupported")
    a.goto("/#/home")
    a.evaluate("() => localStorage.removeItem('gc.current')")


# ------------------------------------------------------------------ the result card


def roll_attack(api, duo, target: str = "thug-with-crowbar.1") -> dict:
    """Batman attacks in melee with the app's dice, no reroll; the villain defends with no cube."""
    code = duo["code"]
    api.post(code, "/commands/start_roll", duo["batman"], {"action": "melee", "hero": "batman", "cubes": 1, "target_miniature": target})
    api.post(code, "/commands/roll_dice", duo["batman"], {})
    api.post(code, "/commands/end_rerolls", duo["batman"])
    return api.post(code, "/commands/defend", duo["villain"], {"cubes": 0})


@pytest.mark.long  # beyond one journey per game and language (--long)
def test_a_result_card_on_every_phone_until_dismissed_and_gone_when_the_next_roll_starts(api, duo, phones, shot):
    code = duo["code"]
    gordon = api.seat(code, "hero:commissioner-gordon")
    api.advance_to(code, duo["host"], "heroes.stances")
    api.post(code, "/commands/declare_stance", duo["batman"], {"hero": "batman", "stance": "active"})
    api.advance_to(code, duo["host"], "heroes.actions")
    a = duo["open_a"]()                                   # the defender's phone, on the command post
    b = duo["open_b"]()                                   # the attacker's phone, on the hero board
    # a bystander: Gordon's phone, on his own board (issue 31: it never saw the attack's result)
    g = phones.open("/#/hero/commissioner-gordon", current=code, tables={code: {
        "code": code, "seat": "hero:commissioner-gordon", "token": gordon, "at": 1}})
    for page in (a, b, g):
        expect(page.get_by_test_id("now-step")).to_have_text("Heroes: actions")
    answer = roll_attack(api, duo)
    last = answer["table"]["dice"]["last"]
    wounds = last["wounds"]
    line = f"{last['successes']} vs {last['defense_successes']} → {wounds} wound{'' if wounds == 1 else 's'}"
    for page in (a, b, g):
        expect(page.get_by_test_id("result-card")).to_be_visible()
        expect(page.get_by_test_id("result-line")).to_have_text(line)
    neutralized = [e for e in answer["events"] if e["kind"] == "character_neutralized"]
    if neutralized:
        expect(a.get_by_test_id("result-card")).to_contain_text("neutralized")
    shot(a, "night-result-defender")
    shot(b, "night-result-attacker")
    assert not axe_bad(a, "[data-testid=result-card]")
    # the card stays on any tab until dismissed
    b.get_by_test_id("tab-table").click()
    expect(b.get_by_test_id("result-card")).to_be_visible()
    b.get_by_test_id("result-dismiss").click()
    expect(b.get_by_test_id("result-card")).to_have_count(0)
    # the next roll starts: the previous result leaves the defender's screen
    api.post(code, "/commands/start_roll", duo["batman"], {"action": "melee", "hero": "batman", "cubes": 1,
                                                 "target_miniature": "brute-with-chains.1"})
    expect(a.get_by_test_id("result-card")).to_have_count(0)
    a.get_by_test_id("tab-dice").click()
    expect(a.get_by_test_id("last-roll")).to_have_count(0)


# ------------------------------------------------------------------ French everywhere

ENGLISH_ON_SCREEN = """() => {
  const m = window.__i18n;
  const { en, fr, steps } = m.catalogues();
  const exact = new Set();
  const patterns = [];
  const french = new Set([...Object.values(fr), ...Object.values(steps.fr)]);
  // proper names aside: the table's heroes, tiles and miniatures are named by the library
  const table = window.__table || {};
  const names = new Set([...(table.heroes || []).map((x) => x.name),
    ...Object.values(table.command_posts || {}).flatMap((p) => [...p.river.map((x) => x.name), ...p.miniatures.map((x) => x.label)])]);
  const add = (english, french_) => {
    if (english === french_ || french.has(english) || names.has(english)) return;   // French too, or a name
    if (!/\\{[\\w#]+\\}/.test(english)) { exact.add(english.trim()); return; }
    const literal = english.replace(/\\{[\\w#]+\\}/g, " ");
    if ((literal.match(/[A-Za-z]{3,}/g) || []).length < 2) return;   // too little text to tell
    const re = english.split(/\\{[\\w#]+\\}/).map((x) => x.replace(/[.*+?^$()|[\\]\\\\]/g, "\\\\$&")).join(".+");
    patterns.push(new RegExp(`^${re}$`));
  };
  for (const k of Object.keys(en)) add(en[k], fr[k]);
  for (const k of Object.keys(steps.en)) add(steps.en[k], steps.fr[k]);
  const seen = [];
  const visible = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none"; };
  for (const el of document.querySelectorAll("body *")) {
    if (["SCRIPT", "STYLE", "NOSCRIPT", "OPTION"].includes(el.tagName) || !visible(el)) continue;
    const own = [...el.childNodes].filter((c) => c.nodeType === 3).map((c) => c.textContent).join("").trim();
    const texts = [own, el.children.length === 0 ? el.textContent.trim() : ""].filter(Boolean);
    for (const label of [el.getAttribute("aria-label"), el.getAttribute("placeholder")]) if (label) texts.push(label.trim());
    for (const text of texts) {
      if (exact.has(text) || patterns.some((re) => re.test(text))) seen.push(`${el.tagName.toLowerCase()}: ${text}`);
    }
  }
  return [...new Set(seen)];
}"""


def english_left(page) -> list[str]:
    page.evaluate("async () => { window.__i18n = await import('/js/i18n.js');"
                  " window.__table = (await import('/js/core.js')).state.table; }")
    return page.evaluate(ENGLISH_ON_SCREEN)


def english_events(page, api, code) -> list[str]:
    """History lines still in the server's English words."""
    texts = {e["text"] for entry in api.session.get(f"{api.base}/api/tables/{code}/history?limit=500").json()
             for e in entry["events"]}
    shown = page.locator("[data-testid=history] .ev").all_inner_texts()
    return [x for x in shown if x in texts and not re.fullmatch(r"[\W\d]*", x)]


@pytest.mark.long  # beyond one journey per game and language (--long)
def test_every_screen_in_french_shows_no_english_catalogue_text(api, duo, shot):
    code = duo["code"]
    api.advance_to(code, duo["host"], "heroes.stances")
    api.post(code, "/commands/declare_stance", duo["batman"], {"hero": "batman", "stance": "active"})
    api.advance_to(code, duo["host"], "heroes.actions")
    api.post(code, "/commands/spend", duo["batman"], {"hero": "batman", "space": "defense", "cubes": 1})
    a = duo["open_a"]("/#/table", lang="fr")
    b = duo["open_b"]("/#/hero/batman", lang="fr")
    expect(a.get_by_test_id("now-step")).to_have_text("Héros : actions")
    roll_attack(api, duo)                                  # a result card on both phones
    expect(b.get_by_test_id("result-card")).to_be_visible()
    api.advance_to(code, duo["host"], "villain.first_tile")
    api.post(code, "/commands/activate_tile", duo["villain"], {"side": "villain", "tile": "killer-croc"})
    found = {}
    for size_name, size in (("390", TALL), ("360", SMALL)):
        for page, who in ((a, "villain"), (b, "batman")):
            page.set_viewport_size(size)
            for screen in ("home", f"join/{code}", "table", "hero/batman", "villain", "dice", "history"):
                page.goto(f"/#/{screen}")
                expect(page.locator("html")).to_have_attribute("lang", "fr")
                page.wait_for_timeout(400)
                name = screen.split("/")[0]
                if name == "history":
                    expect(page.get_by_test_id("history")).to_be_visible()
                    found[f"{who}:{size_name}:history-events"] = english_events(page, api, code)
                found[f"{who}:{size_name}:{name}"] = english_left(page)
                shot(page, f"night-fr-{who}-{size_name}-{name}")
                if size_name == "390":
                    bad = axe_bad(page)
                    assert not bad, (who, screen, bad)
    # the sheets: Forget and Hand over
    a.set_viewport_size(TALL)
    a.goto("/#/home")
    a.get_by_role("button", name=f"Oublier {code}").click()
    found["sheet-forget"] = english_left(a)
    shot(a, "night-fr-sheet-forget")
    assert not axe_bad(a, "dialog.sheet")
    a.locator("dialog.sheet").get_by_role("button", name="Annuler").click()
    a.goto("/#/table")
    a.get_by_test_id("handover-hero:batman").click()
    found["sheet-handover"] = english_left(a)
    shot(a, "night-fr-sheet-handover")
    a.get_by_test_id("sheet-confirm").click()
    expect(a.get_by_test_id("handover-claim")).to_contain_text("Il sert une fois, pendant 10 min.")
    found["handover-claim"] = english_left(a)
    # the link taken twice by Batman's phone: the second time, the used code is said in French
    link = a.get_by_test_id("handover-link").inner_text()
    b.goto(link)
    expect(b).to_have_url(re.compile(r"/#/hero/batman$"))
    b.goto(link)
    expect(b.get_by_test_id("join-refusal")).to_have_text(re.compile(r"^Ce code de passation a déjà servi"))
    found["claim-used"] = english_left(b)
    assert not any(found.values()), {k: v for k, v in found.items() if v}


# ------------------------------------------------------------------ prompts, undo, recovery (C1, C5, C6)


def buzzing(page) -> None:
    """Record this phone's vibrations (navigator.vibrate) from the next load on."""
    page.add_init_script("navigator.vibrate = (ms) => { (window.__buzz ||= []).push(ms); return true; };")
    page.reload()


@pytest.mark.long  # beyond one journey per game and language (--long)
def test_the_awaited_phone_is_prompted_with_a_banner_a_badge_and_a_vibration(api, duo, shot):
    code = duo["code"]
    api.advance_to(code, duo["host"], "heroes.stances")      # turn.awaiting: both heroes' stances (C1)
    a = duo["open_a"]("/#/villain")
    b = duo["open_b"]("/#/dice")
    buzzing(b)
    buzzing(a)
    expect(b.get_by_test_id("prompt")).to_have_text(re.compile(r"Your go: Batman's stance"))
    expect(b.get_by_test_id("badge-hero")).to_be_visible()
    expect(b.get_by_test_id("now-who")).to_contain_text("Waiting: Commissioner Gordon's stance")
    b.wait_for_function("() => (window.__buzz || []).length > 0")
    assert b.evaluate("window.__buzz") == [180]
    assert in_view(b, "prompt-open")
    shot(b, "night-prompt-stance-390")
    assert not axe_bad(b, "#now")
    assert not axe_bad(b, "#result")
    # the villain's phone is not awaited: no prompt, no badge, who is awaited in the strip
    expect(a.get_by_test_id("now-who")).to_contain_text("Waiting: Batman's stance · Commissioner Gordon's stance")
    expect(a.get_by_test_id("prompt")).to_have_count(0)
    expect(a.locator(".tab .badge")).to_have_count(0)
    assert a.evaluate("window.__buzz || []") == []
    # one tap from the prompt to the board where the stance is declared
    b.get_by_test_id("prompt-open").click()
    expect(b).to_have_url(re.compile(r"#/hero/batman$"))
    expect(b.get_by_test_id("prompt-open")).to_have_count(0)      # already there
    b.set_viewport_size(SMALL)
    shot(b, "night-prompt-stance-360")
    b.get_by_test_id("stance-active").click()                     # declared: the prompt goes
    expect(b.get_by_test_id("prompt")).to_have_count(0)
    expect(b.get_by_test_id("badge-hero")).to_have_count(0)
    expect(a.get_by_test_id("now-who")).to_have_text(re.compile(r"Waiting: Commissioner Gordon's stance$"))


@pytest.mark.long  # beyond one journey per game and language (--long)
def test_the_defender_is_prompted_on_the_dice_tab_and_vibration_can_be_switched_off(api, duo, shot):
    code = duo["code"]
    api.advance_to(code, duo["host"], "heroes.stances")
    api.post(code, "/commands/declare_stance", duo["batman"], {"hero": "batman", "stance": "active"})
    api.advance_to(code, duo["host"], "heroes.actions")
    a = duo["open_a"]("/#/home", lang="fr")
    a.get_by_test_id("setting-vibrate").uncheck()                 # kept on this phone
    a.goto("/#/villain")
    buzzing(a)
    b = duo["open_b"]("/#/hero/batman")
    # Batman attacks the Thug: the villain's phone must defend (C1 `defend`)
    api.post(code, "/commands/start_roll", duo["batman"], {"action": "melee", "hero": "batman", "cubes": 1,
                                                 "target_miniature": "thug-with-crowbar.1"})
    api.post(code, "/commands/roll_dice", duo["batman"], {})
    api.post(code, "/commands/end_rerolls", duo["batman"])
    expect(a.get_by_test_id("prompt")).to_have_text(re.compile(r"À vous : Thug with crowbar #1 se défend contre Batman"))
    expect(a.get_by_test_id("badge-dice")).to_be_visible()
    expect(b.get_by_test_id("now-who")).to_contain_text("Waiting: Villain: Thug with crowbar #1 defends against Batman")
    a.wait_for_timeout(300)
    assert a.evaluate("window.__buzz || []") == []                # switched off
    shot(a, "night-prompt-defend-fr")
    assert english_left(a) == []
    a.get_by_test_id("prompt-open").click()
    expect(a).to_have_url(re.compile(r"#/dice$"))
    shot(a, "night-prompt-defend-fr-dice")


@pytest.mark.long  # beyond one journey per game and language (--long)
def test_undo_and_redo_say_what_they_undo(api, duo, shot):
    code = duo["code"]
    api.post(code, "/commands/spend", duo["batman"], {"hero": "batman", "space": "defense", "cubes": 1})
    b = duo["open_b"]("/#/history")                       # the table view's undo / redo (C5)
    expect(b.get_by_test_id("undo")).to_have_text(re.compile(r"^↶ Undo: Batman spends 1 cube"))
    expect(b.get_by_test_id("undo")).to_be_enabled()
    expect(b.get_by_test_id("redo")).to_be_disabled()
    expect(b.get_by_test_id("redo")).to_have_text("↷ Nothing to redo")
    shot(b, "night-undo-named")
    b.locator("#lang").click()
    expect(b.get_by_test_id("undo")).to_have_text(re.compile(r"^↶ Annuler : Batman dépense 1 cube en défense"))
    shot(b, "night-undo-named-fr")
    b.get_by_test_id("undo").click()
    expect(b.get_by_test_id("redo")).to_be_enabled()
    expect(b.get_by_test_id("redo")).to_have_text(re.compile(r"^↷ Rétablir : Batman dépense 1 cube en défense"))
    shot(b, "night-redo-named-fr")


@pytest.mark.long  # beyond one journey per game and language (--long)
def test_the_recovery_code_is_shown_at_creation_and_reclaims_the_host_seat_on_a_new_phone(api, phones, shot):
    a = phones.open("/")
    a.get_by_test_id("pick-Batman").check()
    a.get_by_test_id("create-table").click()
    code = a.get_by_test_id("join-code").inner_text().strip()
    recovery = a.get_by_test_id("recovery-code").inner_text().strip()   # C6: from the creation's answer
    assert len(recovery) >= 8
    expect(a.get_by_test_id("join-qr")).to_be_visible()
    scroll_into_view(a.get_by_test_id("recovery"))
    shot(a, "night-created-recovery")
    old_host = json.loads(a.evaluate("localStorage.getItem('gc.tables')"))[code]["hostToken"]

    c = phones.open("/#/home")                                     # a new phone
    c.get_by_text("Reclaim the host seat").click()
    c.locator("[data-key=reclaim-code]").fill(code)
    c.locator("[data-key=reclaim-recovery]").fill("WRONG-CODE")
    c.get_by_test_id("reclaim-go").click()
    expect(c.get_by_test_id("reclaim-error")).to_have_text(f"That recovery code does not match table {code}.")
    c.locator("[data-key=reclaim-recovery]").fill(recovery)
    c.get_by_test_id("reclaim-go").click()
    expect(c.get_by_test_id("reclaim-done")).to_be_visible()
    shot(c, "night-reclaimed")
    stored = json.loads(c.evaluate("localStorage.getItem('gc.tables')"))[code]
    assert stored["hostToken"] and stored["hostToken"] != old_host
    # the new host token works, the old one no longer does
    assert api.session.post(f"{api.base}/api/tables/{code}/commands/advance", timeout=10,
                            headers={"Authorization": f"Bearer {old_host}"}).status_code in (401, 403)
    c.get_by_test_id("reclaim-done").get_by_role("button").click()
    expect(c.get_by_test_id("join-qr")).to_be_visible()            # the host's Table screen
    expect(c.get_by_test_id("advance")).to_be_enabled()
# ------------------------------------------------------------------ Versus: the strip and French

from tests.browser.test_pwa_versus import _open, _screens, _show, versus_library, versus_tables  # noqa: E402,F401


def test_versus_screens_have_the_strip_and_no_english_catalogue_text_in_french(phones, versus_tables, shot):
    found = {}
    for name, table, seat, path, ready in _screens(versus_tables):
        page = _open(phones, table, seat, path, lang="fr")
        if name == "home-versus":
            press(page.get_by_test_id("mode-versus"))
        expect(page.get_by_test_id(ready).first).to_be_visible()
        page.wait_for_timeout(300)
        if name not in ("home-versus", "join-versus", "setup", "setup-waiting"):
            expect(page.get_by_test_id("now-step")).to_have_text("Vilain : dépense du potentiel d'activation, activation des tuiles")
            expect(page.get_by_test_id("now-go")).to_have_text("Au tour du vilain")
        found[name] = english_left(page)
        shot(page, f"night-fr-versus-{name}")
        page.context.close()
    assert not any(found.values()), {k: v for k, v in found.items() if v}
