"""The fields of a Robinson Crusoe state, declared once (robinson-crusoe.md §2: the engine state).

`StateFields` is the base of `RobinsonState`: it holds the fields' types, so each chapter module's rules
(functions of the state) may read and set the fields they need; `declaration.py` declares how each is copied, written,
checked and redrawn, and gives `RobinsonState` its slots.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from outlast.core import Event, State

from .content import Content
from .program import Program
from .table import Table

if TYPE_CHECKING:
    from .decisions import RobinsonDecision


class StateFields(State):
    """The data of one game in progress (the rules are in the chapter modules)."""

    __slots__ = ()

    game: Any
    table: Table
    players: int
    """Number of players (seats)."""
    content: Content
    program: Program
    events: list[Event]
    rng_state: int
    phase: int
    step: int
    round: int
    first_player: int
    over: int
    reason: str
    source: str
    """Name of the last skill, item or token used: the cause logged for its effects."""
    morale: int
    roof: int
    palisade: int
    weapon: int
    shelter: int
    camp: int
    tile_top: int
    temp_weapon: int
    resolving_action: int
    """Index in `groups` of the planned Action being resolved (-1: none, §8.4)."""
    flags: int
    friday_alive: int
    night_food: int
    pile_done: int
    """1 once wood went onto the pile this round (once a round, §25.1)."""
    book_events_in_deck: int
    adventure_events_in_deck: int
    """Unseen Book / Adventure Event cards still dealt into the Event deck (§3 step 16)."""
    friday_rerolled: int
    arrange_determination: int
    arrange_heal: int
    zone: list[int]
    uses: list[int]
    token_place: list[int]
    """Per Discovery token (in the content's order), where it is: bag, Future, available, used, removed, revealed, box (§19)."""
    tile_at: list[int]
    space_tile: list[int]
    space_tokens: list[int]
    """Per space, bits of the tokens on its tile (+1 wood, +1 food, extra pawn, beast strength, shortcut; §20)."""
    covered_sources: list[int]
    """Per space, bits of its covered (exhausted) sources: 1 the first, 2 the second (§16.3)."""
    space_lost: list[int]
    wounds: list[int]
    determination: list[int]
    """Determination tokens per castaway: the seats, then Friday (§6.3, §13.2)."""
    skill_used: list[int]
    resources: list[int]
    """Available wood, food, nonperishable food and fur (§2.4)."""
    future_resources: list[int]
    """Future wood, food, nonperishable food and fur, available at cleanup (§8.3, §8.13)."""
    action_field_tokens: list[int]
    """Per Action type, bits of the additional-effect tokens on its Action field (§20)."""
    weather_tokens: list[int]
    """The rain, winter and storm tokens on the Weather space (§9)."""
    pile: list[int]
    ready: list[int]
    hunt_top: list[int]
    hunt_seen: list[int]
    hunt_bottom: list[int]
    chance: list[int]
    decisions: list[RobinsonDecision]
    """The stack of pending decisions (the top one is asked; only any-time windows lie under another)."""
    work: list[tuple[int, int, int, int]]
    groups: list[tuple[Any, ...]]
    additional_pawns: list[tuple[int, int, int, int, str]]
    """Additional pawns of this planning: (source kind, reference, Action mask, owner seat, pawn name) (§8.1, §20.4)."""
    dice: list[int]
    weather_dice: list[int]
    clouds: list[int]
    mystery_draw: list[int]
    """A Mystery draw under way: [treasures, monsters, traps, drawer, drawn], or empty (§16.2)."""
    outside: list[int]
    stash: list[int]
    special: list[tuple[int, ...]]
    item_used: list[int]
    gathered: list[int]
    explored_tent: list[int]
    hungry_done: list[int]
    minus: list[int]
    changes: list[int]
    """Per seat: pawns taken back and Actions whose lead it took over in this planning (see `CHANGE_LIMIT`)."""
    _lc: dict[int, Any] | None
    """Legal actions per seat (and chance outcomes under CHANCE) for the current position."""
    _zi: dict[int, list[int]] | None
    """Cards by zone, filled zone by zone while nothing moves (`cards_in`); dropped whenever cards may move."""
    _ot: list[tuple[int, int, int, str, int, int, int]] | None
    """Open planning targets, cached with the legal actions."""
    _zq: bool
    """True while legal actions are computed: `cards_in` may use the zone index `_zi`."""
    _pc: tuple[int, list[tuple[int, int, int, str, int, int, int]], set[str], set[str], int, dict[Any, Any],
               tuple[int, int, int], int] | None
    """(fingerprint, targets open before the plan's own limits, terrains, Items, tiles left, memo, most wood, food
    and fur any of them costs, cards in the Hunting deck) for the planning round; the memo maps a plan's shape
    to its open targets and `place` actions (see `_open_now`)."""
    _pm: dict[Any, Any] | None
    """Answers that only planning moves leave standing (they touch nothing but the plan): key 0 holds the `_pc`
    checked against this state, other keys the `use` actions of a seat for a plan's commitments and (keys starting
    with "min") a planned Action's minimum pawns (`planning._plan_mins`). None when
    anything else happened since; shared by clones, so entries are added, never changed."""
    _tm: list[int] | None

    # ------------------------------------------------------------------ construction
