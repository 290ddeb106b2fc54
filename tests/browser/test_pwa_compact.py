"""Issue 31, point 9: at 360×640 the header, the "now" strip, the banners, Next and the tab bar
leave most of the screen to the content (they took 53% on a hero's phone, 57% on the host's phone
acting as host); at 390×844 the header keeps its words."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

SMALL = {"width": 360, "height": 640}

# what stays on screen whatever the content's scroll: the sticky top, the Next dock, the tab bar
_FIXED = """() => { const hi = (s) => document.querySelector(s)?.getBoundingClientRect().height || 0;
  return { fixed: hi('.chrome') + hi('#dock') + hi('#tabbar'), screen: innerHeight }; }"""


def _content_share(page) -> float:
    m = page.evaluate(_FIXED)
    return 1 - m["fixed"] / m["screen"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_at_360_most_of_the_screen_is_content(api, duo, shot, lang):
    api.seat(duo["code"], "hero:commissioner-gordon")
    api.advance_to(duo["code"], duo["host"], "heroes.actions")
    b = duo["open_b"](lang=lang, viewport=SMALL)
    expect(b.get_by_test_id("advance")).to_be_visible()
    expect(b.get_by_test_id("now-who")).to_be_visible()  # the waiting line is still there
    assert _content_share(b) >= 0.6, _content_share(b)
    assert b.locator("#lang").inner_text() == ("FR" if lang == "en" else "EN")  # what shows: the short name
    shot(b, f"compact-{lang}-hero-360x640")
    a = duo["open_a"]("/#/table", act_as_host=True, lang=lang, viewport=SMALL)
    expect(a.get_by_test_id("acting-host")).to_be_visible()
    expect(a.get_by_test_id("acting-host-stop")).to_be_visible()
    expect(a.get_by_test_id("advance")).to_be_visible()
    assert _content_share(a) >= 0.55, _content_share(a)
    shot(a, f"compact-{lang}-host-360x640")


def test_at_390x844_the_header_keeps_its_words(api, duo):
    b = duo["open_b"]()
    expect(b.locator("#conn")).to_have_text("Live")
    assert b.locator("#lang").inner_text() == "Français"
    expect(b.locator("#lang")).to_have_accessible_name("Language: Français")
