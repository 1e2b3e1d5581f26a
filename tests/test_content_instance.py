"""Content belongs to a game object, never to the process (architecture §2, §3; issue 11 item 5).

Two game objects with different content play side by side in one process: each one's action texts, parsing,
views, rendered card texts and encodings follow its own content, whichever was made first, and a save made
with one content is refused by the other, naming both content ids.
"""

from __future__ import annotations

import importlib
import io
import pkgutil
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import outlast
import outlast.games
from outlast import CHANCE, IllegalAction, Match, SaveError
from outlast.core import ContentError, State
from outlast.core.content import Derives
from outlast.games.fuji import FujiGame
from outlast.games.fuji.actions import FujiAction
from outlast.games.fuji.content import CONTENT_DIR as FUJI_DIR
from outlast.games.robinson import RobinsonGame, RobinsonState
from outlast.games.robinson.content import CONTENT_DIR as ROBINSON_DIR
from outlast.games.robinson.program import program

FUJI_EDITS = (
    ("equipment.yaml", "- id: map\n  name: Map\n", "- id: chart\n  name: Sea chart\n"),
    ("skills.yaml", "- id: scout\n  name: Scout\n", "- id: pathfinder\n  name: Pathfinder\n"),
    ("terrain.yaml", '{id: L07, kind: landscape, requires: ["*:123"]}', '{id: L07, kind: landscape, requires: ["*:12"]}'),
)
"""Our own Fuji content: the Map is a Sea chart (another id and name), the Scout a Pathfinder, and card L07 takes
1 and 2 only."""
ROBINSON_EDITS = (
    ("starting_items.yaml", "{id: bible, name: Bible, uses: 2, use: {when: action}, "
                            "effect: {arrange_bonus: {determination: 3, heal: 1}}}",
     "{id: psalter, name: Psalter, uses: 2, use: {when: action}, effect: {arrange_bonus: {determination: 4, heal: 2}}}"),
)
"""Our own Robinson content: the Bible is a Psalter (another id and name) that gives more."""


def _content_copy(source: Path, target: Path, edits: tuple[tuple[str, str, str], ...]) -> Path:
    shutil.copytree(source, target)
    for file, old, new in edits:
        path = target / file
        text = path.read_text(encoding="utf-8")
        assert old in text, (file, old)
        path.write_text(text.replace(old, new), encoding="utf-8")
    return target


@pytest.fixture
def fuji_dir(tmp_path: Path) -> Path:
    return _content_copy(FUJI_DIR, tmp_path / "fuji", FUJI_EDITS)


@pytest.fixture
def robinson_dir(tmp_path: Path) -> Path:
    return _content_copy(ROBINSON_DIR, tmp_path / "robinson", ROBINSON_EDITS)


def _fuji_pair(custom_dir: Path, custom_first: bool) -> tuple[FujiGame, FujiGame]:
    """(shipped, custom) Fuji games, made and first used in the given order."""
    made: dict[str, FujiGame] = {}
    for which in (("custom", "shipped") if custom_first else ("shipped", "custom")):
        game = outlast.load_game("fuji", content_dir=custom_dir) if which == "custom" else FujiGame()
        assert isinstance(game, FujiGame)
        game.action_texts(players=3)  # its content, options and lists are built now, in this order
        made[which] = game
    return made["shipped"], made["custom"]


def _settled(game: FujiGame, skill: str) -> State:
    """A 3-player game of scenario 3 (every landscape card on the board) played through setup, always taking
    the first choice, so two games whose contents list their cards in the same order play the same setup."""
    state = game.new_game(seed=5, players=3, scenario="3", skills=[skill, "buddy", "gatherer"])
    while state.to_move() and state.observe(None)["phase"] == 0:
        seat = state.to_move()[0]
        state.apply(state.sample_chance() if seat == CHANCE else state.legal_actions(seat)[0])
    return state


def _words(texts: list[str]) -> set[str]:
    return {word for text in texts for word in text.split()}


@pytest.mark.parametrize("custom_first", [False, True], ids=["shipped-first", "custom-first"])
def test_two_fuji_games_each_follow_their_own_content__architecture_s3(fuji_dir: Path, custom_first: bool) -> None:
    shipped, custom = _fuji_pair(fuji_dir, custom_first)
    assert shipped.content is not custom.content and shipped.content_id({}) != custom.content_id({})
    # the texts each game offers and reads name its own cards
    mine, theirs = _words(custom.action_texts(players=3)), _words(shipped.action_texts(players=3))
    assert "chart" in mine and "map" not in mine and "map" in theirs and "chart" not in theirs
    assert "1 chart" in " ".join(custom.chance_texts(players=3)) and "pathfinder" in _words(custom.chance_texts())
    assert str(custom.parse_action(0, "give chart 1")) == "give chart 1"
    assert str(shipped.parse_action(CHANCE, "deal skill 0 scout")) == "deal skill 0 scout"
    for game, other in ((shipped, "chart"), (custom, "map")):
        with pytest.raises(IllegalAction, match=f"no equipment card '{other}'"):
            game.parse_action(0, f"give {other} 1")
    with pytest.raises(outlast.OptionError):
        shipped.new_game(skills=["pathfinder", "buddy", "gatherer"])
    # the same setup, by card order, in both games: its texts differ only by the renamed cards
    ours, base = _settled(custom, "pathfinder"), _settled(shipped, "scout")
    for state, game in ((ours, custom), (base, shipped)):
        for seat in state.to_move():
            for action in state.legal_actions(seat):
                assert game.parse_action(seat, str(action)) == action
    view, base_view = ours.observe(0), base.observe(0)
    assert view["meeples"][0]["skill"] == "pathfinder" and view["meeples"][0]["skill_name"] == "Pathfinder"
    assert base_view["meeples"][0]["skill"] == "scout"
    assert next(c["requires"] for c in view["board"] if c["card"] == "L07") == "any dice showing 1, 2"
    assert next(c["requires"] for c in base_view["board"] if c["card"] == "L07") == "any dice showing 1, 2, 3"
    picture = _rendered(custom, ours)
    assert "Pathfinder" in picture and "Scout" not in picture and "12" in picture
    assert "Scout" in _rendered(shipped, base)
    # each encoding reads its view with its own content: the renamed card and skill encode as the shipped ones
    # (same places in the content), and the only numbers that differ are card L07's: a 3 of any colour no longer fits
    ours_code, base_code = custom.encode(view), shipped.encode(base_view)
    assert len(ours_code) == len(base_code)
    assert sum(a != b for a, b in zip(ours_code, base_code, strict=True)) == 3


def _rendered(game: outlast.Game, state: State) -> str:
    buffer = io.StringIO()
    Console(file=buffer, width=160, color_system=None).print(game.render(state, 0, full=True))
    return buffer.getvalue()


def test_fuji_action_texts_need_no_content() -> None:
    """An action holds the ids of the cards it names, so its text is the same in any process (architecture §2)."""
    assert str(FujiAction(0, "give", (1,), ("chart",))) == "give chart 1"
    assert str(FujiAction(CHANCE, "place", (2 * 16 + 3,), ("L07",))) == "place D3 L07"
    assert str(FujiAction(0, "keep", (), ("map", "rope"))) == "keep map rope"
    assert str(FujiAction(0, "use", (-1, 1, 1), ("map", "", "lend_die"))) == "use map 2 to 1"
    assert str(FujiAction(0, "use", (0,), ("pocket_knife", "water", "reroll"))) == "use pocket_knife water reroll"


@pytest.mark.parametrize("custom_first", [False, True], ids=["shipped-first", "custom-first"])
def test_two_robinson_games_each_follow_their_own_content__architecture_s3(robinson_dir: Path,
                                                                           custom_first: bool) -> None:
    games: dict[str, RobinsonGame] = {}
    for which in (("custom", "shipped") if custom_first else ("shipped", "custom")):
        game = outlast.load_game("robinson", content_dir=robinson_dir) if which == "custom" else RobinsonGame()
        assert isinstance(game, RobinsonGame)
        game.action_texts(players=2)
        games[which] = game
    shipped, custom = games["shipped"], games["custom"]
    assert "use psalter" in custom.action_texts(players=2) and "use bible" not in custom.action_texts(players=2)
    assert "use bible" in shipped.action_texts(players=2) and "draw psalter" not in shipped.chance_texts()
    # each content is compiled once, into its own program, with its own numbers
    mine, theirs = program(custom.content), program(shipped.content)
    assert mine is program(custom.content) and mine is not theirs
    index = custom.content.by_id["psalter"]
    assert index == shipped.content.by_id["bible"]
    verbs = [v for key, node in mine.card.items() if key[0] == index for v in mine.verbs(node)]
    assert ("arrange_bonus", {"determination": 4, "heal": 2}) in verbs
    verbs = [v for key, node in theirs.card.items() if key[0] == index for v in theirs.verbs(node)]
    assert ("arrange_bonus", {"determination": 3, "heal": 1}) in verbs
    # the same game by card order: its view, picture and encoding name the Psalter
    seed = next(seed for seed in range(60) if "bible" in _item_ids(_started(shipped, seed).observe(0)))
    ours, base = _started(custom, seed), _started(shipped, seed)
    assert ours.program is mine and base.program is theirs
    view, base_view = ours.observe(0), base.observe(0)
    assert "psalter" in _item_ids(view) and "bible" not in _item_ids(view)
    assert "Psalter" in _rendered(custom, ours) and "Bible" in _rendered(shipped, base)
    assert custom.encode(view) == shipped.encode(base_view)  # the same position, each read by its own content
    assert shipped.encode(view) != custom.encode(view)  # the shipped content has no Psalter


def _started(game: RobinsonGame, seed: int) -> RobinsonState:
    """A 2-player game with 4 Starting Items, its setup's chance resolved from the seed."""
    match = Match.new(game, seed, players=2, starting_items=4)
    match.resolve_chance()
    assert isinstance(match.state, RobinsonState)
    return match.state


def _item_ids(view: dict[str, Any]) -> list[str]:
    return [item["id"] for item in view["starting_items"]]


@pytest.mark.parametrize("name", ["fuji", "robinson"])
def test_a_save_refuses_other_content_naming_both_ids__architecture_s3(name: str, fuji_dir: Path,
                                                                       robinson_dir: Path) -> None:
    custom = outlast.load_game(name, content_dir=fuji_dir if name == "fuji" else robinson_dir)
    shipped = outlast.load_game(name)
    ours = _played(custom)
    doc = ours.to_json()
    assert doc["content"] == custom.content_id(ours.options) != shipped.content_id(ours.options)
    back = Match.from_json(doc, custom)
    assert back.state.to_json() == ours.state.to_json() and back.history == ours.history
    with pytest.raises(SaveError) as err:
        Match.from_json(doc)  # the registered game has the shipped content
    assert custom.content_id({}) in str(err.value) and shipped.content_id({}) in str(err.value)
    with pytest.raises(SaveError) as err:
        Match.from_json(_played(shipped).to_json(), custom)
    assert custom.content_id({}) in str(err.value) and shipped.content_id({}) in str(err.value)
    other = "robinson" if name == "fuji" else "fuji"
    with pytest.raises(SaveError, match=f"a game of '{name}', not {other}"):
        Match.from_json(doc, outlast.load_game(other))


def _played(game: outlast.Game, steps: int = 80) -> Match:
    match = Match.new(game, 4, players=2)
    rng = random.Random(4)
    for _ in range(steps):
        match.resolve_chance()
        if match.state.is_over():
            break
        legal = match.state.legal_actions(rng.choice(match.state.to_move()))
        match.play(legal[rng.randrange(len(legal))])
    return match


def test_games_loaded_with_content_are_independent_objects(fuji_dir: Path) -> None:
    first, second = (outlast.load_game("fuji", content_dir=fuji_dir) for _ in range(2))
    assert isinstance(first, FujiGame) and isinstance(second, FujiGame)
    assert first is not second and first.content is not second.content
    assert first.content == second.content and first.content_id({}) == second.content_id({})
    assert outlast.load_game("fuji") is outlast.load_game("fuji")  # the registered game is not replaced
    assert outlast.load_game("fuji").content.equipment_by_id.get("chart") is None
    with pytest.raises(ContentError, match="no such folder"):
        outlast.load_game("fuji", content_dir=fuji_dir / "missing")
    (fuji_dir / "equipment.yaml").write_text("- {id: map}\n", encoding="utf-8")
    with pytest.raises(ContentError, match="equipment.yaml"):
        outlast.load_game("fuji", content_dir=fuji_dir)


def test_no_game_module_keeps_content_in_a_global__architecture_s3() -> None:
    """Every game module is free of a process-wide content: no `content()` function, and no loaded content object at
    module level. The one content a module reaches is its game object's (`GAME.content`)."""
    seen = 0
    for info in pkgutil.walk_packages(outlast.games.__path__, "outlast.games."):
        module = importlib.import_module(info.name)
        seen += 1
        assert not callable(getattr(module, "content", None)), f"{info.name}.content"
        for name, value in vars(module).items():
            assert not isinstance(value, Derives), f"{info.name}.{name} holds a content object"
    assert seen > 60
