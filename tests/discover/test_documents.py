"""Position documents of Discover mid-combat: every field checked on load (discover.md §12, §15.3, §18.5).

A document with an entry out of range or of the wrong type is refused with a `SaveError` naming the field (and,
for the combat, the entry); a document that loads works: every seat's view, the legal actions, an action played.
"""

from __future__ import annotations

import copy as deepcopy
import json
import random
from contextlib import suppress
from functools import cache
from typing import Any

import pytest

import outlast
from outlast import OutlastError, SaveError
from outlast.core import CHANCE
from outlast.games.discover.combat_base import FIELDS, NORMAL, PVP, STAGES
from outlast.games.discover.state import DiscoverState

GAME = outlast.load_game("discover")


@cache
def mid_combat(mode: int) -> dict[str, Any]:
    """The document of a random game's first position in a combat of `mode` after its roll, a seat to answer."""
    players, scenario = (2, "1") if mode == NORMAL else (3, "5")
    for seed in range(300):
        state = GAME.new_game(seed=seed, players=players, scenario=scenario, copy=seed % 7)
        assert isinstance(state, DiscoverState)
        rng = random.Random(seed)
        for _ in range(3000):
            if state.is_over():
                break
            movers = state.to_move()
            if movers == [CHANCE]:
                state.apply(state.sample_chance())
            else:
                seat = rng.choice(movers)
                legal = state.legal_actions(seat)
                keen = [a for a in legal if str(a).startswith(("attack", "move"))]
                state.apply(rng.choice(keen if keen and rng.random() < 0.5 else legal), seat)
            if state.combat and state.combat[0] == mode and state.combat[7] and state.to_move() != [CHANCE]:
                doc: dict[str, Any] = json.loads(json.dumps(state.to_json()))
                return doc
    raise AssertionError("no such combat in 300 random games")


def usable(state: Any) -> None:
    """A loaded position works: every view, every seat's legal actions, and the first one played."""
    for seat in [None, *range(state.seat_count())]:
        state.observe(seat)
    movers = state.to_move()
    for seat in movers:
        if seat == CHANCE:
            state.chance_outcomes()
        else:
            state.legal_actions(seat)
    if movers and movers[0] != CHANCE:
        with suppress(OutlastError):
            state.clone().apply(state.legal_actions(movers[0])[0])


def refused_or_usable(doc: dict[str, Any], field: str) -> SaveError | None:
    """Load `doc`: a `SaveError` naming `field` (or the fields that disagree), or a position that works; anything
    else fails the test."""
    try:
        state = GAME.load_state(doc)
    except SaveError as exc:
        named = repr(field) in str(exc) or str(exc).startswith("the position is inconsistent")
        assert named, f"{exc} does not name {field!r}"
        return exc
    usable(state)
    return None


BAD = (None, "x", 1.5, True, [], {}, -10**6, 10**6)


@pytest.mark.parametrize("mode", [NORMAL, PVP])
def test_s12_every_combat_entry_out_of_range_is_refused_naming_it(mode: int) -> None:
    doc = mid_combat(mode)
    seats = doc["options"]["players"]
    assert len(doc["combat"]) == len(FIELDS)
    clearly_bad = {"mode": [2, -1], "enemy": [-2, 10**4], "token_kind": [1, 3, 6], "token": [-2, 10**4],
                   "combatant": [-1, seats], "defender": [-2, seats], "space": [-1, 10**4], "gray": [-1, 13],
                   "red": [-1, 13], "gray_mod": [100, -100], "red_mod": [100, -100], "stage": [-1, len(STAGES)],
                   "passes": [-1, seats + 1], "reopen": [-1, 2], "supporters": [-1, 1 << seats], "choice": [-1, 3],
                   "defeated": [-1, 2]}
    assert set(clearly_bad) == set(FIELDS)
    for i, name in enumerate(FIELDS):
        for value in [*BAD, *clearly_bad[name]]:
            bad = deepcopy.deepcopy(doc)
            bad["combat"][i] = value
            error = refused_or_usable(bad, "combat")
            assert error is not None and name in str(error), f"combat {name} = {value!r} was accepted"
    for value in BAD[:4]:
        bad = {**doc, "combat": value}
        assert refused_or_usable(bad, "combat") is not None
    for cut in (doc["combat"][:-1], [*doc["combat"], 0], [0]):
        assert refused_or_usable({**doc, "combat": cut}, "combat") is not None


@pytest.mark.parametrize("mode", [NORMAL, PVP])
def test_s18_5_every_field_of_a_mid_combat_position_is_checked(mode: int) -> None:
    """Each field, and each entry of each list-valued field, set to a wrong type or a number out of range."""
    doc = mid_combat(mode)
    rng = random.Random(mode)
    for field, value in doc.items():
        if field in ("game", "format", "rules_version", "options", "copy_id"):
            continue
        for bad_value in BAD:
            if bad_value != value:
                refused_or_usable({**doc, field: bad_value}, field)
        if isinstance(value, list) and value:
            for i in rng.sample(range(len(value)), min(3, len(value))):
                for bad_value in (*BAD, -1, -2, -5, 13, 99, 100):
                    bad = deepcopy.deepcopy(doc)
                    bad[field][i] = bad_value
                    refused_or_usable(bad, field)


def test_s18_5_a_resource_piece_out_of_range_is_refused() -> None:
    doc = mid_combat(NORMAL)
    bad = deepcopy.deepcopy(doc)
    bad["pieces"].append(["resource", doc["pieces"][0][1], 10_000, -1])
    with pytest.raises(SaveError, match="pieces"):
        GAME.load_state(bad)


@pytest.mark.parametrize("players", [2, 3])
def test_s4_secret_character_fields_out_of_range_are_refused(players: int) -> None:
    """During the secret pick (§4 step 6): offers and picks name characters of this copy, a pick one offered."""
    state = GAME.new_game(seed=1, players=players)
    while state.to_move() == [CHANCE]:
        state.apply(state.sample_chance())
    state.apply(state.legal_actions(0)[0])
    doc = json.loads(json.dumps(state.to_json()))
    for field in ("character", "character_offer", "character_pick"):
        for seat in range(players):
            for value in (*BAD, -2, 12, 13, 99):
                for inner in (False, True):
                    bad = deepcopy.deepcopy(doc)
                    if inner and not (isinstance(bad[field][seat], list) and bad[field][seat]):
                        continue
                    if inner:
                        bad[field][seat][0] = value
                    else:
                        bad[field][seat] = value
                    refused_or_usable(bad, field)
    bad = deepcopy.deepcopy(doc)
    bad["character_pick"][0] = next(c for c in range(12) if c not in doc["character_offer"][0])
    with pytest.raises(SaveError, match="character_pick"):
        GAME.load_state(bad)


def test_the_decision_kinds_are_built_once_not_at_every_load() -> None:
    """`load_state` reads every pending decision through one table of kinds: it was rebuilt at every load (a
    `setdefault` whose argument is built before the lookup), 90 % of a load's time."""
    from outlast.games.discover.fields import decision_kinds

    assert decision_kinds() is decision_kinds()
