"""Kernel tests (architecture §2): options schema, RNG, registry, events, errors, content checks."""

from __future__ import annotations

import pytest

import outlast
from outlast import CHANCE, ContentError, IllegalAction, OptionError
from outlast.core import Event, Option, OptionSchema, Rng, UnknownGame, VerbRegistry, canonical, check_record
from outlast.core.errors import OutlastError, SaveError
from outlast.core.rng import advance, mix, peek_below, seed_state

# ============================================================================ options


def _schema() -> OptionSchema:
    def check(opts: dict[str, object]) -> None:
        if opts["n"] == 4 and opts["mode"] == "solo":
            raise OptionError("mode", "solo", "duo (four need company)")

    return OptionSchema((
        Option("n", "int", 2, "how many", (2, 3, 4)),
        Option("mode", "choice", "duo", "how", ("solo", "duo")),
        Option("fast", "bool", False, "hurry"),
        Option("tags", "list", (), "which", ("a", "b", "c")),
        Option("free", "list", (), "anything"),
    ), check=check)


def test_option_defaults_and_names() -> None:
    s = _schema()
    assert s.names() == ["n", "mode", "fast", "tags", "free"]
    assert s.defaults() == {"n": 2, "mode": "duo", "fast": False, "tags": (), "free": ()}
    assert s.resolve({}) == s.defaults()


@pytest.mark.parametrize(("given", "want"), [
    ({"n": "3"}, {"n": 3}), ({"mode": " SOLO "}, {"mode": "solo"}), ({"fast": "yes"}, {"fast": True}),
    ({"fast": "0"}, {"fast": False}), ({"fast": True}, {"fast": True}), ({"tags": "a, c"}, {"tags": ("a", "c")}),
    ({"tags": ["B"]}, {"tags": ("b",)}), ({"free": "x,y"}, {"free": ("x", "y")}),
])
def test_option_coercion_from_text(given: dict[str, object], want: dict[str, object]) -> None:
    out = _schema().resolve(given)
    for k, v in want.items():
        assert out[k] == v


@pytest.mark.parametrize(("given", "option", "allowed"), [
    ({"n": 5}, "n", "2, 3, 4"), ({"n": "two"}, "n", "2, 3, 4"), ({"n": True}, "n", "2, 3, 4"),
    ({"mode": "trio"}, "mode", "solo, duo"), ({"fast": "maybe"}, "fast", "true or false"),
    ({"tags": "a,z"}, "tags", "a comma-separated list of a, b, c"), ({"tags": 3}, "tags", "a, b, c"),
    ({"colour": "red"}, "colour", "n, mode, fast, tags, free"), ({"n": 4, "mode": "solo"}, "mode", "duo"),
])
def test_option_errors_name_option_and_allowed(given: dict[str, object], option: str, allowed: str) -> None:
    with pytest.raises(OptionError) as info:
        _schema().resolve(given)
    assert info.value.option == option
    assert allowed in info.value.allowed
    assert repr(option) in str(info.value) and info.value.allowed in str(info.value)


def test_option_error_is_a_value_error() -> None:
    assert issubclass(OptionError, ValueError) and issubclass(OptionError, OutlastError)


def test_fuji_options_schema_is_iterable_with_help() -> None:
    g = outlast.load_game("fuji")
    assert all(o.help for o in g.options)
    assert g.options.get("players").allowed() == "2, 3, 4"
    with pytest.raises(OptionError):
        g.options.get("nope")


# ============================================================================ RNG


def test_rng_same_seed_same_stream() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(50)] == [b.next64() for _ in range(50)]
    assert [Rng(1).randrange(6) for _ in range(3)] == [Rng(1).randrange(6)] * 3


def test_rng_is_pinned_across_machines() -> None:
    """SplitMix64 with a fixed seeding: these numbers are the same on every machine and Python."""
    r = Rng(7)
    assert [r.next64() for _ in range(3)] == [15921765919291713, 9716997900146464575, 2905765239751184152]
    r = Rng(7)
    assert [r.randrange(6) for _ in range(10)] == [3, 3, 4, 0, 4, 0, 1, 0, 4, 1]
    assert seed_state(7) == 4659817285964113758


def test_rng_different_seeds_differ_and_bounds_hold() -> None:
    assert [Rng(1).next64() for _ in range(1)] != [Rng(2).next64() for _ in range(1)]
    r = Rng(3)
    vals = [r.randrange(6) for _ in range(6000)]
    assert set(vals) == set(range(6))
    assert all(900 < vals.count(v) < 1100 for v in range(6))
    fl = [r.random() for _ in range(1000)]
    assert all(0 <= f < 1 for f in fl)
    with pytest.raises(ValueError):
        r.randrange(0)


def test_peek_below_matches_the_next_draw_without_advancing() -> None:
    r = Rng(9)
    state = r.state
    assert peek_below(state, 6) == Rng(9).randrange(6)
    assert r.state == state
    assert advance(state) == (state + 0x9E3779B97F4A7C15) & ((1 << 64) - 1)
    assert mix(0) == 0


def test_state_rng_advances_only_on_chance() -> None:
    """Architecture §2: randomness lives in the state; a player action does not touch the RNG."""
    s = outlast.load_game("fuji").new_game(seed=5, players=3, skills="scout,buddy,gatherer",
                                           characters="li,krach,harrison")
    r0 = s.rng_state
    a = s.sample_chance()
    assert s.sample_chance() == a  # pure
    s.apply(a)
    assert s.rng_state != r0
    while s.to_move() == [CHANCE]:
        s.apply(s.sample_chance())
    r1 = s.rng_state
    seat = s.to_move()[0]
    s.apply(s.legal_actions(seat)[0])
    assert s.rng_state == r1


# ============================================================================ registry


def test_list_and_load_games() -> None:
    assert "fuji" in outlast.list_games()
    g = outlast.load_game("fuji")
    assert g.name == "fuji" and g is outlast.load_game("fuji")
    assert g.players == (2, 3, 4)


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGame) as info:
        outlast.load_game("chess")
    assert "chess" in str(info.value) and "fuji" in str(info.value)
    assert isinstance(info.value, KeyError) and isinstance(info.value, OutlastError)


# ============================================================================ small pieces


def test_canonical_text() -> None:
    assert canonical("  Reroll   1  4\n") == "reroll 1 4"


def test_event_round_trip_and_visibility() -> None:
    e = Event("roll", "0:1 shows Y6", frozenset({0}), {"die": 0, "value": 6})
    assert Event.from_json(e.to_json()) == e
    assert e.visible(0) and not e.visible(1) and not e.visible(None)
    pub = Event("phase", "round 1")
    assert pub.visible(None) and pub.visible(3)


def test_a_log_reads_back_event_by_event_and_refuses_a_bad_one() -> None:
    """`list_from_json` reads plain public events in one pass and sends every other through `from_json`'s checks."""
    log = [Event("phase", "round 1"), Event("roll", "0 shows 6", frozenset({0}), {"die": 6}), Event("x", "y")]
    docs = [e.to_json() for e in log]
    assert Event.list_from_json(docs, 2) == log
    assert all(type(e) is Event for e in Event.list_from_json(docs, 2))
    for bad in ({"kind": "a", "text": 3, "visible_to": None, "data": {}},
                {"kind": "a", "text": "b", "visible_to": None, "data": {}, "extra": 1},
                {"kind": "a", "text": "b", "visible": None, "data": {}},
                {"kind": "a", "text": "b", "visible_to": None, "data": {"f": float("nan")}},
                {"kind": "a", "text": "b", "visible_to": [5], "data": {}},
                ["a", "b"]):
        with pytest.raises(SaveError):
            Event.list_from_json([*docs, bad], 2)


def test_illegal_action_names_reason_and_rule() -> None:
    err = IllegalAction("too far", "§7.3")
    assert err.reason == "too far" and err.rule == "§7.3" and str(err) == "too far (§7.3)"
    assert str(IllegalAction("no")) == "no"


def test_content_error_names_file_item_field() -> None:
    err = ContentError("equipment.yaml", "map", "effect", "unknown verb")
    assert str(err) == "equipment.yaml: map: effect: unknown verb"


def test_check_record_faults() -> None:
    schema = {"id": "str", "n": "int", "k": "enum(a|b)", "opt": "bool?"}
    check_record("f.yaml", "x", {"id": "x", "n": 1, "k": "a"}, schema)
    for rec, field in (({"id": "x", "n": 1}, "k"), ({"id": "x", "n": "1", "k": "a"}, "n"),
                       ({"id": "x", "n": 1, "k": "c"}, "k"), ({"id": "x", "n": 1, "k": "a", "zz": 1}, "zz"),
                       ({"id": " ", "n": 1, "k": "a"}, "id"), ({"id": "x", "n": True, "k": "a"}, "n")):
        with pytest.raises(ContentError) as info:
            check_record("f.yaml", "x", rec, schema)
        assert info.value.field == field and info.value.file == "f.yaml"
    with pytest.raises(ContentError):
        check_record("f.yaml", "x", ["not", "a", "mapping"], schema)


def test_verb_registry() -> None:
    v = VerbRegistry()
    v.register("collect", {"n": "int"}, lambda p: f"Gain {p['n']}.")
    with pytest.raises(ValueError):
        v.register("collect", {}, lambda p: "")
    with pytest.raises(ValueError, match="kernel verb"):
        v.register("gain", {"n": "int"}, lambda p: "")
    with pytest.raises(ValueError):
        v.register("choose", {}, lambda p: "")
    v.validate({"collect": {"n": 2}}, "f", "i", "effect")
    v.validate({"choose": [{"collect": {"n": 1}}, {"collect": {"n": 2}}]}, "f", "i", "effect")
    assert v.render({"choose": [{"collect": {"n": 1}}, {"collect": {"n": 2}}]}) == "Choose one: Gain 1. Or: Gain 2."
    assert v.render([{"collect": {"n": 1}}, {"collect": {"n": 3}}]) == "Gain 1. Then gain 3."
    assert v.verbs_in({"all": [{"collect": {"n": 1}}]}) == [("collect", {"n": 1})]
    for bad in ({"drop": {}}, {"collect": {}}, {"collect": {"n": "x"}}, [], {"a": 1, "b": 2}, {"choose": [{"collect": {"n": 1}}]}):
        with pytest.raises(ContentError):
            v.validate(bad, "f", "i", "effect")


def test_rules_sections_are_readable() -> None:
    g = outlast.load_game("fuji")
    text = g.rules_section("§4")
    assert text.startswith("## §4") and "Level 4" in text
    assert g.rules_section("§7.2").startswith("### §7.2 Distance")
    assert g.rules_section("§9.4").startswith("### §9.4")
    for bad in ("§99", "seven", 5, ["x"]):
        with pytest.raises(OutlastError):
            g.rules_section(bad)  # type: ignore[arg-type]


def test_decisions_are_built_by_their_quick_constructor_like_the_dataclass_one() -> None:
    """A `Decision` subclass gets `quick_init`'s constructor: the same parameters, defaults and values, still frozen;
    a class with a `__post_init__` keeps the dataclass's."""
    import dataclasses

    from outlast.core.decision import Decision

    @dataclasses.dataclass(frozen=True, slots=True)
    class Pick(Decision):
        kind = "pick"
        rule = "§0"
        seat: int
        options: tuple[int, ...] = ()

        def choosers(self, state: object) -> tuple[int, ...]:
            return (self.seat,)

        def legal(self, state: object, seat: int) -> list[int]:
            return list(self.options)

        def resolve(self, state: object, action: object) -> None:
            pass

    assert "_set_seat" in Pick.__init__.__code__.co_names
    assert Pick(1) == Pick(seat=1, options=()) and Pick(1, (2, 3)).options == (2, 3)
    assert dataclasses.replace(Pick(1, (2,)), seat=0) == Pick(0, (2,))
    with pytest.raises(TypeError):
        Pick()  # type: ignore[call-arg]
    with pytest.raises(dataclasses.FrozenInstanceError):
        Pick(1).seat = 2  # type: ignore[misc]

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked(Pick):
        def __post_init__(self) -> None:
            if self.seat < 0:
                raise ValueError("no such seat")

    assert "_set_seat" not in Checked.__init__.__code__.co_names
    with pytest.raises(ValueError):
        Checked(-1)
