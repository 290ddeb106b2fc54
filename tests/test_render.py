"""The answer after a change reuses the JSON of unchanged heroes and command posts (api/render.py):
it must always be byte for byte what drawing the whole table again gives, and the stored state
what `serial.dumps_pooled` writes and what the reference writer (a callback for every dataclass)
writes, whatever the table went through (standard and Versus)."""
from __future__ import annotations

import orjson
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.render import Renderer
from games.bgcc import definitions, engine
from games.bgcc.errors import RuleRefused
from games.bgcc.serial import PooledWriter, dumps_pooled
from games.bgcc.table import DiscModifier
from games.bgcc.view import table_view
from tests.rules.test_invariants import plausible_command, reachable_tables
from tests.rules.versus_fixtures import drafted


def plain(code: str, version: int, table) -> bytes:
    return orjson.dumps({"code": code, "version": version, **table_view(table)})


def rendered(renderer: Renderer, code: str, version: int, table) -> bytes:
    encoded = renderer.encode(table)
    state, pool = dumps_pooled(table, definitions.POOLED)
    reference = PooledWriter(definitions.POOLED)
    assert encoded.state == state == reference.reference_dumps(table)
    assert encoded.pool.keys() == pool.keys() == reference.found.keys()
    return orjson.dumps(renderer.view(code, version, table, encoded))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(table=reachable_tables(max_commands=60), data=st.data())
def test_reused_parts_always_draw_the_table_as_it_is(table, data):
    """Each change is drawn with the parts kept from the previous ones (one renderer throughout):
    a part reused after it changed would show old cubes, costs or stances."""
    renderer = Renderer(size=64)
    for version in range(1, 16):
        assert rendered(renderer, "ABCDEF", version, table) == plain("ABCDEF", version, table)
        if table.track.over:
            break
        try:
            table = engine.apply(table, plausible_command(data.draw, table)).table
        except RuleRefused:
            pass


def test_versus_disc_costs_are_drawn_again_when_a_modifier_changes_them():
    """Versus: a command post's drawn river shows what each activation costs in discs, which also
    depends on the disc modifiers in play, kept outside the post: the post unchanged, a new
    modifier must still show."""
    renderer = Renderer()
    table = drafted()
    assert rendered(renderer, "VRSS01", 1, table) == plain("VRSS01", 1, table)
    tile = table.command_posts["villain"].river[0]
    table.versus.disc_modifiers.append(DiscModifier(side="villain", tile=tile, amount=2, source_side="heroes",
                                                    power="test"))
    again = rendered(renderer, "VRSS01", 2, table)
    assert again == plain("VRSS01", 2, table)
    river = orjson.loads(again)["command_posts"]["villain"]["river"]
    assert next(t for t in river if t["id"] == tile)["discs"] == 3
