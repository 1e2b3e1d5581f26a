"""Tools for testing games: `check_game`, the conformance check every registered game passes.

>>> from outlast.testing import check_game
>>> report = check_game("fuji", policies=("first",), every=400, inputs=2, documents=1,
...                     match_files=1, other_process=False)   # doctest: +SKIP
"""

from .check import POLICIES, ConformanceError, Hang, Report, check_game, configurations, deadline
from .parts import parts_problems

__all__ = ["POLICIES", "ConformanceError", "Hang", "Report", "check_game", "configurations", "deadline", "parts_problems"]
