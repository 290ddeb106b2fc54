"""What the phones draw of the dice: the settings, every colour's faces, the roll in progress with
what may be done next, the last roll and the follow-ups on offer."""
from __future__ import annotations

import functools

from .. import rerolls as rr
from ..dice import COLOURS, FaceTable, default_faces
from .follow_ups import follow_ups_now
from .pools import face_table
from .rerolls import as_roll
from .state import NEXT, STEP_TEXT

def may_now(table) -> list[str]:
    """The dice steps that may be taken now: the roll's next steps, or a follow-up."""
    if table.track.over:
        return []
    roll = table.dice.roll
    if roll is not None:
        return NEXT.get(roll.step, []) + ["abandon"]
    return ["follow_up"] if follow_ups_now(table) else []


def faces_view(faces: FaceTable) -> dict:
    """Every colour's six faces and status. The default face table's are drawn once (the same dict
    is in every view that shows them, so it is never changed); a table's calibration each time."""
    if faces is default_faces():
        return _default_faces_view()
    return _draw_faces(faces)


def _draw_faces(faces: FaceTable) -> dict:
    """Each colour's six faces (the successes on each): what a phone draws to enter real dice as they
    show (C3); whether a colour is calibrated is the view's `calibrated`."""
    return {colour: list(faces.faces_of(colour)) for colour in COLOURS}


@functools.cache
def _default_faces_view() -> dict:
    return _draw_faces(default_faces())


def dice_view(table) -> dict:
    """The dice settings, every colour's faces and status, the roll in progress (with what may be
    done next and the free rerolls left) and the last roll."""
    state = table.dice
    faces = face_table(state)
    roll = None
    if state.roll is not None:
        r = state.roll
        roll = {"roll": r, "step_text": STEP_TEXT[r.step], "may_now": may_now(table)}
        ps = r.defense if r.step.startswith("defense_") else r.pool
        if ps is not None and ps.entry in ("rolled", "physical"):
            current_roll = as_roll(ps, faces)
            roll["free_rerolls_left"] = rr.free_rerolls_left(current_roll)
            roll["shown"] = current_roll.successes
    return {
        "mode": state.mode,
        "status": faces.status,
        "calibrated": [c_ for c_ in COLOURS if c_ in state.calibrated],
        "faces": faces_view(faces),
        "roll": roll,
        "last": state.last,
        "follow_ups": follow_ups_now(table),
        "friends_gone": list(state.friends_gone),
    }
