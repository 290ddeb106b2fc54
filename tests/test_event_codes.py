"""Events carry a code and params like refusals do (issue 31, point 6): every event kind a game
(games/) or the API (api/) can emit has its sentence in the phone's catalogues (pwa/js/i18n-events.js,
English and French) and its builder in pwa/js/events.js, which fills the sentence from the event's
`data`; no catalogue writes a plural as "(s)". The kinds are collected from the source: every
`Event("kind", …)`, and the kind a forwarding helper passes on (gcsg's `stash.change(…, event, …)`)."""
from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "pwa" / "js"
CATALOGUE = JS / "i18n-events.js"
BUILDERS = JS / "events.js"
CATALOGUES = ["i18n.js", "i18n-words.js", "i18n-games.js", "i18n-events.js", "refusals.js"]

# The API's own events, in every game: the table's creation and the time travel.
API_KINDS = {"setup": ("api/resources/tables.py", '"kind": "setup"'),
             "undo": ("api/play.py", '"undo": f"Undone'), "redo": ("api/play.py", '"redo": f"Redone'),
             "jump": ("api/play.py", '"jump": f"Back')}

# Chronicles: its English is the server's; these kinds stay the server's words in French too, each
# for its reason (the data holds ids only, the sentence is printed text of the booklet or a card).
BGCC_SERVER_WORDS = {
    "power": "a Versus HQ power's printed name and effect (versus-powers.json holds the English only)",
    "reminder": "a Versus power's printed reminder, played on the board",
    "mission": "a mission rule's counter, named by the booklet (name_fr) with its own counter words",
    "mission_event": "a mission event's printed instruction",
    "river": "a Versus power's river swap, said with the power's printed name",
    "cubes": "a Versus power's cube recovery, said with the power's printed name",
}


def _callee(call: ast.Call) -> str | None:
    return call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", None)


def _kind_argument(call: ast.Call, index: int, name: str):
    for kw in call.keywords:
        if kw.arg == name:
            return kw.value
    return call.args[index] if len(call.args) > index else None


def kinds_by_game() -> dict[str, set[str]]:
    """{game: kinds} from games/<game>/ (Event's first argument, and forwarded kinds)."""
    found: dict[str, set[str]] = defaultdict(set)
    for file in sorted((ROOT / "games").rglob("*.py")):
        parts = file.relative_to(ROOT / "games").parts
        if len(parts) < 2:
            continue
        game, tree = parts[0], ast.parse(file.read_text("utf-8"))
        forwarders: dict[str, tuple[int, str]] = {}
        for function in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]:
            for call in [n for n in ast.walk(function) if isinstance(n, ast.Call) and _callee(n) == "Event"]:
                arg = _kind_argument(call, 0, "kind")
                if isinstance(arg, ast.Constant):
                    found[game].add(arg.value)
                else:
                    positional = [a.arg for a in function.args.args]
                    assert isinstance(arg, ast.Name) and arg.id in positional, f"{file}:{call.lineno}: a kind not written out"
                    forwarders[function.name] = (positional.index(arg.id), arg.id)
        found[game]  # a game with no event still counts
        FORWARDERS.update({(game, k): v for k, v in forwarders.items()})
    for file in sorted((ROOT / "games").rglob("*.py")):
        parts = file.relative_to(ROOT / "games").parts
        if len(parts) < 2:
            continue
        for call in [n for n in ast.walk(ast.parse(file.read_text("utf-8"))) if isinstance(n, ast.Call)]:
            forward = FORWARDERS.get((parts[0], _callee(call)))
            if forward:
                arg = _kind_argument(call, *forward)
                assert isinstance(arg, ast.Constant), f"{file}:{call.lineno}: a forwarded kind not written out"
                found[parts[0]].add(arg.value)
    return found


FORWARDERS: dict[tuple[str, str], tuple[int, str]] = {}
KINDS = kinds_by_game()


def section(text: str, start: str) -> str:
    """The object literal after `start` (to its closing "});" or "};")."""
    body = text[text.index(start):]
    return body[:body.index("\n}")]


def keys(text: str) -> set[str]:
    return set(re.findall(r'"([^"]+)":\s*"', text))


CATALOGUE_TEXT = CATALOGUE.read_text("utf-8")
EN = keys(section(CATALOGUE_TEXT, "Object.assign(en, {"))
FR = keys(section(CATALOGUE_TEXT, "Object.assign(fr, {"))
BGCC_FR = keys(section(CATALOGUE_TEXT, "export const BGCC_FR = {"))
BUILDER_TEXT = BUILDERS.read_text("utf-8")


def builders(name: str) -> set[str]:
    return set(re.findall(r"^  (\w+): \(", section(BUILDER_TEXT, f"const {name} = {{"), re.M))


def said(kind: str, prefix: str, catalogue: set[str]) -> bool:
    return f"{prefix}{kind}" in catalogue or any(k.startswith(f"{prefix}{kind}.") for k in catalogue)


def test_the_scan_finds_every_game_s_events():
    assert {"bgcc", "bmg", "gcsg"} <= set(KINDS)
    assert len(KINDS["bmg"]) >= 48 and len(KINDS["gcsg"]) >= 34 and len(KINDS["bgcc"]) >= 48
    # the Strategy Game's stash changes name their kind through stash.change (forwarded)
    assert {"hired", "income", "gained", "paid", "move_paid", "level_paid"} <= KINDS["gcsg"]
    for path, text in API_KINDS.values():
        assert text in (ROOT / path).read_text("utf-8"), (path, text)


def test_every_event_of_the_miniature_and_strategy_games_has_an_english_and_a_french_sentence():
    for game, builder in (("bmg", "BMG"), ("gcsg", "GCSG")):
        kinds = KINDS[game]
        assert sorted(k for k in kinds if not said(k, f"ev.{game}.", EN)) == [], f"{game}: no English"
        assert sorted(k for k in kinds if not said(k, f"ev.{game}.", FR)) == [], f"{game}: no French"
        assert sorted(kinds - builders(builder)) == [], f"{game}: no builder in events.js"


def test_the_api_s_events_have_their_sentences():
    for kind in API_KINDS:
        assert said(kind, "ev.any.", EN) and said(kind, "ev.any.", FR), kind
    assert set(API_KINDS) <= builders("ANY")


def test_every_chronicles_event_has_its_french_sentence():
    kinds = KINDS["bgcc"]
    assert set(BGCC_SERVER_WORDS) <= kinds, "a kind listed as the server's words no longer exists"
    missing = sorted(k for k in kinds - set(BGCC_SERVER_WORDS) if not said(k, "", BGCC_FR))
    assert missing == []
    assert sorted(kinds - set(BGCC_SERVER_WORDS) - builders("BGCC")) == []


def test_every_variant_is_in_both_languages():
    events = {k for k in EN | FR if k.startswith(("ev.", "u."))}
    assert sorted(k for k in events if k not in EN or k not in FR) == []


def strings(text: str) -> list[str]:
    """The string literals of a module, its comment lines left out."""
    return re.findall(r'"((?:[^"\\]|\\.)*)"', re.sub(r"^\s*//.*$", "", text, flags=re.M))


def test_no_catalogue_writes_a_plural_as_parentheses():
    """ "cube(s)", "disponible(s)", "pass(es)": the catalogues count through Intl.PluralRules
    ("{n#cube}") instead."""
    found = {name: [s for s in strings((JS / name).read_text("utf-8")) if re.search(r"[A-Za-zÀ-ÿ]\((?:s|es|e|x)\)", s)]
             for name in CATALOGUES}
    assert {k: v for k, v in found.items() if v} == {}


def test_every_counted_noun_has_both_forms_in_both_languages():
    text = "\n".join(x for name in CATALOGUES for x in strings((JS / name).read_text("utf-8")))
    used = set(re.findall(r"\{\w+#(\w+)\}", text))
    assert used, "no counted noun found"
    for unit in used:
        if f"u.{unit}.one" in BGCC_FR and unit not in {u.split(".")[1] for u in EN if u.startswith("u.")}:
            continue  # Chronicles' French only
        for form in ("one", "other"):
            assert f"u.{unit}.{form}" in EN and f"u.{unit}.{form}" in FR, (unit, form)


def test_an_undo_summary_carries_a_public_event_s_params_and_never_a_seat_s_own(http):
    """The Undo button says the change in the phone's language: the table view's `undo` carries each
    public event's `data` (as the history does), and a seat's own event (the Audacity markers behind
    its screen) its words only, even to that seat (api/play.py `_described`)."""
    from tests.game_http import GameTable
    players = [{"id": "ann", "name": "Ann", "crew": {"name": "Bats", "boss": "batman",
                                                     "members": [{"card": "batman"}, {"card": "gordon"}]}},
               {"id": "bob", "name": "Bob", "crew": {"name": "Joker", "boss": "joker",
                                                     "members": [{"card": "joker"}, {"card": "thug"}]}}]
    t = GameTable.new(http, "bmg", {"limit": 350, "players": players}, ["player:ann", "player:bob"])
    t.send("player:ann", "roll_lead", player="ann", value=5)
    assert t.view("player:bob")["undo"]["events"][0]["data"]["die"] == 5
    t.send("player:bob", "roll_lead", player="bob", value=2)
    t.send("player:ann", "choose_initiative", player="ann", initiative="ann")
    offer = next(m for m in t.view("player:ann")["may"]["player:ann"] if m["command"] == "place_audacity")
    chosen = offer["targets"]["models"][:offer["targets"]["count"][0]]
    t.send("player:ann", "place_audacity", player="ann", models=chosen)
    for seat in ("player:ann", "player:bob", "host"):
        events = {e["kind"]: e for e in t.view(seat)["undo"]["events"]}
        assert events["plan"]["data"] == {"player": "ann", "count": len(chosen)}, seat
        assert "data" not in events.get("plan_private", {}), seat
        assert ("plan_private" in events) == (seat == "player:ann"), seat
