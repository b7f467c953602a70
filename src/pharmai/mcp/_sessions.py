"""Which conversation and which patient an MCP request acts for.

The principal always comes from the server side: a stdio server started for one trusted patient, or a
patient bound by a successful ``verify_customer_identity`` call in this conversation. Where a request
belongs to a session, the session *is* the conversation:

- stdio: one process serves one client, so it holds one conversation;
- streamable HTTP with the handshake protocols: the transport's MCP session id (``mcp-session-id``) maps
  to one conversation, so a client that never echoes ``_meta`` can still ask for a code and verify it;
- the per-request 2026 protocol has no session: there the client echoes a server-minted token in
  ``_meta`` (as unguessable as an API conversation token; an unknown one starts a new, anonymous
  conversation).

The token returned in ``_meta`` is information for session-bound conversations: a token sent from
another session, or from a sessionless request, that names a session's conversation is ignored, never
adopted. Records (audit rows, confirmations, limits) name a conversation by a keyed surrogate, never by
the token.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from pharmai.tools import Principal

__all__ = ["CONVERSATION_META_KEY", "Conversation", "Conversations"]

#: The ``_meta`` key that carries the conversation token in both directions.
CONVERSATION_META_KEY = "pharmai/conversation"

_MAX_TOKEN = 64


@dataclass
class Conversation:
    """One MCP conversation.

    Attributes:
        id: The token clients see in ``_meta`` (a credential only for a sessionless conversation).
        principal: Who the conversation acts for.
        session: The MCP session the conversation belongs to; ``None`` for a sessionless one.
        touched: Monotonic time of the last use (idle conversations are dropped first).
    """

    id: str
    principal: Principal = field(default_factory=Principal.anonymous)
    session: str | None = None
    touched: float = field(default_factory=time.monotonic)


class Conversations:
    """The server's conversations, bounded in number and idle time.

    Args:
        trusted_patient: When set, every request acts for this patient in one conversation (stdio).
        single: Every request belongs to one conversation (stdio: one process is one session).
        max_conversations: Least recently used conversations beyond this are forgotten.
        idle_seconds: Conversations idle for longer are forgotten.
    """

    def __init__(
        self,
        *,
        trusted_patient: str | None = None,
        single: bool = False,
        max_conversations: int = 10_000,
        idle_seconds: float = 3600.0,
    ) -> None:
        self.trusted_patient = trusted_patient
        self._max = max_conversations
        self._idle = idle_seconds
        self._lock = threading.Lock()
        self._by_id: OrderedDict[str, Conversation] = OrderedDict()
        self._by_session: dict[str, str] = {}
        self._only: Conversation | None = None
        if trusted_patient is not None:
            self._only = Conversation(_new_id(), Principal.patient(trusted_patient))
        elif single:
            self._only = Conversation(_new_id())

    def resolve(self, *, session: str | None, token: object = None) -> Conversation:
        """The conversation of a request.

        Args:
            session: The MCP session the request arrived in, as the transport verified it, or ``None``
                when there is none (2026 per-request protocol, in-process clients).
            token: The conversation token the client sent in ``_meta`` (anything). It is read only for
                a sessionless request, and only a known sessionless conversation's token counts.
        """
        if self._only is not None:
            self._only.touched = time.monotonic()
            return self._only
        with self._lock:
            self._expire()
            if session is not None:
                # In a session the session is the credential; a token, even a valid one, is not read.
                known = self._by_session.get(session)
                return self._use(known) if known is not None else self._new(session)
            if isinstance(token, str) and 0 < len(token) <= _MAX_TOKEN:
                found = self._by_id.get(token)
                if found is not None and found.session is None:
                    return self._use(token)
            return self._new(None)

    def get(self, conversation_id: str) -> Conversation | None:
        """A known conversation by id (the process's own included)."""
        if self._only is not None:
            return self._only if conversation_id == self._only.id else None
        with self._lock:
            return self._by_id.get(conversation_id)

    def bind(self, conversation: Conversation, principal: Principal) -> None:
        """Record the patient a successful AUTH call verified (never changes a trusted conversation)."""
        if self.trusted_patient is not None and conversation is self._only:
            return
        conversation.principal = principal

    def _new(self, session: str | None) -> Conversation:
        conversation = Conversation(_new_id(), session=session)
        self._by_id[conversation.id] = conversation
        if session is not None:
            self._by_session[session] = conversation.id
        while len(self._by_id) > self._max:
            self._forget()
        return conversation

    def _use(self, conversation_id: str) -> Conversation:
        self._by_id.move_to_end(conversation_id)
        conversation = self._by_id[conversation_id]
        conversation.touched = time.monotonic()
        return conversation

    def _forget(self) -> None:
        _, oldest = self._by_id.popitem(last=False)
        if oldest.session is not None:
            self._by_session.pop(oldest.session, None)

    def _expire(self) -> None:
        limit = time.monotonic() - self._idle
        while self._by_id:
            oldest = next(iter(self._by_id.values()))
            if oldest.touched >= limit:
                break
            self._forget()


def _new_id() -> str:
    return "mcp_" + secrets.token_urlsafe(18)
