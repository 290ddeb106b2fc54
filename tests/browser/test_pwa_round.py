"""Game night (issue 20, the first "Done when"): a complete standard round with three phones, played
with only what a person sees (roles, labels, visible words; no test ids, no API calls to play).
Phone A: the host, who creates the table on the Home screen and plays Batman (two ranged weapons);
phone B: Commissioner Gordon, joined through the join link /join/CODE; phone C: the villain, joined
the same way. The taps of each action are counted (steps.Taps), printed and saved to
artifacts/round-taps.md; each step is screenshotted at 390x844 and 360x640 in English and French."""
from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.steps import Taps, shots_in_both_languages

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


def dump(page, where="/tmp/gnr/aria.txt"):
    Path(where).write_text(page.locator("body").aria_snapshot())


def test_a_complete_standard_round_with_three_phones(phones, shot):
    taps = Taps()
    n = [0]

    def step(page, name, phone):
        n[0] += 1
        shots_in_both_languages(shot, page, f"round-{n[0]:02d}-{name}-{phone}")

    # ---- phone A creates the table on the Home screen: Batman (two ranged weapons) and Gordon
    a = phones.open("/")
    taps.action("create the table (Batman with 2 weapons, Gordon)", "A")
    expect(a.get_by_role("heading", name="Create a table")).to_be_visible()
    taps.tap(a.get_by_role("checkbox", name=re.compile(r"^Batman")))
    taps.tap(a.get_by_text("Batman: Equipment and bat-gadgets / Adjust values"))
    taps.tap(a.get_by_role("checkbox", name=re.compile(r"^Batarangs \(")))
    taps.tap(a.get_by_role("checkbox", name=re.compile(r"^Submachine gun \(")))
    taps.tap(a.get_by_role("checkbox", name=re.compile(r"^Commissioner Gordon")))
    step(a, "create", "A")
    taps.tap(a.get_by_role("button", name="Create the table"))
    heading = a.get_by_role("heading", name=re.compile(r"^Join table [A-Z0-9]{6}$"))
    expect(heading).to_be_visible()
    code = heading.inner_text().split()[-1]
    step(a, "created", "A")
    taps.action("the host takes Batman's seat", "A")
    taps.tap(a.get_by_role("button", name="Take this seat: Batman"))
    expect(a.get_by_role("heading", name="Batman", exact=True)).to_be_visible()

    # ---- phones B and C open the join link (what the QR code holds) and take their seats
    b = phones.open(f"/join/{code}")
    taps.action("join as Gordon from the link", "B")
    taps.tap(b.get_by_role("button", name="Take this seat: Commissioner Gordon"))
    expect(b.get_by_role("heading", name="Commissioner Gordon", exact=True)).to_be_visible()
    c = phones.open(f"/join/{code}")
    taps.action("join as the villain from the link", "C")
    step(c, "join", "C")
    taps.tap(c.get_by_role("button", name="Take this seat: Villain"))
    expect(c.get_by_role("heading", name="Command post")).to_be_visible()
    step(c, "joined", "C")

    advancing = []

    def advance(page, phone, to):
        """A tap on the Advance dock ("Next: <step>"), counted apart as an advancing tap."""
        button = page.get_by_role("button", name=re.compile(r"^Next: "))
        expect(button).to_have_accessible_name(re.compile(rf"^Next: {re.escape(to)}"))
        taps.action(f"advance to {to}", phone)
        taps.tap(button)
        advancing.append(to)

    # ---- setup → upkeep → stances: the host moves the turn on
    step(a, "setup", "A")
    advance(a, "A", "Upkeep")
    step(a, "upkeep", "A")
    advance(a, "A", "Heroes: declare stances")

    # ---- stances: each hero's phone is prompted and declares its own
    for page, phone, hero in ((a, "A", "Batman"), (b, "B", "Commissioner Gordon")):
        expect(page.get_by_text(re.compile(r"^Your go: "))).to_be_visible()
        step(page, "stance", phone)
        taps.action(f"{hero}: stance Active", phone)
        taps.tap(page.get_by_role("button", name=re.compile(r"^Active recovers")))
    # the last stance moves the turn on to the heroes' actions by itself
    expect(a.get_by_role("region", name="Now")).to_contain_text("Heroes: actions")
    step(a, "actions", "A")

    # ---- Gordon attacks Killer Croc with the app's dice, no reroll: from his board
    taps.action("Gordon: melee attack, app dice, no reroll (from the hero board)", "B", limit=5)
    taps.tap(b.get_by_role("button", name=re.compile(r"^Melee: 0 \/ 3")))
    taps.tap(b.get_by_role("button", name="Attack with 1 cube"))
    sheet_b = b.get_by_role("dialog")
    taps.tap(sheet_b.get_by_role("button", name="Killer Croc", exact=True))
    step(b, "attack-sheet", "B")
    taps.tap(sheet_b.get_by_role("button", name="Roll", exact=True))
    taps.tap(sheet_b.get_by_role("button", name="Done: no reroll"))
    expect(sheet_b).to_contain_text("Waiting for Killer Croc to defend")
    step(b, "attack-waiting", "B")

    def defend(cubes_button, attacker, defender):
        """The defender's phone (the villain's) is prompted: banner and Dice tab badge; it defends
        from the prompt."""
        prompt = c.get_by_role("status").filter(has_text="Your go:")
        expect(prompt).to_contain_text(f"Your go: {defender} defends against {attacker}")
        expect(c.get_by_role("link", name="Dice Your go")).to_be_visible()
        step(c, "defense-prompt", "C")
        taps.action(f"the villain defends {defender} ({cubes_button})", "C")
        if prompt.get_by_role("link", name="Open").count():   # not on the Dice tab yet
            taps.tap(prompt.get_by_role("link", name="Open"))
        taps.tap(c.get_by_role("button", name=re.compile(rf"^{re.escape(cubes_button)} ")))
        if cubes_button != "No defense cube":
            step(c, "defense-dice", "C")
            taps.tap(c.get_by_role("button", name="Roll the dice"))
            taps.tap(c.get_by_role("button", name="End the rerolls: count the successes"))

    defend("Defend with 1 cube", "Commissioner Gordon", "Killer Croc")
    # the result on the attacker's sheet until dismissed, and on the defender's phone
    expect(sheet_b).to_contain_text(re.compile(r"\d+ vs \d+ → \d+ wound"))
    step(b, "attack-result", "B")
    step(c, "defense-result", "C")
    taps.action("dismiss the results", "B, C")
    taps.tap(sheet_b.get_by_role("button", name="Dismiss"))
    taps.tap(c.get_by_role("button", name="Got it"))

    # ---- the host sets the table to real dice: the next attacks are entered face by face
    taps.action("the host switches to real dice (Dice tab)", "A")
    taps.tap(a.get_by_role("link", name="Dice"))
    taps.tap(a.get_by_role("button", name="Real dice"))
    expect(a.get_by_role("heading", name=re.compile("Dice Real dice"))).to_be_visible()
    taps.action("back to Batman's board", "A")
    taps.tap(a.get_by_role("link", name="Hero"))

    def enter_top_faces(sheet):
        """Each die of the pool: tap its face with the most success symbols, as the die shows it."""
        groups = sheet.get_by_role("group", name=re.compile(r"^Die \d+ "))
        expect(groups.first).to_be_visible()
        for i in range(groups.count()):
            buttons = groups.nth(i).get_by_role("button")
            names = [buttons.nth(k).get_attribute("aria-label") or buttons.nth(k).inner_text() for k in range(buttons.count())]
            counts = [int(re.search(r"(\d+) success symbol", nm).group(1)) for nm in names]
            taps.tap(buttons.nth(counts.index(max(counts))))
        taps.tap(sheet.get_by_role("button", name="These are the faces"))

    # ---- Batman: a ranged attack with a weapon choice and hindering, on Brute with chains #1
    taps.action("Batman: ranged attack, weapon choice and hindering, real dice (from the hero board)", "A")
    taps.tap(a.get_by_role("button", name="Ranged attack…"))
    sheet_a = a.get_by_role("dialog")
    taps.tap(sheet_a.get_by_role("button", name="Brute with chains #1", exact=True))
    weapons = sheet_a.get_by_role("group", name="Weapon")
    expect(weapons.get_by_role("button")).to_have_text(["Batarangs", "Submachine gun"])
    taps.tap(weapons.get_by_role("button", name="Batarangs"))
    taps.tap(sheet_a.get_by_text("Hindering: 0"))
    taps.tap(sheet_a.get_by_role("group", name="Enemies in the area (menace)").get_by_role("button", name=re.compile(r"^Thug with crowbar #1 · ")))
    expect(sheet_a).to_contain_text(re.compile(r"Hindering: enemy menace 1 − ally menace 0"))
    for _ in range(2):   # 3 cubes: enough dice to get past the Brute's automatic defense
        taps.tap(sheet_a.get_by_role("button", name="More cubes +1"))
    step(a, "ranged-sheet", "A")
    taps.tap(sheet_a.get_by_role("button", name="Roll", exact=True))
    step(a, "real-dice", "A")
    enter_top_faces(sheet_a)
    taps.tap(sheet_a.get_by_role("button", name="Done: no reroll"))
    defend("No defense cube", "Batman", "Brute with chains #1")
    expect(sheet_a).to_contain_text("Brute with chains #1 neutralized")
    step(a, "ranged-result", "A")
    taps.action("dismiss the results", "A, C")
    taps.tap(sheet_a.get_by_role("button", name="Dismiss"))
    taps.tap(c.get_by_role("button", name="Got it"))

    def board_attack(page, phone, hero, space, target, more):
        """A melee attack from the hero board in real dice: a cube on the space, Attack, the
        target, more cubes, Roll, the faces as the dice show them, no reroll."""
        taps.action(f"{hero}: spend a cube on Melee", phone, limit=1)
        taps.tap(page.get_by_role("button", name=re.compile(rf"^{space}")))
        taps.action(f"{hero}: melee attack on {target}, more cubes, real dice (from the cube on the board)", phone)
        taps.tap(page.get_by_role("button", name="Attack with 1 cube"))
        sheet = page.get_by_role("dialog")
        taps.tap(sheet.get_by_role("button", name=target, exact=True))
        for _ in range(more):
            taps.tap(sheet.get_by_role("button", name="More cubes +1"))
        taps.tap(sheet.get_by_role("button", name="Roll", exact=True))
        enter_top_faces(sheet)
        taps.tap(sheet.get_by_role("button", name="Done: no reroll"))
        defend("No defense cube", hero, target)
        expect(sheet).to_contain_text(f"{target} neutralized")
        step(page, f"melee-result-{target[:5].lower()}", phone)
        taps.action("dismiss the results", f"{phone}, C")
        taps.tap(sheet.get_by_role("button", name="Dismiss"))
        taps.tap(c.get_by_role("button", name="Got it"))

    # ---- Batman neutralizes the second Brute (the Brute tile is then neutralized), Gordon a Thug
    board_attack(a, "A", "Batman", r"Melee: 0 \/ 4", "Brute with chains #2", 2)
    board_attack(b, "B", "Commissioner Gordon", r"Melee: 1 \/ 3", "Thug with crowbar #1", 1)

    # ---- Gordon moves 4 areas in one move
    taps.action("Gordon: a 4-area move", "B")
    taps.tap(b.get_by_role("region", name="Spaces: tap to spend a cube").get_by_role("button", name="Move…"))
    sheet_b = b.get_by_role("dialog")
    for _ in range(3):
        taps.tap(sheet_b.get_by_role("button", name="Areas (simple moves) +1"))
    step(b, "move-sheet", "B")
    taps.tap(sheet_b.get_by_role("button", name="Move (4)"))
    expect(sheet_b).to_be_hidden()
    taps.action("look at the history", "B")
    taps.tap(b.get_by_role("link", name="History"))
    history = b.get_by_role("list").filter(has=b.get_by_role("listitem")).first
    expect(history.get_by_role("listitem").first).to_be_visible()
    newest = history.get_by_role("listitem").first
    expect(newest).to_contain_text("Commissioner Gordon moves: ")
    expect(newest.get_by_role("paragraph")).to_have_count(1)                  # one move, one entry
    expect(history.get_by_role("listitem").filter(has_text="Commissioner Gordon moves")).to_have_count(1)
    step(b, "history-move", "B")

    # ---- the heroes are done: Gordon's phone moves the turn on to the villain
    advance(b, "B", "Villain: start of turn effects")
    taps.action("the villain opens the Villain tab", "C")
    taps.tap(c.get_by_role("link", name=re.compile(r"^Villain")))
    expect(c.get_by_role("heading", name="Command post")).to_be_visible()
    step(c, "villain-start", "C")
    advance(c, "C", "Villain: activate the first tile")

    def activate(name, limit=2):
        taps.action(f"activate {name}", "C", limit=limit)
        taps.tap(c.get_by_role("button", name=re.compile(rf"^Activate {re.escape(name)},")))
        step(c, f"activate-{name[:5].lower()}-sheet", "C")
        taps.tap(c.get_by_role("dialog").get_by_role("button", name="Activate", exact=True))

    # ---- activation 1: Killer Croc
    activate("Killer Croc")
    expect(c.get_by_text("Activations this turn: 1 of 2")).to_be_visible()
    step(c, "activated-croc", "C")

    # ---- activation 2: the event tile, the mission event named; reinforcement: the Thug comes back
    activate("Event")
    event = c.get_by_role("region", name="Event tile")
    expect(event).to_contain_text("Sample event: a Thug with crowbar arrives through the sewer")
    expect(event).to_contain_text("3 reinforcement points to spend now")
    step(c, "event-tile", "C")
    taps.action("reinforce: bring back a Thug with crowbar (2 pts)", "C")
    taps.tap(event.get_by_role("button", name=re.compile(r"^Bring back · 2 pts: Thug with crowbar")))
    expect(event).to_contain_text("1 reinforcement point")
    step(c, "reinforced", "C")
    taps.action("Done reinforcing", "C")
    taps.tap(event.get_by_role("button", name="Done reinforcing"))
    expect(event).to_have_count(0)
    expect(c.get_by_text("Activations this turn: 2 of 2")).to_be_visible()

    # ---- a confirmed dredge of the Brute tile, neutralized by Batman's two attacks
    taps.action("dredge the neutralized Brute tile (pick, Dredge, confirm)", "C")
    taps.tap(c.get_by_role("button", name=re.compile(r"^Brute with chains, Neutralized")))
    taps.tap(c.get_by_role("button", name="Dredge 1 tile (2 cubes leave the game)"))
    confirm = c.get_by_role("dialog")
    expect(confirm.get_by_role("heading", name="Dredge Brute with chains?")).to_be_visible()
    expect(confirm).to_contain_text("2 cubes leave the game")
    step(c, "dredge-confirm", "C")
    taps.tap(confirm.get_by_role("button", name="Dredge", exact=True))
    expect(c.get_by_role("list", name="River").get_by_role("listitem")).to_have_count(3)
    expect(c.get_by_role("button", name=re.compile(r"^Brute with chains"))).to_have_count(0)
    step(c, "dredged", "C")

    # ---- the end of the turn: nothing is left to decide, the turn passes by itself to turn 2's
    # upkeep (its reminder stops it there) on every phone
    for page in (a, b, c):
        expect(page.get_by_role("region", name="Now")).to_contain_text("Turn 2 of 8")
    for page in (a, b):   # the heroes' phones may move on to their stances
        expect(page.get_by_role("button", name="Next: Heroes: declare stances")).to_be_visible()
    step(a, "turn-2", "A")

    table = taps.table()
    advancing_taps = sum(r[2] for r in taps.rows if r[0].startswith("advance to "))
    summary = (f"\n\nAdvancing taps over the round (all phones): {advancing_taps} ({', '.join(advancing)}); "
               "the end of the villain's turn and turn 2's start passed by themselves.\n")
    print("\n" + table + summary)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "round-taps.md").write_text("# Taps of a standard round, three phones (tests/browser/test_pwa_round.py)\n\n"
                                             + table + summary)
    assert not taps.over_limit(), taps.over_limit()
    assert advancing_taps <= 4, advancing
