"""Tutorial tables through a real `outlast serve` process (docs/server.md, Tutorials): the learner's moves off the
script are refused with the coach's hint and change nothing; the other seats follow the script; the whole script
completes over the websocket; bad requests get typed errors."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from outlast.tutorials import GAMES, load_tutorial

from .harness import Player, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Server:
    with Server(f"sqlite:///{tmp_path_factory.mktemp('tutorials') / 's.db'}", args=["--table-limit", "100"]) as running:
        yield running  # type: ignore[misc]


def _coached(msg: dict[str, object]) -> bool:
    return msg.get("type") == "state" and "coach" in msg and not msg["coach"].get("waiting")  # type: ignore[union-attr]


def test_the_lobby_lists_a_tutorial_per_game(server: Server) -> None:
    listed = server.get("/api/tutorials").json()
    assert [t["game"] for t in listed] == list(GAMES)
    assert all(10 <= t["steps"] <= 25 and t["title"].startswith("Learn") for t in listed)


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"game": "chess"}, 404, "no_tutorial"),
    ({"game": ["fuji"]}, 404, "no_tutorial"),
    ({}, 404, "no_tutorial"),
    ({"game": "fuji", "seed": 3}, 400, "malformed"),
    ({"game": "fuji", "name": 7}, 400, "malformed"),
    ({"game": "fuji", "name": "  "}, 400, "malformed"),
])
def test_a_bad_tutorial_request_is_a_typed_error(server: Server, body: dict[str, object], status: int,
                                                 code: str) -> None:
    reply = server.post("/api/tutorials", body)
    assert (reply.status_code, reply.json()["error"]) == (status, code), reply.text


def test_a_tutorial_table_is_private_labelled_and_has_no_host(server: Server) -> None:
    made = server.post("/api/tutorials", {"game": "fuji", "name": "Ann"}).json()
    assert set(made) == {"table", "seat", "token", "game"}
    entry = server.get(f"/api/tables/{made['table']}").json()
    assert entry["public"] is False and entry["status"] == "playing"
    assert [label["kind"] for label in entry["labels"]] == ["tutorial"]
    assert entry["seats"][0]["name"] == "Ann" and entry["seats"][1]["kind"] == "bot"
    assert made["table"] not in [t["table"] for t in server.get("/api/tables").json()]
    refused = server.post(f"/api/tables/{made['table']}/seats/1/kick", None, made["token"])
    assert refused.status_code == 403  # the learner's token hosts nothing


def test_an_off_script_move_is_refused_with_the_hint_and_changes_nothing(server: Server) -> None:
    tutorial = load_tutorial("fuji")
    made = server.post("/api/tutorials", {"game": "fuji"}).json()

    async def run() -> None:
        async with Player(server.ws_url(made["table"]), made["token"]) as learner:
            state = await learner.until(_coached)
            coach = state["coach"]
            assert coach["step"] == 1 and coach["of"] == tutorial.learner_steps and coach["intro"]
            assert coach["action"] == "mark E2" and [p["values"] for p in coach["pick"]] == [["mark"], ["E2"]]
            assert "mark D2" in state["legal"]  # legal by the rules, but not the tutorial's move
            await learner.send({"type": "act", "version": state["version"], "action": "mark D2", "id": 5})
            refusal = await learner.until(lambda m: m.get("type") == "rejected")
            assert refusal == {"type": "rejected", "code": "off_script", "reason": tutorial.steps[1].hint,
                               "rule": "", "version": state["version"], "id": 5}
            await learner.send({"type": "sync"})
            again = await learner.until(lambda m: m.get("type") == "state")
            assert again["version"] == state["version"] and again["coach"]["step"] == 1
            await learner.send({"type": "act", "version": state["version"], "action": "mark E2", "id": 6})
            moved = await learner.until(lambda m: m.get("type") == "state" and m.get("ack") == 6)
            assert moved["coach"]["step"] == 2 and moved["coach"]["action"] == "ready"

    asyncio.run(run())
    actions = server.get(f"/api/tables/{made['table']}/replay?step=0").json()
    assert actions  # the table replays (its stored actions are the script's)


@pytest.mark.parametrize("game", GAMES)
def test_the_whole_script_completes_over_the_websocket(server: Server, game: str) -> None:
    """The learner plays each coached move; the bots play theirs; the coach ends with what to do next."""
    tutorial = load_tutorial(game)
    made = server.post("/api/tutorials", {"game": game, "name": "Learner"}).json()

    async def run() -> dict[str, object]:
        async with Player(server.ws_url(made["table"]), made["token"]) as learner:
            played = 0
            while True:
                state = await learner.until(lambda m: m.get("type") == "state" and "coach" in m
                                            and not m["coach"].get("waiting") and m["legal"])
                coach = state["coach"]
                if coach.get("finished"):
                    return coach
                assert coach["action"] in state["legal"]
                await learner.send({"type": "act", "version": state["version"], "action": coach["action"]})
                played += 1
                assert played <= tutorial.learner_steps

    coach = asyncio.run(run())
    assert coach["say"] == tutorial.done and coach["step"] == coach["of"] == tutorial.learner_steps


def test_tutorials_count_against_the_table_limit(tmp_path: Path) -> None:
    with Server(f"sqlite:///{tmp_path / 's.db'}", args=["--table-limit", "2"]) as limited:
        assert [limited.post("/api/tutorials", {"game": "robinson"}).status_code for _ in range(3)] == [200, 200, 429]
