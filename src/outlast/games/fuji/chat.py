"""The no-numbers rule for free chat (fuji.md §7.6, §18).

In phases 2 and 4 the explorers may talk, but nothing they say may carry a number or point at the
average, directly or indirectly; in phase 3 nobody talks at all (§7.6, §8.3). In phase 5 the screens
are down and every die is visible (§10.1), so "I have 2 sixes" is fine then, as at setup, in phases 1
and 6 and once the game is over. `check_message` is the filter every door runs before a chat line
reaches the table: it raises `ChatRefused` naming what gave the number away, and the door hands the
message back to its writer (it never rewrites it).

The filter is deliberately strict: a qualitative line ("lots of my dice came up high") passes, but a
word that can count ("one", "both", "pair", "most") is refused even where it was meant loosely.
Each language is a `ChatLanguage` word table; every message is checked against every table.

>>> check_message("my roll is poor for my destination")
>>> check_message("I rolled three yellows")
Traceback (most recent call last):
...
outlast.games.fuji.chat.ChatRefused: numbers are not allowed in chat: 'three' is a number word (§7.6)
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from outlast.core import OutlastError
from outlast.core.errors import shown

REROLL_PHASE = 3
"""Phase 3 (§7.6, §8.3) is played in silence."""
NUMBERLESS_PHASES = frozenset((2, 4))
"""Phases 2 and 4: talk, but no numbers (§7.6)."""
AFTER_GAME = -1
"""The `phase` to give `check_message` once the game is over: anything may be said."""
MAX_MESSAGE = 1000
"""Longest chat line read; a longer one is handed back unread."""


class ChatRefused(OutlastError):
    """A chat message the table may not hear; `reason` says why and `rule` names the §."""

    def __init__(self, reason: str, rule: str = "§7.6") -> None:
        self.reason = reason
        self.rule = rule
        super().__init__(f"{reason} ({rule})")


@dataclass(frozen=True)
class ChatLanguage:
    """What counts as a number in one language.

    `words` are single words that carry a count, a value or a fraction (cardinals, ordinals,
    multiplicatives, collective nouns, "average" and its kin); `plural_suffixes` turn a number
    word into its plural ("fives", "sixes"); `phrases` are counting phrases built from ordinary
    words ("more than", "not a single", "no … at all"), as regular expressions over the
    lower-cased message with single spaces.
    """

    code: str
    words: frozenset[str]
    plural_suffixes: tuple[str, ...]
    phrases: tuple[str, ...]

    def number_word(self, token: str) -> str | None:
        """`token` if it is a number word of this language (plurals included), else None."""
        if token in self.words:
            return token
        for suffix in self.plural_suffixes:
            if token.endswith(suffix) and token[: -len(suffix)] in self.words:
                return token
        return None

    def counting_phrase(self, text: str) -> str | None:
        """The first counting phrase found in `text` (lower-case, single-spaced), else None."""
        for pattern in self.phrases:
            m = re.search(pattern, text)
            if m:
                return m.group(0)
        return None


_EN_CARDINALS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred "
    "thousand million"
)
_EN_ORDINALS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
    "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
)
_EN_AMOUNTS = (
    # nothing at all, exactly one, exactly two, three…
    "none nothing nil nought naught zilch nobody once twice thrice single singles sole lone "
    "double doubles triple triples quadruple pair pairs couple dozen dozens half halves quarter quarters "
    "both trio twin twins solo "
    # the average and other totals (§7.6 forbids referring to the average, directly or not)
    "average averages median expectation sum total tally majority minority most fewer fewest numerous "
    "number numbers percent percentage"
)
_EN_PHRASES = (
    r"\ba pair\b",
    r"\ball of\b",
    r"\bnone of\b",
    r"\bevery one\b",
    r"\beach one\b",
    r"\bmore than\b",
    r"\bless than\b",
    r"\bat least\b",
    r"\bat most\b",
    r"\bhow many\b",
    r"\bas many as\b",
    r"\bnot a single\b",
    r"\bnot one\b",
    r"\bnot any\b",
    r"\b(?:do not|don't|dont|did not|didn't|have not|haven't|has not|hasn't) (?:have |got )?any\b",
    r"\bno\b(?: \w+){0,4} (?:at all|whatsoever)\b",
    r"\bno (?:\w+ ){0,2}(?:dice|die|roll|rolls|reroll|rerolls|face|faces)\b",
    r"\b(?:the|than|above|below|over|under) mean\b",
    r"\bcount(?:s|ed|ing)?\b(?! on\b)",
    r"\b(?:higher|lower|better|worse|more|less) than (?:usual|normal|expected)\b",
)

ENGLISH = ChatLanguage(
    code="en",
    words=frozenset(f"{_EN_CARDINALS} {_EN_ORDINALS} {_EN_AMOUNTS}".split()),
    plural_suffixes=("s", "es"),
    phrases=_EN_PHRASES,
)

LANGUAGES: dict[str, ChatLanguage] = {"en": ENGLISH}
"""Every supported chat language; a message is checked against all of them (§18)."""

ROMAN_NUMERALS = frozenset(
    ("ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv", "xv", "xvi", "xvii",
     "xviii", "xix", "xx")
)
"""Roman numerals written as words. A lone "i" is the English pronoun and is let through."""

_TOKEN = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")


def _normal(text: str) -> str:
    """Lower-case, compatibility-folded text with plain apostrophes and single spaces."""
    folded = unicodedata.normalize("NFKC", text).lower().replace("’", "'")
    return " ".join(re.sub(r"[^\w' ]+", " ", folded).split())


def check_message(text: str, phase: int | None = None) -> None:
    """Refuse a chat line that breaks the communication rule (§7.6, §8.3, §18).

    `phase` is the phase now (0 at setup, `AFTER_GAME` once it is over); None applies the no-numbers
    rule alone, as in phases 2 and 4. Raises `ChatRefused` when `phase` is 3 (no talking while
    rerolling), when the line is empty, not text or over `MAX_MESSAGE` characters, or, in phases 2
    and 4, when `text` holds a digit or other numeric character, a number word of any supported
    language (zero to twenty and beyond, ordinals, once/twice, none, pair, half, both, most,
    average…), a Roman numeral written as a word, or a counting phrase ("more than", "not a single",
    "no … at all"). In the other phases every die is visible or none is rolled yet, and numbers may
    be said. Returns None when the message may be said.

    >>> check_message("I'm not a threat to you for even dice")
    >>> check_message("slightly more pink than average")
    Traceback (most recent call last):
    ...
    outlast.games.fuji.chat.ChatRefused: numbers are not allowed in chat: 'average' is a number word (§7.6)
    """
    if phase == REROLL_PHASE:
        raise ChatRefused("no talking while the dice are being rerolled", "§8.3")
    if not isinstance(text, str):
        raise ChatRefused(f"a chat message is text, not {shown(text)}", "§18")
    if len(text) > MAX_MESSAGE:
        raise ChatRefused(f"a chat message is at most {MAX_MESSAGE} characters, not {len(text)}", "§18")
    if not text.strip():
        raise ChatRefused("an empty message says nothing", "§18")
    if phase is not None and phase not in NUMBERLESS_PHASES:
        return
    for ch in text:
        if ch.isnumeric():
            raise ChatRefused(f"numbers are not allowed in chat: {ch!r} is a numeral")
    normal = _normal(text)
    tokens = _TOKEN.findall(normal)
    for token in tokens:
        if token in ROMAN_NUMERALS:
            raise ChatRefused(f"numbers are not allowed in chat: {token!r} is a Roman numeral")
    for language in LANGUAGES.values():
        for token in tokens:
            word = language.number_word(token)
            if word:
                raise ChatRefused(f"numbers are not allowed in chat: {word!r} is a number word")
        phrase = language.counting_phrase(normal)
        if phrase:
            raise ChatRefused(f"numbers are not allowed in chat: {phrase!r} counts dice or values")


__all__ = ["AFTER_GAME", "ENGLISH", "LANGUAGES", "NUMBERLESS_PHASES", "ROMAN_NUMERALS", "ChatLanguage", "ChatRefused",
           "check_message"]
