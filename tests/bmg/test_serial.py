"""The table as plain data and back (for the store): a round trip keeps everything."""
from __future__ import annotations

import json

from games.bmg.serial import table_from_data, table_to_data

from .helpers import crew, play, table, to_execute


def test_round_trip_mid_round_with_a_declared_melee():
    t = to_execute(table(crew("batman", "gordon", name="Bats"), crew("joker", "thug", name="Joker"),
                         event="Heavy Rain"))
    t, _ = play(t, "activate", model="a.batman")
    t, _ = play(t, "declare_melee", model="a.batman", weapon="Unarmed",
                shares=[{"target": "b.thug", "dice": 5, "strength_die": True}])
    t, _ = play(t, "damage", model="b.joker", stun=2, injury=1)
    data = json.loads(json.dumps(table_to_data(t)))
    back = table_from_data(data)
    assert back == t
    assert table_to_data(back) == data
    back, _ = play(back, "defend", model="b.thug", effort=1)
    assert back.round.melee.defender_effort == {"b.thug": 1}
