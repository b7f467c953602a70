// What a conversation's tool results said, kept to explain a confirmation in plain words: the
// medication's name, the store's name and the refills left — never ids, and never read from reply text.
"use strict";

window.PharmaiFacts = (function () {
  const I = window.PharmaiI18n;
  let prescriptions = {}; // presc_id -> { name, refills }
  let verified = {}; // presc_id -> { refills }

  /** Forget everything (a new conversation). */
  function reset() {
    prescriptions = {};
    verified = {};
  }

  /**
   * Learn from one `tool.result` event of a turn.
   * @param {object} turn The turn being streamed (its `meds` and `store` are filled here).
   * @param {object} data The event: { name, result }.
   * @returns {object|null} The verified user ({ full_name }) when this result signed the person in.
   */
  function learn(turn, data) {
    const result = data.result || {};
    if (result.ok === false || result.error) return null;
    if (data.name === "get_user_prescriptions") {
      (result.prescriptions || []).forEach((p) => {
        prescriptions[p.presc_id] = { name: p.display_name, refills: p.refills_left };
      });
    } else if (data.name === "prescription_verify" && result.presc_id) {
      verified[result.presc_id] = { refills: result.refills_remaining };
    } else if (data.name === "inventory_check") {
      (result.matches || []).forEach((m) => turn.meds.push(m.display_name));
      if (result.store) turn.store = result.store.store_id;
    } else if (data.name === "verify_customer_identity" && result.status === "verified") {
      return result.user || {};
    }
    return null;
  }

  function storeName(stores, storeId) {
    const store = (stores || []).find((s) => s.store_id === storeId);
    if (!store) return null;
    return I.language === "he" ? store.name_he : store.name_en;
  }

  /**
   * The confirmation dialog's model for a turn that ended with `confirmation.required`.
   * @param {object} turn The turn: { confirmation, calls, meds, store }.
   * @param {Array} stores The stores of /v1/config (their names in both languages).
   * @param {string} defaultStore The conversation's store, for a call that names none.
   */
  function confirmation(turn, stores, defaultStore) {
    const pending = turn.confirmation;
    const call = Object.values(turn.calls).reverse().find((c) => c.name === pending.tool);
    const args = (call && call.arguments) || {};
    if (pending.tool !== "request_refill") {
      return { titleKey: "confirm_title", facts: [], summary: pending.summary, nextKey: "confirm_next" };
    }
    const known = prescriptions[args.presc_id] || {};
    const name = known.name || (turn.meds.length === 1 ? turn.meds[0] : null);
    const store = storeName(stores, args.store_id || turn.store || defaultStore);
    const checked = verified[args.presc_id] || {};
    const refills = typeof checked.refills === "number" ? checked.refills : known.refills;
    const facts = [];
    if (name) facts.push(["confirm_medication", name]);
    if (store) facts.push(["confirm_store", store]);
    if (typeof refills === "number" && refills > 0) facts.push(["confirm_refills_after", String(refills - 1)]);
    // Without a name the server's own summary is the only description there is.
    return {
      titleKey: "confirm_refill_title", facts, summary: name ? null : pending.summary, nextKey: "confirm_refill_next",
    };
  }

  return { reset, learn, confirmation };
})();
