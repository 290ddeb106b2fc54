"""The write lane (api/store.py Lane) reads Redis's answers itself: whatever comes back on the
socket, a caller gets either its own answer or a Redis error (which the app answers with a 503),
and a connection in an unknown state is never used again."""
from __future__ import annotations

import socket
import threading

import hiredis
import pytest
import redis

from api.store import Lane


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def wired():
    """A lane whose connection is one end of a socket pair; the test plays Redis on the other. A new
    connection would go to a port where nothing listens."""
    lane = Lane(redis.ConnectionPool(host="127.0.0.1", port=closed_port()), timeout=0.3)
    ours, theirs = socket.socketpair()
    ours.settimeout(0.3)
    lane.conn = redis.Connection()
    lane.conn._sock = ours
    lane.reader = hiredis.Reader()
    yield lane, theirs
    theirs.close()
    ours.close()


def answer_with(theirs: socket.socket, reply: bytes | None) -> threading.Thread:
    def serve():
        theirs.recv(65536)
        if reply is None:
            theirs.shutdown(socket.SHUT_WR)
        elif reply:
            theirs.sendall(reply)
    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return thread


def test_an_answer_split_across_reads_comes_back_whole(wired):
    lane, theirs = wired

    def serve():
        theirs.recv(65536)
        theirs.sendall(b"*2\r\n:1\r\n")
        theirs.sendall(b"$3\r\nabc\r\n")
    threading.Thread(target=serve, daemon=True).start()
    assert lane.call("EVALSHA", "x", 0) == [1, b"abc"]


def test_an_error_answer_is_that_call_s_error_and_the_connection_stays(wired):
    lane, theirs = wired
    answer_with(theirs, b"-ERR boom\r\n")
    with pytest.raises(redis.ResponseError, match="boom"):
        lane.call("EVALSHA", "x", 0)
    answer_with(theirs, b"+PONG\r\n")
    assert lane.call("PING") == b"PONG"


def test_an_unknown_script_is_reported_as_redis_py_does(wired):
    lane, theirs = wired
    answer_with(theirs, b"-NOSCRIPT No matching script\r\n")
    with pytest.raises(redis.exceptions.NoScriptError):
        lane.call("EVALSHA", "x", 0)


@pytest.mark.parametrize("reply, error", [
    (b"!!! not redis\r\n", redis.exceptions.InvalidResponse),  # unreadable
    (None, redis.ConnectionError),                              # closed without an answer
    (b"", redis.TimeoutError),                                  # no answer in time
])
def test_a_broken_answer_is_a_redis_error_and_the_connection_is_dropped(wired, reply, error):
    lane, theirs = wired
    answer_with(theirs, reply)
    with pytest.raises(error):
        lane.call("EVALSHA", "x", 0)
    assert lane.conn._sock is None  # never read from again: what was sent may or may not have run


def test_a_connection_the_server_closed_while_idle_is_not_written_to(wired):
    lane, theirs = wired
    theirs.shutdown(socket.SHUT_WR)  # the server went away between two writes
    stale = lane.conn
    with pytest.raises(redis.ConnectionError):  # nothing listens on the pool's address: a new connection fails
        lane.call("EVALSHA", "x", 0)
    assert stale._sock is None
    assert theirs.recv(65536) == b""  # the write never went to the closed connection


GEVENT_SCRIPT = r"""
from gevent import monkey; monkey.patch_all()
import sys, gevent, redis
from gevent.lock import Semaphore
from api.store import Lane, _Wake, quick_lock
assert _Wake().waiter is not None  # a waiting call sleeps as a greenlet (the hub switches back to it)
assert type(quick_lock()) is not type(Semaphore()) and "gevent" not in type(quick_lock()).__module__
lane = Lane(redis.ConnectionPool.from_url(sys.argv[1]))
key = "gc:test:lane-under-gevent"
lane.call("DEL", key)
# Each write keeps Redis busy a little (a quarter of a millisecond), so a round trip is still in
# flight when the other writers call unless this process is held off the CPU longer than that (with
# a bare INCR, a process descheduled between its send and its read finds the answer there and never
# lets the others run: a loaded machine once gave 906 round trips for 1001 calls).
SLOW_INCR = "for i = 1, 50000 do end return redis.call('INCR', KEYS[1])"
answers = []
def writer():
    for _ in range(40):
        answers.append(lane.call("EVAL", SLOW_INCR, 1, key))
def victim():
    lane.call("INCR", "gc:test:lane-victim")
writers = [gevent.spawn(writer) for _ in range(25)]
gevent.sleep(0)  # the writers are under way: one leads a round trip, the others wait
waiting = gevent.spawn(victim)
gevent.sleep(0)  # it waits for the next round trip
assert not waiting.dead
waiting.kill()  # interrupted while waiting: it must not strand the others
gevent.joinall(writers, raise_error=True)
assert sorted(answers) == list(range(1, 1001)), "every call got its own answer"
assert lane.waiting == [] and not lane.busy
print(lane.calls, lane.round_trips)
"""


def test_under_gevent_concurrent_calls_share_round_trips_and_each_gets_its_own_answer(redis_server):
    """As `serve` runs it (gevent workers): 25 greenlets writing at once."""
    import subprocess
    import sys
    from pathlib import Path
    done = subprocess.run([sys.executable, "-c", GEVENT_SCRIPT, redis_server.url], capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).resolve().parents[1])
    assert done.returncode == 0, done.stderr
    calls, round_trips = map(int, done.stdout.split())
    # DEL and the writers, and the victim's write if its round trip began before the kill (the
    # answer to the round trip in flight may come in first); pipelined: many calls per round trip
    assert calls in (1001, 1002) and round_trips < calls / 3
