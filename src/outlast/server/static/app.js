// The browser client of `outlast serve`: one page, four views. `/` is the lobby, `/t/TABLE` a table, `/replay/TABLE` a finished table's replay (`/replay`: a save file's),
// `/rules/GAME` a game's rules guide (its id in the
// URL is its invitation; the seat's secret token stays in this browser's localStorage, never in a URL).
// The client only shows what the server sends (views and legal action texts) and sends back action texts.
import { html, render } from "/static/vendor/preact-htm.module.js";
import { Lobby } from "/static/lobby.js";
import { Table } from "/static/table.js";
import { Replay, SaveReplay } from "/static/replay.js";
import { Rules } from "/static/rules.js";
import { focusableScrollers } from "/static/scrollers.js";

function Page() {
  const path = location.pathname;
  let m = path.match(/^\/t\/([A-Za-z0-9_-]+)\/?$/);
  if (m) return html`<${Table} id=${m[1]} />`;
  if ((m = path.match(/^\/replay\/([A-Za-z0-9_-]+)\/?$/))) return html`<${Replay} id=${m[1]} />`;
  if (/^\/replay\/?$/.test(path)) return html`<${SaveReplay} />`;
  if ((m = path.match(/^\/rules\/([a-z0-9_-]+)\/?$/))) return html`<${Rules} game=${m[1]} />`;
  return html`<${Lobby} />`;
}

const root = document.getElementById("app");
root.textContent = "";
render(html`<${Page} />`, root);
focusableScrollers(root);
