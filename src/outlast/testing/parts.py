"""The parts of a decision agree with its legal texts (architecture §2, `outlast.core.parts`).

`parts_problems(state, seat)` lists what is wrong with `state.decision_parts(seat)`: the combinations the parts
allow, listed, must be exactly the seat's legal action texts (none missing, none extra, none twice); each pick
must map to its text and back (`action_text`, `pick_of`); each prefix of a pick must be answered by the part
`next` names; the parts must be plain JSON data; a seat with no legal action has no parts. `check_game` and
tests/test_decision_parts.py use it.
"""

from __future__ import annotations

import json
from collections import Counter

from outlast.core import State
from outlast.core.parts import Parts


def parts_problems(state: State, seat: int, *, picks: int = 40) -> list[str]:
    """What is wrong with `seat`'s decision parts in `state` (an empty list when they agree with its legal texts);
    `picks` bounds how many picks are walked prefix by prefix (every combination is listed and compared)."""
    legal = [str(a) for a in state.legal_actions(seat)]
    parts = state.decision_parts(seat)
    if not legal:
        return [] if parts is None else [f"seat {seat} has parts but no legal action"]
    if not isinstance(parts, Parts):
        return [f"seat {seat} has legal actions but its parts are {parts!r}"]
    problems: list[str] = []
    try:
        json.dumps(parts.to_json(), allow_nan=False)
    except (TypeError, ValueError) as exc:
        problems.append(f"seat {seat}: its parts are no JSON data ({exc})")
    combos = list(parts.combinations())
    counted = Counter(text for _, text in combos)
    twice = sorted(text for text, n in counted.items() if n > 1)
    missing = sorted(set(legal) - set(counted))
    extra = sorted(set(counted) - set(legal))
    for what, texts in (("gives twice", twice), ("misses the legal", missing), ("allows the illegal", extra)):
        if texts:
            problems.append(f"seat {seat}: its parts {what} {', '.join(texts[:5])}"
                            f"{f' and {len(texts) - 5} more' if len(texts) > 5 else ''} ({parts.text[:80]})")
    step = max(1, len(combos) // picks)
    for pick, text in combos[::step]:
        if parts.action_text(pick) != text or parts.pick_of(text) != pick:
            problems.append(f"seat {seat}: the pick {pick} does not map to {text!r} and back")
            break
        for i in range(len(pick) + 1):
            part = parts.next(pick[:i])
            if (part is None) != (i == len(pick)):
                problems.append(f"seat {seat}: next({pick[:i]}) is {part and part.name} for the pick {pick}")
                break
    return problems
