"""What every request handler shares: settings, the database, the clock and the conversation loop.

The loop (and with it the engine and the executors of each tool profile) is built on first use and warmed
while the app starts (:meth:`ApiState.warm`); an engine that cannot be loaded fails turns, so the staff and
health endpoints still work.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import weakref
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fastapi import Request

from pharmai.api._live import Notifier, notifier_for
from pharmai.clock import Clock
from pharmai.db.engine import Database
from pharmai.errors import InternalError, PharmaiError
from pharmai.settings import Settings
from pharmai.tools import Executor

if TYPE_CHECKING:
    from pharmai.agent.base import Engine, TurnInput
    from pharmai.agent.loop import ConversationLoop

__all__ = ["MODEL_TURN_CONCURRENCY", "OFFLINE_TURN_CONCURRENCY", "ApiState", "TokenHashes", "get_state"]

_log = logging.getLogger(__name__)

#: Turns a worker runs at once by default with the offline engine: its turns are CPU work, and a worker
#: runs Python on one core at a time, so a few in flight cover the database waits; more only contend for
#: the interpreter lock and lengthen every turn (measured: README, Performance).
OFFLINE_TURN_CONCURRENCY = 4
#: The default with a model engine, whose turns mostly wait on the model: the worker's thread pool size.
MODEL_TURN_CONCURRENCY = 40


class _LazyEngine:
    """The configured engine, loaded on the first turn: a missing engine fails turns, not the API."""

    def __init__(self, settings: Settings, db: Database) -> None:
        self.name: str = settings.engine
        self._settings = settings
        self._db = db
        self._engine: Engine | None = None
        self._lock = threading.Lock()

    def load(self) -> Engine:
        """The engine, built on the first call.

        Raises:
            PharmaiError: The engine cannot be built (an unknown or half-installed engine).
        """
        with self._lock:
            if self._engine is None:
                from pharmai.agent.engines import build_engine

                try:
                    self._engine = build_engine(self.name, self._db, self._settings)
                except PharmaiError:
                    raise
                except Exception as exc:  # a half-installed engine is an answer, never a worker crash
                    raise InternalError({"reason": f"engine unavailable: {type(exc).__name__}"}) from None
            return self._engine

    def respond(self, turn: TurnInput) -> Iterator[str]:
        return self.load().respond(turn)

    def warm(self) -> None:
        """Build the engine and let it warm its own caches (see :meth:`ConversationLoop.warm`)."""
        warm = getattr(self.load(), "warm", None)
        if callable(warm):
            warm()


class TokenHashes:
    """Conversation token hashes already read, the newest kept.

    A conversation's hash is written once, when it opens, and every message checks it: this spares a
    database read per message.
    """

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, conversation_id: str) -> str | None:
        """The stored hash of the conversation's token, if it was read before."""
        with self._lock:
            value = self._items.get(conversation_id)
            if value is not None:
                self._items.move_to_end(conversation_id)
            return value

    def put(self, conversation_id: str, digest: str) -> None:
        """Remember the conversation's token hash (dropping the least recently used beyond the size)."""
        with self._lock:
            self._items[conversation_id] = digest
            self._items.move_to_end(conversation_id)
            while len(self._items) > self._size:
                self._items.popitem(last=False)


@dataclass
class ApiState:
    """The app's shared objects.

    Attributes:
        settings: The settings the app was built with.
        db: The database.
        clock: The clock (pinned to ``settings.today`` when set).
        engine: An engine to use instead of ``settings.engine`` (tests pass a scripted one).
        audit: The executors' audit mode.
    """

    settings: Settings
    db: Database
    clock: Clock
    engine: Engine | None = None
    audit: str = "background"
    token_hashes: TokenHashes = field(default_factory=lambda: TokenHashes(50_000), init=False, repr=False)
    _loop: ConversationLoop | None = field(default=None, init=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)
    _profiles: set[str] = field(default_factory=set, init=False, repr=False)
    # One semaphore per event loop (a test client may run several loops over one app).
    _slots: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = field(
        default_factory=weakref.WeakKeyDictionary, init=False, repr=False
    )
    _live: Notifier | None = field(default=None, init=False, repr=False)

    def loop(self) -> ConversationLoop:
        """The conversation loop, built once (its engine is loaded on the first turn)."""
        with self._lock:
            if self._loop is None:
                from pharmai.agent.loop import ConversationLoop

                engine = self.engine or _LazyEngine(self.settings, self.db)
                self._loop = ConversationLoop(
                    self.db, engine, settings=self.settings, clock=self.clock, audit=self.audit
                )
                # A customer's message to a held conversation wakes the pharmacist's live stream.
                self._loop.on_held_message = lambda cid: self.live().conversation_changed(cid)
            return self._loop

    def warm(self) -> None:
        """Warm the loop before the first request (:meth:`ConversationLoop.warm`); never fails start-up.

        An engine that cannot be built is logged here and fails each turn instead, as it would unwarmed:
        the staff and health endpoints keep working.
        """
        try:
            self.loop().warm()
        except Exception as exc:  # a broken engine is reported by the turns that need it
            _log.warning("warm-up skipped: %s", type(exc).__name__)

    def live(self) -> Notifier:
        """The notifier of live handoff streams (Redis pub/sub when configured, else polling), built once."""
        with self._lock:
            if self._live is None:
                self._live = notifier_for(self.settings)
            return self._live

    def executor(self, profile: str | None = None) -> Executor:
        """The executor of a tool profile (shared with the loop, so limits and audit are one)."""
        name = profile or self.settings.tool_profile
        executor = self.loop().executor_for(name)
        self._profiles.add(name)
        return executor

    def flush_audit(self) -> None:
        """Wait until every audit row accepted so far is stored (before answering an audit query)."""
        for name in {*self._profiles, self.settings.tool_profile}:
            self.executor(name).flush()

    @property
    def turn_concurrency(self) -> int:
        """How many turns this worker runs at once (``PHARMAI_TURN_CONCURRENCY``, or the engine's default)."""
        if self.settings.turn_concurrency is not None:
            return self.settings.turn_concurrency
        return OFFLINE_TURN_CONCURRENCY if self.engine_name == "offline" else MODEL_TURN_CONCURRENCY

    def turn_slots(self) -> asyncio.Semaphore:
        """The running event loop's semaphore of :attr:`turn_concurrency` turn slots."""
        loop = asyncio.get_running_loop()
        slots = self._slots.get(loop)
        if slots is None:
            slots = self._slots[loop] = asyncio.Semaphore(self.turn_concurrency)
        return slots

    @property
    def engine_name(self) -> str:
        """The name of the engine conversations use."""
        if self.engine is not None:
            return str(getattr(self.engine, "name", "custom"))
        return self.settings.engine

    def close(self) -> None:
        """Flush audit rows and stop the executors' threads."""
        with self._lock:
            if self._loop is not None:
                self._loop.close()
                self._loop = None
            if self._live is not None:
                self._live.close()
                self._live = None

    def describe(self) -> dict[str, Any]:
        """Public, non-secret configuration for the web page."""
        return {
            "identity_mode": self.settings.identity_mode,
            "engine": self.engine_name,
            "tool_profile": self.settings.tool_profile,
            "default_store": self.settings.default_store,
            "staff_enabled": bool(self.settings.staff_api_key),
        }


async def get_state(request: Request) -> ApiState:
    """FastAPI dependency: the app's :class:`ApiState`."""
    state: ApiState = request.app.state.pharmai
    return state
