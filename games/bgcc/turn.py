"""The turn track and the steps of a game turn (IV, V·B, VI·B).

A game turn: A upkeep → B the side with initiative plays → C end-game check 1 → D the other side
plays → E end-game check 2. Turn 0 is setup; the marker never passes the mission's turn limit.
"""
from __future__ import annotations

from dataclasses import dataclass

HEROES_STEPS = (
    "heroes.upkeep_start",
    "heroes.start_effects",
    "heroes.stances",
    "heroes.actions",
    "heroes.end_effects",
    "heroes.upkeep_end",
)
VILLAIN_STEPS = (
    "villain.upkeep",
    "villain.start_effects",
    "villain.first_tile",
    "villain.second_tile",
    "villain.end_effects",
)

VERSUS_STEPS = {
    side: (f"{side}.upkeep", f"{side}.start_effects", f"{side}.activations", f"{side}.end_effects")
    for side in ("heroes", "villain")
}

STEP_TITLES = {
    "setup": ("Setup", "IV"),
    "upkeep": ("Upkeep: advance the turn marker, upkeep effects", "IV·A"),
    "heroes.upkeep_start": ("Heroes: upkeep, start of turn", "V·B·1"),
    "heroes.start_effects": ("Heroes: start of turn effects", "V·B·2"),
    "heroes.stances": ("Heroes: declare stances", "V·B·3"),
    "heroes.actions": ("Heroes: actions", "V·B·4-5"),
    "heroes.end_effects": ("Heroes: end of turn effects", "V·B·6"),
    "heroes.upkeep_end": ("Heroes: upkeep, end of turn", "V·B·7"),
    "end_check_1": ("Check end-game conditions 1", "IV·C"),
    "end_check_2": ("Check end-game conditions 2", "IV·E"),
    "villain.upkeep": ("Villain: upkeep", "VI·B·1"),
    "villain.start_effects": ("Villain: start of turn effects", "VI·B·2"),
    "villain.first_tile": ("Villain: activate the first tile", "VI·B·3"),
    "villain.second_tile": ("Villain: activate the second tile", "VI·B·4"),
    "villain.end_effects": ("Villain: end of turn effects", "VI·B·5"),
    "game_over": ("Game over", "IV·C"),
    "heroes.upkeep": ("Heroes: upkeep and activation potential recovery", "Versus I·A"),
    "heroes.activations": ("Heroes: spend activation potential, activate tiles", "Versus I·A 3-4"),
    "villain.activations": ("Villain: spend activation potential, activate tiles", "Versus I·A 3-4"),
}


@dataclass
class TurnTrack:
    turn: int = 0
    step: str = "setup"
    winner: str | None = None
    reason: str | None = None

    @property
    def over(self) -> bool:
        return self.step == "game_over"


def sequence(initiative: str, mode: str = "standard") -> tuple[str, ...]:
    """The steps of one game turn for the side with initiative. In Versus each side's turn is
    upkeep, start effects, activations while discs last, end effects (Versus I·A)."""
    if mode == "versus":
        heroes, villain = VERSUS_STEPS["heroes"], VERSUS_STEPS["villain"]
    else:
        heroes, villain = HEROES_STEPS, VILLAIN_STEPS
    first, second = (heroes, villain) if initiative == "heroes" else (villain, heroes)
    return ("upkeep", *first, "end_check_1", *second, "end_check_2")


def next_step(track: TurnTrack, initiative: str, turn_limit: int, mode: str = "standard") -> tuple[int, str]:
    """The (turn, step) after the current one; after the last turn's second check, game over."""
    if track.step == "setup":
        return 1, "upkeep"
    steps = sequence(initiative, mode)
    i = steps.index(track.step)
    if i + 1 < len(steps):
        return track.turn, steps[i + 1]
    if track.turn >= turn_limit:
        return track.turn, "game_over"
    return track.turn + 1, "upkeep"


def side_playing(step: str) -> str | None:
    if step.startswith("heroes."):
        return "heroes"
    if step.startswith("villain."):
        return "villain"
    return None


def title(step: str) -> str:
    return STEP_TITLES[step][0]
