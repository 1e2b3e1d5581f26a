"""The copy generator's draws and texts: how a template becomes a card's data and its words (discover.md §17.24).

Every draw goes through `Draw`, a thin layer over the one `Rng` of a generation, so the order of draws is the
order of the calls (documented in docs/discover.md). Texts are rendered from the data with `verbs.VERBS`, so a
card says exactly what the engine does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from outlast.core import Rng

from .copy import Ability, EnemyStats
from .generator_pools import fill
from .terms import RESOURCES
from .verbs import text_of

T = TypeVar("T")


class Draw:
    """The draws of one generation attempt, all from one `Rng`."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def below(self, n: int) -> int:
        """A uniform int in [0, n)."""
        return self.rng.randrange(n)

    def between(self, lo: int, hi: int) -> int:
        """A uniform int in [lo, hi]."""
        return lo + self.rng.randrange(hi - lo + 1)

    def one(self, items: Sequence[T]) -> T:
        """A uniform pick."""
        return items[self.rng.randrange(len(items))]

    def weighted(self, weights: Sequence[int]) -> int:
        """An index drawn with the given weights (at least one positive)."""
        ticket = self.rng.randrange(sum(weights))
        for i, w in enumerate(weights):
            if ticket < w:
                return i
            ticket -= w
        raise AssertionError("unreachable: the tickets cover the weights")

    def templates(self, pool: Sequence[dict[str, Any]], k: int) -> list[dict[str, Any]]:
        """`k` different templates, each drawn by weight from those not yet drawn."""
        left = list(pool)
        out = []
        for _ in range(k):
            out.append(left.pop(self.weighted([t["weight"] for t in left])))
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """`k` different items, uniformly, in draw order."""
        left = list(items)
        return [left.pop(self.rng.randrange(len(left))) for _ in range(k)]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """The items in a uniformly random order."""
        return self.sample(items, len(items))


def instantiate(draw: Draw, template: Mapping[str, Any], refs: Mapping[str, int]) -> tuple[str, dict[str, Any]]:
    """(name, filled record) of a template: the name is drawn first, then each parameter in name order."""
    names = template["names"]
    name = names[draw.below(len(names))]
    values = dict(refs)
    for param in sorted(template.get("params") or {}):
        lo, hi = template["params"][param]
        values[param] = draw.between(lo, hi)
    filled: dict[str, Any] = fill({k: v for k, v in template.items() if k != "params"}, values)
    return name, filled


def amounts(mapping: Mapping[str, int]) -> tuple[tuple[int, int], ...]:
    """{resource name: n} as (resource index, n) pairs in resource order."""
    return tuple((RESOURCES.index(r), n) for r, n in sorted(mapping.items(), key=lambda kv: RESOURCES.index(kv[0])))


def amounts_text(pairs: Sequence[tuple[int, int]]) -> str:
    """`2 meat and 1 pelt`."""
    return " and ".join(f"{n} {RESOURCES[r].replace('_', ' ')}" for r, n in pairs)


def _passive_text(query: str, amount: int, condition: Mapping[str, Any]) -> str:
    sign = f"{amount:+d}"
    if query == "move_cost":
        return f"Entering a space that costs {condition.get('cost_at_least', 0)} or more costs {sign} stamina."
    if query == "sleep_bonus":
        where = (f" at landmark #{condition['at_landmark']}" if "at_landmark" in condition
                 else " at a fire" if condition.get("at_fire") else "")
        return f"In the Sleep step, each survivor{where} gains {amount} more stamina."
    if query == "carry_limit":
        return f"Your carry limit is {sign}."
    if query in ("gray_bonus", "red_bonus"):
        return f"In your combats, {sign} to the {query.split('_')[0]} die."
    return f"Gathering at a water source gives {amount} more."


def ability(record: Mapping[str, Any]) -> Ability:
    """An `Ability` from a filled ability record, with its text rendered (§7.12, §9.7, §9.8, §12.4)."""
    use = record["use"]
    pay = tuple(record.get("pay", ()))
    once = record.get("once", "")
    if use == "action":
        text = f"{record['cost']}: {text_of(record['effect'])}"
    elif use == "combat":
        paid = " or ".join(f"1 {p.replace('_', ' ')}" for p in pay)
        text = "In combat" + (f", spend {paid}" if paid else "") + f": {text_of(record['effect'])}"
    elif use == "before_roll":
        paid = " or ".join(f"1 {p.replace('_', ' ')}" for p in pay)
        text = "Before rolling in combat" + (f", spend {paid}" if paid else "") + f": {text_of(record['effect'])}"
    elif use == "passive":
        text = _passive_text(record["query"], record["amount"], record.get("condition") or {})
    else:
        text = (f"When the card you would resolve says “{record['condition']['phrase']}”, you may resolve the card "
                f"numbered {record['amount']} higher instead; decide before it is shown.")
    if once:
        text += f" Once per {once}."
    return Ability(use=use, effect=record.get("effect"), cost=record.get("cost", 0), pay=pay,
                   query=record.get("query", ""), amount=record.get("amount", 0), condition=record.get("condition"),
                   once=once, text=text)


def enemy_stats(record: Mapping[str, Any]) -> EnemyStats:
    """`EnemyStats` from a filled enemy record."""
    return EnemyStats(defense=record["defense"], attack=record["attack"], health=record["health"],
                      reward=amounts(record["reward"]), lethal=record.get("lethal", False),
                      retreat=record.get("retreat", 1), special=record.get("special", False))


def enemy_text(stats: EnemyStats) -> str:
    """`Defense 8, attack 6, health 2. Reward: 2 meat.` and its labels."""
    attack = str(stats.attack) if stats.attack else "–"
    parts = [f"Defense {stats.defense}, attack {attack}, health {stats.health}. Reward: {amounts_text(stats.reward)}."]
    if stats.lethal:
        parts.append("Lethal.")
    if stats.retreat == 2:
        parts.append("Retreats 2 spaces.")
    if stats.special:
        parts.append("Special monster.")
    return " ".join(parts)


def card_text(effect: Any, abilities: Sequence[Ability], counters: int, carry: int, leave_token: bool,
              stats: EnemyStats | None, traits: Sequence[str] = ()) -> str:
    """A numbered card's whole text for players, from its data (its traits first)."""
    parts = [", ".join(traits) + "."] if traits else []
    parts += [text_of(effect)] if effect else []
    parts += [a.text for a in abilities]
    if counters:
        parts.append(f"Place {counters} counters on it when it is taken from its deck.")
    if carry:
        parts.append(f"Can carry {carry} resources.")
    if leave_token:
        parts.append("A feature token that brought you here stays faceup.")
    if stats is not None:
        parts.append(enemy_text(stats))
    return " ".join(parts)
