// Teaching the game at the table (issue 24 §2, docs/server.md "Learning at the table"): the first screen of a
// game (what you are trying to do, how a turn goes, a small drawing, then the decision in front of you), shown the
// first time this browser opens a table of that game and again from "How to play"; the plain words of the current
// decision; and the words people read, cleaned of raw ids, seat numbers from 0 and command syntax.
import { html, useEffect, useState } from "/static/vendor/preact-htm.module.js";
import { api } from "/static/common.js";

let gamesAsked = null;

/** The server's teaching of `game` (goal, turn, plain words per decision kind, glossary), or null while it loads. */
export function useTeaching(game) {
  const [teaching, setTeaching] = useState(null);
  useEffect(() => {
    if (!game) return;
    gamesAsked ||= api("/api/games").catch(() => []);
    gamesAsked.then((games) => setTeaching(games.find((g) => g.name === game)?.teaching || null));
  }, [game]);
  return teaching;
}

const seen = (game) => { try { return localStorage.getItem(`outlast:taught:${game}`) === "yes"; } catch { return true; } };
const remember = (game) => { try { localStorage.setItem(`outlast:taught:${game}`, "yes"); } catch { /* private mode */ } };

/** Whether the first screen of `game` is open: by itself the first time this browser sees the game, then on request. */
export function useFirstScreen(game) {
  const [open, setOpen] = useState(false);
  useEffect(() => { if (game && !seen(game)) setOpen(true); }, [game]);
  return [open, (on) => { if (!on && game) remember(game); setOpen(on); }];
}

/** The first screen: the game in a few lines and a drawing, then what to do now. */
export function FirstScreen({ game, title, teaching, explain, words, close }) {
  useEffect(() => {
    const onKey = (e) => { if (e.key === "Escape") close(); };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  if (!teaching) return "";
  return html`<section class="panel first-screen" role="dialog" aria-modal="false" aria-labelledby="first-screen-title"
      data-game=${game}>
    <div class="first-head"><h2 id="first-screen-title">How to play ${title}</h2>
      <button class="small" onClick=${close} aria-label="close how to play">Close</button></div>
    <div class="first-body">
      <figure class="first-picture">${PICTURES[game] ? PICTURES[game]() : ""}</figure>
      <div class="first-text">
        <p class="goal"><strong>Your aim:</strong> ${teaching.goal}</p>
        <p><strong>How a round goes:</strong></p>
        <ol class="turn">${teaching.turn.map((line) => html`<li>${line}</li>`)}</ol>
        ${explain?.text ? html`<p class="now"><strong>What to do now:</strong> ${words(explain.text)}</p>`
          : html`<p class="now quiet">When it is your move, the panel "Your move" says what to do.</p>`}
        <p class="quiet">Hover or tap a card, die or choice to read what it does. The full${" "}<a href=${`/rules/${game}`}
          target="_blank" rel="noopener">rules guide</a> opens in a new tab.</p>
      </div>
    </div>
    <div class="buttons"><button class="primary got-it" onClick=${close}>Got it, let's play</button></div>
  </section>`;
}

/** A person's name for seat `n` from the seat list: the display name, a bot's, or "seat n+1" (numbered from 1). */
export function seatName(seats, n) {
  const s = (seats || []).find((x) => x.seat === n);
  if (!s || s.kind === "open") return `seat ${n + 1}`;
  if (s.kind === "bot") return `Bot ${n + 1}`;
  return s.name || `seat ${n + 1}`;
}

let shownSeats = [];
let shownGlossary = {};

/** Keep the game's glossary, for `gloss` (the table page sets it once the teaching is loaded). */
export function setGlossary(glossary) { shownGlossary = glossary || {}; }

/** A thing's name and effect by its id (`{name, text}`), or its id as words with no effect when the glossary does
 * not hold it. */
export function gloss(id) {
  return shownGlossary[id] || { name: String(id).replace(/_/g, " "), text: "" };
}

/** Keep the table's seat list, for `personName` (the table page sets it on each render). */
export function setSeatNames(seats) { shownSeats = seats || []; }

/** The name of the person at seat `n` of the table on this page (for the boards): as `seatName`. */
export function personName(n) { return seatName(shownSeats, n); }

/** The character a seat plays, read from the game's view ("" when the view does not say). */
export function characterOf(view, seat) {
  if (!view) return "";
  const own = (list) => (list || []).find((x) => x.seat === seat);
  return own(view.meeples)?.character || own(view.characters)?.name || own(view.survivors)?.character_name
    || own(view.survivors)?.name || "";
}

const IDS = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/** `text` as a person reads it: `seat N` and `meeple N` become the seat's name, snake_case ids their names from the
 * glossary (or plain words), code spans and command placeholders go. */
export function plainWords(text, { seats, glossary } = {}) {
  if (!text) return "";
  return String(text)
    .replace(/\s*\((?:`[^`]*`[^()]*)\)/g, "")                 // "(`pile K`, §25.1)": command syntax in brackets
    .replace(/:\s*`[^`]*`[^.;:]*(?=[.;]|$)/g, "")             // ": `keep N` keeps character N"
    .replace(/`([^`]*)`/g, "$1")
    .replace(/,?\s*decision [0-9]{4}/gi, "")
    .replace(/\b(seat|meeple|explorer) ([0-9]+)(?!:[0-9])/gi, (m, kind, n) => (kind.toLowerCase() !== "seat"
      && !(seats || []).some((x) => x.seat === Number(n)) ? `explorer ${Number(n) + 1}` : seatName(seats, Number(n))))
    .replace(/\b([a-z]+):([a-z0-9_]+(?:[:/][a-z0-9_]+)*)/g, (m, verb, rest) => `${verb} ${rest.replace(/[:/]/g, " ")}`)  // build:shelter/wood
    .replace(IDS, (id) => glossary?.[id]?.name || id.replace(/_/g, " "))
    .replace(/\btakes its turn\b/g, "takes a turn")                // a meeple's "its", once it is a person's name
    .replace(/\s+\(\s*\)/g, "")
    .replace(/\s{2,}/g, " ");
}

// ------------------------------------------------------------------ the drawings (our own, in SVG)
const PICTURES = {
  fuji: () => html`<svg viewBox="0 0 320 170" role="img" aria-label="A row of landscape cards between the volcano and the village: an explorer with its dice aims its marker at a card two steps ahead; lava spreads from the volcano behind.">
    <rect x="0" y="0" width="320" height="170" fill="#f6f1e7" rx="8" />
    <polygon points="10,120 40,40 70,120" fill="#7a3b2e" /><polygon points="30,62 40,40 50,62" fill="#e4572e" />
    <text x="40" y="138" font-size="11" text-anchor="middle">volcano</text>
    ${[0, 1, 2, 3].map((i) => html`<g><rect x=${80 + i * 48} y="55" width="42" height="60" rx="4" fill=${i === 0 ? "#e4572e" : "#9cc17a"} stroke="#555" />
      <rect x=${84 + i * 48} y="100" width="34" height="10" fill=${["#e4572e", "#f2c14e", "#4d8fd6", "#d46fa8"][i]} /></g>`)}
    <text x="104" y="138" font-size="11" text-anchor="middle">lava</text>
    <rect x="274" y="55" width="40" height="60" rx="4" fill="#f2c14e" stroke="#8a6d1d" stroke-width="2" />
    <text x="294" y="138" font-size="11" text-anchor="middle">village</text>
    <circle cx="152" cy="72" r="8" fill="#3a63a8" /><rect x="146" y="80" width="12" height="16" rx="3" fill="#3a63a8" />
    <path d="M160 70 Q 200 40 240 66" fill="none" stroke="#333" stroke-dasharray="4 3" marker-end="url(#arrow)" />
    <defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto">
      <path d="M0,0 L10,5 L0,10 z" fill="#333" /></marker></defs>
    <polygon points="236,62 244,62 240,52" fill="#3a63a8" /><text x="240" y="46" font-size="10" text-anchor="middle">marker</text>
    ${[0, 1, 2].map((i) => html`<g><rect x=${120 + i * 26} y="128" width="20" height="20" rx="4" fill=${["#f2c14e", "#4d8fd6", "#d46fa8"][i]} stroke="#333" />
      <text x=${130 + i * 26} y="143" font-size="12" text-anchor="middle">${[5, 2, 6][i]}</text></g>`)}
    <text x="160" y="164" font-size="10" text-anchor="middle">your hidden dice: beat both neighbours</text>
  </svg>`,
  robinson: () => html`<svg viewBox="0 0 320 170" role="img" aria-label="An island of hexagon tiles with the camp; two pawns stand on action spaces (build, gather); beside them a pile of wood for the signal fire.">
    <rect x="0" y="0" width="320" height="170" fill="#dcefff" rx="8" />
    ${[[60, 60], [110, 60], [85, 102], [135, 102], [60, 144]].map(([x, y], i) => html`<polygon
      points=${[0, 1, 2, 3, 4, 5].map((k) => `${x + 26 * Math.cos(Math.PI / 3 * k + Math.PI / 6)},${y + 26 * Math.sin(Math.PI / 3 * k + Math.PI / 6)}`).join(" ")}
      fill=${i === 2 ? "#c9a36b" : "#8cbf6a"} stroke="#4f7a3a" />`)}
    <text x="85" y="106" font-size="10" text-anchor="middle">camp</text>
    <rect x="180" y="20" width="60" height="30" rx="4" fill="#fff" stroke="#555" /><text x="210" y="39" font-size="11" text-anchor="middle">build</text>
    <rect x="250" y="20" width="60" height="30" rx="4" fill="#fff" stroke="#555" /><text x="280" y="39" font-size="11" text-anchor="middle">gather</text>
    <circle cx="200" cy="64" r="7" fill="#c0392b" /><circle cx="218" cy="64" r="7" fill="#c0392b" />
    <circle cx="280" cy="64" r="7" fill="#2e86c1" /><text x="245" y="90" font-size="10" text-anchor="middle">2 pawns: sure · 1 pawn: dice</text>
    ${[0, 1, 2, 3].map((i) => html`<rect x=${200 + (i % 2) * 30 + (i > 1 ? 15 : 0)} y=${140 - (i > 1 ? 14 : 0)} width="28" height="10" rx="3" fill="#8b5a2b" />`)}
    <polygon points="245,112 237,124 253,124" fill="#e67e22" /><text x="245" y="164" font-size="10" text-anchor="middle">signal-fire pile</text>
  </svg>`,
  discover: () => html`<svg viewBox="0 0 320 170" role="img" aria-label="Map tiles of an unknown land, some still face down; a survivor with stamina walks toward water, food and wood; a monster waits; the moon marks the night.">
    <rect x="0" y="0" width="320" height="170" fill="#eef3e6" rx="8" />
    ${[[20, 20, "#9cc17a"], [100, 20, "#d9c27a"], [180, 20, "#777"], [20, 90, "#7fb3d5"], [100, 90, "#9cc17a"], [180, 90, "#777"]].map(([x, y, c]) => html`<rect
      x=${x} y=${y} width="74" height="64" rx="6" fill=${c} stroke="#555" />`)}
    <text x="217" y="56" font-size="18" text-anchor="middle" fill="#fff">?</text><text x="217" y="126" font-size="18" text-anchor="middle" fill="#fff">?</text>
    <circle cx="130" cy="116" r="8" fill="#8e44ad" /><rect x="124" y="124" width="12" height="14" rx="3" fill="#8e44ad" />
    <path d="M57 108 q-8 12 0 16 q8 -4 0 -16 z" fill="#2e86c1" /><text x="57" y="146" font-size="10" text-anchor="middle">water</text>
    <circle cx="137" cy="44" r="8" fill="#c0392b" /><text x="137" y="72" font-size="10" text-anchor="middle">food</text>
    <polygon points="60,38 50,60 70,60" fill="#2d6a2d" /><text x="60" y="74" font-size="10" text-anchor="middle">wood</text>
    <path d="M270 20 a18 18 0 1 0 18 28 a14 14 0 1 1 -18 -28 z" fill="#f4d03f" /><text x="282" y="70" font-size="10" text-anchor="middle">night</text>
    <circle cx="282" cy="120" r="14" fill="#555" /><circle cx="277" cy="116" r="2.5" fill="#fff" /><circle cx="287" cy="116" r="2.5" fill="#fff" />
    <text x="282" y="150" font-size="10" text-anchor="middle">monster</text>
    <text x="130" y="160" font-size="10" text-anchor="middle">each step costs stamina</text>
  </svg>`,
};

/** Hover texts on a phone: a tap on anything that carries a hover text (`title`, or `data-tip`) shows that text in
 * a small bubble for a few seconds (a mouse shows the `title` itself). The tap still does what it does. */
export function TapTips() {
  const [tip, setTip] = useState(null);
  useEffect(() => {
    let timer = null;
    const onDown = (e) => {
      if (e.pointerType === "mouse") return;
      const el = e.target.closest?.("[title], [data-tip]");
      const text = el && (el.getAttribute("data-tip") || el.getAttribute("title"));
      if (!text) { setTip(null); return; }
      const box = el.getBoundingClientRect();
      setTip({ text, x: Math.max(8, Math.min(box.left, window.innerWidth - 268)), y: box.bottom + window.scrollY + 6 });
      clearTimeout(timer);
      timer = setTimeout(() => setTip(null), 4000);
    };
    document.addEventListener("pointerdown", onDown, true);
    return () => { document.removeEventListener("pointerdown", onDown, true); clearTimeout(timer); };
  }, []);
  return tip ? html`<div class="tap-tip" role="tooltip" style=${`left:${tip.x}px;top:${tip.y}px`}>${tip.text}</div>` : "";
}
