// The Robinson Crusoe board, drawn from the seat's view alone (observe(seat)): the island tiles with terrain, the
// Camp and discovery tokens; the action board (threats, hunt, build, arrange the camp, rest; explore and gather on
// the island) with the planned pawns; resources available and future; weather, morale, shelter, roof, palisade and
// weapon; inventions and items; each castaway's wounds and Determination; the dice of the last Action rolled. The
// board picks the decision's parts (parts.js, shared with the picker): in planning a pawn, then the field, card or
// tile it goes to (`place PAWN TARGET`, or `join PAWN N` onto Action N planned there); a card by its face when a
// card is chosen. Each piece is outlined when a click on it picks a legal next part.
import { html } from "/static/vendor/preact-htm.module.js";
import { plural } from "/static/common.js";
import { personName } from "/static/teach.js";
import { play, standing, useTargets } from "/static/parts.js";

const HEX = 46;
const SEAT = ["#2f6fdf", "#c0392b", "#2e9e48", "#8e44ad"];
const TERRAIN = { beach: "#f1dc9b", hills: "#c9b27c", mountains: "#a7a7a7", plains: "#bfe08f", river: "#9fd0ef" };
const RES = { wood: "W", food: "F", nonperishable: "N", fur: "U" };
const REACH = { 0: "out of reach", 1: "next to camp", 2: "2 steps away" };
const FIELDS = [["threat", "Threat"], ["hunt", "Hunt"], ["build", "Build"], ["arrange", "Arrange camp"], ["rest", "Rest"]];

/** The legal moves onto the board: target → [{pawn, action}] (`place PAWN TARGET`, or `join PAWN N` on the target
 * of planned Action N), and this seat's pawns that may go somewhere. */
function placements(legal, plan) {
  const by = {};
  const pawns = [];
  for (const a of legal) {
    const [verb, pawn, where] = a.split(" ");
    if (!where || (verb !== "place" && verb !== "join")) continue;
    const target = verb === "place" ? where : plan.find((g) => String(g.number) === where)?.action;
    if (!target) continue;
    (by[target] ||= []).push({ pawn, action: a, join: verb === "join" });
    if (!pawns.includes(pawn)) pawns.push(pawn);
  }
  return { by, pawns };
}

/** The pawns planned on each target (from the plan view), as short labels: E1, C2, F (Friday). */
function planned(plan, chars) {
  const by = {};
  for (const g of plan) {
    for (const p of g.pawns) {
      const seat = chars.find((c) => p.startsWith(c.name))?.seat;
      const short = p.split(" ").map((w) => (/^[0-9]+$/.test(w) ? w : w[0].toUpperCase())).join("");
      (by[g.action] ||= []).push({ label: short, name: p, seat, group: g.number, done: g.done });
    }
  }
  return by;
}

/** A field, card or tile of the board as a part of a placement: joining an Action planned there first (its number
 * `join PAWN N`), else placing a pawn on it. A pawn picked to be placed joins the Action planned there instead,
 * when it may (§8.1: two pawns on one Action). */
function clickable(target, place) {
  const groups = [...new Set((place.planned[target] || []).map((p) => String(p.group)))];
  const name = target.replaceAll(":", " ").replaceAll("_", " ");
  const [verb, pawn] = standing().text.split(" ");
  const join = verb === "place" && pawn && groups.map((g) => `join ${pawn} ${g}`).find((a) => place.legal.includes(a));
  if (join) {
    const go = () => play(join);
    return { role: "button", tabindex: 0, "data-target": target, "data-pick": join, "aria-label": `${name} (joins Action ${join.split(" ")[2]})`,
      onClick: go, onKeyDown: (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), go()) };
  }
  const pick = place.target([...groups.map((g) => ({ value: g, kinds: ["option"], verb: "join", at: 3 })),
    { value: target, kinds: ["option", "card", "tile"], verb: "place" }], name);
  return pick ? { ...pick.props, "data-target": target } : {};
}

/** The pawns of one planned Action, then its number (the one `next N` names) and a tick once it is done. */
function Pawns({ list, x, y }) {
  if (!list?.length) return "";
  return html`<g>${list.map((p, i) => html`<g class="pawn"><title>${p.name} (action ${p.group})</title>
    <circle cx=${x + i * 22} cy=${y} r="10" fill=${p.seat === undefined ? "#7a5230" : SEAT[p.seat % 4]} stroke="#fff" stroke-width="2" />
    <text x=${x + i * 22} y=${y + 4} text-anchor="middle" class="pawn-text">${p.label}</text></g>`)}
    <text x=${x + list.length * 22 - 8} y=${y + 4} class="group-text">#${list[0].group}${list[0].done ? " ✓" : ""}</text></g>`;
}

function hexPoints(cx, cy, r) {
  return [0, 1, 2, 3, 4, 5].map((i) => {
    const a = Math.PI / 180 * (60 * i - 30);
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
}

/** What a tile holds besides its sources: a natural shelter and the tokens on it (§20). */
function notes(s) {
  return [...(s.tent ? ["natural shelter"] : []), ...(s.tokens || [])].join(", ");
}

/** A board piece's attributes for an SVG group: named by its <title> (which starts with what a click does) rather
 * than an aria-label, so that its name holds all the text it shows. */
const svg = ({ "aria-label": _, ...rest }) => rest;

function Tile({ s, cx, cy, place, act, busy }) {
  const explore = `explore:${s.space}`;
  const click = clickable(explore, place);
  const label = s.tile ? `${s.space}: tile ${s.tile}, ${s.terrain}${s.camp ? ", the Camp" : ""}` : `${s.space}: unexplored`;
  return html`<g class=${`tile${s.tile ? "" : " unexplored"}${s.lost ? " lost" : ""} ${click.role && "target" || ""}`} data-space=${s.space}
      ...${svg(click)}>
    <title>${click["aria-label"] ? `${click["aria-label"]}: ` : ""}${label}</title>
    <polygon points=${hexPoints(cx, cy, HEX - 2)} fill=${s.lost ? "#555" : TERRAIN[s.terrain] || "#dfe7ea"}
      stroke=${click.role ? "var(--focus)" : "#6b7b80"} stroke-width=${click.role ? 3 : 1.5} stroke-dasharray=${click.role ? "6 3" : ""} />
    <text x=${cx} y=${cy - 25} text-anchor="middle" class="space-name">${s.space}</text>
    ${s.tile && html`<text x=${cx} y=${cy - 13} text-anchor="middle" class="terrain-text">${s.terrain}${notes(s) ? " *" : ""}</text>`}
    ${s.camp && html`<g><rect x=${cx - 22} y=${cy + 17} width="44" height="15" rx="3" class="camp" />
      <text x=${cx} y=${cy + 28} text-anchor="middle" class="camp-text">CAMP</text></g>`}
    ${!s.tile && !s.lost && html`<text x=${cx} y=${cy - 2} text-anchor="middle" class="unknown">?</text>
      <text x=${cx} y=${cy + 24} text-anchor="middle" class="reach">${REACH[s.distance]}</text>`}
    ${s.lost && html`<text x=${cx} y=${cy + 4} text-anchor="middle" class="camp-text">LOST</text>`}
  </g>`;
}

function Sources({ s, cx, cy, place, act, busy, pawns }) {
  return (s.sources || []).map((res, i) => {
    const target = `gather:${s.space}:${res}`;
    const click = clickable(target, place);
    const x = cx - 26 + i * 28, y = cy - 6;
    return html`<g class=${`source ${click.role && "target" || ""}`} ...${svg(click)}>
      <title>${click["aria-label"] ? `${click["aria-label"]}: ` : ""}${res} source${s.exhausted[i] ? " (exhausted)" : ""} on ${s.space}</title>
      <rect x=${x} y=${y} width="24" height="18" rx="4" class=${`res ${res}${s.exhausted[i] ? " exhausted" : ""}`}
        stroke=${click.role ? "var(--focus)" : "#333"} stroke-width=${click.role ? 3 : 1} />
      <text x=${x + 12} y=${y + 13} text-anchor="middle" class="res-text">${RES[res] || res[0]}${s.exhausted[i] ? "✕" : ""}</text>
      <${Pawns} list=${pawns[target]} x=${x + 12} y=${y + 30} />
    </g>`;
  });
}

function Island({ view, place, act, busy, pawns }) {
  const w = Math.sqrt(3) * HEX;
  const pos = view.island.map((s) => ({ s, x: w * (s.q + s.r / 2), y: 1.5 * HEX * s.r }));
  const minX = Math.min(...pos.map((p) => p.x)) - HEX, maxX = Math.max(...pos.map((p) => p.x)) + HEX;
  const maxY = Math.max(...pos.map((p) => p.y)) + HEX;
  return html`<svg class="rc-island" viewBox=${`${minX} ${-HEX} ${maxX - minX} ${maxY + HEX}`} role="group"
      aria-label="the island: explored tiles with their terrain and sources, the Camp, unexplored spaces">
    ${pos.map(({ s, x, y }) => html`<${Tile} key=${s.space} s=${s} cx=${x} cy=${y} place=${place} act=${act} busy=${busy} />`)}
    ${pos.map(({ s, x, y }) => html`<${Sources} key=${`src-${s.space}`} s=${s} cx=${x} cy=${y} place=${place} act=${act} busy=${busy} pawns=${pawns} />`)}
    ${pos.map(({ s, x, y }) => html`<${Pawns} key=${`pawns-${s.space}`} list=${pawns[`explore:${s.space}`]} x=${x + 16} y=${y - 8} />`)}
  </svg>`;
}

function chipName(target, view) {
  const [kind, rest = ""] = target.split(":");
  const [what, alt] = rest.split("/");
  if (kind === "threat") return `${what === "l" ? "left" : "right"} card${alt ? ` (alt. ${alt})` : ""}`;
  if (kind !== "build") return FIELDS.find(([k]) => k === kind)?.[1] || kind;
  const card = [...view.inventions, ...view.personal, ...view.scenario_inventions, ...view.items, ...view.items_future]
    .find((c) => c.id === what);
  return `${card ? card.name : what}${alt ? (/^[0-9]$/.test(alt) ? ` (cost ${alt})` : ` (${alt})`) : ""}`;
}

/** The action board: one row per field; a chip per target that is legal now or holds planned pawns. */
function ActionBoard({ view, place, act, busy, pawns }) {
  const rows = FIELDS.map(([kind, title]) => {
    const targets = [...new Set([...Object.keys(place.by), ...Object.keys(pawns)])]
      .filter((t) => t.split(":")[0] === kind).sort();
    return { kind, title, targets };
  });
  const PER = 5, CW = 150, CH = 56, LEFT = 134;
  let y = 0;
  const out = [];
  for (const r of rows) {
    const lines = Math.max(1, Math.ceil(r.targets.length / PER));
    out.push(html`<text x="6" y=${y + 22} class="field-name">${r.title}</text>
      ${view.field_tokens[r.kind]?.length > 0 && html`<text x="6" y=${y + 38} class="tag-text">${view.field_tokens[r.kind].join(", ")}</text>`}
      ${r.targets.length === 0 && html`<text x=${LEFT} y=${y + 22} class="quiet-text">no pawns here</text>`}`);
    r.targets.forEach((t, i) => {
      const x = LEFT + (i % PER) * CW, cy = y + Math.floor(i / PER) * CH;
      const click = clickable(t, place);
      out.push(html`<g class=${`chip ${click.role && "target" || ""}`} ...${svg(click)}>
        <title>${click["aria-label"] ? `${click["aria-label"]}: ` : ""}${chipName(t, view)}</title>
        <rect x=${x} y=${cy + 4} width=${CW - 8} height=${CH - 8} rx="6" class="chip-box"
          stroke=${click.role ? "var(--focus)" : "#888"} stroke-width=${click.role ? 3 : 1} stroke-dasharray=${click.role ? "6 3" : ""} />
        <text x=${x + 7} y=${cy + 20} class="chip-text">${chipName(t, view)}</text>
        <${Pawns} list=${pawns[t]} x=${x + 16} y=${cy + 36} />
      </g>`);
    });
    y += lines * CH + 6;
    out.push(html`<line x1="0" x2=${LEFT + PER * CW} y1=${y - 3} y2=${y - 3} class="rule-line" />`);
  }
  return html`<svg class="rc-actions" viewBox=${`0 0 ${LEFT + PER * CW} ${y}`} role="group"
      aria-label="the action board: where pawns are planned">${out}</svg>`;
}

function Track({ name, value, low, high, letter }) {
  const cells = [];
  for (let i = low; i <= high; i++) cells.push(html`<span class=${`space${i === value ? " at" : ""}`} title=${`${name} ${i}`}>${i === value ? letter : i}</span>`);
  return html`<span class="track" role="img" aria-label=${`${name}: ${value}`}>${cells}</span>`;
}

function Camp({ view }) {
  const res = (d) => Object.entries(d).map(([k, v]) => html`<span class=${`res-chip ${k}`}>${RES[k]} ${k} ${v}</span>`);
  const d = view.discoveries;
  return html`<div class="rc-camp">
    <p><strong>Morale</strong> <${Track} name="morale" value=${view.morale} low=${view.morale_range[0]} high=${view.morale_range[1]} letter="M" /></p>
    <p><strong>Shelter</strong> ${view.shelter ? "built" : view.natural_shelter ? "natural" : "none"}
      · <strong>Roof</strong> ${view.roof} · <strong>Palisade</strong> ${view.palisade} · <strong>Weapon</strong> ${view.weapon}</p>
    <p><strong>Available</strong> ${res(view.available)}</p>
    <p><strong>Future</strong> ${res(view.future)}</p>
    <p><strong>Discovery tokens</strong> available: ${d.available.join(", ") || "none"}${d.future.length ? ` · future: ${d.future.join(", ")}` : ""}</p>
    ${view.pile_needs.length > 0 && html`<p><strong>Wood pile</strong> (the rescue fire) ${view.pile.map((n, i) =>
      html`<span class=${`pile${n >= view.pile_needs[i] ? " full" : ""}`}>${n}/${view.pile_needs[i]}</span>`)}</p>`}
  </div>`;
}

function Weather({ view }) {
  return html`<div class="rc-weather"><strong>Weather</strong> this round: ${view.weather_dice.length ? view.weather_dice.join(", ") + " dice" : "no dice"}
    ${view.weather_tokens.length > 0 && html` · tokens: ${view.weather_tokens.join(", ")}`}
    ${view.clouds && html` · rolled: rain ${view.clouds.rain}, winter ${view.clouds.winter}`}</div>`;
}

function Threats({ view }) {
  const card = (side, c) => html`<div class="rc-card threat"><strong>${side} threat:</strong> ${c ? html`<span title=${c.text}>${c.name}</span>
    <small>${c.text}</small>` : html`<span class="quiet">empty</span>`}</div>`;
  return html`<div class="rc-threats">${card("Left", view.threat.left)}${card("Right", view.threat.right)}</div>`;
}

function Castaway({ c, mine, you }) {
  const marks = [];
  for (let i = 0; i <= c.death_at; i++) {
    marks.push(html`<span class=${`space${c.arrows.includes(i) ? " arrow" : ""}${i === c.wounds ? " at" : ""}${i === c.death_at ? " end" : ""}`}
      title=${`${i} wounds${c.arrows.includes(i) ? ": morale −1 here" : ""}${i === c.death_at ? ": death" : ""}`}>${i === c.wounds ? "W" : c.arrows.includes(i) ? "▾" : ""}</span>`);
  }
  return html`<div class=${`explorer castaway${mine ? " mine" : ""}`} style=${`border-color:${SEAT[c.seat % 4]}`}>
    <h3><span class="swatch" style=${`background:${SEAT[c.seat % 4]}`}>${c.name[0]}</span> ${personName(c.seat)} <small class="character">${c.name}</small>${mine ? ` — ${you}` : ""}</h3>
    <p>Wounds <strong>${c.wounds}</strong> of ${c.death_at} · Determination <strong>${c.determination}</strong> · pawns ${c.pawns}
      ${c.special_wounds.length ? ` · special wounds: ${c.special_wounds.join(", ")}` : ""}</p>
    <div class="stamina" role="img" title="W marks the wounds; ▾ spaces cost Morale when reached" aria-label=${`wound track: ${c.wounds} of ${c.death_at}`}>${marks}</div>
    <ul class="equipment">${c.skills.map((s) => html`<li title=${s.text}><strong>${s.name}</strong> (${s.cost} Det.)${s.used ? " used" : ""}: ${s.text}</li>`)}</ul>
  </div>`;
}

/** Cards by their face; a card is a button when picking it is a legal next part (a card to put, discard…). */
function Cards({ title, list, note, target }) {
  if (!list.length) return "";
  return html`<div class="rc-cards"><strong>${title}</strong>${list.map((c) => {
    const pick = target({ value: c.id, kinds: ["card"] }, c.name);
    return html`<span class=${`rc-card${note?.(c) ? " ok" : ""}${pick ? " target" : ""}`} title=${c.text} ...${pick ? pick.props : {}}>
    ${c.name}${note?.(c) ? ` ${note(c)}` : ""}<small>${c.text}</small></span>`;
  })}</div>`;
}

/** The pawns this seat may place, join or take back now, as tokens to click (then a field, card or tile). */
function PawnTokens({ pawns, view, seat, target }) {
  const mine = view.characters.find((c) => c.seat === seat);
  const tokens = pawns.map((p) => {
    const name = p === "friday" ? "Friday" : p === "dog" ? "Dog" : `${mine ? mine.name : "pawn"} ${p}`;
    const pick = target([{ value: p, kinds: ["option", "pawn"], verb: "place", at: 2 }, { value: p, kinds: ["option", "pawn"], verb: "join", at: 2 }], `pawn: ${name}`);
    const colour = /^[0-9]+$/.test(p) ? SEAT[seat % 4] : "#7a5230";
    const shown = /^[0-9]+$/.test(p) ? `${mine ? mine.name[0] : ""}${p}` : name[0];
    return pick && html`<span class=${`rc-pawn target${pick.on ? " picked" : ""}`} style=${`background:${colour}`} ...${pick.props}
      aria-label=${`${shown}, ${pick.props["aria-label"]}`} title=${name}>${shown}</span>`;
  }).filter(Boolean);
  if (!tokens.length) return "";
  return html`<div class="rc-pawns" aria-label="your pawns to place">Your pawns: ${tokens}
    <span class="quiet">click a pawn, then a dashed field, card or tile (or the tile straight away: your first pawn goes)</span></div>`;
}

/** The dice of the last Action rolled this phase (from the event log's roll lines). */
function Dice({ events, view }) {
  const rolls = [];
  for (const e of events || []) {
    if (e.kind === "phase" || e.kind === "round") rolls.length = 0;
    if (e.kind === "roll") rolls.push(e.text);
  }
  if (!rolls.length || !view.phase.startsWith("action")) return "";
  return html`<div class="rc-dice" role="group" aria-label="dice rolled"><strong>Dice rolled</strong> ${rolls.slice(-3).map((t) => html`<span class="roll">${t}</span>`)}</div>`;
}

export function board({ view, legal, act, seat, you = "you", busy, events }) {
  const target = useTargets();
  const place = placements(legal, view.plan);
  const pawns = planned(view.plan, view.characters);
  Object.assign(place, { target, planned: pawns, legal });
  const first = view.characters[view.first_player];
  const order = [...view.characters].sort((a, b) => (b.seat === seat) - (a.seat === seat));
  return html`<div class="robinson">
    <p class="round"><strong>Round ${view.round} of ${view.rounds}</strong> · ${view.phase} · first player: ${first ? `${personName(first.seat)} (${first.name})` : "?"}
      · ${view.scenario}</p>
    <${Threats} view=${view} />
    <${Weather} view=${view} />
    <${Dice} events=${events} view=${view} />
    <${PawnTokens} pawns=${place.pawns} view=${view} seat=${seat} target=${target} />
    <div class="board-scroll"><${ActionBoard} view=${view} place=${place} act=${act} busy=${busy} pawns=${pawns} /></div>
    <p class="quiet">Explore and Gather: on the island below (click a dashed space or source).</p>
    <div class="board-scroll"><${Island} view=${view} place=${place} act=${act} busy=${busy} pawns=${pawns} /></div>
    ${view.island.some(notes) && html`<p class="rc-notes">* ${view.island.filter(notes).map((s) => `${s.space} (${s.terrain}): ${notes(s)}`).join(" · ")}</p>`}
    <p class="legend quiet">Pawns are circles lettered by castaway and numbered (E1 = Explorer's pawn 1, F = Friday),
      coloured by seat; #N is the planned Action's number (✓ done). On tiles, W/F are wood and food sources (✕ exhausted); ? marks an unexplored space. On a
      wound track W marks the wounds and ▾ the spaces that lower Morale. A dashed
      blue outline is a place you may click now.</p>
    <${Camp} view=${view} />
    <div class="explorers">${order.map((c) => html`<${Castaway} key=${c.seat} c=${c} mine=${c.seat === seat} you=${you} />`)}</div>
    ${view.friday && html`<p><strong>Friday</strong> ${view.friday.alive ? "" : "(gone) "}wounds ${view.friday.wounds} of ${view.friday.death_at} · Determination ${view.friday.determination}</p>`}
    <${Cards} title="Inventions" list=${view.inventions} target=${target} note=${(c) => (c.buildable ? "✓ buildable" : "")} />
    <${Cards} title="Personal & scenario inventions" list=${[...view.personal, ...view.scenario_inventions]} target=${target} />
    <${Cards} title="Items built" list=${view.items} target=${target} />
    <${Cards} title="Items ready next round" list=${view.items_future} target=${target} />
    <${Cards} title="Starting items" list=${view.starting_items} target=${target} note=${(c) => `(${plural(c.uses, "use")})`} />
    <${Cards} title="Kept cards" list=${view.kept} target=${target} />
    <p class="quiet">Decks: ${Object.entries(view.decks).filter(([, v]) => typeof v === "number").map(([k, v]) => `${k} ${v}`).join(" · ")}</p>
  </div>`;
}
