"""What a BGCC command takes, for its offer (`price`, `affordable`, `why`): energy cubes, Versus
activation discs, reinforcement points. Each price is read from the rules' own functions (the
activation's cost on the river, its discs, the amounts dredging and demobilizing remove), and each
refusal is the one the rules raise when the command is sent (`*_refusal`), so an offer's price and
its reason can never differ from what the command does.

A price is {unit: amount}: "cubes", "discs", "reinforcement_points", or "cubes_per_tile" (a dredge:
so many cubes for each tile named). A spend's price is that of one cube (`cubes: 1`, one tap)."""
from __future__ import annotations

from . import command_post as cp
from . import hero_board as hb
from . import river, versus
from .errors import RuleRefused
from games.events import plural
from .table import Table
from .tiles import miniature_label

DREDGE_CUBES = 2  # VI·F: "each tile dredged removes 2 energy cubes from the game"
DEMOBILIZE_CUBES = 2  # VI·G: a tile demobilized is dredged as though neutralized

Priced = tuple[dict, "tuple[str, dict] | None"]


def _why(refused: RuleRefused | None):
    return None if refused is None else (refused.code, refused.params)


def activation(table: Table, side: str, tile_id: str) -> Priced:
    """VI·B·3 [a]: the tile's cost on the river, from the reserve; Versus I·A 3: the activation's
    discs too (none, and maybe no cube, for a free activation a power gave)."""
    post = table.post(side)
    cubes = river.cost(post, tile_id)
    what = f"Tile '{post.tiles[tile_id].name}'"
    if table.mode != "versus":
        return {"cubes": cubes}, _why(cp.pay_refusal(post, cubes, what))
    discs, free = versus.activation_discs(table, post, tile_id)
    cubes = 0 if free else cubes
    return {"cubes": cubes, "discs": discs}, _why(versus.discs_refusal(post, discs) or cp.pay_refusal(post, cubes, what))


def dredge(table: Table, side: str) -> Priced:
    return {"cubes_per_tile": DREDGE_CUBES}, _why(cp.removal_refusal(table.post(side), DREDGE_CUBES, "Dredging"))


def demobilize(table: Table, side: str) -> Priced:
    return {"cubes": DEMOBILIZE_CUBES}, _why(cp.removal_refusal(table.post(side), DEMOBILIZE_CUBES, "Demobilization"))


def reinforcement_refusal(points: int, label: str, cost: int) -> RuleRefused | None:
    """VI·E: a miniature costs more reinforcement points than remain."""
    if cost > points:
        return RuleRefused("VI·E", f"{label} costs {plural(cost, 'reinforcement point')} but "
                                   f"{points} remain", "reinforcement_cost_too_high",
                           miniature=label, cost=cost, points=points)
    return None


def reinforce(table: Table, side: str, miniature: str) -> Priced:
    post, tile, mini = table.find_miniature(miniature)
    cost = tile.profile(mini).reinforcement_cost
    refused = reinforcement_refusal(table.post(side).reinforcement_points, miniature_label(tile, mini), cost)
    return {"reinforcement_points": cost}, _why(refused)


def spend_hero(table: Table, hero: str, space: str) -> Priced:
    return {"cubes": 1}, _why(hb.spend_refusal(table.hero(hero), space, 1))


def spend_post(table: Table, side: str, space: str) -> Priced:
    return {"cubes": 1}, _why(cp.spend_refusal(table.post(side), space, 1))
