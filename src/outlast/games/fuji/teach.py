"""Fuji taught at the table (issue 24 §2, `outlast.core.teach`): the goal, a round in a few steps, what to do now
for every kind of decision, and the effect of each equipment card, skill and injury (§14, §15, §10.6), rendered
from the content's own words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from outlast.core import CHANCE
from outlast.core.teach import Explained, Teaching

from . import decisions
from .content import CONTENT_DIR, VERBS, Content, load_content
from .terms import EQUIP, MOVE, PLAN, REROLL

if TYPE_CHECKING:
    from .state import FujiState

PHASE_KINDS = ("plan", "rerolls", "equipment", "move")
"""Kinds of decision asked by a phase itself, with no pending decision: planning (§7), rerolls (§8), the
equipment phase (§9) and choosing who moves next (§10.1)."""

PLAIN = {
    "plan": "Click the card you want to reach (up to 2 cards away, not lava) to put your marker there. Your dice decide: "
            "you will need a higher total than each neighbour on that card's dice colour or numbers. Talk it over "
            "without saying numbers, then press ready.",
    "rerolls": "Pick the dice you want to roll again (click them, then confirm), or stop and keep what you have.",
    "equipment": "Play an equipment card if one helps (hover it to read what it does), then press ready.",
    "move": "The dice are shown. Choose which of your explorers moves now: it reaches its marker only if its "
            "total beats both neighbours'.",
    "keep": "Choose the equipment cards you start with (hover a card to read what it does); the rest go back.",
    "leave": "Your skill plays with 5 dice: choose the die that stays in the box.",
    "starts": "Choose the two explorers that start on the white card; the others start on the two other start cards.",
    "reroll": "Water card: pick dice to roll again, or stop.",
    "granted reroll": "A teammate gave you one reroll: pick dice to roll again, or stop.",
    "lend": "A teammate with a Lighter asks for one of your dice: lend one (its face stays) or refuse.",
    "reroll one die": "Carabiner: everyone must roll one die again. Choose which of yours.",
    "collect": "There is an equipment token here: take the top equipment card (usable from next round) or leave it.",
    "bars": "Gatherer: spend power bars now, each adds 1 to this explorer's total for this move.",
    "path": "Several ways lead to the marker: choose the cards your explorer walks over.",
    "injury": "Your stamina passed an injury space: choose the injury you take (hover one to read what it costs "
              "you; each can be taken once).",
    "lose die": "Leg injury: choose the die you lose for good (it still counts this turn).",
}
"""What to do now, for each kind of decision (`PHASE_KINDS` and the pending kinds of `fields.decision_kinds`)."""


def glossary(content: Content) -> dict[str, tuple[str, str]]:
    """Ids a player meets → name and effect: each equipment card, skill and injury of `content`, its text rendered
    from its effect data (our words, `content.make_verbs`), each character and its colour, and the one option
    named by an id."""
    out = {card.id: (card.name, f"{_phases(card.phases)}{card.text()}") for card in content.equipment}
    for skill in content.skills:
        out[skill.id] = (skill.name, f"{skill.dice} dice. " + VERBS.render([{k: v} for k, v in skill.abilities.items()]))
    for injury in content.injuries:
        out[injury["id"]] = (injury["name"], VERBS.render(injury["effect"]))
    for character in content.characters:
        out[character["id"]] = (character["name"], f"An explorer who plays in {character['colour']}.")
    out["extra_thrill"] = ("Extra thrill", "A harder variant: an eruption token may be turned to its double side.")
    return out


def _phases(phases: tuple[int, ...]) -> str:
    if not phases:
        return "In the copied card's phase: "
    return "Phase " + " or ".join(str(p) for p in phases) + ": "


TEACHING = Teaching(
    goal="Escape the erupting volcano together: all of you win when every explorer stands on a village card at "
         "the same time. You all lose if lava reaches an explorer or anyone runs out of stamina.",
    turn=("Everyone rolls their dice hidden behind a screen.",
          "Plan: each puts a marker on the card they want to reach. Talk, but never say numbers.",
          "Reroll some dice, then play equipment.",
          "Screens down: one at a time, an explorer moves if its dice total, counted by the target card's colours "
          "or numbers, beats both neighbours'. Moving far or failing costs stamina.",
          "Lava spreads from the volcano."),
    plain=PLAIN,
    glossary=glossary(load_content(CONTENT_DIR)),
)


def explain(state: FujiState, seat: int) -> Explained:
    """The kind of decision `seat` faces now and what to do, in plain words (`Explained("", "")`: none)."""
    if state.is_over() or seat not in state.to_move() or state.to_move() == [CHANCE]:
        return Explained("", "")
    if state.decisions:
        i = decisions.decision_for(state, seat)
        if i >= 0:
            return TEACHING.explain(state.decisions[i].kind)
    phase_kind = {PLAN: "plan", REROLL: "rerolls", EQUIP: "equipment", MOVE: "move"}.get(state.phase, "")
    return TEACHING.explain(phase_kind)
