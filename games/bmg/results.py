"""The last result of each kind the whole table reads: an attack (MELEE ATTACK, RANGED ATTACK), a
recovery roll (RECOVERY) and Take the Lead (TAKE THE LEAD). Each stays in the table (and so in every
seat's view) until the next one of the same kind: every phone draws it, not only the writer's.
All of it is public at the real table (dice rolled in the open, markers on the cards); nothing here
reads a secret. `seq` orders them: the highest is the latest result of any kind."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.serial import to_data

from .models import inflicted

if TYPE_CHECKING:
    from .attacks import TargetReport
    from .table import Table


@dataclass
class Markers:
    stun: int = 0  # ★
    injury: int = 0  # ♦


@dataclass
class TargetResult:
    """One target of an attack: its dice, hits and markers, `inflicted` before the caps and `kept`
    after them (DAMAGE MARKERS: "the damage is considered inflicted, but the exceed is discarded")."""
    target: str
    attack_dice: list[int]
    strength_die: int | None
    defense_dice: list[int]
    defense: int
    hits: int
    blocks: int
    strength_hit: bool
    critical: bool
    critical_effect: str | None
    standing: int
    inflicted: Markers
    kept: Markers
    ko: bool
    casualty: bool


@dataclass
class AttackResult:
    seq: int
    round: int
    kind: str  # "melee" | "ranged"
    attacker: str
    weapon: str
    effort: int  # the attacker's Effort (melee)
    targets: list[TargetResult]


@dataclass
class RecoveryResult:
    seq: int
    round: int
    model: str
    dice: list[int]
    kept: list[int]
    total: int
    endurance: int
    passed: bool


@dataclass
class LeadRoll:
    die: int
    bonus: int  # unused Pass markers of the round before
    total: int


@dataclass
class LeadResult:
    """The roll once every player rolled: a tie (roll again) or its winner, and whom the winner gave
    the Initiative once chosen."""
    seq: int
    round: int
    rolls: dict[str, LeadRoll]
    tie: bool
    winner: str | None = None
    initiative: str | None = None


@dataclass
class Results:
    seq: int = 0  # results recorded so far
    attack: AttackResult | None = None
    recovery: RecoveryResult | None = None
    lead: LeadResult | None = None


KINDS = ("attack", "recovery", "lead")


def _next(table: Table) -> int:
    table.results.seq += 1
    return table.results.seq


def target_result(table: Table, report: TargetReport) -> TargetResult:
    target = table.models[report.target]
    stun, injury = inflicted(report.markers)
    return TargetResult(target.id, list(report.attack_values), report.strength_value, list(report.defense_values),
                        report.defense, report.hits, report.blocks, report.strength_hit, report.critical,
                        report.critical_effect, report.standing, Markers(stun, injury),
                        Markers(report.stun, report.injury), target.ko, target.casualty)


def record_attack(table: Table, kind: str, attacker: str, weapon: str, effort: int,
                  targets: list[TargetResult]) -> None:
    table.results.attack = AttackResult(_next(table), table.round.number, kind, attacker, weapon, effort, targets)


def record_recovery(table: Table, model: str, dice, kept, total: int, endurance: int, passed: bool) -> None:
    table.results.recovery = RecoveryResult(_next(table), table.round.number, model, list(dice), list(kept), total,
                                            endurance, passed)


def record_lead(table: Table, rolls: dict[str, tuple[int, int]], winner: str | None) -> None:
    """`rolls`: each player's (die, bonus); `winner` None on a tie."""
    table.results.lead = LeadResult(_next(table), table.round.number,
                                    {p: LeadRoll(d, b, d + b) for p, (d, b) in rolls.items()}, winner is None, winner)


def record_initiative(table: Table, player: str) -> None:
    if table.results.lead is not None and table.results.lead.round == table.round.number:
        table.results.lead.initiative = player


def as_view(table: Table) -> dict:
    return to_data(table.results)


def problems(table: Table) -> list[str]:
    """What of the results names no model or player of the table (an import's check)."""
    r, found = table.results, []
    if r.attack is not None:
        found += [x for x in (r.attack.attacker, *(t.target for t in r.attack.targets)) if x not in table.models]
    if r.recovery is not None and r.recovery.model not in table.models:
        found.append(r.recovery.model)
    if r.lead is not None:
        found += [p for p in (*r.lead.rolls, r.lead.winner, r.lead.initiative)
                  if p is not None and p not in table.players]
    return found
