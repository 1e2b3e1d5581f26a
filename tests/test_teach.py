"""Teaching at the table (issue 24 §2, `outlast.core.teach`): every kind of decision each game declares has plain
words, and in played games every seat to act is told what to do now in words without rule numbers, command
syntax or raw ids."""

from __future__ import annotations

import random
import re

import pytest

import outlast
from outlast.core import CHANCE
from outlast.games.discover import teach as discover_teach
from outlast.games.discover.fields import decision_kinds as discover_kinds
from outlast.games.fuji import teach as fuji_teach
from outlast.games.fuji.fields import decision_kinds as fuji_kinds
from outlast.games.robinson import teach as robinson_teach
from outlast.games.robinson.decisions import KINDS as ROBINSON_KINDS

DECLARED = {
    "fuji": ({k.kind for k in fuji_kinds()}, fuji_teach.PHASE_KINDS),
    "robinson": ({k.kind for k in ROBINSON_KINDS}, robinson_teach.PHASE_KINDS),
    "discover": ({k.kind for k in discover_kinds()}, discover_teach.PHASE_KINDS),
}
RAW = re.compile(r"§|`|\b[a-z]+_[a-z_]+\b|\bseat [0-9]|\bmeeple [0-9]|decision [0-9]{4}|[A-Z]{3,} ?[A-Z]*\b")
"""What a player must not read in plain words: a rule §, code, a snake_case id, a seat or meeple by its number,
a decision record, a placeholder in capitals (`PAWN TARGET`)."""


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_every_declared_decision_kind_has_plain_words(name: str) -> None:
    teaching = outlast.load_game(name).teaching()
    assert teaching is not None
    kinds, phases = DECLARED[name]
    assert len(kinds) > 5
    missing = sorted((kinds | set(phases)) - set(teaching.plain))
    assert not missing, f"{name}: no plain words for {missing}"
    unknown = sorted(set(teaching.plain) - kinds - set(phases))
    assert not unknown, f"{name}: plain words for kinds it never asks: {unknown}"
    for kind, text in teaching.plain.items():
        assert text and not RAW.search(text), (kind, text)
    assert teaching.goal and len(teaching.turn) >= 3
    for text in (teaching.goal, *teaching.turn):
        assert not RAW.search(text), text


def test_glossary_names_and_effects_are_plain() -> None:
    teaching = outlast.load_game("fuji").teaching()
    assert teaching is not None
    content = outlast.load_game("fuji").new_game(seed=1, players=2).table.content  # type: ignore[attr-defined]
    for card in content.equipment:
        assert card.id in teaching.glossary, card.id
    for injury in ("leg", "arm", "amnesia", "eye"):
        assert injury in teaching.glossary
    for name, text in teaching.glossary.values():
        assert name and text and not RAW.search(text), (name, text)


def test_robinsons_glossary_holds_every_card_skill_and_character_of_its_content() -> None:
    """Issue 24 §2: Robinson's cards, items, skills and characters show their effect on hover, as Fuji's and
    Discover's do: the glossary comes from the game object's own content, in plain words."""
    game = outlast.load_game("robinson")
    glossary = game.teaching().glossary
    content = game.content  # type: ignore[attr-defined]
    for card in content.cards:
        if card.text:
            assert glossary[card.id] == (card.name, card.text)
    for character in content.characters:
        assert character.name == glossary[character.id][0]
        for skill in character.skills:
            assert glossary[skill.id][0] == skill.name and skill.text in glossary[skill.id][1]
    assert len(glossary) > 150 and game.teaching() is game.teaching()
    for name, text in glossary.values():
        assert name and text and not RAW.search(text), (name, text)


@pytest.mark.parametrize("name", sorted(DECLARED))
def test_each_seat_to_act_is_told_what_to_do_in_plain_words(name: str) -> None:
    game = outlast.load_game(name)
    seen: set[str] = set()
    for seed in (1, 2):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            if state.is_over():
                break
            movers = state.to_move()
            if movers == [CHANCE]:
                state.apply(state.sample_chance())
                continue
            seat = rng.choice(movers)
            explained = game.explain_decision(state, seat)
            assert explained.kind and explained.text, (state.events[-1:], game.describe_decision(state, seat))
            seen.add(explained.kind)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
    assert len(seen) >= 3, seen
