"""The heuristic bot in combat and around monsters (bots.py; discover.md §11, §12, §15.3–§15.4).

The dice of a combat are public (§12.3): the bot reads them through the combat module's layout of
`state.combat` (`combat_base.FIELDS`), looked up by name when a combat decision is pending. Its rules:
- support a partner's fight with Defend (a red reroll and a shield); never in Scenario 5;
- modify its own dice only when that changes the outcome: first reroll or lower a hit taken, then reroll (wood
  only against the quest enemy or for a defeating hit) or raise a missing hit; in Scenario 5 the same against
  the 10-or-more threshold, with its own die and the enemy's (§15.3);
- a supporter's reroll goes to the die that hurts the partner; damage goes to a healthier supporter;
- in monster votes the healthiest survivor fights (the weakest rival in Scenario 5); take the best resource.
"""

from __future__ import annotations

from collections.abc import Callable

from . import combat_base as base
from .actions import DiscoverAction
from .bot_values import Sight
from .quests import requirement
from .state import DiscoverState
from .terms import DEFEND, RESOURCES, WOOD

Rule = Callable[[DiscoverState, int, list[DiscoverAction]], DiscoverAction | None]


class Dice:
    """The public numbers of the combat in progress: final results, the enemy's defense and attack, who fights."""

    gray: int
    red: int
    defense: int
    attack: int

    def __init__(self, state: DiscoverState) -> None:
        c = state.combat
        self.pvp = c[base.MODE] == base.PVP
        self.gray = base.final(state, base.GRAY_DIE)
        self.red = base.final(state, base.RED_DIE)
        self.combatant = c[base.COMBATANT]
        self.defender = c[base.DEFENDER]
        if self.pvp:
            self.defense = self.attack = base.PVP_HIT
        else:
            stats = base.stats(state)
            self.defense, self.attack = stats.defense, stats.attack or 99

    def hits(self) -> bool:
        """The gray die hits (the enemy, or the defender in Scenario 5)."""
        return self.gray >= self.defense

    def hurt(self) -> bool:
        """The red die hurts (the combatant, or the attacker in Scenario 5)."""
        return self.red >= self.attack


def _support(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """Cooperative: play Defend (or Assault) for a partner (§12.5): its red reroll costs nothing, and a partner
    redirects damage only to a supporter less hurt than itself (`_redirect`). Against
    the quest's enemy an unhurt supporter plays Overpower once a Defend is down: the red reroll first (it spares the
    group more damage per hit dealt than Overpower's extra damage, which hurts its supporter with the combatant)."""
    if state.scenario == 5:
        return _verb(acts, "support", "none")
    if _quest_enemy(state) and DEFEND in state.support_played and not state.damage[seat]:
        return _verb(acts, "support", "overpower") or _verb(acts, "support", "defend")
    return _verb(acts, "support", "defend") or _verb(acts, "support", "assault")


def _quest_enemy(state: DiscoverState) -> bool:
    """Whether the enemy fought is the one the quest asks to defeat (supporters then add damage, §12.5)."""
    from .combat_base import ENEMY

    wanted = requirement(state).get("defeat")
    return bool(state.combat) and wanted is not None and state.copy.cards[state.combat[ENEMY]].number == wanted


def _modify(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """Normal combat, as the combatant (§12.4): first the red die that hurts it (physical damage never heals by
    Recover, §7.10), then the gray die that misses; the cheapest fix first."""
    dice = Dice(state)
    if dice.hurt():
        if dice.red - 1 < dice.attack and (pick := _verb(acts, "spend", "salvage")):
            return pick
        if pick := _verb(acts, "spend", "stone") or _item(acts):
            return pick
    if not dice.hits():
        if dice.gray + 1 >= dice.defense and (pick := _verb(acts, "spend", "poison")):
            return pick
        if _worth_wood(state) and (pick := _verb(acts, "spend", "wood")):
            return pick
        if pick := _item(acts):
            return pick
    return _verb(acts, "pass")


def _worth_wood(state: DiscoverState) -> bool:
    """Wood is scarce and quests ask for it (§17.12 2.1 and 2.3): a gray reroll is bought with it only against the
    quest's enemy, or when the hit would defeat the enemy (§12.6) and the quest asks for no wood."""
    from .quests import pay_goal

    if _quest_enemy(state):
        return True
    card = state.combat[base.ENEMY]
    last = state.card_counters[card] + 1 >= base.stats(state).health
    return last and not pay_goal(state)[WOOD] and "hold_item" not in requirement(state)


def _pvp_turn(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """Scenario 5: as a combatant, make its own die hit or the other's miss; a supporter passes."""
    dice = Dice(state)
    if seat not in (dice.combatant, dice.defender):
        return _verb(acts, "pass")
    mine, theirs = (dice.gray, dice.red) if seat == dice.combatant else (dice.red, dice.gray)
    if mine < dice.defense:
        if mine + 1 >= dice.defense and (pick := _verb(acts, "spend", "poison")):
            return pick
        if mine + 3 < dice.defense and (pick := _verb(acts, "spend", "wood")):
            return pick
    if theirs >= dice.defense:
        if theirs - 1 < dice.defense and (pick := _verb(acts, "spend", "salvage")):
            return pick
        if pick := _verb(acts, "spend", "stone"):
            return pick
    return _verb(acts, "pass")


def _support_reroll(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """A supporter rerolls the partner's missing gray die or the red die that hurts it."""
    dice = Dice(state)
    if dice.pvp:
        return _verb(acts, "pass")
    for a in acts:
        if a.verb == "reroll" and ((a.args[0] == "gray" and not dice.hits()) or (a.args[0] == "red" and dice.hurt())):
            return a
    return _verb(acts, "pass")


def _redirect(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """Pass the hit to the supporter with the fewest damage, if that is fewer than this seat's."""
    mine = len(state.damage[seat])
    best = min((a for a in acts if a.verb == "redirect"), key=lambda a: len(state.damage[int(a.args[0])]),
               default=None)
    if best is not None and len(state.damage[int(best.args[0])]) + 1 < mine + 1 and mine >= 1:
        return best
    return _verb(acts, "take")


def _who_fights(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    """The healthiest survivor fights; in Scenario 5 the most hurt rival (never itself if it can help it)."""
    def hurt(a: DiscoverAction) -> tuple[int, int]:
        other = int(a.args[0])
        if state.scenario == 5:
            return (0 if other != seat else 1, -len(state.damage[other]))
        return (len(state.damage[other]), -state.stamina[other])

    options = [a for a in acts if a.args and a.args[0].isdigit()]
    return min(options, key=hurt) if options else None


def _steal(state: DiscoverState, seat: int, acts: list[DiscoverAction]) -> DiscoverAction | None:
    sight = Sight(state, seat)
    steals = [a for a in acts if a.verb == "steal"]
    return max(steals, key=lambda a: sight.want(RESOURCES.index(a.args[0])), default=None)


def _verb(acts: list[DiscoverAction], verb: str, *args: str) -> DiscoverAction | None:
    for a in acts:
        if a.verb == verb and a.args[:len(args)] == args:
            return a
    return None


def _item(acts: list[DiscoverAction]) -> DiscoverAction | None:
    return _verb(acts, "use")


COMBAT_RULES: dict[str, Rule] = {
    "play a support card": _support,
    "modify the dice": _modify,
    "modify the dice in turn": _pvp_turn,
    "use a support reroll": _support_reroll,
    "redirect damage": _redirect,
    "share the reward": lambda state, seat, acts: _verb(acts, "keep"),
    "take a resource": _steal,
    "vote who fights": _who_fights,
    "pick who fights": _who_fights,
    "choose the monster's target": _who_fights,
}
"""The rule for each combat and monster decision kind; the others (retreat and escape spaces, which monster
first, paths) take the first legal action."""
