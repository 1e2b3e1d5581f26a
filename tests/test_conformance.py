"""Every registered game passes `outlast.testing.check_game` (architecture §2: one conformance check).

The depth here keeps `make test` quick (about half a minute per game on one core); the deep run with at
least 10,000 bad inputs and 1,000 corrupted documents per game is `benchmarks/conformance_deep.py`.
The counts of each run are printed at the end of the test session (see conftest.py).
"""

from __future__ import annotations

import json
import time

import pytest

import outlast
from outlast.testing import ConformanceError, check_game, configurations
from outlast.testing.inputs import ForeignAction

CI_DEPTH = {"games": 1, "every": 60, "max_positions": 4, "inputs": 8, "documents": 4, "match_files": 8}
"""check_game's settings in make test: every configuration under every policy, a few positions each."""


@pytest.mark.parametrize("name", outlast.list_games())
def test_game_passes_the_conformance_check(name: str, request: pytest.FixtureRequest) -> None:
    report = check_game(name, seed=1, strict=False, **CI_DEPTH)  # type: ignore[arg-type]
    if getattr(request.config, "cache", None) is not None:  # the summary at the end of the session reads it
        request.config.cache.set(f"outlast/conformance/{name}", {**report.as_dict(), "at": time.time()})
    assert report.games >= len(configurations(outlast.load_game(name)))
    assert report.bad_inputs > 0 and report.documents > 0 and report.match_files > 0
    assert not report.failures, report.summary() + "\n" + "\n".join(report.failures[:40])


def test_configurations_cover_every_player_count_and_option_value() -> None:
    for name in outlast.list_games():
        game = outlast.load_game(name)
        configs = configurations(game)
        assert {c["players"] for c in configs} == set(game.players)
        for opt in game.options:
            if opt.kind in ("choice", "int") and opt.name != "players":
                seen = {game.options.resolve(c)[opt.name] for c in configs}
                assert set(opt.choices) <= seen | {opt.default}, (name, opt.name)


def test_the_check_fails_a_game_that_breaks_the_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refusal that changes the state, or an escape of another exception type, is reported."""
    game = outlast.load_game("fuji")
    state_type = type(game.new_game(seed=1))
    real_observe = state_type.observe

    def leaky_observe(self: outlast.State, seat: int | None) -> dict[str, object]:
        if seat is not None and type(seat) is not int:
            raise TypeError("seat")  # an untyped escape, as before the hardening
        return real_observe(self, seat)

    monkeypatch.setattr(state_type, "observe", leaky_observe)
    with pytest.raises(ConformanceError) as info:
        check_game(game, policies=("first",), games=1, every=1000, max_positions=1, inputs=20, documents=0,
                   match_files=0, other_process=False)
    assert "raised TypeError" in str(info.value)


def test_the_check_fails_a_game_whose_result_has_an_undeclared_code(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each seat's result must carry one of the game's declared result codes (issue 11 item 6)."""
    game = outlast.load_game("robinson")
    state_type = type(game.new_game(seed=1))
    real_outcome = state_type.outcome

    def odd_outcome(self: outlast.State) -> outlast.Outcome:
        out = real_outcome(self)
        seats = tuple(outlast.core.SeatResult(r.won, r.score, r.reason, "vanished") for r in out.seats)
        return outlast.Outcome(seats, out.details)

    monkeypatch.setattr(state_type, "outcome", odd_outcome)
    with pytest.raises(ConformanceError) as info:
        check_game(game, policies=("random",), games=1, every=100_000, max_positions=0, inputs=0, documents=0,
                   match_files=0, other_process=False)
    assert "vanished" in str(info.value) and "declarations" in str(info.value)


def test_a_foreign_action_object_is_refused_by_every_game() -> None:
    for name in outlast.list_games():
        state = outlast.load_game(name).new_game(seed=3)
        before = json.dumps(state.to_json(), sort_keys=True)
        with pytest.raises(outlast.IllegalAction):
            state.apply(ForeignAction(0))
        assert json.dumps(state.to_json(), sort_keys=True) == before
