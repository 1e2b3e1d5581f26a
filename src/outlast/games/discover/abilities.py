"""Standing and usable abilities: passive modifier queries, card actions and once-per limits (§7.12, §9.8, §12.4).

No rule looks for a card by name: a passive ability answers a modifier query (`verbs.PASSIVE_QUERIES`) when its
condition holds, and card actions are listed from the abilities of the cards a survivor may use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .copy import Ability, table
from .exploring import at_fire, landmark_at
from .terms import IN_PLAY, PLAYING, UPGRADE

if TYPE_CHECKING:
    from .state import DiscoverState

SOURCE_CARD, SOURCE_CHARACTER, SOURCE_QUEST = 0, 1, 2
"""Where a usable ability is printed: a numbered card (item or upgrade), a character card, the quest card."""


def abilities_of(state: DiscoverState, seat: int) -> list[tuple[int, int, int, Ability]]:
    """(source kind, source id, ability index, ability) of every ability `seat` may draw on: its items and
    character, the upgrades in play, the current quest card (§7.12). A casualty's abilities never work."""
    if state.status[seat] != PLAYING:
        return []
    out: list[tuple[int, int, int, Ability]] = []
    printed, upgrades = state.copy.derived[_card_abilities]
    cards = [c for c in state.held()[seat] if c in printed]
    place = state.card_place
    in_play = [c for c in upgrades if place[c] == IN_PLAY]
    if in_play:
        cards = sorted(cards + in_play)  # a card is in one place: held or in play, never both
    for c in cards:
        out.extend((SOURCE_CARD, c, i, a) for i, a in enumerate(printed[c]))
    if state.character[seat] >= 0:
        character = state.copy.characters[state.character[seat]]
        out.extend((SOURCE_CHARACTER, character.id, i, a) for i, a in enumerate(character.abilities))
    if state.quest >= 0:
        quest = state.copy.quests[state.quest]
        out.extend((SOURCE_QUEST, quest.id, i, a) for i, a in enumerate(quest.abilities))
    return out


@table
def _card_abilities(copy: Any) -> tuple[dict[int, tuple[Ability, ...]], tuple[int, ...]]:
    """The abilities of every numbered card of a copy that prints one, by card id, and the ids of those that are
    upgrades (which work for everyone while in play): the only cards `abilities_of` need look at."""
    printed = {card.id: tuple(card.abilities) for card in copy.cards if card.abilities}
    return printed, tuple(c for c in printed if copy.cards[c].kind == UPGRADE)


def condition_holds(state: DiscoverState, seat: int, condition: Any, context: dict[str, int] | None = None) -> bool:
    """Whether an ability's condition holds for `seat` (`at_landmark`, `at_fire`, `cost_at_least`)."""
    if not condition:
        return True
    for key, value in condition.items():
        if key == "at_landmark" and landmark_at(state, state.position[seat]) != value:
            return False
        if key == "at_fire" and at_fire(state, state.position[seat]) != bool(value):
            return False
        if key == "cost_at_least" and (context or {}).get("cost", 0) < value:
            return False
    return True


@table
def passive_table(copy: Any) -> dict[str, list[tuple[int, int, Ability]]]:
    """Every passive ability of a copy by its query: (source kind, source id, ability)."""
    by_query: dict[str, list[tuple[int, int, Ability]]] = {}
    for card in copy.cards:
        for ability in card.abilities:
            if ability.use == "passive":
                by_query.setdefault(ability.query, []).append((SOURCE_CARD, card.id, ability))
    for character in copy.characters:
        for ability in character.abilities:
            if ability.use == "passive":
                by_query.setdefault(ability.query, []).append((SOURCE_CHARACTER, character.id, ability))
    for quest in copy.quests:
        for ability in quest.abilities:
            if ability.use == "passive":
                by_query.setdefault(ability.query, []).append((SOURCE_QUEST, quest.id, ability))
    return by_query


def _applies(state: DiscoverState, seat: int, source: int, ref: int) -> bool:
    if source == SOURCE_CARD:
        place = state.card_place[ref]
        return place == seat or (place == IN_PLAY and state.copy.cards[ref].kind == UPGRADE)
    if source == SOURCE_CHARACTER:
        return state.character[seat] == ref
    return state.quest == ref


def passive(state: DiscoverState, seat: int, query: str, context: dict[str, int] | None = None) -> int:
    """The sum of `seat`'s passive answers to `query` whose conditions hold (0 when none does)."""
    found = state.copy.derived[passive_table].get(query)
    if not found or state.status[seat] != PLAYING or not answers(state, seat, query):
        return 0
    total = 0
    for source, ref, ability in found:
        if _applies(state, seat, source, ref) and condition_holds(state, seat, ability.condition, context):
            total += ability.amount
    return total


def answers(state: DiscoverState, seat: int, query: str) -> bool:
    """Whether any passive ability answering `query` is `seat`'s now, whatever its condition: when none is, `passive`
    answers 0 without reading conditions."""
    found = state.copy.derived[_answerers].get(query)
    if not found:
        return False
    cards, upgrades, characters, quests = found
    if state.character[seat] in characters or state.quest in quests:
        return True
    for card in state.held()[seat]:
        if card in cards:
            return True
    if upgrades:
        place = state.card_place
        for card in upgrades:
            if place[card] == IN_PLAY:
                return True
    return False


Answerers = tuple[frozenset[int], tuple[int, ...], frozenset[int], frozenset[int]]
"""Who answers one query: (card ids, those of them that are upgrades, character ids, quest ids)."""


@table
def _answerers(copy: Any) -> dict[str, Answerers]:
    """`passive_table` by query as the sources `answers` looks for."""
    out: dict[str, Answerers] = {}
    for query, found in copy.derive(passive_table).items():
        cards = frozenset(ref for source, ref, _ in found if source == SOURCE_CARD)
        out[query] = (cards, tuple(sorted(c for c in cards if copy.cards[c].kind == UPGRADE)),
                      frozenset(ref for source, ref, _ in found if source == SOURCE_CHARACTER),
                      frozenset(ref for source, ref, _ in found if source == SOURCE_QUEST))
    return out


def move_cost(state: DiscoverState, seat: int, base: int) -> int:
    """The stamina to enter a space of cost `base` for `seat`: passive `move_cost` answers, never below 0
    (§6.3, §16.7)."""
    if not state.copy.derived[passive_table].get("move_cost"):
        return base
    return max(0, base + passive(state, seat, "move_cost", {"cost": base}))


def usable_today(state: DiscoverState, card: int, ability: Ability) -> bool:
    """A once-per-day ability of a card copy not used yet today (§9.8); others always."""
    if ability.once != "day":
        return True
    used = state.card_used_day[card]
    return used != state.day and used != -state.day


def mark_used(state: DiscoverState, card: int) -> None:
    """Record a once-per-day use: the day's number by day, minus it at night (§9.8)."""
    state.card_used_day[card] = state.day if state.phase == 1 else -state.day


def character_usable_today(state: DiscoverState, seat: int, ability: Ability) -> bool:
    """A character's once-per-day ability, used at most once a day by its survivor (§9.8 read for characters)."""
    if ability.once != "day":
        return True
    used = state.character_used_day[seat]
    return used != state.day and used != -state.day
