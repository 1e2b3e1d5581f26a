// A finished table's replay (`/replay/TABLE`): step through its actions forward and back (buttons, the slider, or
// the arrow keys, Home and End) from any seat's point of view or a spectator's. The server replays the match (GET
// /api/tables/TABLE/replay?step=N&seat=S): the page draws the game's board from the view it sends, read-only.
import { html, useEffect, useRef, useState } from "/static/vendor/preact-htm.module.js";
import { api } from "/static/common.js";
import { seatText } from "/static/lobby.js";
import { TreeView } from "/static/tree.js";
import { useBoard } from "/static/table.js";

function useFrame(id) {
  const [want, setWant] = useState({ step: 0, seat: "" });
  const [frame, setFrame] = useState(null);
  const [error, setError] = useState("");
  const asked = useRef(0);
  useEffect(() => {
    const n = ++asked.current;
    api(`/api/tables/${id}/replay?step=${want.step}${want.seat === "" ? "" : `&seat=${want.seat}`}`)
      .then((f) => { if (n === asked.current) { setFrame(f); setError(""); } }, (e) => setError(e.message));
  }, [id, want.step, want.seat]);
  return { want, setWant, frame, error };
}

export function Replay({ id }) {
  const { want, setWant, frame, error } = useFrame(id);
  const steps = frame ? frame.steps : 0;
  /** Go to a step: a number, or a function of the current step (so that keys pressed fast all count). */
  const go = (to) => setWant((w) => ({ ...w, step: Math.max(0, Math.min(steps, typeof to === "function" ? to(w.step) : to)) }));
  useEffect(() => {
    const key = (e) => {
      if (["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName) && e.target.type !== "range") return;
      const to = { ArrowLeft: (n) => n - 1, ArrowRight: (n) => n + 1, Home: 0, End: steps }[e.key];
      if (to !== undefined) { e.preventDefault(); go(to); }
    };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, [steps]);
  const Board = useBoard(frame?.game);
  if (error && !frame) return html`<p class="notice bad" role="alert">${error}</p>`;
  if (!frame) return html`<p>Replaying the table…</p>`;
  return html`<div class="replay-page" data-step=${frame.step} data-seat=${frame.seat ?? ""}>
    <div class="bar">
      <strong>Replay: ${frame.game[0].toUpperCase() + frame.game.slice(1)}</strong>
      <a href=${`/t/${id}`}>back to the table</a>
      <a href=${`/rules/${frame.game}`} target="_blank" rel="noopener">how to play</a>
    </div>
    ${error && html`<p class="notice bad" role="alert">${error}</p>`}
    <${Controls} frame=${frame} want=${want} go=${go} setSeat=${(seat) => setWant((w) => ({ ...w, seat }))} />
    <div class="layout">
      <section class="board" aria-label="board">
        ${Board ? html`<${Board} view=${frame.view} legal=${[]} act=${() => {}} seat=${frame.seat} events=${frame.events}
          busy=${true} />` : Board === null ? html`<${TreeView} value=${frame.view} />` : ""}
      </section>
      <aside class="side talk"><section class="panel log"><h2>What happened</h2>
        <ol class="events">${frame.events.slice(-60).map((e) => html`<li class=${e.kind}>${e.text}</li>`)}</ol>
      </section></aside>
    </div></div>`;
}

function Controls({ frame, want, go, setSeat }) {
  const last = frame.action;
  const who = last && (last.seat === null ? "chance" : `seat ${last.seat}`);
  return html`<section class="panel replay-controls" aria-label="replay controls">
    <div class="buttons">
      <button onClick=${() => go(0)} disabled=${want.step === 0}>« first</button>
      <button class="back" onClick=${() => go((n) => n - 1)} disabled=${want.step === 0}>◀ back</button>
      <button class="forward" onClick=${() => go((n) => n + 1)} disabled=${want.step >= frame.steps}>forward ▶</button>
      <button onClick=${() => go(frame.steps)} disabled=${want.step >= frame.steps}>last »</button>
      <input type="range" min="0" max=${frame.steps} value=${want.step} aria-label="step"
        onInput=${(e) => go(Number(e.target.value))} />
      <label>seen by <select class="pov" value=${want.seat} onChange=${(e) => setSeat(e.target.value)}>
        <option value="">a spectator</option>
        ${frame.seats.map((s) => html`<option value=${String(s.seat)}>seat ${s.seat}: ${seatText(s)}</option>`)}
      </select></label>
    </div>
    <p class="step-line" role="status">Step ${frame.step} of ${frame.steps}${last ? html`: ${who} — <code>${last.text}</code>`
      : " (the start)"}. Arrow keys step; Home and End jump.</p></section>`;
}
