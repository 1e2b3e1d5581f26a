"""The Robinson Crusoe forward model: a flat state and the rules that change it (robinson-crusoe.md §3–§20).

State is lists of ints plus the shared `Table`. Every card is in exactly one zone (`zone[card]`).
Shuffled decks are bags: the next card is a chance draw among the cards in the deck's zone, so no
copy of the state knows an order nobody has seen (architecture §2). Pending work is a stack of int
tuples and pending decisions are frames, so clone, save and replay work mid-resolution.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from outlast.core import CHANCE, Event, IllegalAction, Outcome, SeatResult, State, check_seat
from outlast.core.errors import shown
from outlast.core.game import STATE_FORMAT
from outlast.core.rng import RandomLike, peek_below, seed_state

from .actions import RobinsonAction, well_formed
from .content import Content
from .program import CHOOSE, SEQ, Program, program
from .table import Table

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

# decision frames: (kind, chooser, a, b, c)
(F_WINDOW, F_CHOOSE, F_HEAL, F_GIVE, F_DISCARD_INV, F_PUT_INV, F_FLIP, F_PICK_INV, F_PICK_TILE, F_PICK_TOKEN,
 F_TRACK, F_MYST, F_HUNGRY, F_CAMP, F_MORALE, F_ARRANGE, F_NEXT, F_PILE, F_CORRAL, F_SHORTCUT, F_COVER,
 F_LOSE_TILE, F_TILE_TOKEN) = range(23)
FRAME_RULES = ("§26.3", "§12.4", "§13.2", "§25.1", "§12.8", "§22.2", "§16.6", "§13.2", "§13.2", "§13.2", "§13.2",
               "§16.2", "§10.1", "§10.2", "§6.2", "§14.1", "§8.4", "§25.1", "§17.2", "§17.2", "§12.2", "§16.4",
               "§20.3b, §20.4b")

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
_DICE_OUTCOMES: dict[Any, list[tuple[RobinsonAction, float]]] = {}
"""The outcomes of a roll of three Action dice, by the dice's faces (shared and read-only)."""


def act(seat: int, verb: str, *args: str) -> RobinsonAction:
    """A shared, immutable action object (planning offers the same ones over and over)."""
    key = (seat, verb, args)
    a = _ACTS.get(key)
    if a is None:
        if len(_ACTS) > 200_000:
            _ACTS.clear()
        a = _ACTS[key] = RobinsonAction(seat, verb, args)
    return a


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class RobinsonState(State):
    """One Robinson Crusoe game in progress. Create it with `load_game("robinson").new_game(...)`."""

    # field names grouped by how clone/to_json copy them
    SCALARS = ("rng_state", "phase", "step", "round", "fp", "over", "reason", "source", "morale", "roof", "palisade",
               "weapon", "shelter", "camp", "tile_top", "temp_weapon", "cur", "flags", "friday_alive",
               "night_food", "pile_done", "ev_book", "ev_adv", "friday_rerolled", "bible", "econ_used")
    LISTS = ("zone", "uses", "tok", "tile_at", "space_tile", "space_tk", "space_exh", "space_lost", "wounds", "det",
             "skill_used", "res", "fut", "field_tk", "weather_tk", "pile", "ready", "hunt_top", "hunt_seen",
             "hunt_bottom", "chance", "frames", "work", "groups", "xsrc", "dice", "weather_dice", "clouds",
             "myst", "outside", "stash", "special", "item_used", "gathered", "explored_tent", "hungry_done", "minus",
             "changes")

    __slots__ = ("game", "t", "c", "p", "events", *SCALARS, *LISTS, "_lc", "_tm", "_zi", "_ot", "_zq", "_pc", "_pm", "n")

    game: Any
    t: Table
    n: int
    """Number of players (seats)."""
    c: Content
    p: Program
    events: list[Event]
    rng_state: int
    phase: int
    step: int
    round: int
    fp: int
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
    cur: int
    flags: int
    friday_alive: int
    night_food: int
    pile_done: int
    """1 once wood went onto the pile this round (once a round, §25.1)."""
    ev_book: int
    ev_adv: int
    """Unseen Book / Adventure Event cards still dealt into the Event deck (§3 step 16)."""
    friday_rerolled: int
    bible: int
    econ_used: int
    zone: list[int]
    uses: list[int]
    tok: list[int]
    tile_at: list[int]
    space_tile: list[int]
    space_tk: list[int]
    space_exh: list[int]
    space_lost: list[int]
    wounds: list[int]
    det: list[int]
    skill_used: list[int]
    res: list[int]
    fut: list[int]
    field_tk: list[int]
    weather_tk: list[int]
    pile: list[int]
    ready: list[int]
    hunt_top: list[int]
    hunt_seen: list[int]
    hunt_bottom: list[int]
    chance: list[int]
    frames: list[tuple[int, ...]]
    work: list[tuple[int, int, int, int]]
    groups: list[tuple[Any, ...]]
    xsrc: list[tuple[int, int, int, int, str]]
    dice: list[int]
    weather_dice: list[int]
    clouds: list[int]
    myst: list[int]
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
               tuple[int, int, int]] | None
    """(fingerprint, targets open before the plan's own limits, terrains, Items, tiles left, memo, most wood, food
    and fur any of them costs) for the planning round; the memo maps a plan's shape to its open targets and
    `place` actions (see `_open_now`)."""
    _pm: dict[Any, Any] | None
    """Answers that only planning moves leave standing (they touch nothing but the plan): key 0 holds the `_pc`
    checked against this state, other keys the `use` actions of a seat for a plan's commitments. None when
    anything else happened since; shared by clones, so entries are added, never changed."""
    _tm: list[int] | None

    # ------------------------------------------------------------------ construction
    @classmethod
    def blank(cls, game: Any, table: Table, seed: int) -> RobinsonState:
        s = cls.__new__(cls)
        s.game = game
        s.t = table
        s.n = table.players
        c = s.c = table.content
        s.p = program()
        s.events = []
        s.rng_state = seed_state(seed)
        s.phase = SETUP
        s.step = 0
        s.round = 1
        s.fp = 0
        s.over = 0  # 0 playing, else 1 + index of the ending in END_CODES
        s.reason = ""
        s.source = ""
        s.morale = 0
        s.roof = s.palisade = s.weapon = 0
        s.shelter = 0
        s.camp = -1
        s.tile_top = -1
        s.temp_weapon = 0
        s.cur = -1  # group being resolved
        s.flags = 0  # round flags: 1 no wood production, 2 no food production
        s.friday_alive = 1 if table.friday else 0
        s.night_food = 0
        s.pile_done = 0
        s.ev_book = s.ev_adv = 0
        s.friday_rerolled = 0
        s.bible = 0
        s.econ_used = 0
        s.zone = [Z_BOX] * len(c.cards)
        s.uses = [0] * len(c.cards)
        s.tok = [TOK_BOX] * len(c.tokens)
        s.tile_at = [TILE_STACK] * len(c.tiles)
        ns = len(c.spaces)
        s.space_tile = [-1] * ns
        s.space_tk = [0] * ns
        s.space_exh = [0] * ns
        s.space_lost = [0] * ns
        n = table.players
        s.wounds = [0] * (n + 1)
        s.det = [0] * (n + 1)
        s.skill_used = [0] * n
        s.res = [0, 0, 0, 0]
        s.fut = [0, 0, 0, 0]
        s.field_tk = [0] * 7
        s.weather_tk = [0, 0, 0]  # rain, winter, storm
        s.pile = [0] * len(table.scenario.pile)
        s.ready = [0] * n
        s.changes = [0] * n
        s.hunt_top = []
        s.hunt_seen = []
        s.hunt_bottom = []
        s.chance = []
        s.frames = []
        s.work = []
        s.groups = []
        s.xsrc = []
        s.dice = [0, 0, 0]
        s.weather_dice = []
        s.clouds = [0, 0, 0, 0]  # rain, winter, animals face (-1 none), ignore flags
        s.myst = []
        s.outside = [0] * n
        s.stash = [0] * (4 * n)
        s.special = []
        s.item_used = []
        s.gathered = []
        s.explored_tent = [0] * n
        s.hungry_done = [0] * (n + 1)
        s.minus = [0] * n
        s._lc = None
        s._tm = None
        s._zi = None
        s._ot = None
        s._zq = False
        s._pc = None
        s._pm = None
        return s

    def clone(self) -> RobinsonState:
        """Copy every list; the table, content and program are shared (architecture §6)."""
        c = RobinsonState.__new__(RobinsonState)
        c.game, c.t, c.c, c.p, c.n = self.game, self.t, self.c, self.p, self.n
        c.events = self.events[:]
        for name in self.SCALARS:
            setattr(c, name, getattr(self, name))
        for name in self.LISTS:
            setattr(c, name, getattr(self, name)[:])
        c._lc = None
        c._tm = self._tm
        c._zi = None
        c._ot = None
        c._zq = False
        c._pc = self._pc
        c._pm = self._pm
        return c

    def forget(self) -> None:
        """Drop every cached answer (legal actions, zone index, planning targets) after fields were set directly."""
        self._lc = self._tm = self._zi = self._ot = self._pm = None

    # ------------------------------------------------------------------ logging and small queries
    def log(self, kind: str, text: str, **data: Any) -> None:
        """Append a public event (a cooperative game: every seat sees the log, §26.4)."""
        self.events.append(Event(kind, text, None, data))


    def char_name(self, ch: int) -> str:
        """Name of player `ch` (a seat) or Friday."""
        if ch == self.t.friday_index:
            return "Friday"
        return self.c.characters[self.t.chars[ch]].name

    def seat_of(self, ch: int) -> int:
        """Who decides for character `ch` (Friday: the first player, §14.4)."""
        return self.fp if ch >= self.n else ch

    def cards_in(self, z: int) -> list[int]:
        """Cards in a zone, in card order (do not mutate the list).

        While nothing moves (legal actions, chance outcomes, a window's options: `_zq`), each zone's list
        is kept in `_zi` until the next change, so repeated questions cost a dict look-up.
        """
        zone = self.zone
        if self._zq:
            zi = self._zi
            if zi is None:
                zi = self._zi = {}
            hit = zi.get(z)
            if hit is None:
                kind = ZONE_KIND.get(z)
                hit = zi[z] = ([i for i, x in enumerate(zone) if x == z] if kind is None
                               else [i for i in self.p.by_kind[kind] if zone[i] == z])
            return hit
        kind = ZONE_KIND.get(z)
        if kind is None:
            return [i for i, x in enumerate(zone) if x == z]
        return [i for i in self.p.by_kind[kind] if zone[i] == z]

    def count_in(self, z: int) -> int:
        return self.zone.count(z)

    def built(self, item_id: str) -> bool:
        """An Item is built (or a kept card counts as it, e.g. a coil of rope)."""
        ci = self.c.by_id.get(item_id)
        if ci is not None and self.zone[ci] == Z_ITEM:
            return True
        for k in self.cards_in(Z_KEPT):
            for verb, prm in self.p.passives.get(k, ()):
                if verb == "counts_as" and prm["item"] == item_id:
                    return True
        return False

    def passive(self, verb: str) -> list[dict[str, Any]]:
        """Parameters of every standing ability `verb` of built Items and kept cards (§17.2)."""
        out = []
        zone = self.zone
        for k, abilities in self.p.passives.items():
            if zone[k] == Z_ITEM or zone[k] == Z_KEPT:
                for v, prm in abilities:
                    if v == verb:
                        out.append(prm)
        return out

    def explored_terrains(self) -> set[str]:
        """Terrains of accessible explored tiles (§8.10, §16.5); the start beach counts (§3 step 10)."""
        tiles = self.c.tiles
        return {tiles[t].terrain for sp, t in enumerate(self.space_tile) if t >= 0 and not self.space_lost[sp]}

    def natural_shelter(self) -> bool:
        t = self.space_tile[self.camp]
        return t >= 0 and self.c.tiles[t].tent

    def has_shelter(self) -> bool:
        """A built Shelter or a natural one on the Camp tile (§8.8.4)."""
        return bool(self.shelter) or self.natural_shelter()

    def alive_players(self) -> list[int]:
        return list(range(self.n))

    def in_camp(self) -> list[int]:
        return [p for p in range(self.n) if not self.outside[p]]

    def food_total(self) -> int:
        return self.res[FOOD] + self.res[NONPER]

    def committed(self) -> list[int]:
        """Resources committed by the plan so far (§8.3.1): wood, food, fur."""
        w = f = u = 0
        for g in self.groups:
            if not g[8] & G_DONE:
                w += g[5]
                f += g[6]
                u += g[7]
        return [w, f, u]

    def free(self, r: int) -> int:
        """Available resource not committed to a planned Action (food counts both kinds)."""
        com = self.committed() if self.phase == PLAN or self.phase == RESOLVE else [0, 0, 0]
        if r == WOOD:
            return self.res[WOOD] - com[0]
        if r == FOOD:
            return self.food_total() - com[1]
        if r == FUR:
            return self.res[FUR] - com[2]
        raise AssertionError(r)

    # ------------------------------------------------------------------ wounds, healing, morale (§12.2, §13.1)
    def wound(self, ch: int, k: int, cause: str) -> None:
        """Give `k` Wounds to character `ch` (a seat, or Friday); arrows lower Morale; death ends the game."""
        if k <= 0 or self.over:
            return
        if ch >= self.n:
            if not self.friday_alive:
                return
            self.wounds[ch] += k
            self.log("wound", f"Friday takes {_plural(k, 'Wound')} ({cause}).")
            if self.wounds[ch] >= self.c.friday_death_at:
                self.friday_alive = 0
                self.log("death", "Friday dies; the game goes on without him (§11.2, §14.4).")
            return
        char = self.c.characters[self.t.chars[ch]]
        before = self.wounds[ch]
        after = min(before + k, char.death_at)
        self.wounds[ch] = after
        self.log("wound", f"{char.name} takes {_plural(k, 'Wound')} ({cause}).", seat=ch, wounds=after)
        for a in char.arrows:
            if before < a <= after:
                self.change_morale(-1, f"{char.name}'s Wound marker passes a Morale symbol (§13.1)")
        if after >= char.death_at:
            self.end("death", f"{char.name} died ({cause})")

    def wound_all(self, k: int, cause: str, camp_only: bool = False) -> None:
        """Every player takes `k` Wounds; Friday is never hit by such effects (§12.2, §14.4)."""
        for p in range(self.n):
            if camp_only and self.outside[p]:
                continue
            self.wound(p, k, cause)

    def heal(self, ch: int, k: int, cause: str) -> None:
        if k <= 0 or (ch >= self.n and not self.friday_alive):
            return
        before = self.wounds[ch]
        self.wounds[ch] = max(0, before - k)
        if self.wounds[ch] != before:
            self.log("heal", f"{self.char_name(ch)} heals {_plural(before - self.wounds[ch], 'Wound')} ({cause}).")

    def change_morale(self, by: int, cause: str) -> None:
        """Move Morale; at the top or bottom of the track the change does nothing (§12.2)."""
        lo, hi = self.c.morale[0][0], self.c.morale[-1][0]
        new = max(lo, min(hi, self.morale + by))
        if new != self.morale:
            self.morale = new
            self.log("morale", f"Morale {by:+d} → {new} ({cause}).")

    def gain_det(self, ch: int, k: int, cause: str) -> None:
        """Determination goes straight to its gainer, even in the Action phase (§8.3.1)."""
        if k <= 0 or (ch >= self.n and not self.friday_alive):
            return
        self.det[ch] += k
        self.log("determination", f"{self.char_name(ch)} gains {k} Determination ({cause}).")

    def lose_det(self, ch: int, k: int, cause: str) -> None:
        """Discard Determination; each token missing becomes a Wound for that person (§6.3, §12.2)."""
        if k <= 0:
            return
        paid = min(k, self.det[ch])
        self.det[ch] -= paid
        if paid:
            self.log("determination", f"{self.char_name(ch)} discards {paid} Determination ({cause}).")
        if k > paid:
            self.wound(ch, k - paid, f"{cause}: {k - paid} Determination missing (§12.2)")

    def end(self, code: str, reason: str) -> None:
        """End the game with one of `END_CODES` (only the first is a win) and its reason in words (§11)."""
        if self.over:
            return
        won = code == END_CODES[0]
        self.over = 1 + END_CODES.index(code)
        self.reason = reason
        self.phase = OVER
        self.frames.clear()
        self.chance.clear()
        self.work.clear()
        self.log("end", ("Won: " if won else "Lost: ") + reason)

    def check_win(self) -> None:
        """Castaways: the wood pile complete and Fire built, from round 10 on (§11.1, §25.1)."""
        sc = self.t.scenario
        if self.over or self.round < sc.win_from:
            return
        if all(self.pile[i] >= need for i, need in enumerate(sc.pile)) and all(self.built(x) for x in sc.win_items):
            self.end("signal_fire", f"the signal fire is ready in round {self.round} (§25.1)")

    # ------------------------------------------------------------------ resources (§8.3, §12.2)
    def gain(self, r: int, k: int, actor: int, cause: str, to_future: bool | None = None) -> None:
        """Gain a resource: Future during the Action phase, Available otherwise (§8.3.1)."""
        if k <= 0:
            return
        if actor >= 0 and actor < self.n and self.outside[actor] and self.phase == RESOLVE:
            self.stash[4 * actor + r] += k
            self.log("gain", f"{self.char_name(actor)} keeps {k} {RES_NAMES[r]} outside the Camp (§16.1).")
            return
        fut = self.phase == RESOLVE if to_future is None else to_future
        (self.fut if fut else self.res)[r] += k
        self.log("gain", f"+{k} {RES_NAMES[r]}" + (" to Future" if fut else "") + f" ({cause}).")

    def pay_food(self, k: int) -> int:
        """Spend up to `k` food, perishable first (§2.4); returns what was missing."""
        a = min(k, self.res[FOOD])
        self.res[FOOD] -= a
        b = min(k - a, self.res[NONPER])
        self.res[NONPER] -= b
        return k - a - b

    def pay(self, r: int, k: int) -> int:
        """Discard up to `k` of a resource from Available; returns what was missing."""
        if r == FOOD:
            return self.pay_food(k)
        a = min(k, self.res[r])
        self.res[r] -= a
        return k - a

    def drop_track(self, which: int, k: int, cause: str, if_possible: bool = False,
                   fighter: int = -1, camp_only: bool = False) -> None:
        """Lower Roof, Palisade or Weapon; each missing level wounds every player, or the fighter (§12.2, §8.7.2).

        `camp_only`: weather spares players outside the Camp (§16.1)."""
        cur = (self.roof, self.palisade, self.weapon)[which]
        missing = max(0, k - cur)
        new = max(0, cur - k)
        self.set_track(which, new)
        if new != cur:
            self.log("track", f"{TRACK_NAMES[which].capitalize()} {cur} → {new} ({cause}).")
        if missing and not if_possible:
            if fighter >= 0:
                self.wound(fighter, missing, f"{cause}: Weapon cannot drop that far (§8.7.2)")
            else:
                self.wound_all(missing, f"{cause}: {TRACK_NAMES[which]} is at 0 (§12.2)", camp_only=camp_only)

    def set_track(self, which: int, v: int) -> None:
        if which == 0:
            self.roof = v
        elif which == 1:
            self.palisade = v
        else:
            self.weapon = v

    def raise_track(self, which: int, k: int, cause: str) -> None:
        """Raise a track; a Roof or Palisade increase with no Shelter is ignored (§8.8.4, §17.2)."""
        if which < 2 and not self.has_shelter():
            self.log("track", f"{TRACK_NAMES[which].capitalize()} +{k} ignored: no Shelter (§8.8.4).")
            return
        cur = (self.roof, self.palisade, self.weapon)[which]
        self.set_track(which, cur + k)
        self.log("track", f"{TRACK_NAMES[which].capitalize()} {cur} → {cur + k} ({cause}).")

    # ------------------------------------------------------------------ cards and zones
    def discard_zone(self, card: int) -> int:
        """Where a card goes when discarded (§5.3, §8.7.2, §16.11)."""
        cd = self.c.cards[card]
        if cd.kind in ("event", "wreckage"):
            return Z_EVENT_DISCARD
        if cd.kind == "adventure":
            return {"build": Z_ADVD_B, "gather": Z_ADVD_G, "explore": Z_ADVD_E}[cd.data["deck"]]
        if cd.kind == "mystery":
            return Z_MYST_DISCARD
        if cd.kind == "beast":
            return Z_BEAST_DISCARD
        if cd.kind == "start_item":
            return Z_START_USED
        return Z_INV_DECK

    def discard(self, card: int) -> None:
        if self.zone[card] == Z_RESOLVING:
            self.zone[card] = self.discard_zone(card)

    def move_item_back(self, card: int) -> None:
        """An Item turned back to its Invention side returns where it was drawn from (§16.6, §13.1)."""
        g = self.c.cards[card].data["group"]
        self.zone[card] = Z_INV_OWNER if g == "personal" else Z_INV_SCENARIO if g == "scenario" else Z_INV_BOARD

    def event_deck_size(self) -> int:
        """Cards left in the Event deck: shuffled-in cards plus the unseen dealt halves (§3 step 16)."""
        return self.count_in(Z_EVENT_DECK) + self.ev_book + self.ev_adv

    def _set_ev(self, book: int, adv: int) -> None:
        self.ev_book, self.ev_adv = book, adv

    def unseen_hunting(self) -> list[int]:
        """Hunting cards nobody has seen (§8.10, §13.2): the shuffled part of the deck and unseen top cards.

        Every card joins the Hunting deck unseen; a card is seen once Tracking shows it (`hunt_seen`), and one
        put at the bottom stays known there. A shuffle forgets every known place, so a card seen before counts
        as unseen again (a cautious belief: it never tells a seat more than it saw).
        """
        bag = self.deck_bag(Z_HUNT_DECK)
        return bag + [x for x, seen in zip(self.hunt_top, self.hunt_seen, strict=True) if not seen]

    def unseen_beasts(self) -> list[int]:
        """Every Beast card a seat cannot tell apart: the Beast deck and the unseen Hunting cards, by index."""
        return sorted(self.cards_in(Z_BEAST_DECK) + self.unseen_hunting())

    def _hunt_secret_draw(self) -> int:
        """The card on top of the shuffled Hunting deck: the deck was shuffled when its cards joined it, so the
        draw is decided already; it is the uniform pick of this state's generator over the shuffled cards."""
        bag = self.deck_bag(Z_HUNT_DECK)
        return bag[peek_below(self.rng_state, len(bag))]

    def _hunt_swap(self, card: int) -> None:
        """A Hunt or Tracking shows `card` from the shuffled Hunting deck (§8.7.2, §13.2).

        Any unseen Beast card may be the one shown (`chance_outcomes`). If `card` is not in the shuffled part,
        it swaps identities with a secret card of that part: `card` takes that card's place in the shuffled
        deck and the secret card takes `card`'s place (the Beast deck, or an unseen top place), so no card is
        lost or doubled.
        """
        bag = self.deck_bag(Z_HUNT_DECK)
        if card in bag:
            return
        other = bag[peek_below(self.rng_state, len(bag))]
        if self.zone[card] == Z_HUNT_DECK:  # an unseen card on top
            self.hunt_top[self.hunt_top.index(card)] = other
        else:
            self.zone[other] = self.zone[card]
            self.zone[card] = Z_HUNT_DECK
        self._zi = None

    def sample_chance(self) -> RobinsonAction:
        """The outcome this state's generator picks now; for a Hunting draw, the card the deck holds there.

        A Hunt's or Tracking's outcomes list every card a seat could believe it is (§26.4), but the shuffled
        Hunting deck already holds its cards in an order (they were drawn from the Beast deck unseen, §8.10):
        the draw is the generator's uniform pick over those cards, as it always was, so seeded play and
        recorded games do not change.
        """
        if self.chance and not self.over and self.chance[0] in (CH_HUNT, CH_TRACK):
            return act(CHANCE, "draw", self.c.cards[self._hunt_secret_draw()].id)
        out = super().sample_chance()
        assert isinstance(out, RobinsonAction)
        return out

    def deck_bag(self, z: int) -> list[int]:
        """Cards of a deck whose place nobody knows (the Hunting deck's known top and bottom excluded)."""
        cards = self.cards_in(z)
        if z == Z_HUNT_DECK and (self.hunt_top or self.hunt_bottom):
            known = set(self.hunt_top) | set(self.hunt_bottom)
            cards = [x for x in cards if x not in known]
        return cards

    # ------------------------------------------------------------------ setup (§3)
    def start(self) -> None:
        """Lay out the game (§3) and run until the first decision or chance point."""
        c, t = self.c, self.t
        sc = t.scenario
        used_personal = {c.characters[ch].personal for ch in t.chars}
        for card in c.cards:
            d = card.data
            i = card.index
            if card.kind == "event":
                self.zone[i] = Z_EVENT_STACK
            elif card.kind == "adventure":
                self.zone[i] = {"build": Z_ADV_B, "gather": Z_ADV_G, "explore": Z_ADV_E}[d["deck"]]
            elif card.kind == "mystery":
                self.zone[i] = Z_MYST_DECK
            elif card.kind == "beast":
                self.zone[i] = Z_BEAST_DECK
            elif card.kind == "invention":
                g = d["group"]
                if g == "starting":
                    self.zone[i] = Z_INV_BOARD
                elif g == "personal" and card.id in used_personal:
                    self.zone[i] = Z_INV_OWNER
                elif g == "scenario":
                    self.zone[i] = Z_INV_SCENARIO if card.id in sc.inventions else Z_BOX
                else:
                    self.zone[i] = Z_INV_DECK
        books = sum(1 for x in c.cards if x.kind == "event" and x.data["icon"] == "book")
        advs = sum(1 for x in c.cards if x.kind == "event" and x.data["icon"] != "book")
        self._set_ev(min(t.event_split[0], books), min(t.event_split[1], advs))
        for i, k in enumerate(c.tokens):
            kind = c.token_kinds[k]
            self.tok[i] = TOK_BAG if not kind.scenario or kind.id in sc.discoveries else TOK_BOX
        start_tile = next(x.index for x in c.tiles if x.number == sc.start_tile)
        sp = c.start_space
        self.tile_at[start_tile] = sp
        self.space_tile[sp] = start_tile
        self.camp = sp
        if t.friday:
            self.friday_alive = 1
        self.log("setup", f"{len(t.chars)} castaway(s): " + ", ".join(self.char_name(p) for p in range(self.n))
                 + (", with Friday" if t.friday else "") + (" and the Dog" if t.dog else "") + ".")
        self.step = 0
        self._advance()

    # ------------------------------------------------------------------ the driver
    def _push(self, *items: tuple[int, int, int, int]) -> None:
        """Queue work so that the first item given runs first."""
        self.work.extend(reversed(items))

    def _advance(self) -> None:
        """Run automatic rules until a decision, a chance point or the end."""
        ran = False
        window: dict[int, Any] | None = None
        while not self.over:
            if self.chance:
                break
            if self.frames:
                top = self.frames[-1]
                if top[0] == F_WINDOW:
                    if len(self.work) > top[4]:
                        self._run_work()
                        ran = True
                        continue
                    # a position where nothing is pending: what each seat may use here is its legal list
                    window = {}
                    self._zi = None
                    if not self._window_seats(top, window):
                        self.frames.pop()
                        ran = True
                        window = None
                        continue
                break
            if self.work:
                self._run_work()
                ran = True
                continue
            if not self._script():
                break
            ran = True
        if self.over:  # a step that ended the game neither moves the phase on nor leaves work behind (§11)
            self.phase = OVER
            self.frames.clear()
            self.chance.clear()
            self.work.clear()
        self._ot = None
        if window is not None:
            self._lc, self._tm = window, list(window)
        else:
            self._lc = self._tm = None
            if ran:
                self._zi = None
        if ran:
            self._pm = None

    def _script(self) -> bool:
        """Advance the phase script by one step; False when the game waits for the players to plan."""
        ph, t = self.phase, self.t
        if ph == SETUP:
            return self._setup_step()
        if ph == EVENT:
            if self.step == 0:
                for p in range(self.n):
                    if self.outside[p]:
                        for r in range(4):
                            self.res[r] += self.stash[4 * p + r]
                            self.stash[4 * p + r] = 0
                        self.outside[p] = 0
                        self.log("camp", f"{self.char_name(p)} is back in the Camp with what they carried (§16.1).")
                self.log("round", f"Round {self.round} begins; {self.char_name(self.fp)} is the first player.")
                self.check_win()  # a goal met before round 10 wins as round 10 begins (§11.1, §25.1)
                if self.over:
                    return True
                if self.round == 1:
                    self.phase, self.step = MORALE, 0
                else:
                    self.step = 1
                return True
            if self.event_deck_size() == 0:
                self.log("event", "The Event deck is empty: no Event this round (§25.19).")
                self.phase, self.step = MORALE, 0
                return True
            self.chance = [CH_EVENT, 0, 0, 0]
            return True
        if ph == MORALE:
            self._morale_phase()
            self.phase, self.step = PRODUCTION, 0
            return True
        if ph == PRODUCTION:
            if self.step == 0:
                self._production()
                self.step = 1
                return True
            self.phase, self.step = PLAN, 0
            return True
        if ph == PLAN:
            if self.step == 0:
                self.step = 1
                stage = self._pile_stage()
                if stage >= 0 and self.res[WOOD] > 0:
                    self.frames.append((F_PILE, self.fp, stage, 0, 0))
                return True
            if self.step == 1:
                self.groups = []
                self.ready = [0] * t.players
                self.changes = [0] * t.players
                self.econ_used = 0
                self._compute_sources()
                self.step = 2
                self.log("phase", "Action phase: plan together; the first player confirms the plan (§8.1, §26.1).")
                return True
            return False
        if ph == RESOLVE:
            return self._resolve_next()
        if ph == WEATHER:
            return self._weather_step()
        if ph == NIGHT:
            return self._night_step()
        return False

    def _setup_step(self) -> bool:
        """Setup draws (§3 steps 5, 12, 17) as chance points, then round 1."""
        t = self.t
        if self.step < 5:
            if self.count_in(Z_INV_DECK):
                self.chance = [CH_INV, Z_INV_BOARD, 0, 0]
            self.step += 1
            return True
        if self.step < 5 + t.options["starting_items"]:
            self.chance = [CH_START, 0, 0, 0]
            self.step += 1
            return True
        if self.step < 100:
            self.step = 100
            if t.options["wreckage"] == "random":
                self.chance = [CH_EVENT, 1, 0, 0]
            else:
                w = self.c.by_id[t.scenario.wreckage]
                self.zone[w] = Z_THREAT_R
                self.log("setup", f"{self.c.cards[w].name} lies in the right Threat space.")
            return True
        self.phase, self.step = EVENT, 0
        return True

    # ------------------------------------------------------------------ whose turn
    def seat_count(self) -> int:
        return self.n

    def to_move(self) -> list[int]:
        """Seats that may act now (cached until the next `apply`; do not mutate the list)."""
        tm = self._tm
        if tm is None:
            tm = self._tm = self._to_move()
        return tm

    def _to_move(self) -> list[int]:
        if self.over:
            return []
        if self.chance:
            return [CHANCE]
        if self.frames:
            top = self.frames[-1]
            if top[0] == F_WINDOW:
                if self._lc is None:
                    self._lc = {}
                return self._window_seats(top, self._lc)
            return [top[1]]
        if self.phase == PLAN and self.step == 2:
            # every seat plans until it says ready; then the first player confirms (§26.1)
            return [s for s in range(self.n) if not self.ready[s]] or [self.fp]
        return []

    def is_over(self) -> bool:
        return bool(self.over)

    def outcome(self) -> Outcome:
        if not self.over:
            raise IllegalAction("the game is not over")
        won = self.over == 1
        score = sum(self.pile) + (10 if won else 0)
        details = {"rounds": self.round, "reason": self.reason, "pile": list(self.pile), "morale": self.morale,
                   "roof": self.roof, "palisade": self.palisade, "weapon": self.weapon, "shelter": bool(self.shelter),
                   "wounds": self.wounds[: self.n], "items": [self.c.cards[i].id for i in self.cards_in(Z_ITEM)],
                   "fire": self.built("fire")}
        code = END_CODES[self.over - 1]
        return Outcome(tuple(SeatResult(won, score, self.reason, code) for _ in range(self.n)), details)

    # ------------------------------------------------------------------ chance (architecture §2, §26.4)
    def chance_outcomes(self) -> list[tuple[RobinsonAction, float]]:  # type: ignore[override]
        """Every outcome of the pending draw or roll with its probability (cached with the legal actions)."""
        if not self.chance or self.over:
            return []
        lc = self._lc
        if lc is None:
            lc = self._lc = {}
            self._ot = None
        hit = lc.get(CHANCE)
        if hit is None:
            self._zq = True
            try:
                hit = self._chance_outcomes()
            finally:
                self._zq = False
            lc[CHANCE] = hit
        return hit

    def _chance_outcomes(self) -> list[tuple[RobinsonAction, float]]:
        kind, a, b, _ = self.chance
        cards = self.c.cards
        if kind == CH_EVENT:
            if a == 1:  # a random Wreckage card (§15.3)
                pool = [i for i, x in enumerate(cards) if x.kind == "wreckage"]
                return [(act(CHANCE, "draw", cards[i].id), 1 / len(pool)) for i in pool]
            known = self.cards_in(Z_EVENT_DECK)
            total = len(known) + self.ev_book + self.ev_adv
            out = [(act(CHANCE, "draw", cards[i].id), 1 / total) for i in known]
            unseen = self.cards_in(Z_EVENT_STACK)
            for want_book, left in ((True, self.ev_book), (False, self.ev_adv)):
                pool = [i for i in unseen if (cards[i].data["icon"] == "book") == want_book]
                if left and pool:
                    out += [(act(CHANCE, "draw", cards[i].id), left / len(pool) / total) for i in pool]
            return out
        if kind in (CH_HUNT, CH_TRACK):
            pool = self.unseen_beasts()
            return [(act(CHANCE, "draw", cards[i].id), 1 / len(pool)) for i in pool]
        if kind in (CH_ADV, CH_MYST, CH_BEAST, CH_BEAST_TOP, CH_INV, CH_START):
            z = {CH_ADV: a, CH_MYST: Z_MYST_DECK, CH_BEAST: Z_BEAST_DECK, CH_BEAST_TOP: Z_BEAST_DECK,
                 CH_INV: Z_INV_DECK, CH_START: Z_BOX}[kind]
            pool = self.deck_bag(z)
            if kind == CH_START:
                pool = [i for i in pool if cards[i].kind == "start_item"]
            return [(act(CHANCE, "draw", cards[i].id), 1 / len(pool)) for i in pool]
        if kind in (CH_TILE, CH_RECON):
            pool = [i for i, at in enumerate(self.tile_at) if at == TILE_STACK]
            return [(act(CHANCE, "tile", str(self.c.tiles[i].number)), 1 / len(pool)) for i in pool]
        if kind == CH_TOKEN:
            counts: dict[int, int] = {}
            for i, place in enumerate(self.tok):
                if place == TOK_BAG:
                    k = self.c.tokens[i]
                    counts[k] = counts.get(k, 0) + 1
            total = sum(counts.values())
            return [(act(CHANCE, "token", self.c.token_kinds[k].id), m / total)
                    for k, m in sorted(counts.items())]
        if kind == CH_DICE:
            typ = self.groups[a][0]
            faces = self.c.dice[TYPE_NAMES[typ]]
            rolls = _DICE_OUTCOMES.get(faces)
            if rolls is not None:
                return rolls
            out = _DICE_OUTCOMES[faces] = []
            pw = [self._face_p(faces[d]) for d in range(3)]
            for w in (1, 0):
                for s in (1, 0):
                    for ad in (1, 0):
                        prob = pw[0][w] * pw[1][s] * pw[2][ad]
                        if prob > 0:
                            out.append((RobinsonAction(CHANCE, "roll", (DIE_NAMES[0] if w else "blank",
                                                                         "success" if s else "question",
                                                                         DIE_NAMES[2] if ad else "blank")), prob))
            return out
        if kind == CH_REROLL:
            typ = self.groups[a][0]
            pr = self._face_p(self.c.dice[TYPE_NAMES[typ]][b])
            good = ("wound", "success", "adventure")[b]
            bad = "question" if b == 1 else "blank"
            return [(act(CHANCE, "roll", f), p) for f, p in ((good, pr[1]), (bad, pr[0])) if p > 0]
        if kind == CH_WEATHER:
            die = self.t.scenario.weather[self.round - 1][a] if a < 100 else "animals"
            wfaces = self.c.weather_dice[die]
            return [(act(CHANCE, "weather", f), wfaces.count(f) / 6) for f in sorted(set(wfaces))]
        if kind == CH_PIT:
            pit = self.c.dice["build"][0].count("wound") / 6
            return [(act(CHANCE, "pit", f), q) for f, q in (("wound", pit), ("blank", 1 - pit)) if q > 0]
        raise AssertionError(kind)

    @staticmethod
    def _face_p(faces: tuple[str, ...]) -> tuple[float, float]:
        """(P(blank or question), P(its symbol)) of an Action die."""
        good = sum(1 for f in faces if f not in ("blank", "question")) / 6
        return (1 - good, good)

    def _apply_chance(self, act: RobinsonAction) -> None:
        kind, a, b, cc = self.chance
        self.chance = []
        cards, by_id = self.c.cards, self.c.by_id
        arg = act.args[0]
        if kind == CH_EVENT:
            card = by_id[arg]
            if a == 1:
                self.zone[card] = Z_THREAT_R
                self.log("setup", f"{cards[card].name} lies in the right Threat space (§15.3).")
                return
            if self.zone[card] == Z_EVENT_STACK:
                book = cards[card].data["icon"] == "book"
                self._set_ev(self.ev_book - book, self.ev_adv - (not book))
            self._event_drawn(card)
            return
        if kind in (CH_TILE, CH_RECON):
            tile = next(x.index for x in self.c.tiles if str(x.number) == arg)
            if kind == CH_RECON:
                self.tile_at[tile] = TILE_REVEALED
                self.log("draw", f"Reconnaissance reveals tile {arg}.")
                self._push((I_RECON, a, b - 1, 0))
            else:
                self._place_tile(tile, a, b)
            return
        if kind == CH_TOKEN:
            k = next(i for i, x in enumerate(self.c.token_kinds) if x.id == arg)
            phys = next(i for i, place in enumerate(self.tok) if place == TOK_BAG and self.c.tokens[i] == k)
            name = self.c.token_kinds[k].name
            if a == TOK_REVEALED:
                self.tok[phys] = TOK_REVEALED
                self.log("draw", f"Scouting reveals the Discovery token {name}.")
                self._push((I_SCOUT, cc, b - 1, 0))
                return
            self.tok[phys] = a
            self.log("draw", f"Discovery token: {name}" + (" (Future)" if a == TOK_FUTURE else "") + ".")
            if b > 1:
                self._push((I_TOKENS, a, b - 1, 0))
            return
        if kind == CH_DICE:
            self.dice = [int(act.args[0] == "wound"), int(act.args[1] == "success"), int(act.args[2] == "adventure")]
            self.log("roll", f"{TYPE_NAMES[self.groups[a][0]].capitalize()} dice: {', '.join(act.args)}.")
            self._after_roll(a, first=True)
            return
        if kind == CH_REROLL:
            self.dice[b] = int(arg in ("wound", "success", "adventure"))
            self.log("roll", f"Reroll of the {DIE_NAMES[b]} die: {arg}.")
            self._after_roll(a, first=False)
            return
        if kind == CH_WEATHER:
            self._weather_face(arg)
            return
        if kind == CH_PIT:
            if arg == "wound":
                self.gain(FOOD, a, -1, "the Pit (§17.2)", to_future=False)
            else:
                self.log("production", "The Pit stays empty.")
            return
        card = by_id[arg]
        name = cards[card].name
        if kind in (CH_HUNT, CH_TRACK):
            self._hunt_swap(card)
        if kind == CH_ADV:
            self.zone[card] = Z_RESOLVING
            self.log("draw", f"Adventure card: {name}. {self.p.text(self.p.card[(card, 'action')])}")
            node = self.p.card[(card, "action")]
            self._push((node, b, card, 0), (I_ADV_DONE, b, card, 0))
        elif kind == CH_MYST:
            self._myst_drawn(card)
        elif kind == CH_HUNT:
            self.zone[card] = Z_RESOLVING
            self._push((I_BEAST, self.groups[a][3], card, 0))
        elif kind == CH_BEAST:
            self.zone[card] = Z_HUNT_DECK
            self.hunt_top, self.hunt_seen, self.hunt_bottom = [], [], []
            self.log("hunt", "A beast joins the Hunting deck, which is shuffled (§8.10).")
        elif kind == CH_BEAST_TOP:
            self.zone[card] = Z_HUNT_DECK
            self.hunt_top.insert(0, card)
            self.hunt_seen.insert(0, 0)
            self.log("hunt", "An unseen beast goes on top of the Hunting deck (§13.2).")
        elif kind == CH_TRACK:
            self.hunt_top.insert(0, card)
            self.hunt_seen.insert(0, 1)
            self.log("hunt", f"Tracking: the top Hunting card is {name}.")
            self.frames.append((F_TRACK, a, card, 0, 0))
        elif kind == CH_INV:
            if a == Z_REVEALED:
                self.zone[card] = Z_REVEALED
                self.log("draw", f"A new idea: {name} is drawn.")
                self._push((I_NEW_IDEA, cc, b - 1, 0))
            else:
                self.zone[card] = Z_INV_BOARD
                self.log("setup", f"Invention {name} is laid on the board.")
        elif kind == CH_START:
            self.zone[card] = Z_START
            self.uses[card] = 2
            self.log("setup", f"Starting Item: {name} (two uses).")
        else:
            raise AssertionError(kind)

    # ------------------------------------------------------------------ Event phase (§5)
    def _event_drawn(self, card: int) -> None:
        cd = self.c.cards[card]
        self.zone[card] = Z_RESOLVING
        if cd.kind in ("adventure", "mystery"):
            # §5.2, §16.11: only the Event half, then draw again
            title = cd.data.get("event_name") or cd.name
            node = self.p.card.get((card, "event"))
            self.log("event", f"Event deck: {cd.name} shows its Event half, {title} (§5.2).")
            if node is not None:
                self._push((node, self.fp, card, 0))
            self._push((I_EVENT_HALF_DONE, 0, card, 0))
            return
        self.log("event", f"Event: {cd.name}. {cd.text}")
        self._push((I_ICON, self.fp, card, 0), (self.p.card[(card, "event")], self.fp, card, 0), (I_SLIDE, 0, card, 0))

    def _slide(self, card: int) -> None:
        """Put the card on the right Threat space; a card pushed off the left resolves its Threat effect (§5.3)."""
        right = self.cards_in(Z_THREAT_R)
        left = self.cards_in(Z_THREAT_L)
        if self.zone[card] != Z_RESOLVING:  # shuffled away by its own effect
            self.phase, self.step = MORALE, 0
            return
        if right:
            if left:
                old = left[0]
                self.zone[old] = Z_RESOLVING
                od = self.c.cards[old]
                alt = self.t.options["alt_threats"] and (old, "threat_effect_alt") in self.p.card
                node = self.p.card.get((old, "threat_effect_alt" if alt else "threat_effect"))
                self.log("threat", f"{od.name} is pushed off the board: its Threat effect happens (§5.3).")
                if node is not None:
                    self._push((node, self.fp, old, 0))
                self._push((I_DISCARD, 0, old, 0))
            self.zone[right[0]] = Z_THREAT_L
        self.zone[card] = Z_THREAT_R
        self.phase, self.step = MORALE, 0

    # ------------------------------------------------------------------ Morale phase (§6)
    def _morale_phase(self) -> None:
        if self.n == 1:
            self.change_morale(1, "solo: each Morale phase begins with +1 (§14.5)")
        amount = dict(self.c.morale)[self.morale]
        bonus = sum(p["n"] for p in self.passive("morale_bonus"))
        if self.morale == self.c.morale[-1][0]:
            self.frames.append((F_MORALE, self.fp, amount + bonus, 0, 0))
            return
        if amount > 0:
            self.gain_det(self.fp, amount + bonus, "Morale phase (§6.2)")
        elif amount < 0:
            self.lose_det(self.fp, max(0, -amount - bonus), "Morale phase (§6.2, §6.3)")

    # ------------------------------------------------------------------ Production phase (§7)
    def _production(self) -> None:
        tile = self.space_tile[self.camp]
        if tile >= 0:
            self._produce_from(self.camp, tile, every=True)
        for sp in range(len(self.space_tk)):
            if self.space_tk[sp] & TK_SHORTCUT and self.space_tile[sp] >= 0 and not self.space_lost[sp]:
                self._produce_from(sp, self.space_tile[sp], every=False)
        for prm in self.passive("pit"):
            self.chance = [CH_PIT, prm["food"], 0, 0]
            break

    def _produce_from(self, sp: int, tile: int, every: bool) -> None:
        """The Camp tile gives 1 per source (§7.1); a Shortcut tile gives 1 from one source (§17.2)."""
        srcs = self.c.tiles[tile].sources
        got = False
        for i, kind in enumerate(srcs):
            r = WOOD if kind == "wood" else FOOD
            if self.flags & (1 if r == WOOD else 2):
                self.log("production", f"No {kind} from Production this round (a card says so).")
                continue
            if every:
                token = TK_WOOD if r == WOOD else TK_FOOD
                amount = (0 if self.space_exh[sp] >> i & 1 else 1)
                if amount:
                    self.gain(r, amount, -1, "Production (§7.1)", to_future=False)
                if self.space_tk[sp] & token and i == srcs.index(kind):
                    self.gain(r, 1, -1, "a +1 token on the Camp tile (§20.6)", to_future=False)
            elif not got and not self.space_exh[sp] >> i & 1:
                self.gain(r, 1, -1, "the Shortcut (§17.2)", to_future=False)
                self.gathered.append(sp * 2 + i)
                got = True

    def _pile_stage(self) -> int:
        """The lowest unfinished stage of the wood pile, or -1 when none may take wood this round (§25.1)."""
        if self.pile_done:
            return -1
        for i, need in enumerate(self.t.scenario.pile):
            if self.pile[i] < need:
                return i
        return -1

    def add_to_pile(self, k: int, cause: str) -> None:
        """Wood onto the lowest unfinished stage; wood beyond its need is lost (§25.1)."""
        for i, need in enumerate(self.t.scenario.pile):
            if self.pile[i] < need:
                put = min(k, need - self.pile[i])
                self.pile[i] += put
                self.log("pile", f"{put} wood onto stage {i + 1} of the pile ({cause}); it holds {self.pile[i]}/{need}.")
                break
        self.check_win()

    # ------------------------------------------------------------------ Action phase: resolution (§8.4–§8.13)
    def _resolve_next(self) -> bool:
        left = [i for i, g in enumerate(self.groups) if not g[8] & G_DONE]
        if not left:
            self._cleanup()
            self.phase, self.step = WEATHER, 0
            return True
        typ = min(self.groups[i][0] for i in left)
        same = [i for i in left if self.groups[i][0] == typ]
        if len(same) > 1 and typ not in (T_ARRANGE, T_REST):
            self.frames.append((F_NEXT, self.fp, typ, 0, 0))
        else:
            self._begin_group(same[0])
        return True

    def _begin_group(self, g: int) -> None:
        self.cur = g
        self._push((I_PRE, 0, g, 0), (I_MAIN, 0, g, 0), (I_POST, 0, g, 0))

    def _cleanup(self) -> None:
        """§8.13: Future into Available; Items built this phase turn over and act."""
        self.groups = []
        self.xsrc = []
        self.cur = -1
        for r in range(4):
            self.res[r] += self.fut[r]
            self.fut[r] = 0
        for i, place in enumerate(self.tok):
            if place == TOK_FUTURE:
                self.tok[i] = TOK_AVAIL
        for card in self.cards_in(Z_ITEM_FUTURE):
            self.zone[card] = Z_ITEM
            self.log("build", f"{self.c.cards[card].name} is now an Item (§8.13).")
            node = self.p.card.get((card, "on_build"))
            if node is not None:
                self._push((node, self.fp, card, 0))
        self.log("phase", "Cleanup: Future resources are now Available (§8.13).")
        self.check_win()

    def _min_pawns(self, gi: int) -> int:
        """Pawns an Action needs (§8.1.3), with extra-pawn tokens (§20.4) and Special Wounds (§25.5)."""
        g = self.groups[gi]
        typ, target = g[0], g[1]
        if typ == T_THREAT:
            card = self._threat_card(target)
            base = 1 if card < 0 or self.c.cards[card].kind == "wreckage" else self.c.cards[card].data["threat"]["pawns"]
        elif typ == T_HUNT:
            base = 2
        elif typ in (T_GATHER, T_EXPLORE):
            sp = target // 2 if typ == T_GATHER else target
            base = self._distance(sp)
            if self.space_tk[sp] & TK_EXTRA:
                base += 1
        else:
            base = 1
        if (typ in (T_HUNT, T_BUILD, T_GATHER, T_EXPLORE) and self.field_tk[typ] & FT_EXTRA
                and next(i for i, x in enumerate(self.groups) if x[0] == typ) == gi):
            base += 1
        lead = g[3]
        for sw in self.special:
            if sw[0] == lead and sw[2] == typ and self.zone[sw[3]] != Z_ITEM:
                base += 1
        return base

    def _max_pawns(self, gi: int) -> int:
        g = self.groups[gi]
        if g[0] in (T_ARRANGE, T_REST):
            return 1
        if g[0] == T_THREAT:
            card = self._threat_card(g[1])
            if card >= 0 and self.c.cards[card].kind == "wreckage":
                return 2
            return self._min_pawns(gi)
        return self._min_pawns(gi) + 1

    def _threat_card(self, slot: int) -> int:
        try:
            return self.zone.index(Z_THREAT_L if slot == 0 else Z_THREAT_R)
        except ValueError:
            return -1

    def _distance(self, sp: int) -> int:
        """1 next to the Camp, 2 one explored tile away, 0 farther (§8.1.7)."""
        nb = self.c.neighbours
        if sp == self.camp:
            return 0
        if sp in nb[self.camp]:
            return 1
        for mid in nb[self.camp]:
            if self.space_tile[mid] >= 0 and not self.space_lost[mid] and sp in nb[mid]:
                return 2
        return 0

    def _main(self, gi: int) -> None:
        g = self.groups[gi]
        typ, target, lead = g[0], g[1], g[3]
        pawns = len(g[4])
        if typ == T_THREAT:
            card = self._threat_card(target)
            if card < 0:
                return
            self._pay_group(gi)
            cd = self.c.cards[card]
            self.zone[card] = Z_RESOLVING
            if cd.kind == "wreckage":
                key = "two" if pawns >= 2 else "one"
                self.log("threat", f"{self.char_name(lead)} takes the {cd.data['threat_name']} ({pawns} pawn(s)) (§8.6.3).")
                self._push((self.p.card[(card, key)], lead, card, 0), (I_DISCARD, 0, card, 0))
            else:
                self.log("threat", f"{self.char_name(lead)} deals with {cd.name}: {cd.data['threat']['name']} (§8.6.2).")
                self._push((self.p.card[(card, "reward")], lead, card, 0), (I_DISCARD, 0, card, 0))
            return
        if typ == T_HUNT:
            if not self.count_in(Z_HUNT_DECK):
                self.log("hunt", "The Hunting deck is empty: no hunt (§8.7.1).")
                return
            if self.hunt_top:
                card = self.hunt_top.pop(0)
                if not self.hunt_seen.pop(0):
                    self.revealed = True  # The Hunt's unseen card is shown now: undo stops here (§13.2)
            elif self.deck_bag(Z_HUNT_DECK):
                self.chance = [CH_HUNT, gi, 0, 0]
                return
            else:
                card = self.hunt_bottom.pop(0)
            self.zone[card] = Z_RESOLVING
            self._push((I_BEAST, lead, card, 0))
            return
        if typ in (T_BUILD, T_GATHER, T_EXPLORE):
            if typ in (T_GATHER, T_EXPLORE):
                sp = target // 2 if typ == T_GATHER else target
                if self.space_tk[sp] & TK_BEAST and self.weapon < 1:
                    self.wound(lead, 1, "a beast lurks on that tile and the Weapon is 0 (§20.3b)")
            if pawns <= self._min_pawns(gi):
                self.chance = [CH_DICE, gi, 0, 0]
                return
            self.log("action", f"{self._group_text(gi)}: enough pawns, success without dice (§8.1.3).")
            if self.field_tk[typ] & FT_ADVENTURE:  # the Success first, then the card (§8.5.3, §8.5.4)
                self._push((I_SUCCESS, lead, gi, 0), (I_ADVENTURE, lead, gi, 1))
            else:
                self._push((I_SUCCESS, lead, gi, 0))
            return
        if typ == T_ARRANGE:
            if self.n == 4:
                self.frames.append((F_ARRANGE, self.seat_of(lead), lead, 0, 0))
                return
            self._arrange(lead, True, True)
            return
        if typ == T_REST:
            heal, det = 1, 0
            for prm in self.passive("rest_bonus"):
                heal += prm["heal"]
                det += prm["determination"]
            self.heal(lead, heal, "Rest (§8.12)")
            self.gain_det(lead, det, "Rest with the Bed (§17.2)")

    def _arrange(self, lead: int, det: bool, morale: bool) -> None:
        """Arranging the Camp (§8.11): 2 Determination and Morale +1 (4 players: one of them, §14.1)."""
        if det:
            if self.bible:
                self.gain_det(lead, 3, "Arranging the Camp with the Bible (§22.5)")
                self.heal(lead, 1, "the Bible (§22.5)")
            else:
                self.gain_det(lead, 2, "Arranging the Camp (§8.11)")
        if morale:
            self.change_morale(1, "Arranging the Camp (§8.11)")

    def _after_roll(self, gi: int, first: bool) -> None:
        """Forced Success reroll (§20.1), then the reroll window (§8.5.3), then the results."""
        typ = self.groups[gi][0]
        if first:
            self.friday_rerolled = 0
            self._push((I_DICE, self.groups[gi][3], gi, 0))  # the results still follow a forced reroll (§20.1)
            if self.field_tk[typ] & FT_REROLL:
                self.field_tk[typ] &= ~FT_REROLL
                if self.dice[1]:
                    self.log("roll", "The Reroll Success token forces a reroll of the Success die (§20.1).")
                    self.chance = [CH_REROLL, gi, 1, 0]
                    return
        self.frames.append((F_WINDOW, self.fp, W_ROLL, 0, len(self.work)))

    def _dice_results(self, gi: int) -> None:
        """Wound, then Success, then Adventure (§8.5.2, §8.5.3)."""
        g = self.groups[gi]
        lead, typ = g[3], g[0]
        if self.dice[0]:
            self.wound(lead, 1, "the Wound die (§8.5.2)")
        todo: list[tuple[int, int, int, int]] = []
        if self.dice[1]:
            todo.append((I_SUCCESS, lead, gi, 0))
        else:
            self.log("action", f"{self._group_text(gi)} fails (?): +2 Determination (§8.5.2).")
            self.gain_det(lead, 2, "the ? face (§8.5.2)")
        if self.dice[2] or self.field_tk[typ] & FT_ADVENTURE:
            todo.append((I_ADVENTURE, lead, gi, 1))
        self._push(*todo)  # one push: the Success runs before the Adventure (§8.5.3)

    def _success(self, gi: int) -> None:
        g = self.groups[gi]
        typ, target, lead = g[0], g[1], g[3]
        if typ == T_BUILD:
            self._pay_group(gi)
            if target == BUILD_SHELTER:
                self.shelter = 1
                self.log("build", "The Shelter is built (§8.8.3).")
            elif target in (BUILD_ROOF, BUILD_PALISADE):
                self.raise_track(0 if target == BUILD_ROOF else 1, 1, "Building (§8.8.4)")
            elif target == BUILD_WEAPON:
                self.raise_track(2, 1, "Building (§8.8.5)")
            else:
                cd = self.c.cards[target]
                self.zone[target] = Z_ITEM_FUTURE
                self.log("build", f"{cd.name} is built; it becomes an Item at cleanup (§8.8.6).")
                if cd.data["group"] == "personal":
                    self.gain_det(lead, 2, "building a personal Invention (§8.8.6)")
            return
        if typ == T_GATHER:
            sp, i = divmod(target, 2)
            kind = self.c.tiles[self.space_tile[sp]].sources[i]
            r = WOOD if kind == "wood" else FOOD
            amount = 0 if self.space_exh[sp] >> i & 1 else 1
            if self.space_tk[sp] & (TK_WOOD if r == WOOD else TK_FOOD):
                amount += 1
            for k, abilities in self.p.passives.items():
                if self.zone[k] == Z_ITEM and k not in self.item_used:
                    for v, prm in abilities:
                        if v == "gather_bonus":
                            amount += prm["n"]
                            self.item_used.append(k)
            self.gain(r, amount, lead, "Gathering (§8.9)")
            return
        if typ == T_EXPLORE:
            if self.tile_top >= 0:
                tile, self.tile_top = self.tile_top, -1
                self._place_tile(tile, target, lead)
            elif any(at == TILE_STACK for at in self.tile_at):
                self.chance = [CH_TILE, target, lead, 0]
            else:
                self.log("explore", "No Island tiles are left (§25.19).")

    def _place_tile(self, tile: int, sp: int, lead: int) -> None:
        """§8.10: place the tile; its beast, totem, discoveries and tent take effect."""
        td = self.c.tiles[tile]
        self.tile_at[tile] = sp
        self.space_tile[sp] = tile
        self.log("explore", f"Tile {td.number} ({td.terrain}) is explored at s{sp + 1} (§8.10).")
        if td.tent and 0 <= lead < self.n:
            self.explored_tent[lead] = 1
        if td.discoveries:
            self._push((I_TOKENS, TOK_FUTURE if self.phase == RESOLVE else TOK_AVAIL, td.discoveries, 0))
        if td.totem:
            self._push((self.p.totem, lead, -1, 0))
        if td.beast and self.count_in(Z_BEAST_DECK):
            self.chance = [CH_BEAST, 0, 0, 0]

    def _pay_group(self, gi: int) -> None:
        """Discard the resources committed at planning (§8.3.1, §8.6.2, §8.8)."""
        g = self.groups[gi]
        if g[5] or g[6] or g[7]:
            self.pay(WOOD, g[5])
            self.pay(FOOD, g[6])
            self.pay(FUR, g[7])
            self.log("pay", f"Paid {g[5]} wood, {g[6]} food, {g[7]} fur (§8.3.1).")
        self.groups[gi] = (*g[:5], 0, 0, 0, g[8])

    def _beast(self, lead: int, card: int) -> None:
        """A Hunting fight (§8.7.2): strength, Weapon loss, food, fur, Palisade, the rest."""
        d = self.c.cards[card].data
        strength = d["strength"]
        if self.field_tk[T_HUNT] & FT_BEAST:
            self.field_tk[T_HUNT] &= ~FT_BEAST
            strength += 1
            self.log("hunt", "The Beast Strength token adds 1 (§20.3a).")
        self.log("hunt", f"{self.char_name(lead)} fights {self.c.cards[card].name} (strength {strength}).")
        self.fight(lead, strength, d["weapon_loss"], d["food"], d["fur"], 0)
        node = self.p.card.get((card, "extra"))
        if node is not None:
            self._push((node, lead, card, 0))
        self._push((I_DISCARD, 0, card, 0))

    def fight(self, fighter: int, strength: int, weapon_loss: int, food: int, fur: int, palisade_loss: int) -> None:
        """§8.7.2 steps 1-5; a temporary Weapon bonus counts for the comparison only (§16.9)."""
        level = self.weapon + self.temp_weapon
        if level < strength:
            self.wound(fighter, strength - level, f"Weapon {level} against strength {strength} (§8.7.2)")
        if weapon_loss:
            self.drop_track(2, weapon_loss, "the fight (§8.7.2)", fighter=fighter)
        self.gain(FOOD, food, fighter, "the fight")
        self.gain(FUR, fur, fighter, "the fight")
        if palisade_loss:
            self.drop_track(1, palisade_loss, "the fight (§8.7.2)")

    def _post(self, gi: int) -> None:
        g = self.groups[gi]
        typ = g[0]
        if typ in (T_HUNT, T_BUILD, T_GATHER, T_EXPLORE) and g[8] & G_FIELDX:
            self.field_tk[typ] &= ~FT_EXTRA
        if g[8] & G_WOODTOK:
            self.field_tk[T_BUILD] &= ~FT_WOOD
        if typ in (T_BUILD, T_GATHER, T_EXPLORE) and self.field_tk[typ] & FT_REROLL and len(g[4]) <= self._min_pawns(gi):
            self.field_tk[typ] &= ~FT_REROLL
        self.groups[gi] = (*g[:8], g[8] | G_DONE)
        self.temp_weapon = 0
        self.bible = 0
        self.cur = -1
        self.check_win()

    # ------------------------------------------------------------------ Weather phase (§9)
    def _weather_step(self) -> bool:
        dice = self.t.scenario.weather[self.round - 1]
        if self.step == 0:
            self.clouds = [0, 0, -1, 0]
            self.step = 1
            if dice:
                self.log("weather", f"Weather: rolling {', '.join(dice)} (§9.1).")
            return True
        if self.step <= len(dice):
            self.chance = [CH_WEATHER, self.step - 1, 0, 0]
            self.step += 1
            return True
        if self.step == len(dice) + 1:
            self.step += 1
            self.clouds[0] += self.weather_tk[0]
            self.clouds[1] += self.weather_tk[1]
            for prm in self.passive("ignore_cloud"):
                k = 0 if prm["cloud"] == "rain" else 1
                self.clouds[k] = max(0, self.clouds[k] - prm["n"])
                self.log("weather", f"An Item ignores {prm['n']} {prm['cloud']} cloud(s) (§9.2).")
            self.frames.append((F_WINDOW, self.fp, W_WEATHER, 0, len(self.work)))
            return True
        self._weather_resolve()
        self.phase, self.step = NIGHT, 0
        return True

    def _weather_face(self, face: str) -> None:
        if face.startswith("rain"):
            self.clouds[0] += int(face[-1])
        elif face.startswith("winter"):
            self.clouds[1] += int(face[-1])
        else:
            self.clouds[2] = ("blank", "palisade", "food", "fight").index(face)
        self.log("weather", f"Weather die: {face}.")

    def _weather_resolve(self) -> None:
        """§9.3 in its exact order; shortfalls wound every player in the Camp (§9.3, §16.1)."""
        rain, winter, animals = self.clouds[0], self.clouds[1], self.clouds[2]
        if rain or winter or animals > 0 or self.weather_tk[2]:
            self.log("weather", f"Weather: {rain} rainy and {winter} winter cloud(s), Roof {self.roof} (§9.3).")
        missing = self.pay(WOOD, winter)
        if winter:
            self.log("weather", f"Step 1, winter: discard {winter} wood.")
        if missing:
            self.wound_all(missing, "Weather step 1: wood missing (§9.3)", camp_only=True)
        for _ in range(max(0, rain + winter - self.roof)):
            miss = self.pay(WOOD, 1) + self.pay(FOOD, 1)
            self.log("weather", "Step 2, an unprotected cloud: discard 1 wood and 1 food (§9.3, §9.4).")
            if miss:
                self.wound_all(miss, "Weather step 2: the Roof did not cover a cloud (§9.3)", camp_only=True)
        if animals == 1:
            self.drop_track(1, 1, "Hungry Animals (§9.3 step 3)", camp_only=True)
        elif animals == 2:
            if self.pay(FOOD, 1):
                self.wound_all(1, "Hungry Animals: no food (§9.3 step 3)", camp_only=True)
        elif animals == 3:
            level = self.weapon
            if level < 3:
                self.wound_all(3 - level, f"Hungry Animals: a strength-3 beast against Weapon {level} (§9.3 step 3)",
                               camp_only=True)
        if self.weather_tk[2]:
            self.drop_track(1, 1, "the Storm (§9.3 step 4)", camp_only=True)
        self.weather_tk = [0, 0, 0]
        self.clouds = [0, 0, -1, 0]

    # ------------------------------------------------------------------ Night phase (§10)
    def _night_step(self) -> bool:
        if self.step == 0:
            self.step = 1
            self.log("phase", "Night (§10).")
            self.frames.append((F_WINDOW, self.fp, W_NIGHT, 0, len(self.work)))
            return True
        if self.step == 1:
            self.step = 2
            self.hungry_done = [0] * (self.n + 1)
            eaters = self.in_camp()
            short = self.pay_food(len(eaters))
            self.log("night", f"Eating: {len(eaters) - short} of {len(eaters)} meals served (§10.1).")
            for p in range(self.n):
                if self.outside[p]:
                    if self.stash[4 * p + FOOD] + self.stash[4 * p + NONPER] > 0:
                        k = FOOD if self.stash[4 * p + FOOD] else NONPER
                        self.stash[4 * p + k] -= 1
                    else:
                        self.wound(p, 2, "hungry outside the Camp (§16.1)")
            if short and not self.over:
                if short >= len(eaters):
                    for p in eaters:
                        self.wound(p, 2, "hunger (§10.1)")
                else:
                    self.frames.append((F_HUNGRY, self.fp, short, 2, 0))
            return True
        if self.step == 2:
            self.step = 3
            if self.night_food:
                eaters = self.in_camp()
                need = self.night_food * len(eaters)
                short = self.pay_food(need)
                if short:
                    self.frames.append((F_HUNGRY, self.fp, short, 1, 1))
            return True
        if self.step == 3:
            self.step = 4
            if self._camp_moves():
                self.frames.append((F_CAMP, self.fp, 0, 0, 0))
            return True
        # open air (§10.3), rot (§10.4), end of round (§10.5)
        if not self.has_shelter():
            for p in self.in_camp():
                self.wound(p, 1, "a night in the open air (§10.3)")
        for p in range(self.n):
            if self.outside[p] and not self.explored_tent[p]:
                self.wound(p, 1, "a night outside the Camp (§16.1)")
        if self.over:
            return True
        self._rot()
        if self.round >= self.t.scenario.rounds:
            self.end("out_of_time", f"round {self.t.scenario.rounds} ended without the signal fire (§11.3)")
            return True
        self.round += 1
        self.skill_used = [0] * self.n
        self.item_used = []
        self.gathered = []
        self.explored_tent = [0] * self.n
        self.flags = 0
        self.night_food = 0
        self.pile_done = 0
        if self.n > 1:
            self.fp = (self.fp + 1) % self.n
        self.phase, self.step = EVENT, 0
        return True

    def _rot(self) -> None:
        """§10.4: perishable food rots unless stored; food-giving Discovery tokens rot too."""
        keep = self.passive("no_rot")
        if any(not p.get("food") for p in keep):
            return
        store = sum(p.get("food", 0) for p in keep)
        lost = max(0, self.res[FOOD] - store)
        if lost:
            self.res[FOOD] -= lost
            self.log("night", f"{lost} food rots (§10.4).")
        for i, place in enumerate(self.tok):
            if place == TOK_AVAIL and self.p.token_rots[self.c.tokens[i]]:
                self.tok[i] = TOK_USED
                self.log("night", f"The {self.c.token_kinds[self.c.tokens[i]].name} token rots (§10.4).")

    def _camp_moves(self) -> list[int]:
        """Explored, accessible tiles next to the Camp (§10.2)."""
        return [sp for sp in self.c.neighbours[self.camp] if self.space_tile[sp] >= 0 and not self.space_lost[sp]]

    def move_camp(self, sp: int) -> None:
        """§10.2: the Camp moves; Roof and Palisade halve (built Shelter) or vanish (natural one)."""
        old = self.camp
        if self.shelter:
            self.roof -= self.roof // 2
            self.palisade -= self.palisade // 2
        else:
            self.roof = self.palisade = 0
        moving = self.space_tk[old] & (TK_WOOD | TK_FOOD)
        self.space_tk[old] &= ~(TK_WOOD | TK_FOOD)
        self.space_tk[sp] |= moving
        for x in range(len(self.space_tk)):
            if self.space_tk[x] & TK_SHORTCUT:
                self.space_tk[x] &= ~TK_SHORTCUT
                self.log("camp", "The Shortcut token is discarded (§10.2).")
        for card in self.cards_in(Z_ITEM):
            node = self.p.card.get((card, "on_build"))
            if node is not None and any(v == "shortcut" for v, _ in self.p.verbs(node)):
                self.move_item_back(card)
                self.log("camp", f"{self.c.cards[card].name} turns back to its Invention side (§10.2).")
        self.camp = sp
        self.log("camp", f"The Camp moves to s{sp + 1}; Roof {self.roof}, Palisade {self.palisade} (§10.2).")

    # ------------------------------------------------------------------ work: effects and internal steps
    def _run_work(self) -> None:
        op, a, b, x = self.work.pop()
        if op >= 0:
            self._run_node(op, a, b)
            return
        if op == I_ICON:
            icon = self.c.cards[b].data["icon"]
            if icon == "book":
                self._push((self.p.book, self.fp, b, 0))
            else:
                self._field_token(FIELD_OF[icon], FT_ADVENTURE)
        elif op == I_SLIDE:
            self._slide(b)
        elif op in (I_EVENT_HALF_DONE, I_DISCARD):
            self.discard(b)
        elif op == I_PRE:
            self.frames.append((F_WINDOW, self.fp, W_ACTION, 0, len(self.work)))
        elif op == I_MAIN:
            self._main(b)
        elif op == I_POST:
            self._post(b)
        elif op == I_DICE:
            self._dice_results(b)
        elif op == I_SUCCESS:
            self._success(b)
        elif op == I_ADVENTURE:
            typ = self.groups[b][0]
            if x and self.field_tk[typ] & FT_ADVENTURE:
                self.field_tk[typ] &= ~FT_ADVENTURE
                self.log("action", "The Adventure token is used (§20.2).")
            if a == self.t.friday_index:
                self.wound(a, 1, "an Adventure result for Friday (§14.4)")
                return
            z = ADV_ZONE[typ]
            if not self.count_in(z):
                for card in self.cards_in(ADVD_ZONE[z]):
                    self.zone[card] = z
            if self.count_in(z):
                self.chance = [CH_ADV, z, a, 0]
            else:
                self.log("action", "No Adventure card is left (§25.19).")
        elif op == I_ADV_DONE:
            self.discard(b)
        elif op == I_BEAST:
            self._beast(a, b)
        elif op == I_MYST_STEP:
            self._myst_step()
        elif op == I_MYST_AFTER:
            self._myst_after(b)
        elif op == I_TOKENS:
            if b > 0 and TOK_BAG in self.tok:
                self.chance = [CH_TOKEN, a, b, 0]
        elif op == I_NEW_IDEA:
            if b > 0 and not self.count_in(Z_INV_DECK):
                for card in self.cards_in(Z_INV_DISCARD):
                    self.zone[card] = Z_INV_DECK
            if b > 0 and self.count_in(Z_INV_DECK):
                self.chance = [CH_INV, Z_REVEALED, b, a]
            elif self.count_in(Z_REVEALED):
                self.frames.append((F_PICK_INV, a, 0, 0, 0))
        elif op == I_RECON:
            if b > 0 and TILE_STACK in self.tile_at:
                self.chance = [CH_RECON, a, b, 0]
            elif TILE_REVEALED in self.tile_at:
                self.frames.append((F_PICK_TILE, a, 0, 0, 0))
        elif op == I_SCOUT:
            if b > 0 and TOK_BAG in self.tok:
                self.chance = [CH_TOKEN, TOK_REVEALED, b, a]
            elif TOK_REVEALED in self.tok:
                self.frames.append((F_PICK_TOKEN, a, 0, 0, 0))
        else:
            raise AssertionError(op)

    def _field_token(self, typ: int, bit: int) -> None:
        """One token of a type per place; an extra one is ignored, not a demand (§12.6)."""
        if self.field_tk[typ] & bit:
            self.log("token", f"{TYPE_NAMES[typ].capitalize()} already holds that token: the new one is ignored (§12.6).")
            return
        self.field_tk[typ] |= bit
        name = {FT_REROLL: "Reroll Success", FT_ADVENTURE: "Adventure", FT_EXTRA: "extra-pawn", FT_WOOD: "+1 wood",
                FT_BEAST: "Beast Strength"}[bit]
        self.log("token", f"A {name} token goes on {TYPE_NAMES[typ]} (§20).")

    def _who(self, who: str | None, actor: int) -> list[int]:
        if who == "all":
            return list(range(self.n))
        if who == "fp":
            return [self.fp]
        return [actor if actor >= 0 else self.fp]

    def _run_node(self, node: int, actor: int, card: int) -> None:
        kind, verb, prm, kids = self.p.nodes[node]
        if kind == SEQ:
            self._push(*[(k, actor, card, 0) for k in kids])
            return
        if kind == CHOOSE:
            chooser = self.seat_of(actor) if actor >= 0 else self.fp
            self.frames.append((F_CHOOSE, chooser, node, actor, card))
            return
        cause = self.c.cards[card].name if card >= 0 else (self.source or "an effect")
        v = verb
        if v == "gain":
            mult = self.n if prm.get("per_player") else 1
            to_future = None if prm.get("to") is None else prm["to"] == "future"
            for r, name in enumerate(RES_NAMES):
                if prm.get(name):
                    self.gain(r, prm[name] * mult, actor, cause, to_future)
        elif v == "pay":
            need = [(r, prm.get(name, 0)) for r, name in enumerate(RES_NAMES) if prm.get(name)]
            if prm.get("if_possible") and any(self.free(r if r != NONPER else FOOD) < k for r, k in need):
                self.log("effect", f"{cause}: not possible, nothing happens (§12.3).")
                return
            missing = 0
            for r, k in need:
                got = min(k, max(0, self.free(r if r != NONPER else FOOD)))
                self.pay(r, got)
                missing += k - got
                if got:
                    self.log("pay", f"Discard {got} {RES_NAMES[r]} ({cause}).")
            if missing:
                targets = self._who(prm.get("who") or "all", actor)
                for p in targets:
                    self.wound(p, missing, f"{cause}: {missing} missing (§12.2)")
        elif v == "track":
            which = TRACK_NAMES.index(prm["track"])
            if prm["by"] > 0:
                if which < 2 and not self.has_shelter() and card >= 0 and self.c.cards[card].kind == "invention":
                    self.uses[card] = -1  # its raise is ignored (§8.8.4): nothing for a loss to undo (§16.6)
                self.raise_track(which, prm["by"], cause)
            else:
                self.drop_track(which, -prm["by"], cause, bool(prm.get("if_possible")))
        elif v == "halve":
            which = TRACK_NAMES.index(prm["track"])
            level = (self.roof, self.palisade, self.weapon)[which]
            self.set_track(which, level - level // 2)
            self.log("track", f"{prm['track'].capitalize()} {level} → {level - level // 2} ({cause}).")
        elif v == "morale":
            self.change_morale(prm["by"], cause)
        elif v == "wound":
            for p in self._who(prm["who"], actor):
                self.wound(p, prm["n"], cause)
        elif v == "heal":
            for p in self._who(prm["who"], actor):
                self.heal(p, prm["n"], cause)
        elif v == "heal_split":
            if any(self.wounds[p] for p in range(self.n)):
                self.frames.append((F_HEAL, self.seat_of(actor) if actor >= 0 else self.fp, prm["n"], 0, 0))
        elif v == "determination":
            for p in self._who(prm["who"], actor):
                if prm["n"] >= 0:
                    self.gain_det(p, prm["n"], cause)
                else:
                    self.lose_det(p, -prm["n"], cause)
        elif v == "determination_split":
            self.frames.append((F_GIVE, self.seat_of(actor) if actor >= 0 else self.fp, prm["n"], 0, 0))
        elif v == "fight":
            who = prm.get("who") or "acting"
            strength = prm["strength"]
            if who == "all":
                level = self.weapon + self.temp_weapon
                if level < strength:
                    self.wound_all(strength - level, f"{cause}: strength {strength} against Weapon {level}")
            else:
                fighter = self._who(who, actor)[0]
                self.log("fight", f"{self.char_name(fighter)} fights ({cause}, strength {strength}).")
                self.fight(fighter, strength, prm.get("weapon_loss", 0), prm.get("food", 0), prm.get("fur", 0),
                           prm.get("palisade_loss", 0))
        elif v == "temp_weapon":
            self.temp_weapon += prm["by"]
            self.log("weapon", f"Weapon +{prm['by']} for this Action only (§16.9).")
        elif v == "weather_token":
            k = ("rain", "winter", "storm").index(prm["token"])
            if self.weather_tk[k]:
                self.log("token", "The Weather space already holds that token: ignored (§12.6).")
            else:
                self.weather_tk[k] = 1
                self.log("token", f"A {prm['token']} token goes in the Weather space ({cause}).")
        elif v == "field_token":
            self._field_token(FIELD_OF[prm["field"]], FT_BITS[prm["token"]])
        elif v == "camp_token":
            bit = TK_WOOD if prm["resource"] == "wood" else TK_FOOD
            if self.space_tk[self.camp] & bit:
                self.log("token", "The Camp tile already holds that token: ignored (§12.6).")
            else:
                self.space_tk[self.camp] |= bit
                self.log("token", f"A +1 {prm['resource']} token goes on the Camp tile ({cause}).")
        elif v == "cover_source":
            self._cover(prm["which"], actor)
        elif v == "no_production":
            self.flags |= 1 if prm["resource"] == "wood" else 2
            self.log("effect", f"No {prm['resource']} from Production this round ({cause}).")
        elif v == "night_demand":
            if self.night_food:  # one reminder per location; an identical one is ignored (§12.6)
                self.log("token", "The Night space already holds that reminder: ignored (§12.6).")
            else:
                self.night_food = prm["food"]
                self.log("effect", f"A reminder in the Night space: each player eats {prm['food']} more ({cause}).")
        elif v == "discard_inventions":
            if self.count_in(Z_INV_BOARD):
                self.frames.append((F_DISCARD_INV, self.fp, prm["n"], 0, 0))
        elif v == "put_invention":
            if not self.count_in(Z_INV_DECK):  # an empty deck takes back the face-down pile (§25.19)
                for ci in self.cards_in(Z_INV_DISCARD):
                    self.zone[ci] = Z_INV_DECK
            if self.count_in(Z_INV_DECK):
                self.frames.append((F_PUT_INV, self.seat_of(actor) if actor >= 0 else self.fp, 0, 0, 0))
        elif v == "flip_item":
            if self.count_in(Z_ITEM):
                self.frames.append((F_FLIP, self.fp, 0, 0, 0))
            else:
                self.log("effect", f"{cause}: no Item to turn over.")
        elif v == "build_free":
            ci = self.c.by_id[prm["item"]]
            if self.zone[ci] not in (Z_ITEM, Z_ITEM_FUTURE):
                self.zone[ci] = Z_ITEM
                self.log("build", f"{self.c.cards[ci].name} is built at no cost ({cause}).")
                node2 = self.p.card.get((ci, "on_build"))
                if node2 is not None:
                    self._push((node2, actor, ci, 0))
                self.check_win()
        elif v == "starting_item_from_box":
            if any(self.c.cards[i].kind == "start_item" for i in self.cards_in(Z_BOX)):
                self.chance = [CH_START, 0, 0, 0]
        elif v == "shuffle_into_events":
            if card >= 0 and self.zone[card] == Z_RESOLVING:
                self.zone[card] = Z_EVENT_DECK
                self.log("effect", f"{cause} is shuffled into the Event deck (§16.10).")
        elif v == "nothing":
            pass
        elif v == "repeat_event":
            node2 = self.p.card.get((card, "event"))
            if node2 is not None:
                self.log("effect", f"{cause}: its Event effect happens again (§16.8).")
                self._push((node2, self.fp, card, 0))
        elif v == "pass_first_player":
            if self.n > 1:
                self.fp = (self.fp + 1) % self.n
                self.log("effect", f"{self.char_name(self.fp)} becomes the first player ({cause}).")
        elif v == "draw_discovery":
            self._push((I_TOKENS, TOK_FUTURE if self.phase == RESOLVE else TOK_AVAIL, prm["n"], 0))
        elif v == "draw_mystery":
            self.myst = [prm.get("treasure", 0), prm.get("monster", 0), prm.get("trap", 0), actor, 0]
            self.log("mystery", f"Drawing Mystery cards ({cause}) (§16.2).")
            self._push((I_MYST_STEP, 0, 0, 0))
        elif v == "beast_to_hunt":
            if self.count_in(Z_BEAST_DECK):
                self.chance = [CH_BEAST_TOP if prm.get("unseen_top") else CH_BEAST, 0, 0, 0]
        elif v == "night_outside":
            if 0 <= actor < self.n:
                self.outside[actor] = 1
                self.log("effect", f"{self.char_name(actor)} will spend the night outside the Camp (§16.1).")
        elif v == "special_wound":
            if 0 <= actor < self.n:
                part = ("head", "arm", "belly", "leg").index(prm["part"])
                self.special.append((actor, part, FIELD_OF[prm["action"]], self.c.by_id[prm["until"]]))
                self.log("wound", f"{self.char_name(actor)} gets a Special Wound ({prm['part']}) (§13.1).")
        elif v == "unless_built":
            if not self.built(prm["item"]):
                self._push((kids[0], actor, card, 0))
            else:
                self.log("effect", f"The {prm['item']} protects ({cause}).")
        elif v == "if_weapon":
            if self.weapon >= prm["min"]:
                self._push((kids[0], actor, card, 0))
        elif v == "pile_wood":
            self.add_to_pile(prm["n"], cause)
        elif v == "tile_token":
            bit = TK_BEAST if prm["token"] == "beast_strength" else TK_EXTRA
            if self._markable_tiles(bit):
                self.frames.append((F_TILE_TOKEN, self.fp, bit, 0, 0))
            else:
                self.log("token", "Every tile already holds that token: ignored (§12.6).")
        elif v == "minus_pawn":
            for p in self._who(prm["who"], actor):
                if p < self.n:
                    self.minus[p] = 1
                    self.log("token", f"{self.char_name(p)} will have one pawn fewer in the next planning (§20).")
        elif v == "lose_tile":
            if self._losable_tiles():
                self.frames.append((F_LOSE_TILE, self.fp, 0, 0, 0))
        elif v == "ignore_cloud":
            k = 0 if prm["cloud"] == "rain" else 1
            self.clouds[k] = max(0, self.clouds[k] - prm["n"])
            self.log("weather", f"{prm['n']} {prm['cloud']} cloud(s) ignored ({cause}).")
        elif v == "convert_cloud":
            if self.clouds[1]:
                self.clouds[1] -= 1
                self.clouds[0] += 1
                self.log("weather", f"A winter cloud becomes a rainy cloud ({cause}).")
        elif v == "arrange_bonus":
            self.bible = 1
        elif v == "shortcut":
            if self._camp_moves():
                self.frames.append((F_SHORTCUT, self.fp, 0, 0, 0))
        elif v == "corral":
            if self._adjacent_food():
                self.frames.append((F_CORRAL, self.fp, 0, 0, 0))
        elif v == "new_idea":
            self._push((I_NEW_IDEA, self.seat_of(actor), prm["draw"], 0))
        elif v == "reconnaissance":
            self._push((I_RECON, self.seat_of(actor), prm["draw"], 0))
        elif v == "scouting":
            self._push((I_SCOUT, self.seat_of(actor), prm["draw"], 0))
        elif v == "tracking":
            self._tracking(self.seat_of(actor))
        elif v == "night_heal":
            pass  # used through `use` (see _use)
        elif v in ("gather_bonus", "rest_bonus", "extra_pawn", "no_rot", "morale_bonus", "pit", "counts_as",
                   "explore_choice", "reroll_die", "cheaper_wood"):
            pass  # standing abilities, read where the rules need them
        else:
            raise AssertionError(f"verb {v} has no rule")

    def _cover(self, which: str, actor: int) -> None:
        """Exhaust a source (§16.3); with none to cover, every player takes a Wound (§12.2)."""
        if which == "gathered":
            g = self.groups[self.cur] if 0 <= self.cur < len(self.groups) else None
            if g is not None and g[0] == T_GATHER:
                sp, i = divmod(g[1], 2)
                self.space_exh[sp] |= 1 << i
                self.log("effect", f"The source at s{sp + 1} is exhausted (§16.3).")
                return
            self.wound_all(1, "no source to cover (§12.2)")
            return
        options = self._adjacent_food() if which == "adjacent_food" else self._camp_sources()
        if not options:
            self.wound_all(1, "no source to cover (§12.2)")
            return
        self.frames.append((F_COVER, self.fp, 1 if which == "adjacent_food" else 2, 0, 0))

    def _adjacent_food(self) -> list[int]:
        """Uncovered food sources (space*2+i) next to the Camp."""
        out = []
        for sp in self._camp_moves():
            for i, kind in enumerate(self.c.tiles[self.space_tile[sp]].sources):
                if kind == "food" and not self.space_exh[sp] >> i & 1:
                    out.append(sp * 2 + i)
        return out

    def _camp_sources(self) -> list[int]:
        t = self.space_tile[self.camp]
        return [self.camp * 2 + i for i in range(len(self.c.tiles[t].sources)) if not self.space_exh[self.camp] >> i & 1]

    def _markable_tiles(self, bit: int) -> list[int]:
        """Explored, accessible tiles an Action can target, without that token yet (§12.6, §20)."""
        return [sp for sp, t in enumerate(self.space_tile) if t >= 0 and not self.space_lost[sp]
                and sp != self.camp and not self.space_tk[sp] & bit]

    def _losable_tiles(self) -> list[int]:
        return [sp for sp, t in enumerate(self.space_tile) if t >= 0 and sp != self.camp and not self.space_lost[sp]]

    def lose_tile(self, sp: int) -> None:
        """§16.4: the tile turns face down; its tokens and markers go; its terrain may be lost (§16.5)."""
        self.space_lost[sp] = 1
        self.space_tk[sp] = 0
        self.space_exh[sp] = 0
        self.log("effect", f"The tile at s{sp + 1} becomes inaccessible (§16.4).")

    def _tracking(self, chooser: int) -> None:
        """The Soldier looks at the top Hunting card (§13.2); an unseen one is revealed, so undo stops here."""
        if not self.count_in(Z_HUNT_DECK):
            return
        if self.hunt_top:
            if not self.hunt_seen[0]:
                self.revealed = True
            self.hunt_seen[0] = 1
            self.log("hunt", f"Tracking: the top Hunting card is {self.c.cards[self.hunt_top[0]].name}.")
            self.frames.append((F_TRACK, chooser, self.hunt_top[0], 0, 0))
        elif self.deck_bag(Z_HUNT_DECK):
            self.chance = [CH_TRACK, chooser, 0, 0]
        else:
            card = self.hunt_bottom.pop(0)
            self.hunt_top.insert(0, card)
            self.hunt_seen.insert(0, 1)
            self.frames.append((F_TRACK, chooser, card, 0, 0))

    # ------------------------------------------------------------------ Mystery draws (§16.2)
    def _myst_step(self) -> None:
        need = self.myst
        if not need or not any(need[:3]):
            self._myst_end()
            return
        if not self.count_in(Z_MYST_DECK):
            for card in self.cards_in(Z_MYST_DISCARD):
                self.zone[card] = Z_MYST_DECK
        if not self.count_in(Z_MYST_DECK):
            self.log("mystery", "The Mystery deck is empty: the draw stops (§16.2).")
            self._myst_end()
            return
        self.chance = [CH_MYST, 0, 0, 0]

    def _myst_drawn(self, card: int) -> None:
        t = ("treasure", "monster", "trap").index(self.c.cards[card].data["type"])
        name = self.c.cards[card].name
        if self.myst[t] > 0:
            self.myst[t] -= 1
            self.myst[4] = 1
            self.zone[card] = Z_RESOLVING
            self.log("mystery", f"Mystery {self.c.cards[card].data['type']}: {name}. {self.c.cards[card].text}")
            self._push((self.p.card[(card, "action")], self.myst[3], card, 0), (I_MYST_AFTER, 0, card, 0))
        else:
            self.zone[card] = Z_MYST_ASIDE
            self.log("mystery", f"{name} ({self.c.cards[card].data['type']}) is set aside (§16.2).")
            self._push((I_MYST_STEP, 0, 0, 0))

    def _myst_after(self, card: int) -> None:
        d = self.c.cards[card].data
        if self.zone[card] == Z_RESOLVING:
            if d.get("keep"):
                self.zone[card] = Z_KEPT
                self.uses[card] = d["keep"].get("uses", -1)
                self.log("mystery", f"{self.c.cards[card].name} is kept.")
            else:
                self.zone[card] = Z_MYST_DISCARD
        if self.myst and any(self.myst[:3]) and not self.over:
            self.frames.append((F_MYST, self.seat_of(self.myst[3]) if self.myst[3] >= 0 else self.fp, 0, 0, 0))
        else:
            self._myst_end()

    def _myst_end(self) -> None:
        for card in self.cards_in(Z_MYST_ASIDE):
            self.zone[card] = Z_MYST_DECK
        self.myst = []

    # ------------------------------------------------------------------ planning (§8.1–§8.3, §26.1)
    def _compute_sources(self, keep: bool = False) -> None:
        """Additional pawns on offer this round (§8.1.6): Items, kept cards, Starting Items, tokens, skills.

        `keep`: planning is under way; sources gained since it began (Determination for Handyman, a
        token kept by Scouting, §13.2 "at any time") join at the end, so placed pawns keep their ids."""
        out: list[tuple[int, int, int, int, str]] = []
        p = self.p

        def mask(prm: dict[str, Any]) -> int:
            return sum(1 << FIELD_OF[a] for a in prm["actions"] if a in FIELD_OF)

        for card in self.cards_in(Z_ITEM):
            for v, prm in p.passives.get(card, ()):
                if v == "extra_pawn":
                    out.append((XS_ITEM, card, mask(prm), self.fp, self.c.cards[card].id))
        for card in self.cards_in(Z_KEPT):
            node = p.card.get((card, "keep"))
            if node is not None and self.uses[card] != 0:
                for v, prm in p.verbs(node):
                    if v == "extra_pawn":
                        out.append((XS_KEPT, card, mask(prm), self.fp, self.c.cards[card].id))
        for card in self.cards_in(Z_START):
            for v, prm in p.verbs(p.card[(card, "effect")]):
                if v == "extra_pawn" and self.uses[card] > 0:
                    out.append((XS_START, card, mask(prm), self.fp, self.c.cards[card].id))
        for i, place in enumerate(self.tok):
            if place == TOK_AVAIL:
                k = self.c.tokens[i]
                for v, prm in p.verbs(p.token[k]):
                    if v == "extra_pawn":
                        out.append((XS_TOKEN, i, mask(prm), self.fp, self.c.token_kinds[k].id))
        for seat in range(self.n):
            ch = self.t.chars[seat]
            for si, sk in enumerate(self.c.characters[ch].skills):
                for v, prm in p.verbs(p.skill[(ch, si)]):
                    if v == "extra_pawn" and not self.skill_used[seat] >> si & 1 and self.det[seat] >= sk.cost:
                        out.append((XS_SKILL, seat * 8 + si, mask(prm), seat, sk.id))
        if keep:
            have = {(x[0], x[1]) for x in self.xsrc}
            out = [*self.xsrc, *(x for x in out if (x[0], x[1]) not in have)]
        names: set[str] = set()
        fixed = []
        for src in out:
            name, k = src[4], 1
            while name in names:
                k += 1
                name = f"{src[4]}-{k}"
            names.add(name)
            fixed.append(src if k == 1 else (*src[:4], name))
        self.xsrc = fixed

    @property
    def friday_pawn(self) -> int:
        return 2 * self.n

    @property
    def dog_pawn(self) -> int:
        return 2 * self.n + 1

    def pawns_of(self, seat: int) -> list[int]:
        """Pawns `seat` places: its own two; the first player also Friday, the Dog and shared extra pawns."""
        out = [2 * seat] if self.minus[seat] else [2 * seat, 2 * seat + 1]
        if seat == self.fp:
            if self.friday_alive:
                out.append(self.friday_pawn)
            if self.t.dog:
                out.append(self.dog_pawn)
        base = 2 * self.n + 2
        out += [base + k for k, src in enumerate(self.xsrc) if src[3] == seat]
        return out

    def pawn_text(self, pid: int) -> str:
        if pid < 2 * self.n:
            return str(pid % 2 + 1)
        if pid == self.friday_pawn:
            return "friday"
        if pid == self.dog_pawn:
            return "dog"
        return self.xsrc[pid - 2 * self.n - 2][4]

    def pawn_label(self, pid: int) -> str:
        """A pawn's name for people: 'Cook 1', 'Friday', 'belts'."""
        if pid < 2 * self.n:
            return f"{self.char_name(pid // 2)} {pid % 2 + 1}"
        return self.pawn_text(pid).replace("_", " ").capitalize()

    def _pawn_by_text(self, seat: int, text: str) -> int:
        for pid in self.pawns_of(seat):
            if self.pawn_text(pid) == text:
                return pid
        return -1

    def pawn_mask(self, pid: int) -> int:
        if pid <= self.friday_pawn:
            return 0x7F
        if pid == self.dog_pawn:
            return (1 << T_HUNT) | (1 << T_EXPLORE)
        return self.xsrc[pid - 2 * self.n - 2][2]

    def pawn_char(self, pid: int) -> int:
        """The character a leading pawn stands for (players and Friday only)."""
        return pid // 2 if pid < 2 * self.n else self.t.friday_index

    def where(self, pid: int) -> int:
        for gi, g in enumerate(self.groups):
            if pid in g[4]:
                return gi
        return -1

    def target_text(self, typ: int, target: int, alt: int) -> str:
        if typ == T_THREAT:
            return ("threat:l" if target == 0 else "threat:r") + (f"/{alt + 1}" if alt else "")
        if typ == T_BUILD:
            if target in BUILD_WORDS:
                word = BUILD_WORDS[target]
                if target == BUILD_WEAPON:
                    return "build:weapon"
                return f"build:{word}/{'wood' if alt == 0 else 'fur'}"
            cost = self.c.cards[target].data.get("cost") or []
            return f"build:{self.c.cards[target].id}" + (f"/{alt + 1}" if len(cost) > 1 else "")
        if typ == T_GATHER:
            sp, i = divmod(target, 2)
            return f"gather:s{sp + 1}:{self.c.tiles[self.space_tile[sp]].sources[i]}"
        if typ == T_EXPLORE:
            return f"explore:s{target + 1}"
        return TYPE_NAMES[typ]

    def _group_text(self, gi: int) -> str:
        g = self.groups[gi]
        return f"{self.target_text(g[0], g[1], g[2])} ({self.char_name(g[3])})"

    def _candidates(self) -> list[tuple[int, int, int]]:
        """Every (type, target, alt) a plan could name now, legal or not."""
        out: list[tuple[int, int, int]] = []
        for slot in (0, 1):
            card = self._threat_card(slot)
            if card >= 0:
                d = self.c.cards[card].data
                alts = len(d["threat"].get("needs") or []) if self.c.cards[card].kind == "event" else 0
                out += [(T_THREAT, slot, a) for a in range(max(1, alts))]
        out.append((T_HUNT, 0, 0))
        for target in (BUILD_SHELTER, BUILD_ROOF, BUILD_PALISADE):
            out += [(T_BUILD, target, 0), (T_BUILD, target, 1)]
        out.append((T_BUILD, BUILD_WEAPON, 0))
        for z in (Z_INV_BOARD, Z_INV_OWNER, Z_INV_SCENARIO):
            for card in self.cards_in(z):
                cost = self.c.cards[card].data.get("cost") or []
                out += [(T_BUILD, card, a) for a in range(max(1, len(cost)))]
        for sp, tile in enumerate(self.space_tile):
            if tile >= 0:
                if sp != self.camp and not self.space_lost[sp]:
                    out += [(T_GATHER, sp * 2 + i, 0) for i in range(len(self.c.tiles[tile].sources))]
            elif not self.space_lost[sp]:
                out.append((T_EXPLORE, sp, 0))
        out += [(T_ARRANGE, 0, 0), (T_REST, 0, 0)]
        return out

    def _cost(self, typ: int, target: int, alt: int, token: bool = True) -> tuple[int, int, int, int]:
        """(wood, food, fur, flags) to commit for a new Action (§8.3.1, §8.8.2, §20.5a)."""
        w = f = u = flags = 0
        if typ == T_THREAT:
            card = self._threat_card(target)
            if card >= 0 and self.c.cards[card].kind == "event":
                needs = self.c.cards[card].data["threat"].get("needs") or []
                if needs:
                    req = needs[alt]
                    w, f, u = req.get("wood", 0), req.get("food", 0), req.get("fur", 0)
        elif typ == T_BUILD:
            if target in (BUILD_SHELTER, BUILD_ROOF, BUILD_PALISADE):
                if alt == 0:
                    w = self.t.cost[0]
                else:
                    u = self.t.cost[1]
            elif target == BUILD_WEAPON:
                w = 1
            else:
                cost = self.c.cards[target].data.get("cost") or []
                if cost:
                    w, f, u = cost[alt].get("wood", 0), cost[alt].get("food", 0), cost[alt].get("fur", 0)
            if token and w and self.field_tk[T_BUILD] & FT_WOOD and not any(g[8] & G_WOODTOK for g in self.groups):
                w += 1
                flags |= G_WOODTOK
        return w, f, u, flags

    def _static_open(self, ctx: tuple[int, int, int, set[str], dict[int, list[int]], set[str], int]
                     ) -> list[tuple[int, int, int, str, int, int, int]]:
        """Candidates not ruled out by what only changes outside the plan (cached with `_plan_ctx`)."""
        assert self._pc is not None
        return self._pc[1]

    def _dynamic_open(self, ctx: tuple[int, int, int, set[str], dict[int, list[int]], set[str], int],
                      wood_slack: int = 0) -> list[tuple[int, int, int, str, int, int, int]]:
        """The statically open targets that the plan so far still leaves open (same tests as _target_problem).

        `wood_slack` lets the Carpenter plan an Action 1 wood short, to be paid down with Economical
        construction before the plan is confirmed (§13.2, TV-23).
        """
        free_w, free_f, free_u, _, plans, _, tiles_left = ctx
        free_w += wood_slack
        hunt_ok = self.count_in(Z_HUNT_DECK) > len(plans.get(T_HUNT, ()))
        threats = plans.get(T_THREAT, ())
        threats_full = len(threats) >= 2
        gathers = plans.get(T_GATHER, ())
        explores = plans.get(T_EXPLORE, ())
        explores_full = tiles_left <= len(explores)  # also an empty Island stack (§25.19)
        builds = plans.get(T_BUILD, ())
        wood_token = bool(self.field_tk[T_BUILD] & FT_WOOD) and not any(g[8] & G_WOODTOK for g in self.groups)
        out = []
        for c in self._static_open(ctx):
            typ, tg = c[0], c[1]
            if typ == T_GATHER:
                if tg in gathers:
                    continue
            elif typ == T_EXPLORE:
                if explores_full or tg in explores:
                    continue
            elif typ == T_BUILD:
                if tg in builds and (tg >= 0 or tg == BUILD_SHELTER):
                    continue
                w = c[4]
                if (w + 1 if wood_token and w else w) > free_w or c[5] > free_f or c[6] > free_u:
                    continue
                out.append(c)
                continue
            elif typ == T_THREAT:
                if threats_full or tg in threats:
                    continue
            elif typ == T_HUNT:
                if not hunt_ok:
                    continue
            else:  # Arranging the Camp and Rest are always open
                out.append(c)
                continue
            if c[4] > free_w or c[5] > free_f or c[6] > free_u:
                continue
            out.append(c)
        return out

    def _plan_ctx(self) -> tuple[int, int, int, set[str], dict[int, list[int]], set[str], int]:
        """What every target check of one planning position shares: free resources, terrains, plans, Items.

        The parts that only change outside the plan (Items, terrains, tiles, zones) are cached under a
        fingerprint together with the targets they leave open.
        """
        com = self.committed()
        planned: dict[int, list[int]] = {}
        for g in self.groups:
            planned.setdefault(g[0], []).append(g[1])
        pc = self._pc
        pm = self._pm
        checked: object = None if pm is None else pm.get(0)
        if pc is not None and checked is pc:
            return (self.res[WOOD] - com[0], self.food_total() - com[1], self.res[FUR] - com[2],
                    pc[2], planned, pc[3], pc[4])
        fp = hash((self.round, self.phase, self.camp, self.shelter, self.weapon, self.tile_top, tuple(self.zone),
                   tuple(self.space_tile), tuple(self.space_exh), tuple(self.space_lost), tuple(self.space_tk),
                   tuple(self.gathered), tuple(self.tile_at)))
        pc = self._pc
        if pc is None or pc[0] != fp:
            built = {self.c.cards[i].id for i in self.cards_in(Z_ITEM)}
            for k in self.cards_in(Z_KEPT):
                for verb, prm in self.p.passives.get(k, ()):
                    if verb == "counts_as":
                        built.add(prm["item"])
            tiles_left = sum(1 for at in self.tile_at if at == TILE_STACK) + (self.tile_top >= 0)
            terrains = self.explored_terrains()
            loose: tuple[int, int, int, set[str], dict[int, list[int]], set[str], int] = (
                1 << 30, 1 << 30, 1 << 30, terrains, {}, built, 1 << 30)
            out = []
            for typ, tg, alt in self._candidates():
                if self._target_problem(typ, tg, alt, loose) is None:
                    w, f, u, _ = self._cost(typ, tg, alt, token=False)
                    out.append((typ, tg, alt, self.target_text(typ, tg, alt), w, f, u))
            most = (max((c[4] for c in out), default=0) + 1, max((c[5] for c in out), default=0),
                    max((c[6] for c in out), default=0))
            pc = self._pc = (fp, out, terrains, built, tiles_left, {}, most)
        if pm is None:
            pm = self._pm = {}
        pm[0] = pc
        return (self.res[WOOD] - com[0], self.food_total() - com[1], self.res[FUR] - com[2],
                pc[2], planned, pc[3], pc[4])

    def _target_problem(self, typ: int, target: int, alt: int,
                        ctx: tuple[int, int, int, set[str], dict[int, list[int]], set[str], int] | None = None
                        ) -> str | None:
        """Why a new Action on this target cannot be planned now (None: it can), with its rule."""
        if ctx is None:
            ctx = self._plan_ctx()
        free_w, free_f, free_u, terrains, plans, built, tiles_left = ctx
        planned = plans.get(typ, ())
        if typ == T_THREAT:
            card = self._threat_card(target)
            if card < 0:
                return "no card lies on that Threat space (§8.6)"
            if target in planned:
                return "that Threat card already has an Action planned (§8.1.4)"
            if len(planned) >= 2:
                return "at most two Threat Actions per round (§8.1.4)"
            cd = self.c.cards[card]
            if cd.kind == "event":
                needs = cd.data["threat"].get("needs") or []
                if needs:
                    req = needs[alt]
                    if req.get("item") and req["item"] not in built:
                        return f"it needs the {req['item']} built at planning (§8.2)"
                    if req.get("weapon", 0) > self.weapon:
                        return f"it needs Weapon {req['weapon']} at planning; it is {self.weapon} (§8.2, §8.3.2)"
        elif typ == T_HUNT:
            if self.count_in(Z_HUNT_DECK) <= len(planned):
                return "the Hunting deck needs a card for every Hunt (§8.7.1)"
        elif typ == T_BUILD:
            if target == BUILD_SHELTER:
                if self.shelter:
                    return "the Shelter is already built (§8.8.3)"
                if BUILD_SHELTER in planned:
                    return "the Shelter is already planned (§8.8.3)"
            elif target in (BUILD_ROOF, BUILD_PALISADE):
                if not self.has_shelter():
                    return "a Roof or Palisade needs a Shelter at planning (§8.2, §8.8.4)"
            elif target >= 0:
                d = self.c.cards[target].data
                if target in planned:
                    return "that Invention is already planned (§8.8.6)"
                missing = [t for t in d.get("terrain") or () if t not in terrains]
                if missing:
                    return f"it needs explored {', '.join(missing)} (§8.8.6, §16.5)"
                lacking = [i for i in d.get("items") or () if i not in built]
                if lacking:
                    return f"it needs the {', '.join(lacking)} built at planning (§8.2, §8.3.2)"
        elif typ == T_GATHER:
            sp, i = divmod(target, 2)
            if self._distance(sp) == 0:
                return "too far from the Camp: adjacent or one explored tile away (§8.1.7)"
            r_token = TK_WOOD if self.c.tiles[self.space_tile[sp]].sources[i] == "wood" else TK_FOOD
            if self.space_exh[sp] >> i & 1 and not self.space_tk[sp] & r_token:
                return "that source is exhausted (§16.3)"
            if target in self.gathered or target in planned:
                return "a source can be gathered only once per round (§8.1.4)"
        elif typ == T_EXPLORE:
            if self._distance(target) == 0:
                return "too far from the Camp: adjacent or one explored tile away (§8.1.7)"
            if target in planned:
                return "that space is already planned (§8.1.4)"
            if tiles_left <= len(planned):
                return "no Island tile is left to place (§25.19)"
        elif typ in (T_ARRANGE, T_REST):
            return None
        w, f, u, _ = self._cost(typ, target, alt)
        if w > free_w or f > free_f or u > free_u:
            return (f"it needs {w} wood, {f} food and {u} fur committed from Available; free now: "
                    f"{free_w} wood, {free_f} food, {free_u} fur (§8.3.1)")
        return None

    def _lead_problem(self, typ: int, target: int, lead: int) -> str | None:
        if typ == T_BUILD and target >= 0:
            d = self.c.cards[target].data
            if d["group"] == "personal":
                owner = d["owner"]
                if lead >= self.n or self.c.characters[self.t.chars[lead]].id != owner:
                    return f"only the {owner} may build their personal Invention (§8.8.6, §13.1)"
        return None

    def _seat_complete(self, seat: int) -> bool:
        """Both pawns placed, and every Action holding them has its minimum (§8.1.1, §8.1.3).

        The first player answers for Friday too: an Action he leads must have its minimum.
        """
        for pid in ((2 * seat,) if self.minus[seat] else (2 * seat, 2 * seat + 1)):
            gi = self.where(pid)
            if gi < 0 or len(self.groups[gi][4]) < self._min_pawns(gi):
                return False
        if seat == self.fp:
            fi = self.t.friday_index
            return all(len(g[4]) >= self._min_pawns(gi) for gi, g in enumerate(self.groups) if g[3] == fi)
        return True

    def _plan_problem(self) -> str | None:
        for gi in range(len(self.groups)):
            if len(self.groups[gi][4]) < self._min_pawns(gi):
                return f"{self._group_text(gi)} needs {self._min_pawns(gi)} pawns (§8.1.3)"
        for seat in range(self.n):
            if seat != self.fp and not self.ready[seat]:
                return f"{self.char_name(seat)} is not ready yet (§26.1)"
        if not self._seat_complete(self.fp):
            return "place both of your pawns first (§8.1.1)"
        com = self.committed()
        if com[0] > self.res[WOOD] or com[1] > self.food_total() or com[2] > self.res[FUR]:
            return "the plan commits more than Available holds (§8.3.1)"
        return None

    def _holds_ready(self, gi: int, pid: int) -> bool:
        """Whether taking `pid` back would undo an Action a ready player counts on (ready is final, §26.1)."""
        g = self.groups[gi]
        return any(x < 2 * self.n and x != pid and self.ready[x // 2] for x in g[4])


    def _plan_actions(self, seat: int) -> list[RobinsonAction]:
        """Planning moves of `seat`: progress first (ready / confirm, placing), taking back last (§8.1, §26.1)."""
        if self.ready[seat]:
            # only the first player is asked again, once everyone is ready: to confirm the plan (§26.1)
            return [act(seat, "confirm")] if seat == self.fp and self._plan_problem() is None else []
        out: list[RobinsonAction] = []
        if self._seat_complete(seat) and not (self._overcommitted() and self._commits(seat)):
            # over-committing is settled by whoever holds the costly Actions (§8.3.1, §26.1); a seat with
            # no pawn there may still ready, or it would wait with nothing to do
            out.append(act(seat, "ready"))
        removes: list[RobinsonAction] = []
        open_targets, places = self._open_now(0)
        if self._ot is None:
            self._ot = open_targets
        slack = self._econ_slack(seat)
        if slack:
            open_targets, places = self._open_now(slack)
        caps: list[tuple[int, bool]] | None = None
        placed = {pid: gi for gi, g in enumerate(self.groups) for pid in g[4]}
        own_free = False
        settling = self.changes[seat] >= CHANGE_LIMIT
        for pid in self.pawns_of(seat):
            gi = placed.get(pid, -1)
            word = self.pawn_text(pid)
            if gi >= 0:
                if not self._holds_ready(gi, pid) and (not settling or self._blocks(gi)):
                    removes.append(act(seat, "remove", word))
                continue
            if pid < 2 * self.n:
                if own_free:  # a player's two pawns are alike: offer the first free one only
                    continue
                own_free = True
            if settling:  # the plan must end: a free pawn may only rest (decision 0009)
                if pid <= self.friday_pawn:
                    out += [act(seat, "place", word, c[3]) for c in open_targets if c[0] == T_REST]
                continue
            if pid <= self.friday_pawn:
                mine = places.get((seat, word))
                if mine is None:
                    lead = self.pawn_char(pid)
                    mine = places[(seat, word)] = [
                        act(seat, "place", word, text) for typ, tg, _, text, _, _, _ in open_targets
                        if typ != T_BUILD or tg < 0 or self._lead_problem(typ, tg, lead) is None]
                out += mine
            if not self.groups or not self._pawn_affordable(pid):
                continue
            if caps is None:
                caps = [(g[0], len(g[4]) < self._max_pawns(gi)) for gi, g in enumerate(self.groups)]
            mask = self.pawn_mask(pid)
            for gj, (typ, room) in enumerate(caps):
                if room and mask >> typ & 1:
                    out.append(act(seat, "join", word, str(gj + 1)))
        for gi, g in enumerate(self.groups):
            if (not settling and g[3] != seat and any(pid // 2 == seat for pid in g[4] if pid < 2 * self.n)
                    and self._lead_problem(g[0], g[1], seat) is None):
                out.append(act(seat, "lead", str(gi + 1)))
        out += self._plan_uses(seat)
        return out + removes

    def _plan_uses(self, seat: int) -> list[RobinsonAction]:
        """`use` actions of `seat` in planning, memoised in `_pm`: of what a plan move changes, they depend
        only on the seat's Determination and spent skills and on the plan's commitments (§8.3.1, §13.2)."""
        pm = self._pm
        if pm is None:
            pm = self._pm = {}
        key = (seat, self.det[seat], self.skill_used[seat], *self.committed(),
               *(gi for gi, g in enumerate(self.groups) if g[5] > 0 and not g[8] & G_ECON))
        hit = pm.get(key)
        if hit is None:
            hit = pm[key] = self._use_actions(seat, W_PLAN)
        return hit

    def _open_now(self, slack: int) -> tuple[list[tuple[int, int, int, str, int, int, int]],
                                               dict[tuple[int, str], list[RobinsonAction]]]:
        """The open targets of this planning position (`_dynamic_open`) and the `place` actions made of them.

        Both depend only on the round's static targets (`_pc`), the free resources up to the most any target
        costs, and the set of planned targets, so they are memoised under those in `_pc`: planning often comes
        back to a plan it has seen, in another order.
        """
        ctx = self._plan_ctx()
        pc = self._pc
        assert pc is not None
        memo, most = pc[5], pc[6]
        key = (min(ctx[0] + slack, most[0]), min(ctx[1], most[1]), min(ctx[2], most[2]),
               self.field_tk[T_BUILD] & FT_WOOD, any(g[8] & G_WOODTOK for g in self.groups),
               *sorted([(g[0], g[1]) for g in self.groups]))
        hit = memo.get(key)
        if hit is None:
            if len(memo) > 4096:
                memo.clear()
            hit = memo[key] = (self._dynamic_open(ctx, slack), {})
        return hit

    def _blocks(self, gi: int) -> bool:
        """Whether planned Action `gi` keeps the plan from going ahead: short of its minimum pawns (§8.1.3),
        or committing resources while the plan commits more than Available holds (§8.3.1)."""
        g = self.groups[gi]
        return len(g[4]) < self._min_pawns(gi) or bool((g[5] or g[6] or g[7]) and self._overcommitted())

    def _commits(self, seat: int) -> bool:
        """Whether a pawn of `seat` is in a planned Action that commits resources (§8.3.1)."""
        return any(g[5] or g[6] or g[7] for g in self.groups
                   if any(pid < 2 * self.n and pid // 2 == seat for pid in g[4]))

    def _econ_slack(self, seat: int) -> int:
        """1 when `seat` could still cut a wood cost with a cheaper_wood skill this round (§13.2)."""
        ch = self.t.chars[seat]
        si = self.p.skill_verb_index(ch, "cheaper_wood")
        if si < 0 or self.skill_used[seat] >> si & 1 or self.det[seat] < self.c.characters[ch].skills[si].cost:
            return 0
        return 0 if self._overcommitted() else 1

    def _overcommitted(self) -> bool:
        com = self.committed()
        return com[0] > self.res[WOOD] or com[1] > self.food_total() or com[2] > self.res[FUR]

    def _apply_plan(self, act: RobinsonAction) -> None:
        seat, verb, args = act.seat, act.verb, act.args
        if verb == "place":
            pid = self._pawn_by_text(seat, args[0])
            typ, tg, alt = self._parse_target(args[1])
            w, f, u, flags = self._cost(typ, tg, alt)
            self.groups.append((typ, tg, alt, self.pawn_char(pid), (pid,), w, f, u, flags))
            self.log("plan", f"{self.pawn_label(pid)} plans {self.target_text(typ, tg, alt)} (§8.1).")
            return  # a new Action leaves every other one as it was: no ready seat can lose its footing
        elif verb == "join":
            pid = self._pawn_by_text(seat, args[0])
            gi = int(args[1]) - 1
            g = self.groups[gi]
            lead = g[3]
            if lead == self.t.friday_index and pid < 2 * self.n:
                lead = self.pawn_char(pid)  # with a player's pawn, Friday is an additional pawn (§14.4)
            self.groups[gi] = (*g[:3], lead, (*g[4], pid), *g[5:])
            self.log("plan", f"{self.pawn_label(pid)} joins {self._group_text(gi)} (§8.1.5).")
            self._skill_pawn(pid, True)
        elif verb == "remove":
            self.changes[seat] += 1
            pid = self._pawn_by_text(seat, args[0])
            gi = self.where(pid)
            g = self.groups[gi]
            rest = tuple(x for x in g[4] if x != pid)
            lead = g[3]
            if self.pawn_char(pid) == lead and pid <= self.friday_pawn:
                leaders = [x for x in rest if x < 2 * self.n] + [x for x in rest if x == self.friday_pawn]
                lead = self.pawn_char(leaders[0]) if leaders else NO_LEADER
                if lead != NO_LEADER and self._lead_problem(g[0], g[1], lead) is not None:
                    lead = NO_LEADER
            self.log("plan", f"{self.pawn_label(pid)} is taken back from {self._group_text(gi)}.")
            self._skill_pawn(pid, False)
            if lead == NO_LEADER:
                for other in rest:
                    self._skill_pawn(other, False)
            if lead == NO_LEADER or not rest:
                del self.groups[gi]
            else:
                self.groups[gi] = (g[0], g[1], g[2], lead, rest, *g[5:])
        elif verb == "lead":
            self.changes[seat] += 1
            gi = int(args[0]) - 1
            g = self.groups[gi]
            self.groups[gi] = (g[0], g[1], g[2], seat, *g[4:])
            self.log("plan", f"{self.char_name(seat)} is the acting player of {self._group_text(gi)} (§8.1.5).")
        elif verb == "ready":
            self.ready[seat] = 1
            self.log("plan", f"{self.char_name(seat)} is ready.")
        elif verb == "confirm":
            self._confirm()
            return
        self._recheck_ready()

    def _recheck_ready(self) -> None:
        """Ready stays only for seats whose part still holds; a plan that fails once all are ready reopens (§26.1)."""
        for seat in range(self.n):
            if self.ready[seat] and not self._seat_complete(seat):
                self.ready[seat] = 0
        if all(self.ready) and self._plan_problem() is not None:
            self.log("plan", f"The plan does not hold ({self._plan_problem()}): everyone plans again.")
            self.ready = [0] * self.n

    def _pawn_affordable(self, pid: int) -> bool:
        k = pid - 2 * self.n - 2
        if k < 0 or self.xsrc[k][0] != XS_SKILL:
            return True
        seat, si = divmod(self.xsrc[k][1], 8)
        sk = self.c.characters[self.t.chars[seat]].skills[si]
        return self.det[seat] >= sk.cost and not self.skill_used[seat] >> si & 1

    def _skill_pawn(self, pid: int, placed: bool) -> None:
        """A skill's pawn (Handyman) is paid when placed and refunded when taken back (§13.2)."""
        k = pid - 2 * self.n - 2
        if k < 0 or self.xsrc[k][0] != XS_SKILL:
            return
        seat, si = divmod(self.xsrc[k][1], 8)
        sk = self.c.characters[self.t.chars[seat]].skills[si]
        if placed:
            self.det[seat] -= sk.cost
            self.skill_used[seat] |= 1 << si
            self.log("skill", f"{self.char_name(seat)} uses {sk.name} ({sk.cost} Determination) (§13.2).")
        else:
            self.det[seat] += sk.cost
            self.skill_used[seat] &= ~(1 << si)

    def _parse_target(self, text: str) -> tuple[int, int, int]:
        for typ, tg, alt, t, _, _, _ in self._ot or ():
            if t == text:
                return typ, tg, alt
        for typ, tg, alt in self._candidates():
            if self.target_text(typ, tg, alt) == text:
                return typ, tg, alt
        raise IllegalAction(f"{text!r} is no Action target now (see help for the targets)", "§8.1.2")

    def _confirm(self) -> None:
        """The first player commits the plan (§26.1); one-use extra pawns are spent."""
        for typ in (T_HUNT, T_BUILD, T_GATHER, T_EXPLORE):
            if self.field_tk[typ] & FT_EXTRA:
                for gi, g in enumerate(self.groups):
                    if g[0] == typ:
                        self.groups[gi] = (*g[:8], g[8] | G_FIELDX)
                        break
        base = 2 * self.n + 2
        for g in self.groups:
            for pid in g[4]:
                if pid < base:
                    continue
                kind, ref, _, owner, _ = self.xsrc[pid - base]
                if kind == XS_START or kind == XS_KEPT and self.uses[ref] > 0:
                    self._spend_use(ref)
                elif kind == XS_TOKEN:
                    self.tok[ref] = TOK_USED
        self.minus = [0] * self.n
        self.log("plan", "The first player confirms the plan: " + "; ".join(
            f"{self._group_text(gi)} with {len(g[4])} pawn(s)" for gi, g in enumerate(self.groups)) + ".")
        self.phase, self.step = RESOLVE, 0

    def _spend_use(self, card: int) -> None:
        self.uses[card] -= 1
        if self.uses[card] == 0:
            self.zone[card] = Z_START_USED if self.c.cards[card].kind == "start_item" else Z_MYST_DISCARD
            self.log("item", f"{self.c.cards[card].name} is used up.")

    # ------------------------------------------------------------------ any-time effects (§13.2, §18.3, §19, §26.3)
    def _node_usable(self, node: int, seat: int, timing_action: bool = False) -> bool:
        """Whether using an effect now would do something (its refusal text is `_node_problem`)."""
        return self._node_problem(node, seat, timing_action) is None

    def _node_problem(self, node: int, seat: int, timing_action: bool = False) -> str | None:
        """Why using an effect now would do nothing, or None if it would act (§12.3, §13.2, §26.3).

        A choice is usable when one branch is, a sequence when every part is. `timing_action`: a skill used
        just before an Action, which helps only its owner's own Action (Frenzy, §16.9).
        """
        kind, v, prm, kids = self.p.nodes[node]
        if kind == CHOOSE:
            problems = [self._node_problem(k, seat, timing_action) for k in kids]
            return None if any(x is None for x in problems) else " and ".join(x for x in problems if x)
        if kind == SEQ:
            return next((x for x in (self._node_problem(k, seat, timing_action) for k in kids) if x), None)
        cur = self.groups[self.cur] if 0 <= self.cur < len(self.groups) else None
        if v == "pay":
            short = [name for r, name in enumerate(RES_NAMES) if self.free(FOOD if r == NONPER else r) < prm.get(name, 0)]
            return f"it costs more {' and '.join(short)} than is free" if short else None
        if v in ("heal", "heal_split"):
            return None if any(self.wounds[p] for p in range(self.n)) else "nobody is wounded"
        if v == "temp_weapon":
            if cur is None or cur[0] != T_HUNT:
                return "it helps only in a fight: a Hunt about to be resolved"
            return None if not timing_action or cur[3] == seat else "it helps only its owner's own Action"
        if v == "arrange_bonus":
            if cur is None or cur[0] != T_ARRANGE:
                return "it works only on an Arranging the Camp Action about to be resolved"
            return "it is in use for this Action already" if self.bible else None
        if v == "ignore_cloud":
            cloud = 0 if prm["cloud"] == "rain" else 1
            return None if self.phase == WEATHER and self.clouds[cloud] > 0 else f"no {prm['cloud']} cloud is rolled now"
        if v == "convert_cloud":
            return None if self.phase == WEATHER and self.clouds[1] > 0 else "no winter cloud is rolled now"
        if v == "track":
            if prm["by"] > 0 and prm["track"] != "weapon" and not self.has_shelter():
                return f"a {prm['track'].capitalize()} needs a Shelter (§8.8.4)"
            return None
        if v == "morale":
            return None if prm["by"] < 0 or self.morale < self.c.morale[-1][0] else "Morale is at the top already"
        if v == "draw_mystery":
            return None if self.count_in(Z_MYST_DECK) or self.count_in(Z_MYST_DISCARD) else "no Mystery card is left"
        if v == "new_idea":
            return None if self.count_in(Z_INV_DECK) or self.count_in(Z_INV_DISCARD) else "no Invention card is left"
        if v == "reconnaissance":
            return None if TILE_STACK in self.tile_at else "no Island tile is left"
        if v == "scouting":
            return None if TOK_BAG in self.tok else "no Discovery token is left"
        if v == "tracking":
            return None if self.count_in(Z_HUNT_DECK) else "the Hunting deck is empty"
        if v == "beast_to_hunt":
            return None if self.count_in(Z_BEAST_DECK) else "the Beast deck is empty"
        if v == "build_free":
            return f"the {prm['item'].replace('_', ' ').title()} is built already" if self.built(prm["item"]) else None
        if v == "pile_wood":
            done = all(self.pile[i] >= need for i, need in enumerate(self.t.scenario.pile))
            return "the wood pile is complete" if done else None
        if v == "if_weapon":
            return None if self.weapon >= prm["min"] else f"it needs Weapon {prm['min']}; it is {self.weapon}"
        if v == "extra_pawn":
            return "an additional pawn is placed with `join` while planning, not used"
        if v == "reroll_die":
            return "a reroll is made right after a roll (`reroll DIE`)"
        return None

    def _use_options(self, seat: int, point: int) -> list[tuple[str, int, int]]:
        """(text, kind, ref) of what `seat` may use now at an interrupt point."""
        out: list[tuple[str, int, int]] = []
        whens = WHEN_AT[point]
        p = self.p
        ch = self.t.chars[seat]
        skills = self.c.characters[ch].skills
        if seat != self.fp and self.det[seat] < min(sk.cost for sk in skills):
            return out
        for si, sk in enumerate(skills):
            if self.skill_used[seat] >> si & 1 or self.det[seat] < sk.cost:
                continue
            if p.skill_first[(ch, si)] == "cheaper_wood":
                if point == W_PLAN:
                    for gi, g in enumerate(self.groups):
                        if g[5] > 0 and not g[8] & G_ECON:
                            out.append((f"{sk.id} {gi + 1}", XS_SKILL, seat * 8 + si))
                continue
            if sk.when in whens and self._node_usable(p.skill[(ch, si)], seat, sk.when == "action"):
                out.append((sk.id, XS_SKILL, seat * 8 + si))
        if seat != self.fp:
            return out
        for card in self.cards_in(Z_START):
            d = self.c.cards[card].data
            if self.uses[card] > 0 and d["use"]["when"] in whens and self._node_usable(p.card[(card, "effect")], seat):
                out.append((self.c.cards[card].id, XS_START, card))
        for card in self.cards_in(Z_KEPT):
            keep = self.c.cards[card].data["keep"]
            if keep.get("when") in whens and self.uses[card] != 0 and self._node_usable(p.card[(card, "keep")], seat):
                out.append((self.c.cards[card].id, XS_KEPT, card))
        seen = set()
        for i, place in enumerate(self.tok if TOK_AVAIL in self.tok else ()):
            if place != TOK_AVAIL:
                continue
            k = self.c.tokens[i]
            kind = self.c.token_kinds[k]
            if kind.id in seen or kind.when not in whens:
                continue
            if kind.needs_item and not self.built(kind.needs_item):
                continue
            if kind.needs_weapon > self.weapon or not self._node_usable(p.token[k], seat):
                continue
            seen.add(kind.id)
            out.append((kind.id, XS_TOKEN, i))
        if point == W_NIGHT:
            for card in self.cards_in(Z_ITEM):
                for v, prm in p.passives.get(card, ()):
                    if (v == "night_heal" and card not in self.item_used and self.free(FOOD) >= prm["food"]
                            and any(self.wounds[q] for q in range(self.n))):
                        out.append((self.c.cards[card].id, XS_ITEM, card))
        return out

    def _use_actions(self, seat: int, point: int) -> list[RobinsonAction]:
        return [RobinsonAction(seat, "use", tuple(text.split())) for text, _, _ in self._use_options(seat, point)]

    def _use(self, seat: int, args: tuple[str, ...], point: int) -> None:
        text = " ".join(args)
        kind, ref = next((k, r) for t, k, r in self._use_options(seat, point) if t == text)
        if kind == XS_SKILL:
            self.source = self.c.characters[self.t.chars[ref // 8]].skills[ref % 8].name
        elif kind == XS_TOKEN:
            self.source = self.c.token_kinds[self.c.tokens[ref]].name
        else:
            self.source = self.c.cards[ref].name
        p = self.p
        if kind == XS_SKILL:
            s, si = divmod(ref, 8)
            ch = self.t.chars[s]
            sk = self.c.characters[ch].skills[si]
            self.det[s] -= sk.cost
            self.skill_used[s] |= 1 << si
            self.log("skill", f"{self.char_name(s)} uses {sk.name} ({sk.cost} Determination) (§13.2).")
            node = p.skill[(ch, si)]
            if p.verbs(node)[0][0] == "cheaper_wood":
                gi = int(args[1]) - 1
                g = self.groups[gi]
                self.groups[gi] = (*g[:5], g[5] - 1, g[6], g[7], g[8] | G_ECON)
                self.log("skill", f"{self._group_text(gi)} costs 1 wood less (§13.2).")
                return
            self._push((node, s, -1, 0))
        elif kind == XS_START:
            self.log("item", f"{self.char_name(seat)} uses {self.c.cards[ref].name} (§18.3).")
            self._spend_use(ref)
            self._push((p.card[(ref, "effect")], seat, -1, 0))
        elif kind == XS_KEPT:
            self.log("item", f"{self.char_name(seat)} uses {self.c.cards[ref].name}.")
            node = p.card[(ref, "keep")]
            if self.uses[ref] > 0:
                self._spend_use(ref)
            self._push((node, seat, -1, 0))
        elif kind == XS_TOKEN:
            k = self.c.tokens[ref]
            self.tok[ref] = TOK_USED
            self.log("token", f"{self.char_name(seat)} uses the {self.c.token_kinds[k].name} token (§19).")
            self._push((p.token[k], seat, -1, 0))
        elif kind == XS_ITEM:
            prm = next(prm for v, prm in p.passives[ref] if v == "night_heal")
            self.item_used.append(ref)
            self.pay_food(prm["food"])
            self.log("item", f"The {self.c.cards[ref].name}: {prm['food']} food for healing (§10.6, §17.2).")
            self.frames.append((F_HEAL, seat, prm["heal"], 0, 0))

    def _reroll_options(self, seat: int) -> list[RobinsonAction]:
        """Rerolls right after a roll (§8.5.3): the matching skill, or Friday's own (§14.4, §25.16)."""
        if not 0 <= self.cur < len(self.groups):
            return []
        g = self.groups[self.cur]
        typ = TYPE_NAMES[g[0]]
        out = []
        ch = self.t.chars[seat]
        for si, sk in enumerate(self.c.characters[ch].skills):
            verbs = self.p.verbs(self.p.skill[(ch, si)])
            if (verbs and verbs[0][0] == "reroll_die" and verbs[0][1]["dice"] == typ
                    and not self.skill_used[seat] >> si & 1 and self.det[seat] >= sk.cost):
                out += [RobinsonAction(seat, "reroll", (d,)) for d in DIE_NAMES]
        fi = self.t.friday_index
        if (seat == self.fp and g[3] == fi and self.friday_alive and not self.friday_rerolled
                and self.det[fi] >= self.c.friday_reroll_cost):
            out += [RobinsonAction(seat, "reroll", (d, "friday")) for d in DIE_NAMES]
        return out

    def _window_options(self, seat: int, point: int) -> list[RobinsonAction]:
        if point == W_ROLL:
            return self._reroll_options(seat)
        return self._use_actions(seat, point)

    def _window_seats(self, frame: tuple[int, ...], legal: dict[int, Any]) -> list[int]:
        """Seats with something to use at this window; their legal lists (options, then pass) go into `legal`.

        Called only where nothing is pending, so the zone index may be used (`_zq`).
        """
        point, passed = frame[2], frame[3]
        seats = []
        self._zq = True
        try:
            for s in range(self.n):
                if not passed >> s & 1:
                    options = self._window_options(s, point)
                    if options:
                        seats.append(s)
                        legal[s] = [*options, RobinsonAction(s, "pass")]
        finally:
            self._zq = False
        return seats

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, seat: int) -> list[RobinsonAction]:  # type: ignore[override]
        """Every legal action of `seat` now; cached until the next `apply` (do not mutate the list).

        A seat that is no seat of this game (a bool, a float, text, out of range) raises `IllegalAction`.
        """
        if type(seat) is not int or not 0 <= seat < self.n:
            check_seat(seat, self.n)
        if seat not in self.to_move():
            return []
        return self.legal_actions_raw(seat)

    def legal_actions_raw(self, seat: int) -> list[RobinsonAction]:
        lc = self._lc
        if lc is None:
            lc = self._lc = {}
            self._ot = None
        out = lc.get(seat)
        if out is None:
            self._zq = True
            try:
                out = lc[seat] = self._legal(seat)
            finally:
                self._zq = False
        return out

    def cid(self, ch: int) -> str:
        """A character's id in action texts: its character id, or 'friday'."""
        return "friday" if ch >= self.n else self.c.characters[self.t.chars[ch]].id

    def _legal(self, seat: int) -> list[RobinsonAction]:
        if self.frames:
            return self._frame_actions(seat, self.frames[-1])
        return self._plan_actions(seat)

    def _frame_actions(self, seat: int, f: tuple[int, ...]) -> list[RobinsonAction]:
        kind = f[0]
        A = RobinsonAction
        if kind == F_WINDOW:
            return [*self._window_options(seat, f[2]), A(seat, "pass")]
        if kind == F_CHOOSE:
            kids = self.p.nodes[f[2]][3]
            return [A(seat, "choose", (str(i + 1),)) for i in range(len(kids))]
        if kind == F_HEAL:
            wounded = [p for p in range(self.n) if self.wounds[p]]
            m = min(f[2], sum(self.wounds[p] for p in wounded))
            out = []
            for combo in combinations_with_replacement(wounded, m):
                if all(combo.count(p) <= self.wounds[p] for p in set(combo)):
                    out.append(A(seat, "heal", tuple(self.cid(p) for p in combo)))
            return out or [A(seat, "heal")]
        if kind == F_GIVE:
            return [A(seat, "give", tuple(self.cid(p) for p in combo))
                    for combo in combinations_with_replacement(range(self.n), f[2])]
        if kind == F_DISCARD_INV:
            return [A(seat, "discard", (self.c.cards[i].id,)) for i in self.cards_in(Z_INV_BOARD)]
        if kind == F_PUT_INV:
            return [A(seat, "put", (self.c.cards[i].id,)) for i in self.cards_in(Z_INV_DECK)]
        if kind == F_FLIP:
            return [A(seat, "flip", (self.c.cards[i].id,)) for i in self.cards_in(Z_ITEM)]
        if kind == F_PICK_INV:
            return [A(seat, "pick", (self.c.cards[i].id,)) for i in self.cards_in(Z_REVEALED)]
        if kind == F_PICK_TILE:
            return [A(seat, "pick", (str(self.c.tiles[i].number),)) for i, at in enumerate(self.tile_at)
                    if at == TILE_REVEALED]
        if kind == F_PICK_TOKEN:
            ids = sorted({self.c.token_kinds[self.c.tokens[i]].id for i, pl in enumerate(self.tok) if pl == TOK_REVEALED})
            return [A(seat, "pick", (x,)) for x in ids]
        if kind == F_TRACK:
            return [A(seat, "top"), A(seat, "bottom")]
        if kind == F_MYST:
            return [A(seat, "continue"), A(seat, "stop")]
        if kind == F_HUNGRY:
            return [A(seat, "hungry", (self.cid(p),)) for p in self.in_camp() if not self.hungry_done[p] >> f[4] & 1]
        if kind == F_CAMP:
            return [A(seat, "camp", ("stay",))] + [A(seat, "camp", (f"s{sp + 1}",)) for sp in self._camp_moves()]
        if kind == F_MORALE:
            return [A(seat, "morale", ("determination",)), A(seat, "morale", ("heal",))]
        if kind == F_ARRANGE:
            return [A(seat, "arrange", ("determination",)), A(seat, "arrange", ("morale",))]
        if kind == F_NEXT:
            return [A(seat, "next", (str(gi + 1),)) for gi, g in enumerate(self.groups)
                    if g[0] == f[2] and not g[8] & G_DONE]
        if kind == F_PILE:
            need = self.t.scenario.pile[f[2]] - self.pile[f[2]]
            return [A(seat, "pile", (str(k),)) for k in range(min(need, self.res[WOOD]) + 1)]
        if kind == F_CORRAL:
            return [A(seat, "corral", ("skip",))] + [A(seat, "corral", (f"s{sp + 1}",))
                                                     for sp in sorted({x // 2 for x in self._adjacent_food()})]
        if kind == F_SHORTCUT:
            return [A(seat, "shortcut", (f"s{sp + 1}",)) for sp in self._camp_moves()]
        if kind == F_COVER:
            srcs = self._adjacent_food() if f[2] == 1 else self._camp_sources()
            return [A(seat, "cover", (f"s{x // 2 + 1}:{x % 2 + 1}",)) for x in srcs]
        if kind == F_LOSE_TILE:
            return [A(seat, "lose", (f"s{sp + 1}",)) for sp in self._losable_tiles()]
        if kind == F_TILE_TOKEN:
            return [A(seat, "mark", (f"s{sp + 1}",)) for sp in self._markable_tiles(f[2])]
        raise AssertionError(kind)

    # ------------------------------------------------------------------ applying
    def _check_legal(self, act: Any) -> None:
        """Refuse `act` unless it is legal now, with the reason and rule (`refusals.why`); nothing changes.

        A hand-made object is checked before any rule reads its words: a foreign class or a seat that is no
        seat at once, words that are not texts (or not the game's writing) as soon as it is not legal.
        """
        if type(act) is not RobinsonAction:
            raise IllegalAction(f"{shown(act)} is not a Robinson Crusoe action")
        seat = act.seat
        if type(seat) is not int or not (0 <= seat < self.n or seat == CHANCE):
            check_seat(seat, self.n, chance=True)
        if seat == CHANCE:
            outcomes = self.chance_outcomes()
            if not any(o is act for o, _ in outcomes) and all(o != act for o, _ in outcomes):
                from .refusals import chance_refusal

                self._refuse_malformed(act)
                raise IllegalAction(*chance_refusal(self, act))
            return
        if self.over:
            raise IllegalAction(f"the game is over ({self.reason})", "§11")
        movers = self.to_move()
        if seat not in movers:
            raise IllegalAction(*self._not_your_turn(seat, movers))
        if act in self.legal_actions(seat):
            return
        from .refusals import why

        self._refuse_malformed(act)
        raise IllegalAction(*why(self, act))

    @staticmethod
    def _refuse_malformed(act: RobinsonAction) -> None:
        """Refuse an action object whose words are not texts, or not written as the game writes them."""
        from .actions import parse_action

        problem = well_formed(act)
        if problem:
            raise IllegalAction(problem)
        text = str(act)
        if parse_action(act.seat, text) != act:
            raise IllegalAction(f"{shown(act)} is not written as the game writes its actions: "
                                f"`{parse_action(act.seat, text)}`")

    def _not_your_turn(self, seat: int, movers: list[int]) -> tuple[str, str]:
        """Why `seat` may not act now: who the table waits for, and for what."""
        if movers == [CHANCE]:
            return "dice are rolling or a card is being drawn: wait for the outcome", "§26.4"
        who = ", ".join(f"{self.char_name(s)} (seat {s})" for s in movers)
        if self.phase == PLAN and not self.frames and self.ready[seat]:
            return f"you said ready, which is final; waiting for {who}", "§26.1"
        if self.frames and self.frames[-1][0] == F_WINDOW:
            if self.frames[-1][3] >> seat & 1:
                return f"you passed this window of any-time effects; waiting for {who}", "§26.3"
            return f"you have nothing to use in this window of any-time effects; waiting for {who}", "§26.3"
        if self.frames:
            text, rule = self.decision_parts()
            return f"waiting for {who}: {text.split(': ', 1)[-1]}", rule
        return f"waiting for {who}", "§26.1"

    def _apply(self, action: Any) -> None:
        act: RobinsonAction = action
        self._lc = None
        moves_cards = act.seat == CHANCE or bool(self.frames) or act.verb not in PLAN_MOVES
        if moves_cards:
            # anything but a planning move may move cards or change what is open (§8.1, §26.1)
            self._zi = None
            self._pm = None
        if act.seat == CHANCE:
            self._apply_chance(act)
        elif self.frames:
            self._apply_frame(act)
        else:
            if act.verb == "use":
                self._use(act.seat, act.args, W_PLAN)
                self._recheck_ready()
            else:
                self._apply_plan(act)
        if moves_cards:
            self._zi = None
        self._ot = None
        self._lc = None
        self._tm = None
        self._advance()
        if (self.phase == PLAN and self.step == 2 and not self.frames and not self.chance
                and act.verb not in PLAN_MOVES):
            self._compute_sources(keep=True)  # a use in planning may bring a new pawn (§8.1.6, §13.2)
            self._lc = self._tm = None

    def _char_by_id(self, word: str) -> int:
        if word == "friday":
            return self.t.friday_index
        return next(p for p in range(self.n) if self.cid(p) == word)

    def _apply_frame(self, act: RobinsonAction) -> None:
        f = self.frames[-1]
        kind, verb, args = f[0], act.verb, act.args
        if kind == F_WINDOW:
            if verb == "pass":
                self.frames[-1] = (*f[:3], f[3] | 1 << act.seat, f[4])
            elif verb == "reroll":
                die = DIE_NAMES.index(args[0])
                if len(args) > 1:
                    fi = self.t.friday_index
                    self.det[fi] -= self.c.friday_reroll_cost
                    self.friday_rerolled = 1
                    self.log("reroll", f"Friday rerolls the {args[0]} die (§14.4).")
                else:
                    ch = self.t.chars[act.seat]
                    for si, sk in enumerate(self.c.characters[ch].skills):
                        verbs = self.p.verbs(self.p.skill[(ch, si)])
                        if verbs[0][0] == "reroll_die" and verbs[0][1]["dice"] == TYPE_NAMES[self.groups[self.cur][0]]:
                            self.det[act.seat] -= sk.cost
                            self.skill_used[act.seat] |= 1 << si
                            self.log("reroll", f"{self.char_name(act.seat)} uses {sk.name} on the {args[0]} die (§13.2).")
                            break
                self.frames[-1] = (*f[:3], 0, f[4])
                self.chance = [CH_REROLL, self.cur, die, 0]
            else:
                self._use(act.seat, args, f[2])
            return
        self.frames.pop()
        if kind == F_CHOOSE:
            k = int(args[0]) - 1
            self.log("decide", f"{self.char_name(act.seat)} chooses option {k + 1} (§12.4).")
            self._push((self.p.nodes[f[2]][3][k], f[3], f[4], 0))
        elif kind == F_HEAL:
            for word in args:
                self.heal(self._char_by_id(word), 1, "shared healing")
        elif kind == F_GIVE:
            for word in args:
                self.gain_det(self._char_by_id(word), 1, "shared Determination (§25.1)")
        elif kind == F_DISCARD_INV:
            card = self.c.by_id[args[0]]
            self.zone[card] = Z_INV_DECK
            self.log("invention", f"{self.c.cards[card].name} is shuffled back into the Invention deck (§12.8).")
            if f[2] > 1 and self.count_in(Z_INV_BOARD):
                self.frames.append((kind, f[1], f[2] - 1, 0, 0))
        elif kind == F_PUT_INV:
            card = self.c.by_id[args[0]]
            self.zone[card] = Z_INV_BOARD
            self.log("invention", f"{self.c.cards[card].name} is laid on the board.")
        elif kind == F_FLIP:
            self._lose_item(self.c.by_id[args[0]])
        elif kind == F_PICK_INV:
            card = self.c.by_id[args[0]]
            self.zone[card] = Z_INV_BOARD
            for other in self.cards_in(Z_REVEALED):
                self.zone[other] = Z_INV_DISCARD
            self.log("invention", f"{self.c.cards[card].name} is laid on the board; the rest go face down (§13.2).")
        elif kind == F_PICK_TILE:
            tile = next(x.index for x in self.c.tiles if str(x.number) == args[0])
            for i, at in enumerate(self.tile_at):
                if at == TILE_REVEALED:
                    self.tile_at[i] = TILE_STACK
            if self.tile_top >= 0:
                self.tile_at[self.tile_top] = TILE_STACK
            self.tile_top = tile
            self.tile_at[tile] = TILE_REVEALED
            self.log("explore", f"Tile {args[0]} goes on top of the stack (§13.2).")
        elif kind == F_PICK_TOKEN:
            k = next(i for i, x in enumerate(self.c.token_kinds) if x.id == args[0])
            chosen = False
            for i, pl in enumerate(self.tok):
                if pl == TOK_REVEALED:
                    if not chosen and self.c.tokens[i] == k:
                        self.tok[i] = TOK_AVAIL
                        chosen = True
                    else:
                        self.tok[i] = TOK_REMOVED
            self.log("token", f"Scouting keeps {self.c.token_kinds[k].name} (§13.2).")
        elif kind == F_TRACK:
            if verb == "bottom":
                card = self.hunt_top.pop(0)
                self.hunt_seen.pop(0)
                self.hunt_bottom.append(card)
                self.log("hunt", "The top Hunting card goes to the bottom (§13.2).")
        elif kind == F_MYST:
            if verb == "continue":
                self._push((I_MYST_STEP, 0, 0, 0))
            else:
                self._myst_end()
        elif kind == F_HUNGRY:
            p = self._char_by_id(args[0])
            self.hungry_done[p] |= 1 << f[4]
            self.wound(p, f[3], "hunger (§10.1)")
            if f[2] > 1 and not self.over:
                if all(self.hungry_done[q] >> f[4] & 1 for q in self.in_camp()):
                    for q in self.in_camp():  # more meals missing than players: a new round of picks
                        self.hungry_done[q] &= ~(1 << f[4])
                self.frames.append((kind, f[1], f[2] - 1, f[3], f[4]))
        elif kind == F_CAMP:
            if args[0] != "stay":
                self.move_camp(int(args[0][1:]) - 1)
        elif kind == F_MORALE:
            if args[0] == "heal":
                self.heal(self.fp, 1, "top Morale (§6.2)")
            else:
                self.gain_det(self.fp, f[2], "top Morale (§6.2)")
        elif kind == F_ARRANGE:
            self._arrange(f[2], args[0] == "determination", args[0] == "morale")
        elif kind == F_NEXT:
            self._begin_group(int(args[0]) - 1)
        elif kind == F_PILE:
            k = int(args[0])
            self.pile_done = 1
            if k:
                self.res[WOOD] -= k
                self.add_to_pile(k, "the once-a-round transfer (§25.1)")
        elif kind == F_CORRAL:
            if args[0] != "skip":
                sp = int(args[0][1:]) - 1
                i = next(x % 2 for x in self._adjacent_food() if x // 2 == sp)
                self.space_exh[sp] |= 1 << i
                self.space_tk[self.camp] |= TK_FOOD
                self.log("build", f"The Corral covers a food source at s{sp + 1}; +1 food token on the Camp (§17.2).")
        elif kind == F_SHORTCUT:
            sp = int(args[0][1:]) - 1
            self.space_tk[sp] |= TK_SHORTCUT
            self.log("build", f"The Shortcut token goes on s{sp + 1} (§17.2).")
        elif kind == F_COVER:
            sp, i = (int(x) - 1 for x in args[0][1:].split(":"))
            self.space_exh[sp] |= 1 << i
            self.log("effect", f"A source at s{sp + 1} is exhausted (§16.3).")
        elif kind == F_LOSE_TILE:
            self.lose_tile(int(args[0][1:]) - 1)
        elif kind == F_TILE_TOKEN:
            sp = int(args[0][1:]) - 1
            self.space_tk[sp] |= f[2]
            self.log("token", f"A {'beast' if f[2] == TK_BEAST else 'extra-pawn'} token goes on s{sp + 1} (§20).")

    def _lose_item(self, card: int) -> None:
        """§16.6: the Item turns back; its effects are undone where possible."""
        self.move_item_back(card)
        self.log("item", f"{self.c.cards[card].name} is turned back to its Invention side (§16.6).")
        node = self.p.card.get((card, "on_build"))
        if node is None:
            return
        ignored, self.uses[card] = self.uses[card] < 0, 0
        for v, prm in self.p.verbs(node):
            if v == "track" and prm["by"] > 0 and not ignored:
                self.drop_track(TRACK_NAMES.index(prm["track"]), prm["by"], "the lost Item (§16.6)", if_possible=True)
            elif v == "camp_token":
                self.space_tk[self.camp] &= ~(TK_WOOD if prm["resource"] == "wood" else TK_FOOD)
            elif v == "shortcut":
                for sp in range(len(self.space_tk)):
                    self.space_tk[sp] &= ~TK_SHORTCUT

    # ------------------------------------------------------------------ views (only observe leaves the engine)
    def observe(self, seat: int | None) -> dict[str, Any]:
        """Everything public (a cooperative game hides only deck orders and an unseen Hunting card, §26.4).

        `seat` None is the public view; any other value that is no seat raises `IllegalAction`.
        """
        if seat is not None:
            check_seat(seat, self.n)
        c = self.c
        cards = c.cards

        def names(z: int) -> list[dict[str, str]]:
            return [{"id": cards[i].id, "name": cards[i].name, "text": cards[i].text} for i in self.cards_in(z)]

        island = []
        for sp, (q, r) in enumerate(c.spaces):
            tile = self.space_tile[sp]
            entry: dict[str, Any] = {"space": f"s{sp + 1}", "q": q, "r": r, "camp": sp == self.camp,
                                     "lost": bool(self.space_lost[sp]), "distance": self._distance(sp)}
            if tile >= 0 and not self.space_lost[sp]:
                td = c.tiles[tile]
                entry.update({"tile": td.number, "terrain": td.terrain, "sources": list(td.sources),
                              "exhausted": [bool(self.space_exh[sp] >> i & 1) for i in range(len(td.sources))],
                              "tent": td.tent, "tokens": [n for b, n in TK_NAMES if self.space_tk[sp] & b]})
            island.append(entry)
        chars = []
        for p in range(self.n):
            ch = c.characters[self.t.chars[p]]
            chars.append({"seat": p, "id": ch.id, "name": ch.name, "wounds": self.wounds[p], "death_at": ch.death_at,
                          "arrows": list(ch.arrows), "determination": self.det[p], "outside": bool(self.outside[p]),
                          "pawns": 1 if self.minus[p] else 2,
                          "skills": [{"id": sk.id, "name": sk.name, "cost": sk.cost, "text": sk.text,
                                      "used": bool(self.skill_used[p] >> i & 1)} for i, sk in enumerate(ch.skills)],
                          "special_wounds": [("head", "arm", "belly", "leg")[w[1]] for w in self.special if w[0] == p]})
        fi = self.t.friday_index
        hunt_top = [cards[x].name if seen else "?" for x, seen in zip(self.hunt_top, self.hunt_seen, strict=True)]
        threat = {}
        for slot, z in (("left", Z_THREAT_L), ("right", Z_THREAT_R)):
            lst = names(z)
            threat[slot] = lst[0] if lst else None
        doc: dict[str, Any] = {
            "game": "robinson", "scenario": self.t.scenario.id, "seat": seat, "round": self.round,
            "rounds": self.t.scenario.rounds,
            "phase": PHASE_NAMES[self.phase], "first_player": self.fp, "over": bool(self.over),
            "result": ("won" if self.over == 1 else "lost") if self.over else None, "reason": self.reason,
            "morale": self.morale, "morale_range": [c.morale[0][0], c.morale[-1][0]],
            "shelter": bool(self.shelter), "natural_shelter": self.natural_shelter(), "roof": self.roof,
            "palisade": self.palisade, "weapon": self.weapon,
            "available": dict(zip(RES_NAMES, self.res, strict=True)),
            "future": dict(zip(RES_NAMES, self.fut, strict=True)),
            "pile": list(self.pile), "pile_needs": list(self.t.scenario.pile),
            "characters": chars,
            "friday": ({"wounds": self.wounds[fi], "death_at": c.friday_death_at, "determination": self.det[fi],
                        "alive": bool(self.friday_alive)} if self.t.friday else None),
            "dog": self.t.dog,
            "island": island,
            "threat": threat,
            "field_tokens": {TYPE_NAMES[t]: [n for b, n in ((FT_REROLL, "reroll"), (FT_ADVENTURE, "adventure"),
                                                            (FT_EXTRA, "extra pawn"), (FT_WOOD, "+1 wood"),
                                                            (FT_BEAST, "beast strength")) if self.field_tk[t] & b]
                             for t in (T_HUNT, T_BUILD, T_GATHER, T_EXPLORE)},
            "weather_tokens": [n for i, n in enumerate(("rain", "winter", "storm")) if self.weather_tk[i]],
            "weather_dice": list(self.t.scenario.weather[min(self.round, self.t.scenario.rounds) - 1]),
            "clouds": {"rain": self.clouds[0], "winter": self.clouds[1]} if self.phase == WEATHER else None,
            "inventions": [{**n, "buildable": self._target_problem(T_BUILD, c.by_id[n["id"]], 0) is None}
                           for n in names(Z_INV_BOARD)],
            "personal": names(Z_INV_OWNER), "scenario_inventions": names(Z_INV_SCENARIO),
            "items": names(Z_ITEM), "items_future": names(Z_ITEM_FUTURE),
            "starting_items": [{**n, "uses": self.uses[c.by_id[n["id"]]]} for n in names(Z_START)],
            "kept": [{**n, "uses": self.uses[c.by_id[n["id"]]]} for n in names(Z_KEPT)],
            "discoveries": {"available": [c.token_kinds[c.tokens[i]].id for i, pl in enumerate(self.tok) if pl == TOK_AVAIL],
                            "future": [c.token_kinds[c.tokens[i]].id for i, pl in enumerate(self.tok) if pl == TOK_FUTURE],
                            "revealed": [c.token_kinds[c.tokens[i]].id for i, pl in enumerate(self.tok)
                                         if pl == TOK_REVEALED]},
            "decks": {"event": self.event_deck_size(), "hunting": self.count_in(Z_HUNT_DECK), "hunting_top": hunt_top,
                      "beast": self.count_in(Z_BEAST_DECK), "mystery": self.count_in(Z_MYST_DECK),
                      "island": sum(1 for at in self.tile_at if at in (TILE_STACK, TILE_REVEALED)),
                      "invention": self.count_in(Z_INV_DECK), "building": self.count_in(Z_ADV_B),
                      "gathering": self.count_in(Z_ADV_G), "exploration": self.count_in(Z_ADV_E)},
            "revealed": names(Z_REVEALED) + [{"id": str(c.tiles[i].number), "name": f"tile {c.tiles[i].number}",
                                              "text": c.tiles[i].terrain}
                                             for i, at in enumerate(self.tile_at) if at == TILE_REVEALED],
            "plan": [{"number": gi + 1, "action": self.target_text(g[0], g[1], g[2]), "acting": self.char_name(g[3]),
                      "pawns": [self.pawn_label(p) for p in g[4]], "needs": self._min_pawns(gi),
                      "committed": {"wood": g[5], "food": g[6], "fur": g[7]}, "done": bool(g[8] & G_DONE)}
                     for gi, g in enumerate(self.groups)] if self.phase in (PLAN, RESOLVE) else [],
            "ready": [bool(r) for r in self.ready],
            "changes_left": [max(0, CHANGE_LIMIT - c) for c in self.changes],
            "to_move": self.to_move(),
            "decision": self.decision_text(),
        }
        return doc

    def decision_text(self) -> str:
        """What the table is waiting for, with its rule."""
        text, rule = self.decision_parts()
        return f"{text} ({rule})" if rule else text

    def decision_parts(self) -> tuple[str, str]:
        """What the table is waiting for, and the rule behind it ('' when nothing is pending)."""
        if self.over:
            return "", ""
        if self.chance:
            return "dice or cards are pending", ""
        if self.frames:
            f = self.frames[-1]
            window = WINDOW_NAMES[f[2]] if f[0] == F_WINDOW else ""  # f[2] is a window only in F_WINDOW
            texts = {F_WINDOW: f"any-time effects {window} (pass when done)",
                     F_CHOOSE: "decide between the card's options", F_HEAL: "share out the healing",
                     F_GIVE: "hand out the Determination", F_DISCARD_INV: "discard an Invention from the board",
                     F_PUT_INV: "lay an Invention of your choice on the board", F_FLIP: "turn an Item back",
                     F_PICK_INV: "keep one of the drawn Inventions", F_PICK_TILE: "choose the tile for the top",
                     F_PICK_TOKEN: "keep one of the Discovery tokens", F_TRACK: "top or bottom for the Hunting card",
                     F_MYST: "continue or stop drawing Mystery cards", F_HUNGRY: "who goes without food",
                     F_CAMP: "move the Camp or stay", F_MORALE: "top Morale: 2 Determination or heal 1",
                     F_ARRANGE: "Determination or Morale", F_NEXT: "which Action resolves next",
                     F_PILE: "how much wood goes onto the pile", F_CORRAL: "where the Corral covers a food source",
                     F_SHORTCUT: "where the Shortcut token goes", F_COVER: "which source is covered",
                     F_LOSE_TILE: "which tile is lost", F_TILE_TOKEN: "which tile gets the token"}
            return f"{self.char_name(f[1]) if f[0] != F_WINDOW else 'players'}: {texts[f[0]]}", FRAME_RULES[f[0]]
        if self.phase == PLAN:
            return "plan the Actions: place pawns, then ready / the first player confirms", "§8.1, §26.1"
        return "", ""

    # ------------------------------------------------------------------ copies and saves
    def resample(self, seat: int, rng: RandomLike) -> RobinsonState:
        """A copy where what nobody has seen is drawn again (§26.4; decks are bags already).

        The copy's own random generator is drawn from `rng`, so its `sample_chance()` foresees nothing of
        the real game's next draw or roll; and every unseen Hunting card (shuffled in or on top) takes an
        identity drawn uniformly, with `rng`, from the Beast cards nobody has seen (the Beast deck and the
        unseen Hunting cards); every seen card stays where it is.
        """
        check_seat(seat, self.n)
        if not callable(getattr(rng, "randrange", None)):
            raise IllegalAction(f"resample needs a random source with randrange(), not {shown(rng)}")
        s = self.clone()
        s.rng_state = rng.randrange(1 << 64)
        top = [k for k, seen in enumerate(s.hunt_seen) if not seen]
        bag = s.deck_bag(Z_HUNT_DECK)
        if top or bag:
            pool = s.unseen_beasts()
            for k in range(len(pool) - 1, 0, -1):  # Fisher-Yates with the caller's generator
                j = rng.randrange(k + 1)
                pool[k], pool[j] = pool[j], pool[k]
            for x in pool:
                s.zone[x] = Z_BEAST_DECK
            for k, x in zip(top, pool, strict=False):
                s.hunt_top[k] = x
            for x in pool[: len(top) + len(bag)]:
                s.zone[x] = Z_HUNT_DECK
        s.forget()
        return s

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"game": "robinson", "format": STATE_FORMAT, "rules_version": self.game.rules_version,
                               "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.t.options.items()},
                               "chars": [self.c.characters[ch].id for ch in self.t.chars],
                               "events": [e.to_json() for e in self.events]}
        for name in self.SCALARS:
            doc[name] = getattr(self, name)
        for name in self.LISTS:
            doc[name] = [list(x) if isinstance(x, tuple) else x for x in getattr(self, name)]
        doc["groups"] = [[*g[:4], list(g[4]), *g[5:]] for g in self.groups]
        doc["xsrc"] = [list(x) for x in self.xsrc]
        return doc

    @classmethod
    def from_json(cls, game: Any, table: Table, doc: dict[str, Any]) -> RobinsonState:
        """Read a state document with every field checked (`document.from_json`); faults are `SaveError`."""
        from .document import from_json

        return from_json(game, table, doc)
