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
