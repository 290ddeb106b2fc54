"""Setup (SETUP) and the turn in its printed steps (TURN, DRAW).

Setup: the Reserves hold everything; Villains at level 1 in their Hideouts (open question 11),
Batman on the Batcave at his start level; each player takes the screen's Money and Information and
5 Criminal Plot cards (deck 84 − 5 × players); then, from the first player clockwise, each places
the screen's starting Threats.

A turn: 1 "levels" (advance one or more levels, optional), 2 "plot" (play one card: its top, then
its effect), 3 "hire" (optional), 4 "move" (optional), then the draw (leaving the move step draws
the top card). Drawing the last card gives every player one last turn, ending with the drawer."""
from __future__ import annotations

from . import endgame, placement
from .commands import Advance, Decline, PlaceThreats, RemoveThreats
from .counters import Batman, Pending, Player, State, Turn, reserve
from .errors import RuleRefused
from games.events import Event, plural
from .settings import Settings, check_settings
from .stash import name, note

STEPS = ("levels", "plot", "hire", "move")
STEP_TITLES = {"setup": "Setup: place the starting Threats", "levels": "Advance levels",
               "plot": "Play a Criminal Plot card", "hire": "Recruit Henchmen", "move": "Move your figures",
               "over": "Game over"}
STEP_RULES = {"setup": "SETUP", "levels": "ADV", "plot": "PLAY", "hire": "HIRE", "move": "MOVE", "over": "END"}


def setup(settings: Settings, villains: list[str]) -> State:
    """A new table: `villains` in seat order, clockwise from the first player."""
    problems = check_settings(settings)
    if problems:
        raise RuleRefused("SETUP", "The table settings are incomplete: " + "; ".join(problems), "bad_settings",
                          field=problems[0].field)
    if not 2 <= len(villains) <= 4 or len(set(villains)) != len(villains):
        raise RuleRefused("SETUP", "2 to 4 players, each a different Villain", "bad_players")
    for v in villains:
        settings.villain(v)
    players = []
    for v in villains:
        screen = settings.villain(v).screen
        players.append(Player(v, money=screen.money, information=screen.information, hand=settings.hand))
    if settings.variant:  # VAR: in the setup round every player places a card face down
        for p in players:
            p.hand, p.face_down = p.hand - 1, True
    state = State(settings, players, Batman(None, settings.batman_start_level),
                  deck=settings.plot_cards - settings.hand * len(villains), batman_deck=settings.batman_cards)
    for kind in ("money", "information"):
        if reserve(state, kind) < 0:
            raise RuleRefused("SETUP", "The screens hand out more than the Reserves hold", "bad_settings",
                              field="screens")
    for p in players:
        n = settings.villain(p.villain).screen.threats
        if n:
            state.pending.append(Pending("place_threats", p.villain, n, False, "SETUP", reason="starting Threats"))
    if not state.pending:
        start_turn(state, 0, 1)
    return state


def start_turn(state: State, seat: int, number: int) -> None:
    state.turn = Turn(number=number, seat=seat, step="levels")


def step(state: State) -> str:
    return "over" if state.over else state.turn.step


# ------------------------------------------------------------------ advancing through the steps

def advance_refused(state: State) -> RuleRefused | None:
    """Why the turn may not move on from its step yet (None: it may): an Ability card to choose
    (ADV), and in the plot step the card to play, the Batman card, the plot's effect (PLAY, SIGNAL,
    EFF). The offer of Advance and Advance itself both ask this."""
    t = state.turn
    p = state.active()
    if t.step == "levels" and t.ability_due:
        return RuleRefused("ADV", f"{name(p.villain)} reached an Ability icon: choose an Ability card first",
                           "ability_due", villain=p.villain)
    if t.step == "plot":
        if not t.card_played:
            return RuleRefused("PLAY", "Play one Criminal Plot card first", "card_not_played")
        if t.signal_due:
            return RuleRefused("SIGNAL", "Resolve the Batman card first", "signal_due")
        if t.effect is None:
            return RuleRefused("EFF", "Carry out the plot or take two resources first", "effect_due")
    return None


def advance(state: State, cmd: Advance) -> list[Event]:
    t = state.turn
    p = state.active()
    refused = advance_refused(state)
    if refused is not None:
        raise refused
    if t.step != "move":
        t.step = STEPS[STEPS.index(t.step) + 1]
        return [Event("step", f"{name(p.villain)}: {STEP_TITLES[t.step]}", STEP_RULES[t.step],
                      {"step": t.step, "villain": p.villain})]
    return end_turn(state)


def draw(state: State) -> list[Event]:
    p = state.active()
    if state.deck == 0:
        return []
    state.deck -= 1
    p.hand += 1
    events = [Event("drawn", f"{name(p.villain)} draws a Criminal Plot card ({plural(state.deck, 'card')} left)",
                    "DRAW", {"villain": p.villain, "deck": state.deck}, {p.villain: note(p)})]
    if state.deck == 0 and state.last_card_turn is None:
        state.last_card_turn = state.turn.number
        state.last_card_seat = p.villain
        events.append(Event("last_card", f"{name(p.villain)} drew the last card: every player has one last turn, "
                            f"ending with {name(p.villain)}", "END", {"villain": p.villain}))
    return events


def end_turn(state: State) -> list[Event]:
    p = state.active()
    events = []
    if state.settings.variant and p.hand and not p.face_down:
        p.hand, p.face_down = p.hand - 1, True
        events.append(Event("face_down", f"{name(p.villain)} plays next turn's Criminal Plot card face down",
                            "VAR", {"villain": p.villain}, {p.villain: note(p)}))
    events += draw(state)
    if (state.last_card_turn is not None and state.turn.number > state.last_card_turn
            and p.villain == state.last_card_seat):
        events.append(endgame.win_by_deck(state))
        return events
    seat = (state.turn.seat + 1) % len(state.players)
    start_turn(state, seat, state.turn.number + 1)
    events.append(Event("turn", f"Turn {state.turn.number}: {name(state.active().villain)} plays", "TURN",
                        {"turn": state.turn.number, "villain": state.active().villain}))
    return events


# ------------------------------------------------------------------ what a player owes or may do

def after_pending(state: State) -> list[Event]:
    """Once the starting Threats are all placed, the first turn begins."""
    if state.turn.step == "setup" and not state.pending:
        start_turn(state, 0, 1)
        return [Event("turn", f"Turn 1: {name(state.active().villain)} plays", "TURN",
                      {"turn": 1, "villain": state.active().villain})]
    return []


def place_threats(state: State, cmd: PlaceThreats) -> list[Event]:
    if state.pending and state.pending[0].kind == "place_threats":
        due = state.pending[0]
        total = sum(n for n in (cmd.placements or {}).values() if isinstance(n, int))
        if total > due.count or (not due.may and total != due.count):
            say = "up to" if due.may else "exactly"
            raise RuleRefused(due.rule, f"{name(due.seat)} places {say} {plural(due.count, 'Threat')} "
                              f"({due.reason})", "threat_count", count=due.count)
        event = placement.place_threats(state, state.player(due.seat), cmd.placements, cmd.moved_from,
                                        cmd.different_blocks, due.rule)
        state.pending.pop(0)
        return ([event] if event else []) + after_pending(state)
    # a carried-out plot places Threats as its card says
    event = placement.place_threats(state, state.active(), cmd.placements, cmd.moved_from,
                                    cmd.different_blocks, "EFF")
    return [event] if event else []


def remove_threats(state: State, cmd: RemoveThreats) -> list[Event]:
    due = state.pending[0]
    total = sum(n for n in (cmd.threats or {}).values() if isinstance(n, int))
    there = sum(q.threats.get(due.block, 0) for q in state.players)
    needed = min(due.count, there)
    if total > due.count or (not due.may and total != needed):
        say = "up to" if due.may else "exactly"
        raise RuleRefused(due.rule, f"{name(due.seat)} removes {say} {plural(due.count if due.may else needed, 'Threat')}"
                          f" ({due.reason})", "threat_count", count=due.count if due.may else needed)
    event = placement.remove_threats(state, due.block, cmd.threats, due.rule, due.seat)
    state.pending.pop(0)
    return ([event] if event else []) + after_pending(state)


def decline(state: State, cmd: Decline) -> list[Event]:
    due = state.pending[0]
    if not due.may:
        raise RuleRefused(due.rule, f"{name(due.seat)} must do this ({due.reason})", "must", seat=due.seat)
    state.pending.pop(0)
    return [Event("declined", f"{name(due.seat)} declines ({due.reason})", due.rule,
                  {"seat": due.seat, "pending": due.kind, "count": due.count})]
