// The companion's page (issue 16): plain JavaScript, no build step. Every request carries the
// token as a bearer header; the token is kept in localStorage, taken once from the URL fragment
// (#token=…: a fragment is never sent to the server) and the fragment is removed at once.
// Texts are set with textContent only: nothing from the server is parsed as HTML.
"use strict";

const TEXTS = {
  en: { token: "Token", signin: "Sign in", send: "Send", stop: "Stop", wrong: "The token was refused.",
        live: "live", offline: "reconnecting…", download: "Download", result: "result",
        chat: "Chat", watches: "Watches", timeline: "Timeline", pause: "Pause", resume: "Resume",
        decline: "Decline", answer: "Answer", calls: "vision calls", tokens: "tokens today" },
  ja: { token: "トークン", signin: "サインイン", send: "送信", stop: "停止", wrong: "トークンが拒否されました。",
        live: "接続中", offline: "再接続中…", download: "ダウンロード", result: "結果",
        chat: "チャット", watches: "見守り", timeline: "タイムライン", pause: "一時停止", resume: "再開",
        decline: "断る", answer: "答える", calls: "画像の呼び出し", tokens: "今日のトークン" },
  zh: { token: "令牌", signin: "登录", send: "发送", stop: "停止", wrong: "令牌被拒绝。",
        live: "已连接", offline: "正在重新连接…", download: "下载", result: "结果",
        chat: "聊天", watches: "看护", timeline: "时间线", pause: "暂停", resume: "继续",
        decline: "拒绝", answer: "回答", calls: "视觉调用", tokens: "今日令牌" },
};
const KEY = "fuseforks.token";
const $ = (id) => document.getElementById(id);
const state = { lang: "en", agent: "", conversation: "", turn: "", lastId: null, blobs: [], reload: 0,
                view: "chat", toast: 0, watchReload: 0 };

function t(key) { return (TEXTS[state.lang] || TEXTS.en)[key]; }

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
  const response = await fetch(path, Object.assign({}, options, { headers, cache: "no-store" }));
  if (response.status === 401) { showSignin(true); throw new Error("unauthorized"); }
  return response;
}

async function post(path, body) {
  return api(path, { method: "POST", headers: { "Content-Type": "application/json" },
                     body: JSON.stringify(body || {}) });
}

function applyTexts() {
  document.documentElement.lang = state.lang;
  for (const v of ["chat", "watches", "timeline"]) $("view-" + v).textContent = t(v);
  $("token-label").textContent = t("token");
  $("signin-button").textContent = t("signin");
  $("send").textContent = t("send");
  $("stop").textContent = t("stop");
}

function showSignin(refused) {
  $("signin").hidden = false;
  $("main").hidden = true;
  $("signin-error").textContent = refused ? t("wrong") : "";
}

async function imageInto(parent, image) {
  if (!image.src) {
    const note = document.createElement("p");
    note.className = "note";
    note.textContent = image.omitted || "";
    parent.append(note);
    return;
  }
  const response = await api(image.src);
  if (!response.ok) return;
  const url = URL.createObjectURL(await response.blob());
  state.blobs.push(url);
  const img = document.createElement("img");
  img.className = "preview";
  img.src = url;
  img.alt = "";
  img.width = image.width;
  img.height = image.height;
  const link = document.createElement("a");
  link.href = url;
  link.download = image.src.split("/").pop();
  link.textContent = t("download");
  parent.append(img, link);
}

function bubble(kind, text) {
  const li = document.createElement("li");
  li.className = "msg " + kind;
  if (text) li.append(document.createTextNode(text));
  $("messages").append(li);
  return li;
}

function render(messages) {
  state.blobs.forEach((u) => URL.revokeObjectURL(u));
  state.blobs = [];
  $("messages").replaceChildren();
  for (const m of messages) {
    if (m.kind === "tool") {
      const li = bubble("tool", "");
      const details = document.createElement("details");
      const summary = document.createElement("summary");
      summary.textContent = (m.tool_name || "tool") + " " + t("result");
      details.append(summary, document.createTextNode(m.text));
      li.append(details);
      m.images.forEach((image) => imageInto(li, image));  // outside the collapsed details (S03-4)
    } else if (m.text || m.images.length) {
      const li = bubble(m.kind, m.text);
      m.images.forEach((image) => imageInto(li, image));
    }
    for (const n of m.notes) bubble("note", n);
  }
  $("messages").lastElementChild?.scrollIntoView({ block: "end" });
}

async function openConversation(id) {
  state.conversation = id;
  for (const li of $("conversations").children) li.classList.toggle("current", li.dataset.id === id);
  const response = await api("/api/conversations/" + encodeURIComponent(id) + "/messages");
  if (response.ok) render((await response.json()).messages);
}

async function loadConversations() {
  const response = await api("/api/agents/" + encodeURIComponent(state.agent) + "/conversations");
  const body = await response.json();
  const list = $("conversations");
  list.replaceChildren();
  for (const c of body.conversations) {
    const li = document.createElement("li");
    li.dataset.id = c.id;
    li.textContent = c.title || c.id.slice(0, 8);
    li.addEventListener("click", () => openConversation(c.id));
    list.append(li);
  }
  if (body.current) await openConversation(body.current);
}

function reloadSoon() {
  clearTimeout(state.reload);
  state.reload = setTimeout(() => state.conversation && openConversation(state.conversation), 150);
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
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

async function loadWatches() {
  const response = await api("/api/watches");
  if (!response.ok) return;
  const list = $("watch-list");
  list.replaceChildren();
  for (const w of (await response.json()).watches) {
    const li = el("li", "card");
    li.append(el("h3", "", w.watch.name || w.watch.instruction));
    const m = w.meter;
    li.append(el("p", "meter", `${t("calls")} ${m.calls_hour} / ${m.calls_limit} · ` +
                               `${Math.round(m.tokens_day / 1000)} k / ${Math.round(m.tokens_limit / 1000)} k ${t("tokens")}`));
    li.append(el("p", "meter", w.state.status + (w.state.reason ? " (" + w.state.reason + ")" : "")));
    const running = w.state.status === "running";
    const button = el("button", "", running ? t("pause") : t("resume"));
    button.type = "button";
    button.addEventListener("click", async () => {
      await post("/api/watches/" + encodeURIComponent(w.watch.id) + "/" + (running ? "pause" : "resume"));
      loadWatches();
    });
    li.append(button);
    list.append(li);
  }
}

async function loadTimeline() {
  const response = await api("/api/timeline?limit=100");
  if (!response.ok) return;
  const list = $("event-list");
  list.replaceChildren();
  for (const e of (await response.json()).events) {
    const li = el("li", "card");
    li.append(el("h3", "", "★".repeat(e.importance) + " " + e.title));
    li.append(el("p", "meter", new Date(e.at * 1000).toLocaleString(state.lang)));
    li.append(el("p", "", e.summary));
    list.append(li);
    if (e.keyframe_src) imageInto(li, { src: e.keyframe_src, width: 320, height: 240 });
  }
}

function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(state.toast);
  state.toast = setTimeout(() => { box.hidden = true; }, 6000);
}

function showQuestion(q) {
  const box = el("div", "question");
  box.id = "question-" + q.request_id;
  box.append(el("p", "", q.question));
  const reply = async (action, text) => {
    await post("/api/questions/" + encodeURIComponent(q.request_id) + "/" + action, { text });
  };
  for (const option of q.options) {
    const b = el("button", "", option);
    b.type = "button";
    b.addEventListener("click", () => reply("answer", option));
    box.append(b);
  }
  if (!q.options.length) {
    const input = el("input");
    const b = el("button", "", t("answer"));
    b.type = "button";
    b.addEventListener("click", () => reply("answer", input.value));
    box.append(input, b);
  }
  const no = el("button", "", t("decline"));
  no.type = "button";
  no.addEventListener("click", () => reply("decline", ""));
  box.append(no);
  $("questions").append(box);
}

function onEvent(kind, data) {
  if (kind === "reset") { loadConversations(); return; }
  if (kind === "QuestionAsked") { showQuestion(data); return; }
  if (kind === "QuestionSettled") { $("question-" + data.request_id)?.remove(); return; }
  if (kind === "WatchNotification") { toast(data.title + (data.body ? ": " + data.body : "")); return; }
  if (kind === "CameraEventReported" && state.view === "timeline") { loadTimeline(); return; }
  if ((kind === "WatchChanged" || kind === "WatchMetered") && state.view === "watches") {
    // a running watch meters every frame: read again at most once a second
    if (!state.watchReload) state.watchReload = setTimeout(() => { state.watchReload = 0; loadWatches(); }, 1000);
    return;
  }
  if (data.agent_id !== state.agent) return;
  if (kind === "TurnStarted") { state.turn = data.turn_id; $("stop").hidden = false; reloadSoon(); }
  else if (kind === "TextDelta") {
    let live = $("live");
    if (!live) { live = bubble("model", ""); live.id = "live"; }
    live.append(document.createTextNode(data.text));
  } else if (kind === "TurnFinished" || kind === "TurnFailed") {
    state.turn = ""; $("stop").hidden = true; reloadSoon();
  } else if (kind === "ToolFinished" || kind === "AssistantMessage") reloadSoon();
}

async function listen() {
  for (;;) {
    try {
      const headers = state.lastId ? { "Last-Event-ID": state.lastId } : {};
      const response = await api("/api/stream", { headers });
      $("status").textContent = t("live");
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id = null, kind = "message", data = "";
          for (const line of block.split("\n")) {
            if (line.startsWith("id: ")) id = line.slice(4);
            else if (line.startsWith("event: ")) kind = line.slice(7);
            else if (line.startsWith("data: ")) data += line.slice(6);
          }
          if (id) state.lastId = id;
          if (data) onEvent(kind, JSON.parse(data));
        }
      }
    } catch (err) {
      if (err.message === "unauthorized") return;
    }
    $("status").textContent = t("offline");
    await new Promise((r) => setTimeout(r, 2000));
  }
}

async function start() {
  applyTexts();
  if (!takeToken()) { showSignin(false); return; }
  let response;
  try { response = await api("/api/village"); } catch { return; }
  const village = await response.json();
  state.lang = village.language in TEXTS ? village.language : "en";
  applyTexts();
  $("signin").hidden = true;
  $("views").hidden = false;
  for (const b of $("views").children) b.addEventListener("click", () => showView(b.dataset.view));
  showView("chat");
  const asked = await api("/api/questions");
  if (asked.ok) (await asked.json()).questions.forEach(showQuestion);
  const select = $("agent");
  select.replaceChildren();
  for (const a of village.agents) {
    const option = document.createElement("option");
    option.value = a.agent_id;
    option.textContent = a.name || a.agent_id;
    select.append(option);
  }
  select.hidden = village.agents.length < 2;
  state.agent = village.agents.length ? village.agents[0].agent_id : "";
  select.onchange = () => { state.agent = select.value; loadConversations(); };
  await loadConversations();
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

$("stop").addEventListener("click", () => {
  if (state.turn) post("/api/turns/" + encodeURIComponent(state.turn) + "/stop");
});

start();
