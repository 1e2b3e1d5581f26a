"""The numbers a Fuji state's fields hold, named: phases, chance items, decisions, card places (fuji.md §2–§12).

Every rule module reads its words from here, so a field's values are spelled out once.
"""

from __future__ import annotations

# phases of a round (§5); SETUP is §3 and a finished game keeps the phase it ended in (§12)
SETUP, ROLL, PLAN, REROLL, EQUIP, MOVE, ERUPT = 0, 1, 2, 3, 4, 5, 6
PHASE_NAMES = ("setup", "1 rolling the dice", "2 planning and equipment", "3 rerolls", "4 equipment",
               "5 movement and stamina", "6 eruption")
PHASE_RULES = ("§3", "§6", "§7", "§8", "§9", "§10", "§11")
"""The rule chapter of each phase, by its number."""

# chance items waiting in `FujiState.chance`: (kind, argument)
DEAL_SKILL, DEAL_CHARACTER, PLACE_TERRAIN, DRAW_EQUIPMENT, ROLL_DIE = range(5)
"""Deal a skill card or a character to a meeple (§3.1), lay a terrain card on a cell (§3.4), draw an equipment
card for a meeple (§3.2, §10.3), roll one die (§6, §8.3)."""

# kinds of pending decision, numbered as in format-1 state documents (`FujiDecision.index`); the classes
# are setup.Keep, setup.LeaveDie, setup.WhiteStarters, equipment.EquipmentReroll, equipment.GrantedReroll,
# equipment.Lend, equipment.RerollOne, movement.Collect, movement.PowerBars, movement.Path, movement.Injury,
# movement.LoseDie. The view names a pending decision by its kind (`Decision.kind`); `encode.DECISIONS` lists
# the kinds in this order
(KEEP, LEAVE_DIE, WHITE_STARTERS, EQUIPMENT_REROLL, GRANTED_REROLL, LEND, REROLL_ONE, COLLECT, POWER_BARS, PATH,
 INJURY, LOSE_DIE) = range(12)

# where an equipment card is (`FujiState.card_location`): a meeple 0..3, or one of these
BAG, DISCARD, UNDER_PILE = -1, -2, -3
KEEPING = -10
"""`KEEPING - e`: drawn at setup by meeple e, waiting for its keep choice (§3.2)."""

# injuries (the bit of `FujiState.injuries`, in the order of injuries.yaml, §10.6)
LEG, ARM, AMNESIA, EYE = 0, 1, 2, 3
ALL_INJURIES = 15

# the steps of one meeple's turn in phase 5 (§10.2–§10.5)
TURN_NONE, TURN_START, TURN_COMPARE, TURN_STAMINA, TURN_END = range(5)

REMARK_LIMIT = 100
"""Times a seat may move a destination marker already placed, in one phase 2 (§7.3, decision 0011).

The rules let markers move freely until phase 3 (§7.3), so a table (or a bot always taking the first legal
action) could re-mark forever. No real table comes near 100: random players in the golden games re-mark
at most 65 times. After the limit a seat's placed markers stay; a marker not yet placed may still be placed.
"""
REMARK_RULE = "§7.3, decision 0011"

NO_CHOICE, STOPPED = -2, -1
"""`FujiState.reroll_choice` of a hand: not chosen yet, or stopping (else a bitmask of dice, §8.3)."""
