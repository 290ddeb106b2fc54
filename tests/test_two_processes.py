"""Two API processes on one Redis: never a wrong answer.

A process's command is read → rules → compare-and-set (version, the writer's seat, the stamp of
the write it read, the idempotency key). Another process may write in between; the loser reads
again, and refusals (409, 401/403, 412) are given from the stored table.

The two processes are two apps built by `create_app` driven by Flask's test client, over the
session's real redis-server. A played the table last; B is "another process" that changes it
behind A's back.
"""
from __future__ import annotations

import json

import pytest

from api import create_app
from tests.tables import advance_to, hand_over, new_table

# ------------------------------------------------------------------------------------ two processes


class Answer:
    """A test-client response read like a `requests` one (the helpers of tests/tables.py call .json())."""

    def __init__(self, response):
        self.status_code = response.status_code
        self.headers = response.headers
        self.text = response.get_data(as_text=True)

    def json(self):
        return json.loads(self.text)


class Process:
    """One API process: its own app, hence its own kept tables, over the Redis all processes share.
    A request to a table carries its host's token unless `token` names another (None: no token)."""

    def __init__(self, redis_url: str, host_tokens: dict[str, str]):
        self.app = create_app({"TESTING": True, "REDIS_URL": redis_url, "SEED_LIBRARY": False,
                               "RATE_LIMIT_JOIN": "1000000/minute",
                               "RATE_LIMIT_CREATE": "1000000/minute", "RATE_LIMIT_UNKNOWN_CODE": "1000000/minute"})
        self.client = self.app.test_client()
        self.host_tokens = host_tokens  # shared: the host's phone talks to either process

    def _headers(self, path: str, token: str | None, headers: dict | None) -> dict:
        headers = dict(headers or {})
        parts = path.split("/")
        if token == "host":
            token = self.host_tokens.get(parts[3].upper()) if len(parts) > 3 and parts[3] != "import" else None
        if token:
            headers["Authorization"] = f"Bearer {token}"
        return headers

    def get(self, path: str, token: str | None = "host", headers: dict | None = None) -> Answer:
        return Answer(self.client.get(path, headers=self._headers(path, token, headers)))

    def post(self, path: str, json=None, token: str | None = "host", headers: dict | None = None) -> Answer:
        r = Answer(self.client.post(path, json=json, headers=self._headers(path, token, headers)))
        if path == "/api/tables" and r.status_code == 201:
            self.host_tokens[r.json()["code"]] = r.json()["token"]
        return r


@pytest.fixture(scope="module")
def processes(redis_server) -> tuple[Process, Process]:
    host_tokens: dict[str, str] = {}
    return Process(redis_server.url, host_tokens), Process(redis_server.url, host_tokens)


@pytest.fixture()
def a(processes) -> Process:
    return processes[0]


@pytest.fixture()
def b(processes) -> Process:
    return processes[1]


# ------------------------------------------------------------------------------------ helpers


def ok(r: Answer) -> dict:
    assert r.status_code == 200, r.text
    return r.json()


def stored(process: Process, code: str) -> dict:
    """The table as stored now, read (never kept) through `process`: the view a write answers."""
    r = process.get(f"/api/tables/{code}")
    assert r.status_code == 200, r.text
    body = r.json()
    assert r.headers["ETag"] == f'"{body["version"]}"'
    return {k: v for k, v in body.items() if k not in ("seats", "your_seat")}


def table_at(a: Process, b: Process, step: str) -> str:
    """A new table, set up through A and moved on to `step` through B (A keeps nothing of it)."""
    code = new_table(a)["code"]
    advance_to(b, code, step)
    return code


def place_token(process: Process, code: str, kind: str = "gas", side: str = "heroes", **kw) -> Answer:
    return process.post(f"/api/tables/{code}/commands/place_token", json={"kind": kind, "side": side}, **kw)


def spend(process: Process, code: str, hero: str, cubes: int = 1, **kw) -> Answer:
    return process.post(f"/api/tables/{code}/commands/spend", json={"hero": hero, "space": "melee", "cubes": cubes}, **kw)


def stance(process: Process, code: str, hero: str, which: str, **kw) -> Answer:
    return process.post(f"/api/tables/{code}/commands/declare_stance", json={"hero": hero, "stance": which}, **kw)


def join(process: Process, code: str, seat: str) -> str:
    r = process.post(f"/api/tables/{code}/seats", json={"seat": seat}, token=None)
    assert r.status_code == 201, r.text
    return r.json()["token"]


def hero(table: dict, hero_id: str) -> dict:
    return next(h for h in table["heroes"] if h["id"] == hero_id)


def tokens(table: dict) -> list[tuple[str, str]]:
    return [(t["kind"], t["side"]) for t in table["tokens"]]


def keep(a: Process, code: str) -> int:
    """A plays a command, so A keeps the table at the version it answers."""
    version = ok(place_token(a, code, "smoke", "villain"))["version"]
    return version


def kept_behind(a: Process, b: Process) -> tuple[str, int]:
    """A table that A keeps at version N while B has written N+1."""
    code = table_at(a, b, "heroes.actions")
    n = keep(a, code)
    assert ok(place_token(b, code, "frost", "villain"))["version"] == n + 1
    return code, n


# ------------------------------------------------------------------------------------ 1. catching up


def test_a_process_behind_builds_its_answer_on_the_other_process_changes(a, b):
    """A keeps the table; B then changes it three times. Were A's next answer built on its kept
    copy, it would lose B's tokens and cubes (and store that loss, under a version B already
    used). The compare-and-set finds the store ahead and hands back the stored table: A's answer
    holds B's changes, equals what is stored, and costs 2 round trips (the refused
    compare-and-set answering the fresh table, then the write). On a kept table that is still
    current a command costs 1: the write alone."""
    code = table_at(a, b, "heroes.actions")
    first = ok(place_token(a, code, "gas", "heroes"))  # read, write: now A keeps the table
    current = place_token(a, code, "flame", "heroes")
    assert ok(current)["version"] == first["version"] + 1
    n = first["version"] + 1

    ok(place_token(b, code, "smoke", "villain"))
    ok(spend(b, code, "batman", 2))
    ok(place_token(b, code, "frost", "villain"))

    behind = place_token(a, code, "gas", "villain")
    answer = ok(behind)
    assert answer["version"] == n + 4 and behind.headers["ETag"] == f'"{n + 4}"'
    assert tokens(answer["table"]) == [("gas", "heroes"), ("flame", "heroes"), ("smoke", "villain"),
                                       ("frost", "villain"), ("gas", "villain")]
    assert hero(answer["table"], "batman")["spaces"]["melee"]["cubes"] == 2
    assert hero(answer["table"], "batman")["reserve"] == hero(first["table"], "batman")["reserve"] - 2
    assert [e["kind"] for e in answer["events"]] == ["token"]  # only A's own change
    assert stored(b, code) == answer["table"]


# ------------------------------------------------------------------------------------ 2. refusals


def test_a_command_the_kept_copy_refuses_is_judged_on_the_stored_table(a, b):
    """A keeps the table at the upkeep (the sample mission's reminder stops it there), where no
    stance may be declared; B moves it on to the stance step (the heroes' upkeep and start effects
    pass by themselves). Refusing a stance through A from its old copy would be a 409 the
    stored table does not earn: A must judge it on the stored table and accept it."""
    code = new_table(a)["code"]
    n = advance_to(a, code, "upkeep")["version"]  # through A
    assert n is not None
    assert ok(b.post(f"/api/tables/{code}/commands/advance"))["table"]["turn"]["step"] == "heroes.stances"

    answer = ok(stance(a, code, "batman", "resting"))
    assert answer["version"] == n + 2
    assert answer["table"]["turn"]["step"] == "heroes.stances"
    assert hero(answer["table"], "batman")["stance"] == "resting"
    assert stored(b, code) == answer["table"]


def test_a_command_the_kept_copy_allows_but_the_stored_table_refuses_gets_the_rules_409(a, b):
    """A keeps the table at the stance step, Batman's stance still open; B declares it. Declared
    again through A, A's copy would allow it, and writing it would make Batman recover twice in a
    turn. The store is ahead, so the rules judge the stored table: 409 naming V·B·3, and the
    stored table is unchanged."""
    code = new_table(a)["code"]
    n = advance_to(a, code, "heroes.stances")["version"]  # through A: every stance open
    assert ok(stance(b, code, "batman", "active"))["version"] == n + 1
    before = stored(b, code)

    refused = stance(a, code, "batman", "resting")
    assert refused.status_code == 409, refused.text
    assert refused.json()["rule"] == "V·B·3"
    assert "already chose the active stance" in refused.json()["message"]
    assert stored(b, code) == before


def test_a_seat_refusal_is_judged_on_the_stored_table(a, b):
    """The villain's phone plays through A during the heroes' turn, so A keeps the table there
    and knows the phone's seat; the host (through B) moves on to the villain's turn. On A's copy
    the villain may not move the turn on (it is the heroes'): a 403 from it would be wrong. On
    the stored table the villain may, and the command is accepted."""
    code = table_at(a, b, "heroes.actions")
    villain = join(b, code, "villain")
    n = ok(a.post(f"/api/tables/{code}/commands/spend", json={"side": "villain", "space": "defense", "cubes": 1},
                  token=villain))["version"]
    assert advance_to(b, code, "villain.start_effects")["version"] == n + 1  # its upkeep passed by itself

    answer = ok(a.post(f"/api/tables/{code}/commands/advance", token=villain))
    assert answer["version"] == n + 2
    assert answer["table"]["turn"]["step"] == "villain.first_tile"
    assert stored(b, code) == answer["table"]


# ------------------------------------------------------------------------------------ 3. If-Match


def test_if_match_naming_the_stored_version_is_accepted_by_a_process_behind(a, b):
    """A keeps version N, B wrote N+1, and the phone (which saw B's change) sends If-Match "N+1"
    through A. Comparing it with A's kept N would answer a wrong 412: A must compare it with
    the stored version and accept the command."""
    code, n = kept_behind(a, b)
    r = place_token(a, code, "gas", "heroes", headers={"If-Match": f'"{n + 1}"'})
    answer = ok(r)
    assert answer["version"] == n + 2 and r.headers["ETag"] == f'"{n + 2}"'
    assert tokens(answer["table"])[-2:] == [("frost", "villain"), ("gas", "heroes")]
    assert stored(b, code) == answer["table"]


def test_if_match_naming_the_kept_version_is_refused_once_another_process_wrote(a, b):
    """A keeps version N, B wrote N+1, and a phone still showing N sends If-Match "N" through A.
    A's kept version matches, but the stored one does not: 412 with the stored table, and
    nothing changes."""
    code, n = kept_behind(a, b)
    before = stored(b, code)
    r = place_token(a, code, "gas", "heroes", headers={"If-Match": f'"{n}"'})
    assert r.status_code == 412, r.text
    assert r.json()["version"] == n + 1 and r.headers["ETag"] == f'"{n + 1}"'
    assert r.json()["table"] == before
    assert stored(b, code) == before


# ------------------------------------------------------------------------------------ 4. seats


def test_a_handed_over_seat_is_refused_to_the_old_phone_through_the_process_that_kept_it(a, b):
    """Batman's phone plays through A, so A keeps its token as Batman's. The host hands the seat
    to a new phone (through B). Were A to trust what it kept, the old phone would still change
    Batman's board: it must get the 401 of a token holding no seat, the stored table unchanged,
    and the new phone's command must be accepted."""
    code = table_at(a, b, "heroes.actions")
    old = join(b, code, "hero:batman")
    ok(spend(a, code, "batman", token=old))
    kept = spend(a, code, "batman", token=old)

    new = hand_over(b, code, "hero:batman")
    before = stored(b, code)

    for _ in range(2):  # and again, once A has seen the token lost its seat
        refused = spend(a, code, "batman", token=old)
        assert refused.status_code == 401, refused.text
        assert stored(b, code) == before
    answer = ok(spend(a, code, "batman", token=new))
    assert answer["version"] == before["version"] + 1
    assert hero(answer["table"], "batman")["spaces"]["melee"]["cubes"] == 3
    assert stored(b, code) == answer["table"]


# ------------------------------------------------------------------------------------ 5. Idempotency-Key


def test_an_idempotency_key_repeated_on_the_kept_path_changes_the_table_once(a, b):
    """The phone retries a change with the same Idempotency-Key: twice to A (which keeps the
    table its first answer left, so it could apply the change again on top of it) and once to B.
    The table changes once; the repeats answer the first answer with Idempotent-Replayed."""
    code = table_at(a, b, "heroes.actions")
    keep(a, code)
    key = {"Idempotency-Key": "token-gas-1"}
    first = place_token(a, code, "gas", "heroes", headers=key)
    answer = ok(first)
    assert "Idempotent-Replayed" not in first.headers

    for process in (a, b):
        again = place_token(process, code, "gas", "heroes", headers=key)
        assert again.status_code == 200, again.text
        assert again.headers["Idempotent-Replayed"] == "true"
        assert again.headers["ETag"] == f'"{answer["version"]}"'
        assert again.json() == answer
    assert stored(b, code) == answer["table"]
    assert tokens(answer["table"]) == [("smoke", "villain"), ("gas", "heroes")]


def test_an_idempotency_key_first_sent_to_another_process_is_replayed_by_a_process_behind(a, b):
    """The first send of a key reaches B; the retry reaches A, which keeps an older table. A must
    not apply the change again on its copy: it answers B's first answer, and the table changed
    once."""
    code = table_at(a, b, "heroes.actions")
    n = keep(a, code)
    key = {"Idempotency-Key": "token-gas-2"}
    answer = ok(place_token(b, code, "gas", "heroes", headers=key))

    again = place_token(a, code, "gas", "heroes", headers=key)
    assert again.status_code == 200, again.text
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == answer
    assert stored(b, code) == answer["table"]


# ------------------------------------------------------------------------------------ 6. half-changed


def test_a_refused_command_leaves_nothing_half_changed_behind(a, b):
    """The rules may change a table before refusing a command: a dredge first makes the villain
    lose its unspent reinforcement points (VI·E), then finds the tile is not neutralized (VI·F).
    Were that half-changed table kept, A's next command would be built on (and store) a villain
    without its points. After the 409, A's next command gives exactly the stored table plus that
    command."""
    code = table_at(a, b, "villain.first_tile")
    activated = ok(a.post(f"/api/tables/{code}/commands/activate_tile", json={"side": "villain", "tile": "event"}))
    assert activated["table"]["command_posts"]["villain"]["reinforcement_points"] == 3
    before = stored(b, code)

    refused = a.post(f"/api/tables/{code}/commands/dredge", json={"side": "villain", "tiles": ["thug-with-crowbar"]})
    assert refused.status_code == 409, refused.text
    assert refused.json()["rule"] == "VI·F"
    assert stored(b, code) == before

    answer = ok(place_token(a, code, "smoke", "villain"))
    assert answer["version"] == before["version"] + 1
    assert answer["table"]["command_posts"]["villain"]["reinforcement_points"] == 3
    assert tokens(answer["table"]) == tokens(before) + [("smoke", "villain")]
    changed = ("version", "tokens", "may", "undo")  # a token on the board may be removed; an undo would take it back
    assert {k: v for k, v in answer["table"].items() if k not in changed} == \
           {k: v for k, v in before.items() if k not in changed}
    assert stored(b, code) == answer["table"]


def test_a_write_lost_by_redis_and_replaced_by_another_is_never_written_over(a, b, redis_client):
    """Redis can lose its last acknowledged writes (restarted from an append-only file up to a
    second behind, or a replica promoted). A then keeps version N+1 while the store went back to
    N and B wrote a different N+1. The version numbers match, but the write's stamp does not:
    A's next command is made on the stored table (B's N+1), not on its own lost one."""
    code = table_at(a, b, "heroes.actions")
    before = ok(place_token(a, code, "gas", "heroes"))          # version N, read from the store
    lost = ok(place_token(a, code, "flame", "heroes"))           # N+1: A keeps it
    key = f"gc:{{{code}}}:table"
    history = f"gc:{{{code}}}:history"
    # the store loses N+1: the table as it was after N (from the history), then B writes its own N+1
    state = redis_client.hget(key, "state")
    for stream in (f"gc:{{{code}}}:record", history):  # as the store came back: the last entries never written
        kept_rows = [(i, f) for i, f in redis_client.xrange(stream) if i != f"{lost['version']}-0".encode()]
        redis_client.delete(stream)
        for entry_id, fields in kept_rows:
            redis_client.xadd(stream, fields, id=entry_id)
    snapshot = kept_rows[-1][1][b"snapshot"]
    from api import store as s
    zdict = redis_client.hget(key, "zdict")
    redis_client.hset(key, mapping={"version": before["version"], "stamp": b"lost",
                                    "state": s.decompress(snapshot, lambda: zdict)})
    assert state != redis_client.hget(key, "state")
    other = Process(b.app.config["REDIS_URL"], b.host_tokens)  # a process that never saw the lost write
    replaced = ok(place_token(other, code, "smoke", "villain"))
    assert replaced["version"] == lost["version"]

    answer = ok(place_token(a, code, "frost", "villain"))
    assert answer["version"] == lost["version"] + 1
    assert tokens(answer["table"])[-2:] == [("smoke", "villain"), ("frost", "villain")]
    assert ("flame", "heroes") not in tokens(answer["table"])  # the lost write stays lost, not revived
    assert stored(b, code) == answer["table"]


def test_a_write_after_redis_dropped_the_connection_lands_on_a_new_one(a, b, redis_client):
    """Redis closed the process's connections between two writes (killed, restarted, a proxy's
    idle timeout): the next write notices before sending and opens a new connection, so it lands;
    the table holds exactly the acknowledged changes."""
    code = table_at(a, b, "heroes.actions")
    start = len(ok(place_token(a, code, "gas", "heroes"))["table"]["tokens"])
    redis_client.client_kill_filter(_type="normal", skipme=True)
    for kind in ("smoke", "frost"):
        ok(place_token(a, code, kind, "villain"))
    assert len(json.loads(b.get(f"/api/tables/{code}").text)["tokens"]) == start + 2
