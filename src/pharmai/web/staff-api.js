// The staff console's requests: JSON with the session cookie, the session's CSRF token on unsafe methods
// (docs/staff-api.md), errors as the server's localized message or a sentence of our own.
"use strict";

window.PharmaiStaffApi = (function () {
  const I = window.PharmaiI18n;
  const session = { csrf: null, onExpired: null };

  class ApiError extends Error {
    constructor(status, error) {
      super(status ? "http " + status : "offline");
      this.status = status; // 0: no answer at all
      this.error = error; // the API's {code, message, details}, when it answered one
    }
  }

  /** Use `csrf` on unsafe requests; `onExpired` runs when the server no longer knows the session. */
  function use(csrf, onExpired) {
    session.csrf = csrf || null;
    session.onExpired = onExpired || null;
  }

  /** What to show for a failed request, in the page's language. */
  function message(err) {
    if (err instanceof ApiError && err.error && err.error.message) return err.error.message; // localized
    return I.t(err instanceof ApiError && !err.status ? "error_offline" : "error_generic");
  }

  /**
   * Send one request and return its JSON answer (null for 204).
   * @throws {ApiError}
   */
  async function request(method, path, body) {
    const headers = { "Accept-Language": I.language };
    if (method !== "GET" && session.csrf) headers["X-CSRF-Token"] = session.csrf;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let response;
    try {
      response = await fetch(path, {
        method, headers, cache: "no-store", credentials: "same-origin",
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (_err) {
      throw new ApiError(0, null);
    }
    let data = null;
    try { data = response.status === 204 ? null : await response.json(); } catch (_ignored) { /* not JSON */ }
    if (!response.ok) {
      if (response.status === 401 && session.csrf && session.onExpired) session.onExpired();
      throw new ApiError(response.status, data && data.error);
    }
    return data;
  }

  /** The headers of an unsafe request made outside `request` (a streamed turn): language and CSRF token. */
  function unsafeHeaders() {
    const headers = { "Accept-Language": I.language };
    if (session.csrf) headers["X-CSRF-Token"] = session.csrf;
    return headers;
  }

  /** The session ended (the server answered 401 to a request made outside `request`). */
  function expired() {
    if (session.csrf && session.onExpired) session.onExpired();
  }

  function ticketPath(id, action) {
    return "/v1/staff/tickets/" + encodeURIComponent(id) + (action ? "/" + action : "");
  }

  return { request, use, message, ticketPath, unsafeHeaders, expired, ApiError };
})();
