"""The Bat-Signal (SIGNAL) and the blocks Batman occupies (OCC).

A played card showing the Bat-Signal draws the top Batman card; the card's player sends Batman
where it says (choosing among the fitting blocks). On a block with no Villain every Henchman there
goes to its Hideout and the card's player may remove up to Batman's Order value in Threats, of any
Villain (his choice; they go back to their Reserves: open question 3). On a Villain's block a fight
occurs, Batman run by the card's player, or the player to the left when it is that player's Villain
(FVB). The card is drawn, and the Batman deck counted, as the Bat-Signal shows (`draw`); an empty
Batman deck is reshuffled (open question 9)."""
from __future__ import annotations

from . import fights
from .commands import BatmanCard
from .counters import BATMAN, Pending, State, villains_at
from .errors import RuleRefused
from games.events import Event, plural
from .placement import to_hideout
from .stash import name


def draw(state: State) -> list[Event]:
    """SIGNAL: "Immediately draw the first Batman card from the deck": the deck loses the card now,
    before its destination is entered (a reshuffle first when it is empty)."""
    s = state.settings
    events = []
    if state.batman_deck == 0:
        state.batman_deck = s.batman_cards
        events.append(Event("batman_reshuffled", "The Batman deck is reshuffled", "SIGNAL",
                            {"batman_deck": state.batman_deck}))
    state.batman_deck -= 1
    state.turn.signal_drawn = True
    events.append(Event("signal", f"Bat-Signal: {name(state.active().villain)} draws the top Batman card "
                        f"({plural(state.batman_deck, 'card')} left) and resolves it", "SIGNAL",
                        {"villain": state.active().villain, "batman_deck": state.batman_deck}))
    return events


def batman_card(state: State, cmd: BatmanCard) -> list[Event]:
    s = state.settings
    player = state.active().villain
    events = [] if state.turn.signal_drawn else draw(state)  # a table stored before the draw counted at once
    state.turn.signal_due = False
    if cmd.block is None:
        events.append(Event("batman_card", f"{name(player)} draws a Batman card: Batman does not move",
                            "SIGNAL", {"block": None, "villain": player}))
        return events
    block = s.block(cmd.block)
    if block is None:
        raise RuleRefused("SIGNAL", f"There is no block {cmd.block}", "unknown_block", block=cmd.block)
    state.batman.block = block.id
    events.append(Event("batman_card", f"{name(player)} draws a Batman card and sends Batman to {block.name}",
                        "SIGNAL", {"block": block.id, "villain": player}))
    standing = villains_at(state, block.id)
    if standing:
        villain = standing[0]
        controller = player if villain != player else state.left_of(player)
        events.append(fights.start(state, block.id, BATMAN, villain, controller, "signal"))
        return events
    fled = to_hideout(state, block.id)
    if fled:
        events.append(Event("to_hideout", "Henchmen flee to their Hideouts: " +
                            ", ".join(f"{plural(n, 'Henchman')} of {name(v)}" for v, n in fled.items()),
                            "SIGNAL", {"henchmen": fled, "block": block.id}))
    order = s.batman_at(state.batman.level).order
    if order and any(p.threats.get(block.id) for p in state.players):
        state.pending.insert(0, Pending("remove_threats", player, order, True, "SIGNAL", block.id,
                                        "the Bat-Signal"))
        events.append(Event("remove_due", f"{name(player)} may remove up to {plural(order, 'Threat')} from "
                            f"{block.name}", "SIGNAL", {"block": block.id, "count": order, "seat": player, "may": True}))
    return events
