// Safe rich text for replies: paragraphs, bullet and numbered lists, **bold**, built from DOM nodes.
// Server text only ever becomes text nodes (textContent) — no HTML is parsed, so the CSP stays strict.
//
// Bidirectional isolation: inside a Hebrew paragraph, a run of digits and Latin text ("500–1,000",
// "2026-03-08", "p201", "NSAIDs") is wrapped in <bdi dir="ltr">. Without it the Unicode bidi algorithm
// treats the en dash between two numbers as right-to-left and draws "1,000–500", a range read
// backwards; isolated, the run keeps its own left-to-right order. Hebrew inside English is isolated
// the same way, the other way round.
"use strict";

window.PharmaiFormat = (function () {
  const HEBREW = /[\u0590-\u05FF]/;
  const LATIN = /[A-Za-z\u00C0-\u024F]/;
  // A left-to-right run: starts with a letter or digit (or a "+" before a digit, as in phone numbers),
  // may hold spaces, connecting punctuation and parentheses, and ends on a letter, digit, "%" or ")".
  const LTR_RUN = /\+?[A-Za-z0-9\u00C0-\u024F](?:[A-Za-z0-9\u00C0-\u024F.,:/\-\u2010-\u2014+_@'\u2019#%() \u00A0]*[A-Za-z0-9\u00C0-\u024F%)])?/g;
  const RTL_RUN = /[\u0590-\u05FF](?:[\u0590-\u05FF"'\u05F3\u05F4\-\u2013 \u00A0.,]*[\u0590-\u05FF"'\u05F3\u05F4])?/g;
  // Short runs without spaces (ids, dates, ranges) must not break across lines.
  const NO_WRAP = /^[^\s]{1,24}$/;

  /** The direction of a text by its first strong character, or `fallback` when it has none. */
  function directionOf(text, fallback) {
    for (const ch of text || "") {
      if (HEBREW.test(ch)) return "rtl";
      if (LATIN.test(ch)) return "ltr";
    }
    return fallback;
  }

  // A parenthesis closed inside the run but opened outside it belongs to the surrounding text.
  function balanced(run) {
    let trimmed = run;
    while (trimmed.endsWith(")") && (trimmed.split("(").length < trimmed.split(")").length)) {
      trimmed = trimmed.slice(0, -1).trimEnd();
    }
    return trimmed;
  }

  /** Append `text` to `parent`, isolating runs of the opposite direction to `dir`. */
  function appendIsolated(parent, text, dir) {
    const pattern = dir === "rtl" ? LTR_RUN : RTL_RUN;
    pattern.lastIndex = 0;
    let last = 0;
    let match;
    while ((match = pattern.exec(text)) !== null) {
      let run = match[0];
      if (dir === "rtl") run = balanced(run);
      if (!run) continue;
      const start = match.index;
      if (start > last) parent.append(document.createTextNode(text.slice(last, start)));
      const bdi = document.createElement("bdi");
      bdi.dir = dir === "rtl" ? "ltr" : "rtl";
      if (NO_WRAP.test(run)) bdi.className = "nw";
      bdi.textContent = run;
      parent.append(bdi);
      last = start + run.length;
      pattern.lastIndex = last;
    }
    if (last < text.length) parent.append(document.createTextNode(text.slice(last)));
  }

  /** Append a line's inline content: **bold** spans, everything else text, all bidi-isolated. */
  function appendInline(parent, line, dir) {
    const parts = line.split(/\*\*(?=\S)(.+?)(?<=\S)\*\*/);
    parts.forEach((part, index) => {
      if (!part) return;
      if (index % 2 === 1) {
        const strong = document.createElement("strong");
        appendIsolated(strong, part, dir);
        parent.append(strong);
      } else {
        appendIsolated(parent, part, dir);
      }
    });
  }

  const BULLET = /^\s*[-*\u2022]\s+(.*)$/;
  const NUMBERED = /^\s*(\d{1,3})[.)]\s+(.*)$/;

  /**
   * Render reply text as a fragment of <p>, <ul> and <ol> blocks.
   * @param {string} text The reply (untrusted).
   * @param {string} fallbackDir The message's direction, for blocks with no strong character.
   * @returns {DocumentFragment}
   */
  function render(text, fallbackDir) {
    const fragment = document.createDocumentFragment();
    let paragraph = null;
    let list = null;
    const lines = String(text || "").replace(/\r\n?/g, "\n").split("\n");
    const close = () => { paragraph = null; list = null; };
    lines.forEach((line) => {
      if (!line.trim()) { close(); return; }
      const bullet = BULLET.exec(line);
      const numbered = bullet ? null : NUMBERED.exec(line);
      if (bullet || numbered) {
        const kind = bullet ? "ul" : "ol";
        const content = bullet ? bullet[1] : numbered[2];
        if (!list || list.tagName.toLowerCase() !== kind) {
          list = document.createElement(kind);
          list.dir = directionOf(content, fallbackDir);
          if (numbered && numbered[1] !== "1") list.start = Number(numbered[1]);
          fragment.append(list);
        }
        paragraph = null;
        const item = document.createElement("li");
        const dir = directionOf(content, list.dir);
        item.dir = dir;
        appendInline(item, content, dir);
        list.append(item);
        return;
      }
      list = null;
      if (paragraph) {
        paragraph.append(document.createElement("br"));
      } else {
        paragraph = document.createElement("p");
        paragraph.dir = directionOf(line, fallbackDir);
        fragment.append(paragraph);
      }
      appendInline(paragraph, line, paragraph.dir);
    });
    return fragment;
  }

  /** A node holding `text` isolated as a unit, for names and values placed in UI labels. */
  function isolate(text, className) {
    const bdi = document.createElement("bdi");
    if (className) bdi.className = className;
    bdi.dir = directionOf(text, "ltr");
    appendIsolated(bdi, String(text || ""), bdi.dir);
    return bdi;
  }

  /**
   * A UI label with values filled in, each value isolated: "סניף {store}" with an English store name
   * keeps the label's order. `template` is a translation with {name} placeholders (never server text).
   */
  function label(template, params) {
    const fragment = document.createDocumentFragment();
    String(template).split(/\{(\w+)\}/).forEach((part, index) => {
      if (index % 2 === 0) {
        if (part) fragment.append(document.createTextNode(part));
      } else {
        fragment.append(isolate(params && part in params ? String(params[part]) : "{" + part + "}"));
      }
    });
    return fragment;
  }

  return { render, isolate, label, directionOf, appendIsolated };
})();
