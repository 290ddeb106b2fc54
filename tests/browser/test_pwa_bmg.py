"""Batman Miniature Game on two phones (issue 23, issue 31's first "Done when"): create the table from
the sample cards on phone A, join as the second player on phone B, and play one whole round through
what a person sees (roles, labels and visible words, in the TEXT table per language; no test ids, no
API calls to play) — the crew check before any table, Take the Lead with real dice entered, the secret
plan on each phone, alternating activations (a ranged attack whose exact odds come from the API, a
melee declared, defended and rolled with real dice, each die as it shows), an Objective scored, a
Suspect marker placed, the Recount — until both phones show round 2. The taps of each action are
counted (steps.Taps), printed and saved to artifacts/bmg-taps.md (artifacts/bmg-taps-fr.md in French);
every step is saved at 390x844 and 360x640, in English and in French.

Private parts: before each model activates, the other phone's screen and the table it keeps never
hold the markers its owner placed (the view sends `audacity: null` for them)."""
from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout, expect

from tests.browser.steps import Shots, Taps, snapshot

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"

TEXT = {
    "en": {"50%": "50%", "rep": "Reputation", "funding1500": r"Funding left \$1,500", "funding1300": r"Funding left \$1,300",
           "create": "Create a table", "mode_group": "Game mode", "mode": "Miniature Game", "player1": "Player 1",
           "player2": "Player 2", "name": "Name", "over": "Crew: 359 Reputation is above the limit of 350",
           "create_btn": "Create the table", "join_h": r"^Join table ([A-Z0-9]{6})$", "take": "Take this seat: {who}",
           "live": "Live", "round": r"^Round \d+ of 4", "round1": "Round 1 of 4", "round2": "Round 2 of 4",
           "lead_odds": "Chance to win the roll: ", "real_die": "Real die: {v}",
           "initiative": "Ann won the roll: who takes the Initiative?", "to_plan": "Place your Audacity markers",
           "plan": "Raise the Plan", "plan_a": "Ann's plan (secret)", "plan_b": "Bob's plan (secret)",
           "others": "The other players", "plan_placed": "plan placed", "tab_plan": "Plan", "tab_table": "Round",
           "tab_dice": "Dice", "tab_history": "History", "crew": "Crew",
           "choose_model": "Choose the model to activate (⚑ Audacity):", "activating": "Batman is activating",
           "place": "Place 2 markers", "end": "End the activation", "fire": "Fire (app dice)", "attack": "Attack…",
           "target": "Target", "got_it": "Got it", "markers": "Markers from an effect…", "add_stun": "+1 ★ Stun",
           "stun_img": r"^Stun \d+\/4$", "dice_group": "Dice and odds", "melee": "Melee", "a_die": "A die",
           "success": "Success: ", "die_n": r"^Die \d+$", "last_roll": "Last roll", "die_kind": "Roll",
           "d3": "(D3): 3", "declare": "Declare the attack", "melee_declared": "Joker attacks Batman in melee.",
           "defends": "Batman defends: how much Effort (★)?", "attack_effort": "Joker's Effort for the attack (★)?",
           "cards": "Objectives, Resources and Suspects", "pass": r"^Pass \(",
           "advance": r"^(Next Recount step|Next round)$", "recovery": "Recovery rolls…", "roll": "Roll",
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
    "fr": {"50%": "50\u202f%", "rep": "Réputation", "funding1500": r"Financement restant : 1\s500\s\$",
           "funding1300": r"Financement restant : 1\s300\s\$",
           "create": "Créer une table", "mode_group": "Mode de jeu", "mode": "Jeu de figurines", "player1": "Joueur 1",
           "player2": "Joueur 2", "name": "Nom", "over": "359 de Réputation dépasse la limite de 350",
           "create_btn": "Créer la table", "join_h": r"^Rejoindre la table ([A-Z0-9]{6})$",
           "take": "Prendre cette place : {who}", "live": "En direct", "round": r"^Round \d+ sur 4",
           "round1": "Round 1 sur 4", "round2": "Round 2 sur 4",
           "lead_odds": "Chance de gagner le jet : ", "real_die": "Vrai dé : {v}",
           "initiative": "Ann a gagné le jet : qui prend l'Initiative ?", "to_plan": "Placer vos marqueurs d'Audace",
           "plan": "Établir le plan", "plan_a": "Plan d'Ann (secret)", "plan_b": "Plan de Bob (secret)",
           "others": "Les autres joueurs", "plan_placed": "plan placé", "tab_plan": "Plan", "tab_table": "Round",
           "tab_dice": "Dés", "tab_history": "Historique", "crew": "Bande",
           "choose_model": "Choisissez la figurine à activer (⚑ Audace) :", "activating": "Batman est activé",
           "place": "Placer 2 marqueurs", "end": "Finir l'activation", "fire": "Tirer (dés de l'appli)",
           "attack": "Attaquer…", "target": "Cible", "got_it": "Compris", "markers": "Marqueurs d'un effet…",
           "add_stun": "+1 ★ Étourdissement", "stun_img": r"^Étourdissement \d+\/4$", "dice_group": "Dés et chances",
           "melee": "Corps à corps", "a_die": "Un dé", "success": "Réussite : ", "die_n": r"^Dé \d+$",
           "last_roll": "Dernier jet", "die_kind": "Lancer", "d3": "(D3) : 3", "declare": "Déclarer l'attaque",
           "melee_declared": "Joker attaque Batman au corps à corps.",
           "defends": "Batman se défend : combien d'Effort (★) ?", "attack_effort": "Effort de Joker pour l'attaque (★) ?",
           "cards": "Objectifs, Ressources et Suspects", "pass": r"^Passer \(",
           "advance": r"^(Étape suivante du Décompte|Round suivant)$", "recovery": "Jets de récupération…",
           "roll": "Lancer",
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
NAMES = {"a": "Ann", "b": "Bob"}


class Journey:
    """What a person sees on a phone, found by role, label and visible words in the phone's language,
    and the taps made, counted: a choice in a list (a select) is two taps, open it and pick; a text
    field is one tap (the typing is not counted)."""

    def __init__(self, say: dict, taps: Taps):
        self.say, self.taps = say, taps

    def pick(self, select, value: str | None = None, label: str | None = None) -> None:
        select.select_option(value=value) if label is None else select.select_option(label=label)
        self.taps.rows[-1][2] += 2

    def type_in(self, field, text: str) -> None:
        field.fill(text)
        self.taps.rows[-1][2] += 1

    def tab(self, page, key: str) -> None:
        """A tab of the bar at the bottom (its name may carry a badge: "Round Your go")."""
        self.taps.tap(page.get_by_role("navigation").get_by_role("link", name=re.compile(rf"^{re.escape(self.say[key])}\b")))

    def round_strip(self, page):
        return page.get_by_role("region", name=re.compile(self.say["round"]))

    def phase(self, page) -> str:
        strip = self.round_strip(page)
        return strip.get_by_role("heading", level=1).inner_text() if strip.count() else ""

    def crew(self, page, owner: str):
        return page.get_by_role("region", name=re.compile(rf"^{NAMES[owner]} · {self.say['crew']}"))

    def model(self, page, owner: str, name: str):
        return self.crew(page, owner).get_by_role("listitem").filter(has_text=name)

    def dice_kind(self, page, key: str):
        return page.get_by_role("group", name=self.say["dice_group"]).get_by_role("button", name=self.say[key], exact=True)

    def hidden_from(self, page, code: str, owner: str) -> None:
        """This phone holds none of `owner`'s unrevealed Audacity markers: not on its screen, not in the
        table it received."""
        table = snapshot(page, code)
        for m in table["models"]:
            if m["player"] == owner and not m["activated"]:
                assert m["audacity"] is None, m
        expect(self.crew(page, owner).get_by_text(self.say["audacity"])).to_have_count(0)

    def next_move(self, a, b, seconds: float = 10.0):
        """What the table waits for, once the phones show it: "recount", or (activate|pass, page, who)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.say["recount"] in self.phase(a) and self.say["recount"] in self.phase(b):
                return "recount"
            for page, who in ((a, "A"), (b, "B")):
                if page.get_by_role("group", name=self.say["choose_model"]).count():
                    return "activate", page, who
                if page.get_by_role("button", name=re.compile(self.say["pass"])).count():
                    return "pass", page, who
            a.wait_for_timeout(100)
        raise AssertionError("neither phone is offered a move and the Recount has not begun")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_one_round_of_a_two_player_game_on_two_phones(phones, shot, lang):
    say, snap, taps = TEXT[lang], Shots(shot, "bmg", lang), Taps()
    j = Journey(say, taps)
    tap = taps.tap
    a = phones.open("/", lang=lang)
    expect(a.get_by_role("heading", name=say["create"])).to_be_visible()
    taps.action("choose the Miniature Game and name the players", "A")
    tap(a.get_by_role("group", name=say["mode_group"]).get_by_role("button", name=say["mode"]))
    one, two = a.get_by_role("group", name=say["player1"]), a.get_by_role("group", name=say["player2"])
    j.type_in(one.get_by_role("textbox", name=say["name"], exact=True), "Ann")
    j.type_in(two.get_by_role("textbox", name=say["name"], exact=True), "Bob")
    expect(one.get_by_role("checkbox", name=re.compile(r"^Batman · "))).to_be_checked()
    # the crew as the rules read it, before any table (the crew check): Batman 146 + Gordon 60
    # Reputation of 350; Funding $500 per 150 of the limit or part, $1,500, all left
    taps.action("check a crew before any table: tick a SWAT, then two more (refused), untick them", "A")
    check = one.get_by_role("status")
    expect(check).to_contain_text(f"{say['rep']} 206/350")
    expect(check).to_contain_text(re.compile(say["funding1500"]))
    tap(one.get_by_role("checkbox", name=re.compile(r"^SWAT · ")))  # a SWAT Henchman: 30 Reputation, $200
    expect(check).to_contain_text(f"{say['rep']} 236/350")
    expect(check).to_contain_text(re.compile(say["funding1300"]))
    for extra in ("Killer Croc", "Agent Barsad"):  # 359 of 350: the rule refuses, named
        tap(one.get_by_role("checkbox", name=re.compile(rf"^{extra} · ")))
    expect(check).to_contain_text(say["over"])
    snap(a, "crew-refused", "a")
    for extra in ("SWAT", "Killer Croc", "Agent Barsad"):
        tap(one.get_by_role("checkbox", name=re.compile(rf"^{extra} · ")))
    expect(check).to_contain_text(f"{say['rep']} 206/350")
    expect(check).not_to_contain_text(say["over"])
    snap(a, "create", "a")
    taps.action("create the table from the sample crews", "A")
    tap(a.get_by_role("button", name=say["create_btn"]))
    heading = a.get_by_role("heading", name=re.compile(say["join_h"]))
    expect(heading).to_be_visible()
    code = re.search(say["join_h"], heading.inner_text()).group(1)
    snap(a, "join", "a")
    taps.action("the host takes Ann's seat", "A")
    tap(a.get_by_role("button", name=say["take"].format(who="Ann")))
    expect(a.get_by_role("heading", name=re.compile(rf"^{say['round1']}"))).to_be_visible()

    b = phones.open(f"/join/{code}", lang=lang)
    expect(b.get_by_role("button", name=say["take"].format(who="Ann"))).to_be_disabled()
    taps.action("join as Bob from the link", "B")
    tap(b.get_by_role("button", name=say["take"].format(who="Bob")))
    expect(j.round_strip(b).get_by_role("heading", level=1)).to_have_text(re.compile(rf"{re.escape(say['lead'])}$"))
    expect(b.get_by_role("banner").get_by_role("status")).to_have_text(say["live"])
    expect(a.get_by_text(say["lead_odds"] + say["50%"])).to_be_visible()  # the API's exact odds, through Intl
    snap(a, "take-the-lead", "a")

    # I. Take the Lead: each player enters their real die
    taps.action("Take the Lead: enter the real die", "A")
    tap(a.get_by_role("button", name=say["real_die"].format(v=5)))
    taps.action("Take the Lead: enter the real die", "B")
    tap(b.get_by_role("button", name=say["real_die"].format(v=2)))
    taps.action("keep the Initiative", "A")
    tap(a.get_by_role("group", name=say["initiative"]).get_by_role("button", name="Ann", exact=True))
    expect(j.round_strip(b).get_by_role("heading", level=1)).to_contain_text("II.")
    snap(b, "initiative-chosen", "b")

    # II. Raise the Plan, in secret on each phone
    taps.action("Raise the Plan: 2 Audacity markers (from the prompt)", "A")
    tap(a.get_by_role("link", name=say["to_plan"]))
    expect(a.get_by_role("heading", name=say["plan"], exact=True)).to_be_visible()
    tap(a.get_by_role("checkbox", name="Batman", exact=True))
    tap(a.get_by_role("checkbox", name="Commissioner Gordon", exact=True))
    snap(a, "plan-chosen", "a")
    tap(a.get_by_role("button", name=say["place"]))
    own = a.get_by_role("region", name=say["plan_a"])
    expect(own).to_contain_text("Batman")
    expect(own).to_contain_text("Commissioner Gordon")
    snap(a, "plan-placed", "a")
    # phone B learns that Ann's plan is placed, never where
    taps.action("Raise the Plan: 2 Audacity markers (Plan tab)", "B")
    j.tab(b, "tab_plan")
    others = b.get_by_role("region", name=say["others"])
    expect(others.get_by_role("listitem").filter(has_text="Ann")).to_contain_text(say["plan_placed"])
    j.hidden_from(b, code, "a")
    assert "Commissioner Gordon" not in others.inner_text()
    snap(b, "plan-others", "b")
    tap(b.get_by_role("checkbox", name="Joker", exact=True))
    tap(b.get_by_role("checkbox", name="Thug", exact=True))
    tap(b.get_by_role("button", name=say["place"]))
    expect(b.get_by_role("region", name=say["plan_b"])).to_contain_text("Joker")
    j.hidden_from(a, code, "b")

    # III. Execute the Plan: Ann activates Batman and fires at the Thug with the odds shown first
    taps.action("activate Batman", "A")
    j.tab(a, "tab_table")
    expect(j.round_strip(a).get_by_role("heading", level=1)).to_have_text(re.compile(rf"{re.escape(say['execute'])}$"))
    j.hidden_from(a, code, "b")
    snap(a, "execute", "a")
    tap(a.get_by_role("group", name=say["choose_model"]).get_by_role("button", name=re.compile(r"^Batman( ⚑)?$")))
    expect(a.get_by_text(say["activating"]).first).to_be_visible()
    # Batman's marker is revealed on the other phone as he activates; Gordon's stays hidden
    taps.action("look at the table", "B")
    j.tab(b, "tab_table")
    expect(j.model(b, "a", "Batman")).to_contain_text(say["audacity"])
    expect(j.model(b, "a", "Commissioner Gordon")).not_to_contain_text(say["audacity"])
    snap(b, "batman-revealed", "b")
    taps.action("Batman: a ranged attack on the Thug, odds first, app dice", "A")
    tap(a.get_by_role("link", name=say["attack"]))
    j.pick(a.get_by_role("combobox", name=say["target"]), label="Thug")
    odds = a.get_by_text(re.compile(rf"^{say['odds']}"))
    expect(odds).to_contain_text(say["50%"].replace("50", "94"))  # 2 dice + Strength vs Defense 3: 17/18
    snap(a, "ranged-odds", "a")
    tap(a.get_by_role("button", name=say["fire"]))
    result = a.get_by_role("status", name=re.compile(r"^R[ée]sult"))
    expect(result).to_be_visible()
    snap(a, "ranged-result", "a")
    taps.action("dismiss the result and end Batman's activation", "A")
    tap(result.get_by_role("button", name=say["got_it"]))
    expect(j.model(b, "b", "Thug").get_by_role("img", name=re.compile(say["stun_img"]))).to_be_visible()
    j.tab(a, "tab_table")
    expect(j.model(a, "a", "Batman")).to_contain_text("Batlings 1/2")
    tap(a.get_by_role("button", name=say["end"]))
    snap(a, "batman-done", "a")
    # a marker from an effect the table resolves (a template, a trait): Bob gives the Joker 1 Stun
    taps.action("1 Stun on the Joker from an effect", "B")
    joker = j.model(b, "b", "Joker")
    tap(joker.get_by_text(say["markers"]))
    tap(joker.get_by_role("button", name=say["add_stun"]))
    expect(j.model(a, "b", "Joker")).to_contain_text(say["stun1"])
    snap(b, "marker-added", "b")
    # a skill roll with real dice entered, its exact odds first
    taps.action("a Skill roll with real dice (Dice tab)", "B")
    j.tab(b, "tab_dice")
    tap(j.dice_kind(b, "skill"))
    expect(b.get_by_text(re.compile(rf"^{re.escape(say['success'])}"))).to_be_visible()
    tap(b.get_by_text(say["real_dice"]))
    dice = b.get_by_role("group", name=re.compile(say["die_n"]))  # each die, its six faces to tap
    expect(dice.first).to_be_visible()
    for i in range(dice.count()):
        tap(dice.nth(i).get_by_role("button", name="3", exact=True))
    snap(b, "skill-real-dice", "b")
    tap(b.get_by_role("button", name=say["use_dice"]))
    last = b.get_by_role("region", name=say["last_roll"])
    expect(last).to_contain_text(", ".join(["3"] * dice.count()))
    # a die for an effect the app does not track (Reading the Dice): a D3 with the real die showing 5
    taps.action("a D3 with the real die", "B")
    tap(j.dice_kind(b, "a_die"))
    j.pick(b.get_by_role("combobox", name=say["die_kind"], exact=True), "d3")
    tap(b.get_by_role("button", name=say["real_die"].format(v=5)))
    expect(last).to_contain_text(say["d3"])  # in the phone's words
    snap(b, "die-d3", "b")

    # Bob's Joker attacks Batman in melee: declared on Bob's phone, Ann chooses Batman's Effort on
    # hers, Bob his, then the roll with its exact odds
    taps.action("activate the Joker, declare a melee attack on Batman, odds first", "B")
    j.tab(b, "tab_table")
    tap(b.get_by_role("group", name=say["choose_model"]).get_by_role("button", name=re.compile(r"^Joker( ⚑)?$")))
    tap(b.get_by_role("link", name=say["attack"]))
    tap(j.dice_kind(b, "melee"))
    j.pick(b.get_by_role("combobox", name=say["target"]), label="Batman")
    expect(b.get_by_text(re.compile(rf"^{say['odds']}"))).to_be_visible()
    snap(b, "melee-odds", "b")
    tap(b.get_by_role("button", name=say["declare"]))
    # issue 31: Ann's phone is prompted wherever it is; Bob's is told to wait for her Effort, with no
    # unrelated roller beside the attack
    expect(a.get_by_role("status").filter(has_text=say["defend_go"])).to_be_visible()
    expect(b.get_by_text(say["wait_defend"])).to_be_visible()
    expect(b.get_by_role("button", name=say["skill"], exact=True)).to_have_count(0)
    snap(b, "melee-waits-for-defender-dice", "b")
    taps.action("look at the table while waiting, and back to the Dice tab", "B")
    j.tab(b, "tab_table")
    expect(b.get_by_text(say["wait_defend"])).to_be_visible()
    snap(b, "melee-waits-for-defender", "b")
    j.tab(b, "tab_dice")  # back where the attack was declared
    taps.action("Batman's Effort against the melee: 0", "A")
    j.tab(a, "tab_table")
    expect(a.get_by_text(say["melee_declared"])).to_be_visible()
    snap(a, "melee-defend", "a")
    tap(a.get_by_role("group", name=say["defends"]).get_by_role("button", name="0", exact=True))
    taps.action("the Joker's Effort for the attack: 0", "B")
    tap(b.get_by_role("group", name=say["attack_effort"]).get_by_role("button", name="0", exact=True))
    expect(b.get_by_text(re.compile(say["odds"])).first).to_contain_text("%")
    # the melee rolled with real dice, each die as it shows: one 6 among the attack dice, the
    # Strength die a 1; the rules then ask for Batman's defense dice, entered as they show
    taps.action("roll the melee with real dice: attack dice and Strength die, then the 4 defense dice", "B")
    tap(b.get_by_text(say["real_dice"]))
    attack = b.get_by_role("group", name=re.compile(rf"^{re.escape(say['attack_die'])}"))
    expect(attack.first).to_be_visible()
    for i in range(attack.count()):
        tap(attack.nth(i).get_by_role("button", name="6" if i == 0 else "1", exact=True))
    tap(b.get_by_role("group", name=say["strength_die"], exact=True).get_by_role("button", name="1", exact=True))
    snap(b, "melee-real-dice", "b")
    tap(b.get_by_role("button", name=say["use_dice"]))
    expect(b.get_by_role("alert")).to_contain_text(say["defense_needed"])
    defense = b.get_by_role("group", name=re.compile(rf"^{re.escape(say['defense_die'])}"))
    expect(defense).to_have_count(4)
    for i in range(4):
        tap(defense.nth(i).get_by_role("button", name="1", exact=True))
    snap(b, "melee-defense-dice", "b")
    tap(b.get_by_role("button", name=say["use_dice"]))
    # both phones are told the result
    for page, who in ((b, "b"), (a, "a")):
        card = page.get_by_role("status", name=say["result"])
        expect(card).to_contain_text(say["one_hit"])
        expect(card).to_contain_text("6 1 1")
        snap(page, "melee-result", who)
    a.reload()  # the result is the table's, not the change's: a phone reloaded still reads it
    expect(a.get_by_role("status", name=say["result"])).to_contain_text(say["one_hit"])
    expect(j.model(a, "a", "Batman")).to_contain_text(say["stun1"])

    # an Objective played from Bob's hand, then scored through its control
    taps.action("play an Objective from the hand and score it", "B")
    j.tab(b, "tab_table")
    j.type_in(b.get_by_label(say["objective_name"]), "Take the Loot")
    j.type_in(b.get_by_label(say["vp"], exact=True), "2")
    tap(b.get_by_role("button", name=say["play_objective"]))
    expect(b.get_by_text(say["in_play"])).to_be_visible()
    snap(b, "objective-in-play", "b")
    tap(b.get_by_role("button", name=say["scored"]))
    cards = b.get_by_role("group").filter(has=b.get_by_text(say["cards"], exact=True))
    expect(cards).to_contain_text(say["bob_vp"])
    expect(j.round_strip(a).get_by_role("listitem").filter(has_text="Bob")).to_contain_text(say["bob_vp"])
    snap(b, "objective-scored", "b")
    taps.action("end the Joker's activation", "B")
    tap(b.get_by_role("button", name=say["end"]))

    # the rest of the round: whichever phone is offered a model activates it and ends it; the first
    # one places a Suspect marker with its Manipulate action, which every phone counts
    suspect = True
    for _ in range(8):
        move = j.next_move(a, b)
        if move == "recount":
            break
        kind, page, who = move
        version = snapshot(page, code)["version"]
        if kind == "activate":
            choice = page.get_by_role("group", name=say["choose_model"]).get_by_role("button").first
            name = choice.inner_text().removesuffix(" ⚑")
            taps.action(f"activate {name}{', place a Suspect marker' if suspect else ''} and end the activation", who)
            tap(choice)
            expect(page.get_by_role("button", name=say["end"])).to_be_visible()
            snap(page, "activation", who.lower())
            if suspect:
                tap(page.get_by_role("button", name=say["place_suspect"]))
                for phone in (a, b):
                    expect(j.round_strip(phone)).to_contain_text(say["suspects1"])
                suspect, version = False, version + 1
            tap(page.get_by_role("button", name=say["end"]))
            version += 1
        else:
            taps.action("pass", who)
            tap(page.get_by_role("button", name=re.compile(say["pass"])))
        page.wait_for_function(f"() => JSON.parse(localStorage.getItem('gc.snap.{code}')).version > {version}")
    for page in (a, b):
        expect(j.round_strip(page).get_by_role("heading", level=1)).to_have_text(re.compile(rf"{re.escape(say['recount'])}$"))
    snap(b, "recount", "b")

    # IV. Recount, step by step (a KO model's recovery roll when the rules ask for it)
    for _ in range(12):
        if a.get_by_role("heading", name=re.compile(rf"^{say['round2']}")).count():
            break
        recovery = b.get_by_role("link", name=say["recovery"])
        advance = {who: page.get_by_role("button", name=re.compile(say["advance"])) for page, who in ((a, "A"), (b, "B"))}
        for _ in range(300):  # what the Recount waits for, once the phones show it (a loaded machine: 30 s)
            if recovery.count() or any(x.count() for x in advance.values()):
                break
            a.wait_for_timeout(100)
        if recovery.count():
            taps.action("a recovery roll, app dice (from the Recount)", "B")
            tap(recovery)
            expect(b.get_by_text(re.compile(rf"^{re.escape(say['success'])}"))).to_be_visible()
            snap(b, "recovery-odds", "b")
            version = snapshot(b, code)["version"]
            tap(b.get_by_role("button", name=say["roll"], exact=True))
            b.wait_for_function(f"() => JSON.parse(localStorage.getItem('gc.snap.{code}')).version > {version}")
            j.tab(b, "tab_table")
            continue
        who = "A" if advance["A"].count() else "B"  # the host's phone, unless the step is Bob's
        page = a if who == "A" else b
        strip = j.round_strip(page)
        before = strip.inner_text()
        taps.action("Recount: the next step", who)
        try:
            advance[who].click(timeout=5000)
        except PlaywrightTimeout:  # the step moved on as it was read (one passing by itself): read it again
            taps.rows.pop()
            continue
        taps.rows[-1][2] += 1
        expect(strip).not_to_have_text(before)
    expect(a.get_by_role("heading", name=re.compile(rf"^{say['round2']}"))).to_be_visible()
    expect(b.get_by_role("heading", name=re.compile(rf"^{say['round2']}"))).to_be_visible()
    expect(j.round_strip(b).get_by_role("heading", level=1)).to_have_text(re.compile(rf"{re.escape(say['lead'])}$"))
    snap(a, "round-2", "a")
    snap(b, "round-2", "b")
    taps.action("look at the history", "B")
    j.tab(b, "tab_history")
    history = b.get_by_role("main")
    expect(history.get_by_role("listitem").first).to_be_visible()
    expect(history).to_contain_text("Batman")
    assert "undefined" not in history.inner_text()
    snap(b, "history", "b")

    table = taps.table()
    total = sum(r[2] for r in taps.rows)
    summary = f"\n\nTaps over the round (both phones, the crew check and the table's creation included): {total}.\n"
    print(f"\n[{lang}]\n" + table + summary)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / f"bmg-taps{'' if lang == 'en' else '-' + lang}.md").write_text(
        f"# Taps of a Miniature Game round, two phones, phones in {lang} (tests/browser/test_pwa_bmg.py)\n\n"
        + table + summary)
