"""A simulation job: which games to play, expanded into a fixed, numbered list of game specs.

A `Job` is a game, base options, option sweeps, bot line-ups, a number of games per configuration
and a master seed. `Job.specs()` expands it into `GameSpec`s; game `i` always gets the same
options, bots and seed (`derive_seed(master, i)`), so results depend neither on the number of
workers nor on the order in which games finish, and a resumed run knows exactly what is missing.

Configurations are the product of the line-ups and the sweeps (line-ups outermost, then the sweeps
in the order given, the last one varying fastest). Game indices go round-robin over the
configurations: game `i` plays configuration `i % C`, so a run stopped early has covered every
configuration about equally.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from outlast.agents import make_agent, parse_spec
from outlast.core import Game, OptionError, load_game

JOB_FORMAT = "outlast-sim-job"
JOB_VERSION = 2
"""2: the rows keep every seat's result (`outlast.sim.results.RESULTS_FORMAT`); 1 was one `won` per game."""


class SimInputError(OptionError):
    """A bad `simulate` or `report` argument, named by its flag (the CLI exits with code 2)."""

    def __init__(self, flag: str, message: str) -> None:
        super().__init__(flag, "", "", message)


def derive_seed(master: int, index: int) -> int:
    """The seed of game `index` of a job with seed `master`: a 63-bit int, the same on every machine.

    >>> derive_seed(0, 1) == derive_seed(0, 1) != derive_seed(0, 2)
    True
    """
    digest = hashlib.blake2b(f"{master}/{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def parse_sweep(text: str) -> tuple[str, list[str]]:
    """Read `NAME=VALUES`: `level=1..4` (an inclusive int range), `players=3,4` or `scenario=1..3,random`.

    Values stay text; the game's option schema checks them. Bad syntax raises `SimInputError`.
    """
    name, eq, rest = text.partition("=")
    name = name.strip().replace("-", "_")
    if not eq or not name or not rest.strip():
        raise SimInputError("--sweep", f"--sweep {text!r}: write NAME=VALUES, e.g. level=1..4 or players=3,4")
    values: list[str] = []
    for part in (p.strip() for p in rest.split(",")):
        if not part:
            raise SimInputError("--sweep", f"--sweep {text!r}: an empty value in the list")
        m = re.fullmatch(r"(-?\d+)\s*\.\.\s*(-?\d+)", part)
        if m:
            lo, hi = int(m.group(1)), int(m.group(2))
            if hi < lo:
                raise SimInputError("--sweep", f"--sweep {text!r}: the range {part} is empty (write low..high)")
            values.extend(str(v) for v in range(lo, hi + 1))
        elif ".." in part:
            raise SimInputError("--sweep", f"--sweep {text!r}: {part!r} is not a range of ints such as 1..4")
        else:
            values.append(part)
    if len(set(values)) != len(values):
        raise SimInputError("--sweep", f"--sweep {text!r}: a value is repeated")
    return name, values


def parse_option(text: str) -> tuple[str, str]:
    """Read `--option NAME=VALUE`."""
    name, eq, value = text.partition("=")
    name = name.strip().replace("-", "_")
    if not eq or not name:
        raise SimInputError("--option", f"--option {text!r}: write NAME=VALUE")
    return name, value.strip()


def parse_lineup(text: str) -> tuple[str, ...]:
    """Read a `--bots` line-up: one agent spec for every seat, or one spec per seat.

    Seats are separated by `;` (`heuristic;random;random`). When no spec has parameters a comma
    works too (`heuristic,random,random`); a spec with parameters keeps its commas
    (`ismcts:iters=500,c=1.4`), so a per-seat list of such specs must use `;`.
    Each spec is normalised by `outlast.agents.parse_spec`.
    """
    raw = text.strip()
    if not raw:
        raise SimInputError("--bots", "--bots: give a bot name such as random or heuristic")
    if ";" in raw:
        parts = raw.split(";")
    elif ":" not in raw:
        parts = raw.split(",")
    else:
        parts = [raw]
    specs: list[str] = []
    for part in parts:
        if not part.strip():
            raise SimInputError("--bots", f"--bots {text!r}: an empty seat in the line-up")
        name, params = parse_spec(part)
        specs.append(name + (":" + ",".join(f"{k}={v}" for k, v in params.items()) if params else ""))
    return tuple(specs)


def lineup_text(lineup: Sequence[str]) -> str:
    """The canonical text of a line-up: one spec, or the seats' specs joined by `;`."""
    return ";".join(lineup)


@dataclass(frozen=True)
class GameSpec:
    """One game to play: everything a worker needs, and nothing it has to look up."""

    game: str
    index: int
    config: int
    seed: int
    options: tuple[tuple[str, Any], ...]
    """Resolved options in schema order (list options as tuples)."""
    bots: tuple[str, ...]
    """The line-up: one spec (every seat) or one per seat."""


@dataclass(frozen=True)
class Config:
    """One configuration: resolved options and a bot line-up."""

    options: dict[str, Any]
    bots: tuple[str, ...]


@dataclass(frozen=True)
class Job:
    """What `outlast simulate` runs. `validate()` checks every configuration before any game starts."""

    game: str
    games: int
    seed: int = 0
    options: tuple[tuple[str, str], ...] = ()
    sweeps: tuple[tuple[str, tuple[str, ...]], ...] = ()
    lineups: tuple[tuple[str, ...], ...] = (("random",),)

    @classmethod
    def build(cls, game: str, games: int, seed: int = 0, options: Sequence[str] = (),
              sweeps: Sequence[str] = (), bots: Sequence[str] = ()) -> Job:
        """A job from command-line texts (`--option`, `--sweep`, `--bots`), validated.

        Raises `SimInputError` / `OptionError` naming the bad flag or option before anything runs.
        """
        if games < 1:
            raise SimInputError("--games", f"--games {games}: play at least one game per configuration")
        opts = [parse_option(o) for o in options]
        swept = [parse_sweep(s) for s in sweeps]
        names = [n for n, _ in swept]
        for name in names:
            if names.count(name) > 1:
                raise SimInputError("--sweep", f"--sweep {name}: the option is swept twice; list all values once")
            if name in dict(opts):
                raise SimInputError("--sweep", f"--sweep {name}: the option is also set by --option; choose one")
        lineups = [parse_lineup(b) for b in bots] or [("random",)]
        if len(set(lineups)) != len(lineups):
            raise SimInputError("--bots", "--bots: a line-up is given twice")
        job = cls(game, games, seed, tuple(opts), tuple((n, tuple(v)) for n, v in swept), tuple(lineups))
        job.validate()
        return job

    # --- expansion --------------------------------------------------------------------------
    def load(self) -> Game:
        """The job's game."""
        return load_game(self.game)

    @cached_property
    def _configs(self) -> list[Config]:
        game = self.load()
        base = dict(self.options)
        for name in [*base, *(n for n, _ in self.sweeps)]:
            game.options.get(name)  # an unknown option name raises OptionError listing the known ones
        out: list[Config] = []
        for lineup in self.lineups:
            for combo in itertools.product(*(values for _, values in self.sweeps)):
                given = {**base, **dict(zip((n for n, _ in self.sweeps), combo, strict=True))}
                resolved = game.options.resolve(given)
                self._check_lineup(game, lineup, resolved)
                out.append(Config(resolved, lineup))
        return out

    def configs(self) -> list[Config]:
        """Every configuration, checked: options resolved by the game's schema, bots known and counted."""
        return self._configs

    def validate(self) -> None:
        """Check every configuration (see `configs`)."""
        self.configs()

    @staticmethod
    def _check_lineup(game: Game, lineup: tuple[str, ...], options: Mapping[str, Any]) -> None:
        for spec in set(lineup):
            try:
                make_agent(spec, game)
            except OptionError:
                raise
            except (TypeError, ValueError) as exc:
                raise SimInputError("--bots", f"--bots: bot {spec!r} cannot be made: {exc}") from None
        players = options.get("players")
        if len(lineup) > 1 and isinstance(players, int) and len(lineup) != players:
            raise SimInputError(
                "--bots", f"--bots {lineup_text(lineup)!r}: {len(lineup)} seats listed for a {players}-player "
                "game; give one bot for every seat or one per seat")

    def total(self) -> int:
        """How many games the job plays."""
        return self.games * len(self.configs())

    def spec(self, index: int) -> GameSpec:
        """Game `index` of the job."""
        configs = self.configs()
        c = index % len(configs)
        conf = configs[c]
        options = tuple((k, v) for k, v in conf.options.items())
        return GameSpec(self.game, index, c, derive_seed(self.seed, index), options, conf.bots)

    def specs(self, skip: set[int] | frozenset[int] = frozenset()) -> Iterator[GameSpec]:
        """Every game of the job in index order, leaving out the indices in `skip`."""
        for index in range(self.total()):
            if index not in skip:
                yield self.spec(index)

    # --- the job document ---------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The JSON-safe job document stored beside the results (checked by `--resume`)."""
        return {
            "format": JOB_FORMAT,
            "version": JOB_VERSION,
            "game": self.game,
            "kind": self.load().kind,
            "rules_version": self.load().rules_version,
            "games": self.games,
            "seed": self.seed,
            "options": [list(o) for o in self.options],
            "sweeps": [[n, list(v)] for n, v in self.sweeps],
            "bots": [lineup_text(lineup) for lineup in self.lineups],
            "total": self.total(),
        }

    def differences(self, doc: Mapping[str, Any]) -> list[str]:
        """The fields in which a stored job document differs from this job (empty: the same job)."""
        mine = self.to_json()
        return [k for k in mine if json.dumps(mine[k]) != json.dumps(doc.get(k))]


def options_json(options: Mapping[str, Any]) -> str:
    """Options as compact JSON with sorted keys (tuples become lists)."""
    return json.dumps({k: list(v) if isinstance(v, tuple) else v for k, v in options.items()},
                      sort_keys=True, separators=(",", ":"))
