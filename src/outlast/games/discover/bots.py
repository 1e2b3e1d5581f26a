"""The Discover heuristic bot (discover.md; architecture §5): `HeuristicAgent`, one clear rule per decision kind.

The bot plays to survive and finish the quest: it keeps stamina to sleep by a fire, keeps water and food for
the night, heals what it can pay for, scouts toward unexplored tiles, investigates landmarks (first those the
quest names) and walks to the quest's places holding what they need (`bot_turn`). In Scenarios 1–2 it helps:
it gives a partner here the water or food it lacks (and the signal's crafter its cost), accepts fair trades and
supports fights; in Scenario 5 it plays to win: it gives nothing away and attacks weaker survivors from day 2
when the odds are good (§15.3).

It reads only what its seat may know (§18.5): the public table, its own hand and character choices; never
another seat's hand, a facedown tile or token, a deck's order or the random state. Everything it does is
decided from the state and the seat alone (`rng` is unused), so it plays the same on any `resample`.
Decision kinds it does not know get `pass`, `decline`, `keep` or `abstain` when legal, else the first action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from outlast.core import Action, OptionError, RandomLike, State

from .actions import DiscoverAction
from .bot_combat import COMBAT_RULES
from .bot_turn import choose_turn, gift_for, heal_pick
from .bot_values import Sight, effect_score
from .effects import effect_of, locate
from .state import DiscoverState
from .terms import CLEAN_WATER, DIRTY_WATER, RESOURCES

Rule = Callable[[DiscoverState, int, list[DiscoverAction]], DiscoverAction | None]
_DEFAULTS = ("pass", "decline", "keep", "abstain", "take", "end", "cancel", "reject")


class HeuristicAgent:
    """A rule-of-thumb Discover player for any seat (see the module doc).

    Parameters (optional, given as text, e.g. `heuristic:help=0`):
      help  1 (default): help partners in the cooperative scenarios (gifts, support); 0: play alone
    """

    name = "heuristic"
    PARAMS = ("help",)

    def __init__(self, **params: str) -> None:
        self.help = True
        for key, value in params.items():
            if key not in self.PARAMS:
                raise OptionError(f"heuristic:{key}", value, "parameters " + ", ".join(self.PARAMS))
            if str(value) not in ("0", "1"):
                raise OptionError(f"heuristic:{key}", value, "0 or 1")
            self.help = str(value) == "1"

    def __repr__(self) -> str:
        return f"HeuristicAgent(help={int(self.help)})"

    def act(self, state: State, seat: int, rng: RandomLike) -> Action:
        """A legal action for `seat`: always one of `state.legal_actions(seat)`."""
        if not isinstance(state, DiscoverState):
            raise TypeError("HeuristicAgent plays Discover only")
        acts = state.legal_actions(seat)
        if not acts:
            raise ValueError(f"seat {seat} has nothing to do now")
        if len(acts) == 1:
            return acts[0]
        kind = state.decisions[-1].kind
        rule = RULES.get(kind) or COMBAT_RULES.get(kind)
        pick = rule(state, seat, acts) if rule is not None else None
        if kind == "draft a trade" and not self.help and pick is not None and pick.verb == "give":
            pick = None
        if pick is None or pick not in acts:
            return default(acts)
        return pick

    def priority(self, state: State, seat: int) -> float:
        """No preference: the only simultaneous choice (characters, §18.4) is secret."""
        del state, seat
        return 0.0


def default(acts: list[DiscoverAction]) -> DiscoverAction:
    """A harmless answer to a decision the bot has no rule for."""
    for verb in _DEFAULTS:
        for a in acts:
            if a.verb == verb:
                return a
    return acts[0]


# ----------------------------------------------------------------------------- the rules
def _turn(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    return choose_turn(state, seat, acts)


def _free_gather(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """Take the most useful token here, unless nothing is worth the carrying."""
    sight = Sight(state, seat)
    best = max((a for a in acts if a.verb == "gather"), key=lambda a: sight.token_value(a.args[0]), default=None)
    return best if best is not None and sight.token_value(best.args[0]) > 0.1 else None


def _trim(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """Drop what is worth least: a resource it has plenty of before a token, items last."""
    sight = Sight(state, seat)

    def worth(a: DiscoverAction) -> float:
        word = a.args[0]
        if a.verb == "discard":
            return 5.0
        if word.startswith("t"):
            return sum(sight.want(r) for r in state.copy.features[int(word[1:])].resources) + 0.1
        return sight.want(RESOURCES.index(word))

    return min(acts, key=worth)


def _same_name(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """A spare same-name item goes to a partner here in the cooperative scenarios, else back to its deck."""
    if state.scenario != 5:
        return next((a for a in acts if a.verb == "hand"), None)
    return next((a for a in acts if a.verb == "return"), None)


def _choose_effect(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """The branch of a "choose one" worth most (resources, healing, no monsters)."""
    top: Any = state.decisions[-1]
    items, i = locate(effect_of(state, top.source, top.ref, top.sub), top.path)
    (_, branches), = items[i].items()
    sight = Sight(state, seat)
    scores = [effect_score(sight, b) for b in branches]
    return max(acts, key=lambda a: scores[int(a.args[0]) - 1] if int(a.args[0]) - 1 < len(scores) else -99.0)


def _heal(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    return heal_pick(state, seat, acts)


def _draft(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """Offer the partner the gift it needs (nothing asked: one water or food, or all it lacks of the signal's cost),
    then propose; else give up."""
    top: Any = state.decisions[-1]
    if state.scenario == 5:
        return None
    gift = gift_for(state, seat, top.partner, top.give)
    if gift is None and any(top.give):
        return next((a for a in acts if a.verb == "propose"), None)
    return next((a for a in acts if a.verb == "give" and a.args[0] == gift), None) if gift else None


def _answer(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """Accept an offer worth at least what it asks (a gift always; in Scenario 5 only a clear gain)."""
    top: Any = state.decisions[-1]
    sight = Sight(state, seat)
    got = sum(sight.want(r) * n for r, n in enumerate(top.give)) + 2.0 * (len(top.give_cards) + len(top.give_projects))
    paid = sum(sight.want(r) * n for r, n in enumerate(top.ask)) + 3.0 * len(top.ask_cards)
    margin = 1.0 if state.scenario == 5 else 0.0
    return next(a for a in acts if a.verb == ("accept" if got >= paid + margin else "reject"))


def _upkeep(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """Pay clean water (or food) before dirty water; suffer only when there is nothing to pay."""
    for word in (RESOURCES[CLEAN_WATER], "food", RESOURCES[DIRTY_WATER]):
        for a in acts:
            if a.verb == "pay" and a.args[0] == word:
                return a
    return None


def _dirty_water(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """Take medicine against the dirty water when a sickness would bring it near elimination, else roll."""
    verb = "medicine" if len(state.damage[seat]) >= 2 else "roll"
    return next((a for a in acts if a.verb == verb), None)


def _name_leader(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """Scenario 5: name itself (the leader breaks ties); otherwise leave it to the leader."""
    if state.scenario == 5:
        return next((a for a in acts if a.verb == "name" and int(a.args[0]) == seat), None)
    return next((a for a in acts if a.verb == "abstain"), None)


def _pick_character(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """The character whose abilities help most (more stamina, cheaper moves, carrying, a usable action)."""
    worth = {"sleep_bonus": 3.0, "move_cost": 2.5, "carry_limit": 1.5, "gather_bonus": 2.0}

    def score(a: DiscoverAction) -> float:
        total = 0.0
        for ability in state.copy.characters[int(a.args[0])].abilities:
            if ability.use == "passive":
                total += worth.get(ability.query, 1.0)
            elif ability.use == "action":
                total += 1.5
            else:
                total += 1.0
        return total

    return max(acts, key=score)


def _key(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """A key item opens what its phrase names: use it."""
    return next((a for a in acts if a.verb == "switch"), None)


RULES: dict[str, Rule] = {
    "take a turn": _turn,
    "free gather": _free_gather,
    "trim to the carry limit": _trim,
    "use a key": _key,
    "give up a same-name item": _same_name,
    "choose an effect": _choose_effect,
    "choose the damage healed": _heal,
    "draft a trade": _draft,
    "answer a trade": _answer,
    "pay upkeep": _upkeep,
    "dirty water": _dirty_water,
    "name the next tribe leader": _name_leader,
    "hand off the tribe leader token": lambda state, seat, acts: next((a for a in acts if a.verb == "keep"), None),
    "choose a character": _pick_character,
}
"""The rule for each decision kind of the day, the night, trades and lookups; combat's are in `bot_combat`."""

__all__ = ["HeuristicAgent", "default"]
