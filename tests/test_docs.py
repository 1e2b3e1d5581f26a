"""Every Python example in the README and in docs/ runs as written (Definition of done, item 1).

The blocks of one file run in order in one namespace, as a reader would paste them, inside a fresh
temporary folder so the files they write (`game.json`, `results.parquet`) go nowhere else.
"""

from __future__ import annotations

import os
import re
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def documents_with_code() -> list[Path]:
    return [p for p in DOCS if BLOCK.search(p.read_text(encoding="utf-8"))]


def test_the_readme_has_a_python_example() -> None:
    assert ROOT / "README.md" in documents_with_code()


@pytest.mark.timeout(600)
@pytest.mark.parametrize("doc", documents_with_code(), ids=lambda p: str(p.relative_to(ROOT)))
def test_python_examples_run_as_written(doc: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    module = types.ModuleType(f"docs_{doc.stem}")  # a real module, as a reader's session has (dataclasses need it)
    sys.modules[module.__name__] = module
    module.__dict__["__name__"] = "__main__"  # as a reader's script or prompt: `if __name__ == "__main__":` runs
    here = Path.cwd()
    os.chdir(tmp_path)
    try:
        for i, code in enumerate(BLOCK.findall(doc.read_text(encoding="utf-8"))):
            # dont_inherit: the blocks run without this file's `from __future__ import annotations`
            exec(compile(code, f"{doc.name} block {i + 1}", "exec", dont_inherit=True), module.__dict__)
    finally:
        os.chdir(here)
        del sys.modules[f"docs_{doc.stem}"]


def test_the_robinson_verb_table_lists_exactly_the_registered_verbs() -> None:
    """docs/robinson.md's verb table is the registry's: every verb with its parameter schema, none other."""
    from outlast.games.robinson.content import make_verbs

    verbs = make_verbs()
    text = (ROOT / "docs" / "robinson.md").read_text(encoding="utf-8")
    table = text[text.index("| verb | parameters |"):].split("\n\n")[0]
    rows = dict(re.findall(r"^\| `([a-z_]+)` \| (.+?) \|$", table, re.M))
    want = {name: ", ".join(f"{k}: {t}" for k, t in verbs.verb(name).params.items()) or "—" for name in verbs.names()}
    assert rows == want
