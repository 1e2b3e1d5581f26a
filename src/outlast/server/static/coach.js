// The coach of a tutorial table (docs/server.md, Tutorials). A tutorial is a short scripted game: the server sends
// the learner's seat a `coach` with each state (the coach's words, the move expected and the part-by-part pick that
// makes it) and refuses any other move with the coach's hint (`rejected`, code `off_script`). This module shows
// the coach's panel, outlines what to touch (the board target of the move, or the part picker's choices, then its
// Confirm), and opens tutorials from the lobby ("Learn to play …").
import { html, useEffect, useState } from "/static/vendor/preact-htm.module.js";
import { api, keep } from "/static/common.js";

const sheet = document.createElement("link");  // the coach's own styles, beside the shared stylesheet
Object.assign(sheet, { rel: "stylesheet", href: "/static/coach.css" });
document.head.append(sheet);

let listed = null;
/** The games that have a tutorial (asked once per page). */
function tutorials() {
  listed ||= api("/api/tutorials").catch(() => []);
  return listed;
}

/** Open `game`'s tutorial as `name`, keep the learner's seat token in this browser, and go to its table. */
export async function startTutorial(game, name) {
  const made = await api("/api/tutorials", { body: { game, name: name.trim() || "You" } });
  keep.set(made.table, { seat: made.seat, token: made.token, name });
  location.assign(`/t/${made.table}`);
}

/** The lobby's "Learn to play" button of one game (nothing for a game without a tutorial). */
export function LearnButton({ game, onError }) {
  const [has, setHas] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => { tutorials().then((list) => setHas(list.some((t) => t.game === game.name))); }, [game.name]);
  if (!has) return "";
  const go = () => {
    setBusy(true);
    startTutorial(game.name, localStorage.getItem("outlast:name") || "").catch((e) => { setBusy(false); onError(e.message); });
  };
  return html`<button class="learn" disabled=${busy} onClick=${go}
    title="a short guided game: a coach tells you what to do and why">Learn to play ${game.title}</button>`;
}

/** The elements the coach points at now: the board's target for the move, else the picker's next choices (or its
 * Confirm once they are all chosen). */
function targets(coach, root) {
  const action = coach.action;
  const board = [...root.querySelectorAll(".board [data-action], .board [role=button][aria-label]")].filter((el) => {
    const label = el.getAttribute("aria-label") || "";
    return el.dataset.action === action || label === action || label.startsWith(`${action} — `);
  });
  const picker = root.querySelector(".picker");
  const out = [...board];
  if (!picker) return out;
  const wanted = (coach.pick || []).filter((p) => p.part === picker.dataset.part).flatMap((p) => p.values);
  const stepper = picker.querySelector(".stepper[data-values]");
  if (stepper && wanted.length) {  // an amount: step toward the wanted value, then take it
    const values = JSON.parse(stepper.dataset.values);
    const choose = stepper.querySelector(".part.choose");
    const at = values.indexOf(choose.dataset.value), goal = values.indexOf(wanted[0]);
    return [...out, at === goal ? choose : stepper.querySelector(goal > at ? ".step.up" : ".step.down")];
  }
  const list = picker.querySelector("select.part-list");
  if (list && wanted.length) {  // a long part: the coach picks the wanted entry in the list, and points at Choose
    if (list.value !== wanted[0] && [...list.options].some((o) => o.value === wanted[0])) {
      list.value = wanted[0];
      list.dispatchEvent(new Event("change", { bubbles: true }));
    }
    return [...out, picker.querySelector(".part.choose")];
  }
  const buttons = [...picker.querySelectorAll("button.part")];
  const many = buttons.some((b) => b.hasAttribute("aria-pressed"));
  if (!many) return [...out, ...buttons.filter((b) => wanted.includes(b.dataset.value))];
  const pressed = buttons.filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.dataset.value);
  const missing = buttons.filter((b) => wanted.includes(b.dataset.value) && b.getAttribute("aria-pressed") !== "true");
  const extra = buttons.filter((b) => !wanted.includes(b.dataset.value) && b.getAttribute("aria-pressed") === "true");
  if (missing.length || extra.length) return [...out, ...missing, ...extra];  // an extra one is to be clicked off
  const confirm = picker.querySelector(".confirm");
  return pressed.length && confirm ? [...out, confirm] : out;
}

/** Keep the coach's outline on its targets while the table page changes (the picker advances, the board redraws). */
function useOutline(coach) {
  useEffect(() => {
    const root = document.querySelector(".table-page");
    if (!root) return undefined;
    let queued = false;
    const mark = () => {
      queued = false;
      const now = coach && coach.action && !coach.waiting ? new Set(targets(coach, root)) : new Set();
      for (const el of root.querySelectorAll(".coach-target")) if (!now.has(el)) el.classList.remove("coach-target");
      for (const el of now) if (!el.classList.contains("coach-target")) el.classList.add("coach-target");
    };
    const watch = new MutationObserver(() => { if (!queued) { queued = true; requestAnimationFrame(mark); } });
    watch.observe(root, { childList: true, subtree: true, characterData: true, attributes: true,
      attributeFilter: ["aria-pressed", "class", "data-part", "data-value", "disabled"] });
    mark();
    return () => {
      watch.disconnect();
      for (const el of root.querySelectorAll(".coach-target")) el.classList.remove("coach-target");
    };
  }, [coach]);
}

/** The coach's panel: the step, what to do and why, what to touch, the hint after a refused move, and at the end
 * what to do next. `notice` is the table's last refusal (shown here when it is the coach's). */
export function Coach({ coach, notice }) {
  useOutline(coach);
  const refused = notice && notice.kind === "off_script" ? notice.text : "";
  return html`<section class=${`panel coach${coach.finished ? " finished" : ""}`} aria-label="coach" data-step=${coach.step}>
    <h2>${coach.title} <span class="coach-step">${coach.finished ? "done" : `step ${coach.step} of ${coach.of}`}</span></h2>
    ${coach.intro && html`<p class="coach-intro">${coach.intro}</p>`}
    <p class="coach-say" aria-live="polite">${coach.say}</p>
    ${coach.touch?.length > 0 && !coach.waiting && html`<p class="coach-touch">${"Touch what is outlined: "}
      ${coach.touch.map((t, i) => html`${i ? " › " : ""}<strong>${t}</strong>`)}</p>`}
    ${coach.waiting && html`<p class="quiet">Waiting for the other seat…</p>`}
    ${refused && html`<p class="notice coach-hint" role="alert"><strong>Not this move:</strong> ${refused}</p>`}
    ${coach.finished && html`<p class="buttons"><a class="button" href="/">Back to the lobby</a></p>`}
  </section>`;
}
