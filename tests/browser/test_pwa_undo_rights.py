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
