"""End of the game and scoring (fuji.md §12): defeat, victory, victory points and the rating band."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import END_CODES

if TYPE_CHECKING:
    from .state import FujiState

RATINGS = ((0, "a long rest in hospital"), (1, "a near thing; no funding next time"),
           (3, "made it, no medals"), (5, "a well-earned rest in the village"),
           (8, "a festival in your honour; try a higher level"), (12, "world fame; raise the level"))
"""The lowest victory-point total of each rating band, in our own words (§12.4)."""


def rating(points: int) -> str:
    """The rating band of a victory-point total (§12.4; below 0 uses the 0 band)."""
    return [text for low, text in RATINGS if max(points, 0) >= low][-1]


def lose(state: FujiState, reason: str, rule: str, code: str) -> None:
    """The team loses now (§12.1 lava, §10.7 exhaustion), unless the game already ended."""
    if not state.over:
        state.over = 1 + END_CODES.index(code)
        state.reason = f"{reason} ({rule})"
        state.log("end", f"defeat: {reason}")


def check_victory(state: FujiState) -> None:
    """§12.2: the team wins the moment every meeple stands on a village card."""
    if not state.over and all(state.table.board.is_village(cell) for cell in state.position):
        state.over = 1
        state.reason = "every meeple reached the village (§12.2)"
        points = victory_points(state)
        state.log("end", f"victory with {points} points: {rating(points)}")


def victory_points(state: FujiState) -> int:
    """§12.4: 4 per player (each meeple in variant B), −1 per injury, +1 per unused card."""
    injuries = sum(bin(mask).count("1") for mask in state.injuries)
    locations, used = state.card_location, state.card_used_once
    unused = sum(1 for card in range(len(locations)) if locations[card] >= 0 and not used[card])
    return 4 * state.table.explorers - injuries + unused
