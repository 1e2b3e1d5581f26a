"""Discover rules beyond the worked examples: the round, actions, hidden information, bad input (discover.md)."""

from __future__ import annotations

import json
import random

import pytest

from discover_helpers import Table, card_ids
from outlast import IllegalAction, OptionError, SaveError
from outlast.core.rng import Rng
from outlast.games.discover import DISCOVER
from outlast.games.discover.copy import Character
from outlast.games.discover.terms import (
    BOX,
    CASUALTY,
    DECK,
    FIRE,
    FOOD,
    IN_PLAY,
    MEAT,
    PHYSICAL,
    PLAYING,
    WON,
    WOOD,
)


def _finish_day(t: Table) -> None:
    while t.s.phase == 1 and not t.s.over:
        t.do("end")


def _through_night(t: Table) -> None:
    s = t.s
    _finish_day(t)
    while s.phase == 2 and not s.over:
        if s.chance:
            s.apply(s.sample_chance())
        else:
            seat = s.to_move()[0]
            s.apply(s.legal_actions(seat)[0], seat)


# ----------------------------------------------------------------------------- §4, §5 the round
def test_setup_solo_draws_four_characters_and_three_projects__s4() -> None:
    s = DISCOVER.new_game(seed=1, players=1)
    while s.chance:
        s.apply(s.sample_chance())
    assert len(s.character_offer[0]) == 4 and len(s.hand[0]) == 3 and s.stamina[0] == 12


def test_scenario_5_projects_start_faceup_and_none_are_dealt__s15_1() -> None:
    t = Table.new(players=2, scenario="5")
    assert t.s.hand == [[], []]
    assert len(t.s.projects_faceup) == len([p for p in t.s.copy.projects if not p.advanced])


def test_scenario_5_needs_two_players__s15() -> None:
    with pytest.raises(OptionError, match="players"):
        DISCOVER.new_game(seed=1, players=1, scenario="5")


@pytest.mark.parametrize("bad", [{"players": 5}, {"scenario": "3"}, {"copy": -1}, {"colour": "red"},
                                 {"day_cap": 7}, {"concede": "perhaps"}])
def test_bad_options_are_refused__s4(bad: dict[str, object]) -> None:
    with pytest.raises(OptionError):
        DISCOVER.new_game(seed=1, **bad)


def test_turns_go_from_the_leader_clockwise_and_the_day_counts__s5_1_s5_2() -> None:
    t = Table.new(players=3, leader=1)
    s = t.s
    assert s.day == 1 and s.to_move() == [1]
    t.do("end")
    assert s.to_move() == [2]
    t.do("end")
    assert s.to_move() == [0]


def test_nights_1_to_4_are_tier_1__s5_4() -> None:
    t = Table.new(players=1)
    s = t.s
    tiers = []
    for _ in range(4):
        _finish_day(t)
        tiers.append(s.copy.nights[s.chance and s.sample_chance() and int(s.sample_chance().args[0])].tier)
        _through_night(t)
        if s.over:
            break
    assert set(tiers) == {1}


def test_the_night_deck_is_rebuilt_from_tier_2_only__s5_4() -> None:
    t = Table.new(players=1)
    s = t.s
    s.night_discard = list(s.night_deck)
    s.night_deck = []
    t.forget()
    _finish_day(t)
    pool = {int(a.args[0]) for a, _ in s.chance_outcomes()}
    assert pool and all(s.copy.nights[c].tier == 2 for c in pool)
    assert len(pool) == 6


def test_stamina_is_capped_at_12__s5_7() -> None:
    from outlast.games.discover.rounds import gain_stamina

    t = Table.new(players=2)
    t.s.stamina[0] = 10
    assert gain_stamina(t.s, 0, 5) == 2 and t.s.stamina[0] == 12
    assert gain_stamina(t.s, 0, -20) == -12 and t.s.stamina[0] == 0


def test_tribe_leader_passes_left_when_eliminated__s5_6() -> None:
    from outlast.games.discover.damage import suffer

    t = Table.new(players=3, leader=1)
    s = t.s
    s.status[2] = CASUALTY
    suffer(s, 1, PHYSICAL, 4)
    assert s.status[1] == CASUALTY and s.tribe_leader == 0


def test_a_tribal_threat_alone_is_redrawn__s5_5() -> None:
    from outlast.games.discover.night import threats_for

    t = Table.new(players=1)
    s = t.s
    tribal = [c.id for c in s.copy.threats if c.tribal]
    if not tribal:
        pytest.skip("this copy has no tribal threat")
    threats_for(s, "leader")
    s.decisions.insert(0, s.decisions.pop()) if False else None
    from outlast.games.discover import flow

    flow.advance(s)
    s.apply(f"threat {tribal[0]}", -1)
    assert tribal[0] in s.threat_discard
    assert s.chance and s.chance[0][0] == flow.THREAT  # another card is drawn


# ----------------------------------------------------------------------------- §7 actions
def test_cook_meat_at_a_fire__s7_8() -> None:
    t = Table.new(players=2)
    s = t.s
    s.supplies[0][MEAT] = 3
    t.forget()
    assert "cook 3" in t.legal()
    t.do("cook 2")
    assert s.supplies[0][MEAT] == 1 and s.supplies[0][FOOD] == 3


def test_restart_fire_needs_wood_and_an_unlit_fire__s7_9() -> None:
    t = Table.new(players=2)
    s = t.s
    s.pieces[0] = (FIRE, s.board.camp, 0, 1)
    t.forget()
    assert "restart" not in t.legal() and "cook 1" not in t.legal()
    s.supplies[0][WOOD] = 1
    t.forget()
    t.do("restart")
    assert s.pieces[0] == (FIRE, s.board.camp, 1, 1) and s.supplies[0][WOOD] == 0


def test_recover_cannot_heal_physical__s7_10() -> None:
    t = Table.new(players=2)
    t.s.damage[0] = [PHYSICAL]
    t.forget()
    assert not [a for a in t.legal() if a.startswith("recover")]


def test_recover_heals_a_survivor_in_your_space__s7_10() -> None:
    t = Table.new(players=2)
    s = t.s
    s.damage[1] = [0]
    t.forget()
    t.do("recover 1 starvation food")
    assert s.damage[1] == [] and s.supplies[0][FOOD] == 0


def test_loot_a_casualty__s7_11_s10_4() -> None:
    from outlast.games.discover.damage import suffer

    t = Table.new(players=3)
    s = t.s
    suffer(s, 1, PHYSICAL, 4)
    assert s.status[1] == CASUALTY and s.hand[1] == []
    t.forget()
    t.do("loot 1 food")
    assert s.supplies[0][FOOD] == 2 and s.supplies[1][FOOD] == 0


def test_craft_from_hand_goes_faceup_and_draws__s7_6() -> None:
    t = Table.new(players=2)
    s = t.s
    project = s.hand[0][0]
    data = s.copy.projects[project]
    for r, n in data.cost:
        s.supplies[0][r] += n
    if data.fire:
        pass  # the camp fire is lit
    t.forget()
    t.do(f"craft p{project}")
    assert project in s.projects_faceup and project not in s.hand[0]
    assert s.card_place[next(c for c in card_ids(s.copy, data.item) if s.card_place[c] == 0)] == 0
    assert s.chance  # a new project is drawn


def test_same_name_item_returns_the_old_copy__s9_3() -> None:
    from outlast.games.discover.numbered import gain_item

    t = Table.new(players=2)
    s = t.s
    first, second = card_ids(s.copy, 93)[:2]
    s.place_card(first, 0)
    gain_item(s, 0, second)
    t.do("return #93")
    assert s.card_place[first] == DECK and s.card_place[second] == 0


def test_card_not_in_deck_resolves_nothing__s9_4() -> None:
    t = Table.new(players=2)
    s = t.s
    for c in card_ids(s.copy, 2):
        s.place_card(c, IN_PLAY)
    from outlast.games.discover import flow
    from outlast.games.discover.numbered import look_up

    look_up(s, 0, 2)
    flow.advance(s)
    assert any("Card #2 is not in the deck" in e.text for e in s.events)


def test_a_winner_leaves_the_map_and_discards__s13_2() -> None:
    from outlast.games.discover.damage import win

    t = Table.new(players=2)
    s = t.s
    t.give_item(0, 33)
    win(s, 0)
    assert s.status[0] == WON and s.items_of(0) == [] and s.hand[0] == [] and s.tribe_leader == 1


def test_the_game_ends_when_no_survivor_is_left__s13_3() -> None:
    from outlast.games.discover.damage import suffer, win

    t = Table.new(players=2)
    s = t.s
    win(s, 0)
    suffer(s, 1, PHYSICAL, 4)
    from outlast.games.discover import flow

    flow.advance(s)
    out = s.outcome()
    assert s.is_over() and [r.won for r in out.seats] == [True, False]
    assert [r.code for r in out.seats] == ["quest", "eliminated"]


def test_scenario_2_shelter_is_paid_at_camp_in_any_mix__s17_12() -> None:
    t = Table.new(players=2, scenario="2")
    s = t.s
    req = s.copy.quests[s.quest].requirement
    assert req["of"] in (["wood", "stone"], ["stone", "wood"]) and req["per_player"]
    owed = 2 * req["pay_any"]  # 3 × the number-of-players icon in all (§13.4)
    s.supplies[0][WOOD] = owed - 1
    s.supplies[0] = [0] * 10
    s.supplies[0][WOOD] = owed - 1
    s.supplies[0][5] = 2  # stone
    t.forget()
    for _ in range(owed - 1):
        t.do("pay wood")
    assert s.copy.quests[s.quest].stage == 1 and t.legal().count("pay stone") == 1
    t.do("pay stone")
    assert s.copy.quests[s.quest].stage == 2 and s.supplies[0][5] == 1


# ----------------------------------------------------------------------------- hidden information §18.5
def test_other_hands_and_secret_characters_never_leave_through_observe__s18_5() -> None:
    s = DISCOVER.new_game(seed=4, players=3)
    while s.chance:
        s.apply(s.sample_chance())
    s.apply(str(s.legal_actions(1)[0]), 1)
    view = json.dumps(s.observe(0))
    for c in s.character_offer[1] + s.character_offer[2]:
        assert s.copy.characters[c].name not in view
    for p in s.hand[1] + s.hand[2]:
        assert f'"p{p}"' not in view or p in s.hand[0]
    assert s.observe(0)["hand"] is not None and s.observe(None)["hand"] is None


def test_resample_keeps_own_hand_and_redraws_others__s18_5() -> None:
    t = Table.new(players=3)
    s = t.s
    seen_other = set()
    for k in range(20):
        copy = s.resample(0, Rng(k))
        assert copy.hand[0] == s.hand[0]
        seen_other.add(tuple(copy.hand[1]))
        assert sorted(copy.projects_deck + [p for h in copy.hand for p in h]) == \
            sorted(s.projects_deck + [p for h in s.hand for p in h])
    assert len(seen_other) > 1


def test_facedown_tokens_are_undetermined__s18_5() -> None:
    t = Table.new(players=2)
    s = t.s
    t.do(f"scout {'BCDE'[0]}") if "scout B" in t.legal() else None
    if s.chance:
        s.apply(s.sample_chance())
    facedown = [p for p in s.pieces if p[0] == 0]
    assert all(p[2] < 0 for p in facedown)  # only the back is known


# ----------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("text", ["fly", "move Z9", "move", "scout", "gather gold", "craft p99", "", "   ",
                                  "end now", "trade 7", "x" * 5000, "move A1 A2", "leader 0"])
def test_bad_action_texts_are_refused_and_change_nothing(text: str) -> None:
    t = Table.new(players=2)
    before = json.dumps(t.s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction):
        t.s.apply(text, 0)
    assert json.dumps(t.s.to_json(), sort_keys=True) == before


def test_an_illegal_action_names_its_rule__s7() -> None:
    t = Table.new(players=2)
    with pytest.raises(IllegalAction, match=r"§7\.4"):
        t.do("scout Q")
    with pytest.raises(IllegalAction, match="may not act now"):
        t.s.apply("end", 1)


def test_a_document_of_another_copy_is_refused_naming_both__s1_3() -> None:
    t = Table.new(players=2)
    doc = t.s.to_json()
    doc["options"]["copy"] = 2
    with pytest.raises(SaveError) as info:
        DISCOVER.load_state(doc)
    assert t.s.copy.copy_id in str(info.value) and DISCOVER.copy_for(2).copy_id in str(info.value)


@pytest.mark.parametrize("edit", [
    lambda d: d.update(stamina=[13, 10]),
    lambda d: d.update(position=["Z1", "A0"]),
    lambda d: d["supplies"][0].update(food=-1),
    lambda d: d.update(damage=[["physical"] * 4, []]),
    lambda d: d["feature_piles"][0].append(d["feature_piles"][1][0]),
    lambda d: d.update(pieces=[["dragon", "A0", 1, 0]]),
    lambda d: d.update(decisions=[{"kind": "take a turn", "seat": 9}]),
    lambda d: d.update(hand=[[0], [0]]),
    lambda d: d.update(tile_face=[5] + [-1] * 16),
    lambda d: d.pop("threat_deck"),
])
def test_corrupt_documents_are_refused(edit: object) -> None:
    t = Table.new(players=2)
    doc = json.loads(json.dumps(t.s.to_json()))
    edit(doc)  # type: ignore[operator]
    with pytest.raises(SaveError):
        DISCOVER.load_state(doc)


def test_a_document_round_trips_mid_game() -> None:
    t = Table.new(players=3, scenario="2")
    s = t.s
    rng = random.Random(5)
    for _ in range(150):
        if s.over:
            break
        if s.chance:
            s.apply(s.sample_chance())
        else:
            seat = s.to_move()[0]
            s.apply(rng.choice(s.legal_actions(seat)), seat)
    doc = s.to_json()
    again = DISCOVER.load_state(json.loads(json.dumps(doc)))
    assert again.to_json() == doc


def test_box_and_unseen_variants__s4_4a() -> None:
    t = Table.new(players=2)
    s = t.s
    for number in (3, 5, 51):
        ids = card_ids(s.copy, number)
        if len(ids) > 1:
            assert all(s.card_place[c] == -5 for c in ids)
    assert BOX == -3 and PLAYING == 0


def test_resources_starting_with_p_are_not_projects_in_a_trade__s7_7() -> None:
    t = Table.new(players=2)
    s = t.s
    s.supplies[0][7] = 1  # pelt
    s.supplies[0][8] = 1  # poison
    t.forget()
    t.do("trade 1", "give pelt", "give poison", "propose")
    t.do("accept", seat=1)
    assert s.supplies[1][7] == 1 and s.supplies[1][8] == 1 and s.supplies[0][7] == 0


def test_a_characters_once_per_day_ability_is_used_once_a_day__s9_8() -> None:
    from discover_helpers import replace_character
    from outlast.games.discover.copy import Ability, Character

    runner = Character(98, "Test Runner", "Runner", (Ability("action", effect=[{"gain": {"food": 1}}], cost=0,
                                                             once="day", text="Gain 1 food. Once per day."),))
    t = Table.new(players=2)
    s = t.s
    s.copy = replace_character(s.copy, s.character[0], runner)
    t.forget()
    assert "use character 1" in t.legal()
    t.do("use character 1")
    assert "use character 1" not in t.legal()
    _through_night(t)
    while s.to_move() != [0] and not s.over:
        t.do("end")
    assert "use character 1" in t.legal()


def test_no_exploration_instant_gives_stamina_a_free_loop__s7_5() -> None:
    """Investigating again is legal (§7.5): an instant giving stamina back would loop for free (copy content)."""
    from outlast.games.discover.verbs import VERBS

    for seed in range(60):
        copy = DISCOVER.copy_for(seed)
        for card in copy.cards:
            if card.kind == 0 and card.number <= 60 and card.effect:
                gains = [p.get("amount", 0) for v, p in VERBS.verbs_in(card.effect) if v == "stamina"]
                assert all(n <= 0 for n in gains), (seed, card.name)


def _solo_fight_with(character: Character) -> Table:
    """A solo survivor playing `character`, with no resources, fighting the Giant Python (#75, §16.2)."""
    from discover_helpers import replace_character
    from outlast.games.discover import flow
    from outlast.games.discover.combat import fight_card

    t = Table.new(players=1)
    s = t.s
    s.copy = replace_character(s.copy, s.character[0], character)
    s.supplies[0] = [0] * 10
    fight_card(s, 0, 75)
    flow.advance(s)
    return t


def test_a_characters_combat_ability_is_offered_once_per_combat__s12_4() -> None:
    from outlast.games.discover.copy import Ability, Character

    hunter = Character(97, "Test Hunter", "Hunter", (Ability("combat", effect=[{"reroll": {"dice": "gray"}}],
                                                             once="combat", text="Reroll the gray die."),))
    t = _solo_fight_with(hunter)
    s = t.s
    t.chance("die 2", "die 12")
    assert "use character" in t.legal()
    t.do("use character")
    t.chance("die 8")
    assert "use character" not in t.legal()  # once per combat
    assert any("uses Hunter" in e.text for e in s.events)


def test_before_rolling_abilities_come_after_support_and_before_the_roll__s12_3_p2() -> None:
    from outlast.games.discover.combat_base import GRAY_MOD, RED_MOD
    from outlast.games.discover.copy import Ability, Character

    ambusher = Character(96, "Test Ambusher", "Ambusher", (Ability("before_roll", once="combat", text="-1 red.",
                                                                   effect=[{"modify": {"die": "red", "amount": -1}}]),))
    t = _solo_fight_with(ambusher)
    s = t.s
    assert not s.chance and t.legal() == ["use character", "pass"]  # asked before any die is rolled
    t.do("use character")
    assert s.combat[RED_MOD] == -1 and s.combat[GRAY_MOD] == 0
    assert s.chance  # nothing else to use: the roll comes next
    t.chance("die 2", "die 6")
    texts = [e.text for e in s.events]
    assert any("red 6-1 = 5 against attack 6" in x for x in texts)  # the modifier waited for the roll
    assert any("Red 5 does not reach attack 6" in x for x in texts)


def test_ability_movement_ignores_terrain_and_gathers_nothing__s6_7_s14_3() -> None:
    from outlast.games.discover import flow
    from outlast.games.discover.effects import Context, do_move_spaces

    t = Table.new(players=2)
    s = t.s
    stamina = s.stamina[0]
    s.pieces.append((3, 1, 0, -1))  # a dropped food on A1: moving by an ability gathers nothing
    do_move_spaces(Context(s, 0, 0, 0), 2)
    t.forget()
    assert t.legal() == ["step A1", "step A2", "step A3", "step A4", "step A5", "step A6", "stop"]
    t.do("step A1")
    assert s.position[0] == 1 and s.decisions[-1].kind == "move by an ability"
    t.do("step A0")
    flow.advance(s)
    assert s.position[0] == 0 and s.stamina[0] == stamina and s.supplies[0][0] == 1
    assert s.decisions[-1].kind == "take a turn"


def test_ability_movement_stops_at_a_monster_and_fights__s6_7() -> None:
    from outlast.games.discover.effects import Context, do_move_spaces

    t = Table.new(players=2)
    s = t.s
    monster = next(m.id for m in s.copy.monsters if not m.special)
    s.monster_supply.remove(monster)
    s.pieces.append((2, 1, monster, -1))
    do_move_spaces(Context(s, 0, 0, 0), 3)
    t.forget()
    t.do("step A1")
    assert s.combat or s.chance or any("fights" in e.text for e in s.events[-5:])
    assert all(d.kind != "move by an ability" for d in s.decisions)


def test_ismcts_from_the_lab_plays_discover() -> None:
    from outlast.agents import make_agent
    from outlast.core import CHANCE

    game = outlast_game = DISCOVER
    state = game.new_game(seed=3, players=2, scenario="5")
    agent = make_agent("ismcts:iters=8", outlast_game)
    rng = Rng(3)
    steps = 0
    while not state.is_over() and steps < 400:
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
        else:
            seat = movers[0]
            state.apply(agent.act(state, seat, rng), seat)
        steps += 1
    assert steps > 20


def test_a_save_file_replays_only_with_its_own_copy__s1_3() -> None:
    from outlast.core import Match
    from outlast.games.discover.generator import copy_id_for

    match = Match.new(DISCOVER, seed=3, players=2, copy=5)
    doc = match.to_json()
    assert doc["content"] == copy_id_for(5)  # saves carry the copy's id
    assert Match.from_json(json.loads(json.dumps(doc))).state.to_json() == match.state.to_json()
    doc["options"]["copy"] = 6
    with pytest.raises(SaveError) as info:
        Match.from_json(doc)
    assert copy_id_for(5) in str(info.value) and copy_id_for(6) in str(info.value)


def test_scenario_2_signal_project_starts_faceup__s17_12() -> None:
    for copy in (1, 2, 3):
        t = Table.new(players=2, scenario="2", copy=DISCOVER.copy_for(copy))
        s = t.s
        final = max((q for q in s.copy.quests if q.scenario == 2), key=lambda q: q.stage)
        signal = [p.id for p in s.copy.projects if p.item == final.requirement["hold_item"]]
        assert signal and all(p in s.projects_faceup for p in signal)
        assert not any(p in s.projects_deck or p in h for p in signal for h in s.hand)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s18_4_the_last_secret_character_pick_is_a_reveal_and_cannot_be_undone(players: int) -> None:
    from outlast.core import Match

    match = Match.new(DISCOVER, seed=11, players=players)
    match.resolve_chance()
    for seat in range(players - 1):  # an earlier pick shows nothing to anyone: its picker may take it back
        match.play(match.state.legal_actions(seat)[0])
        assert not match.state.revealed and match.history[-1].reveal is False
        assert match.can_undo(seat) is None
    last = players - 1
    offer = [str(a) for a in match.state.legal_actions(last)]
    match.play(offer[-1])  # the last pick shows every character together (§4 step 6, §18.4)
    assert match.state.revealed and match.history[-1].reveal is True
    assert match.state.observe(last)["survivors"][0].get("character")  # the others' characters are shown now
    assert match.can_undo(last) is not None
    with pytest.raises(IllegalAction):
        match.undo(last)


def test_s18_4_an_earlier_secret_pick_can_be_undone_and_picked_again() -> None:
    from outlast.core import Match

    match = Match.new(DISCOVER, seed=11, players=3)
    match.resolve_chance()
    first, second = (str(a) for a in match.state.legal_actions(1)[:2])
    match.play(first, 1)
    match.undo(1)
    match.play(second, 1)
    assert match.state.character_pick[1] == int(second.split()[1])


def test_s4_a_solo_character_pick_reveals_nobody_elses() -> None:
    from outlast.core import Match

    match = Match.new(DISCOVER, seed=11, players=1)
    match.resolve_chance()
    match.play(match.state.legal_actions(0)[0])
    assert match.history[-1].reveal is False and match.can_undo(0) is None


def _offering_a_project(players: int) -> tuple[Table, int]:
    """Seat 0 (at camp with everyone) offers seat 1 its first hand project and a food; seat 1 must answer."""
    t = Table.new(players=players)
    project = t.s.hand[0][0]
    t.do("trade 1", f"give p{project}", "give food", "propose")
    assert t.s.to_move() == [1]
    return t, project


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s18_2_resample_while_a_trade_offers_a_project_keeps_every_answer_legal(players: int) -> None:
    from outlast.games.discover.trading import Answer

    t, project = _offering_a_project(players)
    s = t.s
    for seat in range(players):
        for k in range(100):
            copy = s.resample(seat, Rng(k))
            offer = copy.decisions[-1]
            assert isinstance(offer, Answer) and offer.give_projects
            assert set(offer.give_projects) <= set(copy.hand[0])  # the offer comes from the proposer's hand
            if seat in (0, 1):  # the proposer and the partner answering both saw the card offered
                assert offer.give_projects == (project,)
            assert copy.observe(seat) == s.observe(seat)
            for answer in copy.legal_actions(1):
                copy.clone().apply(answer)  # accept swaps what is offered; reject and counter end the offer


def test_s18_2_a_third_seat_does_not_learn_which_projects_are_offered() -> None:
    t, project = _offering_a_project(3)
    s = t.s
    s.hand[0] = sorted(s.hand[0] + s.projects_deck[:3])  # a bigger hand, so there is something to redraw
    s.projects_deck = s.projects_deck[3:]
    t.forget()
    offered = {s.resample(2, Rng(k)).decisions[-1].give_projects for k in range(60)}  # type: ignore[attr-defined]
    assert len(offered) > 1 and len({len(o) for o in offered}) > 1


def test_s18_2_ismcts_answers_a_trade_offering_a_project() -> None:
    from outlast.agents import make_agent

    t, _ = _offering_a_project(2)
    agent = make_agent("ismcts:iters=60", DISCOVER)
    for k in range(5):
        answer = agent.act(t.s.clone(), 1, Rng(k))
        assert str(answer) in ("accept", "reject", "counter")
