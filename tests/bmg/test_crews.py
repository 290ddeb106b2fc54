"""FORMING THE CREW (p.41–43) and CHARACTER CARDS: every refusal names the heading that refuses it."""
from __future__ import annotations

import pytest

from games.bmg import crew as cr
from games.bmg.cards import card_from_data
from games.bmg.errors import RuleRefused
from games.bmg.library import sample_cards
from games.bmg.objectives import ObjectiveCard

from .helpers import card

CARDS = sample_cards()


def member(data_or_id, rank=None):
    c = CARDS[data_or_id] if isinstance(data_or_id, str) else card_from_data(data_or_id)
    return cr.CrewMember(c, rank or c.ranks[0])


def problems(members, boss, limit=350, deck=(), equipment=0):
    return [(p.rule, p.code) for p in cr.crew_problems(cr.Crew("C", tuple(members), boss, tuple(deck), equipment), limit)]


def test_sample_crews_are_valid():
    assert problems([member("batman"), member("gordon"), member("swat"), member("killer-croc")], "batman") == []
    assert problems([member("joker"), member("thug"), member("killer-croc")], "joker") == []


def test_reputation_limit():
    """REPUTATION LIMIT: the sum of Reputation never exceeds the limit (it may be lower)."""
    assert ("REPUTATION LIMIT", "reputation_over_limit") in problems([member("batman"), member("gordon")], "batman", 150)
    assert problems([member("batman")], "batman", 146) == []


def test_boss_is_a_leader_or_a_sidekick_without_leader():
    """THE BOSS AND AFFILIATION: the Boss is a Leader, or a Sidekick if there is no Leader."""
    assert ("THE BOSS AND AFFILIATION", "boss_rank") in problems([member("batman"), member("gordon")], "gordon")
    assert problems([member("gordon"), member("swat")], "gordon") == []
    assert ("THE BOSS AND AFFILIATION", "boss_missing") in problems([member("gordon")], "batman")


def test_affiliation_shared_with_the_boss_unknown_fits_any():
    """THE BOSS AND AFFILIATION: every model shares an Affiliation icon with the Boss; 'Unknown' fits any crew."""
    assert ("THE BOSS AND AFFILIATION", "affiliation") in problems([member("batman"), member("thug")], "batman")
    assert problems([member("batman"), member("killer-croc")], "batman") == []


def test_rivals():
    """CHARACTER CARDS › Rivals: no model whose Rivals include a crew icon present in the crew."""
    rival = card("hater", rank="Henchman", affiliation="Batman")
    rival["rivals"] = ["Law Force"]
    assert ("CHARACTER CARDS › Rivals", "rival_in_crew") in problems([member("batman"), member("gordon"), member(rival)], "batman")


def test_names_unique_unknown_may_repeat_with_other_aliases():
    """CHARACTER CARDS › Name: one model per Name; 'Unknown'/'Classified' may repeat with different Aliases."""
    twin = card("twin", rank="Henchman", affiliation="Batman", name="James Gordon", alias="Gordon again")
    assert ("CHARACTER CARDS › Name", "name_repeated") in problems([member("batman"), member("gordon"), member(twin)], "batman")
    u1 = card("u1", rank="Henchman", affiliation="Joker", name="Unknown", alias="Clown A")
    u2 = card("u2", rank="Henchman", affiliation="Joker", name="Unknown", alias="Clown B")
    assert problems([member("joker"), member(u1), member(u2)], "joker") == []
    u3 = card("u3", rank="Henchman", affiliation="Joker", name="Unknown", alias="Joker")
    assert ("CHARACTER CARDS › Name", "name_repeated") in problems([member("joker"), member(u3)], "joker")


def test_rank_slots():
    """RANK: ≤1 Leader; 1 Sidekick (2 without a Leader); 1 Free Agent and 1 Vehicle (+1 each per 150 over 350)."""
    fa = [card(f"fa{i}", rank="Free Agent", affiliation="Batman") for i in range(3)]
    base = [member("batman")]
    assert problems(base + [member(fa[0])], "batman") == []
    assert ("RANK", "rank_slots") in problems(base + [member(fa[0]), member(fa[1])], "batman")
    assert problems(base + [member(fa[0]), member(fa[1])], "batman", 450) == []
    leader2 = card("leader2", rank="Leader", affiliation="Batman")
    assert ("RANK", "rank_slots") in problems(base + [member(leader2)], "batman")
    assert ("RANK", "rank_not_on_card") in problems(base + [member("gordon", "Leader")], "batman")


def test_multi_rank_fills_the_chosen_slot():
    """RANK: Talia (Leader and Sidekick) chosen as a Sidekick leaves the Leader slot free."""
    ra = card("ra", rank="Leader", affiliation="League of Assassins")
    assert problems([member(ra), member("talia", "Sidekick")], "ra") == []
    assert ("RANK", "rank_slots") in problems([member(ra), member("talia", "Leader")], "ra")


def test_funding_stash():
    """EQUIPMENT AND FUNDING: the stash never goes below $0 (models' $ and Henchmen equipment)."""
    rich = card("rich", rank="Henchman", affiliation="Batman", funding=1200)
    assert problems([member("batman"), member(rich)], "batman") == []
    assert ("EQUIPMENT AND FUNDING", "stash_overspent") in problems([member("batman"), member(rich)], "batman",
                                                                     equipment=400)


def test_objective_deck():
    """FORMING OBJECTIVE DECKS: 20 cards; general ≤ crew cards; singles ≤ half; copies as printed."""
    crew = [member("batman"), member("gordon")]
    good = [ObjectiveCard(f"s{i}", ("Batman",)) for i in range(10)] + \
           [ObjectiveCard("t1", (), 3)] * 3 + [ObjectiveCard("t2", (), 3)] * 3 + [ObjectiveCard("t3", (), 4)] * 4
    assert problems(crew, "batman", deck=good) == []
    rule = "FORMING OBJECTIVE DECKS"
    assert (rule, "deck_size") in problems(crew, "batman", deck=good[:-1])
    too_general = [ObjectiveCard(f"s{i}") for i in range(10)] + [ObjectiveCard("t1", ("Batman",), 10)] * 10
    assert (rule, "too_many_general") not in problems(crew, "batman", deck=too_general)
    too_general = [ObjectiveCard(f"s{i}") for i in range(10)] + [ObjectiveCard("t1", (), 10)] * 10
    assert (rule, "too_many_general") in problems(crew, "batman", deck=too_general)
    singles = [ObjectiveCard(f"s{i}", ("Batman",)) for i in range(11)] + [ObjectiveCard("t", (), 9)] * 9
    assert (rule, "too_many_singles") in problems(crew, "batman", deck=singles)
    wrong_copies = good[:-4] + [ObjectiveCard("t4", (), 3)] * 4
    assert (rule, "copies") in problems(crew, "batman", deck=wrong_copies)
    repeated = good[:-4] + [ObjectiveCard("t3", (), 3)] * 3 + [ObjectiveCard("s0", ("Batman",))]
    assert (rule, "copies") in problems(crew, "batman", deck=repeated)
    foreign = good[1:] + [ObjectiveCard("joker card", ("Joker",))]
    assert (rule, "card_other_crew") in problems(crew, "batman", deck=foreign)


def test_subtitled_cards_are_extra():
    """FORMING OBJECTIVE DECKS: a subtitled card matching a crew model's Name or Alias and rank is extra to the 20."""
    crew = [member("batman"), member("gordon")]
    good = [ObjectiveCard(f"s{i}", ("Batman",)) for i in range(10)] + [ObjectiveCard("t", (), 10)] * 10
    extra = ObjectiveCard("Dark Knight", ("Batman",), 1, subtitle="Batman", rank="Leader")
    assert problems(crew, "batman", deck=good + [extra]) == []
    wrong = ObjectiveCard("Dark Knight", ("Batman",), 1, subtitle="Batman", rank="Henchman")
    assert ("FORMING OBJECTIVE DECKS", "subtitle_unmatched") in problems(crew, "batman", deck=good + [wrong])


def test_skills_never_below_one_but_movement():
    """BASIC SKILLS: no skill below 1 except Movement (0)."""
    card_from_data(card("slow", movement=0))
    with pytest.raises(RuleRefused) as refused:
        card_from_data(card("weak", defense=0))
    assert refused.value.code == "skill_below_floor"
