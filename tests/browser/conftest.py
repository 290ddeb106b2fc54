"""Browser tests of the phone app: Debian's chromium driven by Playwright (sync API), against the
app served over real HTTP on a loopback port by a server these fixtures can stop and start again
on the same port (the offline test), over the session's real redis-server."""
from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest
import requests
from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from api import create_app
from tests.conftest import HIGH_LIMITS, LIBRARY_KEY

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 1}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RestartableServer:
    """The app on one fixed loopback port, in a thread; stop() and start() keep the port."""

    def __init__(self, app):
        self.app = app
        self.port = free_port()
        self.server = None
        self.thread = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        for _ in range(50):  # the port may linger a moment after a stop
            try:
                self.server = make_server("127.0.0.1", self.port, self.app, threaded=True)
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError(f"port {self.port} stays busy")
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)


@pytest.fixture(scope="session")
def pwa_server(redis_server):
    app = create_app({"TESTING": True, "REDIS_URL": redis_server.url, **HIGH_LIMITS, "LIBRARY_KEY": LIBRARY_KEY,
                      "SSE_HEARTBEAT": 1.0})
    server = RestartableServer(app)
    server.start()
    yield server
    if server.server is not None:
        try:
            server.stop()
        except Exception:  # noqa: BLE001 - already stopped by a failed offline test
            pass


@pytest.fixture(scope="session")
def base_url(pwa_server) -> str:
    return pwa_server.url


@pytest.fixture(scope="session")
def browser():
    executable = os.environ.get("CHROMIUM") or shutil.which("chromium")
    assert executable, "Debian's chromium is needed: apt-get install -y chromium"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield b
        b.close()


class Phones:
    """Browser contexts shaped like a phone; each remembers the page errors it met."""

    def __init__(self, browser, base_url):
        self.browser = browser
        self.base_url = base_url
        self.contexts = []
        self.errors: list[str] = []

    def open(self, path: str = "/", tables: dict | None = None, current: str | None = None, lang: str = "en",
             **extra):
        context = self.browser.new_context(base_url=self.base_url, **{**PHONE, **extra})
        seed = {"gc.lang": lang}
        if tables is not None:
            seed["gc.tables"] = json.dumps(tables)
        if current:
            seed["gc.current"] = current
        # seed this phone's storage once (a reload keeps what the app wrote since)
        context.add_init_script(
            "if (!localStorage.getItem('gc.seeded')) {"
            f" const seed = {json.dumps(seed)};"
            " for (const [k, v] of Object.entries(seed)) localStorage.setItem(k, v);"
            " localStorage.setItem('gc.seeded', '1'); }")
        self.contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda exc: self.errors.append(f"{exc}"))
        page.goto(path)
        return page

    def close(self):
        for c in self.contexts:
            c.close()


@pytest.fixture()
def phones(browser, base_url):
    p = Phones(browser, base_url)
    yield p
    p.close()
    assert not p.errors, f"errors in the page: {p.errors}"


# ------------------------------------------------------------------ tables set up over HTTP


class Api:
    def __init__(self, base: str):
        self.base = base
        self.session = requests.Session()

    def library(self) -> dict:
        return self.session.get(f"{self.base}/api/library", timeout=10).json()

    def new_table(self, heroes=("Batman",), items=None) -> dict:
        lib = self.library()
        mission = lib["missions"][0]
        items = items or {}
        boards = [h for h in lib["heroes"] if h["name"] in heroes]
        entries = []
        for board in boards:
            chosen = [i for i in lib["items"] if i["name"] in items.get(board["name"], ())]
            entries.append({"board": board, "equipment": [i for i in chosen if i["category"] != "bat-gadget"],
                            "gadgets": [i for i in chosen if i["category"] == "bat-gadget"]})
        tiles = [t for t in lib["tiles"] if t["name"] in mission["river"]]
        r = self.session.post(f"{self.base}/api/tables", json={"mission": mission, "heroes": entries, "tiles": tiles},
                              timeout=10)
        assert r.status_code == 201, r.text
        return r.json()

    def seat(self, code: str, seat: str) -> str:
        r = self.session.post(f"{self.base}/api/tables/{code}/seats", json={"seat": seat}, timeout=10)
        assert r.status_code == 201, r.text
        return r.json()["token"]

    def post(self, code: str, path: str, token: str, body=None) -> dict:
        r = self.session.post(f"{self.base}/api/tables/{code}{path}", json=body, timeout=10,
                              headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 200, r.text
        return r.json()

    def table(self, code: str) -> dict:
        return self.session.get(f"{self.base}/api/tables/{code}", timeout=10).json()

    def advance_to(self, code: str, token: str, step: str) -> dict:
        table = self.table(code)
        for _ in range(40):
            if table["turn"]["step"] == step:
                return table
            missing = [h for h in table["heroes"] if h["stance"] is None]
            if table["turn"]["step"] == "heroes.stances" and missing:  # the host declares the missing stances
                for hero in missing:
                    table = self.post(code, "/commands/declare_stance", token, {"hero": hero['id'], "stance": "active"})["table"]
                continue  # the last stance may move the turn on by itself (C2): look where it stands
            table = self.post(code, "/commands/advance", token)["table"]
        raise AssertionError(f"never reached {step}")


@pytest.fixture(scope="session")
def api(base_url) -> Api:
    return Api(base_url)


@pytest.fixture()
def duo(api, phones):
    """A table with Batman and Commissioner Gordon: phone A holds the host seat and plays the
    villain, phone B plays Batman."""
    created = api.new_table(heroes=("Batman", "Commissioner Gordon"))
    code, host = created["code"], created["token"]
    villain = api.seat(code, "villain")
    batman = api.seat(code, "hero:batman")
    record_a = {code: {"code": code, "seat": "villain", "token": villain, "hostToken": host, "at": 1}}
    record_b = {code: {"code": code, "seat": "hero:batman", "token": batman, "at": 1}}

    def open_a(path="/#/villain", act_as_host=False, **kw):
        """Phone A; `act_as_host`: its "Act as host" switch already on (as its player left it)."""
        tables = {code: {**record_a[code], "actAsHost": True}} if act_as_host else record_a
        return phones.open(path, tables=tables, current=code, **kw)

    return {
        "code": code, "host": host, "villain": villain, "batman": batman,
        "open_a": open_a,
        "open_b": lambda path="/#/hero/batman", **kw: phones.open(path, tables=record_b, current=code, **kw),
    }


def save_screenshot(page, name: str) -> Path:
    """The phone's viewport as artifacts/screenshots/<name>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.wait_for_timeout(150)  # let a sheet or a re-render settle
    page.screenshot(path=str(path))
    return path


def no_screenshot(page, name: str) -> None:
    """Without `--shots`: the test goes on, no picture taken."""


@pytest.fixture(scope="session")
def shot(pytestconfig):
    return save_screenshot if pytestconfig.getoption("--shots") else no_screenshot
