"""A Miniature Game crew checked before any table exists (FORMING THE CREW): the crew builder sends
the crew a table's setup would take for a player and reads its Reputation against the limit, the
Funding left and each rank's slots; a crew breaking a rule is refused (409) naming the rule, its code
and params, with every problem and the same summary. The rules are the game's (games/bmg/crew.py,
check.py): nothing is stored, no token is needed."""
from __future__ import annotations

from flask.views import MethodView
from marshmallow import fields

import games

from .. import play
from ..errors import error
from ..extensions import Blueprint
from ..schemas import REFUSAL, RefusalSchema

GAME = "bmg"
_GAME = games.get(GAME)
SCHEMAS = _GAME.crew_schemas()  # the game's forms: the crew sent, its summary

blp = Blueprint("crews", __name__, url_prefix="/api/games/bmg",
                description="Batman Miniature Game crews checked before any table: Reputation, Funding, rank slots")


class CrewRefusalSchema(RefusalSchema):
    """A crew that breaks a rule: the first problem as the refusal (rule, reason, params), and the
    crew's summary listing every problem."""
    crew = fields.Nested(SCHEMAS["summary"])


def _problem(refused) -> dict:
    return {"rule": refused.rule, "reason": refused.code, "message": refused.message, "params": refused.params}


def crew_refused(problems: list, summary: dict):
    """409: the first problem as the refusal (its code is the game's), the summary with every problem."""
    first = problems[0]
    return error(409, first.message, first.code, first.params, rule=first.rule,
                 crew={**summary, "problems": [_problem(p) for p in problems]})


@blp.route("/crews/check")
class CrewCheck(MethodView):
    @blp.arguments(SCHEMAS["check"])
    @blp.response(200, SCHEMAS["summary"])
    @blp.alt_response(409, schema=CrewRefusalSchema, description="The crew breaks a rule of FORMING THE CREW, "
                                                                 "names a card the library does not hold, or "
                                                                 "holds a card beyond what the game holds")
    @blp.alt_response(422, schema=REFUSAL, description="Not a crew this app can read, or a value beyond its bound")
    def post(self, options):
        """Check a crew before any table: its Reputation against the limit, the Funding left and the
        rank slots used and allowed, or the rules it breaks (FORMING THE CREW)"""
        try:
            summary, problems = _GAME.check_crew(options)
        except ValueError as exc:
            return error(422, str(exc), "bad_options", {"game": GAME})
        if problems:
            return crew_refused(problems, summary)
        return play.json_response({**summary, "problems": []})
