"""Tables for the BMG rule tests: test cards with values picked for each test (they say so)."""
from __future__ import annotations

import games

GAME = games.get("bmg")  # the game as the API reaches it


class Ev(dict):
    """An event as `apply` answers it (JSON-ready, as stored), its keys also read as attributes."""

    def __getattr__(self, key):
        if key in self:
            return self[key]
        if key == "seat":
            return None
        raise AttributeError(key)


def card(cid: str, rank: str = "Henchman", affiliation: str = "Test", reputation: int = 10, funding: int = 0,
         weapons=(), name: str | None = None, alias: str | None = None, ranks=None, **skills) -> dict:
    values = {"willpower": 6, "endurance": 6, "movement": 4, "attacks": 3, "strength": 4, "defense": 4, "special": 3}
    values.update(skills)
    return {"id": cid, "name": name or cid, "alias": alias or cid, "ranks": list(ranks or [rank]),
            "affiliations": [affiliation], "reputation": reputation, "funding": funding,
            "weapons": list(weapons), "skills": values, "sample": "test values"}


def crew(boss: str, *members: str, name: str = "crew") -> dict:
    return {"name": name, "boss": boss, "members": [{"card": m} for m in (boss,) + members]}


def table(a: dict, b: dict, cards=(), **options):
    """A two-player table (players "a" and "b") from crews built with `crew`."""
    return GAME.setup({"players": [{"id": "a", "name": "A", "crew": a}, {"id": "b", "name": "B", "crew": b}],
                       "cards": list(cards), **options})


def play(t, _command: str, _rng=None, **fields):
    """Apply one command by its registry name; returns (table, events)."""
    t, events = GAME.apply(t, GAME.command(_command, fields), _rng)
    return t, [Ev(e) for e in events]


def to_execute(t, initiative: str = "a", audacity: dict | None = None):
    """Round 1 to III. Execute the Plan: a rolls 6, b rolls 1, a gives the Initiative to
    `initiative`; Audacity markers on the first models of each crew unless `audacity` says."""
    t, _ = play(t, "roll_lead", player="a", value=6)
    t, _ = play(t, "roll_lead", player="b", value=1)
    t, _ = play(t, "choose_initiative", player="a", initiative=initiative)
    if t.event is not None and t.round.phase == "take_the_lead":
        t, _ = play(t, "roll_event", player=initiative, value=1)
    for pid in ("a", "b"):
        if t.players[pid].plan_placed:
            continue
        eligible = [m for m in GAME.may_now(t, f"player:{pid}") if m["command"] == "place_audacity"][0]["targets"]
        chosen = list((audacity or {}).get(pid, []))
        chosen += [m for m in eligible["models"] if m not in chosen][:eligible["count"][0] - len(chosen)]
        t, _ = play(t, "place_audacity", player=pid, models=list(chosen))
    assert t.round.phase == "execute_the_plan"
    return t


def finish_activations(t):
    """Activate and end every remaining model in turn until the Recount."""
    while t.round.phase == "execute_the_plan":
        if t.round.activation is not None:
            t, _ = play(t, "end_activation", model=t.round.activation.model)
            continue
        model = t.able(t.round.turn)[0]
        t, _ = play(t, "activate", model=model.id)
        t, _ = play(t, "end_activation", model=model.id)
    return t


def to_recount_step(t, step: int):
    while t.round.phase == "recount" and t.round.recount_step < step:
        t, _ = play(t, "advance")
    return t


def mid_round():
    """A table mid-round: plans placed, Batman activating with a declared melee on the Thug, the
    Joker damaged (Heavy Rain)."""
    t = to_execute(table(crew("batman", "gordon", name="Bats"), crew("joker", "thug", name="Joker"),
                         event="Heavy Rain"))
    t, _ = play(t, "activate", model="a.batman")
    t, _ = play(t, "declare_melee", model="a.batman", weapon="Unarmed",
                shares=[{"target": "b.thug", "dice": 5, "strength_die": True}])
    t, _ = play(t, "damage", model="b.joker", stun=2, injury=1)
    return t
