"""The discovery journal: per copy, what players have already seen (discover.md §1.3 item 4, §17.24 Isolation).

One JSON file per `copy_id` in the user's data directory (`data_dir()`): `{"copy_id": ID, "seen": {KIND:
[numbers…]}}`. A copy's index (`remember`/`seed_of`) maps each copy id the user generated or played to its
seed, since an id cannot be turned back into a seed. Writes go to a temporary file renamed into place, so a
crash never leaves half a file; a corrupt file raises `JournalError` naming it, never a crash.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from outlast.core import OutlastError
from outlast.core.paths import data_dir

KINDS = ("card", "tile", "feature", "monster", "water", "night", "threat", "quest", "character", "project")
"""What a journal records by number or id."""
_ID = re.compile(r"^[0-9a-f]{16}$")


class JournalError(OutlastError, ValueError):
    """A journal or copy index file is corrupt, or a copy id or kind is malformed."""


def _check_id(copy_id: str) -> str:
    if not isinstance(copy_id, str) or not _ID.match(copy_id):
        raise JournalError(f"{copy_id!r} is not a copy id (16 lowercase hex digits)")
    return copy_id


def journal_path(copy_id: str) -> Path:
    """The journal file of a copy."""
    return data_dir() / "journals" / f"discover-{_check_id(copy_id)}.json"


def _read(path: Path) -> Any:
    if not path.is_file():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise JournalError(f"{path}: not a readable JSON file ({exc}); move it away to start afresh") from None


def _write(path: Path, doc: Any) -> None:
    """Write atomically: a temporary file in the same folder, renamed over the old one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(doc, out, indent=1, sort_keys=True)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def seen(copy_id: str) -> dict[str, list[int]]:
    """What players have seen of this copy, by kind (each list sorted); empty for a copy never played."""
    path = journal_path(copy_id)
    doc = _read(path)
    if doc is None:
        return {}
    table = doc.get("seen") if isinstance(doc, dict) and doc.get("copy_id") == copy_id else None
    valid = isinstance(table, dict) and all(k in KINDS and isinstance(v, list) and
                                            all(isinstance(n, int) and not isinstance(n, bool) for n in v)
                                            for k, v in table.items())
    if not valid:
        raise JournalError(f"{path}: not a journal of copy {copy_id}; move it away to start afresh")
    assert isinstance(table, dict)
    return {k: sorted(v) for k, v in table.items()}


def record(copy_id: str, kind: str, number: int) -> None:
    """Note that players have seen `kind` number `number` of this copy (seeing it again changes nothing)."""
    if kind not in KINDS:
        raise JournalError(f"{kind!r} is not a journal kind; kinds: {', '.join(KINDS)}")
    if isinstance(number, bool) or not isinstance(number, int):
        raise JournalError(f"a journal records numbers, not {number!r}")
    table = seen(copy_id)
    if number in table.get(kind, []):
        return
    table[kind] = sorted({*table.get(kind, []), number})
    _write(journal_path(copy_id), {"copy_id": copy_id, "seen": table})


def record_many(copy_id: str, entries: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """Note several things seen at once (one write); returns those the journal already held before."""
    table = seen(copy_id)
    before = [(k, n) for k, n in entries if n in table.get(k, [])]
    for kind, number in entries:
        if kind not in KINDS:
            raise JournalError(f"{kind!r} is not a journal kind; kinds: {', '.join(KINDS)}")
        table[kind] = sorted({*table.get(kind, []), number})
    if len(before) < len(entries):
        _write(journal_path(copy_id), {"copy_id": copy_id, "seen": table})
    return before


def _index_path() -> Path:
    return data_dir() / "discover-copies.json"


def _index() -> dict[str, int]:
    path = _index_path()
    doc = _read(path)
    if doc is None:
        return {}
    if not isinstance(doc, dict) or not all(_ID.match(str(k)) and isinstance(v, int) for k, v in doc.items()):
        raise JournalError(f"{path}: not a copy index (copy id → seed); move it away to start afresh")
    return doc


def remember(copy_id: str, seed: int) -> None:
    """Add a copy the user generated or played to the index, so `seed_of` finds it by id."""
    table = _index()
    if table.get(_check_id(copy_id)) != seed:
        table[copy_id] = seed
        _write(_index_path(), table)


def seed_of(copy_id: str) -> int | None:
    """The seed of a copy in the index, or None."""
    return _index().get(_check_id(copy_id))
