"""A command post in play (VI·A·1): reserve and fatigue zones, the movement, defense and reroll
spaces with their exertion limits, the recovery value, and the river of tiles it controls.

Side-agnostic: the standard mode has one (the villain's); Versus gives each side one.
Cubes removed by dredging leave the game and are counted in `removed`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .definitions import COMMAND_POST_SPACES, SpaceDef
from .errors import RuleRefused
from .tiles import Tile


@dataclass
class Activation:
    """The tile being activated and what its characters have done (VI·C)."""
    tile: str
    characters: dict[str, "CharacterActivation"] = field(default_factory=dict)
    current: str | None = None


@dataclass
class CharacterActivation:
    action: str | None = None
    characteristic: int = 0
    uses: int = 0
    moved_first: bool = False  # VI·C·2: the first movement step was taken
    moved_second: bool = False  # VI·C·6: the second movement step was taken; the activation ends
    finished: bool = False


@dataclass
class CommandPost:
    side: str
    reserve: int
    fatigue: int
    recovery: int
    space_defs: dict[str, SpaceDef]
    cost_track: list[int]
    river: list[str]
    tiles: dict[str, Tile]
    spaces: dict[str, int] = field(default_factory=lambda: {s: 0 for s in COMMAND_POST_SPACES})
    removed: int = 0
    activations_this_turn: int = 0
    activation: Activation | None = None
    demobilized: bool = False
    reinforcement_points: int = 0

    @property
    def energy_in_play(self) -> int:
        return self.reserve + self.fatigue + sum(self.spaces.values())

    def tile(self, tile_id: str) -> Tile:
        tile = self.tiles.get(tile_id)
        if tile is None or tile.dredged:
            raise RuleRefused("VI·A·1 8", f"No tile '{tile_id}' in the {self.side}'s river")
        return tile


def room_on(post: CommandPost, space: str) -> int:
    return max(0, post.space_defs[space].exertion_limit - post.spaces[space])


def spend(post: CommandPost, space: str, cubes: int) -> str:
    """Spending (IX·C) on a command post space, within its exertion limit (IX·I)."""
    if space not in COMMAND_POST_SPACES:
        raise RuleRefused("VI·A·1", f"The command post has no space '{space}'")
    if cubes < 1:
        raise RuleRefused("IX·C", "Spend at least one cube")
    limit = post.space_defs[space].exertion_limit
    held = post.spaces[space]
    if held >= limit:
        raise RuleRefused("IX·I", f"{space.capitalize()} space is saturated: {held} of {limit}")
    if held + cubes > limit:
        raise RuleRefused("IX·I", f"{space.capitalize()} space holds {held} of {limit}: "
                                  f"room for {limit - held}, not {cubes}")
    if cubes > post.reserve:
        raise RuleRefused("VI·A·1 1", f"The {post.side}'s reserve holds {post.reserve}, not {cubes}")
    post.reserve -= cubes
    post.spaces[space] += cubes
    return f"The {post.side} spends {cubes} cube{'s' if cubes != 1 else ''} on {space}"


def pay(post: CommandPost, cost: int, what: str) -> None:
    """Pay an activation cost: reserve → fatigue (VI·B·3 [b])."""
    if cost > post.reserve:
        raise RuleRefused("VI·B·3 [a]", f"{what} costs {cost} but the reserve holds {post.reserve}")
    post.reserve -= cost
    post.fatigue += cost


def upkeep(post: CommandPost) -> tuple[int, int]:
    """Upkeep villain (VI·B·1): every cube outside reserve and fatigue to fatigue, then recover
    the recovery value fatigue → reserve. Returns (cubes moved to fatigue, cubes recovered)."""
    moved = sum(post.spaces.values())
    post.fatigue += moved
    post.spaces = {s: 0 for s in COMMAND_POST_SPACES}
    recovered = min(post.recovery, post.fatigue)
    post.fatigue -= recovered
    post.reserve += recovered
    post.activations_this_turn = 0
    post.activation = None
    return moved, recovered


def remove_from_game(post: CommandPost, cubes: int, what: str) -> list[str]:
    """Dredging's cubes leave the game: from fatigue, then the spaces, then the reserve (VI·F)."""
    if cubes > post.energy_in_play:
        raise RuleRefused("VI·F", f"{what} costs {cubes} cubes but the command post holds "
                                  f"{post.energy_in_play}")
    taken: list[str] = []
    for _ in range(cubes):
        if post.fatigue:
            post.fatigue -= 1
            taken.append("fatigue")
            continue
        space = next((s for s in COMMAND_POST_SPACES if post.spaces[s]), None)
        if space:
            post.spaces[space] -= 1
            taken.append(space)
        else:
            post.reserve -= 1
            taken.append("reserve")
    post.removed += cubes
    return taken
