"""Heroes: a hero board's stance, spending, actions, items and wounds (V·A-V·D, IX·A)."""
from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from games.bgcc.definitions import HERO_SPACES

from .. import play
from ..errors import error
from ..extensions import Blueprint
from ..schemas import NAME, TEXT, HeroViewSchema, ItemSchema, List, Text
from . import command_route, reading, title

blp = Blueprint("heroes", __name__, url_prefix="/api/tables/<table_code:code>/heroes",
                description="A hero board: energy cubes, stance, actions, items, wounds")

CUBES = validate.Range(min=1, max=40)
MORE_CUBES = validate.Range(min=0, max=40)
MORE = {"description": "cubes to spend now, besides those already on the action space (its `unused`, counted "
                       "first): 0 when those are the action's (V·C·1 [c])"}
SUCCESSES = validate.Range(min=0, max=99)


class StanceSchema(Schema):
    stance = Text(required=True, validate=validate.OneOf(["active", "resting"]))


class HeroSpendSchema(Schema):
    space = Text(required=True, validate=validate.OneOf([*HERO_SPACES, "fatigue"]))
    cubes = fields.Integer(strict=True, required=True, validate=CUBES)


class AttackSchema(Schema):
    kind = Text(required=True, validate=validate.OneOf(["melee", "ranged"]))
    cubes = fields.Integer(strict=True, load_default=0, validate=MORE_CUBES, metadata=MORE)
    successes = fields.Integer(strict=True, required=True, validate=SUCCESSES,
                               metadata={"description": "the attack's successes after rerolls, "
                                                        "automatic successes and hindering"})
    target_miniature = Text(required=True, validate=NAME)
    defense_cubes = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=40))
    defense_successes = fields.Integer(strict=True, load_default=0, validate=SUCCESSES)


class ComplexActionSchema(Schema):
    action = Text(required=True, validate=validate.OneOf(["manipulation", "thought"]))
    cubes = fields.Integer(strict=True, load_default=0, validate=MORE_CUBES, metadata=MORE)
    successes = fields.Integer(strict=True, required=True, validate=SUCCESSES)
    difficulty = fields.Integer(strict=True, required=True, validate=SUCCESSES)
    hindering = fields.Integer(strict=True, load_default=0, validate=SUCCESSES)
    item = fields.Nested(ItemSchema, load_default=None, allow_none=True,
                         metadata={"description": "equipment the mission lets the hero carry when the "
                                                  "action succeeds, e.g. a safe's contents (V·C·3 [a] viii)"})


class AutomaticActionSchema(Schema):
    action = Text(required=True, validate=validate.OneOf(["manipulation", "thought"]))
    description = Text(load_default="", validate=TEXT)


class MoveStepSchema(Schema):
    type = Text(load_default="simple", validate=validate.OneOf(["simple", "fall", "jump", "climb"]))
    level = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=12))
    hindering = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=40))
    difficult_terrain = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=12))


class MoveSchema(Schema):
    moves = List(fields.Nested(MoveStepSchema), required=True, validate=validate.Length(min=1, max=20))


class PickUpSchema(Schema):
    item = fields.Nested(ItemSchema, required=True)


class GiveSchema(Schema):
    to_hero = Text(required=True, validate=NAME)
    item = Text(required=True, validate=NAME)


class TakeSchema(Schema):
    from_hero = Text(required=True, validate=NAME)
    item = Text(required=True, validate=NAME)


class ThrowSchema(Schema):
    item = Text(required=True, validate=NAME)
    distance = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=30),
                              metadata={"description": "the distance to the target area: the throw's difficulty"})
    cubes = fields.Integer(strict=True, required=True, validate=CUBES)
    successes = fields.Integer(strict=True, required=True, validate=SUCCESSES,
                               metadata={"description": "the successes rolled, before encumbrance and hindering"})
    hindering = fields.Integer(strict=True, load_default=0, validate=SUCCESSES)


class DropSchema(Schema):
    item = Text(required=True, validate=NAME)


class WoundsSchema(Schema):
    wounds = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=99))
    cause = Text(load_default="", validate=TEXT)


@blp.route("/<hero>")
class HeroResource(MethodView):
    @blp.response(200, HeroViewSchema)
    @reading(blp)
    def get(self, code, hero):
        """One hero board as a phone draws it"""
        return play.read(code, lambda t: next((h for h in t["heroes"] if h["id"] == hero), None),
                         lambda: error(404, f"No hero '{hero}' at this table", "no_hero", {"hero": hero}))


def _route(path: str, schema: type[Schema], name: str, doc: str):
    """A POST route on a hero that sends one command with the body's fields."""
    command_route(blp, f"/<hero>/{path}", "hero", "Hero" + title(path), schema, name, "hero", doc)


_route("stance", StanceSchema, "declare_stance", "Declare the hero's stance and recover cubes (V·B·3)")
_route("spend", HeroSpendSchema, "spend",
       "Spend cubes from the reserve on a space, within its exertion limit (IX·C, IX·I)")
_route("attack", AttackSchema, "attack",
       "A melee or ranged attack on a character, its defense and wounds (V·C·1-2, VII)")
_route("complex-action", ComplexActionSchema, "complex_action",
       "A complex manipulation or thought against its difficulty (V·C·3 [a], V·C·4)")
_route("automatic-action", AutomaticActionSchema, "automatic_action",
       "An automatic manipulation or thought: exactly one cube (V·C·3 [b])")
_route("move", MoveSchema, "move",
       "A movement action: moves paid from the move point pool, cubes buying what is missing (V·C·5)")
_route("pick-up", PickUpSchema, "pick_up",
       "Pick up equipment: an automatic manipulation within the maximum encumbrance (V·D·1)")
_route("give", GiveSchema, "give",
       "Give equipment to a hero in the same area: only the giver spends a cube (V·D·1)")
_route("take", TakeSchema, "take",
       "Take equipment from a hero in the same area: only the taker spends a cube (V·D·1)")
_route("throw", ThrowSchema, "throw",
       "Throw carried equipment: a complex manipulation, difficulty = distance, successes − encumbrance − "
       "hindering; the item is no longer carried (V·D·1 [e])")
_route("drop", DropSchema, "drop", "Drop equipment: not an action, no cube (V·D·1 [f])")
_route("wounds", WoundsSchema, "wound",
       "Wounds from a fall, dangerous terrain, an explosion or a mission rule (IX·A)")
