// How to play: a game's players' rules guide (`/rules/GAME`, the markdown from GET /api/rules/GAME) as a page, with
// an anchor per numbered section so that `/rules/fuji#7.3` opens at §7.3. The markdown is turned into elements by
// a small renderer (headings, paragraphs, lists, tables, code, bold, italic, § links): every text goes in as text,
// never as HTML.
import { html, useEffect, useState } from "/static/vendor/preact-htm.module.js";
import { api } from "/static/common.js";

const HEADING = /^(#{1,6})\s+(?:§([0-9]+(?:\.[0-9]+)*[a-z]?)\b\s*)?(.*)$/;
const INLINE = /(`[^`]+`|\*\*.+?\*\*|\*[^*\s][^*]*?\*|§\s?[0-9]+(?:\.[0-9]+)*[a-zA-Z]?)/;
const ITEM = /^(\s*)([-*]|[0-9]+\.)\s+(.*)$/;

/** A section number as an anchor: "§ 7.3" → "7.3". */
export function anchor(ref) { return ref.replace(/^§\s?/, "").replace(/\.+$/, "").toLowerCase(); }

/** Inline markdown: code, bold, italic and § references (links to their anchor on this page). */
function inline(text) {
  return text.split(INLINE).map((p, i) => {
    if (i % 2 === 0) return p;
    if (p.startsWith("`")) return html`<code>${p.slice(1, -1)}</code>`;
    if (p.startsWith("**")) return html`<strong>${inline(p.slice(2, -2))}</strong>`;
    if (p.startsWith("*")) return html`<em>${inline(p.slice(1, -1))}</em>`;
    return html`<a class="rule" href=${`#${anchor(p)}`}>${p}</a>`;
  });
}

function cells(line) { return line.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim()); }

/** A list from its lines (items and their wrapped or nested lines), nested by indentation. */
function list(lines) {
  const ordered = /^\s*[0-9]+\./.test(lines[0]);
  const base = lines[0].match(ITEM)[1].length;
  const items = [];
  for (const line of lines) {
    const m = line.match(ITEM);
    if (m && m[1].length <= base) items.push({ text: m[3], sub: [] });
    else if (m) items[items.length - 1].sub.push(line);
    else items[items.length - 1].text += ` ${line.trim()}`;
  }
  const body = items.map((it) => html`<li>${inline(it.text)}${it.sub.length > 0 && list(it.sub)}</li>`);
  return ordered ? html`<ol>${body}</ol>` : html`<ul>${body}</ul>`;
}

/** The blocks of a markdown text, as elements. */
export function markdown(text) {
  const lines = text.split("\n");
  const out = [];
  let i = 0;
  const take = (test) => { const got = []; while (i < lines.length && test(lines[i])) got.push(lines[i++]); return got; };
  while (i < lines.length) {
    const line = lines[i];
    const h = line.match(HEADING);
    if (!line.trim()) { i++; continue; }
    if (h) {
      const Tag = `h${h[1].length}`;
      out.push(html`<${Tag} id=${h[2] || undefined}>${h[2] ? html`<a class="anchor" href=${`#${h[2]}`}>§${h[2]}</a> ` : ""}${inline(h[3])}</${Tag}>`);
      i++;
    } else if (line.startsWith("```")) {
      i++;
      const code = take((l) => !l.startsWith("```"));
      i++;
      out.push(html`<pre><code>${code.join("\n")}</code></pre>`);
    } else if (line.trim().startsWith("|")) {
      const rows = take((l) => l.trim().startsWith("|")).map(cells).filter((r) => !r.every((c) => /^:?-+:?$/.test(c)));
      out.push(html`<div class="table-scroll"><table><thead><tr>${rows[0].map((c) => html`<th>${inline(c)}</th>`)}</tr></thead>
        <tbody>${rows.slice(1).map((r) => html`<tr>${r.map((c) => html`<td>${inline(c)}</td>`)}</tr>`)}</tbody></table></div>`);
    } else if (ITEM.test(line)) {
      out.push(list(take((l) => l.trim() !== "" && !HEADING.test(l) && (ITEM.test(l) || /^\s/.test(l)))));
    } else {
      const para = take((l) => l.trim() !== "" && !HEADING.test(l) && !ITEM.test(l) && !l.trim().startsWith("|") && !l.startsWith("```"));
      out.push(html`<p>${inline(para.join(" "))}</p>`);
    }
  }
  return out;
}

/** Scroll to the section the URL's hash names, or to the nearest enclosing one (a § that is a label in its parent). */
function jump() {
  let id = decodeURIComponent(location.hash.slice(1));
  while (id) {
    const el = document.getElementById(id);
    if (el) { el.scrollIntoView(); el.classList.add("target"); return; }
    id = id.includes(".") ? id.slice(0, id.lastIndexOf(".")) : "";
  }
}

export function Rules({ game }) {
  const [doc, setDoc] = useState(null);
  const [error, setError] = useState("");
  useEffect(() => { api(`/api/rules/${game}`).then(setDoc, (e) => setError(e.message)); }, [game]);
  useEffect(() => {
    if (!doc) return undefined;
    document.title = `${doc.title} — how to play`;
    jump();
    window.addEventListener("hashchange", jump);
    return () => window.removeEventListener("hashchange", jump);
  }, [doc]);
  if (error) return html`<p class="notice bad" role="alert">${error}</p>`;
  if (!doc) return html`<p>Loading the rules guide…</p>`;
  return html`<article class="panel rules-guide" data-game=${game}>${markdown(doc.text)}</article>`;
}
