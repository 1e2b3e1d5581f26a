"""The golden games: 260 whole games recorded at commit 08d2674 replay identically (architecture §4).

`golden/corpus.jsonl.gz` is a copy of the project's recorded corpus (random and heuristic bots, every player
count, levels, scenarios, skills and variants of Fuji and Robinson Crusoe). For every step it holds the acting
seat, the action's canonical text and a hash of the sorted legal action texts of every seat that may act
(chance outcomes included); then each seat's result. The replay uses the public contract only, so it holds
through any redesign that keeps the rules, the options, the seeded chance and the action texts.

A game that differs is a regression, or a rule change: then name it with its § in the commit, bump the
game's rules version and re-record the games it changes.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import outlast
from outlast import CHANCE, OutlastError

CORPUS = Path(__file__).parent / "golden" / "corpus.jsonl.gz"
CHUNKS = 8


@cache
def corpus() -> list[dict[str, Any]]:
    with gzip.open(CORPUS, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def legal_hash(state: Any) -> str:
    """The recorded fingerprint of a position: who may act and every text each of them may play."""
    parts = []
    for seat in state.to_move():
        if seat == CHANCE:
            texts = sorted(str(a) for a, _ in state.chance_outcomes())
        else:
            texts = sorted(str(a) for a in state.legal_actions(seat))
        parts.append(f"{seat}:" + "\n".join(texts))
    return hashlib.sha1("\x00".join(parts).encode()).hexdigest()[:12]


def result_of(state: Any) -> list[list[Any]]:
    return [[bool(s.won), s.score] for s in state.outcome().seats]


def replay(rec: dict[str, Any]) -> str | None:
    """None when the recorded game replays identically, else where it first differs."""
    state = outlast.load_game(rec["game"]).new_game(seed=rec["seed"], **rec["options"])
    for i, (seat, text, recorded) in enumerate(rec["steps"]):
        if legal_hash(state) != recorded:
            return f"step {i}: the legal actions differ before `{text}` (seat {seat})"
        try:
            state.apply(text, seat=seat)
        except OutlastError as exc:
            return f"step {i}: `{text}` (seat {seat}) refused: {exc}"
    if state.is_over() != rec["over"]:
        return f"end: is_over() is {state.is_over()}, recorded {rec['over']}"
    if rec["over"] and result_of(state) != rec["result"]:
        return f"end: result {result_of(state)}, recorded {rec['result']}"
    return None


def test_the_corpus_covers_both_games_and_every_player_count() -> None:
    games = corpus()
    assert len(games) == 260
    counts = {(g["game"], g["options"].get("players")) for g in games}
    assert {p for name, p in counts if name == "fuji"} == {2, 3, 4}
    assert {p for name, p in counts if name == "robinson"} == {1, 2, 3, 4}


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_golden_games_replay_identically(chunk: int) -> None:
    games = corpus()[chunk::CHUNKS]
    differ = []
    for rec in games:
        why = replay(rec)
        if why:
            differ.append(f"{rec['game']} seed {rec['seed']} {rec['options']} bots {rec['bots']}: {why}")
    assert not differ, "\n".join(differ)


DISCOVER_CORPUS = Path(__file__).parent / "golden" / "discover.jsonl.gz"
"""The Discover games, recorded by `golden/record_discover.py` in the same format: 80 games over 5 copies,
scenarios 1, 2 and 5, every player count, random and heuristic bots."""


@cache
def discover_corpus() -> list[dict[str, Any]]:
    with gzip.open(DISCOVER_CORPUS, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def test_the_discover_corpus_covers_copies_scenarios_player_counts_and_bots() -> None:
    games = discover_corpus()
    assert len(games) == 80 and all(g["game"] == "discover" for g in games)
    assert {g["options"]["players"] for g in games} == {1, 2, 3, 4}
    assert {g["options"]["scenario"] for g in games} == {"1", "2", "5"}
    assert len({g["options"]["copy"] for g in games}) == 5 and {g["bots"] for g in games} == {"random", "heuristic"}
    assert all(g["over"] for g in games)


@pytest.mark.parametrize("chunk", range(2))
def test_discover_golden_games_replay_identically(chunk: int) -> None:
    differ = []
    for rec in discover_corpus()[chunk::2]:
        why = replay(rec)
        if why:
            differ.append(f"seed {rec['seed']} {rec['options']} bots {rec['bots']}: {why}")
    assert not differ, "\n".join(differ)
