"""THE GAME RULES › SEQUENCE OF PLAY (p.20–23): I. Take the Lead, II. Raise the Plan, III. Execute
the Plan (alternating activations, Pass markers), IV. Recount in its printed order; the game ends
at the end of round 4's Recount, or sooner (END GAME AND VICTORY POINTS, p.40)."""
from __future__ import annotations

from . import dice as d
from . import models as m
from . import results as res
from .commands import (Activate, Advance, ChooseInitiative, EndActivation, Pass, PlaceAudacity, RecoveryRoll,
                       RollEvent, RollLead)
from .errors import RuleRefused
from games.events import Event, plural
from .objectives import RESOURCE_POINTS, heavy_rain_applies
from .table import AUDACITY_MARKERS, EXTRA_ACTIONS, LAST_ROUND, Activation, Table

SEAT_RULE = "SEQUENCE OF PLAY"


# ---------------------------------------------------------------- I. Take the Lead


def roll_lead(table: Table, cmd: RollLead, rng) -> list[Event]:
    rule = "TAKE THE LEAD"
    player = table.player(cmd.player)
    if player.lead_roll is not None:
        raise RuleRefused(rule, f"{player.name} already rolled {player.lead_roll}", "lead_rolled",
                          player=player.id, value=player.lead_roll)
    (player.lead_roll,) = d.roll(1, None if cmd.value is None else (cmd.value,), rng)
    total = player.lead_roll + player.lead_bonus
    events = [Event("lead_roll", f"{player.name} rolls {player.lead_roll}"
                    + (f" + {player.lead_bonus} (unused Pass markers) = {total}" if player.lead_bonus else ""),
                    rule, {"player": player.id, "die": player.lead_roll, "bonus": player.lead_bonus, "total": total})]
    if any(p.lead_roll is None for p in table.players.values()):
        return events
    return events + _resolve_lead(table)


def _resolve_lead(table: Table) -> list[Event]:
    rule = "TAKE THE LEAD"
    totals = {p.id: p.lead_roll + p.lead_bonus for p in table.players.values()}
    rolls = {p.id: (p.lead_roll, p.lead_bonus) for p in table.players.values()}
    best = max(totals.values())
    tied = [pid for pid, t in totals.items() if t == best]
    if len(tied) > 1:
        previous = [pid for pid in tied if pid in table.round.last_roll_losers]
        if len(previous) == 1:
            winner = previous[0]
            text = (f"Tie at {best}: {table.player(winner).name} lost the previous round's roll and wins it")
        else:
            res.record_lead(table, rolls, None)
            for pid in tied:
                table.players[pid].lead_roll = None
            return [Event("lead_tie", f"Tie at {best}: roll again", rule, {"players": tied, "total": best})]
    else:
        winner = tied[0]
        text = f"{table.player(winner).name} wins the roll with {best}"
    res.record_lead(table, rolls, winner)
    table.round.roll_winner = winner
    table.round.last_roll_losers = tuple(pid for pid in table.players if pid != winner)
    return [Event("lead_won", text + " and chooses who has the Initiative", rule,
                  {"player": winner, "total": best, "tie_broken": len(tied) > 1})]


def choose_initiative(table: Table, cmd: ChooseInitiative, rng) -> list[Event]:
    rule = "TAKE THE LEAD"
    if cmd.player != table.round.roll_winner:
        raise RuleRefused(rule, f"{table.player(table.round.roll_winner).name} won the roll and chooses",
                          "not_roll_winner", winner=table.round.roll_winner)
    chosen = table.player(cmd.initiative)
    table.round.initiative = chosen.id
    res.record_initiative(table, chosen.id)
    events = [Event("initiative", f"{chosen.name} has the Initiative", rule,
                    {"player": chosen.id, "chosen_by": cmd.player})]
    if table.event is not None and table.event.ranged_die_fewer_on is not None:
        return events  # the Event's roll comes first (RollEvent)
    return events + start_plan(table)


def roll_event(table: Table, cmd: RollEvent, rng) -> list[Event]:
    rule = "Events (Advanced Rule)"
    if cmd.player != table.round.initiative:
        raise RuleRefused(rule, f"{table.player(table.round.initiative).name}, who has the Initiative, rolls",
                          "not_initiative", player=table.round.initiative)
    (value,) = d.roll(1, None if cmd.value is None else (cmd.value,), rng)
    table.round.heavy_rain = heavy_rain_applies(table.event, value)
    text = (f"{table.event.name}: {value}, every ranged attack rolls 1 die fewer this round"
            if table.round.heavy_rain else f"{table.event.name}: {value}, no effect this round")
    return [Event("event_roll", text, rule, {"event": table.event.name, "die": value,
                                             "applies": table.round.heavy_rain})] + start_plan(table)


# ---------------------------------------------------------------- II. Raise the Plan


def start_plan(table: Table) -> list[Event]:
    table.round.phase = "raise_the_plan"
    events = [Event("phase", "II. Raise the Plan: each player places Audacity markers in secret",
                    "RAISE THE PLAN", {"phase": "raise_the_plan"})]
    for player in table.players.values():
        if not eligible_for_audacity(table, player.id):
            player.plan_placed = True  # nothing to place
    if all(p.plan_placed for p in table.players.values()):
        events += start_execute(table)
    return events


def eligible_for_audacity(table: Table, player_id: str) -> list[m.Model]:
    return [x for x in table.crew_of(player_id) if x.in_play and not x.ko and not x.recovered_this_round]


def audacity_count(table: Table, player_id: str) -> int:
    return min(AUDACITY_MARKERS, len(eligible_for_audacity(table, player_id)))


def place_audacity(table: Table, cmd: PlaceAudacity, rng) -> list[Event]:
    rule = "RAISE THE PLAN"
    player = table.player(cmd.player)
    if player.plan_placed:
        raise RuleRefused(rule, f"{player.name} already placed their Audacity markers", "plan_placed",
                          player=player.id)
    need = audacity_count(table, player.id)
    chosen = list(cmd.models)
    if len(set(chosen)) != len(chosen):
        raise RuleRefused(rule, "Audacity markers go on different models", "audacity_same_model")
    if len(chosen) != need:
        raise RuleRefused(rule, f"{player.name} places {need} Audacity markers", "audacity_count",
                          needed=need, given=len(chosen))
    eligible = {x.id for x in eligible_for_audacity(table, player.id)}
    for model_id in chosen:
        model = table.model(model_id)
        if model.player != player.id:
            raise RuleRefused(rule, f"{model.label} is not in {player.name}'s crew", "not_your_model", model=model_id)
        if model_id not in eligible:
            raise RuleRefused(rule, f"{model.label} cannot activate this round (KO)", "audacity_not_eligible",
                              model=model_id)
    for model_id in chosen:
        table.models[model_id].audacity = True
    player.plan_placed = True
    events = [Event("plan", f"{player.name} placed {plural(need, 'Audacity marker')}", rule,
                    {"player": player.id, "count": need}),
              Event("plan_private", "Your Audacity markers: " + ", ".join(table.models[i].label for i in chosen),
                    rule, {"player": player.id, "models": chosen}, seat=player.seat)]
    if all(p.plan_placed for p in table.players.values()):
        events += start_execute(table)
    return events


# ---------------------------------------------------------------- III. Execute the Plan


def start_execute(table: Table) -> list[Event]:
    """PASSING ON ACTIVATION: the smallest crew takes Pass markers = largest − smallest, counting
    models neither KO nor off the table. (More than two players: each takes largest − its own,
    a choice.)"""
    rule = "PASSING ON ACTIVATION"
    table.round.phase = "execute_the_plan"
    for model in table.models.values():
        model.pass_given = not model.in_play or model.ko
    counts = {p: sum(1 for x in table.crew_of(p) if x.in_play and not x.ko) for p in table.players}
    largest = max(counts.values()) if counts else 0
    events = [Event("phase", "III. Execute the Plan", "EXECUTE THE PLAN", {"phase": "execute_the_plan"})]
    for pid, n in counts.items():
        table.players[pid].passes = largest - n
        if largest - n:
            events.append(Event("passes", f"{table.player(pid).name} takes {plural(largest - n, 'Pass marker')} "
                                f"({largest} − {n} models)", rule, {"player": pid, "passes": largest - n,
                                                                     "largest": largest, "planned": n}))
    table.round.turn = None
    events += next_turn(table, table.round.initiative, include_first=True)
    return events


def next_turn(table: Table, after: str | None, include_first: bool = False) -> list[Event]:
    """Hand the turn to the next player in sequence (from the Initiative) with a model able to
    activate; one with none is skipped, so the other activates back to back. None left: Recount."""
    order = table.order_from(after if after else table.round.initiative)
    if not include_first:
        order = order[1:] + order[:1]
    for pid in order:
        if table.able(pid):
            table.round.turn = pid
            return [Event("turn", f"{table.player(pid).name} activates a model", "EXECUTE THE PLAN",
                          {"player": pid})]
    table.round.turn = None
    return start_recount(table)


def activate(table: Table, cmd: Activate, rng) -> list[Event]:
    rule = "EXECUTE THE PLAN"
    model = table.model(cmd.model)
    if model.player != table.round.turn:
        raise RuleRefused(rule, f"It is {table.player(table.round.turn).name}'s turn to activate a model",
                          "not_your_turn", player=table.round.turn)
    if not model.can_activate:
        raise RuleRefused("ACTIVATE A MODEL", f"{model.label} cannot activate" + why_not(model),
                          "cannot_activate", model=model.id)
    extras = []
    for extra in cmd.extra_actions:
        if extra not in EXTRA_ACTIONS:
            raise RuleRefused("EXTRA ACTIONS", f"No extra action {extra}", "bad_extra_action", action=extra)
        if extra == "manipulate" and "Henchman" not in model.card.ranks:
            pass  # a trait may give it; Inspire itself is for Henchmen [R]
        extras.append(extra)
    table.round.activation = Activation(model.id, extra=extras)
    text = f"{model.label} activates"
    data = {"model": model.id, "player": model.player}
    if model.audacity:
        model.revealed = True
        text += " with an Audacity marker: one action of each type"
        data["audacity"] = True
    return [Event("activate", text, rule, data)]


def why_not(model: m.Model) -> str:
    if model.casualty:
        return " (Casualty)"
    if model.ko:
        return " (KO)"
    if model.activated:
        return " (already activated this round)"
    if model.recovered_this_round:
        return " (recovered from KO this round)"
    return ""


def check_action(table: Table, model_id: str, action: str, extra: bool, tactical: str | None = None) -> str | None:
    """ACTIVATE A MODEL: one action (Movement, Tactical or Special), or one of each with an Audacity
    marker; an extra action of its type (or untyped) may repeat a type. TACTICAL ACTIONS: Attack or
    Manipulate, melee or ranged, unless a rule says otherwise (Inspire's Manipulate). Returns the
    extra action it would use (None for a normal one); changes nothing."""
    rule = "ACTIVATE A MODEL"
    act = table.round.activation
    model = table.model(model_id)
    if act.model != model_id:
        raise RuleRefused(rule, f"{model.label} acts during its own activation", "not_activating", model=model_id)
    if model.casualty or model.ko:
        raise RuleRefused("KNOCKED OUT", f"{model.label} can no longer act", "ko_cannot_act", model=model_id)
    used = None
    if extra:
        wanted = tactical if tactical == "manipulate" else action
        used = next((k for k in (wanted, action, "any") if k in act.extra), None)
        if used is None:
            raise RuleRefused("EXTRA ACTIONS", f"{model.label} has no extra {wanted} action left",
                              "no_extra_action", model=model_id, action=wanted)
    else:
        normal = [a for a in act.actions if not a.startswith("extra:")]
        if model.audacity:
            if action in normal:
                raise RuleRefused(rule, f"{model.label} already performed its {action} action", "action_used",
                                  model=model_id, action=action)
        elif normal:
            raise RuleRefused(rule, f"{model.label} has no Audacity marker: one action only", "one_action",
                              model=model_id)
    if tactical is not None and not (used == "manipulate" and tactical == "manipulate"):
        kinds = set(k for k in act.tactical if not k.startswith("extra:"))
        attack = {"melee", "ranged"}
        if tactical == "manipulate" and attack & kinds or tactical in attack and "manipulate" in kinds:
            raise RuleRefused("TACTICAL ACTIONS", f"{model.label} cannot both attack and Manipulate in one "
                              f"activation", "attack_or_manipulate", model=model_id)
        if tactical in attack and (attack - {tactical}) & kinds:
            raise RuleRefused("ATTACK ACTIONS", f"{model.label} cannot make both a melee and a ranged attack "
                              f"in one activation", "melee_or_ranged", model=model_id)
    return used


def use_action(table: Table, model_id: str, action: str, extra: bool, tactical: str | None = None) -> None:
    """Check the action (`check_action`) and record it in the activation."""
    used = check_action(table, model_id, action, extra, tactical)
    act = table.round.activation
    if used is not None:
        act.extra.remove(used)
    if tactical is not None:
        act.tactical.append(("extra:" if used == "manipulate" and tactical == "manipulate" else "") + tactical)
    act.actions.append(("extra:" if extra else "") + action)
    if action == "movement":
        act.moved = True


def action_open(table: Table, model_id: str, action: str, tactical: str | None = None) -> bool:
    """Could the activating model take this action now (normal or extra)?"""
    for extra in (False, True):
        try:
            check_action(table, model_id, action, extra, tactical)
            return True
        except RuleRefused:
            pass
    return False


def end_activation(table: Table, cmd: EndActivation, rng) -> list[Event]:
    rule = "ACTIVATE A MODEL"
    act = table.round.activation
    if act.model != cmd.model:
        raise RuleRefused(rule, f"{table.model(cmd.model).label} is not activating", "not_activating", model=cmd.model)
    model = table.model(cmd.model)
    model.activated = True
    table.round.activation = None
    marker = "its Audacity marker flips to ✓" if model.audacity else "Activated marker"
    events = [Event("activated", f"{model.label}'s activation ends ({marker})", rule,
                    {"model": model.id, "player": model.player, "audacity": model.audacity})]
    return events + next_turn(table, model.player)


def pass_turn(table: Table, cmd: Pass, rng) -> list[Event]:
    rule = "PASSING ON ACTIVATION"
    player = table.player(cmd.player)
    if table.round.turn != player.id:
        raise RuleRefused(rule, f"It is {table.player(table.round.turn).name}'s turn", "not_your_turn",
                          player=table.round.turn)
    unaffordable = pass_unaffordable(table, player.id)
    if unaffordable is not None:
        raise unaffordable
    others = [pid for pid in table.players if pid != player.id and table.able(pid)]
    if not others:
        raise RuleRefused(rule, "No other player has a model left to activate", "nothing_to_pass_to")
    player.passes -= PASS_PRICE
    events = [Event("pass", f"{player.name} passes ({plural(player.passes, 'Pass marker')} left)", rule,
                    {"player": player.id, "passes": player.passes})]
    return events + next_turn(table, player.id)


PASS_PRICE = 1  # PASSING ON ACTIVATION: a pass spends one Pass marker


def pass_unaffordable(table: Table, player_id: str) -> RuleRefused | None:
    """The refusal when `player_id` holds no Pass marker to spend (None: they may pay)."""
    player = table.player(player_id)
    if player.passes < PASS_PRICE:
        return RuleRefused("PASSING ON ACTIVATION", f"{player.name} has no Pass marker", "no_pass_marker",
                           player=player.id)
    return None


def check_pass_markers(table: Table) -> list[Event]:
    """PASSING ON ACTIVATION: a model not yet activated that becomes KO or a Casualty gives its
    owner a Pass marker at once (one per model per round: a choice for a KO model later removed)."""
    if table.round.phase != "execute_the_plan":
        return []
    events = []
    act = table.round.activation
    for model in table.models.values():
        if model.pass_given or model.activated or (act is not None and act.model == model.id):
            continue
        if model.ko or model.casualty:
            model.pass_given = True
            player = table.players[model.player]
            player.passes += 1
            events.append(Event("pass_marker", f"{player.name} takes a Pass marker: {model.label} is "
                                f"{'a Casualty' if model.casualty else 'KO'} before activating",
                                "PASSING ON ACTIVATION", {"player": player.id, "model": model.id,
                                                          "casualty": model.casualty}))
    return events


def after_damage(table: Table) -> list[Event]:
    """After any change of markers: Pass markers, the activating model removed, the phase's end."""
    events = check_pass_markers(table)
    act = table.round.activation
    if table.round.phase == "execute_the_plan" and act is not None:
        model = table.models[act.model]
        if model.casualty or model.ko:
            model.activated = True
            table.round.activation = None
            table.round.melee = None
            events.append(Event("activated", f"{model.label}'s activation ends", "ACTIVATE A MODEL",
                                {"model": model.id, "player": model.player}))
            events += next_turn(table, model.player)
            return events
    if table.round.phase == "execute_the_plan" and act is None and table.round.turn is not None:
        if not table.able(table.round.turn):
            events += next_turn(table, table.round.turn)
    return events


# ---------------------------------------------------------------- IV. Recount

RECOUNT_STEPS = {
    1: "1. Traits used at the beginning of the Recount, alternating from the Initiative",
    2: "2. Discard Spent Resource cards",
    3: "3. Score Objectives reviewed at the end of the round whose requirements are met",
    4: "4. Skill rolls for status effects (e.g. Poison)",
    5: "5. Models not KO remove ★; KO models try to recover",
    6: "6. End of the game, or a new round",
}


def start_recount(table: Table) -> list[Event]:
    table.round.phase = "recount"
    table.round.recount_step = 1
    table.round.activation = None
    table.round.melee = None
    return [Event("phase", "IV. Recount — " + RECOUNT_STEPS[1], "RECOUNT", {"phase": "recount", "step": 1})]


def pending_recoveries(table: Table) -> list[m.Model]:
    if table.round.phase != "recount" or table.round.recount_step != 5:
        return []
    return [x for x in table.models.values() if x.in_play and x.ko and not x.recovery_rolled]


def advance_refused(table: Table) -> RuleRefused | None:
    """Why the Recount cannot go on now (None: it can): in step 5 the KO models try to recover first."""
    pending = pending_recoveries(table)
    if pending:
        return RuleRefused("RECOUNT", "KO models try to recover first: " + ", ".join(x.label for x in pending),
                           "recovery_pending", models=[x.id for x in pending])
    return None


def advance(table: Table, cmd: Advance, rng) -> list[Event]:
    rule = "RECOUNT"
    refused = advance_refused(table)
    if refused is not None:
        raise refused
    step = table.round.recount_step + 1
    table.round.recount_step = step
    events = [Event("recount", RECOUNT_STEPS[step], rule, {"step": step})]
    if step == 2:
        for p in table.players.values():
            o = p.cards.objectives
            if o.spent_resources:
                events.append(Event("resources_discarded", f"{p.name} discards {plural(o.spent_resources, 'Spent Resource')}",
                                    rule, {"player": p.id, "cards": o.spent_resources}))
                o.deck += o.spent_resources
                o.spent_resources = 0
    elif step == 5:
        events += _recount_stun(table)
    elif step == 6:
        events += _end_or_new_round(table)
    return events


def _recount_stun(table: Table) -> list[Event]:
    """Recount 5 / RECOVERY: every model in play that is not KO removes ★ (one, per RECOVERY, or
    all, per the Recount's list: the table's `recount_stun`)."""
    events = []
    for x in table.models.values():
        if x.in_play and not x.ko and x.stun:
            removed = x.stun if table.recount_stun == "all" else 1
            x.stun -= removed
            events.append(Event("recover", f"{x.label} removes {plural(removed, '★')}", "RECOVERY",
                                {"model": x.id, "stun": removed}))
    return events


def recovery_roll(table: Table, cmd: RecoveryRoll, rng) -> list[Event]:
    rule = "RECOVERY"
    model = table.model(cmd.model)
    if not model.ko:
        raise RuleRefused(rule, f"{model.label} is not KO", "not_ko", model=model.id)
    if model.recovery_rolled:
        raise RuleRefused(rule, f"{model.label} already rolled to recover this Recount", "recovery_rolled",
                          model=model.id)
    n = d.skill_dice(model.card.special, ko=True)
    result = d.skill_roll(d.roll(n, cmd.values, rng), model.card.endurance)
    model.recovery_rolled = True
    res.record_recovery(table, model.id, result.values, result.kept, result.total, model.card.endurance,
                        result.passed)
    data = {"model": model.id, "dice": list(result.values), "kept": list(result.kept), "total": result.total,
            "endurance": model.card.endurance, "passed": result.passed}
    if result.passed:
        m.recover_from_ko(model)
        text = (f"{model.label} recovers ({'+'.join(map(str, result.kept))} = {result.total} ≤ "
                f"{model.card.endurance}): −1 ★, Knocked Down")
    else:
        text = (f"{model.label} stays KO ({'+'.join(map(str, result.kept))} = {result.total} > "
                f"{model.card.endurance})")
    return [Event("recovery", text, rule, data)]


def _end_or_new_round(table: Table) -> list[Event]:
    """Recount 6: the game ends after round 4, or when a crew has no model to activate after the
    recoveries; the player with the most VP wins. Else a)–d) and a new round."""
    for x in table.models.values():
        x.recovery_rolled = False
    empty = [p for p in table.players if not any(x.in_play and not x.ko for x in table.crew_of(p))]
    if table.round.number >= LAST_ROUND or empty:
        table.round.phase = "game_over"
        vp = {p.id: p.cards.victory_points for p in table.players.values()}
        best = max(vp.values())
        table.round.winners = tuple(pid for pid, v in vp.items() if v == best)
        why = (f"round {table.round.number} is over" if not empty else
               ", ".join(table.player(p).name for p in empty) + " has no model left to activate")
        names = " and ".join(table.player(p).name for p in table.round.winners)
        text = f"The game ends ({why}). " + (f"{names} win{'s' if len(table.round.winners) == 1 else ''} with {best} VP"
                                             if len(table.round.winners) == 1 else f"Tie at {best} VP: {names}")
        return [Event("game_over", text, "END GAME AND VICTORY POINTS",
                      {"winners": list(table.round.winners), "vp": vp, "round": table.round.number,
                       "empty": empty})]
    events = []
    for x in table.models.values():  # a) Activated markers (and the flipped Audacity markers)
        x.activated = x.audacity = x.revealed = x.recovered_this_round = x.pass_given = x.sewer_used = False
    for p in table.players.values():  # a) unused Pass markers, kept as the Lead bonus; b) 3 RP; c) hand of 4
        p.lead_bonus, p.passes = p.passes, 0
        p.cards.resource_points = RESOURCE_POINTS
        p.cards.objectives.draw_to()
        p.lead_roll = None
        p.plan_placed = False
        p.recount_discard_used = False
    r = table.round
    r.number += 1
    r.phase = "take_the_lead"
    r.roll_winner = r.initiative = r.turn = r.activation = None
    r.heavy_rain = None
    r.recount_step = 0
    bonus = {p.id: p.lead_bonus for p in table.players.values() if p.lead_bonus}
    events.append(Event("round", f"Round {r.number}: I. Take the Lead", "SEQUENCE OF PLAY",
                        {"round": r.number, "lead_bonus": bonus}))
    return events
