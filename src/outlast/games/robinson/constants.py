"""The Robinson Crusoe vocabulary as numbers: phases, zones, Action types, resources, tokens, decisions,
chance kinds and work steps (robinson-crusoe.md §1.2, §2, §8.4, §19, §20, §26.3).

The state holds ints; these names say what each int means. Shared by the rule modules, the views and the bots.
"""

from __future__ import annotations

from .actions import RobinsonAction

# phases (§1.2); SETUP is §3
SETUP, EVENT, MORALE, PRODUCTION, PLAN, RESOLVE, WEATHER, NIGHT, OVER = range(9)
PHASE_NAMES = ("setup", "event", "morale", "production", "action: planning", "action: resolution", "weather",
               "night", "over")

# card zones (one per card, §2.2)
(Z_BOX, Z_EVENT_DECK, Z_EVENT_DISCARD, Z_THREAT_L, Z_THREAT_R, Z_ADV_B, Z_ADV_G, Z_ADV_E, Z_ADVD_B, Z_ADVD_G,
 Z_ADVD_E, Z_MYST_DECK, Z_MYST_DISCARD, Z_MYST_ASIDE, Z_KEPT, Z_BEAST_DECK, Z_HUNT_DECK, Z_BEAST_DISCARD,
 Z_INV_DECK, Z_INV_DISCARD, Z_INV_BOARD, Z_INV_OWNER, Z_INV_SCENARIO, Z_ITEM, Z_ITEM_FUTURE, Z_START,
 Z_START_USED, Z_RESOLVING, Z_REVEALED, Z_EVENT_STACK) = range(30)
ZONE_NAMES = ("box", "event deck", "event discard", "threat left", "threat right", "building deck",
              "gathering deck", "exploration deck", "building discard", "gathering discard", "exploration discard",
              "mystery deck", "mystery discard", "mystery set aside", "kept", "beast deck", "hunting deck",
              "beast discard", "invention deck", "invention discard pile", "inventions on the board",
              "personal invention", "scenario invention", "item", "item (future)", "starting item",
              "starting item used", "resolving", "revealed", "unused event cards")
ZONE_KIND = {
    **dict.fromkeys((Z_ADV_B, Z_ADV_G, Z_ADV_E, Z_ADVD_B, Z_ADVD_G, Z_ADVD_E), "adventure"),
    **dict.fromkeys((Z_MYST_DECK, Z_MYST_DISCARD, Z_MYST_ASIDE, Z_KEPT), "mystery"),
    **dict.fromkeys((Z_BEAST_DECK, Z_HUNT_DECK, Z_BEAST_DISCARD), "beast"),
    **dict.fromkeys((Z_INV_DECK, Z_INV_DISCARD, Z_INV_BOARD, Z_INV_OWNER, Z_INV_SCENARIO, Z_ITEM, Z_ITEM_FUTURE,
                     Z_REVEALED), "invention"),
    **dict.fromkeys((Z_START, Z_START_USED), "start_item"),
    Z_EVENT_STACK: "event",
}
"""Zones that only one kind of card ever enters (§2.2): `cards_in` scans just the cards of that kind."""

# action types (§8.4 order)
T_THREAT, T_HUNT, T_BUILD, T_GATHER, T_EXPLORE, T_ARRANGE, T_REST = range(7)
TYPE_NAMES = ("threat", "hunt", "build", "gather", "explore", "arrange", "rest")
FIELD_OF = {"hunt": T_HUNT, "build": T_BUILD, "gather": T_GATHER, "explore": T_EXPLORE}
DICE_OF = {T_BUILD: 0, T_GATHER: 1, T_EXPLORE: 2}
ADV_ZONE = {T_BUILD: Z_ADV_B, T_GATHER: Z_ADV_G, T_EXPLORE: Z_ADV_E}
ADVD_ZONE = {Z_ADV_B: Z_ADVD_B, Z_ADV_G: Z_ADVD_G, Z_ADV_E: Z_ADVD_E}
BUILD_SHELTER, BUILD_ROOF, BUILD_PALISADE, BUILD_WEAPON = -1, -2, -3, -4
BUILD_WORDS = {BUILD_SHELTER: "shelter", BUILD_ROOF: "roof", BUILD_PALISADE: "palisade", BUILD_WEAPON: "weapon"}

# resources (§2.4)
WOOD, FOOD, NONPER, FUR = range(4)
RES_NAMES = ("wood", "food", "nonperishable", "fur")
TRACK_NAMES = ("roof", "palisade", "weapon")

# field tokens (§20): bit per kind, one list entry per field type
FT_REROLL, FT_ADVENTURE, FT_EXTRA, FT_WOOD, FT_BEAST = 1, 2, 4, 8, 16
FT_BITS = {"reroll": FT_REROLL, "adventure": FT_ADVENTURE, "extra_pawn": FT_EXTRA, "wood_cost": FT_WOOD,
           "beast_strength": FT_BEAST}
# tile tokens (§20.4b, §20.6, §17.2 Shortcut)
TK_WOOD, TK_FOOD, TK_EXTRA, TK_BEAST, TK_SHORTCUT = 1, 2, 4, 8, 16
TK_NAMES = ((TK_WOOD, "+1 wood"), (TK_FOOD, "+1 food"), (TK_EXTRA, "extra pawn"), (TK_BEAST, "beast strength"),
            (TK_SHORTCUT, "shortcut"))

# discovery token places (§19)
TOK_BAG, TOK_FUTURE, TOK_AVAIL, TOK_USED, TOK_REMOVED, TOK_REVEALED, TOK_BOX = range(7)

# tile places
TILE_STACK, TILE_REVEALED = -1, -2

# pawns: 2*seat + k for players; then Friday, the Dog, then extra-pawn sources
# extra-pawn source kinds
XS_ITEM, XS_KEPT, XS_START, XS_TOKEN, XS_SKILL = range(5)

# group flags
G_WOODTOK, G_ECON, G_DONE, G_FIELDX = 1, 2, 4, 8

# interrupt windows (§26.3)
W_PLAN, W_ACTION, W_ROLL, W_WEATHER, W_NIGHT = range(5)
WINDOW_NAMES = ("planning", "before the Action", "after the roll", "before the weather", "night")
WHEN_AT = {W_PLAN: ("any", "planning"), W_ACTION: ("action",), W_ROLL: (), W_WEATHER: ("any", "weather"),
           W_NIGHT: ("any", "night")}

# chance kinds: (kind, a, b)
(CH_EVENT, CH_ADV, CH_MYST, CH_HUNT, CH_BEAST, CH_BEAST_TOP, CH_TILE, CH_TOKEN, CH_INV, CH_START, CH_DICE,
 CH_REROLL, CH_WEATHER, CH_PIT, CH_TRACK, CH_RECON) = range(16)

# internal work ops (negative codes; positive ops are program nodes)
(I_SLIDE, I_EVENT_HALF_DONE, I_DISCARD, I_PRE, I_MAIN, I_POST, I_DICE, I_SUCCESS, I_ADVENTURE, I_ADV_DONE,
 I_BEAST, I_MYST_STEP, I_MYST_AFTER, I_TOKENS, I_NEW_IDEA, I_RECON, I_SCOUT, I_WEATHER, I_ICON,
 I_AFTER_TILE) = range(-1, -21, -1)

DIE_NAMES = ("wound", "success", "adventure")
PLAN_MOVES = frozenset(("place", "join", "remove", "lead", "ready"))
CHANGE_LIMIT = 10
"""Take-backs and lead changes a seat may make in one planning phase before it must settle (decision 0009)."""
"""Planning moves: they change the plan (groups, ready, a skill pawn's Determination) and nothing else."""
NO_LEADER = -9

END_CODES = ("signal_fire", "death", "out_of_time")
"""How a game ends (`RobinsonGame.result_codes`, §11): `over` is 1 + the index (0 while playing); only
`signal_fire` (§25.1) wins; `death` is a castaway's death (§11.2), `out_of_time` the last round passing (§11.3)."""


_ACTS: dict[tuple[int, str, tuple[str, ...]], RobinsonAction] = {}


def act(seat: int, verb: str, *args: str) -> RobinsonAction:
    """A shared, immutable action object (planning offers the same ones over and over)."""
    key = (seat, verb, args)
    a = _ACTS.get(key)
    if a is None:
        if len(_ACTS) > 200_000:
            _ACTS.clear()
        a = _ACTS[key] = RobinsonAction(seat, verb, args)
    return a


def acts(seat: int, verb: str, first: str, lasts: list[str]) -> list[RobinsonAction]:
    """`act(seat, verb, first, last)` for each of `lasts`, in order (one call for a whole list of targets)."""
    out: list[RobinsonAction] = []
    known = _ACTS.get
    for last in lasts:
        a = known((seat, verb, (first, last)))
        out.append(act(seat, verb, first, last) if a is None else a)
    return out


def plural(n: int, word: str) -> str:
    """`1 Wound`, `2 Wounds`: a count and its noun."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
