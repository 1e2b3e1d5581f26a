"""The parts of a Discover seat's choice (architecture §2, `outlast.core.parts`): spaces and tiles on the map.

Discover asks for one thing at a time (a trade is drafted word by word, §18.2), so no choice of it is a
combination; the parts declared here only say which words are places on the map — a space to move, step, retreat
or escape to (§7.1), a tile to scout — and which are seats (a trade partner, the next tribe leader, a monster's
target), so a door shows them on the map or on the seats instead of as buttons. The rest comes from the texts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from outlast.core.parts import Choice, Part

from .actions import DiscoverAction

if TYPE_CHECKING:
    from .state import DiscoverState

SPACE = re.compile(r"[A-Z][0-6]")
"""A space of the map: its tile's letter and slot (`B3`)."""
TILE = re.compile(r"[A-Z]")
"""A tile position of the map (`F`)."""
SEAT_VERBS = {"trade": "seat to trade with", "name": "next tribe leader", "pick": "the monster's target",
              "give": "seat to give the token to"}
"""Verbs whose one word is a seat number, with the name of that seat for people."""


def declared_parts(legal: Sequence[DiscoverAction], state: DiscoverState | None = None) -> dict[str, tuple[Part, ...]]:
    """The declared parts of a seat's choice among its `legal` actions, by the verb they follow: a space (§7.1),
    a tile or a seat, when every text of that verb is the verb and one such word; with the `state`, the secret
    character choice (§4) as the offered characters by name, each with its title and abilities to read. The rest
    comes from the texts."""
    words: dict[str, list[str]] = {}
    other: set[str] = set()
    for act in legal:
        if len(act.args) == 1:
            words.setdefault(act.verb, []).append(act.args[0])
        else:
            other.add(act.verb)
    grafts: dict[str, tuple[Part, ...]] = {}
    uses = [act.args for act in legal if act.verb == "use"]
    if state is not None and uses and "use" not in words:
        grafts["use"] = (_abilities(state, legal[0].seat, uses),)
    for verb, args in words.items():
        if verb in other or len(args) < 2:
            continue
        if (verb == "keep" and state is not None and state.decisions
                and state.decisions[-1].kind == "choose a character"
                and all(a.isdigit() and int(a) < len(state.copy.characters) for a in args)):
            people = [state.copy.characters[int(a)] for a in args]
            grafts[verb] = (Part("character", "card", "your character", tuple(
                Choice(a, c.name, help=f"{c.title}. {c.text}") for a, c in zip(args, people, strict=True))),)
            continue
        if all(SPACE.fullmatch(a) for a in args):
            grafts[verb] = (Part("space", "space", f"space to {verb} to", tuple(Choice(a, a) for a in args)),)
        elif all(TILE.fullmatch(a) for a in args):
            grafts[verb] = (Part("tile", "tile", f"tile to {verb}", tuple(Choice(a, f"tile {a}") for a in args)),)
        elif verb in SEAT_VERBS and all(a.isdigit() for a in args):
            grafts[verb] = (Part("seat", "seat", SEAT_VERBS[verb], tuple(Choice(a, f"seat {a}") for a in args)),)
    return grafts


def _abilities(state: DiscoverState, seat: int, uses: Sequence[tuple[str, ...]]) -> Part:
    """The abilities a survivor may use now (a card action, §7.12, or a combat modifier, §12.4), each named by whose
    it is (a card, the survivor's character, the quest card) with the ability's text to read, instead of `#33 1`
    or `character 1`."""
    choices = []
    for args in uses:
        label, ability = " ".join(args), None
        k = int(args[1]) - 1 if len(args) == 2 and args[1].isdigit() else -1
        if args[0] == "character" and state.character[seat] >= 0:
            character = state.copy.characters[state.character[seat]]
            label, ability = f"{character.name}'s ability", _nth(character.abilities, k)
        elif args[0] == "quest" and state.quest >= 0:
            label, ability = "the quest card's action", _nth(state.copy.quests[state.quest].abilities, k)
        elif args[0].startswith("#"):
            card = next((c for c in state.copy.cards if f"#{c.number}" == args[0]), None)
            if card is not None:
                label, ability = f"{card.name} ({args[0]})", _nth(card.abilities, k)
        choices.append(Choice(" ".join(args), label, help=ability.text if ability is not None else ""))
    return Part("ability", "card", "ability to use", tuple(choices))


def _nth(abilities: Sequence[Any], k: int) -> Any:
    return abilities[k] if 0 <= k < len(abilities) else None
