"""Build real Fuji states from options plus chosen chance outcomes (style.md "Tests").

Nothing here is a mock. A `Table` wraps a real `FujiState` and drives it only through the
kernel contract: chance points are answered with *chosen* outcomes (`place E1 L11`,
`deal skill 0 scout`, `draw 0 map`, `roll 1:3 4`) instead of random ones, and player decisions
are applied as canonical action text.

    t = Table.new(players=3, level=2, skills="gatherer,equipment_manager,buddy",
                  terrain={"E1": "L11"}, cards={1: ["flare_gun", "map", "rope", "radio"]})
    t.roll({1: "P4 B4 Y5 Y3 P1 B2"})          # faces; die slots are picked by colour (§17.1)
    t.plan({1: "E1"})                           # markers, then everyone ready (§7.3)
    t.stop_rerolls(); t.ready_all()             # phase 3, phase 4
    t.go(1)                                     # phase 5: Step A and Step B

Unscripted chance is answered deterministically: setup outcomes take the first one not reserved
by the script, die rolls take the state's own seeded sample. Phase-1 rolls that the script does
not cover are left pending so a test can choose them with `roll`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from itertools import permutations
from typing import Any

import outlast
import outlast.games.fuji
from outlast import CHANCE, IllegalAction
from outlast.games.fuji.actions import FujiAction, parse_die
from outlast.games.fuji.board import cell_code, cell_name
from outlast.games.fuji.state import FujiState
from outlast.games.fuji.terms import MOVE, PLAN, REROLL, ROLL, SETUP

GAME = outlast.games.fuji.GAME
C = GAME.content
DIE_COLOURS = C.die_colours
"""DIE_COLOURS[k][v]: colour letter of authored die D(k+1) showing v (§17.1)."""

SKILLS = [s.id for s in C.skills]
CARDS = [e.id for e in C.equipment]
CHARACTERS = [c["id"] for c in C.characters]


def card_index(card_id: str) -> int:
    """Index of an equipment card by id."""
    return CARDS.index(card_id)


def terrain_id(index: int) -> str:
    return C.terrain[index].id


def faces_for(state: FujiState, explorer: int, faces: str | Iterable[str]) -> dict[int, int]:
    """Die slot → value so that explorer's dice show exactly `faces` (e.g. "P4 B4 Y5").

    Each face must be rollable by a distinct die still in play whose colour at that value matches
    (§17.1); raises AssertionError if the faces cannot be rolled with the authored dice.
    """
    words = faces.split() if isinstance(faces, str) else list(faces)
    wanted = [(w[0].upper(), int(w[1:])) for w in words]
    alive = [explorer * 6 + k for k in range(6) if state.die_in_play[explorer * 6 + k]]
    if len(wanted) > len(alive):
        raise AssertionError(f"explorer {explorer} has {len(alive)} dice, not {len(wanted)}")
    for combo in permutations(alive, len(wanted)):
        if all(DIE_COLOURS[d % 6][v] == col for d, (col, v) in zip(combo, wanted, strict=True)):
            return {d: v for d, (_col, v) in zip(combo, wanted, strict=True)}
    raise AssertionError(f"faces {words} cannot be rolled with explorer {explorer}'s dice")


def colour_faces(state: FujiState, explorer: int, colour: str, high: bool = True) -> dict[int, int]:
    """Every die of `explorer` in play showing `colour`, at its highest (or lowest) such value."""
    out = {}
    for k in range(6):
        d = explorer * 6 + k
        if state.die_in_play[d]:
            vals = [v for v in range(1, 7) if DIE_COLOURS[k][v] == colour]
            out[d] = max(vals) if high else min(vals)
    return out


def faces_valued(state: FujiState, explorer: int, card_id: str, target: int) -> dict[int, int]:
    """Die slot → value so that the explorer's valid dice under terrain `card_id` sum to `target` (§7.4)."""
    valid = C.terrain[C.terrain_index(card_id)].valid
    alive = [explorer * 6 + k for k in range(6) if state.die_in_play[explorer * 6 + k]]

    def worth(d: int, v: int) -> int:
        return v if valid["YBP".index(DIE_COLOURS[d % 6][v])][v] else 0

    def search(i: int, left: int) -> list[int] | None:
        if i == len(alive):
            return [] if left == 0 else None
        for v in (1, 2, 3, 4, 5, 6):
            w = worth(alive[i], v)
            if w <= left:
                rest = search(i + 1, left - w)
                if rest is not None:
                    return [v, *rest]
        return None

    found = search(0, target)
    if found is None:
        raise AssertionError(f"explorer {explorer} cannot total {target} on {card_id}")
    return dict(zip(alive, found, strict=True))


def die_of(state: FujiState, explorer: int, face: str) -> int:
    """The die slot of `explorer` currently showing `face` (e.g. "Y4"); the first if several."""
    col, v = face[0].upper(), int(face[1:])
    for d in range(explorer * 6, explorer * 6 + 6):
        if state.die_face[d] == v and state.colour(d) == col and state.die_in_play[d]:
            return d
    raise AssertionError(f"explorer {explorer} shows no {face}")


def label(seat: int, die: int) -> str:
    """Canonical die word for `seat` (`3` for its own die 3, `2:3` for explorer 2's)."""
    e, k = divmod(die, 6)
    return str(k + 1) if e == seat else f"{e}:{k + 1}"


def doc_equal(a: FujiState, b: FujiState) -> bool:
    return a.to_json() == b.to_json()


class Table:
    """A real Fuji game driven by a script of chosen chance outcomes and canonical actions."""

    def __init__(self, state: FujiState, *, skills: Mapping[int, str] | None = None,
                 characters: Mapping[int, str] | None = None, terrain: Mapping[str, str] | None = None,
                 cards: Mapping[int, list[str]] | None = None, keep: Mapping[int, list[str]] | None = None,
                 leave: Mapping[int, int] | None = None, starts: tuple[int, int] | None = None) -> None:
        self.state = state
        self.skills = dict(skills or {})
        self.characters = dict(characters or {})
        self.terrain = {cell_code(k): v.upper() for k, v in (terrain or {}).items()}
        self.draws: dict[int, deque[str]] = {e: deque(v) for e, v in (cards or {}).items()}
        self.scripted = {e: list(v) for e, v in (cards or {}).items()}
        self.keep = dict(keep or {})
        self.leave = dict(leave or {})
        self.white_starters = starts
        self.rolls: dict[int, deque[int]] = {}
        self.applied: list[tuple[int, str]] = []
        """Every action applied, chance included, as (seat, canonical text): a replayable log."""

    # ------------------------------------------------------------------ building
    @classmethod
    def new(cls, *, players: int = 3, level: int = 2, scenario: str | int = "1", variant: str = "auto",
            extra_thrill: bool = False, skills: str | list[str] | None = None,
            characters: str | list[str] | None = None, skill_option: bool = False, seed: int = 0,
            terrain: Mapping[str, str] | None = None, cards: Mapping[int, list[str]] | None = None,
            keep: Mapping[int, list[str]] | None = None, leave: Mapping[int, int] | None = None,
            starts: tuple[int, int] | None = None, rolls: Mapping[int, Any] | None = None) -> Table:
        """A game through setup (§3) up to its first phase-1 roll, every chance outcome chosen.

        `skills` are dealt as chance actions (`deal skill e id`) unless `skill_option` passes them
        as the `skills` option. `cards[e]` lists the cards explorer e draws, setup first, then any
        in-game draws. `rolls` (explorer → faces) also resolves the first phase-1 roll.
        """
        sk = skills.split(",") if isinstance(skills, str) else list(skills or [])
        ch = characters.split(",") if isinstance(characters, str) else list(characters or [])
        opts: dict[str, Any] = {"players": players, "level": level, "scenario": str(scenario),
                                "variant": variant, "extra_thrill": extra_thrill}
        if skill_option and sk:
            opts["skills"] = sk
        state = GAME.new_game(seed=seed, **opts)
        assert isinstance(state, FujiState)
        t = cls(state, skills=dict(enumerate(sk)) if not skill_option else None,
                characters=dict(enumerate(ch)), terrain=terrain, cards=cards, keep=keep, leave=leave,
                starts=starts)
        t.settle()
        if rolls is not None:
            t.roll(rolls)
        return t

    # ------------------------------------------------------------------ chance
    def queue(self, die: int | str, *values: int) -> None:
        """Values the next rolls of one die slot (int, or text `e:k`) will show, in order."""
        d = parse_die(-9, die) if isinstance(die, str) else die
        self.rolls.setdefault(d, deque()).extend(values)

    def queue_faces(self, explorer: int, faces: str | Iterable[str]) -> dict[int, int]:
        """Queue faces for an explorer's dice (slots picked by colour); returns slot → value."""
        chosen = faces_for(self.state, explorer, faces)
        for d, v in chosen.items():
            self.queue(d, v)
        return chosen

    def _reserved_places(self) -> set[str]:
        return set(self.terrain.values())

    def _reserved_cards(self) -> set[str]:
        return {c for q in self.draws.values() for c in q}

    def _choose(self) -> FujiAction | None:
        """The scripted (or default) outcome of the pending chance point, or None to wait."""
        s = self.state
        outcomes = [o for o, _p in s.chance_outcomes()]
        first = outcomes[0]
        verb, arg = first.verb, first.args[0]
        if verb == "roll":
            q = self.rolls.get(arg)
            if q:
                v = q.popleft()
                want = FujiAction(CHANCE, "roll", (arg, v))
                assert want in outcomes, f"{want} is not a possible outcome"
                return want
            if s.phase == ROLL:
                return None
            return s.sample_chance()  # type: ignore[return-value]
        if verb == "place":
            want_id = self.terrain.get(arg)
            reserved = self._reserved_places()
            for o in outcomes:
                tid = o.ids[0]
                if (want_id is not None and tid == want_id) or (want_id is None and tid not in reserved):
                    return o
            raise AssertionError(f"cannot place {want_id} at {cell_name(arg)}")
        if verb == "draw":
            q = self.draws.get(arg)
            if q:
                want = FujiAction(CHANCE, "draw", (arg,), (q.popleft(),))
                assert want in outcomes, f"{want} is not a possible draw now"
                return want
            reserved = self._reserved_cards()
            for o in outcomes:
                if o.ids[0] not in reserved:
                    return o
            return outcomes[0]
        if verb in ("skill", "character"):
            script = self.skills if verb == "skill" else self.characters
            if arg in script:
                want = FujiAction(CHANCE, verb, (arg,), (script[arg],))
                assert want in outcomes, f"{want} is not a possible deal"
                return want
            reserved = set(script.values())
            for o in outcomes:
                if o.ids[0] not in reserved:
                    return o
            return outcomes[0]
        raise AssertionError(f"unknown chance {first}")

    def settle(self) -> None:
        """Answer chance from the script, and setup decisions (§3.2 keep, §17.1 leave, §17.6 item 9)."""
        s = self.state
        while not s.is_over():
            movers = s.to_move()
            if movers == [CHANCE]:
                act = self._choose()
                if act is None:
                    return
                s.apply(act)
                self.applied.append((CHANCE, str(act)))
                continue
            if s.phase != SETUP or not movers:
                return
            seat = movers[0]
            legal = s.legal_actions(seat)
            verb = legal[0].verb
            if verb == "keep":
                e = next(e for e in range(s.table.explorers) if s.table.ctrl[e] == seat and
                         any(s.card_location[c] == -10 - e for c in range(len(s.card_location))))
                if e in self.keep:
                    text = "keep " + " ".join(self.keep[e])
                else:  # default: the scripted cards first, in the order the script lists them
                    pending = [CARDS[c] for c in range(len(s.card_location)) if s.card_location[c] == -10 - e]
                    order = [c for c in self.scripted.get(e, []) if c in pending]
                    order += [c for c in pending if c not in order]
                    text = "keep " + " ".join(order[: len(legal[0].ids)])
            elif verb == "leave":
                e = legal[0].args[0] // 6
                text = f"leave {label(seat, e * 6 + self.leave.get(e, 6) - 1)}"
            elif verb == "starts":
                text = "starts {} {}".format(*(self.white_starters or (0, 2)))
            else:
                return
            self.act(seat, text)

    def roll(self, spec: Mapping[int, Any] | None = None) -> None:
        """Choose phase-1 faces: explorer → "P4 B4 …" (slots by colour) or {slot: value}; then settle.

        Dice not named take the state's own seeded roll.
        """
        for e, faces in (spec or {}).items():
            if isinstance(faces, Mapping):
                for d, v in faces.items():
                    self.queue(d, v)
            else:
                self.queue_faces(e, faces)
        s = self.state
        while s.to_move() == [CHANCE]:
            act = self._choose()
            if act is None:
                act = s.sample_chance()  # type: ignore[assignment]
            s.apply(act)  # type: ignore[arg-type]
            self.applied.append((CHANCE, str(act)))
        self.settle()

    # ------------------------------------------------------------------ decisions
    def act(self, seat: int, text: str) -> None:
        """Apply canonical action text for `seat`, then settle chance."""
        self.state.apply(text, seat)
        self.applied.append((seat, text))
        self.settle()

    def try_act(self, seat: int, text: str) -> IllegalAction:
        """Apply an action expected to be illegal: returns the error and checks nothing changed."""
        before = self.state.to_json()
        try:
            self.state.apply(text, seat)
        except IllegalAction as exc:
            assert self.state.to_json() == before, "an illegal action changed the state"
            return exc
        raise AssertionError(f"{text!r} by seat {seat} was accepted")

    def legal(self, seat: int) -> list[str]:
        return [str(a) for a in self.state.legal_actions(seat)]

    def mark(self, seat: int, cell: str, meeple: int | None = None) -> None:
        self.act(seat, f"mark {cell}" + (f" meeple {meeple}" if meeple is not None else ""))

    def ready_all(self) -> None:
        """Every seat that may act says ready (phase 2 or 4)."""
        s = self.state
        assert s.phase in (PLAN, 4), s.phase
        phase = s.phase
        while s.phase == phase and not s.decisions and not s.is_over():
            seats = [x for x in s.to_move() if x != CHANCE]
            if not seats:
                break
            self.act(seats[0], "ready")

    def plan(self, marks: Mapping[int, str] | None = None, ready: bool = True) -> None:
        """Phase 2: place markers (seat or `(seat, meeple)` → cell), then everyone ready (§7.3, §7.7)."""
        assert self.state.phase == PLAN, self.state.phase
        for who, cell in (marks or {}).items():
            if isinstance(who, tuple):
                self.mark(who[0], cell, who[1])
            else:
                self.mark(who, cell)
        if ready:
            self.ready_all()

    def stop_rerolls(self) -> None:
        """Phase 3: every waiting seat says stop until the phase ends (§8.3)."""
        s = self.state
        while s.phase == REROLL and not s.is_over():
            seats = [x for x in s.to_move() if x != CHANCE]
            if not seats:
                break
            self.act(seats[0], "stop")

    def to_phase5(self, marks: Mapping[int, str] | None = None) -> None:
        """Phases 2-4 with the given markers, no rerolls and no cards."""
        self.plan(marks)
        self.stop_rerolls()
        self.ready_all()
        assert self.state.phase == MOVE, self.state.phase

    def go(self, seat: int, meeple: int | None = None, bars: Mapping[int, int] | None = None,
           path: str | None = None, collect: bool | None = None, injury: str | None = None,
           lose: int | None = None) -> None:
        """Phase 5 turn: `go`, then Gatherer bars (seat → n, default 0), path, collect, injury and the die a
        leg injury takes (default: die 1) (§10.1-§10.6)."""
        if injury == "leg" and lose is None:
            lose = 1
        s = self.state
        self.act(seat, "go" + (f" meeple {meeple}" if meeple is not None else ""))
        bars = dict(bars or {})
        while not s.is_over() and s.decisions:
            fseat = s.decisions[-1].seat
            verb = s.legal_actions(fseat)[0].verb
            if verb == "bars":
                self.act(fseat, f"bars {bars.pop(fseat, 0)}")
            elif verb == "path" and path is not None:
                self.act(fseat, "path " + path)
                path = None
            elif verb in ("collect", "skip") and collect is not None:
                self.act(fseat, "collect" if collect else "skip")
                collect = None
            elif verb == "injury" and injury is not None:
                self.act(fseat, f"injury {injury}")
                injury = None
            elif verb == "lose" and lose is not None:
                self.act(fseat, f"lose {lose}")
                lose = None
            else:
                return

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return self.state.observe(seat)

    def meeple(self, e: int) -> dict[str, Any]:
        return self.state.observe(None)["meeples"][e]

    def stamina(self, e: int) -> int:
        return int(self.meeple(e)["stamina"])

    def position(self, e: int) -> str:
        return str(self.meeple(e)["position"])

    def lava(self) -> list[str]:
        return [c["cell"] for c in self.state.observe(None)["board"] if c["lava"]]

    def rerolls(self) -> list[int]:
        return list(self.state.observe(None)["rerolls_left"])

    def cards_of(self, e: int) -> list[str]:
        return [c["id"] for c in self.meeple(e)["equipment"]]


def poke(state: FujiState, **fields: Any) -> None:
    """Write state fields directly. Only for situations no rule-driven path reaches; each use says why.

    Clears the state's derived caches so the change is seen.
    """
    for k, v in fields.items():
        setattr(state, k, v)
    for cache in ("_lc", "_tm"):
        if hasattr(state, cache):
            setattr(state, cache, None)


def random_playout(state: FujiState, rng: Any, max_steps: int = 20_000) -> int:
    """Play random legal actions and chance outcomes until the end; returns the number of steps."""
    n = 0
    while not state.is_over() and n < max_steps:
        movers = state.to_move()
        assert movers, "to_move() is empty before the game is over"
        if movers == [CHANCE]:
            state.apply(state.sample_chance())
        else:
            seat = movers[rng.randrange(len(movers))]
            legal = state.legal_actions(seat)
            assert legal, f"seat {seat} may act but has no legal action"
            state.apply(legal[rng.randrange(len(legal))])
        n += 1
    return n


__all__ = ["CARDS", "CHARACTERS", "DIE_COLOURS", "GAME", "MOVE", "PLAN", "REROLL", "ROLL", "SETUP",
           "SKILLS", "Table", "card_index", "colour_faces", "die_of", "doc_equal", "faces_for", "label",
           "poke", "random_playout"]
