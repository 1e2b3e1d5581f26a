"""Robinson Crusoe taught at the table (issue 24 §2, `outlast.core.teach`): the goal, a round in a few steps, and
what to do now for every kind of decision, in plain words (the rule § stays in `describe`)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from outlast.core import CHANCE
from outlast.core.teach import Explained, Teaching

from .constants import PLAN

if TYPE_CHECKING:
    from .content import Content
    from .state import RobinsonState

PHASE_KINDS = ("plan",)
"""Kinds of decision asked by a phase itself: planning the Actions (§8.1)."""

PLAIN = {
    "plan": "Put your two pawns on Actions: pick a pawn, then click an Action on the board or a place on the "
            "island. One pawn on an Action risks a roll of the dice; two make it sure. When your plan is "
            "complete, press ready.",
    "any-time window": "You may use an item or an ability now, before the game goes on; or go on.",
    "choose an option": "The card offers a choice: pick one of its options.",
    "share healing": "Some wounds can be healed: choose who gets each one.",
    "share determination": "Determination tokens are gained: choose who gets them.",
    "discard an invention": "Choose an invention card to give up.",
    "lay an invention": "Choose where the new invention card goes.",
    "turn an item back": "An item is lost: choose which one turns back to its invention side.",
    "keep an invention": "Choose the invention card you keep.",
    "item for this gathering": "You may spend an item to gather more this time; choose one or none.",
    "choose the top tile": "Look at the island tiles and choose the one that goes on top.",
    "keep a discovery token": "Choose the discovery token you keep.",
    "place the hunting card": "Choose where the beast card goes in the hunting deck.",
    "draw another mystery card": "Draw one more mystery card (it may be a treasure or a trap), or stop.",
    "who goes hungry": "There is not enough food for everyone: choose who goes hungry and is wounded.",
    "move the camp": "You may move the camp to a better tile now, or stay.",
    "top morale": "Morale is at its best: choose what the team gains.",
    "arranging reward": "Arranging the camp pays off: choose the reward.",
    "next action": "Choose which planned Action is carried out next.",
    "wood to the pile": "Choose how much wood goes onto the signal-fire pile now.",
    "cover a food source for a camp token": "Choose the food source the camp's new token covers.",
    "tile that also produces": "Choose which tile also gives its resources.",
    "cover a source": "Choose the source on the island that is covered (it gives nothing more).",
    "lose a tile": "Choose the island tile that is lost.",
    "mark a tile": "Choose the island tile to mark.",
}
"""What to do now, for each kind of decision (`PHASE_KINDS` and `decisions.KINDS`)."""

TEACHING = Teaching(
    goal="Survive on the island together and meet the scenario's goal before the rounds run out (in the first "
         "one, build a big signal-fire pile of wood and keep it lit). Everyone loses if any castaway dies.",
    turn=("An event card comes: its threat must be dealt with, or it hurts later.",
          "Morale and production: the camp's tile gives food and wood.",
          "Plan: everyone places two pawns on Actions (hunt, build, gather, explore, arrange the camp, rest).",
          "The Actions are carried out, some with dice (success, a wound or an adventure).",
          "Weather dice bring rain and snow; at night everyone eats and sleeps under a roof, or is wounded."),
    plain=PLAIN,
)


def glossary(content: Content) -> dict[str, tuple[str, str]]:
    """Ids a player meets → name and effect, from the content (our words): every card with a text (inventions,
    items, events, mysteries, beasts, …), every character's skills with their cost, and each character by its
    skills."""
    out = {card.id: (card.name, card.text) for card in content.cards if card.text}
    for character in content.characters:
        for skill in character.skills:
            out[skill.id] = (skill.name, f"Costs {skill.cost} determination. {skill.text}")
        out[character.id] = (character.name, "A castaway whose skills are " + ", ".join(
            s.name for s in character.skills) + ".")
    return out


def taught_with(content: Content) -> Teaching:
    """`TEACHING` with the glossary of `content` (hover texts for cards, skills and characters, issue 24 §2)."""
    return replace(TEACHING, glossary=glossary(content))


def explain(state: RobinsonState, seat: int) -> Explained:
    """The kind of decision `seat` faces now and what to do, in plain words (`Explained("", "")`: none)."""
    movers = state.to_move()
    if state.is_over() or seat not in movers or movers == [CHANCE]:
        return Explained("", "")
    if state.decisions:
        return TEACHING.explain(state.decisions[-1].kind)
    return TEACHING.explain("plan" if state.phase == PLAN else "")
