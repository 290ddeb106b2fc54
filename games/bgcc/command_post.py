"""A command post in play (VI·A·1): reserve and fatigue zones, the movement, defense and reroll
spaces with their exertion limits, the recovery value, and the river of tiles it controls.

Side-agnostic: the standard mode has one (the villain's); Versus gives each side one.
Cubes removed by dredging leave the game and are counted in `removed`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .definitions import COMMAND_POST_SPACES, Power, SpaceDef
from .energy import exertion_refusal, take_cubes
from .errors import RuleRefused
from .tiles import Tile

MAX_ACTIVATIONS = 2  # VI·B: 0, 1 or 2 tiles per villain turn (standard mode)


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
class Discs:
    """Activation potential discs in their three zones (Versus I·A)."""
    available: int
    unavailable: int
    spent: int = 0
    recovery: list[int] = field(default_factory=lambda: [2])

    def recovery_in(self, turn: int) -> int:
        """The discs recovered in `turn` (a schedule such as 3 in turns 1-3, then 2)."""
        return self.recovery[min(turn, len(self.recovery)) - 1] if turn >= 1 else 0

    @property
    def total(self) -> int:
        return self.available + self.unavailable + self.spent


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
    activated_this_turn: list[str] = field(default_factory=list)  # the tiles activated, in order
    activation: Activation | None = None
    demobilized: bool = False
    reinforcement_points: int = 0
    # Versus: discs, the HQ tile and its powers, hacking tokens on this post's spaces,
    # activations that cost nothing
    discs: Discs | None = None
    hq: str | None = None
    powers: list[Power] = field(default_factory=list)
    hacking: dict[str, int] = field(default_factory=dict)
    free_activations: list[bool] = field(default_factory=list)  # True: the cube cost is waived too
    activations_head_start: int = 0  # activations counted as made when the side's next turn starts

    @property
    def energy_in_play(self) -> int:
        return self.reserve + self.fatigue + sum(self.spaces.values())

    def tile(self, tile_id: str) -> Tile:
        tile = self.tiles.get(tile_id)
        if tile is None or tile.dredged:
            raise RuleRefused("VI·A·1 8", f"No tile '{tile_id}' in the {self.side}'s river",
                              "tile_not_in_river", tile=tile_id, side=self.side)
        return tile


def limit(post: CommandPost, space: str) -> int:
    """The space's exertion limit, lowered by 1 per hacking token on it (Versus: Red Robin)."""
    return max(0, post.space_defs[space].exertion_limit - post.hacking.get(space, 0))


def room_on(post: CommandPost, space: str) -> int:
    return max(0, limit(post, space) - post.spaces[space])


def spend(post: CommandPost, space: str, cubes: int) -> str:
    """Spending (IX·C) on a command post space, within its exertion limit (IX·I)."""
    if space not in COMMAND_POST_SPACES:
        raise RuleRefused("VI·A·1", f"The command post has no space '{space}'", "unknown_space",
                          space=space)
    if cubes < 1:
        raise RuleRefused("IX·C", "Spend at least one cube", "spend_at_least_one_cube")
    refused = spend_refusal(post, space, cubes)
    if refused is not None:
        raise refused
    post.reserve -= cubes
    post.spaces[space] += cubes
    return f"The {post.side} spends {cubes} cube{'s' if cubes != 1 else ''} on {space}"


def spend_refusal(post: CommandPost, space: str, cubes: int) -> RuleRefused | None:
    """What stops `cubes` going from the reserve to `space` now (IX·I, VI·A·1 1): shared by `spend`
    and the offers' `affordable`."""
    refused = exertion_refusal(space, post.spaces[space], limit(post, space), cubes)
    if refused is None and cubes > post.reserve:
        refused = RuleRefused("VI·A·1 1", f"The {post.side}'s reserve holds {post.reserve}, not {cubes}",
                              "not_enough_cubes", side=post.side, reserve=post.reserve, cubes=cubes)
    return refused


def pay_refusal(post: CommandPost, cost: int, what: str) -> RuleRefused | None:
    """VI·B·3 [a]: an activation cost the reserve cannot pay."""
    if cost > post.reserve:
        return RuleRefused("VI·B·3 [a]", f"{what} costs {cost} but the reserve holds {post.reserve}",
                           "not_enough_cubes", side=post.side, cubes=cost, reserve=post.reserve)
    return None


def pay(post: CommandPost, cost: int, what: str) -> None:
    """Pay an activation cost: reserve → fatigue (VI·B·3 [b])."""
    refused = pay_refusal(post, cost, what)
    if refused is not None:
        raise refused
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
    post.activated_this_turn = []
    post.activation = None
    return moved, recovered


def remove_from_game(post: CommandPost, cubes: int, what: str) -> list[str]:
    """Dredging's cubes leave the game: from fatigue, then the spaces, then the reserve (VI·F)."""
    refused = removal_refusal(post, cubes, what)
    if refused is not None:
        raise refused
    taken = take_cubes(post, cubes, COMMAND_POST_SPACES)
    post.removed += cubes
    return taken


def removal_refusal(post: CommandPost, cubes: int, what: str) -> RuleRefused | None:
    """VI·F: fewer cubes in play than dredging (or demobilizing) removes from the game."""
    if cubes > post.energy_in_play:
        return RuleRefused("VI·F", f"{what} costs {cubes} cubes but the command post holds "
                                   f"{post.energy_in_play}", "not_enough_cubes_in_play",
                           cubes=cubes, held=post.energy_in_play)
    return None
