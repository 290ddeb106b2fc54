"""The Batman Miniature Game behind the companion's game interface (`games.Game`), name "bmg".

    game = games.get("bmg")
    table = game.setup({"limit": 350, "players": [...]})
    table, events = game.apply(table, game.command("roll_lead", {"player": "a", "value": 4}), rng)
    game.view(table, "player:a")

Secrets: a player's Audacity markers stay on their own seat until each model activates (RAISE THE
PLAN): in views, events (a private event carries its `seat`), the public form of a plan, and an
export made by another seat.
"""
from __future__ import annotations

import dataclasses

import orjson

import games
from games.checks import joinable
from games.serial import from_data, to_data, type_problem

from . import commands as c
from . import names, registry
from .cards import CharacterCard, card_from_data
from .check import check_crew_data, check_table
from .crew import DECK_SIZE, STANDARD, Crew, CrewMember, crew_problems, crew_summary, validate_crew
from .errors import RuleRefused
from .library import sample_cards
from .models import new_model
from .objectives import ENCOUNTERS, check_first_group, EVENTS, HAND_SIZE, ObjectiveCard, PlayerCards, ObjectiveCounters
from .table import Player, Table, player_seat
from . import view as drawn


def _objective(data) -> ObjectiveCard:
    if isinstance(data, str):
        return ObjectiveCard(data)
    return ObjectiveCard(data["name"], tuple(data.get("crews", ())), int(data.get("copies", 1)),
                         data.get("subtitle"), data.get("rank"))


def build_crew(data: dict, library: dict[str, CharacterCard]) -> Crew:
    members = []
    for entry in data["members"]:
        card = entry["card"]
        if isinstance(card, dict):
            card = card_from_data(card)
        elif card in library:
            card = library[card]
        else:
            raise RuleRefused("CHARACTER CARDS", f"No card {card} in the library", "unknown_card", card=str(card))
        members.append(CrewMember(card, entry.get("rank") or card.ranks[0]))
    deck = []
    for item in data.get("deck", ()):
        card = _objective(item)
        count = item.get("count", 1) if isinstance(item, dict) else 1
        if type(count) is not int or not 1 <= count <= DECK_SIZE:
            raise RuleRefused("FORMING OBJECTIVE DECKS", f"A card's count is 1 to {DECK_SIZE}, not {count}",
                              "value_out_of_range", field="count", value=str(count)[:20], minimum=1, maximum=DECK_SIZE)
        deck += [card] * count
    return Crew(data.get("name", ""), tuple(members), data["boss"], tuple(deck), int(data.get("equipment", 0)))


def _check_first_group(crew: Crew, first_group, encounter) -> None:
    """Deploy Crews: the crew's first group (card ids of its members), when the players name it,
    must fit the Encounter card's condition (DEPLOYMENT ZONES)."""
    if first_group is None:
        return
    members = {m.card.id: m for m in crew.members}
    for card_id in first_group:
        if card_id not in members:
            raise RuleRefused("DEPLOYMENT ZONES", f"No card {card_id} in the crew {crew.name}", "unknown_card",
                              card=str(card_id))
    check_first_group(encounter, [(members[c].card.label, members[c].ranks) for c in first_group])


def _encounter(name):
    """The Encounter card named (None: none), or the refusal (DEPLOYMENT ZONES)."""
    if name is not None and name not in ENCOUNTERS:
        raise RuleRefused("DEPLOYMENT ZONES", f"No Encounter card {name}", "unknown_encounter", encounter=name)
    return ENCOUNTERS.get(name) if name is not None else None


def check_crew(options: dict) -> tuple[dict, list[RuleRefused]]:
    """FORMING THE CREW before any table exists: the crew builder's summary (`crew.crew_summary`:
    Reputation, Funding left, rank slots) and every problem (`crew.crew_problems`, and the first
    group against the Encounter card when named). `options`: crew (as a player's crew at setup),
    limit (350), cards (character cards beside the sample library), encounter. A crew naming no
    card of the library raises RuleRefused; one that is not a crew at all, ValueError."""
    encounter = _encounter(options.get("encounter"))
    try:
        library = sample_cards()
        for data in options.get("cards", ()):
            card = card_from_data(data)
            library[card.id] = card
        crew = build_crew(options["crew"], library)
    except RuleRefused:
        raise
    except (TypeError, KeyError, ValueError, AttributeError, IndexError):
        raise ValueError("The crew is not one this app can read: {name, boss, members: [{card, rank}], deck, "
                         "equipment}, its cards from the sample library or `cards`") from None
    check_crew_data(crew)
    limit = options.get("limit", STANDARD)
    problems = crew_problems(crew, limit)
    try:
        _check_first_group(crew, options["crew"].get("first_group"), encounter)
    except RuleRefused as refused:
        problems.append(refused)
    return crew_summary(crew, limit), problems


def setup(options: dict) -> Table:
    """A table at round 1, I. Take the Lead, each crew validated (FORMING THE CREW), each hand of
    4 drawn. `options`: limit (350), players [{id, name, crew: {name, boss, members: [{card, rank}],
    deck?, equipment?}}], event ("Heavy Rain"), encounter ("BT0056"), recount_stun ("one"|"all"),
    dice ("physical": a roll may be entered from real dice, the default; "server": the app rolls
    every die), cards (extra card dicts for the library)."""
    limit = int(options.get("limit", 350))
    library = sample_cards()
    for data in options.get("cards", ()):
        card = card_from_data(data)
        library[card.id] = card
    players: dict[str, Player] = {}
    models = {}
    event = options.get("event")
    encounter = options.get("encounter")
    if event is not None and event not in EVENTS:
        raise RuleRefused("Events (Advanced Rule)", f"No Event card {event}", "unknown_event", event=event)
    _encounter(encounter)
    if len(options.get("players", ())) < 2:
        raise RuleRefused("THE GAME RULES", "A game needs at least two players", "players_missing")
    for pdata in options["players"]:
        pid = str(pdata["id"])
        if pid in players or not joinable(pid):
            raise RuleRefused("THE GAME RULES", f"Player id {pid!r} is repeated or malformed", "bad_player", player=pid)
        crew = build_crew(pdata["crew"], library)
        validate_crew(crew, limit)
        _check_first_group(crew, pdata["crew"].get("first_group"), ENCOUNTERS.get(encounter))
        deck = len([x for x in crew.objective_deck]) or 20
        cards = PlayerCards(ObjectiveCounters(deck=deck))
        cards.objectives.draw_to(HAND_SIZE)
        players[pid] = Player(pid, pdata.get("name", pid), crew.name, cards)
        for member in crew.members:
            mid = f"{pid}.{member.card.id}"
            n = 2
            while mid in models:
                mid, n = f"{pid}.{member.card.id}-{n}", n + 1
            models[mid] = new_model(mid, pid, member.card, member.rank, boss=member.card.id == crew.boss)
    stun = options.get("recount_stun", "one")
    if stun not in ("one", "all"):
        raise RuleRefused("RECOVERY", "recount_stun is 'one' or 'all'", "bad_option", option="recount_stun")
    dice = options.get("dice", games.PHYSICAL_DICE)
    if dice not in (games.SERVER_DICE, games.PHYSICAL_DICE):
        raise RuleRefused("DICE", "dice is 'server' (the app rolls) or 'physical' (real dice entered)", "bad_option",
                          option="dice")
    return Table(players, models, limit, EVENTS.get(event) if event else None,
                 ENCOUNTERS.get(encounter) if encounter else None, stun, dice)


@games.register
class Game(games.Game):
    """The Batman Miniature Game behind `games.Game`."""
    name = "bmg"
    refusal = RuleRefused
    command_rule = "THE GAME RULES"
    secret = True

    def check_crew(self, options: dict) -> tuple[dict, list[RuleRefused]]:
        """A crew checked before any table (`check_crew`): its summary and every problem."""
        return check_crew(options)

    def crew_schemas(self) -> dict[str, type]:
        """The crew check's forms (options.py): "check" the body, "summary" the answer."""
        from .options import CrewCheckSchema, CrewSummarySchema
        return {"check": CrewCheckSchema, "summary": CrewSummarySchema}

    def luck(self, events: list[dict]) -> list[dict]:
        from .after import rolls
        return rolls(events)

    def tally(self, entries: list[dict], state) -> dict:
        from .after import tally
        return tally(entries, state)

    def setup_schema(self) -> type:
        from .options import SetupOptionsSchema
        return SetupOptionsSchema

    def setup(self, options: dict) -> Table:
        """The table the options set up, checked whole (check.py: names, lists, counters bounded)."""
        if not isinstance(options, dict):
            raise ValueError("The setup options are a JSON object")
        try:
            table = setup(options)
            check_table(table)
            return table
        except RuleRefused:
            raise
        except (TypeError, KeyError, ValueError, AttributeError, IndexError):
            raise ValueError("The setup options do not describe a Batman Miniature Game table: players "
                             "[{id, name, crew: {name, boss, members: [{card, rank}]}}], limit, event, "
                             "encounter, cards") from None

    def apply(self, state: Table, command, rng=None) -> tuple[Table, list[dict]]:
        outcome = registry.apply(state, command, rng)
        return outcome.table, [e.as_data() for e in outcome.events]

    def title(self, state: Table) -> str:
        return "Batman Miniature Game"

    def dice_mode(self, state: Table) -> str:
        return state.dice

    def public_view(self, state: Table) -> dict:
        return drawn.public_view(state)

    def seat_view(self, state: Table, seat: str | None, public: dict) -> dict:
        return drawn.seat_view(state, seat, public)

    def public_command(self, command, state=None) -> dict:
        """The command as other seats may see it (history, the live change): a PlaceAudacity's
        models are secret until each model activates."""
        data = dataclasses.asdict(command)
        if isinstance(command, c.PlaceAudacity):
            data["models"] = None
        return data

    def may_now(self, state: Table, seat: str) -> list[dict]:
        return registry.may_now(state, seat)

    def seat_names(self, state: Table) -> list[str]:
        return [s for s in registry.seat_names(state) if s != registry.SPECTATOR]

    def seat_refusal(self, seat: str | None, command, state: Table) -> tuple[str, str, dict] | None:
        return registry.refusal(seat, command, state)

    def command(self, name: str, fields: dict | None = None):
        """`games.Game.command`; a roll_melee's rolls reuse the declared shares' shape without
        their dice count (the declaration holds it): it reads as 0."""
        if name == "roll_melee" and isinstance(fields, dict) and isinstance(fields.get("rolls"), list):
            fields = {**fields, "rolls": [{"dice": 0, **r} if isinstance(r, dict) else r for r in fields["rolls"]]}
        return super().command(name, fields)

    def resolve(self, command, state: Table):
        """The models `command` names by id, Alias or Name, as ids (names.py)."""
        return names.resolve(state, command)

    def command_types(self) -> dict[str, type]:
        return {e.name: e.cls for e in registry.ENTRIES}

    def command_bounds(self) -> dict:
        return registry.BOUNDS

    def odds(self, state: Table, command, exact: bool = False) -> dict:
        """Exact odds of `command`'s roll before it is rolled (Fractions if `exact`, else floats)."""
        from .previews import as_data, preview
        result = preview(state, command)
        return result if exact else as_data(result)

    def samples(self) -> dict:
        """The sample library (games/bmg/data/sample_cards.json): the cards the rulebook prints,
        each saying which of its values are sample values."""
        from .library import _data
        return _data()

    def dump(self, state: Table) -> bytes:
        """The table as JSON for the store (games/serial.py)."""
        return orjson.dumps(to_data(state))

    def load(self, data: dict) -> Table:
        return from_data(Table, data)

    def export(self, state: Table, seat: str | None = None) -> dict:
        """The table for `seat` to take away: another player's unrevealed Audacity markers are left
        out (and the export says it is partial: `hidden`)."""
        data = to_data(state)
        hidden = False
        secret = {m["player"] for m in data["models"].values()  # players whose plan hides markers from `seat`
                  if m["audacity"] and not m["revealed"] and seat != player_seat(m["player"])}
        for model in data["models"].values():
            if model["player"] in secret and not model["revealed"]:
                # withheld on every unrevealed model of that player, marker or not (None on the marked ones
                # alone would show the plan): no table holds None there, so the export never imports
                model["audacity"], hidden = None, True
        if hidden:
            data["hidden"] = True
        return data

    def resume(self, data: dict) -> Table:
        """A table from a whole export, checked whole (check.py) before anything is stored. A seat's
        partial export withholds the others' Audacity markers as None, which no table holds: with or
        without its `hidden` flag it is refused."""
        if data.get("hidden"):
            raise ValueError("This export was made for one seat during a plan: it lacks the others' Audacity markers")
        problem = type_problem(Table, data, "state")
        if problem:
            raise ValueError(f"The export does not hold a Batman Miniature Game table this app can read: {problem}")
        try:
            table = from_data(Table, data)
        except (TypeError, KeyError, ValueError, AttributeError, IndexError):
            raise ValueError("The export does not hold a Batman Miniature Game table this app can read") from None
        check_table(table)
        return table

    def command_names(self) -> list[str]:
        return [e.name for e in registry.ENTRIES]
