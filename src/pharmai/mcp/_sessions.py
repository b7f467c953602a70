"""Which conversation and which patient an MCP request acts for.

The principal always comes from the server side: a stdio server started for one trusted patient, or a
patient bound by a successful ``verify_customer_identity`` call in this conversation. A conversation is
an MCP connection (legacy protocol: one per ``initialize``), or, for the per-request 2026 protocol that
has no connections, a server-minted token the client echoes in ``_meta`` (as unguessable as an API
conversation token; an unknown token simply starts a new, anonymous conversation).
"""

from __future__ import annotations

import secrets
import threading
import time
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from pharmai.tools import Principal

__all__ = ["CONVERSATION_META_KEY", "Conversation", "Conversations"]

#: The ``_meta`` key that carries the conversation token in both directions.
CONVERSATION_META_KEY = "pharmai/conversation"

_MAX_TOKEN = 64


@dataclass
class Conversation:
    """One MCP conversation.

    Attributes:
        id: The conversation id (audit rows, confirmations and rate limits are keyed by it).
        principal: Who the conversation acts for.
        touched: Monotonic time of the last use (idle conversations are dropped first).
    """

    id: str
    principal: Principal = field(default_factory=Principal.anonymous)
    touched: float = field(default_factory=time.monotonic)


class Conversations:
    """The server's conversations, bounded in number and idle time.

    Args:
        trusted_patient: When set, every request acts for this patient in one conversation (stdio).
        max_conversations: Least recently used conversations beyond this are forgotten.
        idle_seconds: Conversations idle for longer are forgotten.
    """

    def __init__(
        self, *, trusted_patient: str | None = None, max_conversations: int = 10_000, idle_seconds: float = 3600.0
    ) -> None:
        self.trusted_patient = trusted_patient
        self._max = max_conversations
        self._idle = idle_seconds
        self._lock = threading.Lock()
        self._by_id: OrderedDict[str, Conversation] = OrderedDict()
        # Legacy connections are keyed by their session object, so a closed connection frees its entry.
        self._by_connection: weakref.WeakKeyDictionary[Any, str] = weakref.WeakKeyDictionary()
        self._trusted = (
            Conversation(_new_id(), Principal.patient(trusted_patient)) if trusted_patient is not None else None
        )

    def resolve(self, *, connection: Any | None, token: object = None) -> Conversation:
        """The conversation of a request.

        Args:
            connection: The legacy connection's session object, or ``None`` (2026 per-request protocol).
            token: The conversation token the client sent in ``_meta`` (anything; only a known id counts).
        """
        if self._trusted is not None:
            self._trusted.touched = time.monotonic()
            return self._trusted
        with self._lock:
            self._expire()
            if isinstance(token, str) and 0 < len(token) <= _MAX_TOKEN and token in self._by_id:
                return self._use(token)
            if connection is not None:
                known = self._by_connection.get(connection)
                if known is not None and known in self._by_id:
                    return self._use(known)
            conversation = Conversation(_new_id())
            self._by_id[conversation.id] = conversation
            if connection is not None:
                self._by_connection[connection] = conversation.id
            while len(self._by_id) > self._max:
                self._by_id.popitem(last=False)
            return conversation

    def get(self, conversation_id: str) -> Conversation | None:
        """A known conversation by id (the trusted one included)."""
        if self._trusted is not None:
            return self._trusted if conversation_id == self._trusted.id else None
        with self._lock:
            return self._by_id.get(conversation_id)

    def bind(self, conversation: Conversation, principal: Principal) -> None:
        """Record the patient a successful AUTH call verified (never changes a trusted conversation)."""
        if conversation is self._trusted:
            return
        conversation.principal = principal

    def _use(self, conversation_id: str) -> Conversation:
        self._by_id.move_to_end(conversation_id)
        conversation = self._by_id[conversation_id]
        conversation.touched = time.monotonic()
        return conversation

    def _expire(self) -> None:
        limit = time.monotonic() - self._idle
        while self._by_id:
            oldest = next(iter(self._by_id.values()))
            if oldest.touched >= limit:
                break
            self._by_id.popitem(last=False)


def _new_id() -> str:
    return "mcp_" + secrets.token_urlsafe(18)
