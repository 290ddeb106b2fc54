"""Issue 28, point 9: the phone app and the API docs run under the Content-Security-Policy the app
sends (api/security.py) with no violation in chromium: no inline script, style attribute or
handler, nothing from another site; the docs load Swagger UI from the app itself."""
from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import expect

from tests.browser.test_pwa_shell import SCREENS, open_screen, table_in_play  # noqa: F401 - a fixture

WATCH = """document.addEventListener("securitypolicyviolation", (e) => {
  (window.__csp = window.__csp || []).push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});"""


def watched(page) -> tuple[list[str], list[str]]:
    """Record the page's policy violations (its own event and chromium's console) and every address
    it asks for, from its next load on."""
    console: list[str] = []
    requests: list[str] = []
    page.context.add_init_script(WATCH)
    page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("request", lambda r: requests.append(r.url))
    return console, requests


def violations(page, console: list[str]) -> list[str]:
    return (page.evaluate("window.__csp || []")) + console


def test_every_screen_of_the_app_runs_under_the_policy_with_no_violation(table_in_play):  # noqa: F811
    page = table_in_play["open_a"]()
    console, requests = watched(page)
    page.reload()
    policy = page.evaluate("fetch('/').then((r) => r.headers.get('Content-Security-Policy'))")
    assert "frame-ancestors 'none'" in policy and "'unsafe-inline'" not in policy
    found = {}
    for name in SCREENS:
        open_screen(page, name, table_in_play["code"])
        page.wait_for_timeout(200)
        found[name] = violations(page, console)
    assert not any(found.values()), found
    origin = urlsplit(page.url).netloc
    assert {urlsplit(u).netloc for u in requests if u.startswith("http")} == {origin}


def test_the_api_docs_render_swagger_ui_from_the_app_with_no_violation_and_no_other_site(browser, base_url):
    context = browser.new_context(base_url=base_url)
    try:
        page = context.new_page()
        console, requests = watched(page)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto("/api/docs")
        expect(page.locator(".swagger-ui .info .title")).to_contain_text("Gotham Companion", timeout=15000)
        expect(page.locator(".swagger-ui .opblock").first).to_be_visible()
        page.locator(".swagger-ui .opblock-summary").first.click()  # an operation opens
        page.wait_for_timeout(300)
        assert not violations(page, console) and not errors, (violations(page, console), errors)
        assert {urlsplit(u).netloc for u in requests if not u.startswith("data:")} == {urlsplit(base_url).netloc}, \
            sorted(set(requests))
    finally:
        context.close()
