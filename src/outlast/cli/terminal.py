"""Where the terminal door reads commands and writes pictures.

Commands come from a script file first (`--script FILE`), then from the keyboard. When standard
input is not a terminal (a pipe, a test), lines are read from it as they come and echoed after the
prompt, so a transcript reads like a session. End of input is reported as `None`.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections import deque
from pathlib import Path
from typing import TextIO

from rich.console import Console, RenderableType

PIPE_WIDTH = 120
"""Width used when output is not a terminal and COLUMNS is unset (rich would pick 80)."""


def make_console(file: TextIO | None = None) -> Console:
    """A rich console: colours on a terminal, plain text (at a readable width) elsewhere."""
    out = file or sys.stdout
    is_tty = hasattr(out, "isatty") and out.isatty()
    width = None if is_tty or os.environ.get("COLUMNS") else PIPE_WIDTH
    return Console(file=out, width=width, highlight=False, soft_wrap=False)


class Terminal:
    """A console for output plus a source of command lines (script, then keyboard or pipe)."""

    def __init__(self, script: Path | None = None, console: Console | None = None,
                 stdin: TextIO | None = None) -> None:
        self.console = console or make_console()
        self.stdin = stdin or sys.stdin
        self.lines: deque[str] = deque()
        if script is not None:
            self.lines.extend(script.read_text(encoding="utf-8").splitlines())
        self.keyboard = self.stdin.isatty()

    @property
    def scripted(self) -> bool:
        """True while commands come from a script or a pipe rather than a person at a keyboard."""
        return bool(self.lines) or not self.keyboard

    def print(self, *things: RenderableType | str, style: str | None = None, wrap: bool = True) -> None:
        """Write to the console (rich markup is not interpreted in plain strings); `wrap=False` for a line to copy
        as it is (a command), however wide."""
        self.console.print(*things, style=style, markup=False, soft_wrap=not wrap)

    def ask(self, prompt: str) -> str | None:
        """The next command line (stripped), or None at the end of input.

        Script lines starting with `#` are comments and are skipped.
        """
        while self.lines:
            line = self.lines.popleft()
            if line.lstrip().startswith("#"):
                continue
            self.console.print(f"{prompt}{line}", markup=False, highlight=False)
            return line.strip()
        if self.keyboard:
            try:
                return self.console.input(prompt, markup=False).strip()
            except EOFError:
                return None
        line = self.stdin.readline()
        if not line:
            return None
        self.console.print(f"{prompt}{line.rstrip()}", markup=False, highlight=False)
        return line.strip()

    def pass_device(self, message: str) -> None:
        """Hotseat privacy: clear the screen and wait for Enter before a seat's private view.

        With scripted input there is nobody to hand the device to, so only the message is shown.
        """
        if self.scripted:
            self.console.print(f"--- {message} ---", markup=False)
            return
        self.console.clear()
        with contextlib.suppress(EOFError):
            self.console.input(f"{message}, then press Enter ", markup=False)
        self.console.clear()
