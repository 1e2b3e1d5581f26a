"""A fixed-length numeric encoding of a Fuji observation, for learning agents (`Game.encode`).

`encode(content, state.observe(seat))` reads only the observation and the game's content (its cards'
printed requirements), so it holds nothing the seat may not know (fuji.md §18): a hidden die is
"hidden", never a face. Every value lies in [0, 1] and every observation of a game with that content,
whatever the options, encodes to `size(content)` numbers laid out as

1. the table (`GLOBAL`): phase, round, options, the observing seat, who may act, ready flags, rerolls
   left, draw pile, discard, own keep choice and cards under the pile, the level's stamina-loss row,
   pending decisions (the observer's and others'), this round's hints, the end;
2. four explorer slots (`EXPLORER` each, zeros for absent explorers): seat, skill, stamina, injuries,
   power bars, round effects and cards (held, tapped, usable now);
3. 24 die slots (`DIE` each; die `e:k` at slot `e*6 + k-1`): holder, set aside, known, face, colour
   (variant A's virtual dice set is slots 12-17, held by "explorer" 2, §13.1);
4. a grid of `ROWS` x `COLS` board positions (`CELL` each, cell `C3` at row 3, column C): the card
   kind, lava, tokens, start, the reroll symbol, the requirement as 18 bits (colour x value counted),
   and which explorers stand there or mark it.

Explorers and seats keep their table indices (no rotation); the observer is marked by its seat
bits and by the `mine` flag of the explorers it controls.
"""

from __future__ import annotations

from typing import Any

from .actions import HINT_KINDS, HINT_LEVELS, INJURY_IDS
from .board import LETTERS
from .content import COLOURS, Content

SEATS = 4
EXPLORERS = 4
DICE = 24
PHASES = 7
VARIANTS = ("none", "a", "b")
DECISIONS = ("keep", "leave", "starts", "reroll", "granted reroll", "lend", "carabiner", "collect", "bars",
             "path", "injury", "lose die")
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
    hint_slots = SEATS * sum(len(HINT_LEVELS[k]) * (EXPLORERS if k == 0 else 1) for k in range(len(HINT_KINDS)))
    global_size = (PHASES + 1 + 3 + 4 + len(VARIANTS) + 1 + SEATS + (SEATS + 1) + SEATS + HANDS + 1 + 3 * ncards
                   + 13 + 2 * len(DECISIONS) + hint_slots + 2)
    explorer = 2 + SEATS + len(c.skills) + 1 + 1 + len(INJURY_IDS) + 1 + 1 + 1 + 1 + 1 + 1 + 3 * ncards
    die = 1 + EXPLORERS + 1 + 1 + 6 + len(COLOURS)
    cell = 1 + len(KINDS) + 1 + 1 + 2 + 2 + 1 + 18 + 2 * EXPLORERS
    return {"rows": rows, "cols": cols, "global": global_size, "explorer": explorer, "die": die, "cell": cell,
            "size": global_size + EXPLORERS * explorer + DICE * die + rows * cols * cell}


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
    """The part of a board position's numbers that does not name explorers (kept per content: few distinct ones)."""
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


def encode(c: Content, obs: dict[str, Any]) -> list[float]:
    """The numbers of one observation of a game with content `c` (see the module doc for the layout)."""
    lay = c.derive(_layout)
    card_ids = [x.id for x in c.equipment]
    skill_ids = [s.id for s in c.skills]
    ncards = len(card_ids)
    out: list[float] = []

    def one_hot(n: int, i: int | None) -> None:
        row = [0.0] * n
        if i is not None and 0 <= i < n:
            row[i] = 1.0
        out.extend(row)

    def bits(n: int, on: list[int]) -> None:
        row = [0.0] * n
        for i in on:
            if 0 <= i < n:
                row[i] = 1.0
        out.extend(row)

    # 1. the table
    opts = obs["options"]
    seat = obs.get("seat")
    one_hot(PHASES, obs["phase"])
    out.append(min(obs["round"], MAX_ROUND) / MAX_ROUND)
    one_hot(3, opts["players"] - 2)
    one_hot(4, opts["level"] - 1)
    one_hot(len(VARIANTS), VARIANTS.index(opts["variant"]) if opts["variant"] in VARIANTS else None)
    out.append(1.0 if opts["extra_thrill"] else 0.0)
    one_hot(SEATS, seat)
    bits(SEATS + 1, [s if s >= 0 else SEATS for s in obs["to_move"]])
    bits(SEATS, [s for s, r in enumerate(obs["ready"]) if r])
    rr = obs["rerolls_left"]
    out.extend(min(rr[h], MAX_REROLLS) / MAX_REROLLS if h < len(rr) else 0.0 for h in range(HANDS))
    out.append(min(obs["draw_pile"], ncards) / ncards)
    bits(ncards, [card_ids.index(x) for x in obs["discard"]])
    bits(ncards, [card_ids.index(x) for x in obs.get("keeping", [])])
    bits(ncards, [card_ids.index(x) for x in obs.get("under_pile", [])])
    exhaustion = obs["stamina_board"]["exhaustion"]
    loss = obs["level_loss"]
    out.extend(min(loss[d], exhaustion) / exhaustion if d < len(loss) else 0.0 for d in range(13))
    pend = obs["pending"]
    bits(len(DECISIONS), [DECISIONS.index(p["decision"]) for p in pend if p["seat"] == seat])
    bits(len(DECISIONS), [DECISIONS.index(p["decision"]) for p in pend if p["seat"] != seat])
    hint_block: list[float] = []
    latest: dict[tuple[int, int, int], int] = {}
    for h in obs["hints"]:
        kind = HINT_KINDS.index(h["hint"])
        latest[(h["seat"], kind, h["subject"])] = HINT_LEVELS[kind].index(h["level"])
    for s in range(SEATS):
        for kind in range(len(HINT_KINDS)):
            for subj in (range(EXPLORERS) if kind == 0 else (-1,)):
                lv = latest.get((s, kind, subj))
                hint_block += [1.0 if lv == i else 0.0 for i in range(len(HINT_LEVELS[kind]))]
    out.extend(hint_block)
    outcome = obs.get("outcome") or {}
    out += [1.0 if obs["over"] else 0.0, 1.0 if outcome.get("won") else 0.0]

    # 2. explorers
    explorers = obs["explorers"]
    for e in range(EXPLORERS):
        if e >= len(explorers):
            out.extend([0.0] * lay["explorer"])
            continue
        x = explorers[e]
        out += [1.0, 1.0 if x["seat"] == seat else 0.0]
        one_hot(SEATS, x["seat"])
        one_hot(len(skill_ids), skill_ids.index(x["skill"]) if x["skill"] in skill_ids else None)
        out.append(1.0 if x["skill_lost"] else 0.0)
        out.append(min(x["stamina"], exhaustion) / exhaustion)
        bits(len(INJURY_IDS), [INJURY_IDS.index(i) for i in x["injuries"]])
        out.append(min(x["power_bars"], MAX_BARS) / MAX_BARS)
        out += [1.0 if x["moved"] else 0.0, 1.0 if x["first_aid"] else 0.0, min(x["flare"], MAX_BARS) / MAX_BARS,
                1.0 if x["screen_down"] else 0.0, x["dice_in_play"] / 6]
        held = {card_ids.index(q["id"]): q for q in x["equipment"]}
        bits(ncards, list(held))
        bits(ncards, [i for i, q in held.items() if q["tapped"]])
        bits(ncards, [i for i, q in held.items() if q["usable_from_round"] <= obs["round"]])

    # 3. dice
    slots: list[list[float] | None] = [None] * DICE
    views = [d for x in explorers for d in x["dice"]] + obs["set_aside"] + obs.get("extra_dice", [])
    for d in views:
        i = _die_index(d["die"])
        if not 0 <= i < DICE:
            continue
        row = [1.0] + [1.0 if d["holder"] == e else 0.0 for e in range(EXPLORERS)]
        row += [1.0 if d["holder"] == -1 else 0.0, 0.0 if d.get("hidden") else 1.0]
        value = d.get("value")
        row += [1.0 if value == v else 0.0 for v in range(1, 7)]
        row += [1.0 if d.get("colour") == col else 0.0 for col in COLOURS]
        slots[i] = row
    for slot in slots:
        out.extend(slot if slot is not None else [0.0] * lay["die"])

    # 4. the board
    width = lay["cell"]
    grid = [0.0] * (lay["rows"] * lay["cols"] * width)
    base = width - 2 * EXPLORERS
    for cell in obs["board"]:
        r, col = _cell_index(cell["cell"])
        at = (r * lay["cols"] + col) * width
        grid[at:at + base] = _card_row(c, cell["kind"], cell["lava"], cell["equipment_token"], cell["eruption_token"],
                                       cell["start"], cell["extra_reroll"], cell["card"])
    for e, x in enumerate(explorers):
        r, col = _cell_index(x["position"])
        grid[(r * lay["cols"] + col) * width + base + e] = 1.0
        if x["marker"]:
            r, col = _cell_index(x["marker"])
            grid[(r * lay["cols"] + col) * width + base + EXPLORERS + e] = 1.0
    out.extend(grid)
    if len(out) != lay["size"]:  # pragma: no cover - a layout bug, caught by the tests
        raise AssertionError(f"encoded {len(out)} numbers, expected {lay['size']}")
    return out
