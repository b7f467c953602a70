// The web chat: streamed replies, a live tool trace, and the confirmation dialog for write tools.
// Everything the model or a tool produced is inserted with textContent — never as HTML.
"use strict";

(function () {
  const I = window.PharmaiI18n;
  const SSE = window.PharmaiSSE;
  const $ = (id) => document.getElementById(id);
  const state = { config: null, patients: [], conversationId: null, token: null, pending: null, busy: false };

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function direction(language, text) {
    if (language === "he" || language === "en") return language === "he" ? "rtl" : "ltr";
    return I.hasHebrew(text) ? "rtl" : "ltr";
  }

  function headers() {
    const h = { "Accept-Language": I.language };
    if (state.token) h.Authorization = "Bearer " + state.token;
    return h;
  }

  function status(text) { $("session-status").textContent = text; }

  // --- session ----------------------------------------------------------------------------------

  function fillIdentity() {
    const select = $("identity");
    const previous = select.value;
    select.replaceChildren();
    const demo = state.config && state.config.identity_mode === "demo";
    if (demo) select.append(new Option(I.t("anonymous"), ""));
    select.append(new Option(I.t("otp"), "otp"));
    state.patients.forEach((p) => {
      const name = I.language === "he" ? p.name_he : p.name_en;
      select.append(new Option(name + " (" + p.user_id + ")", p.user_id));
    });
    if ([...select.options].some((o) => o.value === previous)) select.value = previous;
  }

  async function loadConfig() {
    const response = await fetch("/v1/config", { headers: { "Accept-Language": I.language } });
    state.config = await response.json();
    if (state.config.identity_mode === "demo") {
      const patients = await fetch("/v1/demo/patients");
      if (patients.ok) state.patients = (await patients.json()).patients || [];
      $("nav-outbox").hidden = false;
    }
    // The tool tester page is served in demo mode only.
    $("nav-tester").hidden = !(state.config.staff_enabled && state.config.identity_mode === "demo");
    fillIdentity();
  }

  async function newConversation() {
    const choice = $("identity").value;
    const body = { language: I.language };
    if (choice === "otp") body.identity_mode = "otp";
    else if (state.config.identity_mode === "demo") {
      body.identity_mode = "demo";
      if (choice) body.user_id = choice;
    }
    $("messages").replaceChildren();
    $("trace").replaceChildren();
    state.pending = null;
    $("signin").hidden = body.identity_mode !== "otp" && state.config.identity_mode !== "otp";
    const response = await fetch("/v1/conversations", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": I.language },
      body: JSON.stringify(body),
    });
    const data = await response.json();
    if (!response.ok) {
      status(I.t("status_error") + ((data.error && data.error.message) || response.status));
      return;
    }
    state.conversationId = data.conversation_id;
    state.token = data.token;
    document.body.dataset.conversation = data.conversation_id;
    status(I.t("status_new"));
  }

  // --- messages and trace -------------------------------------------------------------------------

  function addMessage(role, text, language) {
    const item = el("li", "msg " + role);
    item.append(el("span", "who", I.t(role === "user" ? "you" : "assistant")));
    const body = el("div", "text", text || "");
    item.append(body);
    item.dir = direction(language, text);
    if (language) item.dataset.language = language;
    $("messages").append(item);
    item.scrollIntoView({ block: "end" });
    return item;
  }

  function traceCall(data) {
    const item = el("li", "trace-item running");
    item.dataset.callId = data.id;
    const head = el("div", "trace-head");
    head.append(el("span", "trace-name", data.name), el("span", "trace-duration", "…"));
    const args = el("details", "trace-args");
    args.append(el("summary", "", I.t("args")), el("pre", "", JSON.stringify(data.arguments, null, 2)));
    item.append(head, args);
    $("trace").append(item);
    $("activity-text").textContent = " " + I.t("running") + " " + data.name;
    $("activity").hidden = false;
  }

  function traceResult(data) {
    const items = [...$("trace").querySelectorAll(".trace-item")];
    const item = items.reverse().find((node) => node.dataset.callId === data.id);
    if (!item) return;
    const result = data.result || {};
    const ok = result.ok !== false && result.success !== false && !result.error;
    item.classList.remove("running");
    item.classList.add(ok ? "ok" : "failed");
    item.querySelector(".trace-duration").textContent = data.duration_ms + " " + I.t("ms");
    const details = el("details", "trace-result");
    details.append(el("summary", "", I.t("result") + (ok ? "" : " — " + ((result.error && result.error.code) || "error"))));
    details.append(el("pre", "", JSON.stringify(result, null, 2)));
    item.append(details);
    $("activity").hidden = true;
  }

  function showConfirmation(data) {
    state.pending = data;
    $("confirm-summary").textContent = data.summary || "";
    $("confirm-summary").dir = direction(null, data.summary);
    $("confirm-tool").textContent = data.tool || "";
    const dialog = $("confirm");
    if (!dialog.open) dialog.showModal();
  }

  async function runStream(url, body) {
    state.busy = true;
    $("send").disabled = true;
    const reply = addMessage("assistant", "", null);
    reply.classList.add("streaming");
    const text = reply.querySelector(".text");
    try {
      await SSE.stream(url, { headers: headers(), body }, (type, data) => {
        if (type === "message.delta") {
          text.textContent += data.text;
          reply.dir = direction(null, text.textContent);
        } else if (type === "tool.call") traceCall(data);
        else if (type === "tool.result") traceResult(data);
        else if (type === "confirmation.required") showConfirmation(data);
        else if (type === "message.done") {
          text.textContent = data.reply; // the guarded reply is authoritative
          reply.dir = direction(data.language, data.reply);
          reply.dataset.language = data.language;
          reply.classList.add("done");
        } else if (type === "error") {
          text.textContent = data.message || data.code;
          reply.classList.add("error", "done");
          reply.dir = direction(null, text.textContent);
        }
      });
    } catch (err) {
      text.textContent = I.t("status_error") + err;
      reply.classList.add("error", "done");
    } finally {
      reply.classList.remove("streaming");
      $("activity").hidden = true;
      state.busy = false;
      $("send").disabled = false;
    }
  }

  async function send(message) {
    const content = (message || "").trim();
    if (!content || state.busy) return;
    if (!state.conversationId) await newConversation();
    addMessage("user", content, null);
    await runStream("/v1/conversations/" + encodeURIComponent(state.conversationId) + "/messages", { content });
  }

  async function decide(approve) {
    const pending = state.pending;
    $("confirm").close();
    if (!pending) return;
    state.pending = null;
    const action = approve ? "approve" : "deny";
    addMessage("user", I.t(approve ? "approve" : "deny"), I.language);
    await runStream("/v1/confirmations/" + encodeURIComponent(pending.id) + "/" + action, undefined);
  }

  // --- wiring -------------------------------------------------------------------------------------

  document.addEventListener("DOMContentLoaded", async () => {
    I.apply();
    $("lang-toggle").addEventListener("click", () => {
      I.setLanguage(I.language === "he" ? "en" : "he");
      fillIdentity();
    });
    $("composer").addEventListener("submit", (event) => {
      event.preventDefault();
      const input = $("input");
      const value = input.value;
      input.value = "";
      send(value);
    });
    $("input").addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey) {
        event.preventDefault();
        $("composer").requestSubmit();
      }
    });
    $("new-chat").addEventListener("click", () => newConversation());
    $("identity").addEventListener("change", () => newConversation());
    $("signin").addEventListener("submit", (event) => {
      event.preventDefault();
      const identifier = $("signin-id").value.trim();
      if (identifier) send(I.t("signin_message") + identifier);
    });
    $("signin-verify").addEventListener("click", () => {
      const code = $("signin-code").value.trim();
      $("signin-code").value = "";
      if (code) send(code);
    });
    $("confirm-approve").addEventListener("click", () => decide(true));
    $("confirm-deny").addEventListener("click", () => decide(false));
    $("confirm").addEventListener("cancel", (event) => { event.preventDefault(); decide(false); });
    try {
      await loadConfig();
      await newConversation();
      document.body.dataset.ready = "1";
    } catch (err) {
      status(I.t("status_error") + err);
    }
  });
})();
