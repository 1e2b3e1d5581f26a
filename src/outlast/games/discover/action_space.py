"""Every action text a Discover seat could be offered, whatever the copy (the RL action space, §18).

A Discover action names only what its text can say without content (`actions.py`): spaces (`B3`), tile
positions (`F`), seat numbers, card numbers (`#33`), feature and monster tokens (`t12`), projects (`p4`), resource,
damage, die and support words. So the action space is a grammar: each verb with every word its decisions may
put after it, under bounds every generated copy keeps (§17.24: 17 tile positions of 7 spaces, cards #1–#100, the
53 feature tokens of §3.2, at most `MAX_TOKEN` monster tokens, `MAX_PROJECTS` projects, `MAX_CHARACTERS`
characters). One list serves every copy and every scenario, so a learner trained on some copies plays any other.

Cut (allowed by `Game.action_texts`): `cook N` is listed up to `MAX_COOK` meat and `choose N` up to
`MAX_BRANCHES` branches; no generated content reaches either, and a door treats an action beyond them as it treats
any unlisted action. `tests/discover/test_discover_rl.py` plays random and heuristic games of every scenario and
player count on many copies and checks that every legal action met is listed.

`chance_texts()` lists every chance outcome (`die N` of the 12-sided dice, `tile N`, `feature N`, …): each verb of `CHANCE_VERBS` with
the indices its pools may hold, under the same bounds.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from .actions import POSITION_LETTERS, space_name
from .combat_base import DIE_WORDS
from .terms import BACK_COUNTS, BACKS, DAMAGE, DIE, RESOURCES, SUPPORT

MAX_SEATS = 4
"""Seats are numbered 0–3 (§1.1)."""
SPACES = tuple(space_name(s) for s in range(len(POSITION_LETTERS) * 7))
"""The 119 spaces of the 17 tile positions (§17.1)."""
CARD_NUMBERS = tuple(f"#{n}" for n in range(1, 101))
"""Numbered cards #1–#100 (§9.1, §17.15)."""
FEATURES = sum(BACK_COUNTS)
"""The 53 feature tokens (§3.2), named `t0`…`t52` when faceup."""
MAX_TOKEN = 64
"""Token words `t0`…`t63`: feature tokens, and monster tokens by their index in the copy (8 normal and the
specials of §17.24, at most 11 in any copy generated so far)."""
MAX_PROJECTS = 16
"""Project words `p0`…`p15` (a copy has 11: the crafted items #89–#99, §17.24)."""
MAX_CHARACTERS = 16
"""Character words `0`…`15` of the secret choice (a copy has 12, §17.24)."""
MAX_ABILITIES = 3
"""Card actions are numbered from 1 (`use #33 1`); a generated card, character or quest has at most 2."""
MAX_COOK = 12
"""`cook N` up to 12 meat: more than the carry limit of 10 (§8.3) allows, carriers included."""
MAX_BRANCHES = 4
"""`choose N` up to 4 branches: the effect templates offer 2 or 3 (§10)."""

SIMPLE = ("end", "concede", "investigate", "restart", "keep", "take", "pass", "suffer", "roll", "medicine",
          "abstain", "accept", "reject", "counter", "cancel", "propose", "switch", "decline", "stop")
"""Verbs that take no word."""
SPACE_VERBS = ("move", "step", "retreat", "escape", "pick")
"""Verbs whose word is a space."""


def _seats() -> tuple[str, ...]:
    return tuple(str(s) for s in range(MAX_SEATS))


def _tokens() -> tuple[str, ...]:
    return tuple(f"t{t}" for t in range(MAX_TOKEN))


def _projects() -> tuple[str, ...]:
    return tuple(f"p{p}" for p in range(MAX_PROJECTS))


def _texts() -> Iterator[str]:
    seats, tokens, projects = _seats(), _tokens(), _projects()
    yield from SIMPLE
    for verb in SPACE_VERBS:
        yield from (f"{verb} {space}" for space in SPACES)
    yield from (f"pick {space} {token}" for space in SPACES for token in tokens)  # a moving monster (§16.6)
    yield from (f"pick {s}" for s in seats)  # who fights, whom a monster walks to (§11.4, §18.3)
    yield from (f"scout {letter}" for letter in POSITION_LETTERS)
    for verb in ("trade", "attack", "redirect", "name", "vote", "give"):
        yield from (f"{verb} {s}" for s in seats)
    yield from (f"keep {c}" for c in range(MAX_CHARACTERS))  # the secret character choice (§18.4)
    yield from (f"gather {word}" for word in ("water", *BACKS, *RESOURCES, *tokens))
    yield from (f"{verb} {token}" for verb in ("split", "fight", "drop") for token in tokens)
    for verb in ("drop", "pay", "spend", "steal", "ask", "give"):
        yield from (f"{verb} {r}" for r in RESOURCES)
    for verb in ("discard", "return", "ask", "give"):
        yield from (f"{verb} {n}" for n in CARD_NUMBERS)
    yield from (f"hand {n} {s}" for n in CARD_NUMBERS for s in seats)
    yield from (f"{verb} {p}" for verb in ("craft", "give") for p in projects)
    yield from (f"give {s} {r}" for s in seats for r in RESOURCES)  # a combat reward shared (§12.6)
    yield from (f"loot {s} {what}" for s in seats for what in (*RESOURCES, *CARD_NUMBERS))
    yield from (f"recover {s} {d} {r}" for s in seats for d in DAMAGE for r in RESOURCES)
    yield from (f"cook {n}" for n in range(1, MAX_COOK + 1))
    yield from (f"choose {n}" for n in range(1, MAX_BRANCHES + 1))
    yield from (f"heal {d}" for d in DAMAGE)
    yield from (f"reroll {die}" for die in DIE_WORDS)
    yield from (f"support {word}" for word in ("none", *SUPPORT))
    sources = (*CARD_NUMBERS, "character", "quest")
    yield from (f"use {source} {k}" for source in sources for k in range(1, MAX_ABILITIES + 1))  # card actions
    pays = ("", "counter", *RESOURCES)
    for source in sources:  # combat abilities (§12.4): `use SOURCE [die] [payment]`
        for die in ("", *DIE_WORDS):
            for pay in pays:
                yield " ".join(w for w in ("use", source, die, pay) if w)


@cache
def action_texts() -> tuple[str, ...]:
    """Every canonical action text any seat of any copy, scenario and player count may be offered (module doc).

    >>> texts = action_texts()
    >>> "move B3" in texts and "use #33 1" in texts and "recover 1 dehydration clean_water" in texts
    True
    >>> len(texts) == len(set(texts))
    True
    """
    seen: dict[str, None] = {}
    for text in _texts():
        seen.setdefault(text, None)
    return tuple(seen)


@cache
def chance_texts() -> tuple[str, ...]:
    """Every chance outcome text under the same bounds: each chance verb with every index its pools may hold.

    >>> texts = chance_texts()
    >>> "die 12" in texts and "tile 0" in texts
    True
    """
    out: list[str] = [f"die {v}" for v in range(1, DIE + 1)]
    for verb in ("leader", "character", "project", "tile", "feature", "water", "monster", "night", "threat",
                 "variant", "encounter"):
        out += [f"{verb} {i}" for i in range(CHANCE_RANGE)]
    return tuple(dict.fromkeys(out))


CHANCE_RANGE = 128
"""Chance outcomes name an index into a pool of the copy (a tile, a card, a token): below 128 in every copy."""
