"""The whole-game record read as the story of a game: pure functions of its entries (no Redis, no
clock), for every game alike.

The record (api/store.py) keeps every change in order and never rewrites one: an undo, a redo and a
jump back are changes of their own, each restoring the state after an earlier version. So an entry
an undo took back is still in the record, and must not read as if it happened. The table as it
stands descends from a chain of changes: a change applied to the state after the version before it
(version − 1), and an undo, redo or jump whose state is the state after the version it restored.
Walking that chain back from the last version gives the changes *in effect*; every other change
(neither in effect nor itself an undo, redo or jump) is *undone*: an undo took it back and no redo
brought it back. A redo restores the state after the change it redoes, so that change is in effect
again; a new change after an undo leaves the undone one undone for good.
"""
from __future__ import annotations

TRAVELS = ("undo", "redo", "jump")  # the event kinds of an undo, a redo and a jump back


def in_effect(current: int, travels: dict[int, int], oldest: int = 1) -> set[int]:
    """The versions from `oldest` to `current` whose changes the table after `current` descends
    from (`travels`: each undo, redo or jump's version → the version it restored, always lower).
    Undos, redos and jumps on the chain are in it too."""
    found, version = set(), current
    while version >= oldest:
        found.add(version)
        version = travels[version] if version in travels else version - 1
    return found


def travels_of(entries: list[dict]) -> dict[int, int]:
    """`travels` (see `in_effect`) read from the record's entries themselves: an undo, redo or
    jump's event names the version it restored."""
    out = {}
    for entry in entries:
        for event in entry.get("events") or ():
            data = event.get("data") or {}
            if event.get("kind") in TRAVELS and isinstance(data.get("restored"), int):
                out[entry["version"]] = data["restored"]
    return out


def undone(entries: list[dict], current: int, travels: dict[int, int]) -> list[bool]:
    """For each of `entries` (the record's, in order, each with its `version`): whether an undo
    took it back for good, as the table after `current` stands (see the module)."""
    if not entries:
        return []
    effect = in_effect(current, travels, min(e["version"] for e in entries))
    return [e["version"] not in effect and e["version"] not in travels for e in entries]


def story(entries: list[dict], current: int | None = None) -> list[dict]:
    """The record's entries the table as it stands descends from, oldest first: neither undone
    nor an undo, redo or jump (`current`: the last version; by default the last entry's)."""
    if not entries:
        return []
    travels = travels_of(entries)
    effect = in_effect(entries[-1]["version"] if current is None else current, travels,
                       entries[0]["version"])
    return [e for e in entries if e["version"] in effect and e["version"] not in travels]


def dice_luck(entries: list[dict], luck) -> dict[str, dict]:
    """Per roller, over the changes of `entries` (the `story`: no undone roll counts): {"rolls":
    how many, "rolled": successes shown, "expected": their exact expectation (a Fraction)}. `luck`
    is the game's (`Game.luck`): a change's events → its rolls."""
    out: dict[str, dict] = {}
    for entry in entries:
        for roll in luck(entry.get("events") or []):
            mine = out.setdefault(roll["who"], {"rolls": 0, "rolled": 0, "expected": 0})
            mine["rolls"] += 1
            mine["rolled"] += roll["rolled"]
            mine["expected"] += roll["expected"]
    return out


def tally(entries: list[dict], turn_of, counted, hits, first: int = 0) -> dict:
    """What a game's events give of each turn and each fight, over the changes of `entries`:
    `turn_of(event)` the turn (or round) an event starts, else None; `counted(event)` who the event
    counts one for in the turn it happens in (an activation, a level), else None; `hits(event)` the
    wounds it inflicts, [(dealer or None, taker or None, n)]. Answers {"turns": [{"turn", "counts":
    {who: n}}], "wounds": {who: {"dealt", "taken"}}}: a game's `Game.tally`, each game saying what
    its events mean. `first`: the turn before any event starts one (0: before the first turn)."""
    turns: list[dict] = []
    wounds: dict[str, dict] = {}
    for entry in entries:
        for event in entry.get("events") or ():
            turn = turn_of(event)
            if turn is not None and (not turns or turns[-1]["turn"] != turn):
                turns.append({"turn": turn, "counts": {}})
            who = counted(event)
            if who is not None:
                if not turns:
                    turns.append({"turn": first, "counts": {}})
                turns[-1]["counts"][who] = turns[-1]["counts"].get(who, 0) + 1
            for dealer, taker, n in hits(event):
                for seat, side in ((dealer, "dealt"), (taker, "taken")):
                    if seat is not None:
                        mine = wounds.setdefault(seat, {"dealt": 0, "taken": 0})
                        mine[side] += n
    return {"turns": turns, "wounds": wounds}


def ending(entries: list[dict]) -> dict | None:
    """The event that ended the game (every game's `game_over`), the last among `entries`, or None."""
    found = None
    for entry in entries:
        for event in entry.get("events") or ():
            if event.get("kind") == "game_over":
                found = event
    return found
