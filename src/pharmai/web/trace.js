// The tool trace of one reply: each call with its arguments, duration and result envelope.
// It sits inside the reply and is shown only while "Show tool details" is on (default: demo mode).
"use strict";

window.PharmaiTrace = (function () {
  const I = window.PharmaiI18n;

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function listOf(reply) {
    let box = reply.querySelector(".trace");
    if (!box) {
      box = el("div", "trace");
      box.dir = "ltr"; // tool names, ids and JSON read left to right in either language
      const title = el("p", "trace-title", I.t("trace_title"));
      title.dataset.i18n = "trace_title";
      box.append(title, el("ol", "trace-list"));
      reply.append(box);
    }
    return box.querySelector(".trace-list");
  }

  function details(summary, value) {
    const node = el("details", "trace-json");
    const pre = el("pre", "", JSON.stringify(value, null, 2));
    pre.tabIndex = 0; // it scrolls when long: reachable by keyboard
    node.append(el("summary", "", summary), pre);
    return node;
  }

  /** Record a `tool.call` event in the reply's trace. */
  function call(reply, data) {
    const item = el("li", "trace-item running");
    item.dataset.callId = data.id;
    const head = el("div", "trace-head");
    head.append(el("span", "trace-name", data.name), el("span", "trace-duration", "…"));
    item.append(head, details(I.t("args"), data.arguments));
    item.lastChild.classList.add("trace-args");
    listOf(reply).append(item);
  }

  /**
   * Record a `tool.result` event; a call waiting for the person's approval is a normal step, not a failure.
   * @returns {"ok"|"pending"|"failed"} How the call ended.
   */
  function result(reply, data) {
    const item = [...reply.querySelectorAll(".trace-item")].reverse().find((node) => node.dataset.callId === data.id);
    const envelope = data.result || {};
    const code = envelope.error && envelope.error.code;
    let outcome = "ok";
    if (code === "CONFIRMATION_REQUIRED") outcome = "pending";
    else if (envelope.ok === false || envelope.success === false || envelope.error) outcome = "failed";
    if (!item) return outcome;
    item.classList.remove("running");
    item.classList.add(outcome);
    item.querySelector(".trace-duration").textContent = data.duration_ms + " " + I.t("ms");
    let label = I.t("result");
    if (outcome === "pending") label += " — " + I.t("trace_pending");
    else if (outcome === "failed") label += " — " + (code || "error");
    const node = details(label, envelope);
    node.classList.add("trace-result");
    item.append(node);
    return outcome;
  }

  return { call, result };
})();
