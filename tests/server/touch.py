"""Playing a table in the browser by touching its pieces only (issue 24 §1 and §5): board targets, dice, cards,
seats and the part picker's controls, never the list of every move's text, which stays closed.

`Toucher` drives one seated page: at each decision it checks, in the page, that the client's walk of the parts
reaches exactly the legal texts (`CLIENT_COMBINATIONS`), then picks part after part by clicking a board piece
(`[data-pick]` in the board) or a picker control, chosen at random, until the pick is complete and sent. It keeps
the figures a person would feel: the most controls the actions panel shows at once (board targets aside), the
clicks of each decision, and the number of legal actions at the same decision (what the list of every move's
text shows as buttons: the reference).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

CONTROLS = """() => [...document.querySelectorAll("section.actions button, section.actions select")]
  .filter((e) => e.checkVisibility()).length"""
"""The controls the actions panel shows now (those inside a closed disclosure are not shown)."""

CLIENT_COMBINATIONS = """async () => {
  const m = await import("/static/parts.js");
  const st = window.outlastTable.state();
  if (!st || !st.parts) return null;
  const texts = new Set();
  const subsets = (cs, lo, hi) => {
    const out = [];
    const go = (i, acc) => {
      if (acc.length >= lo && acc.length <= hi) out.push([...acc]);
      if (acc.length === hi) return;
      for (let j = i; j < cs.length; j++) go(j + 1, [...acc, cs[j]]);
    };
    go(0, []);
    return out;
  };
  const orders = (cs, lo, hi) => {
    const out = [];
    const go = (acc) => {
      if (acc.length >= lo) out.push([...acc]);
      if (acc.length === hi) return;
      for (const c of cs) if (!acc.includes(c)) go([...acc, c]);
    };
    go([]);
    return out;
  };
  const answers = (p) => {
    const values = p.choices.map((c) => c.value);
    if (p.count === "one") return values;
    return p.count === "subset" ? subsets(values, p.min, p.max) : orders(values, p.min, p.max);
  };
  const walkAll = (pick) => {
    const { queue, text } = m.walk(st.parts.parts, pick);
    if (!queue.length) { texts.add(text); return; }
    for (const a of answers(queue[0])) walkAll([...pick, a]);
  };
  walkAll([]);
  const legal = new Set(st.legal);
  return { legal: st.legal.length, missing: st.legal.filter((t) => !texts.has(t)),
    extra: [...texts].filter((t) => !legal.has(t)) };
}"""
"""Every pick the client's `walk` allows, as texts, compared with the legal texts: the client's mapping."""

BOARD_WORDS = """() => {
  const legal = window.outlastTable.state().legal;
  const words = new Set(legal.flatMap((t) => t.split(" ")));
  const texts = new Set(legal);
  return [...document.querySelectorAll("section.board [data-pick][role='button'], section.board button[data-pick]")]
    .map((e) => e.dataset.pick).filter((v) => !words.has(v) && !texts.has(v) && !v.split(" ").every((w) => words.has(w)));
}"""
"""The board's outlined pieces whose value is no word of a legal text (none: the board picks legal parts only)."""


@dataclass
class Figures:
    """What one seat's page measured over a game."""

    decisions: int = 0
    clicks: int = 0
    board_clicks: int = 0
    most_controls: int = 0
    most_legal: int = 0
    legal_total: int = 0
    picks_checked: int = 0
    per_decision: list[tuple[int, int, int]] = field(default_factory=list)
    """(legal actions, most controls shown, clicks) of each decision."""

    def add(self, other: Figures) -> Figures:
        return Figures(self.decisions + other.decisions, self.clicks + other.clicks,
                       self.board_clicks + other.board_clicks, max(self.most_controls, other.most_controls),
                       max(self.most_legal, other.most_legal), self.legal_total + other.legal_total,
                       self.picks_checked + other.picks_checked, self.per_decision + other.per_decision)

    def to_json(self) -> dict[str, Any]:
        return {"decisions": self.decisions, "clicks": self.clicks, "board_clicks": self.board_clicks,
                "most_controls": self.most_controls, "most_legal": self.most_legal,
                "legal_total": self.legal_total, "picks_checked": self.picks_checked}


def listen(page: Page) -> list[str]:
    """The actions `page` sends from now on, kept as they leave (call it before the page opens its table)."""
    sent: list[str] = []

    def frame(payload: str | bytes) -> None:
        msg = json.loads(payload)
        if msg.get("type") == "act":
            sent.append(msg["action"])

    page.on("websocket", lambda ws: ws.on("framesent", frame))
    return sent


class Toucher:
    """Plays one seated page by its pieces; `step()` makes one click (or none when it has nothing to do). `sent`
    is the list `listen` keeps for the page."""

    def __init__(self, page: Page, sent: list[str], rng: random.Random, board_share: float = 0.75) -> None:
        self.page, self.sent, self.rng, self.board_share = page, sent, rng, board_share
        self.figures = Figures()
        self._open: tuple[int, int, int] | None = None  # (legal, most controls, clicks) of the decision under way

    def _ready(self) -> bool:
        return self.page.locator("section.actions[data-busy='no'] .picker").count() > 0

    def step(self) -> bool:
        """One click on a piece or a picker control (a subset part: its pieces, then Confirm). False when this
        page has nothing to pick now."""
        page = self.page
        assert page.locator("details.all-moves[open]").count() == 0, "the list of every move is open"
        if not self._ready():
            return False
        if self._open is None:  # a new decision: the client's parts reach exactly the legal texts
            check = page.evaluate(CLIENT_COMBINATIONS)
            if check is None:
                return False
            assert not check["missing"] and not check["extra"], check
            stray = page.evaluate(BOARD_WORDS)
            assert not stray, f"board pieces outside the legal texts: {stray}"
            self.figures.picks_checked += 1
            self._open = (check["legal"], 0, 0)
        legal, most, clicks = self._open
        shown = page.evaluate(CONTROLS)
        before = len(self.sent)
        try:
            clicks += self._pick()
        except PlaywrightTimeout:  # another seat's move changed this decision under the click: start it again
            self._open = None
            return True
        self._open = (legal, max(most, shown), clicks)
        busy = page.locator("section.actions[data-busy='yes']")
        try:
            busy.wait_for(state="detached", timeout=20000)
        except PlaywrightTimeout:  # a long playback (a night of fights, paced line by line): skip it, as a player may
            if not page.locator("button.pace-skip").count():
                raise
            page.locator("button.pace-skip").click()
            busy.wait_for(state="detached", timeout=20000)
        if len(self.sent) > before:  # the pick was complete and sent
            f = self.figures
            legal, most, clicks = self._open
            f.decisions, f.clicks = f.decisions + 1, f.clicks + clicks
            f.most_controls, f.most_legal = max(f.most_controls, most), max(f.most_legal, legal)
            f.legal_total += legal
            f.per_decision.append(self._open)
            self._open = None
        return True

    def _click(self, locator: Any, board: bool) -> int:
        shape = locator.locator(":scope > rect, :scope > polygon")  # a piece drawn in SVG: on its own shape
        (shape.first if board and shape.count() else locator).click(timeout=5000)
        if board:
            self.figures.board_clicks += 1
        return 1

    def _pick(self) -> int:
        """Answer the picker's current part: clicks made."""
        page, rng = self.page, self.rng
        picker = page.locator("section.actions .picker")
        board = page.locator("section.board [data-pick][role='button'], section.board button[data-pick]")
        confirm = picker.locator("button.confirm")
        if confirm.count():  # a subset: press pieces (on the board or in the picker) up to a size, then Confirm
            label = picker.locator(".part-label").inner_text()
            bounds = label.rsplit("(choose ", 1)[1].split(")")[0].split(" to ")
            low, high = int(bounds[0]), int(bounds[-1])
            want = rng.randint(low, min(high, low + 2))
            clicks = 0
            for _ in range(want):
                pressed_board = page.locator("section.board [data-pick][role='button'][aria-pressed='false']")
                free = picker.locator("button.part[aria-pressed='false']")
                if pressed_board.count() and rng.random() < self.board_share:
                    clicks += self._click(pressed_board.nth(rng.randrange(pressed_board.count())), True)
                elif free.count():
                    clicks += self._click(free.nth(rng.randrange(free.count())), False)
            if confirm.is_disabled():  # fewer than the least: fill from the picker
                free = picker.locator("button.part[aria-pressed='false']")
                while confirm.is_disabled() and free.count():
                    clicks += self._click(free.first, False)
            return clicks + self._click(confirm, False)
        stepper = picker.locator(".stepper")
        if stepper.count():
            clicks = 0
            for _ in range(rng.randrange(4)):
                up = stepper.locator("button.up")
                if up.is_disabled():
                    break
                clicks += self._click(up, False)
            return clicks + self._click(stepper.locator("button.choose"), False)
        if board.count() and rng.random() < self.board_share:
            return self._click(board.nth(rng.randrange(board.count())), True)
        listed = picker.locator("select.part-list")
        if listed.count():
            options = listed.locator("option")
            listed.select_option(index=rng.randrange(options.count()))
            return 1 + self._click(picker.locator("button.choose"), False)
        buttons = picker.locator("button.part:not([disabled])")
        if buttons.count():
            return self._click(buttons.nth(rng.randrange(buttons.count())), False)
        return self._click(board.nth(rng.randrange(board.count())), True)
