"""English for the texts players read: a count with its noun, the article before a word, sentences joined by
"then". Every log line, prompt and panel that puts a number or a name into a sentence uses these, so "1 dice",
"a Adventure token" and "Then The acting player" cannot be written (tests/test_words.py scans the texts of many
random games of every game for such slips).
"""

from __future__ import annotations

from collections.abc import Iterable

IRREGULAR = {"die": "dice", "dice": "dice", "copy": "copies", "wolf": "wolves", "knife": "knives",
             "person": "people", "food": "food", "wood": "wood", "stamina": "stamina", "damage": "damage",
             "clean water": "clean water", "dirty water": "dirty water", "stone": "stone"}
"""Plurals that are not the noun plus `s`, and mass nouns that stay as they are."""

VOWEL_SOUND_EXCEPTIONS = {"one": "a", "once": "a", "use": "a", "used": "a", "unique": "a", "usual": "a", "hour": "an",
                          "honest": "an"}
"""Words whose first letter does not tell their article: `a one-time …`, `an hour`."""

THEN_LOWERED = frozenset({
    "the", "a", "an", "each", "every", "all", "shuffle", "gain", "draw", "take", "unless", "if", "heal", "lose",
    "discard", "put", "roll", "move", "you", "your", "choose", "place", "add", "remove", "return", "reveal", "flip",
    "keep", "pay", "spend", "suffer", "its", "their", "this", "that", "one", "no", "nothing",
})
"""First words of a sentence that read lower-case after "then"; any other (a game term such as `Palisade -1` or
`Morale +1`) keeps its capital."""


def plural(noun: str, count: int = 2) -> str:
    """The noun's form for `count` things: singular for 1 (and -1), plural otherwise.

    >>> plural("space", 1), plural("space", 3), plural("die", 2), plural("copy", 0), plural("food", 4)
    ('space', 'spaces', 'dice', 'copies', 'food')
    """
    if abs(count) == 1:
        return "die" if noun == "dice" else noun
    if noun in IRREGULAR:
        return IRREGULAR[noun]
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in ("a", "e", "i", "o", "u"):
        return noun[:-1] + "ies"
    return noun + "s"


def count(number: int, noun: str) -> str:
    """A number with its noun agreeing: `1 space`, `2 spaces`, `1 die`, `3 dice`.

    >>> count(1, "project"), count(2, "project"), count(1, "dice"), count(5, "decision")
    ('1 project', '2 projects', '1 die', '5 decisions')
    """
    return f"{number} {plural(noun, number)}"


def article(word: str, capital: bool = False) -> str:
    """The word with `a` or `an` before it, by its first sound: `an Adventure`, `a beast`, `an extra-pawn`.

    >>> article("Adventure"), article("beast"), article("extra-pawn", capital=True), article("one-time")
    ('an Adventure', 'a beast', 'An extra-pawn', 'a one-time')
    """
    first = word.split(maxsplit=1)[0].split("-")[0].lower() if word.strip() else ""
    chosen = VOWEL_SOUND_EXCEPTIONS.get(first) or ("an" if first[:1] in ("a", "e", "i", "o", "u") else "a")
    return f"{chosen.capitalize() if capital else chosen} {word}"


def then_join(sentences: Iterable[str]) -> str:
    """Sentences that happen one after another, joined with "Then", the word after it in lower case unless it is
    a game term: `Gain 2 food. Then the acting player …`.

    >>> then_join(["Gain 2 food.", "The acting player takes 1 Wound.", "Palisade -1."])
    'Gain 2 food. Then the acting player takes 1 Wound. Then Palisade -1.'
    """
    out: list[str] = []
    for i, text in enumerate(sentences):
        if i and text:
            first = text.split(maxsplit=1)[0].rstrip(",.:;")
            if first.lower() in THEN_LOWERED and first[:1].isupper() and not first[1:2].isupper():
                text = text[0].lower() + text[1:]
        out.append(text)
    return " Then ".join(out)


__all__ = ["article", "count", "plural", "then_join"]
