// Medication cards, built only from the structured results of inventory_check and
// get_medication_by_name as the stream carries them — never by reading the reply's text.
"use strict";

window.PharmaiCards = (function () {
  const I = window.PharmaiI18n;
  const F = window.PharmaiFormat;
  const models = new WeakMap(); // card element -> its model, to redraw the labels on a language switch

  function stockOf(item) {
    if (typeof item.in_stock !== "boolean") return null;
    if (!item.in_stock) return "out";
    return item.low_stock ? "low" : "in";
  }

  function model(item, store, useBrand) {
    return {
      key: (item.med_id || item.display_name || "") + "@" + (store ? store.store_id : ""),
      name: (useBrand && item.brand_name) || item.display_name || item.brand_name || item.generic_name || "",
      generic: useBrand && item.brand_name && item.generic_name !== item.brand_name ? item.generic_name : null,
      strength: item.strength || null,
      form: item.form || null,
      stock: stockOf(item),
      qty: typeof item.qty_on_hand === "number" ? item.qty_on_hand : null,
      restock: item.restock_eta || null,
      store: store && store.name ? store.name : null,
      rx: typeof item.rx_required === "boolean" ? item.rx_required : null,
    };
  }

  /**
   * The card models of one tool result (empty for other tools and for failures).
   * @param {string} tool The tool's name.
   * @param {object} result The tool's envelope.
   */
  function fromResult(tool, result) {
    if (!result || result.ok === false || result.error) return [];
    if (tool === "inventory_check") {
      return (result.matches || []).map((m) => model(m, result.store, true));
    }
    if (tool === "get_medication_by_name" && result.medication) {
      const med = result.medication;
      if (Array.isArray(med.products) && med.products.length) return med.products.map((p) => model(p, null, false));
      if (med.med_id) return [model(med, null, true)];
    }
    return [];
  }

  // Strengths arrive as "200 mg"; Hebrew readers get the units they read on the label.
  const HE_UNITS = { mg: "מ\"ג", mcg: "מק\"ג", g: "גרם", ml: "מ\"ל" };
  function strengthText(strength) {
    if (I.language !== "he") return strength;
    return strength.replace(/\b(mcg|mg|ml|g)\b/g, (unit) => HE_UNITS[unit]);
  }

  function dateText(iso) {
    const parts = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso || "");
    if (!parts) return iso;
    const date = new Date(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
    return new Intl.DateTimeFormat(I.language === "he" ? "he-IL" : "en-GB", { day: "numeric", month: "long", year: "numeric" })
      .format(date);
  }

  // Each value is isolated on its own, so a Latin name in a Hebrew card (or the reverse) keeps its place.
  function span(className, ...parts) {
    const node = document.createElement("span");
    node.className = className;
    parts.forEach((part, index) => {
      if (index) node.append(document.createTextNode(" · "));
      node.append(typeof part === "string" ? F.isolate(part) : part);
    });
    return node;
  }

  function draw(card, m) {
    card.replaceChildren();
    const head = document.createElement("div");
    head.className = "card-head";
    head.append(span("card-name", m.name));
    if (m.rx !== null) head.append(span("badge " + (m.rx ? "rx" : "otc"), I.t(m.rx ? "rx" : "otc")));
    card.append(head);
    const details = [m.generic, m.strength && strengthText(m.strength), m.form && I.t("form_" + m.form).replace(/^form_/, "")]
      .filter(Boolean);
    if (details.length) card.append(span("card-detail", ...details));
    if (m.stock) {
      const line = document.createElement("div");
      line.className = "card-stock";
      line.append(span("stock " + m.stock, I.t("card_" + m.stock)));
      const extra = [];
      if (m.stock !== "out" && m.qty !== null) extra.push(F.label(I.t("card_units"), { n: m.qty }));
      if (m.stock === "out" && m.restock) extra.push(F.label(I.t("card_back"), { date: dateText(m.restock) }));
      if (m.store) extra.push(F.label(I.t("card_store"), { store: m.store }));
      extra.forEach((fragment) => line.append(span("card-extra", fragment)));
      card.append(line);
    }
  }

  /**
   * Add the cards of a tool result to a reply, once per medication and store.
   * @param {HTMLElement} reply The assistant message element.
   * @param {string} tool The tool's name.
   * @param {object} result The tool's envelope.
   * @returns {number} How many cards were added.
   */
  function add(reply, tool, result) {
    const found = fromResult(tool, result);
    if (!found.length) return 0;
    let list = reply.querySelector(".cards");
    if (!list) {
      list = document.createElement("ul");
      list.className = "cards";
      list.setAttribute("aria-label", I.t("cards"));
      reply.querySelector(".body").after(list);
    }
    let added = 0;
    found.forEach((m) => {
      if ([...list.children].some((node) => models.get(node).key === m.key)) return;
      const card = document.createElement("li");
      card.className = "card";
      card.dataset.stock = m.stock || "";
      models.set(card, m);
      draw(card, m);
      list.append(card);
      added += 1;
    });
    return added;
  }

  /** Redraw every card's labels in the active language (names stay as the tool gave them). */
  function relabel(root) {
    root.querySelectorAll(".cards").forEach((list) => list.setAttribute("aria-label", I.t("cards")));
    root.querySelectorAll(".card").forEach((card) => draw(card, models.get(card)));
  }

  return { add, relabel, fromResult };
})();
