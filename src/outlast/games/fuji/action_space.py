"""Every action text a Fuji seat could be offered, for a set of options (the RL action space).

`action_texts(content, options)` lists, once each and in a stable order, the canonical text (`str(action)`)
of every action that `legal_actions(seat)` can return to any seat of a game with those options:
markers on every card a meeple may enter, `go`, every reroll subset over the dice a seat can hold,
every card use with every parameter, passes, hints, the setup choices (keep, leave, starts), the
answers to pending decisions (lend, refuse, collect, skip, bars, paths, injuries, lose) and
ready/stop. Texts are seat-relative (`reroll 1 4` is "my dice 1 and 4"), so one list serves every
seat and the same index means the same choice to each seat. Chance outcomes are not listed: a
door resolves chance itself.

Two families are cut to keep the list small, and both cuts are far beyond ordinary play:

- **dice received from teammates** (Map, Lighter, a Pocket knife copying one): a set of dice in
  one action (reroll, Duct tape or Compass, Machete) holds at most `MAX_RECEIVED` of them; all of
  the holder's own dice combine freely with them;
- **paths** (§17.6 item 1) are listed up to `MAX_PATH` steps: a Scout's 4, plus one for a Rope
  step taken in phase 4 (a Rope path is the shortest one, which an eruption during phase 5 could
  lengthen further).

A legal action outside the list is possible only beyond those cuts; `tests/test_rl.py` checks over
many random games that every legal action of every seat is listed.

`chance_texts(content, options)` lists every chance outcome the same way (§3, §8.1, §17.1): `deal skill E ID`,
`deal character E ID`, `place CELL CARD` (a terrain card dealt onto a position of the layout),
`draw E CARD` (an equipment card to explorer E) and `roll E:K FACE`. Explorers and dice are named by
their table index, so these ids are public and the same for every seat.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

from outlast.core import CHANCE

from .actions import HINT_LEVELS, INJURY_IDS, USE_PARAMS, FujiAction, die_label, use_action
from .board import Board
from .content import Content
from .table import Table, build_table

MAX_RECEIVED = 2
"""Dice received from teammates that one listed set of dice may hold (see the module doc)."""
MAX_PATH = 5
"""Longest path listed, in steps (see the module doc)."""
ENTERABLE = "LSGEXHh"
"""Scenario letters of the cards a meeple may stand on or mark (§7.1)."""


def action_texts(c: Content, options: dict[str, Any]) -> list[str]:
    """Every canonical action text any seat may be offered under resolved `options` with content `c` (module doc).

    `scenario=random` lists the union over every scenario, since the layout is drawn at `new_game`.

    >>> from outlast.games.fuji import GAME
    >>> texts = action_texts(GAME.content, GAME.options.resolve({"players": 3}))
    >>> "reroll 1 4" in texts and "mark D1" in texts and "ready" in texts
    True
    """
    return list(c.derive_for(_texts, _key(options)))  # the content keeps the lists of its last 8 option sets


def _key(options: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()))


def _texts(c: Content, key: tuple[tuple[str, Any], ...]) -> tuple[str, ...]:
    opts = dict(key)
    scenarios = [str(i) for i in range(1, 8)] if opts["scenario"] == "random" else [str(opts["scenario"])]
    tables = [build_table(c, {**opts, "scenario": sc}) for sc in scenarios]
    seen: dict[str, None] = {}
    for seat in range(tables[0].seats):
        for text in _seat_texts(tables[0], seat):  # what does not depend on the layout
            seen.setdefault(text, None)
        for table in tables:
            for action in _board_actions(table, seat):
                seen.setdefault(str(action), None)
    return tuple(seen)


def chance_texts(c: Content, options: dict[str, Any]) -> list[str]:
    """Every chance outcome text a game with resolved `options` and content `c` may meet, once each (module doc).

    `scenario=random` lists the union over every layout.

    >>> from outlast.games.fuji import GAME
    >>> texts = chance_texts(GAME.content, GAME.options.resolve({"players": 3}))
    >>> "roll 0:3 5" in texts and "deal skill 2 scout" in texts and "draw 1 map" in texts
    True
    """
    return list(c.derive_for(_chance, _key(options)))


def _chance(c: Content, key: tuple[tuple[str, Any], ...]) -> tuple[str, ...]:
    opts = dict(key)
    scenarios = [str(i) for i in range(1, 8)] if opts["scenario"] == "random" else [str(opts["scenario"])]
    tables = [build_table(c, {**opts, "scenario": sc}) for sc in scenarios]
    explorers = range(tables[0].explorers)
    out = [str(FujiAction(CHANCE, "skill", (e,), (s.id,))) for e in explorers for s in c.skills]
    out += [str(FujiAction(CHANCE, "character", (e,), (ch["id"],))) for e in explorers for ch in c.characters]
    for table in tables:
        b = table.board
        for cell in (*b.villages, *b.landscape):
            want = "village" if b.is_village(cell) else "landscape"
            out += [str(FujiAction(CHANCE, "place", (cell,), (card.id,))) for card in c.terrain if card.kind == want]
    out += [str(FujiAction(CHANCE, "draw", (e,), (card.id,))) for e in explorers for card in c.equipment]
    out += [str(FujiAction(CHANCE, "roll", (d, face))) for d in range(tables[0].dice) for face in range(1, 7)]
    return tuple(dict.fromkeys(out))


def seat_texts(t: Table, seat: int) -> list[str]:
    """The texts `seat` alone may be offered at table `t` (repeats removed), for tests and tools."""
    return list(dict.fromkeys([*_seat_texts(t, seat), *map(str, _board_actions(t, seat))]))


def _board_actions(t: Table, seat: int) -> Iterator[FujiAction]:
    """The actions that name cards of the layout: markers, paths, Binoculars and Rope (§7, §15, §17.6)."""
    b = t.board
    mine = [e for e in range(t.explorers) if t.ctrl[e] == seat]
    cells = [x for x in b.cells if b.mark[x] in ENTERABLE]
    for e in mine:
        for cell in cells:
            yield FujiAction(seat, "mark", (e, cell))
    for path in board_paths(b, MAX_PATH):
        yield FujiAction(seat, "path", path)
    if not mine:
        return
    eq = t.content.equipment
    for card, copied, branch, verb, _params in _card_effects(t):
        if verb == "swap_terrain":
            for pair in combinations(b.landscape, 2):
                yield use_action(eq, seat, card, copied, branch, pair)
        elif verb == "step_now":
            for cell in cells:
                yield use_action(eq, seat, card, copied, branch, (cell,))


def _card_effects(t: Table) -> Iterator[tuple[int, int, int, str, dict[str, Any]]]:
    """(card, copied card or -1, branch, verb, params) of every way to use every card (§15)."""
    eq = t.content.equipment
    for card in range(len(eq)):
        sources = [(card, -1)]
        if eq[card].branches[0][0] == "copy_card":
            sources = [(c2, c2) for c2 in range(len(eq)) if c2 != card]
        for src, copied in sources:
            for branch, (verb, params) in enumerate(eq[src].branches):
                if verb in USE_PARAMS:
                    yield card, copied, branch, verb, params


def _seat_texts(t: Table, seat: int) -> Iterator[str]:
    """Every text `seat` could be offered that does not name a card of the layout, repeats allowed."""
    c = t.content
    mine = [e for e in range(t.explorers) if t.ctrl[e] == seat]
    all_dice = range(t.explorers * 6)  # the extra set of variant A is never acted on

    def text(verb: str, args: tuple[int, ...] = ()) -> str:
        return str(FujiAction(seat, verb, args))

    # simple answers
    for verb in ("ready", "stop", "collect", "skip", "refuse"):
        yield text(verb)
    # setup (§3.2, §17.1, §17.6 item 9)
    card_ids = [card.id for card in c.equipment]
    for size in sorted({s.keep for s in c.skills if s.keep < s.draw}):
        for combo in combinations(card_ids, size):
            yield str(FujiAction(seat, "keep", (), combo))
    for e in mine:
        for k in range(6):
            yield text("leave", (e * 6 + k,))
    if t.explorers == 4:
        for pair in combinations(range(4), 2):
            yield text("starts", pair)
    # phase 5 turns (§10.1)
    for e in mine:
        yield text("go", (e,))
    # hints (§18)
    for kind in range(3):
        subjects = [o for o in range(t.explorers) if o != seat] if kind == 0 else [-1]
        for subj in subjects:
            for lv in range(len(HINT_LEVELS[kind])):
                yield text("hint", (kind, subj, lv))
    # single dice (Carabiner, Buddy), then every set of dice: phase-3 and card rerolls (§8.3, §15)
    for d in all_dice:
        yield text("reroll", (d,))
        yield text("aside", (d,))
    actors = [(e, tuple(range(e * 6, e * 6 + 6))) for e in mine]
    actors += [(e, tuple(e * 6 + k for k in slots)) for e, slots, s in t.hands if s == seat]
    for e, home in actors:
        for dice in dice_sets(home, _received(t, e)):
            yield "reroll " + " ".join(die_label(seat, d) for d in dice)
    # decisions in a turn or after a card (§10.3, §10.6, §14, §15)
    for e in mine:
        for k in range(6):
            yield text("lend", (e * 6 + k,))
            yield text("lose", (e * 6 + k,))
    bars = max((s.abilities["power_bars"]["max"] for s in c.skills if "power_bars" in s.abilities), default=0)
    for n in range(bars + 1):
        yield text("bars", (n,))
    for k in range(len(INJURY_IDS)):
        yield text("injury", (k,))
    # equipment: give (§14) and every use with its parameters (§9, §15)
    for card_id in card_ids:
        for o in range(t.explorers):
            yield str(FujiAction(seat, "give", (o,), (card_id,)))
    for e in mine:
        yield from _use_texts(t, seat, e)


def _received(t: Table, e: int) -> tuple[int, ...]:
    """Dice that explorer `e` could receive from teammates (Map, Lighter)."""
    return tuple(d for d in range(t.explorers * 6) if d // 6 != e)


def dice_sets(home: tuple[int, ...], received: tuple[int, ...], largest: int = 12) -> Iterator[tuple[int, ...]]:
    """Every non-empty set (sorted die indices) of `home` dice plus at most `MAX_RECEIVED` `received` ones.

    `largest` caps the size of a set (Machete sets aside at most 2).
    """
    for r in range(0, min(MAX_RECEIVED, largest) + 1):
        for extra in combinations(received, r):
            for h in range(0, min(len(home), largest - r) + 1):
                for own in combinations(home, h):
                    if own or extra:
                        yield tuple(sorted(own + extra))


def _use_texts(t: Table, seat: int, e: int) -> Iterator[str]:
    """Every `use` text of every card explorer `e` may hold, each card copied by a Pocket knife too.

    Cards that name layout cells (Binoculars, Rope) come from `_board_actions`.
    """
    others = [o for o in range(t.explorers) if o != e]
    home = tuple(range(e * 6, e * 6 + 6))
    received = _received(t, e)
    labels = {d: die_label(seat, d) for d in range(t.explorers * 6)}
    sets = [(dice, " ".join(labels[d] for d in dice)) for dice in dice_sets(home, received)]
    eq = t.content.equipment
    for card, copied, branch, verb, params in _card_effects(t):
        if verb in ("turn_over", "set_aside"):
            # the real text of a one-die use, less that die's label, is the prefix of every set
            prefix = str(use_action(eq, seat, card, copied, branch, (home[0],)))[: -len(labels[home[0]])]
            limit = params["max"] if verb == "set_aside" else len(home) + MAX_RECEIVED
            for dice, words in sets:
                if len(dice) <= limit:
                    yield prefix + words
            continue
        choices: list[tuple[int, ...]]
        if verb in ("swap_terrain", "step_now"):
            continue
        if USE_PARAMS[verb] == "e":
            choices = [(o,) for o in others]
        elif verb == "lend_die":
            choices = [(d, o) for d in home for o in others]
        elif verb == "set_face":
            choices = [(d, f) for d in (*home, *received) for f in range(1, 7)]
        else:
            choices = [()]
        for p in choices:
            yield str(use_action(eq, seat, card, copied, branch, p))


def board_paths(b: Board, longest: int) -> list[tuple[int, ...]]:
    """Every simple path of 1..`longest` steps over enterable cards, from any enterable start."""
    open_cells = {x for x in b.cells if b.mark[x] in ENTERABLE}
    out: set[tuple[int, ...]] = set()
    for start in sorted(open_cells):
        stack: list[tuple[int, tuple[int, ...]]] = [(start, ())]
        while stack:
            cur, path = stack.pop()
            if path:
                out.add(path)
            if len(path) == longest:
                continue
            for n in b.adjacent[cur]:
                if n in open_cells and n != start and n not in path:
                    stack.append((n, (*path, n)))
    return sorted(out, key=lambda p: (len(p), p))
