"""Surrogates that let audit rows and confirmations refer to people and conversations without naming them."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from typing import Any

from pharmai.settings import get_settings
from pharmai.tools._context import Actor, Principal

__all__ = ["SurrogateRefs", "args_hash", "canonical_json", "safe_label"]

_LABEL_RE = re.compile(r"^[a-zA-Z0-9_.-]{1,64}$")
#: Used only when the deployment sets no secret; documented in docs/tools.md as unfit for production.
_DEV_SECRET = "pharmai-development-audit-secret"


class SurrogateRefs:
    """HMAC-SHA256 references for principals: stable per deployment, useless without the secret.

    Args:
        secret: The per-deployment secret (default: ``PHARMAI_AUDIT_SECRET``, else a development value).
    """

    def __init__(self, secret: str | bytes | None = None) -> None:
        secret = secret if secret is not None else (get_settings().audit_secret or _DEV_SECRET)
        self._key = secret.encode() if isinstance(secret, str) else secret

    def ref(self, principal: Principal | None) -> str | None:
        """The principal's surrogate (32 hex characters), or ``None`` for nobody."""
        if principal is None or principal.id is None or principal.kind == "none":
            return None
        digest = hmac.new(self._key, f"{principal.kind}:{principal.id}".encode(), hashlib.sha256)
        return digest.hexdigest()[:32]

    def actor(self, actor: Actor | None) -> str | None:
        """A member of staff's surrogate (32 hex characters), or ``None`` when no staff made the call.

        Keyed by the account's id, never its username, so an audit row names nobody to its reader yet
        every row of one account carries the same value.
        """
        if actor is None:
            return None
        digest = hmac.new(self._key, f"actor:{actor.id}".encode(), hashlib.sha256)
        return digest.hexdigest()[:32]

    def conversation(self, conversation_id: str) -> str:
        """A conversation's surrogate (32 hex characters), for records that must not hold the id itself.

        Where a conversation id is also what resumes the conversation (an MCP token), an audit row or a
        confirmation that stored it would hand out a credential to anyone who reads them.
        """
        digest = hmac.new(self._key, f"conversation:{conversation_id}".encode(), hashlib.sha256)
        return digest.hexdigest()[:32]


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no spaces: the same arguments always give the same text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def args_hash(tool: str, version: str, arguments: Any) -> str:
    """SHA-256 binding a tool, its version and its canonical arguments."""
    return hashlib.sha256(canonical_json([tool, version, arguments]).encode()).hexdigest()


def safe_label(value: object) -> str:
    """``value`` if it looks like an identifier, else ``"?"`` — so free text never reaches audit or logs."""
    return value if isinstance(value, str) and _LABEL_RE.match(value) else "?"
