"""Issue 30: the phone keeps its table from live patches (pwa/js/patch.js, core.js applyChange).

A phone that follows the game applies each change's patch to the table it holds and, after other
phones' changes, an undo and a host's command made on its own screen, holds exactly the table a
fresh read gives its seat, without reading the table again. The applier refuses an operation that
does not fit the table it holds (the phone then reads the table again), and leaves the table it was
given as it was."""
from __future__ import annotations

from playwright.sync_api import expect

GET_ONLY = ("seats", "your_seat")


def held(page, code: str) -> dict:
    """The table the phone holds (its saved copy, written at each table it applies)."""
    return page.evaluate(f"() => JSON.parse(localStorage.getItem('gc.snap.{code}') || '{{}}')")


def fresh(api, code: str, token: str) -> dict:
    r = api.session.get(f"{api.base}/api/tables/{code}", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    return {k: v for k, v in r.json().items() if k not in GET_ONLY}


def test_a_phone_following_the_patches_holds_the_fresh_table(api, duo, phones):
    code = duo["code"]
    gordon = api.seat(code, "hero:commissioner-gordon")
    api.advance_to(code, duo["host"], "heroes.actions")
    b = duo["open_b"](viewport={"width": 360, "height": 640})
    expect(b.locator("#conn")).to_have_attribute("data-state", "live")
    reads = []
    b.on("request", lambda r: reads.append(r.url) if r.method == "GET" and r.url.endswith(f"/api/tables/{code}") else None)

    changes = [("/commands/spend", gordon, {"hero": "commissioner-gordon", "space": "melee", "cubes": 1}),
               ("/commands/place_token", duo["host"], {"kind": "smoke", "side": "heroes", "area": "rooftop"}),
               ("/commands/spend", gordon, {"hero": "commissioner-gordon", "space": "defense", "cubes": 1}),
               ("/history/undo", duo["host"], None),
               ("/commands/place_token", duo["villain"], {"kind": "gas", "side": "villain"})]
    for path, token, body in changes:
        version = api.post(code, path, token, body)["version"]
        b.wait_for_function(f"() => JSON.parse(localStorage.getItem('gc.snap.{code}') || '{{}}').version === {version}")
        mine = held(b, code)["table"]
        assert {k: v for k, v in mine.items() if k not in GET_ONLY} == fresh(api, code, duo["batman"]), path
    assert reads == []  # every change came as a patch: the phone never read the table again


def test_the_applier_refuses_what_does_not_fit_and_leaves_the_table(phones):
    page = phones.open("/")
    result = page.evaluate("""async () => {
      const { applyPatch } = await import('/js/patch.js');
      const table = { version: 3, heroes: [{ id: 'batman', cubes: [1, 2] }], may: { host: [] } };
      const next = applyPatch(table, [
        { op: 'replace', path: '/version', value: 4 },
        { op: 'replace', path: '/heroes/0/cubes/1', value: 3 },
        { op: 'add', path: '/heroes/1', value: { id: 'robin', cubes: [] } },
        { op: 'add', path: '/may/host/0', value: { command: 'advance' } },
        { op: 'add', path: '/a~1b', value: 1 },
      ]);
      const refused = [];
      for (const op of [{ op: 'replace', path: '/nothing/here', value: 1 },
                        { op: 'remove', path: '/heroes/5' },
                        { op: 'replace', path: '/missing', value: 1 }]) {
        try { applyPatch(table, [op]); refused.push(false); } catch { refused.push(true); }
      }
      return { table, next, refused };
    }""")
    assert result["table"] == {"version": 3, "heroes": [{"id": "batman", "cubes": [1, 2]}], "may": {"host": []}}
    assert result["next"] == {"version": 4, "heroes": [{"id": "batman", "cubes": [1, 3]}, {"id": "robin", "cubes": []}],
                              "may": {"host": [{"command": "advance"}]}, "a/b": 1}
    assert result["refused"] == [True, True, True]
