"""The command registry, like python-chess's legal moves beside push: one declaration per command
(its registry name, handler, when it is open, who may send it now, and the values its fields may
take now). `apply.apply` dispatches through it; `may_now(state, seat)` answers contract C2's
[{"command", "targets"}]. Only the screened commands that cost or ask something (a level: its dial's
requirement, paid when Money or Information; Recruit: $5 a Henchman) carry their `price`,
`requirement` and `affordable`/`why` (games/registry.py): a screened command is offered to the
acting Villain's own phone only, whose `may` no other seat receives, so no offer hints at a stash.

Seats are the Villains' ids ("joker", "penguin", "two-face", "killer-croc"), plus "host" (may send
anything anyone may send now but what reads a stash; sees no stash) and "spectator" (nothing).

The host is not an oracle: a command whose rules read the stash behind a screen (`screened`: the
sender's Money or Information; the Reserves are public, SETUP) is sent only by the phone behind
that screen. Anyone else (the host included) is refused by
`refusal`, from the entry alone, before the rules read any amount; `may` never offers it to them.
Otherwise a refused `pay {money: k}` (which changes nothing and leaves no history) would tell the
host whether that Villain holds $k, and eight of them the exact Money."""
from __future__ import annotations

from . import batman, fights, hire, levels, moves, plot, turn
from . import commands as c
from .counters import BATMAN, HIDEOUT, State, threats_in_reserve
from .errors import RuleRefused
from .settings import RESOURCES
from .stash import name as villain_name
from .. import registry as base
from ..bounds import Items, Mapping, Num, Text
from ..registry import HOST, SPECTATOR, snake  # noqa: F401 (the seats and names every game shares)


def phase(state: State) -> str:
    """Where play stands: "over", "fight", "pending" (someone owes or may place/remove Threats), or
    the turn's step ("setup", "levels", "plot", "hire", "move")."""
    if state.over:
        return "over"
    if state.fight is not None:
        return "fight"
    if state.pending:
        return "pending"
    return state.turn.step


def _active(state: State) -> list[str]:
    return [state.active().villain]


def _pending_seat(state: State) -> list[str]:
    return [state.pending[0].seat]


def _fighters(state: State) -> list[str]:
    f = state.fight
    seats = [s for s in (f.attacker, f.defender) if s != BATMAN]
    if f.controller and f.controller not in seats:
        seats.append(f.controller)
    return seats


def _placeable(state: State, villain: str) -> list[str]:
    p = state.player(villain)
    cap = state.settings.threats_per_block
    return [b for b in state.settings.block_ids() if b != state.batman.block and p.threats.get(b, 0) < cap]


def Entry(cls, handler, rule: str, what: str, open, senders=_active, targets=None, screened=False,
          price=None, afford=None, requirement=None) -> base.Entry:
    """A GCSG command's entry: sent by the active Villain unless said otherwise."""
    return base.Entry(cls, handler, rule, what, open, senders, targets or (lambda state, seat: {}),
                      price=price, afford=afford, requirement=requirement, screened=screened,
                      offered=_advance_offer if cls is c.Advance else None)


def _why(refused: RuleRefused | None):
    return None if refused is None else (refused.code, refused.params)


def _level_requirement(state: State, seat: str) -> dict | None:
    """ADV: the dial's requirement for the next level (what the level button says)."""
    return levels.requirement(state, state.active().villain)


def _level_price(state: State, seat: str) -> dict | None:
    """ADV: Money or Information is shown and discarded; ruled blocks and Henchmen are only shown."""
    req = levels.requirement(state, state.active().villain)
    return {req["kind"]: req["amount"]} if req and req["kind"] in RESOURCES else None


def _hire_price(state: State, seat: str) -> dict:
    """HIRE: "$5 each" (the settings' hire cost), for each Henchman the count names."""
    return {"money_per_henchman": state.settings.hire_cost}


def _advance_offer(state: State, seat: str) -> dict | None:
    """Advance is offered with the step it leads to, and only once the rules would take it (a card
    to play, an Ability to choose... keep it back)."""
    if turn.advance_refused(state) is not None:
        return None
    return {"to": _next_step(state)}


def _in(*phases):
    return lambda state: phase(state) in phases


def _plot(test):
    return lambda state: phase(state) == "plot" and test(state.turn)


def _place_threats_open(state: State) -> bool:
    ph = phase(state)
    if ph == "pending":
        return state.pending[0].kind == "place_threats"
    return ph == "plot" and state.turn.effect == "plot"


def _place_threats_senders(state: State) -> list[str]:
    return _pending_seat(state) if phase(state) == "pending" else _active(state)


def _place_threats_targets(state: State, seat: str) -> dict:
    who = state.pending[0].seat if phase(state) == "pending" else state.active().villain
    out = {"placements": _placeable(state, who)}
    if threats_in_reserve(state, state.player(who)) == 0:
        out["moved_from"] = sorted(state.player(who).threats)
    return out


def _remove_targets(state: State, seat: str) -> dict:
    block = state.pending[0].block
    return {"threats": [p.villain for p in state.players if p.threats.get(block)]}


def _fight_targets(state: State, seat: str) -> dict:
    f = state.fight
    faces = sorted({str(x) for x in state.settings.die_faces}) if state.settings.die_faces else []
    return {"dice": [f.attacker, f.defender], "faces": faces}


def _move_targets(state: State, seat: str) -> dict:
    p = state.active()
    blocks = state.settings.block_ids()
    sources = ([HIDEOUT] if p.hideout_henchmen else []) + sorted(p.henchmen)
    return {"villain": [HIDEOUT] + blocks, "source": sources, "to": [HIDEOUT] + blocks}


def _hire_targets(state: State, seat: str) -> dict:
    from .counters import henchmen_in_reserve
    return {"count": list(range(1, henchmen_in_reserve(state, state.active()) + 1))}


ENTRIES: list[Entry] = [
    Entry(c.Advance, turn.advance, "TURN", "The turn moves on between its steps",
          _in("levels", "plot", "hire", "move")),
    Entry(c.AdvanceLevel, levels.advance_level, "ADV", "Levels advance at the beginning of your turn",
          _in("levels"), screened=True, price=_level_price, requirement=_level_requirement,
          afford=lambda s, seat: _why(levels.level_refusal(s, s.active().villain))),
    Entry(c.ChooseAbility, levels.choose_ability, "ADV", "An Ability card is chosen after reaching an Ability icon",
          lambda s: phase(s) == "levels" and s.turn.ability_due,
          targets=lambda s, seat: {"card": [a for a in s.settings.villain(s.active().villain).abilities
                                            if a not in s.active().abilities]}),
    Entry(c.PlayCard, plot.play_card, "PLAY", "One Criminal Plot card is played in the card step",
          _plot(lambda t: not t.card_played),
          targets=lambda s, seat: {"income_block": s.settings.block_ids(), "income_kind": list(RESOURCES)}),
    Entry(c.BatmanCard, batman.batman_card, "SIGNAL", "A Batman card is drawn for a Bat-Signal",
          _plot(lambda t: t.signal_due), targets=lambda s, seat: {"block": s.settings.block_ids()}),
    Entry(c.TakeResources, plot.take_resources, "TAKE", "Two resources are taken instead of the plot",
          _plot(lambda t: t.card_played and not t.signal_due and t.effect is None),
          targets=lambda s, seat: {"threats": _placeable(s, s.active().villain)}, screened=True),
    Entry(c.CarryOutPlot, plot.carry_out_plot, "CARRY", "The plot is carried out after the card's top",
          _plot(lambda t: t.card_played and not t.signal_due and t.effect is None)),
    Entry(c.Gain, plot.gain, "CARRY", "Plot effects follow a carried-out plot", _plot(lambda t: t.effect == "plot"),
          screened=True),
    Entry(c.Pay, plot.pay, "CARRY", "Plot effects follow a carried-out plot", _plot(lambda t: t.effect == "plot"),
          screened=True),
    Entry(c.Demand, plot.demand, "CARRY", "Plot effects follow a carried-out plot", _plot(lambda t: t.effect == "plot"),
          targets=lambda s, seat: {"kind": list(RESOURCES), "players": s.clockwise_from_left(s.active().villain)}),
    Entry(c.PlaceHenchmen, plot.place_henchmen, "EFF", "Plot effects follow a carried-out plot",
          _plot(lambda t: t.effect == "plot"),
          targets=lambda s, seat: {"placements": [b for b in s.settings.block_ids() if b != s.batman.block]}),
    Entry(c.DrawCards, plot.draw_cards, "CARRY", "Plot effects follow a carried-out plot",
          _plot(lambda t: t.effect == "plot")),
    Entry(c.PlaceThreats, turn.place_threats, "GLOS·THREATS", "Threats are placed when the rules or a card give them",
          _place_threats_open, _place_threats_senders, _place_threats_targets),
    Entry(c.RemoveThreats, turn.remove_threats, "SIGNAL", "Threats are removed when Batman's Order value says so",
          lambda s: phase(s) == "pending" and s.pending[0].kind == "remove_threats", _pending_seat, _remove_targets),
    Entry(c.Decline, turn.decline, "TURN", "Only what the rules say you \"may\" do can be declined",
          lambda s: phase(s) == "pending" and s.pending[0].may, _pending_seat),
    Entry(c.RollFight, fights.roll_fight, "FVV", "Dice are rolled for a fight in progress", _in("fight"),
          _fighters, _fight_targets),
    Entry(c.Hire, hire.hire, "HIRE", "Henchmen are recruited in the hire step, after the card", _in("hire"),
          targets=_hire_targets, screened=True, price=_hire_price,
          afford=lambda s, seat: _why(hire.hire_refusal(s, 1))),
    Entry(c.Move, moves.move, "MOVE", "Figures move once, in the move step",
          lambda s: phase(s) == "move" and not s.turn.moved, targets=_move_targets, screened=True),
]
# ---------------------------------------------------------------- what each field may hold
#
# Every number, string, list and object of a command, bounded to what the box can hold (COMP, SETUP);
# checked by `games.bounds` before the command is built (422 out_of_bounds). The rules still refuse
# finer (a player's stash, the Reserves) by name. "Class.field" overrides a field name.
_NAME = Text(40)  # a block, a Villain, a card, a fighter as the table names it
_STASH = Num(0, 999, "Money and Information: the box holds $80 (30×$1 + 10×$5) and 60 Information "
                     "(30×1 + 10×3), COMP; custom settings stay far below 999")
_FIGURES = Num(0, 99, "figures: 25 Threats per Villain, 5 per block (COMP, SETUP); Henchmen fewer")
_BY_BLOCK = Mapping(12, _FIGURES, _NAME, "one entry per block: the map has 12 blocks (SETUP)")
BOUNDS = {
    **{k: _NAME for k in ("card", "block", "income_block", "income_kind", "kind", "source", "to", "villain")},
    "title": Text(200, "a Criminal Plot card's title"),
    **{k: _STASH for k in ("money", "information", "amount", "income_amount")},
    "count": _FIGURES,
    "placements": _BY_BLOCK, "moved_from": _BY_BLOCK,
    "threats": Mapping(4, _FIGURES, _NAME, "Threats by Villain or block: 2-4 Villains, 12 blocks"),
    "TakeResources.threats": _BY_BLOCK,
    "dice": Mapping(8, (Num(-99, 99), Text(10)), _NAME, "a face per fighter (FVV): a number or \"bat\""),
    "modifiers": Mapping(8, Num(-20, 20, "Ability-card modifiers of one fighter"), _NAME),
    "players": Items(4, _NAME, "the other players: 2-4 Villains (SETUP)"),
    "henchmen": Items(24, None, "moves of one step: a Villain's Henchmen by block"),
}
def phase_title(state: State) -> str:
    ph = phase(state)
    if ph == "fight":
        return "a fight waits for its dice"
    if ph == "pending":
        due = state.pending[0]
        verb = "place" if due.kind == "place_threats" else "remove"
        return f"{villain_name(due.seat)} {'may' if due.may else 'must'} {verb} Threats ({due.reason})"
    return turn.STEP_TITLES.get(ph, ph)


REGISTRY = base.Registry(ENTRIES, phase=phase, phase_title=phase_title, over=lambda state: state.over,
                         seat_label=villain_name, refused=RuleRefused)
BY_TYPE, BY_NAME, COMMANDS = REGISTRY.by_type, REGISTRY.by_name, REGISTRY.commands
entry, check = REGISTRY.entry, REGISTRY.check


def seat_names(state: State) -> list[str]:
    return [HOST] + state.seats()


def _next_step(state: State) -> str:
    st = state.turn.step
    return "draw" if st == "move" else turn.STEPS[turn.STEPS.index(st) + 1]


# The commands that move the game on, most urgent first: a fight's dice (FVV), Threats due from a
# seat (pending), then the active Villain's turn step by step (TURN: levels, the card, hire, move).
AWAITED = ("roll_fight", "place_threats", "remove_threats", "choose_ability", "advance_level", "batman_card",
           "play_card", "carry_out_plot", "gain", "pay", "demand", "place_henchmen", "draw_cards", "hire", "move",
           "advance")


def awaiting(state: State) -> list[dict]:
    """Who the table waits for now: [{"seat", "code", "params"}] (`games.registry.Registry.awaiting`)."""
    return REGISTRY.awaiting(state, AWAITED)


def may_now(state: State, seat: str | None) -> list[dict]:
    """What `seat` may send now: [{"command", "targets"}] (advance also carries "to")."""
    return REGISTRY.may_now(state, seat)


def refusal(seat: str | None, command, state: State) -> tuple[str, str, dict] | None:
    """None when `seat` may send `command` now as far as seats go; else (code, English, params)."""
    return REGISTRY.refusal(seat, command, state)
