// The fallback board: any game's view as a collapsible tree (for games without a boards/GAME.js module).
import { html } from "/static/vendor/preact-htm.module.js";

function scalar(v) {
  if (v === null) return html`<span class="nil">none</span>`;
  if (typeof v === "boolean") return html`<span class="bool">${v ? "yes" : "no"}</span>`;
  return html`<span class=${typeof v}>${String(v)}</span>`;
}

function label(key, v) {
  if (Array.isArray(v)) return `${key} (${v.length})`;
  const name = v.name ?? v.id ?? v.cell ?? v.title;
  return name !== undefined && typeof name !== "object" ? `${key}: ${name}` : key;
}

function flat(v) {
  return Array.isArray(v) && v.every((x) => x === null || typeof x !== "object");
}

export function TreeView({ value, name = "view", depth = 0 }) {
  if (value === null || typeof value !== "object") return html`<div class="leaf"><span class="key">${name}</span> ${scalar(value)}</div>`;
  if (flat(value)) {
    return html`<div class="leaf"><span class="key">${name}</span> ${value.length ? value.map((x, i) => html`${i ? ", " : ""}${scalar(x)}`) : html`<span class="nil">none</span>`}</div>`;
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  return html`<details class="tree" open=${depth < 1}>
    <summary>${label(name, value)}</summary>
    ${entries.map(([k, v]) => html`<${TreeView} key=${k} name=${k} value=${v} depth=${depth + 1} />`)}
  </details>`;
}
