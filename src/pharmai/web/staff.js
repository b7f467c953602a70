// The staff console's controller: sign-in (session cookie + CSRF token), the live queue, one ticket at a
// time with its conversation live, and the pharmacist's actions: claim, reply, hand back, resolve. The
// "My assistant" tab is staff-assistant.js.
// API: docs/staff-api.md. Streams are read with fetch (sse.js) and reopened whenever the server ends them.
"use strict";

(function () {
  const I = window.PharmaiI18n;
  const SSE = window.PharmaiSSE;
  const View = window.PharmaiStaffView;
  const Api = window.PharmaiStaffApi;
  const Assistant = window.PharmaiStaffAssistant;
  const { ApiError, message, ticketPath } = Api;
  const api = Api.request;
  const $ = (id) => document.getElementById(id);
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  const state = {
    me: null, // { username, role, csrf_token }
    tickets: [],
    queueLive: null, // AbortController of the queue's stream
    queueStatus: null, // { key, params }
    detail: null, // { ticket, notes, held, held_by_me }
    rows: [], // the selected conversation's rows, in seq order
    live: null, // { ticket, controller } of the selected conversation's stream
    notice: null, // { key, params } shown in #hold-status after an action (e.g. resolved)
  };

  // --- signing in and out ----------------------------------------------------------------------

  function showSignIn(errorKey) {
    $("console").hidden = true;
    $("who").hidden = true;
    $("sign-out").hidden = true;
    $("signin-form").hidden = false;
    $("signin-error").textContent = errorKey ? I.t(errorKey) : "";
    document.body.dataset.ready = "1";
    $("username").focus();
  }

  function signedIn(me) {
    state.me = me;
    Api.use(me.csrf_token, () => signedOut("session_ended"));
    $("signin-form").hidden = true;
    $("console").hidden = false;
    $("who").hidden = false;
    $("sign-out").hidden = false;
    relabelWho();
    Assistant.start(me);
    document.body.dataset.signedIn = "1";
    document.body.dataset.ready = "1";
    watchQueue();
  }

  function stopStreams() {
    if (state.queueLive) state.queueLive.abort();
    if (state.live) state.live.controller.abort();
    state.queueLive = null;
    state.live = null;
  }

  function signedOut(errorKey) {
    stopStreams();
    Api.use(null, null);
    state.me = null;
    state.detail = null;
    Assistant.stop();
    delete document.body.dataset.signedIn;
    View.noTicket();
    showSignIn(errorKey);
  }

  async function signIn(event) {
    event.preventDefault();
    $("signin-error").textContent = "";
    $("sign-in").disabled = true;
    try {
      const me = await api("POST", "/staff/session", { username: $("username").value, password: $("password").value });
      $("password").value = "";
      signedIn(me);
    } catch (err) {
      // 401 is a wrong name or password (the same answer for both); 429 says when to try again.
      $("signin-error").textContent = err instanceof ApiError && err.status === 401 ? I.t("signin_failed") : message(err);
    } finally {
      $("sign-in").disabled = false;
    }
  }

  async function signOut() {
    try { await api("DELETE", "/staff/session"); } catch (_ignored) { /* the cookie goes either way */ }
    signedOut(null);
  }

  function relabelWho() {
    if (!state.me) return;
    $("who").textContent = I.t("signed_in_as", { name: state.me.username || "admin", role: I.t("role_" + state.me.role) });
  }

  // --- the queue -------------------------------------------------------------------------------

  function queueStatus(key, params) {
    state.queueStatus = { key, params };
    $("queue-status").textContent = I.t(key, params);
  }

  function onQueue(data) {
    state.tickets = data.tickets || [];
    queueStatus("queue_live", { n: data.count || 0 });
    View.queue(state.tickets, state.detail && state.detail.ticket.ticket_id);
    const detail = state.detail;
    if (!detail) return;
    const fresh = state.tickets.find((t) => t.ticket_id === detail.ticket.ticket_id);
    // Changed, or gone from the queue while it was open (resolved or closed by someone else): read it again.
    const gone = !fresh && (detail.ticket.status === "open" || detail.ticket.status === "in_progress");
    if (gone || (fresh && fresh.updated_at !== detail.ticket.updated_at)) refreshTicket();
  }

  // One stream at a time; the server ends it after a while and it is opened again at once.
  async function watchQueue() {
    if (state.queueLive) state.queueLive.abort();
    const controller = new AbortController();
    state.queueLive = controller;
    queueStatus("queue_connecting");
    let delay = 1000;
    while (state.queueLive === controller) {
      try {
        await SSE.listen("/v1/staff/queue/events", { "Accept-Language": I.language }, (type, data) => {
          if (type === "queue") onQueue(data);
        }, controller.signal);
        delay = 1000;
      } catch (err) {
        if (state.queueLive !== controller) return;
        if (err instanceof SSE.StreamError && err.status === 401) return signedOut("session_ended");
        queueStatus("queue_reconnecting");
        await sleep(delay);
        delay = Math.min(delay * 2, 15000);
      }
    }
  }

  // --- one ticket ------------------------------------------------------------------------------

  function renderActions() {
    const detail = state.detail;
    const ticket = detail.ticket;
    const admin = state.me && state.me.role === "admin";
    const hasConversation = Boolean(ticket.conversation_id);
    $("claim").hidden = !(ticket.status === "open" || ticket.status === "resolved");
    $("claim").dataset.i18n = ticket.status === "resolved" ? "reopen" : "claim"; // the same step: it takes the case
    $("claim").textContent = I.t($("claim").dataset.i18n);
    $("hand-back").hidden = !(hasConversation && detail.held && (detail.held_by_me || admin));
    $("reply-form").hidden = !(hasConversation && detail.held_by_me);
    $("resolve-form").hidden = !(ticket.status === "in_progress" && (ticket.mine || admin));
    $("conversation-box").hidden = !hasConversation;
    $("no-conversation").hidden = hasConversation;
    let key = null;
    if (state.notice) key = state.notice;
    else if (hasConversation) key = { key: detail.held_by_me ? "hold_mine" : detail.held ? "hold_other" : "hold_none" };
    $("hold-status").textContent = key ? I.t(key.key, key.params) : "";
    document.body.dataset.held = detail.held_by_me ? "mine" : detail.held ? "other" : "none";
    document.body.dataset.ticketStatus = ticket.status;
  }

  function renderTicket() {
    View.ticket(state.detail.ticket);
    View.notes(state.detail.notes);
    renderActions();
  }

  async function refreshTicket() {
    const detail = state.detail;
    if (!detail) return;
    try {
      const fresh = await api("GET", ticketPath(detail.ticket.ticket_id));
      if (!state.detail || state.detail.ticket.ticket_id !== fresh.ticket.ticket_id) return; // another was picked
      state.detail = fresh;
      renderTicket();
    } catch (err) {
      $("action-error").textContent = message(err);
    }
  }

  function addRow(row, live) {
    if (state.rows.length && row.seq <= state.rows[state.rows.length - 1].seq) return; // seen already
    state.rows.push(row);
    View.append(row);
    if (live && row.role === "event") refreshTicket(); // someone joined or left: who holds it changed
  }

  // The conversation live, from the last row seen; reopened (with `after`) whenever the server ends it.
  async function watchConversation(ticketId) {
    if (state.live) state.live.controller.abort();
    const live = { ticket: ticketId, controller: new AbortController() };
    state.live = live;
    let delay = 1000;
    while (state.live === live) {
      const after = state.rows.length ? state.rows[state.rows.length - 1].seq : 0;
      const url = ticketPath(ticketId, "events") + "?after=" + after;
      try {
        await SSE.listen(url, { "Accept-Language": I.language }, (type, data) => {
          if (type === "message" && state.live === live) addRow(data, true);
        }, live.controller.signal);
        delay = 1000;
      } catch (err) {
        if (state.live !== live) return;
        if (err instanceof SSE.StreamError && err.status === 401) return signedOut("session_ended");
        await sleep(delay);
        delay = Math.min(delay * 2, 15000);
      }
    }
  }

  let picked = null;

  async function select(ticketId) {
    picked = ticketId;
    if (state.live) state.live.controller.abort();
    state.live = null;
    state.notice = null;
    state.rows = [];
    $("action-error").textContent = "";
    let detail;
    try {
      detail = await api("GET", ticketPath(ticketId));
    } catch (err) {
      $("action-error").textContent = message(err);
      return;
    }
    if (picked !== ticketId) return; // another case was picked meanwhile
    state.detail = detail;
    $("ticket").hidden = false;
    document.body.dataset.ticket = state.detail.ticket.ticket_id;
    View.queue(state.tickets, ticketId);
    View.transcript([]);
    renderTicket();
    // One column (a phone): the case is below the queue, so bring it into view.
    if (window.matchMedia("(max-width: 50rem)").matches) $("ticket-title").scrollIntoView({ block: "start" });
    if (state.detail.ticket.conversation_id) {
      try {
        const conversation = await api("GET", ticketPath(ticketId, "conversation"));
        if (picked !== ticketId) return;
        state.rows = [];
        View.transcript([]);
        (conversation.messages || []).forEach((row) => addRow(row, false));
      } catch (err) {
        $("action-error").textContent = message(err);
      }
      watchConversation(ticketId);
    }
  }

  /** Run one of the ticket's actions (`after` gets its answer), then read the ticket again. */
  async function act(button, action, body, after) {
    const detail = state.detail;
    if (!detail) return;
    $("action-error").textContent = "";
    button.disabled = true;
    try {
      const answer = await api("POST", ticketPath(detail.ticket.ticket_id, action), body);
      if (after) after(answer);
      await refreshTicket();
    } catch (err) {
      $("action-error").textContent = message(err);
    } finally {
      button.disabled = false;
    }
  }

  function claim() {
    state.notice = null;
    act($("claim"), "claim", undefined);
  }

  function reply(event) {
    event.preventDefault();
    const text = $("reply").value.trim();
    if (!text || $("reply-send").disabled) return; // Enter again while the last one is on its way
    // The row comes back on the conversation's stream, like the customer's own messages.
    act($("reply-send"), "reply", { text }, () => { $("reply").value = ""; });
  }

  function handBack() {
    act($("hand-back"), "hand-back", undefined);
  }

  function resolve(event) {
    event.preventDefault();
    const note = $("resolve-note").value.trim();
    act($("resolve"), "resolve", note ? { note } : undefined, (answer) => {
      $("resolve-note").value = "";
      state.notice = { key: "resolved_done", params: { case: answer.ticket.case_number } };
    });
  }

  // --- wiring ----------------------------------------------------------------------------------

  function relabel() {
    document.title = I.t("console_title");
    relabelWho();
    if (state.queueStatus) queueStatus(state.queueStatus.key, state.queueStatus.params);
    View.queue(state.tickets, state.detail && state.detail.ticket.ticket_id);
    if (state.detail) {
      renderTicket();
      View.transcript(state.rows);
    }
    Assistant.relabel();
  }

  function wire() {
    I.apply();
    document.title = I.t("console_title");
    I.onChange(relabel);
    $("lang-toggle").addEventListener("click", () => I.setLanguage(I.language === "he" ? "en" : "he"));
    $("signin-form").addEventListener("submit", signIn);
    $("sign-out").addEventListener("click", signOut);
    $("queue").addEventListener("click", (event) => {
      const button = event.target.closest("button.queue-item");
      if (button) select(button.dataset.ticket);
    });
    $("claim").addEventListener("click", claim);
    $("hand-back").addEventListener("click", handBack);
    $("reply-form").addEventListener("submit", reply);
    $("reply").addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        $("reply-form").requestSubmit();
      }
    });
    $("resolve-form").addEventListener("submit", resolve);
    Assistant.wire();
  }

  async function boot() {
    try {
      const me = await api("GET", "/staff/session/me");
      // A console session has a CSRF token; a token or key the browser somehow sends does not sign in here.
      if (me && me.via === "session" && me.csrf_token) return signedIn(me);
    } catch (_err) { /* not signed in */ }
    showSignIn(null);
  }

  document.addEventListener("DOMContentLoaded", () => {
    wire();
    boot();
  });
})();
