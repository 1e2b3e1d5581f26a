"""The generator's unnumbered decks: threats, nights, quests and characters (discover.md §5.3, §5.5, §13,
§17.10–§17.13)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .copy import Character, NightCard, NightStep, Quest, ThreatCard, TileFace
from .generator_pools import Pools
from .generator_util import Draw, ability, amounts, amounts_text, instantiate
from .goals import advance_text, goal_of, win_text
from .verbs import VERBS, text_of

THREATS = 12
ONGOING = (2, 4)
TRIBAL = (1, 3)
NIGHTS_PER_TIER = {1: 4, 2: 6}
SLEEP = {1: {"fire": 9, "other": 7}, 2: {"fire": 8, "other": 6}}
"""The Sleep step of each tier (§17.11): tier I mild 9/7, tier II 8/6; everyone gains at least 6."""
BONUS_CHANCE = (2, 3)
"""A generated tier-I card has a bonus or event step 2 times in 3."""
CHARACTERS = 12
SCENARIO_STAGES = ("1.1", "1.2", "1.3", "2.1", "2.2", "2.3", "5.1")
KNOWN_STAGES = {"1.1": "cry_for_help", "5.1": "last_one_standing"}
DISCARD_TEXT = {"sleep_at_fire": "when you sleep at a fire", "recover": "when you Recover",
                "night_end": "at the end of this night"}


# ----------------------------------------------------------------------------- threats (§5.5, §17.10)
def _threat(index: int, name: str, record: Mapping[str, Any]) -> ThreatCard:
    kind = record["kind"]
    text = text_of(record["effect"])
    if kind == "ongoing":
        text += (f" Ongoing: at each Sleep step, {text_of(record['ongoing_effect'])} Discard this "
                 f"{DISCARD_TEXT[record['discard_when']]}.")
    if kind == "tribal":
        text = "Tribal. " + text
    return ThreatCard(id=index, name=name, effect=record["effect"], ongoing=kind == "ongoing",
                      tribal=kind == "tribal", ongoing_effect=record.get("ongoing_effect"),
                      discard_when=record.get("discard_when", ""), text=text)


def draw_threats(draw: Draw, pools: Pools, counts: dict[str, int]) -> list[ThreatCard]:
    """12 threat cards: Snoring, 2–4 ongoing, 1–3 tribal, one-shots for the rest (all templates different)."""
    ongoing = draw.between(*ONGOING)
    tribal = draw.between(*TRIBAL)
    counts.update(ongoing_threats=ongoing, tribal_threats=tribal)
    known = pools.known["snoring"]
    cards = [_threat(0, known["names"][0], known)]
    for kind, n in (("ongoing", ongoing), ("tribal", tribal), ("oneshot", THREATS - 1 - ongoing - tribal)):
        for template in draw.templates(pools.where("threats", kind=kind), n):
            cards.append(_threat(len(cards), *instantiate(draw, template, {})))
    return cards


# ----------------------------------------------------------------------------- nights (§5.3, §17.11)
def _step(title: str, tag: str, effect: Any) -> NightStep:
    VERBS.validate(effect, "nights", title, "effect")  # the steps built here are checked like the pools' own
    return NightStep(title=title, tag=tag, effect=effect, text=text_of(effect))


def _pick_step(draw: Draw, pools: Pools, tags: Sequence[str], tier: int) -> NightStep:
    fitting = [t for t in pools.nights if t["tag"] in tags and tier in t["tiers"]]
    template = fitting[draw.weighted([t["weight"] for t in fitting])]
    title, record = instantiate(draw, template, {})
    return _step(title, record["tag"], record["effect"])


def _night(draw: Draw, pools: Pools, index: int, name: str, tier: int) -> NightCard:
    """One generated night card: upkeep, Sleep, (tier I: maybe a bonus or event; tier II: threats), monsters."""
    steps = [_pick_step(draw, pools, ("upkeep",), tier),
             _step(draw.one(pools.names["sleep_titles"]), "sleep", [{"sleep": dict(SLEEP[tier])}])]
    if tier == 2:
        steps.append(_step(draw.one(pools.names["threat_titles"]), "threat", [{"threat": {"who": "not_at_fire"}}]))
    elif draw.below(BONUS_CHANCE[1]) < BONUS_CHANCE[0]:
        steps.append(_pick_step(draw, pools, ("bonus", "event"), tier))
    steps.append(_pick_step(draw, pools, ("monster",), tier))
    return NightCard(id=index, name=name, tier=tier, steps=tuple(steps), code=f"{index + 1}/10")


def draw_nights(draw: Draw, pools: Pools) -> list[NightCard]:
    """10 night cards: the known tier-I "1/10", 3 more of tier I, then 6 of tier II; names all different."""
    known = pools.known["night_1_10"]
    steps = tuple(_step(s["title"], s["tag"], s["effect"]) for s in known["steps"])
    cards = [NightCard(id=0, name=known["names"][0], tier=1, steps=steps, code=known["code"])]
    names = draw.sample(pools.names["nights"], sum(NIGHTS_PER_TIER.values()) - 1)
    for tier, n in NIGHTS_PER_TIER.items():
        for _ in range(n - (tier == 1)):
            cards.append(_night(draw, pools, len(cards), names[len(cards) - 1], tier))
    return cards


# ----------------------------------------------------------------------------- quests (§13, §17.12)
def requirement_text(requirement: Mapping[str, Any], outcome: str, stage: str) -> str:
    """A quest card's text, from its requirement in the vocabulary of §17.24 rule 4; who must stand where and
    hold what comes from the `Goal` the engine's check reads (`goals.py`, §0.3, §13.2)."""
    req = requirement
    if req.get("last_standing"):
        return "The last survivor left on the map wins; if the last ones fall together, nobody wins."
    goal = goal_of(req)
    if outcome == "win":
        return win_text(goal)
    if "investigate" in req:
        done = f"a survivor investigates landmark #{req['investigate']}"
    elif "defeat" in req:
        done = f"enemy #{req['defeat']} is defeated"
    elif "pay" in req:
        each = " per player (the number who started)" if req.get("per_player") else ""
        done = f"the group pays {amounts_text(amounts(req['pay']))}{each}, in any split, at camp"
    elif "pay_any" in req:
        each = " per player (the number who started)" if req.get("per_player") else ""
        mix = " or ".join(r.replace("_", " ") for r in req["of"])
        done = f"the group pays {req['pay_any']} {mix}{each}, in any mix and split, at camp"
    elif "craft" in req:
        done = f"item #{req['craft']} is crafted"
    else:
        done = advance_text(goal)
    scenario, level = stage.split(".")
    return f"When {done}, advance to stage {scenario}.{int(level) + 1}."


def quest_refs(draw: Draw, tiles: Sequence[TileFace], specials: Sequence[int], quest_item: int, signal: int,
               objectives: int) -> dict[str, int]:
    """The copy's numbers quest templates refer to, drawn in this order: smoke, meeting, guardian, objective."""
    landmarks = [(s.landmark, t.pile) for t in tiles for s in t.spaces if s.landmark]
    smoke = draw.one(sorted(n for n, pile in landmarks if pile >= 2 and n not in (1, 33)))
    meeting = draw.one(sorted(n for n, _ in landmarks if n not in (1, smoke)))
    refs = {"smoke": smoke, "meeting": meeting, "guardian": draw.one(specials), "quest_item": quest_item,
            "signal": signal, "highest": max(n for n, _ in landmarks)}
    refs["objective"] = draw.between(1, objectives) if objectives else 0
    return refs


def draw_quests(draw: Draw, pools: Pools, refs: Mapping[str, int], objectives: int) -> list[Quest]:
    """The quest cards of Scenarios 1, 2 and 5, stage by stage (§17.12); 3 and 4 wait for the second terrain."""
    quests: list[Quest] = []
    for stage in SCENARIO_STAGES:
        if stage in KNOWN_STAGES:
            template = pools.known[KNOWN_STAGES[stage]]
        else:
            fitting = [t for t in pools.where("quests", stage=stage) if objectives or t.get("needs") != "objective"]
            template = fitting[draw.weighted([t["weight"] for t in fitting])]
        name, record = instantiate(draw, template, refs)
        scenario, level = (int(x) for x in stage.split("."))
        quests.append(Quest(id=len(quests), scenario=scenario, stage=level, name=name,
                            requirement=record["requirement"], outcome=record["outcome"],
                            on_reveal=record.get("on_reveal"),
                            text=" ".join(filter(None, [text_of(record["on_reveal"]) if "on_reveal" in record
                                                        else "", requirement_text(record["requirement"],
                                                                                  record["outcome"], stage)]))))
    return quests


# ----------------------------------------------------------------------------- characters (§17.13)
def draw_characters(draw: Draw, pools: Pools) -> list[Character]:
    """12 of the 36 character designs, by weight, all different."""
    out: list[Character] = []
    for template in draw.templates(pools.characters, CHARACTERS):
        abilities = tuple(ability(a) for a in template["abilities"])
        out.append(Character(id=len(out), name=template["name"], title=template["title"], abilities=abilities,
                             code=f"{len(out) + 1}.1", flavour=template["flavour"],
                             text=" ".join(a.text for a in abilities)))
    return out
