"""Private stashes (GLOS · Money, Information, Hideout): what sits behind a player's screen.

Each player's Money, Information and hand of Criminal Plot cards are private: only that player's
seat reads them. What the rules make public is said in an event's public text: the amount
discarded to advance a level, what is spent to hire or move, income taken from the Reserves, the
whole stash of a player who cannot pay a demand (CARRY) and, for the final tie-break, Information
then Money (END). Every change to a stash goes through `change`, which writes the public sentence
and the owner's private detail (the stash after the change) separately."""
from __future__ import annotations

from .counters import Player, State, denominations, recruited
from .errors import RuleRefused
from games.events import Event
from .settings import VILLAIN_NAMES

WORDS = {"money": "Money", "information": "Information"}


def name(villain: str) -> str:
    return VILLAIN_NAMES.get(villain, villain)


def amount(kind: str, n: int) -> str:
    return f"${n}" if kind == "money" else f"{n} Information"


def note(p: Player) -> dict:
    """The owner's private detail: the stash as it now stands."""
    return {"text": f"Behind your screen: ${p.money} and {p.information} Information",
            "data": {"money": p.money, "information": p.information, "hand": p.hand}}


def change(state: State, p: Player, kind: str, n: int, public: str, rule: str, event: str,
           data: dict | None = None) -> Event:
    """Add `n` (negative: discard to the Reserves) of Money or Information to `p`'s Hideout."""
    if getattr(p, kind) + n < 0:
        raise RuleRefused(rule, f"{name(p.villain)} has too little {WORDS[kind]} for that",
                          "not_enough", villain=p.villain, kind=kind, needed=-n)
    setattr(p, kind, getattr(p, kind) + n)
    return Event(event, public, rule, data or {}, {p.villain: note(p)})


def reveal(p: Player) -> str:
    """The words of a lifted screen (CARRY)."""
    return f"${p.money} and {p.information} Information"


def own_view(state: State, p: Player) -> dict:
    """What only `p`'s seat sees."""
    s = state.settings
    return {"money": p.money, "information": p.information, "hand": p.hand,
            "money_tokens": [{"value": v, "count": c} for v, c in denominations(p.money, s.money_tokens)],
            "information_tokens": [{"value": v, "count": c}
                                   for v, c in denominations(p.information, s.information_tokens)]}


def public_view(state: State, p: Player) -> dict:
    """What every seat sees of `p`: level, figures, Threats, face-up Ability cards, the hand's size."""
    from .counters import henchmen_in_reserve, henchmen_on_map, threats_in_reserve, threats_on_map
    villain = state.settings.villain(p.villain)
    position = villain.at(p.level)
    return {"villain": p.villain, "name": name(p.villain), "level": p.level,
            "requirement": ({"kind": position.requirement.kind, "amount": position.requirement.amount}
                            if position and position.requirement else None),
            "figure": p.figure, "abilities": list(p.abilities),
            "abilities_left": [a for a in villain.abilities if a not in p.abilities],
            "threats": {"map": threats_on_map(p), "reserve": threats_in_reserve(state, p)},
            "henchmen": {"map": henchmen_on_map(p), "hideout": p.hideout_henchmen,
                         "recruited": recruited(p), "reserve": henchmen_in_reserve(state, p)},
            "hand": p.hand, "face_down": p.face_down}
