"""`outlast serve` says where it is only once it answers, and keeps the page's own files out of its log at INFO
(issue 26 §1).

One real `outlast serve --port 0` process, started here without the harness (whose readiness is that very line):
the moment its ready line is read, a GET of the URL it names must answer; the page's static files it then serves
must not appear in its output, the API's requests must.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import httpx

from .harness import SRC, START_TIMEOUT


def test_the_url_line_comes_once_the_server_answers_and_static_files_stay_out_of_the_log(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", ""), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "outlast", "serve", "--port", "0", "--search-workers", "0",
                             "--db", f"sqlite:///{tmp_path / 's.db'}"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, start_new_session=True)
    timer = threading.Timer(START_TIMEOUT, proc.kill)  # a server that never says it answers fails the test
    timer.start()
    try:
        assert proc.stdout is not None
        before: list[str] = []
        for raw in proc.stdout:
            line = raw.decode(errors="replace")
            if (ready := re.match(r"outlast server on (http://127\.0\.0\.1:(\d+)/)  \(database: sqlite:///", line)):
                break
            before.append(line)
        else:
            raise AssertionError(f"outlast serve ended without its URL line: {''.join(before)}")
        timer.cancel()
        url = ready.group(1)
        assert int(ready.group(2)) > 0  # the port it listens on, not the 0 it was given
        page = httpx.get(url, timeout=10.0)  # at once: no retry, no sleep
        assert page.status_code == 200 and "<html" in page.text.lower()
        for name in ("app.js", "style.css", "common.js"):
            assert httpx.get(f"{url}static/{name}", timeout=10.0).status_code == 200
        assert httpx.get(f"{url}api/games", timeout=10.0).status_code == 200
        proc.terminate()
        rest, _ = proc.communicate(timeout=20)
    finally:
        timer.cancel()
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    logged = rest.decode(errors="replace")
    assert "GET /api/games 200" in logged and "GET / 200" in logged, logged
    assert "/static" not in logged, f"static files logged at INFO:\n{logged}"


def test_a_server_that_does_not_answer_in_time_is_ended_with_its_process_group(tmp_path: Path) -> None:
    from .harness import RUNNING, Server

    server = Server(f"sqlite:///{tmp_path / 's.db'}", log=tmp_path / "serve.log")
    try:
        server.start(timeout=0.01)  # far too short: the harness gives up at once
    except RuntimeError as exc:
        assert "did not say it answers within 0.01 s" in str(exc) or "exited" in str(exc), exc
    else:
        raise AssertionError("a server started within 0.01 s")
    assert server.proc is not None and server.proc.poll() is not None, "the server was left running"
    try:
        os.killpg(server.proc.pid, 0)
    except ProcessLookupError:
        pass
    else:
        raise AssertionError("a process of the server's group still runs")
    assert server not in RUNNING
