// The confirmation dialog: a modal <dialog> in plain words, usable by keyboard and screen reader.
// Focus moves in on open (to Cancel, the choice that changes nothing), stays inside while open (Tab
// wraps), Escape cancels, and focus goes back to where it was.
"use strict";

window.PharmaiDialog = (function () {
  const I = window.PharmaiI18n;
  const F = window.PharmaiFormat;
  const $ = (id) => document.getElementById(id);
  let current = null; // { resolve, returnTo, model }

  function focusables(dialog) {
    return [...dialog.querySelectorAll("button, [href], input, select, textarea, [tabindex]:not([tabindex='-1'])")]
      .filter((node) => !node.disabled && node.offsetParent !== null);
  }

  function fill(model) {
    $("confirm-title").textContent = I.t(model.titleKey);
    const facts = $("confirm-facts");
    facts.replaceChildren();
    model.facts.forEach(([key, value]) => {
      const row = document.createElement("div");
      const term = document.createElement("dt");
      term.textContent = I.t(key);
      const definition = document.createElement("dd");
      definition.append(F.isolate(String(value)));
      row.append(term, definition);
      facts.append(row);
    });
    facts.hidden = !model.facts.length;
    const summary = $("confirm-summary");
    summary.replaceChildren();
    if (model.summary) summary.append(F.render(model.summary, F.directionOf(model.summary, "ltr")));
    summary.hidden = !model.summary;
    $("confirm-next").textContent = I.t(model.nextKey);
  }

  function finish(approved) {
    if (!current) return;
    const { resolve, returnTo } = current;
    current = null;
    const dialog = $("confirm");
    if (dialog.open) dialog.close();
    const target = returnTo && document.contains(returnTo) && !returnTo.disabled ? returnTo : $("input");
    if (target) target.focus();
    resolve(approved);
  }

  /**
   * Ask the person to approve an action.
   * @param {{titleKey: string, facts: Array<[string, string]>, summary: string|null, nextKey: string}} model
   *   The labels (i18n keys), the facts in plain words, the server's summary when the facts are unknown.
   * @returns {Promise<boolean>} True when approved.
   */
  function ask(model) {
    if (current) finish(false);
    return new Promise((resolve) => {
      current = { resolve, returnTo: document.activeElement, model };
      fill(model);
      const dialog = $("confirm");
      dialog.showModal();
      $("confirm-deny").focus();
    });
  }

  /** Re-label an open dialog after a language switch. */
  function relabel() {
    if (current) fill(current.model);
  }

  function wire() {
    const dialog = $("confirm");
    $("confirm-approve").addEventListener("click", () => finish(true));
    $("confirm-deny").addEventListener("click", () => finish(false));
    dialog.addEventListener("cancel", (event) => { event.preventDefault(); finish(false); }); // Escape
    dialog.addEventListener("keydown", (event) => {
      if (event.key !== "Tab") return;
      const nodes = focusables(dialog);
      if (!nodes.length) return;
      const first = nodes[0];
      const last = nodes[nodes.length - 1];
      if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
      else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
    });
  }

  return { ask, relabel, wire, get open() { return current !== null; } };
})();
