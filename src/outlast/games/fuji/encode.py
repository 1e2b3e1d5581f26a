"""A fixed-length numeric encoding of a Fuji observation, for learning agents (`Game.encode`).

`encode(content, state.observe(seat))` reads only the observation and the game's content (its cards'
printed requirements), so it holds nothing the seat may not know (fuji.md §18): a hidden die is
"hidden", never a face. Every value lies in [0, 1] and every observation of a game with that content,
whatever the options, encodes to `size(content)` numbers laid out as

1. the table (`GLOBAL`): phase, round, options, the observing seat, who may act, ready flags, rerolls
   left, draw pile, discard, own keep choice and cards under the pile, the level's stamina-loss row,
   pending decisions (the observer's and others'), this round's hints, the end;
2. four meeple slots (`meeple` numbers each, zeros for absent meeples): seat, skill, stamina, injuries,
   power bars, round effects (no stamina loss, movement bonus) and cards (held, tapped, usable now);
3. 24 die slots (`DIE` each; die `e:k` at slot `e*6 + k-1`): holder, set aside, known, face, colour
   (variant A's virtual dice set is slots 12-17, held by "meeple" 2, §13.1);
4. a grid of `ROWS` x `COLS` board positions (`CELL` each, cell `C3` at row 3, column C): the card
   kind, lava, tokens, start, the reroll symbol, the requirement as 18 bits (colour x value counted),
   and which meeples stand there or mark it.

Meeples and seats keep their table indices (no rotation); the observer is marked by its seat
bits and by the `mine` flag of the meeples it controls.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .actions import HINT_KINDS, HINT_LEVELS, INJURY_IDS
from .board import LETTERS
from .content import COLOURS, Content

SEATS = 4
MEEPLES = 4
DICE = 24
PHASES = 7
VARIANTS = ("none", "a", "b")
DECISIONS = ("keep", "leave", "starts", "reroll", "granted reroll", "lend", "reroll one die", "collect", "bars",
             "path", "injury", "lose die")
"""The kinds of pending decision (`Decision.kind`, as the view names them), in the order of `terms.KEEP` …"""
KINDS = ("volcano", "rubble", "landscape", "village")
MAX_ROUND = 30
MAX_BARS = 3
MAX_REROLLS = 5
HANDS = 5


def _layout(c: Content) -> dict[str, int]:
    """Sizes of the parts of the vector (they follow from the content: rows and columns of the maps)."""
    rows = max(len(sc.map) for sc in c.scenarios)
    cols = max(len(r.split()) for sc in c.scenarios for r in sc.map)
    ncards = len(c.equipment)
    hint_slots = SEATS * sum(len(HINT_LEVELS[k]) * (MEEPLES if k == 0 else 1) for k in range(len(HINT_KINDS)))
    global_size = (PHASES + 1 + 3 + 4 + len(VARIANTS) + 1 + SEATS + (SEATS + 1) + SEATS + HANDS + 1 + 3 * ncards
                   + 13 + 2 * len(DECISIONS) + hint_slots + 2)
    meeple = 2 + SEATS + len(c.skills) + 1 + 1 + len(INJURY_IDS) + 1 + 1 + 1 + 1 + 1 + 1 + 3 * ncards
    die = 1 + MEEPLES + 1 + 1 + 6 + len(COLOURS)
    cell = 1 + len(KINDS) + 1 + 1 + 2 + 2 + 1 + 18 + 2 * MEEPLES
    return {"rows": rows, "cols": cols, "global": global_size, "meeple": meeple, "die": die, "cell": cell,
            "size": global_size + MEEPLES * meeple + DICE * die + rows * cols * cell}


def size(c: Content) -> int:
    """Length of every encoded observation of a game with content `c`."""
    return c.derive(_layout)["size"]


def _cell_index(name: str) -> tuple[int, int]:
    return int(name[1:]) - 1, LETTERS.index(name[0])


def _die_index(label: str) -> int:
    e, _, k = label.partition(":")
    return int(e) * 6 + int(k) - 1


def _card_rows(c: Content) -> dict[tuple[Any, ...], tuple[float, ...]]:
    """A content's memo of `_card_row`."""
    return {}


def _card_row(c: Content, kind: str, lava: bool, token: bool, eruption: int, start: str, extra_reroll: bool,
              card_id: str | None) -> tuple[float, ...]:
    """The part of a board position's numbers that does not name meeples (kept per content: few distinct ones)."""
    memo = c.derive(_card_rows)
    key = (kind, lava, token, eruption, start, extra_reroll, card_id)
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = _new_card_row(c, *key)
    return hit


def _new_card_row(c: Content, kind: str, lava: bool, token: bool, eruption: int, start: str, extra_reroll: bool,
                  card_id: str | None) -> tuple[float, ...]:
    row = [1.0] + [1.0 if kind == k else 0.0 for k in KINDS]
    row += [1.0 if lava else 0.0, 1.0 if token else 0.0]
    row += [1.0 if eruption == n else 0.0 for n in (1, 2)]
    row += [1.0 if start == s else 0.0 for s in ("white", "grey")]
    row.append(1.0 if extra_reroll else 0.0)
    card = next((t for t in c.terrain if t.id == card_id), None) if card_id else None
    row += [1.0 if card is not None and card.valid[ci][v] else 0.0 for ci in range(len(COLOURS)) for v in range(1, 7)]
    return tuple(row)


def _one_hot(n: int, i: int | None) -> list[float]:
    """`n` numbers, 1 at index `i` (none when `i` is None or out of range)."""
    row = [0.0] * n
    if i is not None and 0 <= i < n:
        row[i] = 1.0
    return row


def _bits(n: int, on: Iterable[int]) -> list[float]:
    """`n` numbers, 1 at each index of `on` that is in range."""
    row = [0.0] * n
    for i in on:
        if 0 <= i < n:
            row[i] = 1.0
    return row


def encode(c: Content, obs: dict[str, Any]) -> list[float]:
    """The numbers of one observation of a game with content `c` (see the module doc for the layout)."""
    lay = c.derive(_layout)
    card_ids = [x.id for x in c.equipment]
    skill_ids = [s.id for s in c.skills]
    out = _table_part(obs, card_ids)
    for e in range(MEEPLES):
        out += _meeple_part(obs, e, card_ids, skill_ids, lay)
    out += _dice_part(obs, lay)
    out += _board_part(c, obs, lay)
    if len(out) != lay["size"]:  # pragma: no cover - a layout bug, caught by the tests
        raise AssertionError(f"encoded {len(out)} numbers, expected {lay['size']}")
    return out


def _table_part(obs: dict[str, Any], card_ids: list[str]) -> list[float]:
    """Part 1, the table: phase, round, options, seats, rerolls, cards, the level's losses, pending decisions,
    hints and the end."""
    opts = obs["options"]
    seat = obs.get("seat")
    ncards = len(card_ids)
    out = _one_hot(PHASES, obs["phase"])
    out.append(min(obs["round"], MAX_ROUND) / MAX_ROUND)
    out += _one_hot(3, opts["players"] - 2)
    out += _one_hot(4, opts["level"] - 1)
    out += _one_hot(len(VARIANTS), VARIANTS.index(opts["variant"]) if opts["variant"] in VARIANTS else None)
    out.append(1.0 if opts["extra_thrill"] else 0.0)
    out += _one_hot(SEATS, seat)
    out += _bits(SEATS + 1, [s if s >= 0 else SEATS for s in obs["to_move"]])
    out += _bits(SEATS, [s for s, r in enumerate(obs["ready"]) if r])
    rr = obs["rerolls_left"]
    out.extend(min(rr[h], MAX_REROLLS) / MAX_REROLLS if h < len(rr) else 0.0 for h in range(HANDS))
    out.append(min(obs["draw_pile"], ncards) / ncards)
    out += _bits(ncards, [card_ids.index(x) for x in obs["discard"]])
    out += _bits(ncards, [card_ids.index(x) for x in obs.get("keeping", [])])
    out += _bits(ncards, [card_ids.index(x) for x in obs.get("under_pile", [])])
    exhaustion = obs["stamina_board"]["exhaustion"]
    loss = obs["level_loss"]
    out.extend(min(loss[d], exhaustion) / exhaustion if d < len(loss) else 0.0 for d in range(13))
    pend = obs["pending"]
    out += _bits(len(DECISIONS), [DECISIONS.index(p["decision"]) for p in pend if p["seat"] == seat])
    out += _bits(len(DECISIONS), [DECISIONS.index(p["decision"]) for p in pend if p["seat"] != seat])
    out += _hints_part(obs["hints"])
    outcome = obs.get("outcome") or {}
    out += [1.0 if obs["over"] else 0.0, 1.0 if outcome.get("won") else 0.0]
    return out


def _hints_part(hints: list[dict[str, Any]]) -> list[float]:
    """This round's latest hint of each seat, kind and subject, one-hot by its level (§7.6, decision 0011)."""
    latest: dict[tuple[int, int, int], int] = {}
    for h in hints:
        kind = HINT_KINDS.index(h["hint"])
        latest[(h["seat"], kind, h["subject"])] = HINT_LEVELS[kind].index(h["level"])
    out: list[float] = []
    for s in range(SEATS):
        for kind in range(len(HINT_KINDS)):
            for subject in (range(MEEPLES) if kind == 0 else (-1,)):
                level = latest.get((s, kind, subject))
                out += [1.0 if level == i else 0.0 for i in range(len(HINT_LEVELS[kind]))]
    return out


def _meeple_part(obs: dict[str, Any], e: int, card_ids: list[str], skill_ids: list[str],
                 lay: dict[str, int]) -> list[float]:
    """Part 2, meeple slot `e` (zeros for an absent meeple): seat, skill, stamina, injuries, power bars, this
    round's effects and its equipment cards (held, tapped, usable now)."""
    meeples = obs["meeples"]
    if e >= len(meeples):
        return [0.0] * lay["meeple"]
    x = meeples[e]
    ncards = len(card_ids)
    exhaustion = obs["stamina_board"]["exhaustion"]
    out = [1.0, 1.0 if x["seat"] == obs.get("seat") else 0.0]
    out += _one_hot(SEATS, x["seat"])
    out += _one_hot(len(skill_ids), skill_ids.index(x["skill"]) if x["skill"] in skill_ids else None)
    out.append(1.0 if x["skill_lost"] else 0.0)
    out.append(min(x["stamina"], exhaustion) / exhaustion)
    out += _bits(len(INJURY_IDS), [INJURY_IDS.index(i) for i in x["injuries"]])
    out.append(min(x["power_bars"], MAX_BARS) / MAX_BARS)
    out += [1.0 if x["moved"] else 0.0, 1.0 if x["no_stamina_loss"] else 0.0,
            min(x["movement_bonus"], MAX_BARS) / MAX_BARS, 1.0 if x["screen_down"] else 0.0, x["dice_in_play"] / 6]
    held = {card_ids.index(q["id"]): q for q in x["equipment"]}
    out += _bits(ncards, list(held))
    out += _bits(ncards, [i for i, q in held.items() if q["tapped"]])
    out += _bits(ncards, [i for i, q in held.items() if q["usable_from_round"] <= obs["round"]])
    return out


def _dice_part(obs: dict[str, Any], lay: dict[str, int]) -> list[float]:
    """Part 3, the 24 die slots: holder, set aside, known, face and colour (zeros for a die not in the view)."""
    slots: list[list[float] | None] = [None] * DICE
    views = [d for x in obs["meeples"] for d in x["dice"]] + obs["set_aside"] + obs.get("extra_dice", [])
    for d in views:
        i = _die_index(d["die"])
        if not 0 <= i < DICE:
            continue
        row = [1.0] + [1.0 if d["holder"] == e else 0.0 for e in range(MEEPLES)]
        row += [1.0 if d["holder"] == -1 else 0.0, 0.0 if d.get("hidden") else 1.0]
        value = d.get("value")
        row += [1.0 if value == v else 0.0 for v in range(1, 7)]
        row += [1.0 if d.get("colour") == col else 0.0 for col in COLOURS]
        slots[i] = row
    out: list[float] = []
    for slot in slots:
        out.extend(slot if slot is not None else [0.0] * lay["die"])
    return out


def _board_part(c: Content, obs: dict[str, Any], lay: dict[str, int]) -> list[float]:
    """Part 4, the grid of board positions: each cell's card (`_card_row`), then the meeples standing there and
    the destination markers on it."""
    width = lay["cell"]
    grid = [0.0] * (lay["rows"] * lay["cols"] * width)
    base = width - 2 * MEEPLES
    for cell in obs["board"]:
        r, col = _cell_index(cell["cell"])
        at = (r * lay["cols"] + col) * width
        grid[at:at + base] = _card_row(c, cell["kind"], cell["lava"], cell["equipment_token"], cell["eruption_token"],
                                       cell["start"], cell["extra_reroll"], cell["card"])
    for e, x in enumerate(obs["meeples"]):
        r, col = _cell_index(x["position"])
        grid[(r * lay["cols"] + col) * width + base + e] = 1.0
        if x["marker"]:
            r, col = _cell_index(x["marker"])
            grid[(r * lay["cols"] + col) * width + base + MEEPLES + e] = 1.0
    return grid
