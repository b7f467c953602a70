// The staff console's "My assistant" tab: the pharmacist's own conversation with the assistant (the staff
// tools: clinical scores, customer lookup, the consultation calendar, documents, PubMed). Turns stream as
// Server-Sent Events (sse.js) like the customer chat's; each reply shows its tool trace as the case view
// does, and a booking waits for the Approve / Cancel buttons. API: docs/staff-api.md. The conversation id
// is kept in sessionStorage (this tab only), so a reload shows the same conversation again.
// Everything from the server becomes text nodes.
"use strict";

window.PharmaiStaffAssistant = (function () {
  const I = window.PharmaiI18n;
  const SSE = window.PharmaiSSE;
  const View = window.PharmaiStaffView;
  const Api = window.PharmaiStaffApi;
  const BASE = "/v1/staff/assistant";
  const $ = (id) => document.getElementById(id);

  const state = {
    key: null, // sessionStorage key of the signed-in account's conversation
    id: null, // the conversation id, once there is one
    entries: [], // what the log shows: {kind: "user"|"assistant"|"decision", ...}, drawn again on relabel
    pending: null, // {id, tool, summary, expires_at} of the confirmation awaiting the buttons
    busy: false,
    loaded: false,
  };

  // --- drawing --------------------------------------------------------------------------------------

  function draw(entry) {
    let item;
    if (entry.kind === "user") {
      item = View.bubble("pharmacist mine", "who_me", entry.text, null);
    } else if (entry.kind === "decision") {
      item = View.el("li", "msg notice", I.t(entry.approve ? "assistant_decided_yes" : "assistant_decided_no"));
      item.dir = I.language === "he" ? "rtl" : "ltr";
    } else {
      item = View.bubble("assistant", "who_assistant", entry.text, entry.language);
      const cited = View.sources(entry.calls);
      if (cited) item.append(cited);
      if (entry.calls.length) item.append(View.trace(entry.calls));
    }
    item.dataset.role = entry.kind;
    return item;
  }

  function scrollDown() {
    const box = $("assistant-scroller");
    box.scrollTop = box.scrollHeight;
  }

  function render() {
    const list = $("assistant-messages");
    list.replaceChildren(...state.entries.map(draw));
    if (!state.entries.length) list.append(View.el("li", "muted assistant-empty", I.t("assistant_empty")));
    renderPending();
    scrollDown();
  }

  function add(entry) {
    state.entries.push(entry);
    const empty = $("assistant-messages").querySelector(".assistant-empty");
    if (empty) empty.remove();
    $("assistant-messages").append(draw(entry));
    scrollDown();
  }

  function renderPending() {
    const pending = state.pending;
    $("assistant-confirm").hidden = !pending;
    $("assistant-confirm-summary").textContent = pending ? pending.summary || pending.tool || "" : "";
    $("assistant-approve").disabled = state.busy;
    $("assistant-deny").disabled = state.busy;
    document.body.dataset.assistantPending = pending ? "1" : "0";
  }

  function setBusy(busy) {
    state.busy = busy;
    $("assistant-send").disabled = busy;
    document.body.dataset.assistant = busy ? "busy" : "ready";
    renderPending();
  }

  // --- the conversation -----------------------------------------------------------------------------

  function forget() {
    state.id = null;
    state.entries = [];
    state.pending = null;
    if (state.key) sessionStorage.removeItem(state.key);
  }

  async function restore() {
    const id = state.key && sessionStorage.getItem(state.key);
    if (!id) return;
    try {
      const transcript = await Api.request("GET", BASE + "/conversations/" + encodeURIComponent(id));
      state.id = id;
      state.entries = [];
      (transcript.turns || []).forEach((turn) => {
        if (turn.user) state.entries.push({ kind: "user", text: turn.user });
        state.entries.push({ kind: "assistant", text: turn.reply, language: turn.language, calls: turn.tool_calls || [] });
      });
      state.pending = transcript.pending_confirmation || null;
    } catch (_err) {
      forget(); // gone (purged) or not this account's: start afresh
    }
  }

  async function ensureConversation() {
    if (state.id) return state.id;
    const created = await Api.request("POST", BASE + "/conversations", { language: I.language });
    state.id = created.conversation_id;
    if (state.key) sessionStorage.setItem(state.key, state.id);
    return state.id;
  }

  function failed(err) {
    if (err instanceof SSE.StreamError && err.status === 401) return Api.expired();
    if (err instanceof SSE.StreamError && err.status === 404) forget(); // the next message opens a new one
    let text;
    if (err instanceof SSE.StreamError && err.error && err.error.message) text = err.error.message;
    else if (err instanceof SSE.StreamError && err.kind === "interrupted") text = I.t("assistant_interrupted");
    else text = Api.message(err);
    $("assistant-error").textContent = text;
  }

  /** Stream one turn from `url` into a new assistant bubble. */
  async function streamTurn(url, body) {
    const item = View.el("li", "msg assistant streaming");
    item.dataset.role = "assistant";
    const text = View.el("div", "body");
    item.append(View.el("span", "who", I.t("who_assistant")), text);
    const empty = $("assistant-messages").querySelector(".assistant-empty");
    if (empty) empty.remove();
    $("assistant-messages").append(item);
    scrollDown();
    const calls = {};
    const order = [];
    let confirmation = null;
    let done = null;
    try {
      await SSE.stream(url, { headers: Api.unsafeHeaders(), body }, (type, data) => {
        if (type === "message.delta") {
          text.textContent += data.text || "";
          scrollDown();
        } else if (type === "tool.call") {
          calls[data.id] = { id: data.id, name: data.name, arguments: data.arguments };
          order.push(data.id);
        } else if (type === "tool.result") {
          if (!calls[data.id]) { calls[data.id] = { id: data.id, name: data.name }; order.push(data.id); }
          Object.assign(calls[data.id], { result: data.result, duration_ms: data.duration_ms });
        } else if (type === "confirmation.required") {
          confirmation = data;
        } else if (type === "message.done") {
          done = data;
        } else if (type === "error") {
          done = { error: data };
        }
      });
    } catch (err) {
      item.remove();
      failed(err);
      return;
    }
    item.remove();
    if (!done || done.error) {
      $("assistant-error").textContent = (done && done.error.message) || I.t("error_generic");
      return;
    }
    add({ kind: "assistant", text: done.reply || "", language: done.language, calls: order.map((id) => calls[id]) });
    state.pending = confirmation;
    renderPending();
  }

  async function send(event) {
    event.preventDefault();
    const input = $("assistant-input");
    const content = input.value.trim();
    if (!content || state.busy) return;
    $("assistant-error").textContent = "";
    setBusy(true);
    try {
      let id;
      try {
        id = await ensureConversation();
      } catch (err) {
        $("assistant-error").textContent = Api.message(err);
        return;
      }
      input.value = "";
      add({ kind: "user", text: content });
      await streamTurn(BASE + "/conversations/" + encodeURIComponent(id) + "/messages", { content });
    } finally {
      setBusy(false);
      input.focus();
    }
  }

  async function decide(approve) {
    const pending = state.pending;
    if (!pending || state.busy) return;
    $("assistant-error").textContent = "";
    setBusy(true);
    state.pending = null;
    renderPending();
    add({ kind: "decision", approve });
    try {
      const action = approve ? "approve" : "deny";
      await streamTurn(BASE + "/confirmations/" + encodeURIComponent(pending.id) + "/" + action, undefined);
    } finally {
      setBusy(false);
    }
  }

  function startNew() {
    if (state.busy) return;
    forget();
    $("assistant-error").textContent = "";
    render();
    $("assistant-input").focus();
  }

  // --- the tabs -------------------------------------------------------------------------------------

  async function showTab(name) {
    const assistant = name === "assistant";
    $("tab-cases").setAttribute("aria-selected", String(!assistant));
    $("tab-assistant").setAttribute("aria-selected", String(assistant));
    $("tab-cases").tabIndex = assistant ? -1 : 0;
    $("tab-assistant").tabIndex = assistant ? 0 : -1;
    $("cases-view").hidden = assistant;
    $("assistant-view").hidden = !assistant;
    document.body.dataset.tab = name;
    if (!assistant) return;
    if (!state.loaded) {
      state.loaded = true;
      await restore();
      render();
    }
    $("assistant-input").focus();
  }

  function onTabKey(event) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next = document.activeElement === $("tab-cases") ? "assistant" : "cases";
    showTab(next);
    $(next === "assistant" ? "tab-assistant" : "tab-cases").focus();
  }

  // --- the console's hooks --------------------------------------------------------------------------

  /** Signed in as `me`: the assistant is this account's (its conversation restored on first view). */
  function start(me) {
    state.key = "pharmai.staff.assistant." + (me.username || "admin");
    state.loaded = false;
    state.id = null;
    state.entries = [];
    state.pending = null;
    showTab("cases");
  }

  /** Signed out: nothing of the conversation stays on the page or in this tab's storage. */
  function stop() {
    forget();
    state.key = null;
    state.loaded = false;
    $("assistant-messages").replaceChildren();
    $("assistant-error").textContent = "";
    renderPending();
  }

  function wire() {
    $("tab-cases").addEventListener("click", () => showTab("cases"));
    $("tab-assistant").addEventListener("click", () => showTab("assistant"));
    $("tab-cases").addEventListener("keydown", onTabKey);
    $("tab-assistant").addEventListener("keydown", onTabKey);
    $("assistant-form").addEventListener("submit", send);
    $("assistant-input").addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        $("assistant-form").requestSubmit();
      }
    });
    $("assistant-approve").addEventListener("click", () => decide(true));
    $("assistant-deny").addEventListener("click", () => decide(false));
    $("assistant-new").addEventListener("click", startNew);
  }

  /** The language changed: draw the log again in it. */
  function relabel() {
    if (state.loaded) render();
  }

  return { wire, start, stop, relabel };
})();
