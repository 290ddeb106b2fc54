"""A table the rules could reach, or a refusal naming what is not (`check_table`): what the setup
settings and an import are checked with before anything is stored. Pure.

The caps of this game live here, once: names, texts and lists bounded; every printed cost and count
of the settings at 0 or more and within what the box holds (COMP: a move costs at most the
Information there is, a Henchman at most the Money, a fight at most a Villain's Threats); the
counters conserved (`counters.problems`: every Threat, Henchman, Money and Information in one place,
the Reserves never below 0) and the cards (the deck and the hands never more than the Criminal Plot
cards); known steps, kinds and seats (the four Villains of the box, the seats a phone joins)."""
from __future__ import annotations

from games.checks import check_sizes
from games.serial import to_data

from .counters import BATMAN, State, problems
from .errors import RuleRefused
from .settings import BAT, DISTRICTS, RESOURCES, VILLAIN_NAMES, Problem, Settings, check_settings
from .turn import STEPS

MAX_NAME = 60  # a Villain's, a block's or an Ability card's name
MAX_TEXT = 200  # any other text (a pending choice's reason)
MAX_KEY = 60  # an id
MAX_ITEMS = 100  # any list or object (12 blocks, 9 dial positions, a few pending choices)
MAX_COUNT = 999  # a card count, a dial's requirement, a level, a turn number
MAX_FACE = 20  # a number on the custom die
PENDING = ("place_threats", "remove_threats")
EFFECTS = (None, "resources", "plot")
AFTER = ("move", "signal")
REASONS = ("bat_emblem", "tie", "higher")  # why a fight was won (fights.winner_of)


def _require(ok: bool, rule: str, message: str, code: str, **params) -> None:
    if not ok:
        raise RuleRefused(rule, message, code, **params)


def _count(value, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def check_table(state: State) -> None:
    """Refuse a table no game reaches: settings out of bounds (`settings_problems`), oversized
    texts or lists, broken counters, unknown steps or seats."""
    check_sizes(to_data(state), "COMP", MAX_TEXT, MAX_KEY, MAX_ITEMS)
    found = settings_problems(state.settings)
    _require(not found, "SETUP", "The table settings are not right: " + "; ".join(found), "bad_settings",
             problem="; ".join(found)[:MAX_TEXT], field=found[0].field if found else "")
    found = state_problems(state)
    _require(not found, "COMP", "The table does not hold together: " + "; ".join(found), "incoherent_table",
             problem="; ".join(found)[:MAX_TEXT])


def settings_problems(s: Settings) -> list[Problem]:
    """What makes settings unplayable: `check_settings` (the board, the dials) and every printed
    cost, count and name within the box, each with the field it lies in."""
    out = check_settings(s)
    counts = {"plot_cards": (s.plot_cards, 1, MAX_COUNT), "batman_cards": (s.batman_cards, 0, MAX_COUNT),
              "hand": (s.hand, 0, MAX_COUNT), "threats_per_villain": (s.threats_per_villain, 0, MAX_COUNT),
              "threats_per_block": (s.threats_per_block, 1, max(1, s.threats_per_villain)),
              "win_level": (s.win_level, 2, MAX_ITEMS), "take_resources": (s.take_resources, 0, MAX_COUNT)}
    for kind, tokens in (("money", s.money_tokens), ("information", s.information_tokens)):
        if not tokens or not all(_count(v, 1, MAX_COUNT) and _count(n, 0, MAX_COUNT) for v, n in tokens):
            out.append(Problem(f"{kind}_tokens", f"{kind} tokens: values 1 to {MAX_COUNT}, counts 0 to {MAX_COUNT}"))
            return out
    money, information = s.total("money"), s.total("information")
    counts |= {"hire_cost": (s.hire_cost, 0, money), "move_cost": (s.move_cost, 0, information),
               "fight_threats": (s.fight_threats, 0, s.threats_per_villain)}
    for field, (value, low, high) in counts.items():
        if not _count(value, low, high):
            out.append(Problem(field, f"{field} is {value}, not {low} to {high}"))
    ids = [v.id for v in s.villains]
    if not set(ids) <= set(VILLAIN_NAMES) or len(set(ids)) != len(ids):
        out.append(Problem("villains", f"the Villains are {', '.join(VILLAIN_NAMES)}, each once"))
    for v in s.villains:
        screen = v.screen
        if not (_count(screen.threats, 0, s.threats_per_villain) and _count(screen.money, 0, money)
                and _count(screen.information, 0, information) and _count(v.henchmen_limit, 0, MAX_COUNT)):
            out.append(Problem(f"villains.{v.id}.screen", f"{v.id}'s screen or Henchmen are beyond the box"))
        over = [p.level for p in v.dial if p.requirement is not None and not _count(p.requirement.amount, 0, MAX_COUNT)]
        if over:
            out.append(Problem(f"villains.{v.id}.dial.{over[0]}", f"{v.id}'s dial asks more than {MAX_COUNT}"))
    levels = [b.level for b in s.batman]
    if len(set(levels)) != len(levels) or not all(_count(b.level, 1, MAX_COUNT) and _count(b.order, 0, MAX_COUNT)
                                                  and _count(b.fight, 0, MAX_COUNT) for b in s.batman):
        out.append(Problem("batman", "Batman's dial: each level once, values 0 or more"))
    elif s.batman_start_level not in levels:
        out.append(Problem("batman_start_level", f"Batman starts at a level of his dial, not {s.batman_start_level}"))
    if not all(b.district in DISTRICTS and b.income in (None, *RESOURCES) for b in s.blocks):
        out.append(Problem("blocks", "each block is in a district and gives Money, Information or nothing"))
    if not all(face == BAT or _count(face, 0, MAX_FACE) for face in s.die_faces):
        out.append(Problem("die_faces", f"a die face is the Bat Emblem or 0 to {MAX_FACE}"))
    long = [f"villains.{v.id}" for v in s.villains if len(v.name) > MAX_NAME] + \
        [f"blocks.{b.id}" for b in s.blocks if len(b.name) > MAX_NAME] + \
        [f"villains.{v.id}.abilities" for v in s.villains if any(len(a) > MAX_NAME for a in v.abilities)]
    if long:
        out.append(Problem(long[0], f"a name is longer than {MAX_NAME} characters"))
    return out


def state_problems(state: State) -> list[str]:
    """Where the counters, cards, turn and seats do not hold together (`counters.problems` first)."""
    s = state.settings
    seats = state.seats()
    if not 2 <= len(seats) <= 4 or len(set(seats)) != len(seats) or not set(seats) <= {v.id for v in s.villains}:
        return ["2 to 4 players, each a different Villain of the settings"]
    out = problems(state)
    blocks = set(s.block_ids())
    for p in state.players:
        if not set(p.abilities) <= set(s.villain(p.villain).abilities):
            out.append(f"{p.villain} holds an Ability card it does not have")
    hands = sum(p.hand + p.face_down for p in state.players)
    if not (_count(state.deck, 0, s.plot_cards) and state.deck + hands <= s.plot_cards):
        out.append(f"{state.deck} cards in the deck and {hands} in hand: more than {s.plot_cards}")
    if not _count(state.batman_deck, 0, s.batman_cards):
        out.append(f"the Batman deck holds {state.batman_deck} of {s.batman_cards}")
    if state.batman.level not in [b.level for b in s.batman]:
        out.append(f"Batman is at level {state.batman.level}, not on his dial")
    t = state.turn
    if not (t.step in ("setup", *STEPS) and _count(t.seat, 0, len(seats) - 1) and _count(t.number, 0, MAX_COUNT)
            and t.effect in EFFECTS and _count(t.hired, 0, MAX_COUNT) and _count(t.levels_gained, 0, MAX_COUNT)):
        out.append("the turn is off its track")
    for p in state.pending:
        if not (p.kind in PENDING and p.seat in seats and _count(p.count, 0, MAX_COUNT)
                and (p.block is None or p.block in blocks)):
            out.append("a pending choice names no seat, block or kind of this table")
    f = state.fight
    if f is not None and not (f.block in blocks and {f.attacker, f.defender} <= {*seats, BATMAN}
                              and f.controller in (None, *seats) and f.after in AFTER):
        out.append("the fight names no block or fighter of this table")
    r = state.last_fight
    if r is not None and not (r.block in blocks and {r.attacker, r.defender, r.winner, r.loser} <= {*seats, BATMAN}
                              and {r.winner, r.loser} == {r.attacker, r.defender} and r.controller in (None, *seats)
                              and set(r.dice) == set(r.totals) == set(r.modifiers) == {r.attacker, r.defender}
                              and r.reason in REASONS):
        out.append("the last fight names no block or fighter of this table")
    if state.last_card_seat not in (None, *seats) or not set(state.winners) <= set(seats) \
            or (state.winners and not state.over):
        out.append("a seat that is not at the table, or a winner while the game is on")
    return out
