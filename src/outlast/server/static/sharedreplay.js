// Reviewing a finished table together (the replay page's "review together"): a websocket to /ws/replay/TABLE. The
// room is {leader, step, seat, members}; the leader's steps and point of view are everyone's who follows. A member
// joins with this browser's seat token for the table (the server then names them as that seat's player) or a name
// (never a token in a URL). Anyone may take the lead; a follower may browse alone and follow again.
import { html, useEffect, useRef, useState } from "/static/vendor/preact-htm.module.js";
import { keep } from "/static/common.js";

/** The room as this page knows it: `room` (the server's last `room` message), `frame` (the last frame it sent),
 * `status` ("out", "joining", "in", "rejoining", "closed") and `error`; `join(name)`, `lead()`, `goto(step, seat)`,
 * `follow(on)`, `leave()`. A connection that drops (the server restarted, the network went) is opened again, with
 * waits growing to 5 s, until the page leaves: it joins as before and puts back what it had. The room a restarted
 * server makes is new, so the member who rejoins it first moves it to the step and point of view it was at; the
 * leader takes the lead again; a member who browsed alone browses alone again. While it rejoins, the page keeps
 * the last room and frame it had (its controls stay as they were). */
export function useRoom(id) {
  const [r, setR] = useState({ status: "out", room: null, frame: null, error: "" });
  const ws = useRef(null);
  const timer = useRef(null);
  const last = useRef(null);  // the last room message of this page's connection, put back after a drop
  const patch = (p) => setR((o) => ({ ...o, ...p }));
  const send = (msg) => { if (ws.current?.readyState === WebSocket.OPEN) ws.current.send(JSON.stringify(msg)); };
  const leave = () => {
    clearTimeout(timer.current);
    const s = ws.current; ws.current = null; last.current = null; s?.close(); patch({ status: "out", room: null, frame: null });
  };
  useEffect(() => leave, [id]);
  const open = (name, before, tries) => {
    const token = keep.get(id).token;
    const s = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/replay/${id}`);
    ws.current = s;
    let back = before;  // the room this connection puts back, until its first `room` message
    s.onopen = () => s.send(JSON.stringify(token ? { type: "join", token } : { type: "join", name }));
    s.onmessage = (e) => {
      const msg = JSON.parse(e.data);
      if (msg.type === "room") {
        tries = 0;
        if (back) { restore(s, back, msg); back = null; }
        last.current = msg;
        setR((o) => ({ ...o, status: "in", room: msg, frame: msg.frame || o.frame, error: "" }));
      } else if (msg.type === "error") patch({ error: msg.message });
    };
    s.onclose = (e) => {
      if (ws.current !== s) return;  // left, or replaced
      ws.current = null;
      // refused (no such table, not over: 44xx) or cut off for flooding (1008): say so and stay out
      if (e.code === 1008 || (e.code >= 4400 && e.code < 4500)) { setR((o) => ({ ...o, status: "closed", room: null })); return; }
      patch({ status: "rejoining" });
      timer.current = setTimeout(() => open(name, back || last.current, tries + 1), Math.min(5000, 250 * 2 ** tries));
    };
  };
  const join = (name) => { clearTimeout(timer.current); last.current = null; patch({ status: "joining", error: "" }); open(name, null, 0); };
  return { ...r, join, leave, lead: () => send({ type: "lead" }), goto: (step, seat) => send({ type: "goto", step, seat: seat === "" ? null : Number(seat) }),
    follow: (on) => send({ type: "follow", on }) };
}

/** After a rejoin: put back the room's position (as its leader now), this page's lead, or its browsing alone. */
function restore(s, old, now) {
  const say = (msg) => s.send(JSON.stringify(msg));
  const was = roomRole(old);
  const moved = now.step !== old.step || now.seat !== old.seat;
  if (was.leading && now.leader !== now.you) say({ type: "lead" });
  if (moved && (was.leading || now.leader === now.you)) say({ type: "goto", step: old.step, seat: old.seat });
  if (!was.following && now.leader !== now.you) say({ type: "follow", on: false });
}

/** Who this page is in the room, and whether it leads or follows. */
export function roomRole(room) {
  if (!room) return { me: null, leading: false, following: false };
  const me = room.members.find((m) => m.id === room.you) || null;
  const leading = room.leader === room.you;
  return { me, leading, following: leading || Boolean(me?.following) };
}

const memberText = (m) => `${m.name}${m.seat !== null ? ` (seat ${m.seat + 1})` : ""}`;

/** The room panel: join ("review together"), who is in the room and who leads, take the lead, follow or browse. */
export function RoomPanel({ id, shared }) {
  const [name, setName] = useState(() => keep.get(id).name || localStorage.getItem("outlast:name") || "");
  const seated = Boolean(keep.get(id).token);
  if (shared.status !== "in" && shared.status !== "rejoining") {
    const join = (e) => { e.preventDefault(); localStorage.setItem("outlast:name", name); shared.join(name); };
    return html`<section class="panel room" aria-label="review together">
      <form class="buttons" onSubmit=${join}>
        ${seated ? html`<span class="quiet">You played seat ${keep.get(id).seat + 1}.</span>` : html`<label>Your name
          <input class="room-name" value=${name} maxlength="40" autocomplete="nickname" required
            onInput=${(e) => setName(e.target.value)} /></label>`}
        <button type="submit" disabled=${shared.status === "joining"}>Review together</button>
        <span class="quiet">Everyone in the room sees the leader's step and point of view.</span>
      </form>
      ${shared.error && html`<p class="notice bad" role="alert">${shared.error}</p>`}
      ${shared.status === "closed" && !shared.error && html`<p class="quiet" role="status">You left the room (or lost the connection).</p>`}
    </section>`;
  }
  const room = shared.room;
  const { leading, following } = roomRole(room);
  const leader = room.members.find((m) => m.id === room.leader);
  return html`<section class="panel room" aria-label="review together">
    ${shared.status === "rejoining" && html`<p class="notice rejoining" role="status">The connection to the room was lost:
      rejoining… (the page keeps its place and puts it back)</p>`}
    <p class="room-line" role="status"><strong>${leading ? "You lead" : `${leader ? memberText(leader) : "nobody"} leads`}</strong>
      ${leading ? " — your steps and point of view are everyone's who follows." : following ? " — you follow: the page shows the leader's view."
        : " — you browse alone; the room goes on without you."}</p>
    <ul class="members" aria-label="in the room">${room.members.map((m) => html`<li class=${m.id === room.leader ? "leader" : ""}>
      ${memberText(m)}${m.id === room.you ? " — you" : ""}${m.id === room.leader ? " · leads" : m.following ? "" : " · browsing alone"}</li>`)}</ul>
    <div class="buttons">
      <button class="take-lead" onClick=${shared.lead} disabled=${leading}>Take the lead</button>
      <button class="follow" onClick=${() => shared.follow(!following)} disabled=${leading}
        title=${leading ? "the leader's view is the room's" : ""}>${following ? "Browse alone" : "Follow the leader"}</button>
      <button onClick=${shared.leave}>Leave the room</button>
    </div>
    ${shared.error && html`<p class="notice bad" role="alert">${shared.error}</p>`}
  </section>`;
}
