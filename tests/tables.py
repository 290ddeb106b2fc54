"""Building tables for tests from the sample library (sample values, chosen to be consistent with
the rulebook's worked examples)."""
from __future__ import annotations

import copy

from games.bgcc import library

SAMPLE = library.sample()


def sample(kind: str, name: str) -> dict:
    return copy.deepcopy(next(x for x in SAMPLE[kind] if x["name"] == name))


def new_table(http, heroes=("Batman", "Commissioner Gordon", "Renee Montoya"), equipment=None,
              mission_changes=None, tiles=None) -> dict:
    """POST a table; `equipment` maps a hero name to item names it carries at setup."""
    r = http.post("/api/tables", json=table_body(heroes, equipment, mission_changes, tiles))
    assert r.status_code == 201, r.text
    return r.json()


def table_body(heroes=("Batman", "Commissioner Gordon", "Renee Montoya"), equipment=None, mission_changes=None,
               tiles=None) -> dict:
    """The body of POST /api/tables for a table of the sample library."""
    equipment = equipment or {}
    mission = sample("missions", "Sample: the rulebook's examples")
    mission.update(mission_changes or {})
    return {
        "mission": mission,
        "heroes": [{"board": sample("heroes", h),
                    "equipment": [sample("items", i) for i in equipment.get(h, [])]} for h in heroes],
        "tiles": tiles if tiles is not None else copy.deepcopy(SAMPLE["tiles"]),
    }


def advance_to(http, code: str, step: str, stances: dict | None = None, limit: int = 40) -> dict:
    """Advance until `step`, declaring stances on the way (every hero active unless told)."""
    table = http.get(f"/api/tables/{code}").json()
    for _ in range(limit):
        if table["turn"]["step"] == step:
            return table
        if table["turn"]["step"] == "heroes.stances":
            for hero in table["heroes"]:
                if hero["stance"] is None:
                    stance = (stances or {}).get(hero["id"], "active")
                    r = command(http, code, "declare_stance", hero=hero["id"], stance=stance)
                    assert r.status_code == 200, r.text
            table = r.json()["table"]  # the last stance passes the stance step (C2)
            continue
        r = command(http, code, "advance")
        assert r.status_code == 200, r.text
        table = r.json()["table"]
    raise AssertionError(f"never reached {step}")


def command(http, code: str, name: str, **fields):
    """Send the command `name` (its registry name) with its JSON fields at table `code`, through the
    one command route every game's commands take (POST /api/tables/{code}/commands/{name})."""
    return http.post(f"/api/tables/{code}/commands/{name}", json=fields)


def hand_over(http, code: str, seat: str) -> str:
    """The host hands `seat` to a new phone, which claims it with the handover's one-time code:
    the new phone's token (the host's answer never carries it)."""
    r = http.post(f"/api/tables/{code}/seats/{seat}/handover")
    assert r.status_code == 201, r.text
    claimed = http.post(f"/api/tables/{code}/seats/claim", json={"claim": r.json()["claim"]}, token=None)
    assert claimed.status_code == 201, claimed.text
    assert claimed.json()["seat"] == seat
    return claimed.json()["token"]
