"""Discover's shortcuts for speed (issue 25 §2) give exactly what the kernel's general code gives."""

from __future__ import annotations

import importlib
import json
import pickle
import random
import re
from collections import deque
from pathlib import Path
from typing import Any

import pytest

import outlast
from outlast.core import CHANCE, IllegalAction, State
from outlast.games.discover import board, effects, monsters
from outlast.games.discover.abilities import (
    SOURCE_CARD,
    SOURCE_CHARACTER,
    SOURCE_QUEST,
    abilities_of,
    answers,
    character_usable_today,
    move_cost,
    passive_table,
    usable_today,
)
from outlast.games.discover.actions import POSITION_LETTERS, space_name
from outlast.games.discover.board import MEMO_LIMIT, faceup_distances
from outlast.games.discover.carrying import amount, totals
from outlast.games.discover.copy import TABLES
from outlast.games.discover.day_actions import FAILED_PER_TURN, Turn, turn_actions
from outlast.games.discover.effects import compiled
from outlast.games.discover.exploring import (
    gather_targets,
    landmark_at,
    scout_targets,
    terrain_cost,
)
from outlast.games.discover.quests import MARKS, _gates, _owed, group_met, pay_actions, pay_goal
from outlast.games.discover.terms import (
    CASUALTY,
    COUNTER,
    DAMAGE,
    FIRE,
    HEALED_BY,
    IN_PLAY,
    MEAT,
    PLAYING,
    RESOURCES,
    UPGRADE,
    WOOD,
)
from outlast.games.discover.verbs import VERBS

GAME = outlast.load_game("discover")


@pytest.mark.parametrize("seed", [3, 2**70 + 11])  # a SplitMix64 seed and a wide (keyed) one
def test_sample_chance_picks_what_the_kernel_picks_from_the_outcomes(seed: int) -> None:
    """Every pool is uniform, so the state picks its outcome by index without building the whole list."""
    picked = 0
    for players, scenario in ((1, "1"), (2, "2"), (3, "5"), (4, "1")):
        state = GAME.new_game(players=players, scenario=scenario, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            movers = state.to_move()
            seat = movers[rng.randrange(len(movers))]
            if seat == CHANCE:
                fast = state.sample_chance()
                assert fast == State.sample_chance(state)
                picked += 1
                state.apply(fast)
            else:
                state.apply(rng.choice(state.legal_actions(seat)))
    assert picked > 50
    with pytest.raises(IllegalAction, match="no dice or cards are pending"):
        state.sample_chance()


# ----------------------------------------------------------------------------- the turn's offers, kept fast
def _positions(seed: int, count: int = 6) -> list[tuple[Any, int]]:
    """(state, seat) at `Turn` decisions of random games over player counts, scenarios and copies."""
    found: list[tuple[Any, int]] = []
    rng = random.Random(seed)
    for k, (players, scenario) in enumerate(((1, "1"), (2, "1"), (3, "2"), (2, "5"), (4, "2"), (3, "5"))[:count]):
        state = GAME.new_game(players=players, scenario=scenario, seed=seed + k, copy=1 + (seed + k) % 5)
        while not state.is_over():
            movers = state.to_move()
            seat = movers[rng.randrange(len(movers))]
            if seat == CHANCE:
                state.apply(state.sample_chance())
                continue
            if type(state.decisions[-1]) is Turn:
                found.append((state.clone(), seat))
            legal = state.legal_actions(seat)
            state.apply(legal[rng.randrange(len(legal))])
    return found


def _plain_turn_actions(state: Any, seat: int) -> list[str]:
    """§7's offers read plainly from the general rule helpers, with none of `turn_actions`' shortcuts (the
    per-copy tables, the built actions, the skipped parts)."""
    out = ["end"]
    stamina, here = state.stamina[seat], state.position[seat]
    for space in state.board.adjacent[here]:
        if state.tile_face[space // 7] >= 0 and move_cost(state, seat, terrain_cost(state, space)) <= stamina:
            out.append(f"move {space_name(space)}")
    others = [s for s in state.survivors() if s != seat and state.position[s] == here]
    if stamina >= 1:
        out += [f"gather {w}" for w in gather_targets(state, seat)]
        out += [f"scout {POSITION_LETTERS[p]}" for p in scout_targets(state, seat)]
        if landmark_at(state, here) and not (
                state.scenario == 5 and any(p[0] == COUNTER and p[1] == here for p in state.pieces)):
            out.append("investigate")
        out += [f"craft p{p}" for p in _plain_craftable(state, seat)]
        if state.trades_failed[seat] < FAILED_PER_TURN:
            out += [f"trade {s}" for s in others]
        fires = [p[2] for p in state.pieces if p[0] == FIRE and p[1] == here]
        if any(fires):
            out += [f"cook {n}" for n in range(1, amount(state, seat, MEAT) + 1)]
        if not all(fires) and amount(state, seat, WOOD):
            out.append("restart")
        held = totals(state, seat)
        for target in (seat, *others):
            for damage in sorted(set(state.damage[target])):
                out += [f"recover {target} {DAMAGE[damage]} {RESOURCES[r]}" for r in HEALED_BY.get(damage, ())
                        if held[r]]
        for other in range(state.seats):
            if state.status[other] == CASUALTY and state.position[other] == here:
                loot = totals(state, other)
                out += [f"loot {other} {RESOURCES[r]}" for r in range(len(RESOURCES)) if loot[r]]
                out += [f"loot {other} #{state.copy.cards[c].number}" for c in state.items_of(other)]
    for source, ref, index, ability in sorted(abilities_of(state, seat), key=lambda a: (a[0], a[1], a[2])):
        if ability.use != "action" or ability.cost > stamina:
            continue
        if source == SOURCE_CARD and usable_today(state, ref, ability):
            out.append(f"use #{state.copy.cards[ref].number} {index + 1}")
        elif source == SOURCE_CHARACTER and character_usable_today(state, seat, ability):
            out.append(f"use character {index + 1}")
        elif source == SOURCE_QUEST:
            out.append(f"use quest {index + 1}")
    gate = state.copy.derived[_gates][state.quest] if state.quest >= 0 else None
    if gate is not None and gate.pays and (not gate.at_camp or here == state.board.camp):
        goal = pay_goal(state)
        out += [f"pay {RESOURCES[r]}" for r in range(len(RESOURCES)) if goal[r] and amount(state, seat, r)]
    if state.scenario == 5 and state.day >= 2 and stamina >= 3:
        out += [f"attack {s}" for s in others]
    out += [f"split t{t}" for t in sorted(state.kept_tokens[seat]) if len(state.copy.features[t].resources) > 1]
    if state.options.get("concede"):
        out.append("concede")
    return out


def _plain_craftable(state: Any, seat: int) -> list[int]:
    """§7.6 read plainly: a project in the hand or faceup whose every resource the survivor holds, at a lit fire
    in its space if the project shows one."""
    held = totals(state, seat)
    fire = any(p[0] == FIRE and p[1] == state.position[seat] and p[2] for p in state.pieces)
    return [p for p in sorted({*state.hand[seat], *state.projects_faceup})
            if all(held[r] >= n for r, n in state.copy.projects[p].cost) and (fire or not state.copy.projects[p].fire)]


@pytest.mark.parametrize("seed", [5, 40])
def test_the_turns_offers_match_the_rules_read_plainly_s7(seed: int) -> None:
    """`turn_actions` (per-copy tables, built actions, parts skipped when they cannot apply) offers exactly what
    §7 read plainly offers, in the same order, at every turn of random games."""
    positions = _positions(seed)
    assert len(positions) > 300
    for state, seat in positions:
        offered = turn_actions(state, seat)
        assert [str(a) for a in offered] == _plain_turn_actions(state, seat)
        assert all(a.seat == seat for a in offered)


def test_the_path_memo_starts_afresh_when_full_and_answers_the_same_s11_4(monkeypatch: pytest.MonkeyPatch) -> None:
    """With room for only 3 answers, the memo of monster paths is emptied again and again, never holds more than 3,
    and the paths and the turn's offers still match the plain reading (the server keeps it for every game it plays:
    it must stay small)."""
    monkeypatch.setattr(board, "MEMO_LIMIT", 3)
    positions = _positions(11, count=2)
    for state, _ in positions:  # what earlier games in this process left, kept under the usual limit
        state.board.distance_memo.clear()
    for state, seat in positions:
        assert [str(a) for a in turn_actions(state, seat)] == _plain_turn_actions(state, seat)
        for start in (state.position[seat], state.board.camp):
            assert faceup_distances(state.board, start, state.tile_face) == _plain_distances(state, start)
        assert len(state.board.distance_memo) <= 3


def _plain_distances(state: Any, start: int) -> list[int]:
    """§11.4 read plainly: a breadth-first search from `start`, one space at a time, through spaces on faceup
    tiles; -1 where unreachable."""
    dist = [-1] * state.board.size
    dist[start] = 0
    queue = deque([start])
    while queue:
        s = queue.popleft()
        for n in state.board.adjacent[s]:
            if dist[n] < 0 and state.tile_face[n // 7] >= 0:
                dist[n] = dist[s] + 1
                queue.append(n)
    return dist


def test_monster_paths_kept_on_the_board_match_a_fresh_search_s11_4() -> None:
    """The distances `faceup_distances` keeps on the board equal a fresh breadth-first search through the faceup
    spaces, for every start space of random positions; the board's memo stays bounded."""
    checked = 0
    for state, _ in _positions(7, count=3)[::25]:
        for start in range(0, state.board.size, 3):
            assert faceup_distances(state.board, start, state.tile_face) == _plain_distances(state, start)
            checked += 1
    assert checked > 100
    assert len(state.board.distance_memo) <= MEMO_LIMIT


def _plain_targets(state: Any, space: int, toward: int) -> list[int]:
    """§11.4 item 4 read plainly: the distances searched from the monster's own space."""
    dist = _plain_distances(state, space)
    if toward >= 0:
        return [toward] if state.status[toward] == PLAYING and dist[state.position[toward]] >= 0 else []
    reach = [s for s in state.in_turn_order() if dist[state.position[s]] >= 0]
    best = min((dist[state.position[s]] for s in reach), default=-1)
    return [s for s in reach if dist[state.position[s]] == best]


def test_a_monster_finds_its_nearest_survivors_from_their_spaces_as_from_its_own_s11_4() -> None:
    """`_targets` reads each survivor's distance map at the monster's space, not the monster's map at the
    survivor's space: the same numbers, for every faceup space (a monster can stand on) and every target, in
    random positions; on a facedown space it searches from the monster itself, and still agrees."""
    checked = 0
    for state, _ in _positions(11, count=6)[::20]:
        for space in range(state.board.size):
            for toward in (-1, *range(state.seats)):
                assert monsters._targets(state, space, toward) == _plain_targets(state, space, toward), (space, toward)
                checked += 1
    assert checked > 1000


def test_the_quest_gate_reads_what_the_requirement_says_s13_s17_12() -> None:
    """The per-copy gate of every quest of every scenario holds the requirement's marks and payment, and the
    pay goal computed from it equals the requirement read key by key."""
    for players, scenario in ((2, "1"), (3, "2"), (4, "2"), (2, "5")):
        state = GAME.new_game(players=players, scenario=scenario, seed=1, copy=2)
        for quest in state.copy.quests:
            req = quest.requirement if isinstance(quest.requirement, dict) else {}
            state.quest = quest.id
            for paid in ([0] * len(RESOURCES), [1] * len(RESOURCES), [0, 0, 0, 0, 3, 5, 0, 0, 0, 0]):
                state.quest_paid = list(paid)
                icon = state.started if req.get("per_player") else 1
                if "pay_any" in req:
                    kinds = [RESOURCES.index(r) for r in req["of"]]
                    owed = max(0, int(req["pay_any"]) * icon - sum(paid[r] for r in kinds))
                    expected = [owed if r in kinds else 0 for r in range(len(RESOURCES))]
                else:
                    pay = req.get("pay") or {}
                    expected = [max(0, (pay.get(r, 0) or 0) * icon - paid[i]) for i, r in enumerate(RESOURCES)]
                assert pay_goal(state) == expected, quest.code
                assert _owed(state, state.copy.derived[_gates][quest.id]) == any(expected), quest.code
            assert group_met(state, req) == (
                all(MARKS.index(k) * 1000 + int(req[k]) in state.quest_done for k in MARKS if k in req)
                and not any(pay_goal(state)))


def test_compiled_effect_items_are_the_card_text_s0_3() -> None:
    """Every effect item the engine runs comes from the card's own text: its verb's handler and every parameter of
    the verb's schema, with the card's value or None."""
    state = GAME.new_game(players=3, scenario="2", seed=2, copy=3)
    seen = 0
    for source, ref, sub, effect in _every_effect(state.copy):
        if not effect:
            continue
        items = effect if isinstance(effect, list) else [effect]
        for item, (handler, arguments) in zip(items, compiled(state, source, ref, sub, ()), strict=True):
            (name, params), = item.items()
            seen += 1
            if name == "choose":
                assert handler is None
            elif name == "all":
                assert handler == len(params)
            else:
                verb = VERBS.verb(name)
                assert handler is verb.handler
                assert arguments == {k: (params or {}).get(k) for k in verb.params}
    assert seen > 100


def _every_effect(copy: Any) -> list[tuple[int, int, int, Any]]:
    out = [(effects.CARD, c.id, 0, c.effect) for c in copy.cards]
    out += [(effects.CARD_ABILITY, c.id, i, a.effect) for c in copy.cards for i, a in enumerate(c.abilities)]
    out += [(effects.NIGHT_STEP, n.id, i, s.effect) for n in copy.nights for i, s in enumerate(n.steps)]
    out += [(effects.THREAT, t.id, 0, t.effect) for t in copy.threats]
    out += [(effects.QUEST_REVEAL, q.id, 0, q.on_reveal) for q in copy.quests]
    return out


def test_an_action_from_a_stale_list_is_checked_in_full() -> None:
    """`apply` trusts only the list made for the current position: an object from an earlier list that is no
    longer legal is refused with the rule's reason, and the state is untouched."""
    state = GAME.new_game(players=2, scenario="1", seed=4, copy=1)
    rng = random.Random(4)
    refused = 0
    while not state.is_over() and refused < 20:
        movers = state.to_move()
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
            continue
        legal = list(state.legal_actions(movers[0]))
        state.apply(legal[rng.randrange(len(legal))])
        now = state.legal_actions(movers[0]) if movers[0] in state.to_move() else []
        stale = [a for a in legal if a not in now]
        if stale:
            before = state.to_json()
            with pytest.raises(IllegalAction):
                state.apply(stale[0])
            assert state.to_json() == before
            refused += 1
    assert refused == 20


# ----------------------------------------------------------------------------- the items each seat holds, kept
def _fresh_held(state: Any) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(c for c, place in enumerate(state.card_place) if place == seat) for seat in range(state.seats))


@pytest.mark.parametrize("seed", [8, 61])
def test_the_items_each_seat_holds_are_kept_right_s8_3(seed: int) -> None:
    """`held` (what the carry limit counts after every action, §8.3) equals `card_place` read afresh after every
    action of random games, in clones, in resampled states and in states loaded from their documents."""
    rng = random.Random(seed)
    moved = checked = 0
    for k, (players, scenario) in enumerate(((2, "1"), (3, "2"), (2, "5"), (4, "1")) * 3):
        state = GAME.new_game(players=players, scenario=scenario, seed=seed + k, copy=1 + k % 7)
        while not state.is_over():
            before = list(state.card_place)
            state.held()
            movers = state.to_move()
            seat = movers[rng.randrange(len(movers))]
            if seat == CHANCE:
                state.apply(state.sample_chance())
            else:
                legal = state.legal_actions(seat)
                state.apply(legal[rng.randrange(len(legal))])
            moved += state.card_place != before
            assert state.held() == _fresh_held(state)
            assert all(state.items_of(s) == list(_fresh_held(state)[s]) for s in range(state.seats))
            checked += 1
            if checked % 40 == 0:
                twin = state.clone()
                assert twin.held() == _fresh_held(twin)
                assert GAME.load_state(state.to_json()).held() == _fresh_held(state)
                if not state.is_over():
                    resampled = state.resample(state.to_move()[0] if state.to_move()[0] >= 0 else 0, rng)
                    assert resampled.held() == _fresh_held(resampled)
    assert moved > 30 and checked > 1000


def test_every_move_of_a_card_goes_through_place_card_s8_3() -> None:
    """Only `DiscoverState.place_card` writes `card_place` (it forgets the kept `held`): no rules module assigns to
    it directly, so the kept items can never be stale."""
    root = Path(outlast.__file__).parent / "games" / "discover"
    direct = re.compile(r"card_place\[.*\]\s*=[^=]|card_place\.(append|extend|insert|pop|remove|sort|clear)\(")
    found = [f"{path.name}:{n}" for path in sorted(root.glob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if direct.search(line)]
    assert found == ["state.py:" + str(_line_of_place_card())]


def _line_of_place_card() -> int:
    """The line of `place_card`'s write, read from state.py's text (not `inspect`, which finds no source for the
    compiled rules core's functions, outlast.compiled)."""
    lines = (Path(outlast.__file__).parent / "games" / "discover" / "state.py").read_text(encoding="utf-8").splitlines()
    start = next(n for n, line in enumerate(lines) if line.strip().startswith("def place_card("))
    return 1 + next(n for n in range(start, len(lines)) if "card_place[card] = " in lines[n])


def test_abilities_and_passive_answers_read_from_the_items_held_match_every_card_s7_12_s9() -> None:
    """`abilities_of` and `answers` look only at the items a seat holds and the upgrades in play; they give what a
    scan of every card, the character and the quest gives (§7.12, §9), at every turn of random games, for every
    passive query of the copy."""
    checked = held = 0
    rng = random.Random(11)
    for state, seat in _positions(11, count=6)[::3]:
        state = state.clone()  # random games seldom reach items: hand this seat some, put an upgrade in play
        printing = [c.id for c in state.copy.cards if c.abilities and state.card_place[c.id] < 0]
        for card in rng.sample(printing, min(3, len(printing))):
            state.place_card(card, rng.choice((seat, seat, IN_PLAY, (seat + 1) % state.seats)))
        held += bool(state.held()[seat])
        copy, place = state.copy, state.card_place
        plain = []
        if state.status[seat] == PLAYING:
            for card in copy.cards:
                if card.abilities and (place[card.id] == seat or (card.kind == UPGRADE and place[card.id] == IN_PLAY)):
                    plain += [(SOURCE_CARD, card.id, i, a) for i, a in enumerate(card.abilities)]
            if state.character[seat] >= 0:
                character = copy.characters[state.character[seat]]
                plain += [(SOURCE_CHARACTER, character.id, i, a) for i, a in enumerate(character.abilities)]
            if state.quest >= 0:
                quest = copy.quests[state.quest]
                plain += [(SOURCE_QUEST, quest.id, i, a) for i, a in enumerate(quest.abilities)]
        assert abilities_of(state, seat) == plain
        for query, found in passive_table(copy).items():
            theirs = any((place[ref] == seat or (place[ref] == IN_PLAY and copy.cards[ref].kind == UPGRADE))
                         if source == SOURCE_CARD else
                         ref == (state.character[seat] if source == SOURCE_CHARACTER else state.quest)
                         for source, ref, _ in found)
            assert answers(state, seat, query) == theirs, query
            checked += 1
    assert checked > 200 and held > 50


def test_a_copys_derived_tables_are_built_once_and_not_pickled() -> None:
    """`copy.derive(build)` builds `build(copy)` on the first call and keeps it; the registered tables are all built
    before a game starts; a pickled copy carries none of them (some are closures) and builds its own again."""
    copy = GAME.new_game(players=2, scenario="1", seed=1, copy=4).copy
    assert all(build in copy.derived for build in TABLES)
    built: list[int] = []

    def count_cards(c: Any) -> int:
        built.append(1)
        return len(c.cards)

    assert copy.derive(count_cards) == len(copy.cards) == copy.derived[count_cards] == copy.derive(count_cards)
    assert built == [1]
    assert copy.__getstate__()["derived"] == {}  # what is pickled: no table
    again = pickle.loads(pickle.dumps(copy))
    assert again == copy and count_cards not in again.derived and all(build in again.derived for build in TABLES)
    assert again.derive(count_cards) == len(copy.cards) and built == [1, 1]
    doc = json.loads(json.dumps(GAME.new_game(players=2, scenario="1", seed=1, copy=4).to_json()))
    copy.derived.clear()  # the cached copy a loaded game is given: loading builds its tables again
    loaded = GAME.load_state(doc)
    assert loaded.copy is copy and all(build in copy.derived for build in TABLES)


def test_every_table_the_rules_read_as_derived_is_registered() -> None:
    """The rules read a copy's tables as `copy.derived[build]`, a plain dictionary that builds nothing on a miss:
    every `build` read that way must be registered with `@table`, so `Copy.prepare` has built it before any state
    uses the copy."""
    folder = Path(outlast.__file__).resolve().parent / "games" / "discover"
    read = 0
    for path in sorted(folder.glob("*.py")):
        if path.stem == "copy":
            continue
        module = importlib.import_module(f"outlast.games.discover.{path.stem}")
        for name in re.findall(r"derived\[(\w+)\]", path.read_text(encoding="utf-8")):
            assert getattr(module, name) in TABLES, f"{path.name} reads derived[{name}] but {name} is not a @table"
            read += 1
    assert read >= 15


def test_the_pay_offers_are_what_the_quest_still_asks_s17_12() -> None:
    """`pay_actions` offers, at camp, each resource the survivor holds that the quest's payment still asks for
    (`pay_goal`): every paying quest of every scenario, for several payments made and resources held."""
    offered = 0
    for players, scenario in ((2, "1"), (3, "2"), (4, "2")):
        state = GAME.new_game(players=players, scenario=scenario, seed=3, copy=5)
        state.position[0] = state.board.camp
        for quest in state.copy.quests:
            state.quest = quest.id
            for paid in ([0] * len(RESOURCES), [2] * len(RESOURCES), [0, 0, 0, 0, 3, 5, 0, 0, 0, 0], [0, 0, 0, 0, 9, 9, 0, 0, 0, 0]):
                for held in ([1] * len(RESOURCES), [0, 0, 0, 0, 1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1, 0, 0, 0, 0]):
                    state.quest_paid, state.supplies[0] = list(paid), list(held)
                    goal = pay_goal(state)
                    plain = [f"pay {RESOURCES[r]}" for r in range(len(RESOURCES)) if goal[r] and held[r]]
                    assert [str(a) for a in pay_actions(state, 0)] == plain, quest.code
                    offered += len(plain)
    assert offered > 20
