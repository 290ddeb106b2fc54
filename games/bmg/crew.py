"""FORMING THE CREW (p.41–43): Reputation limit, the Boss and Affiliation, Rank, Equipment and
Funding, Forming Objective Decks; and CHARACTER CARDS' Name and Rivals rules.

`crew_problems` lists every refusal (the crew builder shows them all); `validate_crew` raises the
first. Each refusal names the rulebook heading that refuses it."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from math import ceil

from .cards import UNKNOWN_AFFILIATION, UNKNOWN_NAMES, CharacterCard
from .errors import RuleRefused
from .objectives import ObjectiveCard

STANDARD, QUICK, LONG = 350, 150, 450  # REPUTATION LIMIT
DECK_SIZE = 20


@dataclass(frozen=True)
class CrewMember:
    """A model of the crew and the rank it fills (RANK: a multi-rank model fills the slot chosen
    at building but keeps all its ranks in play)."""
    card: CharacterCard
    rank: str

    @property
    def ranks(self) -> tuple[str, ...]:
        return self.card.ranks


@dataclass(frozen=True)
class Crew:
    name: str
    members: tuple[CrewMember, ...]
    boss: str  # the Boss's card id (the Crown marker)
    objective_deck: tuple[ObjectiveCard, ...] = ()  # one entry per card, copies repeated
    equipment: int = 0  # $ spent on Henchmen equipment from the stash (Compendium prices)

    def member(self, card_id: str) -> CrewMember | None:
        return next((m for m in self.members if m.card.id == card_id), None)


def stash(limit: int) -> int:
    """EQUIPMENT AND FUNDING: $500 for every 150 Reputation or part thereof."""
    return 500 * ceil(limit / 150)


def rank_slots(limit: int, has_leader: bool = True) -> dict[str, int | None]:
    """RANK: 1 Leader; 1 Sidekick (2 without a Leader); 1 Free Agent and 1 Vehicle, +1 of each per
    150 Rep over 350 or part thereof; Henchmen unlimited (None)."""
    extra = ceil(max(0, limit - STANDARD) / 150)
    return {"Leader": 1, "Sidekick": 1 if has_leader else 2, "Free Agent": 1 + extra,
            "Vehicle": 1 + extra, "Henchman": None}


def funding_left(crew: Crew, limit: int) -> int:
    return stash(limit) - sum(m.card.funding for m in crew.members) - crew.equipment


def crew_problems(crew: Crew, limit: int) -> list[RuleRefused]:
    problems: list[RuleRefused] = []
    members = crew.members
    rep = sum(m.card.reputation for m in members)
    if rep > limit:
        problems.append(RuleRefused("REPUTATION LIMIT", f"{crew.name}: {rep} Reputation is above the "
                                    f"limit of {limit}", "reputation_over_limit", reputation=rep, limit=limit))
    for m in members:
        if m.rank not in m.card.ranks:
            problems.append(RuleRefused("RANK", f"{m.card.label} has no {m.rank} rank", "rank_not_on_card",
                                        card=m.card.id, rank=m.rank))
    counts = Counter(m.rank for m in members)
    slots = rank_slots(limit, has_leader=counts["Leader"] > 0)
    for rank, most in slots.items():
        if most is not None and counts[rank] > most:
            problems.append(RuleRefused("RANK", f"{crew.name}: {counts[rank]} {rank} models, at most {most}"
                                        + (" (a second Sidekick only without a Leader)"
                                           if rank == "Sidekick" and counts["Leader"] else ""),
                                        "rank_slots", rank=rank, count=counts[rank], most=most))
    boss = crew.member(crew.boss)
    if boss is None:
        problems.append(RuleRefused("THE BOSS AND AFFILIATION", f"{crew.name}: the Boss must be a model of "
                                    f"the crew", "boss_missing", card=crew.boss))
    else:
        allowed = "Leader" if counts["Leader"] else "Sidekick"
        if boss.rank != allowed:
            problems.append(RuleRefused("THE BOSS AND AFFILIATION",
                                        f"{boss.card.label} cannot be the Boss: the Boss is a Leader, or a "
                                        f"Sidekick if there is no Leader", "boss_rank",
                                        card=boss.card.id, rank=boss.rank))
        icons = set(boss.card.affiliations)
        for m in members:
            if m is boss or UNKNOWN_AFFILIATION in m.card.affiliations:
                continue
            if not icons & set(m.card.affiliations):
                problems.append(RuleRefused("THE BOSS AND AFFILIATION",
                                            f"{m.card.label} shares no Affiliation with the Boss "
                                            f"{boss.card.label}", "affiliation", card=m.card.id,
                                            boss=boss.card.id))
    for m in members:
        for other in members:
            if other is not m and set(m.card.rivals) & set(other.card.affiliations):
                problems.append(RuleRefused("CHARACTER CARDS › Rivals",
                                            f"{m.card.label} cannot join a crew with {other.card.label} "
                                            f"(a Rival crew icon)", "rival_in_crew",
                                            card=m.card.id, rival=other.card.id))
    seen: dict[str, list[CrewMember]] = {}
    for m in members:
        seen.setdefault(m.card.name, []).append(m)
    for name, same in seen.items():
        if len(same) < 2:
            continue
        aliases = [m.card.alias for m in same]
        if name not in UNKNOWN_NAMES or len(set(aliases)) < len(aliases):
            problems.append(RuleRefused("CHARACTER CARDS › Name",
                                        f"{crew.name}: more than one model named {name}"
                                        + (" with the same Alias" if name in UNKNOWN_NAMES else ""),
                                        "name_repeated", name=name))
    left = funding_left(crew, limit)
    if left < 0:
        problems.append(RuleRefused("EQUIPMENT AND FUNDING", f"{crew.name}: the Funding stash of ${stash(limit)} "
                                    f"is overspent by ${-left}", "stash_overspent",
                                    stash=stash(limit), over=-left))
    if crew.objective_deck:
        problems += deck_problems(crew)
    return problems


def crew_summary(crew: Crew, limit: int) -> dict:
    """What a crew builder shows, JSON-ready: its Reputation against the limit (REPUTATION LIMIT),
    the Funding stash, what the models and the equipment take of it and what is left (EQUIPMENT AND
    FUNDING), and each rank's slots used and allowed (RANK: null, unlimited)."""
    counts = Counter(m.rank for m in crew.members)
    slots = rank_slots(limit, has_leader=counts["Leader"] > 0)
    rep = sum(m.card.reputation for m in crew.members)
    models = sum(m.card.funding for m in crew.members)
    return {
        "name": crew.name, "boss": crew.boss, "limit": limit,
        "reputation": {"total": rep, "limit": limit, "left": limit - rep},
        "funding": {"stash": stash(limit), "models": models, "equipment": crew.equipment,
                    "left": funding_left(crew, limit)},
        "slots": {rank: {"used": counts[rank], "allowed": most} for rank, most in slots.items()},
        "members": [{"card": m.card.id, "name": m.card.name, "alias": m.card.alias, "rank": m.rank,
                     "reputation": m.card.reputation, "funding": m.card.funding} for m in crew.members],
        "objective_deck": len(crew.objective_deck),
    }


def validate_crew(crew: Crew, limit: int) -> None:
    problems = crew_problems(crew, limit)
    if problems:
        raise problems[0]


def _crew_icons(crew: Crew) -> set[str]:
    boss = crew.member(crew.boss)
    return set(boss.card.affiliations) if boss else set()


def _extra_card(card: ObjectiveCard, crew: Crew) -> bool:
    """A subtitled card is extra to the 20 when its subtitle is the Name or Alias of a crew model
    and its rank icon that model's rank."""
    if card.subtitle is None:
        return False
    return any(card.subtitle in (m.card.name, m.card.alias) and (card.rank is None or card.rank in m.card.ranks)
               for m in crew.members)


def deck_problems(crew: Crew) -> list[RuleRefused]:
    """FORMING OBJECTIVE DECKS."""
    rule = "FORMING OBJECTIVE DECKS"
    problems: list[RuleRefused] = []
    icons = _crew_icons(crew)
    normal = [c for c in crew.objective_deck if c.subtitle is None]
    for card in crew.objective_deck:
        if card.subtitle is not None and not _extra_card(card, crew):
            problems.append(RuleRefused(rule, f"{card.name} ({card.subtitle}) matches no model of the crew "
                                        f"by Name or Alias and rank", "subtitle_unmatched", card=card.name))
    if len(normal) != DECK_SIZE:
        problems.append(RuleRefused(rule, f"The Objective deck holds {len(normal)} cards, not {DECK_SIZE}",
                                    "deck_size", cards=len(normal), size=DECK_SIZE))
    for card in normal:
        if card.crews and not set(card.crews) & icons:
            problems.append(RuleRefused(rule, f"{card.name} belongs to another crew", "card_other_crew",
                                        card=card.name))
    general = sum(1 for c in normal if c.general)
    specific = len(normal) - general
    if general > specific:
        problems.append(RuleRefused(rule, f"{general} general cards, more than the {specific} cards of the "
                                    f"crew", "too_many_general", general=general, specific=specific))
    singles = sum(1 for c in normal if c.copies == 1)
    if singles > DECK_SIZE // 2:
        problems.append(RuleRefused(rule, f"{singles} single cards, more than half the deck",
                                    "too_many_singles", singles=singles, most=DECK_SIZE // 2))
    by_name = Counter(c.name for c in normal)
    printed = {c.name: c.copies for c in normal}
    for name, n in by_name.items():
        if n != printed[name] and not (printed[name] == 1 and n == 1):
            problems.append(RuleRefused(rule, f"{name}: {n} copies, the card asks for {printed[name]}"
                                        if printed[name] > 1 else f"{name}: only one copy allowed",
                                        "copies", card=name, count=n, copies=printed[name]))
    return problems
