"""How this copy of outlast was installed and started, so the commands it prints work from where the user is.

- `install_hint("sim")`: the command that installs an extra: `pip install 'outlast[sim]'` for an installed
  package, or, for an editable install of a clone (what `make` sets up), that clone's own pip:
  `.venv/bin/pip install -e '.[sim]'` (the clone's path instead of `.` outside it).
- `outlast_command()`: how to run `outlast` again: `outlast` when that name on PATH is this program, otherwise
  the path it was started by (`.venv/bin/outlast` after `make play`), or `python -m outlast` through this
  interpreter.

Standard library only: the missing-extra messages need it before anything else can be imported.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import sys
from importlib import metadata
from pathlib import Path
from urllib.parse import unquote, urlparse


def _shown(path: Path) -> str:
    """`path` relative to the working folder when inside it, else absolute (never resolved: a venv's python is
    a symlink out of the venv)."""
    absolute = Path(os.path.abspath(path))
    try:
        return shlex.quote(str(absolute.relative_to(Path.cwd())))
    except ValueError:
        return shlex.quote(str(absolute))


def editable_clone() -> Path | None:
    """The folder of the clone outlast is installed from in editable mode (`pip install -e .`), or None."""
    try:
        text = metadata.distribution("outlast").read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        return None
    try:
        info = json.loads(text or "{}")
    except ValueError:
        return None
    url = info.get("url", "") if isinstance(info, dict) else ""
    if not (info.get("dir_info", {}).get("editable") and url.startswith("file://")):
        return None
    folder = Path(unquote(urlparse(url).path))
    return folder if (folder / "pyproject.toml").is_file() else None


def install_hint(extra: str) -> str:
    """The command that installs the extra `extra` into this outlast (see the module doc)."""
    clone = editable_clone()
    if clone is None:
        return f"pip install 'outlast[{extra}]'"
    pip = Path(sys.prefix) / "bin" / "pip"
    installer = _shown(pip) if pip.exists() else f"{_shown(Path(sys.executable))} -m pip"
    where = "." if Path.cwd().resolve() == clone.resolve() else str(clone)
    return f"{installer} install -e '{where}[{extra}]'"


def outlast_command() -> str:
    """How to run this `outlast` again from the working folder (see the module doc)."""
    started = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if started is not None and started.name in ("outlast", "outlast.exe") and started.exists():
        on_path = shutil.which("outlast")
        if on_path is not None and os.path.samefile(on_path, started):
            return "outlast"
        return _shown(started)
    if started is not None and started.name == "__main__.py" and started.parent.name == "outlast":
        python = Path(sys.executable)
        on_path = shutil.which(python.name)
        same = on_path is not None and os.path.samefile(on_path, python)
        return f"{python.name if same else _shown(python)} -m outlast"  # python -m outlast
    return "outlast"  # called from another program (`main([...])`): the console script's name


__all__ = ["editable_clone", "install_hint", "outlast_command"]
