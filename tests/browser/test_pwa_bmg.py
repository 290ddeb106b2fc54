"""Batman Miniature Game on two phones (issue 23): create the table from the sample cards on phone
A, join as the second player on phone B, and play one whole round through the screens a player
sees — Take the Lead with real dice entered, the secret plan on each phone, alternating activations
(with a ranged attack whose exact odds come from the API), the Recount — until both phones show
round 2. Every step is saved at 390x844 and 360x640, in English and in French.

Private parts: before each model activates, the other phone's DOM and the table it keeps never
hold the markers its owner placed (the view sends `audacity: null` for them)."""
from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser.steps import Shots, snapshot

TEXT = {
    "en": {"50%": "50%", "rep": "Reputation", "funding": "Funding left $", "create": "Create a table", "round1": "Round 1 of 4", "round2": "Round 2 of 4", "plan": "Raise the Plan",
           "place": "Place 2 markers", "end": "End the activation", "fire": "Fire (app dice)",
           "recount": "IV. Recount", "execute": "III. Execute the Plan", "audacity": "Audacity ⚑",
           "lead": "I. Take the Lead", "odds": "At least one hit", "stun1": "Stun 1/",
           "defend_go": "Your go: declare your Effort against the melee attack",
           "wait_defend": "Waiting: Ann: declare their Effort against the melee attack",
           "real_dice": "Real dice instead…", "attack_die": "Attack die", "strength_die": "Strength die",
           "defense_die": "Defense die", "use_dice": "Use these dice", "defense_needed": "enter the 4 defense dice rolled",
           "one_hit": "Batman: 1 hit → 1 ★", "result": "Result · Joker → Batman", "skill": "Skill",
           "objective_name": "Objective's Name", "vp": "VP", "play_objective": "Play as an Objective",
           "scored": "Scored (+2 VP)", "bob_vp": "2 VP", "in_play": "Objectives in play",
           "place_suspect": "Place a Suspect", "suspects1": "Suspect markers 1"},
    "fr": {"50%": "50\u202f%", "rep": "Réputation", "funding": "Financement restant : ", "create": "Créer une table", "round1": "Round 1 sur 4", "round2": "Round 2 sur 4", "plan": "Établir le plan",
           "place": "Placer 2 marqueurs", "end": "Finir l'activation", "fire": "Tirer (dés de l'appli)",
           "recount": "IV. Décompte", "execute": "III. Exécuter le plan", "audacity": "Audace ⚑",
           "lead": "I. Prendre la main", "odds": "Au moins une touche", "stun1": "Étourdissement 1/",
           "defend_go": "À vous : déclarez votre Effort contre l'attaque au corps à corps",
           "wait_defend": "En attente : Ann : déclarer son Effort contre l'attaque au corps à corps",
           "real_dice": "Avec de vrais dés…", "attack_die": "Dé d'attaque", "strength_die": "Dé de Force",
           "defense_die": "Dé de défense", "use_dice": "Utiliser ces dés", "defense_needed": "Entrez les 4 dés de défense lancés",
           "one_hit": "Batman : 1 touche → 1 ★", "result": "Résultat · Joker → Batman", "skill": "Compétence",
           "objective_name": "Nom de l'Objectif", "vp": "PV", "play_objective": "Jouer comme Objectif",
           "scored": "Accompli (+2 PV)", "bob_vp": "2 PV", "in_play": "Objectifs en jeu",
           "place_suspect": "Placer un Suspect", "suspects1": "marqueurs Suspect 1"},
}


def hidden_from(page, code: str, owner: str) -> None:
    """This phone holds none of `owner`'s unrevealed Audacity markers: not in its DOM, not in the
    table it received."""
    table = snapshot(page, code)
    for m in table["models"]:
        if m["player"] == owner and not m["activated"]:
            assert m["audacity"] is None, m
    expect(page.locator(f"[data-testid=crew-{owner}] [data-testid=audacity]")).to_have_count(0)


def next_move(a, b, recount: str, seconds: float = 10.0):
    """What the table waits for, once the phones show it: "recount", or (activate|pass, page, who)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if recount in phase(a) and recount in phase(b):
            return "recount"
        for page, who in ((a, "a"), (b, "b")):
            if page.locator("[data-testid^=activate-]").count():
                return "activate", page, who
            if page.get_by_test_id("pass").count():
                return "pass", page, who
        a.wait_for_timeout(100)
    raise AssertionError("neither phone is offered a move and the Recount has not begun")


def phase(page) -> str:
    return page.get_by_test_id("phase").inner_text()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_one_round_of_a_two_player_game_on_two_phones(phones, shot, lang):
    say, snap = TEXT[lang], Shots(shot, "bmg", lang)
    a = phones.open("/", lang=lang)
    expect(a.get_by_role("heading", name=say["create"])).to_be_visible()
    a.get_by_test_id("mode-bmg").click()
    a.get_by_test_id("bmg-name-1").fill("Ann")
    a.get_by_test_id("bmg-name-2").fill("Bob")
    expect(a.get_by_test_id("bmg-1-batman")).to_be_checked()
    # the crew as the rules read it, before any table (the crew check): Batman 146 + Gordon 60
    # Reputation of 350; Funding $500 per 150 of the limit or part, $1,500, all left
    check = a.get_by_test_id("bmg-check-1")
    expect(check).to_contain_text(f"{say['rep']} 206/350")
    expect(check).to_contain_text(f"{say['funding']}1500")
    a.get_by_test_id("bmg-1-swat").check()  # a SWAT Henchman: 30 Reputation, $200
    expect(check).to_contain_text(f"{say['rep']} 236/350")
    expect(check).to_contain_text(f"{say['funding']}1300")
    for extra in ("killer-croc", "barsad"):  # 359 of 350: the rule refuses, named
        a.get_by_test_id(f"bmg-1-{extra}").check()
    expect(check.locator(".refusal")).to_be_visible()
    snap(a, "crew-refused", "a")
    for extra in ("swat", "killer-croc", "barsad"):
        a.get_by_test_id(f"bmg-1-{extra}").uncheck()
    expect(check).to_contain_text(f"{say['rep']} 206/350")
    expect(check.locator(".refusal")).to_have_count(0)
    snap(a, "create", "a")
    a.get_by_test_id("create-bmg").click()
    code = a.get_by_test_id("join-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z0-9]{6}", code)
    snap(a, "join", "a")
    a.get_by_test_id("take-player:a").click()
    expect(a.get_by_role("heading", name=say["round1"])).to_be_visible()

    b = phones.open(f"/join/{code}", lang=lang)
    expect(b.get_by_test_id("take-player:a")).to_be_disabled()
    b.get_by_test_id("take-player:b").click()
    expect(b.get_by_test_id("phase")).to_have_text(say["lead"])
    expect(b.locator("#conn")).to_have_text(re.compile("Live|En direct"))
    expect(a.get_by_test_id("odds-roll_lead")).to_contain_text(say["50%"])  # the API's exact odds, through Intl
    snap(a, "take-the-lead", "a")

    # I. Take the Lead: each player enters their real die
    a.get_by_test_id("real-lead-a-5").click()
    b.get_by_test_id("real-lead-b-2").click()
    a.get_by_test_id("init-a").click()  # Ann won: she keeps the Initiative
    expect(b.get_by_test_id("phase")).to_contain_text("II.")
    snap(b, "initiative-chosen", "b")

    # II. Raise the Plan, in secret on each phone
    a.get_by_test_id("to-plan").click()
    expect(a.get_by_role("heading", name=say["plan"])).to_be_visible()
    a.locator("#aud-a\\.batman").check()
    a.locator("#aud-a\\.gordon").check()
    snap(a, "plan-chosen", "a")
    a.get_by_test_id("place-audacity").click()
    expect(a.get_by_test_id("own-plan")).to_contain_text("Batman")
    expect(a.get_by_test_id("own-plan")).to_contain_text("Commissioner Gordon")
    snap(a, "plan-placed", "a")
    # phone B learns that Ann's plan is placed, never where
    b.get_by_test_id("tab-plan").click()
    expect(b.get_by_test_id("others-plan")).to_contain_text("Ann")
    expect(b.get_by_test_id("others-plan").locator(".pill.ok")).to_have_count(1)
    hidden_from(b, code, "a")
    assert "Commissioner Gordon" not in b.get_by_test_id("others-plan").inner_text()
    snap(b, "plan-others", "b")
    b.locator("#aud-b\\.joker").check()
    b.locator("#aud-b\\.thug").check()
    b.get_by_test_id("place-audacity").click()
    expect(b.get_by_test_id("own-plan")).to_contain_text("Joker")
    hidden_from(a, code, "b")

    # III. Execute the Plan: Ann activates Batman and fires at the Thug with the odds shown first
    a.get_by_test_id("tab-table").click()
    expect(a.get_by_test_id("phase")).to_have_text(say["execute"])
    hidden_from(a, code, "b")
    snap(a, "execute", "a")
    a.get_by_test_id("activate-a.batman").click()
    expect(a.get_by_test_id("activation")).to_be_visible()
    # Batman's marker is revealed on the other phone as he activates; Gordon's stays hidden
    b.get_by_test_id("tab-table").click()
    expect(b.locator("[data-testid='model-a.batman'] [data-testid=audacity]")).to_be_visible()
    expect(b.locator("[data-testid='model-a.gordon'] [data-testid=audacity]")).to_have_count(0)
    snap(b, "batman-revealed", "b")
    a.get_by_test_id("to-attack").click()
    a.get_by_test_id("ranged-target").select_option("b.thug")
    expect(a.get_by_test_id("attack-odds")).to_contain_text(say["odds"])
    expect(a.get_by_test_id("attack-odds")).to_contain_text(say["50%"].replace("50", "94"))  # 2 dice + Strength vs Defense 3: 17/18
    snap(a, "ranged-odds", "a")
    a.get_by_test_id("fire").click()
    expect(a.get_by_test_id("attack-result")).to_be_visible()
    snap(a, "ranged-result", "a")
    a.get_by_test_id("attack-result-dismiss").click()
    expect(b.locator("[data-testid='model-b.thug'] .markers").first).to_be_visible()
    a.get_by_test_id("tab-table").click()
    expect(a.locator("[data-testid='model-a.batman'] [data-testid=ammo]")).to_contain_text("Batlings 1/2")
    a.get_by_test_id("end-activation").click()
    snap(a, "batman-done", "a")
    # a marker from an effect the table resolves (a template, a trait): Bob gives the Joker 1 Stun
    b.locator("[data-testid='model-b.joker'] summary").click()
    b.get_by_test_id("add-stun-b.joker").click()
    expect(a.locator("[data-testid='model-b.joker']")).to_contain_text(say["stun1"])
    snap(b, "marker-added", "b")
    # a skill roll with real dice entered, its exact odds first
    b.get_by_test_id("tab-dice").click()
    b.get_by_test_id("roll-kind-skill").click()
    expect(b.get_by_test_id("skill-odds")).to_be_visible()
    b.locator(".real-entry summary").click()
    dice = b.locator("select[data-testid^=real-skill-d]")
    expect(dice.first).to_be_visible()
    for i in range(dice.count()):
        dice.nth(i).select_option("3")
    snap(b, "skill-real-dice", "b")
    b.get_by_test_id("real-skill-use").click()
    expect(b.get_by_test_id("roll-result")).to_contain_text(", ".join(["3"] * dice.count()))
    # a die for an effect the app does not track (Reading the Dice): a D3 with the real die showing 5
    b.get_by_test_id("roll-kind-die").click()
    b.get_by_test_id("die-kind").select_option("d3")
    b.get_by_test_id("real-die-5").click()
    expect(b.get_by_test_id("roll-result")).to_contain_text("(D3): 3" if lang == "en" else "(D3) : 3")  # in the phone's words
    snap(b, "die-d3", "b")
    b.get_by_test_id("tab-table").click()

    # Bob's Joker attacks Batman in melee: declared on Bob's phone, Ann chooses Batman's Effort on
    # hers, Bob his, then the roll with its exact odds
    b.get_by_test_id("activate-b.joker").click()
    b.get_by_test_id("to-attack").click()
    b.get_by_test_id("roll-kind-melee").click()
    b.get_by_test_id("melee-target").select_option("a.batman")
    expect(b.get_by_test_id("attack-odds")).to_contain_text(say["odds"])
    snap(b, "melee-odds", "b")
    b.get_by_test_id("declare-melee").click()
    # issue 31: Ann's phone is prompted wherever it is; Bob's is told to wait for her Effort, with no
    # unrelated roller beside the attack
    expect(a.get_by_test_id("prompt")).to_contain_text(say["defend_go"])
    expect(b.get_by_text(say["wait_defend"])).to_be_visible()
    expect(b.get_by_role("button", name=say["skill"], exact=True)).to_have_count(0)
    snap(b, "melee-waits-for-defender-dice", "b")
    b.get_by_test_id("tab-table").click()
    expect(b.get_by_text(say["wait_defend"])).to_be_visible()
    snap(b, "melee-waits-for-defender", "b")
    b.get_by_test_id("tab-dice").click()  # back where the attack was declared
    a.get_by_test_id("tab-table").click()
    expect(a.get_by_test_id("melee-pending")).to_be_visible()
    snap(a, "melee-defend", "a")
    a.get_by_test_id("defend-a.batman-0").click()
    b.get_by_test_id("attack-effort-0").click()
    expect(b.get_by_test_id("odds-roll_melee")).to_contain_text("%")
    # the melee rolled with real dice, each die as it shows: one 6 among the attack dice, the
    # Strength die a 1; the rules then ask for Batman's defense dice, entered as they show
    b.get_by_text(say["real_dice"]).click()
    attack = b.get_by_label(say["attack_die"])
    expect(attack.first).to_be_visible()
    for i in range(attack.count()):
        attack.nth(i).select_option("6" if i == 0 else "1")
    b.get_by_label(say["strength_die"]).select_option("1")
    snap(b, "melee-real-dice", "b")
    b.get_by_role("button", name=say["use_dice"]).click()
    expect(b.get_by_role("alert")).to_contain_text(say["defense_needed"])
    defense = b.get_by_label(say["defense_die"])
    expect(defense).to_have_count(4)
    for i in range(4):
        defense.nth(i).select_option("1")
    snap(b, "melee-defense-dice", "b")
    b.get_by_role("button", name=say["use_dice"]).click()
    # both phones are told the result
    for page, who in ((b, "b"), (a, "a")):
        card = page.get_by_test_id("attack-result")
        expect(card).to_contain_text(say["result"])
        expect(card).to_contain_text(say["one_hit"])
        expect(card).to_contain_text("6 1 1")
        snap(page, "melee-result", who)
    a.reload()  # the result is the table's, not the change's: a phone reloaded still reads it
    expect(a.get_by_test_id("attack-result")).to_contain_text(say["one_hit"])
    expect(a.locator("[data-testid='model-a.batman']")).to_contain_text(say["stun1"])

    # an Objective played from Bob's hand, then scored through its control
    b.get_by_test_id("tab-table").click()
    b.get_by_label(say["objective_name"]).fill("Take the Loot")
    b.get_by_label(say["vp"], exact=True).fill("2")
    b.get_by_role("button", name=say["play_objective"]).click()
    expect(b.get_by_text(say["in_play"])).to_be_visible()
    snap(b, "objective-in-play", "b")
    b.get_by_role("button", name=say["scored"]).click()
    expect(b.get_by_test_id("cards-b")).to_contain_text(say["bob_vp"])
    expect(a.locator("[data-player=b]")).to_contain_text(say["bob_vp"])
    snap(b, "objective-scored", "b")
    b.get_by_test_id("end-activation").click()

    # the rest of the round: whichever phone is offered a model activates it and ends it; the first
    # one places a Suspect marker with its Manipulate action, which every phone counts
    suspect = True
    for _ in range(8):
        move = next_move(a, b, say["recount"])
        if move == "recount":
            break
        kind, page, who = move
        version = snapshot(page, code)["version"]
        if kind == "activate":
            page.locator("[data-testid^=activate-]").first.click()
            expect(page.get_by_test_id("end-activation")).to_be_visible()
            snap(page, "activation", who)
            if suspect:
                page.get_by_role("button", name=say["place_suspect"]).click()
                for phone in (a, b):
                    expect(phone.get_by_test_id("round-strip")).to_contain_text(say["suspects1"])
                suspect, version = False, version + 1
            page.get_by_test_id("end-activation").click()
            version += 1
        else:
            page.get_by_test_id("pass").click()
        page.wait_for_function(f"() => JSON.parse(localStorage.getItem('gc.snap.{code}')).version > {version}")
    expect(a.get_by_test_id("phase")).to_have_text(say["recount"])
    expect(b.get_by_test_id("phase")).to_have_text(say["recount"])
    snap(b, "recount", "b")

    # IV. Recount, step by step (a KO model's recovery roll when the rules ask for it)
    for _ in range(12):
        if a.get_by_role("heading", name=say["round2"]).count():
            break
        if b.get_by_test_id("to-recovery").count():
            b.get_by_test_id("to-recovery").click()
            expect(b.get_by_test_id("recovery-odds")).to_be_visible()
            snap(b, "recovery-odds", "b")
            b.get_by_test_id("recovery").click()
            b.get_by_test_id("tab-table").click()
            continue
        step = a.get_by_test_id("recount-step").inner_text()
        a.get_by_test_id("advance").click()
        a.wait_for_function("s => document.querySelector('[data-testid=recount-step]')?.textContent !== s", arg=step)
    expect(a.get_by_role("heading", name=say["round2"])).to_be_visible()
    expect(b.get_by_role("heading", name=say["round2"])).to_be_visible()
    expect(b.get_by_test_id("phase")).to_have_text(say["lead"])
    snap(a, "round-2", "a")
    snap(b, "round-2", "b")
    b.get_by_test_id("tab-history").click()
    expect(b.get_by_test_id("history")).to_contain_text("Batman")
    assert "undefined" not in b.get_by_test_id("history").inner_text()
    snap(b, "history", "b")
