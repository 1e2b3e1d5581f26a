"""What the Robinson Crusoe bot reads of a position (robinson-crusoe.md §8.1, §9, §25.1): the worth of
Inventions and tokens, the records of a team plan, the base position a plan starts from and the weather outlook.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import abilities
from .constants import (
    G_ECON,
    PLAN,
    XS_SKILL,
)
from .state import RobinsonState

# how much an Invention is worth to the team (discard / flip the cheapest, pick the dearest)
ITEM_VALUE = {
    "fire": 100, "hatchet": 40, "knife": 30, "mast": 30, "rope": 25, "shovel": 18, "basket": 16, "sack": 16,
    "pot": 14, "cure": 14, "fireplace": 15, "snare": 15, "bricks": 12, "moat": 12, "wall": 12, "bow": 12,
    "spear": 12, "sling": 12, "cellar": 10, "dam": 10, "bed": 10, "corral": 10, "pit": 8, "furnace": 9,
    "lantern": 9, "belts": 9, "raft": 8, "shield": 4, "map": 7, "shortcut": 8, "diary": 7, "drums": 8,
}
TOKEN_VALUE = {
    "oil": 10, "fallen_tree": 6, "nourishing_larvae": 6, "pirate_sabre": 6, "old_machete": 6, "thorny_bushes": 6,
    "goat": 5, "poison": 5, "ladys_medallion": 5, "candles_token": 5, "treasure": 4, "large_leaves": 4,
    "tobacco": 4, "herbs": 4, "vegetables": 4, "healing_herbs": 4, "herbs_pot": 3,
}


def is_mountain(s: RobinsonState, tile: int) -> bool:
    """The tile is a Mountains tile (its terrain, §8.10)."""
    return bool(s.content.tiles[tile].terrain == "mountains")


@dataclass
class PlanItem:
    """One planned Action: its target, its pawns (the first leads) and why it is there."""

    typ: int
    target: int
    alt: int
    pawns: list[int]
    text: str
    why: str
    leader: int = -1  # the character meant to act (a seat, or Friday's index)


@dataclass
class PlanPawn:
    """A pawn the planner may place: its id, kind, character and the Actions it may take (a mask)."""

    pid: int
    kind: str  # player, friday, dog, extra
    char: int  # seat, Friday's index, or -1
    mask: int


@dataclass
class Plan:
    """A team plan: the planned Actions in order, and the wood for the pile at the pile decision."""

    items: list[PlanItem] = field(default_factory=list)
    pile: int = 0  # wood onto the pile this round (only meaningful at the pile decision)


# ---------------------------------------------------------------------------------------- the base position
def base_state(s: RobinsonState) -> RobinsonState:
    """The position as it was when planning began: no groups, and skill costs paid in planning refunded."""
    b = s.clone()
    if s.phase == PLAN:
        det = list(b.determination)
        used = list(b.skill_used)
        n = s.players
        for g in s.groups:
            if g[8] & G_ECON:
                for seat in range(n):
                    ch = s.table.chars[seat]
                    si = abilities.skill_answering(s.program, ch, abilities.WOOD_SAVED)
                    if si >= 0 and used[seat] >> si & 1:
                        det[seat] += s.content.characters[ch].skills[si].cost
                        used[seat] &= ~(1 << si)
            for pid in g[4]:
                k = pid - 2 * n - 2
                if 0 <= k < len(s.additional_pawns) and s.additional_pawns[k][0] == XS_SKILL:
                    seat, si = divmod(s.additional_pawns[k][1], 8)
                    if used[seat] >> si & 1:
                        det[seat] += s.content.characters[s.table.chars[seat]].skills[si].cost
                        used[seat] &= ~(1 << si)
        b.determination = det
        b.skill_used = used
        b.groups = []
        b.ready = [0] * n
    b._lc = None
    b._tm = None
    return b


# ---------------------------------------------------------------------------------------- weather model
def _rain_faces(s: RobinsonState, die: str) -> list[tuple[int, int, int]]:
    """(rain, winter, animals) per face of a weather die."""
    out = []
    for f in s.content.weather_dice[die]:
        if f.startswith("rain"):
            out.append((int(f[-1]), 0, 0))
        elif f.startswith("winter"):
            out.append((0, int(f[-1]), 0))
        else:
            out.append((0, 0, ("blank", "palisade", "food", "fight").index(f)))
    return out


def weather_outlook(s: RobinsonState, rnd: int, roof: int) -> tuple[float, float, float, float]:
    """Expected (unprotected clouds, winter clouds, palisade hits, fight chance) in round `rnd`'s weather."""
    sc = s.table.scenario
    if rnd > sc.rounds:
        return 0.0, 0.0, 0.0, 0.0
    dice = sc.weather[rnd - 1]
    combos: list[tuple[float, int, int, int]] = [(1.0, 0, 0, 0)]
    for die in dice:
        faces = _rain_faces(s, die)
        nxt = []
        for p, r, w, a in combos:
            for fr, fw, fa in faces:
                nxt.append((p / len(faces), r + fr, w + fw, a or fa))
        combos = nxt
    tr, tw = (s.weather_tokens[0], s.weather_tokens[1]) if rnd == s.round else (0, 0)
    unprot = wint = pal = fight = 0.0
    for p, r, w, a in combos:
        r += tr
        w += tw
        unprot += p * max(0, r + w - roof)
        wint += p * w
        pal += p * (a == 1)
        fight += p * (a == 3)
    return unprot, wint, pal, fight

