"""The Versus booklet as data: HQ powers and missions (games/bgcc/data/versus-*.json).

The files keep the booklet's French text with an English translation; this module turns them into
the rules' definitions.
"""
from __future__ import annotations

import functools
import json
from importlib import resources

from .definitions import (REMINDER_OPERATIONS, Characteristic, Dice, MissionRule, Operation, Power, PowerAlternative,
                          SpaceDef)

DEFAULT_SPACES = {
    "movement": {"exertion_limit": 3, "characteristic": {"kind": "multiplier", "dice": [], "multiplier": 1}},
    "defense": {"exertion_limit": 3, "characteristic": {"kind": "dice", "multiplier": 0,
                                                        "dice": [{"colour": "orange", "count": 1, "free_reroll": False}]}},
    "reroll": {"exertion_limit": 2, "characteristic": {"kind": "none", "dice": [], "multiplier": 0}},
}
DEFAULT_SPACE_DEFS = {
    "movement": SpaceDef(3, Characteristic(kind="multiplier", multiplier=1)),
    "defense": SpaceDef(3, Characteristic(kind="dice", dice=[Dice("orange")])),
    "reroll": SpaceDef(2, Characteristic(kind="none")),
}


def _document(name: str) -> dict:
    path = resources.files("games.bgcc").joinpath(f"data/{name}")
    if not path.is_file():
        return {}
    return json.loads(path.read_text("utf-8"))


@functools.cache
def powers_document() -> dict:
    return _document("versus-powers.json") or {"format": "gotham-companion/versus-powers", "version": 1,
                                                "powers": []}


@functools.cache
def missions_document() -> dict:
    return _document("versus-missions.json") or {"format": "gotham-companion/versus-missions", "version": 1,
                                                  "missions": []}


def operation(data: dict) -> Operation:
    """One operation of the data file as the rules' Operation."""
    count = data.get("count")
    source, target = data.get("from") or {}, data.get("to") or {}
    details = data.get("details", "")
    if data.get("while"):
        details = f"{details} while {data['while']}".strip()
    free_cubes = data["op"] == "free_activation" and data.get("cube_cost") == 0
    op = data["op"]
    if op == "set_cube_recovery":
        count = data.get("value")
    if op in REMINDER_OPERATIONS:
        what = data.get("with") or data.get("to") or data.get("value") or ""
        details = f"{op.replace('_', ' ')}: {what} {details}".strip()
        op = "reminder"
    return Operation(op=op, count=count if isinstance(count, int) else 0,
                     difference=count == "difference", count_from_successes=count == "successes",
                     from_side=source.get("side") if isinstance(source, dict) else None,
                     from_zone=source.get("zone") if isinstance(source, dict) else None,
                     to_side=target.get("side") if isinstance(target, dict) else None,
                     to_zone=target.get("zone") if isinstance(target, dict) else None,
                     amount=1 if free_cubes else int(data.get("amount") or 0),
                     spaces=list(data.get("spaces") or []), side=data.get("side"),
                     target=(data.get("target") if isinstance(data.get("target"), str) else
                             data.get("tile") if isinstance(data.get("tile"), str) else None),
                     details=details, condition=data.get("condition") or "", timing=data.get("timing") or "",
                     optional=bool(data.get("optional")), branch=data.get("branch") or "",
                     successes=data.get("successes"), one_per_space=bool(data.get("one_per_space")))


def power(data: dict) -> Power:
    return Power(
        id=data["id"], character=data["character"], side=data["side"], name_fr=data["name_fr"],
        name_en=data["name_en"], type=data["type"],
        alternatives=[PowerAlternative(text_fr=a["text_fr"], text_en=a["text_en"], reminder=a.get("reminder", ""),
                                       operations=[operation(o) for o in a.get("operations", [])])
                      for a in data["alternatives"]],
        reminder_only_reason=data.get("reminder_only_reason"))


@functools.cache
def powers() -> dict[str, Power]:
    return {p["id"]: power(p) for p in powers_document().get("powers", [])}


def powers_for(character: str, ids: list[str] | None, side: str) -> list[Power]:
    """The powers named by `ids`, or every power of the character named `character` on `side`.
    Raises KeyError for an unknown id."""
    catalog = powers()
    if ids is not None:
        return [catalog[i] for i in ids]
    wanted = character.strip().lower()
    return [p for p in catalog.values() if p.side == side and p.character.strip().lower() == wanted]


# ---------------------------------------------------------------- missions by id


def mission_rule(data: dict) -> MissionRule:
    return MissionRule(id=data["id"], name_fr=data["name_fr"], text_fr=data["text_fr"], text_en=data.get("text_en", ""),
                       kind=data["kind"], sides=list(data["sides"]), step=data.get("step", ""),
                       action=data.get("action", ""), difficulty=data.get("difficulty", 0),
                       skill=data.get("skill", ""), counter=data.get("counter", ""), change=data.get("change", 1),
                       at=data.get("at", 0), uses=data.get("uses", 0),
                       operations=[operation(o) for o in data.get("operations", [])])


def template(mission_id: str) -> dict:
    """The booklet mission `mission_id` as stored. Raises KeyError for an unknown id."""
    for m in missions_document().get("missions", []):
        if m["id"] == mission_id:
            return m
    raise KeyError(mission_id)


class PrintedValue(ValueError):
    """A typed setup value contradicts what the booklet prints (field, printed, typed)."""


def _recovery_list(value) -> list[int]:
    return list(value) if isinstance(value, list) else [value]


def from_template(mission_id: str, typed: dict) -> dict:
    """A Versus mission's data (VersusMission fields) from the booklet template `mission_id`: the
    printed values (name, initiative, turn limit, disc recovery schedule, cube recovery, special
    rules, end-game conditions, the event, the rules the app applies) and, for each value the text
    does not print (null in the template, listed in its 'missing'), the value the players typed.
    A typed value that contradicts a printed one raises PrintedValue; a missing one KeyError-free
    ValueError naming it (side.field)."""
    t = template(mission_id)
    sides = {}
    for side in ("heroes", "villain"):
        printed, given = t["sides"][side], dict((typed.get("sides") or {}).get(side) or {})
        printed_values = {"reserve": printed["reserve"], "fatigue": printed["fatigue"], "recovery": printed["recovery"],
                          "discs_available": printed["discs"]["available"],
                          "discs_unavailable": printed["discs"]["unavailable"],
                          "discs_recovery": None if printed["discs"]["recovery"] is None
                          else _recovery_list(printed["discs"]["recovery"]),
                          "river": printed["river"]}
        for name, value in printed_values.items():
            if value is None:
                if given.get(name) is None:
                    raise ValueError(f"{side}.{name}")
                continue
            if given.get(name) is not None and given[name] != value:
                raise PrintedValue(f"{side}.{name}", value, given[name])
            given[name] = value
        # the mission's own event on the side's event tile (besides the HQ's special events): it keeps
        # the event tile in play when the HQ falls (Versus I·C "NEUTRALISER UN QG")
        given["events"] = given.get("events") or [r["text_fr"] for r in t.get("rules", [])
                                                  if r["kind"] == "event" and side in r["sides"]]
        sides[side] = given
    return {"name": t["name_en"], "name_fr": t["name_fr"], "id": t["id"], "initiative": t["initiative"],
            "turn_limit": t["turn_limit"], "sides": sides, "special_rules": list(t["special_rules_fr"]),
            "end_game": list(t["end_game_fr"]), "rules": list(t.get("rules", []))}
