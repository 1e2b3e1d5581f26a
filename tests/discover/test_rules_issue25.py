"""Rules of the second pass over Discover (issue 25 §1): Scenario 2's stages, the generator's checks 10 and 11,
final quest texts against the win check, Scenario 5's free modifiers and prevented damage, the carry limit after a
combat reward, and the bounds on trades (discover.md §0.3, §7.7, §8.3, §13.2, §15.3, §15.5, §17.12, §17.24)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from outlast.core.rng import Rng
from outlast.games.discover import DISCOVER, flow
from outlast.games.discover.combat import start_attack
from outlast.games.discover.copy import Ability, Card, Copy, Quest
from outlast.games.discover.exploring import landmark_spaces, place_tile
from outlast.games.discover.generator import generate_copy
from outlast.games.discover.generator_decks import requirement_text
from outlast.games.discover.generator_pools import load_pools
from outlast.games.discover.generator_util import Draw, instantiate
from outlast.games.discover.goals import goal_of
from outlast.games.discover.night import night_over
from outlast.games.discover.quests import advance_quest, check_quest
from outlast.games.discover.setup import new_state
from outlast.games.discover.state import DiscoverState
from outlast.games.discover.terms import FOOD, ITEM, MONSTER, PHYSICAL, RESOURCE, STONE, WON, WOOD
from outlast.games.discover.validate import RULES, CopyInvalid, shelter_cost, validate_copy, wood_and_stone

from .helpers import BOW, COPY, GAZELLE, answers, card_id, chance, do, new, put_monster, space, start

# ----------------------------------------------------------------------------- a state on a generated copy


def _generated(players: int, scenario: str, seed: int = 1) -> DiscoverState:
    """A game of copy `seed` after setup: leader 0, the first characters kept, seat 0 to act on day 1."""
    opts = DISCOVER.options.resolve({"players": players, "scenario": scenario})
    state = new_state(DISCOVER, DISCOVER.copy_for(seed), opts, 7)
    state.apply("leader 0", -1)
    while state.chance:
        state.apply(state.sample_chance())
    for seat in range(players):
        state.apply(str(state.legal_actions(seat)[0]), seat)
    return state


def _stage(state: DiscoverState, code: str) -> int:
    return next(q.id for q in state.copy.quests if q.code == code)


def _turn_faceup(state: DiscoverState, face: int) -> int:
    """Put tile face `face` on a facedown position of its pile; the position."""
    pile = state.copy.tiles[face].pile
    position = next(p for p, f in enumerate(state.tile_face) if f < 0 and state.board.pile_of[p] == pile)
    place_tile(state, position, face)
    return position


def _all_faceup(state: DiscoverState) -> None:
    """Turn every facedown tile faceup, each with a face of its own pile."""
    for position, face in enumerate(state.tile_face):
        if face < 0:
            pile = state.board.pile_of[position]
            place_tile(state, position, next(t.id for t in state.copy.tiles
                                             if t.pile == pile and t.id not in state.tile_face))


def _space_at(state: DiscoverState, centre: int, distance: int) -> int:
    return next(s for s in range(state.board.size)
                if state.tile_face[s // 7] >= 0 and state.board.distance(centre, s) == distance)


# ----------------------------------------------------------------------------- §17.12 stage 2.3
def test_s17_12_the_signal_burns_two_nights_and_a_latecomer_who_reaches_it_wins() -> None:
    s = _generated(3, "2")
    s.quest = _stage(s, "2.3")
    req = s.copy.quests[s.quest].requirement
    assert req["nights"] == 2 and req["within"] == 2
    _all_faceup(s)
    beacon = next(sp for n, sp in landmark_spaces(s) if n == req["at_landmark"])
    signal = next(c.id for c in s.copy.cards if c.number == req["hold_item"])
    s.place_card(signal, 0)
    s.position[0] = beacon
    s.position[1] = s.position[2] = _space_at(s, beacon, 3)
    check_quest(s)
    assert s.status[0] == WON and s.status[1] != WON and s.signal == 2
    s.position[1] = _space_at(s, beacon, 2)      # the signal still burns: coming within 2 spaces wins
    check_quest(s)
    assert s.status[1] == WON and s.status[2] != WON
    night_over(s)
    night_over(s)                                # two nights later it has burnt out
    s.position[2] = _space_at(s, beacon, 1)
    check_quest(s)
    assert s.signal == 0 and s.status[2] != WON


# ----------------------------------------------------------------------------- §17.12 stage 2.2
def _guardian_pieces(state: DiscoverState) -> list[tuple[int, int, int, int]]:
    return [p for p in state.pieces if p[0] == MONSTER and p[2] >= 0 and state.copy.monsters[p[2]].special]


def _far_landmark_faces(state: DiscoverState) -> list[int]:
    return [t.id for t in state.copy.tiles if t.pile >= 3 and any(p.landmark for p in t.spaces)]


def test_s17_12_the_guardian_waits_for_a_far_landmark_and_spawns_when_its_tile_turns_faceup() -> None:
    s = _generated(2, "2")
    s.quest = _stage(s, "2.1")
    assert not any(s.board.pile_of[p] >= 3 for p, f in enumerate(s.tile_face) if f >= 0)
    advance_quest(s)
    flow.advance(s)
    assert s.copy.quests[s.quest].code == "2.2" and _guardian_pieces(s) == []
    assert s.waiting_spawn == s.copy.quests[s.quest].requirement["defeat"]
    position = _turn_faceup(s, _far_landmark_faces(s)[0])
    pieces = _guardian_pieces(s)
    marks = [sp for _, sp in landmark_spaces(s) if sp // 7 == position]
    assert len(pieces) == 1 and pieces[0][1] == marks[-1] and s.waiting_spawn == 0
    assert s.copy.monsters[pieces[0][2]].number == s.copy.quests[s.quest].requirement["defeat"]


def test_s17_12_a_waiting_guardian_is_in_every_view_and_its_encoding() -> None:
    """The wait is public (the log says it): every seat's view and encoding show it until the guardian appears."""
    s = _generated(2, "2")
    s.quest = _stage(s, "2.1")
    advance_quest(s)
    flow.advance(s)
    guardian = s.copy.quests[s.quest].requirement["defeat"]
    assert [s.observe(seat)["quest"]["guardian_waiting"] for seat in range(2)] == [guardian, guardian]
    waiting = DISCOVER.encode(s.observe(0))
    s.waiting_spawn = 0
    gone = DISCOVER.encode(s.observe(0))
    assert sum(a != b for a, b in zip(waiting, gone, strict=True)) == 1
    s.waiting_spawn = guardian
    _turn_faceup(s, _far_landmark_faces(s)[0])
    assert s.observe(1)["quest"]["guardian_waiting"] == 0


def test_s17_12_the_guardian_spawns_on_the_highest_numbered_faceup_far_landmark() -> None:
    for seed in range(1, 40):
        s = _generated(2, "2", seed)
        if len(_far_landmark_faces(s)) >= 2:
            break
    for face in _far_landmark_faces(s):
        _turn_faceup(s, face)
    far = [(n, sp) for n, sp in landmark_spaces(s) if s.board.pile_of[sp // 7] >= 3]
    assert len(far) >= 2
    s.quest = _stage(s, "2.1")
    advance_quest(s)
    flow.advance(s)
    assert [p[1] for p in _guardian_pieces(s)] == [max(far)[1]]


# ----------------------------------------------------------------------------- §17.12 stage 2.1
def test_s17_12_the_shelter_asks_wood_and_stone_in_total_in_any_mix() -> None:
    for seed in range(20):
        shelter = next(q for q in generate_copy(seed).quests if q.code == "2.1")
        assert shelter.requirement["pay_any"] == 3 and set(shelter.requirement["of"]) == {"wood", "stone"}
        assert "any mix" in shelter.text


# ----------------------------------------------------------------------------- §17.24 rules 10 and 11
def test_s17_24_rule_10_a_copy_needs_a_landmark_on_a_pile_3_or_4_tile() -> None:
    made = generate_copy(3)
    tiles = tuple(replace(t, spaces=tuple(replace(p, landmark=0) for p in t.spaces)) if t.pile >= 3 else t
                  for t in made.tiles)
    with pytest.raises(CopyInvalid, match="rule 10"):
        RULES[9](replace(made, tiles=tiles))


def test_s17_24_rule_11_a_copy_needs_wood_and_stone_for_the_four_player_shelter_and_a_margin() -> None:
    made = generate_copy(3)
    assert shelter_cost(made) == 12
    features = tuple(replace(f, resources=tuple(FOOD if r in (WOOD, STONE) else r for r in f.resources))
                     for f in made.features)
    with pytest.raises(CopyInvalid, match="rule 11"):
        validate_copy(replace(made, features=features))
    for seed in range(60):
        copy = generate_copy(seed)
        assert wood_and_stone(copy) >= shelter_cost(copy) + 4
        assert any(t.pile >= 3 and any(p.landmark for p in t.spaces) for t in copy.tiles)


# ----------------------------------------------------------------------------- §0.3, §13.2: text and check agree
FINAL_REFS = {"meeting": 1, "highest": 1, "quest_item": BOW, "signal": BOW, "objective": 1, "smoke": 1,
              "guardian": 86, "landmark": 1}
"""The hand-made copy's numbers a final stage template may name: landmark #1 (tile B's centre), objective 1
(tile C's centre), the Bow and Arrow as the item."""


def _final_templates() -> list[dict[str, Any]]:
    pools = load_pools()
    out = [t for t in pools.quests if t["stage"] in ("1.3", "2.3")]
    assert {t["stage"] for t in out} == {"1.3", "2.3"} and all(t["outcome"] == "win" for t in out)
    return out


def _finale_copy(template: dict[str, Any]) -> tuple[Copy, Quest]:
    _, record = instantiate(Draw(Rng(5)), template, FINAL_REFS)
    stage = template["stage"]
    quest = Quest(3, int(stage[0]), int(stage[2]), "Finale", record["requirement"], "win",
                  text=requirement_text(record["requirement"], "win", stage))
    tiles = list(COPY.tiles)
    marked = list(tiles[2].spaces)
    marked[0] = replace(marked[0], objective=1)
    tiles[2] = replace(tiles[2], spaces=tuple(marked))
    return replace(COPY, tiles=tuple(tiles), quests=(*COPY.quests, quest)), quest


def _parse(text: str) -> dict[str, Any]:
    """What a final stage's text says, read back from its words."""
    bearer = re.search(r"a survivor holding item #(\d+) stands at (landmark #|objective icon )(\d+)", text)
    assert bearer, text
    within = re.search(r"every survivor within (\d+) spaces? of it wins", text)
    assert within or "every survivor there wins" in text, text
    burns = re.search(r"burns for (\d+) nights?", text)
    return {"item": int(bearer.group(1)), "place": "landmark" if bearer.group(2).startswith("landmark") else
            "objective", "number": int(bearer.group(3)), "reach": int(within.group(1)) if within else 0,
            "nights": int(burns.group(1)) if burns else 0}


def _finale(copy: Copy, quest: Quest) -> DiscoverState:
    opts = DISCOVER.options.resolve({"players": 3, "scenario": "1"})
    state = new_state(DISCOVER, copy, opts, 1)
    chance(state, "leader 0")
    while state.chance:
        state.apply(state.chance_outcomes()[0][0])
    for seat in range(3):
        state.apply(state.legal_actions(seat)[0])
    state.tile_face[:] = list(range(len(state.tile_face)))
    state.quest = quest.id
    return state


def _place_space(state: DiscoverState, said: dict[str, Any]) -> int:
    if said["place"] == "landmark":
        return next(sp for n, sp in landmark_spaces(state) if n == said["number"])
    return next(sp for sp in range(state.board.size)
                if state.copy.tiles[state.tile_face[sp // 7]].spaces[sp % 7].objective == said["number"])


@pytest.mark.parametrize("template", _final_templates(), ids=lambda t: t["id"])
def test_s0_3_s13_2_a_final_stage_text_says_what_its_win_check_does(template: dict[str, Any]) -> None:
    copy, quest = _finale_copy(template)
    said = _parse(quest.text)
    goal = goal_of(quest.requirement)
    assert (said["item"], said["place"], said["number"]) == (goal.item, goal.place, goal.number)
    place = _place_space(_finale(copy, quest), said)
    bow = card_id(_finale(copy, quest), said["item"])
    # who must hold what: the item on the place, held by one survivor; without it nobody wins
    s = _finale(copy, quest)
    s.position[:] = [place, place, place]
    check_quest(s)
    assert WON not in s.status
    # who must stand where: the bearer on the place; every other survivor as far as the text says, no farther
    for distance in range(4):
        s = _finale(copy, quest)
        s.place_card(bow, 0)
        s.position[:] = [place, _space_at(s, place, distance), _space_at(s, place, 5)]
        check_quest(s)
        assert s.status[0] == WON and s.status[2] != WON
        assert (s.status[1] == WON) == (distance <= said["reach"]), (quest.text, distance)
    # the bearer away from the place: nobody wins
    s = _finale(copy, quest)
    s.place_card(bow, 0)
    s.position[:] = [_space_at(s, place, said["reach"] + 1), place, place]
    check_quest(s)
    assert WON not in s.status
    # and for how long: latecomers win while the signal burns, the nights the text says
    s = _finale(copy, quest)
    s.place_card(bow, 0)
    s.position[:] = [place, _space_at(s, place, 5), _space_at(s, place, 5)]
    check_quest(s)
    s.position[1] = place
    check_quest(s)
    assert (s.status[1] == WON) == (said["nights"] > 0)
    for _ in range(said["nights"]):
        night_over(s)
    s.position[2] = place
    check_quest(s)
    assert s.status[2] != WON


# ----------------------------------------------------------------------------- §15.3 step 2, §15.5
KNIFE, JERKIN = 95, 96


def _pvp_copy() -> Copy:
    knife = Ability("combat", [{"modify": {"die": "gray", "amount": 1}}], once="combat", text="+1 to the gray die.")
    jerkin = Ability("combat", [{"prevent": {"n": 1}}], pay=("counter",), once="combat", text="Prevent 1 damage.")
    cards = list(COPY.cards)
    cards.append(Card(len(cards), KNIFE, "Bone Knife", ITEM, abilities=(knife,)))
    cards.append(Card(len(cards), JERKIN, "Padded Jerkin", ITEM, abilities=(jerkin,), counters=1))
    return replace(COPY, cards=tuple(cards))


def _attack(**held: int) -> DiscoverState:
    opts = DISCOVER.options.resolve({"players": 2, "scenario": "5"})
    s = new_state(DISCOVER, _pvp_copy(), opts, 1)
    chance(s, "leader 0")
    while s.chance:
        s.apply(s.chance_outcomes()[0][0])
    for seat in range(2):
        s.apply(s.legal_actions(seat)[0])
    s.day = 2
    for number, seat in held.items():
        card = card_id(s, int(number[1:]))
        s.place_card(card, seat)
        s.card_counters[card] = 1
    start(s, lambda: start_attack(s, 0, 1))
    return s


def test_s15_3_a_free_modifier_applies_by_itself_and_takes_no_turn() -> None:
    s = _attack(**{f"n{KNIFE}": 0})
    chance(s, "die 9", "die 3")
    assert s.combat[9] == 1, "the knife's +1 is on the gray die once the dice are down"
    # nobody has a modifier with a cost or a choice: no turn was asked of anyone, the hit is dealt
    assert answers(s, 0) == ["pass", "steal food", "steal clean_water"]
    do(s, 0, "pass")
    assert s.damage[1] == [PHYSICAL]   # gray 9 + 1 hits


def test_s15_3_a_modifier_with_a_cost_is_still_offered() -> None:
    s = _attack(**{f"n{JERKIN}": 1})
    chance(s, "die 3", "die 3")
    assert s.to_move() == [1] and answers(s, 1) == ["pass", f"use #{JERKIN} counter"]


def test_s15_5_all_damage_prevented_and_the_hitter_still_takes_a_resource() -> None:
    s = _attack(**{f"n{JERKIN}": 1})
    chance(s, "die 10", "die 2")
    do(s, 1, f"use #{JERKIN} counter")    # the attacker has nothing to modify: its passes resolve themselves
    assert s.damage[1] == [] and "steal food" in answers(s, 0)
    food = s.supplies[0][FOOD]
    do(s, 0, "steal food")
    assert s.damage[1] == [] and s.supplies[0][FOOD] == food + 1


def test_s15_5_a_shield_is_in_the_combat_view_and_its_encoding() -> None:
    s = _attack(**{f"n{JERKIN}": 1})
    chance(s, "die 3", "die 3")
    assert s.observe(0)["combat"]["shield"] == {}
    s.shield[1] = 1
    assert s.observe(0)["combat"]["shield"] == {"1": 1}
    assert DISCOVER.encode(s.observe(0))[-4:] == [0.0, 1 / 3, 0.0, 0.0]   # seats relative to the viewer
    assert DISCOVER.encode(s.observe(1))[-4:] == [1 / 3, 0.0, 0.0, 0.0]


# ----------------------------------------------------------------------------- §8.3 after a combat reward
def test_s8_3_the_carry_limit_is_enforced_when_the_reward_comes_before_the_free_gather() -> None:
    s = new(2)
    s.position[1] = space("Q0")
    s.supplies[0] = [0] * len(s.supplies[0])
    s.supplies[0][FOOD] = 10
    s.stamina[0] = 10
    put_monster(s, "A1")
    s.pieces.append((RESOURCE, space("A1"), WOOD, -1))
    s._legal_cache = None
    do(s, 0, "move A1")
    chance(s, "monster 2", "die 12", "die 1")   # the Gazelle (defense 9, health 1) is defeated: 2 meat
    while s.to_move() == [0] and s.decisions[-1].kind == "modify the dice":
        do(s, 0, "pass")
    assert s.decisions[-1].kind == "trim to the carry limit", s.decisions[-1].kind
    assert s.copy.cards[card_id(s, GAZELLE)].number == GAZELLE


# ----------------------------------------------------------------------------- §7.7, §18.2 trades
def test_s7_7_a_refused_offer_cannot_be_proposed_again_in_the_same_turn() -> None:
    s = new(2)
    s.supplies[0][FOOD] = 2
    do(s, 0, "trade 1", "give food", "propose")
    do(s, 1, "reject")
    do(s, 0, "trade 1", "give food")
    assert "propose" not in answers(s, 0)
    do(s, 0, "give food")
    assert "propose" in answers(s, 0)


def test_s18_2_a_countered_offer_cannot_come_back_and_counters_are_not_capped() -> None:
    s = new(2)
    s.supplies[0][FOOD] = s.supplies[1][FOOD] = 6
    do(s, 0, "trade 1", "give food", "propose")
    do(s, 1, "counter", "give food", "propose")
    do(s, 0, "counter", "give food")              # the very terms seat 1 just countered
    assert "propose" not in answers(s, 0)
    do(s, 0, "give food", "propose")
    do(s, 1, "counter", "give food", "give food", "propose")
    do(s, 0, "counter")                           # a fourth counter-offer: the rules set no cap (§7.7)
    assert s.decisions[-1].kind == "draft a trade" and s.to_move() == [0]


def test_s7_7_a_turn_with_refused_trades_still_ends() -> None:
    s = new(2)
    s.supplies[0][FOOD] = 1
    opened = 0
    while "trade 1" in answers(s, 0):
        do(s, 0, "trade 1", "cancel")
        opened += 1
    assert opened == 10 and "end" in answers(s, 0)
