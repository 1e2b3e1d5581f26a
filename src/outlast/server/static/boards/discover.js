// The Discover board, drawn from the seat's view alone (observe(seat)): the hex map of the island (faceup tiles
// with their spaces, terrain, landmarks, tokens, fires and figures; facedown tiles as their backs), each
// survivor's stamina, health dials, resources and items, the quest, the night card, threats, and a combat with
// both dice, its supporters and modifiers. The board picks the decision's parts (parts.js, shared with the
// picker): a space to move, step, retreat or escape to and a facedown tile to scout on the map, a seat by its
// survivor's panel, a character offered by its card; each is outlined when a click on it picks a legal next part.
// Every colour comes with a letter, a number or a word.
import { html } from "/static/vendor/preact-htm.module.js";
import { personName } from "/static/teach.js";
import { useTargets } from "/static/parts.js";

const R = 34;                                 // a hex's radius (flat-top)
const H = Math.sqrt(3) * R;                   // a hex's height
const NEIGHBOURS = [[0, -1], [1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0]];  // N, NE, SE, S, SW, NW (§17.1)
const TERRAIN = { beach: ["#e8d9a0", "b"], grass: ["#b5d99c", "g"], underbrush: ["#4f7f45", "u"],
  ocean: ["#5b9bd5", "o"], mountain: ["#a8a29a", "m"] };
const SEAT = [["#c62828", "red"], ["#1e5bc6", "blue"], ["#2e8b3a", "green"], ["#d9a400", "yellow"]];
const BACK = { forage: "f", timber: "t", rock: "r", tracks: "k" };
const PILE_SHADE = ["#85807a", "#77726b", "#68635d", "#5a5651", "#4c4945"];  // facedown tiles, darker by pile
const DAMAGE = { starvation: "S", dehydration: "D", sickness: "K", physical: "P" };
const WORD = (s) => s.replaceAll("_", " ");

function seatColour(seat) { return (SEAT[seat] || ["#555", "grey"])[0]; }
function seatWord(seat) { return (SEAT[seat] || ["#555", "grey"])[1]; }

function spots(tile) {
  const [q, r] = tile.centre;
  return [[q, r], ...NEIGHBOURS.map(([dq, dr]) => [q + dq, r + dr])];
}
function pixel([q, r]) { return [1.5 * R * q, H * (r + q / 2)]; }
function hexPoints(x, y, r = R - 1) {
  return [0, 60, 120, 180, 240, 300].map((a) => {
    const t = (a * Math.PI) / 180;
    return `${(x + r * Math.cos(t)).toFixed(1)},${(y + r * Math.sin(t)).toFixed(1)}`;
  }).join(" ");
}

/** A piece as a short glyph and its words (the same signs the terminal map uses). */
function glyph(p) {
  switch (p.kind) {
    case "feature":
      if (!p.faceup) return ["?" + (BACK[p.back] || p.back[0]), `facedown ${p.back} token`];
      if (p.resources?.length) return ["$", `${p.back} token: ${p.resources.map(WORD).join(" or ")}`];
      return [p.number >= 61 && p.number <= 88 ? "!" : "#", `${p.back} token #${p.number}`];
    case "water": return ["~" + (p.shows ? p.shows[0] : "?"), p.shows ? `water source: ${WORD(p.shows)}` : "facedown water source"];
    case "monster": return [p.faceup ? `${p.special ? "S" : "M"}${p.number}` : "M?",
      p.faceup ? `monster #${p.number}${p.special ? " (special)" : ""}${p.counters ? `, ${p.counters} damage` : ""}` : "facedown monster"];
    case "resource": return ["$", `dropped ${WORD(p.resource)}`];
    case "fire": return [p.lit ? "▲" : "△", `${p.camp ? "camp fire" : "fire"}, ${p.lit ? "lit" : "unlit"}`];
    default: return ["©", p.kind];
  }
}

/** A piece's attributes: those of its target (`useTargets`), its label said after the part's. */
function clickable(pick, label) {
  return pick ? { ...pick.props, "aria-label": `${pick.props["aria-label"]} — ${label}` } : {};
}

function Space({ sp, at, view, action }) {
  const [x, y] = pixel(at);
  const [fill, letter] = TERRAIN[sp.terrain] || ["#ddd", "?"];
  const dark = sp.terrain === "underbrush" || sp.terrain === "ocean";
  const pieces = view.map.pieces.filter((p) => p.space === sp.space);
  const people = view.survivors.filter((s) => s.space === sp.space && s.status !== "won");
  const words = [`${sp.space} ${sp.terrain}`, sp.landmark && `landmark #${sp.landmark}`, sp.objective && "objective",
    sp.feature_icon && `${sp.feature_icon} icon`, sp.water_icon && "water icon", sp.space === view.map.camp && "camp",
    ...pieces.map((p) => glyph(p)[1]), ...people.map((s) => `survivor of ${personName(s.seat)}${s.status === "casualty" ? " (casualty)" : ""}`)]
    .filter(Boolean).join(", ");
  const signs = pieces.map((p) => glyph(p)[0]).join(" ");
  return html`<g class=${`space ${sp.terrain}${dark ? " dark" : ""}${action ? " target" : ""}`} data-space=${sp.space}
      ...${clickable(action, words)}>
    <title>${action ? `${action.props["aria-label"]}: ` : ""}${words}</title>
    <polygon points=${hexPoints(x, y)} fill=${fill} class="hex" />
    ${action && html`<polygon points=${hexPoints(x, y, R - 4)} class="target-ring" />`}
    <text x=${x} y=${y - 15} text-anchor="middle" class="space-name">${sp.space}<tspan class="terrain-letter">${letter}</tspan></text>
    ${(sp.landmark || sp.objective || sp.space === view.map.camp) && html`<text x=${x} y=${y - 3} text-anchor="middle" class="landmark">
      ${sp.space === view.map.camp ? "camp " : ""}${sp.landmark ? `#${sp.landmark}` : ""}${sp.objective ? "◎" : ""}</text>`}
    ${signs && html`<text x=${x} y=${y + 10} text-anchor="middle" class="signs">${signs.length > 11 ? signs.slice(0, 10) + "…" : signs}</text>`}
    ${people.map((s, i) => {
      const cx = x + (i - (people.length - 1) / 2) * 17, cy = y + 21;
      return html`<g class="figure"><circle cx=${cx} cy=${cy} r="8" fill=${seatColour(s.seat)} stroke="#fff" stroke-width="1.5"
        stroke-dasharray=${s.status === "casualty" ? "2 2" : ""} />
        <text x=${cx} y=${cy + 3.5} text-anchor="middle" class="figure-text">${s.seat + 1}</text></g>`;
    })}
  </g>`;
}

function Back({ tile, action }) {
  const all = spots(tile);
  const [x, y] = pixel(all[0]);
  const label = `tile ${tile.tile}, facedown (pile ${tile.pile})`;
  return html`<g class=${`back${action ? " target" : ""}`} data-tile=${tile.tile} ...${clickable(action, label)}>
    <title>${action ? `${action.props["aria-label"]}: ` : ""}${label}</title>
    ${all.map((at) => { const [px, py] = pixel(at); return html`<polygon points=${hexPoints(px, py)} class="hex back-hex"
      fill=${PILE_SHADE[tile.pile] || PILE_SHADE[4]} />`; })}
    ${action && all.map((at) => { const [px, py] = pixel(at); return html`<polygon points=${hexPoints(px, py, R - 4)} class="target-ring" />`; })}
    <text x=${x} y=${y - 2} text-anchor="middle" class="back-name">${tile.tile}</text>
    <text x=${x} y=${y + 13} text-anchor="middle" class="back-pile">pile ${tile.pile}</text>
  </g>`;
}

/** The faceup tiles and the facedown ones touching them (those a survivor could scout); the rest stay off the map. */
function shownTiles(tiles) {
  const near = new Set();
  for (const t of tiles) if (t.faceup) for (const [q, r] of spots(t)) for (const [dq, dr] of NEIGHBOURS) near.add(`${q + dq},${r + dr}`);
  return tiles.filter((t) => t.faceup || spots(t).some(([q, r]) => near.has(`${q},${r}`)));
}

function IslandMap({ view }) {
  const target = useTargets();
  const tiles = shownTiles(view.map.tiles);
  const xs = [], ys = [];
  for (const t of tiles) for (const at of spots(t)) { const [x, y] = pixel(at); xs.push(x); ys.push(y); }
  const pad = R + 4;
  const box = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad,
    Math.max(...ys) - Math.min(...ys) + 2 * pad].map((n) => n.toFixed(0)).join(" ");
  const up = tiles.filter((t) => t.faceup).length;
  return html`<svg class="discover-map" viewBox=${box} role="group"
      aria-label=${`the island: ${up} of ${view.map.tiles.length} tiles faceup, north up`}>
    ${tiles.filter((t) => !t.faceup).map((t) => html`<${Back} key=${t.tile} tile=${t}
      action=${target({ value: t.tile, kinds: ["tile", "option"] }, `tile ${t.tile}`)} />`)}
    ${tiles.filter((t) => t.faceup).map((t) => spots(t).map((at, i) => html`<${Space} key=${t.spaces[i].space}
      sp=${t.spaces[i]} at=${at} view=${view} action=${target({ value: t.spaces[i].space, kinds: ["space", "cell", "option"] },
      t.spaces[i].space)} />`))}
    <text x=${Math.min(...xs) - pad + 8} y=${Math.min(...ys) - pad + 18} class="north">N ↑</text>
  </svg>`;
}

function Health({ s }) {
  const dials = [0, 1, 2].map((i) => s.damage[i]);
  return html`<span class="health" role="img" aria-label=${`health: ${3 - s.damage.length} of 3 hearts${s.damage.length ? `; damage: ${s.damage.join(", ")}` : ""}`}>
    ${dials.map((d) => html`<span class=${`dial${d ? ` hurt ${d}` : ""}`} title=${d ? `${d} damage` : "heart (healthy)"}>${d ? DAMAGE[d] || "?" : "♥"}</span>`)}
  </span>`;
}

function Stamina({ s }) {
  const cap = Math.max(12, s.stamina);
  return html`<span class="stamina-bar" role="img" aria-label=${`stamina ${s.stamina}`} title=${`stamina ${s.stamina} of ${cap}`}>
    ${Array.from({ length: cap }, (_, i) => html`<span class=${i < s.stamina ? "pip on" : "pip"}></span>`)}</span>`;
}

function Survivor({ s, view, mine, you }) {
  const target = useTargets();
  const pick = target({ value: String(s.seat), kinds: ["seat"] }, `seat ${s.seat}${s.character ? ` (${s.character.name})` : ""}`);
  const ch = s.character;
  const res = Object.entries(s.resources);
  const turn = view.current === s.seat;
  return html`<div class=${`survivor${mine ? " mine" : ""}${turn ? " turn" : ""}${pick ? " target" : ""}`} style=${`border-color:${seatColour(s.seat)}`}
      data-seat=${s.seat} ...${pick ? pick.props : {}}>
    <h3><span class="swatch" style=${`background:${seatColour(s.seat)}`}>${s.seat + 1}</span>
      ${personName(s.seat)}${ch ? html` <small class="character">${ch.name}, ${ch.title}</small>` : ""} <span class="quiet">(${seatWord(s.seat)})</span>${mine ? ` — ${you}` : ""}
      ${turn ? html` <em class="to-act">${mine && you === "you" ? "your" : "their"} turn</em>` : ""}${s.status !== "playing" ? html` <strong class="rule">${s.status}</strong>` : ""}</h3>
    <p class="line"><strong>Stamina ${s.stamina}</strong> <${Stamina} s=${s} /></p>
    <p class="line"><strong>Health</strong> <${Health} s=${s} />
      ${s.damage.length ? html`<span class="quiet">${s.damage.join(", ")}</span>` : html`<span class="quiet">unhurt</span>`}</p>
    <p class="line">on <strong>${s.space}</strong> · carries ${s.carried} of ${s.carry_limit}
      ${s.hand_size ? ` · ${s.hand_size} project card${s.hand_size > 1 ? "s" : ""} in hand` : ""}</p>
    <p class="line resources">${res.length ? res.map(([r, n]) => html`<span class="res">${n} ${WORD(r)}</span>`) : html`<span class="quiet">no resources</span>`}
      ${s.double_tokens.length ? html` <span class="quiet">(double tokens ${s.double_tokens.join(", ")})</span>` : ""}</p>
    ${ch && html`<p class="quiet ability">Ability: ${ch.text}</p>`}
    ${s.items.length > 0 && html`<ul class="items">${s.items.map((it) => html`<li title=${it.text}>
      <strong>#${it.number} ${it.name}</strong>${it.counters ? ` (${it.counters} ©)` : ""}: ${it.text}</li>`)}</ul>`}
    ${s.threats.length > 0 && html`<p class="threats"><strong>Threats:</strong> ${s.threats.join(", ")}</p>`}
    ${s.support && html`<p>Support card played: <strong>${s.support}</strong></p>`}
  </div>`;
}

function Die({ colour, value, modifier }) {
  const letter = colour === "gray" ? "G" : "R";
  const who = colour === "gray" ? "your die, hits at the enemy's defense or more" : "the enemy's die, hurts you at its attack or more";
  return html`<span class=${`cdie ${colour}`} title=${`${colour} die (${who}): ${value || "not rolled"}${modifier ? `, modifier ${modifier > 0 ? "+" : ""}${modifier}` : ""}`}>
    <b>${letter}</b>${value || "–"}${modifier ? html`<small>${modifier > 0 ? "+" : ""}${modifier}</small>` : ""}</span>`;
}

function Combat({ c }) {
  const e = c.enemy;
  const supporters = Object.entries(c.support);
  return html`<section class="combat" aria-label="combat">
    <h3>Combat on ${c.space} — ${c.stage} step</h3>
    <p>${c.mode === "attack" ? html`${personName(c.combatant)} attacks ${personName(c.defender)}` :
      html`${personName(c.combatant)} fights <strong>#${e.number} ${e.name}</strong>${c.token ? ` (token ${c.token})` : ""}`}</p>
    ${e && html`<p class="enemy-stats">Defense <strong>${e.defense}</strong> · attack <strong>${e.attack}</strong> ·
      health <strong>${e.health}</strong>, damage taken ${e.damage}${e.lethal ? " · LETHAL" : ""}</p>`}
    <div class="cdice"><${Die} colour="gray" value=${c.dice.gray} modifier=${c.dice.gray_modifier} />
      <${Die} colour="red" value=${c.dice.red} modifier=${c.dice.red_modifier} />
      <span class="quiet">G gray die: yours, it hits when it reaches the enemy's defense ·
        R red die: the enemy's, it hurts you when it reaches the enemy's attack</span></div>
    <p>Supporters: ${supporters.length ? supporters.map(([seat, card]) => html`<span class="res">${personName(Number(seat))}: ${card}</span>`) : "none"}
      ${c.used.length ? html` · used: ${c.used.join(", ")}` : ""}</p>
    ${Object.keys(c.shield || {}).length > 0 && html`<p class="shields">Shields: ${Object.entries(c.shield).map(([seat, n]) =>
      html`<span class="res">${personName(Number(seat))} prevents ${n === 1 ? "1 more damage" : `${n} more damage`}</span>`)}</p>`}
  </section>`;
}

function Cards({ view }) {
  const target = useTargets();
  const q = view.quest, n = view.night.card;
  return html`<div class="cards">
    ${q && html`<div class="card quest"><h3>Quest ${q.code}: ${q.name}</h3><p>${q.text}</p>
      ${q.signal_nights ? html`<p class="quiet signal">The signal fire burns ${q.signal_nights === 1 ? "1 more night" : `${q.signal_nights} more nights`}:
        a survivor who comes near it meanwhile wins too.</p>` : ""}
      ${q.guardian_waiting ? html`<p class="quiet guardian-waiting">The guardian (monster #${q.guardian_waiting}) waits: it appears on
        the first landmark of pile 3 or 4 turned faceup.</p>` : ""}</div>`}
    <div class="card night"><h3>Night${n ? `: ${n.name} (tier ${n.tier})` : ""}</h3>
      ${n ? html`<ol>${n.steps.map(([title, text]) => html`<li><strong>${title}</strong> ${text}</li>`)}</ol>`
        : html`<p class="quiet">no night card out${view.night.discard.length ? ` · past nights: ${view.night.discard.join(", ")}` : ""}</p>`}</div>
    ${view.in_play.length > 0 && html`<div class="card"><h3>In play</h3><ul>${view.in_play.map((c) =>
      html`<li><strong>#${c.number} ${c.name}</strong> (${c.kind}${c.counters ? `, ${c.counters} ©` : ""}): ${c.text}</li>`)}</ul></div>`}
    ${view.hand?.length > 0 && html`<div class="card hand"><h3>Your projects</h3><ul>${view.hand.map((p) => {
      const pick = target({ value: p.id, kinds: ["option", "card"] }, p.name);
      const { "aria-label": _, ...props } = pick ? pick.props : {};  // an item holding a button named by its text
      return html`<li><div class=${`card-face${pick ? " target" : ""}`} ...${props}><strong>${p.name}</strong>${p.fire ? " (fire)" : ""}
        — costs ${Object.entries(p.cost).map(([r, k]) => `${k} ${WORD(r)}`).join(", ")}</div></li>`;
    })}</ul></div>`}
    ${view.projects_faceup.length > 0 && html`<div class="card"><h3>Projects faceup</h3><ul>${view.projects_faceup.map((p) =>
      html`<li><strong>${p.name}</strong> — ${Object.entries(p.cost).map(([r, k]) => `${k} ${WORD(r)}`).join(", ")}</li>`)}</ul></div>`}
  </div>`;
}

/** The secret choice of a character: each one dealt to this seat, a card to click (when keeping it is legal). */
function CharacterChoice({ s }) {
  const choices = s.character_choices;
  const target = useTargets();
  return html`<section class="character-choice" aria-label="choose your character">
    <h3>${s.character_picked ? "Your character is chosen: waiting for the others" : "Choose your character"}</h3>
    <p class="quiet">Only you see these cards; the others learn your character when every survivor has chosen.</p>
    <div class="choices">${choices.map((c) => {
      const [verb, value] = [c.action.split(" ")[0], c.action.split(" ").at(-1)];
      const pick = target({ value, kinds: ["option", "card"], verb }, c.name);
      return html`<button class="character-card" data-action=${c.action} disabled=${!pick}
        data-pick=${pick ? value : undefined} onClick=${() => pick && pick.props.onClick()}>
        <strong>${c.name}</strong><span class="title">${c.title}</span><span class="ability">${c.text}</span></button>`;
    })}</div>
  </section>`;
}

export function board({ view, legal, act, seat, you = "you", busy }) {
  const order = [...view.survivors].sort((a, b) => (b.seat === seat) - (a.seat === seat));
  const d = view.decks;
  const mine = view.survivors.find((s) => s.seat === seat);
  return html`<div class="discover">
    <p class="round"><strong>Day ${view.day}</strong>${[` · ${view.phase} phase`,
      view.current !== null ? ` · ${personName(view.current)}'s turn` : "", ` · tribe leader: ${personName(view.tribe_leader)}`,
      ` · decks: ${d.projects} projects, ${d.threats} threats (${d.threat_discard} discarded), ${d.nights} nights`].join("")}</p>
    ${mine?.character_choices?.length > 0 && html`<${CharacterChoice} s=${mine} />`}
    ${view.combat && html`<${Combat} c=${view.combat} />`}
    <div class="board-scroll"><${IslandMap} view=${view} /></div>
    <p class="legend quiet">Each hex is a space: its name and terrain letter —
      b beach, g grass, u underbrush, o ocean, m mountain. Numbered circles are survivors by seat; #n a landmark, ◎ an
      objective. Tokens: ?f ?t ?r ?k facedown forage/timber/rock/tracks, $ resource, ! enemy, ~ water source,
      M monster, ▲ lit fire (△ unlit). Grey hexes are facedown tiles (letter and pile; only those next to
      faceup tiles are drawn). A dashed blue outline marks a
      space you may click now. Health dials: ♥ heart, S starvation, D dehydration, K sickness, P physical.</p>
    <${Cards} view=${view} />
    <div class="survivors">${order.map((s) => html`<${Survivor} key=${s.seat} s=${s} view=${view} mine=${s.seat === seat} you=${you} />`)}</div>
  </div>`;
}
