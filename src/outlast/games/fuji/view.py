"""What a seat may see (fuji.md §18): the only way Fuji state leaves the engine."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .actions import INJURY_IDS, die_label
from .board import cell_name
from .content import requirement_text
from .rolling import round_start_text
from .terms import (
    AMNESIA,
    DISCARD,
    EQUIP,
    KEEPING,
    PHASE_NAMES,
    PLAN,
    REMARK_LIMIT,
    REROLL,
    UNDER_PILE,
)

if TYPE_CHECKING:
    from .state import FujiState


def _board_view(state: FujiState, keep: bool = False) -> list[dict[str, Any]]:
    """Every cell as players name it, with its terrain card, lava, tokens and start (§2.3, §3.4). `keep`: the
    same list as the last call's when nothing on the board changed (for `observe_seats`, whose views are read
    only), else a new one."""
    table = state.table
    fixed = table.cell_views
    card_at, lava, tokens = state.card_at, state.lava, state.equipment_tokens_left
    single, double = state.eruption_tokens_left, state.double_eruption_tokens_left
    if keep:
        key = (lava, tokens, single, double, tuple(card_at))
        last = table.shared_views.get("board")
        if last is not None and last[0] == key:
            return last[1]  # type: ignore[no-any-return]
        cells = _board_view(state)
        table.shared_views["board"] = (key, cells)
        return cells
    cells = []
    for code in table.board.cells:
        card = card_at[code]
        head = fixed.get((code, card))
        if head is None:
            head = fixed[code, card] = _cell_head(state, code, card)
        cell = dict(head[0])
        cell["lava"] = bool((lava >> code) & 1)
        cell["equipment_token"] = bool((tokens >> code) & 1)
        cell["eruption_token"] = 2 if (double >> code) & 1 else 1 if (single >> code) & 1 else 0
        cell["start"] = head[1]
        cells.append(cell)
    return cells


def _cell_head(state: FujiState, code: int, card: int) -> tuple[dict[str, Any], str]:
    """What a cell's view holds that only its terrain card changes: name, kind, card and requirement, and the
    start it is (kept per table in `Table.cell_views`, since a view is drawn after every action)."""
    table = state.table
    content, board = table.content, table.board
    terrain = content.terrain[card] if card >= 0 else None
    kind = {"V": "volcano", "R": "rubble", "H": "village", "h": "village"}.get(board.mark[code], "landscape")
    start = "white" if code == board.white_start else \
        "grey" if code == board.grey_start and table.explorers == 4 else ""
    return ({"cell": cell_name(code), "kind": kind, "card": terrain.id if terrain else None,
             "requires": requirement_text(terrain.requires) if terrain and terrain.requires else "",
             "extra_reroll": bool(terrain and terrain.extra_reroll)}, start)


def _die_view(state: FujiState, die: int, bit: int) -> dict[str, Any]:
    """A die, its face shown only to a seat that has seen it (§6, §18); `bit` 0 is the public's view of it."""
    known = bool(state.die_seen_by[die] & bit) or state.die_seen_by[die] == state.table.all_seats
    out: dict[str, Any] = {"die": die_label(-9, die), "holder": state.die_holder[die]}
    if known and state.die_face[die]:
        out["value"] = state.die_face[die]
        out["colour"] = state.colour(die)
    else:
        out["hidden"] = True
    return out


def _meeple_parts(state: FujiState, e: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A meeple as every seat sees it, in two halves around its dice (which depend on who looks): character,
    skill, place, tracks and the equipment in front of it; then its dice count, bonuses and screen."""
    table = state.table
    content = table.content
    skill = content.skills[state.skill[e]] if state.skill[e] >= 0 else None
    character = content.characters[state.character[e]] if state.character[e] >= 0 else None
    equipment = content.equipment
    head = {
        "index": e, "seat": table.ctrl[e], "character": character["name"] if character else None,
        "colour": character["colour"] if character else None, "skill": skill.id if skill else None,
        "skill_name": skill.name if skill else None, "skill_lost": bool((state.injuries[e] >> AMNESIA) & 1),
        "position": cell_name(state.position[e]),
        "marker": cell_name(state.destination[e]) if state.destination[e] >= 0 else None,
        "stamina": state.stamina[e], "injuries": [INJURY_IDS[k] for k in range(4) if (state.injuries[e] >> k) & 1],
        "power_bars": state.power_bars[e], "moved": bool(state.moved[e]),
        "equipment": [{"id": equipment[x].id, "name": equipment[x].name, "text": equipment[x].text(),
                       "phases": list(equipment[x].phases), "usable_from_round": state.card_usable_from[x],
                       "tapped": bool(state.card_used_once[x])}
                      for x in range(len(state.card_location)) if state.card_location[x] == e],
    }
    tail = {
        "dice_in_play": sum(state.die_in_play[e * 6:e * 6 + 6]),
        "no_stamina_loss": bool(state.no_stamina_loss[e]), "movement_bonus": state.movement_bonus[e],
        "screen_down": state.screen_lowered[e] == state.phase and state.phase in (PLAN, EQUIP),
    }
    return head, tail


def observe(state: FujiState, seat: int | None) -> dict[str, Any]:
    """A JSON-safe view for `seat` (None: a spectator who sees only public things)."""
    return _seat_view(state, seat, _shared_view(state))


def observe_seats(state: FujiState, seats: Sequence[int | None]) -> list[dict[str, Any]]:
    """`observe(seat)` for each of `seats`, the parts every seat sees alike built once and shared by the views
    (the server draws a table for all its seats after every action). The table's fixed facts and an unchanged
    board are also the very objects an earlier call gave: these views are only to be read."""
    shared = _shared_view(state, keep=True)
    return [_seat_view(state, seat, shared) for seat in seats]


def _fixed_parts(state: FujiState, keep: bool) -> dict[str, Any]:
    """The table's facts no action changes: options, scenario, neighbours, stamina board, level loss (`keep`:
    built once per table and handed out again)."""
    table = state.table
    if keep and "fixed" in table.shared_views:
        return table.shared_views["fixed"]  # type: ignore[no-any-return]
    content, board = table.content, table.board
    fixed = {
        "options": {k: list(v) if isinstance(v, tuple) else v for k, v in table.options.items()},
        "scenario": {"id": board.scenario, "name": board.name, "rows": board.rows, "cols": board.cols},
        "neighbours": [list(n) for n in table.neighbours],
        "stamina_board": {"spaces": content.stamina_spaces, "injury_spaces": list(content.injury_spaces),
                          "exhaustion": content.exhaustion},
        "level_loss": list(table.level_loss),
    }
    if keep:
        table.shared_views["fixed"] = fixed
    return fixed


def _shared_view(state: FujiState, keep: bool = False) -> dict[str, Any]:
    """What every seat sees alike (§18): board, meeples without their dice, tracks, piles, hints, decisions
    (`keep`: the fixed parts and an unchanged board as an earlier call gave them)."""
    table = state.table
    content = table.content
    locations = state.card_location
    fixed = _fixed_parts(state, keep)
    view: dict[str, Any] = {
        "round": state.round, "phase": state.phase,
        "phase_name": PHASE_NAMES[state.phase],
        "options": fixed["options"], "scenario": fixed["scenario"],
        "board": _board_view(state, keep), "meeples": [_meeple_parts(state, e) for e in range(table.explorers)],
        "neighbours": fixed["neighbours"], "stamina_board": fixed["stamina_board"],
        "level_loss": fixed["level_loss"],
        "draw_pile": sum(1 for x in locations if x in (-1, UNDER_PILE) or x <= KEEPING),
        "discard": [content.equipment[x].id for x in range(len(locations)) if locations[x] == DISCARD],
        "to_move": state.to_move(),
        "ready": list(state.ready),
        "remarks_left": [max(0, REMARK_LIMIT - r) for r in state.remarks],
        "rerolls_left": list(state.rerolls_left) if state.phase == REROLL else [],
        "hints": _round_hints(state) if state.phase in (PLAN, REROLL, EQUIP) else [],
        "pending": [{"decision": d.kind, "seat": d.seat, "meeple": d.meeple}
                    for d in state.decisions],
        "over": state.is_over(),
        "dice": [_die_view(state, i, 0) for i in range(table.dice)],
    }
    if state.is_over():
        view["outcome"] = dict(state.outcome().details)
    return view


def _seat_view(state: FujiState, seat: int | None, shared: dict[str, Any]) -> dict[str, Any]:
    """The view of one seat: `shared` with the dice it may see, its log, and its own cards kept aside."""
    table = state.table
    content = table.content
    bit = 0 if seat is None else 1 << seat
    holder, in_play, seen_by = state.die_holder, state.die_in_play, state.die_seen_by
    everyone = table.all_seats
    dice = [_die_view(state, i, bit) if seen_by[i] & bit and seen_by[i] != everyone else public
            for i, public in enumerate(shared["dice"])]  # a die no more known to this seat than to all: shared
    locations = state.card_location
    meeples = []
    for e, (head, tail) in enumerate(shared["meeples"]):
        held = [dice[i] for i in range(table.dice) if holder[i] == e and in_play[i] and i // 6 != table.extra]
        meeples.append({**head, "dice": held, **tail})
    view: dict[str, Any] = {
        "game": "fuji", "seat": seat, "round": shared["round"], "phase": shared["phase"],
        "phase_name": shared["phase_name"], "options": shared["options"], "scenario": shared["scenario"],
        "board": shared["board"], "meeples": meeples, "neighbours": shared["neighbours"],
        "stamina_board": shared["stamina_board"], "level_loss": shared["level_loss"],
        "set_aside": [dice[i] for i in range(table.dice) if holder[i] == -1 and state.die_face[i]],
        "draw_pile": shared["draw_pile"], "discard": shared["discard"], "to_move": shared["to_move"],
        "ready": shared["ready"], "remarks_left": shared["remarks_left"], "rerolls_left": shared["rerolls_left"],
        "hints": shared["hints"], "pending": shared["pending"], "over": shared["over"],
        "log": _log_tail(state, seat, 30),
    }
    if table.extra >= 0:
        view["extra_dice"] = dice[table.extra * 6:table.extra * 6 + 6]
    if seat is not None:
        view["keeping"] = [content.equipment[x].id for x in range(len(locations))
                           if locations[x] <= KEEPING and table.ctrl[KEEPING - locations[x]] == seat]
        view["under_pile"] = [content.equipment[entry // 8].id for entry in state.under_pile if entry % 8 == seat]
    if "outcome" in shared:
        view["outcome"] = shared["outcome"]
    return view


def _round_hints(state: FujiState) -> list[dict[str, Any]]:
    """The hints given this round, oldest first (§18): read from the newest event back to the one that opened the
    round, since a hint is logged in the round it is given (a long game's log is not read whole each time)."""
    now, opened = state.round, round_start_text(state.round)
    out = []
    for event in reversed(state.events):
        if event.kind == "hint":
            if event.data.get("round", now) == now:
                out.append(dict(event.data))
        elif event.kind == "phase" and event.text == opened:
            break
    out.reverse()
    return out


def _log_tail(state: FujiState, seat: int | None, count: int) -> list[str]:
    """The last `count` event texts `seat` may see, oldest first (read from the end: a log only grows)."""
    out: list[str] = []
    for event in reversed(state.events):
        if event.visible(seat):
            out.append(event.text)
            if len(out) == count:
                break
    out.reverse()
    return out
