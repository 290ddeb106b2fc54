"""What each field of a BGCC command may hold: every number, string and list a client sends,
bounded to what the box can hold (`games.bounds` checks a command's fields against `BOUNDS` before
the command is built: 422 out_of_bounds). Read by the registry; the sections are the rulebook's."""
from __future__ import annotations

from ..bounds import Items, Num, Text
from .dice import MAX_POOL

# Every number, string and list a command (or a definition it carries) takes from a client, bounded
# to what the box can hold; `games.bounds` checks them before the command is built (422
# out_of_bounds). A field name stands for itself in every command; "Class.field" overrides.
_NAME, _TEXT = Text(80), Text(1000)  # a printed name; a printed or typed text (api/schemas NAME, TEXT)
_CUBES = Num(0, 40, "a hero board holds at most 40 energy cubes (HeroBoardSchema.energy ≤ 40, II·A)")
_DIE_INDEX = Num(-99, 99, "a die of the pool, 0..39: out of range → the rule's refusal (VIII), kept loose")
_SUCCESSES = Num(0, 99, "successes of a roll: 40 dice (MAX_POOL) show at most 3 each, plus automatic ones")
_SMALL = Num(0, 12, "a printed value: sizes, menaces, levels and multipliers stop well below 12")
_TOKENS = Num(0, 99, "tokens on the board: the box holds fewer than 99 of any kind")
_POOL_LIST = Items(MAX_POOL, Num(-99, 99), "one value per die of a pool: at most MAX_POOL (40) dice (IX·D)")
BOUNDS = {
    # actors, targets and things named at the table
    **{k: _NAME for k in ("hero", "miniature", "target_hero", "target_miniature", "to_hero", "from_hero",
                          "item", "weapon", "second_weapon", "throw", "sacrifice_hero", "sacrifice_miniature",
                          "friend_hero", "friend_miniature", "body_guard_hero", "body_guard_miniature",
                          "possessor_hero", "possessor_miniature", "tile", "side", "space", "stance", "kind",
                          "action", "colour", "mode", "skill", "step", "power", "rule", "winner", "mission_rule",
                          "area", "cause", "type", "when", "category", "restricted_to", "name", "trait", "op",
                          "from_side", "from_zone", "to_side", "to_zone", "target", "character", "level", "id",
                          "name_fr", "name_en", "timing", "branch", "condition", "reason")},
    **{k: _TEXT for k in ("description", "details", "reminder", "reminder_only_reason")},
    **{k: Text(4000, "a power's printed text: the booklet's longest is ~1,100 characters (versus_data)")
       for k in ("text_fr", "text_en")},
    "tiles": Items(16, _NAME, "a river holds at most 16 tiles (MissionSchema.river)"),
    "miniatures": Items(12, _NAME, "a power targets a few miniatures; a tile has at most 12 (CharacterProfile)"),
    "declare": Items(20, _NAME, "skills a hero declares: at most the skills a board prints (20)"),
    "spaces": Items(10, _NAME, "spaces of a board or command post (II·A, VI·A)"),
    # cubes, dice and successes
    **{k: _CUBES for k in ("cubes", "defense_cubes")},
    **{k: _SUCCESSES for k in ("successes", "defense_successes", "difficulty", "hindering", "distance", "wounds",
                               "automatic_successes", "amount")},
    "characteristic": Num(0, 3, "a character tile prints at most 4 characteristics per action (VI·D)"),
    "faces": _POOL_LIST, "shown": _POOL_LIST, "RerollDice.dice": _POOL_LIST,
    "CalibrateDice.faces": Items(12, Num(-99, 99), "a die has 6 faces (IX·D); more are refused by the rule"),
    "enemy_menace": Items(20, Num(0, 99), "menace of each enemy in the area"),
    "ally_menace": Items(20, Num(0, 99), "menace of each ally in the area"),
    **{k: _TOKENS for k in ("shackle_tokens", "snoot_tokens", "smoke_tokens")},
    "count": Num(0, 99, "tokens, discs or dice a power or an operation counts"),
    "Dice.count": Num(1, 12, "dice of one colour in a bonus (DiceSchema)"),
    "alternative": Num(0, 5, "a power prints at most a few alternatives"),
    # a move and its steps (V·C·5)
    "moves": Items(20, None, "steps of one movement (MoveSchema)"),
    "StartFreeRoll.level": Num(0, MAX_POOL, "as many yellow dice as the level; a pool holds 40 (V·C·5 [i])"),
    "RemoveToken.id": Num(0, 10**9, "a token's id, numbered from 1 as the table places them"),
    "MoveStep.level": _SMALL, "difficult_terrain": _SMALL,
    # definitions a command carries (an item picked up, a drafted tile, HQ powers): api/schemas' ranges
    "bonuses": Items(6, None), "dice": Items(6, None), "skills": Items(20, None),
    "melee": Items(4, None), "ranged": Items(4, None), "manipulation": Items(4, None), "thought": Items(4, None),
    "characters": Items(6, None), "powers": Items(6, None), "alternatives": Items(6, None),
    "operations": Items(20, None),
    "encumbrance": Num(0, 20, "ItemSchema.encumbrance"), "encumbrance_limit": Num(0, 99),
    "Skill.level": _SMALL, "multiplier": _SMALL, "automatic_defense": _SMALL, "first_movement_bonus": _SMALL,
    "size": _SMALL, "menace": _SMALL, "CharacterProfile.miniatures": _SMALL, "in_pool_at_start": _SMALL,
    "life_points": Num(1, 40, "CharacterProfileSchema.life_points"), "reinforcement_cost": Num(0, 40),
    "cost_indicator": Num(1, 2, "TileDefSchema.cost_indicator"),
}
