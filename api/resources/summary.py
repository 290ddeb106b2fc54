"""After the game (issue 31): a table's summary from its whole-game record, as the token's seat
may read it: how the game ended, the story (the changes in effect, undone ones left out), each
roller's dice luck against the odds engine, wounds dealt and taken, and what each turn counted."""
from __future__ import annotations

from fractions import Fraction

from flask.views import MethodView
from marshmallow import Schema, fields

from games import record

from .. import play
from ..extensions import Blueprint, store
from ..schemas import EventSchema, Text
from ..store import RECORD_KEPT
from . import reading
from .history import PUBLISHED, HistoryEntrySchema

blp = Blueprint("summary", __name__, url_prefix="/api/tables/<table_code:code>/summary",
                description="After the game: the ending, the story, dice luck, wounds and turns")


class LuckSchema(Schema):
    who = Text(metadata={"description": "the roller: a character's name (Chronicles), a player's id (Miniature "
                                        "Game) or a Villain's ('batman' for Batman; Strategy Game)"})
    rolls = fields.Integer(strict=True)
    rolled = fields.Integer(strict=True, metadata={"description": "successes the dice showed (hits, blocks, "
                                                                  "skill rolls passed, fights won)"})
    expected = fields.Float(metadata={"description": "their exact expectation from the odds engine, rounded"})
    exact = Text(metadata={"description": "the expectation as a fraction, e.g. \"10/3\""})
    luck = fields.Float(metadata={"description": "rolled − expected"})


class WoundsSchema(Schema):
    who = Text()
    dealt = fields.Integer(strict=True)
    taken = fields.Integer(strict=True)


class TurnSchema(Schema):
    turn = fields.Integer(strict=True, metadata={"description": "the turn (the round in the Miniature Game); 0 "
                                                                "before the first"})
    counts = fields.Dict(keys=fields.String(), values=fields.Integer(),
                         metadata={"description": "who → how many (see `unit`)"})


class SummarySchema(Schema):
    code = Text()
    game = Text()
    version = fields.Integer(strict=True)
    over = fields.Boolean(metadata={"description": "the game has ended (`ending` says how)"})
    ending = fields.Nested(EventSchema, allow_none=True,
                           metadata={"description": "the event that ended the game: its text, and its data "
                                                    "(winner or winners, why)"})
    winners = fields.List(Text(), metadata={"description": "who won: seats, sides or players ([]: nobody, or "
                                                           "not over)"})
    luck = fields.List(fields.Nested(LuckSchema))
    wounds = fields.List(fields.Nested(WoundsSchema))
    unit = Text(metadata={"description": "what `turns` counts: actions, activations or levels"})
    turns = fields.List(fields.Nested(TurnSchema))
    names = fields.Dict(keys=fields.String(), values=fields.String(),
                        metadata={"description": "how the players name each `who` that is an id"})
    undone = fields.Integer(strict=True, metadata={"description": "changes an undo took back (left out)"})
    timeline = fields.List(fields.Nested(HistoryEntrySchema),
                           metadata={"description": "the story: every change in effect, oldest first"})


def winners(ending: dict | None) -> list[str]:
    if ending is None:
        return []
    data = ending.get("data") or {}
    if isinstance(data.get("winners"), list):
        return [str(w) for w in data["winners"]]
    return [str(data["winner"])] if data.get("winner") else []


def luck_rows(luck: dict[str, dict]) -> list[dict]:
    out = []
    for who, mine in sorted(luck.items()):
        expected = Fraction(mine["expected"])
        out.append({"who": who, "rolls": mine["rolls"], "rolled": mine["rolled"], "expected": round(float(expected), 3),
                    "exact": str(expected), "luck": round(float(mine["rolled"] - expected), 3)})
    return out


@blp.route("")
class Summary(MethodView):
    @blp.response(200, SummarySchema)
    @reading(blp)
    def get(self, code):
        """The game's summary, as the token's seat may read it

        From the whole-game record: the changes in effect (a change an undo took back is left
        out), each with its events as this seat may read them; every number is read from those."""
        loaded, game, state = play.load(code)
        rows = [{**e, "version": v} for v, e in store().entries(loaded.code, 0, RECORD_KEPT)]
        current = max([loaded.version] + [e["version"] for e in rows[-1:]])
        story = [{**{k: e[k] for k in PUBLISHED if k in e}, "events": game.events_for(e.get("events", []), loaded.seat)}
                 for e in record.story(rows, current)]
        ending = record.ending(story)
        tally = game.tally(story, state)
        undone = sum(record.undone(rows, current, record.travels_of(rows)))
        return play.json_response({
            "code": loaded.code, "game": game.name, "version": loaded.version, "over": ending is not None,
            "ending": ending, "winners": winners(ending), "luck": luck_rows(record.dice_luck(story, game.luck)),
            "wounds": [{"who": who, **w} for who, w in sorted(tally["wounds"].items())], "unit": tally["unit"],
            "turns": tally["turns"], "names": tally["names"], "undone": undone, "timeline": story},
            version=loaded.version)
