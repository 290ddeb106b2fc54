"""Playing a Criminal Plot card (PLAY, INC, EFF, CARRY, TAKE).

Play exactly one card face up. Its top shows the Bat-Signal (see `batman.py`) or an income: each
player ruling the named block takes the income from the Reserves into the Hideout (each the full
amount when several rule: open question 2; as far as the Reserves go, clockwise from the player on
turn); nobody rules it, nobody earns it. Then the effect: carry out the plot text (the app applies
the effects the player enters: gain (as far as the Reserves go), pay, demands with a shortfall,
placements, draws; the text is
the card's), or ignore it and take two resources (one unit each: $1, 1 Information or 1 Threat,
the same kind twice allowed: open question 12), Threats placed at once. A card shows a Bat-Signal
or an income, not both (open question 9)."""
from __future__ import annotations

from . import batman, placement
from .commands import CarryOutPlot, Demand, DrawCards, Gain, Pay, PlaceHenchmen, PlayCard, TakeResources
from .counters import State, reserve
from .errors import RuleRefused
from games.events import Event, plural
from .ruling import rulers
from .settings import RESOURCES
from .stash import amount, change, name, note, reveal


def play_card(state: State, cmd: PlayCard) -> list[Event]:
    p = state.active()
    s = state.settings
    if s.variant and not p.face_down:
        raise RuleRefused("VAR", f"{name(p.villain)} has no face-down Criminal Plot card to reveal", "no_card")
    if not s.variant and p.hand < 1:
        raise RuleRefused("PLAY", f"{name(p.villain)} has no Criminal Plot card in hand", "no_card")
    income = cmd.income_block is not None or cmd.income_kind is not None or cmd.income_amount
    if cmd.bat_signal and income:
        raise RuleRefused("PLAY", "A card's top shows the Bat-Signal or an income", "signal_or_income")
    if income:
        if s.block(cmd.income_block or "") is None:
            raise RuleRefused("INC", f"There is no block {cmd.income_block}", "unknown_block",
                              block=str(cmd.income_block))
        if cmd.income_kind not in RESOURCES:
            raise RuleRefused("INC", "An income is Money or Information", "bad_income_kind")
        if not isinstance(cmd.income_amount, int) or cmd.income_amount < 1:
            raise RuleRefused("INC", "An income is 1 or more", "bad_count")
    if s.variant:
        p.face_down = False  # VAR: the face-down card is revealed and carried out
    else:
        p.hand -= 1
    state.turn.card_played = True
    top = "the Bat-Signal" if cmd.bat_signal else "an income" if income else "no icon"
    events = [Event("card_played", f"{name(p.villain)} plays a Criminal Plot card showing {top}", "PLAY",
                    {"villain": p.villain, "bat_signal": cmd.bat_signal,
                     "income": ({"block": cmd.income_block, "kind": cmd.income_kind,
                                 "amount": cmd.income_amount} if income else None)},
                    {p.villain: note(p)})]
    if cmd.bat_signal:
        state.turn.signal_due = True
        events += batman.draw(state)
    elif income:
        events += pay_income(state, cmd.income_block, cmd.income_kind, cmd.income_amount)
    return events


SHORT = " (the Reserves ran short)"


def pay_income(state: State, block: str, kind: str, n: int) -> list[Event]:
    bname = state.settings.block(block).name
    ruling = rulers(state, block)
    if not ruling:
        why = "Batman occupies it" if state.batman.block == block else "nobody rules it"
        return [Event("income", f"Nobody earns the income of {bname}: {why}", "INC",
                      {"block": block, "paid": {}, "why": "batman" if state.batman.block == block else "nobody"})]
    order = [state.active().villain] + state.clockwise_from_left(state.active().villain)
    events = []
    for v in [v for v in order if v in ruling]:
        got = min(n, reserve(state, kind))
        events.append(change(state, state.player(v), kind, got,
                             f"{name(v)} rules {bname} and takes {amount(kind, got)}" + SHORT * (got < n), "INC",
                             "income", {"block": block, "villain": v, kind: got, **({"short": True} if got < n else {})}))
    return events


def _resource_counts(money, information) -> None:
    for n in (money, information):
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise RuleRefused("TAKE", "Counts are whole numbers, 0 or more", "bad_count")


def take_resources(state: State, cmd: TakeResources) -> list[Event]:
    p = state.active()
    s = state.settings
    _resource_counts(cmd.money, cmd.information)
    threats = sum(n for n in (cmd.threats or {}).values() if isinstance(n, int))
    if cmd.money + cmd.information + threats != s.take_resources:
        raise RuleRefused("TAKE", f"Take exactly {s.take_resources} resources (Money, Information, Threats)",
                          "take_two", count=s.take_resources)
    for kind, n in (("money", cmd.money), ("information", cmd.information)):
        if n > reserve(state, kind):
            raise RuleRefused("TAKE", f"The Reserves hold too little {kind.title()}", "reserves_short", kind=kind)
    events = []
    placed = placement.place_threats(state, p, cmd.threats or {}, cmd.moved_from, rule="TAKE")
    parts = [amount(k, n) for k, n in (("money", cmd.money), ("information", cmd.information)) if n]
    if threats:
        parts.append(plural(threats, "Threat"))
    text = f"{name(p.villain)} ignores the plot and takes {' and '.join(parts)}"
    data = {"villain": p.villain, "money": cmd.money, "information": cmd.information, "threats": threats}
    p.money += cmd.money
    p.information += cmd.information
    private = note(p)
    if s.hidden_takes:
        hidden = cmd.money + cmd.information
        text = f"{name(p.villain)} ignores the plot and takes " + " and ".join(
            ([plural(threats, "Threat")] if threats else []) + ([plural(hidden, "hidden resource")] if hidden else []))
        private = {"text": f"You took {' and '.join(parts)}. " + private["text"], "data": private["data"]}
        data = {"villain": p.villain, "threats": threats, "hidden": hidden}
    events.append(Event("resources_taken", text, "TAKE", data, {p.villain: private}))
    if placed:
        events.append(placed)
    state.turn.effect = "resources"
    return events


def carry_out_plot(state: State, cmd: CarryOutPlot) -> list[Event]:
    p = state.active()
    state.turn.effect = "plot"
    title = f" \"{cmd.title}\"" if cmd.title else ""
    return [Event("plot", f"{name(p.villain)} carries out the Criminal Plot{title}", "CARRY",
                  {"villain": p.villain, "title": cmd.title})]


def gain(state: State, cmd: Gain) -> list[Event]:
    """As far as the Reserves go, as an income (never a refusal: a gain the Reserves cannot pay in
    full is taken as far as they go); the shortfall is said to the whole table, as the empty pile
    shows it."""
    p = state.active()
    _resource_counts(cmd.money, cmd.information)
    events = []
    for kind, n in (("money", cmd.money), ("information", cmd.information)):
        if n:
            got = min(n, reserve(state, kind))
            hidden = state.settings.hidden_takes
            data = {"villain": p.villain} if hidden else {"villain": p.villain, kind: got}
            events.append(change(state, p, kind, got, f"{name(p.villain)} takes "
                                 f"{'resources from the Reserves' if hidden else amount(kind, got)} (plot)"
                                 + SHORT * (got < n), "CARRY", "gained", {**data, **({"short": True} if got < n else {})}))
    return events


def pay(state: State, cmd: Pay) -> list[Event]:
    p = state.active()
    _resource_counts(cmd.money, cmd.information)
    events = []
    for kind, n in (("money", cmd.money), ("information", cmd.information)):
        if n:
            events.append(change(state, p, kind, -n, f"{name(p.villain)} discards {amount(kind, n)} (plot)",
                                 "CARRY", "paid", {"villain": p.villain, kind: n}))
    return events


def demand(state: State, cmd: Demand) -> list[Event]:
    """Other players give the active player a resource, clockwise from the left; one who cannot pay
    in full lifts the screen (the whole stash shown to all) and gives what it has (CARRY)."""
    p = state.active()
    if cmd.kind not in RESOURCES:
        raise RuleRefused("CARRY", "A demand is for Money or Information", "bad_income_kind")
    if not isinstance(cmd.amount, int) or cmd.amount < 1:
        raise RuleRefused("CARRY", "Demand 1 or more", "bad_count")
    order = state.clockwise_from_left(p.villain)
    asked = [v for v in order if not cmd.players or v in cmd.players]
    for v in cmd.players or ():
        if v not in order:
            raise RuleRefused("CARRY", f"{name(v)} is not another player at this table", "unknown_villain", villain=v)
    events = []
    for v in asked:
        giver = state.player(v)
        have = getattr(giver, cmd.kind)
        given = min(have, cmd.amount)
        if have < cmd.amount:
            text = (f"{name(v)} cannot give {amount(cmd.kind, cmd.amount)}: lifts the screen ({reveal(giver)}) "
                    f"and gives {amount(cmd.kind, given)} to {name(p.villain)}")
            data = {"from": v, "to": p.villain, cmd.kind: given, "asked": cmd.amount,
                    "revealed": {"money": giver.money, "information": giver.information}}
        else:
            text = f"{name(v)} gives {amount(cmd.kind, given)} to {name(p.villain)}"
            data = {"from": v, "to": p.villain, cmd.kind: given}
        setattr(giver, cmd.kind, have - given)
        setattr(p, cmd.kind, getattr(p, cmd.kind) + given)
        events.append(Event("given", text, "CARRY", data, {v: note(giver), p.villain: note(p)}))
    return events


def place_henchmen(state: State, cmd: PlaceHenchmen) -> list[Event]:
    event = placement.place_henchmen(state, state.active(), cmd.placements, cmd.different_blocks, "EFF")
    return [event] if event else []


def draw_cards(state: State, cmd: DrawCards) -> list[Event]:
    from .turn import draw
    if not isinstance(cmd.count, int) or cmd.count < 1:
        raise RuleRefused("CARRY", "Draw 1 card or more", "bad_count")
    events = []
    for _ in range(cmd.count):
        events += draw(state)
    return events
