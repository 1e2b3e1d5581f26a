"""The parts of a Fuji seat's choice (architecture §2, `outlast.core.parts`): dice clicked, cells on the board.

The legal texts give the parts (`Parts.from_texts`); the combinatorial choices are declared instead: the starting
equipment kept is a subset of the cards dealt (§3.2), a reroll is
a subset of the seat's dice (§8.3, and §15 Water's equipment and granted rerolls), a destination marker a cell
then the meeple (§7.3), Binoculars two landscape cards (§15), Duct tape, Compass and Machete a subset of dice,
the Shovel a die then its new face, the Map a die then the meeple it goes to (§15). Each declaration is made from
the legal actions themselves and used only when they are exactly the combinations it allows, so the parts never
offer an illegal pick nor hide a legal one.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, TypeVar

from outlast.core.parts import Choice, Part

from .actions import INJURY_IDS, USE_PARAMS, FujiAction, die_label
from .board import cell_name
from .content import COLOUR_NAMES, VERBS

if TYPE_CHECKING:
    from .state import FujiState

T = TypeVar("T", int, str)


def declared_parts(state: FujiState, seat: int, legal: Sequence[FujiAction]) -> dict[str, tuple[Part, ...]]:
    """The declared parts of `seat`'s choice among its `legal` actions, by the text prefix they follow (§3.2 cards
    kept, §7.3 markers,
    §8.3 and §15 rerolls, §15 equipment choices); `State.decision_parts` derives the rest from the texts."""
    grafts: dict[str, tuple[Part, ...]] = {}
    rerolls = [a.args for a in legal if a.verb == "reroll" and a.args]
    if len(rerolls) > 1:
        part = _dice_subset(state, seat, rerolls, "dice", "dice to reroll")
        if part is not None:
            grafts["reroll"] = (part,)
    kept = [a.ids for a in legal if a.verb == "keep"]
    if len(kept) > 1:
        found = _exact_subsets(kept)
        if found is not None:
            cards, low, high = found
            by_id = {card.id: card for card in state.table.content.equipment}
            grafts["keep"] = (Part("cards", "card", "cards to keep", tuple(
                Choice(c, by_id[c].name, help=by_id[c].text()) if c in by_id else Choice(c, c) for c in cards),
                "subset", low, high),)
    grafts.update(_plain_choices(state, seat, legal))
    marks = [a for a in legal if a.verb == "mark"]
    if marks:
        grafts["mark"] = _mark_parts(seat, marks)
    uses: dict[str, list[tuple[int, ...]]] = {}
    verb_of: dict[str, str] = {}
    for a in legal:
        if a.verb == "use" and a.args[1:]:
            prefix = _use_prefix(a)
            uses.setdefault(prefix, []).append(a.args[1:])
            verb_of[prefix] = a.ids[2]
    for prefix, params in uses.items():
        parts = _use_parts(state, seat, USE_PARAMS[verb_of[prefix]], params)
        if parts is not None:
            grafts[prefix] = parts
    return grafts


def _plain_choices(state: FujiState, seat: int, legal: Sequence[FujiAction]) -> dict[str, tuple[Part, ...]]:
    """The die a 5-die skill leaves in the box (§17.1), the injury taken (§10.6) and the path walked (§10.2), each
    choice labelled and explained in plain words instead of `leave 6`, `injury amnesia` or `path D1 E1 E2`."""
    grafts: dict[str, tuple[Part, ...]] = {}
    leave = [a for a in legal if a.verb == "leave"]
    if leave:
        grafts["leave"] = (Part("die", "die", "the die left in the box", tuple(
            Choice(die_label(seat, a.args[0]), f"die {a.args[0] % 6 + 1}", help=_die_faces(state, a.args[0] % 6))
            for a in leave)),)
    injuries = [a for a in legal if a.verb == "injury"]
    if injuries:
        by_id = {injury["id"]: injury for injury in state.table.content.injuries}
        grafts["injury"] = (Part("injury", "option", "the injury taken", tuple(
            Choice(INJURY_IDS[a.args[0]], by_id[INJURY_IDS[a.args[0]]]["name"],
                   help=VERBS.render(by_id[INJURY_IDS[a.args[0]]]["effect"])) for a in injuries)),)
    paths = [a for a in legal if a.verb == "path"]
    if paths:
        grafts["path"] = (Part("path", "option", "the way walked", tuple(
            Choice(" ".join(cell_name(c) for c in a.args), "over " + " then ".join(cell_name(c) for c in a.args),
                   help="the cards your explorer walks over, in order, to reach its marker") for a in paths)),)
    return grafts


def _die_faces(state: FujiState, kind: int) -> str:
    """What a die of type `kind` shows (§17.1): the colour of each pair of opposite faces."""
    colours = state.table.content.die_colours[kind]
    pairs = ", ".join(f"{v} and {7 - v} {COLOUR_NAMES.get(colours[v], colours[v])}" for v in (1, 2, 3))
    return f"Its faces: {pairs}. It stays in the box; you play with the other five."


def _use_prefix(act: FujiAction) -> str:
    """The words of a `use` before its choices: `use binoculars`, `use pocket_knife shovel`, `use water reroll`."""
    card, copied, verb = act.ids
    return " ".join(["use", card, *([copied] if copied else []), *([verb] if act.args[0] >= 0 else [])])


def _die_choice(state: FujiState, seat: int, die: int) -> Choice:
    """A die the seat knows, labelled with its face and colour (§17.1): `die 3 (5 pink)`."""
    e, k = divmod(die, 6)
    owner = "" if e == seat else f"meeple {e}'s "
    colour = COLOUR_NAMES.get(state.colour(die), state.colour(die))
    return Choice(die_label(seat, die), f"{owner}die {k + 1} ({state.die_face[die]} {colour})")


def _elements(params: list[tuple[T, ...]]) -> list[T]:
    """The values the parameter tuples use, in order of first appearance."""
    seen: dict[T, None] = {}
    for row in params:
        for x in row:
            seen.setdefault(x, None)
    return list(seen)


def _exact_subsets(params: list[tuple[T, ...]]) -> tuple[list[T], int, int] | None:
    """(elements, min, max) when `params` are exactly every subset of min..max of the elements, each in the
    elements' order; else None (the texts then give the parts)."""
    elements = _elements(params)
    sizes = [len(p) for p in params]
    low, high = min(sizes), max(sizes)
    every = {combo for r in range(low, high + 1) for combo in combinations(elements, r)}
    if len(every) != len(params) or set(params) != every:
        return None
    return elements, low, high


def _dice_subset(state: FujiState, seat: int, params: list[tuple[int, ...]], name: str, label: str) -> Part | None:
    found = _exact_subsets(params)
    if found is None:
        return None
    dice, low, high = found
    return Part(name, "die", label, tuple(_die_choice(state, seat, d) for d in dice), "subset", low, high)


def _mark_parts(seat: int, marks: list[FujiAction]) -> tuple[Part, ...]:
    """§7.3: a destination marker is a cell, then (when the seat moves several meeples) which meeple."""
    by_cell: dict[int, list[int]] = {}
    for a in marks:
        by_cell.setdefault(a.args[1], []).append(a.args[0])
    choices = []
    for cell, meeples in by_cell.items():
        then: tuple[Part, ...] = ()
        if meeples != [seat]:
            then = (Part("meeple", "pawn", "which meeple", tuple(
                Choice("", "your meeple") if m == seat else Choice(f"meeple {m}", f"meeple {m}") for m in meeples)),)
        choices.append(Choice(cell_name(cell), cell_name(cell), then))
    return (Part("destination", "cell", "destination", tuple(choices)),)


def _use_parts(state: FujiState, seat: int, form: str, params: list[tuple[int, ...]]) -> tuple[Part, ...] | None:
    """§15: the declared parts of one card's use, by its effect's form of choices (`USE_PARAMS`), or None."""
    if form == "cc":  # Binoculars: two landscape cards
        found = _exact_subsets(params)
        if found is None:
            return None
        cells, low, high = found
        return (Part("cards", "cell", "two landscape cards to swap",
                     tuple(Choice(cell_name(c), cell_name(c)) for c in cells), "subset", low, high),)
    if form == "D":  # Duct tape, Compass, Machete: a set of dice
        part = _dice_subset(state, seat, params, "dice", "dice")
        return None if part is None else (part,)
    if form in ("df", "de"):  # Shovel: a die, then its new face; Map: a die, then the meeple it goes to
        by_die: dict[int, list[int]] = {}
        for die, other in params:
            by_die.setdefault(die, []).append(other)
        word, name, kind, label = (("face", "face", "amount", "new face") if form == "df" else
                                   ("to", "meeple", "pawn", "to meeple"))
        choices = tuple(
            Choice((d := _die_choice(state, seat, die)).value, d.label, (Part(name, kind, label, tuple(
                Choice(f"{word} {x}", f"{word} {x}") for x in others)),))
            for die, others in by_die.items())
        return (Part("die", "die", "which die", choices),)
    return None
