"""Robinson Crusoe actions: a verb plus short word arguments, with a canonical one-line text (§26).

`RobinsonAction(seat, verb, args)` holds strings and ints only. The text is `verb arg arg…`, e.g.
`place 1 build:shelter/wood`, `join dog 2`, `ready`, `choose 2`, `use stone_soup`, `camp s4`.

`parse_action` reads only the *form* of a text: the verb, how many words follow and how each is written
(`GRAMMAR`). A text that has no such form (a typo, an unknown word, a number in other digits, a control
character) is refused as unreadable, with an example and no rule §: a typo breaks no rule. A text with the
form of an action is returned even when it is illegal now; `apply` then refuses it with its reason and §.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from outlast.core import Action, IllegalAction
from outlast.core.errors import shown
from outlast.core.game import MAX_ACTION_TEXT

_ID = r"[a-z0-9][a-z0-9_\-]*"
_NUM = r"[0-9]{1,20}"
_SPACE = r"s[0-9]{1,20}"
FORMS: dict[str, str] = {
    "pawn": _ID,
    "number": _NUM,
    "id": _ID,
    "target": (r"(threat:[lr](/[0-9]{1,20})?|hunt|arrange|rest|build:[a-z0-9_]+(/(wood|fur|[0-9]{1,20}))?"
               rf"|gather:{_SPACE}:(wood|food)|explore:{_SPACE})"),
    "space": _SPACE,
    "source": rf"{_SPACE}:[0-9]{{1,20}}",
    "die": r"(wound|success|adventure)",
    "friday": r"friday",
    "stay|space": rf"(stay|{_SPACE})",
    "skip|space": rf"(skip|{_SPACE})",
    "determination|heal": r"(determination|heal)",
    "determination|morale": r"(determination|morale)",
    "wound|blank": r"(wound|blank)",
    "success|question": r"(success|question)",
    "adventure|blank": r"(adventure|blank)",
    "face": r"(wound|success|adventure|blank|question)",
    "weather": r"(rain[12]|winter[12]|blank|palisade|food|fight)",
}
"""How each kind of word is written (ASCII letters, digits, `_`, `-`, `:` and `/` only)."""

_MATCH = {k: re.compile(v, re.ASCII).fullmatch for k, v in FORMS.items()}

WHAT = {"pawn": "a pawn (1, 2, friday, dog or an additional pawn's name)", "number": "a number",
        "id": "an id", "target": "an Action target", "space": "a space such as s7",
        "source": "a source such as s7:1", "die": "a die (wound, success or adventure)",
        "friday": "friday", "stay|space": "stay or a space such as s7", "skip|space": "skip or a space such as s7",
        "determination|heal": "determination or heal", "determination|morale": "determination or morale",
        "wound|blank": "wound or blank", "success|question": "success or question",
        "adventure|blank": "adventure or blank", "face": "a die face",
        "weather": "a weather face (rain1, rain2, winter1, winter2, blank, palisade, food, fight)"}

GRAMMAR: dict[str, tuple[tuple[str, ...], ...]] = {
    # planning (§8.1, §26.1)
    "place": (("pawn", "target"),), "join": (("pawn", "number"),), "remove": (("pawn",),),
    "lead": (("number",),), "ready": ((),), "confirm": ((),),
    # any-time uses and windows (§13.2, §18.3, §19, §26.3)
    "use": (("id",), ("id", "number")), "pass": ((),), "reroll": (("die",), ("die", "friday")),
    # decisions (§26.2)
    "choose": (("number",),), "discard": (("id",),), "put": (("id",),), "flip": (("id",),), "pick": (("id",),),
    "top": ((),), "bottom": ((),), "continue": ((),), "stop": ((),), "hungry": (("id",),),
    "camp": (("stay|space",),), "morale": (("determination|heal",),), "arrange": (("determination|morale",),),
    "next": (("number",),), "pile": (("number",),), "corral": (("skip|space",),), "shortcut": (("space",),),
    "cover": (("source",),), "lose": (("space",),), "mark": (("space",),), "add": (("id",),), "keep": (("id",),),
    # chance outcomes
    "draw": (("id",),), "tile": (("number",),), "token": (("id",),), "weather": (("weather",),),
    "pit": (("wound|blank",),), "roll": (("face",), ("wound|blank", "success|question", "adventure|blank")),
}
"""Each verb's argument forms; `heal` and `give` take any number of character ids (`heal cook cook`)."""
LISTS = {"heal": 0, "give": 1}
"""Verbs followed by a list of character ids, with the fewest ids they take."""

VERBS = frozenset((*GRAMMAR, *LISTS))
CHANCE_VERBS = frozenset(("draw", "tile", "token", "weather", "pit", "roll"))

EXAMPLES = {
    "place": "`place 1 build:shelter/wood` (your pawn 1, `friday`, then an Action target)",
    "join": "`join dog 3` (a pawn, then the number of a planned Action)",
    "remove": "`remove 2` (the pawn to take back)", "lead": "`lead 3` (the number of a planned Action)",
    "use": "`use stone_soup`, or `use economical_construction 3` for a planned Action",
    "reroll": "`reroll success`, or `reroll success friday` with Friday's Determination",
    "choose": "`choose 1`", "heal": "`heal cook explorer`", "give": "`give carpenter cook soldier`",
    "discard": "`discard knife`", "put": "`put knife`", "flip": "`flip knife`", "pick": "`pick knife` or `pick 7`",
    "hungry": "`hungry cook`", "camp": "`camp stay` or `camp s7`", "morale": "`morale determination`",
    "arrange": "`arrange morale`", "next": "`next 4`", "pile": "`pile 2`", "corral": "`corral s4` or `corral skip`",
    "shortcut": "`shortcut s9`", "cover": "`cover s9:1`", "lose": "`lose s3`", "mark": "`mark s5`",
    "add": "`add basket` (the Item, on this Gathering)", "keep": "`keep basket` (the Item, for a later Gathering)",
    "draw": "`draw storm`", "tile": "`tile 7`", "token": "`token goat`", "weather": "`weather rain2`",
    "pit": "`pit wound`", "roll": "`roll wound success blank`, or `roll success` for one die",
}
GENERAL_EXAMPLE = "`place 1 build:shelter/wood`, `join dog 3`, `use stone_soup`, `choose 2` or `ready`"
_SEPARATORS = frozenset(" \t\r\n")


@dataclass(frozen=True, slots=True)
class RobinsonAction(Action):
    """A Robinson Crusoe action; `str()` is its canonical text."""

    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))


def well_formed(act: object) -> str | None:
    """None when `act` is a `RobinsonAction` made of a text verb and a tuple of texts, else what is wrong.

    `apply` accepts hand-made action objects; one with a list, number or bytes where words belong is refused
    before any rule looks at it.
    """
    if type(act) is not RobinsonAction:
        return f"{shown(act)} is not a Robinson Crusoe action"
    if type(act.verb) is not str or type(act.args) is not tuple or any(type(a) is not str for a in act.args):
        return (f"an action's verb and arguments are texts (a verb and a tuple of words), not "
                f"{shown(act.verb)} and {shown(act.args)}")
    if len(act.verb) + sum(len(a) + 1 for a in act.args) > MAX_ACTION_TEXT:
        return f"an action of more than {MAX_ACTION_TEXT} characters is no action of this game"
    return None


def unreadable(text: str, problem: str, example: str = GENERAL_EXAMPLE) -> IllegalAction:
    """The refusal of a text that cannot be read: what is wrong and how such an action is written (no §)."""
    return IllegalAction(f"cannot read {shown(' '.join(text.split()))}: {problem}; write it like {example}")


def parse_action(seat: int, text: str) -> RobinsonAction:
    """Read canonical text (whitespace and case are free) into an action for `seat`.

    >>> str(parse_action(0, "  PLACE 1  build:shelter/wood "))
    'place 1 build:shelter/wood'
    >>> parse_action(0, "join 1 ²")
    Traceback (most recent call last):
    ...
    outlast.core.errors.IllegalAction: cannot read 'join 1 ²': actions are written in plain letters and digits, \
and '²' is not one; write it like `join dog 3` (a pawn, then the number of a planned Action)
    """
    if not isinstance(text, str):
        raise IllegalAction(f"an action is text such as `ready`, not {shown(text)}")
    if len(text) > MAX_ACTION_TEXT:
        raise IllegalAction(f"cannot read an action text of {len(text)} characters (at most {MAX_ACTION_TEXT})")
    words = text.lower().split()
    example = EXAMPLES.get(words[0], GENERAL_EXAMPLE) if words else GENERAL_EXAMPLE
    odd = next((ch for ch in text if not (ch.isascii() and ch.isprintable()) and ch not in _SEPARATORS), None)
    if odd is not None:
        raise unreadable(text, f"actions are written in plain letters and digits, and {odd!r} is not one", example)
    if not words:
        raise IllegalAction(f"an empty text is no action; write it like {GENERAL_EXAMPLE}")
    verb, args = words[0], tuple(words[1:])
    if verb not in VERBS:
        raise unreadable(text, f"{shown(verb, 30)} is not an action word", GENERAL_EXAMPLE)
    if verb in LISTS:
        if len(args) < LISTS[verb] or not all(_MATCH["id"](a) for a in args):
            raise unreadable(text, f"{verb} is followed by character ids", example)
        return RobinsonAction(seat, verb, args)
    forms = GRAMMAR[verb]
    fitting = [f for f in forms if len(f) == len(args)]
    if not fitting:
        counts = " or ".join(str(len(f)) for f in forms)
        raise unreadable(text, f"{verb} takes {counts} word{'' if counts == '1' else 's'} after it, "
                               f"not {len(args)}", example)
    for form in fitting:
        bad = next((i for i, (kind, word) in enumerate(zip(form, args, strict=True)) if not _MATCH[kind](word)),
                   None)
        if bad is None:
            return RobinsonAction(seat, verb, args)
    form = fitting[-1]
    i = next(i for i, (kind, word) in enumerate(zip(form, args, strict=True)) if not _MATCH[kind](word))
    raise unreadable(text, f"{shown(args[i], 30)} is not {WHAT[form[i]]}", example)
