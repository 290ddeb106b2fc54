"""Handlers of the commands that are not the round's own (`rounds`): actions, attacks, markers,
skill rolls, Objective cards. Each changes the table it is given (a copy: `registry.apply` copies)
and returns the events; a refusal raises RuleRefused before anything it checks is changed."""
from __future__ import annotations

from . import attacks, dice as d, models as m, movement as mv
from . import commands as c
from . import results as res
from .cards import SKILLS, Damage
from .errors import RuleRefused
from games.events import Event, plural
from games.serial import to_data
from .objectives import MAX_SUSPECTS
from .rounds import check_action, use_action
from .table import Table


def _markers(stun: int, injury: int) -> str:
    return "♦" * injury + "★" * stun or "no marker"


def _damage_events(table: Table, report: attacks.TargetReport, rule: str) -> tuple[list[Event], res.TargetResult]:
    """The attack event of one target, and its result for the table's view (results.py). The event's
    data: the dice and hits, `stun`/`injury` the markers kept, `inflicted` and `kept` as {stun,
    injury} before and after the caps (DAMAGE MARKERS)."""
    target = table.model(report.target)
    text = (f"{target.label}: {report.standing} hit{'s' if report.standing != 1 else ''} "
            f"({report.hits} attack-die hit{'s' if report.hits != 1 else ''}"
            + (f", {report.blocks} blocked" if report.blocks else "")
            + (", the Strength die" + (" — Critical" if report.critical else "") if report.strength_hit else "")
            + f"): {_markers(report.stun, report.injury)}")
    if report.critical_effect:
        text += f", {report.critical_effect}"
    if target.casualty:
        text += " — Casualty"
    elif target.ko:
        text += " — KO"
    result = res.target_result(table, report)
    data = {**to_data(result), "stun": report.stun, "injury": report.injury}
    data.update(report.odds_data())
    return [Event("attack", text, rule, data)], result


def attack_events(table: Table, kind: str, attacker: str, weapon: str, effort: int,
                  reports: list[attacks.TargetReport], rule: str) -> list[Event]:
    """Each target's attack event; the attack kept in the table as its last (results.py)."""
    events, targets = [], []
    for report in reports:
        found, result = _damage_events(table, report, rule)
        events += found
        targets.append(result)
    res.record_attack(table, kind, attacker, weapon, effort, targets)
    return events


# ---------------------------------------------------------------- actions


def move_allowance(model: m.Model, cmd: c.Move) -> tuple[int, int]:
    """(Impaired Movement sources, the Basic Move Distance after them) of a Movement action: Stand Up
    counts as one source; a trait's modifier applies (MOVEMENT ACTION)."""
    sources = cmd.impaired + (1 if cmd.stand_up else 0)
    return sources, mv.basic_move_distance(model.skill("movement"), sources, cmd.bmd_modifier)


def move(table: Table, cmd: c.Move, rng) -> list[Event]:
    model = table.model(cmd.model)
    if cmd.impaired < 0:
        raise RuleRefused("Impaired Movement", "Impaired Movement sources are 0 or more", "bad_impaired")
    if cmd.stand_up and not model.knocked_down:
        raise RuleRefused("Stand Up", f"{model.label} is not Knocked Down", "not_knocked_down", model=model.id)
    sources, bmd = move_allowance(model, cmd)
    if cmd.distance is not None and cmd.distance < 0:
        raise RuleRefused("MOVEMENT ACTION", "A distance moved is 0 inches or more", "bad_distance",
                          distance=cmd.distance)
    if mv.beyond_allowance(cmd.distance, bmd):
        raise RuleRefused("MOVEMENT ACTION", f"{model.label} moves at most {bmd}\" (Basic Move Distance "
                          f"{model.skill('movement')}\", −{mv.IMPAIRED}\" per Impaired Movement source), not "
                          f"{cmd.distance:g}\"", "beyond_move_distance", model=model.id, distance=cmd.distance,
                          bmd=bmd, movement=model.skill("movement"), impaired=sources)
    if cmd.fall_distance is not None and cmd.distance is not None and cmd.fall_distance < cmd.distance:
        raise RuleRefused("Falling", f"The distance travelled in the action ({cmd.fall_distance:g}\") includes the "
                          f"{cmd.distance:g}\" moved", "fall_shorter_than_move", distance=cmd.distance,
                          fall_distance=cmd.fall_distance)
    use_action(table, model.id, "movement", cmd.extra)
    events = []
    if cmd.stand_up:
        model.knocked_down = False
        events.append(Event("stand_up", f"{model.label} stands up (Impaired Movement)", "Stand Up", {"model": model.id}))
    events.append(Event("move", f"{model.label} moves up to {bmd}\"", "MOVEMENT ACTION",
                        {"model": model.id, "bmd": bmd, "impaired": sources, "distance": cmd.distance,
                         "movement": model.skill("movement"), "bmd_modifier": cmd.bmd_modifier}))
    if cmd.fall_distance is not None:
        outcome = mv.fall(cmd.fall_distance, bmd)
        if outcome == "casualty":
            model.casualty = True
            model.knocked_down = False
            events.append(Event("fall", f"{model.label} falls {cmd.fall_distance}\" (at least double its {bmd}\"): "
                                f"Casualty", "Falling", {"model": model.id, "distance": cmd.fall_distance, "bmd": bmd,
                                                          "outcome": outcome}))
        elif outcome == "injury":
            m.take_hits(model, 1, Damage(injury=mv.FALL_INJURY))
            events.append(Event("fall", f"{model.label} falls {cmd.fall_distance}\" (more than its {bmd}\"): ♦♦",
                                "Falling", {"model": model.id, "distance": cmd.fall_distance, "bmd": bmd,
                                            "outcome": outcome}))
        else:
            events.append(Event("fall", f"{model.label} falls {cmd.fall_distance}\": no damage", "Falling",
                                {"model": model.id, "distance": cmd.fall_distance, "bmd": bmd, "outcome": outcome}))
    return events


def melee_attack(table: Table, cmd: c.MeleeAttack, rng) -> list[Event]:
    attacker = table.model(cmd.model)
    check_action(table, attacker.id, "tactical", cmd.extra, "melee")
    targets = {s.target: table.model(s.target) for s in cmd.shares}
    reports = attacks.melee(attacker, cmd.weapon, cmd.shares, targets, cmd.effort, rng)
    use_action(table, attacker.id, "tactical", cmd.extra, "melee")
    events = [Event("melee", f"{attacker.label} attacks in melee with {cmd.weapon}"
                    + (f" (Effort {cmd.effort})" if cmd.effort else ""), "MELEE ATTACK",
                    {"model": attacker.id, "weapon": cmd.weapon, "effort": cmd.effort,
                     "defender_effort": {s.target: s.defender_effort for s in cmd.shares}})]
    return events + attack_events(table, "melee", attacker.id, cmd.weapon, cmd.effort, reports, "MELEE ATTACK")


def ranged_attack(table: Table, cmd: c.RangedAttack, rng) -> list[Event]:
    attacker = table.model(cmd.model)
    check_action(table, attacker.id, "tactical", cmd.extra, "ranged")
    moved = table.round.activation.moved if cmd.moved is None else cmd.moved
    mods = attacks.RangedModifiers(moved, cmd.beyond_range, cmd.cover, cmd.firing_blind, cmd.dodge,
                                   cmd.strength_die_removed, cmd.in_contact_with_enemy)
    rain = table.round.heavy_rain is True
    report = attacks.ranged(attacker, cmd.weapon, table.model(cmd.target), mods, rain, cmd.attack_values,
                            cmd.strength_value, cmd.critical, rng)
    use_action(table, attacker.id, "tactical", cmd.extra, "ranged")
    left = attacker.magazines.get(cmd.weapon)
    removals = attacks.ranged_removals(moved, cmd.beyond_range, cmd.cover, cmd.firing_blind, cmd.dodge, rain)
    events = [Event("ranged", f"{attacker.label} fires {cmd.weapon}: {plural(len(report.attack_values), 'attack die')}"
                    + (" + the Strength die" if report.strength_value is not None else ", no Strength die")
                    + (f" ({removals} removed)" if removals else "")
                    + ("" if left is None else f"; {plural(left, 'magazine')} left"), "RANGED ATTACK",
                    {"model": attacker.id, "weapon": cmd.weapon, "removals": removals, "magazines": left,
                     "dice": len(report.attack_values), "strength_die": report.strength_value is not None})]
    return events + attack_events(table, "ranged", attacker.id, cmd.weapon, 0, [report], "RANGED ATTACK")


def manipulate(table: Table, cmd: c.Manipulate, rng) -> list[Event]:
    rule = "MANIPULATE ACTIONS"
    model = table.model(cmd.model)
    check_action(table, model.id, "tactical", cmd.extra, "manipulate")
    player = table.player(model.player)
    if cmd.what == "place_suspect":
        if player.cards.suspects >= MAX_SUSPECTS:
            raise RuleRefused(rule, f"{player.name} already has {MAX_SUSPECTS} Suspect markers on the board",
                              "suspects_full", player=player.id, most=MAX_SUSPECTS)
        player.cards.suspects += 1
        text = f"{model.label} places a Suspect marker ({player.cards.suspects} on the board)"
    elif cmd.what == "reveal_suspect":
        owner = table.player(cmd.owner or model.player)
        if owner.cards.suspects < 1:
            raise RuleRefused(rule, f"{owner.name} has no Suspect marker on the board", "no_suspect", player=owner.id)
        owner.cards.suspects -= 1
        text = f"{model.label} reveals one of {owner.name}'s Suspect markers"
    elif cmd.what == "sewer":
        if model.sewer_used:
            raise RuleRefused("Sewer Markers", f"{model.label} already entered a Sewer this round", "sewer_used",
                              model=model.id)
        model.sewer_used = True
        text = f"{model.label} enters a Sewer and comes out at another (no further move this activation)"
    elif cmd.what == "other":
        text = f"{model.label} performs a Manipulate action"
    else:
        raise RuleRefused(rule, f"No Manipulate action {cmd.what}", "bad_manipulate", action=cmd.what)
    use_action(table, model.id, "tactical", cmd.extra, "manipulate")
    return [Event("manipulate", text, rule, {"model": model.id, "what": cmd.what, "player": player.id,
                                              "owner": (cmd.owner or model.player) if cmd.what == "reveal_suspect" else None,
                                              "suspects": {p.id: p.cards.suspects for p in table.players.values()}})]


def special_action(table: Table, cmd: c.SpecialAction, rng) -> list[Event]:
    model = table.model(cmd.model)
    use_action(table, model.id, "special", cmd.extra)
    return [Event("special", f"{model.label} performs a Special action" + (f": {cmd.trait}" if cmd.trait else ""),
                  "SPECIAL ACTIONS", {"model": model.id, "trait": cmd.trait})]


# ---------------------------------------------------------------- rolls and markers


def skill_roll(table: Table, cmd: c.SkillRollCommand, rng) -> list[Event]:
    rule = "SKILL ROLLS"
    model = table.model(cmd.model)
    m.check_in_play(model)
    if cmd.skill not in SKILLS:
        raise RuleRefused(rule, f"No skill {cmd.skill}", "bad_skill", skill=cmd.skill)
    target = table.model(cmd.against) if cmd.against else model
    value = target.skill(cmd.skill)
    if value is None:
        return [Event("skill_ignored", f"{target.label} has no Willpower: the roll is ignored", rule,
                      {"model": target.id})]
    user = table.model(cmd.effort_by) if cmd.effort_by else None
    if cmd.effort and user is None:
        raise RuleRefused("EFFORT", "Name the model making the Effort", "effort_by_missing")
    n = d.skill_dice(model.card.special, model.ko, cmd.effort)
    values = d.roll(n, cmd.values, rng)
    if user is not None:
        m.make_effort(user, cmd.effort)
    result = d.opposed_roll(values, value) if cmd.against else d.skill_roll(values, value)
    sign = ">" if cmd.against else "≤"
    verdict = "passes" if result.passed else "fails"
    text = (f"{model.label}'s {cmd.skill.capitalize()} roll ({n} dice: {', '.join(map(str, values))}): keeps "
            f"{' + '.join(map(str, result.kept))} = {result.total}, needs {sign} {value}: {verdict}")
    return [Event("skill_roll", text, rule, {"model": model.id, "player": model.player, "skill": cmd.skill,
                                            "against": cmd.against,
                                            "dice": list(values), "kept": list(result.kept), "total": result.total,
                                            "target": value, "passed": result.passed, "effort": cmd.effort})]


def pay_effort(table: Table, cmd: c.PayEffort, rng) -> list[Event]:
    model = table.model(cmd.model)
    if cmd.effort < 1:
        raise RuleRefused("EFFORT", "Effort is 1 ★ or more", "bad_effort", effort=cmd.effort)
    m.make_effort(model, cmd.effort)
    return [Event("effort", f"{model.label} makes {cmd.effort} Effort" + (f" for {cmd.trait}" if cmd.trait else ""),
                  "EFFORT", {"model": model.id, "effort": cmd.effort, "trait": cmd.trait})]


def damage(table: Table, cmd: c.Damage, rng) -> list[Event]:
    model = table.model(cmd.model)
    m.check_in_play(model)
    if cmd.stun < 0 or cmd.injury < 0 or cmd.hits < 1:
        raise RuleRefused("DAMAGE MARKERS", "Damage is markers per hit, 0 or more, in 1 hit or more", "bad_damage")
    results = m.take_hits(model, cmd.hits, Damage(cmd.stun, cmd.injury))
    stun, injury = sum(r.stun for r in results), sum(r.injury for r in results)
    text = f"{model.label} takes {_markers(stun, injury)}"
    text += " — Casualty" if model.casualty else " — KO" if model.ko else ""
    given = m.inflicted(results)
    return [Event("damage", text, "DAMAGE MARKERS", {"model": model.id, "stun": stun, "injury": injury,
                                                     "inflicted": {"stun": given[0], "injury": given[1]},
                                                     "kept": {"stun": stun, "injury": injury},
                                                     "ko": model.ko, "casualty": model.casualty})]


def heal(table: Table, cmd: c.Heal, rng) -> list[Event]:
    model = table.model(cmd.model)
    if cmd.stun < 0 or cmd.injury < 0:
        raise RuleRefused("DAMAGE MARKERS", "Markers removed are 0 or more", "bad_damage")
    model.injury = max(0, model.injury - cmd.injury)
    recovered = m.remove_stun(model, cmd.stun)
    text = f"{model.label} removes {_markers(cmd.stun, cmd.injury)}"
    if recovered:
        model.recovered_this_round = True
        text += ": no longer KO, but it cannot activate this round"
    return [Event("heal", text, "RECOVERING EARLIER IN THE ROUND" if recovered else "DAMAGE MARKERS",
                  {"model": model.id, "stun": cmd.stun, "injury": cmd.injury, "recovered": recovered})]


def set_status(table: Table, cmd: c.SetStatus, rng) -> list[Event]:
    model = table.model(cmd.model)
    m.check_in_play(model)
    if cmd.status == attacks.KNOCKED_DOWN:
        if cmd.on and not m.knock_down(model):
            raise RuleRefused("KNOCKED OUT", f"{model.label} is KO and cannot be Knocked Down", "ko_not_knocked_down",
                              model=model.id)
        if not cmd.on:
            model.knocked_down = False
    elif cmd.on and cmd.status not in model.statuses:
        model.statuses.append(cmd.status)
    elif not cmd.on and cmd.status in model.statuses:
        model.statuses.remove(cmd.status)
    return [Event("status", f"{model.label}: {cmd.status} {'on' if cmd.on else 'off'}", "",
                  {"model": model.id, "status": cmd.status, "on": cmd.on})]


def reload(table: Table, cmd: c.Reload, rng) -> list[Event]:
    model = table.model(cmd.model)
    m.add_magazines(model, cmd.weapon, cmd.count)
    return [Event("reload", f"{model.label}'s {cmd.weapon}: {model.magazines[cmd.weapon]} magazines", "RANGED WEAPONS",
                  {"model": model.id, "weapon": cmd.weapon, "magazines": model.magazines[cmd.weapon]})]


def hand_crown(table: Table, cmd: c.HandCrown, rng) -> list[Event]:
    rule = "BOSS SPECIAL RULES"
    model = table.model(cmd.model)
    m.check_in_play(model)
    boss = next((x for x in table.crew_of(model.player) if x.boss), None)
    if boss is not None and boss.in_play:
        raise RuleRefused(rule, f"{boss.label} is the Boss until removed from the game", "boss_in_play", model=boss.id)
    if boss is not None:
        boss.boss = False
    model.boss = True
    model.inspire = 4
    return [Event("crown", f"{model.label} takes the Crown: the new Boss (Inspire 4\")", rule,
                  {"model": model.id, "player": model.player, "inspire": 4})]


def dispute(table: Table, cmd: c.Dispute, rng) -> list[Event]:
    player = table.player(cmd.player)
    (value,) = d.roll(1, None if cmd.value is None else (cmd.value,), rng)
    who = d.dispute(value)
    text = (f"{player.name} rolls {value}: " + ("their reading applies this time" if who == "roller"
                                                 else "the opponent's reading applies this time"))
    return [Event("dispute", text, "WHY SO SERIOUS?", {"player": player.id, "die": value, "applies": who})]


def roll_die(table: Table, cmd: c.RollDie, rng) -> list[Event]:
    player = table.player(cmd.player)
    (value,) = d.roll(1, None if cmd.value is None else (cmd.value,), rng)
    if cmd.kind == "d3":
        result, rule, how = d.d3(value), "Reading the Dice", "D3"
    elif cmd.kind == "randomize":
        picked = d.randomize(cmd.items, value)
        result, rule, how = (None if picked is None else picked + 1), "RANDOMIZING", f"one of {cmd.items}"
    elif cmd.kind == "d6":
        result = d.modified(value, ("1/2",) if cmd.halve else (), cmd.add)
        rule = "Modifying Dice Rolls"
        how = "D6" + (" halved" if cmd.halve else "") + (f" {cmd.add:+d}" if cmd.add else "")
    else:
        raise RuleRefused("Reading the Dice", f"No roll {cmd.kind}: d6, d3 or randomize", "bad_option",
                          option="kind")
    said = "roll again" if result is None else str(result)
    return [Event("roll", f"{player.name} rolls {value} ({how}): {said}", rule,
                  {"player": player.id, "die": value, "kind": cmd.kind, "result": result,
                   "items": cmd.items if cmd.kind == "randomize" else None,
                   "halve": bool(cmd.halve) if cmd.kind == "d6" else False, "add": cmd.add if cmd.kind == "d6" else 0})]


# ---------------------------------------------------------------- Objective cards


def _activation_limit(table: Table, player_id: str, kind: str) -> None:
    act = table.round.activation
    if table.round.phase != "execute_the_plan" or act is None:
        return
    played = act.resources if kind == "resource" else act.objectives
    if player_id in played:
        if kind == "resource":
            raise RuleRefused("USING OBJECTIVE CARDS", "At most one card as a Resource during a model's activation",
                              "one_resource_per_activation", player=player_id)
        raise RuleRefused("USING OBJECTIVE CARDS", "At most one card as an Objective during a model's activation",
                          "one_objective_per_activation", player=player_id)
    played.append(player_id)


def mulligan(table: Table, cmd: c.Mulligan, rng) -> list[Event]:
    rule = "Draw Objective Cards"
    player = table.player(cmd.player)
    o = player.cards.objectives
    if o.mulligan_used:
        raise RuleRefused(rule, f"{player.name} already discarded and redrew once", "mulligan_used", player=player.id)
    if not 0 <= cmd.count <= o.hand:
        raise RuleRefused(rule, f"Discard 0 to {o.hand} cards", "mulligan_count", most=o.hand)
    o.mulligan_used = True
    return [Event("mulligan", f"{player.name} discards and redraws {plural(cmd.count, 'card')}", rule,
                  {"player": player.id, "count": cmd.count})]


def play_objective(table: Table, cmd: c.PlayObjective, rng) -> list[Event]:
    rule = "USING OBJECTIVE CARDS"
    player = table.player(cmd.player)
    o = player.cards.objectives
    if cmd.name in o.in_play:
        raise RuleRefused(rule, f"{cmd.name} is already in play: never two Objectives with the same Name at once",
                          "objective_same_name", card=cmd.name)
    if o.hand < 1:
        raise RuleRefused(rule, "No Objective card in hand", "empty_hand")
    _activation_limit(table, player.id, "objective")
    o.leave_hand()
    o.in_play.append(cmd.name)
    return [Event("objective_played", f"{player.name} plays the Objective {cmd.name}", rule,
                  {"player": player.id, "card": cmd.name})]


def score_objective(table: Table, cmd: c.ScoreObjective, rng) -> list[Event]:
    rule = "USING OBJECTIVE CARDS"
    player = table.player(cmd.player)
    o = player.cards.objectives
    if cmd.vp < 0:
        raise RuleRefused(rule, "Victory Points are 0 or more", "bad_vp", vp=cmd.vp)
    events = []
    if cmd.name not in o.in_play:  # scored instantly: played now from the hand
        events += play_objective(table, c.PlayObjective(cmd.player, cmd.name), rng)
    o.in_play.remove(cmd.name)
    o.accomplished += 1
    player.cards.victory_points += cmd.vp
    return events + [Event("objective_scored", f"{player.name} scores {cmd.name}: +{cmd.vp} VP "
                           f"({player.cards.victory_points} VP)", rule,
                           {"player": player.id, "card": cmd.name, "vp": cmd.vp, "total": player.cards.victory_points})]


def fail_objective(table: Table, cmd: c.FailObjective, rng) -> list[Event]:
    rule = "USING OBJECTIVE CARDS"
    player = table.player(cmd.player)
    o = player.cards.objectives
    if cmd.name not in o.in_play:
        raise RuleRefused(rule, f"{cmd.name} is not in play", "objective_not_in_play", card=cmd.name)
    o.in_play.remove(cmd.name)
    o.deck += 1
    return [Event("objective_failed", f"{player.name}'s {cmd.name} is not met: discarded", rule,
                  {"player": player.id, "card": cmd.name})]


def play_resource(table: Table, cmd: c.PlayResource, rng) -> list[Event]:
    rule = "USING OBJECTIVE CARDS"
    player = table.player(cmd.player)
    if cmd.cost < 0:
        raise RuleRefused(rule, "A Resource costs 0 or more points", "bad_cost", cost=cmd.cost)
    if cmd.cost > player.cards.resource_points:
        raise RuleRefused(rule, f"{player.name} has {plural(player.cards.resource_points, 'Resource Point')}",
                          "resource_points", player=player.id, points=player.cards.resource_points, cost=cmd.cost)
    if player.cards.objectives.hand < 1:
        raise RuleRefused(rule, "No Objective card in hand", "empty_hand")
    _activation_limit(table, player.id, "resource")
    player.cards.resource_points -= cmd.cost
    player.cards.objectives.leave_hand()
    player.cards.objectives.spent_resources += 1
    return [Event("resource", f"{player.name} plays a Resource for {cmd.cost} "
                  f"({player.cards.resource_points} Resource Points left)", rule,
                  {"player": player.id, "cost": cmd.cost, "left": player.cards.resource_points})]


def discard_objective(table: Table, cmd: c.DiscardObjective, rng) -> list[Event]:
    rule = "RECOUNT"
    player = table.player(cmd.player)
    if player.recount_discard_used:
        raise RuleRefused(rule, f"{player.name} already discarded a card this Recount", "recount_discard_used",
                          player=player.id)
    player.cards.objectives.discard_from_hand()
    player.recount_discard_used = True
    return [Event("objective_discarded", f"{player.name} discards an Objective card, shuffles and draws", rule,
                  {"player": player.id})]
