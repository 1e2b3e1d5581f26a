"""outlast's build backend: setuptools', asking for Cython only when OUTLAST_COMPILE=1 (docs/compiled.md).

A compiled rules core is built for a regular install only. In an editable install the extension modules
would sit beside the sources in src/ and be imported instead of them, so an edit to a compiled module
would silently do nothing: that build is refused, with the reason.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (every hook this file does not change)

CYTHON = "Cython>=3.0"


def _compile_requested() -> bool:
    return os.environ.get("OUTLAST_COMPILE", "").strip() == "1"


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    needs = list(_setuptools.get_requires_for_build_wheel(config_settings))
    return needs + [CYTHON] if _compile_requested() else needs


def build_editable(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                   metadata_directory: str | None = None) -> str:
    if _compile_requested():
        raise SystemExit("OUTLAST_COMPILE=1 compiles a regular install only (`pip install .`, not -e): in an "
                         "editable install the compiled modules would be imported instead of the sources you "
                         "edit. Unset OUTLAST_COMPILE for an editable install.")
    return str(_setuptools.build_editable(wheel_directory, config_settings, metadata_directory))
