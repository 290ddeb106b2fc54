"""Table settings: the values the rulebook leaves to the dials, screens, board and dice.

The rulebook prints the components (84 Criminal Plot cards, 10 Batman cards, 25 Threats and 5
Henchmen per Villain, 30 × $1 + 10 × $5 Money, 30 × 1 + 10 × 3 Information, 12 blocks in 3
districts of 4) and the costs ($5 a Henchman, 1 Information to move, 2 Threats for a won fight, a
hand of 5): those are defaults here and enforced. What sits on a HeroClix dial (each Villain's level
requirements and Ability icons, Batman's Order and Fight values per level), on a player screen
(starting Threats, Money, Information), on the board (block names, districts, income signs) or on
the custom dice (their faces) is NOT in the text: a table enters it once as `Settings`.

`sample_settings()` is a SAMPLE for trying the app, labelled `sample=True`: apart from the few
values the rulebook prints (Joker level 4 → 6 Information, Joker level 5 → rule 5 blocks, an Ability
on Penguin's level 2, Ace Chemicals in Midtown, an Order value of 3, die faces 1, 2 and the Bat
Emblem), its numbers are placeholders, not the printed dials.

Open questions the text leaves (DIGEST-gcsg.md) that are a table's choice are settings too, each
with the default this package chose (see `lone_villain_rules`, `tied_rulers_share`)."""
from __future__ import annotations

from dataclasses import dataclass

BAT = "bat"  # the Bat Emblem face of the custom Batman dice
RESOURCES = ("money", "information")
REQUIREMENTS = ("money", "information", "blocks", "henchmen")
DISTRICTS = ("uptown", "midtown", "downtown")
VILLAIN_NAMES = {"joker": "The Joker", "penguin": "The Penguin", "two-face": "Two-Face",
                 "killer-croc": "Killer Croc"}


@dataclass(frozen=True)
class Requirement:
    """What the dial asks to advance from a level (ADV · Verification): an amount of Money or
    Information (shown and discarded), or a number of ruled blocks or recruited Henchmen (shown)."""
    kind: str
    amount: int


@dataclass(frozen=True)
class DialLevel:
    """One position of a Villain's dial: its level, the requirement for the next, and whether the
    position shows an Ability icon (ADV · Gain a new ability)."""
    level: int
    requirement: Requirement | None = None  # None at level 10 (WIN)
    ability: bool = False


@dataclass(frozen=True)
class Screen:
    """Starting amounts printed on a player screen (SETUP)."""
    threats: int
    money: int
    information: int


@dataclass(frozen=True)
class VillainData:
    id: str
    name: str
    dial: tuple[DialLevel, ...]  # levels 1..9 (10 is WIN)
    screen: Screen
    abilities: tuple[str, ...]  # the 5 Ability card names
    henchmen_limit: int = 5  # HIRE: 5 each; The Penguin's "Trained Bird" is an exception (its card)

    def at(self, level: int) -> DialLevel | None:
        for position in self.dial:
            if position.level == level:
                return position
        return None


@dataclass(frozen=True)
class BatmanLevel:
    """One position of Batman's dial (GLOS · Order value, Fight value)."""
    level: int
    order: int
    fight: int


@dataclass(frozen=True)
class Block:
    id: str
    name: str
    district: str
    income: str | None = None  # the transit sign's icon: "money" or "information"


@dataclass(frozen=True)
class Settings:
    villains: tuple[VillainData, ...]
    batman: tuple[BatmanLevel, ...]
    blocks: tuple[Block, ...]
    die_faces: tuple = ()  # the custom die's faces (BAT and numbers); () = any entered face accepted
    batman_start_level: int = 1  # open question 4
    lone_villain_rules: bool = False  # open question 1: GLOS·RULING "No player is considered to rule
    # a block that does not have any Threats or Henchmen" read as overriding the Villain clause
    sample: bool = False
    variant: bool = False  # VAR: next turn's card chosen and played face down before drawing
    hidden_takes: bool = False  # open question 16: True keeps which of Money/Information a player
    # takes (two resources, plot gains) behind the screen; False says it, as seen at the table
    # printed components and costs (COMP, SETUP, HIRE, MOVE, FVV, END)
    plot_cards: int = 84
    batman_cards: int = 10
    hand: int = 5
    threats_per_villain: int = 25
    threats_per_block: int = 5
    hire_cost: int = 5
    move_cost: int = 1
    fight_threats: int = 2
    take_resources: int = 2
    win_level: int = 10
    money_tokens: tuple[tuple[int, int], ...] = ((1, 30), (5, 10))  # (value, count)
    information_tokens: tuple[tuple[int, int], ...] = ((1, 30), (3, 10))

    def villain(self, villain_id: str) -> VillainData:
        for v in self.villains:
            if v.id == villain_id:
                return v
        raise KeyError(villain_id)

    def block(self, block_id: str) -> Block | None:
        for b in self.blocks:
            if b.id == block_id:
                return b
        return None

    def block_ids(self) -> list[str]:
        return [b.id for b in self.blocks]

    def batman_at(self, level: int) -> BatmanLevel:
        for position in self.batman:
            if position.level == level:
                return position
        return self.batman[-1]

    def batman_max_level(self) -> int:
        return max(p.level for p in self.batman)

    def total(self, kind: str) -> int:
        tokens = self.money_tokens if kind == "money" else self.information_tokens
        return sum(value * count for value, count in tokens)


class Problem(str):
    """One thing that makes settings unusable: its sentence, and `field`, where in the settings it
    lies as a phone's editor names it ("blocks", "villains.joker.dial.4", "batman", "hire_cost")."""
    field: str = ""

    def __new__(cls, field: str, text: str) -> "Problem":
        made = super().__new__(cls, text)
        made.field = field
        return made


def check_settings(settings: Settings) -> list[Problem]:
    """What makes settings unusable (empty when fine)."""
    problems = []
    if len(settings.blocks) != 12:
        problems.append(Problem("blocks", "the board has 12 blocks (COMP)"))
    if len({b.id for b in settings.blocks}) != len(settings.blocks):
        problems.append(Problem("blocks", "block ids repeat"))
    for v in settings.villains:
        levels = [p.level for p in v.dial]
        if sorted(levels) != list(range(1, settings.win_level)):
            problems.append(Problem(f"villains.{v.id}.dial", f"{v.name}'s dial needs levels 1 to {settings.win_level - 1}"))
        for p in v.dial:
            if p.requirement is None or p.requirement.kind not in REQUIREMENTS or p.requirement.amount < 0:
                problems.append(Problem(f"villains.{v.id}.dial.{p.level}", f"{v.name}'s level {p.level} needs a requirement"))
        if len(v.abilities) != 5:
            problems.append(Problem(f"villains.{v.id}.abilities", f"{v.name} has 5 Ability cards (COMP)"))
    if not settings.batman:
        problems.append(Problem("batman", "Batman's dial needs at least one level"))
    return problems


# ---------------------------------------------------------------- a SAMPLE (not the printed values)

def _sample_dial(villain: str) -> tuple[DialLevel, ...]:
    # SAMPLE placeholders, except Joker 4 (6 Information), Joker 5 (5 ruled blocks), Penguin 2 Ability.
    cycle = [("money", 4), ("information", 3), ("blocks", 3), ("henchmen", 2), ("information", 6),
             ("blocks", 5), ("money", 8), ("henchmen", 4), ("information", 8)]
    dial = []
    for level in range(1, 10):
        kind, amount = cycle[level - 1]
        if villain == "joker" and level == 4:
            kind, amount = "information", 6
        if villain == "joker" and level == 5:
            kind, amount = "blocks", 5
        dial.append(DialLevel(level, Requirement(kind, amount), ability=level in (2, 5, 8)))
    return tuple(dial)


SAMPLE_ABILITIES = {
    "joker": ("Laughing Gas", "Joker ability 2", "Joker ability 3", "Joker ability 4", "Joker ability 5"),
    "penguin": ("Hypnotizing Umbrella", "Trained Bird", "Penguin ability 3", "Penguin ability 4",
                "Penguin ability 5"),
    "two-face": ("Coin", "Two-Face ability 2", "Two-Face ability 3", "Two-Face ability 4", "Two-Face ability 5"),
    "killer-croc": ("Death Roll", "Trap", "Killer Croc ability 3", "Killer Croc ability 4",
                    "Killer Croc ability 5"),
}


def sample_blocks() -> tuple[Block, ...]:
    blocks = []
    for district in DISTRICTS:
        for n in range(1, 5):
            if district == "midtown" and n == 1:
                blocks.append(Block("ace-chemicals", "Ace Chemicals", "midtown", None))
                continue
            blocks.append(Block(f"{district}-{n}", f"{district.title()} block {n}", district,
                                "money" if n % 2 else "information"))
    return tuple(blocks)


def sample_settings(**changes) -> Settings:
    """A SAMPLE table for trying the app: placeholder dials, screens and board (see the module)."""
    villains = tuple(VillainData(v, name, _sample_dial(v), Screen(threats=4, money=3, information=3),
                                 SAMPLE_ABILITIES[v]) for v, name in VILLAIN_NAMES.items())
    batman = tuple(BatmanLevel(level, order=3, fight=level) for level in range(1, 7))
    base = dict(villains=villains, batman=batman, blocks=sample_blocks(), die_faces=(BAT, BAT, 1, 1, 2, 2),
                sample=True)
    base.update(changes)
    return Settings(**base)
