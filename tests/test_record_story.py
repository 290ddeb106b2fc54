"""games/record.py: which changes of the whole-game record the table as it stands descends from
(pure; the undo, redo and jump of the history, api/play.py `travel`: an undo restores the state
after the version before the change it takes back, a redo the state after that change, a jump the
state after its target)."""
from __future__ import annotations

from games import record


def entry(version, kind=None, restored=None):
    events = [{"kind": kind, "text": "", "rule": "", "data": {"restored": restored}}] if kind else \
        [{"kind": "token", "text": "", "rule": "", "data": {}}]
    return {"version": version, "events": events}


def test_plain_changes_are_all_in_effect():
    entries = [entry(v) for v in range(1, 6)]
    assert record.story(entries) == entries
    assert record.undone(entries, 5, {}) == [False] * 5


def test_undo_redo_undo_then_a_new_change():
    # 1 2 3 | 4: undo 3 (restores 2) | 5: redo 3 (restores 3) | 6: undo 3 (restores 2) | 7: a new change
    entries = [entry(1), entry(2), entry(3), entry(4, "undo", 2), entry(5, "redo", 3), entry(6, "undo", 2), entry(7)]
    travels = record.travels_of(entries)
    assert travels == {4: 2, 5: 3, 6: 2}
    assert record.undone(entries[:4], 4, travels) == [False, False, True, False]
    assert record.undone(entries[:5], 5, travels) == [False] * 5  # the redo brought 3 back
    assert record.undone(entries, 7, travels) == [False, False, True, False, False, False, False]
    assert [e["version"] for e in record.story(entries)] == [1, 2, 7]


def test_a_jump_back_then_a_redo_of_one_change():
    # 1 2 3 4 | 5: jump to 2 | 6: redo 3 (restores 3): 3 in effect, 4 not
    entries = [entry(1), entry(2), entry(3), entry(4), entry(5, "jump", 2), entry(6, "redo", 3)]
    assert [e["version"] for e in record.story(entries)] == [1, 2, 3]
    assert record.undone(entries, 6, record.travels_of(entries)) == [False, False, False, True, False, False]


def test_a_page_from_the_middle_reads_the_same_marks():
    entries = [entry(1), entry(2), entry(3), entry(4, "undo", 2), entry(5)]
    travels = record.travels_of(entries)
    assert record.undone(entries[2:], 5, travels) == record.undone(entries, 5, travels)[2:]


def test_levels_per_turn_and_wounds_per_character():
    """ADV (Strategy Game): each level gained counts for its Villain in the turn it happens; VII·H
    (Chronicles): an attack's wounds are dealt by the attacker and taken by the defender, a fall's
    taken by the one who rolled."""
    import games

    def ev(kind, **data):
        return {"kind": kind, "text": "", "rule": "", "data": data}

    state = games.get("gcsg").setup({"villains": ["joker", "penguin"]})
    entries = [{"version": 1, "events": [ev("turn", turn=1, villain="joker"), ev("level_up", villain="joker", level=2)]},
               {"version": 2, "events": [ev("turn", turn=2, villain="penguin")]},
               {"version": 3, "events": [ev("level_up", villain="penguin", level=2), ev("level_up", villain="penguin", level=3)]}]
    got = games.get("gcsg").tally(entries, state)
    assert got["unit"] == "levels" and got["wounds"] == {}
    assert got["turns"] == [{"turn": 1, "counts": {"joker": 1}}, {"turn": 2, "counts": {"penguin": 2}}]
    assert set(got["names"]) == {"joker", "penguin"}
    fights = [{"version": 1, "events": [ev("step", turn=1, step="heroes.actions"),
                                        ev("defense", attacker="Batman", defender="Thug #1", wounds=2),
                                        ev("successes", roller="Robin", wounds=1)]}]
    got = games.get("bgcc").tally(fights, None)
    assert got["wounds"] == {"Batman": {"dealt": 2, "taken": 0}, "Thug #1": {"dealt": 0, "taken": 2},
                             "Robin": {"dealt": 0, "taken": 1}}
