"""Finding and reading the rules references (`../shared/rules/<game>.md`)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from .errors import OutlastError


def rules_dir() -> Path | None:
    """Where the rules references are: `$OUTLAST_RULES`, else `shared/rules` beside the checkout."""
    env = os.environ.get("OUTLAST_RULES")
    if env:
        return Path(env)
    here = Path(__file__).resolve()
    for parent in here.parents:
        cand = parent.parent / "shared" / "rules"
        if cand.is_dir():
            return cand
        cand = parent / "shared" / "rules"
        if cand.is_dir():
            return cand
    return None


def read_rules(file: str, section: str | None = None) -> str:
    """The rules reference `file`, or only its `§N` / `§N.M` section."""
    d = rules_dir()
    if d is None or not (d / file).is_file():
        raise OutlastError(
            f"rules reference {file} not found; set OUTLAST_RULES to the folder holding it"
        )
    text = (d / file).read_text(encoding="utf-8")
    if not section:
        return text
    sec = section.lstrip("§").strip()
    if not re.fullmatch(r"\d+(\.\d+)*", sec):
        raise OutlastError(f"{section!r} is not a section number such as §7 or §7.3")
    lines = text.splitlines()
    start_pat = re.compile(r"^(#+)\s*§" + re.escape(sec) + r"\b")
    bullet_pat = re.compile(r"^\s*-\s*§" + re.escape(sec) + r"\b")
    for i, line in enumerate(lines):
        m = start_pat.match(line)
        if m:
            return _heading_block(lines, i, len(m.group(1)))
        if bullet_pat.match(line):
            out = [line]
            indent = len(line) - len(line.lstrip())
            for nxt in lines[i + 1:]:
                if not nxt.strip():
                    break
                if len(nxt) - len(nxt.lstrip()) <= indent and (nxt.lstrip().startswith("-") or nxt.startswith("#")):
                    break
                out.append(nxt)
            return "\n".join(out).rstrip()
    numbered = _numbered_section(lines, sec)
    if numbered is not None:
        return numbered
    # §N.M written inside a table row or a numbered item (e.g. "§17.6 item 3") falls back to its parent.
    if "." in sec and f"§{sec}" in text:
        return read_rules(file, sec.rsplit(".", 1)[0])
    raise OutlastError(f"{file} has no section §{sec}")


def _heading_block(lines: list[str], i: int, level: int) -> str:
    """The heading at `lines[i]` (of `level` #s) with everything up to the next heading of its level or above."""
    out = [lines[i]]
    for nxt in lines[i + 1:]:
        hm = re.match(r"^(#+)\s", nxt)
        if hm and len(hm.group(1)) <= level:
            break
        out.append(nxt)
    return "\n".join(out).rstrip()


PARAGRAPH = re.compile(r"^(\d+(?:\.\d+)+)\.?\s")
"""A numbered paragraph such as `8.1.7 **Distance rule**` (two or more parts: `1. ` is a list item)."""


def _numbered_section(lines: list[str], sec: str) -> str | None:
    """Section `sec` of a reference numbered without `§`: a heading `## 9. Weather` or `### 8.1 Planning`
    (up to the next heading of its level or above), or a paragraph `8.1.7 …` (up to the next heading or
    the next paragraph numbered at its depth or above)."""
    heading = re.compile(r"^(#+)\s*" + re.escape(sec) + r"\.?\s")
    depth = sec.count(".") + 1
    for i, line in enumerate(lines):
        m = heading.match(line)
        if m:
            return _heading_block(lines, i, len(m.group(1)))
        pm = PARAGRAPH.match(line)
        if pm and pm.group(1) == sec:
            out = [line]
            for nxt in lines[i + 1:]:
                nm = PARAGRAPH.match(nxt)
                if nxt.startswith("#") or (nm and nm.group(1).count(".") + 1 <= depth):
                    break
                out.append(nxt)
            return "\n".join(out).rstrip()
    return None
