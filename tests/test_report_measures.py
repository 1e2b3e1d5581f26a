"""Reports a designer reads (issue 26 §4): what tells games apart beyond win or loss.

Games declare measures (`Game.measures`) and note them while the simulator plays (`Game.record`); the report
tabulates and plots them by ending, splits length and score by `--x`, and leaves out a score that only repeats
the result. Plots are checked as the data and labels handed to matplotlib (`charts`), and as files written.
Simulations here are a few fast games played in this process.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyarrow")
pytest.importorskip("matplotlib")

import pyarrow.parquet as pq  # type: ignore[import-untyped]  # noqa: E402

from outlast.cli.main import main  # noqa: E402
from outlast.core import load_game  # noqa: E402
from outlast.core.game import GameDefinitionError, Measure, check_declarations, check_measures  # noqa: E402
from outlast.sim.jobs import Job  # noqa: E402
from outlast.sim.report import ReportInput, build_report, charts, load_results, write_plots  # noqa: E402
from outlast.sim.results import ResultStore, read_results, rows_to_table  # noqa: E402
from outlast.sim.runner import run_job  # noqa: E402


def _simulate(tmp_path: Path, game: str, games: int, bots: str, *options: str) -> list[dict[str, Any]]:
    out = tmp_path / f"{game}.parquet"
    job = Job.build(game, games, 5, options=list(options), bots=[bots])
    run_job(job, ResultStore(out, job), workers=1, progress=False)
    return sorted(read_results(out).to_pylist(), key=lambda r: r["game_index"])


# --- what simulate records ----------------------------------------------------------------------------------------
def test_robinson_games_record_the_wood_pile_at_the_end_of_every_round__s25_1(tmp_path: Path) -> None:
    rows = _simulate(tmp_path, "robinson", 3, "random", "players=2")
    for row in rows:
        measures = json.loads(row["measures"])
        pile = json.loads(row["details"])["pile"]
        assert measures["wood"] == sum(pile) == measures["wood_by_round"][-1]
        assert len(measures["wood_by_round"]) == row["rounds"]
        assert all(0 <= wood <= 15 for wood in measures["wood_by_round"])


def test_discover_records_the_day_each_seat_s_game_ended__s13(tmp_path: Path) -> None:
    rows = _simulate(tmp_path, "discover", 2, "heuristic", "players=3")
    for row in rows:
        days = json.loads(row["measures"])["day"]
        assert len(days) == 3 and all(1 <= day <= row["rounds"] for day in days)
        # a seat still on the map at the end (the last survivor, or one stopped) ends on the last day
        assert any(day == row["rounds"] for day in days)


def test_a_game_without_measures_stores_none(tmp_path: Path) -> None:
    rows = _simulate(tmp_path, "fuji", 1, "random", "players=2")
    assert rows[0]["measures"] is None


def test_measures_a_game_did_not_declare_or_of_the_wrong_shape_are_refused() -> None:
    robinson, discover = load_game("robinson"), load_game("discover")
    assert check_measures(robinson, {"wood": 4, "wood_by_round": [0, 4]}, 2) == {"wood": 4, "wood_by_round": [0, 4]}
    with pytest.raises(GameDefinitionError, match="measure 'rope', which it does not declare"):
        check_measures(robinson, {"rope": 1}, 2)
    with pytest.raises(GameDefinitionError, match="it must be a whole number"):
        check_measures(robinson, {"wood": 4.5}, 2)
    with pytest.raises(GameDefinitionError, match="a list of 3 whole numbers"):
        check_measures(discover, {"day": [1, 2]}, 3)

    class Badly(type(robinson)):  # type: ignore[misc]
        measures = {"Wood": Measure("wood")}

    with pytest.raises(GameDefinitionError, match="declares measures"):
        check_declarations(Badly())


# --- the report ---------------------------------------------------------------------------------------------------
def _robinson_row(index: int, code: str, rounds: int, wood_by_round: list[int], bots: str = "heuristic") -> dict[str, Any]:
    won = code == "signal_fire"
    seat = {"won": won, "score": wood_by_round[-1] + (10 if won else 0), "code": code, "reason": code}
    return {"game": "robinson", "game_index": index, "config": 0, "seed": index,
            "options": json.dumps({"players": 2}), "bots": bots, "ended": True, "team_won": won,
            "seats": [seat, seat], "rounds": rounds, "actions": 50, "chance": 50, "details": "{}",
            "measures": json.dumps({"wood": wood_by_round[-1], "wood_by_round": wood_by_round}), "duration_s": 0.1}


ROBINSON_ROWS = [
    _robinson_row(0, "signal_fire", 3, [5, 10, 15]),
    _robinson_row(1, "signal_fire", 3, [3, 9, 15]),
    _robinson_row(2, "death", 2, [1, 2]),
    _robinson_row(3, "death", 3, [2, 4, 7]),
    _robinson_row(4, "out_of_time", 3, [4, 8, 12]),
]


def _results(tmp_path: Path, game: str, rows: list[dict[str, Any]]) -> Any:
    path = tmp_path / f"{game}-hand.parquet"
    pq.write_table(rows_to_table(rows, load_game(game)), path)
    return load_results([path])


def test_robinson_report_shows_the_wood_pile_and_the_rounds_of_losses_not_a_score_of_25(tmp_path: Path) -> None:
    results = _results(tmp_path, "robinson", ROBINSON_ROWS)
    plots = charts(results, [], None)
    assert set(plots) == {"length", "endings", "measure-wood", "measure-wood_by_round"}  # no score plot
    endings = plots["endings"]
    assert (endings.style, endings.xlabel, endings.ylabel) == ("stacked", "rounds", "games")
    assert [(s.label, s.x, s.y) for s in endings.panels[0].series] == [
        ("signal_fire (2)", [2, 3], [0, 2]), ("death (2)", [2, 3], [1, 1]), ("out_of_time (1)", [2, 3], [0, 1])]
    wood = plots["measure-wood"]
    assert wood.xlabel == "wood on the pile at the end" and wood.panels[0].series[1].label == "death (2)"
    assert dict(zip(wood.panels[0].series[1].x, wood.panels[0].series[1].y, strict=True))[7] == 1
    progress = plots["measure-wood_by_round"]
    assert (progress.style, progress.xlabel) == ("lines", "round")
    assert progress.ylabel == "wood on the pile at the end of the round (mean)"
    won, died, late = progress.panels[0].series
    assert (won.label, won.x, won.y) == ("signal_fire (2 games)", [1, 2, 3], [4, 9.5, 15])
    assert (died.y, late.label) == ([1.5, 3, 7], "out_of_time (1 game)")  # round 3: only the game still going

    text = build_report(results, ReportInput(by=[]))
    assert "Every game the team won scored 25: the score tells no more than the win rate" in text
    assert "| ending | games | mean | min | p10 | median | p90 | max |" in text
    assert "| `death` | 2 | 2.5 | 2 | 2 | 2 | 3 | 3 |" in text  # the rounds in which the team lost
    assert "| `death` | 2 | 4.5 | 2 | 2 | 2 | 7 | 7 |" in text  # the wood on the pile when it did
    assert "| ending | games | round 1 | round 2 | round 3 |" in text
    assert "| `signal_fire` | 2 | 4.0 | 9.5 | 15.0 |" in text and "| `death` | 2 | 1.5 | 3.0 | 7.0 |" in text

    written = write_plots(results, [], None, tmp_path / "img", prefix="r-")
    assert set(written) == {"winrate", *plots}
    for path in written.values():
        data = path.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24])[0] > 200


def _fuji_row(index: int, level: int, players: int, rounds: int, score: int) -> dict[str, Any]:
    options = {"players": players, "level": level}
    seat = {"won": True, "score": score, "code": "village", "reason": "home"}
    return {"game": "fuji", "game_index": index, "config": 0, "seed": index, "options": json.dumps(options),
            "bots": "heuristic", "ended": True, "team_won": True, "seats": [seat] * players, "rounds": rounds,
            "actions": 80, "chance": 80, "details": "{}", "measures": None, "duration_s": 0.1}


FUJI_ROWS = [_fuji_row(0, 1, 2, 5, 8), _fuji_row(1, 1, 2, 6, 9), _fuji_row(2, 1, 3, 6, 12),
             _fuji_row(3, 4, 2, 8, 3), _fuji_row(4, 4, 3, 7, 5), _fuji_row(5, 4, 3, 9, 6)]


def test_fuji_length_and_score_are_split_by_the_x_key_then_by_the_others(tmp_path: Path) -> None:
    results = _results(tmp_path, "fuji", FUJI_ROWS)
    plots = charts(results, ["players"], "level")
    length = plots["length"]
    assert [p.title for p in length.panels] == ["level 1", "level 4"] and length.columns == 2
    assert (length.xlabel, length.ylabel) == ("rounds", "% of games")
    one = {s.label: dict(zip(s.x, s.y, strict=True)) for s in length.panels[0].series}
    assert one == {"players 2": {5: 50, 6: 50}, "players 3": {6: 100}}  # level 4's long games are not here
    four = {s.label: dict(zip(s.x, s.y, strict=True)) for s in length.panels[1].series}
    assert four == {"players 2": {8: 100}, "players 3": {7: 50, 8: 0, 9: 50}}
    score = plots["score"]
    assert score.ylabel == "% of won games" and [p.title for p in score.panels] == ["level 1", "level 4"]
    assert {s.label: s.x for s in score.panels[1].series} == {"players 2": [3], "players 3": [5, 6]}
    endings = plots["endings"]  # when the games ended, a panel per level too
    assert [p.title for p in endings.panels] == ["level 1", "level 4"]
    assert [(s.label, s.x, s.y) for s in endings.panels[1].series] == [("village (3)", [7, 8, 9], [1, 1, 1])]
    assert "measure-wood" not in plots


def test_report_with_x_outside_by_shows_the_pivot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "fuji.parquet"
    pq.write_table(rows_to_table(FUJI_ROWS, load_game("fuji")), path)
    assert main(["report", str(path), "--x", "level", "--by", "players", "--plots", str(tmp_path / "img")]) == 0
    text = capsys.readouterr().out
    assert "## Team win rate by level × players" in text
    assert "|  | level 1 | level 4 |" in text
    assert "| players 3 | 100.0% (20.7–100.0%), 1 | 100.0% (34.2–100.0%), 2 |" in text
    # the length table splits by level too, as the plot does
    assert "| players | level | games | mean |" in text and "| 3 | 4 | 2 | 8 |" in text
    assert (tmp_path / "img" / "length.png").stat().st_size > 1000


def _discover_row(index: int, codes: list[str], days: list[int], rounds: int) -> dict[str, Any]:
    seats = [{"won": code == "quest", "score": int(code == "quest"), "code": code, "reason": code} for code in codes]
    return {"game": "discover", "game_index": index, "config": 0, "seed": index,
            "options": json.dumps({"players": len(codes)}), "bots": "heuristic", "ended": True, "team_won": None,
            "seats": seats, "rounds": rounds, "actions": 80, "chance": 80, "details": "{}",
            "measures": json.dumps({"day": days}), "duration_s": 0.1}


def test_discover_report_shows_seat_results_by_cause_and_day_not_a_score_of_0_or_1(tmp_path: Path) -> None:
    rows = [_discover_row(0, ["quest", "eliminated"], [6, 4], 6), _discover_row(1, ["quest", "quest"], [5, 7], 7),
            _discover_row(2, ["eliminated", "outlasted"], [3, 2], 3)]
    results = _results(tmp_path, "discover", rows)
    plots = charts(results, [], None)
    assert "score" not in plots and "endings" not in plots  # a seat's own day says more than the game's length
    day = plots["measure-day"]
    assert (day.xlabel, day.ylabel) == ("day the survivor's game ended", "seat results")
    assert [p.title for p in day.panels] == ["seat results by ending"]
    assert [(s.label, s.y) for s in day.panels[0].series] == [
        ("quest (3)", [0, 0, 0, 1, 1, 1]), ("eliminated (2)", [0, 1, 1, 0, 0, 0]), ("outlasted (1)", [1, 0, 0, 0, 0, 0])]
    assert day.panels[0].series[0].x == [2, 3, 4, 5, 6, 7]
    text = build_report(results, ReportInput(by=[]))
    assert "A seat's score follows from its result (a win scores 1 and a loss scores 0)" in text
    assert "% of games" not in text and "| seat results | mean | sd |" not in text
    assert "| ending | seat results | mean | min | p10 | median | p90 | max |" in text
    assert "| `eliminated` | 2 | 3.5 | 3 | 3 | 3 | 4 | 4 |" in text


def test_results_without_measures_still_report(tmp_path: Path) -> None:
    rows = [{k: v for k, v in row.items() if k != "measures"} for row in ROBINSON_ROWS]
    results = _results(tmp_path, "robinson", rows)
    assert set(charts(results, [], None)) == {"length", "endings"}
    text = build_report(results, ReportInput(by=[]))
    assert "## Rounds by ending" in text and "Wood on the pile" not in text
