"""The Discover position document (format 1, docs/state-format/discover.md): write it, read it back with checks.

A document is the header (game, format, rules version, options, copy id), then every declared field
(`fields.DECLARATION`). Reading checks each field on its own (type, range, length, references) and then the
fields together: every card, token, tile and project is in exactly one place.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from outlast.core.errors import SaveError, shown

from .terms import FEATURE, MONSTER, WATER

if TYPE_CHECKING:
    from .state import DiscoverState

FORMAT = 1
_HOLDING_A_FEATURE = ("look up a card", "use a key")
"""Decision kinds that hold the numbered feature token being resolved (its `token`), off the map meanwhile."""
HEADER = ("game", "format", "rules_version", "options", "copy_id")


def to_json(s: DiscoverState) -> dict[str, Any]:
    """The whole state as a JSON-safe document (the RNG included)."""
    from .fields import DECLARATION

    return {"game": s.game.name, "format": FORMAT, "rules_version": s.game.rules_version,
            "options": dict(s.options), "copy_id": s.copy.copy_id, **DECLARATION.to_doc(s)}


def from_json(game: Any, copy: Any, options: dict[str, Any], doc: dict[str, Any]) -> DiscoverState:
    """A state read from `doc` (header checked) after every field passed its checks; else `SaveError`."""
    from .board import board_for
    from .fields import DECLARATION
    from .state import DiscoverState

    copy.prepare()
    s = DiscoverState.__new__(DiscoverState)
    s.game, s.copy, s.board, s.options = game, copy, board_for(copy), options
    s.seats = s.started = options["players"]
    s.scenario = int(options["scenario"])
    s.revealed = False
    s._legal_cache = s._held = None
    DECLARATION.from_doc(s, {k: v for k, v in doc.items() if k not in HEADER})
    check_together(s)
    check_live(s)
    return s


def check_live(s: DiscoverState) -> None:
    """A game that goes on must wait for a chance outcome or for a seat that can answer (§18.1): a pending
    decision whose references point nowhere is refused here, before anyone plays on it."""
    if s.over:
        return
    if s.chance:
        try:
            outcomes = s.chance_outcomes()
        except (IndexError, KeyError, ValueError, TypeError, ZeroDivisionError) as exc:
            raise _fail(f"the pending chance point cannot be drawn ({type(exc).__name__})") from None
        if not outcomes:
            raise _fail("the pending chance point has nothing to draw")
        return
    if not s.decisions or s.decisions[-1].automatic:
        raise _fail("no seat may act, yet the game is not over")
    try:
        movers = s.to_move()
        answers = [a for seat in movers for a in s.legal_actions(seat)]
        s.decisions[-1].text(s)
    except (IndexError, KeyError, ValueError, TypeError, AttributeError, StopIteration) as exc:
        raise _fail(f"the pending decision {s.decisions[-1].kind!r} points at something that is not there "
                    f"({type(exc).__name__})") from None
    s._legal_cache = None
    if not movers or not answers:
        raise _fail(f"nobody can answer the pending decision {s.decisions[-1].kind!r}")
    stuck = [seat for seat in movers if not s.legal_actions(seat)]
    s._legal_cache = None
    if stuck:
        raise _fail(f"seat {stuck[0]} must answer the pending decision {s.decisions[-1].kind!r} but has no answer")


def _fail(problem: str) -> SaveError:
    return SaveError(f"the position is inconsistent: {problem}")


def check_together(s: DiscoverState) -> None:
    """Every component in exactly one place (conservation), and references that exist."""
    copy = s.copy
    places = Counter[str]()
    for token in [t for pile in s.feature_piles for t in pile] + [t for pile in s.feature_discard for t in pile] + \
            [t for kept in s.kept_tokens for t in kept] + [p[2] for p in s.pieces if p[0] == FEATURE and p[2] >= 0] + \
            [d.token for d in s.decisions if d.kind in _HOLDING_A_FEATURE and d.token >= 0]:  # type: ignore[attr-defined]
        if not 0 <= token < len(copy.features):
            raise _fail(f"feature token {token} is not in this copy")
        places[f"feature token {token}"] += 1
    hidden_features = Counter(-1 - p[2] for p in s.pieces if p[0] == FEATURE and p[2] < 0)
    for back, n in hidden_features.items():
        if not 0 <= back < 4 or n > len(s.feature_piles[back]):
            raise _fail(f"{n} facedown feature tokens of back {back} but only {len(s.feature_piles[back])} in its pile")
    for what, n in places.items():
        if n > 1:
            raise _fail(f"{what} is in {n} places")
    total = len(places)
    if total != len(copy.features):
        raise _fail(f"{len(copy.features) - total} feature tokens are missing")
    _check_ids(s)


def _check_ids(s: DiscoverState) -> None:
    copy = s.copy
    projects = s.projects_deck + s.projects_faceup + [p for hand in s.hand for p in hand]
    if len(set(projects)) != len(projects) or any(not 0 <= p < len(copy.projects) for p in projects):
        raise _fail("a project card is in two places or not in this copy")
    threats = s.threat_deck + s.threat_discard + [t for held in s.threats_held for t in held]
    if len(set(threats)) != len(threats) or any(not 0 <= t < len(copy.threats) for t in threats):
        raise _fail("a threat card is in two places or not in this copy")
    nights = s.night_deck + s.night_discard + ([s.night_card] if s.night_card >= 0 else [])
    if len(set(nights)) != len(nights) or any(not 0 <= c < len(copy.nights) for c in nights):
        raise _fail("a night card is in two places or not in this copy")
    for p in s.pieces:
        if p[0] == MONSTER and p[2] >= len(copy.monsters):
            raise _fail(f"monster token {p[2]} is not in this copy")
        if p[0] == WATER and p[2] >= len(copy.waters):
            raise _fail(f"water source {p[2]} is not in this copy")
    for position, face in enumerate(s.tile_face):
        if face >= len(copy.tiles) or (face >= 0 and copy.tiles[face].pile != s.board.pile_of[position]):
            raise _fail(f"tile position {position} shows a tile of another pile")
    for seat, c in enumerate(s.character):
        if c >= len(copy.characters):
            raise _fail(f"seat {seat} plays a character not in this copy: {shown(c)}")
        pick, offer = s.character_pick[seat], s.character_offer[seat]
        if c < 0 and pick >= 0 and pick not in offer:
            raise _fail(f"seat {seat}'s character_pick {pick} is not among its character_offer {offer}")
    if s.quest >= len(copy.quests):
        raise _fail("the current quest is not in this copy")
