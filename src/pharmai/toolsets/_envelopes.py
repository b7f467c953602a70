"""The envelopes of the seed contracts, each a rendering of the same :class:`ToolOutcome`.

Seed 000 answers ``ok`` / ``error {code, message}``; seed 001 ``success`` / ``error_code`` /
``error_message`` with its own, coarser codes; seed 002 ``ok`` / ``error_code``. Runtime refusals
(rate limits, confirmation) keep their canonical codes where a seed has no equivalent, so a client
can still act on them.
"""

from __future__ import annotations

from typing import Any

from pharmai.tools import ToolOutcome

__all__ = ["Seed000Envelope", "Seed001Envelope", "Seed002Envelope"]

# Seed 001 knows NOT_FOUND, AMBIGUOUS, INVALID_STATE, UNAUTHORIZED and INTERNAL.
_SEED001_CODES = {
    "MED_NOT_FOUND": "NOT_FOUND",
    "MISSING_MEDICATION_QUERY": "NOT_FOUND",
    "PRESCRIPTION_NOT_FOUND": "NOT_FOUND",
    "STORE_NOT_FOUND": "NOT_FOUND",
    "NOT_FOUND": "NOT_FOUND",
    "AMBIGUOUS": "AMBIGUOUS",
    "VALIDATION_ERROR": "INVALID_STATE",
    "TOOL_NOT_FOUND": "INVALID_STATE",
    "IDENTITY_REQUIRED": "UNAUTHORIZED",
    "FORBIDDEN": "UNAUTHORIZED",
    "PATIENT_NOT_FOUND": "UNAUTHORIZED",
    "AUTH_FAILED": "UNAUTHORIZED",
    "DB_ERROR": "INTERNAL",
    "INTERNAL": "INTERNAL",
}
# Codes of the runtime that every client must be able to act on, whatever the seed.
_PASS_THROUGH = frozenset(
    {"RATE_LIMITED", "CONFIRMATION_REQUIRED", "CONFIRMATION_DENIED", "TIMEOUT", "SERVICE_UNAVAILABLE"}
)

# Seed 002 knows MISSING_MEDICATION_QUERY, MED_NOT_FOUND, MISSING_USER_ID and USER_NOT_FOUND.
_SEED002_CODES = {
    "IDENTITY_REQUIRED": "MISSING_USER_ID",
    "PATIENT_NOT_FOUND": "USER_NOT_FOUND",
    "FORBIDDEN": "USER_NOT_FOUND",
    "AMBIGUOUS": "MED_NOT_FOUND",
}


_NO_USER = {
    "en": "No user is selected. Please choose a user first (in the demo: from the list).",
    "he": "לא נבחר משתמש. נא לבחור משתמש קודם (בהדגמה: מהרשימה).",
}


def _retry(outcome: ToolOutcome) -> dict[str, Any]:
    details = outcome.error.details if outcome.error is not None else None
    extra: dict[str, Any] = {}
    if details and "retry_after" in details:
        extra["retry_after"] = details["retry_after"]
    if details and "confirmation_id" in details:
        extra["confirmation"] = dict(details)
    return extra


class Seed000Envelope:
    """``{"ok": true, "error": null, ...}`` / ``{"ok": false, "error": {"code", "message"}}``."""

    def render(self, outcome: ToolOutcome) -> dict[str, Any]:
        """Render ``outcome`` the way seed 000 specifies."""
        if outcome.error is None:
            return {"ok": True, "error": None, **(outcome.payload or {})}
        error = {"code": outcome.error.code, "message": outcome.error.message(outcome.language)}
        return {"ok": False, "error": error, **_retry(outcome)}


class Seed001Envelope:
    """``{"success": true, ...}`` / ``{"success": false, "error_code", "error_message", "query"?, …}``."""

    def render(self, outcome: ToolOutcome) -> dict[str, Any]:
        """Render ``outcome`` the way seed 001 specifies."""
        if outcome.error is None:
            # One output model serves both actions of prescription_management; drop the other's nulls.
            payload = {k: v for k, v in (outcome.payload or {}).items() if v is not None}
            return {"success": True, **payload}
        error = outcome.error
        code = error.code if error.code in _PASS_THROUGH else _SEED001_CODES.get(error.code, "INTERNAL")
        body: dict[str, Any] = {"success": False, "error_code": code, "error_message": error.message(outcome.language)}
        details = error.details or {}
        if error.code == "MISSING_MEDICATION_QUERY":
            # Seed 001: an empty name is NOT_FOUND with this message and no query field.
            body["error_message"] = (
                "Medication name cannot be empty" if outcome.language == "en" else "יש לציין שם תרופה"
            )
        elif details.get("query"):
            body["query"] = details["query"]
        if error.code == "AMBIGUOUS":
            body["suggestions"] = list(details.get("suggestions") or [])
        return {**body, **_retry(outcome)}


class Seed002Envelope:
    """``{"ok": true, ...}`` / ``{"ok": false, "error_code", "message"}``."""

    def render(self, outcome: ToolOutcome) -> dict[str, Any]:
        """Render ``outcome`` the way seed 002 specifies."""
        if outcome.error is None:
            return {"ok": True, **(outcome.payload or {})}
        error = outcome.error
        code = _SEED002_CODES.get(error.code, error.code)
        body: dict[str, Any] = {"ok": False, "error_code": code, "message": error.message(outcome.language)}
        if code == "MISSING_USER_ID":
            # Seed 002's demo picks the user from a dropdown; say so rather than ask for a code.
            body["message"] = _NO_USER[outcome.language if outcome.language in _NO_USER else "en"]
        if error.code == "AMBIGUOUS":
            body["suggestions"] = list((error.details or {}).get("suggestions") or [])
        return {**body, **_retry(outcome)}
