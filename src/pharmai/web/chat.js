// The message list: bubbles, the welcome and its suggested questions, and following the newest reply.
// It is the page's only scroll area; it follows new content unless the person scrolled up to read.
"use strict";

window.PharmaiChat = (function () {
  const I = window.PharmaiI18n;
  const F = window.PharmaiFormat;
  const $ = (id) => document.getElementById(id);
  const NEAR_BOTTOM_PX = 48;
  let following = true;

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function scroller() { return $("scroller"); }

  function atBottom() {
    const box = scroller();
    return box.scrollHeight - box.scrollTop - box.clientHeight <= NEAR_BOTTOM_PX;
  }

  /** Scroll to the newest message when following (or when `force`); else offer the jump button. */
  function follow(force) {
    if (force) following = true;
    if (following) {
      const box = scroller();
      box.scrollTop = box.scrollHeight;
      $("jump").hidden = true;
    } else {
      $("jump").hidden = false;
    }
  }

  function direction(language, text, fallback) {
    if (language === "he") return "rtl";
    if (language === "en") return "ltr";
    return F.directionOf(text, fallback || (I.language === "he" ? "rtl" : "ltr"));
  }

  function header(role) {
    const who = el("span", "who", I.t(role === "user" ? "you" : "assistant"));
    who.dataset.i18n = role === "user" ? "you" : "assistant";
    return who;
  }

  /** Add the person's message (plain text, never formatted: it is shown as typed). */
  function user(text) {
    const item = el("li", "msg user");
    item.dir = direction(null, text);
    const body = el("div", "body");
    body.append(el("p", "text", text));
    item.append(header("user"), body, el("p", "note"));
    $("messages").append(item);
    follow(true);
    return item;
  }

  /** Mark a message of the person: "queued", "unsent" or "" (sent). */
  function mark(item, state) {
    item.classList.remove("queued", "unsent");
    const note = item.querySelector(".note");
    if (state) {
      item.classList.add(state);
      note.dataset.i18n = state;
      note.textContent = I.t(state);
    } else {
      delete note.dataset.i18n;
      note.textContent = "";
    }
  }

  /** Start an assistant reply: an empty bubble with a typing indicator. */
  function reply() {
    const item = el("li", "msg assistant streaming");
    item.dir = I.language === "he" ? "rtl" : "ltr";
    item.setAttribute("aria-busy", "true");
    const body = el("div", "body");
    const typing = el("p", "typing");
    typing.append(el("span", "dots"), el("span", "typing-text", I.t("typing")));
    item.append(header("assistant"), body, typing);
    $("messages").append(item);
    follow(false);
    return item;
  }

  /** Show what the assistant is doing (a friendly name of the running tool). */
  function activity(item, tool) {
    const text = item.querySelector(".typing-text");
    if (!text) return;
    const key = "act_" + tool;
    const label = I.t(key);
    text.textContent = label === key ? I.t("act_default") : label;
  }

  /** Render the reply's text so far (or its final, authoritative text). */
  function setText(item, text, language) {
    item.dir = direction(language, text, item.dir);
    if (language) item.dataset.language = language;
    const body = item.querySelector(".body");
    body.replaceChildren(F.render(text, item.dir));
    body.dataset.raw = text;
    follow(false);
  }

  /** End a reply; `errorKey` or `errorText` makes it an error bubble (optionally with a retry button). */
  function finish(item, options) {
    const opts = options || {};
    item.classList.remove("streaming");
    item.removeAttribute("aria-busy");
    const typing = item.querySelector(".typing");
    if (typing) typing.remove();
    if (opts.errorKey || opts.errorText) {
      item.classList.add("error");
      const text = el("p", "text", opts.errorText || I.t(opts.errorKey));
      if (opts.errorKey) text.dataset.i18n = opts.errorKey;
      text.dir = direction(null, text.textContent);
      item.querySelector(".body").replaceChildren(text);
      if (opts.retry) {
        const button = el("button", "ghost retry", I.t("retry"));
        button.type = "button";
        button.dataset.i18n = "retry";
        button.addEventListener("click", () => { button.remove(); opts.retry(); });
        item.append(button);
      }
    }
    item.classList.add("done");
    follow(false);
  }

  /** Remove a reply that never started (the request did not reach the server). */
  function drop(item) { item.remove(); }

  /** A pharmacist's message (a person, live): plain text, in its own bubble. */
  function pharmacist(text, language) {
    const item = el("li", "msg pharmacist");
    item.dir = direction(language, text);
    const who = el("span", "who", I.t("pharmacist"));
    who.dataset.i18n = "pharmacist";
    const body = el("div", "body");
    body.append(el("p", "text", text));
    item.append(who, body);
    $("messages").append(item);
    follow(false);
    return item;
  }

  /** A line about the conversation itself ("a pharmacist has joined"): a UI text key, or the server's text. */
  function notice(key, text) {
    const item = el("li", "msg notice", text || I.t(key));
    if (!text) item.dataset.i18n = key;
    item.setAttribute("role", "status");
    item.dir = direction(null, item.textContent);
    $("messages").append(item);
    follow(false);
    return item;
  }

  /** Clear the conversation and show the welcome with its suggested questions. */
  function reset() {
    $("messages").replaceChildren();
    $("welcome").hidden = false;
    chips(true);
    follow(true);
  }

  /** Draw the suggested questions in the active language; `visible` false hides them for good. */
  function chips(visible) {
    const list = $("chips");
    if (visible !== undefined) list.hidden = !visible;
    list.replaceChildren();
    I.t("chips").forEach((question) => {
      const item = el("li");
      const button = el("button", "chip", question);
      button.type = "button";
      button.dataset.question = question;
      item.append(button);
      list.append(item);
    });
  }

  function wire(onChip) {
    scroller().addEventListener("scroll", () => {
      following = atBottom();
      if (following) $("jump").hidden = true;
    }, { passive: true });
    $("jump").addEventListener("click", () => follow(true));
    $("chips").addEventListener("click", (event) => {
      const button = event.target.closest("button.chip");
      if (button) onChip(button.dataset.question);
    });
    chips(true);
  }

  return { user, mark, reply, activity, setText, finish, drop, pharmacist, notice, reset, chips, follow, wire };
})();
