// The lobby: the games, the open tables, creating a table (a form built from the game's options), joining and
// watching. A table's page (/t/ID) is where the game is played and where the host seats bots and starts it.
import { html, useEffect, useState } from "/static/vendor/preact-htm.module.js";
import { api, keep } from "/static/common.js";
import { LearnButton } from "/static/coach.js";

function go(table) { location.assign(`/t/${table}`); }

/** An option's name or value as words: `extra_thrill` → "extra thrill". */
export function optionWords(v) { return String(v).replace(/_/g, " "); }

export function Lobby() {
  const [games, setGames] = useState([]);
  const [tables, setTables] = useState([]);
  const [error, setError] = useState("");
  const [name, setName] = useState(localStorage.getItem("outlast:name") || "");
  const remember = (n) => { setName(n); localStorage.setItem("outlast:name", n); };
  const refresh = () => api("/api/tables").then(setTables, (e) => setError(e.message));
  useEffect(() => {
    api("/api/games").then(setGames, (e) => setError(e.message));
    refresh();
    const timer = setInterval(refresh, 5000);
    return () => clearInterval(timer);
  }, []);
  const titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
  return html`
    <div class="lobby">
      ${error && html`<p class="notice bad" role="alert">${error}</p>`}
      <section class="panel you">
        <label>Your name at the table <input id="my-name" value=${name} maxlength="40" autocomplete="nickname"
          onInput=${(e) => remember(e.target.value)} placeholder="e.g. Ann" /></label>
        <${ByLink} />
      </section>
      <${Recent} titles=${titles} />
      <section class="panel">
        <h2>Open tables</h2>
        ${tables.length === 0 ? html`<p class="quiet">No public table is open or in play. Create one below.</p>` :
          html`<ul class="tables">${tables.map((t) => html`<${TableEntry} key=${t.table} t=${t} title=${titles[t.game]}
            name=${name} onError=${setError} />`)}</ul>`}
      </section>
      <section class="panel">
        <h2>Games</h2>
        <ul class="games">${games.map((g) => html`<${GameEntry} key=${g.name} game=${g} onError=${setError} name=${name} />`)}</ul>
      </section>
      <p class="quiet">Have a save file (from <code>outlast export</code> or <code>outlast play</code>)? <a href="/replay">Replay it here</a>.</p>
    </div>`;
}

/** The table id in a pasted invitation (`http://HOST/t/ID`, or the bare id), or null when it is none. */
export function tableId(text) {
  const t = text.trim();
  const m = t.match(/^(?:[a-z][a-z0-9+.-]*:\/\/[^/\s]+)?\/?t\/([A-Za-z0-9_-]{1,32})\/?(?:[?#]\S*)?$/i) || t.match(/^([A-Za-z0-9_-]{6,32})$/);
  return m ? m[1] : null;
}

/** The tables this browser sat at or hosts (what it keeps in local storage), with their status now: a link to the
 * table, or to its replay once it is over. Tables the server no longer knows are left out. */
function Recent({ titles }) {
  const [rows, setRows] = useState([]);
  useEffect(() => {
    const ids = Object.keys(localStorage).filter((k) => k.startsWith("outlast:") && k !== "outlast:name")
      .map((k) => k.slice(8)).filter((id) => /^[A-Za-z0-9_-]{1,32}$/.test(id)).slice(0, 30);
    Promise.all(ids.map((id) => api(`/api/tables/${id}`).then((t) => ({ ...t, mine: keep.get(id) }), () => null)))
      .then((got) => setRows(got.filter(Boolean)));
  }, []);
  if (!rows.length) return "";
  const status = { open: "waiting for players", playing: "in play", over: "finished" };
  return html`<section class="panel recent"><h2>Your recent tables</h2><ul class="tables">
    ${rows.map((t) => {
      const over = t.status === "over";
      const you = Number.isInteger(t.mine.seat) && t.mine.token ? `you played seat ${t.mine.seat + 1}` : t.mine.host ? "you host it" : "";
      return html`<li key=${t.table} data-table=${t.table}><strong>${titles[t.game] || t.game}</strong>
        ${" · "}${status[t.status] || t.status}${you ? ` · ${you}` : ""}${" · "}
        ${over ? html`<a href=${`/replay/${t.table}`}>watch the replay</a>` : html`<a href=${`/t/${t.table}`}>back to the table</a>`}</li>`;
    })}</ul></section>`;
}

function ByLink() {
  const [link, setLink] = useState("");
  const [error, setError] = useState("");
  const open = async (e) => {
    e.preventDefault();
    if (!link.trim()) { setError("Paste the link you were sent first."); return; }
    const id = tableId(link);
    if (!id) {
      setError("That is not a table's link. An invitation looks like " +
        `${location.origin}/t/ followed by the table's code: copy the whole link you were sent.`);
      return;
    }
    try {
      await api(`/api/tables/${id}`);
    } catch (err) {
      setError(err.status === 404 ? `There is no table ${id} on this server: check that the link is complete, ` +
        "or ask for it again." : `The table could not be opened: ${err.message}`);
      return;
    }
    go(id);
  };
  return html`<form class="bylink" onSubmit=${open}>
    <label>Invited? Paste the table's link <input value=${link} onInput=${(e) => { setLink(e.target.value); setError(""); }}
      placeholder="http://…/t/…" aria-invalid=${error ? "true" : "false"} /></label>
    <button type="submit">Open</button>
    ${error && html`<p class="notice bad bylink-error" role="alert">${error}</p>`}</form>`;
}

export function seatText(s) {
  if (s.kind === "open") return "open seat";
  if (s.kind === "bot") return `Bot ${s.seat + 1} (${s.bot.split(":")[0]} bot)`;
  return s.name + (s.standin ? ` (bot ${s.bot} standing in)` : "") + (s.away ? " (away)" : "");
}

function TableEntry({ t, title, name, onError }) {
  const join = async () => {
    if (!name.trim()) { onError("Type your name first (at the top of the page)."); document.getElementById("my-name")?.focus(); return; }
    try {
      const got = await api(`/api/tables/${t.table}/join`, { body: { name } });
      keep.set(t.table, { seat: got.seat, token: got.token, name });
      go(t.table);
    } catch (e) { onError(e.message); }
  };
  const options = Object.entries(t.options || {}).filter(([, v]) => !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => `${optionWords(k)}: ${Array.isArray(v) ? v.map(optionWords).join(", ") : typeof v === "boolean" ? (v ? "yes" : "no") : optionWords(v)}`).join(" · ");
  return html`<li class="table-entry">
    <div><strong>${title || t.game}</strong> <span class=${`status ${t.status}`}>${t.status}</span>
      <div class="quiet">${options}</div>
      ${(t.labels || []).map((l) => html`<span key=${l.kind} class=${`label ${l.kind}`}>${l.text}</span>`)}
      <ol class="seat-names" start="1">${t.seats.map((s) => html`<li>${seatText(s)}</li>`)}</ol></div>
    <div class="buttons">
      ${t.status === "open" && t.free > 0 && html`<button onClick=${join}>Join</button>`}
      <a class="button" href=${`/t/${t.table}`}>${keep.get(t.table).token ? "Back to my seat" : "Watch"}</a>
    </div></li>`;
}

function GameEntry({ game, onError, name }) {
  const [open, setOpen] = useState(false);
  return html`<li class="game">
    <h3>${game.title}</h3>
    <p>${game.description}</p>
    <p class="quiet">${game.players.join(", ")} players · ${game.kind} ·
      <a href=${`/rules/${game.name}`} target="_blank" rel="noopener">how to play</a></p>
    ${open ? html`<${CreateForm} game=${game} onError=${onError} onCancel=${() => setOpen(false)} name=${name} />` :
      html`<div class="buttons"><button onClick=${() => setOpen(true)}>New ${game.title} table</button>
        <${LearnButton} game=${game} onError=${onError} /></div>`}
  </li>`;
}

function OptionField({ o, value, set, glossary }) {
  const id = `opt-${o.name}`;
  const named = (c) => glossary?.[c]?.name || optionWords(c);  // a choice by its name (Fuji's `krach`: Kurt von Krach)
  let input;
  if (o.kind === "bool") {
    input = html`<input id=${id} type="checkbox" checked=${value} onChange=${(e) => set(e.target.checked)} />`;
  } else if ((o.kind === "int" || o.kind === "choice") && o.choices.length) {
    input = html`<select id=${id} value=${String(value)} onChange=${(e) => set(e.target.value)}>
      ${o.choices.map((c) => html`<option value=${String(c)}>${named(c)}</option>`)}</select>`;
  } else if (o.kind === "list" && o.choices.length) {  // a picker: tick the ones wanted (none: dealt at random)
    const have = Array.isArray(value) ? value : String(value || "").split(",").map((x) => x.trim()).filter(Boolean);
    const flip = (c) => set(have.includes(c) ? have.filter((x) => x !== c) : [...have, c]);
    input = html`<fieldset id=${id} class="picks" aria-label=${optionWords(o.name)}>${o.choices.map((c) => html`<label class="pick"
      title=${glossary?.[c]?.text || undefined}><input type="checkbox" checked=${have.includes(c)} onChange=${() => flip(c)} /> ${named(c)}</label>`)}</fieldset>`;
  } else if (o.kind === "int") {
    input = html`<input id=${id} type="number" step="1" min="0" value=${value} onInput=${(e) => set(e.target.value)}
      placeholder=${o.secret ? "empty: a fresh one, drawn in secret" : ""} />`;
  } else {
    const shown = Array.isArray(value) ? value.join(", ") : value;
    input = html`<input id=${id} value=${shown} onInput=${(e) => set(e.target.value)}
      placeholder=${o.choices.length ? "empty: dealt at random" : ""} />`;
  }
  const allowed = (o.kind === "list" && o.choices.length ? " Tick the ones you want, in order; none: dealt at random." : "")
    + (o.secret ? " Leave it empty for a fresh one nobody knows; a number you choose is shown to everyone at the table." : "");
  return html`<div class="field"><label for=${id}>${optionWords(o.name)}</label>${input}
    <small>${optionWords(o.help)}.${allowed}</small></div>`;
}

/** Companion mode (docs/companion.md): play the physical box, and choose which rolls and draws come from it. */
function BoxField({ kinds, boxed, setBoxed, physical, setPhysical }) {
  const groups = [...new Set(kinds.map((k) => k.component))];
  const flip = (name, on) => setPhysical(on ? [...physical, name] : physical.filter((n) => n !== name));
  return html`<div class="field"><label for="opt-box">play with the box</label>
    <input id="opt-box" type="checkbox" checked=${boxed} onChange=${(e) => setBoxed(e.target.checked)} />
    <small>Companion mode: you roll the real dice and draw the real cards, and tell outlast what came up; it keeps
      the books and walks the table through each step.</small>
    ${boxed && html`<fieldset class="picks box-kinds" aria-label="what comes from the box">${groups.map((g) => html`
      <div class="box-group"><strong>${g}:</strong> ${kinds.filter((k) => k.component === g).map((k) => html`<label class="pick">
        <input type="checkbox" name="physical" value=${k.name} checked=${physical.includes(k.name)}
          onChange=${(e) => flip(k.name, e.target.checked)} /> ${k.label}</label>`)}</div>`)}
      <small>${physical.length ? "Unticked ones are rolled or drawn by outlast, for a box missing a part."
        : "Tick at least one, or outlast rolls and draws everything."}</small></fieldset>`}</div>`;
}

function CreateForm({ game, onError, onCancel, name }) {
  const [values, setValues] = useState(Object.fromEntries(game.options.map((o) => [o.name, o.secret ? "" : o.default])));
  const [pub, setPub] = useState(true);
  const [clock, setClock] = useState(0);
  const kinds = game.chance_kinds || [];
  const [boxed, setBoxed] = useState(false);
  const [physical, setPhysical] = useState(kinds.map((k) => k.name));
  const submit = async (e) => {
    e.preventDefault();
    if (!name.trim()) {
      onError("Type your name first (at the top of the page): you take the first seat of the table you create.");
      document.getElementById("my-name")?.focus();
      return;
    }
    const options = {};
    for (const o of game.options) {
      const v = values[o.name];
      if (o.secret && v === "") continue;  // the server draws it in secret
      options[o.name] = o.kind === "int" && v !== "" ? Number(v) : v;
    }
    try {
      const body = { game: game.name, options, public: pub, clock: Number(clock), name };
      if (boxed && physical.length) body.physical = physical;
      const made = await api("/api/tables", { body });
      keep.set(made.table, { host: made.host_token, seat: made.seat, token: made.token, name });
      go(made.table);
    } catch (err) { onError(err.message); }
  };
  return html`<form class="create" onSubmit=${submit}>
    ${game.options.map((o) => html`<${OptionField} key=${o.name} o=${o} value=${values[o.name]} glossary=${game.teaching?.glossary}
      set=${(v) => setValues({ ...values, [o.name]: v })} />`)}
    <div class="field"><label for="opt-public">listed in the lobby</label>
      <input id="opt-public" type="checkbox" checked=${pub} onChange=${(e) => setPub(e.target.checked)} />
      <small>Unlisted tables are reached by their link only.</small></div>
    <div class="field"><label for="opt-clock">clock</label>
      <input id="opt-clock" type="number" min="0" max="86400" step="1" value=${clock} onInput=${(e) => setClock(e.target.value)} />
      <small>Seconds each player has for the whole game (600 is ten minutes); 0 for no clock.</small></div>
    ${kinds.length > 0 && html`<${BoxField} kinds=${kinds} boxed=${boxed} setBoxed=${setBoxed} physical=${physical}
      setPhysical=${setPhysical} />`}
    <div class="buttons"><button type="submit">Create the table</button>
      <button type="button" class="quiet" onClick=${onCancel}>Cancel</button></div>
  </form>`;
}
