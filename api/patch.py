"""A table view's change as an RFC 6902 JSON Patch: what a phone holding the view before applies to
hold the view after, instead of receiving the whole view again (api/play.py `live_message`).

`diff(before, after)` answers the operations, in order: `replace` a value that changed (its path
as deep as the change: one cube moved is one number replaced, not its hero's list resent), `add` a
key or list item that came, `remove` one that went. Two lists of the same length are compared item
by item; otherwise what they share at their start and their end is kept and only the middle is
patched (an item inserted or dropped anywhere is one `add` or one `remove`). Equal values are
compared whole first (C speed), so the walk goes down only where something changed. Where most of
a value changed (an undo's summary now of another change), the value whole replaces it when that
is shorter than its operations. A write keeps its table's parts as each top-level key's JSON
(`diff_encoded`, `merged`): the next write compares those bytes and reads only the keys that changed.

The phone's applier (pwa/js/patch.js) and the tests' (the `jsonpatch` library) read the operations
as RFC 6902 does: each on the result of the one before. (A value whose type alone changed, 1 to
1.0 or to true, inside an equal dict or list, is not seen: a view keeps each field's type.)
"""
from __future__ import annotations

import orjson

MANY = 3  # more operations than this inside one value: its whole value instead, when that is shorter


def diff(before, after) -> list[dict]:
    """The operations that turn `before` into `after` (JSON values), [] when they are equal."""
    ops: list[dict] = []
    _diff(before, after, "", ops)
    return ops


def _diff(before, after, path: str, ops: list[dict]) -> None:
    if _same(before, after):
        return
    if isinstance(before, dict) and isinstance(after, dict):
        inner: list[dict] = []
        for key in before:
            if key not in after:
                inner.append({"op": "remove", "path": f"{path}/{_escape(key)}"})
        for key, value in after.items():
            if key in before:
                _diff(before[key], value, f"{path}/{_escape(key)}", inner)
            else:
                inner.append({"op": "add", "path": f"{path}/{_escape(key)}", "value": value})
    elif isinstance(before, list) and isinstance(after, list):
        inner = []
        _diff_lists(before, after, path, inner)
    else:
        ops.append({"op": "replace", "path": path, "value": after})
        return
    if len(inner) > MANY and path and len(orjson.dumps(inner)) > len(orjson.dumps(after)):
        ops.append({"op": "replace", "path": path, "value": after})  # most of it changed: the value whole is shorter
    else:
        ops.extend(inner)


def _diff_lists(before: list, after: list, path: str, ops: list[dict]) -> None:
    start, end_before, end_after = 0, len(before), len(after)
    if end_before != end_after:  # keep what both share at the start and at the end
        while start < min(end_before, end_after) and _same(before[start], after[start]):
            start += 1
        while end_before > start and end_after > start and _same(before[end_before - 1], after[end_after - 1]):
            end_before, end_after = end_before - 1, end_after - 1
    common = min(end_before, end_after) - start
    for i in range(start, start + common):
        _diff(before[i], after[i], f"{path}/{i}", ops)
    for i in range(start + common, end_after):  # came: each at its place
        ops.append({"op": "add", "path": f"{path}/{i}", "value": after[i]})
    for _ in range(start + common, end_before):  # went: the same index each time, the rest moving up
        ops.append({"op": "remove", "path": f"{path}/{start + common}"})


def _same(a, b) -> bool:
    """Equal, and of the same type (1 == 1.0 == True: a type change is a change)."""
    return a == b and type(a) is type(b)


def _escape(key) -> str:
    key = str(key)
    return key.replace("~", "~0").replace("/", "~1") if ("~" in key or "/" in key) else key



def diff_encoded(before: dict[str, bytes], after: dict[str, bytes]) -> list[dict]:
    """`diff` of two dicts given as each key's JSON (api/play.py `encoded`), the same operations in
    the same order: a key whose JSON is the same before and after is not read at all (most of a
    table's view, its offers included, stays as it was), one whose JSON differs is read and walked
    as `diff` walks it (equal values written differently give no operation)."""
    ops = [{"op": "remove", "path": f"/{_escape(key)}"} for key in before if key not in after]
    for key, raw in after.items():
        old = before.get(key)
        if old is None:
            ops.append({"op": "add", "path": f"/{_escape(key)}", "value": orjson.Fragment(raw)})
        elif old != raw:
            _diff(orjson.loads(old), orjson.loads(raw), f"/{_escape(key)}", ops)
    return ops


def merged(public_ops: list[dict], before_public: dict[str, bytes], before_own: dict[str, bytes],
           after_public: dict[str, bytes], after_own: dict[str, bytes]) -> list[dict]:
    """The operations that turn the table {**before_public, **before_own} into {**after_public,
    **after_own} (each part as its keys' JSON), `public_ops` being `diff_encoded(before_public,
    after_public)` (worked out once for every seat): those of its operations on a key neither own
    part holds, then the own keys' own."""
    if not before_own and not after_own:
        return public_ops
    own = before_own.keys() | after_own.keys()
    escaped = {_escape(key) for key in own}
    ops = [op for op in public_ops if op["path"].split("/", 2)[1] not in escaped]
    before = {key: before_own[key] if key in before_own else before_public[key]
              for key in own if key in before_own or key in before_public}
    after = {key: after_own[key] if key in after_own else after_public[key]
             for key in own if key in after_own or key in after_public}
    return ops + diff_encoded(before, after)
