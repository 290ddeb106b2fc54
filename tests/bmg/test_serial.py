"""The table as plain data and back (for the store): a round trip keeps everything."""
from __future__ import annotations

import json

from games.serial import from_data, to_data

from games.bmg.table import Table

from .helpers import mid_round, play


def test_round_trip_mid_round_with_a_declared_melee():
    t = mid_round()
    data = json.loads(json.dumps(to_data(t)))
    back = from_data(Table, data)
    assert back == t
    assert to_data(back) == data
    back, _ = play(back, "defend", model="b.thug", effort=1)
    assert back.round.melee.defender_effort == {"b.thug": 1}
