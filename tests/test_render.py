"""The answer after a change reuses the JSON of unchanged heroes and command posts (api/render.py):
it must always be byte for byte what drawing the whole table again gives, and the stored state
what `serial.dumps_pooled` writes and what the reference writer (a callback for every dataclass)
writes, whatever the table went through (standard and Versus). The stored state written again
only for the parts the rules reached (`watch`, `reached`) must be what writing it all gives."""
from __future__ import annotations

import copy
import dataclasses

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.render import Renderer, Watched, reached, watch
from games.bgcc import commands as c
from games.bgcc import definitions, engine
from games.bgcc.errors import RuleRefused
from games.bgcc.serial import PooledWriter, dumps_pooled
from games.bgcc.table import DiscModifier
from games.bgcc.view import table_view
from tests.rules.test_invariants import _sample_table, plausible_command, reachable_tables
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


def test_a_command_post_kept_as_written_is_drawn_again_when_a_modifier_changes_its_costs():
    """Versus: the same, with the command post's JSON kept from the last change (not reached) and
    drawn then: it is drawn again with the new modifier, not shown as it was drawn."""
    renderer = Renderer()
    table = drafted()
    before = renderer.encode(table)
    assert orjson.dumps(renderer.view("VRSS01", 1, table, before)) == plain("VRSS01", 1, table)
    tile = table.command_posts["villain"].river[0]
    watched = watch(table)
    table.versus.disc_modifiers.append(DiscModifier(side="villain", tile=tile, amount=2, source_side="heroes",
                                                    power="test"))
    encoded = renderer.encode(table, before, reached(table, watched))
    assert encoded.parts == before.parts  # nothing written again
    assert orjson.dumps(renderer.view("VRSS01", 2, table, encoded)) == plain("VRSS01", 2, table)


def changed_in_place(table, command, before):
    """What api.play does with a kept table: the rules change it in place (owned), watched, and the
    state is written again only for the parts they reached. Returns the table and its encoding, or
    None when the rules refused (the table may then be half changed: play reads it again)."""
    watched = watch(table)
    try:
        outcome = engine.apply(table, command, owned=True)
    except RuleRefused:
        return None
    changed = reached(table, watched)
    assert type(table.heroes) is dict and type(table.command_posts) is dict
    return outcome.table, Renderer.encode(outcome.table, before, changed)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(table=reachable_tables(max_commands=60), data=st.data())
def test_parts_not_reached_are_stored_as_they_are(table, data):
    """V-IX, the whole rulebook as the plausible commands reach it: after each change made in place,
    the state written with the unreached parts' JSON reused is byte for byte the state written
    whole, and names every printed definition the whole one names (a part the rules changed by a
    way the watch missed would be stored as it was before the change)."""
    renderer = Renderer(size=64)
    before = Renderer.encode(table)
    for version in range(1, 21):
        if table.track.over:
            break
        command = plausible_command(data.draw, table)
        spare = copy.deepcopy(table)
        done = changed_in_place(table, command, before)
        if done is None:  # refused: start again from a copy, written whole (as play reads it again)
            table, before = spare, Renderer.encode(spare)
            continue
        table, encoded = done
        whole = Renderer.encode(table)
        assert encoded.state == whole.state
        assert whole.pool.keys() <= encoded.pool.keys()
        assert orjson.dumps(renderer.view("ABCDEF", version, table, encoded)) == plain("ABCDEF", version, table)
        before = encoded


def test_a_dissipation_token_writes_no_hero_or_command_post_again():
    """IX·O: placing a token reaches no hero and no command post, so their JSON is reused as it is;
    spending a hero's cubes (IX·C) writes that hero again and reuses the rest."""
    table = _sample_table()
    before = Renderer.encode(table)
    table, placed = changed_in_place(table, c.PlaceToken(kind="gas", side="heroes", area="here"), before)
    assert all(placed.parts[i] is before.parts[i] for i in before.parts)
    assert orjson.loads(placed.state)["tokens"][0]["kind"] == "gas"
    while table.track.step != "heroes.actions":
        resting = [h for h, x in table.heroes.items() if x.stance is None]
        declare = table.track.step == "heroes.stances" and resting
        table = engine.apply(table, c.DeclareStance(hero=resting[0], stance="active") if declare else c.Advance()).table
    before = Renderer.encode(table)
    hero = next(iter(table.heroes))
    table, spent = changed_in_place(table, c.Spend(space="reroll", cubes=1, hero=hero), before)
    again = {key for key, part in table.heroes.items() if spent.parts[id(part)] is not before.parts[id(part)]}
    assert again == {hero}
    assert spent.state == Renderer.encode(table).state


def test_a_table_given_other_parts_is_written_whole():
    """A change that hands the table a new dict of heroes (or reaches them all) leaves nothing to
    reuse: `reached` says None."""
    table = _sample_table()
    watched = watch(table)
    table.heroes = dict(dict.items(watched["heroes"]))
    assert reached(table, watched) == {"heroes": None, "command_posts": set()}


@pytest.mark.parametrize("way", [
    lambda d: dict(d), lambda d: {**d}, lambda d: d.copy(), lambda d: copy.deepcopy(d), lambda d: copy.copy(d),
    lambda d: list(d.values()), lambda d: list(d.items()), lambda d: {}.update(d), lambda d: (lambda **k: k)(**d),
    lambda d: d | {}, lambda d: {} | d, lambda d: d.popitem(), lambda d: d.clear(),
    lambda d: dataclasses.replace(Holder(d)).parts.values(),
], ids=["dict", "unpack", "copy", "deepcopy", "copy.copy", "values", "items", "update", "kwargs", "or", "ror",
        "popitem", "clear", "replace+values"])
def test_every_way_to_all_the_parts_counts_as_reaching_them_all(way):
    watched = Watched({"a": [1], "b": [2]})
    way(watched)
    assert watched.everything or watched.reached == {"a", "b"}


@pytest.mark.parametrize("way", [lambda d: d["a"], lambda d: d.get("a"), lambda d: d.pop("a"),
                                 lambda d: d.setdefault("a"), lambda d: d.__setitem__("a", [3]),
                                 lambda d: d.__delitem__("a")], ids=["[]", "get", "pop", "setdefault", "set", "del"])
def test_a_way_to_one_part_counts_as_reaching_that_one(way):
    watched = Watched({"a": [1], "b": [2]})
    way(watched)
    assert watched.reached == {"a"} and not watched.everything


def test_looking_at_keys_reaches_no_part():
    watched = Watched({"a": [1], "b": [2]})
    assert sorted(watched) == ["a", "b"] and "a" in watched and len(watched) == 2 and list(watched.keys()) == ["a", "b"]
    assert watched.reached == set() and not watched.everything


@dataclasses.dataclass
class Holder:
    parts: dict
