"""The players' rules guides: each game ships one (`rules.md`) inside its own package.

A guide is Markdown whose numbered sections are headings `## §9 Title`, `### §9.4 Title` or
`#### §8.1.7 Title`, numbered like the game's rules reference so that a rule cited as `§9.4` in the
engine is section §9.4 of the guide. A number may end in a letter (`§20.3a`). Nothing here reads
files outside the installed package, so the guides work wherever outlast is installed.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

from .errors import OutlastError

HEADING = re.compile(r"^(#{1,6})[ \t]+§([0-9]+(?:\.[0-9]+)*[a-z]?)\b[ \t]*(.*)$")
"""A numbered section's heading: its `#`s, its number and its title."""

NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)*[a-z]?")
"""A section number as it may be asked for (after `§` and blanks are removed)."""


@cache
def read_guide(package: str, file: str) -> str:
    """The text of the rules guide `file` shipped in `package` (e.g. `"outlast.games.x"`, `"rules.md"`)."""
    try:
        return resources.files(package).joinpath(file).read_text(encoding="utf-8")
    except (ModuleNotFoundError, OSError, TypeError, ValueError) as exc:
        raise OutlastError(f"the rules guide {file} is missing from the package {package} ({exc})") from None


def section_number(section: object) -> str:
    """`section` as a bare section number: `"§7"`, `"7"`, `" § 7.3 "` and `"20.3A"` give `7`, `7`, `7.3`
    and `20.3a`. Anything else (not a text, or not a number) is an `OutlastError`."""
    if not isinstance(section, str):
        raise OutlastError(f"a rules section is a text such as §7 or §7.3, not {type(section).__name__} "
                           f"{section!r}")
    sec = section.strip().removeprefix("§").strip().lower()
    if not NUMBER.fullmatch(sec):
        raise OutlastError(f"{section!r} is not a section number such as §7 or §7.3")
    return sec


def sections(text: str) -> list[tuple[str, str]]:
    """Every numbered section of a guide, in order, as (number, title)."""
    return [(m.group(2), m.group(3).strip()) for line in text.splitlines() if (m := HEADING.match(line))]


def section_text(text: str, section: object, name: str = "the rules guide") -> str:
    """Section `section` of a guide: its heading and everything up to the next heading of its level or
    above (so a section includes its sub-sections). A number that is no heading but is written as a
    label inside its parent (`§17.6` lists items; a table may label a row `§20.3a`) gives the parent.
    An unknown or malformed section is an `OutlastError` naming `name`."""
    sec = section_number(section)
    lines = text.splitlines()
    heads = {m.group(2): (i, len(m.group(1))) for i, line in enumerate(lines) if (m := HEADING.match(line))}
    if sec in heads:
        return _block(lines, *heads[sec])
    label = re.compile(re.escape(f"§{sec}") + r"(?![0-9a-z]|\.[0-9])")
    parent = _parent(sec)
    while parent is not None:
        if parent in heads:
            block = _block(lines, *heads[parent])
            if label.search(block):
                return block
            break
        parent = _parent(parent)
    raise OutlastError(f"{name} has no section §{sec}")


def read_rules(package: str, file: str, section: object = None, name: str = "the rules guide") -> str:
    """The rules guide `file` of `package`, whole (`section` None or blank) or one section of it."""
    text = read_guide(package, file)
    if section is None or (isinstance(section, str) and not section.strip()):
        return text
    return section_text(text, section, name)


def _parent(sec: str) -> str | None:
    """The section `sec` belongs to: `7.3` → `7`, `20.3a` → `20.3`, `7` → None."""
    if sec[-1].isalpha():
        return sec[:-1]
    return sec.rsplit(".", 1)[0] if "." in sec else None


def _block(lines: list[str], i: int, level: int) -> str:
    """The heading at `lines[i]` (of `level` #s) with everything up to the next heading of its level or above."""
    out = [lines[i]]
    for nxt in lines[i + 1:]:
        hm = re.match(r"^(#+)\s", nxt)
        if hm and len(hm.group(1)) <= level:
            break
        out.append(nxt)
    return "\n".join(out).rstrip()
