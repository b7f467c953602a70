// Staff tool tester (seed 003's admin testing UI): pick a tool, fill a form generated from its JSON
// schema, run it through POST /v1/tools/{name}/invoke, and see the invocation envelope and the time.
"use strict";

(function () {
  const I = window.PharmaiI18n;
  const $ = (id) => document.getElementById(id);
  const state = { tools: [], current: null, confirmation: null };

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([k, v]) => node.setAttribute(k, v));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // A property's concrete schema: the non-null branch of anyOf, plus whether null is allowed.
  function concrete(schema) {
    if (schema.anyOf) {
      const branch = schema.anyOf.find((s) => s.type !== "null") || {};
      return { schema: Object.assign({}, branch, { description: schema.description }), nullable: true };
    }
    if (Array.isArray(schema.type)) {
      return { schema: Object.assign({}, schema, { type: schema.type.find((t) => t !== "null") }), nullable: true };
    }
    return { schema, nullable: false };
  }

  function fieldFor(name, raw, required) {
    const { schema } = concrete(raw);
    const id = "f-" + name;
    let input;
    if (schema.enum) {
      input = el("select", { id });
      if (!required) input.append(new Option("—", ""));
      schema.enum.forEach((v) => input.append(new Option(String(v), String(v))));
      if (raw.default !== undefined && raw.default !== null) input.value = String(raw.default);
    } else if (schema.type === "boolean") {
      input = el("input", { id, type: "checkbox" });
      input.checked = raw.default === true;
    } else if (schema.type === "integer" || schema.type === "number") {
      input = el("input", { id, type: "number" });
      if (raw.default !== undefined && raw.default !== null) input.value = String(raw.default);
    } else if (schema.type === "array") {
      input = el("input", { id, placeholder: "a, b, c" });
    } else {
      input = el("input", { id, type: "text" });
      if (schema.maxLength) input.maxLength = schema.maxLength;
    }
    input.dataset.name = name;
    input.dataset.kind = schema.enum ? "enum" : schema.type || "string";
    input.addEventListener("input", syncJson);
    input.addEventListener("change", syncJson);
    const label = el("label", { for: id }, name + (required ? " *" : ""));
    const nodes = [label, input];
    if (schema.description) nodes.push(el("span", { class: "hint" }, schema.description));
    return nodes;
  }

  function formArguments() {
    const args = {};
    $("fields").querySelectorAll("[data-name]").forEach((input) => {
      const name = input.dataset.name;
      const kind = input.dataset.kind;
      if (kind === "boolean") args[name] = input.checked;
      else if (input.value === "") return;
      else if (kind === "integer" || kind === "number") args[name] = Number(input.value);
      else if (kind === "array") args[name] = input.value.split(",").map((s) => s.trim()).filter(Boolean);
      else args[name] = input.value;
    });
    return args;
  }

  function syncJson() { $("args-json").value = JSON.stringify(formArguments(), null, 2); }

  function selectTool() {
    const tool = state.tools.find((t) => t.name === $("tool").value);
    state.current = tool || null;
    state.confirmation = null;
    const fields = $("fields");
    fields.replaceChildren();
    if (!tool) return;
    $("tool-description").textContent = tool.description || "";
    const meta = tool._meta || {};
    $("tool-meta").textContent = "v" + (meta.version || "?") + " · " + (meta.kind || "?") +
      (meta.phi ? " · PHI" : "") + (meta.confirm ? " · confirm" : "");
    const schema = tool.inputSchema || {};
    const required = new Set(schema.required || []);
    Object.entries(schema.properties || {}).forEach(([name, prop]) => {
      fieldFor(name, prop, required.has(name)).forEach((node) => fields.append(node));
    });
    syncJson();
  }

  async function loadTools() {
    sessionStorage.setItem("pharmai.staffKey", $("key").value);
    const response = await fetch("/v1/tools?format=mcp", { headers: { Authorization: "Bearer " + $("key").value } });
    const body = await response.json();
    if (!response.ok) {
      $("envelope").textContent = JSON.stringify(body, null, 2);
      return;
    }
    state.tools = body.tools || [];
    const select = $("tool");
    select.replaceChildren();
    state.tools.forEach((t) => select.append(new Option(t.name, t.name)));
    selectTool();
    document.body.dataset.ready = "1";
  }

  async function run(event) {
    event.preventDefault();
    if (!state.current) return;
    let args;
    try {
      args = JSON.parse($("args-json").value || "{}");
    } catch (err) {
      $("envelope").textContent = String(err);
      return;
    }
    const body = { arguments: args, language: $("language").value };
    if ($("user").value.trim()) body.user_id = $("user").value.trim();
    const started = performance.now();
    const response = await fetch("/v1/tools/" + encodeURIComponent(state.current.name) + "/invoke", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Bearer " + $("key").value },
      body: JSON.stringify(body),
    });
    const roundTrip = Math.round(performance.now() - started);
    const envelope = await response.json();
    $("envelope").textContent = JSON.stringify(envelope, null, 2);
    const executed = envelope.execution_time_ms !== undefined ? envelope.execution_time_ms + " ms" : "—";
    $("time").textContent = executed + " (HTTP " + response.status + ", " + roundTrip + " ms)";
  }

  document.addEventListener("DOMContentLoaded", () => {
    I.setLanguage(I.language);
    $("lang-toggle").addEventListener("click", () => I.setLanguage(I.language === "he" ? "en" : "he"));
    $("key").value = sessionStorage.getItem("pharmai.staffKey") || "";
    $("load").addEventListener("click", loadTools);
    $("tool").addEventListener("change", selectTool);
    $("tool-form").addEventListener("submit", run);
    if ($("key").value) loadTools();
  });
})();
