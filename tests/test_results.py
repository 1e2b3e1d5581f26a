"""Results per seat (issue 11, item 6): declared kinds, result codes and capabilities, checked outcomes, the
simulator's rows of every seat's result, reports by code and per seat, refused old results, and `priority` as a
method of every agent.

A small semi-cooperative game written here, *summit race*, is the yardstick for what Fuji and Robinson (both
cooperative) cannot show: each seat climbs for three rounds, a climb rolls one or two steps, and every seat
that stands five steps up or higher wins on its own, so a game may have several winners or none.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar

import pytest

from outlast.agents import RandomAgent, make_agent
from outlast.core import (
    CHANCE,
    Action,
    Game,
    IllegalAction,
    Option,
    OptionSchema,
    Outcome,
    OutlastError,
    RandomLike,
    Rng,
    SeatResult,
    State,
    UnknownGame,
    list_games,
    load_game,
    resolve_seed,
)
from outlast.core.formats import Renamed
from outlast.core.game import GameDefinitionError, check_declarations, check_outcome, team_won
from outlast.core.registry import register_game, unregister_game
from outlast.core.rng import seed_state
from outlast.sim.play import next_seat

ROUNDS = 3
SUMMIT = 5


# --- a semi-cooperative game -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ClimbAction(Action):
    """`climb`, `rest`, or the chance outcome `up 1` / `up 2`."""

    verb: str

    def __str__(self) -> str:
        return self.verb


class RaceState(State):
    """Heights per seat, whose turn it is, the round, and whether a climb's roll is pending."""

    def __init__(self, game: RaceRules, players: int, seed: int = 0) -> None:
        self.game = game
        self.events = []
        self.rng_state = seed_state(seed)
        self.height = [0] * players
        self.turn = 0
        self.round = 1
        self.rolling = False

    def seat_count(self) -> int:
        return len(self.height)

    def to_move(self) -> list[int]:
        if self.is_over():
            return []
        return [CHANCE] if self.rolling else [self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        if self.to_move() != [seat] or seat == CHANCE:
            return []
        return [ClimbAction(seat, "climb"), ClimbAction(seat, "rest")]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return [(ClimbAction(CHANCE, "up 1"), 0.5), (ClimbAction(CHANCE, "up 2"), 0.5)] if self.rolling else []

    def _apply(self, action: Action) -> None:
        assert isinstance(action, ClimbAction)
        if action.verb == "climb":
            self.rolling = True
            return
        if action.verb.startswith("up"):
            self.height[self.turn] += int(action.verb[-1])
            self.rolling = False
        self.turn += 1
        if self.turn == len(self.height):
            self.turn, self.round = 0, self.round + 1

    def observe(self, seat: int | None) -> dict[str, Any]:
        return {"height": list(self.height), "turn": self.turn, "round": self.round}

    def is_over(self) -> bool:
        return self.round > ROUNDS

    def outcome(self) -> Outcome:
        return Outcome(tuple(self.game.result(h) for h in self.height), {"rounds": ROUNDS})

    def clone(self) -> RaceState:
        copy = RaceState(self.game, len(self.height))
        copy.height, copy.turn, copy.round, copy.rolling = list(self.height), self.turn, self.round, self.rolling
        copy.events, copy.rng_state = list(self.events), self.rng_state
        return copy

    def resample(self, seat: int, rng: RandomLike) -> RaceState:
        return self.clone()

    def to_json(self) -> dict[str, Any]:
        return {"height": list(self.height)}


class RacePlanner:
    """The race's own bot: always climbs, and asks to act first when it stands lowest."""

    name = "planner"

    def act(self, state: State, seat: int, rng: RandomLike) -> Action:
        return state.legal_actions(seat)[0]

    def priority(self, state: State, seat: int) -> float:
        assert isinstance(state, RaceState)
        return float(-state.height[seat])


class RaceRules(Game):
    """Summit race without its declarations: the rules alone."""

    name = "summit_race"
    title = "Summit race"
    action_type = ClimbAction
    rules_version = "summit-1"
    players = (2, 3, 4)
    rules_file = "rules.md"
    state_format = 1

    @property
    def options(self) -> OptionSchema:
        return OptionSchema((Option("players", "int", 2, "seats", (2, 3, 4)),))

    def new_game(self, seed: int | None = None, **options: Any) -> RaceState:
        return RaceState(self, self.options.resolve(options)["players"], resolve_seed(seed))

    def parse_action(self, seat: int, text: str) -> Action:
        if text not in ("climb", "rest"):
            raise IllegalAction(f"no action {text!r}")
        return ClimbAction(seat, text)

    def load_state(self, doc: dict[str, Any]) -> State:
        raise NotImplementedError

    def result(self, height: int) -> SeatResult:
        """A seat's result at the end: won at the summit, lost below it."""
        if height >= SUMMIT:
            return SeatResult(True, height, f"reached step {height}", "summit")
        return SeatResult(False, height, f"stopped at step {height}", "short")

    def agents(self) -> dict[str, Any]:
        return {"planner": RacePlanner}


class RaceGame(RaceRules):
    """Summit race: semi-cooperative, each seat wins alone at five steps or more."""

    kind: ClassVar[str] = "semi-cooperative"
    result_codes: ClassVar[Any] = MappingProxyType({"summit": "won: the seat climbed five steps or more",
                                                    "short": "lost: the seat stayed below five steps"})
    capabilities: ClassVar[Any] = frozenset()


class FallingRaceGame(RaceGame):
    """A race whose losers get a code it never declared."""

    name = "falling_race"

    def result(self, height: int) -> SeatResult:
        won = height >= SUMMIT
        return SeatResult(won, height, "fell", "summit" if won else "fell")


@pytest.fixture
def race() -> Iterator[RaceGame]:
    """The summit race, registered for this test only."""
    game = RaceGame()
    register_game(game)
    yield game
    unregister_game(game.name)


# --- declarations ----------------------------------------------------------------------------------------------
def test_shipped_games_declare_kind_codes_and_capabilities() -> None:
    for name in list_games():
        game = load_game(name)
        check_declarations(game)
        assert game.kind == ("semi-cooperative" if name == "discover" else "cooperative") and game.result_codes
    assert set(load_game("fuji").result_codes) == {"village", "lava", "exhausted"}
    assert set(load_game("robinson").result_codes) == {"signal_fire", "death", "out_of_time"}


def _declaring(**fields: Any) -> RaceGame:
    kind = type("Declared", (RaceGame,), {"name": "declared", **fields})
    game: RaceGame = kind()
    return game


@pytest.mark.parametrize(("fields", "words"), [
    ({"kind": "co-op"}, "declares kind 'co-op'; a game's kind is one of cooperative, semi-cooperative, competitive"),
    ({"kind": None}, "declares kind None"),
    ({"state_format": 0}, "declares state_format 0; it is the version of the game's position document"),
    ({"state_format": "2"}, "declares state_format '2'"),
    ({"earlier_formats": [Renamed(0, {"a": "b"})]}, "declares earlier_formats [Renamed("),
    ({"earlier_formats": (Renamed(2, {"a": "b"}),)}, "declares earlier formats [2] for state format 1; they must be [0]"),
    ({"state_format": 3, "earlier_formats": (Renamed(2, {"a/*": "b"}),)}, "earlier state format 2: renamed key 'a/*'"),
    ({"state_format": 2, "earlier_formats": (Renamed(1, {}, dropped={"format": 1}),)}, "the key 'format' cannot be"),
    ({"result_codes": {}}, "declares result_codes {}"),
    ({"result_codes": ["win"]}, "declares result_codes"),
    ({"result_codes": {"Lava Flow": "lost"}}, "declares the result code 'Lava Flow'; a code is a lower-case word"),
    ({"result_codes": {"lava": " "}}, "gives the result code 'lava' no meaning"),
    ({"capabilities": {"telepathy"}}, "declares the capability 'telepathy'; the capabilities are action_space, chat_rule"),
    ({"capabilities": ["chat_rule"]}, "declares capabilities ['chat_rule']; declare a frozenset"),
    ({"capabilities": frozenset({"action_space"})}, "declares the capability 'action_space' but does not define "
                                                   "action_texts()"),
])
def test_a_badly_declared_game_is_refused_at_registration(fields: dict[str, Any], words: str) -> None:
    game = _declaring(**fields)
    with pytest.raises(GameDefinitionError) as err:
        register_game(game)
    assert "game 'declared'" in str(err.value) and words in str(err.value)
    with pytest.raises(UnknownGame):  # nothing was registered
        load_game("declared")


def test_a_game_that_declares_nothing_is_refused() -> None:
    class Bare(RaceRules):
        name = "bare"

    with pytest.raises(GameDefinitionError, match="game 'bare' declares no kind; a game's kind is one of"):
        register_game(Bare())
    with pytest.raises(GameDefinitionError, match="only a Game can be registered"):
        register_game("fuji")  # type: ignore[arg-type]


def test_registration_takes_a_game_once_and_refuses_a_second_one_of_the_same_name(race: RaceGame) -> None:
    assert load_game("summit_race") is race and "summit_race" in list_games()
    register_game(race)  # the same object again: nothing changes
    with pytest.raises(GameDefinitionError, match="'summit_race' is registered already"):
        register_game(RaceGame())
    with pytest.raises(UnknownGame):
        unregister_game("no_such_game")


# --- outcomes --------------------------------------------------------------------------------------------------
def _played(game: RaceGame, players: int, seed: int) -> RaceState:
    state = game.new_game(players=players)
    rng = Rng(seed)
    while not state.is_over():
        if state.to_move() == [CHANCE]:
            outcomes = state.chance_outcomes()
            state.apply(outcomes[rng.randrange(len(outcomes))][0])
        else:
            seat = state.to_move()[0]
            state.apply(RandomAgent().act(state, seat, rng))
    return state


def test_a_semi_cooperative_outcome_has_winners_and_no_team_result() -> None:
    game = RaceGame()
    seen: set[tuple[int, ...]] = set()
    for seed in range(40):
        out = check_outcome(game, _played(game, 3, seed).outcome(), 3)
        assert out.winners == tuple(k for k, r in enumerate(out.seats) if r.won)
        seen.add(out.winners)
    assert () in seen and any(0 < len(w) < 3 for w in seen)  # no winner, and winners beside losers
    with pytest.raises(OutlastError, match="summit_race is semi-cooperative: it has no team result"):
        team_won(game, out)


def test_a_cooperative_outcome_is_the_team_s() -> None:
    fuji = load_game("fuji")
    lost = Outcome((SeatResult(False, 0, "lava", "lava"),) * 3)
    assert team_won(fuji, lost) is False and lost.winners == ()
    won = Outcome((SeatResult(True, 12, "home", "village"),) * 2)
    assert team_won(fuji, won) is True and won.winners == (0, 1)
    split = Outcome((SeatResult(True, 12, "home", "village"), SeatResult(False, 0, "lava", "lava")))
    with pytest.raises(GameDefinitionError, match="fuji is cooperative but only seats \\[0\\] won"):
        check_outcome(fuji, split, 2)


@pytest.mark.parametrize(("outcome", "words"), [
    (Outcome((SeatResult(False, 0, "gone", "vanished"),) * 2), "the result code 'vanished', which it does not declare "
                                                              "(its codes: village, lava, exhausted)"),
    (Outcome((SeatResult(False, 0, "lava", "lava"),) * 3), "ended with 3 seat results for 2 seats"),
    (Outcome((SeatResult(1, 0, "lava", "lava"),) * 2), "gave seat 0 a malformed result"),  # type: ignore[arg-type]
    ("lava", "ended with 'lava' seat results"),
])
def test_an_outcome_the_game_did_not_declare_is_refused(outcome: Any, words: str) -> None:
    with pytest.raises(GameDefinitionError) as err:
        check_outcome(load_game("fuji"), outcome, 2)
    assert words in str(err.value)


# --- priority: a method of every agent ---------------------------------------------------------------------------
def test_priority_is_part_of_every_agent() -> None:
    game = RaceGame()
    state = game.new_game(players=3)
    assert RandomAgent().priority(state, 0) == 0.0
    for name in ("fuji", "robinson"):
        real = load_game(name)
        for spec in ("random", "heuristic", "ismcts:iters=2"):
            agent = make_agent(spec, real)
            start = real.new_game(seed=1)
            assert isinstance(agent.priority(start, 0), float)


def test_the_driver_asks_the_highest_priority_first_and_goes_round_the_table_on_ties() -> None:
    game = RaceGame()
    state = game.new_game(players=4)
    state.height = [3, 1, 1, 4]
    planners = {seat: RacePlanner() for seat in range(4)}
    assert next_seat(state, [0, 1, 2, 3], -1, planners.__getitem__) == 1  # lowest climber, first round the table
    assert next_seat(state, [0, 1, 2, 3], 1, planners.__getitem__) == 2  # a tie goes on after the last to act
    randoms = {seat: RandomAgent() for seat in range(4)}
    assert next_seat(state, [0, 1, 2, 3], 1, randoms.__getitem__) == 2  # no preference: round the table
    mixed = {0: RacePlanner(), 1: RandomAgent(), 2: RacePlanner(), 3: RandomAgent()}
    assert next_seat(state, [0, 2, 3], 2, mixed.__getitem__) == 3  # 0.0 beats the planners' -3 and -1


def test_a_game_bot_without_priority_is_refused_by_name() -> None:
    class Silent:
        name = "silent"

        def act(self, state: State, seat: int, rng: RandomLike) -> Action:
            return state.legal_actions(seat)[0]

    class QuietRace(RaceGame):
        def agents(self) -> dict[str, Any]:
            return {"silent": Silent}

    with pytest.raises(GameDefinitionError, match="summit_race's bot 'silent' lacks the agent method priority"):
        make_agent("silent", QuietRace())


# --- the simulator and its reports -------------------------------------------------------------------------------
pytest.importorskip("pyarrow")
pytest.importorskip("matplotlib")

from outlast.cli.main import main  # noqa: E402
from outlast.sim.jobs import Job  # noqa: E402
from outlast.sim.report import ReportInput, build_report, load_results  # noqa: E402
from outlast.sim.results import ResultStore, read_results  # noqa: E402
from outlast.sim.runner import SimulationError, run_job  # noqa: E402


def test_rows_keep_every_seat_s_result_and_report_rates_per_seat(race: RaceGame, tmp_path: Path) -> None:
    out = tmp_path / "race.parquet"
    job = Job.build("summit_race", 30, 4, sweeps=["players=2,4"], bots=["random", "planner"])
    summary = run_job(job, ResultStore(out, job), workers=1, progress=False)
    assert summary.played == 120
    rows = read_results(out).to_pylist()
    for row in rows:
        assert row["ended"] and row["team_won"] is None and len(row["seats"]) == row["players"]
        for result in row["seats"]:
            assert result["code"] == ("summit" if result["won"] else "short")
            assert result["reason"] == (f"reached step {result['score']}" if result["won"]
                                        else f"stopped at step {result['score']}")
    planners = [r for r in rows if r["bots"] == "planner"]
    assert all(3 <= x["score"] <= 6 for r in planners for x in r["seats"])  # three climbs of one or two steps
    text = build_report(load_results([out]), ReportInput(by=["bots", "players"]))
    assert "## Win rates per seat" in text and "semi-cooperative: each seat wins or loses on its own" in text
    assert "team" not in text.split("## Game length")[0].replace("no team result", "")
    assert "| bots | players | games | seat results | seat wins | seat win rate | 95% CI | seat 0 | seat 1 | seat 2 " \
           "| seat 3 | mean winners | mean rounds |" in text
    random_two = [r for r in rows if r["bots"] == "random" and r["players"] == 2]
    wins = sum(x["won"] for r in random_two for x in r["seats"])
    seat0 = sum(r["seats"][0]["won"] for r in random_two)
    line = next(x for x in text.splitlines() if x.startswith("| random | 2 | 30 | 60 |"))
    cells = [c.strip() for c in line.strip("|").split("|")]
    assert cells[4] == str(wins) and cells[5] == f"{100 * wins / 60:.1f}%"
    assert cells[7].startswith(f"{100 * seat0 / 30:.1f}% (") and cells[9] == cells[10] == "—"  # two seats only
    planners_four = [r for r in planners if r["players"] == 4]
    won = sum(x["won"] for r in planners_four for x in r["seats"])
    assert f"| planner | 4 | 30 | 120 | {won} | {100 * won / 120:.1f}% |" in text
    assert 0 < won < 120  # the dice differ from game to game
    # endings count seat results, by code, with the meanings the game declares
    shorts = sum(not x["won"] for r in random_two for x in r["seats"])
    assert "| bots | players | seat results | `summit` | `short` |" in text
    assert f"| random | 2 | 60 | {wins} ({100 * wins / 60:.1f}%) | {shorts} ({100 * shorts / 60:.1f}%) |" in text
    assert "- `summit`: won: the seat climbed five steps or more" in text
    assert "Every seat's score, won or lost." in text


def test_an_undeclared_code_stops_the_run_naming_the_game(tmp_path: Path) -> None:
    game = FallingRaceGame()
    register_game(game)
    try:
        job = Job.build("falling_race", 5, 0, bots=["random"])
        with pytest.raises(SimulationError) as err:
            run_job(job, ResultStore(tmp_path / "fall.parquet", job), workers=1, progress=False)
        assert "GameDefinitionError" in str(err.value) and "the result code 'fell', which it does not declare" \
            in str(err.value)
    finally:
        unregister_game(game.name)


def test_a_report_never_mixes_a_team_rate_with_seat_rates(race: RaceGame, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    for name, game in (("race", "summit_race"), ("fuji", "fuji")):
        job = Job.build(game, 2, 0, bots=["random"])
        run_job(job, ResultStore(tmp_path / name, job), workers=1, progress=False)
    assert main(["report", str(tmp_path / "race"), str(tmp_path / "fuji")]) == 2
    err = capsys.readouterr().err
    assert "mix kinds of game (fuji cooperative; summit_race semi-cooperative)" in err


# --- results of the old format ----------------------------------------------------------------------------------------
OLD_COMMAND = "outlast simulate fuji --games 2 --seed 0 --bots random --workers 1 --out old.parquet"


def _old_rows() -> list[dict[str, Any]]:
    """Two rows as outlast wrote them before results kept every seat (format 1)."""
    return [{"game": "fuji", "game_index": i, "config": 0, "seed": i, "options": "{}", "bots": "random",
             "won": False, "score": 0, "scores": [0, 0, 0], "rounds": 3, "reason": "lava reached meeple 1 on E3 (§12.1)",
             "actions": 50, "chance": 40, "details": "{}", "duration_s": 0.01, "players": 3} for i in range(2)]


def test_old_results_are_refused_naming_the_old_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    single = tmp_path / "old-file.parquet"
    pq.write_table(pa.Table.from_pylist(_old_rows()), single)
    folder = tmp_path / "old.parquet"
    folder.mkdir()
    pq.write_table(pa.Table.from_pylist(_old_rows()), folder / "part-00000.parquet")
    (folder / "_job.json").write_text(json.dumps({"format": "outlast-sim-job", "version": 1, "game": "fuji",
                                                  "command": OLD_COMMAND}))
    assert main(["report", str(single)]) == 2
    err = capsys.readouterr().err
    assert "old format 1 (one `won`, seat 0's `score` and a `reason` text per game)" in err
    assert "this version reads format 2 only; simulate the games again" in err
    assert main(["report", str(folder)]) == 2
    err = capsys.readouterr().err
    assert "old format 1" in err and f"run it again with this version: {OLD_COMMAND}" in err
    # completing an old run is refused too; --force starts it again in the new format
    args = ["simulate", "fuji", "--games", "2", "--bots", "random", "--workers", "1", "--quiet", "--out", str(folder)]
    assert main([*args, "--resume"]) == 2
    assert "old format 1" in capsys.readouterr().err and (folder / "part-00000.parquet").exists()
    assert main([*args, "--force"]) == 0
    rows = read_results(folder).to_pylist()
    assert len(rows) == 2 and all(len(r["seats"]) == 3 for r in rows)


def test_a_foreign_parquet_file_is_not_results(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = tmp_path / "weather.parquet"
    pq.write_table(pa.table({"day": [1, 2], "rain": [0.0, 3.5]}), path)
    assert main(["report", str(path)]) == 2
    assert re.search(r"not results of this version of outlast simulate \(no format mark", capsys.readouterr().err)


def test_a_game_stopped_at_the_move_limit_has_no_code_and_shows_as_stopped(race: RaceGame, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import outlast.sim.play as play

    monkeypatch.setattr(play, "MOVE_LIMIT", 4)  # a race takes at least 6 actions
    for name in ("summit_race", "fuji"):
        job = Job.build(name, 2, 0, bots=["random"])
        run_job(job, ResultStore(tmp_path / name, job), workers=1, progress=False)
        rows = read_results(tmp_path / name).to_pylist()
        for row in rows:
            assert not row["ended"] and row["team_won"] is (False if name == "fuji" else None)
            assert all(x == {"won": False, "score": 0, "code": "", "reason": play.STOPPED} for x in row["seats"])
        text = build_report(load_results([tmp_path / name]), ReportInput(by=[]))
        counted, count = ("games", 2) if name == "fuji" else ("seat results", 4)  # two races of two seats
        assert f"| {counted} | `(stopped)` |\n| ---: | ---: |\n| {count} | {count} (100.0%) |" in text
        assert "- `(stopped)`: no end after the simulator's move limit (4 actions); every seat counted as lost" in text
