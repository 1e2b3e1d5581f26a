// Making a decision from its parts (docs/api.md, "Decision parts"): the server's `state` carries the seat's
// `parts`, a small tree of what a choice is made of (a die, a cell, a card, a plain option…; one of them, a subset
// or a sequence). The picker asks one part at a time, with at most a handful of controls, and turns the finished
// pick into the one canonical action text, exactly as `Parts.action_text` does on the server. The board picks the
// same parts by its pieces: the picker and the board share one selection (`selection`), so a die clicked on the
// board is the die pressed in the picker, and the board outlines exactly the pieces a click can pick now
// (`useTargets`). The full list of action texts stays available behind "Show all moves".
import { html, useLayoutEffect, useState } from "/static/vendor/preact-htm.module.js";

/** The most choices a part shows as buttons; a longer part is a list to choose from (the board's pieces aside). */
export const MOST_BUTTONS = 9;
/** How many answers a click on a piece may give at once (the verb, a pawn, a kind of Action, a card, a payment). */
const DEPTH = 5;

/** Kinds of part whose choices are places on the board (they are not counted as controls). */
export const BOARD_KINDS = ["cell", "space", "tile"];

/** What a person reads for a choice: its label, with no id's underscores (`first_aid_kit` → `first aid kit`). */
/** Part labels the texts give (`action`, `then`), in words for people. */
const PART_WORDS = { action: "what to do", then: "your choice" };

/** A choice's label in the page's plain words (ids into names; set by the picker from the table page). */
const shown = (c) => selection.say(c.label || "").replaceAll("_", " ");
/** A part's label in words for people. */
const partLabel = (part) => selection.say(PART_WORDS[part.label] || part.label);

/** The hover text of a choice: its own `help`, else the glossary's text of its id or name. */
function helpOf(c) {
  return c.help || glossaryText(selection.glossary, c.value) || glossaryText(selection.glossary, c.label);
}

function glossaryText(glossary, key) {
  if (!glossary || !key) return "";
  const hit = glossary[key] || Object.values(glossary).find((g) => g.name.toLowerCase() === String(key).toLowerCase());
  return hit ? hit.text : "";
}

/** The words a choice adds to the action text ("" adds none). */
const words = (c) => (c.words !== undefined ? c.words : c.value);

/** Walk `pick` down `parts`: { queue: the parts still to answer, text: the words so far, steps: labels chosen }. */
export function walk(parts, pick) {
  const queue = [...parts];
  const out = [];
  const steps = [];
  for (const answer of pick) {
    const part = queue.shift();
    if (!part) break;
    if (part.count === "one") {
      const choice = part.choices.find((c) => c.value === answer);
      if (!choice) break;
      if (words(choice)) out.push(words(choice));
      steps.push(shown(choice));
      queue.unshift(...(choice.then || []));
    } else {
      const order = part.count === "subset" ? part.choices.filter((c) => answer.includes(c.value))
        : answer.map((v) => part.choices.find((c) => c.value === v)).filter(Boolean);
      for (const c of order) if (words(c)) out.push(words(c));
      steps.push(order.map(shown).join(", ") || "none");
    }
  }
  return { queue, text: out.join(" "), steps };
}

/** `pick` with every part that offers a single choice answered, as long as that does not finish the pick (a
 * person is never asked to click the only way on, and nothing is played without a click). */
export function advance(parts, pick) {
  let out = pick;
  for (;;) {
    const part = walk(parts, out).queue[0];
    if (!part || part.count !== "one" || part.choices.length !== 1) return out;
    const next = [...out, part.choices[0].value];
    if (walk(parts, next).queue.length === 0) return out;
    out = next;
  }
}

/** The one selection of this page's decision, shared by the picker and the board: the `parts` being picked, the
 * answers `given` so far, the choices `chosen` for a subset or sequence part, and who is told of a change. */
export const selection = { parts: null, key: "", act: null, busy: false, given: [], chosen: [], subs: new Set(), version: 0,
  say: (x) => x, glossary: null };

function changed() {
  selection.version += 1;
  for (const tell of [...selection.subs]) tell();
}

/** Re-render the caller whenever the selection changes; returns the selection. A piece drawn in the same pass as
 * a new picker subscribes before the picker hands over its decision, and catches up if it came first. */
function useSelection() {
  const [, tick] = useState(0);
  const seen = selection.version;
  useLayoutEffect(() => {
    const tell = () => tick((n) => n + 1);
    selection.subs.add(tell);
    if (selection.version !== seen) tell();
    return () => selection.subs.delete(tell);
  }, []);
  return selection;
}

/** Where the selection stands: the pick (single-choice parts answered), the parts still to answer, the labels
 * chosen, the part asked now (null when there is nothing to pick). */
export function standing() {
  const parts = selection.parts?.parts;
  if (!parts) return { pick: [], queue: [], steps: [], text: "", part: null };
  const pick = advance(parts, selection.given);
  const { queue, steps, text } = walk(parts, pick);
  return { pick, queue, steps, text, part: queue[0] || null };
}

/** Give the answers `more` after the current pick: play the action when the pick is complete, else keep it. */
function give(more) {
  const parts = selection.parts.parts;
  const next = [...standing().pick, ...more];
  selection.chosen = [];
  if (walk(parts, next).queue.length === 0) {
    selection.given = [];
    selection.act(walk(parts, next).text);
  } else {
    selection.given = next;
  }
  changed();
}

/** Play the legal text `text` straight away (a board's own shortcut, such as joining an Action planned on the
 * place clicked), dropping the pick under way. */
export function play(text) {
  if (!selection.act || selection.busy) return;
  selection.given = [];
  selection.chosen = [];
  selection.act(text);
  changed();
}

/** Press or release `value` of the current subset or sequence part (a sequence takes them in the order pressed). */
function toggle(value) {
  const part = standing().part;
  const chosen = selection.chosen;
  selection.chosen = chosen.includes(value) ? chosen.filter((v) => v !== value)
    : part.count === "sequence" || chosen.length < part.max ? [...chosen, value] : chosen;
  changed();
}

/** Back to the part before this one that had a real choice. */
function back() {
  const parts = selection.parts.parts;
  const pick = standing().pick;
  let before = pick.slice(0, -1);
  while (before.length && advance(parts, before).length >= pick.length) before = before.slice(0, -1);
  selection.given = before;
  selection.chosen = [];
  changed();
}

/** Does choice `c` of a part of kind `kind` stand for the piece `want` ({value, kinds, verb}), the text so far
 * being `text`? A piece names its value (a cell `E1`, a die `2`, a card id, a target `gather:s7:wood`), the kinds
 * of part it may answer, and, when it is a plain word, the verb of the actions it belongs to (then a choice that
 * ends in that word also matches: `place friday`, when Friday is the only pawn); `at`, when given, is the place
 * of that word in the action text (a group number `join 2 3` is its third word, not pawn 3's). */
function matches(c, kind, want, text) {
  if (!want.kinds.includes(kind)) return false;
  const full = `${text} ${words(c)}`.trim();
  if (want.verb && full.split(" ")[0] !== want.verb) return false;
  if (want.at && full.split(" ").length !== want.at) return false;
  return c.value === want.value || (Boolean(want.verb) && full.split(" ").at(-1) === want.value && c.value.endsWith(` ${want.value}`));
}

/** The answers a click on the piece `want` gives now: `{answers, value, part}` (the last answer `value` is a
 * choice of `part`, which may be a subset), found breadth-first from the part asked now through choices that
 * bring parts; null when the piece is no legal next part. */
export function reach(want) {
  const { part, text } = standing();
  if (!part) return null;
  let level = [{ part, answers: [], text }];
  for (let depth = 0; depth < DEPTH && level.length; depth++) {
    const deeper = [];
    for (const at of level) {
      for (const c of at.part.choices) {
        if (matches(c, at.part.kind, want, at.text)) return { answers: at.answers, value: c.value, part: at.part };
        if (at.part.count === "one" && c.then?.length) {
          deeper.push({ part: c.then[0], answers: [...at.answers, c.value], text: `${at.text} ${words(c)}`.trim() });
        }
      }
    }
    level = deeper;
  }
  return null;
}

/** Pick the piece found by `reach`: answer the parts on the way, then the piece (pressed, for a subset). */
function pickPiece(found) {
  if (found.part.count === "one") { give([...found.answers, found.value]); return; }
  if (found.answers.length) { give(found.answers); selection.chosen = []; }
  toggle(found.value);
}

/** For a board: `target(want, label)` gives a piece's state and attributes: null when a click cannot pick it now,
 * else `{on, props}` (`on`: pressed in a subset; `props`: role, keyboard, label and click for the piece). `want` is
 * one `{value, kinds, verb?}` or a list of them, tried in order. */
export function useTargets() {
  const sel = useSelection();
  return (wants, label) => {
    if (!sel.parts || !sel.act) return null;
    for (const want of Array.isArray(wants) ? wants : [wants]) {
      const found = reach(want);
      if (!found) continue;
      const on = found.answers.length === 0 && found.part.count !== "one" && sel.chosen.includes(found.value);
      const click = () => { if (!selection.busy) pickPiece(found); };
      const choice = found.part.choices.find((c) => c.value === found.value);
      // the whole action, when a click on the piece completes it (the coach and tests know a piece by it)
      const after = found.part.count === "one" ? walk(sel.parts.parts, [...standing().pick, ...found.answers, found.value]) : null;
      const action = after && after.queue.length === 0 ? after.text : undefined;
      const named = label || (choice ? shown(choice) : found.value);
      return { on, props: { role: "button", tabindex: 0, "data-pick": found.value, "data-action": action, "aria-pressed": found.part.count === "one" ? undefined : String(on),
        "aria-label": ["then", "action"].includes(found.part.label) ? named : `${named}: ${partLabel(found.part)}`, onClick: click,
        onKeyDown: (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), click()) } };
    }
    return null;
  };
}

/** The picker of one decision: `parts` as the server sent it; `act(text)` plays the finished pick. It shares the
 * selection with the board. A part of more than `MOST_BUTTONS` choices is a list, an amount a stepper. */
export function PartPicker({ parts, act, busy, words: say = (x) => x, glossary }) {
  useSelection();
  Object.assign(selection, { act, busy, say, glossary });
  if (selection.parts !== parts) {  // a new state: the pick under way stays while the decision is the same
    const key = JSON.stringify(parts.parts);  // its words may change (a count) while its choices stay
    if (key !== selection.key) { selection.given = []; selection.chosen = []; }
    Object.assign(selection, { parts, key });
  }
  useLayoutEffect(() => {  // a new decision: the board (drawn before) outlines its pieces before the page is shown again
    changed();
    return () => {
      if (selection.parts === parts) { Object.assign(selection, { parts: null, key: "", given: [], chosen: [] }); changed(); }
    };
  }, [parts]);
  const { pick, steps, part } = standing();
  if (!part) return null;
  const canGoBack = advance(parts.parts, []).length < pick.length;
  const many = part.count !== "one";
  const chosen = selection.chosen;
  const ready = chosen.length >= part.min && chosen.length <= part.max;
  const onBoard = BOARD_KINDS.includes(part.kind);
  return html`<div class="picker" data-part=${part.name} data-kind=${part.kind}>
    ${canGoBack && html`<p class="picked">${steps.join(" · ")}
      <button class="small back" disabled=${busy} onClick=${back}>Back</button></p>`}
    <p class="part-label">${partLabel(part)}${many ? (part.min === part.max ? ` (choose ${part.min})`
      : ` (choose ${part.min} to ${part.max})`) : ""}${onBoard ? html` <span class="quiet">— click it on the board${part.choices.length <= MOST_BUTTONS ? " or here" : ", or choose it from the list"}</span>` : ""}</p>
    ${!many && part.kind === "amount" && part.choices.length > 2 ? html`<${Stepper} key=${pick.length} part=${part} busy=${busy} />`
      : !many && part.choices.length > MOST_BUTTONS ? html`<${Long} key=${pick.length} part=${part} busy=${busy} />`
      : html`<div class="choices">${part.choices.map((c) => {
        const on = chosen.includes(c.value);
        const help = helpOf(c);
        return html`<button class=${`part ${on ? "on" : ""} ${help ? "has-help" : ""}`} data-value=${c.value}
          aria-pressed=${many ? String(on) : undefined} title=${help || undefined}
          disabled=${busy} onClick=${() => (many ? toggle(c.value) : give([c.value]))}>${shown(c) || "(nothing more)"}${
          help && html`<small class="choice-help">${help}</small>`}</button>`;
      })}</div>`}
    ${many && html`<button class="primary confirm" disabled=${busy || !ready} onClick=${() => give([chosen])}>
      ${ready ? "Confirm" : `Choose ${part.min === part.max ? part.min : `${part.min} to ${part.max}`}`}</button>`}
  </div>`;
}

/** A part of many choices as one list and its button (the board's pieces pick it too). */
function Long({ part, busy }) {
  const [value, setValue] = useState(part.choices[0].value);
  return html`<div class="choices long"><select class="part-list" aria-label=${partLabel(part)} disabled=${busy}
      onChange=${(e) => setValue(e.target.value)}>${part.choices.map((c) => html`<option value=${c.value}
      selected=${c.value === value}>${shown(c) || "(nothing more)"}</option>`)}</select>
    <button class="part choose" disabled=${busy} data-value=${value} onClick=${() => give([value])}>Choose</button></div>`;
}

/** An amount: down, up, and the button that takes it. */
function Stepper({ part, busy }) {
  const [at, setAt] = useState(0);
  const c = part.choices[at];
  return html`<div class="choices stepper" role="group" aria-label=${partLabel(part)}
      data-values=${JSON.stringify(part.choices.map((x) => x.value))}>
    <button class="step down" disabled=${busy || at === 0} aria-label="less" onClick=${() => setAt(at - 1)}>−</button>
    <output class="amount" aria-live="polite">${shown(c)}</output>
    <button class="step up" disabled=${busy || at === part.choices.length - 1} aria-label="more" onClick=${() => setAt(at + 1)}>+</button>
    <button class="part choose" data-value=${c.value} disabled=${busy} onClick=${() => give([c.value])}>Choose ${shown(c)}</button></div>`;
}

/** Whether the list of every move is open: a person's choice, kept in this browser. */
export function allMovesOpen() {
  try { return localStorage.getItem("outlast:all-moves") === "open"; } catch { return false; }
}

export function rememberAllMoves(open) {
  try { localStorage.setItem("outlast:all-moves", open ? "open" : "closed"); } catch { /* private mode */ }
}
