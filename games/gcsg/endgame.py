"""End of game and winner (END, DRAW).

Level 10 ends the game at once: that player wins. When the last Criminal Plot card is drawn every
player gets one last turn, ending with the one who drew it; then the highest level wins, ties broken
by recruited Henchmen (map + Hideout), then Information, then Money. Information and Money are
revealed only as far as the tie-break needs them. Still tied after all three: they share the win
(open question 15)."""
from __future__ import annotations

from .counters import State, recruited
from games.events import Event
from .stash import name

CRITERIA = ("level", "henchmen", "information", "money")


def _value(state: State, villain: str, criterion: str) -> int:
    p = state.player(villain)
    return {"level": p.level, "henchmen": recruited(p), "information": p.information,
            "money": p.money}[criterion]


def winners_by_criteria(state: State) -> tuple[list[str], list[dict]]:
    """The winners and, per criterion used, the values compared (only of the players still tied)."""
    tied = state.seats()
    used = []
    for criterion in CRITERIA:
        values = {v: _value(state, v, criterion) for v in tied}
        used.append({"criterion": criterion, "values": values})
        best = max(values.values())
        tied = [v for v in tied if values[v] == best]
        if len(tied) == 1:
            break
    return tied, used


def win_by_level(state: State, villain: str) -> Event:
    state.over = True
    state.winners = [villain]
    state.standings = [{"criterion": "level", "values": {p.villain: p.level for p in state.players}}]
    return Event("game_over", f"{name(villain)} reaches level {state.settings.win_level}: the criminal "
                 f"mastermind of Gotham City!", "END",
                 {"winners": [villain], "reason": "level", "level": state.settings.win_level})


def win_by_deck(state: State) -> Event:
    winners, used = winners_by_criteria(state)
    state.over = True
    state.winners = winners
    state.standings = used
    words = {"level": "level", "henchmen": "recruited Henchmen", "information": "Information",
             "money": "Money"}
    said = "; ".join(f"{words[u['criterion']]}: " + ", ".join(f"{name(v)} {n}" for v, n in u["values"].items())
                     for u in used)
    who = " and ".join(name(v) for v in winners)
    return Event("game_over", f"The Criminal Plot deck has run out and every last turn is played. {said}. "
                 f"{who} {'wins' if len(winners) == 1 else 'share the win'}.", "END",
                 {"winners": winners, "reason": "deck", "standings": used})


def last_turns(state: State) -> list[str] | None:
    """END: once the last Criminal Plot card is drawn, the Villains still to play their last turn in
    order (the turn being played first when it is one of them), ending with the one who drew it;
    None before the last card is drawn or once the game is over."""
    if state.last_card_turn is None or state.over or state.last_card_seat not in state.seats():
        return None
    seats = state.seats()
    n, now = len(seats), state.turn.seat
    drawer = seats.index(state.last_card_seat)
    ahead = (drawer - now) % n  # turns from this one to the drawer's
    if state.turn.number + ahead <= state.last_card_turn:  # this turn is before the last round
        ahead += n
    first = 0 if state.turn.number > state.last_card_turn else 1
    return [seats[(now + k) % n] for k in range(first, ahead + 1)]
