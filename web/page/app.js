// The companion's page (issue 16): plain JavaScript, no build step. Over 400 lines because the page
// is exactly three files (its content policy and the server's public set allow no other script);
// its parts are in order: requests, images, the chat, questions and forms, watches, timeline, live
// events, start.
//
// Every request carries the token as a bearer header; the token is kept in localStorage, taken
// once from the URL fragment (#token=…: a fragment is never sent to the server) and the fragment is
// removed at once. Texts are set with textContent only: nothing from the server is parsed as HTML.
// The words are the server's (web/texts.json, in the village language, with /api/village); only the
// sign-in screen, shown before there is a village to ask, has its own in three languages.
"use strict";

const SIGNIN = {
  en: { token: "Token", signin: "Sign in", wrong: "The token was refused." },
  ja: { token: "トークン", signin: "サインイン", wrong: "トークンが拒否されました。" },
  zh: { token: "令牌", signin: "登录", wrong: "令牌被拒绝。" },
};
const KEY = "fuseforks.token";
const CALL_STATES = { registered: "running", running: "running", completed: "done", failed: "failed",
                      not_executed: "not_run" };
const $ = (id) => document.getElementById(id);
const state = { texts: {}, lang: "en", agent: "", conversation: "", lastId: null, reload: 0,
                view: "chat", toast: 0, watchReload: 0, blobs: new Map(), open: new Set(), agents: [],
                turns: new Map() };

function t(key) { return state.texts[key] || key; }
function signinText(key) {
  const lang = (navigator.language || "en").slice(0, 2);
  return (SIGNIN[lang] || SIGNIN.en)[key];
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function button(className, text, onClick) {
  const b = el("button", className, text);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

// ---------------------------------------------------------------------------- requests
function takeToken() {
  const m = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (m) {
    localStorage.setItem(KEY, decodeURIComponent(m[1]));
    history.replaceState(null, "", location.pathname + location.search);
  }
  return localStorage.getItem(KEY) || "";
}

async function api(path, options = {}) {
  const headers = Object.assign({ Authorization: "Bearer " + takeToken() }, options.headers || {});
  const response = await fetch(path, Object.assign({ cache: "no-store" }, options, { headers }));
  if (response.status === 401) { showSignin(true); throw new Error("unauthorized"); }
  return response;
}

async function post(path, body) {
  return api(path, { method: "POST", headers: { "Content-Type": "application/json" },
                     body: JSON.stringify(body || {}) });
}

function showSignin(refused) {
  $("token-label").textContent = signinText("token");
  $("signin-button").textContent = signinText("signin");
  $("signin").hidden = false;
  for (const id of ["main", "views", "watches", "timeline"]) $(id).hidden = true;
  $("signin-error").textContent = refused ? signinText("wrong") : "";
}

// ---------------------------------------------------------------------------- images
// An image is fetched with the bearer header and shown from a blob URL (an <img src> cannot send
// the header); the same blob serves the download link, named by the image's hash.
async function blobUrl(src) {
  if (!state.blobs.has(src)) {
    state.blobs.set(src, (async () => {
      const response = await api(src, { cache: "default" });
      return response.ok ? URL.createObjectURL(await response.blob()) : "";
    })());
  }
  const url = await state.blobs.get(src);
  if (!url) state.blobs.delete(src);  // gone now: asked again next time
  return url;
}

function omitted(parent, text) {
  parent.append(el("p", "note omitted", text || t("image_missing")));
}

async function imageInto(parent, image, { download = true } = {}) {
  if (!image.src) { omitted(parent, image.omitted); return; }
  const figure = el("figure", "preview");
  parent.append(figure);
  let url = "";
  try { url = await blobUrl(image.src); } catch { /* signed out or offline */ }
  if (!url) { figure.remove(); omitted(parent); return; }
  const img = el("img");
  img.src = url;
  img.alt = "";
  if (image.width && image.height) { img.width = image.width; img.height = image.height; }
  figure.append(img);
  if (download) {
    const link = el("a", "download", t("download"));
    link.href = url;
    link.download = image.src.split("/").pop();
    figure.append(link);
  }
}

function forgetImages() {
  for (const pending of state.blobs.values()) pending.then((u) => u && URL.revokeObjectURL(u));
  state.blobs.clear();
}

// ---------------------------------------------------------------------------- the chat
function nearBottom() {
  const doc = document.scrollingElement;
  return doc.scrollHeight - doc.scrollTop - doc.clientHeight < 120;
}

function bubble(kind, text) {
  const li = el("li", "msg " + kind);
  if (text) li.append(el("div", "text", text));
  $("messages").append(li);
  return li;
}

function toolCard(callId, name, args, callState, turnId) {
  const li = el("li", "msg tool");
  li.dataset.call = callId;
  const head = el("div", "tool-head");
  head.append(el("span", "tool-icon", "⚙"), el("span", "tool-name", name || "tool"), el("span", "chip"));
  li.append(head, el("div", "media"));
  const details = el("details");
  details.append(el("summary", "", t("details")));
  details.addEventListener("toggle", () => {
    if (details.open) state.open.add(callId); else state.open.delete(callId);
  });
  details.open = state.open.has(callId);
  if (args && Object.keys(args).length) {
    details.append(el("div", "label", t("arguments")), el("pre", "args", JSON.stringify(args, null, 1)));
  }
  li.append(details);
  li.dataset.turn = turnId || "";
  setCallState(li, callState);
  $("messages").append(li);
  return li;
}

function setCallState(card, callState) {
  const shown = CALL_STATES[callState] || "done";
  card.dataset.state = shown;
  card.querySelector(".chip").textContent = t(shown);
  const head = card.querySelector(".tool-head");
  let stop = head.querySelector(".stop");
  if (shown === "running" && !stop) {
    head.append(button("stop", t("stop"), () => {
      if (card.dataset.turn) post("/api/turns/" + encodeURIComponent(card.dataset.turn) + "/stop");
    }));
  } else if (shown !== "running" && stop) stop.remove();
}

function fillResult(card, m) {
  setCallState(card, m.call_state || (m.is_error ? "failed" : "completed"));
  if (m.is_error) card.classList.add("error");
  const details = card.querySelector("details");
  details.append(el("div", "label", t("result")), el("pre", "result", m.text + (m.text_complete ? "" : " …")));
  const media = card.querySelector(".media");
  for (const image of m.images) imageInto(media, image);  // outside the collapsed details (S03-4)
}

function render(messages) {
  const follow = nearBottom();
  const list = $("messages");
  list.replaceChildren();
  const cards = new Map();
  for (const m of messages) {
    if (m.kind === "input") {
      const li = bubble("user", m.text);
      m.images.forEach((image) => imageInto(li, image));
    } else if (m.kind === "model") {
      if (m.text) bubble("assistant", m.text);
      for (const c of m.tool_calls) cards.set(c.id, toolCard(c.id, c.name, c.arguments, c.state, m.turn_id));
    } else if (m.kind === "tool") {
      const card = cards.get(m.tool_call_id) || toolCard(m.tool_call_id, m.tool_name, null, m.call_state, m.turn_id);
      fillResult(card, m);
    }
    for (const n of m.notes) bubble("note", n);
  }
  if (!messages.length) list.append(el("li", "empty", t("empty")));
  if (follow) list.lastElementChild?.scrollIntoView({ block: "end" });
}

async function openConversation(id) {
  const changed = id !== state.conversation;
  if (changed) { forgetImages(); state.open.clear(); }
  state.conversation = id;
  markCurrent(changed);
  const response = await api("/api/conversations/" + encodeURIComponent(id) + "/messages");
  if (response.ok && id === state.conversation) render((await response.json()).messages);
}

function markCurrent(scroll) {
  const list = $("conversations");
  for (const li of list.children) {
    li.classList.toggle("current", li.dataset.id === state.conversation);
    // on a phone the list is one row that scrolls sideways: a newly opened one is brought into it
    if (scroll && li.dataset.id === state.conversation) list.scrollLeft += li.getBoundingClientRect().left - list.getBoundingClientRect().left - 8;
  }
}

// the list, and (messages: true) the shown conversation's messages read again
async function loadConversations(messages = true) {
  const response = await api("/api/agents/" + encodeURIComponent(state.agent) + "/conversations");
  const body = await response.json();
  const list = $("conversations");
  const left = list.scrollLeft;  // read again (a watch's runs: a frame or two a second), it stays put
  list.replaceChildren();
  for (const c of body.conversations) {
    const li = el("li", "", c.title || new Date(c.created * 1000).toLocaleString(state.lang));
    li.dataset.id = c.id;
    li.tabIndex = 0;
    li.addEventListener("click", () => openConversation(c.id));
    list.append(li);
  }
  list.scrollLeft = left;
  const open = state.conversation && body.conversations.some((c) => c.id === state.conversation);
  if (open && !messages) { markCurrent(false); return; }
  if (body.current && !open) await openConversation(body.current);
  else if (open) await openConversation(state.conversation);
  else render([]);
}

// events come in bursts: one read 120 ms after the last; the shown messages only when one of the
// burst was theirs (a watch's runs in another conversation change at most the list)
function reloadSoon(messages) {
  state.reloadMessages = state.reloadMessages || messages;
  clearTimeout(state.reload);
  state.reload = setTimeout(() => {
    const again = state.reloadMessages;
    state.reloadMessages = false;
    loadConversations(again);
  }, 120);
}

// ---------------------------------------------------------------------------- questions and forms
function requestCard(id, kind, text) {
  const box = el("div", "request");
  box.id = id;
  box.append(el("div", "request-kind", kind), el("p", "request-text", text));
  $("requests").append(box);
  return box;
}

function showQuestion(q) {
  if ($("question-" + q.request_id)) return;
  const box = requestCard("question-" + q.request_id, t("question"), q.question);
  const reply = (action, text) => post("/api/questions/" + encodeURIComponent(q.request_id) + "/" + action, { text });
  const row = el("div", "actions");
  for (const option of q.options) row.append(button("option", option, () => reply("answer", option)));
  if (!q.options.length) {
    const input = el("input");
    input.setAttribute("aria-label", t("answer"));
    box.append(input);
    row.append(button("primary", t("answer"), () => reply("answer", input.value)));
  }
  row.append(button("ghost", t("decline"), () => reply("decline", "")));
  box.append(row);
}

function formField(f) {
  const label = el("label", "field");
  label.append(el("span", "field-title", (f.title || f.name) + (f.required ? " *" : "")));
  if (f.description) label.append(el("span", "field-help", f.description));
  let read;
  if (f.kind === "boolean") {
    const box = el("input");
    box.type = "checkbox";
    box.checked = f.default === true;
    label.classList.add("check");
    label.prepend(box);
    read = () => box.checked;
  } else if (f.kind === "enum") {
    const select = el("select");
    f.options.forEach((o, i) => {
      const option = el("option", "", f.option_titles[i] || o);
      option.value = o;
      select.append(option);
    });
    if (f.default !== null) select.value = f.default;
    label.append(select);
    read = () => select.value;
  } else if (f.kind === "multi") {
    const chosen = new Set(f.default || []);
    const group = el("div", "multi");
    const boxes = f.options.map((o, i) => {
      const item = el("label", "check");
      const box = el("input");
      box.type = "checkbox";
      box.value = o;
      box.checked = chosen.has(o);
      item.append(box, el("span", "", f.option_titles[i] || o));
      group.append(item);
      return box;
    });
    label.append(group);
    read = () => boxes.filter((b) => b.checked).map((b) => b.value);
  } else {
    const input = el("input");
    const number = f.kind === "number" || f.kind === "integer";
    input.type = number ? "number" : ({ email: "email", uri: "url", date: "date" }[f.format] || "text");
    if (number && f.kind === "integer") input.step = "1";
    if (number && f.kind === "number") input.step = "any";
    if (f.minimum !== null) input.min = f.minimum;
    if (f.maximum !== null) input.max = f.maximum;
    if (f.max_length !== null) input.maxLength = f.max_length;
    if (f.default !== null) input.value = f.default;
    label.append(input);
    read = () => {
      if (input.value === "") return undefined;
      return number ? Number(input.value) : input.value;
    };
  }
  return { label, read };
}

function showForm(form) {
  if ($("form-" + form.request_id)) return;
  const box = requestCard("form-" + form.request_id, t("form") + " · " + form.server, form.message);
  const fields = form.fields.map((f) => ({ f, ...formField(f) }));
  fields.forEach((x) => box.append(x.label));
  const problems = el("p", "error");
  const url = (action) => "/api/forms/" + encodeURIComponent(form.request_id) + "/" + action;
  const row = el("div", "actions");
  row.append(button("primary", t("submit"), async () => {
    const content = {};
    for (const x of fields) {
      const value = x.read();
      if (value !== undefined) content[x.f.name] = value;
    }
    const response = await post(url("accept"), { content });
    if (response.status === 400) problems.textContent = ((await response.json()).problems || []).join("; ");
  }));
  row.append(button("ghost", t("decline"), () => post(url("decline"))));
  row.append(button("ghost", t("cancel"), () => post(url("cancel"))));
  box.append(problems, row);
}

// ---------------------------------------------------------------------------- watches
function gauge(label, used, limit, unit) {
  const box = el("div", "gauge");
  const share = limit > 0 ? Math.min(1, used / limit) : 0;
  box.append(el("div", "gauge-label", `${label}: ${used}${unit} / ${limit}${unit}`));
  const bar = el("div", "gauge-bar");
  const fill = el("div", "gauge-fill" + (share >= 0.9 ? " high" : ""));
  fill.style.width = Math.round(share * 100) + "%";
  bar.setAttribute("role", "meter");
  bar.setAttribute("aria-valuenow", String(used));
  bar.setAttribute("aria-valuemax", String(limit));
  bar.append(fill);
  box.append(bar);
  return box;
}

async function loadWatches() {
  const response = await api("/api/watches");
  if (!response.ok) return;
  const list = $("watch-list");
  list.replaceChildren();
  const watches = (await response.json()).watches;
  if (!watches.length) list.append(el("li", "empty", t("no_watches")));
  for (const w of watches) {
    const li = el("li", "card watch");
    li.dataset.watch = w.watch.id;
    const head = el("div", "card-head");
    const status = w.state.status;
    head.append(el("h3", "", w.watch.name || w.watch.instruction),
                el("span", "chip " + status, t("watch_" + status) + (w.state.reason ? " · " + w.state.reason : "")));
    li.append(head);
    const view = el("div", "live-view");
    li.append(view);
    const m = w.meter;
    li.append(gauge(t("calls"), m.calls_hour, m.calls_limit, ""));
    li.append(gauge(t("tokens"), Math.round(m.tokens_day / 100) / 10, Math.round(m.tokens_limit / 100) / 10, "k"));
    const foot = el("div", "card-foot");
    foot.append(el("span", "meta", `${w.events} ${t("events")}`));
    if (status !== "stopped") {
      const running = status === "running";
      foot.append(button(running ? "ghost" : "primary", running ? t("pause") : t("start"), async () => {
        await post("/api/watches/" + encodeURIComponent(w.watch.id) + "/" + (running ? "pause" : "resume"));
        loadWatches();
      }));
    }
    li.append(foot);
    list.append(li);
    liveView(view, w.watch.id);
  }
}

async function liveView(box, watchId) {
  // the watch's newest frame on the timeline
  const response = await api("/api/timeline?limit=1&watch=" + encodeURIComponent(watchId));
  const [newest] = response.ok ? (await response.json()).events : [];
  if (!newest || !newest.keyframe_src) { box.append(el("div", "no-frame", t("no_frame"))); return; }
  box.append(el("div", "live-label", t("live_view") + " · " + when(newest.at)));
  await imageInto(box, { src: newest.keyframe_src }, { download: false });
}

// ---------------------------------------------------------------------------- timeline
function when(at) {
  return new Date(at * 1000).toLocaleString(state.lang, { dateStyle: "medium", timeStyle: "short" });
}

async function loadTimeline() {
  const [response, watches] = await Promise.all([api("/api/timeline?limit=100"), api("/api/watches")]);
  if (!response.ok) return;
  const names = new Map(watches.ok ? (await watches.json()).watches.map((w) => [w.watch.id, w.watch.name]) : []);
  const list = $("event-list");
  list.replaceChildren();
  const events = (await response.json()).events;
  if (!events.length) list.append(el("li", "empty", t("no_events")));
  for (const e of events) {
    const li = el("li", "event importance-" + e.importance);
    li.dataset.event = e.id;
    const body = el("div", "event-body");
    const head = el("div", "event-head");
    head.append(el("span", "stars", "★".repeat(e.importance) + "☆".repeat(Math.max(0, 5 - e.importance))),
                el("time", "meta", [when(e.at), names.get(e.watch_id)].filter(Boolean).join(" · ")));
    body.append(head, el("h3", "", e.title), el("p", "", e.summary));
    li.append(body);
    list.append(li);
    if (e.keyframe_src) imageInto(body, { src: e.keyframe_src }, { download: false });
  }
}

function showView(view) {
  state.view = view;
  $("main").hidden = view !== "chat";
  $("watches").hidden = view !== "watches";
  $("timeline").hidden = view !== "timeline";
  for (const b of $("views").children) b.classList.toggle("current", b.dataset.view === view);
  if (view === "watches") loadWatches();
  if (view === "timeline") loadTimeline();
}

// ---------------------------------------------------------------------------- live events
function toast(title, body) {
  const box = $("toast");
  box.replaceChildren(el("strong", "", title), el("span", "", body || ""));
  box.hidden = false;
  clearTimeout(state.toast);
  state.toast = setTimeout(() => { box.hidden = true; }, 6000);
  if ("Notification" in window && Notification.permission === "granted" && document.hidden) {
    new Notification(title, { body: body || "" });
  }
}

function onEvent(kind, data) {
  if (kind === "reset") { loadConversations(); refreshRequests(); return; }
  if (kind === "QuestionAsked") { showQuestion(data); return; }
  if (kind === "QuestionSettled") { $("question-" + data.request_id)?.remove(); return; }
  if (kind === "ElicitationAsked") { showForm(data); return; }
  if (kind === "ElicitationSettled") { $("form-" + data.request_id)?.remove(); return; }
  if (kind === "WatchNotification") { toast(data.title, data.body); return; }
  if (kind === "CameraEventReported") {
    toast(t("new_event") + " " + "★".repeat(data.importance), data.title);
    if (state.view === "timeline") loadTimeline();
    return;
  }
  if (kind === "WatchChanged" || kind === "WatchMetered") {
    // a running watch meters every frame: read again at most once a second
    if (state.view === "watches" && !state.watchReload) {
      state.watchReload = setTimeout(() => { state.watchReload = 0; loadWatches(); }, 1000);
    }
    return;
  }
  if (data.agent_id !== state.agent) return;
  // a turn of another conversation of the agent (a watch's runs, a frame or two a second) is not
  // drawn into the one shown; a turn whose conversation is not known ("") is the shown one's
  if (kind === "TurnStarted") state.turns.set(data.turn_id, data.conversation_id);
  const here = [undefined, "", state.conversation].includes(state.turns.get(data.turn_id));
  if (kind === "TurnFinished" || kind === "TurnFailed") state.turns.delete(data.turn_id);
  if (kind === "TextDelta") {
    if (!here) return;
    // the answer as it streams, a bubble for each turn, until the stored messages are read again
    let live = document.querySelector(`[data-live="${CSS.escape(data.turn_id)}"]`);
    if (!live) { live = bubble("assistant", ""); live.dataset.live = data.turn_id; live.append(el("div", "text")); }
    live.querySelector(".text").append(document.createTextNode(data.text));
  } else if (kind === "ToolStarted") {
    if (here && !document.querySelector(`[data-call="${CSS.escape(data.call_id)}"]`)) {
      toolCard(data.call_id, data.name, data.arguments, "running", data.turn_id);
    }
    if (here) reloadSoon(true);
  } else if (["ToolFinished", "AssistantMessage", "StoredCallState"].includes(kind)) {
    if (here) reloadSoon(true);
  } else if (["TurnStarted", "TurnFinished", "TurnFailed"].includes(kind)) reloadSoon(here);
}

function parseBlock(block) {
  let id = null, kind = "message", data = "";
  for (const line of block.split("\n")) {
    if (line.startsWith("id: ")) id = line.slice(4);
    else if (line.startsWith("event: ")) kind = line.slice(7);
    else if (line.startsWith("data: ")) data += line.slice(6);
  }
  return { id, kind, data };
}

async function listen() {
  for (;;) {
    try {
      const headers = state.lastId ? { "Last-Event-ID": state.lastId } : {};
      const response = await api("/api/stream", { headers });
      setStatus(true);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const { id, kind, data } = parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (id) state.lastId = id;
          if (data) onEvent(kind, JSON.parse(data));
        }
      }
    } catch (err) {
      if (err.message === "unauthorized") return;
    }
    setStatus(false);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

function setStatus(live) {
  $("status").textContent = live ? t("live") : t("offline");
  $("status").classList.toggle("live", live);
}

async function refreshRequests() {
  const [asked, forms] = await Promise.all([api("/api/questions"), api("/api/forms")]);
  $("requests").replaceChildren();
  if (asked.ok) (await asked.json()).questions.forEach(showQuestion);
  if (forms.ok) (await forms.json()).forms.forEach(showForm);
}

// ---------------------------------------------------------------------------- start
function applyTexts() {
  document.documentElement.lang = state.lang;
  for (const v of ["chat", "watches", "timeline"]) $("view-" + v).textContent = t(v);
  $("send").textContent = t("send");
  $("text").placeholder = t("placeholder");
  $("side-title").textContent = t("conversations");
  $("notify").textContent = t("notify");
}

function showAgent() {
  const agent = state.agents.find((a) => a.agent_id === state.agent);
  const name = agent ? agent.name || agent.agent_id : "Fuseforks";
  $("brand").textContent = name;
  $("avatar").textContent = name.slice(0, 1).toUpperCase();
}

async function start() {
  if (!takeToken()) { showSignin(false); return; }
  let response;
  try { response = await api("/api/village"); } catch { return; }
  const village = await response.json();
  state.lang = village.language;
  state.texts = village.texts;
  applyTexts();
  $("signin").hidden = true;
  $("views").hidden = false;
  for (const b of $("views").children) b.onclick = () => showView(b.dataset.view);
  showView("chat");
  state.agents = village.agents;
  const select = $("agent");
  select.replaceChildren();
  for (const a of village.agents) {
    const option = el("option", "", a.name || a.agent_id);
    option.value = a.agent_id;
    select.append(option);
  }
  select.hidden = village.agents.length < 2;
  state.agent = village.agents.length ? village.agents[0].agent_id : "";
  showAgent();
  select.onchange = () => { state.agent = select.value; state.conversation = ""; showAgent(); loadConversations(); };
  if ("Notification" in window && Notification.permission === "default") {
    $("notify").hidden = false;
    $("notify").onclick = () => Notification.requestPermission().then(() => { $("notify").hidden = true; });
  }
  await Promise.all([loadConversations(), refreshRequests()]);
  listen();
}

$("signin-form").addEventListener("submit", (e) => {
  e.preventDefault();
  localStorage.setItem(KEY, $("token").value.trim());
  $("token").value = "";
  start();
});

$("composer").addEventListener("submit", async (e) => {
  e.preventDefault();
  const text = $("text").value;
  if (!text.trim() || !state.agent) return;
  const response = await post("/api/agents/" + encodeURIComponent(state.agent) + "/messages", { text });
  if (response.ok) $("text").value = "";
});

$("text").addEventListener("keydown", (e) => {
  if (e.key === "Enter" && !e.shiftKey && !e.isComposing) { e.preventDefault(); $("composer").requestSubmit(); }
});

start();
