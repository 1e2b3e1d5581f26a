"""Setup (discover.md §4): the scenario, the decks, the map, characters and each survivor's start.

Shuffles are not done at setup: every deck and pile is an undetermined bag whose next card is drawn when it is
revealed (architecture §2), so setup only says which cards are in which bag. What setup deals — the tribe
leader roll, characters and project cards — is a sequence of chance points, then the hidden, simultaneous
character choice.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from outlast.core.rng import game_state

from . import flow
from .board import board_for
from .copy import Copy, table
from .rounds import PickCharacter
from .terms import (
    BOX,
    CHARACTERS_DEALT,
    CLEAN_WATER,
    DECK,
    FIRE,
    FOOD,
    PLAYING,
    PROJECTS_DEALT,
    RESOURCES,
    SETUP,
    START_STAMINA,
    THINNED,
    UNSEEN,
)


def new_state(game: Any, copy: Copy, options: dict[str, Any], seed: int) -> DiscoverState:
    """A game set up by §4 steps 1–7 up to the first chance point."""
    copy.prepare()
    s = DiscoverState.__new__(DiscoverState)
    n = options["players"]
    s.game, s.copy, s.board, s.seats, s.options = game, copy, board_for(copy), n, options
    s.scenario = int(options["scenario"])
    s.started = n
    s.events, s.rng_state, s.revealed = [], game_state(seed), False
    s.phase, s.day, s.tribe_leader, s.current, s.day_order, s.over = SETUP, 0, 0, -1, [], 0
    s.result, s.votes = [""] * n, []
    s.status, s.character = [PLAYING] * n, [-1] * n
    s.character_offer, s.character_pick = [[] for _ in range(n)], [-1] * n
    s.position = [s.board.camp] * n
    s.stamina = [START_STAMINA[n]] * n
    s.damage = [[] for _ in range(n)]
    s.supplies = [[0] * len(RESOURCES) for _ in range(n)]
    for seat in range(n):
        s.supplies[seat][FOOD] = 1
        s.supplies[seat][CLEAN_WATER] = 1
    s.kept_tokens, s.hand, s.threats_held = [[] for _ in range(n)], [[] for _ in range(n)], [[] for _ in range(n)]
    s.dirty_pending = [0] * n
    s.trades_failed = [0] * n
    s.trades_refused = []
    _decks(s, copy)
    _map(s, copy)
    s.quest = next(q.id for q in copy.quests if q.scenario == s.scenario and q.stage == 1)
    s.quest_done, s.quest_paid, s.signal, s.signal_space = [], [0] * len(RESOURCES), 0, -1
    s.waiting_spawn = 0
    s.journal = [-1000 - s.quest]
    s.combat, s.support_played, s.support_rerolled = [], [-1] * n, [0] * n
    s.shield = [0] * n
    s.chance, s.drawn, s.decisions, s._legal_cache, s._held = [], [], [], None, None
    _deal(s)
    quest = copy.quests[s.quest]
    s.log("setup", f"Scenario {s.scenario} on the Island, copy {copy.copy_id}, {n} player(s). "
                   f"Quest {quest.code} {quest.name}: {quest.text}")
    flow.advance(s)
    return s


def _decks(s: DiscoverState, copy: Copy) -> None:
    """§4 steps 3–4: night deck (tier I on top), numbered decks in order, projects, threats, tokens."""
    s.card_place = list(copy.derived[_start_places][s.scenario == 5])
    s.card_counters = [0] * len(copy.cards)
    s.card_used_day = [0] * len(copy.cards)
    s.character_used_day = [0] * s.seats
    s.used_in_combat = []
    normal = [p.id for p in copy.projects if not p.advanced]
    s.projects_deck, s.projects_faceup = ([], sorted(normal)) if s.scenario == 5 else (sorted(normal), [])
    for project in _faceup_for_quest(s, copy):
        s.projects_deck.remove(project)
        s.projects_faceup.append(project)
    s.threat_deck, s.threat_discard = sorted(t.id for t in copy.threats), []
    s.night_deck, s.night_discard, s.night_card = sorted(c.id for c in copy.nights), [], -1
    s.feature_piles = [sorted(t.id for t in copy.features if t.back == b) for b in range(4)]
    s.feature_discard = [[], [], [], []]
    s.monster_supply = sorted(m.id for m in copy.monsters if not m.special)
    s.specials_left = sorted(m.id for m in copy.monsters if m.special)
    s.monster_discard = []
    s.water_pool = sorted(w.id for w in copy.waters)


@table
def _start_places(copy: Copy) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Where each numbered card starts, outside Scenario 5 and in it (§4 step 4): in its deck; a thinned number
    with several copies unseen until one is drawn to stay; card #100 in the box unless the scenario is 5."""
    counts = Counter(card.number for card in copy.cards)
    places = [UNSEEN if card.number in THINNED and counts[card.number] > 1 else DECK for card in copy.cards]
    scenario_5 = tuple(places)
    boxed = tuple(BOX if card.number == 100 else place for card, place in zip(copy.cards, places, strict=True))
    return boxed, scenario_5


def _faceup_for_quest(s: DiscoverState, copy: Copy) -> list[int]:
    """Scenario 2's signal is crafted "from a faceup project" (§17.12): the projects making the item its final stage
    asks to hold start faceup, for anyone to craft."""
    if s.scenario != 2:
        return []
    final = max((q for q in copy.quests if q.scenario == 2), key=lambda q: q.stage)
    item = final.requirement.get("hold_item") if isinstance(final.requirement, dict) else None
    return [p for p in s.projects_deck if copy.projects[p].item == item]


def _map(s: DiscoverState, copy: Copy) -> None:
    """§4 step 5: the start tile faceup in the centre, every other position facedown, the camp fire lit."""
    s.tile_face = [-1] * len(s.board.positions)
    s.tile_face[0] = next(t.id for t in copy.tiles if t.pile == 0)
    s.pieces = [(FIRE, s.board.camp, 1, 1)]


def _deal(s: DiscoverState) -> None:
    """§4 steps 2, 6 and 7d: the tribe leader roll, characters, then project cards (none in Scenario 5)."""
    n = s.seats
    flow.queue(s, flow.LEADER)
    for seat in range(n):
        for _ in range(CHARACTERS_DEALT[n]):
            flow.queue(s, flow.CHARACTER, seat)
    if s.scenario != 5:
        for seat in range(n):
            for _ in range(min(PROJECTS_DEALT[n], len(s.projects_deck))):
                flow.queue(s, flow.PROJECT, seat)
    s.decisions.append(PickCharacter(-1))


# Imported last, once this module's names exist, so the cycles among the rules modules resolve; not inside the
# functions that use them, where the import would run at every call.
from .state import DiscoverState  # noqa: E402
