"""Dice: a table's face table and dice mode, the roll in progress step by step, and the odds of a
pool before committing (II, V·C, VI·D, VII, VIII, IX·D-F, X).

In server mode the rules draw every face from the `rng` the API passes them (`secrets.SystemRandom()`,
api/play.py) and record it in the events: no field of any request sets a face. In physical mode the
players enter the faces (0-5) their real dice show, or only the number of successes; entered dice
are refused (409 `dice_rolled_by_app`) while the app rolls.
"""
from __future__ import annotations

from flask.views import MethodView
from marshmallow import Schema, fields, validate

from games.bgcc import dice_flow as df
from games.bgcc.dice import MAX_POOL, DiceType
from games.bgcc.rerolls import SKILL_REROLLS, STEPS
from games.bgcc.table import Table as BgccTable

from .. import play
from ..errors import error
from ..extensions import Blueprint
from ..schemas import NAME, Bool, DiceSchema, ItemSchema, List, RefusalSchema, Text
from . import command, reading

blp = Blueprint("dice", __name__, url_prefix="/api/tables/<table_code:code>/dice",
                description="Dice: the face table and its calibration, server or physical dice, the roll "
                            "in progress from the pool to the wounds, and the odds before committing")

SMALL = validate.Range(min=0, max=99)
# Faces and die indexes are checked by the rules (a refusal naming IX·D or VIII), so a face 6 or a
# die -1 answers 409 with the rule rather than 422.
LOOSE = validate.Range(min=-99, max=99)


def small(**kw):
    return fields.Integer(strict=True, validate=SMALL, **kw)


def face_list(**kw):
    return List(fields.Integer(strict=True, validate=LOOSE), validate=validate.Length(max=MAX_POOL), **kw)


def shown_list():
    return List(fields.Integer(strict=True, validate=LOOSE), validate=validate.Length(max=MAX_POOL),
                       load_default=None,
                       metadata={"description": "physical dice as they show: the successes on each die, in pool "
                                                "order (a reroll: in the order of `dice`); each a face of that "
                                                "die's colour in the table's faces (view: dice.faces)"})


# ------------------------------------------------------------------ request bodies


class DiceModeSchema(Schema):
    mode = Text(required=True, validate=validate.Length(min=1, max=20),
                   metadata={"description": "server (the app rolls) or physical (enter real dice)"})


class CalibrationSchema(Schema):
    faces = List(fields.Integer(strict=True, validate=LOOSE), required=True,
                        validate=validate.Length(max=12),
                        metadata={"description": "successes on each of the six faces, as read on your die"})


class HelperSchema(Schema):
    """Another miniature whose skill takes part (Sacrifice, Body guard)."""
    hero = Text(load_default=None, validate=NAME)
    miniature = Text(load_default=None, validate=NAME)
    same_area = Bool(load_default=False, metadata={"description": "in the same area as the defender"})


class HinderingSchema(Schema):
    """The hindering of an action (IX·N): its index, or the menace of each enemy and ally in the area."""
    hindering = fields.Integer(strict=True, load_default=None, validate=SMALL,
                               metadata={"description": "the hindering index, or give the menace indexes"})
    enemy_menace = List(fields.Integer(strict=True, validate=SMALL), load_default=None,
                               validate=validate.Length(max=20),
                               metadata={"description": "menace of each enemy in the action area"})
    ally_menace = List(fields.Integer(strict=True, validate=SMALL), load_default=None,
                              validate=validate.Length(max=20),
                              metadata={"description": "menace of each ally in the area, the actor excluded"})


class StartRollSchema(HinderingSchema):
    action = Text(required=True, validate=validate.OneOf(df.ACTIONS))
    hero = Text(load_default=None, validate=NAME, metadata={"description": "the acting hero, or"})
    miniature = Text(load_default=None, validate=NAME, metadata={"description": "the acting character"})
    cubes = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=MAX_POOL),
                           metadata={"description": "a hero's cubes moved to the action space"})
    characteristic = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=3),
                                    metadata={"description": "a character's chosen characteristic (0 = first)"})
    weapon = Text(load_default=None, validate=NAME,
                     metadata={"description": "the weapon card used (a ranged attack needs one)"})
    second_weapon = Text(load_default=None, validate=NAME,
                            metadata={"description": "Ambidexterity: a second weapon card of the same type"})
    elevation = Bool(load_default=False, metadata={"description": "ranged attack on a lower target: +1 yellow"})
    target_hero = Text(load_default=None, validate=NAME)
    target_miniature = Text(load_default=None, validate=NAME)
    difficulty = fields.Integer(strict=True, load_default=None, validate=SMALL,
                                metadata={"description": "a complex action's difficulty"})
    defender_in_same_area = Bool(load_default=False)
    declare = List(Text(validate=validate.OneOf(df.DECLARABLE)), load_default=list,
                          validate=validate.Length(max=len(df.DECLARABLE)),
                          metadata={"description": "skills the actor declares for this roll"})
    sacrifice = fields.Nested(HelperSchema, load_default=None,
                              metadata={"description": "a miniature declaring Sacrifice for the defender"})
    shackle_tokens = small(load_default=0)
    snoot_tokens = small(load_default=0)
    smoke_tokens = small(load_default=0, metadata={"description": "smoke grenade tokens on the line of sight"})
    mission_rule = Text(load_default=None, allow_none=True, validate=NAME,
                                 metadata={"description": "Versus: the mission rule this complex action performs, "
                                                          "at its printed difficulty"})
    throw = Text(load_default=None, allow_none=True, validate=NAME,
                          metadata={"description": "throw this carried equipment: a manipulation whose difficulty "
                                                   "is the distance; its encumbrance comes off the successes "
                                                   "(V·D·1 [e])"})
    item = fields.Nested(ItemSchema, load_default=None, allow_none=True,
                         metadata={"description": "equipment the mission lets the hero carry on success"})
    imaginary_friend = fields.Nested(HelperSchema, load_default=None,
                                     metadata={"description": "a complex thought against this miniature's imaginary "
                                                              "friend (difficulty = its level), by an enemy in its "
                                                              "area"})


class FollowUpSchema(HinderingSchema):
    skill = Text(required=True, validate=validate.OneOf(df.FOLLOW_UPS),
                    metadata={"description": "the skill whose free action is taken (GET /dice: follow_ups)"})
    target_hero = Text(load_default=None, validate=NAME,
                          metadata={"description": "Combo, Burst, Circular strike: the other miniature; "
                                                   "Counterattack and Retaliation target the initial attacker"})
    target_miniature = Text(load_default=None, validate=NAME)
    can_target = Bool(load_default=True, metadata={"description": "the possessor can target it (area, line of "
                                                                  "sight, weapon), as the skill requires"})
    defender_in_same_area = Bool(load_default=False)


class FreeRollSchema(Schema):
    cause = Text(required=True, validate=validate.OneOf(df.FREE_CAUSES))
    level = fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=99),
                           metadata={"description": "the fall's or the terrain's level: as many yellow dice"})
    hero = Text(load_default=None, validate=NAME)
    miniature = Text(load_default=None, validate=NAME)


class RollDiceSchema(Schema):
    faces = face_list(load_default=None, metadata={"description": "physical dice: each die's face 0-5, "
                                                                   "in pool order"})
    shown = shown_list()
    successes = fields.Integer(strict=True, load_default=None, validate=validate.Range(min=0, max=999),
                               metadata={"description": "physical dice: only the number of successes"})


class PossessorSchema(Schema):
    hero = Text(load_default=None, validate=NAME)
    miniature = Text(load_default=None, validate=NAME)


class RerollSchema(Schema):
    step = Text(required=True, validate=validate.OneOf(STEPS),
                   metadata={"description": "skill, free, misfortune or paid, in that order (VIII)"})
    dice = List(fields.Integer(strict=True, validate=LOOSE), required=True,
                       validate=validate.Length(max=MAX_POOL), metadata={"description": "die indexes"})
    skill = Text(load_default=None, validate=validate.OneOf(SKILL_REROLLS))
    possessor = fields.Nested(PossessorSchema, load_default=None,
                              metadata={"description": "whose Support or Misfortune"})
    same_area = Bool(load_default=False, metadata={"description": "the possessor is in the roller's area"})
    faces = face_list(load_default=None, metadata={"description": "physical dice: the new faces, in order"})
    shown = shown_list()


class DefenseSchema(Schema):
    cubes = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=MAX_POOL),
                           metadata={"description": "cubes on the defender's defense space"})
    body_guard = fields.Nested(HelperSchema, load_default=None,
                               metadata={"description": "an ally using Body guard"})
    shackle_tokens = small(load_default=0)
    snoot_tokens = small(load_default=0)


class OddsDefenseSchema(Schema):
    pool = List(fields.Nested(DiceSchema), load_default=None, validate=validate.Length(max=12))
    automatic = small(load_default=0)
    target_hero = Text(load_default=None, validate=NAME)
    target_miniature = Text(load_default=None, validate=NAME)
    cubes = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=MAX_POOL))


class OddsRequestSchema(HinderingSchema):
    pool = List(fields.Nested(DiceSchema), load_default=None, validate=validate.Length(max=12),
                       metadata={"description": "a pool, or a hero's or character's action below"})
    hero = Text(load_default=None, validate=NAME)
    miniature = Text(load_default=None, validate=NAME)
    action = Text(load_default=None, validate=validate.OneOf(df.ACTIONS))
    cubes = fields.Integer(strict=True, load_default=1, validate=validate.Range(min=0, max=MAX_POOL))
    characteristic = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=3))
    weapon = Text(load_default=None, validate=NAME)
    second_weapon = Text(load_default=None, validate=NAME)
    elevation = Bool(load_default=False)
    automatic = small(load_default=0)
    conditional_automatic = small(load_default=0, metadata={"description": "only with at least one success"})
    penalty = small(load_default=0)
    difficulty = fields.Integer(strict=True, load_default=None, validate=SMALL)
    defense = fields.Nested(OddsDefenseSchema, load_default=None)
    poison = small(load_default=0)
    harmless = Bool(load_default=False)


# ------------------------------------------------------------------ answers


class DiceViewSchema(Schema):
    mode = Text()
    status = Text(metadata={"description": "calibrated when all five colours are"})
    calibrated = List(Text())
    faces = fields.Dict(keys=Text(), values=List(fields.Integer(strict=True)),
                        metadata={"description": "each colour's six faces: the successes on each, as this table "
                                                 "reads them (its calibration, else the default table)"})
    roll = fields.Dict(allow_none=True, metadata={"description": "the roll in progress"})
    last = fields.Dict(allow_none=True, metadata={"description": "the last roll finished or abandoned"})
    follow_ups = List(fields.Dict(), metadata={"description": "the free actions skills offer now that the "
                                                                     "last attack has ended (POST /dice/roll/follow-up)"})
    friends_gone = List(Text(), metadata={"description": "possessors whose imaginary friend is "
                                                                   "neutralized"})


class RollViewSchema(Schema):
    roll = fields.Dict()
    step_text = Text()
    may_now = List(Text())
    free_rerolls_left = fields.Dict(keys=Text(), values=fields.Integer(strict=True))
    shown = fields.Integer(strict=True)


class OddsDefenseViewSchema(Schema):
    pool = List(Text())
    automatic = fields.Integer(strict=True)
    successes = List(fields.Float())
    mean = fields.Float()
    defender = Text(allow_none=True)


class CubeRowSchema(Schema):
    cubes = fields.Integer(strict=True)
    dice = fields.Integer(strict=True)
    pool = List(Text())
    expected_successes = fields.Float()
    p_at_least = fields.Float(allow_none=True)
    expected_wounds = fields.Float(allow_none=True)
    p_neutralize = fields.Float(allow_none=True)


class OddsSchema(Schema):
    faces_status = Text()
    pool = List(Text())
    describe = Text()
    bonuses = List(Text())
    automatic = fields.Integer(strict=True)
    conditional_automatic = fields.Integer(strict=True)
    hindering = fields.Integer(strict=True)
    penalty = fields.Integer(strict=True)
    successes = List(fields.Float(), metadata={"description": "P(successes = k), k = 0, 1, ..."})
    mean = fields.Float()
    difficulty = fields.Integer(strict=True, allow_none=True)
    p_at_least = fields.Float(allow_none=True, metadata={"description": "P(successes ≥ difficulty)"})
    defense = fields.Nested(OddsDefenseViewSchema, allow_none=True)
    wounds = List(fields.Float(), allow_none=True, metadata={"description": "P(wounds = k)"})
    expected_wounds = fields.Float(allow_none=True)
    p_neutralize = fields.Float(allow_none=True)
    cubes = List(fields.Nested(CubeRowSchema), allow_none=True,
                        metadata={"description": "a hero's action: one row per cube count that fits"})


# ------------------------------------------------------------------ routes


def _helper(data: dict | None, prefix: str) -> dict:
    if not data:
        return {}
    return {f"{prefix}_hero": data["hero"], f"{prefix}_miniature": data["miniature"],
            f"{prefix}_same_area": data["same_area"]}


def _dice(pool: list[dict] | None) -> list[DiceType] | None:
    if pool is None:
        return None
    return [DiceType(d["colour"], d["free_reroll"]) for d in pool for _ in range(d["count"])]


@blp.route("")
class Dice(MethodView):
    @blp.response(200, DiceViewSchema)
    @reading(blp)
    def get(self, code):
        """The table's dice: the mode, each colour's faces and whether it is calibrated, the roll in
        progress and the last one"""
        return play.read(code, lambda t: t["dice"])


@blp.route("/mode")
class DiceMode(MethodView):
    @command(blp, DiceModeSchema)
    def put(self, data, code):
        """Roll on the server, or enter what physical dice show (host)"""
        return play.execute(code, "set_dice_mode", data)


@blp.route("/faces/<colour>")
class DiceFaces(MethodView):
    @command(blp, CalibrationSchema)
    def put(self, data, code, colour):
        """Calibrate a colour: the successes on each of its six faces, read on your dice (host, IX·D)"""
        return play.execute(code, "calibrate_dice", {"colour": colour, "faces": data["faces"]})

    @command(blp)
    def delete(self, code, colour):
        """Back to the default (unverified) faces for a colour (host)"""
        return play.execute(code, "calibrate_dice", {"colour": colour, "faces": None})


@blp.route("/roll")
class DiceRoll(MethodView):
    @blp.response(200, RollViewSchema)
    @reading(blp)
    def get(self, code):
        """The roll in progress: its pool, faces, rerolls, step and what may be done next"""
        return play.read(code, lambda t: t["dice"]["roll"], lambda: error(404, "No roll in progress", "no_roll", {}))

    @command(blp, StartRollSchema)
    def post(self, data, code):
        """Start a roll for an action: a hero's cubes move to the action space, a character's use
        counts against its action multiplier, and the pool is built (V·C·1-4, VI·D)"""
        sacrifice = _helper(data.pop("sacrifice"), "sacrifice")
        friend = _helper(data.pop("imaginary_friend"), "friend")
        return play.execute(code, "start_roll", {**data, **sacrifice, **friend})

    @command(blp)
    def delete(self, code):
        """Abandon the roll in progress; what was spent stays spent"""
        return play.execute(code, "abandon_roll")


@blp.route("/roll/free")
class FreeRoll(MethodView):
    @command(blp, FreeRollSchema)
    def post(self, data, code):
        """Start a fall or dangerous terrain roll: yellow dice = level, wounds = successes
        (V·C·5 [i], IX·Q)"""
        return play.execute(code, "start_free_roll", data)


@blp.route("/roll/follow-up")
class FollowUp(MethodView):
    @command(blp, FollowUpSchema)
    def post(self, data, code):
        """Take the free action a skill offers now that an attack has ended (X, IX·G): Combo,
        Counterattack, Retaliation, or a deferred attack of Burst or Circular strike; no cube is
        spent and a resting hero may take it. Refused with the rule when its requirements do not hold"""
        return play.execute(code, "start_follow_up", data)


@blp.route("/roll/dice")
class RollTheDice(MethodView):
    @command(blp, RollDiceSchema)
    def post(self, data, code):
        """Roll the pool waiting for its dice: the app rolls (server mode), or enter the faces or the
        number of successes (physical mode)"""
        return play.execute(code, "roll_dice", data)


@blp.route("/roll/reroll")
class Reroll(MethodView):
    @command(blp, RerollSchema)
    def post(self, data, code):
        """One reroll step, in the order of VIII: skill (Luck, Support, Point blank), free,
        Misfortune, paid (one cube per die on the reroll space)"""
        possessor = data["possessor"] or {}
        return play.execute(code, "reroll_dice", {
            "step": data["step"], "dice": data["dice"], "skill": data["skill"], "possessor_hero": possessor.get("hero"),
            "possessor_miniature": possessor.get("miniature"), "same_area": data["same_area"], "faces": data["faces"],
            "shown": data["shown"]})


@blp.route("/roll/end-rerolls")
class EndRerolls(MethodView):
    @command(blp)
    def post(self, code):
        """End the rerolls and calculate the number of successes: a complex action against its
        difficulty, a free roll's wounds, an attack then waits for the defense (VIII·F, IX·F)"""
        return play.execute(code, "end_rerolls")


@blp.route("/roll/defense")
class Defense(MethodView):
    @command(blp, DefenseSchema)
    def post(self, data, code):
        """The defender's defense: cubes on the defense space × defense die + the automatic defense
        die; without dice, the wounds at once (VII)"""
        guard = _helper(data.pop("body_guard"), "body_guard")
        return play.execute(code, "defend", {**data, **guard})


@blp.route("/odds")
class Odds(MethodView):
    @blp.arguments(OddsRequestSchema)
    @blp.response(200, OddsSchema)
    @blp.alt_response(404, schema=RefusalSchema, description="No such table")
    @blp.alt_response(409, schema=RefusalSchema, description="The rules refuse the pool")
    def post(self, data, code):
        """The exact odds before committing, changing nothing: the successes' distribution,
        P(≥ difficulty), the wounds against a defense, and a table by cube count for a hero"""
        loaded, game, table = play.load(code)
        if not isinstance(table, BgccTable):
            return error(409, f"This table plays {game.name}: these dice odds are Batman: Gotham City Chronicles'",
                         "wrong_game", {"game": game.name})
        defense = data.pop("defense") or {}
        result = df.odds(table, **{**data, "pool": _dice(data["pool"])},
                         defense_pool=_dice(defense.get("pool")), defense_automatic=defense.get("automatic", 0),
                         target_hero=defense.get("target_hero"), target_miniature=defense.get("target_miniature"),
                         defense_cubes=defense.get("cubes", 0))
        return play.json_response(result, version=loaded.version)
