"""The command registry: one declaration (`Entry`) per BGCC command, read by the engine's dispatch
(`apply`), by "what may be done now" (`may_now`, the table view's `may`) and by the seat policy
(`seats.py`). Built on the shape every game shares (`games/registry.py`: its seats, names and the
priced offer `{"command", "targets", "price"?, "affordable"?, "why"?}`).

Each `Entry` names its command (`snake` of the class, e.g. `activate_tile`), its handler, its
window (`when`: the steps that allow it for the actor or side it names, `windows.py`), whether it
may run while a roll is in progress (`during_roll`) or while an HQ power or a mission event waits
(`while_pending`), who may send it (`seat`), what a seat could send now with its price (`offers`,
`offers.py`, `prices.py`) and what a phone that may not send it was trying to do (`deed`).

One gate (`held`: a pending power or event, a roll in progress) and one window decide both the
refusal (`check`: codes "power_pending"/"mission_event_pending", "roll_in_progress", "not_now")
and which offers are listed: an offer is kept only while its command's window is open for the
actor its own targets name (`windows.Probe`), so no offer repeats a step.

The registry sits above the modules whose handlers it names (handlers, versus, dice_flow): none of
them imports it. `engine.apply` is `apply` below.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from games import PHYSICAL_DICE, entered, needs_entered_dice
from games.serial import copied

from . import commands as c
from . import dice_flow, guidance, handlers, mission_rules, versus
from . import offers as o
from . import windows as w
from ..registry import snake  # noqa: F401 (every game's registry names)
from .errors import RuleRefused
from games.events import Event, Outcome
from .playing import HEROES, HOST, SPECTATOR, VILLAIN, hero_seat, roller_seat
from .table import Table
from .windows import Probe, Window, probe_fields


# ---------------------------------------------------------------- advance (its offer applies it)


def advance_stop(table: Table) -> str | None:
    """The step an Advance would stop at (the steps passing by themselves passed); None: refused."""
    try:
        return apply(table, c.Advance()).table.track.step
    except RuleRefused:
        return None


UNKNOWN = object()


def decider(table: Table, d: guidance.Decision) -> str:
    """The seat that takes an awaited decision (a hero's, the roller's, a side's post)."""
    if d.hero is not None:
        return hero_seat(d.hero)
    if d.party is not None:
        return roller_seat(table, *d.party) or HOST
    if table.mode == "versus":
        return d.side
    return VILLAIN if d.side == "villain" else HOST


def awaited(table: Table) -> list[dict]:
    """Who must or may still decide something at this step: [{"seat", "code", "params"}], most
    urgent first (`guidance.decisions`, each with the seat that takes it)."""
    return [{"seat": decider(table, d), "code": d.code, "params": d.params} for d in guidance.decisions(table)]


def owners(table: Table) -> list[str]:
    """The players' seats whose step this is, in a side's turn: those that may move the turn on, the
    host aside. None at the setup, the upkeep and the end-game checks: the side with initiative
    moves those on (IV·A·1), but they belong to the whole table."""
    if w.side_playing(table.track.step) is None:
        return []
    return [s for s in seat_names(table) if s != HOST and w.advance_seat(s, c.Advance(), table)]


def offer_advance(table: Table, seat: str, to=UNKNOWN) -> list[dict]:
    """The Advance a seat may send now, with "to" (the step it stops at) and what a phone should say
    before sending it (the safe Next): "skips", the other seats still awaited at this step, whose
    decisions moving on passes by; "ends", on the host's offer, the players' seats whose step it
    ends (the step is theirs, not the host's)."""
    if not w.advance_seat(seat, c.Advance(), table):
        return []
    step = table.track.step
    if step == "setup" and table.mode == "versus" and table.versus.draft.phase != "done":
        return []
    if step == "heroes.stances" and any(h.stance is None for h in table.heroes.values()):
        return []
    to = advance_stop(table) if to is UNKNOWN else to
    if to is None:
        return []
    offer = {"targets": {}, "to": to}
    skips = [a for a in awaited(table) if a["seat"] != seat]
    if skips:
        offer["skips"] = skips
    ends = owners(table) if seat == HOST else []
    if ends:
        offer["ends"] = ends
    return [offer]


# ---------------------------------------------------------------- the registry


@dataclass(frozen=True)
class Entry:
    command: type
    handler: Callable[[Table, Any], list[Event]]
    seat: Callable[[str, Any, Table], bool]  # may this (non-host, non-spectator) seat send it?
    offers: Callable[[Table, str], list[dict]]  # what a seat could send now, priced (seat applied, not the step)
    deed: str  # what a phone refused by the seat policy was trying to do ("activate tiles")
    when: Callable[[Table, Any], Window | None] = w.any_step  # None: any step
    during_roll: bool = False  # may it run while a roll is in progress?
    while_pending: bool = False  # may it run while an HQ power or a mission event waits?
    name: str = ""
    rolls: bool = False  # the handler rolls the app's dice: it takes the caller's `rng` too

    @property
    def cls(self) -> type:
        """The command's class, under the name every game's entry gives it (`games.registry.Entry`)."""
        return self.command


def _entry(command, handler, seat, offers, deed, when=w.any_step, during_roll=False, rolls=False,
           while_pending=False) -> Entry:
    return Entry(command, handler, seat, offers, deed, when, during_roll, while_pending, snake(command.__name__), rolls)


def _window(steps: tuple[str, ...], rule: str, what: str):
    return lambda table, cmd: Window(steps, rule, what)


_E, _D = handlers, dice_flow.HANDLERS  # the dice package's own handler table (it keeps its helpers private)
_HERO_ITEMS = lambda t, cmd: w.hero_window("V·D·1")  # noqa: E731

ENTRIES = (
    _entry(c.Advance, _E._advance, w.advance_seat, offer_advance, "move the turn on"),
    _entry(c.DeclareStance, _E._declare_stance, w.by_hero, o.offer_stance, "declare another hero's stance",
           _window(("heroes.stances",), "V·B·3", "Stances are declared in the stance step")),
    _entry(c.FinishActions, _E._finish_actions, w.by_hero, o.offer_finish, "say another hero is done",
           _window(("heroes.actions",), "V·B·5", "Heroes finish their turn in the actions step")),
    _entry(c.Spend, _E._spend, w.spend_seat, o.offer_spend, "spend those cubes", w.spend_window),
    _entry(c.Attack, _E._attack, w.by_actor, o.offer_attack, "make that attack", w.actor_window),
    _entry(c.ComplexAction, _E._complex_action, w.by_actor, o.offer_action, "take that action", w.actor_window),
    _entry(c.AutomaticAction, _E._automatic_action, w.by_actor, o.offer_action, "take that action", w.actor_window),
    _entry(c.Move, _E._move, w.by_actor, o.offer_move, "make that movement",
           lambda t, cmd: w.actor_window(t, cmd, moving=True)),
    _entry(c.PickUp, _E._pick_up, w.by_hero, o.offer_pick_up, "pick that up", _HERO_ITEMS),
    _entry(c.Give, _E._give, w.by_hero, o.offer_give, "give that", _HERO_ITEMS),
    _entry(c.Take, _E._take, w.by_hero, o.offer_take, "take that", _HERO_ITEMS),
    _entry(c.Drop, _E._drop, w.by_hero, o.offer_drop, "drop that", during_roll=True),
    _entry(c.Throw, _E._throw, w.by_hero, o.offer_throw, "throw that", lambda t, cmd: w.hero_window("V·D·1 [e]")),
    _entry(c.ActivateTile, _E._activate_tile, w.by_side, o.offer_activate, "activate tiles", w.activation_window),
    _entry(c.Dredge, _E._dredge, w.by_side, o.offer_dredge, "dredge the river", w.turn_window("Dredging the river")),
    _entry(c.Demobilize, _E._demobilize, w.by_side, o.offer_demobilize, "demobilize", w.turn_window("Demobilization")),
    _entry(c.Reinforce, _E._reinforce, w.by_side, o.offer_reinforce, "bring reinforcements"),
    _entry(c.EndReinforcement, _E._end_reinforcement, w.by_side, o.offer_end_reinforcement, "end the reinforcements"),
    _entry(c.Wound, _E._wound, w.wound_seat, o.offer_wound, "wound that miniature", during_roll=True),
    _entry(c.PlaceToken, _E._place_token, w.token_seat, o.offer_place_token, "place the other side's token",
           during_roll=True),
    _entry(c.RemoveToken, _E._remove_token, w.anyone, o.offer_remove_token, "remove that token", during_roll=True),
    _entry(c.EndGame, _E._end_game, w.host_only, o.offer_end_game, "end the game (the host does)",
           during_roll=True, while_pending=True),
    # Versus (booklet)
    _entry(c.PickHQ, versus.pick_hq, w.by_own_side, o.offer_pick_hq, "pick the other side's HQ"),
    _entry(c.DraftTile, versus.draft_tile, w.by_own_side, o.offer_draft, "draft for the other side"),
    _entry(c.ResolvePower, versus.resolve_power, w.by_own_side, o.offer_resolve_power,
           "resolve the other side's power", while_pending=True),
    _entry(c.RecordMissionRule, mission_rules.record, w.by_own_side, o.offer_record_mission_rule,
           "apply the other side's mission rule",
           lambda t, cmd: Window((f"{cmd.side}.activations",), "Versus mission",
                                 f"The {cmd.side} apply their mission rules in their activation step")),
    _entry(c.ResolveMissionEvent, mission_rules.resolve_event, w.by_own_side, o.offer_resolve_mission_event,
           "resolve the other side's mission event", while_pending=True),
    # dice
    _entry(dice_flow.SetDiceMode, _D[dice_flow.SetDiceMode], w.host_only, o.offer_dice_mode,
           "change the dice mode (the host does)", during_roll=True),
    _entry(dice_flow.CalibrateDice, _D[dice_flow.CalibrateDice], w.host_only, o.offer_calibrate,
           "calibrate the dice (the host does)"),
    _entry(dice_flow.StartRoll, _D[dice_flow.StartRoll], w.roll_start_seat, o.offer_start_roll, "roll for that",
           w.actor_window),
    _entry(dice_flow.StartFreeRoll, _D[dice_flow.StartFreeRoll], w.roll_start_seat, o.offer_free_roll, "roll for that"),
    _entry(dice_flow.StartFollowUp, _D[dice_flow.StartFollowUp], w.follow_up_seat, o.offer_follow_up,
           "take that skill's free action"),
    _entry(dice_flow.RollDice, _D[dice_flow.RollDice], w.roll_seat, o.roll_offer("roll", "defense_roll"),
           "roll those dice", during_roll=True, rolls=True),
    _entry(dice_flow.RerollDice, _D[dice_flow.RerollDice], w.roll_seat,
           o.roll_offer("rerolls", "defense_rerolls", step=dice_flow.REROLL_STEPS), "reroll those dice",
           during_roll=True, rolls=True),
    _entry(dice_flow.EndRerolls, _D[dice_flow.EndRerolls], w.roll_seat, o.roll_offer("rerolls", "defense_rerolls"),
           "end those rerolls", during_roll=True),
    _entry(dice_flow.Defend, _D[dice_flow.Defend], w.roll_seat, o.offer_defend, "defend for them",
           during_roll=True),
    _entry(dice_flow.AbandonRoll, _D[dice_flow.AbandonRoll], w.roll_seat, o.roll_offer(), "abandon that roll",
           during_roll=True),
)

BY_TYPE: dict[type, Entry] = {e.command: e for e in ENTRIES}
# the commands that cannot be sent without entered dice (an attack resolved with its successes):
# physical tables only, so not offered while the app rolls
ENTERS_DICE = tuple(e.command for e in ENTRIES if needs_entered_dice(e.command))
BY_NAME: dict[str, Entry] = {e.name: e for e in ENTRIES}
NAMES = tuple(BY_NAME)

# VI·E: reinforcement points are spent at once; the villain moving on loses what is left.
LOSES_REINFORCEMENT = (c.Advance, c.ActivateTile, c.Dredge, c.Demobilize)


def points_lost(table: Table) -> int:
    """The reinforcement points a command of LOSES_REINFORCEMENT would lose now (VI·E)."""
    return sum(post.reinforcement_points for post in table.command_posts.values())


def entry(command) -> Entry:
    """The declaration of a command (instance or type)."""
    kind = command if isinstance(command, type) else type(command)
    found = BY_TYPE.get(kind)
    if found is None:
        raise RuleRefused("I", f"Unknown command {kind.__name__}", "unknown_command", command=kind.__name__)
    return found


def name_of(command) -> str:
    return entry(command).name


def held(table: Table, e: Entry) -> RuleRefused | None:
    """What holds every command of `e`'s kind now, whatever its fields: an HQ power or a mission
    event to resolve first (Versus I·D), a roll in progress (VIII). None: nothing."""
    if not e.while_pending:
        try:
            versus.require_no_pending_power(table)
            mission_rules.require_no_pending_event(table)
        except RuleRefused as refused:
            return refused
    roll = table.dice.roll if getattr(table, "dice", None) is not None else None
    if roll is not None and not e.during_roll:
        return RuleRefused("VIII", f"{roll.actor}'s {dice_flow.describe_action(roll)} is in progress "
                                   f"({dice_flow.STEP_TEXT[roll.step]}): finish it or abandon it first",
                           "roll_in_progress", command=e.name, action=roll.action)
    return None


def closed(table: Table, e: Entry, command) -> Window | None:
    """The window `command` (or an offer's `Probe`) is out of now, None when it is open."""
    window = e.when(table, command)
    return window if window is not None and table.track.step not in window.steps else None


def check(table: Table, command) -> Entry:
    """Refuse a command its declaration does not allow now: a pending power or event, a roll in
    progress, a step, a side's turn."""
    e = entry(command)
    refused = held(table, e)
    if refused is not None:
        raise refused
    window = closed(table, e, command)
    if window is not None:
        step = table.track.step
        raise RuleRefused(window.rule, window.message(step), "not_now", command=e.name, step=step)
    return e


def check_entered_dice(table: Table, command) -> None:
    """IX·D: what real dice show (a field marked `entered_dice`) is entered only while the table's
    dice are physical; while the app rolls them, its `rng` alone decides."""
    given = entered(command)
    if given and table.dice.mode != PHYSICAL_DICE:
        raise RuleRefused("IX·D", "This table's dice are rolled by the app: set the dice mode to physical to enter "
                                  "what real dice show", "dice_rolled_by_app", fields=given)


def apply(table: Table, command, *, owned: bool = False, rng=None) -> Outcome:
    """Apply `command` (see `engine.apply`): its declaration's checks, then its handler on a copy.
    `rng` rolls the app's dice (server mode): the API's `secrets.SystemRandom()`, a seeded
    `random.Random` in tests."""
    e = entry(command)
    check_entered_dice(table, command)
    if table.track.over:
        raise RuleRefused("IV·C", "The game is over", "game_over")
    check(table, command)
    new = table if owned else copied(table)
    events: list[Event] = []
    if type(command) in LOSES_REINFORCEMENT:
        events += handlers._lose_reinforcement_points(new)
    events += e.handler(new, command, rng) if e.rolls else e.handler(new, command)
    passed = guidance.pass_empty_steps(new)
    if passed:  # C2: the steps passed on the way are step_passed events; one "step": where it stops
        events += passed
        last = max((i for i, ev in enumerate(events) if ev.kind == "step"), default=None)
        events = [ev for i, ev in enumerate(events) if ev.kind != "step" or i == last]
    return Outcome(new, events)


def move_price(table: Table, command: c.Move) -> dict:
    """What a Move would cost now, without making it (V·C·5, VI·C·2): the cubes it buys on the
    movement space, the move points left at its end (lost when the movement ends), whether the
    first-movement bonus counts; refused exactly as the Move itself would be."""
    (moved,) = [e for e in apply(table, command).events if e.kind == "movement"]
    return {"cubes": moved.data["cubes"], "points_left": moved.data["lost"], "first": moved.data["first"],
            "text": moved.text}



# ---------------------------------------------------------------- what each seat may do now


def seat_names(table: Table) -> list[str]:
    """Every seat of a table but spectators (unlimited)."""
    if table.mode == "versus":
        return [HOST, VILLAIN, HEROES]
    return [HOST, VILLAIN, *(hero_seat(h) for h in table.heroes)]


def may_now(table: Table, seat: str | None, advance_to=UNKNOWN) -> list[dict]:
    """What `seat` may send now: [{"command", "targets": {field: [values]}, "price"?, "affordable"?,
    "why"?} …]. `advance` also has "to" (the next step) and "skips"/"ends" (`offer_advance`); a
    command that would lose unspent reinforcement points (VI·E) "loses": {"reinforcement_points":
    n}; a command only the host sends, the host's own power rather than another seat's (the end of
    the game, the dice mode), "host_only": true; `draft_tile` "lieutenant_level". The same command
    may come several times, once per actor, tile or space: its targets are then the choices for that
    one. The gate (`held`), each offer's window and the seat rights are applied; a cost the seat
    cannot pay is listed with `affordable` false and the refusal's `why`. The host's offers of a
    command another seat may send are those seats' offers together (`_listed`): one per hero where
    each hero's seat has its own."""
    if seat is None or seat == SPECTATOR or table.track.over:
        return []
    return _listed(table, [seat], advance_to)[seat]


def may(table: Table, advance_to=UNKNOWN) -> dict[str, list[dict]]:
    """`may_now` for every seat of the table, the spectator's included (`advance_to`: the step an
    Advance stops at, when the caller knows it)."""
    if advance_to is UNKNOWN:
        advance_to = advance_stop(table)
    listed = _listed(table, seat_names(table), advance_to) if not table.track.over else {}
    return {seat: listed.get(seat, []) for seat in (*seat_names(table), SPECTATOR)}


def _listed(table: Table, seats: list[str], advance_to) -> dict[str, list[dict]]:
    """`may_now` for each of `seats` (players' seats, the game not over), in one pass over the
    registry: what does not depend on the seat is worked out once per command (the gate, what it
    would lose, whether it is the host's own power) and each window once per offer's `Probe`.

    The host may send whatever any seat may (every seat policy lets the host through), and each
    actor and side is played by a seat: so the host's offers of a command are the players' seats'
    offers of it together, each once (`joined`), and only the Advance and the host's own powers are
    listed for the host by their builders."""
    # the heroes' seats (or side) before the villain's, as a host's builders list them (the heroes'
    # offers first: a token the host places is the heroes' unless it says otherwise)
    players = sorted((seat for seat in seat_names(table) if seat != HOST), key=lambda seat: seat == VILLAIN)
    listed: dict[str, list[dict]] = {seat: [] for seat in seats}
    app_rolls = table.dice.mode != PHYSICAL_DICE
    lost = points_lost(table)
    gated: dict[tuple[bool, bool], bool] = {}  # whether `held` holds an entry, by what it lets through
    for e in ENTRIES:
        let_through = (e.while_pending, e.during_roll)  # all `held` reads of an entry (its name aside)
        if let_through not in gated:
            gated[let_through] = held(table, e) is not None
        if gated[let_through]:
            continue
        if app_rolls and e.command in ENTERS_DICE:
            continue  # IX·D: its successes are read on real dice (the app's dice: the dice flow)
        extra = {"loses": {"reinforcement_points": lost}} if lost and e.command in LOSES_REINFORCEMENT else {}
        # the host's own power, not another seat's: also starting the game from the setup
        if e.seat is w.host_only or e.command is c.Advance and w.starts_the_game(table):
            extra["host_only"] = True
        host = HOST in listed and joined(e)
        # the players' offers, each once, when they are the host's: an offer can only equal one
        # with the same probe (the first value of each target), so each is compared with those alone
        same_probe: dict[tuple, list[dict]] = {}
        opens: dict[tuple, bool] = {}  # a probe's fields → whether the window is open for it
        for seat in players if host else seats:
            for offer in offer_advance(table, seat, advance_to) if e.command is c.Advance else e.offers(table, seat):
                fields = probe_fields(offer["targets"])
                is_open = opens.get(fields)
                if is_open is None:
                    is_open = opens[fields] = closed(table, e, Probe(fields)) is None
                if is_open:
                    listed_offer = {"command": e.name, **offer, **extra}
                    if seat in listed:
                        listed[seat].append(listed_offer)
                    if host:
                        earlier = same_probe.setdefault(fields, [])
                        if listed_offer not in earlier:
                            earlier.append(listed_offer)
                            listed[HOST].append(listed_offer)
    return listed


def joined(e: Entry) -> bool:
    """Whether the host's offers of `e`'s command are the players' offers of it together: every
    command but the Advance (the host moves the turn on at any step) and the host's own powers."""
    return e.command is not c.Advance and e.seat is not w.host_only
