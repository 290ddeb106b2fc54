"""A table: one Batman Miniature Game in progress, everything the companion tracks (DIGEST-bmg §12):
the round, each player's counters, each model's markers."""
from __future__ import annotations

from dataclasses import dataclass, field

from games import PHYSICAL_DICE

from .errors import RuleRefused
from .models import Model
from .objectives import EncounterCard, EventCard, PlayerCards
from .results import Results

PHASES = ("take_the_lead", "raise_the_plan", "execute_the_plan", "recount", "game_over")
PHASE_TITLES = {"take_the_lead": "I. Take the Lead", "raise_the_plan": "II. Raise the Plan",
                "execute_the_plan": "III. Execute the Plan", "recount": "IV. Recount", "game_over": "Game over"}
LAST_ROUND = 4
AUDACITY_MARKERS = 4
EXTRA_ACTIONS = ("manipulate", "movement", "tactical", "special", "any")  # EXTRA ACTIONS a model may be granted


@dataclass
class Player:
    id: str
    name: str
    crew: str
    cards: PlayerCards = field(default_factory=PlayerCards)
    passes: int = 0  # Pass markers this round
    lead_bonus: int = 0  # unused Pass markers of last round: +1 each to the Take the Lead roll
    lead_roll: int | None = None  # this round's die
    plan_placed: bool = False
    recount_discard_used: bool = False

    @property
    def seat(self) -> str:
        return player_seat(self.id)


def player_seat(player_id: str) -> str:
    return f"player:{player_id}"


@dataclass
class Activation:
    """The model activating now and what it has done (ACTIVATE A MODEL, EXTRA ACTIONS)."""
    model: str
    actions: list[str] = field(default_factory=list)  # "movement" | "tactical" | "special", in order
    tactical: list[str] = field(default_factory=list)  # "melee" | "ranged" | "manipulate"
    extra: list[str] = field(default_factory=list)  # extra actions granted and not yet used
    moved: bool = False  # a Movement action before a ranged attack: −2 dice
    resources: list[str] = field(default_factory=list)  # players who played a Resource in it
    objectives: list[str] = field(default_factory=list)  # players who played an Objective in it


@dataclass
class PendingMelee:
    """A declared melee attack waiting for the Efforts and the dice (melee_flow)."""
    attacker: str
    weapon: str
    shares: list[dict]  # target, dice, strength_die, enemies_in_contact
    extra: bool = False
    defender_effort: dict[str, int | None] = field(default_factory=dict)
    attacker_effort: int | None = None
    effort_target: str | None = None

    @property
    def defenders_declared(self) -> bool:
        return all(v is not None for v in self.defender_effort.values())


@dataclass
class RoundTrack:
    number: int = 1
    phase: str = "take_the_lead"
    roll_winner: str | None = None
    initiative: str | None = None
    last_roll_losers: tuple[str, ...] = ()  # who lost the previous round's roll (the tie rule)
    heavy_rain: bool | None = None  # this round's Heavy Rain roll (None: not rolled / no such Event)
    turn: str | None = None  # whose turn it is to activate (Execute the Plan)
    activation: Activation | None = None
    melee: PendingMelee | None = None  # a declared melee attack waiting for Efforts and dice
    recount_step: int = 0  # 1..6 in the Recount
    winners: tuple[str, ...] = ()


@dataclass
class Table:
    players: dict[str, Player]  # in seat order
    models: dict[str, Model]
    limit: int
    event: EventCard | None = None
    encounter: EncounterCard | None = None
    recount_stun: str = "one"  # RECOVERY: "one" ★ per non-KO model, or "all" (Recount step 5): Open question 1
    dice: str = PHYSICAL_DICE  # "physical": a roll may be entered from real dice (else the app rolls); "server": the app rolls every die
    round: RoundTrack = field(default_factory=RoundTrack)
    results: Results = field(default_factory=Results)  # the last attack, recovery and Take the Lead (results.py)

    def player(self, player_id: str) -> Player:
        if player_id not in self.players:
            raise RuleRefused("THE GAME RULES", f"No player {player_id}", "no_such_player", player=player_id)
        return self.players[player_id]

    def model(self, model_id: str) -> Model:
        if model_id not in self.models:
            raise RuleRefused("CHARACTER CARDS", f"No model {model_id}", "no_such_model", model=model_id)
        return self.models[model_id]

    def crew_of(self, player_id: str) -> list[Model]:
        return [m for m in self.models.values() if m.player == player_id]

    def able(self, player_id: str) -> list[Model]:
        """Models of the player that can still activate this round."""
        return [m for m in self.crew_of(player_id) if m.can_activate]

    def order_from(self, first: str | None) -> list[str]:
        """Players in seat order starting with `first` (the player with Initiative)."""
        ids = list(self.players)
        if first not in ids:
            return ids
        i = ids.index(first)
        return ids[i:] + ids[:i]

    @property
    def over(self) -> bool:
        return self.round.phase == "game_over"
