"""Content files: YAML loading, record schemas and the effect-verb registry (architecture §3).

A game describes each kind of record with a schema (field → type word) and registers the verbs
its effects may use, each with a parameter schema and a text renderer. Loading checks every record
and every effect; a fault raises `ContentError(file, item, field, problem)`.

Type words: `int`, `str`, `bool`, `list[int]`, `list[str]`, `map` (free mapping), `effect`,
`enum(a|b|c)`; a trailing `?` makes the field optional.
"""

from __future__ import annotations

import dis
import inspect
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Self, TypeVar

import yaml

from .errors import ContentError, shown
from .verbs import KERNEL, NO_WORDS, KernelVerb, Words
from .words import then_join

Schema = Mapping[str, str]
T = TypeVar("T")
K = TypeVar("K")


class Derives:
    """A game's loaded content that keeps what is derived from it (boards, the bots' tables, a compiled program).

    `content.derive(build)` is `build(content)`, built on first use and kept on this content object, so
    two games with their own content never share a table and nothing derived lives in a module global
    (architecture §3). `build` is a module-level function: it is the key. The content class declares the
    memo as its last field: `derived: dict[Any, Any] = field(default_factory=dict, init=False, repr=False,
    compare=False)`.
    """

    derived: dict[Any, Any]

    def derive(self, build: Callable[[Self], T]) -> T:
        memo = self.derived
        if build not in memo:
            memo[build] = build(self)
        result: T = memo[build]
        return result

    def derive_for(self, build: Callable[[Self, K], T], key: K, keep: int = 8) -> T:
        """`build(content, key)`, kept on this content for the `keep` most recent keys (say, option sets)."""
        table: dict[Any, Any] = self.derived.setdefault((build, "by key"), {})
        if key not in table:
            if len(table) >= keep:
                del table[next(iter(table))]
            table[key] = build(self, key)
        result: T = table[key]
        return result


def load_yaml(path: Path) -> Any:
    """Parse one YAML file; a syntax error becomes a `ContentError` naming the file."""
    try:
        return yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise ContentError(path.name, "-", "-", f"not valid YAML: {exc}") from None
    except OSError as exc:
        raise ContentError(path.name, "-", "-", f"cannot be read: {exc}") from None


def read_file(directory: Path, name: str) -> tuple[str, Any]:
    """(name, parsed YAML) of one content file; a missing file is a `ContentError` naming it."""
    path = directory / name
    if not path.is_file():
        raise ContentError(name, "-", "-", "file is missing")
    return name, load_yaml(path)


def record_list(file: str, doc: Any) -> list[dict[str, Any]]:
    """A file's top level as a non-empty list of records, or a `ContentError`."""
    if not isinstance(doc, list) or not doc:
        raise ContentError(file, "-", "-", "must be a non-empty list of records")
    return doc


def _type_ok(value: Any, word: str) -> bool:
    if word == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if word == "str":
        return isinstance(value, str) and bool(value.strip())
    if word == "bool":
        return isinstance(value, bool)
    if word == "list[int]":
        return isinstance(value, list) and all(_type_ok(v, "int") for v in value)
    if word == "list[str]":
        return isinstance(value, list) and all(_type_ok(v, "str") for v in value)
    if word == "map":
        return isinstance(value, dict)
    if word == "list":
        return isinstance(value, list)
    if word.startswith("enum(") and word.endswith(")"):
        return isinstance(value, str) and value in word[5:-1].split("|")
    raise AssertionError(f"unknown schema type {word}")


def check_record(file: str, item: str, record: Any, schema: Schema, verbs: VerbRegistry | None = None) -> None:
    """Check one record against `schema`; unknown fields are faults too."""
    if not isinstance(record, dict):
        raise ContentError(file, item, "-", "must be a mapping")
    for key in record:
        if key not in schema:
            raise ContentError(file, item, str(key), f"unknown field; known: {', '.join(schema)}")
    for key, word in schema.items():
        optional = word.endswith("?")
        word = word.rstrip("?")
        if key not in record:
            if optional:
                continue
            raise ContentError(file, item, key, "missing")
        value = record[key]
        if word == "effect":
            if verbs is None:
                raise AssertionError("an effect field needs a verb registry")
            verbs.validate(value, file, item, key)
        elif not _type_ok(value, word):
            raise ContentError(file, item, key, f"must be {word}, got {shown(value)}")


@dataclass(frozen=True)
class Verb:
    """One effect verb: its parameter schema, how it reads as text, and the handler that runs it.

    The handler is called as `handler(ctx, **params)` with every parameter of the schema as a keyword
    (optional ones absent from the card come as None), so a card's numbers reach the rules unchanged.
    An adopted kernel verb (`VerbRegistry.adopt`) keeps its `kernel` definition and the game's `words`.
    """

    name: str
    params: Mapping[str, str]
    text: Callable[[dict[str, Any]], str]
    doc: str = ""
    handler: Callable[..., Any] | None = None
    kernel: KernelVerb | None = None
    words: Words = NO_WORDS


def _reads(handler: Callable[..., Any], name: str) -> bool:
    """Whether the handler's code loads the local `name` (in its own body or a nested function's)."""
    function = getattr(handler, "__func__", handler)  # a bound method reads through its function
    if not isinstance(function, types.FunctionType):
        # a builtin, a callable object, or a function of the compiled rules core (outlast.compiled), whose code
        # object carries no bytecode: nothing to inspect
        return True
    stack = [function.__code__]
    while stack:
        c = stack.pop()
        for ins in dis.get_instructions(c):
            if ins.opname in ("LOAD_FAST", "LOAD_DEREF", "LOAD_CLOSURE", "LOAD_FAST_CHECK") and ins.argval == name:
                return True
        stack.extend(k for k in c.co_consts if isinstance(k, types.CodeType))
    return False


class VerbRegistry:
    """The verbs a game's effects may use. Core adds `choose` (pick one branch) and `all` (do each).

    A game adopts the kernel verbs it uses (`adopt`: gain, lose, wound, heal, draw, discard, reroll, defined
    once in `outlast.core.verbs`) and registers its own (`register`); each has a parameter schema, a text
    renderer and a handler. `run` walks an effect tree and calls the handlers; `problems` lists what
    `outlast lint` refuses: a verb without a handler, a parameter its handler never reads, and a verb no
    content uses.
    """

    def __init__(self) -> None:
        self._verbs: dict[str, Verb] = {}
        self.used: set[str] = set()
        """Verbs met by `validate`, i.e. used by the content loaded through this registry."""

    def register(self, name: str, params: Mapping[str, str], text: Callable[[dict[str, Any]], str], doc: str = "",
                 handler: Callable[..., Any] | None = None) -> None:
        """Add a verb of the game's own; a name registered twice, or a kernel verb's name, is a programming error."""
        if name in KERNEL.names() - {"choose", "all"}:
            raise ValueError(f"{name!r} is a kernel verb: adopt it (VerbRegistry.adopt), do not register your own")
        if name in self._verbs or name in ("choose", "all"):
            raise ValueError(f"verb {name!r} registered twice")
        self._verbs[name] = Verb(name, dict(params), text, doc, handler)

    def adopt(self, verb: KernelVerb, handler: Callable[..., Any] | None = None, words: Words = NO_WORDS) -> None:
        """Use the kernel verb `verb` in this game, with the game's `words` for the things it names and the
        handler that carries it out by the game's rules; its schema, text and meaning are the kernel's."""
        if verb.name in self._verbs:
            raise ValueError(f"verb {verb.name!r} registered twice")
        params = verb.schema(words)
        self._verbs[verb.name] = Verb(verb.name, params, lambda p: verb.render(p, words), verb.doc, handler, verb,
                                      words)

    def handle(self, name: str, handler: Callable[..., Any]) -> None:
        """Give the registered verb `name` its handler (for games that register texts and rules apart)."""
        verb = self._verbs[name]
        if verb.handler is not None:
            raise ValueError(f"verb {name!r} already has a handler")
        self._verbs[name] = replace(verb, handler=handler)

    def run(self, effect: Any, ctx: Any) -> None:
        """Run an effect tree: each verb's handler with the card's parameters; `choose` asks `ctx.choose(branches)`.

        `ctx` is whatever the game's handlers take (the state, or the state with the acting castaway).
        """
        if isinstance(effect, list):
            for part in effect:
                self.run(part, ctx)
            return
        (name, params), = effect.items()
        if name == "choose":
            ctx.choose(params)
        elif name == "all":
            for branch in params:
                self.run(branch, ctx)
        else:
            verb = self._verbs[name]
            if verb.handler is None:
                raise ContentError("-", "-", name, "this verb has no handler to run it")
            given = dict(params or {})
            verb.handler(ctx, **{key: given.get(key) for key in verb.params})

    def problems(self) -> list[str]:
        """What lint refuses: verbs without a handler, parameters a handler never reads, verbs no content uses."""
        out = []
        for verb in self._verbs.values():
            if verb.handler is None:
                out.append(f"verb {verb.name!r} has no handler")
                continue
            try:
                sig = inspect.signature(verb.handler)
            except (TypeError, ValueError):
                sig = None
            for key in verb.params:
                if sig is not None and key not in sig.parameters:
                    out.append(f"verb {verb.name!r}: its handler takes no parameter {key!r}")
                elif not _reads(verb.handler, key):
                    out.append(f"verb {verb.name!r}: its handler never reads parameter {key!r}")
            if verb.name not in self.used:
                out.append(f"verb {verb.name!r} is used by no content")
        return out

    def names(self) -> list[str]:
        """Every registered verb name."""
        return sorted(self._verbs)

    def verb(self, name: str) -> Verb:
        """The verb called `name`."""
        return self._verbs[name]

    def validate(self, effect: Any, file: str, item: str, where: str) -> None:
        """Check an effect tree: known verbs, required parameters, right types."""
        if isinstance(effect, list):
            if not effect:
                raise ContentError(file, item, where, "an empty effect list does nothing")
            for i, part in enumerate(effect):
                self.validate(part, file, item, f"{where}[{i}]")
            return
        if not isinstance(effect, dict) or len(effect) != 1:
            raise ContentError(file, item, where, "an effect is a mapping with exactly one verb")
        (name, params), = effect.items()
        if name in ("choose", "all"):
            if not isinstance(params, list) or len(params) < (2 if name == "choose" else 1):
                raise ContentError(file, item, f"{where}.{name}", "needs a list of effects (two or more to choose)")
            for i, branch in enumerate(params):
                self.validate(branch, file, item, f"{where}.{name}[{i}]")
            return
        if name not in self._verbs:
            raise ContentError(file, item, where, f"unknown verb {name!r}; known verbs: {', '.join(self.names())}")
        verb = self._verbs[name]
        self.used.add(name)
        if params is None:
            params = {}
        check_record(file, item, params, verb.params, self)
        if verb.kernel is not None and verb.kernel.check is not None:
            fault = verb.kernel.check(params, verb.words)
            if fault is not None:
                raise ContentError(file, item, fault[0] or f"{where}.{name}", fault[1])

    def render(self, effect: Any) -> str:
        """The player-facing text of an effect tree, made from its data."""
        if isinstance(effect, list):
            return then_join(self.render(p) for p in effect)
        (name, params), = effect.items()
        if name == "choose":
            return "Choose one: " + " Or: ".join(self.render(b) for b in params)
        if name == "all":
            return " ".join(self.render(b) for b in params)
        return self._verbs[name].text(dict(params or {}))

    def verbs_in(self, effect: Any) -> list[tuple[str, dict[str, Any]]]:
        """Every (verb, params) pair used in an effect tree, in reading order."""
        if isinstance(effect, list):
            return [vp for part in effect for vp in self.verbs_in(part)]
        (name, params), = effect.items()
        if name in ("choose", "all"):
            return [vp for b in params for vp in self.verbs_in(b)]
        return [(name, dict(params or {}))]


def unique_ids(file: str, records: list[dict[str, Any]], key: str = "id") -> dict[str, dict[str, Any]]:
    """Index records by id; a repeated id is a fault."""
    out: dict[str, dict[str, Any]] = {}
    for i, rec in enumerate(records):
        if not isinstance(rec, dict) or key not in rec:
            raise ContentError(file, f"item {i}", key, "missing")
        rid = str(rec[key])
        if rid in out:
            raise ContentError(file, rid, key, "repeated id")
        out[rid] = rec
    return out
