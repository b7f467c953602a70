"""The conversation loop: one turn = the user's message → the engine's tool calls → the guarded reply.

The loop owns everything an engine must not decide: the session and its patient, persistence (so any
worker can continue any conversation), the per-turn step cap, confirmations (a "yes" / "no" to a pending
one, or an explicit approve / deny, is resolved here through the executor, never by the engine) and the
policy guard, which runs on every final reply whatever engine wrote it.

Three safety rules hold here for every engine: a message naming two or more medications gets the
interaction check even when the engine skipped it (the guard then adds the "cannot be taken together"
warning on avoid), a red-flag message gets the urgent-care text first (the guard puts it there), and a
tool call that failed is said to have failed, never turned into a statement of absence (``_failures``).
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from pharmai import policy, tracing
from pharmai.agent import events
from pharmai.agent._failures import restate_failures, state_failures
from pharmai.agent._runner import DEFAULT_MAX_STEPS, TurnToolRunner
from pharmai.agent._safety import ensure_interaction_check, typed_names
from pharmai.agent.base import (
    AdviceVerdict,
    ConfirmationResolution,
    Engine,
    HistoryItem,
    SessionInfo,
    StepLimitReached,
    TurnInput,
)
from pharmai.agent.engines import mentions_for
from pharmai.agent.events import Event
from pharmai.agent.fallback import DISCARD_DRAFT
from pharmai.agent.store import LANGUAGES, ClientCap, ConversationStore, StoredConversation
from pharmai.clock import Clock
from pharmai.db.engine import Database
from pharmai.db.tool_stores import tool_stores
from pharmai.errors import InternalError, PharmaiError, ValidationFailed
from pharmai.nlu import spans_of
from pharmai.pharmacy.self_correction import drop_self_corrected
from pharmai.settings import Settings, get_settings
from pharmai.text.detect import reply_language
from pharmai.tools import Actor, Executor, Principal, RateLimiter, ToolContext
from pharmai.tools._privacy import SurrogateRefs, safe_label
from pharmai.toolsets import UnknownProfile, registry_for

__all__ = ["MAX_MESSAGE_LENGTH", "ConversationLoop"]

log = logging.getLogger(__name__)

#: Longer user messages are refused with ``VALIDATION_ERROR`` before anything runs.
MAX_MESSAGE_LENGTH = 4000
_MAX_ID = 64
# "yes the glucophage": words around the name of the product a confirmation is for, dropped with the name.
_NAMED_YES_ARTICLES = frozenset({"the", "my", "for", "of", "את", "ה", "של", "שלי", "-", "–"})
_NAMED_YES_PUNCTUATION = ".,!?;:'\"׳״"
_NAMED_YES_LENGTH = 80
_EMAIL = re.compile(r"\S+@\S+")
#: Messages read once at start-up (:meth:`ConversationLoop.warm`), one per language.
_WARM_UP = (("Is Advil in stock?", "en"), ("יש אקמול במלאי?", "he"))


def _language_of(message: str, default: str) -> str:
    # An email address is Latin letters whatever language its owner writes in ("המייל שלי dana@x.com").
    return reply_language(_EMAIL.sub(" ", message), default=default)


def _turn_outcome(span: Any, event: Event) -> None:
    # The final event says how the turn ended: its error code (a label), never the reply.
    if event.type == "error":
        span.set_attribute("pharmai.turn.outcome", "error")
        tracing.failed(span, safe_label(event.data.get("code")))
    elif event.type == "message.done":
        span.set_attribute("pharmai.turn.outcome", "ok")


_HELD_NOTICE = {
    "en": "Your message was passed to the pharmacist who is with you in this conversation.",
    "he": "ההודעה שלך הועברה לרוקח/ת שמשוחח/ת איתך בשיחה הזו.",
}


def _held_notice(language: str) -> str:
    """What a customer is told when a pharmacist, not the assistant, will answer their message."""
    return _HELD_NOTICE["he" if language == "he" else "en"]


def _loop_state(state: dict[str, Any]) -> dict[str, Any]:
    value = state.get("_loop")
    return dict(value) if isinstance(value, dict) else {}


class ConversationLoop:
    """Runs conversations with one engine over the tools of each conversation's profile.

    Args:
        db: The database (conversations, and the executor's confirmations and audit).
        engine: Writes the replies.
        settings: Rate limits, Redis URL, confirmation TTL (default: the process settings).
        clock: The clock for tools and timestamps (default: pinned to ``settings.today`` when set).
        executor: Use this executor for its registry's profile (tests); others are built on demand.
        max_steps: Tool calls an engine may make in one turn.
        audit: The executors' audit mode (``background`` or ``sync``).
    """

    def __init__(
        self,
        db: Database,
        engine: Engine,
        *,
        settings: Settings | None = None,
        clock: Clock | None = None,
        executor: Executor | None = None,
        max_steps: int = DEFAULT_MAX_STEPS,
        audit: str = "background",
    ) -> None:
        self.db = db
        self.engine = engine
        self.settings = settings or get_settings()
        self.clock = clock or Clock(self.settings.today)
        self.store = ConversationStore(db, self.clock)
        self.max_steps = max_steps
        self._audit = "sync" if audit == "sync" else "background"
        self._limiter: RateLimiter | None = None
        self._executors: dict[str, Executor] = {}
        self._owned: list[Executor] = []
        self._lock = threading.Lock()
        self._mentions = mentions_for(db)
        self._urgent_numbers = {
            "emergency": self.settings.emergency_number,
            "poison": self.settings.poison_center_number,
            "distress": self.settings.distress_line_number,
        }
        if executor is not None:
            self._executors[executor.registry.profile] = executor
        #: Called with the conversation id after a customer's message was stored for the member of staff
        #: holding the conversation (the HTTP API wakes the pharmacist's live stream with it).
        self.on_held_message: Callable[[str], None] | None = None

    # --- executors --------------------------------------------------------------------------------

    def executor_for(self, profile: str) -> Executor:
        """The executor of a tool profile (built once; every profile shares one rate limiter)."""
        with self._lock:
            return self._executor_for(profile)

    def _executor_for(self, profile: str) -> Executor:
        if profile not in self._executors:
            try:
                registry = registry_for(profile)
            except UnknownProfile:
                raise ValidationFailed([{"field": "profile", "reason": "unknown tool profile"}]) from None
            if self._limiter is None:
                self._limiter = RateLimiter.from_settings(self.settings)
            executor = Executor(
                registry,
                self.db,
                settings=self.settings,
                rate_limiter=self._limiter,
                **tool_stores(
                    self.db,
                    audit="sync" if self._audit == "sync" else "background",
                    spill_dir=self.settings.audit_spill_dir,
                ),
            )
            self._executors[profile] = executor
            self._owned.append(executor)
        return self._executors[profile]

    def warm(self) -> None:
        """Load the engine and read a message in each language, so no customer's first turn pays for it.

        A worker's first turn otherwise imports the engine and compiles the language layer's patterns
        (most of a second on a quiet machine); a server calls this before it accepts requests. Nothing is
        stored and no tool runs.
        """
        warm = getattr(self.engine, "warm", None)
        if callable(warm):
            warm()
        for message, language in _WARM_UP:
            policy.classify(message, language)

    def close(self) -> None:
        """Flush audit rows and stop the executors this loop built."""
        with self._lock:
            for executor in self._owned:
                executor.close()
            for profile in [p for p, e in self._executors.items() if e in self._owned]:
                del self._executors[profile]
            self._owned.clear()

    def __enter__(self) -> ConversationLoop:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- public API -------------------------------------------------------------------------------

    def open(self, session: SessionInfo, language: str = "he", *, cap: ClientCap | None = None) -> str:
        """Start a conversation.

        Args:
            session: Identity mode, store, profile, channel and — in ``demo`` / ``trusted`` mode only —
                the patient. An empty ``conversation_id`` gets a fresh one.
            language: The default reply language (``he`` or ``en``).
            cap: The opening client and its cap on open conversations (the HTTP API passes one).

        Returns:
            The conversation id.

        Raises:
            ValidationFailed: A malformed session, an unknown profile or language.
            StoreNotFound: No such store.
            PatientNotFound: No such patient.
            RateLimited: The client holds its cap of open conversations.
        """
        if isinstance(session, SessionInfo):
            self.executor_for(session.profile)
        return self.store.create(session, language=language, engine=getattr(self.engine, "name", "?"), cap=cap)

    def turn(
        self, conversation_id: str, message: str, *, client_address: str | None = None, actor: Actor | None = None
    ) -> Iterator[Event]:
        """Answer one user message; iterate the result to run the turn.

        A "yes" / "no" while a confirmation is pending approves / denies it first; the engine then writes
        the follow-up.

        Args:
            conversation_id: The conversation.
            message: The user's message.
            client_address: The network address the message came from (the turn's tool calls count
                against its budget); ``None`` where there is none.
            actor: The member of staff the entry point authenticated for this request (the staff console's
                assistant): the actor of the turn's tool calls. Customer entry points never pass one, so
                tools that declare staff roles are refused in their conversations.

        Raises:
            ValidationFailed: ``message`` is not a non-empty string of at most 4,000 characters (raised
                at once, before anything is stored).
            NotFound: No such conversation.
        """
        if (
            not isinstance(message, str)
            or not message.strip()
            or len(message) > MAX_MESSAGE_LENGTH
            or "\x00" in message  # no person types a NUL, and PostgreSQL text cannot store one
        ):
            raise ValidationFailed([{"field": "message", "reason": "must be 1 to 4000 characters of text"}])
        conversation, history, is_held = self.store.load_for_turn(conversation_id)
        if is_held:
            held = self._held(conversation, message)
            if held is not None:
                return held
        pending = _loop_state(conversation.state).get("pending")
        if isinstance(pending, dict) and (
            policy.is_yes(message) or policy.is_no(message) or self._yes_naming(message, pending)
        ):
            approve = not policy.is_no(message)
            resolve = (str(pending.get("id")), approve)
            return self._run(
                conversation, history, message, resolve=resolve, client_address=client_address, actor=actor
            )
        return self._run(conversation, history, message, client_address=client_address, actor=actor)

    def _yes_naming(self, message: str, pending: dict[str, Any]) -> bool:
        """ "yes the glucophage", "כן את הגלוקופאז'": a yes that names only the product the confirmation is for.

        The names are cut out and what is left must be a clear yes; a yes naming another product ("yes the
        nurofen") approves nothing (the engine asks which one is meant).
        """
        named = self._mentions(message) if len(message) <= _NAMED_YES_LENGTH else []
        if not named:
            return False
        summary = str(pending.get("summary") or "")
        wanted = {med for mention in self._mentions(summary) for med in mention.med_ids} if summary else set()
        if not wanted or any(not set(mention.med_ids) & wanted for mention in named):
            return False
        rest = message
        for mention in sorted(named, key=lambda m: -m.start):
            rest = rest[: mention.start] + " " + rest[mention.end :]
        words = [w for w in rest.split() if w.strip(_NAMED_YES_PUNCTUATION).lower() not in _NAMED_YES_ARTICLES]
        return bool(words) and policy.is_yes(" ".join(words))

    def approve(
        self,
        conversation_id: str,
        confirmation_id: str,
        *,
        client_address: str | None = None,
        actor: Actor | None = None,
    ) -> Iterator[Event]:
        """Approve a pending confirmation (the API's approve endpoint, ``/approve`` in the CLI).

        The stored call runs through the executor, which checks that the confirmation belongs to this
        conversation and patient, is pending and has not expired; the engine then writes the follow-up.

        Raises:
            ValidationFailed: ``confirmation_id`` is not a short string.
            NotFound: No such conversation.
        """
        return self._resolve(conversation_id, confirmation_id, approve=True, client_address=client_address, actor=actor)

    def deny(
        self,
        conversation_id: str,
        confirmation_id: str,
        *,
        client_address: str | None = None,
        actor: Actor | None = None,
    ) -> Iterator[Event]:
        """Deny a pending confirmation; nothing runs, the engine acknowledges."""
        return self._resolve(
            conversation_id, confirmation_id, approve=False, client_address=client_address, actor=actor
        )

    def pending_confirmation(self, conversation_id: str) -> dict[str, Any] | None:
        """The conversation's pending confirmation ``{id, tool, summary, expires_at}``, or ``None``."""
        pending = _loop_state(self.store.get(conversation_id).state).get("pending")
        if not isinstance(pending, dict):
            return None
        return {key: pending.get(key) for key in ("id", "tool", "summary", "expires_at")}

    def session(self, conversation_id: str) -> SessionInfo:
        """The conversation's current session (its patient once identity is verified)."""
        return self.store.get(conversation_id).session

    def transcript(self, conversation_id: str) -> dict[str, Any]:
        """The conversation in the transcript JSON of ``docs/interfaces.md``."""
        conversation = self.store.get(conversation_id)
        return {
            "conversation_id": conversation.conversation_id,
            "engine": conversation.engine,
            "turns": self.store.turns(conversation.conversation_id),
        }

    # --- the turn ---------------------------------------------------------------------------------

    def _resolve(
        self,
        conversation_id: str,
        confirmation_id: str,
        *,
        approve: bool,
        client_address: str | None,
        actor: Actor | None = None,
    ) -> Iterator[Event]:
        if not isinstance(confirmation_id, str) or not 0 < len(confirmation_id) <= _MAX_ID:
            raise ValidationFailed([{"field": "confirmation_id", "reason": "must be a confirmation id"}])
        conversation, history = self.store.load(conversation_id)
        return self._run(
            conversation, history, "", resolve=(confirmation_id, approve), client_address=client_address, actor=actor
        )

    def _held(self, conversation: StoredConversation, message: str) -> Iterator[Event] | None:
        # A person holds the conversation: the message is theirs to answer, and the assistant says nothing.
        default = conversation.language if conversation.language in LANGUAGES else "he"
        language = _language_of(message, default)
        seq = self.store.save_held_message(conversation.conversation_id, message, language)
        if seq is None:
            return None  # handed back in the meantime: the assistant answers after all
        if self.on_held_message is not None:
            self.on_held_message(conversation.conversation_id)
        done = events.Event(
            "message.done",
            {"reply": "", "language": language, "held": True, "notice": _held_notice(language)},
        )
        return iter((done,))

    def _context(
        self, conversation: StoredConversation, language: str, client_address: str | None, actor: Actor | None = None
    ) -> ToolContext:
        session = conversation.session
        return ToolContext(
            principal=Principal.patient(session.patient_id) if session.patient_id else Principal.anonymous(),
            conversation_id=session.conversation_id,
            language=language,
            channel=session.channel,
            db=self.db,
            clock=self.clock,
            extras={"store_id": session.store_id, "identity_mode": session.identity_mode},
            client_address=client_address,
            actor=actor,
        )

    def _run(
        self,
        conversation: StoredConversation,
        history: list[HistoryItem],
        message: str,
        *,
        resolve: tuple[str, bool] | None = None,
        client_address: str | None = None,
        actor: Actor | None = None,
    ) -> Iterator[Event]:
        turn = self._turn(conversation, history, message, resolve=resolve, client_address=client_address, actor=actor)
        if not tracing.enabled():
            return turn
        # The turn's span: its engine's model calls, tool executions and database work are its children.
        kind = "message" if message else ("approve" if resolve is not None and resolve[1] else "deny")

        def attributes() -> tracing.Attributes:  # built only when the turn's trace is recorded
            return {
                "gen_ai.operation.name": "invoke_agent",
                "gen_ai.agent.name": "pharmai",
                # The surrogate audit rows and logs use: the id itself resumes the conversation.
                "gen_ai.conversation.id": SurrogateRefs(self.settings.audit_secret).conversation(
                    conversation.conversation_id
                ),
                "pharmai.engine": safe_label(getattr(self.engine, "name", "?")),
                "pharmai.turn.kind": kind,
            }

        return tracing.iterate("invoke_agent pharmai", attributes, turn, on_item=_turn_outcome)

    def _turn(
        self,
        conversation: StoredConversation,
        history: list[HistoryItem],
        message: str,
        *,
        resolve: tuple[str, bool] | None = None,
        client_address: str | None = None,
        actor: Actor | None = None,
    ) -> Iterator[Event]:
        cid = conversation.conversation_id
        default = conversation.language if conversation.language in LANGUAGES else "he"
        language = _language_of(message, default) if message else default
        state = dict(conversation.state)
        loop_state = _loop_state(state)
        engine_state = {k: v for k, v in state.items() if k != "_loop"}
        session = conversation.session

        def bind(patient_id: str) -> None:
            nonlocal session
            # Persisted at once: a verified identity must survive even if the engine fails afterwards.
            self.store.set_patient(cid, patient_id)
            session = SessionInfo(
                session.conversation_id,
                patient_id,
                session.identity_mode,
                session.store_id,
                session.profile,
                session.channel,
            )

        runner = TurnToolRunner(
            self.executor_for(session.profile),
            self._context(conversation, language, client_address, actor),
            max_steps=self.max_steps,
            on_bind=bind,
        )
        resolution: ConfirmationResolution | None = None
        action: str | None = None
        if resolve is not None:
            confirmation_id, approved = resolve
            pending = loop_state.get("pending")
            runner.confirmation_source = pending if isinstance(pending, dict) else None
            result = runner.resolve(confirmation_id, approve=approved)
            resolution = ConfirmationResolution(approved=approved, result=result)
            # The confirmation's table decides: a call refused before the decision (a rate limit, Redis
            # down) left it pending, so it stays pending here and in the transcript, and a later "yes"
            # still approves it.
            if (
                self.store.confirmation_status(confirmation_id) != "pending"
                and isinstance(pending, dict)
                and pending.get("id") == confirmation_id
            ):
                loop_state.pop("pending", None)
            action = None if message else ("approve" if approved else "deny")
            yield from runner.drain()
        # The catalog's reading of the message, once: the model reads names as one word, and the safety net
        # below checks the medications it names together.
        found = self._mentions(message) if message else []
        # A name the message itself corrects ("lipitor... wait no, litorva") is not named: never checked or warned of.
        # The engine gets every mention: it drops the same names itself, and still knows the word was a name.
        named = drop_self_corrected(message, found)
        spans = spans_of(named)
        # The customer-side advice and red-flag rules are for customers: a member of staff asking for a CrCl
        # or about heart failure gets no refusal or urgent-care text (PHI rules, the guard and audit still run).
        verdict = policy.classify(message, language, spans) if message and actor is None else AdviceVerdict(False)
        if message and actor is None:
            # "he's 4" right after "my son swallowed my warfarin": the urgent-care text again, first.
            flags = policy.carried_red_flags(message, verdict.red_flags, loop_state.get("red_flags") or (), spans)
            if flags != verdict.red_flags:
                verdict = replace(verdict, red_flags=flags)
            loop_state["red_flags"] = list(flags)
        turn = TurnInput(
            message=message,
            language=language,
            session=session,
            history=history,
            state=engine_state,
            tools=runner,
            verdict=verdict,
            resolution=resolution,
            mentions=tuple(found) if message else None,
            today=self.clock.today(),
        )
        parts: list[str] = []
        failure: PharmaiError | None = None
        # An LLM engine replaces the state's "usage" when it records a turn: the transcript gets it then.
        usage_before = engine_state.get("usage")
        try:
            for delta in self.engine.respond(turn):
                yield from runner.drain()
                if delta is DISCARD_DRAFT:  # the model failed mid-reply and the fallback answers afresh
                    parts.clear()
                elif isinstance(delta, str) and delta:
                    parts.append(delta)
                    yield events.message_delta(delta)
        except StepLimitReached:
            parts = [*parts, ("\n\n" if parts else "") + policy.step_limit_reply(language)]
        except PharmaiError as exc:
            failure = exc
        except Exception as exc:  # an engine bug must end the turn politely, not kill the worker
            log.error("engine %s failed in conversation %s: %s", self.engine.name, cid, type(exc).__name__)
            failure = InternalError()
        yield from runner.drain()
        if failure is None and named:
            ensure_interaction_check(named, runner, language)
            yield from runner.drain()
        if runner.confirmation is not None:
            loop_state["pending"] = runner.confirmation
        violations: tuple[str, ...] = ()
        if failure is not None:
            reply = failure.message(language)
        else:
            # A tool that failed establishes nothing: the reply says it could not check, never that the
            # fact is absent (whatever the engine wrote), before the guard's own rules.
            draft, unchecked = state_failures(
                "".join(parts) or policy.fallback_reply(language), runner.results, language, named
            )
            guarded = policy.guard_reply(
                draft,
                language=language,
                tool_results=[(r.name, r.envelope) for r in runner.results],
                verdict=verdict,
                urgent_numbers=self._urgent_numbers,
                typed_names=typed_names(named, runner.results, self._mentions),
            )
            reply = guarded.text
            if "wrong_language" in guarded.violations:
                # The guard replaced the whole reply (written in the other language): keep the failure said.
                reply = restate_failures(reply, runner.results, language, named)
            violations = (*(("unchecked_fact",) if unchecked else ()), *guarded.violations)
        confirmation = runner.confirmation
        payload: dict[str, Any] = {
            "tool_calls": runner.records,
            "confirmation": None
            if confirmation is None
            else {
                "id": confirmation["id"],
                "tool": confirmation["tool"],
                "summary": confirmation["summary"],
                "status": "pending",
            },
            "violations": list(violations),
        }
        if failure is not None:
            payload["error"] = failure.code
        usage = turn.state.get("usage") if isinstance(turn.state, dict) else None
        if isinstance(usage, dict) and usage is not usage_before and isinstance(usage.get("last_turn"), dict):
            payload["usage"] = usage["last_turn"]
        new_state = {**turn.state, "_loop": loop_state} if isinstance(turn.state, dict) else {"_loop": loop_state}
        user_text = message or ("/approve" if action == "approve" else "/deny")
        self.store.save_turn(
            cid, user=user_text, reply=reply, language=language, state=new_state, payload=payload, action=action
        )
        if failure is not None:
            yield events.error(failure.code, reply)
        else:
            yield events.message_done(reply, language)
