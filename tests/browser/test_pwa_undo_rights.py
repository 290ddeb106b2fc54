"""Issue 31, point 10: the Undo button looked enabled on a phone that may not undo. It is disabled
there, with the rule beside it; the phone that made the change, and the host's, keep it."""
from __future__ import annotations

from playwright.sync_api import expect


def _villain_activates(api, duo) -> int:
    api.advance_to(duo["code"], duo["host"], "villain.first_tile")
    return api.post(duo["code"], "/commands/activate_tile", duo["villain"],
                    {"side": "villain", "tile": "killer-croc"})["version"]


def test_undo_is_disabled_with_its_rule_on_a_phone_that_did_not_make_the_change(api, duo, shot):
    version = _villain_activates(api, duo)
    b = duo["open_b"]("/#/history")  # Batman's phone
    expect(b.get_by_test_id("history")).to_be_visible()
    expect(b.get_by_test_id("undo")).to_be_disabled()
    expect(b.get_by_test_id("undo-why")).to_have_text(
        f"Only the host or the phone that made change {version} can undo or redo it")
    shot(b, "undo-not-yours")
    a = duo["open_a"]("/#/history")  # the villain's phone, which is also the host's
    expect(a.get_by_test_id("undo")).to_be_enabled()
    expect(a.get_by_test_id("undo-why")).to_have_count(0)


def test_in_french_at_360_the_rule_is_french(api, duo, shot):
    version = _villain_activates(api, duo)
    b = duo["open_b"]("/#/history", lang="fr", viewport={"width": 360, "height": 640})
    expect(b.get_by_test_id("undo")).to_be_disabled()
    expect(b.get_by_test_id("undo-why")).to_have_text(
        f"Seul l'hôte ou le téléphone qui a fait le changement {version} peut l'annuler ou le rétablir")
    shot(b, "undo-not-yours-fr-360")


def test_the_hosts_own_change_is_undone_from_the_hosts_player_phone(api, duo, shot):
    """The host's own commands (here the dice mode, host only) stay the host's phone's to undo
    without "Act as host" (issue 31: the switch is for acting for the other seats)."""
    api.post(duo["code"], "/commands/set_dice_mode", duo["host"], {"mode": "physical"})
    a = duo["open_a"]("/#/history")  # the villain's phone with the host token, not acting as host
    expect(a.get_by_test_id("acting-host")).to_have_count(0)
    expect(a.get_by_test_id("undo")).to_be_enabled()
    a.get_by_test_id("undo").click()
    expect(a.get_by_test_id("undo")).to_be_disabled()  # nothing left to undo
    assert api.table(duo["code"])["dice"]["mode"] != "physical"
