// Server-Sent Events over fetch (EventSource cannot POST or send an Authorization header).
"use strict";

window.PharmaiSSE = (function () {
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
    } catch (err) {
      return { type: "error", data: { code: "BAD_STREAM", message: String(err) } };
    }
  }

  // POST `body` to `url` and call onEvent(type, data) for every event; resolves when the stream ends.
  async function stream(url, options, onEvent) {
    const response = await fetch(url, {
      method: "POST",
      headers: Object.assign({ "Content-Type": "application/json", Accept: "text/event-stream" }, options.headers || {}),
      body: options.body === undefined ? "{}" : JSON.stringify(options.body),
    });
    const contentType = response.headers.get("content-type") || "";
    if (!response.ok || !contentType.startsWith("text/event-stream")) {
      let error = { code: "HTTP_" + response.status, message: response.statusText };
      try {
        const body = await response.json();
        if (body && body.error) error = body.error;
      } catch (_ignored) { /* not JSON */ }
      onEvent("error", error);
      return;
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder("utf-8");
    let buffer = "";
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
  }

  return { stream, parseFrame };
})();
