"""Game night (issue 20, the first "Done when"): a complete standard round with three phones, played
with only what a person sees (roles, labels, visible words; no test ids, no API calls to play).
Phone A: the host, who creates the table on the Home screen and plays Batman (two ranged weapons);
phone B: Commissioner Gordon, joined through the join link /join/CODE; phone C: the villain, joined
the same way. The taps of each action are counted (steps.Taps), printed and saved to
artifacts/round-taps.md; each step is screenshotted at 390x844 and 360x640 in the round's language (the
round is played once in English and once in French)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.steps import Shots, Taps

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


WORDS = {
    "en": {
        "create_h": "Create a table", "items": "Batman: Equipment and bat-gadgets (none yet: tick what the hero carries)",
        "items_two": "Batman: Equipment and bat-gadgets (Batarangs, Submachine gun)",
        "create": "Create the table", "join_h": r"^Join table [A-Z0-9]{6}$", "take": "Take this seat", "colon": ": ",
        "villain": "Villain", "cp": "Command post", "next": "Next: ", "upkeep": "Upkeep",
        "stances": "Heroes: declare stances", "your_go": "Your go: ", "tokens": "Tokens", "active": "Active recovers",
        "now": "Now", "actions": "Heroes: actions", "melee": r"^Melee: ", "attack1": "Attack with 1 cube",
        "roll": "Roll", "done": "Done: no reroll", "waiting_defense": "Waiting for Killer Croc to defend",
        "defends": "Your go: {d} defends against {a}", "dice_badge": "Dice Your go", "open": "Open",
        "no_cube": "No defense cube", "one_cube": "Defend with 1 cube", "roll_dice": "Roll the dice",
        "end_rerolls": "End the rerolls: count the successes", "result": r"\d+ vs \d+ → \d+ wound",
        "dismiss": "Dismiss", "got_it": "Got it", "dice": "Dice", "real_dice": "Real dice", "dice_real": "Dice Real dice",
        "hero": "Hero", "die": r"^Die \d+ ", "symbols": r"(\d+) success symbol", "faces": "These are the faces",
        "ranged": "Ranged attack…", "weapon": "Weapon", "hindering0": r"^Hindering ?: 0$",
        "enemies": "Enemies in the area (menace)", "menace": "enemy menace 1 − ally menace 0", "more": "More cubes +1",
        "neutralized": "neutralized", "spaces": "Spaces: tap to spend a cube", "move_open": "Move…",
        "areas": "Areas (simple moves) +1", "move4": "Move (4)", "history": "History",
        "moves": "Commissioner Gordon moves", "villain_start": "Villain: start of turn effects", "hero_done": "Done this turn",
        "first_tile": "Villain: activate the first tile", "activate": "Activate",
        "activations": "Activations this turn: {n} of 2", "event": "Event tile",
        "rp3": "3 reinforcement points to spend now", "bring": "Bring back · 2 pts", "rp1": r"\b1 reinforcement point",
        "done_reinforcing": "Done reinforcing", "tile_neutralized": "Neutralized",
        "dredge_btn": "Dredge 1 tile (2 cubes leave the game)", "dredge_q": "Dredge Brute with chains?",
        "dredge_cost": "2 cubes leave the game", "dredge": "Dredge", "river": "River", "turn2": "Turn 2 of 8",
        "no_roll": "Nothing to roll from this phone now",
    },
    "fr": {
        "create_h": "Créer une table", "items": "Batman : Matériel et bat-gadgets (aucun pour l'instant : cochez ce que porte le héros)",
        "items_two": "Batman : Matériel et bat-gadgets (Batarangs, Submachine gun)",
        "create": "Créer la table", "join_h": r"^Rejoindre la table [A-Z0-9]{6}$", "take": "Prendre cette place", "colon": " : ",
        "villain": "Vilain", "cp": "Poste de commandement", "next": "Ensuite : ", "upkeep": "Entretien",
        "stances": "Héros : déclaration des postures", "your_go": "À vous : ", "tokens": "Jetons",
        "active": "Active récupère", "now": "Maintenant", "actions": "Héros : actions", "melee": r"^Corps à corps ?: ",
        "attack1": "Attaquer avec 1 cube", "roll": "Lancer", "done": "Terminé : pas de relance",
        "waiting_defense": "En attente de la défense de Killer Croc", "defends": "À vous : {d} se défend contre {a}",
        "dice_badge": "Dés À vous", "open": "Ouvrir", "no_cube": "Aucun cube de défense", "one_cube": "Défendre avec 1 cube",
        "roll_dice": "Lancer les dés", "end_rerolls": "Terminer les relances : compter les succès",
        "result": r"\d+ contre \d+ → \d+ blessure", "dismiss": "Fermer le résultat", "got_it": "Compris", "dice": "Dés",
        "real_dice": "Vrais dés", "dice_real": "Dés Vrais dés", "hero": "Héros", "die": r"^Dé \d+ ",
        "symbols": r"(\d+) symbole", "faces": "Ce sont les faces", "ranged": "Tir à distance…", "weapon": "Arme",
        "hindering0": r"^Gêne ?: 0$", "enemies": "Ennemis dans la zone (menace)",
        "menace": "menace ennemie 1 − menace alliée 0", "more": "Cubes en plus +1", "neutralized": "neutralisé",
        "spaces": "Cases : touchez pour dépenser un cube", "move_open": "Se déplacer…",
        "areas": "Zones (mouvements simples) +1", "move4": "Se déplacer (4)", "history": "Historique",
        "moves": "Commissioner Gordon se déplace", "villain_start": "Vilain : résolution des effets de début de tour",
        "hero_done": "Terminé pour ce tour",
        "first_tile": "Vilain : activation de la première tuile", "activate": "Activer",
        "activations": "Activations ce tour : {n} sur 2", "event": "Tuile événement",
        "rp3": "3 points de renfort à dépenser maintenant", "bring": "Faire revenir · 2 pts", "rp1": r"\b1 point de renfort",
        "done_reinforcing": "Renforts terminés", "tile_neutralized": "Neutralisée",
        "dredge_btn": "Dépolluer 1 tuile (2 cubes hors jeu)", "dredge_q": "Dépolluer Brute with chains ?",
        "dredge_cost": "2 cubes hors jeu", "dredge": "Dépolluer", "river": "Rivière", "turn2": "Tour 2 sur 8",
        "no_roll": "Rien à lancer depuis ce téléphone",
    },
}


def dump(page, where="/tmp/gnr/aria.txt"):
    Path(where).write_text(page.locator("body").aria_snapshot())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_complete_standard_round_with_three_phones(phones, shot, lang):
    """The same round in English, then on phones that start in French (French labels)."""
    w = WORDS[lang]
    taps = Taps()
    step = Shots(shot, "round", lang)

    # ---- phone A creates the table on the Home screen: Batman (two ranged weapons) and Gordon
    a = phones.open("/", lang=lang)
    taps.action("create the table (Batman with 2 weapons, Gordon)", "A")
    expect(a.get_by_role("heading", name=w["create_h"])).to_be_visible()
    taps.tap(a.get_by_role("checkbox", name=re.compile(r"^Batman")))
    # issue 31: the equipment shows as soon as the hero is ticked, its summary saying what is carried
    expect(a.get_by_text(w["items"])).to_be_visible()
    step(a, "create-equipment", "A")
    taps.tap(a.get_by_role("checkbox", name=re.compile(r"^Batarangs \(")))
    taps.tap(a.get_by_role("checkbox", name=re.compile(r"^Submachine gun \(")))
    expect(a.get_by_text(w["items_two"])).to_be_visible()
    taps.tap(a.get_by_role("checkbox", name=re.compile(r"^Commissioner Gordon")))
    step(a, "create", "A")
    taps.tap(a.get_by_role("button", name=w["create"]))
    heading = a.get_by_role("heading", name=re.compile(w["join_h"]))
    expect(heading).to_be_visible()
    code = heading.inner_text().split()[-1]
    step(a, "created", "A")
    taps.action("the host takes Batman's seat", "A")
    taps.tap(a.get_by_role("button", name=f"{w['take']}{w['colon']}Batman"))
    expect(a.get_by_role("heading", name="Batman", exact=True)).to_be_visible()

    # ---- phones B and C open the join link (what the QR code holds) and take their seats
    b = phones.open(f"/join/{code}", lang=lang)
    taps.action("join as Gordon from the link", "B")
    taps.tap(b.get_by_role("button", name=f"{w['take']}{w['colon']}Commissioner Gordon"))
    expect(b.get_by_role("heading", name="Commissioner Gordon", exact=True)).to_be_visible()
    c = phones.open(f"/join/{code}", lang=lang)
    taps.action("join as the villain from the link", "C")
    step(c, "join", "C")
    taps.tap(c.get_by_role("button", name=f"{w['take']}{w['colon']}{w['villain']}"))
    expect(c.get_by_role("heading", name=w["cp"])).to_be_visible()
    step(c, "joined", "C")

    advancing = []

    def advance(page, phone, to):
        """A tap on the Advance dock ("Next: <step>"), counted apart as an advancing tap."""
        button = page.get_by_role("button", name=re.compile(rf"^{w['next']}"))
        expect(button).to_have_accessible_name(re.compile(rf"^{w['next']}{re.escape(to)}"))
        expect(button).to_have_class(re.compile(r"\bprimary\b"))   # nothing lost by moving on: the primary button
        taps.action(f"advance to {to}", phone)
        taps.tap(button)
        advancing.append(to)

    # ---- setup → upkeep → stances: the host moves the turn on
    step(a, "setup", "A")
    advance(a, "A", w["upkeep"])
    step(a, "upkeep", "A")
    advance(a, "A", w["stances"])

    # ---- stances: each hero's phone is prompted and declares its own
    for page, phone, hero in ((a, "A", "Batman"), (b, "B", "Commissioner Gordon")):
        expect(page.get_by_text(re.compile(rf"^{w['your_go']}"))).to_be_visible()
        expect(page.get_by_role("region", name=w["tokens"])).not_to_contain_text("null")   # no stray "null"
        step(page, "stance", phone)
        taps.action(f"{hero}: stance Active", phone)
        taps.tap(page.get_by_role("button", name=re.compile(rf"^{w['active']}")))
    # the last stance moves the turn on to the heroes' actions by itself
    expect(a.get_by_role("region", name=w["now"])).to_contain_text(w["actions"])
    step(a, "actions", "A")

    # ---- Gordon attacks Killer Croc with the app's dice, no reroll: from his board
    taps.action("Gordon: melee attack, app dice, no reroll (from the hero board)", "B", limit=5)
    taps.tap(b.get_by_role("button", name=re.compile(w["melee"] + r"0 \/ 3")))
    taps.tap(b.get_by_role("button", name=w["attack1"]))
    sheet_b = b.get_by_role("dialog")
    taps.tap(sheet_b.get_by_role("button", name="Killer Croc", exact=True))
    step(b, "attack-sheet", "B")
    taps.tap(sheet_b.get_by_role("button", name=w["roll"], exact=True))
    taps.tap(sheet_b.get_by_role("button", name=w["done"]))
    expect(sheet_b).to_contain_text(w["waiting_defense"])
    step(b, "attack-waiting", "B")

    def defend(cubes_button, attacker, defender):
        """The defender's phone (the villain's) is prompted: banner and Dice tab badge; it defends
        from the prompt."""
        prompt = c.get_by_role("status").filter(has_text=w["your_go"])
        expect(prompt).to_contain_text(w["defends"].format(d=defender, a=attacker))
        expect(c.get_by_role("link", name=w["dice_badge"])).to_be_visible()
        step(c, "defense-prompt", "C")
        taps.action(f"the villain defends {defender} ({cubes_button})", "C")
        if prompt.get_by_role("link", name=w["open"]).count():   # not on the Dice tab yet
            taps.tap(prompt.get_by_role("link", name=w["open"]))
        taps.tap(c.get_by_role("button", name=re.compile(rf"^{re.escape(cubes_button)} ")))
        if cubes_button != w["no_cube"]:
            step(c, "defense-dice", "C")
            taps.tap(c.get_by_role("button", name=w["roll_dice"]))
            taps.tap(c.get_by_role("button", name=w["end_rerolls"]))

    defend(w["one_cube"], "Commissioner Gordon", "Killer Croc")
    # the result on the attacker's sheet until dismissed, and on the defender's phone
    expect(sheet_b).to_contain_text(re.compile(w["result"]))
    step(b, "attack-result", "B")
    # the villain's Dice screen: its result, and no hero's roll form (nothing to roll from it now)
    expect(c.get_by_text(re.compile(w["no_roll"]))).to_be_visible()
    step(c, "defense-result", "C")
    taps.action("dismiss the results", "B, C")
    taps.tap(sheet_b.get_by_role("button", name=w["dismiss"]))
    taps.tap(c.get_by_role("button", name=w["got_it"]))

    # ---- the host sets the table to real dice: the next attacks are entered face by face
    taps.action("the host switches to real dice (Dice tab)", "A")
    taps.tap(a.get_by_role("link", name=w["dice"]))
    taps.tap(a.get_by_role("button", name=w["real_dice"]))
    expect(a.get_by_role("heading", name=re.compile(w["dice_real"]))).to_be_visible()
    taps.action("back to Batman's board", "A")
    taps.tap(a.get_by_role("link", name=w["hero"]))

    def enter_top_faces(sheet):
        """Each die of the pool: tap its face with the most success symbols, as the die shows it."""
        groups = sheet.get_by_role("group", name=re.compile(w["die"]))
        expect(groups.first).to_be_visible()
        for i in range(groups.count()):
            buttons = groups.nth(i).get_by_role("button")
            names = [buttons.nth(k).get_attribute("aria-label") or buttons.nth(k).inner_text() for k in range(buttons.count())]
            counts = [int(re.search(w["symbols"], nm).group(1)) for nm in names]
            taps.tap(buttons.nth(counts.index(max(counts))))
        taps.tap(sheet.get_by_role("button", name=w["faces"]))

    # ---- Batman: a ranged attack with a weapon choice and hindering, on Brute with chains #1
    taps.action("Batman: ranged attack, weapon choice and hindering, real dice (from the hero board)", "A")
    taps.tap(a.get_by_role("button", name=w["ranged"]))
    sheet_a = a.get_by_role("dialog")
    taps.tap(sheet_a.get_by_role("button", name="Brute with chains #1", exact=True))
    weapons = sheet_a.get_by_role("group", name=w["weapon"])
    expect(weapons.get_by_role("button")).to_have_text(["Batarangs", "Submachine gun"])
    taps.tap(weapons.get_by_role("button", name="Batarangs"))
    taps.tap(sheet_a.get_by_text(re.compile(w["hindering0"])))
    taps.tap(sheet_a.get_by_role("group", name=w["enemies"]).get_by_role("button", name=re.compile(r"^Thug with crowbar #1 · ")))
    expect(sheet_a).to_contain_text(w["menace"])
    for _ in range(2):   # 3 cubes: enough dice to get past the Brute's automatic defense
        taps.tap(sheet_a.get_by_role("button", name=w["more"]))
    step(a, "ranged-sheet", "A")
    taps.tap(sheet_a.get_by_role("button", name=w["roll"], exact=True))
    step(a, "real-dice", "A")
    enter_top_faces(sheet_a)
    taps.tap(sheet_a.get_by_role("button", name=w["done"]))
    defend(w["no_cube"], "Batman", "Brute with chains #1")
    expect(sheet_a).to_contain_text(f"Brute with chains #1 {w['neutralized']}")
    step(a, "ranged-result", "A")
    taps.action("dismiss the results", "A, C")
    taps.tap(sheet_a.get_by_role("button", name=w["dismiss"]))
    taps.tap(c.get_by_role("button", name=w["got_it"]))

    def board_attack(page, phone, hero, space, target, more):
        """A melee attack from the hero board in real dice: a cube on the space, Attack, the
        target, more cubes, Roll, the faces as the dice show them, no reroll."""
        taps.action(f"{hero}: spend a cube on Melee", phone, limit=1)
        taps.tap(page.get_by_role("button", name=re.compile(rf"^{space}")))
        taps.action(f"{hero}: melee attack on {target}, more cubes, real dice (from the cube on the board)", phone)
        taps.tap(page.get_by_role("button", name=w["attack1"]))
        sheet = page.get_by_role("dialog")
        taps.tap(sheet.get_by_role("button", name=target, exact=True))
        for _ in range(more):
            taps.tap(sheet.get_by_role("button", name=w["more"]))
        taps.tap(sheet.get_by_role("button", name=w["roll"], exact=True))
        enter_top_faces(sheet)
        taps.tap(sheet.get_by_role("button", name=w["done"]))
        defend(w["no_cube"], hero, target)
        expect(sheet).to_contain_text(f"{target} {w['neutralized']}")
        step(page, f"melee-result-{target.split()[0].lower()}", phone)
        taps.action("dismiss the results", f"{phone}, C")
        taps.tap(sheet.get_by_role("button", name=w["dismiss"]))
        taps.tap(c.get_by_role("button", name=w["got_it"]))

    # ---- Batman neutralizes the second Brute (the Brute tile is then neutralized), Gordon a Thug
    board_attack(a, "A", "Batman", w["melee"] + r"0 \/ 4", "Brute with chains #2", 2)
    board_attack(b, "B", "Commissioner Gordon", w["melee"] + r"1 \/ 3", "Thug with crowbar #1", 1)

    # ---- Gordon moves 4 areas in one move
    taps.action("Gordon: a 4-area move", "B")
    taps.tap(b.get_by_role("region", name=w["spaces"]).get_by_role("button", name=w["move_open"]))
    sheet_b = b.get_by_role("dialog")
    for _ in range(3):
        taps.tap(sheet_b.get_by_role("button", name=w["areas"]))
    step(b, "move-sheet", "B")
    taps.tap(sheet_b.get_by_role("button", name=w["move4"]))
    expect(sheet_b).to_be_hidden()
    taps.action("look at the history", "B")
    taps.tap(b.get_by_role("link", name=w["history"]))
    history = b.get_by_role("list").filter(has=b.get_by_role("listitem")).first
    expect(history.get_by_role("listitem").first).to_be_visible()
    newest = history.get_by_role("listitem").first
    expect(newest).to_contain_text(w["moves"])
    expect(newest.get_by_role("paragraph")).to_have_count(1)                  # one move, one entry
    expect(history.get_by_role("listitem").filter(has_text=w["moves"])).to_have_count(1)
    step(b, "history-move", "B")

    # ---- the heroes are done (V·B·5: unanimously): Batman's phone says so, then Gordon's phone moves
    # the turn on to the villain (nobody is left acting: its Next asks nothing)
    taps.action("Batman is done this turn (hero board)", "A")
    taps.tap(a.get_by_role("button", name=w["hero_done"]))
    step(a, "batman-done", "A")
    expect(b.get_by_role("region", name=w["now"])).not_to_contain_text("Batman")
    advance(b, "B", w["villain_start"])
    expect(b.get_by_role("dialog")).to_have_count(0)
    taps.action("the villain opens the Villain tab", "C")
    taps.tap(c.get_by_role("link", name=re.compile(rf"^{w['villain']}")))
    expect(c.get_by_role("heading", name=w["cp"])).to_be_visible()
    step(c, "villain-start", "C")
    advance(c, "C", w["first_tile"])

    def activate(name, limit=2):
        taps.action(f"activate {name}", "C", limit=limit)
        taps.tap(c.get_by_role("button", name=re.compile(rf"^{w['activate']} {re.escape(name)},")))
        step(c, f"activate-{name.split()[0].lower()}-sheet", "C")
        taps.tap(c.get_by_role("dialog").get_by_role("button", name=w["activate"], exact=True))

    # ---- activation 1: Killer Croc
    activate("Killer Croc")
    expect(c.get_by_text(w["activations"].format(n=1))).to_be_visible()
    step(c, "activated-croc", "C")

    # ---- activation 2: the event tile, the mission event named; reinforcement: the Thug comes back
    activate("Event")
    event = c.get_by_role("region", name=w["event"])
    expect(event).to_contain_text("Sample event: a Thug with crowbar arrives through the sewer")
    expect(event).to_contain_text(w["rp3"])
    step(c, "event-tile", "C")
    taps.action("reinforce: bring back a Thug with crowbar (2 pts)", "C")
    taps.tap(event.get_by_role("button", name=re.compile(rf"^{w['bring']}{w['colon']}Thug with crowbar")))
    expect(event).to_contain_text(re.compile(w["rp1"]))
    step(c, "reinforced", "C")
    taps.action("Done reinforcing", "C")
    taps.tap(event.get_by_role("button", name=w["done_reinforcing"]))
    expect(event).to_have_count(0)
    expect(c.get_by_text(w["activations"].format(n=2))).to_be_visible()

    # ---- a confirmed dredge of the Brute tile, neutralized by Batman's two attacks
    taps.action("dredge the neutralized Brute tile (pick, Dredge, confirm)", "C")
    taps.tap(c.get_by_role("button", name=re.compile(rf"^Brute with chains, {w['tile_neutralized']}")))
    taps.tap(c.get_by_role("button", name=w["dredge_btn"]))
    confirm = c.get_by_role("dialog")
    expect(confirm.get_by_role("heading", name=w["dredge_q"])).to_be_visible()
    expect(confirm).to_contain_text(w["dredge_cost"])
    step(c, "dredge-confirm", "C")
    taps.tap(confirm.get_by_role("button", name=w["dredge"], exact=True))
    expect(c.get_by_role("list", name=w["river"]).get_by_role("listitem")).to_have_count(3)
    expect(c.get_by_role("button", name=re.compile(r"^Brute with chains"))).to_have_count(0)
    step(c, "dredged", "C")

    # ---- the end of the turn: nothing is left to decide, the turn passes by itself to turn 2's
    # upkeep (its reminder stops it there) on every phone
    for page in (a, b, c):
        expect(page.get_by_role("region", name=w["now"])).to_contain_text(w["turn2"])
    for page in (a, b):   # the heroes' phones may move on to their stances
        expect(page.get_by_role("button", name=w["next"] + w["stances"])).to_be_visible()
    step(a, "turn-2", "A")

    table = taps.table()
    advancing_taps = sum(r[2] for r in taps.rows if r[0].startswith("advance to "))
    summary = (f"\n\nAdvancing taps over the round (all phones): {advancing_taps} ({', '.join(advancing)}); "
               "the end of the villain's turn and turn 2's start passed by themselves.\n")
    print(f"\n[{lang}]\n" + table + summary)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"round-taps{'' if lang == 'en' else '-' + lang}.md").write_text(
        f"# Taps of a standard round, three phones, phones in {lang} (tests/browser/test_pwa_round.py)\n\n"
                                             + table + summary)
    assert not taps.over_limit(), taps.over_limit()
    assert advancing_taps <= 4, advancing


@pytest.mark.long  # beyond one journey per game and language (--long)
def test_the_advance_dock_warns_before_unspent_reinforcement_points_are_lost(api, phones, shot):
    """During the event tile the villain's phone also offers to move the turn on (the engine's
    `advance`); tapping it would lose the points (VI·E): a warning sheet comes first, and "Keep
    reinforcing" changes nothing. (Set up over the API: this is not the round.)"""
    created = api.new_table(heroes=("Batman",))
    code, host = created["code"], created["token"]
    villain = api.seat(code, "villain")
    api.advance_to(code, host, "villain.first_tile")
    for tile in ("killer-croc", "event"):
        api.post(code, "/commands/activate_tile", villain, {"side": "villain", "tile": tile})
    assert api.table(code)["command_posts"]["villain"]["reinforcement_points"] == 3
    c = phones.open("/#/villain", tables={code: {"code": code, "seat": "villain", "token": villain, "at": 1}}, current=code)
    advance = c.get_by_role("button", name=re.compile(r"^Next: "))
    expect(advance).not_to_have_class(re.compile(r"\bprimary\b"))   # not drawn as the thing to do now
    advance.click()
    warning = c.get_by_role("dialog")
    expect(warning.get_by_role("heading", name="Lose 3 reinforcement points?")).to_be_visible()
    shot(c, "round-advance-warns-points-lost")
    warning.get_by_role("button", name="Keep reinforcing").click()
    expect(warning).to_be_hidden()
    assert api.table(code)["command_posts"]["villain"]["reinforcement_points"] == 3
    c.get_by_role("button", name="Done reinforcing").click()
    expect(c.get_by_role("region", name="Event tile")).to_have_count(0)
    expect(c.get_by_role("region", name="Now")).to_contain_text("Turn 2 of 8")   # nothing left: the turn moved on
