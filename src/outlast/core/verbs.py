"""Kernel verbs: the effect verbs that mean the same in every game, defined once (architecture §3).

Gaining and losing resources, wounding and healing, drawing and discarding cards, rerolling dice (and
choosing one of several effects, `choose`, which every `VerbRegistry` has built in) mean the same
wherever they appear. Each is one `KernelVerb` here: its meaning (`doc`), its parameters and its text.
A game adopts one with `VerbRegistry.adopt(KERNEL.gain, handler, Words(...))`: the handler carries it out
by the game's rules, and the `Words` name the game's own things — which resources, which decks, whom a
`who` may name, what a wound is called. So a card's `gain` is checked and read alike in every game, and a
game may not register a verb of its own under a kernel verb's name.

A parameter is adopted by every game that adopts its verb, or, when it names a `Words` field or an option,
only by a game that gives those words or turns that option on: a game takes only what its handler reads
(lint refuses a parameter a handler never reads).

>>> words = Words(resources={"wood": ("wood", "wood"), "gold": ("gold coin", "gold coins")})
>>> KERNEL.gain.schema(words)
{'wood': 'int?', 'gold': 'int?'}
>>> KERNEL.gain.render({"wood": 2, "gold": 1}, words)
'Gain 2 wood and 1 gold coin.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

Noun = tuple[str, str]
"""A countable thing in a game's words: (one, many), e.g. ("Wound", "Wounds")."""

SHARED = "split"
"""The `who` word a game may offer for an amount the chooser shares out among the players as they like."""


def count(n: int, noun: Noun) -> str:
    """`n` and the noun, singular for one: `count(2, ("die", "dice"))` is `'2 dice'`."""
    return f"{n} {noun[0] if abs(n) == 1 else noun[1]}"


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Words:
    """A game's words for the things kernel verbs name; each adoption gives the ones its verb uses.

    Every mapping goes from the word content writes to the words players read.
    """

    resources: Mapping[str, Noun] = field(default_factory=dict)
    """gain, lose: each resource, one optional amount parameter each (`{wood: 2}`)."""
    who: Mapping[str, str] = field(default_factory=dict)
    """Whom a `who` may name, e.g. `{"all": "every player"}`; `SHARED` makes the amount a share-out."""
    who_default: str = ""
    """The `who` word the game's rule applies when content names none (for clauses such as `shortfall`)."""
    to: Mapping[str, str] = field(default_factory=dict)
    """gain: where a gain may be sent instead of the game's usual place, e.g. `{"future": "into Future"}`."""
    decks: Mapping[str, Noun] = field(default_factory=dict)
    """draw: each deck, with the noun of what it gives."""
    cards: Mapping[str, Noun] = field(default_factory=dict)
    """discard: each kind of card that may be discarded, with its noun (and where from)."""
    dice: Mapping[str, str] = field(default_factory=dict)
    """reroll: each kind of die content may name, as the die it lets you reroll (`"any one red die"`)."""
    any_dice: str = ""
    """reroll: the dice it lets you reroll when content names no kind (`"any of your dice"`)."""
    kinds: Mapping[str, str] = field(default_factory=dict)
    """wound, heal: kinds of wound, if the game has several."""
    unit: Noun = ("", "")
    """wound, heal: what one wound is called."""
    lose_as: Noun = ("lose", "loses")
    """lose: the game's own word for losing resources, as (imperative, third person): a rulebook may say
    `discard` (`("discard", "discards")`)."""
    shortfall: str = ""
    """lose: what each missing one does, with `{who}` for whom it hits (`"each missing one wounds {who}"`)."""
    options: frozenset[str] = frozenset()
    """Optional parameters of plain type the game turns on (`times`, `per_player`, `if_possible`)."""

    def gives(self, name: str) -> bool:
        """Whether these words bring in the parameter adopted by `name` (a field given, or an option on)."""
        if name in self.options:
            return True
        value = getattr(self, name, None)
        return bool(value) and value != ("", "")


NO_WORDS = Words()


@dataclass(frozen=True)
class Param:
    """One parameter of a kernel verb.

    `type` is a schema type word, `amounts` (one `int?` per resource of the game) or `words:FIELD` (one of the
    game's words in that `Words` field); `adopted_by` is empty when every adoption has it, else the `Words`
    field or option that brings it in.
    """

    name: str
    type: str
    doc: str
    optional: bool = False
    adopted_by: str = ""


@dataclass(frozen=True)
class KernelVerb:
    """One verb every game means alike: its meaning, its parameters, the words it needs and its text."""

    name: str
    doc: str
    params: tuple[Param, ...]
    text: Callable[[dict[str, Any], Words], str]
    needs: tuple[str, ...] = ()
    """`Words` fields a game must give to adopt it."""
    check: Callable[[dict[str, Any], Words], tuple[str, str] | None] | None = None
    """What content may not say even when each parameter has its type: (parameter, or "" for the verb as a whole,
    problem), or None."""

    def schema(self, words: Words = NO_WORDS) -> dict[str, str]:
        """The parameter schema of this verb in a game with these words; words it needs and lacks are a
        `ValueError`, as are options it does not have."""
        for need in self.needs:
            if not words.gives(need):
                raise ValueError(f"kernel verb {self.name!r} needs the game's words for {need!r}")
        optional = {p.adopted_by for p in self.params if p.adopted_by and p.type in ("int", "bool")}
        for option in words.options:
            if option not in optional:
                raise ValueError(f"kernel verb {self.name!r} has no optional parameter {option!r}")
        out: dict[str, str] = {}
        for p in self.params:
            if p.adopted_by and not words.gives(p.adopted_by):
                continue
            if p.type == "amounts":
                given = {name: "int?" for name in words.resources}
            elif p.type.startswith("words:"):
                given = {p.name: f"enum({'|'.join(getattr(words, p.type[6:]))})" + ("?" if p.optional else "")}
            else:
                given = {p.name: p.type + ("?" if p.optional else "")}
            for name in given:
                if name in out:
                    raise ValueError(f"kernel verb {self.name!r}: {name!r} names a resource and a parameter")
            out.update(given)
        return out

    def render(self, params: dict[str, Any], words: Words) -> str:
        """The text players read for these parameters, in the game's words."""
        return self.text(params, words)


# ----------------------------------------------------------------------------- texts
def _amounts(p: dict[str, Any], words: Words) -> str:
    return " and ".join(count(p[r], noun) for r, noun in words.resources.items() if p.get(r)) or "nothing"


def _subject(p: dict[str, Any], words: Words, imperative: str, third: str) -> str:
    """`Gain` with no `who`, `The first player gains` with one."""
    who = p.get("who")
    return f"{_upper(words.who[who])} {third}" if who else imperative


def _gain_text(p: dict[str, Any], words: Words) -> str:
    body = _amounts(p, words) + (" per player" if p.get("per_player") else "")
    where = f" {words.to[p['to']]}" if p.get("to") else ""
    return f"{_subject(p, words, 'Gain', 'gains')} {body}{where}."


def _lose_text(p: dict[str, Any], words: Words) -> str:
    who = p.get("who")
    imperative, third = words.lose_as
    head = f"{words.who[who]} {third} {_amounts(p, words)}" if who else f"{imperative} {_amounts(p, words)}"
    if p.get("if_possible"):
        return f"If possible, {head}."
    text = _upper(head)
    if words.shortfall:
        text += "; " + words.shortfall.format(who=words.who.get(who or words.who_default, ""))
    return text + "."


def _hurt_text(imperative: str, third: str) -> Callable[[dict[str, Any], Words], str]:
    def text(p: dict[str, Any], words: Words) -> str:
        amount = count(p["n"], words.unit) + (f" ({words.kinds[p['kind']]})" if p.get("kind") else "")
        if p.get("who") == SHARED:
            return f"{imperative} {amount}, {words.who[SHARED]}."
        return f"{_subject(p, words, imperative, third)} {amount}."
    return text


def _draw_text(p: dict[str, Any], words: Words) -> str:
    return f"{_subject(p, words, 'Draw', 'draws')} {count(p['n'], words.decks[p['deck']])}."


def _discard_text(p: dict[str, Any], words: Words) -> str:
    return f"{_subject(p, words, 'Discard', 'discards')} {count(p['n'], words.cards[p['cards']])}."


def _reroll_text(p: dict[str, Any], words: Words) -> str:
    dice = words.dice[p["dice"]] if p.get("dice") else words.any_dice
    if p.get("times") is None:
        return f"Reroll {dice}."
    return f"Make {count(p['times'], ('reroll', 'rerolls'))} of {dice}."


# ----------------------------------------------------------------------------- checks
def _some_amount(p: dict[str, Any], words: Words) -> tuple[str, str] | None:
    for r in words.resources:
        if r in p and p[r] < 1:
            return r, f"an amount is at least 1, got {p[r]}"
    if not any(p.get(r) for r in words.resources):
        return "", f"names no amount; give one or more of {', '.join(words.resources)}"
    return None


def _at_least_one(*names: str) -> Callable[[dict[str, Any], Words], tuple[str, str] | None]:
    def check(p: dict[str, Any], words: Words) -> tuple[str, str] | None:
        for name in names:
            if p.get(name) is not None and p[name] < 1:
                return name, f"must be at least 1, got {p[name]}"
        return None
    return check


# ----------------------------------------------------------------------------- the verbs
_WHO = Param("who", "words:who", "whom it concerns, in the game's words (absent: the game's rule for the verb decides)",
             optional=True, adopted_by="who")


@dataclass(frozen=True)
class KernelVerbs:
    """Every kernel verb, by name (`KERNEL.gain`)."""

    gain: KernelVerb
    lose: KernelVerb
    wound: KernelVerb
    heal: KernelVerb
    prevent: KernelVerb
    draw: KernelVerb
    discard: KernelVerb
    reroll: KernelVerb

    def __iter__(self) -> Iterator[KernelVerb]:
        return (getattr(self, f.name) for f in fields(self))

    def names(self) -> frozenset[str]:
        """The kernel verbs' names, with the built-in `choose` and `all`: no game registers a verb so named."""
        return frozenset(v.name for v in self) | {"choose", "all"}


KERNEL = KernelVerbs(
    gain=KernelVerb(
        "gain", "Gain amounts of the game's resources; the game's rules say where they go (its usual store, or the "
        "place `to` names).",
        (Param("resources", "amounts", "how many of each resource (at least one)"), _WHO,
         Param("per_player", "bool", "each amount once per player", optional=True, adopted_by="per_player"),
         Param("to", "words:to", "where the gain goes instead of the usual place", optional=True, adopted_by="to")),
        _gain_text, needs=("resources",), check=_some_amount),
    lose=KernelVerb(
        "lose", "Lose amounts of the game's resources; what a shortfall does is the game's rule, unless "
        "`if_possible`: then, short of any, nothing at all is lost.",
        (Param("resources", "amounts", "how many of each resource (at least one)"),
         Param("if_possible", "bool", "all or nothing: short of any, nothing happens", optional=True,
               adopted_by="if_possible"), _WHO),
        _lose_text, needs=("resources",), check=_some_amount),
    wound=KernelVerb(
        "wound", "Wounds (damage) to whom `who` names; what a wound does is the game's rule.",
        (_WHO, Param("n", "int", "how many wounds (at least 1)"),
         Param("kind", "words:kinds", "the kind of wound", optional=True, adopted_by="kinds")),
        _hurt_text("Take", "takes"), needs=("unit",), check=_at_least_one("n")),
    heal=KernelVerb(
        "heal", "Wounds healed for whom `who` names (with `who: split`, shared out by the chooser).",
        (_WHO, Param("n", "int", "how many wounds (at least 1)"),
         Param("kind", "words:kinds", "the kind of wound healed", optional=True, adopted_by="kinds")),
        _hurt_text("Heal", "heals"), needs=("unit",), check=_at_least_one("n")),
    prevent=KernelVerb(
        "prevent", "Wounds (damage) that whom `who` names would take are not taken; how long the protection lasts "
        "(a combat, a round) and what it stops is the game's rule.",
        (_WHO, Param("n", "int", "how many wounds are prevented (at least 1)"),
         Param("kind", "words:kinds", "the kind of wound prevented", optional=True, adopted_by="kinds")),
        _hurt_text("Prevent", "prevents"), needs=("unit",), check=_at_least_one("n")),
    draw=KernelVerb(
        "draw", "Draw cards or tokens from one of the game's decks.",
        (Param("deck", "words:decks", "which deck"), Param("n", "int", "how many (at least 1)"), _WHO),
        _draw_text, needs=("decks",), check=_at_least_one("n")),
    discard=KernelVerb(
        "discard", "Discard cards of one of the game's kinds; the one discarding picks which.",
        (Param("cards", "words:cards", "which cards"), Param("n", "int", "how many (at least 1)"), _WHO),
        _discard_text, needs=("cards",), check=_at_least_one("n")),
    reroll=KernelVerb(
        "reroll", "Roll dice again: `times` rerolls (one when absent) of the user's dice, or only of the kind of die "
        "`dice` names.",
        (Param("dice", "words:dice", "the kind of die (absent: any)", optional=True, adopted_by="dice"),
         Param("times", "int", "how many rerolls (absent: 1)", optional=True, adopted_by="times")),
        _reroll_text, needs=("any_dice",), check=_at_least_one("times")),
)
"""The kernel verbs (docs/verbs.md)."""
