"""A model in play (DAMAGE MARKERS; KNOCKED OUT, p.34; EFFORT, EFFORT LIMIT, p.28ff; RECOVERY,
p.36; RANGED WEAPONS › Ammunition).

Invariants the companion keeps: 0 ≤ ★ ≤ Willpower and 0 ≤ ♦ ≤ Endurance (the excess is
discarded); KO exactly when ★ has reached Willpower; a Casualty is removed and never acts again;
KO clears Knocked Down and a KO model cannot be Knocked Down."""
from __future__ import annotations

from dataclasses import dataclass, field

from .cards import CharacterCard, Damage
from .errors import RuleRefused

EFFORT_LIMIT = 3


@dataclass
class Model:
    id: str
    player: str
    card: CharacterCard
    rank: str  # the rank it fills in the crew (it keeps all its card's ranks in play)
    stun: int = 0  # ★
    injury: int = 0  # ♦
    casualty: bool = False
    knocked_down: bool = False
    statuses: list[str] = field(default_factory=list)  # Compendium effects as reminders (Stunned, Poison…)
    magazines: dict[str, int | None] = field(default_factory=dict)  # per ranged weapon; None: '–'
    # the round
    audacity: bool = False  # an Audacity marker (hidden from other seats until revealed)
    revealed: bool = False  # its Audacity marker has been shown (at activation)
    activated: bool = False  # Activated marker, or the Audacity marker flipped to ✓
    recovered_this_round: bool = False  # left KO outside the Recount: no activation this round
    pass_given: bool = False  # its owner took the Pass marker it gives when KO/Casualty unactivated
    sewer_used: bool = False
    recovery_rolled: bool = False  # rolled to recover from KO in this Recount
    boss: bool = False
    inspire: int = 8  # the Boss's Inspire range in inches (4 for a replacement Boss)

    # ------------------------------------------------------------ derived

    @property
    def label(self) -> str:
        return self.card.label

    @property
    def ko(self) -> bool:
        """KO: ★ equal to or greater than Willpower (a model without Willpower is never KO by ★)."""
        w = self.card.willpower
        return not self.casualty and w is not None and self.stun >= w

    @property
    def in_play(self) -> bool:
        return not self.casualty

    @property
    def can_activate(self) -> bool:
        """Able to activate this round: in play, not KO, not yet activated, not recovered early."""
        return self.in_play and not self.ko and not self.activated and not self.recovered_this_round

    def skill(self, name: str) -> int:
        """A basic skill now: KO gives −1 Attacks, Defense and Special; never below 1."""
        value = getattr(self.card, name)
        if self.ko and name in ("attacks", "defense", "special"):
            value = max(1, value - 1)
        return value

    @property
    def effort_limit(self) -> int:
        """EFFORT LIMIT: 3, −1 for every 3 ♦, never below 0."""
        return max(0, EFFORT_LIMIT - self.injury // 3)

    @property
    def max_effort(self) -> int:
        """The largest Effort allowed now: within the Effort Limit and never reaching KO
        (Willpower − 1 − ★). A KO model or a Casualty makes none."""
        if not self.in_play or self.ko:
            return 0
        w = self.card.willpower
        room = self.effort_limit if w is None else min(self.effort_limit, w - 1 - self.stun)
        return max(0, room)


def new_model(model_id: str, player: str, card: CharacterCard, rank: str, boss: bool = False) -> Model:
    return Model(model_id, player, card, rank, boss=boss,
                 magazines={w.name: w.ammo for w in card.weapons if w.ranged})


# ---------------------------------------------------------------- changes


@dataclass(frozen=True)
class DamageResult:
    """One hit's markers: those kept (after the caps) and those inflicted (DAMAGE MARKERS: "the damage
    is considered inflicted, but the exceed is discarded"; KNOCKED OUT's extra ♦ included)."""
    stun: int  # markers kept (after the caps)
    injury: int
    became_ko: bool
    became_casualty: bool
    inflicted_stun: int = 0
    inflicted_injury: int = 0


def check_in_play(model: Model) -> None:
    if model.casualty:
        raise RuleRefused("KNOCKED OUT", f"{model.label} is a Casualty, removed from the game", "casualty",
                          model=model.id)


def add_markers(model: Model, stun: int = 0, injury: int = 0) -> DamageResult:
    """Add markers, discarding the excess over Willpower and Endurance (DAMAGE MARKERS). KO clears
    Knocked Down; ♦ reaching Endurance makes a Casualty, removed at once."""
    check_in_play(model)
    was_ko = model.ko
    w, e = model.card.willpower, model.card.endurance
    before = (model.stun, model.injury)
    model.stun = model.stun + stun if w is None else min(w, model.stun + stun)
    model.injury = min(e, model.injury + injury)
    if model.ko:
        model.knocked_down = False
    casualty = model.injury >= e
    if casualty:
        model.casualty = True
        model.knocked_down = False
    return DamageResult(model.stun - before[0], model.injury - before[1], model.ko and not was_ko, casualty,
                        stun, injury)


def take_hits(model: Model, hits: int, damage: Damage) -> list[DamageResult]:
    """Each hit inflicts the weapon's damage; a KO model takes +1 ♦ per hit (KNOCKED OUT). Hits
    land one at a time, so a model KO'd by the first hit of an attack takes the extra ♦ on the
    next ones (a choice: the rulebook does not say whether hits of one attack land together). A hit
    after the model became a Casualty still inflicts the weapon's damage, none of it kept (it was
    removed at once): one result per hit."""
    results = []
    for _ in range(hits):
        if model.casualty:
            results.append(DamageResult(0, 0, False, False, damage.stun, damage.injury))
            continue
        extra = 1 if model.ko else 0
        results.append(add_markers(model, damage.stun, damage.injury + extra))
    return results


def inflicted(results: list[DamageResult]) -> tuple[int, int]:
    """(★, ♦) the hits inflicted, before the caps (DAMAGE MARKERS)."""
    return sum(r.inflicted_stun for r in results), sum(r.inflicted_injury for r in results)


def make_effort(model: Model, amount: int, rule: str = "EFFORT") -> None:
    """Effort: the model takes `amount` ★ voluntarily, within its Effort Limit and never reaching KO."""
    if amount < 0:
        raise RuleRefused(rule, "Effort is a number of ★ markers, 0 or more", "bad_effort", effort=amount)
    if amount == 0:
        return
    check_in_play(model)
    if model.ko:
        raise RuleRefused("KNOCKED OUT", f"{model.label} is KO and cannot make Effort", "ko_no_effort",
                          model=model.id)
    if amount > model.effort_limit:
        raise RuleRefused("EFFORT LIMIT", f"{model.label}'s Effort Limit is {model.effort_limit}"
                          + (" (no Effort at all)" if model.effort_limit == 0 else ""),
                          "effort_limit", model=model.id, limit=model.effort_limit, effort=amount)
    if amount > model.max_effort:
        raise RuleRefused("EFFORT", f"{model.label} can make at most {model.max_effort} Effort: one more ★ "
                          f"would make it KO", "effort_would_ko", model=model.id, most=model.max_effort,
                          effort=amount)
    model.stun += amount


def remove_stun(model: Model, amount: int) -> bool:
    """Remove ★ (healing, the Recount). A KO model whose ★ fall below Willpower recovers at once
    with no roll, but may not activate this round (RECOVERING EARLIER IN THE ROUND). True if so."""
    check_in_play(model)
    was_ko = model.ko
    model.stun = max(0, model.stun - amount)
    return was_ko and not model.ko


def recover_from_ko(model: Model) -> None:
    """A passed KO recovery roll: one ★ removed, the KO marker replaced by Knocked Down (RECOVERY)."""
    model.stun = max(0, model.stun - 1)
    model.knocked_down = True


def knock_down(model: Model) -> bool:
    """Knocked Down, unless KO (a KO model cannot be Knocked Down). True if it now is."""
    if model.ko or model.casualty:
        return False
    model.knocked_down = True
    return True


def spend_magazine(model: Model, weapon: str) -> None:
    """RANGED WEAPONS › Ammunition: one magazine per attack; '–' never runs out; 0 ⇒ unusable."""
    left = model.magazines.get(weapon, "absent")
    if left == "absent":
        raise RuleRefused("RANGED WEAPONS", f"{model.label} has no ranged weapon {weapon}", "no_such_weapon",
                          model=model.id, weapon=weapon)
    if left is None:
        return
    if left < 1:
        raise RuleRefused("RANGED ATTACK", f"{model.label}'s {weapon} has no Ammo left", "no_ammo",
                          model=model.id, weapon=weapon)
    model.magazines[weapon] = left - 1


def add_magazines(model: Model, weapon: str, count: int) -> None:
    """Found magazines: never more than the model began the game with."""
    start = next((w.ammo for w in model.card.weapons if w.name == weapon and w.ranged), None)
    left = model.magazines.get(weapon)
    if start is None or left is None:
        raise RuleRefused("RANGED WEAPONS", f"{model.label}'s {weapon} does not use magazines", "no_magazines",
                          model=model.id, weapon=weapon)
    model.magazines[weapon] = min(start, left + count)
