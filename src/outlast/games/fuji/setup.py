"""Setup (fuji.md §3): skills and characters, the terrain, starting equipment, dice left out, start cards.

Setup runs in steps (`FujiState.setup_step`): deal (§3.1) → lay the terrain (§3.4) → starting equipment,
one meeple at a time (§3.2) → 5-die skills leave a die in the box (§17.1) → with four meeples, who starts
on the white card (§17.6 item 9) → place meeples and tokens, and the first round begins.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from outlast.core import CHANCE
from outlast.core.words import count

from . import rolling
from .actions import FujiAction
from .decisions import FujiDecision
from .terms import (
    DEAL_CHARACTER,
    DEAL_SKILL,
    DRAW_EQUIPMENT,
    KEEP,
    KEEPING,
    LEAVE_DIE,
    PLACE_TERRAIN,
    UNDER_PILE,
    WHITE_STARTERS,
)

if TYPE_CHECKING:
    from .state import FujiState

def setup_next(state: FujiState) -> None:
    """Run the next step of setup (§3), up to its chance points or decisions."""
    (_deal, _lay_terrain, _starting_equipment, _leave_dice, _choose_starters, _place)[state.setup_step](state)


def _deal(state: FujiState) -> None:
    """§3.1: skills and characters come from the options, or are dealt at random (chance points)."""
    table = state.table
    content, options = table.content, table.options
    for name, dealt, ids, kind in (("skills", state.skill, [s.id for s in content.skills], DEAL_SKILL),
                                   ("characters", state.character, [x["id"] for x in content.characters],
                                    DEAL_CHARACTER)):
        for e in range(table.explorers):
            if options[name]:
                dealt[e] = ids.index(options[name][e]) if e < len(options[name]) else -1
            elif e < len(ids):
                state.chance.append((kind, e))
    state.setup_step = 1


def _lay_terrain(state: FujiState) -> None:
    """§3.4: a 5-die skill's default die leaves (§17.1); each village and landscape cell gets a card."""
    table = state.table
    content, board = table.content, table.board
    for e in range(table.explorers):
        if content.skills[state.skill[e]].dice == 5:
            state.die_in_play[e * 6 + content.default_left_out] = 0
    state.chance += [(PLACE_TERRAIN, cell) for cell in board.villages]
    state.chance += [(PLACE_TERRAIN, cell) for cell in board.landscape]
    state.setup_step = 2
    state.setup_explorer = 0


def _starting_equipment(state: FujiState) -> None:
    """§3.2: each meeple in turn draws its skill's cards and, when it draws more than it keeps, chooses."""
    table = state.table
    if state.setup_explorer >= table.explorers:
        state.setup_step = 3
        return
    e = state.setup_explorer
    skill = table.content.skills[state.skill[e]]
    locations = state.card_location
    if any(locations[card] == KEEPING - e for card in range(len(locations))):
        state.decisions.append(Keep(table.ctrl[e], e, skill.keep))
        state.setup_explorer += 1
    elif any(locations[card] == e for card in range(len(locations))):
        state.setup_explorer += 1
    else:
        state.chance += [(DRAW_EQUIPMENT, e)] * skill.draw
        if skill.keep == skill.draw:
            state.setup_explorer += 1


def _leave_dice(state: FujiState) -> None:
    """§17.1: each meeple with a 5-die skill chooses the die it leaves in the box (all at once)."""
    table = state.table
    for e in reversed(range(table.explorers)):
        if table.content.skills[state.skill[e]].dice == 5:
            state.decisions.append(LeaveDie(table.ctrl[e], e))
    state.setup_step = 4


def _choose_starters(state: FujiState) -> None:
    """§17.6 item 9: with four meeples, seat 0 names the two that start on the white card."""
    if state.table.explorers == 4:
        state.decisions.append(WhiteStarters(0, -1))
    state.setup_step = 5


def _place(state: FujiState) -> None:
    """§3.4, §3.5: meeples on their start cards, tokens on their cells (Extra thrill's doubled, §11.4); round 1."""
    table = state.table
    board, options = table.board, table.options
    for e in range(table.explorers):
        grey = table.explorers == 4 and e not in state.white_starters
        state.position[e] = board.grey_start if grey else board.white_start
    for cell in board.equipment_tokens:
        state.equipment_tokens_left |= 1 << cell
    for cell in board.eruption_tokens:
        if options["extra_thrill"] and cell == board.thrill:
            state.double_eruption_tokens_left |= 1 << cell
        else:
            state.eruption_tokens_left |= 1 << cell
    state.log("setup", f"scenario {board.scenario} {board.name}, level {options['level']}; the climb begins")
    rolling.start_round(state)


# ---------------------------------------------------------------------------- chance at setup
def deal_outcomes(state: FujiState, kind: int, e: int) -> list[tuple[FujiAction, float]]:
    """§3.1: any skill (6-die only for variant B's shared meeple, §13.2) or character not dealt yet."""
    content = state.table.content
    if kind == DEAL_SKILL:
        taken = set(state.skill)
        shared = state.table.options["variant"] == "b" and e == 2
        skills = [i for i, skill in enumerate(content.skills) if i not in taken and (skill.dice == 6 or not shared)]
        return [(FujiAction(CHANCE, "skill", (e,), (content.skills[i].id,)), 1 / len(skills)) for i in skills]
    taken = set(state.character)
    characters = [i for i in range(len(content.characters)) if i not in taken]
    return [(FujiAction(CHANCE, "character", (e,), (content.characters[i]["id"],)), 1 / len(characters))
            for i in characters]


def terrain_outcomes(state: FujiState, cell: int) -> list[tuple[FujiAction, float]]:
    """§3.4: any village card not laid yet on a village cell, any landscape card on a landscape cell."""
    want = "village" if state.table.board.is_village(cell) else "landscape"
    used = set(state.card_at)
    cards = [card.id for i, card in enumerate(state.table.content.terrain) if card.kind == want and i not in used]
    return [(_laid(cell, card), 1 / len(cards)) for card in cards]


_LAID: dict[tuple[int, str], FujiAction] = {}


def _laid(cell: int, card: str) -> FujiAction:
    """The outcome "terrain card `card` is laid on `cell`", made once and shared (actions are immutable)."""
    hit = _LAID.get((cell, card))
    if hit is None:
        if len(_LAID) > 100_000:
            _LAID.clear()
        hit = _LAID[(cell, card)] = FujiAction(CHANCE, "place", (cell,), (card,))
    return hit


def apply_deal(state: FujiState, act: FujiAction) -> None:
    """A skill or character dealt to a meeple (§3.1)."""
    content = state.table.content
    e = act.args[0]
    if act.verb == "skill":
        i = content.skill_by_id[act.ids[0]]
        state.skill[e] = i
        state.log("setup", f"meeple {e} is the {content.skills[i].name}")
    else:
        i = content.character_by_id[act.ids[0]]
        state.character[e] = i
        state.log("setup", f"meeple {e} is {content.characters[i]['name']}")


def apply_terrain(state: FujiState, cell: int, card: int) -> None:
    """A terrain card laid on a cell (§3.4)."""
    state.card_at = state.card_at[:]  # shared with clones: copy on write
    state.card_at[cell] = card


# ---------------------------------------------------------------------------- decisions at setup
@dataclass(frozen=True, slots=True)
class Keep(FujiDecision):
    """§3.2: the meeple keeps `count` of the cards it drew; the rest go under the pile, unseen."""

    count_kept: int
    kind = "keep"
    rule = "§3.2"
    reveals = True
    index = KEEP

    def count(self) -> int:
        return self.count_kept

    def legal(self, state: FujiState, seat: int) -> list[FujiAction]:
        e = self.meeple
        equipment = state.table.content.equipment
        drawn = [equipment[card].id for card in range(len(state.card_location))
                 if state.card_location[card] == KEEPING - e]
        return [FujiAction(self.seat, "keep", (), combo) for combo in combinations(drawn, self.count_kept)]

    def resolve(self, state: FujiState, action: FujiAction) -> None:
        e, seat = self.meeple, self.seat
        index = state.table.content.equipment_by_id
        kept = [index[card] for card in action.ids]
        keep = set(kept)
        for card in range(len(state.card_location)):
            if state.card_location[card] == KEEPING - e:
                if card in keep:
                    state.card_location[card] = e
                else:
                    state.card_location[card] = UNDER_PILE
                    state.under_pile.append(card * 8 + seat)
        names = ", ".join(state.table.content.equipment[k].name for k in kept)
        state.log("reveal", f"meeple {e} keeps {names}; the rest go under the pile", cards=kept)

    def text(self, state: FujiState) -> str:
        n = self.count_kept
        return (f"Starting equipment (§3.2): choose the {count(n, 'equipment card')} meeple "
                f"{self.meeple} keeps; the others go under the draw pile")


@dataclass(frozen=True, slots=True)
class LeaveDie(FujiDecision):
    """§17.1: a meeple with a 5-die skill leaves one of its six dice in the box (every such seat at once)."""

    kind = "leave"
    rule = "§17.1"
    simultaneous = True
    index = LEAVE_DIE

    def legal(self, state: FujiState, seat: int) -> list[FujiAction]:
        return [FujiAction(self.seat, "leave", (self.meeple * 6 + k,)) for k in range(6)]

    def resolve(self, state: FujiState, action: FujiAction) -> None:
        e = self.meeple
        base = e * 6
        for k in range(6):
            state.die_in_play[base + k] = int(base + k != action.args[0])
        state.log("setup", f"meeple {e} leaves die {action.args[0] % 6 + 1} in the box")

    def text(self, state: FujiState) -> str:
        colours = state.table.content.die_colours
        dice = "; ".join(f"die {k + 1}: {_pairs(colours[k])}" for k in range(6))
        return (f"Dice set (§3.3, §17.1): meeple {self.meeple} has a 5-die skill; choose the die it leaves in the box. "
                f"Its six dice are not rolled yet and differ only in how their faces are coloured: {dice} "
                f"(any will do; the usual one to leave is die {state.table.content.default_left_out + 1})")


COLOUR_WORDS = {"Y": "yellow", "B": "blue", "P": "pink"}


def _pairs(faces: tuple[str, ...]) -> str:
    """`1/6 yellow, 2/5 blue, 3/4 pink`: which faces of one die show which colour (§17.1)."""
    by_colour: dict[str, list[int]] = {}
    for value in range(1, len(faces)):
        by_colour.setdefault(faces[value], []).append(value)
    return ", ".join(f"{'/'.join(map(str, values))} {COLOUR_WORDS.get(colour, colour)}"
                     for colour, values in by_colour.items())


@dataclass(frozen=True, slots=True)
class WhiteStarters(FujiDecision):
    """§17.6 item 9: with four meeples, seat 0 names the two that start on the white card (the others on grey)."""

    kind = "starts"
    rule = "§17.6 item 9"
    index = WHITE_STARTERS

    def legal(self, state: FujiState, seat: int) -> list[FujiAction]:
        return [FujiAction(self.seat, "starts", pair) for pair in combinations(range(4), 2)]

    def resolve(self, state: FujiState, action: FujiAction) -> None:
        state.white_starters = list(action.args)
        state.log("setup", f"meeples {action.args[0]} and {action.args[1]} start on the white card")

    def text(self, state: FujiState) -> str:
        return "Start cards (§3.5, §17.6 item 9): choose the two meeples that start on the white card"
