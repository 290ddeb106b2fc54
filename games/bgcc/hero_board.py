"""A hero board in play: where each energy cube is, the stance, the items carried (V·A, V·B, V·D).

Every cube is always in exactly one place: reserve, fatigue, wound or one of the seven spaces.
The places always sum to the hero's energy.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .definitions import HERO_SPACES, HeroBoard, Item, Skill, check_item
from .energy import exertion_refusal, take_cubes
from .errors import RuleRefused
from .skills import moral_code_allows, skill_usable

STANCES = ("active", "resting")


@dataclass
class Hero:
    id: str
    board: HeroBoard
    reserve: int
    fatigue: int = 0
    wound: int = 0
    spaces: dict[str, int] = field(default_factory=lambda: {s: 0 for s in HERO_SPACES})
    stance: str | None = None
    moved_this_turn: bool = False
    finished: bool = False  # said they are done in the actions step going on (V·B·5)
    equipment: list[Item] = field(default_factory=list)
    gadgets: list[Item] = field(default_factory=list)
    unused: dict[str, int] = field(default_factory=dict)  # cubes placed on an action space for its next action

    @property
    def name(self) -> str:
        return self.board.name

    @property
    def neutralized(self) -> bool:
        """All cubes in the wound zone (IX·A, IX·B)."""
        return self.wound == self.board.energy

    @property
    def encumbrance(self) -> int:
        """The encumbrance total: the carried equipment, bat-gadgets excluded (V·D·1)."""
        return sum(i.encumbrance for i in self.equipment)

    @property
    def first_movement_bonus(self) -> int:
        """The encumbrance table's bonus for the current total (V·A 11, V·D·1)."""
        for step in self.board.encumbrance_table:
            if self.encumbrance <= step.up_to:
                return step.bonus
        return 0

    def cube_places(self) -> dict[str, int]:
        return {"reserve": self.reserve, "fatigue": self.fatigue, "wound": self.wound, **self.spaces}


def new_hero(hero_id: str, board: HeroBoard, gadgets: list[Item] | None = None) -> Hero:
    """A hero at setup: every cube in the reserve (V·A 14)."""
    hero = Hero(id=hero_id, board=board, reserve=board.energy, gadgets=list(gadgets or []))
    size = sum(g.encumbrance for g in hero.gadgets)
    if size > board.utility_belt:
        raise RuleRefused("V·D·2", f"{board.name}'s bat-gadgets total size {size} but the utility "
                                   f"belt holds {board.utility_belt}", "utility_belt_full",
                          hero=board.name, size=size, belt=board.utility_belt)
    return hero


def skill_applies(hero: Hero, skill: Skill) -> bool:
    """A skill works only while the encumbrance total is lower than its limit (V·D·1);
    a neutralized hero's skills are not taken into account (IX·B)."""
    return skill_usable(hero.encumbrance, skill.encumbrance_limit, neutralized=hero.neutralized)


def room_on(hero: Hero, space: str) -> int:
    return max(0, hero.board.spaces[space].exertion_limit - hero.spaces[space])


def spend(hero: Hero, space: str, cubes: int) -> str:
    """Spending energy (IX·C): `cubes` from the reserve to a space, within its exertion limit (IX·I),
    or straight to the fatigue zone."""
    if cubes < 1:
        raise RuleRefused("IX·C", "Spend at least one cube", "spend_at_least_one_cube")
    if space != "fatigue" and space not in HERO_SPACES:
        raise RuleRefused("IX·C", f"{hero.name} has no space '{space}'", "unknown_space",
                          hero=hero.name, space=space)
    refused = spend_refusal(hero, space, cubes)
    if refused is not None:
        raise refused
    hero.reserve -= cubes
    if space == "fatigue":
        hero.fatigue += cubes
    else:
        hero.spaces[space] += cubes
    return f"{hero.name} spends {cubes} cube{'s' if cubes != 1 else ''} on {space}"


def spend_refusal(hero: Hero, space: str, cubes: int) -> RuleRefused | None:
    """What stops `cubes` going from the reserve to `space` now (IX·I, V·A 14): the price check that
    `spend` and the offers' `affordable` share."""
    if space != "fatigue":
        refused = exertion_refusal(space, hero.spaces[space], hero.board.spaces[space].exertion_limit, cubes)
        if refused is not None:
            return refused
    if cubes > hero.reserve:
        return RuleRefused("V·A 14", f"{hero.name}'s reserve holds {hero.reserve} "
                                     f"cube{'s' if hero.reserve != 1 else ''}, not {cubes}", "not_enough_cubes",
                           hero=hero.name, reserve=hero.reserve, cubes=cubes)
    return None


def clear_spaces(hero: Hero) -> int:
    """Upkeep (V·B·1, V·B·7): the cubes spent on the spaces go to the fatigue zone."""
    moved = sum(hero.spaces.values())
    hero.fatigue += moved
    hero.spaces = {s: 0 for s in HERO_SPACES}
    hero.unused = {}
    return moved


ACTION_SPACES = ("melee", "ranged", "manipulation", "thought")


def unused_on(hero: Hero, space: str) -> int:
    """Cubes placed on an action space since its last action (C4): a player moves the cubes to the
    space, then declares the action they are for (V·C·1 [c]: the attacker "moves them from their
    reserve zone to their melee attack action space. This corresponds to the attack intensity").
    Never more than the space holds (a wound takes cubes from the spaces, IX·A)."""
    return min(hero.unused.get(space, 0), hero.spaces.get(space, 0))


def placed(hero: Hero, space: str, cubes: int) -> None:
    """`cubes` were spent on an action space with no action: the next action from it counts them."""
    if space in ACTION_SPACES:
        hero.unused[space] = unused_on(hero, space) + cubes


def spend_for_action(hero: Hero, space: str, more: int, exactly: int | None = None) -> tuple[int, int]:
    """An action from `space`: the cubes already placed there count first, then `more` from the
    reserve (an automatic action spends `exactly` one: the placed cube if there is one). Returns
    (cubes of the action, cubes spent now)."""
    unused = unused_on(hero, space)
    if exactly is not None:
        used = min(unused, exactly)
        more = exactly - used
    else:
        used = unused
    if more:
        spend(hero, space, more)
    hero.unused.pop(space, None)
    if unused - used:
        hero.unused[space] = unused - used
    return used + more, more


def stances(hero: Hero) -> tuple[str, ...]:
    """The stances a hero may declare (V·B·3): a neutralized hero must rest."""
    return ("resting",) if hero.neutralized else STANCES


def recovery(hero: Hero, stance: str) -> tuple[int, int]:
    """What declaring `stance` would move (V·B·3): (fatigue → reserve, wound → fatigue)."""
    value = hero.board.active_recovery if stance == "active" else hero.board.resting_recovery
    to_reserve = min(value, hero.fatigue)
    return to_reserve, min(value - to_reserve, hero.wound)


def recover(hero: Hero, stance: str) -> tuple[int, int]:
    """Declare a stance (V·B·3): recover its value fatigue → reserve; what fatigue lacks moves
    wound → fatigue instead. A neutralized hero must rest. Returns (to reserve, out of wound)."""
    if stance not in STANCES:
        raise RuleRefused("V·B·3", f"A stance is active or resting, not '{stance}'", "unknown_stance",
                          stance=stance)
    if stance == "active" and hero.neutralized:
        raise RuleRefused("V·B·3", f"{hero.name} is neutralized and must choose the resting stance",
                          "neutralized_hero_rests", hero=hero.name)
    to_reserve, from_wound = recovery(hero, stance)
    hero.fatigue -= to_reserve
    hero.reserve += to_reserve
    hero.wound -= from_wound
    hero.fatigue += from_wound
    hero.stance = stance
    return to_reserve, from_wound


def wound(hero: Hero, wounds: int) -> list[str]:
    """Wounds (IX·A): one cube each to the wound zone, first from fatigue, then from the spaces,
    then from the reserve. Returns where the cubes came from."""
    taken = take_cubes(hero, wounds, HERO_SPACES)
    hero.wound += len(taken)
    return taken


def check_can_carry(hero: Hero, item: Item) -> None:
    """The encumbrance total may not exceed the maximum encumbrance value (V·D·1); the item must
    be one a card could print (no negative value, IX·K)."""
    check_item(item)
    if item.category != "equipment":
        raise RuleRefused("V·D·2", "A bat-gadget cannot be picked up, given, taken, thrown or dropped",
                          "gadget_stays_on_belt", item=item.name)
    total = hero.encumbrance + item.encumbrance
    if total > hero.board.maximum_encumbrance:
        raise RuleRefused("V·D·1", f"{item.name} would bring {hero.name}'s encumbrance to {total}, "
                                   f"over the maximum of {hero.board.maximum_encumbrance}", "too_encumbered",
                          item=item.name, hero=hero.name, total=total, maximum=hero.board.maximum_encumbrance)


def throw(table, hero: Hero, item: Item, net: int, distance: int) -> tuple[bool, str]:
    """V·D·1 [e], the Apply step: the thrown equipment leaves the hero and lies on the board; "If the
    number of successes is equal to or higher than the difficulty level of the throw, the hero places
    the equipment in the target area", otherwise "at a distance that is equal to the obtained number
    of successes, along the line of sight". Returns (reached, where it lands)."""
    hero.equipment.remove(item)
    table.loose_items.append(item)
    if net >= distance:
        return True, "in the target area"
    if net == 0:
        return False, "in the hero's own area"
    return False, f"{net} area{'s' if net > 1 else ''} away along the line of sight towards the target area"


def find_item(hero: Hero, name: str) -> Item:
    for item in hero.equipment:
        if item.name == name:
            return item
    if any(g.name == name for g in hero.gadgets):
        raise RuleRefused("V·D·2", "A bat-gadget cannot be picked up, given, taken, thrown or dropped",
                          "gadget_stays_on_belt", item=name)
    raise RuleRefused("V·D", f"{hero.name} carries no {name}", "item_not_carried",
                      hero=hero.name, item=name)


def carried(hero: Hero) -> list[Item]:
    """The item cards a hero carries: equipment and bat-gadgets."""
    return [*hero.equipment, *hero.gadgets]


def can_benefit(hero: Hero, item: Item) -> bool:
    """V·D 5: "Only the hero whose name is indicated on the item card can benefit from its
    bonuses"; the lethal icon: "the heroes with the Moral code trait cannot benefit from these
    bonuses" (XI·Moral code)."""
    return item.restricted_to in (None, hero.name) and (
        (hero.board.trait or "").strip().lower() != "moral code" or moral_code_allows(item.moral_code_forbidden))


def check_can_benefit(hero: Hero, item: Item) -> None:
    """Refuse an item card `hero` cannot benefit from (see `can_benefit`), naming why."""
    if item.restricted_to not in (None, hero.name):
        raise RuleRefused("V·D 5", f"Only {item.restricted_to} can benefit from {item.name}",
                          "item_restricted", hero=item.restricted_to, item=item.name)
    if not can_benefit(hero, item):
        raise RuleRefused("XI·Moral code", f"{hero.name} has the Moral code trait and cannot use the lethal "
                                           f"{item.name}", "moral_code_lethal_item", hero=hero.name, item=item.name)
