"""Who the round waits for (issue 31, contract C1 in every game): `round.awaiting`, read from the
registry's windows and senders, through SEQUENCE OF PLAY (I. Take the Lead, II. Raise the Plan, III.
Execute the Plan, IV. Recount), ACTIVATE A MODEL and EFFORT (the defenders declare first)."""
from __future__ import annotations

from games.bmg.view import view

from .helpers import finish_activations, mid_round, play, to_execute
from .test_round import two_crews

A, B = "player:a", "player:b"


def awaited(t) -> list[tuple[str, str]]:
    return [(e["seat"], e["code"]) for e in view(t)["round"]["awaiting"]]


def test_each_phase_names_whom_it_waits_for():
    t = two_crews()
    assert awaited(t) == [(A, "roll_lead"), (B, "roll_lead")]  # I: each player rolls once
    t, _ = play(t, "roll_lead", player="a", value=6)
    assert awaited(t) == [(B, "roll_lead")]
    t, _ = play(t, "roll_lead", player="b", value=1)
    assert awaited(t) == [(A, "choose_initiative")]  # the roll's winner chooses
    t, _ = play(t, "choose_initiative", player="a", initiative="b")
    assert awaited(t) == [(A, "place_audacity"), (B, "place_audacity")]  # II: both plans, secretly
    t = to_execute(two_crews(), initiative="b")
    assert awaited(t) == [(B, "activate")]  # III: the player with the Initiative activates or passes
    model = t.able("b")[0].id
    t, _ = play(t, "activate", model=model)
    assert awaited(t) == [(B, "end_activation")]  # the activating model's player, until it ends
    t, _ = play(t, "end_activation", model=model)
    assert awaited(t) == [(A, "activate")]  # turns alternate
    t = finish_activations(t)
    assert t.round.phase == "recount"
    assert awaited(t) and set(awaited(t)) <= {(A, "advance"), (B, "advance"), (A, "recovery_roll"),
                                              (B, "recovery_roll")}


def test_a_declared_melee_waits_for_the_defender_first():
    """EFFORT: "the defenders declare their Effort first": the attacker's phone is told to wait."""
    t = mid_round()
    assert awaited(t) == [(B, "defend")]


def test_the_host_is_never_awaited():
    """The host may stand in for a player (games/registry.py), but the round waits for players."""
    for t in (two_crews(), to_execute(two_crews()), mid_round()):
        assert awaited(t) and all(seat != "host" for seat, _ in awaited(t))
