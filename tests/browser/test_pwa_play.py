"""Playing on two phones: create and join, live river, spending to saturation, stances, an attack
that ends in wounds, undo on both screens, French."""
from __future__ import annotations

import re

from playwright.sync_api import expect


def river_order(page) -> list[str]:
    return page.locator("[data-testid=river] .river-slot").evaluate_all("els => els.map(e => e.dataset.tile)")


def test_create_a_table_and_join_it_as_a_hero_while_the_first_phone_plays_the_villain(phones, shot):
    a = phones.open("/")
    expect(a.get_by_role("heading", name="Create a table")).to_be_visible()
    a.get_by_test_id("pick-Batman").check()
    a.get_by_test_id("pick-Commissioner Gordon").check()
    shot(a, "home")
    a.get_by_test_id("create-table").click()
    code = a.get_by_test_id("join-code").inner_text().strip()
    assert re.fullmatch(r"[A-Z0-9]{6}", code)
    expect(a.get_by_test_id("take-hero:batman")).to_be_enabled()
    shot(a, "join")
    a.get_by_test_id("take-villain").click()
    expect(a.get_by_role("heading", name="Command post")).to_be_visible()
    expect(a.locator("#conn")).to_have_text("Live")

    b = phones.open(f"/join/{code}")
    expect(b.get_by_role("heading", name=f"Join table {code}")).to_be_visible()
    expect(b.get_by_test_id("take-villain")).to_be_disabled()  # taken by phone A
    b.get_by_test_id("take-hero:batman").click()
    expect(b.get_by_role("heading", name="Batman")).to_be_visible()
    expect(b.get_by_test_id("hero-reserve")).to_contain_text("12")
    expect(b.locator("#conn")).to_have_text("Live")

    # phone A sees who is at the table and that Batman's phone is connected
    a.get_by_test_id("tab-table").click()
    expect(a.locator("[data-seat='hero:batman'] .dot.on")).to_be_visible(timeout=5000)
    expect(a.locator("[data-seat='villain'] .dot.on")).to_be_visible()
    expect(a.locator("[data-seat='hero:commissioner-gordon'] .dot.on")).to_have_count(0)


def test_the_villain_activates_a_tile_and_the_heros_screen_shows_the_new_river_within_a_second(api, duo, shot):
    reserve = api.advance_to(duo["code"], duo["host"], "villain.first_tile")["command_posts"]["villain"]["reserve"]
    a = duo["open_a"]()
    b = duo["open_b"]("/#/villain")
    before = ["thug-with-crowbar", "brute-with-chains", "killer-croc", "event"]
    expect(b.locator("[data-testid=river] .river-slot").first).to_have_attribute("data-tile", before[0])
    assert river_order(a) == before
    expect(a.get_by_test_id("cost-killer-croc")).to_have_text("3")

    a.get_by_test_id("tile-killer-croc").click()
    expect(a.get_by_test_id("activate-cost")).to_have_text(f"Costs 3 cubes: reserve {reserve} → {reserve - 3}, fatigue +3.")
    shot(a, "villain-activate")
    a.get_by_test_id("sheet-confirm").click()
    expect(a.get_by_test_id("cp-reserve")).to_contain_text(str(reserve - 3))
    # the other phone follows within a second of the change
    expect(b.locator("[data-testid=river] .river-slot").last).to_have_attribute("data-tile", "killer-croc", timeout=1000)
    assert river_order(b) == ["thug-with-crowbar", "brute-with-chains", "event", "killer-croc"]
    expect(b.get_by_test_id("cp-reserve")).to_contain_text(str(reserve - 3))
    expect(b.get_by_test_id("cost-killer-croc")).to_have_text("4")
    expect(a.get_by_test_id("activations")).to_contain_text("1 of 2")
    shot(a, "villain")


def test_spending_cubes_until_a_space_saturates_locks_the_control_with_its_reason(duo, shot):
    b = duo["open_b"]()
    defense = b.get_by_test_id("space-defense")
    for held in (1, 2, 3):
        expect(defense).to_be_enabled()
        defense.click()
        expect(defense.locator(".count")).to_have_text(f"{held} / 3")
    expect(defense).to_be_disabled()
    expect(b.get_by_test_id("lock-defense")).to_have_text("Saturated: 3 of 3")
    expect(b.get_by_test_id("hero-reserve")).to_contain_text("9")

    # a refusal appears next to the control that caused it, and the control keeps the true state
    b.get_by_test_id("space-melee").click()
    refusal = b.get_by_test_id("refusal-space-melee")
    expect(refusal).to_contain_text("Heroes act in the heroes' actions step")
    expect(b.get_by_test_id("space-melee").locator(".count")).to_have_text("0 / 4")
    expect(b.get_by_test_id("hero-reserve")).to_contain_text("9")
    b.get_by_test_id("space-defense").scroll_into_view_if_needed()
    shot(b, "hero-saturated")


def test_a_stance_change_recovers_cubes(api, duo, shot):
    code = duo["code"]
    api.post(code, "/heroes/batman/spend", duo["batman"], {"space": "defense", "cubes": 3})
    api.advance_to(code, duo["host"], "heroes.stances")  # the defense cubes went to fatigue (V·B·1)
    b = duo["open_b"]()
    expect(b.get_by_test_id("hero-fatigue")).to_contain_text("3")
    expect(b.get_by_test_id("hero-reserve")).to_contain_text("9")
    expect(b.get_by_test_id("preview-active")).to_have_text("+3 to the reserve")
    expect(b.get_by_test_id("preview-resting")).to_have_text("+3 to the reserve")
    b.get_by_test_id("stance-active").click()
    expect(b.get_by_test_id("hero-reserve")).to_contain_text("12")
    expect(b.get_by_test_id("hero-fatigue")).to_contain_text("0")
    expect(b.get_by_test_id("hero-stance")).to_have_text("Active")
    expect(b.get_by_test_id("stance-active")).to_have_attribute("aria-pressed", "true")
    expect(b.get_by_test_id("stance-resting")).to_be_disabled()


def test_a_dice_roll_with_a_reroll_and_a_defense_ends_in_wounds_placed_correctly(api, duo, shot):
    code = duo["code"]
    api.advance_to(code, duo["host"], "heroes.stances")
    api.post(code, "/heroes/batman/stance", duo["batman"], {"stance": "active"})
    api.advance_to(code, duo["host"], "heroes.actions")
    a = duo["open_a"]("/#/dice")        # the villain's phone
    b = duo["open_b"]("/#/dice")        # Batman's phone
    expect(b.get_by_role("heading", name="New roll")).to_be_visible()
    b.get_by_test_id("action-melee").click()
    b.get_by_test_id("cubes-plus").click()                      # 2 cubes on melee
    b.get_by_test_id("target").select_option("killer-croc.1")
    expect(b.get_by_test_id("odds")).to_contain_text("expected wounds")
    expect(b.get_by_test_id("odds")).to_contain_text("2 red")
    shot(b, "dice-odds")
    b.get_by_test_id("roll-start").click()
    expect(b.get_by_test_id("roll-step")).to_have_text("waiting for the dice")
    b.get_by_test_id("roll-dice").click()
    expect(b.get_by_test_id("roll-step")).to_have_text("rerolls")
    expect(b.get_by_test_id("die-1")).to_be_visible()
    b.get_by_test_id("die-0").click()
    expect(b.get_by_test_id("die-0")).to_have_attribute("aria-pressed", "true")
    shot(b, "dice-rerolls")
    b.get_by_test_id("reroll-paid").click()                     # 1 cube on the reroll space
    expect(b.get_by_test_id("roll-events")).to_contain_text("Paid reroll (1 cube)")
    b.get_by_test_id("end-rerolls").click()
    expect(b.get_by_test_id("roll-step")).to_have_text("waiting for the defense")

    # the defender's phone takes the defense
    expect(a.get_by_test_id("roll-step")).to_have_text("waiting for the defense")
    a.get_by_test_id("def-cubes-plus").click()
    a.get_by_test_id("defend").click()
    expect(a.get_by_test_id("roll-step")).to_have_text("waiting for the defense dice")
    a.get_by_test_id("roll-dice").click()
    expect(a.get_by_test_id("roll-step")).to_have_text("defense rerolls")
    a.get_by_test_id("end-rerolls").click()
    expect(a.get_by_test_id("last-roll")).to_be_visible()

    last = api.table(code)["dice"]["last"]
    assert last["step"] == "done" and len(last["pool"]["rerolls"]) == 1
    assert last["wounds"] == max(0, last["successes"] - last["defense_successes"])
    expect(a.get_by_test_id("last-wounds")).to_have_text(f"{last['wounds']} wounds")
    expect(b.get_by_test_id("last-wounds")).to_have_text(f"{last['wounds']} wounds")
    shot(a, "dice-result")
    a.get_by_test_id("tab-villain").click()
    expect(a.get_by_test_id("lp-killer-croc.1")).to_contain_text(f"{8 - last['wounds']} / 8 life points")
    expect(a.get_by_test_id("cp-space-defense").locator(".count")).to_have_text("1 / 3")
    b.get_by_test_id("tab-hero").click()
    expect(b.get_by_test_id("space-melee").locator(".count")).to_have_text("2 / 4")
    expect(b.get_by_test_id("space-reroll").locator(".count")).to_have_text("1 / 3")


def test_undo_restores_the_previous_state_on_both_screens(api, duo, shot):
    reserve = api.advance_to(duo["code"], duo["host"], "villain.first_tile")["command_posts"]["villain"]["reserve"]
    a = duo["open_a"]()
    b = duo["open_b"]("/#/villain")
    a.get_by_test_id("tile-brute-with-chains").click()
    a.get_by_test_id("sheet-confirm").click()
    expect(b.get_by_test_id("cp-reserve")).to_contain_text(str(reserve - 2))
    expect(b.locator("[data-testid=river] .river-slot").last).to_have_attribute("data-tile", "brute-with-chains")

    a.get_by_test_id("tab-history").click()
    expect(a.get_by_test_id("history")).to_contain_text("Brute with chains activated from position 2")
    expect(a.get_by_test_id("history")).to_contain_text("by Villain")
    shot(a, "history")
    a.get_by_test_id("undo").click()
    expect(a.get_by_test_id("history").locator("li").first).to_contain_text("Undone")
    for page in (a, b):
        if page is a:
            page.get_by_test_id("tab-villain").click()
        expect(page.get_by_test_id("cp-reserve")).to_contain_text(str(reserve))
        expect(page.locator("[data-testid=river] .river-slot").nth(1)).to_have_attribute("data-tile", "brute-with-chains")
        assert river_order(page) == ["thug-with-crowbar", "brute-with-chains", "killer-croc", "event"]


def test_switching_to_french_uses_the_booklets_terms_and_stays_after_a_reload(duo, shot):
    b = duo["open_b"]()
    expect(b.get_by_test_id("hero-reserve")).to_contain_text("Reserve")
    b.locator("#lang").click()
    expect(b.locator("html")).to_have_attribute("lang", "fr")
    expect(b.get_by_test_id("hero-reserve")).to_contain_text("Réserve")
    expect(b.get_by_test_id("hero-fatigue")).to_contain_text("Fatigue")
    expect(b.get_by_test_id("hero-wound")).to_contain_text("Blessure")
    expect(b.get_by_test_id("space-legend")).to_contain_text("indice de saturation")
    expect(b.get_by_test_id("space-melee")).to_contain_text("Corps à corps")
    expect(b.get_by_test_id("tab-home")).to_contain_text("Accueil")
    shot(b, "hero-fr")
    b.get_by_test_id("tab-villain").click()
    expect(b.get_by_role("heading", name="Poste de commandement")).to_be_visible()
    expect(b.get_by_role("heading", name="Rivière")).to_be_visible()
    expect(b.get_by_role("heading", name="Réserve de personnages")).to_be_visible()
    b.get_by_test_id("tab-table").click()
    expect(b.get_by_test_id("step-title")).to_have_text("Mise en place")
    shot(b, "table-fr")
    b.reload()
    expect(b.get_by_test_id("step-title")).to_have_text("Mise en place")
    b.locator("#lang").click()
    expect(b.get_by_test_id("step-title")).to_have_text("Setup")
