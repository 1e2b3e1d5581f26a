"""Discover's words and fixed numbers: terrains, resources, damage types, piece kinds (discover.md §3, §6, §8, §10).

Every list here is indexed by the engine's small ints and written by name in documents and texts.
"""

from __future__ import annotations

TERRAINS = ("beach", "grass", "underbrush", "ocean", "mountain")
"""Island terrains (§6.2)."""
TERRAIN_COST = (1, 1, 2, 2, 3)
"""Stamina to enter a space of each terrain on the Island (§6.2, DECODED)."""

RESOURCES = ("food", "meat", "clean_water", "dirty_water", "wood", "stone", "medicine", "pelt", "poison",
             "salvage")
"""The ten resource types (§3.3), by index."""
FOOD, MEAT, CLEAN_WATER, DIRTY_WATER, WOOD, STONE, MEDICINE, PELT, POISON, SALVAGE = range(10)
WATERS = (CLEAN_WATER, DIRTY_WATER)
"""Both count as water when paying (§8.5)."""

DAMAGE = ("starvation", "dehydration", "sickness", "physical")
"""Damage types (§10.1)."""
STARVATION, DEHYDRATION, SICKNESS, PHYSICAL = range(4)
HEALED_BY = {STARVATION: (FOOD,), DEHYDRATION: WATERS, SICKNESS: (MEDICINE,)}
"""What Recover spends to heal each damage type; physical is never healed by Recover (§7.10)."""
HEALTH_DIALS = 3
"""A survivor carries at most 3 damage; a fourth eliminates (§10.2, §10.3)."""

BACKS = ("forage", "timber", "rock", "tracks")
"""Feature-token back types, AUTHORED names in source count order (§17.5)."""
BACK_COUNTS = (14, 14, 10, 15)
"""How many feature tokens of each back the Island has (§3.2)."""
BACK_RESOURCES = ((FOOD, MEDICINE, POISON), (WOOD,), (STONE, SALVAGE), (MEAT, PELT))
"""Which resources a resource face of each back may show (§17.5)."""

STAMINA_CAP = 12
"""Stamina is always between 0 and 12 (§5.7)."""
CARRY_LIMIT = 10
"""Resources and items held together (§8.3)."""
DIE = 12
"""Both dice are d12 (§12.1)."""

START_STAMINA = {1: 12, 2: 10, 3: 8, 4: 8}
PROJECTS_DEALT = {1: 3, 2: 2, 3: 1, 4: 1}
CHARACTERS_DEALT = {1: 4, 2: 2, 3: 2, 4: 2}
"""Setup by player count (§4 step 6–7)."""

COLOURS = ("red", "blue", "green", "yellow")
"""Player colours, AUTHORED (§17.23)."""
SUPPORT = ("assault", "defend", "overpower")
"""The three combat support cards of each colour (§12.5)."""
ASSAULT, DEFEND, OVERPOWER = range(3)

CARD_KINDS = ("instant", "upgrade", "item", "enemy")
"""Numbered card types (§9.2)."""
INSTANT, UPGRADE, ITEM, ENEMY = range(4)

EXPLORATION = (1, 60)
ENEMIES = (61, 88)
CRAFTED = (89, 99)
ENCOUNTER = 100
"""Island number ranges of the numbered decks (§9.1) and the #100 encounter number (§15.2)."""
THINNED = (3, 5, 51)
"""Exploration numbers with variant copies, one kept unseen at setup (§3.2, §4 step 4a)."""

COMPASS = {12: (0, -1), 1: (0, -1), 2: (1, -1), 3: (1, -1), 4: (1, 0), 5: (1, 0),
           6: (0, 1), 7: (0, 1), 8: (-1, 1), 9: (-1, 1), 10: (-1, 0), 11: (-1, 0)}
"""Die showing → hex neighbour (Δq, Δr), AUTHORED (§17.3)."""
NEIGHBOURS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
"""The six hex neighbours, N first and clockwise (§17.1)."""

ISLAND_POSITIONS = (
    ((0, 0),),
    ((1, 0), (0, 1), (-1, 0), (0, -1)),
    ((1, -1), (-1, 1), (2, -1), (-2, 1), (1, 1)),
    ((2, 0), (-2, 0), (0, 2), (0, -2)),
    ((-1, 2), (1, -2), (-1, -1)),
)
"""Tile positions (a, b) of the Island by pile: the start tile, then piles 1–4 (AUTHORED, §17.2)."""

SCENARIOS = (1, 2, 5)
"""Scenarios generator v1 makes playable (§17.24)."""

# ----------------------------------------------------------------------------- pieces on the map
PIECE_KINDS = ("feature", "water", "monster", "resource", "fire", "counter")
"""What lies on a space: each piece is a tuple (kind, space, value, card) (docs/state-format.md):
- feature: value = the token id, or −1 − back while facedown and not yet drawn; card = the enemy card it is
  bound to (−1);
- water: value = the water-source token id, or −1 while facedown;
- monster: value = the token id, or −1 while a facedown normal token not yet drawn; card = its bound enemy card;
- resource: value = the resource index of a dropped supply token;
- fire: value = 1 lit, 0 unlit; card = 1 for the camp token;
- counter: a Scenario 5 counter on an investigated landmark (§15.2)."""
FEATURE, WATER, MONSTER, RESOURCE, FIRE, COUNTER = range(6)

# ----------------------------------------------------------------------------- where a numbered card is
DECK = -1
"""In its numbered deck (§9.1)."""
IN_PLAY = -2
"""Faceup next to the map: an upgrade (§9.2) or an enemy card with counters and no token (§17.20 item 5)."""
BOX = -3
"""Removed from the game, or a thinned variant returned unseen (§2, §4 step 4a)."""
BOUND = -4
"""An enemy card bound to a monster or feature token on the map, with its counters (§12.3 P0)."""
UNSEEN = -5
"""A copy at a thinned number while setup's unseen pick is still undrawn (§4 step 4a)."""

PLAYING, WON, CASUALTY = range(3)
"""A survivor's status (§13)."""
STATUS = ("playing", "won", "casualty")

SETUP, DAY, NIGHT, OVER = range(4)
PHASES = ("setup", "day", "night", "over")
