"""Fuji actions: one small frozen value type with a canonical one-line text (fuji.md §18).

`FujiAction(seat, verb, args, ids)` holds ints (`args`: dice, cells, meeples, counts) and the content ids of
the cards it names (`ids`), so its text needs no content: the game's own content (`FujiGame.content`) is
read only to make and to parse actions. Dice are written `k` (1-6) for the acting seat's own explorer and
`e:k` for explorer `e`'s die `k`; cards by their content id; cells as `C3`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from outlast.core import CHANCE, Action, IllegalAction, whole_number
from outlast.core.errors import shown
from outlast.core.game import MAX_ACTION_TEXT

from .board import cell_code, cell_name

if TYPE_CHECKING:
    from .content import Content, Equipment

HINT_KINDS = ("threat", "fit", "intent")
HINT_LEVELS = (
    ("negligible", "some", "serious"),
    ("poor", "fair", "good", "great"),
    ("help", "card"),
)
INJURY_IDS = ("leg", "arm", "amnesia", "eye")

END_CODES = ("village", "lava", "exhausted")
"""How a game ends (`FujiGame.result_codes`, §12): a state's `over` is 1 + the index (0 while playing); only
`village` (§12.2) is a win; `lava` is §12.1 and `exhausted` §10.7."""
PLAYER_VERBS = frozenset(("ready", "stop", "collect", "skip", "refuse", "keep", "leave", "aside", "lend", "lose",
                          "starts", "mark", "go", "hint", "give", "use", "reroll", "bars", "path", "injury"))
CHANCE_VERBS = frozenset(("roll", "skill", "character", "place", "draw"))
"""The verbs of player actions and of chance outcomes."""
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
    if colon:
        e, k = _digit(e_text), _digit(k_text)
    else:
        e, k = seat, _digit(e_text)
    if not (0 <= e < 5 and 1 <= k <= 6):
        raise ValueError(f"{token[:24]!r} is not a die (write 3 for your die 3, or 2:3 for meeple 2's die 3)")
    return e * 6 + k - 1


def _digit(text: str) -> int:
    """A one-digit number in ASCII, else -1 (`"²"` and `"٣"` are digits to Python, not to us)."""
    return int(text) if len(text) == 1 and "0" <= text <= "9" else -1


@dataclass(frozen=True, slots=True)
class FujiAction(Action):
    """A Fuji action: `verb`, int arguments and the ids of the cards it names; `str()` is its canonical text.

    Which card ids a verb names (`ids`): `deal skill`/`deal character`/`place`/`draw`/`give` the one card,
    `keep` the cards kept (in content order), `use` (card, copied card or "", the effect's verb); a `use`'s
    `args` are (the branch chosen on a card that offers a choice, else -1, then the effect's choices).
    """

    verb: str
    args: tuple[int, ...] = ()
    ids: tuple[str, ...] = ()

    def __str__(self) -> str:
        try:
            return format_action(self)
        except Exception:  # fields of the wrong type or shape: never legal, shown safely
            return f"{shown(self.verb)} {shown(self.args)} {shown(self.ids)}"


MAX_ARG = 4095
"""No cell code, die slot or count of Fuji comes near this; larger numbers are refused unread."""
MAX_ID = 64
"""No card id or effect verb of Fuji is longer; a longer one is refused unread."""


def use_head(equipment: tuple[Equipment, ...], card: int, copied: int, branch: int) -> tuple[int, tuple[str, ...]]:
    """(first argument, ids) of every `use` of card `card` (copying card `copied`, or -1) with its effect `branch`."""
    source = equipment[copied if copied >= 0 else card]
    return (branch if len(source.branches) > 1 else -1,
            (equipment[card].id, equipment[copied].id if copied >= 0 else "", source.branches[branch][0]))


def use_action(equipment: tuple[Equipment, ...], seat: int, card: int, copied: int, branch: int,
               params: tuple[int, ...]) -> FujiAction:
    """The `use` of card `card` (copying card `copied`, or -1) with its effect `branch` and choices `params` (§15)."""
    choice, ids = use_head(equipment, card, copied, branch)
    return FujiAction(seat, "use", (choice, *params), ids)


def use_parts(c: Content, act: FujiAction) -> tuple[int, int, int, tuple[int, ...]]:
    """(card, copied card or -1, branch, choices) of a `use` action, cards as content indices (KeyError: no card)."""
    index = c.equipment_by_id
    card_id, copied_id, _ = act.ids
    args = act.args
    return index[card_id], index[copied_id] if copied_id else -1, max(args[0], 0), args[1:]


def malformed(act: FujiAction) -> str | None:
    """What makes `act` no Fuji action at all (a verb of no kind, arguments that are not small whole
    numbers, card ids that are not short texts), or None. Cheap and safe for any field values: the legality
    check runs it before it reads them."""
    verb, args = act.verb, act.args
    chance = act.seat == CHANCE
    if type(verb) is not str or verb not in (CHANCE_VERBS if chance else PLAYER_VERBS):
        return f"{shown(verb)} is no Fuji {'chance outcome' if chance else 'action'}"
    if type(args) is not tuple or len(args) > 40:
        return f"its arguments are a tuple of whole numbers, not {shown(args)}"
    for x in args:
        if type(x) is not int or not -1 <= x <= MAX_ARG:
            return f"{shown(x)} is no cell, die or count of this game"
    ids = act.ids
    if type(ids) is not tuple or len(ids) > 40:
        return f"its card ids are a tuple of texts, not {shown(ids)}"
    for word in ids:
        if type(word) is not str or len(word) > MAX_ID:
            return f"{shown(word)} is no card id of this game"
    return None


def _use_text(seat: int, args: tuple[int, ...], ids: tuple[str, ...]) -> str:
    card, copied, verb = ids
    words = ["use", card]
    if copied:
        words.append(copied)
    if args[0] >= 0:
        words.append(verb)
    params = list(args[1:])
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
    """The canonical text of an action (it needs no content: the action holds the ids of its cards)."""
    v, x, s = a.verb, a.args, a.seat
    if v == "roll":
        e, k = divmod(x[0], 6)
        return f"roll {e}:{k + 1} {x[1]}"
    if v == "skill" or v == "character":
        return f"deal {v} {x[0]} {a.ids[0]}"
    if v == "place":
        return f"place {cell_name(x[0])} {a.ids[0]}"
    if v == "draw":
        return f"draw {x[0]} {a.ids[0]}"
    if v == "keep":
        return "keep " + " ".join(a.ids)
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
        return f"give {a.ids[0]} {x[0]}"
    if v == "use":
        return _use_text(s, x, a.ids)
    if v == "reroll":
        return "reroll " + " ".join(die_label(s, d) for d in x)
    if v == "bars":
        return f"bars {x[0]}"
    if v == "path":
        return "path " + " ".join(cell_name(c) for c in x)
    if v == "injury":
        return f"injury {INJURY_IDS[x[0]]}"
    if not x and not a.ids:
        return v
    raise AssertionError(f"no text form for {v}")


class Unreadable(ValueError):
    """Text that is no action at all (a typo, not a rule breach): `problem` says what, `example` how to write it."""

    def __init__(self, problem: str, example: str = "") -> None:
        self.problem = problem
        self.example = example
        super().__init__(problem)


EXAMPLES = {
    "ready": "`ready`", "stop": "`stop`", "collect": "`collect`", "skip": "`skip`", "refuse": "`refuse`",
    "keep": "`keep map rope` (the ids of the cards you keep)",
    "leave": "`leave 6` (your die 6)", "aside": "`aside 3` (your die 3)", "lend": "`lend 3` (your die 3)",
    "lose": "`lose 3` (your die 3)",
    "starts": "`starts 0 2` (the two meeples that start on the white card)",
    "mark": "`mark C3`, or `mark C3 meeple 2` for another meeple you move",
    "go": "`go`, or `go meeple 2` for another meeple you move",
    "hint": "`hint threat 1 some`, `hint fit good` or `hint intent help`",
    "give": "`give map 1` (a card id, then the meeple who gets it)",
    "use": "`use rope D2`, `use map 3 to 1` or `use radio`",
    "reroll": "`reroll 1 4 5` (your dice 1, 4 and 5; `2:3` is meeple 2's die 3)",
    "bars": "`bars 2`", "path": "`path D1 E1 E2`", "injury": "`injury leg` (leg, arm, amnesia or eye)",
    "roll": "`roll 0:3 5` (meeple 0's die 3 shows 5)", "deal": "`deal skill 0 scout` or `deal character 0 li`",
    "place": "`place C3 L07`", "draw": "`draw 1 map`",
}
"""How each verb is written, shown when a text cannot be read (docs/api.md lists every action)."""
GENERAL_EXAMPLE = "`mark C3`, `reroll 1 4`, `use rope D2`, `go` or `ready` (docs/api.md lists every action)"
CHANCE_EXAMPLE = "`roll 0:3 5`, `place C3 L07`, `draw 1 map` or `deal skill 0 scout`"
MAX_SEATS = 4
"""Fuji seats at most (§1.1): `parse_action` refuses any other seat before reading the text."""
_USE_EXAMPLE = {"cc": "A2 B3", "e": "to 1", "de": "3 to 1", "D": "1 4", "df": "3 face 6", "c": "D2", "": ""}
_SEPARATORS = frozenset(" \t\r\n")


def _number(token: str, what: str, example: str) -> int:
    """A whole number written in ASCII digits (at most 20), else `Unreadable`."""
    n = whole_number(token) if token.isdigit() else None
    if n is None:
        raise Unreadable(f"{token[:24]!r} is not a {what}", example)
    return n


def _one_of(token: str, words: tuple[str, ...], what: str, example: str, shown_words: tuple[str, ...] = ()) -> int:
    if token not in words:
        article = "an" if what[0] in "aeiou" else "a"
        raise Unreadable(f"{token[:24]!r} is not {article} {what} ({', '.join(shown_words or words)})", example)
    return words.index(token)


def _die(seat: int, token: str, example: str) -> int:
    try:
        return parse_die(seat, token)
    except ValueError as exc:
        raise Unreadable(str(exc), example) from None


def _cell(token: str, example: str) -> int:
    try:
        return cell_code(token)
    except ValueError as exc:
        raise Unreadable(str(exc), example) from None


def _card_index(c: Content, token: str, example: str) -> int:
    i = c.equipment_by_id.get(token)
    if i is None:
        raise Unreadable(f"no equipment card {token[:24]!r}; cards: {', '.join(e.id for e in c.equipment)}", example)
    return i


def _parse_use(c: Content, seat: int, words: list[str]) -> FujiAction:
    eq = c.equipment
    if not words:
        raise Unreadable("use which card?", EXAMPLES["use"])
    card = _card_index(c, words[0], EXAMPLES["use"])
    rest = words[1:]
    copied = -1
    if eq[card].branches[0][0] == "copy_card":
        if not rest:
            raise Unreadable(f"{eq[card].id} copies another card: say which", f"`use {eq[card].id} map 3 to 1`")
        copied = _card_index(c, rest[0], f"`use {eq[card].id} map 3 to 1`")
        rest = rest[1:]
    src = eq[copied] if copied >= 0 else eq[card]
    lead = f"use {eq[card].id}" + (f" {src.id}" if copied >= 0 else "")
    branch = 0
    if len(src.branches) > 1:
        names = [b[0] for b in src.branches]
        if not rest or rest[0] not in names:
            raise Unreadable(f"{src.id} needs a choice: {' or '.join(names)}",
                             " or ".join(f"`{lead} {n}`" for n in names))
        branch = names.index(rest[0])
        lead += f" {rest[0]}"
        rest = rest[1:]
    verb = src.branches[branch][0]
    form = USE_PARAMS.get(verb)
    if form is None:
        raise Unreadable(f"{src.id} cannot be used that way", EXAMPLES["use"])
    word = "from" if verb == "borrow_die" else "to"
    example = f"`{lead} {_USE_EXAMPLE[form].replace('to', word)}`".replace(" `", "`").strip()
    params: list[int] = []
    if form == "cc" and len(rest) == 2:
        params = [_cell(rest[0], example), _cell(rest[1], example)]
    elif form == "e" and len(rest) == 2 and rest[0] == word:
        params = [_number(rest[1], "meeple", example)]
    elif form == "de" and len(rest) == 3 and rest[1] == "to":
        params = [_die(seat, rest[0], example), _number(rest[2], "meeple", example)]
    elif form == "D" and rest:
        params = sorted(_die(seat, t, example) for t in rest)  # a set of dice (§15): any order reads the same
    elif form == "df" and len(rest) == 3 and rest[1] == "face":
        params = [_die(seat, rest[0], example), _number(rest[2], "face", example)]
    elif form == "c" and len(rest) == 1:
        params = [_cell(rest[0], example)]
    elif form == "" and not rest:
        params = []
    else:
        raise Unreadable(f"wrong words after '{lead}': {' '.join(rest)[:40] or '(none)'}", example)
    return use_action(eq, seat, card, copied, branch, tuple(params))


def _parse_chance(c: Content, v: str, rest: list[str]) -> FujiAction:
    """A chance outcome's text (tests and the physical-dice mode supply them): `roll 0:3 5`, `place C3 L07`…"""
    example = EXAMPLES.get(v, CHANCE_EXAMPLE)
    if v == "roll" and len(rest) == 2:
        return FujiAction(CHANCE, v, (_die(-9, rest[0], example), _number(rest[1], "face", example)))
    if v == "deal" and len(rest) == 3 and rest[0] in ("skill", "character"):
        ids = tuple(s.id for s in c.skills) if rest[0] == "skill" else tuple(ch["id"] for ch in c.characters)
        who = _number(rest[1], "meeple", example)
        return FujiAction(CHANCE, rest[0], (who,), (ids[_one_of(rest[2], ids, rest[0], example)],))
    if v == "place" and len(rest) == 2:
        ids = tuple(t.id.lower() for t in c.terrain)
        cell = _cell(rest[0], example)
        card = _one_of(rest[1], ids, "terrain card", example, tuple(t.id for t in c.terrain))
        return FujiAction(CHANCE, v, (cell,), (c.terrain[card].id,))
    if v == "draw" and len(rest) == 2:
        who = _number(rest[0], "meeple", example)
        return FujiAction(CHANCE, v, (who,), (c.equipment[_card_index(c, rest[1], example)].id,))
    if v in ("roll", "deal", "place", "draw"):
        raise Unreadable(f"wrong words after {v!r}", example)
    raise Unreadable(f"{v[:24]!r} is no chance outcome", CHANCE_EXAMPLE)


def _parse_cards(c: Content, seat: int, v: str, rest: list[str]) -> FujiAction | None:
    """The action of a player verb that names equipment cards (`keep`, `give`, `use`), else None."""
    example = EXAMPLES.get(v, GENERAL_EXAMPLE)
    if v == "keep" and rest:
        kept = sorted(_card_index(c, t, example) for t in rest)  # a set of cards (§3.2): any order reads the same
        return FujiAction(seat, v, (), tuple(c.equipment[i].id for i in kept))
    if v == "give" and len(rest) == 2:
        card = _card_index(c, rest[0], example)
        return FujiAction(seat, v, (_number(rest[1], "meeple", example),), (c.equipment[card].id,))
    if v == "use":
        return _parse_use(c, seat, rest)
    return None


def _parse_words(seat: int, v: str, rest: list[str]) -> tuple[int, ...]:
    """The int arguments of player verb `v` (one that names no card) from its words; `Unreadable` if they are not
    its form."""
    example = EXAMPLES.get(v, GENERAL_EXAMPLE)
    if v in ("ready", "stop", "collect", "skip", "refuse") and not rest:
        return ()
    if v in ("leave", "aside", "lend", "lose") and len(rest) == 1:
        return (_die(seat, rest[0], example),)
    if v == "starts" and len(rest) == 2:
        return (_number(rest[0], "meeple", example), _number(rest[1], "meeple", example))
    if v == "mark" and len(rest) in (1, 3) and (len(rest) == 1 or rest[1] == "meeple"):
        who = seat if len(rest) == 1 else _number(rest[2], "meeple", example)
        return (who, _cell(rest[0], example))
    if v == "go" and (not rest or (len(rest) == 2 and rest[0] == "meeple")):
        return (seat if not rest else _number(rest[1], "meeple", example),)
    if v == "hint" and rest and rest[0] in HINT_KINDS:
        kind = HINT_KINDS.index(rest[0])
        if kind == 0 and len(rest) == 3:
            return (0, _number(rest[1], "seat", example), _one_of(rest[2], HINT_LEVELS[0], "threat level", example))
        if kind > 0 and len(rest) == 2:
            return (kind, -1, _one_of(rest[1], HINT_LEVELS[kind], f"{rest[0]} level", example))
    if v == "reroll" and rest:
        return tuple(sorted(_die(seat, t, example) for t in rest))
    if v == "bars" and len(rest) == 1:
        return (_number(rest[0], "number of bars", example),)
    if v == "path" and rest:
        return tuple(_cell(t, example) for t in rest)
    if v == "injury" and len(rest) == 1:
        return (_one_of(rest[0], INJURY_IDS, "injury", example),)
    if v in PLAYER_VERBS:
        raise Unreadable(f"wrong words after {v!r}", example)
    raise Unreadable(f"{v[:24]!r} is no action", GENERAL_EXAMPLE)


def parse_action(c: Content, seat: int, text: str) -> FujiAction:
    """Read canonical text (whitespace and case are free) into an action for `seat`, its cards those of content `c`
    (`FujiGame.parse_action` passes the game's own).

    Text that is no action at all (a typo, an unknown word, a number written in other digits, a control
    character) raises `IllegalAction` saying it cannot be read and how such an action is written, with no
    rule §: a typo breaks no rule. Text that reads as an action is returned even if it is illegal now;
    `apply` then refuses it with its reason and §.

    >>> from outlast.games.fuji import GAME
    >>> str(parse_action(GAME.content, 0, "  REROLL 1  4 "))
    'reroll 1 4'
    >>> parse_action(GAME.content, 0, "blah blah")
    Traceback (most recent call last):
    ...
    outlast.core.errors.IllegalAction: cannot read 'blah blah': 'blah' is no action; write it like `mark C3`, \
`reroll 1 4`, `use rope D2`, `go` or `ready` (docs/api.md lists every action)
    """
    if not isinstance(text, str):
        raise IllegalAction(f"an action is text such as `ready`, not {shown(text)}")
    if type(seat) is not int or not (seat == CHANCE or 0 <= seat < MAX_SEATS):
        raise IllegalAction(f"a seat is a whole number from 0 to {MAX_SEATS - 1}, not {shown(seat)}")
    if len(text) > MAX_ACTION_TEXT:
        raise IllegalAction(f"cannot read an action text of {len(text)} characters (at most {MAX_ACTION_TEXT})")
    odd = next((ch for ch in text if not (ch.isascii() and ch.isprintable()) and ch not in _SEPARATORS), None)
    if odd is not None:
        raise IllegalAction(f"cannot read {shown(text.strip())}: actions are written in plain letters and digits, "
                            f"and {odd!r} is not one; write it like {GENERAL_EXAMPLE}")
    words = text.lower().split()
    if not words:
        raise IllegalAction(f"an empty text is no action; write it like {GENERAL_EXAMPLE}")
    v, rest = words[0], words[1:]
    try:
        if seat == CHANCE:
            return _parse_chance(c, v, rest)
        if v in ("roll", "deal", "place", "draw"):
            _parse_chance(c, v, rest)  # readable as an outcome: then it is a rule matter, not a typo
            raise IllegalAction("dice are rolled, and cards dealt, placed and drawn, by chance: no seat sets them "
                                "(a card effect may change a die, §9)", "§6")
        action = _parse_cards(c, seat, v, rest)
        if action is not None:
            return action
        args = _parse_words(seat, v, rest)
    except Unreadable as exc:
        raise IllegalAction(f"cannot read {shown(' '.join(text.split()))}: {exc.problem}; "
                            f"write it like {exc.example or GENERAL_EXAMPLE}") from None
    return FujiAction(seat, v, args)
