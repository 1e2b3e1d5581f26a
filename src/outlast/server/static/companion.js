// Companion mode at the table (docs/companion.md): the people roll and draw with the physical box, and the seat that
// rolls or draws tells outlast what came up. The server sends that seat a `question`: the step the table takes now,
// its rule, and every outcome the rules allow, each with a plain name and its probability. The table gives each
// question its own panel (keyed by the table's version), so a search or half-entered roll never carries over. Dice whose outcome names
// read "face / face / face" are entered die by die (a face to click per die); anything else is a list to search.
import { html, useState } from "/static/vendor/preact-htm.module.js";

/** A probability for people: `50%`, `8.3%`, `<0.1%` (as the terminal's menu shows it). */
export function percent(p) {
  const value = p * 100;
  if (value < 0.1) return "<0.1%";
  return value >= 10 || value === Math.round(value) ? `${Math.round(value)}%` : `${value.toFixed(1)}%`;
}

/** The faces of each die when every answer names one face per die (`wound / success / blank`), else null. */
export function diceFaces(question) {
  if (question.answers.length < 2 || !question.answers.every((a) => a.name.includes(" / "))) return null;
  const split = question.answers.map((a) => a.name.split(" / "));
  const dice = split[0].length;
  if (!split.every((s) => s.length === dice)) return null;
  return Array.from({ length: dice }, (_, d) => [...new Set(split.map((s) => s[d]))]);
}

/** The answers a search finds: every one whose name or text holds the words (case and spacing ignored). */
export function found(question, words) {
  const wanted = words.toLowerCase().split(/\s+/).filter(Boolean).join(" ");
  if (!wanted) return question.answers;
  return question.answers.filter((a) => a.name.toLowerCase().includes(wanted) || a.text.toLowerCase().includes(wanted));
}

function Dice({ question, faces, act, busy }) {
  const [picked, setPicked] = useState(faces.map(() => null));
  const name = picked.every((f) => f !== null) ? picked.join(" / ") : null;
  const answer = name && question.answers.find((a) => a.name === name);
  const possible = (d, face) => question.answers.some((a) => {
    const parts = a.name.split(" / ");
    return parts[d] === face && picked.every((f, i) => i === d || f === null || parts[i] === f);
  });
  return html`<div class="dice-entry">
    ${faces.map((list, d) => html`<fieldset class="entry-die" key=${d}><legend>Die ${d + 1}${faces.length > 1 ? ` of ${faces.length}` : ""}</legend>
      ${list.map((face) => html`<button type="button" class=${`face ${picked[d] === face ? "chosen" : ""}`}
        aria-pressed=${picked[d] === face ? "true" : "false"} disabled=${busy || !possible(d, face)}
        onClick=${() => setPicked(picked.map((f, i) => (i === d ? (f === face ? null : face) : f)))}>${face}</button>`)}
    </fieldset>`)}
    <p class="quiet">${answer ? `${answer.name}: ${percent(answer.probability)} of rolls` : "Click the face each die shows."}</p>
    <button class="enter" disabled=${busy || !answer} onClick=${() => answer && act(answer.text)}>Enter this roll</button>
  </div>`;
}

function Search({ question, act, busy }) {
  const [words, setWords] = useState("");
  const list = found(question, words);
  const many = question.answers.length > 8;
  return html`<div class="answer-list">
    ${many && html`<input type="search" class="find" value=${words} placeholder="type part of its name"
      aria-label="find what came up" onInput=${(e) => setWords(e.target.value)}
      onKeyDown=${(e) => { if (e.key === "Enter" && list.length === 1 && !busy) act(list[0].text); }} />`}
    ${list.length === 0 && html`<p class="quiet">Nothing the rules allow here matches “${words}”.</p>`}
    <div class="choices">${list.map((a) => html`<button class="act answer" disabled=${busy} data-action=${a.text}
      onClick=${() => act(a.text)}>${a.name} <span class="quiet">${percent(a.probability)}</span></button>`)}</div>
  </div>`;
}

/** The panel of the seat that rolls or draws: what to do at the table, then what came up. */
export function Question({ question, act, busy, ruleLink }) {
  const faces = question.component === "dice" ? diceFaces(question) : null;
  const drawn = question.answers.length;
  return html`<div class="question" data-kind=${question.kind}>
    <p class="decision"><strong>At the table:</strong> ${question.line}</p>
    <p class="quiet rules-line">Rule ${ruleLink(question.rule)}. ${question.seats.length > 1
      ? "Anyone at the table may enter it." : "You roll or draw this one."}
      ${" "}${faces ? "Then click what the dice show." : `Then pick what came up (${drawn} possible; the odds are for information).`}</p>
    ${faces ? html`<${Dice} question=${question} faces=${faces} act=${act} busy=${busy} />`
      : html`<${Search} question=${question} act=${act} busy=${busy} />`}
  </div>`;
}
