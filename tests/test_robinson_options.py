"""Robinson Crusoe options (robinson-crusoe.md §3, §14, §15): defaults, variants and bad values."""

from __future__ import annotations

import pytest

import outlast
from outlast.core import IllegalAction, OptionError

GAME = outlast.load_game("robinson")


@pytest.mark.parametrize(("given", "option"), [
    ({"players": 5}, "players"),
    ({"players": 0}, "players"),
    ({"characters": "carpenter,carpenter"}, "characters"),
    ({"players": 2, "characters": "carpenter,soldier"}, "characters"),  # §3 step 2: no Soldier at 1-2 players
    ({"players": 3, "characters": "carpenter,cook"}, "characters"),
    ({"players": 2, "friday": "no"}, "friday"),  # §14.3
    ({"dog": "maybe"}, "dog"),
    ({"starting_items": 9}, "starting_items"),
    ({"event_mix": "lots"}, "event_mix"),
    ({"wreckage": "none"}, "wreckage"),
    ({"scenario": "jenny"}, "scenario"),
    ({"nonsense": 1}, "nonsense"),
])
def test_bad_options_name_the_option_s15(given: dict[str, object], option: str) -> None:
    with pytest.raises(OptionError) as err:
        GAME.new_game(seed=1, **given)
    assert option in str(err.value)


@pytest.mark.parametrize(("players", "friday", "dog"), [(1, True, True), (2, True, False), (3, False, True),
                                                        (4, False, False)])
def test_friday_and_the_dog_by_player_count_s14(players: int, friday: bool, dog: bool) -> None:
    s = GAME.new_game(seed=3, players=players)
    assert s.table.friday is friday and s.table.dog is dog
    assert bool(s.friday_alive) is friday


def test_variants_change_the_table_s15() -> None:
    s = GAME.new_game(seed=3, players=3, dog="no", friday="yes", starting_items=4, event_mix="more_book")
    assert not s.table.dog and s.table.friday and s.table.event_split == (8, 4)
    while s.phase == 0:  # setup draws
        s.apply(s.sample_chance())
    assert sum(1 for i, z in enumerate(s.zone) if s.content.cards[i].kind == "start_item" and z != 0) == 4


def test_random_wreckage_is_one_of_the_wreckage_cards_s15_3() -> None:
    seen = set()
    for seed in range(12):
        s = GAME.new_game(seed=seed, players=2, wreckage="random")
        while s.phase == 0:
            s.apply(s.sample_chance())
        right = [s.content.cards[i] for i, z in enumerate(s.zone) if z == 4]
        assert len(right) == 1 and right[0].kind == "wreckage"
        seen.add(right[0].id)
    assert len(seen) > 1


def test_characters_drawn_for_two_players_come_from_the_three_s3() -> None:
    for seed in range(30):
        s = GAME.new_game(seed=seed, players=2)
        assert all(s.content.characters[ch].id != "soldier" for ch in s.table.chars)


@pytest.mark.parametrize("text", ["", "fly away", "place", "place 9 rest", "join dog", "use", "confirm now"])
def test_malformed_action_text_is_refused_and_changes_nothing_s26(text: str) -> None:
    s = GAME.new_game(seed=4, players=2)
    while s.to_move() == [outlast.CHANCE]:
        s.apply(s.sample_chance())
    before = s.to_json()
    seat = s.to_move()[0]
    with pytest.raises(IllegalAction):
        s.apply(text, seat=seat)
    assert s.to_json() == before
