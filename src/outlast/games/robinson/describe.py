"""Words for the decision a seat faces now, with the rule behind it (used by every door's `help`).

Robinson Crusoe is open (§26.4), so nothing here can leak; it names the phase, the pending step and
what the seat may do, ending with the § that `rules` then prints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from outlast.core import CHANCE, check_seat

from .state import (
    CHANGE_LIMIT,
    F_ARRANGE,
    F_CAMP,
    F_CHOOSE,
    F_CORRAL,
    F_COVER,
    F_DISCARD_INV,
    F_FLIP,
    F_GIVE,
    F_HEAL,
    F_HUNGRY,
    F_LOSE_TILE,
    F_MORALE,
    F_MYST,
    F_NEXT,
    F_PICK_INV,
    F_PICK_TILE,
    F_PICK_TOKEN,
    F_PILE,
    F_PUT_INV,
    F_SHORTCUT,
    F_TRACK,
    F_WINDOW,
    FRAME_RULES,
    PHASE_NAMES,
    PLAN,
    SETUP,
    W_ACTION,
    W_NIGHT,
    W_PLAN,
    W_ROLL,
    W_WEATHER,
)

if TYPE_CHECKING:
    from .state import RobinsonState

WINDOW_TEXT = {
    W_PLAN: "any-time effects while planning: use a skill, Item or token, or pass",
    W_ACTION: "before this Action resolves: use an effect that works now (`use pistol`, `use bible`, …), or pass",
    W_ROLL: "after the roll: reroll a die (`reroll success`) with a skill or Friday's Determination, or pass",
    W_WEATHER: "before the Weather: use an effect against the clouds (`use hooch`, `use storm_glass`, …), or pass",
    W_NIGHT: "at night: use a Night effect (`use fireplace`, `use pot`, …), or pass",
}
WINDOW_RULE = {W_PLAN: "§26.3", W_ACTION: "§26.3", W_ROLL: "§8.5, §26.3", W_WEATHER: "§9, §26.3",
               W_NIGHT: "§10, §26.3"}


def _card_name(state: RobinsonState, card: int) -> str:
    return state.content.cards[card].name if 0 <= card < len(state.content.cards) else "the card"


def _frame_text(state: RobinsonState, f: tuple[int, ...]) -> str:
    """A pending decision (frame) in words, with its rule."""
    kind = f[0]
    rule = FRAME_RULES[kind] if 0 <= kind < len(FRAME_RULES) else ""
    if kind == F_WINDOW:
        return f"{WINDOW_TEXT.get(f[2], 'any-time effects, or pass')} ({WINDOW_RULE.get(f[2], '§26.3')})"
    who = state.char_name(f[1]) if 0 <= f[1] <= state.players else "the first player"
    if kind == F_CHOOSE:
        card = f[4]
        if 0 <= card < len(state.content.cards):
            c = state.content.cards[card]
            return f"{who} chooses an option of {c.name} (`choose 1`, `choose 2`, {rule}): {c.text}"
        return f"{who} chooses between the options (`choose k`, {rule})"
    texts = {
        F_HEAL: f"{who} shares out {f[2]} healed Wound{'s' if f[2] != 1 else ''} (`heal cook explorer`, {rule})",
        F_GIVE: f"{who} hands out {f[2]} Determination (`give cook cook`, {rule})",
        F_DISCARD_INV: f"{who} discards an Invention from the board (`discard ID`, {rule})",
        F_PUT_INV: f"{who} lays an Invention of their choice from the deck on the board (`put ID`, {rule})",
        F_FLIP: f"{who} turns a built Item back to its Invention side (`flip ID`, {rule})",
        F_PICK_INV: f"{who} keeps one of the drawn Inventions (`pick ID`, {rule})",
        F_PICK_TILE: f"{who} chooses the Island tile that goes on top of the stack (`pick N`, {rule})",
        F_PICK_TOKEN: f"{who} keeps one of the drawn Discovery tokens (`pick ID`, {rule})",
        F_TRACK: f"{who} puts the Hunting card {_card_name(state, f[2])} on the top or the bottom of the Hunting "
                 f"deck (`top`, `bottom`, {rule})",
        F_MYST: f"{who} draws another Mystery card or stops (`continue`, `stop`, {rule})",
        F_HUNGRY: f"Night, eating: not enough food; {who} says who goes without (2 Wounds) (`hungry ID`, {rule})",
        F_CAMP: f"Night: {who} may move the Camp to an adjacent explored tile or stay (`camp stay`, `camp sK`, "
                f"{rule})",
        F_MORALE: f"Morale at the top: {who} takes 2 Determination or heals 1 Wound (`morale determination`, "
                  f"`morale heal`, {rule})",
        F_ARRANGE: f"Arranging the Camp with 4 players: {who} takes 2 Determination or Morale +1 "
                   f"(`arrange determination`, `arrange morale`, {rule})",
        F_NEXT: f"{who} chooses which planned Action of this kind resolves next (`next N`, {rule})",
        F_PILE: f"{who} decides how much wood goes onto stage {f[2] + 1} of the wood pile (`pile K`, {rule})",
        F_CORRAL: f"{who} chooses the food source the Corral covers (`corral sK`, `corral skip`, {rule})",
        F_SHORTCUT: f"{who} places the Shortcut token on a tile next to the Camp (`shortcut sK`, {rule})",
        F_COVER: f"{who} chooses which source is covered (`cover sK:I`, {rule})",
        F_LOSE_TILE: f"{who} chooses which tile becomes inaccessible (`lose sK`, {rule})",
    }
    return texts.get(kind, f"a pending decision ({rule})")


def _unplaced(state: RobinsonState, seat: int) -> int:
    """How many of the seat's own two pawns are not in the plan yet."""
    return sum(1 for pid in state.pawns_of(seat) if pid < 2 * state.players and state.where(pid) < 0)


def _planning_text(state: RobinsonState, seat: int) -> str:
    left = _unplaced(state, seat)
    pawns = f"{left} of your pawns still to place; " if left else "all your pawns are placed; "
    if state.changes[seat] >= CHANGE_LIMIT:
        base = (f"plan the Actions (§8.1): {pawns}you have changed your plan {state.changes[seat]} times, so you "
                "settle now: `place PAWN rest`, `remove PAWN` only from an Action that cannot go ahead (§26.1, "
                "engine limit)")
    else:
        base = (f"plan the Actions (§8.1): {pawns}`place PAWN TARGET` (`place 1 gather:s7:wood`), "
                "`join PAWN GROUP#`, `remove PAWN`, `lead GROUP#`; each Action needs its pawns and committed "
                "resources (§8.1.3, §8.3)")
    if seat == state.first_player:
        if state.ready[seat]:
            return "everyone is ready: `confirm` the plan (§26.1)"
        return base + ". As first player you also place Friday, the Dog and shared pawns; say `ready`, then " \
            "`confirm` once everyone is ready (§26.1)"
    return base + ". Then say `ready`; ready is final (§26.1)"


def describe(state: RobinsonState, seat: int) -> str:
    """The decision `seat` faces now and its rule §, in a sentence or two.

    >>> from outlast.core import Match
    >>> m = Match.new("robinson", 1, players=2)
    >>> _ = m.resolve_chance()
    >>> describe(m.state, 0)
    'Round 1, action: planning — Explorer decides how much wood goes onto stage 1 of the wood pile (`pile K`, §25.1)'
    >>> describe(m.state, 1)
    'Round 1, action: planning: waiting for Explorer (seat 0)'
    """
    check_seat(seat, state.players)
    if state.is_over():
        return "The game is over (§11): " + state.reason
    movers = state.to_move()
    if movers == [CHANCE]:
        return "Dice are rolling or cards are being drawn (§8.5, §26.4)"
    where = "Setup (§3)" if state.phase == SETUP else f"Round {state.round}, {PHASE_NAMES[state.phase]}"
    if seat not in movers:
        names = ", ".join(f"{state.char_name(s)} (seat {s})" for s in movers)
        return f"{where}: waiting for {names}"
    if state.frames:
        return f"{where} — {_frame_text(state, state.frames[-1])}"
    if state.phase == PLAN:
        return f"{where} — {_planning_text(state, seat)}"
    return f"{where}: choose an action"
