"""POST /api/tables: an alias of POST /api/games/bgcc/tables (the board game's standard mode: the
mission, 1-4 heroes and the villain's tiles), kept for the phones and scripts that set tables up
there; the same schema (the game's `setup_schema`) and the same code (`game_tables.set_up`)."""
from __future__ import annotations

from flask.views import MethodView

import games

from ..extensions import Blueprint
from ..schemas import REFUSAL
from .game_tables import set_up
from .tables import NewTableViewSchema, creating

blp = Blueprint("setup", __name__, url_prefix="/api/tables",
                description="Setting up a table of Batman: Gotham City Chronicles")

GAME = "bgcc"


@blp.route("")
class Tables(MethodView):
    @creating(blp)
    @blp.arguments(games.get(GAME).setup_schema())
    @blp.response(201, NewTableViewSchema)
    @blp.alt_response(409, schema=REFUSAL, description="The setup breaks a rule")
    def post(self, data):
        """Set up a table: the mission, 1-4 heroes and the villain's tiles (as POST /api/games/bgcc/tables)

        Answers the table at version 1 with its join code."""
        return set_up(games.get(GAME), data)
