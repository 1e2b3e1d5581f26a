"""Fuji taught at the table (issue 24 §2, `outlast.core.teach`): the goal, a round in a few steps, what to do now
for every kind of decision, and the effect of each equipment card, skill and injury in our words (§14, §15, §10.6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from outlast.core import CHANCE
from outlast.core.teach import Explained, Teaching

from . import decisions
from .terms import EQUIP, MOVE, PLAN, REROLL

if TYPE_CHECKING:
    from .state import FujiState

PHASE_KINDS = ("plan", "rerolls", "equipment", "move")
"""Kinds of decision asked by a phase itself, with no pending decision: planning (§7), rerolls (§8), the
equipment phase (§9) and choosing who moves next (§10.1)."""

PLAIN = {
    "plan": "Drag your marker to the card you want to reach (up to 2 cards away, not lava). Your dice decide: "
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

GLOSSARY = {
    "binoculars": ("Binoculars", "Phase 2: swap two empty landscape cards on the board."),
    "lighter": ("Lighter", "Phase 4: a teammate may lend you one die, face unchanged, until the round ends."),
    "carabiner": ("Carabiner", "Phase 4: every player, you too, must roll one of their dice again."),
    "map": ("Map", "Phase 4: give one of your dice, face unchanged, to another player for this round."),
    "duct_tape": ("Duct tape", "Phase 4: turn any of your dice showing 1 over, to 6."),
    "compass": ("Compass", "Phase 4: turn any of your dice showing 6 over, to 1 (lower totals help your "
                           "neighbours)."),
    "machete": ("Machete", "Phase 4: set up to 2 of your dice aside; they count for nobody this round."),
    "radio": ("Radio", "Phase 2 or 4: lower your screen until the phase ends, so everyone sees your dice."),
    "first_aid_kit": ("First aid kit", "Phase 4: you lose no stamina this round."),
    "shovel": ("Shovel", "Phase 4: turn one of your dice to any face."),
    "rope": ("Rope", "Phase 2 or 4: step at once onto a neighbouring card you may enter."),
    "flare_gun": ("Flare gun", "Phase 4: +3 to your total on your own move this round."),
    "flashlight": ("Flashlight", "Phase 2: roll some of your dice again once."),
    "pocket_knife": ("Pocket knife", "Copy the effect of an equipment card lying face up in front of anyone, in "
                                     "that card's phase; then discard the knife."),
    "water": ("Water", "Phase 4: roll your dice again up to twice, or give one reroll to another player."),
    "leg": ("Leg injury", "You lose one die for good."),
    "arm": ("Broken arm", "You may no longer use equipment cards."),
    "amnesia": ("Amnesia", "Your explorer loses its skill."),
    "eye": ("Eye injury", "No more phase-3 rerolls from the table (skills and equipment still give them)."),
    "equipment_manager": ("Equipment manager", "6 dice. May hand any of your equipment cards to a teammate at any "
                                               "time."),
    "scout": ("Scout", "5 dice. May aim 4 cards away, but then gets no rerolls."),
    "buddy": ("Buddy", "6 dice. Once a round in phase 3, set one die aside: it counts for nobody."),
    "survivalist": ("Survivalist", "5 dice. One more reroll in phase 3."),
    "gatherer": ("Gatherer", "6 dice. Earns a power bar for each phase-3 reroll not taken (at most 3); spend "
                             "them for +1 each on a move."),
    "tinkerer": ("Tinkerer", "5 dice. Uses each equipment card twice."),
    "extra_thrill": ("Extra thrill", "A harder variant: an eruption token may be turned to its double side."),
}
"""Ids a player meets (equipment, injuries, skills, options) → their name and effect, in our words."""

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
    glossary=GLOSSARY,
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
