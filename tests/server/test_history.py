"""Finished games as save files, and tables whose rules changed (issue 13 §1 History, §2 the rules version check).

Games are played through the hub in this process on a SQLite file; the export is then read over HTTP (the
application in this process, its lifespan included) and by `outlast export` and `outlast replay` as real
commands, which must agree byte for byte on the document.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text

from outlast.core import Match, load_game, state_digest
from outlast.server import create_app
from outlast.server.guard import IN_PROCESS
from outlast.server.store import Store

from .harness import SRC
from .rig import over_and_playing

with warnings.catch_warnings():  # Starlette asks for httpx2 here; the client works the same with httpx
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def outlast(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the `outlast` command (this worktree's code) and capture what it says."""
    env = dict(os.environ, PYTHONPATH=str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "outlast", *args], capture_output=True, text=True, env=env,
                          timeout=120, check=False)


def _played(tmp_path: Path) -> tuple[str, str, str]:
    """A SQLite database with a finished Discover game and a Fuji game in play: (url, over, playing)."""
    return over_and_playing(tmp_path, "history.db", "discover", {"players": 1, "copy": 3}, seed=3, steps=500, rng=0)


@pytest.fixture
def played(tmp_path: Path) -> tuple[str, str, str]:
    return _played(tmp_path)


def _app(url: str) -> Iterator[TestClient]:
    with TestClient(create_app(url, bot_pace=0, processes=0, access=IN_PROCESS)) as client:
        yield client


def test_a_finished_game_exports_as_the_save_file_replay_reads(tmp_path: Path, played: tuple[str, str, str]) -> None:
    url, over, playing = played
    for client in _app(url):
        r = client.get(f"/api/tables/{playing}/export")
        assert r.status_code == 409 and "over" in r.json()["message"]
        r = client.get(f"/api/tables/{over}/export")
        assert r.status_code == 200, r.text
        doc = r.json()
    match = Match.from_json(doc)
    assert match.state.is_over() and doc["game"] == "discover" and doc["options"]["copy"] == 3
    with Store(url) as store:
        assert [(s, t) for s, t, _ in doc["actions"]] == [(s, t) for _, s, t in store.actions(over)]
    assert doc["digest"] == state_digest(match.state)

    out = tmp_path / "game.json"
    done = outlast("export", over, "--db", url, "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert json.loads(out.read_text(encoding="utf-8")) == doc
    shown = outlast("replay", str(out), "--to-end")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip()

    refused = outlast("export", playing, "--db", url, "-o", str(tmp_path / "no.json"))
    assert refused.returncode != 0 and "over" in refused.stderr and not (tmp_path / "no.json").exists()
    missing = outlast("export", "nosuchtable", "--db", url)
    assert missing.returncode != 0 and "nosuchtable" in missing.stderr


def _change_rules_version(url: str, *tables: str) -> None:
    """What a newer engine sees: tables stored under a rules version it does not have."""
    with Store(url) as store, store.engine.begin() as conn:
        for table in tables:
            conn.execute(text("UPDATE tables SET rules_version = 'old-rules-1' WHERE id = :id"), {"id": table})


def test_a_table_whose_rules_version_changed_is_stale_and_stays_readable(tmp_path: Path,
                                                                           played: tuple[str, str, str]) -> None:
    url, over, playing = played
    _change_rules_version(url, over, playing)
    for client in _app(url):  # the start rebuilds the table in play: it is marked, and the server serves on
        for table in (playing, over):
            entry = client.get(f"/api/tables/{table}")
            assert entry.status_code == 200 and entry.json()["status"] == "stale", entry.text
            r = client.get(f"/api/tables/{table}/export")
            assert r.status_code == 409, r.text
            message = r.json()["message"]
            assert "old-rules-1" in message and load_game(entry.json()["game"]).rules_version in message
            assert client.get(f"/api/tables/{table}/chat").status_code == 200
        assert playing not in {t["table"] for t in client.get("/api/tables").json()}
        with client.websocket_connect(f"/ws/{playing}") as ws:
            first: dict[str, Any] = ws.receive_json()
            assert first["type"] == "lobby" and first["status"] == "stale"
            ws.send_json({"type": "act", "version": 6, "action": "go", "id": 1})
            reply = ws.receive_json()
            assert reply["type"] in {"error", "rejected"}
        assert client.get("/api/games").status_code == 200
        fresh = client.post("/api/tables", json={"game": "fuji", "options": {"players": 2}})
        assert fresh.status_code == 200
    with Store(url) as store:
        assert store.table(playing).status == "stale" and store.table(over).status == "stale"
        assert len(store.actions(playing)) > 6  # nothing of it was lost
    done = outlast("export", over, "--db", url)
    assert done.returncode != 0 and "old-rules-1" in done.stderr


def test_a_table_id_never_reads_as_a_command_line_option(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`outlast export ID` takes the id as a word: an id starting with '-' would read as an option."""
    drawn = iter(["-9XAbwaSzOKd1rEz", "--aaaaaaaaaaaaaa", "k9XAbwaSzOKd1rEz"])
    monkeypatch.setattr("outlast.server.store.secrets.token_urlsafe", lambda n: next(drawn))
    with Store(f"sqlite:///{tmp_path / 'ids.db'}") as store:
        made = store.create_table(game="fuji", options={}, seed=1, rules_version="r", content_id="c", public=True,
                                  host_hash="", seats=2)
    assert made == "k9XAbwaSzOKd1rEz"
