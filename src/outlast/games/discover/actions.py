"""Discover actions: one small frozen value type with a canonical one-line text (architecture §2).

`DiscoverAction(seat, verb, args)` holds the verb and its words — space names (`B3`), tile positions (`B`),
card numbers (`#33`), resource names, seat numbers — so its text needs no content, and `parse_action` reads any
text back into the same object. Legal actions are listed by the pending decision, and an action is legal when
it equals one of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from outlast.core import CHANCE, Action, IllegalAction
from outlast.core.decision import quick_init
from outlast.core.errors import shown
from outlast.core.game import MAX_ACTION_TEXT, canonical

POSITION_LETTERS = "ABCDEFGHIJKLMNOPQ"
"""Tile positions are named by letter, the start tile A (§17.2); a space is its tile's letter and slot (`B3`)."""


def space_name(space: int) -> str:
    """`B3`: slot 3 (the centre is 0, then N, NE, SE, S, SW, NW) of tile position B (§17.1)."""
    if 0 <= space < len(_NAMES):
        return _NAMES[space]
    return f"{POSITION_LETTERS[space // 7]}{space % 7}"


_NAMES = tuple(f"{letter}{slot}" for letter in POSITION_LETTERS for slot in range(7))
"""`space_name` of every space of the board, written once."""


def parse_space(word: str) -> int:
    """The space named `word` (`B3`), or -1."""
    found = _SPACE_OF.get(word)
    if found is not None:
        return found
    if len(word) == 2 and word[0].upper() in POSITION_LETTERS and word[1] in "0123456":
        return POSITION_LETTERS.index(word[0].upper()) * 7 + int(word[1])
    return -1


_SPACE_OF = {name: space for space, name in enumerate(_NAMES)}
"""Each space by its name as `space_name` writes it, the form every offered action carries (`parse_space` reads
other spellings the long way)."""


@dataclass(frozen=True, slots=True)
class DiscoverAction(Action):
    """One Discover action: the acting seat (or `CHANCE`), a verb and its words."""

    seat: int
    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args)) if self.args else self.verb


quick_init(DiscoverAction)  # built on almost every step: its slots are filled through their descriptors


_MADE: dict[tuple[object, ...], DiscoverAction] = {}
"""Every action `act` has built, by (seat, verb, arguments, the type of each argument): actions are immutable values,
so one object serves every state that lists it. The key holds the argument types so `True` and `1` stay apart.
The space of Discover actions is finite (seats × verbs × words), which bounds the table."""


_WORDS: dict[tuple[int, str, tuple[object, ...]], DiscoverAction] = {}
"""The same actions by (seat, verb, arguments) for those whose arguments are all text, looked up first: no value of
another type equals a text, so the argument types need not be in the key (most actions the turn offers)."""


SEAT_WORDS = ("0", "1", "2", "3")
"""Each seat's number as an action's argument (§1.1: up to 4 players): text, which `act` finds fastest."""


def act(seat: int, verb: str, *args: object) -> DiscoverAction:
    """An action from a verb and arguments of any printable type (ints become their text); built once per value."""
    made = _WORDS.get((seat, verb, args))
    if made is not None:
        return made
    key = (seat, verb, *args, *map(type, args))
    made = _MADE.get(key)
    if made is None:
        made = _MADE[key] = DiscoverAction(seat, verb, tuple(str(a) for a in args))
        if all(type(a) is str for a in args):
            _WORDS[seat, verb, args] = made
    return made


PLAYER_VERBS = frozenset((
    "move", "gather", "scout", "investigate", "craft", "trade", "cook", "restart", "recover", "loot", "use",
    "attack", "split", "end", "concede", "keep", "give", "ask", "propose", "accept", "reject", "counter", "cancel",
    "support", "spend", "reroll", "pass", "redirect", "take", "retreat", "fight", "pay", "suffer", "roll",
    "medicine", "name", "abstain", "drop", "discard", "return", "hand", "switch", "decline", "choose",
    "escape", "steal", "vote", "pick", "heal", "step", "stop",
))
CHANCE_VERBS = frozenset(("die", "leader", "character", "project", "tile", "feature", "water", "monster", "night",
                          "threat", "variant", "encounter"))
"""The verbs of player actions and of chance outcomes."""


UPPER_FIRST = frozenset(("move", "step", "retreat", "scout", "escape", "pick"))
"""Verbs whose first word is a space or tile name, written in capitals (`move B3`, `scout F`)."""


def parse_action(seat: int, text: str) -> DiscoverAction:
    """Read a canonical action text for `seat`; malformed text raises `IllegalAction` (legality is the state's)."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action text must be a string, not {shown(text)}")
    if len(text) > MAX_ACTION_TEXT:
        raise IllegalAction(f"cannot read an action text of {len(text)} characters (at most {MAX_ACTION_TEXT})")
    words = canonical(text).split()
    if not words:
        raise IllegalAction("an empty action text names no action")
    verb, args = words[0], tuple(words[1:])
    if verb in UPPER_FIRST and args:
        args = (args[0].upper(), *args[1:])
    known = CHANCE_VERBS if seat == CHANCE else PLAYER_VERBS
    if verb not in known:
        raise IllegalAction(f"{verb!r} is not a Discover {'chance outcome' if seat == CHANCE else 'action'}; "
                            f"known: {', '.join(sorted(known))}")
    if len(args) > 12:
        raise IllegalAction(f"too many words in {shown(text)}")
    return DiscoverAction(seat, verb, args)
