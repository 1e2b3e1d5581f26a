// A table's page, shared by every game: seats, the board (a per-game module, boards/GAME.js, or a readable tree of
// the view), the legal actions as buttons, the decision and its rule §, undo, the event log, chat, the result, and
// the host's controls before the start. One websocket, reopened by itself; each `state` from the server is
// complete, and a `full` one replaces what is shown.
import { html, useEffect, useRef, useState } from "/static/vendor/preact-htm.module.js";
import { api, keep, rules } from "/static/common.js";
import { seatText } from "/static/lobby.js";
import { TreeView } from "/static/tree.js";
import { anchor } from "/static/rules.js";
import { PartPicker, allMovesOpen, rememberAllMoves } from "/static/parts.js";
import { Coach } from "/static/coach.js";
import { Question } from "/static/companion.js";
import { FirstScreen, TapTips, characterOf, plainWords, seatName, setGlossary, setSeatNames, useFirstScreen, useTeaching } from "/static/teach.js";
import { GroupedLog, Notes, PACES, PaceSettings, Playback, noteOf, pace, useChangedGlow, useTurnSignals, useUndoGone,
  worthPlaying } from "/static/pace.js";

/** The table's websocket: opens again after a drop (hello with the stored token), until `close()`. */
class Link {
  constructor(id, token, onMessage, onStatus) {
    Object.assign(this, { id, token, onMessage, onStatus, ws: null, tries: 0, closed: false });
    this.open();
  }
  open() {
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${this.id}`);
    this.ws = ws;
    ws.onopen = () => {
      this.tries = 0;
      this.onStatus("connected");
      if (this.token) this.send({ type: "hello", token: this.token });
    };
    ws.onmessage = (e) => this.onMessage(JSON.parse(e.data));
    ws.onclose = (e) => {
      if (this.closed || ws !== this.ws) return;
      if (e.code === 4404) { this.onStatus("gone"); return; }
      if (e.code === 4403) { this.token = null; this.onStatus("seat lost"); }
      this.onStatus("reconnecting");
      setTimeout(() => this.closed || this.open(), Math.min(10000, 500 * 2 ** this.tries++));
    };
  }
  hello(token) { this.token = token; this.send({ type: "hello", token }); }
  send(msg) { if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg)); }
  close() { this.closed = true; this.ws?.close(); }
}

/** The board module of a game (`boards/GAME.js`, exporting `board`), or null for the generic tree. */
export function useBoard(game) {
  const [mod, setMod] = useState(undefined);
  useEffect(() => {
    if (!game) return;
    import(`/static/boards/${game}.js`).then((m) => setMod(() => m.board), () => setMod(() => null));
  }, [game]);
  return mod;
}

/** The table's live state, kept from the server's messages. */
function useTable(id) {
  const [me, setMe] = useState(() => keep.get(id));
  const [t, setT] = useState({ link: "connecting", state: null, entry: null, seats: [], events: [], chat: [], labels: [],
    notice: null, pending: null });
  const link = useRef(null);
  const nextId = useRef(0);
  const patch = (p) => setT((old) => ({ ...old, ...(typeof p === "function" ? p(old) : p) }));
  useEffect(() => {
    api(`/api/tables/${id}/chat`).then((chat) => patch((o) => ({ chat: [...chat, ...o.chat] })), () => {});
    api(`/api/tables/${id}`).then((entry) => patch({ labels: entry.labels || [] }), (e) => {
      // the websocket of an unknown table is refused before it opens (the page cannot tell why): ask HTTP
      if (e.status === 404) { link.current?.close(); patch({ link: "gone" }); }
    });
    const onMessage = (msg) => patch((o) => receive(o, msg, id, setMe));
    link.current = new Link(id, me.token, onMessage, (s) => patch({ link: s }));
    return () => link.current.close();
  }, [id]);
  const send = (msg) => link.current?.send(msg);
  const act = (action) => {
    const msgId = ++nextId.current;
    patch((o) => ({ pending: msgId, notice: null }));
    send({ type: "act", version: t.state?.version ?? 0, action, id: msgId });
  };
  const undo = () => {
    const msgId = ++nextId.current;
    patch({ pending: msgId, notice: null });
    send({ type: "undo", version: t.state?.version ?? 0, id: msgId });
  };
  const say = (text) => {
    const msgId = ++nextId.current;
    patch({ chatPending: msgId, chatNotice: null });
    send({ type: "chat", text, id: msgId });
  };
  const sit = (seat, token, name) => { keep.set(id, { seat, token, name }); setMe(keep.get(id)); link.current.hello(token); };
  window.outlastTable = { act, send, state: () => t.state };  // for the browser console (and the tests)
  return { t, me, setMe, act, undo, send, say, sit, patch };
}

/** The table after one server message. */
function receive(o, msg, id, setMe) {
  switch (msg.type) {
    case "state": {
      const events = msg.full ? msg.events : [...o.events, ...msg.events].slice(-500);
      const done = msg.ack !== undefined && msg.ack === o.pending;
      // what the server resolved by itself is played back before the board moves on (pace.js)
      const fresh = !msg.full && o.state && worthPlaying(msg.events) && PACES[pace()] > 0;
      const batch = fresh ? { before: o.batch ? o.batch.before : o.state, events: [...(o.batch ? o.batch.events : []), ...msg.events] }
        : msg.full ? null : o.batch;
      return { batch, state: msg, seats: msg.seats, seatsAt: Date.now(), events, entry: null, pending: done || msg.full ? null : o.pending,
        notice: done ? null : o.notice };
    }
    case "lobby": return { entry: msg.entry, seats: msg.entry.seats, seatsAt: Date.now() };
    case "undone": return { notes: [...(o.notes || []), noteOf(msg, o.seats, o.state?.seat)].slice(-5) };
    case "seats": return { seats: msg.seats, seatsAt: Date.now(), notes: msg.timed_out ? [...(o.notes || []),
      noteOf(msg, msg.seats, o.state?.seat)].slice(-5) : o.notes,
      entry: o.entry && { ...o.entry, seats: msg.seats, status: msg.status } };
    case "chat": return { chat: [...o.chat, msg].slice(-300) };
    case "rejected":
      if (msg.id !== null && msg.id !== undefined && msg.id === o.chatPending) {  // a chat line the rules refuse
        return { chatPending: null, chatNotice: { kind: msg.code, text: msg.reason, rule: msg.rule || "" } };
      }
      return { pending: msg.id === o.pending ? null : o.pending,
        notice: { kind: msg.code, text: msg.reason, rule: msg.rule || "" } };
    case "error":
      if (msg.code === "bad_token" || msg.code === "seat_lost") { keep.drop(id, "token", "seat"); setMe(keep.get(id)); }
      return { notice: { kind: msg.code, text: msg.message, rule: "" } };
    default: return {};
  }
}

export function Table({ id }) {
  const { t, me, act, undo, say, sit, patch } = useTable(id);
  const st = t.state;
  const shown = t.batch ? t.batch.before : st;  // the board and the log wait for a playback to end
  const boardBox = useRef(null);
  useChangedGlow(boardBox, shown?.version, Boolean(t.batch));
  const undoGone = useUndoGone(st);
  const game = st?.view?.game || t.entry?.game;
  const Board = useBoard(game);
  const seat = st ? st.seat : (me.token ? me.seat : null);
  const teaching = useTeaching(game);
  const [firstOpen, setFirstOpen] = useFirstScreen(game);
  setSeatNames(t.seats);  // the boards name people as the seats do, and things by the glossary (teach.js)
  setGlossary(teaching?.glossary);
  const words = (text) => plainWords(text, { seats: t.seats, glossary: teaching?.glossary });
  const title = game ? game[0].toUpperCase() + game.slice(1) : "Table";
  const status = st?.status || t.entry?.status || "…";
  const yourMove = Boolean(st && st.status !== "over" && st.legal.length > 0);
  useEffect(() => {  // the tab says when it is your move, so a player in another tab sees it
    const name = game ? game[0].toUpperCase() + game.slice(1) : "Table";
    document.title = yourMove ? `▶ Your move · ${name} · outlast` : `${name} · outlast`;
  }, [yourMove, game]);
  useTurnSignals(yourMove, game);
  return html`<div class="table-page" data-version=${st ? st.version : ""} data-seat=${seat ?? ""}>
    <div class="bar">
      <strong>${game ? game[0].toUpperCase() + game.slice(1) : "Table"}</strong>
      <span class=${`status ${status}`}>${status}</span>
      <span class="quiet you-are">${seat === null || seat === undefined ? "watching" : `you are ${seatName(t.seats, seat)} (seat ${seat + 1})`}</span>
      ${teaching && html`<button class="small how-to-play" onClick=${() => setFirstOpen(!firstOpen)} aria-expanded=${firstOpen ? "true" : "false"}>How to play</button>`}
      <span class=${`link ${t.link}`} role="status">${t.link}</span>
      <${Invite} id=${id} />
      ${t.labels.map((l) => html`<span key=${l.kind} class=${`label ${l.kind}`}>${l.text}</span>`)}
    </div>
    ${t.link === "gone" && html`<p class="notice bad gone" role="alert">There is no such table on this server
      (${id}): the link may be incomplete, or the table was forgotten. <a href="/">Go to the lobby</a> to find
      or create a table.</p>`}
    ${firstOpen && teaching && html`<${FirstScreen} game=${game} title=${title} teaching=${teaching} explain=${st?.explain}
      words=${words} close=${() => setFirstOpen(false)} />`}
    <${TapTips} />
    ${st?.outcome && html`<${Result} outcome=${st.outcome} seats=${t.seats} id=${id} />`}
    <div class="layout">
      <section class="board" aria-label="board" ref=${boardBox}>
        <${Playback} batch=${t.batch} seats=${t.seats} words=${words} onDone=${() => patch({ batch: null })} />
        ${st ? (Board ? html`<${Board} view=${shown.view} legal=${t.batch || st.question ? [] : st.legal} act=${act} seat=${st.seat}
          events=${t.batch ? t.events.slice(0, -t.batch.events.length) : t.events}
          busy=${t.pending !== null || Boolean(t.batch)} />` : Board === null ? html`<${TreeView} value=${shown.view} />` : "")
          : t.link === "gone" ? "" : html`<${Waiting} t=${t} me=${me} id=${id} sit=${sit} />`}
      </section>
      <aside class="side play">
        ${st?.coach && html`<${Coach} coach=${st.coach} notice=${t.notice} />`}
        <${Seats} seats=${t.seats} since=${t.seatsAt} me=${seat} toMove=${st?.to_move || []} host=${me.host}
          token=${me.token} id=${id} status=${status} view=${st?.view} />
        <${Notes} notes=${t.notes || []} undoGone=${st && !st.can_undo ? undoGone : ""} />
        ${st && st.status !== "over" && html`<${Actions} st=${st} act=${act} undo=${undo} busy=${t.pending !== null || Boolean(t.batch)}
          notice=${st.coach && t.notice?.kind === "off_script" ? null : t.notice} words=${words} glossary=${teaching?.glossary} />`}
        <${PaceSettings} />
        ${(!st || st.status === "over") && t.notice && html`<${Notice} n=${t.notice} game=${game} />`}
      </aside>
      <aside class="side talk">
        <${Log} events=${t.batch ? t.events.slice(0, -t.batch.events.length) : t.events} seats=${t.seats} words=${words} />
        <${Chat} chat=${t.chat} seat=${seat} say=${say} notice=${t.chatNotice} game=${game} seats=${t.seats} />
      </aside>
    </div></div>`;
}

function Invite({ id }) {
  const [copied, setCopied] = useState(false);
  const url = `${location.origin}/t/${id}`;
  const copy = () => navigator.clipboard?.writeText(url).then(() => setCopied(true), () => {});
  return html`<button class="small" onClick=${copy} title=${url}>${copied ? "link copied" : "copy invite link"}</button>`;
}

function Waiting({ t, me, id, sit }) {
  const entry = t.entry;
  if (!entry) return html`<p>Connecting to the table…</p>`;
  const open = entry.seats.filter((s) => s.kind === "open");
  return html`<div class="waiting">
    <p class="host-line">The game has not started. ${open.length === 1 ? "1 seat is still open." : open.length ? `${open.length} seats are still open.` : "Every seat is taken."}
      ${!me.host ? "" : open.length ? " You are the host: fill the open seats (players join with the invite link, or seat bots), then start the game."
        : " You are the host: start the game when everyone is ready."}</p>
    ${!me.token && open.length > 0 && html`<${JoinHere} id=${id} open=${open} sit=${sit} />`}
    ${me.host && html`<${HostControls} id=${id} seats=${entry.seats} host=${me.host} />`}
  </div>`;
}

function JoinHere({ id, open, sit }) {
  const [name, setName] = useState(localStorage.getItem("outlast:name") || "");
  const [error, setError] = useState("");
  const join = async (seat) => {
    try {
      localStorage.setItem("outlast:name", name);
      const got = await api(`/api/tables/${id}/join`, { body: { name, seat } });
      sit(got.seat, got.token, name);
    } catch (e) { setError(e.message); }
  };
  return html`<div class="join">
    <label>Your name <input class="join-name" value=${name} onInput=${(e) => setName(e.target.value)} maxlength="40" /></label>
    ${open.map((s) => html`<button key=${s.seat} onClick=${() => join(s.seat)}>Take seat ${s.seat + 1}</button>`)}
    ${error && html`<p class="notice bad" role="alert">${error}</p>`}</div>`;
}

function HostControls({ id, seats, host }) {
  const [bot, setBot] = useState("heuristic");
  const [error, setError] = useState("");
  const call = (path, body) => api(`/api/tables/${id}${path}`, { body: body || {}, token: host })
    .then(() => setError(""), (e) => setError(e.message));
  const open = seats.filter((s) => s.kind === "open");
  return html`<div class="host">
    <h3>Host</h3>
    <label>Bot <select value=${bot} onChange=${(e) => setBot(e.target.value)}>
      <option value="heuristic">heuristic (plays sensibly)</option><option value="random">random</option>
      <option value="ismcts:iters=200">ismcts (searches; slower)</option></select></label>
    ${open.map((s) => html`<button key=${s.seat} onClick=${() => call(`/seats/${s.seat}/bot`, { bot })}>Bot in seat ${s.seat + 1}</button>`)}
    <button class="primary" disabled=${open.length > 0} onClick=${() => call("/start")}>Start the game</button>
    ${error && html`<p class="notice bad" role="alert">${error}</p>`}</div>`;
}

/** Seconds as m:ss (h:mm:ss from an hour). */
function clockText(left) {
  const t = Math.ceil(left), h = Math.floor(t / 3600), m = Math.floor(t / 60) % 60, sec = String(t % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** A timer that re-renders its user once a second while `on`. */
function useSecond(on) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!on) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

function Seats({ seats, since, me, toMove, host, token, id, status, view }) {
  const [error, setError] = useState("");
  const playing = status === "playing";
  const ticking = playing && seats.some((s) => s.clock !== null && s.clock !== undefined && toMove.includes(s.seat));
  const now = useSecond(ticking);
  // the server's clock of a seat to act is what it was when the message left; it runs down here between messages
  const left = (s) => (playing && toMove.includes(s.seat) ? Math.max(0, s.clock - (now - (since || now)) / 1000) : s.clock);
  const standin = (s) => api(`/api/tables/${id}/seats/${s}/standin`, { body: { bot: "heuristic" }, token: host || token })
    .then(() => setError(""), (e) => setError(e.message));
  const seated = me !== null && me !== undefined && token;
  return html`<section class="panel seats"><h2>Seats</h2><ul>
    ${seats.map((s) => {
      const timed = s.clock !== null && s.clock !== undefined;
      const out = timed && playing && left(s) <= 0;
      const canStand = playing && s.kind === "human" && !s.standin && s.seat !== me &&
        ((out && (host || seated)) || (host && s.away));
      return html`<li key=${s.seat} class=${[toMove.includes(s.seat) && "to-move", s.seat === me && "mine", out && "timed-out"].filter(Boolean).join(" ")}>
      <span class="seat-no" title=${`seat ${s.seat + 1}`}>${s.seat + 1}</span> ${seatText(s)}${s.seat === me ? " — you" : ""}
      ${characterOf(view, s.seat) && html` <small class="character">${characterOf(view, s.seat)}</small>`}
      ${toMove.includes(s.seat) && html` <em class="to-act">to act</em>`}
      ${timed && html` <span class="clock" role="timer" aria-label=${`time left: ${clockText(left(s))}`}>${clockText(left(s))}</span>`}
      ${out && html` <strong class="time-up">time is up</strong>`}
      ${canStand && html` <button class="small standin" onClick=${() => standin(s.seat)}>let a bot play ${out ? "this seat" : "for them"}</button>`}
    </li>`;
    })}</ul>
    ${error && html`<p class="notice bad" role="alert">${error}</p>`}</section>`;
}

/** Text with its rule references (§…) set apart. */
export function WithRules({ text, game }) {
  const parts = (text || "").split(/(§\s?[0-9][0-9.]*[0-9A-Z]?)/);
  return parts.map((p, i) => (i % 2 ? html`<${RuleLink} game=${game} rule=${p} />` : p));
}

/** A rule reference as a link to its section of the game's rules guide (in a new tab). */
function RuleLink({ game, rule }) {
  const ref = rule.startsWith("§") ? rule : `§${rule}`;
  if (!game) return html`<strong class="rule">${ref}</strong>`;
  return html`<a class="rule" href=${`/rules/${game}#${anchor(ref)}`} target="_blank" rel="noopener"
    title="this rule in the rules guide (new tab)">${ref}</a>`;
}

function Notice({ n, game }) {
  const what = { illegal: "Not allowed", stale: "Someone acted first", refused: "Refused" }[n.kind] || "Problem";
  return html`<p class="notice bad" role="alert"><strong>${what}:</strong> <${WithRules} text=${n.text} game=${game} />
    ${n.rule && html` <span class="rule-ref">(rule <${RuleLink} game=${game} rule=${n.rule} />)</span>`}</p>`;
}

function Actions({ st, act, undo, busy, notice, words, glossary }) {
  const game = st.view?.game;
  const groups = {};
  for (const a of st.legal) (groups[a.split(" ")[0]] ||= []).push(a);
  const refs = rules(st.decision);
  if (st.question) {  // a companion table's roll or draw, this seat's to enter (companion.js)
    return html`<section class="panel actions companion" aria-label="your actions" data-busy=${busy ? "yes" : "no"}>
      <h2>What came up?</h2>
      ${notice && html`<${Notice} n=${{ ...notice, text: words(notice.text) }} game=${game} />`}
      <${Question} key=${st.version} question=${st.question} act=${act} busy=${busy}
        ruleLink=${(rule) => html`<${RuleLink} game=${game} rule=${rule} />`} />
      ${st.can_undo && html`<button class="undo" disabled=${busy} onClick=${undo}>Undo my last action</button>`}
    </section>`;
  }
  return html`<section class="panel actions" aria-label="your actions" data-busy=${busy ? "yes" : "no"}>
    <h2>${st.legal.length ? "Your move" : st.status === "over" ? "Game over" : "Waiting for others"}</h2>
    ${st.asked && !st.legal.length && html`<p class="decision asked"><strong>At the table:</strong> ${st.asked} — the player
      who rolls or draws enters what came up.</p>`}
    ${st.explain?.text ? html`<p class="decision explain" data-kind=${st.explain.kind}><strong>What to do now:</strong> ${words(st.explain.text)}</p>`
      : st.decision && html`<p class="decision">${words(st.decision.replace(/\s*\(?§[^)]*\)?/g, ""))}</p>`}
    ${refs.length > 0 && html`<p class="quiet rules-line">${refs.length > 1 ? "Rules" : "Rule"}: ${refs.map((r, i) => html`${i ? ", " : ""}<${RuleLink} game=${game}
      rule=${r} />`)} of the <a href=${`/rules/${game}`} target="_blank" rel="noopener">rules guide</a>.</p>`}
    ${notice && html`<${Notice} n=${{ ...notice, text: words(notice.text) }} game=${game} />`}
    ${st.view?.pending?.not_ready && html`<p class="not-ready"><strong>Not ready yet:</strong>${" "}<${WithRules} text=${words(st.view.pending.not_ready.replace(/^not ready yet: /, ""))} game=${game} />
      ${st.view.pending.not_ready_rule && html` <span class="rule-ref">(rules <${WithRules} game=${game}
        text=${st.view.pending.not_ready_rule} />)</span>`}</p>`}
    ${st.parts && st.legal.length > 0 && html`<${PartPicker} parts=${st.parts} act=${act} busy=${busy} words=${words} glossary=${glossary} />`}
    ${st.legal.length > 0 && html`<details class="all-moves" open=${!st.parts || allMovesOpen()}
      onToggle=${(e) => st.parts && rememberAllMoves(e.target.open)}>
      <summary>Show all ${st.legal.length} moves as text</summary>
    ${Object.entries(groups).map(([verb, list]) => html`<details class="group" open=${list.length <= 12}>
      <summary>${verb} (${list.length})</summary>
      <div class="choices">${list.map((a) => html`<button class="act" disabled=${busy} data-action=${a}
        onClick=${() => act(a)}>${a}</button>`)}</div></details>`)}</details>`}
    ${st.can_undo && html`<button class="undo" disabled=${busy} onClick=${undo}>Undo my last action</button>`}
  </section>`;
}

/** A box that shows its newest line: it scrolls itself (never the page) to its end when lines come, unless the
 * reader has scrolled it up to read older ones. Returns the ref and scroll handler for the box. */
export function useStickyEnd(count) {
  const box = useRef(null);
  const stick = useRef(true);
  useEffect(() => { const el = box.current; if (el && stick.current) el.scrollTop = el.scrollHeight; }, [count]);
  const onScroll = (e) => {
    const el = e.currentTarget;
    stick.current = el.scrollTop + el.clientHeight >= el.scrollHeight - 8;
  };
  return { ref: box, onScroll };
}

function Log({ events, seats, words }) {
  const end = useStickyEnd(events.length);
  return html`<section class="panel log"><h2>What happened</h2>
    <${GroupedLog} events=${events} seats=${seats} words=${words} endRef=${end.ref} onScroll=${end.onScroll} /></section>`;
}

function Chat({ chat, seat, say, notice, game, seats }) {
  const [text, setText] = useState("");
  const sent = useRef(null);
  const seated = seat !== null && seat !== undefined;
  const submit = (e) => { e.preventDefault(); if (text.trim()) { sent.current = text.split(/\s+/).filter(Boolean).join(" "); say(text); } };
  useEffect(() => {  // the line is heard: empty the box (a refused line stays in it, to mend)
    const last = chat.at(-1);
    if (sent.current !== null && last && last.seat === seat && last.text === sent.current) { sent.current = null; setText(""); }
  }, [chat.length]);
  const end = useStickyEnd(chat.length);
  return html`<section class="panel chat"><h2>Chat</h2>
    <ol class="lines" ref=${end.ref} onScroll=${end.onScroll}>${chat.map((c) => html`<li><strong>${c.name || seatName(seats, c.seat)}:</strong> ${c.text}</li>`)}</ol>
    ${seated ? html`<form onSubmit=${submit}><input value=${text} maxlength="500" aria-label="chat message"
      onInput=${(e) => setText(e.target.value)} placeholder="say something to the table" /><button>Send</button></form>
      ${notice && html`<p class="notice bad chat-refused" role="alert"><strong>Not sent:</strong> <${WithRules} text=${notice.text} game=${game} />
        ${notice.rule && html` <span class="rule-ref">(rule <${WithRules} text=${notice.rule} game=${game} />)</span>`}</p>`}`
      : html`<p class="quiet">Spectators read the chat.</p>`}</section>`;
}

function Result({ outcome, seats, id }) {
  const name = (i) => seats[i] ? seatText(seats[i]) : `seat ${i + 1}`;
  const all = outcome.seats.every((s) => s.won);
  return html`<section class=${`panel result ${outcome.winners.length ? "won" : "lost"}`} role="status">
    <h2>${all ? "Everyone won!" : outcome.winners.length ? `Won: ${outcome.winners.map(name).join(", ")}` : "The game is lost"}</h2>
    <ul>${outcome.seats.map((s) => html`<li>Seat ${s.seat + 1} (${name(s.seat)}): ${s.won ? "won" : "lost"}, score ${s.score} — ${s.reason}</li>`)}</ul>
    <p><a class="button" href=${`/replay/${id}`}>Replay the game</a>${" step by step, from any seat's point of view; or "}
    <a href=${`/api/tables/${id}/export`} download=${`outlast-${id}.json`}>download the save file</a>${" "}
    (to replay it on your computer with <code>outlast replay FILE</code>).</p></section>`;
}
