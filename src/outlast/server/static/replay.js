// Replays: a finished table's (`/replay/TABLE`) or a save file's opened from disk (`/replay`). Step through the
// actions forward and back (buttons, the slider, or the arrow keys, Home and End) from any seat's point of view or a
// spectator's. The server replays the match (GET /api/tables/TABLE/replay or /api/saves/KEY, ?step=N&seat=S): the
// page draws the game's board from the view it sends, read-only. A finished table may be reviewed together
// (sharedreplay.js): while this page follows the room's leader it shows the leader's frame, its own controls off.
import { html, useEffect, useRef, useState } from "/static/vendor/preact-htm.module.js";
import { api, keep } from "/static/common.js";
import { TreeView } from "/static/tree.js";
import { useBoard } from "/static/table.js";
import { RoomPanel, roomRole, useRoom } from "/static/sharedreplay.js";
import { setSeatNames } from "/static/teach.js";

const query = (w) => `?step=${w.step}${w.seat === "" ? "" : `&seat=${w.seat}`}`;

/** The frame at the step and seat this page wants, from `load(want)` (null: nothing to load yet). */
function useFrame(load, key, seat = "") {
  const [want, setWant] = useState({ step: 0, seat });
  const [frame, setFrame] = useState(null);
  const [error, setError] = useState("");
  const asked = useRef(0);
  useEffect(() => {
    const n = ++asked.current;
    const got = load(want);
    if (got) got.then((f) => { if (n === asked.current) { setFrame(f); setError(""); } }, (e) => setError(e.message));
  }, [key, want.step, want.seat]);
  return { want, setWant, frame, setFrame, error, setError };
}

/** Go to a step (a number, or a function of the current step, so that keys pressed fast all count). */
function stepper(setWant, steps) {
  return (to) => setWant((w) => ({ ...w, step: Math.max(0, Math.min(steps, typeof to === "function" ? to(w.step) : to)) }));
}

function useKeys(go, steps, locked) {
  useEffect(() => {
    const key = (e) => {
      if (locked || (["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName) && e.target.type !== "range")) return;
      const to = { ArrowLeft: (n) => n - 1, ArrowRight: (n) => n + 1, Home: 0, End: steps }[e.key];
      if (to !== undefined) { e.preventDefault(); go(to); }
    };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, [steps, locked]);
}

export function Replay({ id }) {
  const shared = useRoom(id);
  const { leading, following } = roomRole(shared.room);
  const mine = keep.get(id);  // a seat this browser played: seen by it, at first
  const local = useFrame((w) => !following && api(`/api/tables/${id}/replay${query(w)}`), `${id}:${following}`,
    mine.token && Number.isInteger(mine.seat) ? String(mine.seat) : "");
  const room = shared.room;
  const frame = following && shared.frame ? shared.frame : local.frame;
  const seatOf = (r) => (r.seat === null ? "" : String(r.seat));
  useEffect(() => {  // a follower's own position is the room's (so browsing alone starts where the room is)
    if (room && following && !leading) local.setWant({ step: room.step, seat: seatOf(room) });
  }, [room?.step, room?.seat, following, leading]);
  useEffect(() => {  // the leader's position is the room's: each step it takes moves the room (steps taken while
    // the room rejoined after a drop are sent once it is back)
    if (room && leading && (local.want.step !== room.step || local.want.seat !== seatOf(room))) shared.goto(local.want.step, local.want.seat);
  }, [local.want.step, local.want.seat, leading, room?.you]);
  const locked = following && !leading;
  const go = stepper(local.setWant, frame ? frame.steps : 0);
  useKeys(go, frame ? frame.steps : 0, locked);
  if (local.error && !frame) return html`<p class="notice bad" role="alert">${local.error}</p>`;
  if (!frame) return html`<p>Replaying the table…</p>`;
  const links = html`<a href=${`/t/${id}`}>back to the table</a> <a href="/replay">open a save file</a>`;
  const lead = room?.members.find((m) => m.id === room.leader);
  return html`<${ReplayView} frame=${frame} want=${locked ? { step: frame.step, seat: seatOf(frame) } : local.want} go=${go}
    setSeat=${(seat) => local.setWant((w) => ({ ...w, seat }))} links=${links} error=${local.error}
    locked=${locked ? `Following ${lead ? lead.name : "the leader"}: the step and point of view are theirs. Press “Browse alone” to step by yourself.` : ""}
    room=${html`<${RoomPanel} id=${id} shared=${shared} />`} />`;
}

/** The page for a save file opened from disk: the server replays it (POST /api/saves) and the page steps it. */
export function SaveReplay() {
  const [save, setSave] = useState(null);  // {key, text, name}
  const [problem, setProblem] = useState("");
  const send = async (text) => {
    const reply = await fetch("/api/saves", { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
    const doc = await reply.json().catch(() => ({}));
    if (!reply.ok) throw new Error(doc.message || `${reply.status} ${reply.statusText}`);
    return doc.save;
  };
  const local = useFrame((w) => save && api(`/api/saves/${save.key}${query(w)}`).catch(async (e) => {
    if (!/open it again/.test(e.message)) throw e;  // this server dropped it: send the file again
    const key = await send(save.text);
    return api(`/api/saves/${key}${query(w)}`);
  }), save?.key);
  const open = async (file) => {
    setProblem("");
    if (!file) return;
    try {
      const text = await file.text();
      const key = await send(text);
      local.setFrame(null);
      local.setWant({ step: 0, seat: "" });
      setSave({ key, text, name: file.name });
    } catch (e) { setProblem(`${file.name}: ${e.message}`); }
  };
  const frame = save ? local.frame : null;
  const go = stepper(local.setWant, frame ? frame.steps : 0);
  useKeys(go, frame ? frame.steps : 0, false);
  const picker = html`<section class="panel open-save" aria-label="open a save file">
    <label>Open a save file (what <code>outlast export</code> or <code>outlast play</code> writes)
      <input type="file" class="save-file" accept=".json,application/json" onChange=${(e) => open(e.target.files[0])} /></label>
    ${problem && html`<p class="notice bad" role="alert">${problem}</p>`}
    ${save && html`<p class="quiet">Replaying ${save.name}.</p>`}</section>`;
  if (!frame) return html`<div class="replay-page"><div class="bar"><strong>Replay a save file</strong> <a href="/">the lobby</a></div>
    ${picker}${save && !local.error ? html`<p>Replaying the file…</p>` : ""}
    ${local.error && html`<p class="notice bad" role="alert">${local.error}</p>`}</div>`;
  return html`<${ReplayView} frame=${frame} want=${local.want} go=${go} setSeat=${(seat) => local.setWant((w) => ({ ...w, seat }))}
    links=${html`<a href="/">the lobby</a>`} error=${local.error} room=${picker} />`;
}

/** A replay's page: the title and links, the room (or the file picker), the controls, the board and the log. */
function ReplayView({ frame, want, go, setSeat, links, error, locked, room }) {
  const Board = useBoard(frame.game);
  const you = frame.seat === null ? "you" : `seat ${frame.seat + 1}`;
  setSeatNames(frame.seats);  // the boards name the people who sat there (teach.js)
  const log = useRef(null);
  useEffect(() => { if (log.current) log.current.scrollTop = log.current.scrollHeight; }, [frame.step, frame.seat]);
  return html`<div class="replay-page" data-step=${frame.step} data-seat=${frame.seat ?? ""} data-locked=${locked ? "yes" : "no"}>
    <div class="bar">
      <strong>Replay: ${frame.game[0].toUpperCase() + frame.game.slice(1)}</strong>
      ${links}
      <a href=${`/rules/${frame.game}`} target="_blank" rel="noopener">how to play</a>
    </div>
    ${error && html`<p class="notice bad" role="alert">${error}</p>`}
    ${room}
    <${Controls} frame=${frame} want=${want} go=${go} setSeat=${setSeat} locked=${locked} />
    <div class="layout">
      <section class="board" aria-label="board">
        ${Board ? html`<${Board} view=${frame.view} legal=${[]} act=${() => {}} seat=${frame.seat} you=${you} events=${frame.events}
          busy=${true} />` : Board === null ? html`<${TreeView} value=${frame.view} />` : ""}
      </section>
      <aside class="side talk"><section class="panel log"><h2>What happened</h2>
        <ol class="events" ref=${log}>${frame.events.slice(-60).map((e) => html`<li class=${e.kind}>${e.text}</li>`)}</ol>
      </section></aside>
    </div></div>`;
}

/** A seat as a replay names it: who sat there (no presence or stand-in: the game is over). */
function seatName(s) {
  const who = s.kind === "bot" ? `bot (${s.bot})` : s.kind === "human" ? s.name : "";
  return `seat ${s.seat + 1}${who ? `: ${who}` : ""}`;
}

function Controls({ frame, want, go, setSeat, locked }) {
  const last = frame.action;
  const who = last && (last.seat === null ? "chance" : `seat ${last.seat + 1}`);
  return html`<section class="panel replay-controls" aria-label="replay controls">
    <fieldset class="buttons" disabled=${Boolean(locked)} aria-describedby=${locked ? "follow-note" : undefined}>
      <legend class="visually-hidden">step and point of view</legend>
      <button onClick=${() => go(0)} disabled=${want.step === 0}>« first</button>
      <button class="back" onClick=${() => go((n) => n - 1)} disabled=${want.step === 0}>◀ back</button>
      <button class="forward" onClick=${() => go((n) => n + 1)} disabled=${want.step >= frame.steps}>forward ▶</button>
      <button onClick=${() => go(frame.steps)} disabled=${want.step >= frame.steps}>last »</button>
      <input type="range" min="0" max=${frame.steps} value=${want.step} aria-label="step"
        onInput=${(e) => go(Number(e.target.value))} />
      <label>seen by <select class="pov" value=${want.seat} onChange=${(e) => setSeat(e.target.value)}>
        <option value="">a spectator</option>
        ${frame.seats.map((s) => html`<option value=${String(s.seat)}>${seatName(s)}</option>`)}
      </select></label>
    </fieldset>
    ${locked && html`<p id="follow-note" class="quiet follow-note">${locked}</p>`}
    <p class="step-line" role="status">Step ${frame.step} of ${frame.steps}${frame.seat === null ? "" : `, seen by seat ${frame.seat + 1}`}${last ? html`: ${who} — <code>${last.text}</code>`
      : " (the start)"}.${locked ? "" : " Arrow keys step; Home and End jump."}</p></section>`;
}
