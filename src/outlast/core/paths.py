"""Where outlast keeps a user's files: one data directory, shared by every part that writes there."""

from __future__ import annotations

import importlib
import os
from pathlib import Path


def data_dir() -> Path:
    """Where outlast keeps a user's data: `OUTLAST_DATA` if set, else platformdirs' user data directory for
    "outlast" if platformdirs is installed, else `~/.local/share/outlast`."""
    given = os.environ.get("OUTLAST_DATA")
    if given:
        return Path(given)
    try:
        platformdirs = importlib.import_module("platformdirs")
    except ImportError:
        return Path.home() / ".local" / "share" / "outlast"
    return Path(platformdirs.user_data_dir("outlast"))
