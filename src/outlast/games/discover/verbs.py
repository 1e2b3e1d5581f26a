"""Discover's effect language: the verbs a Copy's cards are written in (architecture §3, docs/discover.md).

The language is fixed here — each verb's parameters and its text for players; the rules attach the handler
that carries each one out (`effects.py`). Kernel verbs (gain, lose, wound, heal, prevent, draw, reroll) are adopted
with Discover's words; the others are Discover's own. `VERBS.validate` checks a generated effect, and
`VERBS.render` writes the text players read, so a card says exactly what the engine does.
"""

from __future__ import annotations

import re
from typing import Any

from outlast.core.content import VerbRegistry
from outlast.core.verbs import KERNEL, Words
from outlast.core.words import count

from .terms import DAMAGE, RESOURCES

_NOUNS = {r: (r.replace("_", " "), r.replace("_", " ")) for r in RESOURCES}
_WHO = {"you": "you", "each": "each survivor", "here": "each survivor in your space",
        "nearest_other": "the nearest other survivor", "leader": "the tribe leader"}
WORDS = Words(
    resources=_NOUNS,
    who=_WHO,
    who_default="you",
    decks={"project": ("project card", "project cards")},
    dice={"gray": "the gray die", "red": "the red die", "both": "both dice"},
    any_dice="one die",
    kinds={d: d for d in DAMAGE},
    unit=("damage", "damage"),
)
"""Discover's words for the kernel verbs."""

WHO_CHOICES = "|".join(_WHO)
SPAWN_AT = ("lowest_landmark", "nearest_landmark", "here", "landmark", "highest_landmark", "far_landmark")
"""Where `spawn` may put a monster: the lowest- or highest-numbered landmark on the map, the landmark nearest
the survivor (grid distance, §17.20 item 2), the survivor's own space, landmark #N, or a landmark on a tile of
pile 3 or 4 (the guardian of §17.12)."""


def _stamina_text(p: dict[str, Any]) -> str:
    n = p["amount"]
    who = _WHO[p.get("who") or "you"]
    verb = "gain" if n >= 0 else "lose"
    if who == "you":
        return f"{verb.capitalize()} {abs(n)} stamina."
    return f"{who.capitalize()} {verb}s {abs(n)} stamina."


def _spawn_text(p: dict[str, Any]) -> str:
    what = f"special monster #{p['special']}" if p.get("special") else "a monster"
    where = {"lowest_landmark": "on the lowest-numbered landmark on the map",
             "highest_landmark": "on the highest-numbered landmark on the map",
             "nearest_landmark": "on the landmark nearest you", "here": "in your space",
             "landmark": f"on landmark #{p.get('landmark')}",
             "far_landmark": "on the highest-numbered landmark of a far tile (pile 3 or 4); if none is faceup, "
                             "it appears on the first one turned faceup"}[p["at"]]
    head = "If no normal monster is on the map, spawn" if p.get("only_if_none") else "Spawn"
    return f"{head} {what} {where}."


def _move_text(p: dict[str, Any]) -> str:
    which = "the nearest normal monster" if p["which"] == "nearest" else "every normal monster"
    toward = "you" if p["toward"] == "you" else "the nearest survivor"
    steps = p["steps"]
    return f"Move {which} {count(steps, 'space')} toward {toward}."


def _upkeep_text(p: dict[str, Any]) -> str:
    return f"Each survivor pays 1 {p['pay']} or suffers 1 {p['damage']}."


def _sleep_text(p: dict[str, Any]) -> str:
    return f"Each survivor at a fire gains {p['fire']} stamina; every other survivor gains {p['other']}."


def _threat_text(p: dict[str, Any]) -> str:
    return {"not_at_fire": "Each survivor not at a fire resolves a threat card.",
            "each": "Each survivor resolves a threat card.",
            "leader": "The tribe leader resolves a threat card."}[p["who"]]


def _fire_out_text(p: dict[str, Any]) -> str:
    return {"nearest": "The lit fire nearest you burns out.", "camp": "The camp fire burns out.",
            "all": "Every lit fire burns out."}[p["which"]]


def _modify_text(p: dict[str, Any]) -> str:
    return f"{'+' if p['amount'] > 0 else '−'}{abs(p['amount'])} to the {p['die']} die."


def _build() -> VerbRegistry:
    reg = VerbRegistry()
    reg.adopt(KERNEL.gain, words=WORDS)
    reg.adopt(KERNEL.lose, words=WORDS)
    reg.adopt(KERNEL.wound, words=WORDS)
    reg.adopt(KERNEL.heal, words=WORDS)
    reg.adopt(KERNEL.prevent, words=WORDS)
    reg.adopt(KERNEL.draw, words=WORDS)
    reg.adopt(KERNEL.reroll, words=WORDS)
    reg.register("stamina", {"amount": "int", "who": f"enum({WHO_CHOICES})?"}, _stamina_text,
                 "Gain (or, negative, lose) stamina, capped at 0–12 (§5.7).")
    reg.register("resolve", {"card": "int"}, lambda p: f"Resolve exploration card #{p['card']}.",
                 "Look up and resolve another exploration card, as part of the same action (§9.6).")
    reg.register("fight", {"enemy": "int"}, lambda p: f"Fight enemy #{p['enemy']}.",
                 "Fight the enemy card with this number at once, in your space (§11.1, §17.20 item 5).")
    reg.register("spawn", {"at": f"enum({'|'.join(SPAWN_AT)})", "landmark": "int?", "special": "int?",
                           "only_if_none": "bool?"}, _spawn_text, "Spawn a monster token (§11.2).")
    reg.register("move_monsters", {"steps": "int", "which": "enum(all|nearest)", "toward": "enum(nearest|you)"},
                 _move_text, "Move normal monster tokens toward survivors (§11.4).")
    reg.register("upkeep", {"pay": "enum(water|food)", "damage": "enum(dehydration|starvation)"}, _upkeep_text,
                 "Each survivor pays one water or food, or suffers the damage (§16.5 Thirst).")
    reg.register("sleep", {"fire": "int", "other": "int"}, _sleep_text,
                 "The Sleep step: stamina for every survivor, more at a fire (§5.3).")
    reg.register("threat", {"who": "enum(not_at_fire|each|leader)"}, _threat_text,
                 "Survivors draw and resolve threat cards in turn order (§5.5).")
    reg.register("fire_out", {"which": "enum(nearest|camp|all)"}, _fire_out_text,
                 "Lit fires burn out: flip them to the unlit side (§6.4).")
    reg.register("place_fire", {}, lambda p: "Place a lit fire in your space.",
                 "A new lit fire token in the user's space (§6.4).")
    reg.register("move_to", {"landmark": "int"}, lambda p: f"Move directly to landmark #{p['landmark']}.",
                 "Lift your figure and set it on the landmark's space (§6.7).")
    reg.register("move_spaces", {"n": "int"}, lambda p: f"Move up to {count(p['n'], 'space')}, ignoring terrain.",
                 "Ability movement: step by step, no stamina per space, no gathering; a monster's space stops it "
                 "and is fought (§6.7, §14.3 item 1).")
    reg.register("modify", {"die": "enum(gray|red)", "amount": "int"}, _modify_text,
                 "A +/− modifier on a combat die that stays through rerolls (§12.4).")
    reg.register("escape", {}, lambda p: "Escape: move to an adjacent space with no monster; the combat ends.",
                 "End a combat by escaping (§12.8).")
    return reg


VERBS = _build()
"""The registry of Discover's verbs (handlers attached by `effects.py`)."""

_THEN = re.compile(r"\. Then (\S)")


def text_of(effect: Any) -> str:
    """The text players read for an effect: its verbs' texts in order, joined as one sentence ("…, then …")."""
    return _THEN.sub(lambda m: ", then " + m.group(1).lower(), VERBS.render(effect))

PASSIVE_QUERIES = ("move_cost", "sleep_bonus", "carry_limit", "gray_bonus", "red_bonus", "gather_bonus")
"""The modifier queries a passive ability may answer (docs/discover.md):
`move_cost` (added to a move's cost when the space costs at least `condition.cost_at_least`, never below 0),
`sleep_bonus` (extra stamina in the Sleep step, `condition.at_landmark` or `condition.at_fire`),
`carry_limit` (added to the carry limit), `gray_bonus`/`red_bonus` (a free modifier on that die in the user's
combats), `gather_bonus` (extra resources of the kind gathered from a water source)."""
