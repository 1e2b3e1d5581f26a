"""Discover: Lands Unknown taught at the table (issue 24 §2, `outlast.core.teach`): the goal, a round in a few
steps, and what to do now for every kind of decision, in plain words (the rule § stays in `describe_decision`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from outlast.core.teach import Explained, Teaching

if TYPE_CHECKING:
    from .state import DiscoverState

PHASE_KINDS: tuple[str, ...] = ()
"""Discover asks every decision through a pending decision: no phase asks on its own."""

PLAIN = {
    "move by an ability": "Your ability lets you walk a few more spaces, whatever the terrain: pick where to go, or "
                          "stop.",
    "name the next tribe leader": "Say who should lead the tribe next (or abstain).",
    "hand off the tribe leader token": "You lead the tribe: keep the leader token or hand it to someone else.",
    "choose a character": "Choose the survivor you will play (hover one to read its abilities). The others see "
                          "your choice once everyone has chosen.",
    "take a turn": "Your turn: move, gather, scout a tile, craft, or use an item; each costs stamina. End your turn "
                   "when you are done (stamina you keep carries over).",
    "continue the turn": "Your action is done: take another one, or end your turn.",
    "note an investigation": "Go on: the quest notes the place you investigated.",
    "offer the free gather": "You may gather one thing here for free.",
    "free gather": "Take one thing from this space for free, or pass.",
    "settle the action": "Go on: the action is finished off (dirty water, what you can carry, the quest).",
    "trim to the carry limit": "You carry too much: choose what to leave behind.",
    "trim after a reward": "A reward took you over what you can carry: leave something behind before you go on.",
    "look up a card": "Go on: the numbered card is looked up.",
    "use a key": "You hold a key that fits: use it to open what lies beyond, or not.",
    "give up a same-name item": "You cannot hold two items of the same name: choose where the old one goes.",
    "effect": "Go on: the card's effect is carried out.",
    "choose an effect": "The card offers a choice: pick one.",
    "choose the damage healed": "Choose which of your damage is healed.",
    "take water": "Take water from the source.",
    "apply a feature token": "Go on: the token you turned over takes effect.",
    "resolve an encounter": "Go on: the encounter card is carried out.",
    "draft a trade": "Build your offer one thing at a time, then propose it or cancel.",
    "answer a trade": "Someone offers you a trade: accept, refuse or counter it.",
    "check the quest": "Go on: the quest is checked.",
    "resolve a night step": "Night: go on to the next step of the night card (sleep, threats, monsters).",
    "pay upkeep": "Pay one water or food, or take the damage.",
    "draw a threat card": "Go on: a threat card is drawn.",
    "resolve a threat card": "Go on: the threat is carried out.",
    "discard a threat card": "Go on: the threat card is put away.",
    "dirty water": "You drank dirty water: spend a medicine, or roll the die and risk sickness.",
    "dirty water roll": "Roll for the dirty water: a low roll makes you sick.",
    "start a combat": "A fight begins: go on to see the enemy.",
    "combat stage": "Go on to the next step of the fight.",
    "reroll a combat die": "Go on: the die is rolled again.",
    "play a support card": "You stand beside the fighter: play a support card to help, or none.",
    "modify the dice": "Change the fight dice with an item or ability if you can, or pass.",
    "before rolling": "Before the dice roll you may use an ability; or go on.",
    "offer before-rolling abilities": "Go on: abilities used before the roll are offered.",
    "use a support reroll": "You may roll a fight die again with your support, once this fight; or pass.",
    "redirect damage": "Take this damage yourself, or let a helper take it.",
    "share the reward": "You won the fight: give part of the reward to those who helped, or keep it.",
    "choose the retreat space": "Choose the space you fall back to.",
    "choose the escape space": "Choose the space you run to.",
    "modify the dice in turn": "Your turn to change the fight dice: use one modifier or pass.",
    "take a resource": "Your hit lands: take one resource from the other survivor, or none.",
    "deal the attack's damage": "Go on: both hits land together.",
    "flip a monster and fight": "Go on: the monster is turned over and the fight begins.",
    "fight after an escape": "Go on: the enemy fights the next survivor here.",
    "fight the monsters that arrived": "Go on: monsters arrived where survivors stand, and they fight.",
    "choose the spawn space": "You lead the tribe: choose where the monster appears.",
    "vote who fights": "Vote for who fights the monster here.",
    "pick who fights": "The votes differ: as tribe leader, choose who fights.",
    "fight the monsters here": "Go on: fight the next monster in your space.",
    "choose the monster to fight": "Choose which monster here you fight first.",
    "choose the monster that moves": "You lead the tribe: choose which monster moves.",
    "move monsters": "Go on: the monsters move toward the survivors.",
    "choose the monster's target": "You lead the tribe: choose which survivor the monster goes after.",
    "choose the monster's path": "You lead the tribe: choose the way the monster walks.",
}
"""What to do now, for each kind of decision (`fields.decision_kinds`)."""

TEACHING = Teaching(
    goal="Stay alive in a wild land nobody has seen before: every survivor still standing at the end wins. Follow "
         "the quest cards; the last one says how to get out.",
    turn=("Day: each survivor takes a turn, spending stamina to move, gather food, water and wood, scout new tiles "
          "and craft tools.",
          "Carry what you need: you must eat and drink every night.",
          "Night: a night card is read step by step; everyone sleeps and regains stamina, then threats and "
          "monsters come.",
          "Fights are rolled with dice; friends in the same space may help."),
    plain=PLAIN,
)


def explain(state: DiscoverState, seat: int) -> Explained:
    """The kind of decision `seat` faces now and what to do, in plain words (`Explained("", "")`: none)."""
    if state.over or state.chance or not state.decisions or seat not in state.decisions[-1].choosers(state):
        return Explained("", "")
    return TEACHING.explain(state.decisions[-1].kind)
