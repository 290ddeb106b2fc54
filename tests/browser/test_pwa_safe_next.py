"""Issue 31, point 1 and 2: the safe Next and "act as host".

- Next on a phone that does not own the step does not end it silently: Batman's Next during the
  heroes' actions names Commissioner Gordon, still awaited on his own phone, and asks; "Wait"
  changes nothing, "Move on anyway" moves on.
- The host's player phone (here the villain's) offers no other seat's command by default: no Next
  during the heroes' turn, Batman's cubes not spendable. Its "Act as host" switch turns the host's
  powers on, marked on every screen; its Next then says that it ends the heroes' step and asks.
"""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.steps import scroll_into_view


def _heroes_acting(api, duo) -> str:
    """Both heroes active in turn 1's actions step, Gordon's seat held by a third phone."""
    gordon = api.seat(duo["code"], "hero:commissioner-gordon")
    api.advance_to(duo["code"], duo["host"], "heroes.actions")
    return gordon


def _step(api, duo, page=None) -> str:
    """The table's step as the server has it; after a "Wait", once a tap's command would have
    reached it (the Next button not busy, then half a second)."""
    if page is not None:
        expect(page.get_by_test_id("advance")).not_to_have_attribute("aria-busy", "true")
        page.wait_for_timeout(500)
    return api.table(duo["code"])["turn"]["step"]


def test_batmans_next_asks_before_passing_by_gordon(api, duo, shot):
    _heroes_acting(api, duo)
    b = duo["open_b"]()
    expect(b.get_by_test_id("advance")).to_be_enabled()
    b.get_by_test_id("advance").click()
    sheet = b.get_by_role("dialog")
    expect(sheet.get_by_test_id("next-skips")).to_have_text("Still awaited: Commissioner Gordon: their actions")
    expect(sheet.get_by_test_id("next-ends")).to_have_count(0)  # the heroes' step is Batman's too
    shot(b, "safe-next-batman")
    sheet.get_by_role("button", name="Wait").click()
    expect(sheet).to_have_count(0)
    assert _step(api, duo, b) == "heroes.actions"
    b.get_by_test_id("advance").click()
    b.get_by_role("dialog").get_by_role("button", name="Move on anyway").click()
    expect(b.get_by_test_id("now-step")).not_to_have_text("Heroes: actions")
    assert _step(api, duo) != "heroes.actions"


def test_the_hosts_player_phone_acts_as_host_only_when_switched_on(api, duo, shot):
    _heroes_acting(api, duo)
    a = duo["open_a"]("/#/hero/batman")  # the villain's phone, which is also the host's
    melee = a.get_by_role("button", name="Melee: 0 / 4.")
    expect(melee).to_be_disabled()  # Batman's cubes are Batman's phone's (the villain may only wound him)
    expect(a.get_by_test_id("advance-dock")).to_have_count(0)  # not its step: no Next off the Table tab
    expect(a.get_by_test_id("acting-host")).to_have_count(0)
    a.get_by_test_id("tab-table").click()
    expect(a.get_by_test_id("advance")).to_be_disabled()
    expect(a.get_by_test_id("advance-why")).to_have_text("Not this phone: Batman, Commissioner Gordon")
    switch = a.get_by_test_id("act-as-host")
    expect(switch).not_to_be_checked()
    switch.check()
    expect(a.get_by_test_id("acting-host")).to_have_text("Acting as host (not only Villain)Stop")
    expect(a.get_by_test_id("advance")).to_be_enabled()
    a.get_by_test_id("advance").click()
    sheet = a.get_by_role("dialog")
    expect(sheet.get_by_test_id("next-ends")).to_have_text(
        "This step belongs to Batman and Commissioner Gordon: moving on ends it for them.")
    expect(sheet.get_by_test_id("next-skips")).to_have_text(
        "Still awaited: Batman: their actions · Commissioner Gordon: their actions")
    shot(a, "safe-next-host")
    sheet.get_by_role("button", name="Wait").click()
    assert _step(api, duo, a) == "heroes.actions"
    a.goto("/#/hero/batman")
    expect(melee).to_be_enabled()  # acting as host: Batman's board is open
    expect(a.get_by_test_id("acting-host")).to_be_visible()  # marked on every screen
    shot(a, "acting-host-batman-board")
    a.get_by_test_id("acting-host-stop").click()
    expect(a.get_by_test_id("acting-host")).to_have_count(0)
    expect(melee).to_be_disabled()


def test_in_french_at_360_the_question_is_french(api, duo, shot):
    _heroes_acting(api, duo)
    b = duo["open_b"](lang="fr", viewport={"width": 360, "height": 640})
    b.get_by_test_id("advance").click()
    sheet = b.get_by_role("dialog")
    expect(sheet.get_by_test_id("next-skips")).to_have_text("Toujours en attente : Commissioner Gordon : ses actions")
    expect(sheet.get_by_role("button", name="Passer quand même")).to_be_visible()
    shot(b, "safe-next-batman-fr-360")
    sheet.get_by_role("button", name="Attendre").click()
    assert _step(api, duo, b) == "heroes.actions"


def test_a_hero_done_this_turn_is_no_longer_asked_about(api, duo, phones, shot):
    """V·B·5: the heroes finish unanimously: Batman's phone says it is done; Gordon's Next then
    asks nothing, and the heroes' step ends."""
    gordon = _heroes_acting(api, duo)
    b = duo["open_b"](viewport={"width": 360, "height": 640})
    done = b.get_by_role("button", name="Done this turn")
    scroll_into_view(done)  # the screen is drawn again as the stream opens
    shot(b, "hero-done-card-360")
    done.click()
    expect(b.get_by_test_id("hero-finished")).to_have_text("Done")
    record = {duo["code"]: {"code": duo["code"], "seat": "hero:commissioner-gordon", "token": gordon, "at": 1}}
    g = phones.open("/#/hero/commissioner-gordon", tables=record, current=duo["code"])
    expect(g.get_by_role("region", name="Now")).not_to_contain_text("Batman")
    g.get_by_test_id("advance").click()
    expect(g.get_by_test_id("now-step")).to_have_text("Villain: start of turn effects")
    expect(g.get_by_role("dialog")).to_have_count(0)


def test_a_control_not_offered_in_the_phones_own_step_does_not_name_the_step(api, duo):
    """Issue 31, point 7: during the heroes' actions, Batman's phone (awaited there) read "Ranged
    attack — Not now: Heroes: actions" for an attack he cannot make (no ranged weapon): the step is
    his; the reason says the control is not available, not that it is the wrong step. A phone the
    step does not wait for still reads the step."""
    _heroes_acting(api, duo)
    b = duo["open_b"]()
    expect(b.get_by_test_id("now-step")).to_have_text("Heroes: actions")
    expect(b.get_by_text("Ranged attack — Not available at this point")).to_be_visible()
    expect(b.get_by_text("Not now: Heroes: actions")).to_have_count(0)
