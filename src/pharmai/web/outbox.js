// The development outbox (demo mode): one-time codes that would have been emailed or texted.
"use strict";

(function () {
  const I = window.PharmaiI18n;
  const $ = (id) => document.getElementById(id);

  async function refresh() {
    const list = $("outbox");
    list.replaceChildren();
    const response = await fetch("/v1/demo/outbox?limit=20", { headers: { "Accept-Language": I.language } });
    if (!response.ok) {
      $("outbox-status").textContent = I.t("outbox_off");
      return;
    }
    const messages = (await response.json()).messages || [];
    $("outbox-status").textContent = messages.length ? "" : I.t("outbox_empty");
    messages.forEach((m) => {
      const item = document.createElement("li");
      item.className = "outbox-item";
      const head = document.createElement("div");
      head.className = "muted small";
      head.dir = "ltr";
      head.textContent = m.created_at + " · " + m.channel + " · " + m.destination;
      const body = document.createElement("div");
      body.className = "outbox-body";
      body.dir = "auto";
      body.textContent = m.body;
      item.append(head, body);
      list.append(item);
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    I.apply();
    $("lang-toggle").addEventListener("click", () => { I.setLanguage(I.language === "he" ? "en" : "he"); refresh(); });
    $("refresh").addEventListener("click", refresh);
    refresh().then(() => { document.body.dataset.ready = "1"; });
  });
})();
