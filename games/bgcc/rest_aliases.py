"""Chronicles' older REST routes, kept as thin aliases of the one command language.

Before every game spoke through `POST /api/tables/{code}/commands/{name}`, Chronicles had a route
per command (`POST .../heroes/{hero}/spend`) and per part of the table (`GET .../turn`). Each one
left here sends the same command (the same checks, refusals and answer) with its path's names
moved into the fields and, for three of them, a nested helper flattened as the command names it
(`sacrifice: {hero, miniature, same_area}` → `sacrifice_hero`...). Nothing here checks a field:
the command does, as for any client. The document marks them deprecated."""
from __future__ import annotations

from games import Alias


def _owner(*names: str):
    """The body's fields with the path's parameters `names` set (the path wins)."""
    return lambda body, params: {**body, **{n: params[n] for n in names}}


def _flat(body: dict, key: str, prefix: str, names: tuple[str, ...]) -> dict:
    """`body` with its nested `key` object spread as `prefix_name` fields; anything but an object
    (or null) is left for the command to refuse as an unknown field."""
    nested = body.get(key)
    if key not in body or not (nested is None or isinstance(nested, dict)):
        return body
    rest = {k: v for k, v in body.items() if k != key}
    if nested is None:
        return rest
    unknown = {f"{key}.{k}": v for k, v in nested.items() if k not in names}
    return {**rest, **unknown, **{f"{prefix}_{k}": v for k, v in nested.items() if k in names}}


HELPER = ("hero", "miniature", "same_area")


def _start_roll(body, params):
    return _flat(_flat(body, "sacrifice", "sacrifice", HELPER), "imaginary_friend", "friend", HELPER)


def _reroll(body, params):
    return _flat(body, "possessor", "possessor", ("hero", "miniature"))


def _defend(body, params):
    return _flat(body, "body_guard", "body_guard", HELPER)


def _token(body, params):
    token = params["token"]
    return {**body, "id": int(token) if token.isdigit() and len(token) < 10 else token}


def _hero(view, params):
    return next((h for h in view["heroes"] if h["id"] == params["hero"]), None)


def _post(view, params):
    return view["command_posts"].get(params["side"])


def _river(view, params):
    return (view["command_posts"].get(params["side"]) or {}).get("river")


def _command(path: str, name: str, fields=None, doc: str = "", method: str = "post") -> Alias:
    owners = tuple(p[1:-1] for p in path.split("/") if p.startswith("{"))
    return Alias(method, path, "command", name, fields or _owner(*owners), doc=doc)


HERO = "/heroes/{hero}"
POST = "/command-posts/{side}"
CHARACTER = "/characters/{miniature}"

ALIASES = (
    Alias("get", HERO, "read", part=_hero, missing="no_hero", doc="One hero board as a phone draws it"),
    _command(f"{HERO}/stance", "declare_stance", doc="Declare the hero's stance and recover cubes (V·B·3)"),
    _command(f"{HERO}/spend", "spend", doc="Spend cubes from the reserve on a space (IX·C, IX·I)"),
    _command(f"{HERO}/attack", "attack", doc="A melee or ranged attack, its defense and wounds (V·C·1-2, VII)"),
    _command(f"{HERO}/complex-action", "complex_action", doc="A complex manipulation or thought (V·C·3 [a])"),
    _command(f"{HERO}/automatic-action", "automatic_action", doc="An automatic manipulation or thought (V·C·3 [b])"),
    _command(f"{HERO}/move", "move", doc="A movement action (V·C·5)"),
    _command(f"{HERO}/pick-up", "pick_up", doc="Pick up equipment (V·D·1)"),
    _command(f"{HERO}/give", "give", doc="Give equipment to a hero in the same area (V·D·1)"),
    _command(f"{HERO}/take", "take", doc="Take equipment from a hero in the same area (V·D·1)"),
    _command(f"{HERO}/throw", "throw", doc="Throw carried equipment (V·D·1 [e])"),
    _command(f"{HERO}/drop", "drop", doc="Drop equipment (V·D·1 [f])"),
    _command(f"{HERO}/wounds", "wound", doc="Wounds from a fall, terrain, an explosion or a mission rule (IX·A)"),
    Alias("get", POST, "read", part=_post, missing="no_command_post", doc="A command post as a phone draws it"),
    _command(f"{POST}/spend", "spend", doc="Spend cubes on the movement, defense or reroll space (IX·C, IX·I)"),
    _command(f"{POST}/reinforce", "reinforce", doc="Bring a miniature back with reinforcement points (VI·E)"),
    _command(f"{POST}/end-reinforcement", "end_reinforcement", doc="Done reinforcing (VI·E)"),
    Alias("get", f"{POST}/river", "read", part=_river, missing="no_command_post", many=True,
          doc="The river, left to right"),
    _command(f"{POST}/river/activate", "activate_tile", doc="Activate a tile (VI·B·3)"),
    _command(f"{POST}/river/dredge", "dredge", doc="Dredge neutralized tiles (VI·F)"),
    _command(f"{POST}/river/demobilize", "demobilize", doc="Dredge an elite or henchman tile once per game (VI·G)"),
    _command(f"{POST}/hq", "pick_hq", doc="Pick the side's HQ (Versus I·C·2)"),
    _command(f"{POST}/draft", "draft_tile", doc="Draft one tile for the initial river (Versus I·C·3)"),
    _command(f"{POST}/powers/{{power}}", "resolve_power", doc="Apply an HQ power (Versus II)"),
    _command(f"{POST}/mission-rules/{{rule}}", "record_mission_rule", doc="Record a mission rule played"),
    _command(f"{POST}/mission-events/{{rule}}", "resolve_mission_event", doc="Resolve the mission's event"),
    _command(f"{CHARACTER}/attack", "attack", doc="A character's attack (VI·C·5, VI·D, VII)"),
    _command(f"{CHARACTER}/complex-action", "complex_action", doc="A character's complex action (VI·D·3 [a])"),
    _command(f"{CHARACTER}/automatic-action", "automatic_action", doc="A character's automatic action (VI·D·3 [b])"),
    _command(f"{CHARACTER}/move", "move", doc="A character's movement step (VI·C·2, VI·C·6)"),
    _command(f"{CHARACTER}/wounds", "wound", doc="Wounds on a character from anything but an attack (IX·A)"),
    Alias("get", "/dice", "read", part=lambda view, params: view["dice"], doc="The table's dice"),
    _command("/dice/mode", "set_dice_mode", method="put", doc="Roll on the server, or enter real dice (host)"),
    _command("/dice/faces/{colour}", "calibrate_dice", method="put", doc="Calibrate a colour's faces (host, IX·D)"),
    _command("/dice/faces/{colour}", "calibrate_dice", lambda body, params: {**body, "colour": params["colour"],
                                                                             "faces": None},
             method="delete", doc="Back to the default faces for a colour (host)"),
    Alias("get", "/dice/roll", "read", part=lambda view, params: view["dice"]["roll"], missing="no_roll",
          doc="The roll in progress"),
    _command("/dice/roll", "start_roll", _start_roll, doc="Start a roll for an action (V·C·1-4, VI·D)"),
    _command("/dice/roll", "abandon_roll", method="delete", doc="Abandon the roll in progress"),
    _command("/dice/roll/free", "start_free_roll", doc="A fall or dangerous terrain roll (V·C·5 [i], IX·Q)"),
    _command("/dice/roll/follow-up", "start_follow_up", doc="A skill's free action after an attack (X, IX·G)"),
    _command("/dice/roll/dice", "roll_dice", doc="Roll the pool, or enter what real dice show"),
    _command("/dice/roll/reroll", "reroll_dice", _reroll, doc="One reroll step (VIII)"),
    _command("/dice/roll/end-rerolls", "end_rerolls", doc="End the rerolls, count the successes (VIII·F)"),
    _command("/dice/roll/defense", "defend", _defend, doc="The defender's defense (VII)"),
    Alias("post", "/dice/odds", "preview", "odds", doc="The exact odds of a pool or an action"),
    Alias("post", "/move-price", "preview", "move", doc="What a movement would cost now (V·C·5, VI·C·2)"),
    Alias("get", "/turn", "read", part=lambda view, params: view["turn"], doc="The turn: round, phase, step"),
    _command("/turn/advance", "advance", doc="Move the turn on (IV)"),
    _command("/turn/end-game", "end_game", doc="End the game"),
    _command("/tokens", "place_token", doc="Place a token on the board"),
    Alias("delete", "/tokens/{token}", "command", "remove_token", _token, renamed={"token": "id"},
          doc="Remove a token"),
)
