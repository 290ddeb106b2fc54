"""Every refusal the rules (games/) and the API (api/) can send has a stable code, and every code has
its French line in pwa/js/refusals.js whose placeholders are params the refusal passes; a refused
command answers reason, params, rule and the English message over real HTTP."""
from __future__ import annotations

import ast
import re
from collections import defaultdict
from http import HTTPStatus
from pathlib import Path

import pytest

from tests.tables import advance_to, new_table

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "pwa" / "js" / "refusals.js"

# Functions of api/ that answer a refusal the game made (its code is the game's, checked there).
PASSED_ON = [
    ("api/errors.py", "rule_refused"),
    ("api/play.py", "seat_refused"),
    ("api/resources/game_tables.py", "setup_state"),  # a game's SetupRefused (games/bgcc/game.py: Versus missions)
    ("api/resources/crews.py", "crew_refused"),  # a crew's first problem (games/bmg/crew.py)
]


class Site:
    """One place a refusal is made: the codes it can send (None: no literal code), the params it names."""

    def __init__(self, path: str, line: int, function: str | None, codes: list[str] | None, params: set[str]):
        self.path, self.line, self.function, self.codes, self.params = path, line, function, codes, params

    def __repr__(self):
        return f"{self.path}:{self.line} ({self.function})"


def _literals(node: ast.AST | None) -> list[str] | None:
    """The codes an argument can be: a string, either branch of `a if c else b`, any value of
    `{...}[key]`; None when it is not written out."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        a, b = _literals(node.body), _literals(node.orelse)
        return a + b if a is not None and b is not None else None
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Dict):
        values = [_literals(v) for v in node.value.values]
        return [c for v in values for c in v] if all(v is not None for v in values) else None
    return None


def _callee(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _argument(call: ast.Call, index: int, name: str) -> ast.AST | None:
    for kw in call.keywords:
        if kw.arg == name:
            return kw.value
    return call.args[index] if len(call.args) > index else None


def _functions(tree: ast.AST):
    """(call, enclosing function) for every call in the module."""
    def walk(node, function):
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, ast.Call):
                yield child, function
            yield from walk(child, inner)
    yield from walk(tree, None)


def _scan_module(path: str, tree: ast.AST, kind: str) -> list[Site]:
    """RuleRefused(rule, message, code, **params) and SetupRefused(status, message, code, **params) in
    games/, error(status, message, reason, params) in api/.
    A function that passes its own argument on as the code (definitions._require, check_table's
    require) is followed to its callers in the same module, which name the code and params."""
    targets, index, name = (("RuleRefused", "SetupRefused"), 2, "code") if kind == "games" else (("error",), 2, "reason")
    sites: list[Site] = []
    forwarders: dict[str, tuple[int, str, set[str]]] = {}
    for call, function in _functions(tree):
        if _callee(call) not in targets or (kind == "api" and not isinstance(call.func, ast.Name)):  # not zlib.error
            continue
        arg = _argument(call, index, name)
        fname = function.name if function else None
        if kind == "games":
            params = {kw.arg for kw in call.keywords if kw.arg and kw.arg != "code"}
        else:
            given = _argument(call, 3, "params")
            params = {k.value for k in given.keys if isinstance(k, ast.Constant)} \
                if isinstance(given, ast.Dict) else set()
        if isinstance(arg, ast.Name) and function is not None:
            positional = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
            if arg.id in positional:
                forwarders[function.name] = (positional.index(arg.id), arg.id, params)
                continue
        codes = _literals(arg)
        if kind == "api" and arg is None and call.args and isinstance(call.args[0], ast.Constant) \
                and type(call.args[0].value) is int:
            codes = [HTTPStatus(call.args[0].value).name.lower()]  # error()'s default reason
        sites.append(Site(path, call.lineno, fname, codes, params))
    for call, function in _functions(tree):
        forward = forwarders.get(_callee(call))
        if forward is None:
            continue
        position, name, params = forward
        named = {a.arg for a in call.keywords if a.arg}
        sites.append(Site(path, call.lineno, function.name if function else None,
                          _literals(_argument(call, position, name)), params | (named - {name})))
    return sites


def scan() -> list[Site]:
    sites = []
    for kind in ("games", "api"):
        for file in sorted((ROOT / kind).rglob("*.py")):
            path = file.relative_to(ROOT).as_posix()
            sites += _scan_module(path, ast.parse(file.read_text("utf-8")), kind)
    return sites


def _owned_elsewhere(site: Site) -> bool:
    return (site.path, site.function) in PASSED_ON


def french() -> dict[str, str]:
    """The catalogue's keys and templates: one `code: "template",` a line."""
    text = CATALOGUE.read_text("utf-8")
    body = text[text.index("export const FR = {"):]
    return {m.group(1): m.group(2) for m in
            re.finditer(r'^\s*"?([a-z][a-z0-9_]*)"?\s*:\s*"((?:[^"\\]|\\.)*)"\s*,?\s*$', body, re.M)}


SITES = scan()
CODED = [s for s in SITES if not _owned_elsewhere(s)]


def test_the_scan_finds_the_refusals():
    assert len(CODED) > 150
    assert {"space_saturated", "not_enough_cubes", "unknown_hero", "hero_neutralized"} <= \
        {c for s in CODED for c in s.codes or []}


def test_every_refusal_in_converted_files_names_its_code():
    missing = [s for s in CODED if not s.codes]
    assert not missing, f"refusals without a literal code: {missing}"


def test_every_code_is_snake_case():
    bad = sorted({c for s in CODED for c in s.codes or [] if not re.fullmatch(r"[a-z][a-z0-9_]*", c)})
    assert not bad


def test_every_code_has_its_french_line():
    fr = french()
    missing = sorted({c for s in CODED for c in s.codes or [] if c not in fr})
    assert not missing, f"codes with no French line in {CATALOGUE.name}: {missing}"


def test_french_placeholders_are_params_of_the_refusal():
    fr = french()
    params: dict[str, set[str]] = defaultdict(set)
    for s in CODED:
        for c in s.codes or []:
            params[c] |= s.params
    wrong = {c: sorted(set(re.findall(r"\{(\w+)(?:#\w+)?\}", fr[c])) - params[c]) for c in params if c in fr}
    assert not {c: p for c, p in wrong.items() if p}, "placeholders no refusal of that code passes"


# ---------------------------------------------------------------- over real HTTP


def _refused(r, reason: str, message: str, rule: str, **params):
    assert r.status_code == 409, r.text
    body = r.json()
    assert body["code"] == 409 and body["status"] == "Conflict"
    assert body["reason"] == reason
    assert body["message"] == message
    assert body["rule"] == rule
    assert body["params"] == params
    assert reason in french()


def test_a_saturated_space_answers_its_code_and_params(http):
    code = new_table(http)["code"]
    table = advance_to(http, code, "heroes.actions")
    limit = next(h for h in table["heroes"] if h["id"] == "batman")["spaces"]["melee"]["exertion_limit"]
    r = http.post(f"/api/tables/{code}/commands/spend", json={"hero": "batman", "space": "melee", "cubes": limit})
    assert r.status_code == 200, r.text
    r = http.post(f"/api/tables/{code}/commands/spend", json={"hero": "batman", "space": "melee", "cubes": 1})
    _refused(r, "space_saturated", f"Melee space is saturated: {limit} of {limit}", "IX·I",
             space="melee", held=limit, limit=limit)


def test_not_enough_cubes_answers_its_code_and_params(http):
    code = new_table(http)["code"]
    table = advance_to(http, code, "heroes.actions")
    reserve = next(h for h in table["heroes"] if h["id"] == "batman")["reserve"]
    r = http.post(f"/api/tables/{code}/commands/spend", json={"hero": "batman", "space": "fatigue", "cubes": reserve + 1})
    _refused(r, "not_enough_cubes", f"Batman's reserve holds {reserve} cubes, not {reserve + 1}", "V·A 14",
             hero="Batman", reserve=reserve, cubes=reserve + 1)


def test_an_unknown_hero_answers_its_code_and_params(http):
    """C7: a name the table does not know is not found (404), with the names it knows."""
    code = new_table(http)["code"]
    advance_to(http, code, "heroes.actions")
    r = http.post(f"/api/tables/{code}/commands/spend", json={"hero": "nobody", "space": "melee", "cubes": 1})
    assert r.status_code == 404, r.text
    body = r.json()
    assert (body["code"], body["reason"], body["rule"]) == (404, "unknown_hero", "V·A")
    assert body["message"] == "No hero 'nobody' at this table (heroes: Batman, Commissioner Gordon, Renee Montoya)"
    assert body["params"] == {"hero": "nobody", "name": "nobody",
                              "known": ["Batman", "Commissioner Gordon", "Renee Montoya"]}
    assert "unknown_hero" in french()


def test_names_the_table_shows_are_accepted_as_ids(http):
    """C7: a hero, a tile, a miniature or an item by the name the table shows, in any case."""
    code = new_table(http, equipment={"Batman": ["Batarangs"]})["code"]
    assert http.post(f"/api/tables/{code}/commands/set_dice_mode", json={"mode": "physical"}).status_code == 200  # IX·D
    advance_to(http, code, "heroes.actions")
    r = http.post(f"/api/tables/{code}/commands/spend", json={"hero": "Batman", "space": "melee", "cubes": 1})
    assert r.status_code == 200, r.text
    r = http.post(f"/api/tables/{code}/commands/attack", json={"hero": "BATMAN", "kind": "melee", "cubes": 1, "successes": 3,
                                                                  "target_miniature": "thug with crowbar #1"})
    assert r.status_code == 200, r.text
    assert any(e["data"].get("miniature") == "thug-with-crowbar.1" for e in r.json()["events"])
    r = http.post(f"/api/tables/{code}/commands/drop", json={"hero": "batman", "item": "batarangs"})
    assert r.status_code == 200, r.text
    r = http.post(f"/api/tables/{code}/commands/drop", json={"hero": "batman", "item": "Bat-spray"})
    assert (r.status_code, r.json()["reason"]) == (404, "unknown_item")
    advance_to(http, code, "villain.first_tile")
    r = http.post(f"/api/tables/{code}/commands/activate_tile", json={"side": "villain", "tile": "Killer Croc"})
    assert r.status_code == 200, r.text
    r = http.post(f"/api/tables/{code}/commands/activate_tile", json={"side": "villain", "tile": "Joker"})
    assert (r.status_code, r.json()["reason"]) == (404, "unknown_tile")
    assert "Brute with chains" in r.json()["params"]["known"]


def test_a_second_stance_answers_its_code_and_params(http):
    code = new_table(http)["code"]
    advance_to(http, code, "heroes.stances")
    r = http.post(f"/api/tables/{code}/commands/declare_stance", json={"hero": "batman", "stance": "active"})
    assert r.status_code == 200, r.text
    r = http.post(f"/api/tables/{code}/commands/declare_stance", json={"hero": "batman", "stance": "resting"})
    _refused(r, "stance_already_chosen", "Batman already chose the active stance this turn", "V·B·3",
             hero="Batman", stance="active")
