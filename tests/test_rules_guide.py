"""The players' rules guides shipped in each game's package (`games/<game>/rules.md`).

Every § the engine cites must lead to a section of its game's guide; the guides must keep the
numbering of the rules references in `../shared/rules/` (checked only where `../shared` exists: it
never does on a user's machine); `outlast rules` must work with no `../shared` at all; and a bad
section is always an `OutlastError`.
"""

from __future__ import annotations

import fnmatch
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import outlast
from outlast.core import OutlastError
from outlast.core.rules import read_rules, section_text, sections

SRC = Path(outlast.__file__).parent
ROOT = SRC.parent.parent
REFERENCES = ROOT.parent / "shared" / "rules"
GAMES = {"fuji": "fuji.md", "robinson": "robinson-crusoe.md"}
"""Each game's package name and the file name of its rules reference under `../shared/rules/`."""

CITE = re.compile(r"(?<![A-Za-z.])(architecture(?:\.md)?\s+|style(?:\.md)?\s+)?§\s?([0-9]+(?:\.[0-9]+)*[a-z]?)")
"""A § citation; group 1 is set when it cites a design document rather than the rules."""


def guide(game: str) -> str:
    return (SRC / "games" / game / "rules.md").read_text(encoding="utf-8")


def cited(paths: list[Path]) -> dict[str, list[str]]:
    """Every rules § cited in `paths` → where (file:line)."""
    found: dict[str, list[str]] = {}
    for path in paths:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in CITE.finditer(line):
                if not m.group(1):
                    found.setdefault(m.group(2), []).append(f"{path.relative_to(SRC)}:{n}")
    return found


# --- the engine's citations ----------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_section_the_engine_cites_is_in_the_guide(game: str) -> None:
    package = SRC / "games" / game
    paths = sorted(package.rglob("*.py")) + sorted((package / "content").glob("*.yaml"))
    found = cited(paths)
    assert len(found) > 50, "the citation scan found almost nothing"
    text = guide(game)
    missing = {}
    for sec, where in sorted(found.items()):
        try:
            section_text(text, sec)
        except OutlastError:
            missing[sec] = where[:3]
    assert missing == {}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_guide_cross_references_resolve_and_are_unique(game: str) -> None:
    text = guide(game)
    numbers = [num for num, _ in sections(text)]
    assert len(numbers) == len(set(numbers)), "a section number is used twice"
    assert all(title for _, title in sections(text)), "a numbered section has no title"
    for sec in sorted({m.group(2) for m in CITE.finditer(text)}):
        section_text(text, sec)  # raises if a cross-reference leads nowhere


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_guide_marks_outlasts_own_rules(game: str) -> None:
    text = guide(game)
    assert text.startswith("# ") and "players' rules guide" in text.splitlines()[0]
    assert text.count("outlast's own rule") >= 10


# --- the references' numbering (only where ../shared exists) -------------------------------------
STATUS = {"authored", "decoded", "inferred", "derived", "raw", "not", "from", "the", "rulebook", "and",
          "for", "with", "engine", "rules", "notes", "published", "believed", "match", "game", "see"}


def reference_sections(text: str) -> dict[str, str]:
    """Every section number of a rules reference → its title ('' when it has none), whichever of the
    reference styles it uses: `## §4 Title`, `## 9. Title`, a bullet `- §9.4 **Title** text`, a paragraph
    `8.1.7 **Title** text`, or a table row `| 20.3a | Title |`."""
    out: dict[str, str] = {}
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if fenced:
            continue
        if m := re.match(r"^#+\s*§?([0-9]+(?:\.[0-9]+)*)\.?\s+(.*)$", line):
            out.setdefault(m.group(1), m.group(2))
        elif m := re.match(r"^(?:\s*-\s*§([0-9]+(?:\.[0-9]+)*)|([0-9]+(?:\.[0-9]+)+)\.?)\s+(?:\*\*(.+?)\*\*)?", line):
            out.setdefault(m.group(1) or m.group(2), m.group(3) or "")
        elif m := re.match(r"^\|\s*§?([0-9]+\.[0-9]+[a-z]?)\s*\|\s*([^|]*)\|", line):
            out.setdefault(m.group(1), m.group(2))
    return out


def words(title: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", title.lower()) if len(w) >= 2} - STATUS


def same_subject(ref_title: str, guide_title: str) -> bool:
    """Whether two titles share a significant word (`Win` and `Winning`, `Shelter` and `Shelter`)."""
    ref, ours = words(ref_title), words(guide_title)
    if not ref:
        return True
    return any(a.startswith(b[:4]) or b.startswith(a[:4]) for a in ref for b in ours)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_section_of_the_reference_is_in_the_guide_with_its_subject(game: str) -> None:
    ref_file = REFERENCES / GAMES[game]
    if not ref_file.is_file():
        pytest.skip(f"no rules reference at {ref_file} (../shared is only on developers' machines and CI)")
    reference = reference_sections(ref_file.read_text(encoding="utf-8"))
    assert len(reference) > 60
    ours = dict(sections(guide(game)))
    assert sorted(set(reference) - set(ours)) == []
    assert {n: (t, ours[n]) for n, t in reference.items() if not same_subject(t, ours[n])} == {}


def test_the_reference_parser_reads_both_numbering_styles() -> None:
    text = "## §4 Levels\n- §9.4 **Cards** drawn\n## 9. Weather phase\n8.1.7 **Distance rule** x\n" \
           "| 20.3a | Beast Strength | x |\n```\n1.2 not a section\n```\n"
    assert reference_sections(text) == {"4": "Levels", "9.4": "Cards", "9": "Weather phase",
                                        "8.1.7": "Distance rule", "20.3a": "Beast Strength "}
    assert same_subject("Win", "Winning") and same_subject("Rubble — AUTHORED", "Rubble cards")
    assert not same_subject("Weather phase", "Night")


# --- reading sections ------------------------------------------------------------------------------
@pytest.mark.parametrize("game, section, first", [
    ("fuji", "§7", "## §7 Phase 2"), ("fuji", "7.3", "### §7.3 Destination markers"),
    ("fuji", " § 9.4 ", "### §9.4"), ("fuji", "12", "## §12 End of game"),
    ("robinson", "§8.1.7", "#### §8.1.7 Distance rule"), ("robinson", "20.3A", "#### §20.3a"),
    ("robinson", "20.4", "### §20.4"), ("robinson", "11.3", "### §11.3"),
])
def test_a_section_is_read_by_its_number(game: str, section: str, first: str) -> None:
    assert outlast.load_game(game).rules_section(section).startswith(first)


def test_a_section_holds_its_sub_sections_and_stops_at_the_next() -> None:
    fuji = outlast.load_game("fuji")
    text = fuji.rules_section("§7")
    assert "### §7.1" in text and "### §7.7" in text and "## §8" not in text
    one = fuji.rules_section("7.3")
    assert "§7.4 Dice requirements" not in one
    assert fuji.rules_section(None) == fuji.rules_section("") == guide("fuji")


def test_a_label_inside_its_parent_falls_back_to_the_parent() -> None:
    text = "# G\n## §3 Setup\nstep list, see §3.9 below\n### §3.1 One\nx\n## §4 Next\n"
    assert section_text(text, "§3.9").startswith("## §3 Setup")
    assert section_text(text, "3.1") == "### §3.1 One\nx"
    for bad in ("3.8", "§5", "3.1.2"):
        with pytest.raises(OutlastError, match="no section"):
            section_text(text, bad)


@pytest.mark.parametrize("bad", [5, 7.3, ["x"], ("7",), {"7": 1}, b"7", True, object(), "seven", "§",
                                 "§§7", "7..3", "7.", "-7", "7.x", "§7 Movement", "٣", "99", "§7.99", "§20.3z"])
def test_a_bad_section_is_an_outlast_error(bad: object) -> None:
    for game in GAMES:
        with pytest.raises(OutlastError) as err:
            outlast.load_game(game).rules_section(bad)  # type: ignore[arg-type]
        assert type(err.value) is OutlastError and str(err.value)


def test_a_missing_guide_is_an_outlast_error() -> None:
    with pytest.raises(OutlastError, match="missing"):
        read_rules("outlast.games", "no-such-guide.md", "§1")
    with pytest.raises(OutlastError, match="missing"):
        read_rules("outlast.no_such_package", "rules.md")


# --- no ../shared at run time ----------------------------------------------------------------------
NO_SHARED = r"""
import sys
def hook(event, args):
    if event in ("open", "os.listdir", "os.scandir") and args and "shared" in str(args[0]).replace("\\", "/").split("/"):
        raise RuntimeError(f"read {args[0]}")
sys.addaudithook(hook)
import outlast
assert outlast.__file__.startswith(sys.argv[1]), outlast.__file__
from outlast.cli.main import main
sys.exit(main(sys.argv[2:]))
"""


def test_outlast_rules_works_without_shared(tmp_path: Path) -> None:
    """A copy of the package away from any `../shared` prints the guides; an audit hook fails the run if
    anything opens or lists a `shared` folder."""
    site = tmp_path / "site"
    shutil.copytree(SRC, site / "outlast", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    env = {k: v for k, v in os.environ.items() if k != "OUTLAST_RULES"}
    env.update(PYTHONPATH=str(site), COLUMNS="120", PYTHONIOENCODING="utf-8")
    for args, first in ((["rules", "fuji", "§8"], "## §8 Phase 3"), (["rules", "robinson", "8.1.7"], "#### §8.1.7"),
                        (["rules", "fuji"], "# Fuji")):
        done = subprocess.run([sys.executable, "-c", NO_SHARED, str(site), *args], capture_output=True,
                              text=True, timeout=120, env=env, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith(first)


def test_no_module_names_the_shared_folder() -> None:
    """Only comments and docstrings may mention `../shared`; no code path builds a path into it."""
    for path in SRC.rglob("*.py"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            assert not re.search(r"""["']shared["']|OUTLAST_RULES""", code), f"{path}:{n}"


def test_the_guides_are_package_data() -> None:
    """pyproject's package data ships every game's guide (the wheel is what users install)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = project["tool"]["setuptools"]["package-data"]["outlast"]
    for game in GAMES:
        rel = f"games/{game}/rules.md"
        assert (SRC / rel).is_file()
        assert any(fnmatch.fnmatch(rel, p) for p in patterns), (rel, patterns)
