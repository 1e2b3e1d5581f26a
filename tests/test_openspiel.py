"""OpenSpiel's view of every outlast game (`outlast.openspiel`): registration, game strings, chance ids,
observations, serialization, OpenSpiel's own `random_sim_test` and an OpenSpiel algorithm.

Needs the `openspiel` extra; skipped without it. `OUTLAST_OPENSPIEL_SIMS=N` runs N simulations per
option set in `test_random_sim_test_passes` instead of the few the suite runs
(`benchmarks/openspiel_sims.py` runs a deeper count).
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import outlast  # noqa: E402
from outlast.core import CHANCE, IllegalAction, OptionError  # noqa: E402
from outlast.openspiel import MAX_GAME_LENGTH, PREFIX, load, options_of, register  # noqa: E402

GAMES = [g for g in outlast.list_games() if "action_space" in outlast.load_game(g).capabilities]
SIMS = {"fuji": 3, "robinson": 3}
"""Simulations per player count in the suite (about 20 s per game on two CPUs); unknown games run 3."""


def canonical(view: Any) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def random_states(game: Any, seed: int, limit: int = 100_000) -> Any:
    """Yield each state of a uniformly random OpenSpiel playthrough (chance by its probabilities)."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and limit:
        yield state
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.choice(len(outcomes), p=[p for _, p in outcomes])][0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randint(len(legal))])
        limit -= 1
    yield state


def test_every_game_is_registered() -> None:
    names = register()
    assert names == [PREFIX + name for name in GAMES]
    for name in names:
        assert name in pyspiel.registered_names()
        game = pyspiel.load_game(name)
        assert game.get_type().short_name == name
        cooperative = outlast.load_game(name[len(PREFIX):]).kind == "cooperative"
        assert game.get_type().utility == (pyspiel.GameType.Utility.IDENTICAL if cooperative
                                           else pyspiel.GameType.Utility.GENERAL_SUM)
        assert game.max_game_length() == MAX_GAME_LENGTH
    assert register() == names  # a second call registers nothing twice


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test_passes(name: str) -> None:
    """OpenSpiel's own whole-game test, serialization included, for each player count of every game."""
    sims = int(os.environ.get("OUTLAST_OPENSPIEL_SIMS", SIMS.get(name, 3)))
    for players in outlast.load_game(name).players:
        game = load(name, players=players, seed=players)
        pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def _option_values(game: Any) -> list[dict[str, Any]]:
    """For every option, option sets (with a fitting player count) that give it each of its values."""
    out: list[dict[str, Any]] = []
    for option in game.options:
        if option.kind == "bool":
            values: list[Any] = [False, True]
        elif option.kind == "list":
            values = [list(option.choices[:k]) for k in range(len(option.choices) + 1)]
        else:
            values = list(option.choices)
        for value in values:
            for players in (None, *game.players):
                options = {option.name: value} if players is None else {option.name: value, "players": players}
                try:
                    game.options.resolve(options)
                except OptionError:
                    continue
                out.append(options)
                break
    return out


@pytest.mark.parametrize("name", GAMES)
def test_every_option_round_trips_through_the_game_string(name: str) -> None:
    game = outlast.load_game(name)
    sets = _option_values(game)
    assert len(sets) >= len(game.options.names())
    for options in sets:
        spiel = load(name, **options)
        again = pyspiel.load_game(str(spiel))
        assert str(again) == str(spiel)
        read, seed = options_of(game, again.get_parameters())
        assert game.options.resolve(read) == game.options.resolve(options), options
        assert seed == 0


def test_fuji_scenario_random_is_zero_and_lists_read_with_plus() -> None:
    spiel = load("fuji", scenario="random", players=2, variant="b", skills="scout,tinkerer,buddy")
    text = str(spiel)
    assert "scenario=0" in text and "skills=scout+tinkerer+buddy" in text and "variant=b" in text
    again = pyspiel.load_game(text)
    assert again.outlast_options["scenario"] == "random"
    assert pyspiel.load_game(PREFIX + "fuji(scenario=4)").outlast_options["scenario"] == "4"
    robinson = pyspiel.load_game(PREFIX + "robinson(players=2,characters=explorer+cook,friday=yes)")
    state = robinson.new_initial_state()
    assert [c["id"] for c in state.outlast_state.observe(0)["characters"]] == ["explorer", "cook"]


def test_bad_game_strings_are_refused_with_clear_errors() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'wizard'"):
        pyspiel.load_game(PREFIX + "fuji(wizard=1)")
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter scenario"):
        pyspiel.load_game(PREFIX + "fuji(scenario=random)")  # random is written 0
    with pytest.raises(OptionError, match="players"):
        pyspiel.load_game(PREFIX + "fuji(players=9)")
    with pytest.raises(OptionError, match="scenario"):
        pyspiel.load_game(PREFIX + "fuji(scenario=9)")
    with pytest.raises(OptionError, match="characters"):
        pyspiel.load_game(PREFIX + "robinson(players=2,characters=soldier+cook)")
    with pytest.raises(OptionError, match="unknown parameter"):
        options_of(outlast.load_game("robinson"), {"wizard": 1})


@pytest.mark.parametrize("name", GAMES)
def test_bad_ids_are_refused_and_change_nothing(name: str) -> None:
    game = load(name)
    state = game.new_initial_state()
    assert state.is_chance_node()
    with pytest.raises(IllegalAction, match="outside the chance table"):
        state.apply_action(game.max_chance_outcomes() + 3)
    impossible = next(i for i in range(game.max_chance_outcomes()) if i not in dict(state.chance_outcomes()))
    with pytest.raises(IllegalAction, match="cannot happen now"):
        state.apply_action(impossible)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before = str(state)
    legal = state.legal_actions()
    with pytest.raises(IllegalAction, match="outside the action table"):
        state.apply_action(game.num_distinct_actions())
    with pytest.raises(IllegalAction, match="not legal now"):
        state.apply_action(next(i for i in range(game.num_distinct_actions()) if i not in legal))
    with pytest.raises(IllegalAction, match="outside the table"):
        state.action_to_string(state.current_player(), -1)
    assert str(state) == before and state.legal_actions() == legal


@pytest.mark.parametrize("name", GAMES)
def test_ids_are_the_games_texts_and_chance_ids(name: str) -> None:
    game = load(name, seed=3)
    outlast_game = outlast.load_game(name)
    actions = outlast_game.action_texts()
    chance = outlast_game.chance_texts()
    assert game.num_distinct_actions() == len(actions) and game.max_chance_outcomes() == len(chance)
    for i, state in enumerate(random_states(game, 3)):
        if i > 400 or state.is_terminal():
            break
        inner = state.outlast_state
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sorted(chance[k] for k, _ in outcomes) == sorted(str(o) for o, _ in inner.chance_outcomes())
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            continue
        seat = state.current_player()
        assert seat == inner.to_move()[0]  # simultaneous seats: the first to_move() lists acts first
        texts = [state.action_to_string(seat, a) for a in state.legal_actions()]
        assert sorted(texts) == sorted(str(a) for a in inner.legal_actions(seat))
        for other in range(game.num_players()):
            if other != seat:
                assert state.legal_actions(other) == []


@pytest.mark.parametrize("name", GAMES)
def test_observations_come_from_observe_only(name: str) -> None:
    game = load(name, seed=1)
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    observer = game.make_py_observer(public)
    checked = 0
    stride = 7 if name == "discover" else 37  # a random Discover game is short (157 states): its survivors die young
    for i, state in enumerate(random_states(game, 1)):
        if i % stride:
            continue
        inner = state.outlast_state
        for seat in range(game.num_players()):
            view = inner.observe(seat)
            assert state.observation_string(seat) == canonical(view)
            # the information state is a digest of what the seat was shown, then its view: nothing else
            assert re.fullmatch(r"recall:[0-9a-f]{32}\n", state.information_state_string(seat)[:40])
            assert state.information_state_string(seat)[40:] == canonical(view)
            tensor = np.asarray(state.observation_tensor(seat), dtype=np.float32)
            assert (tensor == np.asarray(outlast.load_game(name).encode(view), dtype=np.float32)).all()
        assert observer.string_from(state, 0) == canonical(inner.observe(None)) == str(state)
        checked += 1
    assert checked > 5


def by_text(state: Any, text: str) -> None:
    """Apply the action or chance outcome of `state` whose text is `text`."""
    player = state.current_player()
    ids = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    texts = {state.action_to_string(player, a): a for a in ids}
    assert text in texts, (text, sorted(texts)[:10])
    state.apply_action(texts[text])


def first_choices_until(state: Any, stop: Any) -> None:
    """Play the first chance outcome and the first legal action until `stop(state)`."""
    while not stop(state):
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0])


def _texts(state: Any) -> list[str]:
    player = state.current_player()
    ids = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
    return [state.action_to_string(player, a) for a in ids]


def test_an_information_state_recalls_what_the_seat_saw_before_its_view() -> None:
    """Two plannings that end alike (a pawn placed, then taken back) but showed each seat a different
    plan in between: the same observation, different information states."""
    game = load("robinson", players=2)
    state = game.new_initial_state()
    first_choices_until(state, lambda s: not s.is_chance_node() and
                        sum(t.startswith("place 1 ") for t in _texts(s)) >= 2)
    seat = state.current_player()
    first, second = [t for t in _texts(state) if t.startswith("place 1 ")][:2]
    one, two = state.clone(), state.clone()
    for twin, place in ((one, first), (two, second)):
        by_text(twin, place)
        by_text(twin, "remove 1")
    for player in (seat, 1 - seat):
        assert one.observation_string(player) == two.observation_string(player)
        assert one.information_state_string(player) != two.information_state_string(player)
    assert one.legal_actions() == two.legal_actions()


def test_hidden_dice_leave_the_other_seats_information_state_alone() -> None:
    """Fuji: two games that differ only in the dice behind seat 0's screen look the same to seat 1, in its
    information state too, until they show it something different; seat 0 tells them apart."""
    game = load("fuji", players=2, variant="b")
    low = game.new_initial_state()
    first_choices_until(low, lambda s: s.is_chance_node() and _texts(s)[0].startswith("roll 0:"))
    high = low.clone()
    while low.is_chance_node():  # seat 0's dice all 1 in one game, all 6 in the other; the rest alike
        texts = _texts(low)
        by_text(low, texts[0])
        by_text(high, texts[-1] if texts[0].startswith("roll 0:") else texts[0])
    assert "0:1 shows Y1" in low.information_state_string(0)  # seat 0's first die, in its own log
    assert "0:1 shows" not in low.information_state_string(1)
    checked = seat_one_decisions = 0
    while not low.is_terminal() and low.observation_string(1) == high.observation_string(1):
        assert low.information_state_string(1) == high.information_state_string(1)
        assert low.information_state_string(0) != high.information_state_string(0)
        if low.current_player() == 1:
            assert low.legal_actions() == high.legal_actions()
            seat_one_decisions += 1
        text = _texts(low)[0]
        if text not in _texts(high):
            break
        by_text(low, text)
        by_text(high, text)
        checked += 1
    assert checked > 10 and seat_one_decisions > 2


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_never_meets_the_same_information_state_twice(name: str) -> None:
    """Perfect recall: each decision of a seat adds its action, so no two of its decisions look alike."""
    game = load(name, players=2, seed=6)
    seen: dict[int, set[str]] = {seat: set() for seat in range(2)}
    decisions = 0
    for state in random_states(game, 6, limit=400):
        if state.is_terminal() or state.is_chance_node():
            continue
        key = state.information_state_string()
        assert key not in seen[state.current_player()]
        seen[state.current_player()].add(key)
        decisions += 1
    assert decisions > 50


@pytest.mark.parametrize("name", GAMES)
def test_information_states_survive_clone_serialization_and_a_late_start(name: str) -> None:
    """Asked first mid-game, the information state is rebuilt from the history; a state that kept it from
    the start, its clone and its serialized copy agree."""
    late, early = load(name, players=2, seed=7), load(name, players=2, seed=7)
    # mid-game: a random Discover game of this seed ends after 90 states
    *_, state = random_states(late, 7, limit=40 if name == "discover" else 150)
    kept = early.new_initial_state()
    kept.information_state_string(0)  # from here on the game's new states keep each seat's recall
    for action in state.history():
        kept.apply_action(action)
    assert not late.recalls and early.recalls
    for seat in range(2):
        assert state.information_state_string(seat) == kept.information_state_string(seat)
    assert late.recalls
    _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(early, kept))
    twin = kept.clone()
    for other in (back, twin, state):
        action = kept.chance_outcomes()[0][0] if kept.is_chance_node() else kept.legal_actions()[0]
        other.apply_action(action)
    kept.apply_action(action)
    for seat in range(2):
        assert back.information_state_string(seat) == twin.information_state_string(seat) == \
            state.information_state_string(seat) == kept.information_state_string(seat)


def test_openspiel_outcome_sampling_mccfr_runs_on_information_states() -> None:
    """OpenSpiel's outcome-sampling MCCFR keys its tables by our information states. It runs; on games of
    hundreds of moves its importance weights overflow, so it learns nothing useful here (docs/openspiel.md)."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = load("fuji", players=2, variant="b")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    np.random.seed(0)
    with np.errstate(all="ignore"):
        solver.iteration()
    keys = list(solver._infostates)
    assert len(keys) > 50 and all(re.match(r"recall:[0-9a-f]{32}\n\{", key) for key in keys)


@pytest.mark.parametrize("name", GAMES)
def test_serialization_and_clone_keep_the_state(name: str) -> None:
    game = load(name, seed=2)
    for i, state in enumerate(random_states(game, 2)):
        if i % 53 or state.is_terminal():
            continue
        text = pyspiel.serialize_game_and_state(game, state)
        game2, back = pyspiel.deserialize_game_and_state(text)
        assert str(game2) == str(game)
        assert back.history() == state.history() and str(back) == str(state)
        assert back.outlast_state.to_json() == state.outlast_state.to_json()
        twin = state.clone()
        assert twin.outlast_state is not state.outlast_state and str(twin) == str(state)
        if not twin.is_chance_node():
            twin.apply_action(twin.legal_actions()[0])
            assert back.outlast_state.to_json() == state.outlast_state.to_json()  # the clone is apart


@pytest.mark.parametrize("name", GAMES)
def test_a_played_game_returns_each_seats_result(name: str) -> None:
    game = load(name, players=min(outlast.load_game(name).players), seed=4)
    *_, final = random_states(game, 4)
    assert final.is_terminal() and len(final.history()) < MAX_GAME_LENGTH // 10
    outcome = final.outlast_state.outcome()
    assert final.returns() == [1.0 if result.won else -1.0 for result in outcome.seats]
    assert final.current_player() == pyspiel.PlayerId.TERMINAL


@pytest.mark.parametrize("name", GAMES)
def test_replaying_the_history_gives_the_same_game(name: str) -> None:
    """The history of action and chance ids is a full record: replayed, it rebuilds the same state."""
    game = load(name, seed=5)
    states = list(random_states(game, 5, limit=300))
    replay = game.new_initial_state()
    for action in states[-1].history():
        replay.apply_action(action)
    assert replay.outlast_state.to_json() == states[-1].outlast_state.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_mcts_plays_our_games(name: str) -> None:
    from open_spiel.python.algorithms import mcts

    game = load(name, players=min(outlast.load_game(name).players))
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=6, evaluator=mcts.RandomRolloutEvaluator(1, rng),
                       random_state=rng, solve=False)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and moves < 4:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.choice(len(outcomes), p=[p for _, p in outcomes])][0])
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 4
    assert CHANCE == pyspiel.PlayerId.CHANCE


def test_the_module_examples_run() -> None:
    import doctest

    import outlast.openspiel

    assert doctest.testmod(outlast.openspiel).failed == 0
