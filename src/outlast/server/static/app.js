// The browser client of `outlast serve`: one page, two views. `/` is the lobby, `/t/TABLE` a table (its id in the
// URL is its invitation; the seat's secret token stays in this browser's localStorage, never in a URL).
// The client only shows what the server sends (views and legal action texts) and sends back action texts.
import { html, render } from "/static/vendor/preact-htm.module.js";
import { Lobby } from "/static/lobby.js";
import { Table } from "/static/table.js";

function Page() {
  const m = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)\/?$/);
  return m ? html`<${Table} id=${m[1]} />` : html`<${Lobby} />`;
}

const root = document.getElementById("app");
root.textContent = "";
render(html`<${Page} />`, root);
