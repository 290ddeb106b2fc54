"""CHARACTER CARDS (p.14): a model's Name, Alias, base, Rank(s), Affiliation(s), Rivals,
Reputation, Funding, Traits, Weapons and basic skills, entered once into the library.

Traits are named reminders (their text is on the card or in the Compendium, not in the rulebook);
the companion never interprets them. Damage is written as on the cards: ★ Stun, ♦ Injury per hit
("♦★" = one of each)."""
from __future__ import annotations

from dataclasses import dataclass

from .errors import RuleRefused

RANKS = ("Leader", "Sidekick", "Free Agent", "Vehicle", "Henchman")
SKILLS = ("willpower", "endurance", "movement", "attacks", "strength", "defense", "special")
UNKNOWN_NAMES = ("Unknown", "Classified")  # CHARACTER CARDS › Name: may repeat with other Aliases
UNKNOWN_AFFILIATION = "Unknown"  # THE BOSS AND AFFILIATION: fits any crew


@dataclass(frozen=True)
class Damage:
    """Markers inflicted per hit (MELEE WEAPONS, DAMAGE MARKERS)."""
    stun: int = 0
    injury: int = 0

    @classmethod
    def parse(cls, text) -> "Damage":
        if isinstance(text, Damage):
            return text
        if isinstance(text, dict):
            return cls(int(text.get("stun", 0)), int(text.get("injury", 0)))
        stun = str(text).count("★")
        injury = str(text).count("♦")
        if stun + injury != len(str(text).replace(" ", "")):
            raise RuleRefused("DAMAGE MARKERS", f"Damage {text!r}: write it with ★ and ♦ only",
                              "bad_damage", damage=str(text))
        return cls(stun, injury)

    def __str__(self) -> str:
        return "♦" * self.injury + "★" * self.stun


@dataclass(frozen=True)
class Trait:
    """A named reminder; `text` only if the card prints it."""
    name: str
    text: str = ""


@dataclass(frozen=True)
class Weapon:
    """A melee weapon has no RoF or Ammo; a ranged weapon has RoF and Ammo (None: '–', unlimited)
    and usually its own Strength (RANGED WEAPONS). `critical` is the weapon's CRT effect, chosen
    instead of Knocked Down (Critical Hits). `strength_only`: a template attack that rolls only
    the Strength die (STRENGTH DICE example, Sawed-off Shotgun)."""
    name: str
    damage: Damage
    rof: int | None = None
    ammo: int | None = None
    strength: int | None = None
    keywords: tuple[str, ...] = ()
    critical: str | None = None
    strength_only: bool = False

    @property
    def ranged(self) -> bool:
        return self.rof is not None or self.strength_only

    @property
    def heavy(self) -> bool:
        """'Heavy' grants +1 to the Strength die roll (MELEE WEAPONS)."""
        return any(k.lower() == "heavy" for k in self.keywords)


UNARMED = "Unarmed"


@dataclass(frozen=True)
class CharacterCard:
    id: str
    name: str
    alias: str
    base: str
    ranks: tuple[str, ...]
    affiliations: tuple[str, ...]
    reputation: int
    funding: int = 0
    rivals: tuple[str, ...] = ()
    traits: tuple[Trait, ...] = ()
    weapons: tuple[Weapon, ...] = ()
    willpower: int | None = None  # None: the model has no Willpower (ignores Willpower rolls)
    endurance: int = 1
    movement: int = 0
    attacks: int = 1
    strength: int = 1
    defense: int = 1
    special: int = 1
    unarmed: Damage = Damage(stun=1)  # MELEE WEAPONS › Unarmed: ★ per hit unless a trait says
    sample: str = ""  # not empty: which values are sample values, not printed

    def __post_init__(self):
        for rank in self.ranks:
            if rank not in RANKS:
                raise RuleRefused("CHARACTER CARDS", f"{self.name}: unknown rank {rank}", "unknown_rank",
                                  card=self.id, rank=rank)
        if not self.ranks:
            raise RuleRefused("CHARACTER CARDS", f"{self.name}: a card has at least one rank", "no_rank",
                              card=self.id)
        for skill in SKILLS:
            value = getattr(self, skill)
            if value is None and skill == "willpower":
                continue
            floor = 0 if skill == "movement" else 1
            if value < floor:
                raise RuleRefused("BASIC SKILLS", f"{self.name}: {skill} cannot be below {floor}",
                                  "skill_below_floor", card=self.id, skill=skill, floor=floor)

    def weapon(self, name: str) -> Weapon:
        if name == UNARMED:
            return Weapon(UNARMED, self.unarmed)
        for weapon in self.weapons:
            if weapon.name == name:
                return weapon
        raise RuleRefused("WEAPONS", f"{self.alias} has no weapon {name}", "no_such_weapon",
                          card=self.id, weapon=name)

    @property
    def label(self) -> str:
        return self.alias or self.name


def weapon_from_data(data: dict) -> Weapon:
    return Weapon(
        name=data["name"],
        damage=Damage.parse(data.get("damage", "★")),
        rof=data.get("rof"),
        ammo=data.get("ammo"),
        strength=data.get("strength"),
        keywords=tuple(data.get("keywords", ())),
        critical=data.get("critical"),
        strength_only=bool(data.get("strength_only", False)),
    )


def card_from_data(data: dict) -> CharacterCard:
    """A card from its JSON form (games/bmg/data/*.json)."""
    skills = data.get("skills", {})
    return CharacterCard(
        id=data["id"],
        name=data["name"],
        alias=data.get("alias", ""),
        base=data.get("base", ""),
        ranks=tuple(data["ranks"]),
        affiliations=tuple(data.get("affiliations", ())),
        reputation=int(data["reputation"]),
        funding=int(data.get("funding", 0)),
        rivals=tuple(data.get("rivals", ())),
        traits=tuple(Trait(t["name"], t.get("text", "")) if isinstance(t, dict) else Trait(t)
                     for t in data.get("traits", ())),
        weapons=tuple(weapon_from_data(w) for w in data.get("weapons", ())),
        willpower=skills.get("willpower"),
        endurance=skills.get("endurance", 1),
        movement=skills.get("movement", 0),
        attacks=skills.get("attacks", 1),
        strength=skills.get("strength", 1),
        defense=skills.get("defense", 1),
        special=skills.get("special", 1),
        unarmed=Damage.parse(data.get("unarmed", "★")),
        sample=data.get("sample", ""),
    )
