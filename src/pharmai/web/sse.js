// Server-Sent Events over fetch (EventSource cannot POST or send an Authorization header).
// Failures are classified, never shown raw: the page turns them into a friendly sentence.
"use strict";

window.PharmaiSSE = (function () {
  /**
   * Why a request failed.
   * kind: "offline" (no answer at all: the request never reached a server that answered),
   *       "interrupted" (the stream broke or ended before its final event),
   *       "http" (the server answered an error; `status` and `error` hold its code and localized message).
   */
  class StreamError extends Error {
    constructor(kind, status, error) {
      super(kind);
      this.kind = kind;
      this.status = status || 0;
      this.error = error || null;
    }
  }

  function parseFrame(frame) {
    let type = "message";
    const data = [];
    frame.split("\n").forEach((line) => {
      if (line.startsWith("event:")) type = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    });
    if (!data.length) return null;
    try {
      return { type, data: JSON.parse(data.join("\n")) };
    } catch (_err) {
      return null; // a damaged frame; the missing final event reports the stream as interrupted
    }
  }

  async function errorOf(response) {
    try {
      const body = await response.json();
      if (body && body.error) return body.error;
    } catch (_ignored) { /* not JSON: a proxy's page */ }
    return null;
  }

  /**
   * POST JSON and return the parsed answer.
   * @throws {StreamError} "offline" or "http".
   */
  async function postJson(url, headers, body) {
    let response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: Object.assign({ "Content-Type": "application/json" }, headers || {}),
        body: JSON.stringify(body || {}),
      });
    } catch (_err) {
      throw new StreamError("offline");
    }
    if (!response.ok) throw new StreamError("http", response.status, await errorOf(response));
    try {
      return await response.json();
    } catch (_err) {
      throw new StreamError("interrupted");
    }
  }

  /**
   * POST `body` to `url` and call onEvent(type, data) for every event; resolves after the final event.
   * @throws {StreamError} When no complete turn came back.
   */
  async function stream(url, options, onEvent) {
    let response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: Object.assign({ "Content-Type": "application/json", Accept: "text/event-stream" }, options.headers || {}),
        body: options.body === undefined ? "{}" : JSON.stringify(options.body),
      });
    } catch (_err) {
      throw new StreamError("offline");
    }
    const contentType = response.headers.get("content-type") || "";
    if (!response.ok || !contentType.startsWith("text/event-stream")) {
      throw new StreamError("http", response.status, await errorOf(response));
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder("utf-8");
    let buffer = "";
    let finished = false;
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const event = parseFrame(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
          if (!event) continue;
          if (event.type === "message.done" || event.type === "error") finished = true;
          onEvent(event.type, event.data);
        }
      }
    } catch (_err) {
      throw new StreamError("interrupted");
    }
    if (!finished) throw new StreamError("interrupted");
  }

  /**
   * GET a live event stream and call onEvent(type, data) for every event until the server ends it.
   * Unlike a turn, a live stream has no final event: it ends when the server closes it (the caller then
   * reconnects from the last event) or when `signal` aborts it.
   * @throws {StreamError} "offline", "http" or "interrupted" (the stream broke before the server ended it).
   */
  async function listen(url, headers, onEvent, signal) {
    let response;
    try {
      response = await fetch(url, {
        headers: Object.assign({ Accept: "text/event-stream" }, headers || {}),
        cache: "no-store",
        signal,
      });
    } catch (_err) {
      throw new StreamError("offline");
    }
    const contentType = response.headers.get("content-type") || "";
    if (!response.ok || !contentType.startsWith("text/event-stream")) {
      throw new StreamError("http", response.status, await errorOf(response));
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder("utf-8");
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const event = parseFrame(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
          if (event) onEvent(event.type, event.data);
        }
      }
    } catch (_err) {
      throw new StreamError("interrupted");
    }
  }

  /** True when the server answers its liveness probe. */
  async function alive() {
    try {
      const response = await fetch("/healthz", { cache: "no-store" });
      return response.ok;
    } catch (_err) {
      return false;
    }
  }

  return { stream, listen, postJson, alive, parseFrame, StreamError };
})();
