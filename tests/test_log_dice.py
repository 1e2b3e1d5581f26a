"""The log says who did what, what it cost, and which dice fell (issue 24 §3): the dice of a roll travel as data
with its event, so a table can show them; and saves made before the log said this still prove their game
(`Game.earlier_wordings`, docs/decisions/0028-earlier-log-wordings.md)."""

from __future__ import annotations

import re
from collections.abc import Callable

from outlast.agents import make_agent
from outlast.core import CHANCE, Match, Rng, load_game
from outlast.core.match import document_digest


def _play_until(game: str, seed: int, done: Callable[[Match], bool], steps: int = 400) -> Match:
    """A two-player game of heuristic bots, played until `done` (or `steps` moves)."""
    g = load_game(game)
    match = Match.start(g, seed, {"players": 2})
    match.resolve_chance()
    agents, rng = [make_agent("heuristic", g) for _ in range(2)], Rng(1)
    for _ in range(steps):
        if done(match) or match.state.is_over():
            break
        seat = next(s for s in match.state.to_move() if s != CHANCE)
        match.play(str(agents[seat].act(match.state, seat, rng)), seat)
        match.resolve_chance()
    assert done(match), "the game never came to the moment the test needs"
    return match


def test_scouting_logs_who_scouted_which_tile_for_what_stamina__s7_4() -> None:
    said = re.compile(r"Seat (\d) spends 1 stamina to scout tile ([A-Q]) \((\d+) left\)\.")
    match = _play_until("discover", 3, lambda m: any(said.fullmatch(e.text) for e in m.state.events))
    at = next(i for i, e in enumerate(match.state.events) if said.fullmatch(e.text))
    found = said.fullmatch(match.state.events[at].text)
    assert found is not None
    seat, tile = int(found.group(1)), found.group(2)
    assert match.state.events[at + 1].text == f"Tile {tile} is turned faceup."
    assert any(e.seat == seat and e.text.lower() == f"scout {tile.lower()}" for e in match.history)


def test_a_discover_combat_roll_carries_its_dice_and_targets__s12_3() -> None:
    match = _play_until("discover", 3, lambda m: any(e.kind == "roll" and "dice" in e.data
                                                     and e.data["dice"][0]["die"] == "gray" for e in m.state.events))
    roll = next(e for e in match.state.events if e.kind == "roll" and "dice" in e.data
                and e.data["dice"][0]["die"] == "gray")
    gray, red = roll.data["dice"]
    assert f"gray {gray['face']} against defense {gray['against']}" in roll.text
    assert f"red {red['face']} against attack {red['against']}" in roll.text


def test_a_robinson_action_roll_carries_its_dice_and_who_rolled__s8_5() -> None:
    match = _play_until("robinson", 3, lambda m: any(e.kind == "roll" and "dice" in e.data for e in m.state.events))
    roll = next(e for e in match.state.events if e.kind == "roll" and "dice" in e.data)
    faces = [d["face"] for d in roll.data["dice"]]
    assert [d["die"] for d in roll.data["dice"]] == ["wound", "success", "adventure"]
    assert roll.text.endswith(f"dice: {', '.join(faces)}.")
    assert any(h.seat == CHANCE and h.text == "roll " + " ".join(faces) for h in match.history)
    names = {match.state.char_name(c) for c in range(3)}
    assert roll.data["name"] in names and roll.data.get("seat", 0) in (0, 1)


def test_a_save_whose_digest_covers_the_earlier_log_still_loads() -> None:
    """A save made before the log said what scouting cost (and before dice were data) holds a digest of that log:
    it loads, and a save with an action cut is still refused."""
    scouted = re.compile(r"Seat \d spends 1 stamina to scout tile [A-Q] \(\d+ left\)\.")
    match = _play_until("discover", 3, lambda m: sum(bool(scouted.fullmatch(e.text)) for e in m.state.events) >= 2
                        and any(e.kind == "roll" and "dice" in e.data for e in m.state.events))
    doc = match.to_json()
    (wording,) = match.game.earlier_wordings
    earlier = wording.document(match.state.to_json())
    assert len(earlier["events"]) < len(match.state.events)
    assert not any(e["kind"] == "roll" and e["data"] for e in earlier["events"])
    doc["digest"] = document_digest(earlier)
    assert Match.from_json(doc).state.to_json() == match.state.to_json()
