"""The phone app keeps no copy of the rules or of the seats' rights (issue 19, contract C2): what a
phone may do comes from the table view's `may`, refusals are said from their code and params
(contract C1), who is connected comes from the live stream (contract C3). These greps keep the old
logic from creeping back into pwa/js."""
from __future__ import annotations

import re
from pathlib import Path

JS = Path(__file__).resolve().parents[1] / "pwa" / "js"

# Step ids of the turn track (games/bgcc/turn.py STEP_TITLES). i18n.js holds their titles; no other
# module may name one (a step decides nothing in the app: `may` does).
STEP_IDS = ["setup", "upkeep", "heroes.upkeep_start", "heroes.start_effects", "heroes.stances", "heroes.actions",
            "heroes.end_effects", "heroes.upkeep_end", "end_check_1", "end_check_2", "villain.upkeep",
            "villain.start_effects", "villain.first_tile", "villain.second_tile", "villain.end_effects", "game_over",
            "heroes.upkeep", "heroes.activations", "villain.activations"]

# (file, text on the line): the few seat-name comparisons that decide no right.
ALLOWED = {
    ("core.js", 'return { ok: true, token: seat === "host" ? hostToken() : playToken() };'):
        "which token sends what `may` allowed: the host's list is sent with the host token",
    ("core.js", 'const players = others.filter((seat) => seat !== "host");'):
        "the reason names the players' seats that may, not the host",
    ("screens/home.js", 'for (const s of join.seats.filter((x) => x.seat !== "host")) {'):
        "the join screen does not offer the host seat",
    ("screens/history.js", 'return Boolean(entry) && entry.seat === "host" && isHost();'):
        "the host's own change (a host-only command) is undone from the host's phone with the host token: who"
        " made a change, not a right",
    ("core.js", 'return Boolean(r?.hostToken && r.seat && r.seat !== "host");'):
        "whether the host's phone also plays a seat (then it acts as host only when switched on): the phone's"
        " own record, not a right",
}


# the words, split in four modules, and events.js, which says the events from their codes (an event kind
# such as "setup" or "game_over" is spelled like a step id there, and decides nothing either)
CATALOGUES = ("i18n.js", "i18n-words.js", "i18n-games.js", "i18n-events.js", "events.js")


def sources() -> dict[str, str]:
    found = {p.relative_to(JS).as_posix(): p.read_text(encoding="utf-8") for p in sorted(JS.rglob("*.js"))}
    # the greps below read these: a moved folder must not make them pass on nothing
    assert {"core.js", "i18n.js", "refusals.js", "screens/hero.js", "screens/cp.js", "screens/dice.js"} <= set(found)
    return found


def offending(pattern: str, skip: tuple[str, ...] = ()) -> list[str]:
    found = []
    for name, text in sources().items():
        if name in skip:
            continue
        for n, line in enumerate(text.splitlines(), 1):
            if re.search(pattern, line) and (name, line.strip()) not in ALLOWED:
                found.append(f"{name}:{n}: {line.strip()}")
    return found


def test_no_copy_of_the_seats_rights():
    assert not offending(r"\b(canHero|canVillain|canAdvance|canSide|mayRoll|seatOf)\b")
    # the host shortcut ("the host may do anything"): the host's own `may` list says what it may do
    assert not offending(r"isHost\(\)\s*\|\||\|\|\s*isHost\(\)")


def test_no_seat_compared_with_a_seat_name():
    assert not offending(r"""\bseat\s*[!=]==?\s*["'`]|["'`]\s*[!=]==?\s*[\w.?]*\bseat\b""")
    # "hero:<id>" seat names are parsed in one place, core.heroOfSeat, for labels only
    assert not offending(r"""startsWith\(\s*["'`]hero:""")
    assert not offending(r"""["'`]hero:""", skip=("core.js",))


def test_no_step_deciding_what_is_enabled():
    # no step id outside the catalogue of step titles
    ids = "|".join(re.escape(s) for s in STEP_IDS)
    assert not offending(rf"""["'`]({ids})["'`]""", skip=CATALOGUES)
    # no step built from a side ("${side}.activations") nor compared
    assert not offending(r"""\.(activations|stances|actions|first_tile|second_tile)`""", skip=CATALOGUES)
    assert not offending(r"\b(turn|roll)\.step\b", skip=CATALOGUES)
    assert not offending(r"\bstep\s*===?|===?\s*step\b")
    # the turn view's old list of what may be done
    assert not offending(r"\bmay_now\b")


def test_refusals_are_said_from_their_code_not_by_matching_english():
    assert not offending(r"\bserverText\b|\bREFUSALS_FR\b")
    i18n = sources()["i18n.js"]
    assert "data.reason" in i18n and "data.params" in i18n


def test_no_polling_of_the_seats():
    core = sources()["core.js"]
    assert "refreshSeats" not in core and "setInterval" not in core
    assert 'addEventListener("presence"' in core
    assert not offending(r"refreshSeats")


def test_the_qr_code_comes_from_the_vendored_library_with_its_licence():
    """Issue 20: the join link's QR code is drawn by a well-kept library (qrcode-generator, MIT),
    vendored as a plain ES module beside its licence (precached: tests/browser/test_pwa_shell.py
    checks every file of the app is); no encoder of our own."""
    vendor = JS.parent / "vendor"
    lib = (vendor / "qrcode-generator.js").read_text(encoding="utf-8")
    assert "Copyright (c) 2009 Kazuhiko Arase" in lib and "export default qrcode;" in lib
    licence = (vendor / "LICENSE-qrcode-generator.txt").read_text(encoding="utf-8")
    assert "MIT License" in licence and "Kazuhiko Arase" in licence
    assert not offending(r"\b(reedSolomon|galois|gfMul|QR_POLY)\b")


def test_who_is_awaited_is_said_from_the_contract_codes_in_one_place():
    """The awaited entries (contract C1) are put in words in i18n.js only, from their code and
    params; the shell reads them from the table view and keeps no list of its own."""
    assert "export function awaitingText" in sources()["i18n.js"]
    assert not offending(r"awaiting\s*=\s*\[", skip=())
    # read from the table view by core.js `awaiting` (now.js and the refusal words use it)
    assert "turn?.awaiting" in sources()["core.js"]
