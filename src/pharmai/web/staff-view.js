// The staff console's rendering: the queue, a ticket's facts and notes, and the conversation's rows with
// the tool trace (bubbles and traces are shared with the assistant's panel, staff-assistant.js).
// Everything from the server (customers' words, replies, tool results) becomes text nodes.
"use strict";

window.PharmaiStaffView = (function () {
  const I = window.PharmaiI18n;
  const F = window.PharmaiFormat;
  const $ = (id) => document.getElementById(id);

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function when(iso) {
    if (!iso) return "";
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return iso;
    const locale = I.language === "he" ? "he-IL" : "en-GB";
    return date.toLocaleString(locale, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
  }

  function pill(kind, key) {
    return el("span", "pill " + kind, I.t(key));
  }

  // Ids and case numbers read left to right inside Hebrew text.
  function ltr(text) {
    const node = el("bdi", "nw", text);
    node.dir = "ltr";
    return node;
  }

  /** The queue: one button per ticket, the selected one marked with aria-current. */
  function queue(tickets, selected) {
    const list = $("queue");
    list.replaceChildren();
    tickets.forEach((ticket) => {
      const button = el("button", "queue-item");
      button.type = "button";
      button.dataset.ticket = ticket.ticket_id;
      button.dataset.conversation = ticket.conversation_id || "";
      if (ticket.ticket_id === selected) button.setAttribute("aria-current", "true");
      const head = el("span", "queue-head");
      head.append(ltr(ticket.case_number), el("span", "queue-type", I.t("type_" + ticket.type)));
      const tags = el("span", "queue-tags");
      tags.append(pill("status " + ticket.status, "status_" + ticket.status));
      if (ticket.priority !== "normal") tags.append(pill("priority " + ticket.priority, "priority_" + ticket.priority));
      if (ticket.mine) tags.append(pill("mine", "mine"));
      else if (ticket.claimed_by) tags.append(pill("colleague", "colleague"));
      const reason = el("span", "queue-reason", ticket.reason || "");
      reason.dir = "auto";
      button.append(head, tags, reason, el("span", "queue-time small muted", when(ticket.created_at)));
      const item = el("li");
      item.append(button);
      list.append(item);
    });
    if (!tickets.length) list.append(el("li", "muted", I.t("queue_empty")));
  }

  function fact(list, key, value) {
    if (value === null || value === undefined || value === "") return;
    const row = el("div");
    const dd = el("dd");
    if (value instanceof Node) dd.append(value);
    else {
      dd.textContent = value;
      dd.dir = "auto";
    }
    row.append(el("dt", "", I.t(key)), dd);
    list.append(row);
  }

  /** The ticket's title and facts. */
  function ticket(view) {
    const title = $("ticket-title");
    delete title.dataset.i18n;
    title.replaceChildren(I.t("ticket_label", { case: "" }).trim() + " ", ltr(view.case_number));
    const facts = $("ticket-facts");
    facts.replaceChildren();
    fact(facts, "fact_type", I.t("type_" + view.type));
    fact(facts, "fact_status", I.t("status_" + view.status) + (view.priority !== "normal" ? " · " + I.t("priority_" + view.priority) : ""));
    fact(facts, "fact_reason", view.reason);
    fact(facts, "fact_customer", view.customer_id ? ltr(view.customer_id) : null);
    fact(facts, "fact_store", view.store_id ? ltr(view.store_id) : null);
    fact(facts, "fact_opened", when(view.created_at));
    fact(facts, "fact_callback", view.callback_at ? when(view.callback_at) : null);
  }

  /** No ticket selected: the hint in the title. */
  function noTicket() {
    const title = $("ticket-title");
    title.dataset.i18n = "pick_ticket";
    title.textContent = I.t("pick_ticket");
    $("ticket").hidden = true;
  }

  function notes(items) {
    const list = $("notes");
    list.replaceChildren();
    (items || []).forEach((note) => {
      const item = el("li", "note-item " + note.kind);
      const body = el("span", "note-body", note.body);
      body.dir = "auto";
      item.append(el("strong", "", I.t(note.kind === "resolution" ? "note_resolution" : "note_note") + ": "), body);
      item.append(el("span", "small muted note-time", " " + when(note.created_at)));
      list.append(item);
    });
    $("notes-box").hidden = !list.children.length;
  }

  function details(summary, value) {
    const node = el("details", "trace-json");
    const pre = el("pre", "", JSON.stringify(value, null, 2));
    pre.tabIndex = 0; // it scrolls when long: reachable by keyboard
    node.append(el("summary", "", summary), pre);
    return node;
  }

  // The assistant's tool calls of one turn, as the chat's trace shows them (LTR: names and JSON).
  function trace(calls) {
    const box = el("div", "trace");
    box.dir = "ltr";
    const list = el("ol", "trace-list");
    calls.forEach((call) => {
      const envelope = call.result || {};
      const failed = envelope.ok === false || Boolean(envelope.error);
      const item = el("li", "trace-item " + (failed ? "failed" : "ok"));
      const head = el("div", "trace-head");
      const ms = typeof call.duration_ms === "number" ? call.duration_ms + " " + I.t("ms") : "";
      head.append(el("span", "trace-name", call.name), el("span", "trace-duration", ms));
      const code = envelope.error && envelope.error.code;
      item.append(head, details(I.t("args"), call.arguments || {}));
      item.append(details(I.t("result") + (code ? " — " + code : ""), envelope));
      list.append(item);
    });
    box.append(el("p", "trace-title", I.t("trace_title")), list);
    return box;
  }

  // The citations the turn's tools returned (documents, PubMed): title as a link when the source has a web
  // address, then source, date and identifier, so a pharmacist can open what the assistant quoted.
  function sources(calls) {
    const found = [];
    calls.forEach((call) => {
      const result = call.result || {}; // the tool's result as the stream carries it
      if (Array.isArray(result.citations)) found.push(...result.citations);
    });
    if (!found.length) return null;
    const box = el("div", "sources");
    box.dir = "ltr"; // titles and identifiers are as published (PubMed's are English)
    const list = el("ol", "sources-list");
    found.forEach((cite) => {
      const item = el("li", "source");
      const url = typeof cite.url === "string" && /^https?:\/\//.test(cite.url) ? cite.url : null;
      if (url) {
        const link = el("a", "", cite.title || url);
        link.href = url;
        link.target = "_blank";
        link.rel = "noopener noreferrer";
        item.append(link);
      } else {
        item.append(el("span", "source-title", cite.title || cite.identifier || ""));
      }
      const meta = [cite.source, cite.date, cite.identifier, cite.location].filter(Boolean).join(" · ");
      if (meta) item.append(el("span", "source-meta", " — " + meta));
      list.append(item);
    });
    box.append(el("p", "sources-title", I.t("sources_title")), list);
    return box;
  }

  function bubble(className, who, text, language) {
    const item = el("li", "msg done " + className);
    item.dir = language === "he" ? "rtl" : language === "en" ? "ltr" : F.directionOf(text, I.language === "he" ? "rtl" : "ltr");
    const body = el("div", "body");
    body.append(F.render(text || "", item.dir));
    item.append(el("span", "who", I.t(who)), body);
    return item;
  }

  /** One conversation row as staff see it: the customer, the assistant with its trace, staff, events. */
  function row(message) {
    let item;
    if (message.role === "event") {
      const key = message.event === "pharmacist_left" ? "event_left" : "event_joined";
      item = el("li", "msg notice", I.t(key, { case: message.case_number || "" }));
      item.dir = I.language === "he" ? "rtl" : "ltr";
    } else if (message.role === "user") {
      item = bubble("user", "who_customer", message.text, message.language);
      if (message.held) item.append(el("p", "note", I.t("held_note")));
    } else if (message.role === "staff") {
      item = bubble("pharmacist" + (message.mine ? " mine" : ""), message.mine ? "who_me" : "who_colleague", message.text, message.language);
    } else {
      item = bubble("assistant", "who_assistant", message.text, message.language);
      if ((message.violations || []).length) {
        const names = message.violations.map((v) => (typeof v === "string" ? v : v.rule || v.code || "?"));
        item.append(el("p", "note", I.t("policy_flags", { list: names.join(", ") })));
      }
      if ((message.tool_calls || []).length) item.append(trace(message.tool_calls));
    }
    item.dataset.seq = String(message.seq);
    item.dataset.role = message.role;
    return item;
  }

  /** Draw the conversation's rows again (a new ticket, or the language changed). */
  function transcript(rows) {
    $("transcript").replaceChildren(...rows.map(row));
    scrollDown();
  }

  function append(message) {
    $("transcript").append(row(message));
    scrollDown();
  }

  function scrollDown() {
    const box = $("transcript-scroller");
    box.scrollTop = box.scrollHeight;
  }

  return { queue, ticket, noTicket, notes, transcript, append, bubble, trace, sources, el };
})();
