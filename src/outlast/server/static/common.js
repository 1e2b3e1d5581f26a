// What the pages share: the HTTP lobby, what this browser keeps per table, and rule references in texts.
import { html } from "/static/vendor/preact-htm.module.js";

export { html };

/** A JSON request to the server's HTTP lobby; throws an Error carrying the server's message (and `status`). */
export async function api(path, { body, token } = {}) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const reply = await fetch(path, body === undefined ? { headers } :
    { method: "POST", headers, body: JSON.stringify(body) });
  const doc = await reply.json().catch(() => ({}));
  if (!reply.ok) throw Object.assign(new Error(doc.message || `${reply.status} ${reply.statusText}`), { status: reply.status });
  return doc;
}

/** What this browser holds for a table: `{seat, token, name}` of its seat, and `host` (the host token). */
export const keep = {
  get(table) {
    try { return JSON.parse(localStorage.getItem(`outlast:${table}`) || "{}"); } catch { return {}; }
  },
  set(table, patch) {
    localStorage.setItem(`outlast:${table}`, JSON.stringify({ ...keep.get(table), ...patch }));
  },
  drop(table, ...fields) {
    const doc = keep.get(table);
    for (const f of fields) delete doc[f];
    localStorage.setItem(`outlast:${table}`, JSON.stringify(doc));
  },
};

/** Rule references (§7.3, §10.1 …) in a text, for showing them apart. */
export function rules(text) {
  return [...new Set((text || "").match(/§\s?[0-9][0-9.]*[0-9A-Z]?/g) || [])];
}

/** `1 use`, `2 uses`: a count and its noun (`many` for an irregular plural). */
export function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}
