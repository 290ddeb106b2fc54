"""THE ROAD TO VICTORY (p.37–40): Objective cards as counters (hand, deck, piles), Resource
Points, Victory Points; and the Event and Encounter cards of PREPARE THE GAME (p.44ff).

The companion never reads a card's text: players say a requirement is met; the app keeps the
counts (hand of 4, 3 Resource Points, ≤1 Resource and ≤1 Objective per model activation, never
two Objectives with the same Name at once) and the VP total."""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import RuleRefused

HAND_SIZE = 4
RESOURCE_POINTS = 3
PHASES = ("I", "II", "III", "IV")  # When to Play: Take the Lead, Raise the Plan, Execute, Recount


@dataclass(frozen=True)
class ObjectiveCard:
    """The parts of an Objective card deck-building needs (OBJECTIVE CARDS items 1–3; FORMING
    OBJECTIVE DECKS): Name, crew icons (none: a general card), Number of Copies, and for the
    cards some models add, a subtitle and a rank icon."""
    name: str
    crews: tuple[str, ...] = ()
    copies: int = 1
    subtitle: str | None = None
    rank: str | None = None

    @property
    def general(self) -> bool:
        return not self.crews


@dataclass
class ObjectiveCounters:
    """One player's Objective cards as counts: the deck (face down), hand, Objectives in play
    waiting for their When to Score, Accomplished Objectives, Spent Resources, removed cards."""
    deck: int = 20
    hand: int = 0
    in_play: list[str] = field(default_factory=list)  # Names of Objectives shown, not yet scored
    accomplished: int = 0
    spent_resources: int = 0
    removed: int = 0
    mulligan_used: bool = False

    def draw_to(self, size: int = HAND_SIZE) -> int:
        """Draw from the deck until the hand holds `size` (or the deck is empty); cards drawn."""
        drawn = max(0, min(size - self.hand, self.deck))
        self.deck -= drawn
        self.hand += drawn
        return drawn

    def leave_hand(self) -> None:
        """A card leaves the hand (played, discarded…): redraw to the same count (USING OBJECTIVE
        CARDS: 'after resolving the effect you must draw the same number of cards')."""
        if self.hand <= 0:
            raise RuleRefused("USING OBJECTIVE CARDS", "No Objective card in hand", "empty_hand")
        self.hand -= 1
        if self.deck:
            self.deck -= 1
            self.hand += 1

    def discard_from_hand(self) -> None:
        """Discard: the card goes to the bottom of the deck, then one is drawn."""
        if self.hand <= 0:
            raise RuleRefused("USING OBJECTIVE CARDS", "No Objective card in hand", "empty_hand")
        # bottom of the deck then draw: the counts do not change


@dataclass
class PlayerCards:
    objectives: ObjectiveCounters = field(default_factory=ObjectiveCounters)
    resource_points: int = RESOURCE_POINTS
    victory_points: int = 0
    suspects: int = 0  # Suspect markers of this player on the board (≤ 8)


MAX_SUSPECTS = 8  # MANIPULATE ACTIONS: no more than 8 Suspect markers in the gaming area


# ---------------------------------------------------------------- Events and Encounters

@dataclass(frozen=True)
class EventCard:
    """An Event card in effect for the whole game (Events (Advanced Rule))."""
    name: str
    ranged_die_fewer_on: int | None = None  # Heavy Rain: Initiative rolls a D6 each round, 4+ ⇒ −1 die


@dataclass(frozen=True)
class EncounterCard:
    """An Encounter card: zones A/B and any deployment condition (DEPLOYMENT ZONES)."""
    name: str
    first_group_ranks: tuple[str, ...] | None = None  # only these ranks in the first group


EVENTS = {
    "Heavy Rain": EventCard("Heavy Rain", ranged_die_fewer_on=4),
}
ENCOUNTERS = {
    # the card printed in DEPLOYMENT ZONES (code BT0056; its name is not legible in the text)
    "BT0056": EncounterCard("BT0056", ("Leader", "Sidekick", "Free Agent")),
}


def check_first_group(encounter: EncounterCard | None, group: list) -> None:
    """DEPLOYMENT ZONES: an Encounter may restrict the first group deployed to some ranks.
    `group` holds (label, ranks) pairs; a model fits if any of its ranks is allowed."""
    if encounter is None or encounter.first_group_ranks is None:
        return
    for label, ranks in group:
        if not set(ranks) & set(encounter.first_group_ranks):
            raise RuleRefused("DEPLOYMENT ZONES",
                              f"{encounter.name}: the first group deployed holds only "
                              f"{', '.join(encounter.first_group_ranks)} models, not {label}",
                              "first_group_rank", model=label, encounter=encounter.name)


def heavy_rain_applies(event: EventCard | None, die: int) -> bool:
    """Heavy Rain: at the start of each round the Initiative player rolls a D6; on 4+ every
    ranged attack that round rolls 1 die fewer."""
    return event is not None and event.ranged_die_fewer_on is not None and die >= event.ranged_die_fewer_on
