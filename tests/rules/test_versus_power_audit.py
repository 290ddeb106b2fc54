"""The audit of the 69 HQ powers (docs/versus-powers.md): each power the app applies, played from its
trigger with the numbers its French text prints (quoted from the booklet, checked against the data
file), the exclusive branches, the one-token-per-space condition and the limits; and the audit table
itself: all 69 powers, every test it names exists."""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from games.bgcc import command_post as cp
from games.bgcc import commands as c
from games.bgcc import engine, versus, versus_data
from games.bgcc.errors import RuleRefused
from tests.rules.versus_fixtures import advance_to

from .test_versus_powers import _trigger, table_with

ROOT = Path(__file__).resolve().parents[2]
POWERS = versus_data.powers()


def quote(power_id: str, fragment: str, alternative: int = 0) -> str:
    """A passage of the power's French text (the booklet's, as the data file keeps it)."""
    text = " ".join(POWERS[power_id].alternatives[alternative].text_fr.split())
    assert fragment in text, (power_id, fragment)
    return fragment


def triggered(power_id: str, life: int = 6):
    """Both teams drafted, the power's HQ on its side, its event tile activated: the power pending."""
    power = POWERS[power_id]
    table = _trigger(table_with(power, life=life), power)
    assert [p.power for p in table.versus.pending_powers] == [power_id]
    return table


def resolve(table, power_id: str, **kw):
    power = POWERS[power_id]
    outcome = engine.apply(table, c.ResolvePower(side=power.side, power=power_id, **kw))
    assert outcome.table.versus.pending_powers == []
    return outcome.table, outcome.events


def refused(table, command, code: str):
    with pytest.raises(RuleRefused) as caught:
        engine.apply(table, command)
    assert caught.value.code == code, caught.value.message


def hq_mini(table, side: str) -> str:
    post = table.command_posts[side]
    return post.tiles[post.hq].miniatures[0].id


def life(table, miniature: str) -> int:
    return table.find_miniature(miniature)[2].life_points


def mini_of(table, side: str, tile_name: str, n: int = 0) -> str:
    post = table.command_posts[side]
    return next(t for t in post.tiles.values() if t.name == tile_name).miniatures[n].id


def wound(table, miniature: str, wounds: int):
    return engine.apply(table, c.Wound(wounds=wounds, miniature=miniature)).table


def discs(table, side: str) -> tuple[int, int, int]:
    d = table.command_posts[side].discs
    return d.available, d.unavailable, d.spent


# ---------------------------------------------------------------- heroes


def test_alfred_soin_restores_the_lieutenant_to_its_starting_life_points():
    quote("alfred-soin", "Le héros place le pion point de vie du lieutenant à son niveau de départ.")
    table = triggered("alfred-soin")
    target = hq_mini(table, "heroes")  # a character with life points to restore (6 at start)
    table.find_miniature(target)[2].life_points = 2
    table, _ = resolve(table, "alfred-soin", miniatures=[target])
    assert life(table, target) == 6
    # the other branch ("OU") is a movement played on the board: nothing changes in the bookkeeping
    other = triggered("alfred-soin")
    other.find_miniature(hq_mini(other, "heroes"))[2].life_points = 2
    other, events = resolve(other, "alfred-soin", alternative=1)
    assert life(other, hq_mini(other, "heroes")) == 2


def test_batman_the_dark_knight_returns_sans_limites_wounds_himself_1_or_2():
    quote("batman-the-dark-knight-returns-sans-limites", "il ne peut que déclarer des actions d'attaque")
    for alternative, wounds in ((0, 1), (1, 2)):
        table = triggered("batman-the-dark-knight-returns-sans-limites")
        table, _ = resolve(table, "batman-the-dark-knight-returns-sans-limites", alternative=alternative)
        assert life(table, hq_mini(table, "heroes")) == 6 - wounds


def test_batman_year_100_echappee_belle_heals_up_to_2_never_above_his_life_points():
    quote("batman-year-100-echappee-belle", "il récupère jusqu'à 2 points de vie. Il ne peut pas récupérer plus de "
                                            "points de vie que son attribut")
    table = triggered("batman-year-100-echappee-belle")
    table.find_miniature(hq_mini(table, "heroes"))[2].life_points = 3
    table, _ = resolve(table, "batman-year-100-echappee-belle")
    assert life(table, hq_mini(table, "heroes")) == 5
    table = triggered("batman-year-100-echappee-belle")
    table.find_miniature(hq_mini(table, "heroes"))[2].life_points = 5
    table, _ = resolve(table, "batman-year-100-echappee-belle")
    assert life(table, hq_mini(table, "heroes")) == 6


def test_batwoman_avantage_strategique_one_disc_spent_and_one_activation_already_made():
    quote("batwoman-avantage-strategique", "Le vilain transfère un DPA depuis sa zone de potentiel d'activation "
                                           "indisponible vers sa zone de dépense")
    quote("batwoman-avantage-strategique", "on considère qu'il a déjà réalisé une activation")
    table = triggered("batwoman-avantage-strategique")
    available, unavailable, spent = discs(table, "villain")
    table, _ = resolve(table, "batwoman-avantage-strategique")
    assert discs(table, "villain") == (available, unavailable - 1, spent + 1)
    table = advance_to(table, "villain.activations")
    post = table.command_posts["villain"]
    post.discs.available = 5
    out = engine.apply(table, c.ActivateTile(side="villain", tile=post.river[0]))
    assert out.events[0].data["discs"] == 2  # the first activation is the second: 2 discs


def test_duke_precognition_wounds_as_many_as_the_successes_of_two_orange_dice():
    quote("duke-precognition", "lance deux dés oranges. Le personnage désigné subit autant de blessures que de "
                               "succès obtenus")
    table = triggered("duke-precognition")
    target = hq_mini(table, "villain")
    refused(table, c.ResolvePower(side="heroes", power="duke-precognition", miniatures=[target]),
            "power_needs_successes")
    table, _ = resolve(table, "duke-precognition", miniatures=[target], count=3)
    assert life(table, target) == 3


def _upkeep_with_and_without(power_id: str, hq_life: int = 6):
    power = POWERS[power_id]
    plain = replace(power, alternatives=[replace(a, operations=[]) for a in power.alternatives])
    tables = []
    for p in (power, plain):
        table = advance_to(table_with(p, life=hq_life), "heroes.activations")
        post = table.command_posts["heroes"]
        post.fatigue, post.reserve = post.fatigue + 10, post.reserve - 10 if post.reserve >= 10 else 0
        post.discs.unavailable, post.discs.available = post.discs.unavailable + post.discs.available, 0
        tables.append(advance_to(table, "heroes.activations", next_one=True))
    return tables


def test_julia_pennyworth_planification_militaire_2_more_cubes_at_the_heroes_upkeep_only():
    quote("julia-pennyworth-planification-militaire", "lors de l'étape d’entretien du tour du héros, le héros "
                                                      "récupère 2 cubes d'énergie supplémentaires")
    quote("julia-pennyworth-planification-militaire", "Lors de l'activation de la tuile événement, ce pouvoir "
                                                      "n'apporte aucun effet.")
    with_power, without = _upkeep_with_and_without("julia-pennyworth-planification-militaire")
    assert with_power.command_posts["heroes"].reserve == without.command_posts["heroes"].reserve + 2
    # the event tile brings nothing: no pending power
    table = _trigger(table_with(POWERS["julia-pennyworth-planification-militaire"]),
                     POWERS["julia-pennyworth-planification-militaire"])
    assert table.versus.pending_powers == []
    refused(table, c.ResolvePower(side="heroes", power="julia-pennyworth-planification-militaire"), "power_at_upkeep")


def test_oracle_stratege_aguerrie_1_more_disc_at_the_heroes_upkeep():
    quote("oracle-stratege-aguerrie", "le héros récupère 1 point de potentiel d'activation supplémentaire")
    with_power, without = _upkeep_with_and_without("oracle-stratege-aguerrie")
    assert with_power.command_posts["heroes"].discs.available == without.command_posts["heroes"].discs.available + 1


def test_red_robin_cyberattaque_hacking_token_not_on_a_space_already_holding_one():
    quote("red-robin-cyberattaque", "le pose dans une des cases du poste de commandement adverse qui ne contient "
                                    "pas déjà un pion piratage : mouvement, défense ou relance")
    quote("red-robin-cyberattaque-permanent", "voit sa saturation diminuée de 1")
    table = triggered("red-robin-cyberattaque")
    villain = table.command_posts["villain"]
    assert cp.limit(villain, "reroll") == 2
    table, _ = resolve(table, "red-robin-cyberattaque", space="reroll")
    assert cp.limit(table.command_posts["villain"], "reroll") == 1
    # the event tile again: the reroll space already holds a token
    post = table.command_posts["heroes"]
    event = next(t for t in post.river if post.tiles[t].definition.kind == "event")
    post.discs.available = 10
    table = engine.apply(table, c.ActivateTile(side="heroes", tile=event)).table
    refused(table, c.ResolvePower(side="heroes", power="red-robin-cyberattaque", space="reroll"),
            "space_already_hacked")
    table, _ = resolve(table, "red-robin-cyberattaque", space="defense")
    assert cp.limit(table.command_posts["villain"], "defense") == 2
    assert table.command_posts["villain"].hacking == {"reroll": 1, "defense": 1}
    # "Le héros peut": no space chosen, no token
    table2 = triggered("red-robin-cyberattaque")
    table2, events = resolve(table2, "red-robin-cyberattaque")
    assert table2.command_posts["villain"].hacking == {}


def test_robin_damian_wayne_permanent_lieutenant_costs_1_more_disc():
    quote("robin-damian-wayne-enfant-prodige-permanent", "le coût en DPAs pour activer la tuile du lieutenant est "
                                                         "augmenté de 1")
    robin = POWERS["robin-damian-wayne-enfant-prodige-permanent"]
    table = table_with(robin)
    lieutenant = table.command_posts["heroes"].river[1]
    table = engine.apply(table, c.ResolvePower(side="heroes", power=robin.id, tiles=[lieutenant])).table
    table = advance_to(table, "heroes.activations")
    assert engine.apply(table, c.ActivateTile(side="heroes", tile=lieutenant)).events[0].data["discs"] == 2
    # set once, at setup: not again
    refused(table, c.ResolvePower(side="heroes", power=robin.id, tiles=[lieutenant]), "power_not_pending")


# ---------------------------------------------------------------- villains


def test_venom_bane_injection_incontrolee_2_wounds_to_himself():
    quote("bane-venom-injected-injection-incontrolee", "À la fin de cette activation, il subit 2 blessures.")
    table = triggered("bane-venom-injected-injection-incontrolee")
    table, _ = resolve(table, "bane-venom-injected-injection-incontrolee")
    assert life(table, hq_mini(table, "villain")) == 4


def test_black_mask_motivation_extreme_neutralizes_a_friendly_character_or_nothing():
    quote("black-mask-motivation-extreme", "Le vilain neutralise un personnage ami dans la ligne de vue de Black Mask.")
    quote("black-mask-motivation-extreme", "Aucun effet.", alternative=1)
    table = triggered("black-mask-motivation-extreme")
    gunman = mini_of(table, "villain", "Gunmen")
    table, _ = resolve(table, "black-mask-motivation-extreme", miniatures=[gunman])
    assert table.find_miniature(gunman)[2].place == "pool"
    table = triggered("black-mask-motivation-extreme")
    table, _ = resolve(table, "black-mask-motivation-extreme", alternative=1, miniatures=[gunman])
    assert table.find_miniature(gunman)[2].place == "board"


def test_deathstroke_point_faible_wounds_as_many_as_one_red_die_shows():
    quote("deathstroke-point-faible", "lance un dé rouge. Ce personnage subit autant de blessures que de succès")
    table = triggered("deathstroke-point-faible")
    target = hq_mini(table, "heroes")
    table, _ = resolve(table, "deathstroke-point-faible", miniatures=[target], count=2)
    assert life(table, target) == 4


def test_doctor_death_serum_du_berserk_neutralizes_the_friendly_character_after_its_activation():
    quote("doctor-death-serum-du-berserk", "Le vilain réalise immédiatement une activation de personnage avec une "
                                           "figurine amie située dans la zone de Doctor Death.")
    table = triggered("doctor-death-serum-du-berserk")
    thug = mini_of(table, "villain", "Thugs")
    table, _ = resolve(table, "doctor-death-serum-du-berserk", miniatures=[thug])
    assert table.find_miniature(thug)[2].place == "pool"


@pytest.mark.parametrize("power_id", ["harley-quinn-folie-douce", "harley-quinn-with-hammer-folie-douce"])
def test_harley_quinn_folie_douce_one_branch_per_die_result(power_id):
    quote(power_id, "2 succès (cleptomanie) : le vilain peut prendre un DPA de la zone de potentiel d’activation "
                    "indisponible du héros et le met dans sa propre zone de potentiel d’activation disponible")
    quote(power_id, "0 succès (bipolaire) : le vilain intervertit les positions de deux tuiles de sa rivière")
    table = triggered(power_id)
    refused(table, c.ResolvePower(side="villain", power=power_id), "power_needs_successes")
    river = list(table.command_posts["villain"].river)
    tiles = river[1:3]
    # 2 successes: the disc only, the river untouched
    after, _ = resolve(table, power_id, count=2, tiles=tiles)
    assert discs(after, "villain")[0] == discs(table, "villain")[0] + 1
    assert discs(after, "heroes")[1] == discs(table, "heroes")[1] - 1
    assert after.command_posts["villain"].river == river
    # 0 successes: the two tiles swap, no disc moves
    after, _ = resolve(table, power_id, count=0, tiles=tiles)
    assert after.command_posts["villain"].river == [river[0], river[2], river[1], *river[3:]]
    assert (discs(after, "villain"), discs(after, "heroes")) == (discs(table, "villain"), discs(table, "heroes"))
    # 1 success: played on the board (swap Harley and a miniature): nothing changes here
    after, events = resolve(table, power_id, count=1, tiles=tiles)
    assert after.command_posts["villain"].river == river and discs(after, "villain") == discs(table, "villain")
    assert events[-1].kind == "reminder"


def test_the_joker_mr_joe_terreur_1_wound_then_a_hero_tile_last():
    quote("the-joker-mr-joe-terreur", "The Joker Mr. Joe subit immédiatement 1 blessure. Puis le vilain place la "
                                      "tuile d’un personnage contrôlé par le héros")
    table = triggered("the-joker-mr-joe-terreur")
    hero_tile = table.command_posts["heroes"].river[0]
    table, _ = resolve(table, "the-joker-mr-joe-terreur", tiles=[hero_tile])
    assert life(table, hq_mini(table, "villain")) == 5
    assert table.command_posts["heroes"].river[-1] == hero_tile


def test_the_penguin_parapluie_multifonction_wounds_as_many_as_one_white_die_shows():
    quote("the-penguin-parapluie-multifonction", "Il lance ensuite 1 dé blanc relançable. Le personnage subit autant "
                                                 "de blessures que de succès obtenus.")
    table = triggered("the-penguin-parapluie-multifonction")
    target = hq_mini(table, "heroes")
    table, _ = resolve(table, "the-penguin-parapluie-multifonction", miniatures=[target], count=1)
    assert life(table, target) == 5


def test_ras_al_ghul_leader_veteran_next_activation_costs_0():
    quote("ras-al-ghul-leader-veteran", "Le vilain réalise immédiatement une activation de tuile sauf que son coût "
                                        "d’activation est de 0.")
    table = triggered("ras-al-ghul-leader-veteran")
    table, _ = resolve(table, "ras-al-ghul-leader-veteran")
    post = table.command_posts["villain"]
    before = (post.discs.available, post.reserve)
    out = engine.apply(table, c.ActivateTile(side="villain", tile=post.river[0]))
    after = out.table.command_posts["villain"]
    assert out.events[0].data["discs"] == 0 and out.events[0].data["cost"] == 0
    assert (after.discs.available, after.reserve) == before
    # only that one: the next activation pays again
    out = engine.apply(out.table, c.ActivateTile(side="villain", tile=after.river[0]))
    assert out.events[0].data["discs"] == 3  # the event tile's activation, Ra's, then the third: 3 discs


@pytest.mark.parametrize("power_id", ["solomon-grundy-resurrection", "talon-resurrection"])
def test_resurrection_back_at_the_event_tile_with_starting_life_points(power_id):
    quote(power_id, "Lors de l’activation de la tuile événement, le vilain redresse sa figurine et retourne sa tuile "
                    "face active visible. Il met ensuite le jeton points de vie sur sa valeur de départ.")
    power = POWERS[power_id]
    table = advance_to(table_with(power), "villain.activations")
    hq = hq_mini(table, "villain")
    table = wound(table, hq, 6)
    post = table.command_posts["villain"]
    assert post.tiles[post.hq].neutralized
    event = next(t for t in post.river if post.tiles[t].definition.kind == "event")
    assert not post.tiles[event].neutralized  # "La tuile événement ne peut jamais être neutralisée"
    post.discs.available, post.reserve = 10, 20
    table = engine.apply(table, c.ActivateTile(side="villain", tile=event)).table
    table, _ = resolve(table, power_id)
    post = table.command_posts["villain"]
    assert not post.tiles[post.hq].neutralized and table.find_miniature(hq)[2].place == "board"
    assert life(table, hq) == 6


def test_the_riddler_duel_d_esprit_fewer_branch_moves_the_difference_both_ways():
    quote("the-riddler-duel-d-esprit", "si le vilain en possède moins que le héros, il transfère la différence de "
                                       "DPAs")
    quote("the-riddler-duel-d-esprit", "Le héros, quant à lui, transfère autant de DPAs depuis sa zone de potentiel "
                                       "d’activation disponible vers sa zone de potentiel d’activation indisponible.")
    table = triggered("the-riddler-duel-d-esprit")
    v, h = table.command_posts["villain"].discs, table.command_posts["heroes"].discs
    v.available, v.unavailable, h.available, h.unavailable = 2, 6, 5, 0
    reserve = table.command_posts["villain"].reserve
    table, _ = resolve(table, "the-riddler-duel-d-esprit")
    assert discs(table, "villain")[:2] == (5, 3)  # the difference, 3
    assert discs(table, "heroes")[:2] == (2, 3)  # "autant": 3
    assert table.command_posts["villain"].reserve == reserve  # the other branch's 3 cubes: not applied


def test_the_riddler_duel_d_esprit_as_many_or_more_branch_1_disc_and_3_cubes_only():
    quote("the-riddler-duel-d-esprit", "si le vilain possède autant ou plus de DPAs que le héros, il transfère 1 DPA "
                                       "depuis sa zone de potentiel d’activation indisponible vers sa zone de "
                                       "potentiel d’activation disponible, ainsi que 3 cubes d’énergie")
    table = triggered("the-riddler-duel-d-esprit")
    v, h = table.command_posts["villain"].discs, table.command_posts["heroes"].discs
    v.available, v.unavailable, h.available, h.unavailable = 4, 4, 4, 2
    post = table.command_posts["villain"]
    post.fatigue, post.reserve = 5, post.reserve - 5 if post.reserve >= 5 else post.reserve
    reserve = post.reserve
    table, _ = resolve(table, "the-riddler-duel-d-esprit")
    assert discs(table, "villain")[:2] == (5, 3)
    assert discs(table, "heroes")[:2] == (4, 2)  # the heroes lose nothing in this branch
    assert (table.command_posts["villain"].reserve, table.command_posts["villain"].fatigue) == (reserve + 3, 2)


def test_the_riddler_bonus_belongs_to_the_event_tile_not_to_the_upkeep():
    """The Riddler's 3 cubes come with the event tile's activation only: an upkeep without it recovers
    exactly what an upkeep without the power does."""
    riddler = POWERS["the-riddler-duel-d-esprit"]
    plain = replace(riddler, alternatives=[replace(a, operations=[]) for a in riddler.alternatives])
    results = []
    for p in (riddler, plain):
        table = advance_to(table_with(p), "villain.activations")
        post = table.command_posts["villain"]
        post.fatigue, post.reserve = post.fatigue + 8, post.reserve - 8
        table = advance_to(table, "villain.activations", next_one=True)
        results.append((table.command_posts["villain"].reserve, table.command_posts["villain"].discs.available))
    assert results[0] == results[1]
    refused(table_with(riddler), c.ResolvePower(side="villain", power=riddler.id), "power_at_event_tile")


def test_zsasz_scarification_2_wounds_to_a_hero_then_1_to_zsasz():
    quote("zsasz-scarification", "Un personnage du héros dans la zone de Zsasz subit 2 blessures, puis Zsasz en subit 1.")
    table = triggered("zsasz-scarification")
    target = hq_mini(table, "heroes")
    table, _ = resolve(table, "zsasz-scarification", miniatures=[target])
    assert life(table, target) == 4
    assert life(table, hq_mini(table, "villain")) == 5


def test_a_power_resolves_once_per_event_tile_activation():
    table = triggered("zsasz-scarification")
    target = hq_mini(table, "heroes")
    table, _ = resolve(table, "zsasz-scarification", miniatures=[target])
    refused(table, c.ResolvePower(side="villain", power="zsasz-scarification", miniatures=[target]),
            "power_at_event_tile")


# ---------------------------------------------------------------- the audit table


AUDIT = ROOT / "docs" / "versus-powers.md"


def audit_rows() -> list[list[str]]:
    rows = []
    for line in AUDIT.read_text(encoding="utf-8").splitlines():
        if line.startswith("| `"):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def test_the_audit_lists_all_69_powers_and_its_tests_exist():
    rows = audit_rows()
    ids = [re.sub(r"`", "", r[0]) for r in rows]
    assert len(ids) == 69 and sorted(ids) == sorted(POWERS)
    sources = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").rglob("test_*.py"))
    defined = set(re.findall(r"^def (test_\w+)", sources, flags=re.M))
    for row in rows:
        status, test = row[3], row[-1]
        assert status in ("applied", "reminder"), row
        names = re.findall(r"`(test_\w+)", test)
        assert names, row
        for name in names:
            assert name in defined, (row[0], name)
    applied = {re.sub(r"`", "", r[0]) for r in rows if r[3] == "applied"}
    computed = {p.id for p in POWERS.values()
                if any(op.op not in ("reminder", "character_activation") for a in p.alternatives for op in a.operations)}
    assert applied == computed
