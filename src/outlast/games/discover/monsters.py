"""Monster tokens: spawning, moving toward survivors, and fighting those in a survivor's space (discover.md §11,
§16.6, §17.20 items 2–4, 17 and 21).

A facedown normal token is undetermined (architecture §2): it lies on the map as (MONSTER, space, −1, −1) and
its face is drawn from the supply only when it flips. The supply a draw may use is `monster_supply` less the
facedown tokens already on the map; when it is empty at a draw it is rebuilt from `monster_discard` (§11.6).
While monsters move, a moving token is named by (space, value): facedown tokens in one space are alike.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from . import flow
from .actions import DiscoverAction, act, parse_space, space_name
from .board import faceup_distances
from .decisions import DiscoverDecision, Step
from .exploring import landmark_spaces
from .terms import MONSTER, PLAYING

if TYPE_CHECKING:
    from .state import DiscoverState


# ----------------------------------------------------------------------------- queries
def is_normal(state: DiscoverState, piece: tuple[int, int, int, int]) -> bool:
    """A normal monster token (facedown ones are always normal); special tokens are not (§11.5)."""
    return piece[0] == MONSTER and (piece[2] < 0 or not state.copy.monsters[piece[2]].special)


def survivors_at(state: DiscoverState, space: int) -> list[int]:
    """Survivors in a space, from the tribe leader clockwise."""
    return [s for s in state.in_turn_order() if state.position[s] == space]


def occupied(state: DiscoverState) -> set[int]:
    return {state.position[s] for s in state.survivors()}


def nearest_other_survivor(state: DiscoverState, seat: int) -> int:
    """The other survivor nearest `seat` by grid distance, or −1 (§17.20 item 17). Ties go to the tribe leader:
    the leader if tied, else the first tied survivor from the leader clockwise (a query cannot pause to ask)."""
    others = [s for s in state.in_turn_order() if s != seat]
    if not others:
        return -1
    here = state.position[seat]
    best = min(state.board.distance(here, state.position[s]) for s in others)
    return next(s for s in others if state.board.distance(here, state.position[s]) == best)


def label(space: int, value: int) -> tuple[str, ...]:
    """How a moving monster is named in a choice: its space, and `t<id>` when faceup (`B3 t4`)."""
    return (space_name(space), f"t{value}") if value >= 0 else (space_name(space),)


# ----------------------------------------------------------------------------- §11.2 spawning
def spawn(state: DiscoverState, seat: int, at: str, landmark: int, special: int, only_if_none: bool) -> None:
    """Spawn a monster token at the named place: special monster #`special` if given, else a random normal token
    facedown; if the place is not on the map, nothing spawns (§11.2, §14.1 item 4, §16.5 Patrol)."""
    if only_if_none and any(is_normal(state, p) for p in state.pieces):
        return
    spaces = spawn_spaces(state, seat, at, landmark)
    if not spaces and at == "far_landmark" and special:
        state.waiting_spawn = special
        state.log("spawn", f"No landmark of pile 3 or 4 is faceup: special monster #{special} will appear on the "
                           "first one turned faceup (§17.12).")
        return
    if not spaces:
        state.log("fizzle", "The place to spawn a monster is not on the map: nothing spawns (§11.2).")
        return
    if len(spaces) > 1:
        state.decisions.append(SpawnPick(state.tribe_leader, special, tuple(spaces)))
        return
    place_monster(state, spaces[0], special)


def spawn_spaces(state: DiscoverState, seat: int, at: str, landmark: int) -> list[int]:
    """The candidate spaces of a spawn (§11.2, §17.20 item 2: nearest by grid distance, ties to the leader)."""
    marks = landmark_spaces(state)
    if at == "here":
        return [state.position[seat]]
    if at == "landmark":
        return [space for number, space in marks if number == landmark]
    if at == "lowest_landmark":
        return [marks[0][1]] if marks else []
    if at == "highest_landmark":
        return [marks[-1][1]] if marks else []
    if at == "far_landmark":
        far = [s for n, s in marks if state.board.pile_of[s // 7] >= 3]
        return far[-1:]
    here = state.position[seat]
    if not marks:
        return []
    best = min(state.board.distance(here, s) for _, s in marks)
    return [s for _, s in marks if state.board.distance(here, s) == best]


def spawn_waiting(state: DiscoverState, position: int) -> None:
    """A tile of pile 3 or 4 just turned faceup: a special monster waiting for a far landmark appears on its
    highest-numbered landmark (§17.12 2.2 AUTHORED: the stage waits rather than fizzle)."""
    if not state.waiting_spawn or state.board.pile_of[position] < 3:
        return
    marks = [s for _, s in landmark_spaces(state) if s // 7 == position]
    if marks:
        special, state.waiting_spawn = state.waiting_spawn, 0
        place_monster(state, marks[-1], special)


def place_monster(state: DiscoverState, space: int, special: int) -> None:
    """Put the token down; if survivors are there it flips and one of them fights it at once (§11.2, §11.4 item 7)."""
    if special:
        tokens = [t for t in state.specials_left if state.copy.monsters[t].number == special]
        if not tokens:
            state.log("fizzle", f"No special monster token #{special} is left: nothing spawns (§3.5).")
            return
        state.specials_left.remove(tokens[0])
        state.pieces.append((MONSTER, space, tokens[0], -1))
        state.log("spawn", f"Special monster #{special} appears in {space_name(space)} (§11.5).")
    else:
        hidden = sum(1 for p in state.pieces if p[0] == MONSTER and p[2] < 0)
        if len(state.monster_supply) <= hidden:
            state.monster_supply.extend(state.monster_discard)
            state.monster_discard.clear()
            state.log("rebuild", "The monster supply is rebuilt from the discarded tokens (§11.6).")
        if len(state.monster_supply) <= hidden:
            state.log("fizzle", "No monster token is left in the supply: nothing spawns (§17.20 item 21).")
            return
        state.pieces.append((MONSTER, space, -1, -1))
        state.log("spawn", f"A facedown monster token appears in {space_name(space)} (§11.2).")
    if survivors_at(state, space):
        flip_at(state, space)
        state.decisions.append(Encounter(state.tribe_leader, (space,)))


def flip_at(state: DiscoverState, space: int) -> None:
    """Every undrawn facedown monster in the space flips: its face is a chance draw from the supply (§11.3)."""
    for i, p in enumerate(state.pieces):
        if p[0] == MONSTER and p[1] == space and p[2] < 0:
            flow.queue(state, flow.MONSTER, i)


def choose_fighter(state: DiscoverState, space: int, seats: tuple[int, ...]) -> None:
    """One survivor fights: alone, at once; several vote, and the tribe leader decides unless all agree (§11.4
    item 7, §18.3)."""
    if len(seats) == 1:
        fight_monsters_here(state, seats[0])
        return
    state.decisions.append(WhoFights(state.tribe_leader, space, seats, (-1,) * len(seats)))


@dataclass(frozen=True, slots=True)
class Encounter(Step):
    """Monsters flipped in survivors' spaces: one survivor fights in each space, from the tribe leader's space
    clockwise (§11.2, §11.4 items 6–7, §17.20 items 3–4)."""

    kind = "fight the monsters that arrived"
    rule = "§11.4"
    spaces: tuple[int, ...]

    def proceed(self, state: DiscoverState) -> None:
        for space in reversed(self.spaces):
            here = survivors_at(state, space)
            if here:
                choose_fighter(state, space, tuple(here))


@dataclass(frozen=True, slots=True)
class SpawnPick(DiscoverDecision):
    """Several places are equally near for a spawn: the tribe leader picks (§17.20 item 2, §18.3)."""

    kind = "choose the spawn space"
    rule = "§11.2"
    special: int
    options: tuple[int, ...]

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return [act(seat, "pick", space_name(s)) for s in self.options]

    def resolve(self, state: Any, action: Any) -> None:
        place_monster(state, parse_space(action.args[0]), self.special)

    def text(self, state: Any) -> str:
        return "Equally near landmarks: choose where the monster spawns (" + \
            ", ".join(space_name(s) for s in self.options) + ")."


@dataclass(frozen=True, slots=True)
class WhoFights(DiscoverDecision):
    """The survivors in the space vote on who fights; unanimous binds, else the tribe leader picks (§18.3)."""

    kind = "vote who fights"
    rule = "§11.4"
    space: int
    seats: tuple[int, ...]
    votes: tuple[int, ...]
    forced_resolves = False

    def choosers(self, state: Any) -> tuple[int, ...]:
        return tuple(s for s, v in zip(self.seats, self.votes, strict=True) if v < 0)

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return [act(seat, "vote", s) for s in self.seats]

    def resolve(self, state: Any, action: Any) -> None:
        votes = tuple(int(action.args[0]) if s == action.seat else v
                      for s, v in zip(self.seats, self.votes, strict=True))
        state.log("vote", f"Seat {action.seat} votes for seat {action.args[0]} to fight.")
        if min(votes) < 0:
            state.decisions.append(replace(self, votes=votes))
        elif len(set(votes)) == 1:
            fight_monsters_here(state, votes[0])
        else:
            state.decisions.append(LeaderPicksFighter(state.tribe_leader, self.space, self.seats))

    def text(self, state: Any) -> str:
        return f"A monster is in {space_name(self.space)}: vote who fights it (seats {', '.join(map(str, self.seats))})."


@dataclass(frozen=True, slots=True)
class LeaderPicksFighter(DiscoverDecision):
    """The votes differ: the tribe leader decides who fights (§5.6, §18.3)."""

    kind = "pick who fights"
    rule = "§18.3"
    space: int
    seats: tuple[int, ...]

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return [act(seat, "pick", s) for s in self.seats]

    def resolve(self, state: Any, action: Any) -> None:
        fight_monsters_here(state, int(action.args[0]))

    def text(self, state: Any) -> str:
        return f"The votes differ: as tribe leader, pick who fights in {space_name(self.space)}."


# ----------------------------------------------------------------------------- §11.3 fights in a space
def fight_monsters_here(state: DiscoverState, seat: int) -> None:
    """`seat` fights every monster token in its space, flipping facedown ones first, in the order it picks
    (§11.3). With no monster token in the space there is nothing to fight, and no step is left on the stack."""
    space = state.position[seat]
    monster_here = False
    for i, p in enumerate(state.pieces):
        if p[0] == MONSTER and p[1] == space:
            monster_here = True
            if p[2] < 0:  # facedown: its face is a chance draw from the supply first
                flow.queue(state, flow.MONSTER, i)
    if monster_here:
        state.decisions.append(FightHere(seat, ()))


@dataclass(frozen=True, slots=True)
class FightHere(Step):
    """Fight the next monster in the survivor's space, until none is left or the survivor falls (§11.3)."""

    kind = "fight the monsters here"
    rule = "§11.3"
    fought: tuple[int, ...]

    def proceed(self, state: DiscoverState) -> None:
        tokens = _unfought(state, self.seat, self.fought)
        if len(tokens) == 1:
            _fight(state, self.seat, self.fought, tokens[0])
        elif tokens:
            state.decisions.append(PickMonster(self.seat, self.fought))


def _unfought(state: DiscoverState, seat: int, fought: tuple[int, ...]) -> list[int]:
    if state.status[seat] != PLAYING:
        return []
    space = state.position[seat]
    return sorted(p[2] for p in state.pieces if p[0] == MONSTER and p[1] == space and p[2] >= 0
                  and p[2] not in fought)


def _fight(state: DiscoverState, seat: int, fought: tuple[int, ...], token: int) -> None:
    state.decisions.append(FightHere(seat, (*fought, token)))
    state.decisions.append(StartCombat(seat, MONSTER, token, -1))


@dataclass(frozen=True, slots=True)
class PickMonster(DiscoverDecision):
    """Several monsters in the survivor's space: the survivor picks the next to fight (§11.3)."""

    kind = "choose the monster to fight"
    rule = "§11.3"
    fought: tuple[int, ...]

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return [act(seat, "fight", f"t{t}") for t in _unfought(state, seat, self.fought)]

    def resolve(self, state: Any, action: Any) -> None:
        _fight(state, self.seat, self.fought, int(action.args[0][1:]))

    def text(self, state: Any) -> str:
        names = ", ".join(f"t{t} (#{state.copy.monsters[t].number})" for t in _unfought(state, self.seat,
                                                                                          self.fought))
        return f"Several monsters are here: choose which to fight first ({names})."


# ----------------------------------------------------------------------------- §11.4 moving
def move_monsters(state: DiscoverState, seat: int, steps: int, which: str, toward: str) -> None:
    """Move normal monster tokens `steps` spaces: every one toward its nearest survivor (`which="all"`), or the
    one nearest `seat` toward `seat` (`which="nearest"`, `toward="you"`: Snoring, §16.6). A monster already with
    a survivor, or with none reachable, does not move; all movement ends before any combat (§11.4)."""
    if which == "nearest":
        movers = _nearest_movers(state, seat)
        if len(movers) > 1:
            flat = tuple(x for m in movers for x in m)
            state.decisions.append(MonsterPick(state.tribe_leader, seat, steps, flat))
            return
        state.decisions.append(MonsterWalk(seat, steps, seat, -1, steps, -1, tuple(x for m in movers for x in m), ()))
        return
    taken = occupied(state)
    movers = [(p[1], p[2]) for p in state.pieces if is_normal(state, p) and p[1] not in taken]
    state.decisions.append(MonsterWalk(seat, steps, -1, -1, steps, -1, tuple(x for m in movers for x in m), ()))


def _nearest_movers(state: DiscoverState, seat: int) -> list[tuple[int, int]]:
    """The normal monsters nearest `seat` by path through faceup spaces, one per (space, value) (§16.6)."""
    dist = faceup_distances(state.board, state.position[seat], state.tile_face)
    taken = occupied(state)
    found = sorted({(p[1], p[2]) for p in state.pieces
                    if is_normal(state, p) and dist[p[1]] > 0 and p[1] not in taken})
    if not found:
        return []
    best = min(dist[s] for s, _ in found)
    return [(s, v) for s, v in found if dist[s] == best]


@dataclass(frozen=True, slots=True)
class MonsterPick(DiscoverDecision):
    """Equally near monsters: the tribe leader picks the one that moves (§16.6, §18.3)."""

    kind = "choose the monster that moves"
    rule = "§11.4"
    toward: int
    steps: int
    movers: tuple[int, ...]

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        pairs = zip(self.movers[::2], self.movers[1::2], strict=True)
        return [act(seat, "pick", *label(s, v)) for s, v in pairs]

    def resolve(self, state: Any, action: Any) -> None:
        words = [str(a) for a in self.legal(state, self.seat)]
        k = words.index(str(action))
        mover = self.movers[2 * k:2 * k + 2]
        state.decisions.append(MonsterWalk(self.toward, self.steps, self.toward, -1, self.steps, -1, mover, ()))

    def text(self, state: Any) -> str:
        return f"Equally near monsters: as tribe leader, pick the one that moves toward seat {self.toward}."


@dataclass(frozen=True, slots=True)
class MonsterWalk(Step):
    """Move the first of `movers` (flattened (space, value) pairs) one space at a time toward its target: the
    target is fixed for the whole move; a monster entering a survivor's space stops and flips; when every mover
    is done, the combats follow (§11.4 items 2–6)."""

    kind = "move monsters"
    rule = "§11.4"
    steps: int
    toward: int
    """The survivor all move toward, or −1: each toward its nearest survivor."""
    target: int
    left: int
    step_to: int
    """The next space, when the tribe leader has broken a path tie (−1: none chosen)."""
    movers: tuple[int, ...]
    entered: tuple[int, ...]

    def proceed(self, state: DiscoverState) -> None:
        """Walk the movers in turn, one space at a time, until all are done (the combats follow) or the tribe leader
        must break a tie (the choice carries the walk, to resume it). The walk's fields are followed in locals:
        walks run at every night of every rollout. Survivors do not move while monsters walk, so the spaces they
        hold are read once."""
        seat, steps, toward = self.seat, self.steps, self.toward
        target, left, step_to, movers, entered = self.target, self.left, self.step_to, self.movers, self.entered
        pieces, taken = state.pieces, occupied(state)
        while movers:
            space, value = movers[0], movers[1]
            i = _find(state, space, value) if left > 0 and space not in taken else -1
            if i < 0:  # done walking, gone, or already with a survivor: the next mover
                target, left, step_to, movers = -1, steps, -1, movers[2:]
                continue
            if target < 0:
                targets = _targets(state, space, toward)
                if len(targets) != 1:
                    if targets:
                        state.decisions.append(TargetPick(state.tribe_leader, seat, steps, toward, target, left,
                                                          movers, entered, tuple(targets)))
                        return
                    target, left, step_to, movers = -1, steps, -1, movers[2:]  # no survivor reachable
                    continue
                target = targets[0]  # and on to its step, with the piece already found
            step = step_to
            if step < 0:
                options = _closer(state, space, state.position[target])
                if len(options) != 1:
                    if options:
                        state.decisions.append(PathPick(state.tribe_leader, seat, steps, toward, target, left, movers,
                                                        entered, tuple(options)))
                        return
                    target, left, step_to, movers = -1, steps, -1, movers[2:]
                    continue
                step = options[0]
            kind, _, _, card = pieces[i]
            pieces[i] = (kind, step, value, card)
            if step in taken:  # entering a survivor's space it stops and flips (§11.4 item 5)
                state.log("monster", f"A monster moves into {space_name(step)}, where a survivor is, and flips "
                                     "(§11.4).")
                if value < 0:
                    flow.queue(state, flow.MONSTER, i)
                target, left, step_to, movers, entered = -1, steps, -1, movers[2:], (*entered, step)
                continue
            state.log("monster", f"A monster moves to {space_name(step)} (§11.4).")
            left, step_to, movers = left - 1, -1, (step, value, *movers[2:])
        _arrive(state, entered)


def _find(state: DiscoverState, space: int, value: int) -> int:
    for i, p in enumerate(state.pieces):
        if p[0] == MONSTER and p[1] == space and p[2] == value:
            return i
    return -1


def _targets(state: DiscoverState, space: int, toward: int) -> list[int]:
    """The survivor a monster moves toward: `toward`, or the survivors nearest by path through faceup spaces
    (§11.4 item 4, §17.20 item 2); empty when none is reachable."""
    faces, board, position = state.tile_face, state.board, state.position
    seats = ([toward] if state.status[toward] == PLAYING else []) if toward >= 0 else state.in_turn_order()
    if faces[space // 7] >= 0:
        # A path between two faceup spaces is as long read from either end, so the distance is read from each
        # survivor's space: those maps stay the same while the monsters walk (the survivors do not move), and
        # `_closer` reads the same ones; one from the monster's space would be new at every step it takes.
        found = [(s, d) for s in seats if (d := faceup_distances(board, position[s], faces)[space]) >= 0]
    else:  # a monster on a facedown tile (not dealt by the rules, but kept correct): read from the monster
        dist = faceup_distances(board, space, faces)
        found = [(s, d) for s in seats if (d := dist[position[s]]) >= 0]
    if not found:
        return []
    best = min(d for _, d in found)
    return [s for s, d in found if d == best]


def _closer(state: DiscoverState, space: int, goal: int) -> list[int]:
    """The neighbouring faceup spaces one step nearer `goal` by path (§11.4 items 3–4)."""
    faces = state.tile_face
    dist = faceup_distances(state.board, goal, faces)
    if dist[space] <= 0:
        return []
    return sorted(n for n in state.board.adjacent[space] if faces[n // 7] >= 0 and dist[n] == dist[space] - 1)


def _arrive(state: DiscoverState, entered: tuple[int, ...]) -> None:
    """All movement is over: the combats follow, from the tribe leader's space clockwise (§11.4 item 6)."""
    spaces: list[int] = []
    for s in state.in_turn_order():
        if state.position[s] in entered and state.position[s] not in spaces:
            spaces.append(state.position[s])
    if spaces:
        state.decisions.append(Encounter(state.tribe_leader, tuple(spaces)))


@dataclass(frozen=True, slots=True)
class _WalkChoice(DiscoverDecision):
    """A tie during a monster move, for the tribe leader; carries the walk to resume (§11.4, §18.3)."""

    drawer: int
    steps: int
    toward: int
    target: int
    left: int
    movers: tuple[int, ...]
    entered: tuple[int, ...]
    options: tuple[int, ...]

    def walk(self, target: int, step_to: int) -> MonsterWalk:
        return MonsterWalk(self.drawer, self.steps, self.toward, target, self.left, step_to, self.movers,
                           self.entered)


@dataclass(frozen=True, slots=True)
class TargetPick(_WalkChoice):
    """Survivors equally near a moving monster: the tribe leader picks its target (§11.4 item 4)."""

    kind = "choose the monster's target"
    rule = "§11.4"

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return [act(seat, "pick", s) for s in self.options]

    def resolve(self, state: Any, action: Any) -> None:
        state.decisions.append(self.walk(int(action.args[0]), -1))

    def text(self, state: Any) -> str:
        return (f"The monster in {space_name(self.movers[0])} is equally near seats "
                f"{', '.join(map(str, self.options))}: as tribe leader, pick the one it moves toward.")


@dataclass(frozen=True, slots=True)
class PathPick(_WalkChoice):
    """Equally short paths: the tribe leader picks the monster's next space (§11.4 item 4, AUTHORED)."""

    kind = "choose the monster's path"
    rule = "§11.4"

    def legal(self, state: Any, seat: int) -> list[DiscoverAction]:
        return [act(seat, "pick", space_name(s)) for s in self.options]

    def resolve(self, state: Any, action: Any) -> None:
        state.decisions.append(self.walk(self.target, parse_space(action.args[0])))

    def text(self, state: Any) -> str:
        return (f"The monster in {space_name(self.movers[0])} has equally short paths: as tribe leader, pick its "
                f"next space ({', '.join(space_name(s) for s in self.options)}).")


KINDS = (Encounter, SpawnPick, WhoFights, LeaderPicksFighter, FightHere, PickMonster, MonsterPick, MonsterWalk,
         TargetPick, PathPick)
"""Every decision and step kind of §11, for the game's `DecisionKinds`."""


# Imported last, once this module's names exist, so the cycles among the rules modules resolve; not inside the
# functions that use them, where the import would run at every call.
from .combat_steps import StartCombat  # noqa: E402
