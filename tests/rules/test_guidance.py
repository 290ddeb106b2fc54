"""Who the table waits for and the steps that pass by themselves (issue 20, C1-C2), on the rules
alone: the side that just finished may move the turn on at the check after its turn (IV·C, IV·E),
Versus has its own steps (Versus I·A), and the draft is awaited from the side that picks."""
from __future__ import annotations

import copy

from games.bgcc import commands as c
from games.bgcc import engine, registry, seats, versus
from games.bgcc.view import table_view
from tests.rules import versus_fixtures as vf
from tests.rules.test_engine_rules import advance_to, make


def awaiting(table):
    return [(a["seat"], a["code"], a["params"]) for a in seats.awaiting(table)]


def test_the_side_that_just_finished_may_move_the_turn_on_at_the_check_after_its_turn():
    """IV·E follows the villain's turn (the heroes have initiative): the villain's phone may advance
    there as well as the heroes' (a table comes back to a check step by an undo or a jump)."""
    t = copy.deepcopy(advance_to(make(), "villain.first_tile"))
    t.track.step = "end_check_2"
    assert registry.offer_advance(t, "villain") and registry.offer_advance(t, "hero:batman")
    t.track.step = "end_check_1"  # IV·C follows the heroes' turn: the villain's has not begun
    assert not registry.offer_advance(t, "villain") and registry.offer_advance(t, "hero:batman")


def test_an_advance_offer_names_where_it_stops_and_the_awaited_list_says_who():
    t = advance_to(make(), "heroes.actions")
    offers = [m for m in table_view(t)["may"]["hero:batman"] if m["command"] == "advance"]
    # the safe Next: Batman's Next passes by the other heroes still acting (V·B·5: unanimously)
    assert offers == [{"command": "advance", "targets": {}, "to": "villain.start_effects",
                       "skips": [{"seat": "hero:commissioner-gordon", "code": "hero_actions", "params": {}},
                                 {"seat": "hero:renee-montoya", "code": "hero_actions", "params": {}}]}]
    assert {s for s, code, _ in awaiting(t)} == {"hero:batman", "hero:commissioner-gordon", "hero:renee-montoya"}
    t = engine.apply(t, c.Advance()).table
    assert awaiting(t) == [("villain", "advance", {"to": "villain.first_tile",
                                                   "title": "Villain: activate the first tile"})]
    assert table_view(t)["turn"]["awaiting"] == seats.awaiting(t)


def test_versus_steps_and_awaited_sides():
    """Versus I·A: a side's upkeep and start effects pass by themselves; its activations wait for it
    while it can pay an activation; the draft waits for the side that picks."""
    setup = versus.setup(vf.mission())
    assert awaiting(setup) == [("heroes", "draft", {})]
    table = vf.drafted()
    assert registry.advance_stop(table) == "heroes.activations"
    out = engine.apply(table, c.Advance())
    passed = [e.data["step"] for e in out.events if e.kind == "step_passed"]
    assert passed == ["upkeep", "heroes.upkeep", "heroes.start_effects"]
    assert awaiting(out.table) == [("heroes", "activations", {"side": "heroes"})]
    post = out.table.command_posts["heroes"]
    t = engine.apply(out.table, c.ActivateTile(side="heroes", tile=post.river[1])).table
    assert t.track.step == "heroes.activations"  # its characters act: the side says when it is done
