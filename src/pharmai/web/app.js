// The web chat's controller: the conversation, a queue of jobs (one turn at a time, so a message typed
// while a reply streams is sent right after it), confirmations, and reconnecting when the server is gone.
// Everything the model or a tool produced is inserted as text nodes — never as HTML.
"use strict";

(function () {
  const I = window.PharmaiI18n;
  const SSE = window.PharmaiSSE;
  const Chat = window.PharmaiChat;
  const Cards = window.PharmaiCards;
  const Trace = window.PharmaiTrace;
  const Dialog = window.PharmaiDialog;
  const Facts = window.PharmaiFacts;
  const Menu = window.PharmaiMenu;
  const $ = (id) => document.getElementById(id);
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  const state = {
    config: null,
    patients: [],
    conversation: null, // { id, token, mode, store, choice (the identity picked for it) }
    busy: false,
    queue: [], // jobs waiting for the current one: { kind: "message"|"decision"|"new", ... }
    unsent: [], // jobs that failed to reach the server; sent again once it answers
    online: true,
    reconnecting: false,
    status: null, // { key, params }: re-rendered when the language changes
    banner: null,
    signedIn: false,
    live: null, // the conversation's event stream: { id, controller, seq }
  };

  // --- status line and connection banner ---------------------------------------------------------

  function status(key, params) {
    state.status = key ? { key, params } : null;
    $("session-status").textContent = key ? I.t(key, params) : "";
  }

  let bannerTimer = null;
  function banner(key) {
    state.banner = key;
    clearTimeout(bannerTimer);
    const node = $("banner");
    node.hidden = !key;
    node.className = "banner" + (key === "offline" ? " offline" : "");
    node.textContent = key ? I.t(key) : "";
    if (key === "online_again") bannerTimer = setTimeout(() => banner(null), 4000);
  }

  async function reconnect() {
    state.online = false;
    banner("offline");
    if (state.reconnecting) return;
    state.reconnecting = true;
    let delay = 500;
    while (!(await SSE.alive())) {
      await sleep(delay);
      delay = Math.min(delay * 2, 4000);
    }
    state.reconnecting = false;
    state.online = true;
    banner("online_again");
    if (document.body.dataset.ready !== "1") {
      await boot(); // the page never got going: start it now
      return;
    }
    const jobs = state.unsent.splice(0);
    jobs.forEach((job) => { if (job.bubble) Chat.mark(job.bubble, "queued"); });
    state.queue.unshift(...jobs);
    next();
  }

  // --- the conversation --------------------------------------------------------------------------

  function headers() {
    const h = { "Accept-Language": I.language };
    if (state.conversation) h.Authorization = "Bearer " + state.conversation.token;
    return h;
  }

  function fillIdentity() {
    const select = $("identity");
    const previous = select.value;
    select.replaceChildren();
    select.append(new Option(I.t("anonymous"), ""));
    select.append(new Option(I.t("otp"), "otp"));
    state.patients.forEach((p) => {
      const name = I.language === "he" ? p.name_he : p.name_en;
      select.append(new Option(name + " (" + p.user_id + ")", p.user_id));
    });
    if ([...select.options].some((o) => o.value === previous)) select.value = previous;
  }

  async function loadPatients() {
    const response = await fetch("/v1/demo/patients");
    if (response.ok) state.patients = (await response.json()).patients || [];
    fillIdentity();
  }

  async function loadConfig() {
    const response = await fetch("/v1/config", { headers: { "Accept-Language": I.language } });
    if (!response.ok) throw new SSE.StreamError("http", response.status);
    const config = await response.json();
    const demo = config.identity_mode === "demo";
    state.config = config;
    // Developer affordances belong to the demo: the identity picker, staff links, the trace by default.
    $("identity-row").hidden = !demo;
    $("staff-links").hidden = !demo;
    $("nav-tester").hidden = !(demo && config.staff_enabled);
    Menu.showTrace(demo);
    $("signin-hint").dataset.i18n = demo ? "signin_hint_demo" : "signin_hint";
    $("signin-hint").textContent = I.t($("signin-hint").dataset.i18n);
    fillIdentity();
  }

  function updateSignin() {
    const mode = state.conversation && state.conversation.mode;
    $("signin").hidden = mode !== "otp" || state.signedIn;
  }

  function signedIn(user) {
    state.signedIn = true;
    updateSignin();
    status("status_signed_in", { name: user.full_name || "" });
  }

  async function openConversation() {
    const choice = $("identity").value;
    const body = { language: I.language };
    if (choice === "otp") body.identity_mode = "otp";
    else if (state.config.identity_mode === "demo") {
      body.identity_mode = "demo";
      if (choice) body.user_id = choice;
    }
    const data = await SSE.postJson("/v1/conversations", { "Accept-Language": I.language }, body);
    state.conversation = {
      id: data.conversation_id, token: data.token, mode: data.identity_mode, store: data.store_id, choice,
    };
    Facts.reset();
    state.signedIn = false;
    document.body.dataset.conversation = data.conversation_id;
    updateSignin();
    watchPharmacist();
  }

  // --- a pharmacist in the conversation ----------------------------------------------------------

  // The conversation's event stream: a pharmacist joining, writing and leaving, shown as they happen. The
  // server ends the stream now and then; it is opened again from the last event seen, so nothing is lost.
  function onLiveEvent(live, type, data) {
    if (data && typeof data.seq === "number") live.seq = Math.max(live.seq || 0, data.seq);
    if (type === "pharmacist_joined") Chat.notice("pharmacist_joined");
    else if (type === "pharmacist_left") Chat.notice("pharmacist_left");
    else if (type === "pharmacist_message") Chat.pharmacist(data.text || "", data.language);
  }

  async function watchPharmacist() {
    if (state.live) state.live.controller.abort();
    const conversation = state.conversation;
    const live = { id: conversation.id, controller: new AbortController(), seq: null };
    state.live = live;
    let delay = 1000;
    while (state.live === live) {
      const after = live.seq === null ? "" : "?after=" + live.seq;
      const url = "/v1/conversations/" + encodeURIComponent(live.id) + "/events" + after;
      try {
        const headers = { Authorization: "Bearer " + conversation.token };
        await SSE.listen(url, headers, (type, data) => onLiveEvent(live, type, data), live.controller.signal);
        delay = 1000;
      } catch (err) {
        if (state.live !== live) return; // a new conversation replaced this one
        if (err instanceof SSE.StreamError && err.kind === "http" && (err.status === 404 || err.status === 401)) return;
        await sleep(delay);
        delay = Math.min(delay * 2, 15000);
      }
    }
  }

  // --- one turn ----------------------------------------------------------------------------------

  async function streamTurn(url, body) {
    const reply = Chat.reply();
    const turn = { reply, text: "", calls: {}, meds: [], store: null, confirmation: null };
    try {
      await SSE.stream(url, { headers: headers(), body }, (type, data) => {
        if (type === "message.delta") {
          turn.text += data.text || "";
          Chat.setText(reply, turn.text);
        } else if (type === "tool.call") {
          turn.calls[data.id] = data;
          Trace.call(reply, data);
          Chat.activity(reply, data.name);
        } else if (type === "tool.result") {
          Trace.result(reply, data);
          Cards.add(reply, data.name, data.result);
          const user = Facts.learn(turn, data);
          if (user) signedIn(user);
          Chat.follow(false);
        } else if (type === "confirmation.required") {
          turn.confirmation = data;
        } else if (type === "message.done" && data.held) {
          // A pharmacist holds the conversation: the message went to them, and the assistant is silent.
          Chat.drop(reply);
          Chat.notice(null, data.notice || I.t("pharmacist_joined"));
        } else if (type === "message.done") {
          Chat.setText(reply, data.reply || "", data.language); // the guarded reply is authoritative
          Chat.finish(reply);
        } else if (type === "error") {
          Chat.finish(reply, { errorText: data.message || I.t("failed") });
        }
      });
    } catch (err) {
      err.reply = reply;
      throw err;
    }
    return turn;
  }

  async function perform(job) {
    if (job.kind === "new") {
      await startNewChat();
      return;
    }
    if (!state.conversation) await openConversation();
    const url = job.kind === "decision"
      ? "/v1/confirmations/" + encodeURIComponent(job.id) + "/" + (job.approve ? "approve" : "deny")
      : "/v1/conversations/" + encodeURIComponent(state.conversation.id) + "/messages";
    const turn = await streamTurn(url, job.kind === "decision" ? undefined : { content: job.content });
    if (turn.confirmation) {
      const approve = await Dialog.ask(Facts.confirmation(turn, state.config.stores, state.conversation.store));
      const bubble = Chat.user(I.t(approve ? "approved" : "denied"));
      state.queue.unshift({ kind: "decision", id: turn.confirmation.id, approve, bubble });
    }
  }

  function failed(job, err) {
    const reply = err && err.reply;
    const kind = err instanceof SSE.StreamError ? err.kind : "bug";
    if (kind === "offline") {
      // Nothing reached a server: the job is kept and sent again once the server answers.
      if (reply) Chat.drop(reply);
      [job, ...state.queue.splice(0)].forEach((j) => {
        if (j.bubble) Chat.mark(j.bubble, "unsent");
        state.unsent.push(j);
      });
      reconnect();
      return;
    }
    if (kind === "http" && (err.status === 404 || err.status === 401) && job.kind === "message" && !job.reopened) {
      // The server no longer knows this conversation (restarted on another database, purged): open a new
      // one and send the message there instead of into a conversation that is gone.
      if (reply) Chat.drop(reply);
      state.conversation = null;
      job.reopened = true;
      state.queue.unshift(job);
      status("status_reopened");
      return;
    }
    const target = reply || Chat.reply();
    if (kind === "interrupted") {
      // The server may have received it: never resent by itself, only when the person asks.
      const resend = () => enqueue({ kind: "message", content: job.content, bubble: Chat.user(job.content) });
      const retry = job.kind === "message" ? resend : null;
      Chat.finish(target, { errorKey: "interrupted", retry });
      SSE.alive().then((up) => { if (!up) reconnect(); });
    } else if (kind === "http" && err.error && err.error.message) {
      Chat.finish(target, { errorText: err.error.message }); // localized by the server (Accept-Language)
    } else {
      if (kind === "bug") console.error(err); // for developers; the person gets a sentence
      Chat.finish(target, { errorKey: "failed" });
    }
  }

  function setBusy(busy) {
    state.busy = busy;
    $("composer").classList.toggle("busy", busy);
    $("send").setAttribute("aria-busy", String(busy));
  }

  async function run(job) {
    setBusy(true);
    if (job.bubble) Chat.mark(job.bubble, "");
    try {
      await perform(job);
    } catch (err) {
      failed(job, err);
    } finally {
      setBusy(false);
      next();
    }
  }

  function next() {
    if (state.busy || !state.online) return;
    const job = state.queue.shift();
    if (job) run(job);
  }

  function enqueue(job) {
    if (!state.online) {
      if (job.bubble) Chat.mark(job.bubble, "unsent");
      state.unsent.push(job);
    } else if (state.busy || state.queue.length) {
      if (job.bubble) Chat.mark(job.bubble, "queued");
      state.queue.push(job);
    } else {
      run(job);
    }
  }

  function submit(text) {
    const content = (text || "").trim();
    if (!content) return;
    Chat.chips(false);
    enqueue({ kind: "message", content, bubble: Chat.user(content) });
  }

  // "New chat" says it started one only once the server opened it; on failure the current chat stays.
  async function startNewChat() {
    status("status_connecting");
    try {
      await openConversation();
    } catch (err) {
      const offline = err instanceof SSE.StreamError && err.kind === "offline";
      status(offline ? "status_new_failed" : "status_new_failed_server");
      restoreIdentity();
      if (offline) reconnect();
      return;
    }
    state.queue.length = 0;
    state.unsent.length = 0;
    Chat.reset();
    status("status_new");
  }

  // The picker shows who the open conversation is with, not a choice that could not be applied.
  function restoreIdentity() {
    if (state.conversation) $("identity").value = state.conversation.choice;
  }

  function newChat() {
    if (!state.online) {
      status("status_new_failed");
      restoreIdentity();
      return;
    }
    enqueue({ kind: "new" });
  }

  // --- wiring ------------------------------------------------------------------------------------

  function relabel() {
    document.title = I.t("title");
    fillIdentity();
    Chat.chips();
    Cards.relabel(document);
    Dialog.relabel();
    if (state.status) status(state.status.key, state.status.params);
    if (state.banner) banner(state.banner);
  }

  function wire() {
    I.apply();
    document.title = I.t("title");
    I.onChange(relabel);
    Chat.wire(submit);
    Dialog.wire();
    Menu.wire();
    $("lang-toggle").addEventListener("click", () => I.setLanguage(I.language === "he" ? "en" : "he"));
    $("composer").addEventListener("submit", (event) => {
      event.preventDefault();
      const input = $("input");
      const value = input.value;
      input.value = "";
      submit(value);
    });
    $("input").addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        $("composer").requestSubmit();
      }
    });
    $("new-chat").addEventListener("click", newChat);
    $("identity").addEventListener("change", newChat);
    $("signin").addEventListener("submit", (event) => {
      event.preventDefault();
      const identifier = $("signin-id").value.trim();
      if (identifier) submit(I.t("signin_message") + identifier);
    });
    $("signin-verify").addEventListener("click", () => {
      const code = $("signin-code").value.trim();
      $("signin-code").value = "";
      if (code) submit(code);
    });
  }

  async function boot() {
    try {
      await loadConfig();
      // The demo's patient list only fills the identity picker: fetched while the conversation opens.
      const demo = state.config.identity_mode === "demo";
      await Promise.all([demo ? loadPatients() : null, openConversation()]);
    } catch (err) {
      // fetch rejects with a TypeError when nothing answers; anything else is the server's answer.
      const offline = err instanceof SSE.StreamError ? err.kind === "offline" : err instanceof TypeError;
      if (offline) reconnect(); // boots again once the server answers
      else status("failed");
      return;
    }
    document.body.dataset.ready = "1";
    performance.mark("pharmai-ready"); // read by the page-load benchmark
    // A phone's keyboard would cover the welcome; elsewhere the message box is ready to type in.
    if (!window.matchMedia("(pointer: coarse)").matches) $("input").focus();
    next();
  }

  document.addEventListener("DOMContentLoaded", () => {
    wire();
    boot();
  });
})();
