"""The command registry: one declaration per command — its name (snake_case of the class), its
handler, who may send it (`seat_check`) and what a seat could send now (`offers`: None when the
command is not open to that seat now, else its targets {field: [values]}, contract C2). Like
python-chess's legal moves beside push: `may_now` lists, `apply` plays.

Seats: "host" (runs the table: any command but the secret plan), "player:<id>" (its own models
and cards; effects on any model), "spectator" (nothing)."""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any, Callable

from games import PHYSICAL_DICE, entered

from . import commands as c
from . import engine, melee_flow as mf, rounds
from .errors import RuleRefused
from games.events import Event, Outcome
from .table import Table, player_seat
from ..bounds import Items, Num, Text

HOST, SPECTATOR = "host", "spectator"


def snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def player_of(seat: str) -> str | None:
    return seat[7:] if seat.startswith("player:") else None


@dataclass(frozen=True)
class Entry:
    name: str
    cls: type
    handler: Callable[[Table, Any, Any], list[Event]]
    seat_check: Callable[[Table, str, Any], str | None]  # None: allowed; else why not
    offers: Callable[[Table, str], dict | None]


# ---------------------------------------------------------------- who may send it


def _own_player(table: Table, seat: str, cmd) -> str | None:
    if seat == HOST or player_of(seat) == cmd.player:
        return None
    return f"only {cmd.player}'s seat or the host sends this"


def _own_player_secret(table: Table, seat: str, cmd) -> str | None:
    if player_of(seat) == cmd.player:
        return None
    return f"only {cmd.player}'s own seat places their Audacity markers (they are secret)"


def _own_model(table: Table, seat: str, cmd) -> str | None:
    model = table.models.get(cmd.model)
    if seat == HOST or model is None or player_of(seat) == model.player:
        return None
    return f"only the seat of {model.player} or the host acts with {model.label}"


def _any_player(table: Table, seat: str, cmd) -> str | None:
    if seat == HOST or player_of(seat) in table.players:
        return None
    return "only a player or the host sends this"


def _skill_roller(table: Table, seat: str, cmd) -> str | None:
    if seat == HOST:
        return None
    mine = {cmd.model, cmd.against, cmd.effort_by} - {None}
    if any(table.models.get(x) is not None and table.models[x].player == player_of(seat) for x in mine):
        return None
    return "only the seat of a model in the roll, or the host, sends it"


# ---------------------------------------------------------------- what a seat could send now


def _players_for(table: Table, seat: str) -> list[str]:
    if seat == HOST:
        return list(table.players)
    pid = player_of(seat)
    return [pid] if pid in table.players else []


def _models_for(table: Table, seat: str, pred=lambda x: True) -> list[str]:
    players = set(_players_for(table, seat))
    return [x.id for x in table.models.values() if x.player in players and pred(x)]


def _offer_roll_lead(table: Table, seat: str):
    r = table.round
    if r.phase != "take_the_lead" or r.roll_winner is not None:
        return None
    players = [p for p in _players_for(table, seat) if table.players[p].lead_roll is None]
    return {"player": players} if players else None


def _offer_choose_initiative(table: Table, seat: str):
    r = table.round
    if r.phase != "take_the_lead" or r.roll_winner is None or r.initiative is not None:
        return None
    if r.roll_winner not in _players_for(table, seat):
        return None
    return {"player": [r.roll_winner], "initiative": list(table.players)}


def _offer_roll_event(table: Table, seat: str):
    r = table.round
    if (r.phase != "take_the_lead" or r.initiative is None or table.event is None
            or table.event.ranged_die_fewer_on is None or r.initiative not in _players_for(table, seat)):
        return None
    return {"player": [r.initiative]}


def _offer_place_audacity(table: Table, seat: str):
    pid = player_of(seat)
    if table.round.phase != "raise_the_plan" or pid not in table.players or table.players[pid].plan_placed:
        return None
    return {"player": [pid], "models": [x.id for x in rounds.eligible_for_audacity(table, pid)],
            "count": [rounds.audacity_count(table, pid)]}


def _offer_activate(table: Table, seat: str):
    r = table.round
    if r.phase != "execute_the_plan" or r.activation is not None or r.turn not in _players_for(table, seat):
        return None
    return {"model": [x.id for x in table.able(r.turn)]}


def _active(table: Table, seat: str):
    act = table.round.activation
    if table.round.phase != "execute_the_plan" or act is None:
        return None
    model = table.models[act.model]
    return model if model.player in _players_for(table, seat) else None


def _enemies(table: Table, model) -> list[str]:
    return [x.id for x in table.models.values() if x.player != model.player and x.in_play]


def _offer_move(table: Table, seat: str):
    model = _active(table, seat)
    if model is None or not rounds.action_open(table, model.id, "movement"):
        return None
    return {"model": [model.id]}


def _offer_melee(table: Table, seat: str):
    model = _active(table, seat)
    if model is None or table.round.melee is not None or not rounds.action_open(table, model.id, "tactical", "melee"):
        return None
    weapons = [w.name for w in model.card.weapons if not w.ranged] + ["Unarmed"]
    enemies = _enemies(table, model)
    return {"model": [model.id], "weapon": weapons, "target": enemies} if enemies else None


def _offer_ranged(table: Table, seat: str):
    model = _active(table, seat)
    if model is None or not rounds.action_open(table, model.id, "tactical", "ranged"):
        return None
    weapons = [w.name for w in model.card.weapons if w.ranged and model.magazines.get(w.name, 1) != 0]
    enemies = _enemies(table, model)
    if not weapons or not enemies:
        return None
    return {"model": [model.id], "weapon": weapons, "target": enemies}


def _offer_manipulate(table: Table, seat: str):
    model = _active(table, seat)
    if model is None or not rounds.action_open(table, model.id, "tactical", "manipulate"):
        return None
    what = ["other"]
    if table.players[model.player].cards.suspects < 8:
        what.insert(0, "place_suspect")
    if any(p.cards.suspects for p in table.players.values()):
        what.insert(0, "reveal_suspect")
    if not model.sewer_used:
        what.append("sewer")
    return {"model": [model.id], "what": what,
            "owner": [p.id for p in table.players.values() if p.cards.suspects]}


def _offer_special(table: Table, seat: str):
    model = _active(table, seat)
    if model is None or not rounds.action_open(table, model.id, "special"):
        return None
    return {"model": [model.id], "trait": [t.name for t in model.card.traits]}


def _offer_end_activation(table: Table, seat: str):
    model = _active(table, seat)
    return None if model is None or table.round.melee is not None else {"model": [model.id]}


def _defender_seat(table: Table, seat: str, cmd) -> str | None:
    return _own_model(table, seat, cmd)


def _melee_roller(table: Table, seat: str, cmd) -> str | None:
    p = table.round.melee
    if seat == HOST:
        return None
    models = {cmd.model} | (set(p.defender_effort) if p is not None else set())
    if any(table.models.get(x) is not None and table.models[x].player == player_of(seat) for x in models):
        return None
    return "only the attacker's or a defender's seat, or the host, rolls the melee dice"


def _offer_defend(table: Table, seat: str):
    p = table.round.melee
    if p is None:
        return None
    players = set(_players_for(table, seat))
    models = [t for t, v in p.defender_effort.items() if v is None and table.models[t].player in players]
    if not models:
        return None
    most = max(min(table.models[t].max_effort, next(s["dice"] for s in p.shares if s["target"] == t)) for t in models)
    return {"model": models, "effort": list(range(most + 1))}


def _offer_attack_effort(table: Table, seat: str):
    p = table.round.melee
    if p is None or not p.defenders_declared or p.attacker_effort is not None:
        return None
    attacker = table.models[p.attacker]
    if attacker.player not in _players_for(table, seat):
        return None
    return {"model": [attacker.id], "effort": list(range(attacker.max_effort + 1)),
            "target": [s["target"] for s in p.shares]}


def _offer_roll_melee(table: Table, seat: str):
    p = table.round.melee
    if p is None or not p.defenders_declared or p.attacker_effort is None:
        return None
    players = set(_players_for(table, seat))
    if not ({table.models[x].player for x in [p.attacker, *p.defender_effort]} & players):
        return None
    return {"model": [p.attacker]}


def _offer_cancel_melee(table: Table, seat: str):
    p = table.round.melee
    if p is None or table.models[p.attacker].player not in _players_for(table, seat):
        return None
    return {"model": [p.attacker]}


def _offer_pass(table: Table, seat: str):
    r = table.round
    if r.phase != "execute_the_plan" or r.activation is not None or r.turn not in _players_for(table, seat):
        return None
    if table.players[r.turn].passes < 1 or not any(table.able(p) for p in table.players if p != r.turn):
        return None
    return {"player": [r.turn]}


def _offer_recovery(table: Table, seat: str):
    models = [x.id for x in rounds.pending_recoveries(table) if x.player in _players_for(table, seat)]
    return {"model": models} if models else None


def _offer_advance(table: Table, seat: str):
    if table.round.phase != "recount" or not _players_for(table, seat):
        return None
    if table.round.recount_step == 5 and rounds.pending_recoveries(table):
        return None
    return {}


def _offer_any_model(pred=lambda x: x.in_play):
    def offer(table: Table, seat: str):
        if table.over or not _players_for(table, seat):
            return None
        models = [x.id for x in table.models.values() if pred(x)]
        return {"model": models} if models else None
    return offer


def _offer_own_model(pred):
    def offer(table: Table, seat: str):
        if table.over:
            return None
        models = _models_for(table, seat, pred)
        return {"model": models} if models else None
    return offer


def _offer_player(pred):
    def offer(table: Table, seat: str):
        if table.over:
            return None
        players = [p for p in _players_for(table, seat) if pred(table, table.players[p])]
        return {"player": players} if players else None
    return offer


def _offer_score(table: Table, seat: str):
    if table.over:
        return None
    players = _players_for(table, seat)
    names = sorted({n for p in players for n in table.players[p].cards.objectives.in_play})
    return {"player": players, "name": names} if players else None


def _offer_fail(table: Table, seat: str):
    if table.over:
        return None
    players = [p for p in _players_for(table, seat) if table.players[p].cards.objectives.in_play]
    if not players:
        return None
    return {"player": players, "name": sorted({n for p in players for n in table.players[p].cards.objectives.in_play})}


# ---------------------------------------------------------------- what each field may hold
#
# Every number, string and list of a command, bounded to what a table can physically hold; checked
# by `games.bounds` before the command is built or previewed (422 out_of_bounds). Finer limits stay
# with the rules, which refuse by name (the Effort Limit, dice allocated, a die's 1-6). A field name
# stands for itself in every command; "Class.field" overrides.
MAX_DICE = 12  # dice of one roll or one share: ATTACKS p.28ff: Batman's Attacks 5 is the rulebook's
# highest ("He rolls 5 attack dice"), EFFORT adds at most 3 (Effort Limit 3), RoF 1-3 on the sample
# cards (games/bmg/data/sample_cards.json: Attacks 2-5, Special 2-4); 12 leaves room for traits.
_NAME = Text(80)  # a model id, a player id, a card, a weapon or a trait as the table names it
_DIE = Num(-99, 99, "a D6 shows 1-6: other values are refused by the rule (bad_die), kept loose here")
_DICE = Items(MAX_DICE, _DIE, "the dice of one roll (MAX_DICE)")
_MARKERS = Num(0, 20, "★/♦ markers: Willpower and Endurance are 4-7 on the cards; excess is discarded (§4)")
BOUNDS = {
    **{k: _NAME for k in ("player", "initiative", "model", "weapon", "target", "against", "effort_by", "skill",
                          "trait", "owner", "name", "status", "what", "kind", "critical")},
    "models": Items(20, _NAME, "RAISE THE PLAN: 4 Audacity markers on 4 different models of a crew"),
    "extra_actions": Items(8, Text(20), "extra actions of one activation (Inspire, traits)"),
    "shares": Items(8, None, "one share per enemy in contact: a base touches few models"),
    "rolls": Items(8, None, "one roll per share"),
    "MeleeShare.dice": Num(0, MAX_DICE, "attack dice allocated to one target (MAX_DICE)"),
    "attack_values": _DICE, "defense_values": _DICE, "values": _DICE,
    **{k: _DIE for k in ("value", "strength_value")},
    **{k: Num(0, MAX_DICE, "Effort ★ (Effort Limit 3; more is refused by the rule)")
       for k in ("effort", "defender_effort")},
    "enemies_in_contact": Num(0, 12, "enemies touching one base (outnumbered, ATTACKS)"),
    "impaired": Num(0, 12, "sources of Impaired Movement in one action (MOVEMENT)"),
    "fall_distance": Num(0, 200, "inches travelled in one action: a board is 36-48 inches a side"),
    "dodge": Num(0, MAX_DICE, "dice removed by Dodge-type traits"),
    "stun": _MARKERS, "injury": _MARKERS, "hits": Num(0, 2 * MAX_DICE, "hits of one attack or effect"),
    "count": Num(0, 20, "Mulligan: up to the 4 cards in hand; Reload: magazines"),
    "add": Num(-12, 12, "a modifier to a die (Modifying Dice Rolls)"),
    "items": Num(0, 99, "RANDOMIZING: 2-6 items (others are refused by the rule)"),
    "cost": Num(0, 20, "Resource Points of a card (3 per round)"),
    "vp": Num(0, 20, "VP of one Objective card"),
}

ENTRIES: list[Entry] = [
    Entry("roll_lead", c.RollLead, rounds.roll_lead, _own_player, _offer_roll_lead),
    Entry("choose_initiative", c.ChooseInitiative, rounds.choose_initiative, _own_player, _offer_choose_initiative),
    Entry("roll_event", c.RollEvent, rounds.roll_event, _own_player, _offer_roll_event),
    Entry("place_audacity", c.PlaceAudacity, rounds.place_audacity, _own_player_secret, _offer_place_audacity),
    Entry("activate", c.Activate, rounds.activate, _own_model, _offer_activate),
    Entry("move", c.Move, engine.move, _own_model, _offer_move),
    Entry("melee_attack", c.MeleeAttack, engine.melee_attack, _own_model, _offer_melee),
    Entry("declare_melee", mf.DeclareMelee, mf.declare_melee, _own_model, _offer_melee),
    Entry("defend", mf.Defend, mf.defend, _defender_seat, _offer_defend),
    Entry("attack_effort", mf.AttackEffort, mf.attack_effort, _own_model, _offer_attack_effort),
    Entry("roll_melee", mf.RollMelee, mf.roll_melee, _melee_roller, _offer_roll_melee),
    Entry("cancel_melee", mf.CancelMelee, mf.cancel_melee, _own_model, _offer_cancel_melee),
    Entry("ranged_attack", c.RangedAttack, engine.ranged_attack, _own_model, _offer_ranged),
    Entry("manipulate", c.Manipulate, engine.manipulate, _own_model, _offer_manipulate),
    Entry("special_action", c.SpecialAction, engine.special_action, _own_model, _offer_special),
    Entry("end_activation", c.EndActivation, rounds.end_activation, _own_model, _offer_end_activation),
    Entry("pass", c.Pass, rounds.pass_turn, _own_player, _offer_pass),
    Entry("recovery_roll", c.RecoveryRoll, rounds.recovery_roll, _own_model, _offer_recovery),
    Entry("advance", c.Advance, rounds.advance, _any_player, _offer_advance),
    Entry("skill_roll", c.SkillRollCommand, engine.skill_roll, _skill_roller, _offer_own_model(lambda x: x.in_play)),
    Entry("pay_effort", c.PayEffort, engine.pay_effort, _own_model,
          _offer_own_model(lambda x: x.in_play and x.max_effort > 0)),
    Entry("damage", c.Damage, engine.damage, _any_player, _offer_any_model()),
    Entry("heal", c.Heal, engine.heal, _any_player, _offer_any_model(lambda x: x.in_play and (x.stun or x.injury))),
    Entry("set_status", c.SetStatus, engine.set_status, _any_player, _offer_any_model()),
    Entry("reload", c.Reload, engine.reload, _own_model,
          _offer_own_model(lambda x: x.in_play and any(
              w.ranged and w.ammo is not None and x.magazines.get(w.name) is not None and x.magazines[w.name] < w.ammo
              for w in x.card.weapons))),
    Entry("hand_crown", c.HandCrown, engine.hand_crown, _own_model, _offer_own_model(
        lambda x: x.in_play and not x.boss)),
    Entry("dispute", c.Dispute, engine.dispute, _own_player, _offer_player(lambda t, p: True)),
    Entry("roll_die", c.RollDie, engine.roll_die, _own_player, _offer_player(lambda t, p: True)),
    Entry("mulligan", c.Mulligan, engine.mulligan, _own_player,
          _offer_player(lambda t, p: t.round.number == 1 and t.round.phase in ("take_the_lead", "raise_the_plan")
                        and not p.cards.objectives.mulligan_used)),
    Entry("play_objective", c.PlayObjective, engine.play_objective, _own_player,
          _offer_player(lambda t, p: p.cards.objectives.hand > 0)),
    Entry("score_objective", c.ScoreObjective, engine.score_objective, _own_player, _offer_score),
    Entry("fail_objective", c.FailObjective, engine.fail_objective, _own_player, _offer_fail),
    Entry("play_resource", c.PlayResource, engine.play_resource, _own_player,
          _offer_player(lambda t, p: p.cards.objectives.hand > 0)),
    Entry("discard_objective", c.DiscardObjective, engine.discard_objective, _own_player,
          _offer_player(lambda t, p: t.round.phase == "recount" and not p.recount_discard_used
                        and p.cards.objectives.hand > 0)),
]
BY_NAME = {e.name: e for e in ENTRIES}
BY_CLASS = {e.cls: e for e in ENTRIES}
MARKER_COMMANDS = (c.Move, c.MeleeAttack, c.RangedAttack, c.Damage, c.Heal, c.SkillRollCommand, mf.RollMelee)


def entry(command) -> Entry:
    e = BY_CLASS.get(type(command))
    if e is None:
        raise RuleRefused("THE GAME RULES", f"Unknown command {type(command).__name__}", "unknown_command",
                          command=type(command).__name__)
    return e


def check_entered_dice(table: Table, command) -> None:
    """THE FIRST STEPS › Dice: a die entered from real dice (a field marked `entered_dice`) only at a
    table whose dice are physical; at a table whose app rolls, its `rng` alone decides."""
    given = entered(command)
    if given and table.dice != PHYSICAL_DICE:
        raise RuleRefused("DICE", "This table's dice are rolled by the app: enter real dice only at a table set up "
                                  "with physical dice", "dice_rolled_by_app", fields=given)


def apply(table: Table, command, rng=None, owned: bool = False) -> Outcome:
    """Apply `command` to a copy of the table (or to the table itself with `owned=True`): the new
    table and its events, or RuleRefused with the table untouched."""
    e = entry(command)
    check_entered_dice(table, command)
    if table.over:
        raise RuleRefused("END GAME AND VICTORY POINTS", "The game is over", "game_over")
    new = table if owned else copy.deepcopy(table)
    events = e.handler(new, command, rng)
    if isinstance(command, MARKER_COMMANDS):
        events += rounds.after_damage(new)
    return Outcome(new, events)


def seat_refusal(seat: str, command, table: Table) -> RuleRefused | None:
    """Why `seat` may not send `command` (None: it may). Seat rights only; the rules come after."""
    e = entry(command)
    if seat == SPECTATOR or (seat != HOST and player_of(seat) not in table.players):
        return RuleRefused("SEATS", "A spectator only watches", "seat_not_allowed", seat=seat, command=e.name)
    why = e.seat_check(table, seat, command)
    if why is None:
        return None
    return RuleRefused("SEATS", f"{e.name}: {why}", "seat_not_allowed", seat=seat, command=e.name)


def may_now(table: Table, seat: str) -> list[dict]:
    """Contract C2: [{"command", "targets"}] for what `seat` may send now."""
    if seat == SPECTATOR or table.over:
        return []
    out = []
    for e in ENTRIES:
        targets = e.offers(table, seat)
        if targets is not None:
            out.append({"command": e.name, "targets": targets})
    return out


def seat_names(table: Table) -> list[str]:
    return [HOST] + [player_seat(p) for p in table.players] + [SPECTATOR]
