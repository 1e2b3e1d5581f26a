// Making a decision from its parts (docs/api.md, "Decision parts"): the server's `state` carries the seat's
// `parts`, a small tree of what a choice is made of (a die, a cell, a card, a plain option…; one of them, a subset
// or a sequence). The picker asks one part at a time, with at most a handful of buttons, and turns the finished
// pick into the one canonical action text, exactly as `Parts.action_text` does on the server. The full list of
// action texts stays available behind "Show all moves".
import { html, useEffect, useState } from "/static/vendor/preact-htm.module.js";

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
      steps.push(choice.label);
      queue.unshift(...(choice.then || []));
    } else {
      const order = part.count === "subset" ? part.choices.filter((c) => answer.includes(c.value))
        : answer.map((v) => part.choices.find((c) => c.value === v)).filter(Boolean);
      for (const c of order) if (words(c)) out.push(words(c));
      steps.push(order.map((c) => c.label).join(", ") || "none");
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

/** Part labels the texts give (`action`, `then`), in words for people. */
const PART_WORDS = { action: "what to do", then: "which one" };

/** The picker of one decision: `parts` as the server sent it; `act(text)` plays the finished pick. `words` turns
 * a label into plain words (ids into names); `glossary` gives a choice without `help` its hover text by name. */
export function PartPicker({ parts, act, busy, words: say = (x) => x, glossary }) {
  const [given, setPick] = useState([]);
  const [chosen, setChosen] = useState([]);
  useEffect(() => { setPick([]); setChosen([]); }, [parts]);
  const pick = advance(parts.parts, given);
  const { queue, steps } = walk(parts.parts, pick);
  const part = queue[0];
  const answer = (value) => {
    const next = [...pick, value];
    setChosen([]);
    if (walk(parts.parts, next).queue.length === 0) {
      setPick([]);
      act(walk(parts.parts, next).text);
    } else {
      setPick(next);
    }
  };
  const back = () => {  // to the part before this one that had a real choice
    let before = pick.slice(0, -1);
    while (before.length && advance(parts.parts, before).length >= pick.length) before = before.slice(0, -1);
    setPick(before);
    setChosen([]);
  };
  const canGoBack = advance(parts.parts, []).length < pick.length;
  if (!part) return null;
  const many = part.count !== "one";
  const toggle = (value) => setChosen(chosen.includes(value) ? chosen.filter((v) => v !== value)
    : part.count === "sequence" || chosen.length < part.max ? [...chosen, value] : chosen);
  const ready = chosen.length >= part.min && chosen.length <= part.max;
  return html`<div class="picker" data-part=${part.name} data-kind=${part.kind}>
    ${canGoBack && html`<p class="picked">${steps.map(say).join(" · ")}
      <button class="small back" disabled=${busy} onClick=${back}>Back</button></p>`}
    <p class="part-label">${say(PART_WORDS[part.label] || part.label)}${many ? (part.min === part.max ? ` (choose ${part.min})`
      : ` (choose ${part.min} to ${part.max})`) : ""}</p>
    <div class="choices">${part.choices.map((c) => {
      const on = chosen.includes(c.value);
      const help = c.help || glossaryText(glossary, c.value) || glossaryText(glossary, c.label);
      return html`<button class=${`part ${on ? "on" : ""} ${help ? "has-help" : ""}`} data-value=${c.value}
        aria-pressed=${many ? String(on) : undefined} title=${help || undefined}
        disabled=${busy} onClick=${() => (many ? toggle(c.value) : answer(c.value))}>${c.label ? say(c.label) : "(nothing more)"}${
        help && html`<small class="choice-help">${help}</small>`}</button>`;
    })}</div>
    ${many && html`<button class="primary confirm" disabled=${busy || !ready} onClick=${() => answer(chosen)}>
      ${ready ? "Confirm" : `Choose ${part.min === part.max ? part.min : `${part.min} to ${part.max}`}`}</button>`}
  </div>`;
}

/** The effect the glossary gives an id or a name ("" when none). */
function glossaryText(glossary, key) {
  if (!glossary || !key) return "";
  const hit = glossary[key] || Object.values(glossary).find((g) => g.name.toLowerCase() === String(key).toLowerCase());
  return hit ? hit.text : "";
}

/** Whether the list of every move is open: a person's choice, kept in this browser. */
export function allMovesOpen() {
  try { return localStorage.getItem("outlast:all-moves") === "open"; } catch { return false; }
}

export function rememberAllMoves(open) {
  try { localStorage.setItem("outlast:all-moves", open ? "open" : "closed"); } catch { /* private mode */ }
}
