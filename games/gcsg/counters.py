"""The counters (COMP, GLOS, SETUP): where every Threat, Henchman, Money and Information is, the
decks, Batman's block and level, each Villain's level and Ability cards.

Every token or figure is in exactly one place and the places sum to the totals: a Villain's 25
Threats are on blocks or in the Reserves (at most 5 on one block); its 5 Henchmen are in the
Reserves, its Hideout or on blocks; Money and Information are in the Reserves or a Hideout. The
Reserves are never stored: they are the totals minus what is elsewhere. Nothing here knows about
phones: `stash.py` says what each seat sees."""
from __future__ import annotations

from dataclasses import dataclass, field

from .settings import Settings

HIDEOUT = "hideout"
BATCAVE = "batcave"
BATMAN = "batman"


@dataclass
class Player:
    """A Villain and what its player holds. `money`, `information` and `hand` sit behind the
    screen (private); the rest is on the table."""
    villain: str
    level: int = 1
    money: int = 0
    information: int = 0
    threats: dict[str, int] = field(default_factory=dict)  # on the map, by block
    henchmen: dict[str, int] = field(default_factory=dict)  # on the map, by block
    hideout_henchmen: int = 0
    figure: str | None = None  # the block the Villain figure stands on; None: the Hideout
    abilities: list[str] = field(default_factory=list)  # chosen, face up
    hand: int = 0
    face_down: bool = False  # VAR: a Criminal Plot card waiting face down (its text stays secret)


@dataclass
class Batman:
    block: str | None = None  # None: the Batcave
    level: int = 1


@dataclass
class Pending:
    """Something a player owes or may do before play goes on: place Threats (a won fight, starting
    Threats, taken resources) or remove Threats (Batman's Order value)."""
    kind: str  # "place_threats" | "remove_threats"
    seat: str
    count: int
    may: bool  # True: "may" (the player can decline); False: "must"
    rule: str
    block: str | None = None  # remove_threats: the block
    reason: str = ""


@dataclass
class Fight:
    """A fight waiting for its dice (FVV, FVB). `attacker` entered the block last (wins ties);
    `controller` is the seat that runs Batman."""
    block: str
    attacker: str  # a villain id or "batman"
    defender: str
    controller: str | None = None
    after: str = "move"  # "move" or "signal": what the fight interrupted


@dataclass
class FightResult:
    """A fight as it ended (FVV, FVB), kept for every phone until the next fight starts: both
    sides' faces, modifiers (printed + entered) and totals, the winner and why ("bat_emblem": the
    Villain rolled the Bat Emblem against Batman; "tie": the one who entered the block wins;
    "higher": the higher total)."""
    block: str
    attacker: str
    defender: str
    controller: str | None
    dice: dict[str, int | str]
    modifiers: dict[str, int]
    totals: dict[str, int]
    winner: str
    loser: str
    reason: str
    rule: str
    turn: int = 0


@dataclass
class Turn:
    number: int = 0  # 0 while setting up
    seat: int = 0  # index into State.players (clockwise from the first player)
    step: str = "setup"
    card_played: bool = False
    signal_due: bool = False  # a Bat-Signal card played: the Batman card still to resolve
    effect: str | None = None  # "resources" | "plot" once chosen
    moved: bool = False
    hired: int = 0
    levels_gained: int = 0
    ability_due: bool = False
    ability_taken: bool = False  # one Ability card a turn (open question 8)
    signal_drawn: bool = False  # SIGNAL: the Batman card was drawn (and counted) when the Bat-Signal showed


@dataclass
class State:
    settings: Settings
    players: list[Player]
    batman: Batman
    deck: int
    batman_deck: int
    turn: Turn = field(default_factory=Turn)
    pending: list[Pending] = field(default_factory=list)
    fight: Fight | None = None
    last_fight: FightResult | None = None  # the last fight's outcome, until the next fight starts
    last_card_turn: int | None = None  # the turn the last Criminal Plot card was drawn
    last_card_seat: str | None = None
    over: bool = False
    winners: list[str] = field(default_factory=list)
    standings: list[dict] = field(default_factory=list)

    # -------------------------------------------------------------- lookups
    def seats(self) -> list[str]:
        return [p.villain for p in self.players]

    def player(self, villain: str) -> Player:
        for p in self.players:
            if p.villain == villain:
                return p
        from .errors import RuleRefused
        raise RuleRefused("SETUP", f"No Villain {villain} at this table", "unknown_villain", villain=villain)

    def active(self) -> Player:
        return self.players[self.turn.seat]

    def left_of(self, villain: str) -> str:
        """The player to the left (the next clockwise)."""
        seats = self.seats()
        return seats[(seats.index(villain) + 1) % len(seats)]

    def clockwise_from_left(self, villain: str) -> list[str]:
        seats = self.seats()
        i = seats.index(villain)
        return [seats[(i + k) % len(seats)] for k in range(1, len(seats))]


# ------------------------------------------------------------------ derived counts

def threats_on_map(p: Player) -> int:
    return sum(p.threats.values())


def threats_in_reserve(state: State, p: Player) -> int:
    return state.settings.threats_per_villain - threats_on_map(p)


def henchmen_on_map(p: Player) -> int:
    return sum(p.henchmen.values())


def recruited(p: Player) -> int:
    """Recruited Henchmen: on the map or in the Hideout (ADV, END)."""
    return henchmen_on_map(p) + p.hideout_henchmen


def henchmen_limit(state: State, p: Player) -> int:
    return state.settings.villain(p.villain).henchmen_limit


def henchmen_in_reserve(state: State, p: Player) -> int:
    return henchmen_limit(state, p) - recruited(p)


def reserve(state: State, kind: str) -> int:
    """Money or Information left in the Reserves (the total minus every Hideout)."""
    return state.settings.total(kind) - sum(getattr(p, kind) for p in state.players)


def threats_at(state: State, block: str) -> dict[str, int]:
    return {p.villain: p.threats.get(block, 0) for p in state.players if p.threats.get(block, 0)}


def henchmen_at(state: State, block: str) -> dict[str, int]:
    return {p.villain: p.henchmen.get(block, 0) for p in state.players if p.henchmen.get(block, 0)}


def villains_at(state: State, block: str) -> list[str]:
    return [p.villain for p in state.players if p.figure == block]


def add(counts: dict[str, int], key: str, n: int) -> None:
    """Add `n` (possibly negative) to a count, dropping it at zero."""
    value = counts.get(key, 0) + n
    if value:
        counts[key] = value
    else:
        counts.pop(key, None)


def denominations(amount: int, tokens: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    """One way to hold `amount` in tokens, largest first ((value, count) pairs), ignoring how many
    tokens the box holds (change-making is not described: the app keeps values)."""
    out = []
    for value, _ in sorted(tokens, reverse=True):
        n, amount = divmod(amount, value)
        if n:
            out.append((value, n))
    return out


def problems(state: State) -> list[str]:
    """Every broken invariant of the counters (empty when all hold)."""
    s = state.settings
    out = []
    blocks = set(s.block_ids())
    for p in state.players:
        name = p.villain
        for b, n in p.threats.items():
            if b not in blocks:
                out.append(f"{name} Threats on unknown block {b}")
            if n < 0:
                out.append(f"{name} has {n} Threats on {b}")
            if n > s.threats_per_block:
                out.append(f"{name} has {n} Threats on {b} (> {s.threats_per_block})")
        if threats_on_map(p) > s.threats_per_villain:
            out.append(f"{name} has {threats_on_map(p)} Threats on the map")
        for b, n in p.henchmen.items():
            if b not in blocks:
                out.append(f"{name} Henchmen on unknown block {b}")
            if n < 0:
                out.append(f"{name} has {n} Henchmen on {b}")
        if p.hideout_henchmen < 0:
            out.append(f"{name} has {p.hideout_henchmen} Henchmen in the Hideout")
        if henchmen_in_reserve(state, p) < 0:
            out.append(f"{name} recruited more Henchmen than it owns")
        for kind in ("money", "information", "hand"):
            if getattr(p, kind) < 0:
                out.append(f"{name} has {getattr(p, kind)} {kind}")
        if p.figure is not None and p.figure not in blocks:
            out.append(f"{name} stands on unknown block {p.figure}")
        if not 1 <= p.level <= s.win_level:
            out.append(f"{name} is at level {p.level}")
    for kind in ("money", "information"):
        if reserve(state, kind) < 0:
            out.append(f"the Reserves hold {reserve(state, kind)} {kind}")
    if state.deck < 0:
        out.append(f"the Criminal Plot deck holds {state.deck}")
    if state.batman_deck < 0:
        out.append(f"the Batman deck holds {state.batman_deck}")
    if state.batman.block is not None and state.batman.block not in blocks:
        out.append(f"Batman on unknown block {state.batman.block}")
    return out
