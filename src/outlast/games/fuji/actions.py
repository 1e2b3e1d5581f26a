"""Fuji actions: one small frozen value type with a canonical one-line text (fuji.md §18).

`FujiAction(seat, verb, args)` holds ints only. Dice are written `k` (1-6) for the acting seat's own
explorer and `e:k` for explorer `e`'s die `k`; cards by their content id; cells as `C3`.
"""

from __future__ import annotations

from dataclasses import dataclass

from outlast.core import CHANCE, Action, IllegalAction

from .board import cell_code, cell_name
from .content import content

HINT_KINDS = ("threat", "fit", "intent")
HINT_LEVELS = (
    ("negligible", "some", "serious"),
    ("poor", "fair", "good", "great"),
    ("help", "card"),
)
INJURY_IDS = ("leg", "arm", "amnesia", "eye")
# params of each effect verb when a card is used: d = die, D = dice list, c = cell, e = explorer, f = face
USE_PARAMS = {
    "swap_terrain": "cc",
    "borrow_die": "e",
    "everyone_rerolls_one": "",
    "lend_die": "de",
    "turn_over": "D",
    "set_aside": "D",
    "lower_screen": "",
    "no_stamina_loss": "",
    "set_face": "df",
    "step_now": "c",
    "movement_bonus": "",
    "reroll": "",
    "grant_reroll": "e",
}


def die_label(seat: int, die: int) -> str:
    """`3` for the seat's own die 3, `2:3` for explorer 2's die 3."""
    e, k = divmod(die, 6)
    return str(k + 1) if e == seat else f"{e}:{k + 1}"


def parse_die(seat: int, token: str) -> int:
    """Inverse of `die_label`."""
    e_text, colon, k_text = token.partition(":")
    try:
        if colon:
            e, k = int(e_text), int(k_text)
        else:
            e, k = seat, int(e_text)
    except ValueError:
        raise ValueError(f"{token!r} is not a die (write 3 for your die 3, or 2:3 for explorer 2's die 3)") from None
    if not (0 <= e < 5 and 1 <= k <= 6):
        raise ValueError(f"{token!r} is not a die")
    return e * 6 + k - 1


@dataclass(frozen=True, slots=True)
class FujiAction(Action):
    """A Fuji action: `verb` plus int arguments; `str()` is its canonical text."""

    verb: str
    args: tuple[int, ...] = ()

    def __str__(self) -> str:
        try:
            return format_action(self)
        except (IndexError, KeyError, TypeError, AssertionError):  # ids outside the content: never legal
            return " ".join([self.verb, *map(str, self.args)])


def _card_id(i: int) -> str:
    return content().equipment[i].id


def _use_text(seat: int, args: tuple[int, ...]) -> str:
    eq = content().equipment
    card, copied, branch = args[0], args[1], args[2]
    words = ["use", eq[card].id]
    src = eq[copied] if copied >= 0 else eq[card]
    if copied >= 0:
        words.append(src.id)
    verb = src.branches[branch][0]
    if len(src.branches) > 1:
        words.append(verb)
    params = list(args[3:])
    form = USE_PARAMS[verb]
    if form == "cc":
        words += [cell_name(params[0]), cell_name(params[1])]
    elif form == "e":
        words += ["from" if verb == "borrow_die" else "to", str(params[0])]
    elif form == "de":
        words += [die_label(seat, params[0]), "to", str(params[1])]
    elif form == "D":
        words += [die_label(seat, d) for d in params]
    elif form == "df":
        words += [die_label(seat, params[0]), "face", str(params[1])]
    elif form == "c":
        words.append(cell_name(params[0]))
    return " ".join(words)


def format_action(a: FujiAction) -> str:
    """The canonical text of an action."""
    v, x, s = a.verb, a.args, a.seat
    if v == "roll":
        e, k = divmod(x[0], 6)
        return f"roll {e}:{k + 1} {x[1]}"
    if v == "skill":
        return f"deal skill {x[0]} {content().skills[x[1]].id}"
    if v == "character":
        return f"deal character {x[0]} {content().characters[x[1]]['id']}"
    if v == "place":
        return f"place {cell_name(x[0])} {content().terrain[x[1]].id}"
    if v == "draw":
        return f"draw {x[0]} {_card_id(x[1])}"
    if v == "keep":
        return "keep " + " ".join(_card_id(c) for c in x)
    if v in ("leave", "aside", "lend", "lose"):
        return f"{v} {die_label(s, x[0])}"
    if v == "starts":
        return f"starts {x[0]} {x[1]}"
    if v == "mark":
        return f"mark {cell_name(x[1])}" + ("" if x[0] == s else f" meeple {x[0]}")
    if v == "go":
        return "go" + ("" if x[0] == s else f" meeple {x[0]}")
    if v == "hint":
        kind = HINT_KINDS[x[0]]
        level = HINT_LEVELS[x[0]][x[2]]
        return f"hint threat {x[1]} {level}" if x[0] == 0 else f"hint {kind} {level}"
    if v == "give":
        return f"give {_card_id(x[0])} {x[1]}"
    if v == "use":
        return _use_text(s, x)
    if v == "reroll":
        return "reroll " + " ".join(die_label(s, d) for d in x)
    if v == "bars":
        return f"bars {x[0]}"
    if v == "path":
        return "path " + " ".join(cell_name(c) for c in x)
    if v == "injury":
        return f"injury {INJURY_IDS[x[0]]}"
    if not x:
        return v
    raise AssertionError(f"no text form for {v}")


def _card_index(token: str) -> int:
    for i, c in enumerate(content().equipment):
        if c.id == token:
            return i
    raise ValueError(f"no equipment card {token!r}; cards: {', '.join(c.id for c in content().equipment)}")


def _int(token: str, what: str) -> int:
    try:
        return int(token)
    except ValueError:
        raise ValueError(f"{token!r} is not a {what}") from None


def _parse_use(seat: int, words: list[str]) -> tuple[int, ...]:
    eq = content().equipment
    if not words:
        raise ValueError("use which card?")
    card = _card_index(words[0])
    rest = words[1:]
    copied = -1
    if eq[card].branches[0][0] == "copy_card":
        if not rest:
            raise ValueError(f"{eq[card].id} copies another card: say which")
        copied = _card_index(rest[0])
        rest = rest[1:]
    src = eq[copied] if copied >= 0 else eq[card]
    branch = 0
    if len(src.branches) > 1:
        names = [b[0] for b in src.branches]
        if not rest or rest[0] not in names:
            raise ValueError(f"{src.id} needs a choice: {' or '.join(names)}")
        branch = names.index(rest[0])
        rest = rest[1:]
    verb = src.branches[branch][0]
    form = USE_PARAMS.get(verb)
    if form is None:
        raise ValueError(f"{src.id} cannot be used that way")
    params: list[int] = []
    if form == "cc" and len(rest) == 2:
        params = [cell_code(rest[0]), cell_code(rest[1])]
    elif form == "e" and len(rest) == 2 and rest[0] in ("from", "to"):
        params = [_int(rest[1], "seat")]
    elif form == "de" and len(rest) == 3 and rest[1] == "to":
        params = [parse_die(seat, rest[0]), _int(rest[2], "explorer")]
    elif form == "D" and rest:
        params = sorted(parse_die(seat, t) for t in rest)  # a set of dice (§15): any order reads the same
    elif form == "df" and len(rest) == 3 and rest[1] == "face":
        params = [parse_die(seat, rest[0]), _int(rest[2], "face")]
    elif form == "c" and len(rest) == 1:
        params = [cell_code(rest[0])]
    elif form == "" and not rest:
        params = []
    else:
        raise ValueError(f"wrong words after 'use {src.id}': {' '.join(rest) or '(none)'}")
    return (card, copied, branch, *params)


def parse_action(seat: int, text: str) -> FujiAction:
    """Read canonical text (whitespace and case are free) into an action for `seat`.

    >>> str(parse_action(0, "  REROLL 1  4 "))
    'reroll 1 4'
    """
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction("empty action text", "§18")
    v, rest = words[0], words[1:]
    try:
        args: tuple[int, ...]
        if seat == CHANCE and v in ("roll", "deal", "place", "draw"):
            if v == "roll" and len(rest) == 2:
                args = (parse_die(-9, rest[0]), _int(rest[1], "face"))
            elif v == "deal" and len(rest) == 3 and rest[0] == "skill":
                ids = [s.id for s in content().skills]
                args = (_int(rest[1], "explorer"), ids.index(rest[2]))
                v = "skill"
            elif v == "deal" and len(rest) == 3 and rest[0] == "character":
                ids = [c["id"] for c in content().characters]
                args = (_int(rest[1], "explorer"), ids.index(rest[2]))
                v = "character"
            elif v == "place" and len(rest) == 2:
                args = (cell_code(rest[0]), content().terrain_index(rest[1].upper()))
            elif v == "draw" and len(rest) == 2:
                args = (_int(rest[0], "explorer"), _card_index(rest[1]))
            else:
                raise ValueError(f"cannot read chance outcome {text!r}")
            return FujiAction(seat, v, args)
        if v in ("ready", "stop", "collect", "skip", "refuse") and not rest:
            args = ()
        elif v == "keep" and rest:
            args = tuple(sorted(_card_index(t) for t in rest))  # a set of cards (§3.2): any order reads the same
        elif v in ("leave", "aside", "lend", "lose") and len(rest) == 1:
            args = (parse_die(seat, rest[0]),)
        elif v == "starts" and len(rest) == 2:
            args = (_int(rest[0], "seat"), _int(rest[1], "seat"))
        elif v == "mark" and len(rest) in (1, 3):
            who = seat if len(rest) == 1 else _int(rest[2], "meeple")
            if len(rest) == 3 and rest[1] != "meeple":
                raise ValueError("write 'mark C3' or 'mark C3 meeple 2'")
            args = (who, cell_code(rest[0]))
        elif v == "go" and len(rest) in (0, 2):
            if rest and rest[0] != "meeple":
                raise ValueError("write 'go' or 'go meeple 2'")
            args = (seat if not rest else _int(rest[1], "meeple"),)
        elif v == "hint" and rest and rest[0] in HINT_KINDS:
            kind = HINT_KINDS.index(rest[0])
            if kind == 0 and len(rest) == 3:
                args = (0, _int(rest[1], "seat"), HINT_LEVELS[0].index(rest[2]))
            elif kind > 0 and len(rest) == 2:
                args = (kind, -1, HINT_LEVELS[kind].index(rest[1]))
            else:
                raise ValueError("write 'hint threat SEAT LEVEL', 'hint fit LEVEL' or 'hint intent help|card'")
        elif v == "give" and len(rest) == 2:
            args = (_card_index(rest[0]), _int(rest[1], "explorer"))
        elif v == "use":
            args = _parse_use(seat, rest)
        elif v == "reroll" and rest:
            args = tuple(sorted(parse_die(seat, t) for t in rest))
        elif v == "bars" and len(rest) == 1:
            args = (_int(rest[0], "number of bars"),)
        elif v == "path" and rest:
            args = tuple(cell_code(t) for t in rest)
        elif v == "injury" and len(rest) == 1:
            args = (INJURY_IDS.index(rest[0]),)
        else:
            raise ValueError(f"cannot read {text.strip()!r}")
    except ValueError as exc:
        msg = str(exc)
        if "is not in" in msg or "not in tuple" in msg or "not in list" in msg:
            msg = f"cannot read {text.strip()!r}: an unknown word"
        raise IllegalAction(msg, "§18") from None
    return FujiAction(seat, v, args)
