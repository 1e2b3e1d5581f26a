// What happens at the table, at a pace a person can follow (issue 24 §3): what the server resolved by itself (an
// Action's dice, the weather, a night, a fight, an eruption) is played back line by line with its dice shown,
// while the board still shows the position before it; then the board moves on and what changed on it glows for a
// moment. The pace (slow, normal, fast, instant) is kept in this browser; "Skip", any click or any key ends a
// playback. Also here: the log in groups (a round, a phase, a day, a turn, a night), the signals that it is your
// move (the tab's title, a sound, a browser notification: the last two off until the player turns them on), and
// the notes the table is told (a seat took back its move, why Undo went away, a clock ran out).
import { html, useEffect, useRef, useState } from "/static/vendor/preact-htm.module.js";

/** Rule references in a log line: a bracket of them ("(§7.1)", "(§12.3 step 1)") or one at a bracket's end. */
const RULE_REFS = /\s*\(§[^()]*\)|[,;]\s*§\s?\d+(?:\.\d+)*(?:\s(?:step|item|P)\s?\d+)?(?=\))/g;
/** A log line as a sentence: its rule references go to the line's hover text (`rulesTitle`). */
export const withoutRules = (text) => String(text || "").replace(RULE_REFS, "");
/** The hover text naming the rules a log line cites ("rules §7.1, §12.3"), or undefined. */
export function rulesTitle(text) {
  const found = String(text || "").match(/§\s?\d+(?:\.\d+)*/g);
  return found ? `rules ${[...new Set(found)].join(", ")}` : undefined;
}

/** Milliseconds each line of a playback stays on screen, by pace. */
export const PACES = { slow: 1600, normal: 700, fast: 300, instant: 0 };
const PACE_KEY = "outlast:pace";

function stored(key, fallback) {
  try { return localStorage.getItem(key) ?? fallback; } catch { return fallback; }
}
function store(key, value) {
  try { localStorage.setItem(key, value); } catch { /* private mode: kept for this page only */ }
}

/** The pace this browser plays back at (`normal` until the player picks another). */
export function pace() {
  const p = stored(PACE_KEY, "normal");
  return p in PACES ? p : "normal";
}

/** The dice an event shows: `data.dice` (each `{die, face, against}`), or a Fuji die (`data.value`). */
export function diceOf(event) {
  const d = event.data || {};
  if (Array.isArray(d.dice) && d.dice.length && typeof d.dice[0] === "object") return d.dice;
  if (event.kind === "roll" && typeof d.value === "number") {
    return [{ die: event.text.split(" ")[0], face: event.text.split(" shows ")[1] || String(d.value) }];
  }
  return [];
}

/** Whether a batch of new log lines is worth playing back: the server resolved something (several lines came
 * at once) or dice were rolled. One line (a plan, a mark, "ready") is shown in the log alone. */
export function worthPlaying(events) {
  return events.length >= 3 || events.some((e) => diceOf(e).length > 0);
}

/** The words of a face for people: Robinson's faces by their meaning, others as they are. */
const FACE_WORDS = { question: "?", blank: "–", wound: "wound", success: "success", adventure: "adventure" };

function Die({ d }) {
  const face = String(d.face);
  const word = FACE_WORDS[face] ?? face;
  const good = ["success", "adventure", "wound"].includes(face) && d.die === face;
  return html`<span class=${`pace-die ${good ? "struck" : ""}`} data-die=${d.die} data-face=${face}
    title=${`${d.die} die: ${word}${d.against !== undefined && d.against !== null ? ` (against ${d.against})` : ""}`}>
    <span class="pace-die-name">${d.die}</span><strong class="pace-die-face">${word}</strong>
    ${d.against !== undefined && d.against !== null && html`<span class="pace-die-against">vs ${d.against}</span>`}</span>`;
}

export function DiceRow({ event }) {
  const dice = diceOf(event);
  return dice.length ? html`<span class="pace-dice">${dice.map((d, i) => html`<${Die} key=${i} d=${d} />`)}</span>` : "";
}

/** Icons of the log's kinds of line (a glance tells a roll from a wound from a gain). */
const ICONS = {
  roll: "⚄", reroll: "⚄", weather: "☂", wound: "♥", damage: "♥", hurt: "♥", injury: "♥", heal: "✚",
  gain: "+", pay: "−", upkeep: "−", stamina: "ϟ", move: "➜", scout: "◎", explore: "◇", build: "⚒",
  draw: "▤", reveal: "◉", night: "☾", sleep: "☾", round: "◷", phase: "·", day: "☀", turn: "·",
  eruption: "▲", combat: "⚔", hit: "⚔", defeat: "⚔", monster: "◆", hunt: "◆", threat: "⚠", morale: "☺",
  determination: "✦", ready: "✓", plan: "✎", mark: "⚑", hint: "…", end: "■", won: "★", eliminated: "☠",
};

export function icon(kind) { return ICONS[kind] || "•"; }

/** A log line with the seats' names in place of "seat 2" / "meeple 2" (people are named as at the table). */
export function named(text, seats) {
  return (text || "").replace(/\b([Ss]eat|meeple) (\d+)\b(?!:\d)/g, (all, word, n) => {
    const s = seats && seats[Number(n)];
    return s && s.name ? s.name : all;
  });
}

/** The playback of one batch of lines: the current line big, with its dice; the lines before it small. */
export function Playback({ batch, seats, words, onDone }) {
  const ms = PACES[pace()];
  const say = words || ((text) => named(text, seats));
  const key = batch && batch.before;  // a batch is known by the position it starts from: one that grows plays on
  const [at, setAt] = useState({ key: null, step: 0 });
  const step = at.key === key ? at.step : 0;
  useEffect(() => {
    if (!batch) return undefined;
    if (ms === 0 || step >= batch.events.length) { onDone(); return undefined; }
    const timer = setTimeout(() => setAt({ key, step: step + 1 }), ms);
    return () => clearTimeout(timer);
  }, [key, step, ms, batch && batch.events.length]);
  useEffect(() => {  // any key or click ends the playback (the click still does what it does)
    if (!batch) return undefined;
    // typing in the chat or a form goes on; any other key or click ends the playback
    const skip = (e) => { if (!(e.target && e.target.closest && e.target.closest(".pace-settings, input, textarea, select"))) onDone(); };
    const arm = setTimeout(() => { document.addEventListener("keydown", skip); document.addEventListener("pointerdown", skip); }, 0);
    return () => { clearTimeout(arm); document.removeEventListener("keydown", skip); document.removeEventListener("pointerdown", skip); };
  }, [Boolean(batch)]);
  if (!batch || ms === 0) return null;
  const shown = batch.events.slice(0, Math.min(step + 1, batch.events.length));
  const now = shown.at(-1);
  return html`<section class="panel pace-playback" role="status" aria-label="what is happening"
      data-step=${step + 1} data-steps=${batch.events.length}>
    <div class="pace-head"><strong>What happens</strong>
      <span class="quiet">${Math.min(step + 1, batch.events.length)} of ${batch.events.length}; the board shows
        the position before it</span>
      <button class="small pace-skip" onClick=${onDone}>Skip</button></div>
    <ol class="pace-lines">${shown.slice(0, -1).slice(-4).map((e, i) => html`<li key=${i} class=${e.kind} title=${rulesTitle(e.text)}>
      <span class="pace-icon" aria-hidden="true">${icon(e.kind)}</span> ${say(withoutRules(e.text))} <${DiceRow} event=${e} /></li>`)}</ol>
    ${now && html`<p class=${`pace-now ${now.kind}`}><span class="pace-icon" aria-hidden="true">${icon(now.kind)}</span>
      ${" "}${say(withoutRules(now.text))}</p>`}
    ${now && html`<${DiceRow} event=${now} />`}
  </section>`;
}

/** The pace and the signals of one's move, kept in this browser. */
export function PaceSettings() {
  const [p, setP] = useState(pace());
  const [sound, setSound] = useState(stored("outlast:sound", "off") === "on");
  const [notify, setNotify] = useState(stored("outlast:notify", "off") === "on");
  const [note, setNote] = useState("");
  const choose = (value) => { store(PACE_KEY, value); setP(value); };
  const toggleSound = (on) => { store("outlast:sound", on ? "on" : "off"); setSound(on); if (on) beep(); };
  const toggleNotify = async (on) => {
    if (on && typeof Notification !== "undefined" && Notification.permission !== "granted") {
      const answer = await Notification.requestPermission().catch(() => "denied");
      if (answer !== "granted") { setNote("The browser did not allow notifications."); on = false; }
    }
    if (on && typeof Notification === "undefined") { setNote("This browser has no notifications."); on = false; }
    if (on) setNote("");
    store("outlast:notify", on ? "on" : "off");
    setNotify(on);
  };
  return html`<details class="panel pace-settings"><summary>Pace and signals</summary>
    <label>Show what happens <select class="pace-select" value=${p} onChange=${(e) => choose(e.target.value)}>
      <option value="slow">slowly</option><option value="normal">at a normal pace</option>
      <option value="fast">fast</option><option value="instant">at once (no playback)</option></select></label>
    <label><input type="checkbox" class="pace-sound" checked=${sound} onChange=${(e) => toggleSound(e.target.checked)} />
      a sound when it is my move</label>
    <label><input type="checkbox" class="pace-notify" checked=${notify} onChange=${(e) => toggleNotify(e.target.checked)} />
      a notification when it is my move and this tab is hidden</label>
    ${note && html`<p class="notice bad">${note}</p>`}</details>`;
}

let audio = null;
/** A short soft tone (WebAudio: nothing to download). */
export function beep() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.15, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.35);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.4);
    window.outlastSignals = (window.outlastSignals || 0) + 1;  // counted, for the tests
  } catch { /* no audio here */ }
}

/** When the move becomes yours: the sound and the notification the player turned on. */
export function useTurnSignals(yourMove, game) {
  const was = useRef(yourMove);
  useEffect(() => {
    if (yourMove && !was.current) {
      if (stored("outlast:sound", "off") === "on") beep();
      if (stored("outlast:notify", "off") === "on" && document.hidden && typeof Notification !== "undefined"
          && Notification.permission === "granted") {
        try { new Notification("Your move", { body: `${game || "outlast"}: the table waits for you`, tag: "outlast-move" }); } catch { /* no notifications */ }
      }
    }
    was.current = yourMove;
  }, [yourMove]);
}

/** After the board moves on: every element of `root` whose own text or look changed glows for a moment. */
export function useChangedGlow(root, key, paused) {
  const before = useRef(null);
  useEffect(() => {
    const el = root.current;
    if (!el || paused) return undefined;
    const now = signatures(el);
    const old = before.current;
    before.current = now;
    if (!old) return undefined;
    const lit = [];
    for (const [node, sig] of now.nodes) {
      const path = now.paths.get(node);
      if (old.byPath.has(path) && old.byPath.get(path) !== sig) { node.classList.add("pace-changed"); lit.push(node); }
    }
    const timer = setTimeout(() => lit.forEach((n) => n.classList.remove("pace-changed")), 2500);
    return () => clearTimeout(timer);
  }, [key, paused]);
}

function signatures(root) {
  const nodes = new Map(), paths = new Map(), byPath = new Map();
  const walk = (node, path) => {
    let i = 0;
    for (const child of node.children) {
      const key = child.dataset && (child.dataset.cell || child.dataset.space || child.dataset.tile || child.dataset.seat);
      const p = `${path}/${child.tagName}${key ? `[${key}]` : `:${i}`}`;
      i += 1;
      const own = [...child.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join(" ");
      const look = ["fill", "class", "aria-label"].map((a) => child.getAttribute(a) || "").join("|").replace(/\bpace-changed\b/, "");
      const sig = `${own}#${look}`;
      if (own || child.getAttribute("fill")) { nodes.set(child, sig); paths.set(child, p); byPath.set(p, sig); }
      walk(child, p);
    }
  };
  walk(root, "");
  return { nodes, paths, byPath };
}

/** Where a new log group begins: a round, a phase, a day, a turn, or a night's card. */
export function opensGroup(e) {
  return ["round", "phase", "day", "turn"].includes(e.kind) || (e.kind === "night" && /^Night \d+/.test(e.text));
}

/** The log in groups, newest open, older ones folded (a click opens one); each line with its icon and dice. */
export function GroupedLog({ events, seats, words, endRef, onScroll }) {
  const say = words || ((text) => named(text, seats));  // the page's plain words (names, no raw ids), else names
  const groups = [];
  for (const e of events) {
    if (!groups.length || opensGroup(e)) groups.push({ head: e, lines: [] });
    groups.at(-1).lines.push(e);
  }
  return html`<ol class="events grouped" aria-live="polite" ref=${endRef} onScroll=${onScroll}>
    ${groups.map((g, i) => html`<li class="log-group-item" key=${i}><details class="log-group" open=${i === groups.length - 1 ? true : undefined}>
      <summary title=${rulesTitle(g.head.text)}><span class="pace-icon" aria-hidden="true">${icon(g.head.kind)}</span> ${say(withoutRules(g.head.text))}
        <${DiceRow} event=${g.head} />${g.lines.length > 1 && html` <span class="quiet">(${g.lines.length - 1} more)</span>`}</summary>
      <ol>${g.lines.slice(1).map((e, j) => html`<li key=${j} class=${e.kind} title=${rulesTitle(e.text)}><span class="pace-icon" aria-hidden="true">${icon(e.kind)}</span>
        ${" "}${say(withoutRules(e.text))} <${DiceRow} event=${e} /></li>`)}</ol></details></li>`)}
  </ol>`;
}

/** What the table was told that a player should read: a seat took back its move, a clock ran out. */
export function noteOf(msg, seats, me) {
  if (msg.type === "undone") {
    const who = msg.seat === me ? "You" : msg.name || `Seat ${msg.seat + 1}`;
    const what = msg.action ? `'${msg.action}'` : msg.events.length ? `'${named(msg.events.at(-1).text, seats)}'`
      : "their last move";
    return { kind: "undone", text: `${who} took back ${what}.` };
  }
  if (msg.type === "seats" && msg.timed_out && msg.timed_out.length) {
    const names = msg.timed_out.map((s) => (msg.seats[s] && msg.seats[s].name) || `seat ${s + 1}`).join(", ");
    return { kind: "timed-out", text: `Time is up for ${names}: another player (or the host) may let a bot play that seat.` };
  }
  return null;
}

/** Why Undo went away, in words (the server's reason), once a seat that could undo no longer can. */
export function useUndoGone(st) {
  const [why, setWhy] = useState("");
  const could = useRef(false);
  useEffect(() => {
    if (!st) return;
    if (st.can_undo) setWhy("");
    else if (could.current && st.undo_reason && st.undo_reason !== "nothing to undo" && st.ack === undefined) {
      setWhy(st.undo_reason);
    }
    could.current = Boolean(st.can_undo);
  }, [st]);
  return why;
}

export function Notes({ notes, undoGone }) {
  if (!notes.length && !undoGone) return null;
  return html`<section class="panel pace-notes" role="status">
    ${notes.slice(-3).map((n, i) => html`<p key=${i} class=${`pace-note ${n.kind}`}>${n.text}</p>`)}
    ${undoGone && html`<p class="pace-note undo-gone">Undo is no longer offered: ${undoGone}.</p>`}</section>`;
}
