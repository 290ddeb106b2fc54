"""The commands a GCSG table accepts, in the rulebook's words. Who acts is never a field: it is
the player on turn, or the player a pending obligation or a fight names (the registry says which
seat may send each). Dice are entered as faces ("bat" for the Bat Emblem, or a number)."""
from __future__ import annotations

from dataclasses import dataclass, field

from games import entered_dice


@dataclass(frozen=True)
class Advance:
    """Finish the current step of the turn (TURN); leaving the move step draws the new card (DRAW)."""


@dataclass(frozen=True)
class AdvanceLevel:
    """Advance the Villain one level if the current dial's requirement is met (ADV · Verification)."""


@dataclass(frozen=True)
class ChooseAbility:
    """Place one of the Villain's Ability cards face up (ADV · Gain a new ability)."""
    card: str


@dataclass(frozen=True)
class PlayCard:
    """Play one Criminal Plot card (PLAY): its top shows the Bat-Signal, or an income (a block, Money
    or Information and the amount printed), or neither."""
    bat_signal: bool = False
    income_block: str | None = None
    income_kind: str | None = None
    income_amount: int = 0


@dataclass(frozen=True)
class BatmanCard:
    """The Batman card drawn for a Bat-Signal (SIGNAL): the block it sends Batman to (the card's
    destination, chosen by the card's player when several fit), or None when it does not move him."""
    block: str | None = None


@dataclass(frozen=True)
class RollFight:
    """The dice of the fight in progress (FVV, FVB): a face per fighter ("batman" for Batman), read
    on the real dice (the app never rolls a fight), and Ability-card modifiers per fighter (entered
    from the cards)."""
    dice: dict = entered_dice(default_factory=dict)
    modifiers: dict = field(default_factory=dict)


@dataclass(frozen=True)
class PlaceThreats:
    """Place Threats from the Reserves: `placements` {block: n}. When the Reserves run out, `moved_from`
    {block: n} names the own Threats on the map moved instead (GLOS · Threats). Outside a pending
    placement, during a carried-out plot, the card's own placement (`different_blocks` as printed)."""
    placements: dict = field(default_factory=dict)
    moved_from: dict = field(default_factory=dict)
    different_blocks: bool = False


@dataclass(frozen=True)
class RemoveThreats:
    """Remove Threats from the block Batman acts on: {villain: n} (SIGNAL, FVB)."""
    threats: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Decline:
    """Decline what the rules say you "may" do (place a won fight's Threats, remove Threats)."""


@dataclass(frozen=True)
class TakeResources:
    """Ignore the plot text and take two resources (TAKE): Money, Information, Threats placed at once."""
    money: int = 0
    information: int = 0
    threats: dict = field(default_factory=dict)
    moved_from: dict = field(default_factory=dict)  # own Threats moved when the Reserves have none


@dataclass(frozen=True)
class CarryOutPlot:
    """Carry out the plot text instead (CARRY); the card's effects follow as plot commands."""
    title: str = ""


@dataclass(frozen=True)
class Gain:
    """A plot effect: take Money / Information from the Reserves (per the card)."""
    money: int = 0
    information: int = 0


@dataclass(frozen=True)
class Pay:
    """A plot effect: discard Money / Information to the Reserves (per the card)."""
    money: int = 0
    information: int = 0


@dataclass(frozen=True)
class Demand:
    """A plot effect asking other players for a resource (CARRY): each of `players` (default: every
    other player, clockwise from the left) gives `amount`; one short lifts the screen and gives all."""
    kind: str
    amount: int
    players: tuple = ()


@dataclass(frozen=True)
class PlaceHenchmen:
    """A plot effect placing own Henchmen from the Hideout: {block: n} (EFF note)."""
    placements: dict = field(default_factory=dict)
    different_blocks: bool = False


@dataclass(frozen=True)
class DrawCards:
    """A plot effect drawing Criminal Plot cards (per the card)."""
    count: int = 1


@dataclass(frozen=True)
class Hire:
    """Recruit Henchmen, $5 each, Reserves → Hideout (HIRE)."""
    count: int = 1


@dataclass(frozen=True)
class HenchmenMove:
    source: str  # a block or "hideout"
    to: str  # a block or "hideout"
    count: int


@dataclass(frozen=True)
class Move:
    """Discard 1 Information and move some or all own figures (MOVE): the Villain to `villain` (a
    block or "hideout"; None: it stays) and Henchmen as listed."""
    villain: str | None = None
    henchmen: tuple[HenchmenMove, ...] = ()
