// The Fuji board, drawn from the seat's view alone (observe(seat)): the terrain grid with lava, villages and
// tokens, meeples and destination markers, each explorer's dice (another seat's only once revealed: hidden dice
// are not in the view), stamina tracks with injury spaces, equipment and hints. The board picks the decision's
// parts (parts.js, shared with the picker): a cell as a destination or a card to swap, a die to reroll or leave,
// an equipment card to use or a dealt card to keep, each outlined when a click on it picks a legal next part.
import { html } from "/static/vendor/preact-htm.module.js";
import { gloss, personName } from "/static/teach.js";
import { useTargets } from "/static/parts.js";

const CELL = 92;
const MEEPLE = { blue: "#2f6fdf", purple: "#9b3fc9", green: "#2e9e48", black: "#222" };
const FACE = { Y: ["#f5d023", "#111", "yellow"], B: ["#2563c9", "#fff", "blue"], P: ["#f49ac1", "#111", "pink"] };
const KIND = { volcano: "#6b2a1a", rubble: "#a59c92", village: "#cfe8b8", landscape: "#f3e6c4" };

function place(cell) {
  return { x: cell.charCodeAt(0) - 65, y: Number(cell.slice(1)) - 1 };
}

function wrap(text, width) {
  const lines = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && (line + " " + word).length > width) { lines.push(line); line = word; } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function hintText(h) {
  if (h.hint === "threat") return `my dice threaten ${personName(h.subject)}'s destination: ${h.level}`;
  if (h.hint === "fit") return `my roll fits my destination: ${h.level}`;
  if (h.hint === "intent") return h.level === "help" ? "I'll reroll to help you" : "I can use a card";
  return `${h.hint} ${h.level}`;
}

function meepleName(m) {
  return m.character ? `${personName(m.seat)} (${m.character})` : personName(m.seat);
}

/** What a cell, a die or a card is as a part of the decision (parts.js `reach`). */
const CELL_PART = (cell) => ({ value: cell, kinds: ["cell", "space", "tile", "option"] });
const DIE_PART = (value) => [{ value, kinds: ["die"] }, { value, kinds: ["option"], verb: "leave" }, { value, kinds: ["option"], verb: "aside" }];
const CARD_PART = (id) => [{ value: id, kinds: ["card"] }, { value: id, kinds: ["option"], verb: "use" }];

function Cell({ c, target }) {
  const { x, y } = place(c.cell);
  const X = x * CELL, Y = y * CELL;
  const label = `${c.cell} ${c.kind}${c.lava ? ", lava" : ""}${c.requires ? `, needs ${c.requires}` : ""}` +
    `${c.eruption_token ? `, eruption token ×${c.eruption_token}` : ""}${c.equipment_token ? ", equipment token" : ""}` +
    `${c.start ? `, ${c.start} start` : ""}${c.extra_reroll ? ", extra reroll" : ""}`;
  const action = target, click = target ? { ...target.props, "aria-label": `${target.props["aria-label"]} — ${label}` } : {};
  return html`<g class=${`cell ${c.kind}${c.lava ? " lava" : ""}${action ? " target" : ""}${action?.on ? " picked" : ""}`} data-cell=${c.cell} ...${click}>
    <title>${action ? `${action.props["aria-label"]}: ` : ""}${label}</title>
    <rect x=${X + 2} y=${Y + 2} width=${CELL - 4} height=${CELL - 4} rx="6" fill=${KIND[c.kind]} />
    ${c.lava && html`<rect x=${X + 2} y=${Y + 2} width=${CELL - 4} height=${CELL - 4} rx="6" fill="url(#lava)" />`}
    <text x=${X + 7} y=${Y + 17} class="cell-name">${c.cell}</text>
    ${c.lava ? html`<text x=${X + CELL - 7} y=${Y + 17} class="tag lava-tag" text-anchor="end">LAVA</text>`
      : c.kind !== "landscape" ? html`<text x=${X + CELL - 7} y=${Y + 17} class="tag" text-anchor="end">${c.kind}</text>` : ""}
    ${!c.lava && wrap(c.requires, 15).slice(0, 3).map((line, i) => html`<text x=${X + 6} y=${Y + 31 + i * 10.5} class="req">${line}</text>`)}
    ${/* tokens and the start sit in the top line (tokens lie on landscape cards alone, which have no tag), so that
      the pieces' strip at the bottom never covers the requirement */ ""}
    ${c.eruption_token > 0 && html`<g class="token"><polygon points=${`${X + 30},${Y + 20} ${X + 40},${Y + 4} ${X + 50},${Y + 20}`} class="eruption" />
      <text x=${X + 40} y=${Y + 18} text-anchor="middle" class="token-text">${c.eruption_token > 1 ? "2" : "!"}</text></g>`}
    ${c.equipment_token && html`<g class="token"><rect x=${X + CELL - 22} y=${Y + 5} width="15" height="15" rx="3" class="equipment-token" />
      <text x=${X + CELL - 14.5} y=${Y + 16.5} text-anchor="middle" class="token-text">E</text></g>`}
    ${c.start && html`<text x=${X + CELL - 7} y=${Y + 17} text-anchor="end" class="tag start-tag">start</text>`}
    ${action && html`<rect x=${X + 3} y=${Y + 3} width=${CELL - 6} height=${CELL - 6} rx="6" class="target-ring" />`}
  </g>`;
}

/** Meeples (circles) and destination markers (diamonds), in a strip along the bottom of each cell, below its
 * requirement (at most three lines), one slot each: meeples from the left, then markers. */
function Pieces({ meeples }) {
  const at = {};
  for (const m of meeples) (at[m.position] ||= { meeples: [], marks: [] }).meeples.push(m);
  for (const m of meeples) if (m.marker) (at[m.marker] ||= { meeples: [], marks: [] }).marks.push(m);
  const tokens = [];
  for (const [cell, here] of Object.entries(at)) {
    const { x, y } = place(cell);
    const count = here.meeples.length + here.marks.length;
    const slot = Math.min(24, (CELL - 8) / count), r = Math.min(11, slot / 2 - 0.5);
    const cx = (i) => x * CELL + 4 + slot * (i + 0.5), cy = y * CELL + CELL - 17;
    here.meeples.forEach((m, i) => tokens.push(html`<g class="meeple" data-cell=${cell}><title>${meepleName(m)} stands on ${cell}</title>
      <circle cx=${cx(i)} cy=${cy} r=${r} fill=${MEEPLE[m.colour] || "#777"} stroke="white" stroke-width="2" />
      <text x=${cx(i)} y=${cy + 4} text-anchor="middle" class="meeple-text">${m.seat + 1}</text></g>`));
    here.marks.forEach((m, j) => {
      const mx = cx(here.meeples.length + j), side = r * 1.25;
      tokens.push(html`<g class="marker" data-cell=${cell}><title>destination of ${meepleName(m)}</title>
        <rect x=${mx - side / 2} y=${cy - side / 2} width=${side} height=${side} transform=${`rotate(45 ${mx} ${cy})`}
          fill="white" stroke=${MEEPLE[m.colour] || "#555"} stroke-width="3" />
        <text x=${mx} y=${cy + 3.5} text-anchor="middle" class="marker-text">${m.seat + 1}</text></g>`);
    });
  }
  return tokens;
}

function Terrain({ view }) {
  const { rows, cols } = view.scenario;
  const target = useTargets();
  return html`<svg class="fuji-board" viewBox=${`0 0 ${cols * CELL} ${rows * CELL}`} role="group"
      aria-label=${`${view.scenario.name}: the terrain, ${cols} columns by ${rows} rows`}>
    <defs><pattern id="lava" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="10" height="10" fill="#e4572e" /><rect width="4" height="10" fill="#b3261e" /></pattern></defs>
    ${view.board.map((c) => html`<${Cell} key=${c.cell} c=${c} target=${target(CELL_PART(c.cell), c.cell)} />`)}
    <${Pieces} meeples=${view.meeples} />
  </svg>`;
}

/** One die, titled by its name: `#n` for a die of this meeple's own set (`own`, the seat's own panel), else the
 * full `m:n` (a die of meeple m's set, as actions name it: one taken with a card, say), so no two read alike. */
export function Die({ d, own, home, target }) {
  const [set, number] = d.die.split(":");
  const name = own && (home === undefined || set === String(home)) ? number : `${Number(set) + 1}:${number}`;
  if (d.hidden) return html`<span class="die hidden" title="a hidden die (behind the screen)">?</span>`;
  const [bg, fg, word] = FACE[d.colour] || ["#ddd", "#111", d.colour];
  const value = set === String(home) ? number : d.die;  // as the actions name it (die_label)
  const pick = target ? target(DIE_PART(value), `die ${name}, ${word} ${d.value}`) : null;
  return html`<span class=${`die${pick ? " target" : ""}${pick?.on ? " picked" : ""}`} style=${`background:${bg};color:${fg}`}
    title=${`die ${name}: ${word} ${d.value}${own ? "" : `, from ${personName(Number(set))}'s dice`}`} ...${pick ? pick.props : {}}>${d.colour}${d.value}<small>#${name}</small></span>`;
}

/** A card by its face (its name and effect), a button when picking it is a legal next part. */
function Card({ id, name, text, note, target }) {
  const pick = target(CARD_PART(id), name);
  // the list item stays an item; the card inside it is the button, named by what it shows
  const { "aria-label": _, ...props } = pick ? pick.props : {};
  return html`<li><div class=${`card-face${pick ? " target" : ""}${pick?.on ? " picked" : ""}`} title=${text || name} ...${props}>
    <strong>${name}</strong>${note || ""}${text ? `: ${text}` : ""}</div></li>`;
}

/** A card id as people read it, when the view names no card: `first_aid_kit` → `First aid kit`. */
const cardName = (id) => id[0].toUpperCase() + id.slice(1).replaceAll("_", " ");

function Stamina({ m, board }) {
  const spaces = [];
  for (let i = 0; i <= board.exhaustion; i++) {
    const injury = board.injury_spaces.includes(i);
    spaces.push(html`<span class=${`space${injury ? " injury" : ""}${i === m.stamina ? " at" : ""}${i === board.exhaustion ? " end" : ""}`}
      title=${`${i}${injury ? ": injury space" : ""}${i === board.exhaustion ? ": exhaustion" : ""}`}>${i === m.stamina ? m.seat + 1 : injury ? "+" : ""}</span>`);
  }
  return html`<div class="stamina-row"><span class="quiet">Stamina lost ${m.stamina} of ${board.exhaustion}${" · "}+ marks an injury space</span><div class="stamina" role="img" aria-label=${`stamina track: ${m.stamina} of ${board.exhaustion} spaces lost`}>${spaces}</div></div>`;
}

function Explorer({ m, view, mine, you, seat }) {
  const target = useTargets();
  const hidden = m.dice.filter((d) => d.hidden).length;
  return html`<div class=${`explorer${mine ? " mine" : ""}`} style=${`border-color:${MEEPLE[m.colour] || "#999"}`}>
    <h3><span class="swatch" style=${`background:${MEEPLE[m.colour] || "#999"}`}>${m.seat + 1}</span>
      ${meepleName(m)}${mine ? ` — ${you}` : ""}</h3>
    <p class="quiet">${m.skill_name ? html`<span class="skill" title=${gloss(m.skill).text}>${m.skill_name}${m.skill_lost ? " (lost)" : ""}</span> · ` : ""}on ${m.position}${m.marker ? ` · destination ${m.marker}` : ""}
      ${view.ready?.[m.seat] ? " · ready" : ""}${view.rerolls_left?.length ? ` · rerolls left ${view.rerolls_left[m.seat] ?? 0}` : ""}</p>
    <div class="dice">${m.dice.length === 0 ? html`<span class="quiet">no dice</span>` :
      hidden === m.dice.length && !mine ? html`<span class="quiet">${hidden} dice behind the screen</span>` :
      m.dice.map((d) => html`<${Die} d=${d} own=${mine} home=${seat} target=${target} />`)}</div>
    <${Stamina} m=${m} board=${view.stamina_board} />
    ${m.injuries.length > 0 && html`<p>Injuries: ${m.injuries.map((k, i) => html`${i ? ", " : ""}<span class="injury" title=${gloss(k).text}>${gloss(k).name}</span>`)}</p>`}
    ${m.equipment.length > 0 && html`<ul class="equipment">${m.equipment.map((e) => html`<${Card} id=${e.id} name=${e.name}
      text=${e.text} note=${e.tapped ? " (used)" : ""} target=${mine ? target : () => null} />`)}</ul>`}
  </div>`;
}

/** The cards dealt to choose from (§3.2), by their face. */
function Keeping({ ids }) {
  const target = useTargets();
  return html`<div class="keeping"><strong>Cards dealt</strong> <ul class="equipment">${ids.map((id) =>
    html`<${Card} key=${id} id=${id} name=${gloss(id).name || cardName(id)} text=${gloss(id).text} target=${target} />`)}</ul></div>`;
}

export function board({ view, legal, act, seat, you = "you", busy }) {
  const order = [...view.meeples].sort((a, b) => (b.seat === seat) - (a.seat === seat));
  return html`<div class="fuji">
    <p class="round"><strong>Round ${view.round}</strong>${` · phase ${view.phase_name} · ${view.scenario.name} · level ${view.options.level}` +
      ` · draw pile ${view.draw_pile}`}</p>
    <p class="scroll-hint quiet" aria-hidden="true">The terrain is wider than the screen: swipe it sideways.</p>
    <div class="board-scroll" role="region" aria-label="the terrain (scrolls sideways on a narrow screen)"><${Terrain} view=${view} /></div>
    <p class="legend quiet">Meeples are circles and destinations diamonds, numbered by seat. Striped red cells are lava;
      a triangle is an eruption token, E an equipment token. A dashed blue outline marks a cell you may
      click now (choosing your destination, say). Dice show colour letter and face:
      Y yellow, B blue, P pink (#3 is the die's number; #2:3 is die 3 lent by seat 2). Hover or tap a die, card or piece to read it.</p>
    ${view.hints?.length > 0 && html`<details class="hints" open=${view.hints.length <= 4}>
      <summary><strong>Hints this round (${view.hints.length})</strong></summary> ${view.hints.map((h) =>
      html`<span class="hint">${personName(h.seat)}: ${hintText(h)}</span>`)}</details>`}
    <div class="explorers">${order.map((m) => html`<${Explorer} key=${m.index} m=${m} view=${view} mine=${m.seat === seat} you=${you} seat=${seat} />`)}</div>
    ${view.set_aside?.length > 0 && html`<p>Set aside: ${view.set_aside.map((d) => html`<${Die} d=${d} />`)}</p>`}
    ${view.keeping?.length > 0 && html`<${Keeping} ids=${view.keeping} />`}
  </div>`;
}
