"""The command registry on the shared shape (`games.registry`, as the Strategy Game's): one `Entry`
per command with its name (snake_case of the class), handler, window (`open`: the phase or step of
the SEQUENCE OF PLAY in which the rulebook lets it be sent), senders (the seats that may send it
now), owner (whose model or player its fields name), targets and price. Dispatch (`apply` →
`check`: game over, or `not_now`), the seat policy (`refusal`) and the offers (`may_now`) all read
the one entry; the handlers check only what is not timing. Like python-chess's legal moves beside
push: `may_now` lists, `apply` plays.

Seats: "host" (runs the table: anything a player may send now but the secret plan, `screened`),
"player:<id>" (its own models and cards; effects on any model), "spectator" (nothing)."""
from __future__ import annotations

from games import PHYSICAL_DICE, entered
from games.serial import copied

from . import commands as c
from . import engine, melee_flow as mf, rounds
from .errors import RuleRefused
from games.events import Outcome
from .table import PHASE_TITLES, Table, player_seat
from .. import registry as base
from ..bounds import Items, Num, Text
from ..registry import HOST, SPECTATOR, snake  # noqa: F401 (the seats and names every game shares)


def player_of(seat: str | None) -> str | None:
    return seat[7:] if seat and seat.startswith("player:") else None


# ---------------------------------------------------------------- where play stands


def phase(table: Table) -> str:
    """"over", the round's phase (SEQUENCE OF PLAY), or within III. Execute the Plan "activation"
    (a model is activating) and "melee" (its declared melee attack waits for Efforts and dice)."""
    r = table.round
    if table.over:
        return "over"
    if r.phase == "execute_the_plan":
        if r.melee is not None:
            return "melee"
        if r.activation is not None:
            return "activation"
    return r.phase


def phase_title(table: Table) -> str:
    r, ph = table.round, phase(table)
    if ph == "over":
        return PHASE_TITLES["game_over"]
    if ph == "melee":
        return (f"{PHASE_TITLES['execute_the_plan']}, {table.models[r.melee.attacker].label}'s melee attack "
                "waits for its Efforts and dice")
    if ph == "activation":
        return f"{PHASE_TITLES['execute_the_plan']}, {table.models[r.activation.model].label} is activating"
    if ph == "recount":
        return f"{PHASE_TITLES['recount']}, step {r.recount_step}"
    if ph == "take_the_lead":
        return PHASE_TITLES[ph] + (", the roll" if r.roll_winner is None else ", choosing the Initiative"
                                   if r.initiative is None else ", the Event's roll")
    return PHASE_TITLES[ph]


# ---------------------------------------------------------------- windows (SEQUENCE OF PLAY)


def _in(*phases):
    return lambda table: phase(table) in phases


def _anytime(table: Table) -> bool:
    """Markers, rolls and cards the players keep at any moment of the game (the game over aside)."""
    return True


def _lead_roll_open(table: Table) -> bool:
    return phase(table) == "take_the_lead" and table.round.roll_winner is None


def _choose_open(table: Table) -> bool:
    r = table.round
    return phase(table) == "take_the_lead" and r.roll_winner is not None and r.initiative is None


def _event_roll_open(table: Table) -> bool:
    return (phase(table) == "take_the_lead" and table.round.initiative is not None and table.event is not None
            and table.event.ranged_die_fewer_on is not None)


def _melee_open(test):
    return lambda table: phase(table) == "melee" and test(table.round.melee)


def _mulligan_open(table: Table) -> bool:
    """Draw Objective Cards: once, before the game starts (round 1, before III. Execute the Plan)."""
    return table.round.number == 1 and phase(table) in ("take_the_lead", "raise_the_plan")


def _recovery_open(table: Table) -> bool:
    return phase(table) == "recount" and table.round.recount_step == 5


# ---------------------------------------------------------------- who may send it now, whose it is


def _seats(players) -> list[str]:
    return [player_seat(p) for p in players]


def _everyone(table: Table) -> list[str]:
    return _seats(table.players)


def _turn(table: Table) -> list[str]:
    return _seats([table.round.turn] if table.round.turn else [])


def _activating(table: Table) -> list[str]:
    return _seats([table.models[table.round.activation.model].player])


def _attacker(table: Table) -> list[str]:
    return _seats([table.models[table.round.melee.attacker].player])


def _defenders(table: Table) -> list[str]:
    p = table.round.melee
    return _seats(dict.fromkeys(table.models[t].player for t, v in p.defender_effort.items() if v is None))


def _melee_rollers(table: Table) -> list[str]:
    p = table.round.melee
    return _seats(dict.fromkeys(table.models[x].player for x in [p.attacker, *p.defender_effort]))


def _still_to(test):
    return lambda table: _seats(p.id for p in table.players.values() if test(table, p))


def _model_seats(table: Table, *ids) -> list[str] | None:
    known = [table.models[x] for x in ids if x in table.models]
    return _seats(dict.fromkeys(m.player for m in known)) if known else None  # None: the rules name it


def _owns_model(table: Table, cmd) -> list[str] | None:
    return _model_seats(table, cmd.model)


def _owns_player(table: Table, cmd) -> list[str]:
    return [player_seat(cmd.player)]


def _owns_a_rolled_model(table: Table, cmd) -> list[str] | None:
    return _model_seats(table, *({cmd.model, cmd.against, cmd.effort_by} - {None}))


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
    players = [p for p in _players_for(table, seat) if table.players[p].lead_roll is None]
    return {"player": players} if players else None


def _offer_choose_initiative(table: Table, seat: str):
    return {"player": [table.round.roll_winner], "initiative": list(table.players)}


def _offer_roll_event(table: Table, seat: str):
    return {"player": [table.round.initiative]}


def _offer_place_audacity(table: Table, seat: str):
    pid = player_of(seat)
    return {"player": [pid], "models": [x.id for x in rounds.eligible_for_audacity(table, pid)],
            "count": [rounds.audacity_count(table, pid)]}


def _offer_activate(table: Table, seat: str):
    return {"model": [x.id for x in table.able(table.round.turn)]}


def _active(table: Table):
    return table.models[table.round.activation.model]


def _enemies(table: Table, model) -> list[str]:
    return [x.id for x in table.models.values() if x.player != model.player and x.in_play]


def _offer_move(table: Table, seat: str):
    model = _active(table)
    return {"model": [model.id]} if rounds.action_open(table, model.id, "movement") else None


def _offer_melee(table: Table, seat: str):
    model = _active(table)
    if not rounds.action_open(table, model.id, "tactical", "melee"):
        return None
    weapons = [w.name for w in model.card.weapons if not w.ranged] + ["Unarmed"]
    enemies = _enemies(table, model)
    return {"model": [model.id], "weapon": weapons, "target": enemies} if enemies else None


def _offer_ranged(table: Table, seat: str):
    model = _active(table)
    if not rounds.action_open(table, model.id, "tactical", "ranged"):
        return None
    weapons = [w.name for w in model.card.weapons if w.ranged and model.magazines.get(w.name, 1) != 0]
    enemies = _enemies(table, model)
    if not weapons or not enemies:
        return None
    return {"model": [model.id], "weapon": weapons, "target": enemies}


def _offer_manipulate(table: Table, seat: str):
    model = _active(table)
    if not rounds.action_open(table, model.id, "tactical", "manipulate"):
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
    model = _active(table)
    if not rounds.action_open(table, model.id, "special"):
        return None
    return {"model": [model.id]}  # the trait it uses, if any, is named freely (the card in the view lists them)


def _offer_end_activation(table: Table, seat: str):
    return {"model": [table.round.activation.model]}


def _offer_defend(table: Table, seat: str):
    p = table.round.melee
    players = set(_players_for(table, seat))
    models = [t for t, v in p.defender_effort.items() if v is None and table.models[t].player in players]
    if not models:
        return None
    most = max(min(table.models[t].max_effort, next(s["dice"] for s in p.shares if s["target"] == t)) for t in models)
    return {"model": models, "effort": list(range(most + 1))}


def _offer_attack_effort(table: Table, seat: str):
    p = table.round.melee
    attacker = table.models[p.attacker]
    return {"model": [attacker.id], "effort": list(range(attacker.max_effort + 1)),
            "target": [s["target"] for s in p.shares]}


def _offer_melee_attacker(table: Table, seat: str):
    return {"model": [table.round.melee.attacker]}


def _offer_pass(table: Table, seat: str):
    turn = table.round.turn
    return {"player": [turn]} if any(table.able(p) for p in table.players if p != turn) else None


def _pass_price(table: Table, seat: str) -> dict:
    return {"pass_markers": rounds.PASS_PRICE}


def _pass_afford(table: Table, seat: str):
    why = rounds.pass_unaffordable(table, table.round.turn)
    return None if why is None else (why.code, why.params)


def _offer_recovery(table: Table, seat: str):
    models = [x.id for x in rounds.pending_recoveries(table) if x.player in _players_for(table, seat)]
    return {"model": models} if models else None


def _offer_advance(table: Table, seat: str):
    return {} if rounds.advance_refused(table) is None else None


def _offer_any_model(pred=lambda x: x.in_play):
    def offer(table: Table, seat: str):
        models = [x.id for x in table.models.values() if pred(x)]
        return {"model": models} if models else None
    return offer


def _offer_own_model(pred):
    def offer(table: Table, seat: str):
        models = _models_for(table, seat, pred)
        return {"model": models} if models else None
    return offer


def _offer_player(pred):
    def offer(table: Table, seat: str):
        players = [p for p in _players_for(table, seat) if pred(table, table.players[p])]
        return {"player": players} if players else None
    return offer


def _offer_mulligan(table: Table, seat: str):
    players = [p for p in _players_for(table, seat) if not table.players[p].cards.objectives.mulligan_used]
    if not players:
        return None
    return {"player": players, "count": list(range(max(table.players[p].cards.objectives.hand for p in players) + 1))}


def _offer_score(table: Table, seat: str):
    """Any name: an Objective in play, or one played from the hand and scored at once (its name the
    companion never holds)."""
    players = _players_for(table, seat)
    return {"player": players} if players else None


def _offer_fail(table: Table, seat: str):
    players = [p for p in _players_for(table, seat) if table.players[p].cards.objectives.in_play]
    if not players:
        return None
    return {"player": players, "name": sorted({n for p in players for n in table.players[p].cards.objectives.in_play})}


def _offer_resource(table: Table, seat: str):
    players = [p for p in _players_for(table, seat) if table.players[p].cards.objectives.hand > 0]
    if not players:
        return None
    return {"player": players, "cost": list(range(max(table.players[p].cards.resource_points for p in players) + 1))}


def _reloadable(x) -> bool:
    return x.in_play and any(w.ranged and w.ammo is not None and x.magazines.get(w.name) is not None
                             and x.magazines[w.name] < w.ammo for w in x.card.weapons)


def Entry(cls, handler, rule: str, what: str, open, senders=_everyone, offers=None, owner=None, screened=False,
          price=None, afford=None, name: str = "") -> base.Entry:
    """A BMG command's entry: `offers(table, seat)` gives its targets when it is open, or None when
    there is nothing the seat could name with it now (no model left, no action of that kind)."""
    targets = (lambda t, s: offers(t, s) or {}) if offers else (lambda t, s: {})
    offered = (lambda t, s: None if offers(t, s) is None else {}) if offers else None
    return base.Entry(cls, handler, rule, what, open, senders, targets, price=price, afford=afford,
                      screened=screened, offered=offered, owner=owner, name_=name)


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
    "distance": Num(0, 200, "inches moved in one Movement action: a board is 36-48 inches a side"),
    "bmd_modifier": Num(-20, 20, "inches a trait adds to or takes from the Basic Move Distance (Fast)"),
    "dodge": Num(0, MAX_DICE, "dice removed by Dodge-type traits"),
    "stun": _MARKERS, "injury": _MARKERS, "hits": Num(0, 2 * MAX_DICE, "hits of one attack or effect"),
    "count": Num(0, 20, "Mulligan: up to the 4 cards in hand; Reload: magazines"),
    "add": Num(-12, 12, "a modifier to a die (Modifying Dice Rolls)"),
    "items": Num(0, 99, "RANDOMIZING: 2-6 items (others are refused by the rule)"),
    "cost": Num(0, 20, "Resource Points of a card (3 per round)"),
    "vp": Num(0, 20, "VP of one Objective card"),
}

_ACT = _in("activation")  # ACTIVATE A MODEL: the actions of the model activating, no melee waiting
_DOES = "is done during a model's own activation"
ENTRIES: list[base.Entry] = [
    Entry(c.RollLead, rounds.roll_lead, "TAKE THE LEAD", "Each player rolls once to Take the Lead, in I. Take the Lead",
          _lead_roll_open, _still_to(lambda t, p: p.lead_roll is None), _offer_roll_lead, _owns_player),
    Entry(c.ChooseInitiative, rounds.choose_initiative, "TAKE THE LEAD",
          "The winner of the roll chooses who has the Initiative, once everyone rolled", _choose_open,
          lambda t: _seats([t.round.roll_winner]), _offer_choose_initiative, _owns_player),
    Entry(c.RollEvent, rounds.roll_event, "Events (Advanced Rule)",
          "The Event's roll follows the choice of the Initiative, when the Event asks for one", _event_roll_open,
          lambda t: _seats([t.round.initiative]), _offer_roll_event, _owns_player),
    Entry(c.PlaceAudacity, rounds.place_audacity, "RAISE THE PLAN", "Audacity markers are placed in II. Raise the Plan",
          _in("raise_the_plan"), _still_to(lambda t, p: not p.plan_placed), _offer_place_audacity, _owns_player,
          screened=True),
    Entry(c.Activate, rounds.activate, "EXECUTE THE PLAN",
          "A model activates in III. Execute the Plan, when none is activating", _in("execute_the_plan"), _turn,
          _offer_activate, _owns_model),
    Entry(c.Move, engine.move, "MOVEMENT ACTION", f"A Movement action {_DOES}", _ACT, _activating, _offer_move,
          _owns_model),
    Entry(c.MeleeAttack, engine.melee_attack, "MELEE ATTACK", f"A melee attack {_DOES}", _ACT, _activating,
          _offer_melee, _owns_model),
    Entry(mf.DeclareMelee, mf.declare_melee, "MELEE ATTACK", f"A melee attack {_DOES}", _ACT, _activating,
          _offer_melee, _owns_model),
    Entry(mf.Defend, mf.defend, "EFFORT", "The defenders declare their Effort first, once a melee attack is declared",
          _melee_open(lambda p: not p.defenders_declared), _defenders, _offer_defend, _owns_model),
    Entry(mf.AttackEffort, mf.attack_effort, "EFFORT", "The attacker declares its Effort after the defenders",
          _melee_open(lambda p: p.defenders_declared and p.attacker_effort is None), _attacker, _offer_attack_effort,
          _owns_model),
    Entry(mf.RollMelee, mf.roll_melee, "EFFORT", "The melee dice are rolled once every Effort is declared",
          _melee_open(lambda p: p.defenders_declared and p.attacker_effort is not None), _melee_rollers,
          _offer_melee_attacker),
    Entry(mf.CancelMelee, mf.cancel_melee, "MELEE ATTACK", "A declared melee attack is called off before its roll",
          _melee_open(lambda p: True), _attacker, _offer_melee_attacker, _owns_model),
    Entry(c.RangedAttack, engine.ranged_attack, "RANGED ATTACK", f"A ranged attack {_DOES}", _ACT, _activating,
          _offer_ranged, _owns_model),
    Entry(c.Manipulate, engine.manipulate, "MANIPULATE ACTIONS", f"A Manipulate action {_DOES}", _ACT, _activating,
          _offer_manipulate, _owns_model),
    Entry(c.SpecialAction, engine.special_action, "SPECIAL ACTIONS", f"A Special action {_DOES}", _ACT, _activating,
          _offer_special, _owns_model),
    Entry(c.EndActivation, rounds.end_activation, "ACTIVATE A MODEL",
          "An activation ends once its melee attack is rolled or called off", _ACT, _activating,
          _offer_end_activation, _owns_model),
    Entry(c.Pass, rounds.pass_turn, "PASSING ON ACTIVATION",
          "A player passes instead of activating a model, in III. Execute the Plan", _in("execute_the_plan"), _turn,
          _offer_pass, _owns_player, price=_pass_price, afford=_pass_afford),
    Entry(c.RecoveryRoll, rounds.recovery_roll, "RECOVERY", "KO models try to recover in Recount step 5",
          _recovery_open, _still_to(lambda t, p: any(x.player == p.id for x in rounds.pending_recoveries(t))),
          _offer_recovery, _owns_model),
    Entry(c.Advance, rounds.advance, "RECOUNT", "The Recount goes on step by step, in IV. Recount", _in("recount"),
          offers=_offer_advance),
    Entry(c.SkillRollCommand, engine.skill_roll, "SKILL ROLLS", "Skill rolls are made when a rule calls for one",
          _anytime, offers=_offer_own_model(lambda x: x.in_play), owner=_owns_a_rolled_model, name="skill_roll"),
    Entry(c.PayEffort, engine.pay_effort, "EFFORT", "Effort is made when a rule calls for it", _anytime,
          offers=_offer_own_model(lambda x: x.in_play and x.max_effort > 0), owner=_owns_model),
    Entry(c.Damage, engine.damage, "DAMAGE MARKERS", "Damage is taken when a rule deals it", _anytime,
          offers=_offer_any_model()),
    Entry(c.Heal, engine.heal, "DAMAGE MARKERS", "Markers are removed when a rule says so", _anytime,
          offers=_offer_any_model(lambda x: x.in_play and (x.stun or x.injury))),
    Entry(c.SetStatus, engine.set_status, "MARKERS AND COUNTERS", "Statuses change when a rule says so", _anytime,
          offers=_offer_any_model()),
    Entry(c.Reload, engine.reload, "RANGED WEAPONS", "Magazines are added when a rule says so", _anytime,
          offers=_offer_own_model(_reloadable), owner=_owns_model),
    Entry(c.HandCrown, engine.hand_crown, "BOSS SPECIAL RULES", "The Crown passes when the Boss is removed", _anytime,
          offers=_offer_own_model(lambda x: x.in_play and not x.boss), owner=_owns_model),
    Entry(c.Dispute, engine.dispute, "WHY SO SERIOUS?", "A dispute is settled by a die when it arises", _anytime,
          offers=_offer_player(lambda t, p: True), owner=_owns_player),
    Entry(c.RollDie, engine.roll_die, "Reading the Dice", "A die is rolled when a rule calls for one", _anytime,
          offers=_offer_player(lambda t, p: True), owner=_owns_player),
    Entry(c.Mulligan, engine.mulligan, "Draw Objective Cards", "The mulligan comes before the game starts",
          _mulligan_open, offers=_offer_mulligan, owner=_owns_player),
    Entry(c.PlayObjective, engine.play_objective, "USING OBJECTIVE CARDS", "Objective cards are played when they say",
          _anytime, offers=_offer_player(lambda t, p: p.cards.objectives.hand > 0), owner=_owns_player),
    Entry(c.ScoreObjective, engine.score_objective, "USING OBJECTIVE CARDS", "Objectives are scored when they say",
          _anytime, offers=_offer_score, owner=_owns_player),
    Entry(c.FailObjective, engine.fail_objective, "USING OBJECTIVE CARDS", "Objectives are discarded when not met",
          _anytime, offers=_offer_fail, owner=_owns_player),
    Entry(c.PlayResource, engine.play_resource, "USING OBJECTIVE CARDS", "Resources are played when they say",
          _anytime, offers=_offer_resource, owner=_owns_player),
    Entry(c.DiscardObjective, engine.discard_objective, "RECOUNT", "A card is discarded at the end of the Recount",
          _in("recount"), offers=_offer_player(lambda t, p: not p.recount_discard_used and p.cards.objectives.hand > 0),
          owner=_owns_player),
]
REGISTRY = base.Registry(ENTRIES, phase=phase, phase_title=phase_title, over=lambda table: table.over,
                         seat_label=lambda seat: player_of(seat) or seat, refused=RuleRefused,
                         over_rule="END GAME AND VICTORY POINTS")
BY_NAME, BY_CLASS, COMMANDS = REGISTRY.by_name, REGISTRY.by_type, REGISTRY.commands
entry, check = REGISTRY.entry, REGISTRY.check
MARKER_COMMANDS = (c.Move, c.MeleeAttack, c.RangedAttack, c.Damage, c.Heal, c.SkillRollCommand, mf.RollMelee)


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
    entry(command)
    check_entered_dice(table, command)
    e = check(table, command)
    new = table if owned else copied(table)
    events = e.handler(new, command, rng)
    if isinstance(command, MARKER_COMMANDS):
        events += rounds.after_damage(new)
    return Outcome(new, events)


def refusal(seat: str | None, command, table: Table) -> tuple[str, str, dict] | None:
    """None when player seat or host `seat` may send `command` now as far as seats go; else (code,
    English, params). No seat and a spectator are refused by the API before (api.play.barred)."""
    return REGISTRY.refusal(seat, command, table)


def may_now(table: Table, seat: str | None) -> list[dict]:
    """Contract C2: one offer per command `seat` may send now ({"command", "targets", "price"?...})."""
    return REGISTRY.may_now(table, seat)


def seat_names(table: Table) -> list[str]:
    return [HOST] + [player_seat(p) for p in table.players] + [SPECTATOR]


# The commands that move a round on, most urgent first: a declared melee's Effort (the defenders
# first, EFFORT) and its roll, Take the Lead (I), Raise the Plan (II), Execute the Plan (III: the
# player whose turn it is activates a model or passes; the model activating acts until it ends),
# the Recount's recovery rolls and steps (IV).
AWAITED = ("defend", "attack_effort", "roll_melee", "roll_lead", "choose_initiative", "roll_event", "place_audacity",
           "end_activation", "activate", "pass", "recovery_roll", "advance")


def awaiting(table: Table) -> list[dict]:
    """Who the round waits for now: [{"seat", "code", "params"}] (`games.registry.Registry.awaiting`)."""
    return REGISTRY.awaiting(table, AWAITED)
