"""Minimal asyncio HTTP/1.1 clients for bench/load_bench.py, on raw sockets (no third-party
package): a keep-alive request/response connection for the commands, and a Server-Sent Events
reader (an asyncio.Protocol) that records, for every event, its type, id and the moment
(time.monotonic(), the system-wide CLOCK_MONOTONIC, comparable across processes) the loop got
the bytes that completed it.

Only what the app sends is supported: Content-Length or chunked bodies; SSE fields `id:`,
`event:`, `data:`, `retry:` and comments, separated by blank lines ("\\n\\n").
"""
from __future__ import annotations

import asyncio
import re
import time

HOST = "127.0.0.1"


class HttpError(Exception):
    pass


class HttpConn:
    """One keep-alive connection; one request at a time."""

    def __init__(self, port: int):
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.last_used = 0.0
        self.requests = 0

    async def open(self, timeout: float = 10.0) -> None:
        self.reader, self.writer = await asyncio.wait_for(
            asyncio.open_connection(HOST, self.port, limit=1 << 22), timeout)
        self.last_used = time.monotonic()

    def close(self) -> None:
        if self.writer is not None:
            self.writer.transport.abort()
        self.reader = self.writer = None

    @property
    def is_open(self) -> bool:
        return self.writer is not None and not self.writer.transport.is_closing()

    async def request(self, method: str, path: str, body: bytes | None = None,
                      headers: dict[str, str] | None = None, timeout: float = 10.0):
        """(status, headers with lower-case names, body, t_send, t_answer): t_send just before the
        request is written, t_answer when the whole answer has been read."""
        if not self.is_open:
            await self.open()
        lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}"]
        for k, v in (headers or {}).items():
            lines.append(f"{k}: {v}")
        if body is not None:
            lines.append(f"Content-Length: {len(body)}")
        elif method in ("POST", "PUT", "PATCH"):
            lines.append("Content-Length: 0")
        raw = ("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b"")
        t_send = time.monotonic()
        try:
            self.writer.write(raw)
            status, hdrs, data = await asyncio.wait_for(self._read_answer(), timeout)
        except BaseException:
            self.close()  # a half-read answer leaves the connection useless
            raise
        t_answer = time.monotonic()
        self.last_used = t_answer
        self.requests += 1
        if hdrs.get("connection", "").lower() == "close":
            self.close()
        return status, hdrs, data, t_send, t_answer

    async def _read_answer(self):
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ", 2)
        if len(parts) < 2 or not parts[0].startswith("HTTP/1."):
            raise HttpError(f"bad status line {lines[0]!r}")
        status = int(parts[1])
        hdrs = {}
        for line in lines[1:]:
            if line:
                k, _, v = line.partition(":")
                hdrs[k.strip().lower()] = v.strip()
        if "content-length" in hdrs:
            data = await self.reader.readexactly(int(hdrs["content-length"]))
        elif hdrs.get("transfer-encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size_line = await self.reader.readuntil(b"\r\n")
                size = int(size_line.split(b";")[0], 16)
                if size == 0:
                    await self.reader.readuntil(b"\r\n")
                    break
                chunks.append(await self.reader.readexactly(size))
                await self.reader.readexactly(2)
            data = b"".join(chunks)
        else:
            raise HttpError("an answer without Content-Length or chunked encoding")
        return status, hdrs, data


_VERSION_IN_DATA = re.compile(rb'^\{"version":(\d+)')


class SSEProtocol(asyncio.Protocol):
    """One live stream. Calls `on_event(kind, event_id, data_version, t)` for each `snapshot` and
    `change` event (data_version: the `version` the data starts with, or None), `on_open(status)`
    once the answer's head is read, and `on_close(reason)` once."""

    def __init__(self, request: bytes, on_open, on_event, on_close):
        self.request = request
        self.on_open, self.on_event, self.on_close = on_open, on_event, on_close
        self.transport: asyncio.Transport | None = None
        self.buf = bytearray()
        self.sse = bytearray()
        self.head_done = False
        self.chunked = False
        self.closed = False
        self.retry_ms: int | None = None
        self.heartbeats = 0
        self.bytes = 0
        self.local_port: int | None = None

    def connection_made(self, transport):
        self.transport = transport
        sock = transport.get_extra_info("sockname")
        self.local_port = sock[1] if sock else None
        transport.write(self.request)

    def data_received(self, data: bytes):
        t = time.monotonic()
        self.bytes += len(data)
        self.buf += data
        if not self.head_done:
            end = self.buf.find(b"\r\n\r\n")
            if end < 0:
                return
            head = bytes(self.buf[:end]).decode("latin-1").split("\r\n")
            del self.buf[:end + 4]
            status = int(head[0].split(" ", 2)[1])
            lower = [h.lower() for h in head[1:]]
            self.chunked = any(h.startswith("transfer-encoding:") and "chunked" in h for h in lower)
            self.head_done = True
            self.on_open(status)
            if status != 200:
                self.close("status")
                return
        if self.chunked:
            self._dechunk()
        else:
            self.sse += self.buf
            self.buf.clear()
        self._events(t)

    def _dechunk(self) -> None:
        buf = self.buf
        while True:
            i = buf.find(b"\r\n")
            if i < 0:
                return
            size = int(bytes(buf[:i]).split(b";")[0], 16)
            if size == 0:
                self.close("server ended the stream")
                return
            end = i + 2 + size
            if len(buf) < end + 2:
                return
            self.sse += buf[i + 2:end]
            del buf[:end + 2]

    def _events(self, t: float) -> None:
        sse = self.sse
        start = 0
        while True:
            end = sse.find(b"\n\n", start)
            if end < 0:
                break
            block = bytes(sse[start:end])
            start = end + 2
            kind, eid, version = "message", None, None
            for line in block.split(b"\n"):
                if line.startswith(b"id:"):
                    eid = int(line[3:].strip())
                elif line.startswith(b"event:"):
                    kind = line[6:].strip().decode()
                elif line.startswith(b"data:"):
                    m = _VERSION_IN_DATA.match(line[5:].lstrip())
                    version = int(m.group(1)) if m else None
                elif line.startswith(b"retry:"):
                    self.retry_ms = int(line[6:].strip())
                elif line.startswith(b":"):
                    self.heartbeats += 1
            if kind in ("snapshot", "change"):
                self.on_event(kind, eid, version, t)
        if start:
            del sse[:start]

    def close(self, reason: str = "closed by the client", abort: bool = True) -> None:
        if self.transport is not None and not self.transport.is_closing():
            if abort:
                self.transport.abort()
            else:
                self.transport.close()
        self._closed(reason)

    def _closed(self, reason: str) -> None:
        if not self.closed:
            self.closed = True
            self.on_close(reason)

    def connection_lost(self, exc):
        self._closed(f"connection lost: {exc}" if exc else "connection closed by the server")


def live_request(port: int, code: str, last_event_id: int | None = None) -> bytes:
    lines = [f"GET /api/tables/{code}/live HTTP/1.1", f"Host: {HOST}:{port}", "Accept: text/event-stream",
             "Cache-Control: no-cache"]
    if last_event_id is not None:
        lines.append(f"Last-Event-ID: {last_event_id}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()
