"""Fuji's pending decisions are kernel decisions (architecture §2): one frozen class per kind, each with its
rule §, its text, its legal actions and its answer, read back from its document by `DecisionKinds`."""

from __future__ import annotations

import dataclasses
import random

import pytest

from fuji_helpers import GAME
from outlast import CHANCE
from outlast.core.decision import DecisionKinds
from outlast.core.errors import SaveError
from outlast.games.fuji.decisions import FujiDecision
from outlast.games.fuji.encode import DECISIONS
from outlast.games.fuji.equipment import EquipmentReroll, GrantedReroll, Lend, RerollOne
from outlast.games.fuji.movement import Collect, Injury, LoseDie, Path, PowerBars
from outlast.games.fuji.setup import Keep, LeaveDie, WhiteStarters

KINDS = (Keep, LeaveDie, WhiteStarters, EquipmentReroll, GrantedReroll, Lend, RerollOne, Collect, PowerBars, Path,
         Injury, LoseDie)


def test_every_kind_is_a_frozen_decision_with_its_rule_and_a_number_of_its_own() -> None:
    kinds = DecisionKinds(*KINDS)  # refuses a class that is not frozen, lacks kind or rule, or shares a kind
    assert sorted(cls.index for cls in kinds) == list(range(12))
    for cls in KINDS:
        assert cls.rule.startswith("§")
        assert [f.name for f in dataclasses.fields(cls)][:2] == ["seat", "meeple"]
    assert {cls for cls in KINDS if cls.simultaneous} == {LeaveDie, RerollOne}


def test_the_view_and_the_encoding_name_each_pending_decision_by_its_kind() -> None:
    """No kind is named after a card: the view writes `kind`, which the encoding's list holds in kind order."""
    assert tuple(cls.kind for cls in sorted(KINDS, key=lambda cls: cls.index)) == DECISIONS
    assert RerollOne.kind == "reroll one die"
    state = GAME.new_game(seed=1, players=3)
    while not state.decisions:
        state.apply(state.sample_chance() if state.to_move() == [CHANCE] else state.legal_actions(state.to_move()[0])[0])
    top = state.decisions[-1]
    assert state.observe(None)["pending"][-1] == {"decision": top.kind, "seat": top.seat, "meeple": top.meeple}


def test_a_decision_cannot_change_once_made() -> None:
    decision = Keep(0, 1, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        decision.count_kept = 3  # type: ignore[misc]


def _decisions_met(games: int) -> list[tuple[object, FujiDecision]]:
    """(state, top decision) at every decision a seat answers of some random 4-player and 3-player games."""
    met = []
    for seed in range(games):
        state = GAME.new_game(players=4 if seed % 2 else 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            if state.decisions and not state.chance:  # chance resolves before anyone answers
                met.append((state.clone(), state.decisions[-1]))
            seat = state.to_move()[0]
            if seat == CHANCE:
                state.apply(state.sample_chance())
            else:
                acts = state.legal_actions(seat)
                state.apply(acts[rng.randrange(len(acts))])
    return met


def test_decisions_met_in_play_round_trip_and_say_what_they_ask() -> None:
    kinds = DecisionKinds(*KINDS)
    met = _decisions_met(12)
    assert {type(d) for _, d in met} >= {Keep, WhiteStarters, Collect, Injury}
    for state, decision in met:
        assert kinds.from_doc(decision.to_doc()) == decision
        assert decision.text(state) != decision.kind and decision.rule in decision.text(state)
        assert decision.seat in decision.choosers(state)
        assert decision.legal(state, decision.seat) == state.legal_actions(decision.seat)


def test_a_decision_document_of_the_wrong_shape_is_refused() -> None:
    kinds = DecisionKinds(*KINDS)
    with pytest.raises(SaveError, match="lacks its field 'count_kept'"):
        kinds.from_doc({"kind": "keep", "seat": 0, "meeple": 1})
    with pytest.raises(SaveError, match="unknown decision kind"):
        kinds.from_doc({"kind": "carabiner", "seat": 0, "meeple": 1, "half": 0})
