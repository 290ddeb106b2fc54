"""A table the rules could reach, or a refusal naming what is not (`check_table`): what an import
and the setup options are checked with before anything is stored. Pure.

The caps of this game live here, once: names, texts and lists bounded, every counter within what the
game holds (DIGEST-bmg §12: each model's ★ and ♦ within its Willpower and Endurance, 4 Audacity
markers a player, 3 Resource Points, 8 Suspect markers), the phases and steps the round knows,
every model and every name of the round belonging to a player at the table, players a phone can
join (`games.checks.PLAYER_ID`, the seat `player:<id>`)."""
from __future__ import annotations

from games.checks import check_sizes, joinable
from games.serial import to_data, type_problem

from .cards import SKILLS, CharacterCard
from .crew import Crew
from . import results
from .errors import RuleRefused
from .models import EFFORT_LIMIT
from .objectives import ENCOUNTERS, EVENTS, MAX_SUSPECTS, RESOURCE_POINTS, ObjectiveCard
from .table import AUDACITY_MARKERS, EXTRA_ACTIONS, LAST_ROUND, PHASES, Table

MIN_PLAYERS, MAX_PLAYERS = 2, 8  # THE GAME RULES: two or more players; the API's setup takes at most 8
MAX_NAME = 60  # a player's or a crew's name
MAX_TEXT = 1000  # any other text (a trait printed on a card: the sample library's longest is 679)
MAX_KEY = 200  # an id
MAX_ITEMS = 400  # any list or object (8 crews of 50 models)
MAX_COUNT = 999  # Victory Points, cards, Pass markers, inches
MAX_SKILL = 20  # a basic skill, a weapon's RoF, Ammo or Strength, damage per hit
MAX_DICE = 40  # dice a declared melee share holds
MAX_LIMIT = 2000  # a Reputation limit
RECOUNT_STEPS = 6  # IV. Recount's steps
ACTIONS = ("movement", "tactical", "special")  # an activation's actions; "extra:" marks an extra action's
TACTICAL = ("melee", "ranged", "manipulate")


def _require(ok: bool, rule: str, message: str, code: str, **params) -> None:
    if not ok:
        raise RuleRefused(rule, message, code, **params)


def _within(value, low: int, high: int, field: str, rule: str = "THE GAME RULES") -> None:
    _require(isinstance(value, int) and not isinstance(value, bool) and low <= value <= high, rule,
             f"{field} is {value}, not {low} to {high}", "value_out_of_range", field=field, value=str(value),
             minimum=low, maximum=high)


def check_table(table: Table) -> None:
    """Refuse a table no game reaches: oversized texts or lists, too few or too many players, an id
    no phone can join, a model of no player, a counter out of its range, an unknown phase; and a
    table built from loose setup options whose values are not of their fields' types."""
    data = to_data(table)
    problem = type_problem(Table, data, "table")
    _require(problem is None, "THE GAME RULES", f"The table is not one this app can store: {problem}",
             "incoherent_table", problem=str(problem)[:MAX_KEY])
    _check_sizes(table, data)
    _check_options(table)
    _check_players(table)
    _check_models(table)
    _check_round(table)
    unknown = results.problems(table)
    _require(not unknown, "THE GAME RULES", f"A result names no model or player of the table: {unknown[:1]}",
             "incoherent_table", problem="results")


def _check_sizes(table: Table, data: dict) -> None:
    check_sizes(data, "THE GAME RULES", MAX_TEXT, MAX_KEY, MAX_ITEMS)
    for player in table.players.values():
        for text in (player.name, player.crew):
            _require(len(text) <= MAX_NAME, "THE GAME RULES", f"A name of {len(text)} characters: at most {MAX_NAME}",
                     "text_too_long", length=len(text), maximum=MAX_NAME)


def _check_options(table: Table) -> None:
    _within(table.limit, 1, MAX_LIMIT, "limit", "REPUTATION LIMIT")
    _require(table.recount_stun in ("one", "all"), "RECOVERY", "recount_stun is 'one' or 'all'", "bad_option",
             option="recount_stun")
    _require(table.event is None or EVENTS.get(table.event.name) == table.event, "Events (Advanced Rule)",
             "No such Event card", "unknown_event", event=str(getattr(table.event, "name", "")))
    _require(table.encounter is None or ENCOUNTERS.get(table.encounter.name) == table.encounter, "DEPLOYMENT ZONES",
             "No such Encounter card", "unknown_encounter", encounter=str(getattr(table.encounter, "name", "")))


def _check_players(table: Table) -> None:
    _require(len(table.players) >= MIN_PLAYERS, "THE GAME RULES", "A game needs at least two players",
             "players_missing")
    _require(len(table.players) <= MAX_PLAYERS, "THE GAME RULES", f"At most {MAX_PLAYERS} players",
             "list_too_long", length=len(table.players), maximum=MAX_PLAYERS)
    for key, player in table.players.items():
        _require(key == player.id and joinable(key), "THE GAME RULES", f"Player id {key!r} is repeated or "
                 "malformed", "bad_player", player=key[:MAX_KEY])
        cards = player.cards
        objectives = cards.objectives
        for field, value in (("passes", player.passes), ("lead_bonus", player.lead_bonus),
                             ("victory_points", cards.victory_points), ("deck", objectives.deck),
                             ("hand", objectives.hand), ("accomplished", objectives.accomplished),
                             ("spent_resources", objectives.spent_resources), ("removed", objectives.removed)):
            _within(value, 0, MAX_COUNT, field)
        _within(cards.resource_points, 0, RESOURCE_POINTS, "resource_points", "RESOURCE POINTS")
        _within(cards.suspects, 0, MAX_SUSPECTS, "suspects", "MANIPULATE ACTIONS")
        if player.lead_roll is not None:
            _within(player.lead_roll, 1, 6, "lead_roll", "I. TAKE THE LEAD")
    _within(sum(p.cards.suspects for p in table.players.values()), 0, MAX_SUSPECTS, "suspects", "MANIPULATE ACTIONS")


def _check_models(table: Table) -> None:
    markers: dict[str, int] = {}
    for key, model in table.models.items():
        _require(key == model.id, "CHARACTER CARDS", f"The model under {key!r} is {model.id!r}", "no_such_model",
                 model=key)
        _require(model.player in table.players, "THE GAME RULES", f"The model {key} belongs to no player at the "
                 "table", "orphan_model", model=key, player=model.player[:MAX_KEY])
        card = model.card
        _require(model.rank in card.ranks, "RANK", f"{card.label} has no {model.rank} rank", "rank_not_on_card",
                 card=card.id, rank=model.rank)
        check_card(card)
        _within(model.stun, 0, MAX_SKILL if card.willpower is None else card.willpower, "stun", "DAMAGE MARKERS")
        _within(model.injury, 0, card.endurance, "injury", "DAMAGE MARKERS")
        _within(model.inspire, 0, MAX_COUNT, "inspire", "THE BOSS AND AFFILIATION")
        _require(not (model.ko and model.knocked_down) and (model.audacity or not model.revealed), "KNOCKED OUT",
                 f"{card.label}: markers no model holds together", "incoherent_table", problem=key)
        ammo = {w.name: w.ammo for w in card.weapons if w.ranged}
        for weapon, left in model.magazines.items():
            _require(weapon in ammo and (left is None) == (ammo[weapon] is None), "RANGED WEAPONS",
                     f"{card.label} has no ranged weapon {weapon}", "no_such_weapon", model=key, weapon=weapon)
            if left is not None:
                _within(left, 0, ammo[weapon], "magazines", "RANGED WEAPONS")
        if model.audacity:
            markers[model.player] = markers.get(model.player, 0) + 1
    for count in markers.values():
        _within(count, 0, AUDACITY_MARKERS, "audacity", "RAISE THE PLAN")


def check_card(card: CharacterCard) -> None:
    """A character card within what the game holds: its skills, Reputation, Funding and weapons."""
    for skill in SKILLS:
        if getattr(card, skill) is not None:
            _within(getattr(card, skill), 0, MAX_SKILL, skill, "BASIC SKILLS")
    _within(card.reputation, 0, MAX_COUNT, "reputation", "CHARACTER CARDS")
    _within(card.funding, 0, MAX_COUNT, "funding", "CHARACTER CARDS")
    for weapon in (*card.weapons, card.weapon("Unarmed")):
        for field in ("rof", "ammo", "strength"):
            if getattr(weapon, field) is not None:
                _within(getattr(weapon, field), 0, MAX_SKILL, field, "WEAPONS")
        _within(weapon.damage.stun, 0, MAX_SKILL, "damage", "DAMAGE MARKERS")
        _within(weapon.damage.injury, 0, MAX_SKILL, "damage", "DAMAGE MARKERS")


def check_crew_data(crew: Crew) -> None:
    """A crew a builder sends, before any table: each card of the types a card has and within what
    the game holds, every text and list bounded (the caps a table's check applies)."""
    for member in crew.members:
        problem = type_problem(CharacterCard, to_data(member.card), "card")
        _require(problem is None, "CHARACTER CARDS", f"Not a character card this app can read: {problem}",
                 "incoherent_table", problem=str(problem)[:MAX_KEY])
    for objective in {id(o): o for o in crew.objective_deck}.values():  # each entry once, however many copies
        problem = type_problem(ObjectiveCard, to_data(objective), "objective")
        _require(problem is None, "FORMING OBJECTIVE DECKS", f"Not an Objective card this app can read: {problem}",
                 "incoherent_table", problem=str(problem)[:MAX_KEY])
        _within(objective.copies, 1, MAX_COUNT, "copies", "FORMING OBJECTIVE DECKS")
    check_sizes(to_data(crew), "THE GAME RULES", MAX_TEXT, MAX_KEY, MAX_ITEMS)
    _require(len(crew.name) <= MAX_NAME, "THE GAME RULES", f"A name of {len(crew.name)} characters: at most "
             f"{MAX_NAME}", "text_too_long", length=len(crew.name), maximum=MAX_NAME)
    for member in crew.members:
        check_card(member.card)


def _check_round(table: Table) -> None:
    track = table.round
    _require(track.phase in PHASES, "THE GAME RULES", f"Unknown phase {track.phase!r}", "unknown_phase",
             phase=track.phase[:MAX_KEY])
    _within(track.number, 1, LAST_ROUND, "round", "THE GAME RULES")
    _within(track.recount_step, 1 if track.phase == "recount" else 0, RECOUNT_STEPS if track.phase == "recount"
            else 0, "recount_step", "IV. RECOUNT")
    named = [track.roll_winner, track.initiative, track.turn, *track.last_roll_losers, *track.winners]
    act, melee = track.activation, track.melee
    if act is not None:
        named += [*act.resources, *act.objectives]
        _require(act.model in table.models, "CHARACTER CARDS", f"No model {act.model}", "no_such_model",
                 model=act.model)
        _require({a.removeprefix("extra:") for a in act.actions} <= set(ACTIONS) and set(act.extra) <= set(EXTRA_ACTIONS)
                 and {t.removeprefix("extra:") for t in act.tactical} <= set(TACTICAL), "ACTIVATE A MODEL", "Unknown actions", "incoherent_table",
                 problem="actions")
    for player in named:
        _require(player is None or player in table.players, "THE GAME RULES", f"No player {player}", "bad_player",
                 player=str(player)[:MAX_KEY])
    _require(not track.winners or track.phase == "game_over", "THE GAME RULES", "No one has won while the game "
             "is on", "incoherent_table", problem="winners")
    if melee is not None:
        _check_melee(table, melee)


def _check_melee(table: Table, melee) -> None:
    models = [melee.attacker, *melee.defender_effort]
    models += [melee.effort_target] if melee.effort_target is not None else []
    for share in melee.shares:
        _require(isinstance(share, dict) and isinstance(share.get("target"), str), "MELEE ATTACK",
                 "A share names its target", "incoherent_table", problem="shares")
        models.append(share["target"])
        _within(share.get("dice"), 0, MAX_DICE, "dice", "MELEE ATTACK")
        _within(share.get("enemies_in_contact", 0), 0, MAX_ITEMS, "enemies_in_contact", "MELEE ATTACK")
        _require(isinstance(share.get("strength_die", False), bool), "MELEE ATTACK", "A share's Strength die is "
                 "true or false", "incoherent_table", problem="shares")
    for model in models:
        _require(model in table.models, "CHARACTER CARDS", f"No model {model}", "no_such_model", model=model)
    for effort in (melee.attacker_effort, *melee.defender_effort.values()):
        if effort is not None:
            _within(effort, 0, EFFORT_LIMIT, "effort", "EFFORT")
