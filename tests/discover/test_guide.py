"""The Discover players' rules guide (`games/discover/rules.md`): it parses, and every § a decision cites is in it.

A decision names its rule (`rule = "§7.2"`); the terminal's `help` and `rules` print that section, so each one
must lead to a section of the guide.
"""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

import outlast.games.discover as package
from outlast.cli.session import rules_text
from outlast.core import OutlastError
from outlast.core.rules import read_guide, section_text, sections
from outlast.games.discover import DISCOVER
from outlast.games.discover.decisions import DiscoverDecision


def decision_kinds() -> list[type[DiscoverDecision]]:
    """Every decision class of the package (each module imported, subclasses walked)."""
    for info in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{package.__name__}.{info.name}")
    found: list[type[DiscoverDecision]] = []
    todo: list[type[DiscoverDecision]] = [DiscoverDecision]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            found.append(sub)
            todo.append(sub)
    return found


def test_every_rule_a_decision_declares_is_a_section_of_the_guide__s18_1() -> None:
    kinds = [k for k in decision_kinds() if isinstance(getattr(k, "rule", None), str)]
    assert len(kinds) > 20, "the scan found almost no decisions"
    missing = {}
    for kind in kinds:
        try:
            text = DISCOVER.rules_section(kind.rule)
        except OutlastError as exc:
            missing[kind.__name__] = str(exc)
            continue
        assert text.startswith("#") and "§" in text.splitlines()[0]
    assert missing == {}


def test_the_guide_parses_with_unique_titled_sections_and_live_cross_references() -> None:
    text = read_guide("outlast.games.discover", "rules.md")
    assert text.startswith("# ") and "players' rules guide" in text.splitlines()[0]
    numbers = [number for number, _ in sections(text)]
    assert len(numbers) > 140 and len(numbers) == len(set(numbers))
    assert all(title for _, title in sections(text))
    for chapter in range(20):
        assert str(chapter) in numbers
    for sec in sorted(set(re.findall(r"§([0-9]+(?:\.[0-9]+)*[a-z]?)", text))):
        section_text(text, sec)
    assert text.count("outlast's own rule") >= 10


@pytest.mark.parametrize("section, first", [("§7.2", "### §7.2 Move and Gather"), ("7", "## §7 Actions"),
                                            (" § 12.5 ", "### §12.5 Combat support"), ("15.3", "### §15.3")])
def test_the_terminal_finds_a_section_by_its_number(section: str, first: str) -> None:
    assert rules_text(DISCOVER, section).startswith(first)
    with pytest.raises(OutlastError, match="no section"):
        rules_text(DISCOVER, "§7.99")


def test_every_verb_a_player_types_is_explained_in_the_guide__s18_1() -> None:
    """Each verb some module offers (`act(seat, "move", ...)`) appears in the guide as an action text."""
    from pathlib import Path

    from outlast.games.discover.actions import PLAYER_VERBS

    source = " ".join(path.read_text(encoding="utf-8") for path in Path(package.__file__).parent.glob("*.py")
                      if path.name != "actions.py")
    offered = {v for v in PLAYER_VERBS if f'"{v}"' in source}
    assert {"move", "gather", "scout", "end", "keep", "accept"} <= offered
    text = read_guide("outlast.games.discover", "rules.md")
    assert sorted(v for v in offered if f"`{v}" not in text) == []
