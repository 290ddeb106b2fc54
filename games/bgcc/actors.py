"""Who may act now: an acting hero (V·B·3-5, IX·B), a character within its tile's activation and its
action multiplier (VI·C), the steps they act in. The engine and the dice flow both ask here."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import tiles
from .command_post import CharacterActivation, CommandPost
from .errors import RuleRefused
from games.events import plural
from .hero_board import Hero

if TYPE_CHECKING:
    from .table import Table

TILE_STEPS = ("villain.first_tile", "villain.second_tile")
VERSUS_TILE_STEPS = ("heroes.activations", "villain.activations")


def tile_steps(table: Table) -> tuple[str, ...]:
    """The steps in which tiles are activated and their characters act."""
    return VERSUS_TILE_STEPS if table.mode == "versus" else TILE_STEPS


def one_actor(hero: str | None, miniature: str | None, what: str) -> None:
    """A command names a hero or a miniature (IV), never both, never neither."""
    if (hero is None) == (miniature is None):
        raise RuleRefused("IV", f"{what}: name either a hero or a miniature", "hero_or_miniature")


def acting_hero(table: Table, hero_id: str) -> Hero:
    """An acting hero: active stance, not neutralized (V·B·3-5, IX·B); the step (the heroes'
    actions) is the command's window, which the registry checks before any handler runs. A hero
    who had said they were done and acts again is no longer done (V·B·5: "If at least one active
    hero still wishes to perform action(s), the heroes return to the previous step")."""
    hero = table.hero(hero_id)
    if hero.neutralized:
        raise RuleRefused("IX·B", f"{hero.name} is neutralized and can no longer perform actions",
                          "hero_neutralized", hero=hero.name)
    if hero.stance != "active":
        raise RuleRefused("V·B·3 [b]", f"{hero.name} is resting: a resting hero can only perform "
                                       f"free actions, rerolls and defenses", "hero_resting", hero=hero.name)
    hero.finished = False
    return hero


def use_character_action(table: Table, miniature_id: str, action: str, characteristic: int):
    """A character in the activated tile performs `action` with a characteristic, within its
    action multiplier (VI·C·3-5). Returns (post, tile, miniature, uses so far)."""
    post, tile, mini = table.find_miniature(miniature_id)
    label = tiles.miniature_label(tile, mini)
    if post.activation is None or post.activation.tile != tile.id:
        raise RuleRefused("VI·C", f"{label} acts only during the activation of its tile ({tile.name})",
                          "tile_not_activated", miniature=label, tile=tile.name)
    if mini.place != "board":
        raise RuleRefused("IX·B", f"{label} is not on the board", "miniature_not_on_board", miniature=label)
    record = character_record(post, mini.id, label)
    if record.moved_second:
        raise RuleRefused("VI·C·7", f"{label} made its second movement: its activation is over",
                          "activation_over", miniature=label)
    choices = getattr(tile.profile(mini), action)
    if not choices:
        raise RuleRefused("IX·E", f"{label} cannot perform a {action} action",
                          "cannot_perform_action", miniature=label, action=action)
    if not 0 <= characteristic < len(choices):
        raise RuleRefused("VI·C·3", f"{label} has {plural(len(choices), 'characteristic')} for {action}",
                          "unknown_characteristic", miniature=label, count=len(choices), action=action)
    if record.action is None:
        record.action, record.characteristic = action, characteristic
    elif record.action != action or record.characteristic != characteristic:
        raise RuleRefused("VI·C·5", f"{label} chose {record.action} (characteristic "
                                    f"{record.characteristic + 1}) for this activation",
                          "characteristic_already_chosen", miniature=label, action=record.action,
                          characteristic=record.characteristic + 1)
    multiplier = choices[characteristic].multiplier
    if record.uses >= multiplier:
        raise RuleRefused("VI·C·5", f"Action multiplier reached: {label} made "
                                    f"{record.uses} of {multiplier} {action} actions",
                          "action_multiplier_reached", miniature=label, uses=record.uses,
                          multiplier=multiplier, action=action)
    record.uses += 1
    return post, tile, mini, record


def character_record(post: CommandPost, miniature_id: str, label: str) -> CharacterActivation:
    """The activation record of a character; designating another finishes the current one (VI·C·1, 7)."""
    activation = post.activation
    record = activation.characters.get(miniature_id)
    if record is not None and record.finished:
        raise RuleRefused("VI·C", f"{label} has finished its activation for this tile",
                          "activation_finished", miniature=label)
    if activation.current not in (None, miniature_id):
        activation.characters[activation.current].finished = True
    activation.current = miniature_id
    if record is None:
        record = activation.characters[miniature_id] = CharacterActivation()
    return record
