"""What a seat may see (fuji.md §18): the only way Fuji state leaves the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import INJURY_IDS, die_label
from .board import cell_name
from .content import requirement_text

if TYPE_CHECKING:
    from .state import FujiState


def observe(s: FujiState, seat: int | None) -> dict[str, Any]:
    """A JSON-safe view for `seat` (None: a spectator who sees only public things)."""
    from .terms import DECISION_NAMES, DISCARD, KEEPING, PHASE_NAMES, REMARK_LIMIT, UNDER_PILE

    t = s.table
    c = t.content
    b = t.board
    bit = 0 if seat is None else 1 << seat
    cells = []
    for code in b.cells:
        card = s.card_at[code]
        tc = c.terrain[card] if card >= 0 else None
        kind = {"V": "volcano", "R": "rubble", "H": "village", "h": "village"}.get(b.mark[code], "landscape")
        cells.append({
            "cell": cell_name(code), "kind": kind, "card": tc.id if tc else None,
            "requires": requirement_text(tc.requires) if tc and tc.requires else "",
            "extra_reroll": bool(tc and tc.extra_reroll), "lava": bool((s.lava >> code) & 1),
            "equipment_token": bool((s.equipment_tokens_left >> code) & 1),
            "eruption_token": 2 if (s.double_eruption_tokens_left >> code) & 1 else 1 if (s.eruption_tokens_left >> code) & 1 else 0,
            "start": "white" if code == b.white_start else "grey" if code == b.grey_start and t.explorers == 4 else "",
        })

    def die_view(i: int) -> dict[str, Any]:
        known = bool(s.die_seen_by[i] & bit) or s.die_seen_by[i] == t.all_seats
        out: dict[str, Any] = {"die": die_label(-9, i), "holder": s.die_holder[i]}
        if known and s.die_face[i]:
            out["value"] = s.die_face[i]
            out["colour"] = s.colour(i)
        else:
            out["hidden"] = True
        return out

    explorers = []
    for e in range(t.explorers):
        sk = c.skills[s.skill[e]] if s.skill[e] >= 0 else None
        ch = c.characters[s.character[e]] if s.character[e] >= 0 else None
        explorers.append({
            "index": e, "seat": t.ctrl[e], "character": ch["name"] if ch else None,
            "colour": ch["colour"] if ch else None, "skill": sk.id if sk else None,
            "skill_name": sk.name if sk else None, "skill_lost": bool((s.injuries[e] >> 2) & 1),
            "position": cell_name(s.position[e]), "marker": cell_name(s.destination[e]) if s.destination[e] >= 0 else None,
            "stamina": s.stamina[e], "injuries": [INJURY_IDS[k] for k in range(4) if (s.injuries[e] >> k) & 1],
            "power_bars": s.power_bars[e], "moved": bool(s.moved[e]),
            "equipment": [{"id": c.equipment[x].id, "name": c.equipment[x].name, "text": c.equipment[x].text(),
                           "phases": list(c.equipment[x].phases), "usable_from_round": s.card_usable_from[x],
                           "tapped": bool(s.card_used_once[x])} for x in range(len(s.card_location)) if s.card_location[x] == e],
            "dice": [die_view(i) for i in range(t.dice) if s.die_holder[i] == e and s.die_in_play[i] and i // 6 != t.extra],
            "dice_in_play": sum(s.die_in_play[e * 6:e * 6 + 6]),
            "first_aid": bool(s.no_stamina_loss[e]), "flare": s.movement_bonus[e],
            "screen_down": s.screen_lowered[e] == s.phase and s.phase in (2, 4),
        })
    view: dict[str, Any] = {
        "game": "fuji", "seat": seat, "round": s.round, "phase": s.phase, "phase_name": PHASE_NAMES[s.phase],
        "options": {k: list(v) if isinstance(v, tuple) else v for k, v in t.options.items()},
        "scenario": {"id": b.scenario, "name": b.name, "rows": b.rows, "cols": b.cols},
        "board": cells, "explorers": explorers, "neighbours": [list(n) for n in t.neighbours],
        "stamina_board": {"spaces": c.stamina_spaces, "injury_spaces": list(c.injury_spaces),
                          "exhaustion": c.exhaustion},
        "level_loss": list(t.level_loss),
        "set_aside": [die_view(i) for i in range(t.dice) if s.die_holder[i] == -1 and s.die_face[i]],
        "draw_pile": sum(1 for x in s.card_location if x in (-1, UNDER_PILE) or x <= KEEPING),
        "discard": [c.equipment[x].id for x in range(len(s.card_location)) if s.card_location[x] == DISCARD],
        "to_move": s.to_move(),
        "ready": list(s.ready),
        "remarks_left": [max(0, REMARK_LIMIT - r) for r in s.remarks],
        "rerolls_left": list(s.rerolls_left) if s.phase == 3 else [],
        "hints": [dict(e.data) for e in s.events if e.kind == "hint" and e.data.get("round", s.round) == s.round]
        if s.phase in (2, 3, 4) else [],
        "pending": [{"decision": DECISION_NAMES[d.index], "seat": d.seat, "meeple": d.explorer} for d in s.decisions],
        "over": s.is_over(),
        "log": [e.text for e in s.events if e.visible(seat)][-30:],
    }
    if t.extra >= 0:
        view["extra_dice"] = [die_view(i) for i in range(t.extra * 6, t.extra * 6 + 6)]
    if seat is not None:
        view["keeping"] = [c.equipment[x].id for x in range(len(s.card_location))
                           if s.card_location[x] <= KEEPING and t.ctrl[KEEPING - s.card_location[x]] == seat]
        view["under_pile"] = [c.equipment[e // 8].id for e in s.under_pile if e % 8 == seat]
    if s.is_over():
        out = s.outcome()
        view["outcome"] = dict(out.details)
    return view
