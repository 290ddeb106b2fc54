"""Dice, dice types, face tables, pools and rolls (II "Dice", IX·D, IX·E).

Five colours of dice; a *dice type* is a colour plus the presence or absence of the
free-reroll icon (IX·D). Each symbol on a face is one success. The rulebook does not print
the faces, so the face table is data: a default loaded from ``data/dice-faces.json`` (status
"unverified") that a table can calibrate colour by colour against its own dice.

Nothing here draws randomness by itself: `roll` takes an ``rng`` object supplied by the caller
(``secrets.SystemRandom()`` or ``random.Random(seed)``), and `physical_roll` / `counted_roll`
take what the players read on their real dice.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from games.bgcc.errors import RuleRefused

COLOURS: tuple[str, ...] = ("white", "yellow", "orange", "red", "black")
FACES_PER_DIE = 6
MAX_POOL = 40
MAX_SYMBOLS_PER_FACE = 6
STATUSES = ("unverified", "calibrated")

_DICE_RULE = "IX·D"


def check_count(value: object, what: str, rule: str, *, maximum: int | None = None) -> int:
    """Refuse anything that is not a whole number between 0 and `maximum`."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleRefused(rule, f"{what} must be a whole number, not {value!r}", "not_a_whole_number")
    if value < 0:
        raise RuleRefused(rule, f"{what} cannot be negative (got {value})", "negative_value", value=value)
    if maximum is not None and value > maximum:
        raise RuleRefused(rule, f"{what} cannot be more than {maximum} (got {value})",
                          "value_too_high", maximum=maximum, value=value)
    return value


def check_colour(colour: object) -> str:
    """Return `colour` if it is one of the five dice colours, else refuse."""
    if not isinstance(colour, str) or colour not in COLOURS:
        raise RuleRefused(_DICE_RULE, f"Unknown dice colour {colour!r}", "unknown_dice_colour", colour=str(colour))
    return colour


# --------------------------------------------------------------------------- dice types


@dataclass(frozen=True)
class DiceType:
    """A dice type: a colour and whether the die carries the free-reroll icon (IX·D)."""

    colour: str
    free_reroll: bool = False

    def __post_init__(self) -> None:
        check_colour(self.colour)
        if not isinstance(self.free_reroll, bool):
            raise RuleRefused(_DICE_RULE, "A die either carries the free-reroll icon or not", "free_reroll_flag")

    @property
    def sort_key(self) -> tuple[int, int]:
        return (COLOURS.index(self.colour), 0 if self.free_reroll else 1)

    @property
    def label(self) -> str:
        return f"{self.colour}+reroll" if self.free_reroll else self.colour

    @classmethod
    def parse(cls, text: str) -> "DiceType":
        """Read "orange", "orange+reroll" or "orange*" (the star marks the free-reroll icon)."""
        if not isinstance(text, str):
            raise RuleRefused(_DICE_RULE, f"Unknown dice type {text!r}", "unknown_dice_type")
        cleaned = text.strip().lower()
        for suffix in ("+reroll", "*"):
            if cleaned.endswith(suffix):
                return cls(cleaned[: -len(suffix)].strip(), True)
        return cls(cleaned, False)


# --------------------------------------------------------------------------- face table


def _check_faces(colour: str, six_faces: object) -> tuple[int, ...]:
    if isinstance(six_faces, (str, bytes)) or not isinstance(six_faces, Iterable):
        raise RuleRefused(_DICE_RULE, f"The {colour} die needs six face values", "faces_needed", colour=colour)
    values = tuple(six_faces)
    if len(values) != FACES_PER_DIE:
        raise RuleRefused(
            _DICE_RULE, f"The {colour} die has {FACES_PER_DIE} faces, not {len(values)}",
            "faces_count", colour=colour, count=len(values)
        )
    for value in values:
        check_count(
            value, f"Successes on a {colour} face", _DICE_RULE, maximum=MAX_SYMBOLS_PER_FACE
        )
    return values


@dataclass(frozen=True)
class FaceTable:
    """Successes printed on each of the six faces of each colour.

    `faces` holds one 6-tuple per colour, in the order of `COLOURS`. `calibrated` names the
    colours a table has checked against its own dice; `status` is "calibrated" only when all
    five are, "unverified" otherwise.
    """

    faces: tuple[tuple[int, ...], ...]
    calibrated: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if not isinstance(self.faces, tuple) or len(self.faces) != len(COLOURS):
            raise RuleRefused(_DICE_RULE, "A face table needs the faces of all five colours", "face_table_colours")
        checked = tuple(_check_faces(c, f) for c, f in zip(COLOURS, self.faces))
        object.__setattr__(self, "faces", checked)
        calibrated = frozenset(self.calibrated)
        for colour in calibrated:
            check_colour(colour)
        object.__setattr__(self, "calibrated", calibrated)

    @property
    def status(self) -> str:
        return "calibrated" if self.calibrated == frozenset(COLOURS) else "unverified"

    def faces_of(self, colour: str) -> tuple[int, ...]:
        return self.faces[COLOURS.index(check_colour(colour))]

    def colour_status(self, colour: str) -> str:
        return "calibrated" if check_colour(colour) in self.calibrated else "unverified"

    def successes(self, colour: str, face: int) -> int:
        """Successes shown by face `face` (0-5) of a die of `colour`."""
        check_count(face, "A face index", _DICE_RULE, maximum=FACES_PER_DIE - 1)
        return self.faces_of(colour)[face]

    def mean(self, colour: str) -> float:
        return sum(self.faces_of(colour)) / FACES_PER_DIE

    def maximum(self, colour: str) -> int:
        return max(self.faces_of(colour))

    def calibrate(self, colour: str, six_faces: Sequence[int]) -> "FaceTable":
        """A new table where `colour` has the six faces a table read on its own die."""
        colour = check_colour(colour)
        values = _check_faces(colour, six_faces)
        faces = tuple(
            values if c == colour else f for c, f in zip(COLOURS, self.faces)
        )
        return FaceTable(faces, self.calibrated | {colour})

    @classmethod
    def from_dict(cls, data: Mapping) -> "FaceTable":
        """Read a table from plain data (``{"status": ..., "faces": {colour: [6 ints]}}``)."""
        if not isinstance(data, Mapping) or not isinstance(data.get("faces"), Mapping):
            raise RuleRefused(_DICE_RULE, "A face table needs a 'faces' mapping", "face_table_mapping")
        faces_map = data["faces"]
        for colour in faces_map:
            check_colour(colour)
        missing = [c for c in COLOURS if c not in faces_map]
        if missing:
            raise RuleRefused(_DICE_RULE, f"The face table lacks the {missing[0]} die",
                              "face_table_missing_die", colour=missing[0])
        status = data.get("status", "unverified")
        if status not in STATUSES:
            raise RuleRefused(_DICE_RULE, f"Unknown face table status {status!r}", "unknown_face_status")
        if "calibrated" in data:
            calibrated = frozenset(data["calibrated"])
        else:
            calibrated = frozenset(COLOURS) if status == "calibrated" else frozenset()
        return cls(tuple(tuple(faces_map[c]) for c in COLOURS), calibrated)


def _faces_json_text() -> str:
    try:
        return resources.files("games.bgcc").joinpath("data/dice-faces.json").read_text("utf-8")
    except (ModuleNotFoundError, FileNotFoundError):  # pragma: no cover - source checkout
        return (Path(__file__).parent / "data" / "dice-faces.json").read_text("utf-8")


@lru_cache(maxsize=1)
def default_faces() -> FaceTable:
    """The default face table shipped with the game package (status "unverified")."""
    return FaceTable.from_dict(json.loads(_faces_json_text()))


# --------------------------------------------------------------------------- pools


@dataclass(frozen=True)
class Pool:
    """A dice pool: a multiset of dice types, kept in a canonical order.

    Dice are sorted by colour (white → black), dice with the free-reroll icon first; a die's
    index in a `Roll` is its position here.
    """

    dice: tuple[DiceType, ...] = ()

    def __post_init__(self) -> None:
        dice = tuple(self.dice)
        for die in dice:
            if not isinstance(die, DiceType):
                raise RuleRefused(_DICE_RULE, f"Not a dice type: {die!r}", "not_a_dice_type")
        if len(dice) > MAX_POOL:
            raise RuleRefused(_DICE_RULE, f"A pool holds at most {MAX_POOL} dice", "pool_too_large", maximum=MAX_POOL)
        object.__setattr__(self, "dice", tuple(sorted(dice, key=lambda d: d.sort_key)))

    @classmethod
    def of(cls, *dice: DiceType | str) -> "Pool":
        """A pool of the given dice (dice types or texts such as "yellow+reroll")."""
        return cls(tuple(d if isinstance(d, DiceType) else DiceType.parse(d) for d in dice))

    @classmethod
    def build(
        cls,
        characteristic: Sequence[DiceType],
        cubes: int,
        bonus: Sequence[DiceType] = (),
    ) -> "Pool":
        """Cubes × the characteristic's dice, plus bonus dice (V·C·1 [d]-[e], V·C·2 [d]-[e]).

        A characteristic is one or several dice types (IX·E); an empty characteristic adds no
        dice, only the bonuses count.
        """
        check_count(cubes, "The number of cubes", "V·C·1 [d]", maximum=MAX_POOL)
        characteristic = tuple(characteristic)
        bonus = tuple(bonus)
        if len(characteristic) * cubes + len(bonus) > MAX_POOL:
            raise RuleRefused(_DICE_RULE, f"A pool holds at most {MAX_POOL} dice", "pool_too_large", maximum=MAX_POOL)
        return cls(characteristic * cubes + bonus)

    def plus(self, dice: Iterable[DiceType]) -> "Pool":
        """This pool with more dice (a weapon, elevation, Berserk...)."""
        return Pool(self.dice + tuple(dice))

    def __add__(self, other: "Pool") -> "Pool":
        if not isinstance(other, Pool):
            return NotImplemented
        return self.plus(other.dice)

    def __len__(self) -> int:
        return len(self.dice)

    def __iter__(self):
        return iter(self.dice)

    def counts(self) -> tuple[tuple[DiceType, int], ...]:
        """(dice type, how many) in canonical order."""
        counter = Counter(self.dice)
        return tuple((d, counter[d]) for d in sorted(counter, key=lambda d: d.sort_key))

    def colour_counts(self) -> dict[str, int]:
        counter = Counter(d.colour for d in self.dice)
        return {c: counter[c] for c in COLOURS if counter[c]}

    def free_reroll_icons(self) -> dict[str, int]:
        """Free-reroll icons per colour in this pool (VIII·B)."""
        counter = Counter(d.colour for d in self.dice if d.free_reroll)
        return {c: counter[c] for c in COLOURS if counter[c]}

    def describe(self) -> str:
        if not self.dice:
            return "no dice"
        parts = []
        for die, n in self.counts():
            icon = " with free reroll" if die.free_reroll else ""
            parts.append(f"{n} {die.colour}{icon}")
        return " + ".join(parts)


# --------------------------------------------------------------------------- rolls


@dataclass(frozen=True)
class DieResult:
    """One die of a roll: its index in the pool, type, face (0-5) and successes shown."""

    index: int
    dice_type: DiceType
    face: int
    successes: int
    free_rerolled: bool = False
    times_rerolled: int = 0


@dataclass(frozen=True)
class RerollRecord:
    """One die rerolled: at which step of VIII, from what source, and its faces before/after."""

    step: str  # "skill", "free", "misfortune", "paid"
    source: str  # "Luck", "yellow icon", "Misfortune", "reroll space"...
    index: int
    face_before: int
    face_after: int
    successes_before: int
    successes_after: int


ENTRIES = ("rolled", "physical", "count")


@dataclass(frozen=True)
class Roll:
    """A rolled pool: every die and its face, or, for a count entry, only the success count.

    `entry` says how the result was obtained: "rolled" by the app, "physical" faces entered by
    the players, or "count" where only the total of successes was entered (no per-die faces).
    `rerolls` records every reroll made on this roll, in order.
    """

    dice: tuple[DieResult, ...]
    faces: FaceTable
    entry: str = "rolled"
    counted: int | None = None
    rerolls: tuple[RerollRecord, ...] = ()
    counted_pool: Pool | None = None

    @property
    def successes(self) -> int:
        """Successes shown by the dice (symbols); automatic successes and hindering come later."""
        if self.counted is not None:
            return self.counted
        return sum(d.successes for d in self.dice)

    @property
    def pool(self) -> Pool:
        if self.counted_pool is not None:
            return self.counted_pool
        return Pool(tuple(d.dice_type for d in self.dice))

    @property
    def face_indexes(self) -> tuple[int, ...]:
        return tuple(d.face for d in self.dice)

    def die(self, index: int) -> DieResult:
        check_count(index, "A die index", "VIII·A")
        if index >= len(self.dice):
            raise RuleRefused("VIII·A", f"There is no die {index} in this roll of {len(self.dice)} dice",
                              "no_such_die", index=index, dice=len(self.dice))
        return self.dice[index]

    def as_record(self) -> dict:
        """Plain data for storage: every die with its type, face and successes, and the rerolls."""
        return {
            "entry": self.entry,
            "faces_status": self.faces.status,
            "successes": self.successes,
            "pool": [d.label for d in self.pool.dice],
            "dice": [
                {
                    "index": d.index,
                    "colour": d.dice_type.colour,
                    "free_reroll": d.dice_type.free_reroll,
                    "face": d.face,
                    "successes": d.successes,
                    "free_rerolled": d.free_rerolled,
                    "times_rerolled": d.times_rerolled,
                }
                for d in self.dice
            ],
            "rerolls": [
                {
                    "step": r.step,
                    "source": r.source,
                    "index": r.index,
                    "face_before": r.face_before,
                    "face_after": r.face_after,
                    "successes_before": r.successes_before,
                    "successes_after": r.successes_after,
                }
                for r in self.rerolls
            ],
        }


def _check_pool(pool: object) -> Pool:
    if not isinstance(pool, Pool):
        raise RuleRefused(_DICE_RULE, "Dice are rolled as a pool", "dice_as_pool")
    return pool


def _check_faces_table(faces: FaceTable | None) -> FaceTable:
    if faces is None:
        return default_faces()
    if not isinstance(faces, FaceTable):
        raise RuleRefused(_DICE_RULE, "Dice need a face table", "face_table_needed")
    return faces


def draw_face(rng: object) -> int:
    """One uniformly drawn face index 0-5 from the caller's random source."""
    if hasattr(rng, "randrange"):
        face = rng.randrange(FACES_PER_DIE)
    elif hasattr(rng, "choice"):
        face = rng.choice(range(FACES_PER_DIE))
    else:
        raise TypeError("rng must offer randrange(n) or choice(seq)")
    if isinstance(face, bool) or not isinstance(face, int) or not 0 <= face < FACES_PER_DIE:
        raise TypeError(f"rng returned {face!r}, not a face index 0-{FACES_PER_DIE - 1}")
    return face


def check_face_indexes(face_indexes: object, expected: int, rule: str = _DICE_RULE) -> tuple[int, ...]:
    """Validate faces the players read on real dice: `expected` indexes, each 0-5."""
    if isinstance(face_indexes, (str, bytes)) or not isinstance(face_indexes, Iterable):
        raise RuleRefused(rule, "Enter one face (0-5) per die", "one_face_per_die")
    values = tuple(face_indexes)
    if len(values) != expected:
        raise RuleRefused(rule, f"Enter one face per die: {expected} expected, {len(values)} given",
                          "faces_per_die_count", expected=expected, given=len(values))
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < FACES_PER_DIE:
            raise RuleRefused(rule, f"A die has faces 0 to {FACES_PER_DIE - 1}, not {value!r}",
                              "face_out_of_range", maximum=FACES_PER_DIE - 1)
    return values


def _make_roll(pool: Pool, faces: FaceTable, indexes: Sequence[int], entry: str) -> Roll:
    dice = tuple(
        DieResult(i, d, f, faces.successes(d.colour, f))
        for i, (d, f) in enumerate(zip(pool.dice, indexes))
    )
    return Roll(dice, faces, entry)


def roll(pool: Pool, faces: FaceTable | None, rng: object) -> Roll:
    """Roll every die of `pool` with the caller's `rng` (V·C·1 [f], VII·E)."""
    pool = _check_pool(pool)
    faces = _check_faces_table(faces)
    return _make_roll(pool, faces, [draw_face(rng) for _ in pool.dice], "rolled")


def physical_roll(pool: Pool, faces: FaceTable | None, face_indexes: Sequence[int]) -> Roll:
    """A roll made with real dice: the players enter the face (0-5) shown by each die, in pool order."""
    pool = _check_pool(pool)
    faces = _check_faces_table(faces)
    indexes = check_face_indexes(face_indexes, len(pool))
    return _make_roll(pool, faces, indexes, "physical")


def max_successes(pool: Pool, faces: FaceTable | None = None) -> int:
    """The most successes `pool` can show with this face table."""
    faces = _check_faces_table(faces)
    return sum(faces.maximum(d.colour) for d in _check_pool(pool).dice)


def counted_roll(pool: Pool, faces: FaceTable | None, successes: int) -> Roll:
    """A roll made with real dice where the players enter only the total of successes.

    No per-die faces are known, so such a roll cannot be rerolled die by die here: make the
    rerolls at the table and enter the final count.
    """
    pool = _check_pool(pool)
    faces = _check_faces_table(faces)
    check_count(successes, "The number of successes", _DICE_RULE)
    most = max_successes(pool, faces)
    if successes > most:
        raise RuleRefused(
            _DICE_RULE,
            f"{pool.describe()} can show at most {most} successes with the configured faces; "
            "calibrate the faces if your dice differ",
            "successes_over_pool", most=most,
        )
    return Roll((), faces, "count", successes, counted_pool=pool)
