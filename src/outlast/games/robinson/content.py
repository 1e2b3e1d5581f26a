"""Robinson Crusoe content: loads and checks `content/*.yaml` into frozen tables (robinson-crusoe.md §2, §17–§25),
owned by a game object (`RobinsonGame.content`) and shared by its states (architecture §3: no content is process-wide).

Every card, tile, token, character and the scenario is data. Behaviour is keyed on effect verbs
(architecture §3), never on a card's name; the text players read is rendered from the same data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from outlast.core import KERNEL, ContentError, VerbRegistry, Words, check_record
from outlast.core.content import Derives, read_file, record_list, unique_ids
from outlast.core.verbs import SHARED

CONTENT_DIR = Path(__file__).parent / "content"

RESOURCES = ("wood", "food", "nonperishable", "fur")
TRACKS = ("roof", "palisade", "weapon")
ACTION_TYPES = ("threat", "hunt", "build", "gather", "explore", "arrange", "rest")
DICE_TYPES = ("build", "gather", "explore")
TERRAINS = ("beach", "hills", "mountains", "river", "plains")
WHEN = ("any", "night", "weather", "planning", "action", "production")
WHEN_TEXT = {"any": "At any time", "night": "At Night", "weather": "Before the Weather is resolved",
             "planning": "While planning", "action": "Just before an Action resolves", "production": "In Production"}
"""When a skill, Item, kept card or token may be used (content `use.when`), as its text begins."""
WHO = "enum(acting|fp|all)"
ACTION_FIELDS = ("hunt", "build", "gather", "explore")
"""The Action fields a token, a Special Wound or a die's reroll may name."""
FIELD = f"enum({'|'.join(ACTION_FIELDS)})"
WHO_WORDS = {"acting": "the acting player", "fp": "the first player", "all": "every player"}
"""Whom a `who` parameter names (§12.2: an effect aims at one person or at all)."""
RESOURCE_WORDS = {"wood": ("wood", "wood"), "food": ("food", "food"),
                  "nonperishable": ("non-perishable food", "non-perishable food"), "fur": ("fur", "fur")}
"""The resources of kernel `gain` and `lose` (§2.4), as players read them."""


def _n(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word}" if abs(n) == 1 else f"{n} {plural or word + 's'}"


def _res(p: dict[str, Any]) -> str:
    parts = []
    for r in RESOURCES:
        n = p.get(r, 0)
        if n:
            word = {"nonperishable": "non-perishable food"}.get(r, r)
            parts.append(f"{n} {word}")
    text = " and ".join(parts) or "nothing"
    if p.get("per_player"):
        text += " per player"
    return text


def _who(w: str | None, default: str = "all") -> str:
    return {"acting": "the acting player", "fp": "the first player", "all": "every player"}[w or default]


def make_verbs() -> VerbRegistry:
    """The Robinson Crusoe effect verbs, each with its parameters and its text (the handlers are registered
    by the rules' modules, `program.handles`)."""
    v = VerbRegistry()
    _resource_verbs(v)
    _fight_verbs(v)
    _token_verbs(v)
    _item_verbs(v)
    _card_verbs(v)
    _standing_verbs(v)
    _skill_verbs(v)
    return v


def _resource_verbs(v: VerbRegistry) -> None:
    """Verbs of resources, tracks, Wounds and Determination (§8.3, §12.2, §12.3, §13)."""
    v.adopt(KERNEL.gain, words=Words(resources=RESOURCE_WORDS, options=frozenset({"per_player"}),
                                     to={"available": "straight into Available", "future": "into Future"}))
    v.adopt(KERNEL.lose, words=Words(resources=RESOURCE_WORDS, who=WHO_WORDS, who_default="all",
                                     lose_as=("discard", "discards"),  # the rulebook's word (§12.2)
                                     shortfall="each missing one wounds {who}", options=frozenset({"if_possible"})))
    v.register("track", {"track": "enum(roof|palisade|weapon)", "by": "int", "if_possible": "bool?"},
               lambda p: f"{p['track'].capitalize()} {p['by']:+d}" + (" if possible." if p.get("if_possible") else "."),
               "Move a track; a drop below 0 wounds every player per missing level (§12.2).")
    v.register("halve", {"track": "enum(roof|palisade|weapon)"},
               lambda p: f"{p['track'].capitalize()} loses half its level, rounded down.")
    v.register("morale", {"by": "int"}, lambda p: f"Morale {p['by']:+d}.")
    v.adopt(KERNEL.wound, words=Words(who=WHO_WORDS, unit=("Wound", "Wounds")))
    v.adopt(KERNEL.heal, words=Words(who={**WHO_WORDS, SHARED: "shared among players as you like"},
                                     unit=("Wound", "Wounds")))
    v.register("determination", {"who": WHO, "n": "int"},
               lambda p: f"{_who(p['who']).capitalize()} " + (f"gains {_n(p['n'], 'Determination token')}." if p["n"] >= 0
                                                             else f"discards {_n(-p['n'], 'Determination token')}."))
    v.register("determination_split", {"n": "int"},
               lambda p: f"Hand out {_n(p['n'], 'Determination token')} among players as you like.")


def _fight_verbs(v: VerbRegistry) -> None:
    """Verbs of fights (§8.7, §16.7, §16.9)."""
    v.register("fight", {"strength": "int", "weapon_loss": "int?", "food": "int?", "fur": "int?",
                         "palisade_loss": "int?", "who": f"{WHO}?"},
               lambda p: f"{_who(p.get('who'), 'acting').capitalize()} fights a beast of strength {p['strength']}"
               + (f", Weapon -{p['weapon_loss']}" if p.get("weapon_loss") else "")
               + (f", Palisade -{p['palisade_loss']}" if p.get("palisade_loss") else "")
               + (f"; gain {_res(p)}" if p.get("food") or p.get("fur") else "") + ".")
    v.register("temp_weapon", {"by": "int"},
               lambda p: f"Weapon +{p['by']} for the Hunt about to be resolved only (the track does not move).")


def _token_verbs(v: VerbRegistry) -> None:
    """Verbs of tokens and the round's reminders (§12.6, §20)."""
    v.register("weather_token", {"token": "enum(rain|winter|storm)"},
               lambda p: {"rain": "Put a Rainy Cloud token", "winter": "Put a Winter Cloud token",
                          "storm": "Put a Storm token"}[p["token"]] + " in the Weather space.")
    v.register("field_token", {"token": "enum(reroll|adventure|extra_pawn|wood_cost|beast_strength)", "field": FIELD},
               lambda p: {"reroll": "Put a Reroll Success token on", "adventure": "Put an Adventure token on",
                          "extra_pawn": "Put an extra-pawn token (one more pawn needed) on",
                          "wood_cost": "Put a +1 wood cost token on",
                          "beast_strength": "Put a Beast Strength token next to"}[p["token"]]
               + {"hunt": " the Hunting deck.", "build": " Building.", "gather": " Gathering.",
                  "explore": " Exploration."}[p["field"]])
    v.register("camp_token", {"resource": "enum(wood|food)"},
               lambda p: f"Put a +1 {p['resource']} token on the Camp tile.")
    v.register("cover_source", {"which": "enum(gathered|adjacent_food|camp)"},
               lambda p: {"gathered": "Cover the source just gathered: it is exhausted.",
                          "adjacent_food": "Cover one food source next to the Camp.",
                          "camp": "Cover one source on the Camp tile."}[p["which"]])
    v.register("no_production", {"resource": "enum(wood|food)"},
               lambda p: f"No {p['resource']} from Production this round.")
    v.register("night_demand", {"food": "int"},
               lambda p: f"Tonight each player eats {_n(p['food'], 'more food', 'more food')} or takes a Wound for each missing.")


def _item_verbs(v: VerbRegistry) -> None:
    """Verbs of Inventions and Items (§12.8, §16.6, §17)."""
    v.adopt(KERNEL.discard, words=Words(cards={"inventions": ("Invention from the board", "Inventions from the board")},
                                        who={"fp": "the first player"}))
    v.register("put_invention", {}, lambda p: "Choose any Invention from the deck and lay it on the board.")
    v.register("flip_item", {"if_possible": "bool?"},
               lambda p: ("If possible, turn" if p.get("if_possible") else "Turn") + " one built Item back to its Invention side.")
    v.register("build_free", {"item": "str"}, lambda p: f"Build the {p['item'].replace('_', ' ').title()} at no cost, without an Action.")
    v.register("starting_item_from_box", {}, lambda p: "Take one Starting Item from those left in the box, with all its uses.")


def _card_verbs(v: VerbRegistry) -> None:
    """Verbs of cards, decks and the island (§5.2, §12.4, §16)."""
    v.register("shuffle_into_events", {}, lambda p: "Shuffle this card into the Event deck.")
    v.register("nothing", {}, lambda p: "Nothing happens.")
    v.register("repeat_event", {}, lambda p: "Apply this card's Event effect once more.")
    v.register("pass_first_player", {}, lambda p: "The first-player token passes to the next player.")
    v.adopt(KERNEL.draw, words=Words(decks={"discovery": ("Discovery token", "Discovery tokens")}))
    v.register("draw_mystery", {"treasure": "int?", "monster": "int?", "trap": "int?"},
               lambda p: "Draw Mystery cards: " + ", ".join(_n(p[k], k) for k in ("monster", "trap", "treasure") if p.get(k)) + ".")
    v.register("beast_to_hunt", {"unseen_top": "bool?"},
               lambda p: "Put the top Beast card on top of the Hunting deck, unseen." if p.get("unseen_top")
               else "Shuffle one Beast card into the Hunting deck.")
    v.register("night_outside", {}, lambda p: "The acting player spends tonight outside the Camp.")
    v.register("special_wound", {"part": "enum(head|arm|belly|leg)", "action": FIELD, "until": "str"},
               lambda p: f"Special Wound ({p['part']}) on the acting player: their {p['action']} Actions need one more pawn "
               f"until the {p['until'].replace('_', ' ').title()} is built.")
    v.register("unless_built", {"item": "str", "effect": "effect"},
               lambda p: f"Unless the {p['item'].replace('_', ' ').title()} is built: " + VERBS.render(p["effect"]))
    v.register("lose_tile", {}, lambda p: "The first player picks an explored tile other than the Camp; it becomes "
               "inaccessible (face down, its tokens removed).")
    v.register("tile_token", {"token": "enum(beast_strength|extra_pawn)"},
               lambda p: "The first player puts " + ("a Beast Strength token on an explored tile: Actions there need "
               "Weapon 1 or the acting player takes a Wound." if p["token"] == "beast_strength" else
               "an extra-pawn token on an explored tile: Actions there need one more pawn."))
    v.register("minus_pawn", {"who": WHO},
               lambda p: f"{_who(p['who']).capitalize()} places one pawn fewer in the next planning.")
    v.register("pile_wood", {"n": "int"}, lambda p: f"Put {_n(p['n'], 'wood', 'wood')} onto the wood pile (extra wood is lost).")


def _standing_verbs(v: VerbRegistry) -> None:
    """Verbs of standing abilities of Items, kept cards and tokens (§17.2, §18, §19)."""
    v.register("gather_bonus", {"n": "int"}, lambda p: f"Each successful Gathering brings {p['n']} more of its resource.")
    v.register("rest_bonus", {"heal": "int", "determination": "int"},
               lambda p: f"Rest heals {p['heal']} more" + (f" and gives {_n(p['determination'], 'Determination token')}" if p["determination"] else "") + ".")
    v.register("extra_pawn", {"actions": "list[str]", "uses": "int?"},
               lambda p: f"An additional pawn for {' or '.join(p['actions'])}" + (f", {_n(p['uses'], 'use')}." if p.get("uses") else ", every round."))
    v.register("no_rot", {"food": "int?"},
               lambda p: "Food does not rot at Night." if not p.get("food") else f"Up to {p['food']} food does not rot at Night.")
    v.register("morale_bonus", {"n": "int"},
               lambda p: f"In the Morale phase the first player gains {p['n']} more, or loses {p['n']} fewer, Determination.")
    v.register("night_heal", {"food": "int", "heal": "int"},
               lambda p: f"Once each Night: discard {p['food']} food to heal {_n(p['heal'], 'Wound')}, shared as you like.")
    v.register("ignore_cloud", {"cloud": "enum(rain|winter)", "n": "int"},
               lambda p: f"Ignore {_n(p['n'], 'Rainy Cloud' if p['cloud'] == 'rain' else 'Winter Cloud')} in the Weather phase.")
    v.register("convert_cloud", {}, lambda p: "Turn one Winter Cloud into a Rainy Cloud in the Weather phase.")
    v.register("pit", {"food": "int"}, lambda p: f"In Production roll the brown Wound die: on a Wound gain {p['food']} food.")
    v.register("production_tile_token", {}, lambda p: "Place the Shortcut token on a tile next to the Camp.")
    v.register("token_tile_production", {"n": "int"},
               lambda p: f"From the next Production on, the tile with the Shortcut token gives {_n(p['n'], 'resource')} "
               "from one of its sources.")
    v.register("food_source_to_camp", {}, lambda p: "On building you may cover a food source next to the Camp to put a +1 food token on the Camp tile.")
    v.register("counts_as", {"item": "str"}, lambda p: f"Counts as the {p['item'].replace('_', ' ').title()}.")
    v.register("arrange_bonus", {"determination": "int", "heal": "int"},
               lambda p: f"On one Arranging the Camp, gain {p['determination']} Determination and heal {p['heal']} instead of 2 Determination.")


def _skill_verbs(v: VerbRegistry) -> None:
    """Verbs of skills (§13.2)."""
    v.adopt(KERNEL.reroll, words=Words(dice={f: f"any one {f} die" for f in ACTION_FIELDS}, any_dice="any one die"))
    v.register("cheaper_wood", {"n": "int"}, lambda p: f"One planned Action costs {_n(p['n'], 'wood', 'wood')} less.")
    v.register("new_idea", {"draw": "int"},
               lambda p: f"Draw {p['draw']} Inventions, lay one on the board and put the rest face down on the discard pile.")
    v.register("reconnaissance", {"draw": "int"},
               lambda p: f"Look at the top {p['draw']} Island tiles; the one you choose goes on top, the rest are shuffled back.")
    v.register("scouting", {"draw": "int"},
               lambda p: f"Draw {p['draw']} Discovery tokens: keep one in Available, remove the others from the game.")
    v.register("tracking", {}, lambda p: "Look at the top Hunting card; leave it on top or put it at the bottom.")


VERBS = make_verbs()


# ----------------------------------------------------------------------------- records
@dataclass(frozen=True)
class Card:
    """Any card (event, wreckage, adventure, mystery, beast, invention, starting item).

    `index` is its place in `Content.cards`, the index every state uses for it.
    """

    index: int
    kind: str
    id: str
    name: str
    data: dict[str, Any]
    text: str
    """Player-facing text, rendered from the effect data at load time."""


@dataclass(frozen=True)
class Tile:
    index: int
    number: int
    terrain: str
    sources: tuple[str, ...]
    """Resource of each source, 'food' (fish or bird) or 'wood'."""
    beast: bool
    totem: bool
    tent: bool
    discoveries: int


@dataclass(frozen=True)
class TokenKind:
    """A Discovery token design; `Content.tokens` holds one entry per physical token."""

    id: str
    name: str
    when: str
    needs_item: str
    needs_weapon: int
    effect: Any
    immediate: bool
    scenario: bool
    text: str


@dataclass(frozen=True)
class Skill:
    id: str
    name: str
    cost: int
    when: str
    effect: Any
    text: str


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    death_at: int
    arrows: tuple[int, ...]
    personal: str
    skills: tuple[Skill, ...]
    solo_ok: bool


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    rounds: int
    weather: tuple[tuple[str, ...], ...]
    """weather[round - 1] → dice rolled that round."""
    pile: tuple[int, ...]
    win_from: int
    win_items: tuple[str, ...]
    book: Any
    totem: Any
    inventions: tuple[str, ...]
    discoveries: tuple[str, ...]
    wreckage: str
    start_tile: int


@dataclass(frozen=True)
class Content(Derives):
    """One game object's Robinson Crusoe content (`load_content`); `derive` keeps what is built from it (the
    compiled program, the encoding's layout)."""

    cards: tuple[Card, ...]
    by_id: dict[str, int]
    tiles: tuple[Tile, ...]
    spaces: tuple[tuple[int, int], ...]
    """Axial (q, r) of each island space."""
    start_space: int
    neighbours: tuple[tuple[int, ...], ...]
    token_kinds: tuple[TokenKind, ...]
    tokens: tuple[int, ...]
    """tokens[physical token] → index into token_kinds."""
    characters: tuple[Character, ...]
    scenarios: tuple[Scenario, ...]
    dice: dict[str, tuple[tuple[str, ...], ...]]
    """dice[type] → (wound faces, success faces, adventure faces), six faces each ('wound', 'blank', …)."""
    weather_dice: dict[str, tuple[str, ...]]
    morale: tuple[tuple[int, int], ...]
    """(level, FP determination) from the lowest level up (§25.8)."""
    costs: dict[int, tuple[int, int]]
    """players → (wood, fur) for the Shelter, Roof and Palisade (§8.8.2)."""
    friday_death_at: int
    friday_reroll_cost: int
    derived: dict[Any, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def card(self, cid: str) -> Card:
        return self.cards[self.by_id[cid]]

    def of_kind(self, kind: str) -> tuple[int, ...]:
        return tuple(c.index for c in self.cards if c.kind == kind)

    def character(self, cid: str) -> Character:
        return next(c for c in self.characters if c.id == cid)


REQ = {"wood": "int?", "food": "int?", "fur": "int?", "item": "str?", "weapon": "int?"}
USE = {"when": "enum(any|night|weather|planning|action|production)", "needs_item": "str?", "needs_weapon": "int?"}

SCHEMAS: dict[str, dict[str, str]] = {
    "event": {"id": "str", "name": "str", "icon": "enum(book|build|gather|explore)", "event": "effect",
              "threat": "map", "threat_effect": "effect", "threat_effect_alt": "effect?"},
    "threat": {"name": "str", "pawns": "int", "needs": "list?", "reward": "effect"},
    "wreckage": {"id": "str", "name": "str", "threat_name": "str", "one": "effect", "two": "effect"},
    "adventure": {"id": "str", "deck": "enum(build|gather|explore)", "name": "str", "action": "effect",
                  "event_name": "str", "event": "effect"},
    "mystery": {"id": "str", "type": "enum(treasure|monster|trap)", "name": "str", "action": "effect",
                "event_name": "str?", "event": "effect?", "keep": "map?"},
    "keep": {"uses": "int?", "when": "enum(any|night|weather|planning|action|production)?", "effect": "effect"},
    "beast": {"id": "str", "name": "str", "strength": "int", "weapon_loss": "int", "food": "int", "fur": "int",
              "extra": "effect?"},
    "invention": {"id": "str", "name": "str", "group": "enum(starting|normal|personal|scenario)", "owner": "str?",
                  "terrain": "list[str]?", "items": "list[str]?", "cost": "list?", "on_build": "effect?",
                  "passive": "effect?"},
    "start_item": {"id": "str", "name": "str", "uses": "int", "use": "map", "effect": "effect"},
    "token": {"id": "str", "name": "str", "count": "int", "use": "map", "effect": "effect", "immediate": "bool?",
              "scenario": "bool?"},
    "tile": {"number": "int", "terrain": "enum(beach|hills|mountains|river|plains)", "sources": "list[str]",
             "beast": "bool", "totem": "bool", "tent": "bool", "discoveries": "int"},
    "character": {"id": "str", "name": "str", "death_at": "int", "arrows": "list[int]", "personal": "str",
                  "solo": "bool", "skills": "list"},
    "skill": {"id": "str", "name": "str", "cost": "int", "use": "map", "effect": "effect"},
}

CARD_FILES = (("events.yaml", "event"), ("wreckage.yaml", "wreckage"), ("adventures.yaml", "adventure"),
              ("mysteries.yaml", "mystery"), ("beasts.yaml", "beast"), ("inventions.yaml", "invention"),
              ("starting_items.yaml", "start_item"))


def use_text(when: str, effect: Any, needs_item: str = "", needs_weapon: int = 0, uses: int = 0,
             own: bool = False) -> str:
    """The text of something used by choice: how many uses, when, what it needs, then its effect.

    >>> use_text("any", {"morale": {"by": 1}}, needs_item="pot")
    'At any time, with the Pot built: Morale +1.'
    """
    verbs = [v for v, _ in VERBS.verbs_in(effect)]
    if verbs and verbs[0] == "reroll":
        head = "Right after a roll"
    elif own and when == "action":
        head = "Just before an Action of your own resolves"
    else:
        head = WHEN_TEXT[when]
    if needs_item:
        head += f", with the {needs_item.replace('_', ' ').title()} built"
    if needs_weapon:
        head += f", with Weapon at least {needs_weapon}"
    first = effect[0] if isinstance(effect, list) and effect else None
    if isinstance(first, dict) and "lose" in first and not (first["lose"] or {}).get("if_possible"):
        # a cost: the use is offered only when it can be paid from free resources (§13.2)
        text = f"{head}, for {_res(first['lose'])}: " + VERBS.render(effect[1:])
    else:
        text = f"{head}: {VERBS.render(effect)}"
    return f"{_n(uses, 'use')}. {text}" if uses else text


def _threat_text(t: dict[str, Any]) -> str:
    needs = " or ".join(_req_text(n) for n in t.get("needs") or []) or "nothing more"
    return f"Threat Action {t['name']}: {_n(t['pawns'], 'pawn')}, needs {needs}. Reward: {VERBS.render(t['reward'])}"


def _req_text(req: dict[str, Any]) -> str:
    parts = [f"{req[k]} {k}" for k in ("wood", "food", "fur") if req.get(k)]
    if req.get("item"):
        parts.append(f"the {str(req['item']).replace('_', ' ').title()}")
    if req.get("weapon"):
        parts.append(f"Weapon {req['weapon']}+")
    return " + ".join(parts) or "nothing"


def _card_text(kind: str, rec: dict[str, Any]) -> str:
    if kind == "event":
        alt = (f" With the alternative Threat effects: {VERBS.render(rec['threat_effect_alt'])}"
               if rec.get("threat_effect_alt") else "")
        return (f"Event: {VERBS.render(rec['event'])} {_threat_text(rec['threat'])} "
                f"If pushed off: {VERBS.render(rec['threat_effect'])}{alt}")
    if kind == "wreckage":
        return f"{rec['threat_name']}: 1 pawn: {VERBS.render(rec['one'])} 2 pawns: {VERBS.render(rec['two'])}"
    if kind in ("adventure", "mystery"):
        text = f"{VERBS.render(rec['action'])}"
        keep = rec.get("keep")
        if keep:
            text += (f" Keep it: {use_text(keep['when'], keep['effect'], uses=keep.get('uses', 0))}" if keep.get("when")
                     else f" Keep it; while kept: {VERBS.render(keep['effect'])}")
        if rec.get("event"):
            text += f" / Event half ({rec.get('event_name', '')}): {VERBS.render(rec['event'])}"
        return text
    if kind == "beast":
        text = (f"Strength {rec['strength']}, Weapon -{rec['weapon_loss']}, {rec['food']} food, {rec['fur']} fur.")
        return text + (f" {VERBS.render(rec['extra'])}" if rec.get("extra") else "")
    if kind == "invention":
        reqs = [t.capitalize() for t in rec.get("terrain") or []] + [
            i.replace("_", " ").title() for i in rec.get("items") or []]
        cost = " or ".join(_req_text(c) for c in rec.get("cost") or [])
        need = ", ".join(reqs + ([cost] if cost else [])) or "nothing"
        effects = [VERBS.render(rec[k]) for k in ("on_build", "passive") if rec.get(k)]
        owner = f" Only the {rec['owner'].capitalize()} may build it." if rec.get("owner") else ""
        return f"Needs {need}.{owner} " + (" ".join(effects) if effects else "A requirement for other Items.")
    if kind == "start_item":
        u = rec["use"]
        return use_text(u["when"], rec["effect"], u.get("needs_item", ""), u.get("needs_weapon", 0), rec["uses"])
    raise AssertionError(kind)


def _check_use(file: str, item: str, use: Any) -> None:
    check_record(file, item, use, USE)


def _check_req_list(file: str, item: str, field: str, reqs: Any) -> None:
    if not isinstance(reqs, list):
        raise ContentError(file, item, field, "must be a list of alternatives")
    for alt in reqs:
        check_record(file, item, alt, REQ)
        if not alt:
            raise ContentError(file, item, field, "an alternative needs at least one requirement")


def load_content(directory: Path = CONTENT_DIR, verbs: VerbRegistry | None = None) -> Content:
    """Load and validate every Robinson Crusoe content file; any fault raises `ContentError`.

    Effects are checked against `verbs` (the shipped registry `VERBS` by default), which records the verbs used.
    """
    registry = VERBS if verbs is None else verbs
    cards, by_id = _read_cards(directory, registry)
    items = {c.id for c in cards if c.kind == "invention"}
    spaces, start, tiles, neighbours = _read_island(directory)
    kinds, tokens = _read_discoveries(directory, registry)
    chars, fr = _read_characters(directory, registry, cards, by_id, items)
    dice, weather_dice, morale, costs = _read_tables(directory)
    scenarios = _read_scenarios(directory, registry, _Known(cards, by_id, items, kinds, tiles, weather_dice))
    content = Content(tuple(cards), by_id, tuple(tiles), tuple(spaces), spaces.index((start[0], start[1])), neighbours, tuple(kinds), tuple(tokens),
                      tuple(chars), tuple(scenarios), dice, weather_dice, tuple(morale), costs, fr["death_at"],
                      fr["reroll_cost"])
    _check_references(content)
    return content


def _read_cards(directory: Path, registry: VerbRegistry) -> tuple[list[Card], dict[str, int]]:
    """Every card file (§17–§24): the cards in file order and their index by id."""
    cards: list[Card] = []
    for fname, kind in CARD_FILES:
        f, doc = read_file(directory, fname)
        for cid, rec in unique_ids(f, record_list(f, doc)).items():
            check_record(f, cid, rec, SCHEMAS[kind], registry)
            if kind == "event":
                check_record(f, cid, rec["threat"], SCHEMAS["threat"], registry)
                if rec["threat"]["pawns"] not in (1, 2):
                    raise ContentError(f, cid, "threat.pawns", "a Threat Action needs 1 or 2 pawns (§8.6.1)")
                _check_req_list(f, cid, "threat.needs", rec["threat"].get("needs") or [])
            if kind == "mystery" and rec.get("keep") is not None:
                check_record(f, cid, rec["keep"], SCHEMAS["keep"], registry)
            if kind == "mystery" and bool(rec.get("event")) != bool(rec.get("event_name")):
                raise ContentError(f, cid, "event_name", "an Event half needs its title, and a title its effect")
            if kind == "invention":
                _check_req_list(f, cid, "cost", rec.get("cost") or [])
                if any(t not in TERRAINS for t in rec.get("terrain") or []):
                    raise ContentError(f, cid, "terrain", f"terrains are {', '.join(TERRAINS)}")
                if (rec["group"] == "personal") != bool(rec.get("owner")):
                    raise ContentError(f, cid, "owner", "personal Inventions, and only they, name their owner")
            if kind == "start_item":
                _check_use(f, cid, rec["use"])
            cards.append(Card(len(cards), kind, cid, rec["name"], rec, _card_text(kind, rec)))
    by_id: dict[str, int] = {}
    for c in cards:
        if c.id in by_id:
            raise ContentError(dict((k, f) for f, k in CARD_FILES)[c.kind], c.id, "id", "an id is used by two cards")
        by_id[c.id] = c.index
    return cards, by_id


def _read_island(directory: Path) -> tuple[list[tuple[int, int]], tuple[int, ...], list[Tile], tuple[tuple[int, ...], ...]]:
    """island.yaml (§25.2): the spaces, the start space, the tiles and each space's neighbours."""
    f, doc = read_file(directory, "island.yaml")
    check_record(f, "island", doc, {"spaces": "list", "start": "list[int]", "tiles": "list"})
    spaces = []
    for i, sp in enumerate(doc["spaces"]):
        if not (isinstance(sp, list) and len(sp) == 2 and all(isinstance(x, int) for x in sp)):
            raise ContentError(f, f"space {i}", "spaces", "a space is [q, r]")
        spaces.append((sp[0], sp[1]))
    if len(set(spaces)) != len(spaces):
        raise ContentError(f, "island", "spaces", "two spaces share coordinates")
    start = tuple(doc["start"])
    if start not in spaces:
        raise ContentError(f, "island", "start", "the start space must be one of the spaces")
    tiles: list[Tile] = []
    for i, rec in enumerate(record_list(f, doc["tiles"])):
        check_record(f, f"tile {i + 1}", rec, SCHEMAS["tile"])
        if any(s not in ("food", "wood") for s in rec["sources"]) or len(rec["sources"]) > 2:
            raise ContentError(f, f"tile {rec['number']}", "sources", "up to two sources, each food or wood")
        tiles.append(Tile(len(tiles), rec["number"], rec["terrain"], tuple(rec["sources"]), rec["beast"], rec["totem"],
                          rec["tent"], rec["discoveries"]))
    if len(tiles) > len(spaces):
        raise ContentError(f, "island", "tiles", "more tiles than spaces")
    offsets = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
    where = {sp: i for i, sp in enumerate(spaces)}
    neighbours = tuple(tuple(sorted(where[(q + dq, rr + dr)] for dq, dr in offsets if (q + dq, rr + dr) in where))
                       for q, rr in spaces)
    return spaces, start, tiles, neighbours


def _read_discoveries(directory: Path, registry: VerbRegistry) -> tuple[list[TokenKind], list[int]]:
    """discoveries.yaml (§19, §25.14): the token designs and one entry per physical token."""
    f, doc = read_file(directory, "discoveries.yaml")
    kinds = []
    tokens: list[int] = []
    for tid, rec in unique_ids(f, record_list(f, doc)).items():
        check_record(f, tid, rec, SCHEMAS["token"], registry)
        _check_use(f, tid, rec["use"])
        if rec["count"] < 1:
            raise ContentError(f, tid, "count", "at least one token")
        u = rec["use"]
        kinds.append(TokenKind(tid, rec["name"], u["when"], u.get("needs_item", ""), u.get("needs_weapon", 0),
                               rec["effect"], bool(rec.get("immediate")), bool(rec.get("scenario")),
                               use_text(u["when"], rec["effect"], u.get("needs_item", ""), u.get("needs_weapon", 0))))
        tokens += [len(kinds) - 1] * rec["count"]
    return kinds, tokens


def _read_characters(directory: Path, registry: VerbRegistry, cards: list[Card], by_id: dict[str, int],
                     items: set[str]) -> tuple[list[Character], dict[str, Any]]:
    """characters.yaml (§13, §25.9): the characters with their skills, and Friday's row."""
    f, doc = read_file(directory, "characters.yaml")
    check_record(f, "characters", doc, {"characters": "list", "friday": "map"})
    chars = []
    for cid, rec in unique_ids(f, record_list(f, doc["characters"])).items():
        check_record(f, cid, rec, SCHEMAS["character"])
        if rec["personal"] not in items or cards[by_id[rec["personal"]]].data["group"] != "personal":
            raise ContentError(f, cid, "personal", "must name a personal Invention in inventions.yaml")
        if any(not 0 < a < rec["death_at"] for a in rec["arrows"]):
            raise ContentError(f, cid, "arrows", "arrows lie between the first space and death")
        skills = []
        for s in rec["skills"]:
            item = f"{cid}/{s.get('id', '?') if isinstance(s, dict) else '?'}"
            check_record(f, item, s, SCHEMAS["skill"], registry)
            _check_use(f, item, s["use"])
            skills.append(Skill(s["id"], s["name"], s["cost"], s["use"]["when"], s["effect"],
                                use_text(s["use"]["when"], s["effect"], own=True)))
        if len(skills) != 4:
            raise ContentError(f, cid, "skills", "a character has four skills (§13.2)")
        chars.append(Character(cid, rec["name"], rec["death_at"], tuple(rec["arrows"]), rec["personal"],
                               tuple(skills), rec["solo"]))
    fr = doc["friday"]
    check_record(f, "friday", fr, {"death_at": "int", "reroll_cost": "int"})
    return chars, fr


def _read_tables(directory: Path) -> tuple[dict[str, tuple[tuple[str, ...], ...]], dict[str, tuple[str, ...]],
                                           list[tuple[int, int]], dict[int, tuple[int, int]]]:
    """tables.yaml (§25.8, §25.10, §25.11, §8.8.2): the Action dice, the Weather dice, Morale and the costs."""
    f, doc = read_file(directory, "tables.yaml")
    check_record(f, "tables", doc, {"action_dice": "map", "weather_dice": "map", "morale": "list", "costs": "list"})
    dice: dict[str, tuple[tuple[str, ...], ...]] = {}
    for t in DICE_TYPES:
        d = doc["action_dice"].get(t)
        check_record(f, f"action_dice.{t}", d, {"wound": "list[str]", "success": "list[str]", "adventure": "list[str]"})
        for die, good in (("wound", "wound"), ("success", "success"), ("adventure", "adventure")):
            if len(d[die]) != 6 or any(x not in (good, "blank", "question") for x in d[die]):
                raise ContentError(f, f"action_dice.{t}", die, f"six faces, each {good} or blank (success: or question)")
        dice[t] = (tuple(d["wound"]), tuple(d["success"]), tuple(d["adventure"]))
    wfaces = {"rain": ("rain1", "rain2", "winter1", "winter2"), "winter": ("rain1", "rain2", "winter1", "winter2"),
              "animals": ("blank", "palisade", "food", "fight")}
    weather_dice = {}
    for t, allowed in wfaces.items():
        faces = doc["weather_dice"].get(t)
        if not isinstance(faces, list) or len(faces) != 6 or any(x not in allowed for x in faces):
            raise ContentError(f, "weather_dice", t, f"six faces from {', '.join(allowed)}")
        weather_dice[t] = tuple(faces)
    morale = []
    for rec in doc["morale"]:
        check_record(f, "morale", rec, {"level": "int", "determination": "int"})
        morale.append((rec["level"], rec["determination"]))
    if [m[0] for m in morale] != list(range(morale[0][0], morale[0][0] + len(morale))) or 0 not in [m[0] for m in morale]:
        raise ContentError(f, "morale", "level", "levels must rise one by one and include 0")
    costs = {}
    for rec in doc["costs"]:
        check_record(f, "costs", rec, {"players": "int", "wood": "int", "fur": "int"})
        costs[rec["players"]] = (rec["wood"], rec["fur"])
    if sorted(costs) != [1, 2, 3, 4]:
        raise ContentError(f, "costs", "players", "a cost row for 1, 2, 3 and 4 players")
    return dice, weather_dice, morale, costs


@dataclass(frozen=True)
class _Known:
    """What the scenario file may name, read from the other files first."""

    cards: list[Card]
    by_id: dict[str, int]
    items: set[str]
    kinds: list[TokenKind]
    tiles: list[Tile]
    weather_dice: dict[str, tuple[str, ...]]


def _read_scenarios(directory: Path, registry: VerbRegistry, known: _Known) -> list[Scenario]:
    """scenarios.yaml (§18, §25.1): each scenario, its references checked against the other files."""
    cards, by_id, items, kinds, tiles, weather_dice = (known.cards, known.by_id, known.items, known.kinds,
                                                        known.tiles, known.weather_dice)
    f, doc = read_file(directory, "scenarios.yaml")
    scenarios = []
    for sid, rec in unique_ids(f, record_list(f, doc)).items():
        check_record(f, sid, rec, {"id": "str", "name": "str", "rounds": "int", "weather": "list", "pile": "list[int]",
                                   "win_from": "int", "win_items": "list[str]", "book": "effect", "totem": "effect",
                                   "inventions": "list[str]", "discoveries": "list[str]", "wreckage": "str",
                                   "start_tile": "int"}, registry)
        weather: list[tuple[str, ...]] = [()] * rec["rounds"]
        for w in rec["weather"]:
            check_record(f, sid, w, {"from": "int", "to": "int", "dice": "list[str]"})
            if any(d not in weather_dice for d in w["dice"]) or not 1 <= w["from"] <= w["to"] <= rec["rounds"]:
                raise ContentError(f, sid, "weather", "rounds within the scenario and dice from rain, winter, animals")
            for rd in range(w["from"], w["to"] + 1):
                weather[rd - 1] = tuple(w["dice"])
        for inv in rec["inventions"] + rec["win_items"]:
            if inv not in items:
                raise ContentError(f, sid, "inventions", f"{inv!r} is not an Invention")
        tk = {k.id for k in kinds}
        for d in rec["discoveries"]:
            if d not in tk:
                raise ContentError(f, sid, "discoveries", f"{d!r} is not a Discovery token")
        if rec["wreckage"] not in by_id or cards[by_id[rec["wreckage"]]].kind != "wreckage":
            raise ContentError(f, sid, "wreckage", "must name a Wreckage card")
        if rec["start_tile"] not in [t.number for t in tiles]:
            raise ContentError(f, sid, "start_tile", "must name a tile number")
        scenarios.append(Scenario(sid, rec["name"], rec["rounds"], tuple(weather), tuple(rec["pile"]), rec["win_from"],
                                  tuple(rec["win_items"]), rec["book"], rec["totem"], tuple(rec["inventions"]),
                                  tuple(rec["discoveries"]), rec["wreckage"], rec["start_tile"]))
    return scenarios


def _check_references(c: Content) -> None:
    """Every id an effect or requirement names must exist (a bad reference is a content fault)."""
    items = {x.id for x in c.cards if x.kind == "invention"}

    def walk(effect: Any, file: str, item: str) -> None:
        for verb, params in VERBS.verbs_in(effect):
            for key in ("item", "until"):
                if key in params and params[key] not in items:
                    raise ContentError(file, item, f"{verb}.{key}", f"{params[key]!r} is not an Invention")
            if "effect" in params:
                walk(params["effect"], file, item)

    files = {kind: f for f, kind in CARD_FILES}
    for card in c.cards:
        for key in ("event", "threat_effect", "threat_effect_alt", "one", "two", "action", "extra", "on_build",
                    "passive", "effect"):
            if card.data.get(key):
                walk(card.data[key], files[card.kind], card.id)
        if card.kind == "event":
            walk(card.data["threat"]["reward"], "events.yaml", card.id)
            for alt in card.data["threat"].get("needs") or []:
                if "item" in alt and alt["item"] not in items:
                    raise ContentError("events.yaml", card.id, "threat.needs", f"{alt['item']!r} is not an Invention")
        if card.kind == "invention":
            for i in card.data.get("items") or []:
                if i not in items:
                    raise ContentError("inventions.yaml", card.id, "items", f"{i!r} is not an Invention")
            owner = card.data.get("owner")
            if owner and owner not in [ch.id for ch in c.characters]:
                raise ContentError("inventions.yaml", card.id, "owner", f"{owner!r} is not a character")
        if card.kind == "mystery" and card.data.get("keep"):
            walk(card.data["keep"]["effect"], "mysteries.yaml", card.id)
    for k in c.token_kinds:
        walk(k.effect, "discoveries.yaml", k.id)
        if k.needs_item and k.needs_item not in items:
            raise ContentError("discoveries.yaml", k.id, "use.needs_item", f"{k.needs_item!r} is not an Invention")

