"""`outlast serve` (the online server) and `outlast export TABLE` (a stored game as a save file).

`serve [--host H] [--port P] [--db URL] [--bot-pace S] [--search-workers N] [limits, --allow-host NAME,
--allow-origin ORIGIN, --trust-proxy ADDRESS]` starts the server; its database is
SQLite under the user's data directory unless `--db` names another SQLite file or a PostgreSQL server. `export
TABLE [--db URL] [-o FILE]` writes a finished table's save file, which `outlast replay` reads. Both need the
`server` extra (`pip install 'outlast[server]'`); docs/server.md and docs/deploy.md say the rest.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path
from typing import Any

from ..core import OutlastError
from ..core.paths import data_dir
from ..install import install_hint, outlast_command
from .main import BadInput


def default_db() -> str:
    """The embedded database: `server.db` in the user's data directory."""
    return f"sqlite:///{data_dir() / 'server.db'}"


def _server_modules() -> Any:
    try:
        from .. import server
    except ImportError as exc:
        raise BadInput(f"the server needs its extra: {install_hint('server')} ({exc.name} is missing)") from None
    return server


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the server until interrupted."""
    server = _server_modules()
    if not 0 <= args.port <= 65535:
        raise BadInput(f"--port must be 0 to 65535, not {args.port}")
    if not 0 <= args.bot_pace <= 60:
        raise BadInput(f"--bot-pace must be 0 to 60 seconds, not {args.bot_pace}")
    if not 0 <= args.search_workers <= 64:
        raise BadInput(f"--search-workers must be 0 to 64, not {args.search_workers}")
    if not 1 <= args.rate_limit <= 100_000:
        raise BadInput(f"--rate-limit must be 1 to 100000 messages a second, not {args.rate_limit}")
    if not 0.5 <= args.bot_lease <= 3600:
        raise BadInput(f"--bot-lease must be 0.5 to 3600 seconds, not {args.bot_lease}")
    given = {"requests": ("--request-limit", args.request_limit, 100_000),
             "tables": ("--table-limit", args.table_limit, 100_000),
             "joins": ("--join-limit", args.join_limit, 100_000),
             "open_tables": ("--open-table-limit", args.open_table_limit, 1_000_000),
             "sockets": ("--socket-limit", args.socket_limit, 1_000_000)}
    for option, value, top in given.values():
        if value is not None and not 0 <= value <= top:
            raise BadInput(f"{option} must be 0 (no limit) to {top:,}, not {value:g}")
    try:
        limits = server.Limits(**{name: value for name, (_, value, _) in given.items() if value is not None})
        hosts, origins, proxies = (server.parse_list(v) for v in (args.allow_host, args.allow_origin,
                                                                   args.trust_proxy))
        server.Access(host=args.host, allow_hosts=hosts, allow_origins=origins, trust_proxies=proxies)
    except server.GuardError as exc:
        raise BadInput(str(exc)) from None
    db = args.db or default_db()
    if db.startswith("sqlite:///"):
        Path(db[len("sqlite:///"):]).parent.mkdir(parents=True, exist_ok=True)
    server.serve(db, host=args.host, port=args.port, bot_pace=args.bot_pace, processes=args.search_workers,
                 rate=args.rate_limit, lease=args.bot_lease, limits=limits, allow_hosts=hosts,
                 allow_origins=origins, trust_proxies=proxies)
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    """Write a finished table's save file (to stdout, or to `-o FILE`)."""
    server = _server_modules()
    store = server.Store(args.db or default_db())
    try:
        row = store.table(args.table)
        if row.status not in ("over", "stale"):  # a stale table gets export_document's own refusal
            raise BadInput(f"table {args.table} is {row.status}: a game is exported once it is over")
        doc = server.export_document(store, args.table)
    finally:
        store.close()
    text = json.dumps(doc, indent=1) + "\n"
    if args.output is None:
        sys.stdout.write(text)
    else:
        try:
            args.output.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise OutlastError(f"cannot write {args.output}: {exc.strerror or exc}") from None
        print(f"table {args.table} written to {args.output}; read it with: {outlast_command()} replay "
              f"{shlex.quote(str(args.output))}")
    return 0


def add_serve_parsers(sub: Any) -> None:
    p = sub.add_parser("serve", help="run the online server (lobby, seats, bots, live play)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    p.add_argument("--db", metavar="URL", help="sqlite:///FILE or postgresql://USER@HOST:PORT/DB "
                   "(default: SQLite in the user's data directory)")
    p.add_argument("--bot-pace", type=float, default=0.3, metavar="SECONDS",
                   help="how long a bot seat waits before it acts (default 0.3)")
    p.add_argument("--search-workers", type=int, default=1, metavar="N",
                   help="processes for search bots such as ismcts (default 1; 0 runs them in threads)")
    p.add_argument("--rate-limit", type=float, default=20.0, metavar="N",
                   help="messages a second each connection may send on average, bursts of 2N (default 20)")
    p.add_argument("--bot-lease", type=float, default=10.0, metavar="SECONDS",
                   help="how long a process's hold on a table's bots lasts unrenewed: a killed process's bots "
                        "are taken over by another process after this (default 10)")
    # the defaults are guard.Limits' (not imported here: the parser is built for every command)
    p.add_argument("--request-limit", type=float, metavar="N",
                   help="HTTP requests (websocket handshakes included) a second each client may make on average, "
                        "bursts of 2N (default 50; 0: no limit)")
    p.add_argument("--table-limit", type=float, metavar="N",
                   help="tables each client may open a minute, bursts of N (default 10; 0: no limit)")
    p.add_argument("--open-table-limit", type=int, metavar="N",
                   help="tables each client may have open (not started) at once (default 20; 0: no limit)")
    p.add_argument("--join-limit", type=float, metavar="N",
                   help="seats each client may take a minute, bursts of N (default 30; 0: no limit)")
    p.add_argument("--socket-limit", type=int, metavar="N",
                   help="websockets each client may hold open at once (default 32; 0: no limit)")
    p.add_argument("--allow-host", action="append", metavar="NAME",
                   help="a Host name the server answers to besides IP addresses, localhost and --host "
                        "(repeat it or separate names with commas; * for any)")
    p.add_argument("--allow-origin", action="append", metavar="ORIGIN",
                   help="a web origin (https://games.example) whose pages may use the server besides its own "
                        "(repeat it or separate origins with commas; * for any)")
    p.add_argument("--trust-proxy", action="append", metavar="ADDRESS",
                   help="a proxy's address or network whose X-Forwarded-For and X-Forwarded-Proto are believed "
                        "(repeat it or separate them with commas; default: none)")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("export", help="write a finished online table as a save file")
    p.add_argument("table", help="the table id")
    p.add_argument("--db", metavar="URL", help="the server's database (default: as outlast serve)")
    p.add_argument("-o", "--output", type=Path, metavar="FILE", help="write to FILE instead of stdout")
    p.set_defaults(func=cmd_export)
