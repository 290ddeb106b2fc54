"""What one seat sees of the table: the state plus what is derived (Effort Limit, largest Effort,
KO, who may activate, passes left, the Recount step) and `may` per seat (contract C2).

PER SEAT: an Audacity marker not yet revealed (its model has not activated) appears only in its
owner's view ("audacity": true/false); every other seat — the other players, the host, spectators
— reads "audacity": null for every unrevealed model, with or without a marker, so nothing leaks."""
from __future__ import annotations

from . import registry, results, rounds
from .models import Model
from .table import PHASE_TITLES, Table, player_seat


def model_view(model: Model, seat: str | None) -> dict:
    own = seat == player_seat(model.player)
    card = model.card
    return {
        "id": model.id,
        "player": model.player,
        "name": card.name,
        "alias": card.alias,
        "rank": model.rank,
        "ranks": list(card.ranks),
        "boss": model.boss,
        "inspire": model.inspire if model.boss else None,
        "skills": {"willpower": card.willpower, "endurance": card.endurance, "movement": model.skill("movement"),
                   "attacks": model.skill("attacks"), "strength": card.strength,
                   "defense": model.skill("defense"), "special": model.skill("special")},
        "stun": model.stun,
        "injury": model.injury,
        "ko": model.ko,
        "casualty": model.casualty,
        "knocked_down": model.knocked_down,
        "statuses": list(model.statuses),
        "effort_limit": model.effort_limit,
        "max_effort": model.max_effort,
        "magazines": dict(model.magazines),
        "weapons": [{"name": w.name, "damage": str(w.damage), "rof": w.rof, "ammo": w.ammo, "strength": w.strength,
                     "keywords": list(w.keywords), "critical": w.critical, "ranged": w.ranged} for w in card.weapons],
        "unarmed": str(card.unarmed),
        "traits": [t.name for t in card.traits],
        "activated": model.activated,
        "can_activate": model.can_activate,
        "audacity": model.audacity if (own or model.revealed) else None,
        "sewer_used": model.sewer_used,
        "sample": card.sample,
    }


def reminders(table: Table) -> list[dict]:
    """What the table checks by eye now [R]/[P], as keys the PWA words (with the rule and params)."""
    r = table.round
    out = []
    if r.phase == "raise_the_plan":
        out.append({"key": "plan_secret", "rule": "RAISE THE PLAN", "params": {}})
    if r.heavy_rain and r.phase in ("raise_the_plan", "execute_the_plan"):
        out.append({"key": "heavy_rain", "rule": "Events (Advanced Rule)", "params": {"event": table.event.name}})
    if r.phase == "execute_the_plan" and r.activation is not None:
        model = table.models[r.activation.model]
        boss = next((x for x in table.crew_of(model.player) if x.boss and x.in_play), None)
        if "Henchman" in model.card.ranks and boss is not None and boss is not model:
            out.append({"key": "inspire", "rule": "BOSS SPECIAL RULES",
                        "params": {"model": model.id, "boss": boss.id, "inches": boss.inspire}})
        if model.knocked_down:
            out.append({"key": "stand_up", "rule": "Stand Up", "params": {"model": model.id}})
    if r.phase == "recount":
        key = {1: "recount_traits", 3: "recount_objectives", 4: "recount_status_rolls"}.get(r.recount_step)
        if key:
            out.append({"key": key, "rule": "RECOUNT", "params": {"step": r.recount_step}})
    return out


def public_view(table: Table) -> dict:
    """The table as every seat may see it: no unrevealed Audacity marker, no `may`."""
    r = table.round
    act = r.activation
    return {
        "game": "bmg",
        "limit": table.limit,
        "event": table.event.name if table.event else None,
        "encounter": table.encounter.name if table.encounter else None,
        "recount_stun": table.recount_stun,
        "dice": {"mode": table.dice},  # the shape of every game's dice: its mode first
        "round": {
            "number": r.number,
            "phase": r.phase,
            "title": PHASE_TITLES[r.phase],
            "roll_winner": r.roll_winner,
            "initiative": r.initiative,
            "heavy_rain": r.heavy_rain,
            "turn": r.turn,
            "activation": None if act is None else {"model": act.model, "actions": list(act.actions),
                                                    "tactical": list(act.tactical), "extra": list(act.extra),
                                                    "moved": act.moved},
            "melee": None if r.melee is None else {
                "attacker": r.melee.attacker, "weapon": r.melee.weapon, "shares": list(r.melee.shares),
                "defender_effort": dict(r.melee.defender_effort), "attacker_effort": r.melee.attacker_effort,
                "effort_target": r.melee.effort_target},
            "recount_step": r.recount_step,
            "recount_title": rounds.RECOUNT_STEPS.get(r.recount_step),
            "recoveries_pending": [x.id for x in rounds.pending_recoveries(table)],
            "winners": list(r.winners),
            "awaiting": registry.awaiting(table),
        },
        "players": [{
            "id": p.id, "seat": p.seat, "name": p.name, "crew": p.crew,
            "lead_roll": p.lead_roll, "lead_bonus": p.lead_bonus, "passes": p.passes,
            "plan_placed": p.plan_placed,
            "audacity_markers": rounds.audacity_count(table, p.id) if r.phase == "raise_the_plan" else None,
            "resource_points": p.cards.resource_points, "victory_points": p.cards.victory_points,
            "suspects": p.cards.suspects,
            "objectives": {"deck": p.cards.objectives.deck, "hand": p.cards.objectives.hand,
                           "in_play": list(p.cards.objectives.in_play),
                           "accomplished": p.cards.objectives.accomplished,
                           "spent_resources": p.cards.objectives.spent_resources},
        } for p in table.players.values()],
        "models": [model_view(x, None) for x in table.models.values()],
        "reminders": reminders(table),
        "results": results.as_view(table),  # the last attack, recovery and Take the Lead: public (results.py)
        "over": table.over,
    }


def seat_view(table: Table, seat: str | None, public: dict) -> dict:
    """What only `seat` sees on top of `public` (this table's `public_view`): its `may`, and its own
    models' unrevealed Audacity markers (the models list again, with those models drawn for it)."""
    own = {"may": {seat: registry.may_now(table, seat)} if seat is not None else {}}
    models = None
    for i, model in enumerate(table.models.values()):
        if not model.revealed and seat == player_seat(model.player):
            models = models or list(public["models"])
            models[i] = {**models[i], "audacity": model.audacity}
    if models is not None:
        own["models"] = models
    return own


def view(table: Table, seat: str | None = None) -> dict:
    """What the phone holding `seat` draws (tests and tools; the API asks `Game.views`)."""
    public = public_view(table)
    return {**public, **seat_view(table, seat, public)}
