"""Card effects that run: the work queue and the effect program (robinson-crusoe.md §16, §20).

Each rule here is a function of the state (`state`, whose fields `fields.py` declares); `RobinsonState`
binds it as a method, so rules and doors call it as `state.rule(...)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from outlast.core.verbs import SHARED
from outlast.core.words import article

from . import abilities
from .abilities import Query
from .constants import (
    ADV_ZONE,
    ADVD_ZONE,
    CH_ADV,
    CH_BEAST,
    CH_BEAST_TOP,
    CH_INV,
    CH_RECON,
    CH_START,
    CH_TOKEN,
    FIELD_OF,
    FOOD,
    FT_ADVENTURE,
    FT_BEAST,
    FT_BITS,
    FT_EXTRA,
    FT_REROLL,
    FT_WOOD,
    I_ADV_DONE,
    I_ADVENTURE,
    I_BEAST,
    I_DICE,
    I_DISCARD,
    I_EVENT_HALF_DONE,
    I_ICON,
    I_MAIN,
    I_MYST_AFTER,
    I_MYST_STEP,
    I_NEW_IDEA,
    I_POST,
    I_PRE,
    I_RECON,
    I_SCOUT,
    I_SLIDE,
    I_SUCCESS,
    I_TOKENS,
    NONPER,
    RES_NAMES,
    RESOLVE,
    T_GATHER,
    TILE_REVEALED,
    TILE_STACK,
    TK_BEAST,
    TK_EXTRA,
    TK_FOOD,
    TK_WOOD,
    TOK_AVAIL,
    TOK_BAG,
    TOK_FUTURE,
    TOK_REVEALED,
    TRACK_NAMES,
    TYPE_NAMES,
    W_ACTION,
    Z_BEAST_DECK,
    Z_BOX,
    Z_EVENT_DECK,
    Z_INV_BOARD,
    Z_INV_DECK,
    Z_INV_DISCARD,
    Z_ITEM,
    Z_ITEM_FUTURE,
    Z_RESOLVING,
    Z_REVEALED,
)
from .decisions import (
    AnyTimeWindow,
    ChooseOption,
    CoverSource,
    CoverSourceForCampToken,
    DiscardInvention,
    KeepInvention,
    KeepToken,
    LayInvention,
    LoseTile,
    MarkTile,
    ProducingTile,
    ShareDetermination,
    ShareHealing,
    TopTile,
    TurnItemBack,
)
from .program import CHOOSE, HANDLERS, SEQ, handles

if TYPE_CHECKING:
    from .state import RobinsonState


def _run_work(state: RobinsonState) -> None:
    op, a, b, x = state.work.pop()
    if op >= 0:
        _run_node(state, op, a, b)
        return
    if op == I_ICON:
        icon = state.content.cards[b].data["icon"]
        if icon == "book":
            state._push((state.program.book, state.first_player, b, 0))
        else:
            _field_token(state, FIELD_OF[icon], FT_ADVENTURE)
    elif op == I_SLIDE:
        state._slide(b)
    elif op in (I_EVENT_HALF_DONE, I_DISCARD):
        state.discard(b)
    elif op == I_PRE:
        state.decisions.append(AnyTimeWindow(state.first_player, W_ACTION, 0, len(state.work)))
    elif op == I_MAIN:
        state._main(b)
    elif op == I_POST:
        state._post(b)
    elif op == I_DICE:
        state._dice_results(b)
    elif op == I_SUCCESS:
        state._success(b)
    elif op == I_ADVENTURE:
        _adventure(state, a, b, bool(x))
    elif op == I_ADV_DONE:
        state.discard(b)
    elif op == I_BEAST:
        state._beast(a, b)
    elif op == I_MYST_STEP:
        state._myst_step()
    elif op == I_MYST_AFTER:
        state._myst_after(b)
    elif op == I_TOKENS:
        if b > 0 and TOK_BAG in state.token_place:
            state.chance = [CH_TOKEN, a, b, 0]
    elif op == I_NEW_IDEA:
        if b > 0 and not state.count_in(Z_INV_DECK):
            for card in state.cards_in(Z_INV_DISCARD):
                state.zone[card] = Z_INV_DECK
        if b > 0 and state.count_in(Z_INV_DECK):
            state.chance = [CH_INV, Z_REVEALED, b, a]
        elif state.count_in(Z_REVEALED):
            state.decisions.append(KeepInvention(a))
    elif op == I_RECON:
        if b > 0 and TILE_STACK in state.tile_at:
            state.chance = [CH_RECON, a, b, 0]
        elif TILE_REVEALED in state.tile_at:
            state.decisions.append(TopTile(a))
    elif op == I_SCOUT:
        if b > 0 and TOK_BAG in state.token_place:
            state.chance = [CH_TOKEN, TOK_REVEALED, b, a]
        elif TOK_REVEALED in state.token_place:
            state.decisions.append(KeepToken(a))
    else:
        raise AssertionError(op)


def _adventure(state: RobinsonState, actor: int, group: int, token: bool) -> None:
    """An Adventure for the Action `group` (§8.5.3): the Adventure token goes (§20.2); Friday takes a Wound
    instead (§14.4); else the Action's Adventure deck is drawn, reshuffled from its discards when empty."""
    typ = state.groups[group][0]
    if token and state.action_field_tokens[typ] & FT_ADVENTURE:
        state.action_field_tokens[typ] &= ~FT_ADVENTURE
        state.log("action", "The Adventure token is used (§20.2).")
    if actor == state.table.friday_index:
        state.wound(actor, 1, "an Adventure result for Friday (§14.4)")
        return
    z = ADV_ZONE[typ]
    if not state.count_in(z):
        for card in state.cards_in(ADVD_ZONE[z]):
            state.zone[card] = z
    if state.count_in(z):
        state.chance = [CH_ADV, z, actor, 0]
    else:
        state.log("action", "No Adventure card is left (§25.19).")


def _field_token(state: RobinsonState, typ: int, bit: int) -> None:
    """One token of a type per place; an extra one is ignored, not a demand (§12.6)."""
    if state.action_field_tokens[typ] & bit:
        state.log("token", f"{TYPE_NAMES[typ].capitalize()} already holds that token: the new one is ignored (§12.6).")
        return
    state.action_field_tokens[typ] |= bit
    name = {FT_REROLL: "Reroll Success", FT_ADVENTURE: "Adventure", FT_EXTRA: "extra-pawn", FT_WOOD: "+1 wood",
            FT_BEAST: "Beast Strength"}[bit]
    state.log("token", f"{article(name, capital=True)} token goes on {TYPE_NAMES[typ]} (§20).")


def _who(state: RobinsonState, who: str | None, actor: int) -> list[int]:
    if who == "all":
        return list(range(state.players))
    if who == "fp":
        return [state.first_player]
    return [actor if actor >= 0 else state.first_player]


def _run_node(state: RobinsonState, node: int, actor: int, card: int) -> None:
    """Run one compiled effect node: a sequence pushes its parts, a choice asks (§12.5), a verb runs its
    handler with the card's parameters (§16)."""
    kind, verb, _params, kids = state.program.nodes[node]
    if kind == SEQ:
        state._push(*[(k, actor, card, 0) for k in kids])
        return
    if kind == CHOOSE:
        chooser = state.seat_of(actor) if actor >= 0 else state.first_player
        state.decisions.append(ChooseOption(chooser, node, actor, card))
        return
    HANDLERS[verb](EffectRun(state, actor, card, node), **state.program.calls[node])


def _cover(state: RobinsonState, which: str, actor: int) -> None:
    """Exhaust a source (§16.3); with none to cover, every player takes a Wound (§12.2)."""
    if which == "gathered":
        g = state.groups[state.resolving_action] if 0 <= state.resolving_action < len(state.groups) else None
        if g is not None and g[0] == T_GATHER:
            sp, i = divmod(g[1], 2)
            state.covered_sources[sp] |= 1 << i
            state.log("effect", f"The source at s{sp + 1} is exhausted (§16.3).")
            return
        state.wound_all(1, "no source to cover (§12.2)")
        return
    options = _adjacent_food(state) if which == "adjacent_food" else _camp_sources(state)
    if not options:
        state.wound_all(1, "no source to cover (§12.2)")
        return
    state.decisions.append(CoverSource(state.first_player, 1 if which == "adjacent_food" else 0))


def _adjacent_food(state: RobinsonState) -> list[int]:
    """Uncovered food sources (space*2+i) next to the Camp."""
    out = []
    for sp in state._camp_moves():
        for i, kind in enumerate(state.content.tiles[state.space_tile[sp]].sources):
            if kind == "food" and not state.covered_sources[sp] >> i & 1:
                out.append(sp * 2 + i)
    return out


def _camp_sources(state: RobinsonState) -> list[int]:
    t = state.space_tile[state.camp]
    return [state.camp * 2 + i for i in range(len(state.content.tiles[t].sources)) if not state.covered_sources[state.camp] >> i & 1]


class EffectRun:
    """A verb of a card's effect being run: the state, the acting castaway (-1: none), the card (-1: none) and
    the compiled node, for the handler registered for the verb (`program.handles`)."""

    __slots__ = ("state", "actor", "card", "node")

    def __init__(self, state: RobinsonState, actor: int, card: int, node: int) -> None:
        self.state = state
        self.actor = actor
        self.card = card
        self.node = node

    @property
    def cause(self) -> str:
        """The card's name, or the effect's source, for the log."""
        state = self.state
        return state.content.cards[self.card].name if self.card >= 0 else (state.source or "an effect")

    @property
    def chooser(self) -> int:
        """The seat of the acting castaway, or the first player when nobody acts."""
        return self.state.seat_of(self.actor) if self.actor >= 0 else self.state.first_player

    def who(self, who: str | None) -> list[int]:
        """The castaways a `who` parameter names: every player, the first player, or the acting one."""
        return self.state._who(who, self.actor)

    def nested(self, effect: object) -> int:
        """The compiled node of this verb's nested `effect` parameter."""
        _kind, _verb, params, kids = self.state.program.nodes[self.node]
        if params.get("effect") is not effect:
            raise AssertionError("a nested effect must be this verb's own")
        return kids[0]


def _free(state: RobinsonState, resource: int) -> int:
    return state.free(resource if resource != NONPER else FOOD)


# ---- resources and tracks (§8.3, §12.2, §12.3)
@handles("gain")
def gain(run: EffectRun, wood: int | None, food: int | None, nonperishable: int | None, fur: int | None,
         per_player: bool | None, to: str | None) -> None:
    """Gain resources, into Future during the Action phase, otherwise into Available (§8.3.1)."""
    state = run.state
    times = state.players if per_player else 1
    to_future = None if to is None else to == "future"
    for resource, amount in enumerate((wood, food, nonperishable, fur)):
        if amount:
            state.gain(resource, amount * times, run.actor, run.cause, to_future)


@handles("lose")
def lose(run: EffectRun, wood: int | None, food: int | None, nonperishable: int | None, fur: int | None,
         if_possible: bool | None, who: str | None) -> None:
    """Discard from Available; each missing one wounds `who` (every player by default, §12.2), unless IF POSSIBLE:
    then nothing (§12.3)."""
    state, cause = run.state, run.cause
    need = [(r, k) for r, k in enumerate((wood, food, nonperishable, fur)) if k]
    if if_possible and any(_free(state, r) < k for r, k in need):
        state.log("effect", f"{cause}: not possible, nothing happens (§12.3).")
        return
    missing = 0
    for r, k in need:
        got = min(k, max(0, _free(state, r)))
        state.pay(r, got)
        missing += k - got
        if got:
            state.log("pay", f"Discard {got} {RES_NAMES[r]} ({cause}).")
    if missing:
        for castaway in run.who(who or "all"):
            state.wound(castaway, missing, f"{cause}: {missing} missing (§12.2)")


@handles("track")
def track(run: EffectRun, track: str, by: int, if_possible: bool | None) -> None:
    """Move the Roof, Palisade or Weapon track; an Invention's raise without a Shelter is ignored (§8.8.4),
    a drop below 0 wounds (§12.2)."""
    state, card = run.state, run.card
    which = TRACK_NAMES.index(track)
    if by > 0:
        if which < 2 and not state.has_shelter() and card >= 0 and state.content.cards[card].kind == "invention":
            state.uses[card] = -1  # its raise is ignored (§8.8.4): nothing for a loss to undo (§16.6)
        state.raise_track(which, by, run.cause)
    else:
        state.drop_track(which, -by, run.cause, bool(if_possible))


@handles("halve")
def halve(run: EffectRun, track: str) -> None:
    """A track loses half its level, rounded down (§16)."""
    state = run.state
    which = TRACK_NAMES.index(track)
    level = (state.roof, state.palisade, state.weapon)[which]
    state.set_track(which, level - level // 2)
    state.log("track", f"{track.capitalize()} {level} → {level - level // 2} ({run.cause}).")


@handles("morale")
def morale(run: EffectRun, by: int) -> None:
    """Move the Morale marker (§6)."""
    run.state.change_morale(by, run.cause)


@handles("pile_wood")
def pile_wood(run: EffectRun, n: int) -> None:
    """Wood onto the signal-fire pile; what does not fit is lost (§25.1)."""
    run.state.add_to_pile(n, run.cause)


# ---- Wounds, healing and Determination (§12.2, §13)
@handles("wound")
def wound(run: EffectRun, who: str | None, n: int) -> None:
    """The named castaways take Wounds (§12.2); the acting one when none is named."""
    for castaway in run.who(who or "acting"):
        run.state.wound(castaway, n, run.cause)


@handles("heal")
def heal(run: EffectRun, who: str | None, n: int) -> None:
    """The named castaways heal Wounds (§13); `split`: the chooser shares them out as they like, and nothing
    happens when nobody is wounded."""
    state = run.state
    if who == SHARED:
        if any(state.wounds[p] for p in range(state.players)):
            state.decisions.append(ShareHealing(run.chooser, n))
        return
    for castaway in run.who(who or "acting"):
        state.heal(castaway, n, run.cause)


@handles("determination")
def determination(run: EffectRun, who: str, n: int) -> None:
    """The named castaways gain (or discard) Determination tokens (§13.2)."""
    state = run.state
    for castaway in run.who(who):
        if n >= 0:
            state.gain_det(castaway, n, run.cause)
        else:
            state.lose_det(castaway, -n, run.cause)


@handles("determination_split")
def determination_split(run: EffectRun, n: int) -> None:
    """Determination tokens handed out among the castaways as the chooser likes (§13.2)."""
    run.state.decisions.append(ShareDetermination(run.chooser, n))


@handles("special_wound")
def special_wound(run: EffectRun, part: str, action: str, until: str) -> None:
    """A Special Wound on the acting castaway: its Actions of a type need one more pawn until an Item is built (§13.1)."""
    state, actor = run.state, run.actor
    if 0 <= actor < state.players:
        body = ("head", "arm", "belly", "leg").index(part)
        state.special.append((actor, body, FIELD_OF[action], state.content.by_id[until]))
        state.log("wound", f"{state.char_name(actor)} gets a Special Wound ({part}) (§13.1).")


# ---- fights (§8.7, §16.7, §16.9)
@handles("fight")
def fight(run: EffectRun, strength: int, weapon_loss: int | None, food: int | None, fur: int | None,
          palisade_loss: int | None, who: str | None) -> None:
    """A fight against a beast (§8.7.2); against every castaway, each missing Weapon level wounds all (§16.7)."""
    state, cause = run.state, run.cause
    if (who or "acting") == "all":
        level = state.weapon + state.temp_weapon
        if level < strength:
            state.wound_all(strength - level, f"{cause}: strength {strength} against Weapon {level}")
        return
    fighter = run.who(who or "acting")[0]
    state.log("fight", f"{state.char_name(fighter)} fights ({cause}, strength {strength}).")
    state.fight(fighter, strength, weapon_loss or 0, food or 0, fur or 0, palisade_loss or 0)


@handles("temp_weapon")
def temp_weapon(run: EffectRun, by: int) -> None:
    """Weapon higher for the Action about to be resolved only (§16.9)."""
    run.state.temp_weapon += by
    run.state.log("weapon", f"Weapon +{by} for this Action only (§16.9).")


@handles("beast_to_hunt")
def beast_to_hunt(run: EffectRun, unseen_top: bool | None) -> None:
    """A Beast card joins the Hunting deck, shuffled in or unseen on top (§8.7)."""
    state = run.state
    if state.count_in(Z_BEAST_DECK):
        state.chance = [CH_BEAST_TOP if unseen_top else CH_BEAST, 0, 0, 0]


# ---- tokens (§12.6, §20)
@handles("weather_token")
def weather_token(run: EffectRun, token: str) -> None:
    """A Rainy Cloud, Winter Cloud or Storm token in the Weather space; a second one is ignored (§12.6)."""
    state = run.state
    which = ("rain", "winter", "storm").index(token)
    if state.weather_tokens[which]:
        state.log("token", "The Weather space already holds that token: ignored (§12.6).")
    else:
        state.weather_tokens[which] = 1
        state.log("token", f"{article(token, capital=True)} token goes in the Weather space ({run.cause}).")


@handles("field_token")
def field_token(run: EffectRun, token: str, field: str) -> None:
    """A token on an Action's field (§20)."""
    run.state._field_token(FIELD_OF[field], FT_BITS[token])


@handles("camp_token")
def camp_token(run: EffectRun, resource: str) -> None:
    """A +1 wood or +1 food token on the Camp tile; a second one is ignored (§12.6, §20)."""
    state = run.state
    bit = TK_WOOD if resource == "wood" else TK_FOOD
    if state.space_tokens[state.camp] & bit:
        state.log("token", "The Camp tile already holds that token: ignored (§12.6).")
    else:
        state.space_tokens[state.camp] |= bit
        state.log("token", f"A +1 {resource} token goes on the Camp tile ({run.cause}).")


@handles("tile_token")
def tile_token(run: EffectRun, token: str) -> None:
    """The first player puts a Beast Strength or extra-pawn token on an explored tile (§20)."""
    state = run.state
    bit = TK_BEAST if token == "beast_strength" else TK_EXTRA
    if state._markable_tiles(bit):
        state.decisions.append(MarkTile(state.first_player, bit))
    else:
        state.log("token", "Every tile already holds that token: ignored (§12.6).")


@handles("minus_pawn")
def minus_pawn(run: EffectRun, who: str) -> None:
    """The named castaways place one pawn fewer in the next planning (§20)."""
    state = run.state
    for castaway in run.who(who):
        if castaway < state.players:
            state.minus[castaway] = 1
            state.log("token", f"{state.char_name(castaway)} will have one pawn fewer in the next planning (§20).")


# ---- the island (§10.2, §16.3, §16.4)
@handles("cover_source")
def cover_source(run: EffectRun, which: str) -> None:
    """A source is covered: exhausted (§16.3)."""
    run.state._cover(which, run.actor)


@handles("lose_tile")
def lose_tile(run: EffectRun) -> None:
    """The first player picks an explored tile that becomes inaccessible (§16.4)."""
    state = run.state
    if state._losable_tiles():
        state.decisions.append(LoseTile(state.first_player))


@handles("production_tile_token")
def production_tile_token(run: EffectRun) -> None:
    """The Shortcut token goes on a tile next to the Camp: each Production gives a resource there (§17.2)."""
    state = run.state
    if state._camp_moves():
        state.decisions.append(ProducingTile(state.first_player))


@handles("food_source_to_camp")
def food_source_to_camp(run: EffectRun) -> None:
    """On building, a food source next to the Camp may be covered for a +1 food token on the Camp tile (§17.2)."""
    state = run.state
    if _adjacent_food(state):
        state.decisions.append(CoverSourceForCampToken(state.first_player))


# ---- the round's cards (§5.2, §7, §10, §12.4, §16)
@handles("no_production")
def no_production(run: EffectRun, resource: str) -> None:
    """No wood, or no food, from Production this round (§7)."""
    state = run.state
    state.flags |= 1 if resource == "wood" else 2
    state.log("effect", f"No {resource} from Production this round ({run.cause}).")


@handles("night_demand")
def night_demand(run: EffectRun, food: int) -> None:
    """A reminder in the Night space: each castaway eats more tonight; a second one is ignored (§10.1, §12.6)."""
    state = run.state
    if state.night_food:  # one reminder per location; an identical one is ignored (§12.6)
        state.log("token", "The Night space already holds that reminder: ignored (§12.6).")
    else:
        state.night_food = food
        state.log("effect", f"A reminder in the Night space: each player eats {food} more ({run.cause}).")


@handles("night_outside")
def night_outside(run: EffectRun) -> None:
    """The acting castaway spends the night outside the Camp (§16.1)."""
    state, actor = run.state, run.actor
    if 0 <= actor < state.players:
        state.outside[actor] = 1
        state.log("effect", f"{state.char_name(actor)} will spend the night outside the Camp (§16.1).")


@handles("shuffle_into_events")
def shuffle_into_events(run: EffectRun) -> None:
    """This card is shuffled into the Event deck (§16.10)."""
    state, card = run.state, run.card
    if card >= 0 and state.zone[card] == Z_RESOLVING:
        state.zone[card] = Z_EVENT_DECK
        state.log("effect", f"{run.cause} is shuffled into the Event deck (§16.10).")


@handles("nothing")
def nothing(run: EffectRun) -> None:
    """Nothing happens (§16)."""


@handles("repeat_event")
def repeat_event(run: EffectRun) -> None:
    """This card's Event effect happens once more (§16.8)."""
    state = run.state
    node = state.program.card.get((run.card, "event"))
    if node is not None:
        state.log("effect", f"{run.cause}: its Event effect happens again (§16.8).")
        state._push((node, state.first_player, run.card, 0))


@handles("pass_first_player")
def pass_first_player(run: EffectRun) -> None:
    """The first-player token passes to the next castaway (§5.2)."""
    state = run.state
    if state.players > 1:
        state.first_player = (state.first_player + 1) % state.players
        state.log("effect", f"{state.char_name(state.first_player)} becomes the first player ({run.cause}).")


@handles("draw")
def draw(run: EffectRun, deck: str, n: int) -> None:
    """Tokens drawn from a deck: Discovery tokens go into Future during the Action phase (§20)."""
    state = run.state
    if deck != "discovery":
        raise AssertionError(f"no deck {deck!r} to draw from")
    state._push((I_TOKENS, TOK_FUTURE if state.phase == RESOLVE else TOK_AVAIL, n, 0))


@handles("draw_mystery")
def draw_mystery(run: EffectRun, treasure: int | None, monster: int | None, trap: int | None) -> None:
    """Mystery cards drawn, up to the numbers of each kind (§16.2)."""
    state = run.state
    state.mystery_draw = [treasure or 0, monster or 0, trap or 0, run.actor, 0]
    state.log("mystery", f"Drawing Mystery cards ({run.cause}) (§16.2).")
    state._push((I_MYST_STEP, 0, 0, 0))


@handles("unless_built")
def unless_built(run: EffectRun, item: str, effect: object) -> None:
    """The nested effect happens unless the named Item is built (§16)."""
    state = run.state
    if not state.built(item):
        state._push((run.nested(effect), run.actor, run.card, 0))
    else:
        state.log("effect", f"The {item} protects ({run.cause}).")


# ---- Inventions and Items (§12.8, §16.6, §17)
@handles("discard")
def discard(run: EffectRun, cards: str, n: int, who: str | None) -> None:
    """Inventions discarded from the board, chosen by the first player (§12.8)."""
    state = run.state
    if cards != "inventions":
        raise AssertionError(f"no cards {cards!r} to discard")
    if state.count_in(Z_INV_BOARD):
        state.decisions.append(DiscardInvention(run.who(who or "fp")[0], n))


@handles("put_invention")
def put_invention(run: EffectRun) -> None:
    """Any Invention of the deck is laid on the board; an empty deck takes back the face-down pile (§25.19)."""
    state = run.state
    if not state.count_in(Z_INV_DECK):
        for card in state.cards_in(Z_INV_DISCARD):
            state.zone[card] = Z_INV_DECK
    if state.count_in(Z_INV_DECK):
        state.decisions.append(LayInvention(run.chooser))


@handles("flip_item")
def flip_item(run: EffectRun, if_possible: bool | None) -> None:
    """A built Item turns back to its Invention side (§16.6); with none, nothing happens (IF POSSIBLE or not)."""
    state = run.state
    if state.count_in(Z_ITEM):
        state.decisions.append(TurnItemBack(state.first_player))
    else:
        state.log("effect", f"{run.cause}: no Item to turn over" + (" (if possible)." if if_possible else "."))


@handles("build_free")
def build_free(run: EffectRun, item: str) -> None:
    """The named Item is built at no cost, without an Action (§17)."""
    state = run.state
    card = state.content.by_id[item]
    if state.zone[card] not in (Z_ITEM, Z_ITEM_FUTURE):
        state.zone[card] = Z_ITEM
        state.log("build", f"{state.content.cards[card].name} is built at no cost ({run.cause}).")
        node = state.program.card.get((card, "on_build"))
        if node is not None:
            state._push((node, run.actor, card, 0))
        state.check_win()


@handles("starting_item_from_box")
def starting_item_from_box(run: EffectRun) -> None:
    """A Starting Item from those left in the box (§17.1)."""
    state = run.state
    if any(state.content.cards[i].kind == "start_item" for i in state.cards_in(Z_BOX)):
        state.chance = [CH_START, 0, 0, 0]


@handles("arrange_bonus")
def arrange_bonus(run: EffectRun, determination: int, heal: int) -> None:
    """The Arranging the Camp about to be resolved gives `determination` (instead of 2) and heals `heal` (§22.5)."""
    run.state.arrange_determination = determination
    run.state.arrange_heal = heal


# ---- skills (§13.2)
@handles("new_idea")
def new_idea(run: EffectRun, draw: int) -> None:
    """Draw Inventions, lay one on the board, the rest face down on the discard pile (§13.2)."""
    run.state._push((I_NEW_IDEA, run.state.seat_of(run.actor), draw, 0))


@handles("reconnaissance")
def reconnaissance(run: EffectRun, draw: int) -> None:
    """Look at the top Island tiles and put the chosen one on top (§13.2)."""
    run.state._push((I_RECON, run.state.seat_of(run.actor), draw, 0))


@handles("scouting")
def scouting(run: EffectRun, draw: int) -> None:
    """Draw Discovery tokens and keep one (§13.2)."""
    run.state._push((I_SCOUT, run.state.seat_of(run.actor), draw, 0))


@handles("tracking")
def tracking(run: EffectRun) -> None:
    """Look at the top Hunting card; leave it on top or put it at the bottom (§13.2)."""
    run.state._tracking(run.state.seat_of(run.actor))


# ---- abilities that work both when used and while they stand (§9.2, §17.2, §18)
@handles("ignore_cloud", standing=True)
def ignore_cloud(ctx: EffectRun | Query, cloud: str, n: int) -> None:
    """Ignore clouds in the Weather phase (§9.2): used now, fewer clouds; standing, an answer to the query."""
    if isinstance(ctx, Query):
        if ctx.name == (abilities.RAIN_IGNORED if cloud == "rain" else abilities.WINTER_IGNORED):
            ctx.value += n
        return
    state = ctx.state
    which = 0 if cloud == "rain" else 1
    state.clouds[which] = max(0, state.clouds[which] - n)
    state.log("weather", f"{n} {cloud} cloud(s) ignored ({ctx.cause}).")


@handles("convert_cloud", standing=True)
def convert_cloud(ctx: EffectRun | Query) -> None:
    """A Winter Cloud becomes a Rainy Cloud in the Weather phase (§9.2)."""
    if isinstance(ctx, EffectRun) and ctx.state.clouds[1]:
        ctx.state.clouds[1] -= 1
        ctx.state.clouds[0] += 1
        ctx.state.log("weather", f"A winter cloud becomes a rainy cloud ({ctx.cause}).")
