"""A fixed-length numeric encoding of a Discover view, for learning agents (`Game.encode`, §18).

It reads `observe(seat)` alone, so it carries nothing the seat may not see (a facedown tile is only "facedown", a
facedown token only its back). Seats are written relative to the viewer: the viewer's survivor first, then the
others clockwise, so one network plays every seat. Every value lies in [0, 1]; counts are divided by a cap and
clipped. The same length for every copy, scenario and player count (`size()`):

- the game: scenario, phase, day, player count, quest stage, signal nights, a guardian waiting (§17.12), decks,
  the pending decision's kind and whether the viewer is among its choosers;
- each of the 119 spaces: tile faceup, terrain, landmark, objective, water and feature icons, the camp, the pieces
  on it (fire lit or out, feature facedown or faceup, water, monster facedown, faceup or special, resource) and
  which survivors stand there (relative seats);
- each survivor (relative seats): present, status, stamina, damage by kind, resources by kind, items, load, carry
  limit, hand size, threats, combat support played, tribe leader, the turn's survivor;
- the viewer's hand of projects by id, the faceup projects by id;
- the combat: its mode, stage, both dice and their modifiers, the enemy's numbers, who fights (1) and who defends
  (0.5), the damage each seat's shield still prevents (the `prevent` verb, §15.5).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .action_space import MAX_PROJECTS, MAX_SEATS
from .actions import POSITION_LETTERS, parse_space
from .combat_base import STAGES
from .generator_decks import SCENARIO_STAGES
from .terms import BACKS, DAMAGE, DIE, PHASES, RESOURCES, STAMINA_CAP, STATUS, SUPPORT, TERRAINS

SPACES = len(POSITION_LETTERS) * 7
SCENARIOS = ("1", "2", "5")
MODES = ("enemy", "attack")
"""A fight with an enemy (a card or a monster token) or one survivor attacking another (Scenario 5, §15.3)."""
PER_SPACE = 1 + len(TERRAINS) + 4 + len(BACKS) + 1 + 2 + 2 + 3 + 1 + MAX_SEATS
PER_SURVIVOR = 1 + len(STATUS) + 1 + len(DAMAGE) + len(RESOURCES) + 6 + len(SUPPORT) + 2


@cache
def decision_kinds() -> tuple[str, ...]:
    """The kind names of every Discover decision, in a stable order (unknown kinds encode as none)."""
    from .fields import decision_kinds as kinds

    return tuple(sorted({getattr(k, "kind", "") for k in kinds().by_kind.values()} - {""}))


@cache
def size() -> int:
    """The length of every encoding (module doc)."""
    game = len(SCENARIOS) + len(PHASES) + 1 + MAX_SEATS + len(SCENARIO_STAGES) + 2 + 4 + len(decision_kinds()) + 1
    combat = 1 + len(MODES) + len(STAGES) + 4 + 5 + 2 * MAX_SEATS
    return game + SPACES * PER_SPACE + MAX_SEATS * PER_SURVIVOR + 2 * MAX_PROJECTS + combat


def _one_hot(value: Any, choices: tuple[Any, ...]) -> list[float]:
    return [1.0 if value == c else 0.0 for c in choices]


def _part(n: float, cap: float) -> float:
    return min(1.0, max(0.0, n / cap))


def encode(observation: dict[str, Any]) -> list[float]:
    """The encoding of one view (module doc). `observation` is `state.observe(seat)` of a Discover game.

    >>> from outlast.games.discover import GAME
    >>> vector = GAME.encode(GAME.new_game(players=2, seed=1).observe(0))
    >>> len(vector) == size() and all(0.0 <= x <= 1.0 for x in vector)
    True
    """
    viewer = observation.get("seat")
    survivors = observation["survivors"]
    seats = len(survivors)
    base = viewer if isinstance(viewer, int) else 0
    relative = {(base + k) % seats: k for k in range(seats)}
    out: list[float] = []
    out += _one_hot(str(observation["scenario"]), SCENARIOS)
    out += _one_hot(observation["phase"], PHASES)
    out.append(_part(observation["day"], 30))
    out += _one_hot(seats, tuple(range(1, MAX_SEATS + 1)))
    quest = observation.get("quest") or {}
    out += _one_hot(quest.get("code"), SCENARIO_STAGES)
    out.append(_part(quest.get("signal_nights", 0), 2))
    out.append(1.0 if quest.get("guardian_waiting") else 0.0)
    decks = observation["decks"]
    out += [_part(decks["projects"], 16), _part(decks["threats"], 12), _part(decks["threat_discard"], 12),
            _part(decks["nights"], 12)]
    decision = observation.get("decision") or {}
    out += _one_hot(decision.get("kind"), decision_kinds())
    out.append(1.0 if viewer in decision.get("seats", ()) else 0.0)
    out += _spaces(observation, relative)
    out += _survivors(observation, relative)
    hand = {p["id"] for p in observation.get("hand") or ()}
    faceup = {p["id"] for p in observation["projects_faceup"]}
    out += [1.0 if f"p{p}" in hand else 0.0 for p in range(MAX_PROJECTS)]
    out += [1.0 if f"p{p}" in faceup else 0.0 for p in range(MAX_PROJECTS)]
    out += _combat(observation.get("combat"), relative)
    return out


def _spaces(observation: dict[str, Any], relative: dict[int, int]) -> list[float]:
    cells = [[0.0] * PER_SPACE for _ in range(SPACES)]
    board = observation["map"]
    for tile in board["tiles"]:
        if not tile["faceup"]:
            continue
        for space in tile["spaces"]:
            cell = cells[parse_space(space["space"])]
            cell[0] = 1.0
            cell[1:1 + len(TERRAINS)] = _one_hot(space["terrain"], TERRAINS)
            at = 1 + len(TERRAINS)
            cell[at] = 1.0 if space["landmark"] else 0.0
            cell[at + 1] = _part(space["landmark"], 100)
            cell[at + 2] = 1.0 if space["objective"] else 0.0
            cell[at + 3] = 1.0 if space["water_icon"] else 0.0
            at += 4
            cell[at:at + len(BACKS)] = _one_hot(space["feature_icon"], BACKS)
    camp = parse_space(board["camp"])
    pieces = 1 + len(TERRAINS) + 4 + len(BACKS)
    if camp >= 0:
        cells[camp][pieces] = 1.0
    for piece in board["pieces"]:
        cell = cells[parse_space(piece["space"])]
        at = pieces + 1
        kind = piece["kind"]
        if kind == "fire":
            cell[at if piece.get("lit") else at + 1] = 1.0
        elif kind == "feature":
            cell[at + 2 + (1 if piece.get("faceup") else 0)] += 0.25
        elif kind == "monster":
            cell[at + 4 + (0 if not piece.get("faceup") else 2 if piece.get("special") else 1)] = 1.0
        elif kind in ("water", "resource"):
            cell[at + 7] += 0.25
    here = pieces + 1 + 2 + 2 + 3 + 1
    for survivor in observation["survivors"]:
        if survivor["status"] == "playing":
            cells[parse_space(survivor["space"])][here + relative[survivor["seat"]]] = 1.0
    return [min(1.0, x) for cell in cells for x in cell]


def _survivors(observation: dict[str, Any], relative: dict[int, int]) -> list[float]:
    rows = [[0.0] * PER_SURVIVOR for _ in range(MAX_SEATS)]
    for survivor in observation["survivors"]:
        row: list[float] = [1.0]
        row += _one_hot(survivor["status"], STATUS)
        row.append(_part(survivor["stamina"], STAMINA_CAP))
        row += [_part(survivor["damage"].count(d), 4) for d in DAMAGE]
        row += [_part(survivor["resources"].get(r, 0), 10) for r in RESOURCES]
        row += [_part(len(survivor["items"]), 10), _part(survivor["carried"], 20), _part(survivor["carry_limit"], 20),
                _part(survivor["hand_size"], 8), _part(len(survivor["threats"]), 4),
                1.0 if "character" in survivor else 0.0]
        row += _one_hot(survivor.get("support"), SUPPORT)
        row += [1.0 if observation.get("tribe_leader") == survivor["seat"] else 0.0,
                1.0 if observation.get("current") == survivor["seat"] else 0.0]
        rows[relative[survivor["seat"]]] = row
    return [x for row in rows for x in row]


def _combat(combat: dict[str, Any] | None, relative: dict[int, int]) -> list[float]:
    width = 1 + len(MODES) + len(STAGES) + 4 + 5 + 2 * MAX_SEATS
    if not combat:
        return [0.0] * width
    dice = combat.get("dice") or {}
    enemy = combat.get("enemy") or {}
    out = [1.0, *_one_hot(combat.get("mode"), MODES), *_one_hot(combat.get("stage"), STAGES)]
    out += [_part(dice.get("gray", 0), DIE), _part(dice.get("red", 0), DIE),
            _part(dice.get("gray_modifier", 0) + 6, 12), _part(dice.get("red_modifier", 0) + 6, 12)]
    out += [_part(enemy.get("defense", 0), 20), _part(enemy.get("attack", 0), 20), _part(enemy.get("health", 0), 10),
            _part(enemy.get("damage", 0), 10), 1.0 if enemy.get("lethal") else 0.0]
    fighters = [0.0] * MAX_SEATS
    for who, value in ((combat.get("combatant"), 1.0), (combat.get("defender"), 0.5)):
        if isinstance(who, int) and who in relative:
            fighters[relative[who]] = value
    shields = [0.0] * MAX_SEATS
    for who, n in (combat.get("shield") or {}).items():
        if int(who) in relative:
            shields[relative[int(who)]] = _part(n, 3)
    return out + fighters + shields
