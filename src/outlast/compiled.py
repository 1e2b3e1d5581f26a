"""The compiled rules core: which modules `OUTLAST_COMPILE=1 pip install .` compiles, and whether they were.

outlast is pure Python and stays so: every module runs as written. A user who wants the forward model faster
(simulations, ISMCTS, training) may build the modules below with Cython into extension modules that sit beside
their sources (docs/compiled.md). The game is the same either way: the compiled core runs the same code, plays
the same games from the same seeds, and is tested against the golden games and the rule tests
(tests/test_compiled.py).

The list holds the modules that do the forward model's work (legal actions, apply, chance, clone, observe),
chosen by profiling random playouts and ISMCTS of every game. Content loading, copy generation, rendering,
documents, bots and the servers stay pure Python: they run once per game or per page, where compiling buys
nothing. `setup.py` reads `MODULES` with `runpy` before outlast is installed, so this file imports only the
standard library.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
from dataclasses import dataclass

MODULES: tuple[str, ...] = (
    # the kernel
    "outlast.core.decision", "outlast.core.declared", "outlast.core.game", "outlast.core.parts",
    "outlast.core.rng", "outlast.core.verbs", "outlast.core.words",
    # the search agents share
    "outlast.agents.ismcts",
    # Fuji
    "outlast.games.fuji.abilities", "outlast.games.fuji.actions", "outlast.games.fuji.board",
    "outlast.games.fuji.decisions", "outlast.games.fuji.equipment", "outlast.games.fuji.eruption",
    "outlast.games.fuji.movement", "outlast.games.fuji.planning", "outlast.games.fuji.refusals",
    "outlast.games.fuji.rerolls", "outlast.games.fuji.rolling", "outlast.games.fuji.rounds",
    "outlast.games.fuji.scoring", "outlast.games.fuji.setup", "outlast.games.fuji.state",
    "outlast.games.fuji.table",
    # Robinson Crusoe
    "outlast.games.robinson.abilities", "outlast.games.robinson.action_resolution",
    "outlast.games.robinson.chance", "outlast.games.robinson.constants", "outlast.games.robinson.decision_base",
    "outlast.games.robinson.decisions", "outlast.games.robinson.decks", "outlast.games.robinson.effects",
    "outlast.games.robinson.event_phase", "outlast.games.robinson.exploration", "outlast.games.robinson.game_end",
    "outlast.games.robinson.island_decisions", "outlast.games.robinson.item_use",
    "outlast.games.robinson.morale_phase", "outlast.games.robinson.mysteries", "outlast.games.robinson.night_phase",
    "outlast.games.robinson.pawns", "outlast.games.robinson.planning", "outlast.games.robinson.production_phase",
    "outlast.games.robinson.program", "outlast.games.robinson.resources", "outlast.games.robinson.round_loop",
    "outlast.games.robinson.setup", "outlast.games.robinson.state", "outlast.games.robinson.table",
    "outlast.games.robinson.weather_phase", "outlast.games.robinson.wounds",
    # Discover: Lands Unknown
    "outlast.games.discover.abilities", "outlast.games.discover.actions", "outlast.games.discover.board",
    "outlast.games.discover.carrying", "outlast.games.discover.combat", "outlast.games.discover.combat_base",
    "outlast.games.discover.combat_choices", "outlast.games.discover.combat_pvp",
    "outlast.games.discover.combat_steps", "outlast.games.discover.crafting", "outlast.games.discover.damage",
    "outlast.games.discover.day_actions", "outlast.games.discover.decisions", "outlast.games.discover.effects",
    "outlast.games.discover.exploring", "outlast.games.discover.fields", "outlast.games.discover.flow",
    "outlast.games.discover.gathering", "outlast.games.discover.monsters", "outlast.games.discover.night",
    "outlast.games.discover.numbered", "outlast.games.discover.parts", "outlast.games.discover.quests",
    "outlast.games.discover.rounds", "outlast.games.discover.setup", "outlast.games.discover.state",
    "outlast.games.discover.trading",
)


def source_path(module: str) -> str:
    """`outlast.games.fuji.state` → `src/outlast/games/fuji/state.py`, relative to the project's root."""
    return "src/" + module.replace(".", "/") + ".py"


@dataclass(frozen=True)
class CoreBuild:
    """Which of `MODULES` this process would import compiled (extension modules) and which as Python source."""

    compiled: tuple[str, ...]
    pure: tuple[str, ...]

    def describe(self) -> str:
        """One line for a report: `pure Python`, `compiled with Cython (78 of 78 modules)`, or a mix named as such."""
        if not self.compiled:
            return "pure Python"
        if not self.pure:
            return f"compiled with Cython ({len(self.compiled)} of {len(MODULES)} modules)"
        return (f"partly compiled: {len(self.compiled)} of {len(MODULES)} modules, "
                f"{len(self.pure)} as Python source (first: {self.pure[0]})")


def core_build() -> CoreBuild:
    """Find each module of `MODULES` the way `import` would (its package is imported, the module itself is not)."""
    compiled: list[str] = []
    pure: list[str] = []
    for name in MODULES:
        spec = importlib.util.find_spec(name)
        extension = spec is not None and isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
        (compiled if extension else pure).append(name)
    return CoreBuild(tuple(compiled), tuple(pure))
