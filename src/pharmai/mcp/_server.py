"""The MCP server: the active profile's tools, run by the one executor, as an SDK low-level ``Server``."""

from __future__ import annotations

import functools
import hashlib
import json
import logging
from typing import Any

import anyio.to_thread
import mcp_types as types
from mcp.server import Server, ServerRequestContext
from mcp.server.request_state import RequestStateBoundary, RequestStateSecurity
from mcp.server.streamable_http import MCP_SESSION_ID_HEADER
from mcp_types.version import is_version_at_least

from pharmai import __version__
from pharmai.clock import Clock
from pharmai.errors import ConfirmationDenied, ConfirmationRequired
from pharmai.mcp._auth import actor_of
from pharmai.mcp._confirm import (
    CONFIRM_KEY,
    PendingState,
    decision_of,
    elicit_params,
    elicit_request,
    supports_form,
)
from pharmai.mcp._sessions import CONVERSATION_META_KEY, Conversation, Conversations
from pharmai.mcp._texts import INSTRUCTIONS, text
from pharmai.tools import Actor, Executor, ToolCall, ToolContext, ToolOutcome, ToolSpec, to_mcp

__all__ = ["SERVER_NAME", "build_server"]

logger = logging.getLogger(__name__)

SERVER_NAME = "pharmai"
_INPUT_REQUIRED_VERSION = "2026-07-28"
_LANGUAGES = ("he", "en")


def _state_security(secret: str | None) -> RequestStateSecurity:
    # With a deployment secret every worker can resume another's input_required round; without one
    # the key lives in this process only (fine for stdio and a single HTTP worker).
    if not secret:
        return RequestStateSecurity.ephemeral(audience=SERVER_NAME)
    key = hashlib.sha256(b"pharmai/mcp/request-state:" + secret.encode()).hexdigest()
    return RequestStateSecurity(keys=[key], bind_principal=None, audience=SERVER_NAME)


class _ToolServer:
    """The request handlers; one instance per server, shared by every connection."""

    def __init__(
        self,
        executor: Executor,
        conversations: Conversations,
        *,
        language: str,
        clock: Clock,
        extras: dict[str, Any],
        actor: Actor | None = None,
    ) -> None:
        self.executor = executor
        self.actor = actor
        self.conversations = conversations
        self.language = language
        self.clock = clock
        self.extras = extras
        specs = executor.registry.specs()
        self.tools = [types.Tool.model_validate(_listed(spec, language)) for spec in specs]
        #: The tools that take a ``language`` argument.
        self.localized = frozenset(spec.name for spec in specs if "language" in spec.input_model.model_fields)

    async def list_tools(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        return types.ListToolsResult(tools=self.tools)

    async def call_tool(
        self, ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult | types.InputRequiredResult:
        arguments: dict[str, Any] = dict(params.arguments or {})
        language = arguments.get("language")
        language = language if language in _LANGUAGES else self.language
        if "language" not in arguments and params.name in self.localized:
            # Tool texts follow the tool's own language argument (the contract): a call that names none
            # gets the server's language (``pharmai mcp --language he``), not the argument's English default.
            arguments["language"] = language
        modern = is_version_at_least(ctx.protocol_version, _INPUT_REQUIRED_VERSION)
        if modern and params.request_state is not None:
            return await self._resume(ctx, params, language)
        token = (params.meta or {}).get(CONVERSATION_META_KEY)
        conversation = self.conversations.resolve(session=None if modern else _session_id(ctx), token=token)
        context = self._context(conversation, language, ctx)
        outcome = await self._run(self.executor.execute, ToolCall(name=params.name, arguments=arguments), context)
        confirmation = outcome.confirmation
        if confirmation is None or not supports_form(ctx.session.client_capabilities):
            return self._result(outcome, conversation)
        summary = str(confirmation.get("summary", ""))
        if modern:
            state = PendingState(str(confirmation["confirmation_id"]), conversation.id, confirmation)
            return types.InputRequiredResult(
                input_requests={CONFIRM_KEY: elicit_request(summary, language)}, request_state=state.dump()
            )
        try:
            answer: object = await ctx.session.elicit_form(
                message=elicit_params(summary, language).message,
                requested_schema=elicit_params(summary, language).requested_schema,
                related_request_id=ctx.request_id,
            )
        except Exception as exc:  # the client failed to answer: the confirmation stays pending
            logger.info("elicitation failed: %s", type(exc).__name__)
            answer = None
        return await self._decide(answer, str(confirmation["confirmation_id"]), conversation, context, outcome)

    async def _resume(
        self, ctx: ServerRequestContext[Any], params: types.CallToolRequestParams, language: str
    ) -> types.CallToolResult | types.InputRequiredResult:
        # The SDK's boundary has verified and decrypted the state, so it is ours and bound to this call.
        state = PendingState.load(params.request_state or "")
        if state is None:
            conversation = self.conversations.resolve(session=None)
            unknown = ConfirmationDenied({"reason": "not_found"})
            return self._result(ToolOutcome("?", params.name, language=language, error=unknown), conversation)
        conversation = self.conversations.get(state.conversation_id) or Conversation(state.conversation_id)
        context = self._context(conversation, language, ctx)
        answer = (params.input_responses or {}).get(CONFIRM_KEY)
        if answer is None:
            summary = str(state.details.get("summary", ""))
            return types.InputRequiredResult(
                input_requests={CONFIRM_KEY: elicit_request(summary, language)}, request_state=state.dump()
            )
        pending = ToolOutcome(
            tool_call_id="?",
            tool_name=params.name,
            conversation_id=context.conversation_id,
            language=language,
            error=ConfirmationRequired(state.details),
        )
        return await self._decide(answer, state.confirmation_id, conversation, context, pending)

    async def _decide(
        self,
        answer: object,
        confirmation_id: str,
        conversation: Conversation,
        context: ToolContext,
        pending: ToolOutcome,
    ) -> types.CallToolResult:
        decision = decision_of(answer)
        if decision == "approve":
            outcome = await self._run(self.executor.approve, confirmation_id, context)
        elif decision == "deny":
            outcome = await self._run(self.executor.deny, confirmation_id, context)
        else:
            outcome = pending
        return self._result(outcome, conversation)

    async def _run(self, method: Any, first: Any, context: ToolContext) -> ToolOutcome:
        # The executor blocks (database, thread-pool deadline); keep the event loop free for other requests.
        outcome: ToolOutcome = await anyio.to_thread.run_sync(functools.partial(method, first, context))
        return outcome

    def _context(self, conversation: Conversation, language: str, ctx: ServerRequestContext[Any]) -> ToolContext:
        # Over HTTP the SDK hands over the request: calls count against its client address's budget.
        client = getattr(ctx.request, "client", None)
        return ToolContext(
            principal=conversation.principal,
            # Records (audit, confirmations, limits) get a keyed surrogate: the token itself may resume
            # a sessionless conversation, so no table may hold it.
            conversation_id=self.executor.refs.conversation(conversation.id),
            language=language,
            channel="mcp",
            db=self.executor.db,
            clock=self.clock,
            extras=dict(self.extras),
            client_address=getattr(client, "host", None),
            # Over HTTP, the member of staff this very request authenticated; over stdio, the process's.
            actor=actor_of(ctx.request) or self.actor,
        )

    def _result(self, outcome: ToolOutcome, conversation: Conversation) -> types.CallToolResult:
        if outcome.bind_principal is not None:
            self.conversations.bind(conversation, outcome.bind_principal)
        envelope = self.executor.render(outcome)
        content = [types.TextContent(type="text", text=json.dumps(envelope, ensure_ascii=False, default=str))]
        meta = {CONVERSATION_META_KEY: conversation.id}
        if outcome.ok:
            # Structured content is the payload, which is what the tool's output schema describes.
            return types.CallToolResult(content=content, structured_content=outcome.payload or {}, _meta=meta)
        return types.CallToolResult(content=content, structured_content=envelope, is_error=True, _meta=meta)


def _listed(spec: ToolSpec, language: str) -> dict[str, Any]:
    """The MCP listing of a tool, its human title in the server's language (descriptions stay the model's)."""
    tool = to_mcp(spec)
    if language == "he" and spec.title_he:
        tool["title"] = spec.title_he
        tool["annotations"] = {**tool["annotations"], "title": spec.title_he}
    return tool


def _session_id(ctx: ServerRequestContext[Any]) -> str | None:
    # Only for handshake-era requests over stateful HTTP: the SDK's session manager routed the request
    # to the transport of this very id (an unknown id answers 404 before any handler runs), so it names
    # the caller's own session. Per-request (2026) calls bypass sessions, so there it proves nothing and
    # the caller does not read it; stdio and in-process requests carry no HTTP request at all.
    headers = getattr(ctx.request, "headers", None)
    value = headers.get(MCP_SESSION_ID_HEADER) if headers is not None else None
    return value if isinstance(value, str) and value else None


def build_server(
    executor: Executor,
    *,
    conversations: Conversations | None = None,
    language: str = "en",
    clock: Clock | None = None,
    store_id: str | None = None,
    identity_mode: str = "otp",
    state_secret: str | None = None,
    actor: Actor | None = None,
) -> Server[Any]:
    """An MCP server exposing ``executor``'s registry; every call runs through ``executor``.

    Args:
        executor: The executor of the active profile (limits, audit and metrics hold for MCP calls).
        conversations: Where conversations and their verified patients live (default: a fresh store).
        language: The language of texts when a call names none.
        clock: The clock tool contexts carry (default: the real clock).
        store_id: The session's default store, if any.
        identity_mode: The identity mode tools see (``trusted`` for a stdio server bound to a patient).
        state_secret: Secret from which the key sealing ``input_required`` state is derived.
        actor: The member of staff every call acts as when the request names none (stdio started with a
            personal token); over HTTP each request's own authenticated actor wins.

    Returns:
        A low-level SDK ``Server`` for stdio, streamable HTTP or an in-process ``mcp.Client``.
    """
    extras: dict[str, Any] = {"identity_mode": identity_mode}
    if store_id is not None:
        extras["store_id"] = store_id
    handlers = _ToolServer(
        executor,
        conversations or Conversations(),
        language=language if language in _LANGUAGES else "en",
        clock=clock or Clock(),
        extras=extras,
        actor=actor,
    )
    server: Server[Any] = Server(
        SERVER_NAME,
        version=__version__,
        title="pharmai",
        instructions=text(INSTRUCTIONS, language),
        on_list_tools=handlers.list_tools,
        on_call_tool=handlers.call_tool,
    )
    server.middleware.append(RequestStateBoundary(_state_security(state_secret), default_audience=SERVER_NAME))
    return server
