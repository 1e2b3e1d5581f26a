"""Replaying an uploaded save file (`POST /api/saves`, `GET /api/saves/KEY`; issue 14 §1 Replay) against a real
`outlast serve` process.

A good save is replayed and stepped from any seat's point of view, exactly as `Match.load` replays it; a
malformed, mistyped, corrupt (an illegal action in its history), unknown-game, other-rules or oversized one is
refused with the typed error's message, and nothing is kept.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from outlast.core import CHANCE, Match, load_game

from .harness import Server


def finished_save(game: str = "fuji", seed: int = 5) -> dict[str, Any]:
    """The save document of a random game played to its end."""
    match = Match.start(load_game(game), seed, {"players": 2})
    rng = random.Random(2)
    while not match.state.is_over():
        movers = [s for s in match.state.to_move() if s != CHANCE]
        if not movers:
            match.resolve_chance()
            continue
        match.play(str(rng.choice(match.state.legal_actions(movers[0]))), movers[0])
    return match.to_json()


def key_of(doc: Any) -> str:
    return hashlib.sha256(json.dumps(doc, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:32]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("saves")
    with Server(f"sqlite:///{tmp / 'outlast.db'}", log=tmp / "server.log") as s:
        yield s


def upload(server: Server, body: bytes) -> httpx.Response:
    return httpx.post(server.url + "/api/saves", content=body, headers={"Content-Type": "application/json"},
                      timeout=60.0)


def test_a_save_is_replayed_and_stepped_from_any_seat(server: Server, tmp_path: Path) -> None:
    doc = finished_save()
    (tmp_path / "game.json").write_text(json.dumps(doc, indent=1))
    match = Match.load(tmp_path / "game.json")
    reply = upload(server, (tmp_path / "game.json").read_bytes())
    assert reply.status_code == 200, reply.text
    got = reply.json()
    assert got == {"save": key_of(doc), "game": "fuji", "steps": len(match.history), "seats": 2}
    assert upload(server, json.dumps(doc).encode()).json()["save"] == got["save"]  # the same document, re-spaced
    states = [state for _, state in match.replay()]
    for step, seat in [(0, None), (5, 1), (len(match.history), 0), (len(match.history) - 1, None)]:
        query = f"?step={step}" + ("" if seat is None else f"&seat={seat}")
        frame = server.get(f"/api/saves/{got['save']}{query}").json()
        assert frame["save"] == got["save"] and frame["table"] is None and frame["seats"] == [{"seat": 0}, {"seat": 1}]
        assert (frame["step"], frame["seat"], frame["steps"]) == (step, seat, len(match.history))
        assert frame["view"] == json.loads(json.dumps(states[step].observe(seat)))
        last = match.history[step - 1] if step else None
        assert frame["action"] == (None if last is None else
                                   {"seat": None if last.seat == CHANCE else last.seat, "text": last.text})
    assert server.get(f"/api/saves/{got['save']}").json()["step"] == len(match.history)  # no step: the end
    for query, code in [("?step=100000", 400), ("?seat=2", 400), ("?step=-1", 400)]:
        assert server.get(f"/api/saves/{got['save']}{query}").status_code == code
    missing = server.get("/api/saves/" + "0" * 32)
    assert missing.status_code == 404 and missing.json()["error"] == "no_save"


def _broken() -> list[tuple[str, Any, str]]:
    """(what, document or raw text, a piece of the refusal's message) for each kind of bad save."""
    doc = finished_save()
    wrong_types = {**doc, "seed": "five"}
    illegal = copy.deepcopy(doc)
    first_seat = next(i for i, row in enumerate(illegal["actions"]) if row[0] != CHANCE)
    illegal["actions"][first_seat][1] = "fly to the moon"
    return [
        ("malformed JSON", '{"format": "outlast-match", ', "not valid JSON"),
        ("not a save", [1, 2, 3], "not an outlast save file"),
        ("wrong types", wrong_types, "'seed' is missing or not a whole number"),
        ("an illegal action", illegal, f"action #{first_seat + 1} ('fly to the moon'"),
        ("unknown game", {**doc, "game": "chess"}, "unknown game"),
        ("other rules", {**doc, "rules_version": "0.0.1"}, "rules"),
        ("altered end", {**doc, "digest": "0" * 16}, "digest"),
        ("not UTF-8", "\udcff", "not UTF-8"),
    ]


@pytest.mark.parametrize("what,body,says", _broken(), ids=lambda v: v if isinstance(v, str) and len(v) < 30 else "")
def test_a_bad_save_is_a_400_with_its_reason_and_nothing_is_kept(server: Server, what: str, body: Any,
                                                                 says: str) -> None:
    raw = body.encode("utf-8", "surrogateescape") if isinstance(body, str) else json.dumps(body).encode()
    reply = upload(server, raw)
    assert reply.status_code == 400, (what, reply.text)
    assert reply.json()["error"] == "bad_save" and says in reply.json()["message"], (what, reply.json())
    if not isinstance(body, str):
        assert server.get(f"/api/saves/{key_of(body)}").status_code == 404


def test_an_oversized_save_is_refused_unread(server: Server) -> None:
    reply = upload(server, b" " * (4 * 1024 * 1024 + 1))
    assert reply.status_code == 413 and reply.json()["error"] == "too_large"

    def chunks() -> Iterator[bytes]:  # no Content-Length: refused once the stream passes the limit
        for _ in range(5):
            yield b" " * (1024 * 1024)

    streamed = httpx.post(server.url + "/api/saves", content=chunks(), timeout=60.0)
    assert streamed.status_code == 413
