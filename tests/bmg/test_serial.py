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


def test_a_field_the_stored_data_lacks_takes_its_default_as_init_gives_it():
    """A table stored before a field was added loads with the field's default (its factory called
    for each object, never shared), and a field the class no longer has is dropped."""
    t = mid_round()
    data = json.loads(json.dumps(to_data(t)))
    model = next(iter(data["models"].values())) if isinstance(data.get("models"), dict) else None
    assert model is not None
    cls = type(next(iter(t.models.values())))
    import dataclasses
    defaulted = [f for f in dataclasses.fields(cls)
                 if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING]
    assert defaulted, "the test needs a model field with a default"
    for m in data["models"].values():
        for f in defaulted:
            m.pop(f.name)
        m["gone_field"] = 1
    back = from_data(Table, data)
    for key, m in back.models.items():
        fields = {k: v for k, v in data["models"][key].items() if k != "gone_field"}
        assert m == from_data(cls, fields) == cls(**{k: getattr(m, k) for k in fields})
        assert not hasattr(m, "gone_field")
        for f in defaulted:
            expected = f.default if f.default is not dataclasses.MISSING else f.default_factory()
            assert getattr(m, f.name) == expected
    firsts = [getattr(m, f.name) for m in back.models.values() for f in defaulted[:1]]
    if defaulted[0].default_factory is not dataclasses.MISSING and len(firsts) > 1:
        assert firsts[0] is not firsts[1]  # a factory's list or dict is each object's own
