"""Confirmation of write tools through MCP elicitation.

A confirm-marked tool first answers ``CONFIRMATION_REQUIRED``. When the client can show a form, the
server asks the person right away: a standalone ``elicitation/create`` request on the handshake
protocols (2025-11-25 and older), or an ``input_required`` result that the client answers by retrying
the call (2026-07-28). An explicit yes approves the stored call, a no (or a declined form) denies it; a
dismissed form leaves the confirmation pending so it can still be approved elsewhere (web or API).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

import mcp_types as types

from pharmai.mcp._texts import APPROVE_DESCRIPTION, APPROVE_TITLE, CONFIRM_PROMPT, text

__all__ = ["CONFIRM_KEY", "Decision", "PendingState", "decision_of", "elicit_request", "supports_form"]

#: The key of the confirmation question in ``input_requests`` / ``input_responses``.
CONFIRM_KEY = "pharmai_confirm"

Decision = Literal["approve", "deny", "pending"]


def supports_form(capabilities: types.ClientCapabilities | None) -> bool:
    """True when the client declared form elicitation (a bare ``elicitation: {}`` means form)."""
    elicitation = capabilities.elicitation if capabilities is not None else None
    return elicitation is not None and (elicitation.form is not None or elicitation.url is None)


def _schema(language: str) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "approve": {
                "type": "boolean",
                "title": text(APPROVE_TITLE, language),
                "description": text(APPROVE_DESCRIPTION, language),
            }
        },
        "required": ["approve"],
    }


def elicit_params(summary: str, language: str) -> types.ElicitRequestFormParams:
    """The form that asks the person to approve ``summary`` (already in ``language``)."""
    message = f"{text(CONFIRM_PROMPT, language)}\n{summary}"
    return types.ElicitRequestFormParams(message=message, requested_schema=_schema(language))


def elicit_request(summary: str, language: str) -> types.ElicitRequest:
    """The same form as an ``elicitation/create`` request (embedded in an ``input_required`` result)."""
    return types.ElicitRequest(params=elicit_params(summary, language))


def decision_of(result: object) -> Decision:
    """What an elicitation answer means: only an accepted form with ``approve: true`` approves."""
    if not isinstance(result, types.ElicitResult):
        return "pending"
    if result.action == "accept":
        content = result.content or {}
        return "approve" if content.get("approve") is True else "deny"
    if result.action == "decline":
        return "deny"
    return "pending"


@dataclass(frozen=True)
class PendingState:
    """What the server needs to resume a call after an ``input_required`` round (sealed by the SDK).

    Attributes:
        confirmation_id: The pending confirmation.
        conversation_id: The conversation that proposed it.
        details: The ``CONFIRMATION_REQUIRED`` details, to answer again if the form is dismissed.
    """

    confirmation_id: str
    conversation_id: str
    details: dict[str, Any]

    def dump(self) -> str:
        """The plaintext state (the SDK's request-state boundary encrypts and signs it)."""
        return json.dumps({"c": self.confirmation_id, "v": self.conversation_id, "d": self.details}, default=str)

    @classmethod
    def load(cls, raw: str) -> PendingState | None:
        """Parse state this server minted; ``None`` when it is not ours."""
        try:
            data = json.loads(raw)
            state = cls(str(data["c"]), str(data["v"]), dict(data["d"]))
        except (ValueError, KeyError, TypeError):
            return None
        return state
