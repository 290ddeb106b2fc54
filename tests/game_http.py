"""A table of any game behind the seam, played over real HTTP (the live server, a real Redis): set
up through POST /api/games/{game}/tables or resumed from a whole state through POST
/api/tables/import, a token per seat, commands through POST /api/tables/{code}/commands/{name}.

Rule tests that need a position the rules reach only after many turns build it with the game's
pure helpers (as the adapter-level tests do) and import it: from there every command and every
number checked goes over HTTP."""
from __future__ import annotations

import dataclasses

from tests.test_shared_tables import as_seat, join

EXPORT = "gotham-companion/table"


def as_json(value):
    """A command's fields as a phone sends them (tuples as lists, nested dataclasses as objects)."""
    if dataclasses.is_dataclass(value):
        return {f.name: as_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [as_json(v) for v in value]
    if isinstance(value, dict):
        return {k: as_json(v) for k, v in value.items()}
    return value


class GameTable:
    """One table: `tokens` by seat ("host" and every seat joined), `send`, `refused`, `view`."""

    def __init__(self, http, code: str, host: str, seats: list[str]):
        self.http, self.code = http, code
        self.tokens = {"host": host}
        for seat in seats:
            self.tokens[seat] = join(http, code, seat)
        self.tokens["spectator"] = join(http, code, "spectator")
        self.tokens[None] = None

    @classmethod
    def new(cls, http, game: str, options: dict, seats: list[str]) -> "GameTable":
        r = http.post(f"/api/games/{game}/tables", json=options, token=None)
        assert r.status_code == 201, r.text
        return cls(http, r.json()["code"], r.json()["token"], seats)

    @classmethod
    def resumed(cls, http, game: str, state: dict, seats: list[str]) -> "GameTable":
        r = http.post("/api/tables/import", json={"format": EXPORT, "version": 1, "game": game, "state": state},
                      token=None)
        assert r.status_code == 201, r.text
        return cls(http, r.json()["code"], r.json()["token"], seats)

    def post(self, seat, name: str, fields: dict | None = None):
        return as_seat(self.http, self.tokens[seat], "post", f"/api/tables/{self.code}/commands/{name}", fields or {})

    def send(self, seat, name: str, **fields) -> tuple[dict, list[dict]]:
        """The command from `seat`: (the table as that seat sees it, the events it may read)."""
        r = self.post(seat, name, fields)
        assert r.status_code == 200, (seat, name, r.status_code, r.text[:500])
        return r.json()["table"], r.json()["events"]

    def refused(self, seat, name: str, code: str, status: int = 409, **fields) -> dict:
        before = self.version()
        r = self.post(seat, name, fields)
        assert r.status_code == status and r.json()["reason"] == code, (r.status_code, r.text[:500])
        assert self.version() == before  # a refusal changes nothing
        return r.json()

    def view(self, seat="host") -> dict:
        r = as_seat(self.http, self.tokens[seat], "get", f"/api/tables/{self.code}")
        assert r.status_code == 200, r.text
        return r.json()

    def version(self) -> int:
        return self.view()["version"]

    def history(self, seat="host") -> list[dict]:
        r = as_seat(self.http, self.tokens[seat], "get", f"/api/tables/{self.code}/history")
        assert r.status_code == 200, r.text
        return r.json()

    def export(self, seat="host") -> dict:
        r = as_seat(self.http, self.tokens[seat], "get", f"/api/tables/{self.code}/export")
        assert r.status_code == 200, r.text
        return r.json()

    def travel(self, seat, kind: str) -> dict:
        r = as_seat(self.http, self.tokens[seat], "post", f"/api/tables/{self.code}/history/{kind}", None)
        assert r.status_code == 200, r.text
        return r.json()
