"""The installable shell: manifest and service worker, an offline start with the last table,
accessibility (axe-core) on every screen, and the phone layout rules."""
from __future__ import annotations

import re
import struct
from pathlib import Path

import pytest
import requests
from playwright.sync_api import expect

PWA = Path(__file__).resolve().parents[2] / "pwa"
CONTROLLED = "() => navigator.serviceWorker && navigator.serviceWorker.controller !== null"  # a function: the CSP allows no eval


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_the_manifest_and_service_worker_install_and_the_app_reloads_offline(phones, base_url):
    page = phones.open("/")
    manifest_href = page.locator("link[rel=manifest]").get_attribute("href")
    manifest = requests.get(base_url + manifest_href, timeout=10)
    assert manifest.headers["Content-Type"].startswith("application/manifest+json")
    data = manifest.json()
    assert data["name"] == "Gotham Companion" and data["display"] == "standalone"
    assert data["start_url"] == "/" and data["background_color"] and data["theme_color"]
    sizes = {}
    for entry in data["icons"]:
        icon = requests.get(base_url + entry["src"], timeout=10)
        assert icon.headers["Content-Type"] == "image/png"
        width, height = png_size(icon.content)
        assert entry["sizes"] == f"{width}x{height}"
        sizes[entry["sizes"]] = entry.get("purpose", "any")
    assert sizes.get("192x192") == "any" and "512x512" in sizes

    # every file of the shell is in the versioned precache
    sw = (PWA / "sw.js").read_text()
    assert re.search(r'const VERSION = "gc-shell-v\d+"', sw)
    precached = set(re.findall(r'"(/[^"]*)"', sw[sw.index("const SHELL"):sw.index("];")]))
    shell = {"/" + p.relative_to(PWA).as_posix() for p in PWA.rglob("*")
             if p.is_file() and p.suffix in {".html", ".js", ".css", ".png", ".webmanifest"}
             and p.name != "sw.js" and "tools" not in p.parts}
    assert shell <= precached, f"not precached: {shell - precached}"

    page.wait_for_function(CONTROLLED, timeout=15000)
    page.context.set_offline(True)
    try:
        page.reload()
        expect(page.get_by_role("heading", name="Join a table")).to_be_visible()
        page.goto("/join/ABCDEF")  # any page of the app is the same shell
        expect(page.get_by_role("heading", name="Join table ABCDEF")).to_be_visible()
    finally:
        page.context.set_offline(False)


def test_a_reload_while_the_server_is_stopped_shows_the_offline_shell_with_the_last_state(duo, pwa_server, shot):
    b = duo["open_b"]()
    b.wait_for_function(CONTROLLED, timeout=15000)
    b.get_by_test_id("space-defense").click()
    expect(b.get_by_test_id("hero-reserve")).to_contain_text("11")
    expect(b.locator("#conn")).to_have_text("Live")

    pwa_server.stop()
    try:
        b.reload()
        expect(b.get_by_test_id("offline-banner")).to_be_visible()
        expect(b.locator("#conn")).to_have_text("Offline")
        expect(b.get_by_role("heading", name="Batman")).to_be_visible()
        expect(b.get_by_test_id("hero-reserve")).to_contain_text("11")
        expect(b.get_by_test_id("space-defense").locator(".count")).to_have_text("1 / 3")
        expect(b.get_by_test_id("space-defense")).to_be_disabled()   # writes are off offline
        expect(b.get_by_test_id("space-melee")).to_be_disabled()
        shot(b, "offline")
        b.get_by_test_id("tab-villain").click()
        expect(b.get_by_test_id("river")).to_contain_text("Killer Croc")
    finally:
        pwa_server.start()
    expect(b.locator("#conn")).to_have_text("Live", timeout=15000)
    expect(b.get_by_test_id("offline-banner")).to_have_count(0)
    b.get_by_test_id("tab-hero").click()
    expect(b.get_by_test_id("space-defense")).to_be_enabled()   # what the table offers is enabled again


SCREENS = ["home", "join", "table", "hero", "villain", "dice", "history"]


@pytest.fixture()
def table_in_play(api, duo):
    """A table in the villain's turn with a tile activated, a character wounded, a history."""
    api.advance_to(duo["code"], duo["host"], "villain.first_tile")
    api.post(duo["code"], "/commands/activate_tile", duo["villain"], {"side": "villain", "tile": "killer-croc"})
    api.post(duo["code"], "/commands/wound", duo["villain"], {"miniature": "killer-croc.1", "wounds": 3})
    return duo


def open_screen(page, name: str, code: str):
    path = {"home": "/#/home", "join": f"/#/join/{code}", "table": "/#/table", "hero": "/#/hero/batman",
            "villain": "/#/villain", "dice": "/#/dice", "history": "/#/history"}[name]
    page.goto(path)
    heading = {"home": "Join a table", "join": f"Join table {code}", "table": None, "hero": "Batman",
               "villain": "Command post", "dice": "Dice", "history": "History"}[name]
    if heading:
        expect(page.get_by_role("heading", name=heading).first).to_be_visible()
    else:
        expect(page.get_by_test_id("step-title")).to_be_visible()
    if name == "history":
        expect(page.get_by_test_id("history")).to_be_visible()
    if name == "join":
        expect(page.get_by_test_id("take-spectator")).to_be_visible()
    expect(page.locator("#conn")).to_have_text("Live")


def test_axe_finds_no_serious_or_critical_violation_on_any_screen(table_in_play, shot):
    # axe-core as packaged for Playwright: pip install axe-playwright-python (the test extras)
    from axe_playwright_python.sync_playwright import Axe

    page = table_in_play["open_a"]()
    axe = Axe()
    found = {}
    for lang in ("en", "fr"):
        if lang == "fr":
            page.locator("#lang").click()
            expect(page.locator("html")).to_have_attribute("lang", "fr")
        for name in SCREENS:
            open_screen(page, name, table_in_play["code"]) if lang == "en" else page.goto(
                {"home": "/#/home", "join": f"/#/join/{table_in_play['code']}", "table": "/#/table",
                 "hero": "/#/hero/batman", "villain": "/#/villain", "dice": "/#/dice", "history": "/#/history"}[name])
            page.wait_for_timeout(300)
            if lang == "en":
                shot(page, name)
            results = axe.run(page)
            bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
                   for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
            found[f"{lang}:{name}"] = bad
    assert not any(found.values()), found


def test_every_screen_fits_a_360_pixel_phone_with_thumb_sized_targets(table_in_play):
    page = table_in_play["open_a"](viewport={"width": 360, "height": 640})
    for name in SCREENS:
        open_screen(page, name, table_in_play["code"])
        page.wait_for_timeout(200)
        widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert widths[0] <= widths[1], f"{name}: the page scrolls sideways ({widths})"
        small = page.evaluate("""() => [...document.querySelectorAll(
              'button, a.btn, a.tab, select, input:not([type=checkbox]), summary, label.check')]
            .filter(el => el.offsetParent !== null)
            .map(el => { const r = el.getBoundingClientRect();
                         return {what: el.outerHTML.slice(0, 80), w: r.width, h: r.height}; })
            .filter(r => r.w < 44 || r.h < 44)""")
        assert not small, f"{name}: targets under 44 px: {small}"
    # the river fits the phone: every tile on the screen at once (it wraps; nothing scrolls sideways)
    page.goto("/#/villain")
    river = page.get_by_test_id("river")
    edges = river.locator(".tile-btn").evaluate_all("els => els.map(e => [e.getBoundingClientRect().left, e.getBoundingClientRect().right])")
    assert edges and all(0 <= left and right <= 360 for left, right in edges), edges
