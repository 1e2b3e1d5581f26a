"""A small hand-made Discover copy and a state on it, for rule tests that must not depend on the generator.

Every tile is grass with no icons; the cards are the worked examples' own: #75 Giant Python (defense 8,
attack 6, health 2, reward 2 meat, §16.2), #93 Bow and Arrow (4 counters; once per combat, pay a counter or a
wood to reroll one die or both, §16.9), plus a lethal enemy, a two-space retreater and an escape item.
"""

from __future__ import annotations

from typing import Any

from outlast.core import CHANCE
from outlast.games.discover import DISCOVER
from outlast.games.discover.actions import parse_action, parse_space
from outlast.games.discover.copy import (
    Ability,
    Card,
    Character,
    Copy,
    EnemyStats,
    MonsterToken,
    NightCard,
    NightStep,
    Project,
    Quest,
    SpacePrint,
    ThreatCard,
    TileFace,
)
from outlast.games.discover.setup import new_state
from outlast.games.discover.state import DiscoverState
from outlast.games.discover.terms import ENEMY, INSTANT, ITEM, MEAT, MONSTER, PELT, TERRAINS, WOOD

GRASS = TERRAINS.index("grass")

PYTHON, LETHAL, GAZELLE, GUARDIAN, BOW, SMOKE = 75, 70, 80, 86, 93, 94
"""Printed numbers of the test copy's cards."""


def _cards() -> tuple[Card, ...]:
    bow = Ability("combat", [{"reroll": {}}], pay=("counter", "wood"), once="combat",
                  text="Once per combat: spend 1 counter or 1 wood to reroll one die or both.")
    smoke = Ability("combat", [{"escape": {}}], once="combat", text="Escape.")
    specs: list[tuple[int, str, int, Any]] = [
        (1, "Abandoned Cabin", INSTANT, None),
        (PYTHON, "Giant Python", ENEMY, EnemyStats(8, 6, 2, ((MEAT, 2),))),
        (LETHAL, "Rabid Boar", ENEMY, EnemyStats(9, 5, 3, ((MEAT, 1),), lethal=True)),
        (GAZELLE, "Gazelle", ENEMY, EnemyStats(9, 0, 1, ((MEAT, 2),), retreat=2)),
        (GUARDIAN, "Guardian", ENEMY, EnemyStats(10, 8, 4, ((PELT, 2),), special=True)),
    ]
    cards = [Card(i, n, name, kind, effect=[{"gain": {"food": 1}}] if kind == INSTANT else None, enemy=stats)
             for i, (n, name, kind, stats) in enumerate(specs)]
    cards.append(Card(len(cards), BOW, "Bow and Arrow", ITEM, abilities=(bow,), traits=("Weapon",), counters=4))
    cards.append(Card(len(cards), SMOKE, "Smoke Pot", ITEM, abilities=(smoke,)))
    cards.append(Card(len(cards), PYTHON, "Giant Python", ENEMY, enemy=EnemyStats(8, 6, 2, ((MEAT, 2),))))
    return tuple(cards)


def _tiles() -> tuple[TileFace, ...]:
    piles = [0] + [1] * 4 + [2] * 5 + [3] * 4 + [4] * 3
    return tuple(TileFace(i, pile, tuple(SpacePrint(GRASS, landmark=1 if i == 1 and k == 0 else 0)
                                         for k in range(7))) for i, pile in enumerate(piles))


def make_copy() -> Copy:
    """The hand-made copy (§17.24 shape, trimmed to what the rule tests need)."""
    monsters = [MonsterToken(i, n) for i, n in enumerate((PYTHON, LETHAL, GAZELLE, PYTHON, PYTHON, PYTHON, PYTHON,
                                                          PYTHON))]
    monsters.append(MonsterToken(8, GUARDIAN, special=True))
    sleep = NightStep("Deep Sleep", "sleep", [{"sleep": {"fire": 9, "other": 7}}])
    nights = tuple(NightCard(i, f"Night {i + 1}", 1 if i < 4 else 2, (sleep,)) for i in range(10))
    snoring = [{"move_monsters": {"steps": 2, "which": "nearest", "toward": "you"}}]
    threats = tuple(ThreatCard(i, "Snoring", snoring) for i in range(12))
    quests = (Quest(0, 1, 1, "Cry for Help", {"investigate": 1}, "advance"),
              Quest(1, 1, 2, "Smoke", {"investigate": 1}, "win"),
              Quest(2, 5, 1, "Last One Standing", {"last_standing": True}, "win"))
    characters = tuple(Character(i, f"Survivor {i}", "Plain", ()) for i in range(12))
    projects = tuple(Project(i, "Bow and Arrow", BOW, ((WOOD, 2), (PELT, 1))) for i in range(8))
    return Copy("test0000", 0, 1, _tiles(), (), (), tuple(monsters), _cards(), projects, threats, nights, quests,
                characters)


COPY = make_copy()


def new(players: int = 2, scenario: str = "1", leader: int = 0) -> DiscoverState:
    """A game on the test copy in the first day's turn of `leader`, every tile faceup, everyone at camp."""
    opts = DISCOVER.options.resolve({"players": players, "scenario": scenario})
    state = new_state(DISCOVER, COPY, opts, 1)
    chance(state, f"leader {leader}")
    while state.chance:
        state.apply(state.chance_outcomes()[0][0])
    for seat in range(players):
        state.apply(state.legal_actions(seat)[0])
    state.tile_face[:] = list(range(len(state.tile_face)))
    return state


def chance(state: DiscoverState, *texts: str) -> None:
    """Resolve chance points with the given outcomes (`die 8`, `monster 0`)."""
    for text in texts:
        state.apply(parse_action(CHANCE, text))


def do(state: DiscoverState, seat: int, *texts: str) -> None:
    for text in texts:
        state.apply(parse_action(seat, text))


def space(name: str) -> int:
    return parse_space(name)


def card_id(state: DiscoverState, number: int) -> int:
    return next(c.id for c in state.copy.cards if c.number == number)


def put_monster(state: DiscoverState, where: str, token: int = -1) -> None:
    """A monster token on the map: facedown and undrawn (`token` −1), or faceup."""
    state.pieces.append((MONSTER, space(where), token, -1))


def answers(state: DiscoverState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def start(state: DiscoverState, push: Any) -> None:
    """Run something that pushes onto the stack, then let the engine advance to the next question."""
    from outlast.games.discover import flow

    push()
    flow.advance(state)
