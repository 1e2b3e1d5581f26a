"""Effects compiled to a flat node table, so pending work in a state is a tuple of ints (architecture §2).

Every effect tree in the content (card halves, rewards, Items, tokens, skills, the scenario) becomes
node ids; a state's work stack holds `(node, actor, card, flag)` tuples, never Python objects, so
clone, save and replay work in the middle of any resolution.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from outlast.core.words import then_join

from .content import CONTENT_DIR, VERBS, Content, load_content, make_verbs

SEQ, CHOOSE, VERB = 0, 1, 2

HANDLERS: dict[str, Callable[..., None]] = {}
"""verb → the handler that runs it (registered with `VERBS` too, so lint sees every verb run)."""


STANDING: set[str] = set()
"""Verbs whose handlers also answer modifier queries (`abilities.Query`): the standing abilities."""


def handles(verb: str, standing: bool = False) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register the decorated function as the handler of `verb` (with the content's verb registry);
    `standing`: it also answers modifier queries."""

    def register(handler: Callable[..., None]) -> Callable[..., None]:
        HANDLERS[verb] = handler
        if standing:
            STANDING.add(verb)
        VERBS.handle(verb, handler)
        return handler

    return register


@dataclass
class Program:
    """Compiled effects of one `Content`."""

    nodes: list[tuple[int, str, dict[str, Any], tuple[int, ...]]] = field(default_factory=list)
    """node → (kind, verb, params, children); a VERB node's children hold its nested `effect` param."""
    card: dict[tuple[int, str], int] = field(default_factory=dict)
    token: dict[int, int] = field(default_factory=dict)
    skill: dict[tuple[int, int], int] = field(default_factory=dict)
    book: int = -1
    totem: int = -1
    passives: dict[int, tuple[tuple[str, dict[str, Any]], ...]] = field(default_factory=dict)
    """card → standing abilities (an Item's `passive`, a kept Mystery card's effect without a use timing)."""
    token_rots: tuple[bool, ...] = ()
    by_kind: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """card kind → the indices of its cards, in card order."""
    calls: list[dict[str, Any]] = field(default_factory=list)
    """node → the keyword parameters its verb's handler takes (every parameter of the verb, None when absent)."""
    passive_calls: dict[int, tuple[tuple[str, dict[str, Any]], ...]] = field(default_factory=dict)
    """card → its standing abilities as (verb, handler parameters), in `passives` order."""
    answers: dict[tuple[int, int, str, int], int] = field(default_factory=dict)
    """(0 node | 1 card, its index, query, base) → the answer of its standing abilities (they depend on the
    content alone, so each is worked out once: `abilities.answer_of`, `abilities.card_answer`)."""
    in_play_answers: dict[tuple[str, int, tuple[int, ...]], int] = field(default_factory=dict)
    """(query, base, the cards in play with standing abilities) → their answer (`abilities.in_play`)."""
    skill_answers: dict[tuple[int, int, str], int] = field(default_factory=dict)
    """(character, skill, query) → that skill's answer (`abilities.skill_answer`)."""
    skill_answering: dict[tuple[int, str], int] = field(default_factory=dict)
    """(character, query) → the first of its skills that answers it (`abilities.skill_answering`)."""

    def compile(self, effect: Any) -> int:
        """The node id of an effect tree (a list is a sequence, `choose` a decision)."""
        if isinstance(effect, list):
            kids = tuple(self.compile(e) for e in effect)
            self.nodes.append((SEQ, "", {}, kids))
            self.calls.append({})
            return len(self.nodes) - 1
        (name, params), = effect.items()
        if name in ("choose", "all"):
            kids = tuple(self.compile(e) for e in params)
            self.nodes.append((CHOOSE if name == "choose" else SEQ, "", {}, kids))
            self.calls.append({})
            return len(self.nodes) - 1
        params = dict(params or {})
        kids = (self.compile(params["effect"]),) if "effect" in params else ()
        self.nodes.append((VERB, name, params, kids))
        self.calls.append({key: params.get(key) for key in VERBS.verb(name).params})
        return len(self.nodes) - 1

    def calls_of(self, node: int) -> list[tuple[str, dict[str, Any]]]:
        """Every verb of a node in reading order with its handler's parameters (both branches of a choice)."""
        kind, verb, _params, kids = self.nodes[node]
        if kind == VERB:
            return [(verb, self.calls[node])]
        return [vc for k in kids for vc in self.calls_of(k)]

    def verbs(self, node: int) -> list[tuple[str, dict[str, Any]]]:
        """Every verb of a node in reading order (both branches of a choice)."""
        kind, verb, params, kids = self.nodes[node]
        if kind == VERB:
            return [(verb, params)]
        return [vp for k in kids for vp in self.verbs(k)]

    def text(self, node: int) -> str:
        """Player-facing text of a node, from the data."""
        kind, verb, params, kids = self.nodes[node]
        if kind == VERB:
            return VERBS.verb(verb).text(params)
        parts = [self.text(k) for k in kids]
        if kind == CHOOSE:
            return "Choose one: " + " Or: ".join(parts)
        return then_join(parts)


def build_program(c: Content) -> Program:
    p = Program()
    for card_kind in {card.kind for card in c.cards}:
        p.by_kind[card_kind] = tuple(card.index for card in c.cards if card.kind == card_kind)
    for card in c.cards:
        d = card.data
        for key in ("event", "threat_effect", "threat_effect_alt", "one", "two", "action", "extra", "on_build",
                    "passive", "effect"):
            if d.get(key):
                p.card[(card.index, key)] = p.compile(d[key])
        if card.kind == "event":
            p.card[(card.index, "reward")] = p.compile(d["threat"]["reward"])
        if card.kind == "mystery" and d.get("keep"):
            p.card[(card.index, "keep")] = p.compile(d["keep"]["effect"])
            if not d["keep"].get("when"):
                p.passives[card.index] = tuple(p.verbs(p.card[(card.index, "keep")]))
                p.passive_calls[card.index] = tuple(p.calls_of(p.card[(card.index, "keep")]))
        if card.kind == "invention" and d.get("passive"):
            p.passives[card.index] = tuple(p.verbs(p.card[(card.index, "passive")]))
            p.passive_calls[card.index] = tuple(p.calls_of(p.card[(card.index, "passive")]))
    for k, kind in enumerate(c.token_kinds):
        p.token[k] = p.compile(kind.effect)
    p.token_rots = tuple(any(v == "gain" and prm.get("food") for v, prm in p.verbs(p.token[k]))
                         for k in range(len(c.token_kinds)))
    for ci, ch in enumerate(c.characters):
        for si, sk in enumerate(ch.skills):
            p.skill[(ci, si)] = p.compile(sk.effect)
    scen = c.scenarios[0]
    p.book = p.compile(scen.book)
    p.totem = p.compile(scen.totem)
    return p


def program(c: Content) -> Program:
    """Content `c` compiled, built once and kept with it (every state of a game shares its content's program)."""
    return c.derive(build_program)


def verb_problems(directory: Path = CONTENT_DIR, handlers: Mapping[str, Callable[..., None]] | None = None) -> list[str]:
    """What `outlast lint` refuses in the content of `directory` (architecture §3): a verb without a handler,
    a parameter its handler never reads, a verb that content never uses (`VerbRegistry.problems`).

    `handlers` are the verbs' handlers (the registered ones by default); a content fault raises `ContentError`.
    """
    if handlers is None:
        from . import abilities, effects  # noqa: F401  (importing them registers their handlers)

        handlers = HANDLERS
    registry = make_verbs()
    for verb, handler in handlers.items():
        if verb in registry.names():
            registry.handle(verb, handler)
    load_content(directory, registry)
    return registry.problems()
