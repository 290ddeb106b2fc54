"""Game night, the hero's side (issue 20): action sheets opened from the hero board, the attack in
≤ 5 taps, the defender's choice with the odds of each number of defense cubes, a 4-area move as one
move, a villain character's sheet from its route, real dice entered face by face, falls and
tokens, the dice screen's attackers drawn from the table's `may` (the host lists every hero).
Everything is reached by roles and labels, as a person sees them."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.steps import scroll_into_view

# beyond one journey per game and language: python3 manage.py test --long (CI runs it)
pytestmark = pytest.mark.long

SMALL = {"viewport": {"width": 360, "height": 640}}


class Taps:
    """Counts the taps a person makes (each click through here is one)."""

    def __init__(self):
        self.n = 0

    def __call__(self, locator):
        locator.click()
        self.n += 1


def sheet(page):
    return page.get_by_role("dialog")


def to_actions(api, duo):
    return api.advance_to(duo["code"], duo["host"], "heroes.actions")


def test_a_hero_attack_from_the_board_takes_five_taps_and_the_defender_chooses_from_the_odds(api, duo, shot):
    to_actions(api, duo)
    b = duo["open_b"]()                    # Batman's phone, on his board
    a = duo["open_a"]("/#/dice")           # the villain's phone (host too), on the dice
    taps = Taps()
    expect(b.get_by_role("heading", name="Batman")).to_be_visible()
    taps(b.get_by_role("button", name=re.compile(r"^Melee: 0 \/ 4")))                   # 1: spend a cube
    attack = b.get_by_role("button", name="Attack with 1 cube")
    expect(attack).to_be_visible()
    shot(b, "night-hero-board-unused")
    taps(attack)                                                                       # 2: open the sheet
    s = sheet(b)
    expect(s.get_by_role("heading", name="Batman · Melee attack")).to_be_visible()
    expect(s.get_by_test_id("sheet-unused")).to_have_text("1 cube already on the space")
    taps(s.get_by_role("button", name="Killer Croc", exact=True))                                  # 3: the target
    expect(s.get_by_test_id("sheet-odds")).to_contain_text("wounds expected")
    expect(s.get_by_test_id("sheet-odds")).to_contain_text("neutralized")
    expect(s.get_by_test_id("sheet-odds")).to_contain_text("%")
    shot(b, "night-hero-attack-sheet")
    taps(s.get_by_role("button", name="Roll", exact=True))                             # 4: roll (app dice)
    done = s.get_by_role("button", name="Done: no reroll")
    expect(done).to_be_visible()
    shot(b, "night-hero-attack-rolled")
    taps(done)                                                                         # 5: no reroll
    expect(s.get_by_test_id("sheet-waiting")).to_contain_text("Waiting for Killer Croc to defend")
    print(f"\nTAPS hero attack with app dice, no reroll, from the hero board: {taps.n}")
    assert taps.n <= 5

    # the villain's phone: one button per number of defense cubes, each with its odds
    choices = a.get_by_test_id("defend-choices")
    expect(choices).to_be_visible()
    expect(a.get_by_role("button", name=re.compile(r"^No defense cube .*% no wound"))).to_be_visible()
    expect(a.get_by_role("button", name=re.compile(r"^Defend with 1 cube "))).to_be_visible()
    shot(a, "night-hero-defense-choices")
    a.get_by_role("button", name=re.compile(r"^Defend with 1 cube ")).click()
    a.get_by_test_id("roll-dice").click()
    a.get_by_test_id("end-rerolls").click()
    expect(a.get_by_test_id("last-roll")).to_be_visible()              # the roll is over on the table
    last = api.table(duo["code"])["dice"]["last"]
    result = f"{last['successes']} vs {last['defense_successes']} → {last['wounds']} wound{'' if last['wounds'] == 1 else 's'}"
    # the attacker's sheet keeps the result until dismissed; the dice screens say the same
    expect(s.get_by_test_id("sheet-result")).to_contain_text(result)
    expect(a.get_by_test_id("last-wounds")).to_have_text(result)
    shot(b, "night-hero-attack-result")
    s.get_by_role("button", name="Dismiss").click()
    expect(s).to_be_hidden()


def test_a_four_area_move_is_one_move_and_one_history_entry(api, duo, shot):
    to_actions(api, duo)
    b = duo["open_b"]()
    before = len(api.session.get(f"{api.base}/api/tables/{duo['code']}/history?limit=500").json())
    b.get_by_role("button", name="Move…").first.click()
    s = sheet(b)
    expect(s.get_by_role("heading", name="Batman · Move")).to_be_visible()
    for _ in range(3):
        s.get_by_role("button", name="Areas (simple moves) +1").click()
    expect(s.get_by_test_id("sheet-areas")).to_have_text("4")
    # the points left before moving, as the table prices those four moves (POST /previews/move)
    price = api.session.post(f"{api.base}/api/tables/{duo['code']}/previews/move",
                             json={"hero": "batman", "moves": [{"type": "simple", "hindering": 0}] * 4}).json()
    expect(s.get_by_test_id("sheet-move-price")).to_have_text(re.compile(
        rf"^This movement costs {price['cubes']} cubes? · move points left: {price['points_left']} \(lost at its end\)$"))
    shot(b, "night-hero-move-sheet")
    s.get_by_role("button", name="Move (4)").click()
    expect(s).to_be_hidden()
    history = api.session.get(f"{api.base}/api/tables/{duo['code']}/history?limit=500").json()
    new = history[before:]
    assert [e["command"] for e in new] == ["Move"], new
    assert api.table(duo["code"])["heroes"][0]["moved_this_turn"] is True


def test_the_host_lists_every_hero_on_the_dice_screen_from_the_tables_may(api, duo, shot):
    to_actions(api, duo)
    a = duo["open_a"]("/#/dice", act_as_host=True)  # the villain's seat with the host token, acting as host
    picker = a.get_by_label("Who acts")
    expect(picker.locator("option")).to_have_text(["Batman", "Commissioner Gordon"])
    a.get_by_test_id("acting-host-stop").click()  # issue 31: off, the villain's phone rolls for no hero
    expect(a.get_by_label("Who acts")).to_have_count(0)
    b = duo["open_b"]("/#/dice")          # Batman's phone: Batman only, no villain side to pick
    expect(b.get_by_test_id("roll-hero")).to_have_text("Batman")
    expect(b.get_by_role("button", name="Villain", exact=True)).to_have_count(0)


def test_a_villain_character_attacks_from_its_route_and_batmans_phone_defends(api, duo, shot):
    table = api.advance_to(duo["code"], duo["host"], "villain.first_tile")
    post = table["command_posts"]["villain"]
    tile = next(t for t in post["river"] if any(m["tile"] == t["id"] and m["place"] == "board" for m in post["miniatures"]))
    api.post(duo["code"], "/commands/activate_tile", duo["villain"], {"side": "villain", "tile": tile["id"]})
    mini = next(m for m in post["miniatures"] if m["tile"] == tile["id"] and m["place"] == "board")
    a = duo["open_a"](f"/#/dice/melee/miniature/{mini['id']}")
    s = sheet(a)
    expect(s.get_by_role("heading", name=f"{mini['label']} · Melee attack")).to_be_visible()
    expect(s.get_by_test_id("sheet-multiplier")).to_contain_text(re.compile(r"\d+ actions? per activation"))
    s.get_by_role("button", name="Batman").click()
    expect(s.get_by_test_id("sheet-odds")).to_contain_text("wounds expected")
    shot(a, "night-villain-character-sheet")
    s.get_by_role("button", name="Roll", exact=True).click()
    s.get_by_role("button", name="Done: no reroll").click()
    b = duo["open_b"]("/#/dice")
    expect(b.get_by_role("button", name=re.compile(r"^No defense cube "))).to_be_visible()
    shot(b, "night-hero-defends")


def test_a_fall_and_a_token_from_the_hero_board(api, duo, shot):
    to_actions(api, duo)
    b = duo["open_b"]()
    b.get_by_role("button", name="Fall", exact=True).click()
    s = sheet(b)
    expect(s.get_by_role("heading", name="Batman · Fall")).to_be_visible()
    s.get_by_role("button", name="Roll", exact=True).click()
    expect(s.get_by_role("button", name="Done: no reroll")).to_be_visible()
    s.get_by_role("button", name="Done: no reroll").click()
    expect(s.get_by_test_id("sheet-result")).to_be_visible()
    s.get_by_role("button", name="Dismiss").click()
    # tokens: placed and removed as the table offers this phone
    b.get_by_role("button", name="Smoke", exact=True).click()
    b.get_by_label("Area (optional)").fill("Rooftop")
    b.get_by_role("button", name="Place a Smoke token").click()
    expect(b.get_by_role("button", name="Remove Smoke Rooftop")).to_be_visible()
    assert [tk["kind"] for tk in api.table(duo["code"])["tokens"]] == ["smoke"]
    b.get_by_role("button", name="Remove Smoke Rooftop").click()
    expect(b.get_by_role("button", name="Remove Smoke Rooftop")).to_have_count(0)


def test_real_dice_are_entered_face_by_face(api, duo, shot):
    to_actions(api, duo)
    api.session.post(f"{api.base}/api/tables/{duo['code']}/commands/set_dice_mode", json={"mode": "physical"},
                    headers={"Authorization": f"Bearer {duo['host']}"}).raise_for_status()
    b = duo["open_b"]()
    b.get_by_role("button", name=re.compile(r"^Melee: 0 \/ 4")).click()
    b.get_by_role("button", name="Attack with 1 cube").click()
    s = sheet(b)
    s.get_by_role("button", name="Killer Croc", exact=True).click()
    s.get_by_role("button", name="Roll", exact=True).click()
    entry = s.get_by_test_id("sheet-faces")
    expect(entry).to_be_visible()
    roll = api.table(duo["code"])["dice"]["roll"]["roll"]
    faces = api.table(duo["code"])["dice"]["faces"]
    shown = []
    for i, label in enumerate(roll["pool"]["dice_types"]):
        colour = label.split("+")[0]
        top = max(faces[colour]["faces"] if isinstance(faces[colour], dict) else faces[colour])
        group = entry.get_by_role("group", name=re.compile(rf"^Die {i + 1} "))
        group.get_by_role("button", name=re.compile(rf": {top} success symbol")).click()
        shown.append(top)
    shot(b, "night-hero-real-dice")
    entry.get_by_role("button", name="These are the faces").click()
    expect(s.get_by_role("button", name="Done: no reroll")).to_be_visible()
    rolled = api.table(duo["code"])["dice"]["roll"]["roll"]["pool"]["dice"]
    assert [d["successes"] for d in rolled] == shown


def test_the_sheet_in_french_at_360_pixels(api, duo, shot):
    to_actions(api, duo)
    b = duo["open_b"](lang="fr", **SMALL)
    b.get_by_role("button", name=re.compile(r"^Corps à corps ?: 0 \/ 4")).click()
    b.get_by_role("button", name="Attaquer avec 1 cube").click()
    s = sheet(b)
    expect(s.get_by_role("heading", name="Batman · Attaque au corps à corps")).to_be_visible()
    s.get_by_role("button", name="Killer Croc", exact=True).click()
    expect(s.get_by_test_id("sheet-odds")).to_contain_text("blessures en moyenne")
    roll = s.get_by_role("button", name="Lancer", exact=True)
    expect(roll).to_be_in_viewport()          # the primary button stays at the thumb
    shot(b, "night-hero-attack-sheet-fr-360")
    widths = b.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1]
    roll.click()
    s.get_by_role("button", name="Terminé : pas de relance").click()
    expect(s.get_by_test_id("sheet-waiting")).to_have_text("En attente de la défense de Killer Croc")
    expect(s.get_by_test_id("sheet-step")).to_have_text("en attente de la défense")
    shot(b, "night-hero-attack-waiting-fr-360")


def test_a_hero_with_two_ranged_weapons_picks_one_in_the_sheet(api, phones, shot):
    created = api.new_table(heroes=("Batman", "Commissioner Gordon"), items={"Batman": ["Batarangs", "Submachine gun"]})
    code, host = created["code"], created["token"]
    batman = api.seat(code, "hero:batman")
    api.advance_to(code, host, "heroes.actions")
    b = phones.open("/#/hero/batman", tables={code: {"code": code, "seat": "hero:batman", "token": batman, "at": 1}},
                    current=code)
    b.get_by_role("button", name="Ranged attack…").click()
    s = sheet(b)
    s.get_by_role("button", name="Killer Croc", exact=True).click()
    weapons = s.get_by_role("group", name="Weapon")
    expect(weapons.get_by_role("button")).to_have_text(["Batarangs", "Submachine gun"])
    weapons.get_by_role("button", name="Batarangs").click()
    s.get_by_role("checkbox", name=re.compile("Elevation")).check()
    s.get_by_text("Hindering: 0").click()                       # opens the hindering part
    s.get_by_role("group", name="Enemies in the area (menace)").get_by_role("button", name=re.compile(r"^Thug with crowbar #1 · ")).click()
    expect(s.get_by_test_id("sheet-hindering-summary")).to_have_text(re.compile(r"Hindering: enemy menace \d+ − ally menace 0"))
    expect(s.get_by_test_id("sheet-odds")).to_contain_text("wounds expected")
    # the odds count the index from the menace as the roll does (IX·N)
    expect(s.get_by_test_id("odds-hindering")).to_have_text(re.compile(r"^Hindering index: [1-9]"))
    shot(b, "night-hero-weapon-picker")
    s.get_by_role("button", name="Roll", exact=True).click()
    expect(s.get_by_role("button", name="Done: no reroll")).to_be_visible()
    roll = api.table(code)["dice"]["roll"]["roll"]
    assert roll["weapon"] == "Batarangs" and roll["hindering"] >= 1


def test_a_carried_melee_weapon_is_offered_and_the_odds_count_the_menace(api, phones, shot):
    """V·D: the start_roll offer lists the weapon cards the hero may use for the attack, melee too:
    Gordon's Tonfa is picked (its bonus in the pool), "No weapon" is the other choice. IX·N: the odds
    get the menace lists the roll gets, and say the index the table counts."""
    created = api.new_table(heroes=("Batman", "Commissioner Gordon"), items={"Commissioner Gordon": ["Tonfa"]})
    code, host = created["code"], created["token"]
    gordon = api.seat(code, "hero:commissioner-gordon")
    api.advance_to(code, host, "heroes.actions")
    g = phones.open("/#/hero/commissioner-gordon",
                    tables={code: {"code": code, "seat": "hero:commissioner-gordon", "token": gordon, "at": 1}},
                    current=code, **SMALL)
    g.get_by_role("button", name="Melee attack…").click()
    s = sheet(g)
    s.get_by_role("button", name="Killer Croc", exact=True).click()
    weapons = s.get_by_role("group", name="Weapon")
    expect(weapons.get_by_role("button")).to_have_text(["No weapon", "Tonfa"])
    expect(weapons.get_by_role("button", name="Tonfa")).to_have_attribute("aria-pressed", "true")
    expect(s.get_by_test_id("sheet-odds")).to_contain_text("wounds expected")
    with_tonfa = s.get_by_test_id("sheet-odds").inner_text()
    weapons.get_by_role("button", name="No weapon").click()
    expect(s.get_by_test_id("sheet-odds")).not_to_have_text(with_tonfa)   # the Tonfa's bonus left the pool
    weapons.get_by_role("button", name="Tonfa").click()
    # a melee attack is not hindered (V·C·1 [h]): with Killer Croc's menace the odds count no index
    s.get_by_text("Hindering: 0").click()
    s.get_by_role("group", name="Enemies in the area (menace)").get_by_role("button", name=re.compile(r"^Killer Croc · ")).click()
    expect(s.get_by_test_id("sheet-odds")).to_contain_text("wounds expected")
    expect(s.get_by_test_id("odds-hindering")).to_have_count(0)
    shot(g, "night-offers-tonfa-360")
    s.get_by_role("button", name="Roll", exact=True).click()
    expect(s.get_by_role("button", name="Done: no reroll")).to_be_visible()
    roll = api.table(code)["dice"]["roll"]["roll"]
    # the menace went to the roll (Killer Croc's 3); a melee attack is not affected (V·C·1 [h])
    assert roll["weapon"] == "Tonfa" and roll["hindering"] == 3


def test_a_villain_character_moves_from_its_route_in_one_move(api, duo, shot):
    table = api.advance_to(duo["code"], duo["host"], "villain.first_tile")
    post = table["command_posts"]["villain"]
    tile = next(t for t in post["river"] if any(m["tile"] == t["id"] and m["place"] == "board" for m in post["miniatures"]))
    api.post(duo["code"], "/commands/activate_tile", duo["villain"], {"side": "villain", "tile": tile["id"]})
    mini = next(m for m in post["miniatures"] if m["tile"] == tile["id"] and m["place"] == "board")
    before = len(api.session.get(f"{api.base}/api/tables/{duo['code']}/history?limit=500").json())
    a = duo["open_a"](f"/#/dice/move/miniature/{mini['id']}", **SMALL)
    s = sheet(a)
    expect(s.get_by_role("heading", name=f"{mini['label']} · Move")).to_be_visible()
    s.get_by_role("button", name="Areas (simple moves) +1").click()
    shot(a, "night-villain-move-sheet-360")
    s.get_by_role("button", name="Move (2)").click()
    expect(s).to_be_hidden()
    history = api.session.get(f"{api.base}/api/tables/{duo['code']}/history?limit=500").json()
    assert [e["command"] for e in history[before:]] == ["Move"]


def test_the_hero_board_in_french_draws_its_new_actions_in_french(api, duo, shot):
    to_actions(api, duo)
    b = duo["open_b"](lang="fr", **SMALL)
    expect(b.get_by_role("heading", name="Actions rapides")).to_be_visible()
    for label in ("Se déplacer…", "Chute", "Terrain dangereux", "Tir à distance…", "Manipuler", "Réfléchir"):
        expect(b.get_by_role("button", name=label, exact=True).first).to_be_visible()
    expect(b.get_by_role("heading", name="Jetons")).to_be_visible()
    scroll_into_view(b.get_by_role("heading", name="Actions rapides"))
    shot(b, "night-hero-board-fr-360")
    b.get_by_role("button", name="Chute", exact=True).click()
    s = sheet(b)
    expect(s.get_by_role("heading", name="Batman · Chute")).to_be_visible()
    shot(b, "night-hero-fall-fr-360")


def test_cubes_tapped_on_the_board_are_the_dice_screens_cubes(api, duo, shot):
    to_actions(api, duo)
    b = duo["open_b"]()
    for n in range(3):
        b.get_by_role("button", name=re.compile(rf"^Melee: {n} \/ 4")).click()
    b.get_by_test_id("tab-dice").click()
    expect(b.get_by_test_id("dice-unused")).to_have_text("3 cubes already on the space")
    b.get_by_role("button", name="More cubes −1").click()         # none more: the 3 on the board
    expect(b.get_by_test_id("cubes")).to_have_text("0")
    b.get_by_label("Target").select_option(label="Killer Croc")
    expect(b.get_by_test_id("odds")).to_contain_text("3× red")
    shot(b, "night-hero-dice-unused")
    b.get_by_role("button", name="Spend the cubes and build the pool").click()
    expect(b.get_by_test_id("roll-step")).to_have_text("waiting for the dice")
    assert api.table(duo["code"])["heroes"][0]["spaces"]["melee"]["cubes"] == 3
