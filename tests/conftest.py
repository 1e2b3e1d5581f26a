"""Shared test setup.

The tests folder is on the import path, so tests import `fuji_helpers` (the builder of real Fuji
states from options plus chosen chance outcomes). Hypothesis runs without deadlines: a whole-game
example takes as long as the game.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile("outlast", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("outlast")
