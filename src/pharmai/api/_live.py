"""Live delivery for handoff and takeover: who to wake when a conversation or the queue changes.

The database is the one source of truth: a staff reply, a customer's message while held, a ticket's new
status are rows. A live stream (the staff queue, a held conversation, a customer's events) re-reads them
after its cursor whenever it is woken, and at least every ``PHARMAI_HANDOFF_POLL_MS`` otherwise. The
notifier only decides how quickly it is woken:

- :class:`PollingNotifier` (no Redis; SQLite): streams of this worker are woken at once, other workers
  and instances see the change at their next poll;
- :class:`RedisNotifier` (``PHARMAI_REDIS_URL``): ``PUBLISH`` on ``<prefix>:live:<channel>``; a listener
  thread per process wakes its streams at once, whichever worker or instance wrote the row. Polling stays
  as a slow safety net (a lost message or a Redis outage delays delivery, never loses it).

Channels: :data:`QUEUE` (any ticket changed) and :func:`conversation_channel` (rows appended to one
conversation). A message on a channel carries nothing but its name: no ids of people, no text.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import anyio

from pharmai.errors import ServiceUnavailable
from pharmai.settings import Settings

__all__ = [
    "QUEUE",
    "Notifier",
    "PollingNotifier",
    "RedisNotifier",
    "Subscription",
    "conversation_channel",
    "live_stream",
    "notifier_for",
]

log = logging.getLogger(__name__)

QUEUE = "queue"
_KEEPALIVE_S = 15.0
_REDIS_SAFETY_POLL_S = 5.0


def conversation_channel(conversation_id: str) -> str:
    """The channel of one conversation's rows."""
    return f"conv:{conversation_id}"


class Subscription:
    """One stream's interest in a channel; :meth:`wait` returns early when the channel was published."""

    def __init__(self, hub: _Hub, channel: str) -> None:
        self._hub = hub
        self.channel = channel
        self._loop = asyncio.get_running_loop()
        self._event = asyncio.Event()

    def _wake(self) -> None:
        # Called from any thread (a worker thread's publish, the Redis listener).
        self._loop.call_soon_threadsafe(self._event.set)

    async def wait(self, timeout: float) -> bool:
        """Wait for a publish or ``timeout`` seconds; True when woken.

        The flag is cleared as soon as the wait ends, before the caller reads the database, so a publish
        that lands during that read wakes the next wait at once.
        """
        try:
            await asyncio.wait_for(self._event.wait(), timeout)
            return True
        except TimeoutError:
            return False
        finally:
            self._event.clear()

    def close(self) -> None:
        """Stop listening."""
        self._hub.remove(self)


class _Hub:
    """The subscriptions of this process, by channel."""

    def __init__(self) -> None:
        self._subs: dict[str, set[Subscription]] = {}
        self._lock = threading.Lock()

    def add(self, sub: Subscription) -> None:
        with self._lock:
            self._subs.setdefault(sub.channel, set()).add(sub)

    def remove(self, sub: Subscription) -> None:
        with self._lock:
            subs = self._subs.get(sub.channel)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[sub.channel]

    def wake(self, channel: str) -> None:
        with self._lock:
            subs = list(self._subs.get(channel, ()))
        for sub in subs:
            try:
                sub._wake()
            except RuntimeError:  # its event loop is closed: the stream is gone
                self.remove(sub)


class Notifier:
    """Wakes live streams; the base class reaches only this process (see :class:`PollingNotifier`).

    Attributes:
        poll_interval: Seconds a stream waits, when nothing wakes it, before reading the database again.
    """

    name = "local"

    def __init__(self, poll_interval: float) -> None:
        self.poll_interval = poll_interval
        self._hub = _Hub()

    def subscribe(self, channel: str) -> Subscription:
        """Listen on ``channel`` (from async code: the subscription wakes the running event loop)."""
        sub = Subscription(self._hub, channel)
        self._hub.add(sub)
        return sub

    def publish(self, *channels: str) -> None:
        """Tell every stream on ``channels`` that new rows may be there (thread-safe, never raises)."""
        for channel in channels:
            self._hub.wake(channel)

    def changed(self, conversation_id: str | None = None) -> None:
        """The queue changed, and with it ``conversation_id``'s rows when given."""
        self.publish(QUEUE, *((conversation_channel(conversation_id),) if conversation_id else ()))

    def conversation_changed(self, conversation_id: str) -> None:
        """Only a conversation's rows changed (a customer's message while held)."""
        self.publish(conversation_channel(conversation_id))

    def close(self) -> None:
        """Release what the notifier holds."""


class PollingNotifier(Notifier):
    """No Redis: this worker's streams are woken at once, the others' at their next database read."""

    name = "polling"


class RedisNotifier(Notifier):
    """Redis pub/sub: every worker and instance subscribed to the prefix is woken at once.

    Args:
        url: The Redis server.
        prefix: The deployment's key prefix (``PHARMAI_REDIS_KEY_PREFIX``).
        poll_interval: The safety net's interval (at least every 5 s).
        timeout: Seconds a ``PUBLISH`` may take.
    """

    name = "redis"

    def __init__(self, url: str, prefix: str, poll_interval: float, timeout: float = 0.5) -> None:
        super().__init__(max(poll_interval, _REDIS_SAFETY_POLL_S))
        import redis
        from redis.backoff import NoBackoff
        from redis.retry import Retry

        self._url = url
        self._pattern = f"{prefix}:live:"
        self._publisher: Any = redis.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout, retry=Retry(NoBackoff(), 0)
        )
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._start_lock = threading.Lock()

    def subscribe(self, channel: str) -> Subscription:
        self._start()
        return super().subscribe(channel)

    def publish(self, *channels: str) -> None:
        super().publish(*channels)  # this process's streams at once, without a round trip
        for channel in channels:
            try:
                self._publisher.publish(self._pattern + channel, b"1")
            except Exception as exc:  # Redis down: the other processes' safety poll delivers it
                log.warning("live notification not published: %s", type(exc).__name__)

    def _start(self) -> None:
        with self._start_lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._listen, name="pharmai-live", daemon=True)
                self._thread.start()
        self._ready.wait(timeout=2)  # subscribed before the first stream reads: no early message is missed

    def _listen(self) -> None:
        import redis

        delay = 0.2
        while not self._stop.is_set():
            client: Any = None
            try:
                client = redis.Redis.from_url(self._url, socket_connect_timeout=2, health_check_interval=10)
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                pubsub.psubscribe(self._pattern + "*")
                self._ready.set()
                delay = 0.2
                while not self._stop.is_set():
                    message = pubsub.get_message(timeout=1.0)
                    if message and message.get("type") == "pmessage":
                        channel = message["channel"]
                        channel = channel.decode() if isinstance(channel, bytes) else str(channel)
                        self._hub.wake(channel[len(self._pattern) :])
            except Exception as exc:
                self._ready.set()  # streams fall back to polling meanwhile
                log.warning("live listener lost Redis: %s", type(exc).__name__)
                self._stop.wait(delay)
                delay = min(delay * 2, 5.0)
            finally:
                if client is not None:
                    with contextlib.suppress(Exception):  # closing a broken connection
                        client.close()

    def close(self) -> None:
        self._stop.set()
        thread = self._thread
        if thread is not None:
            thread.join(timeout=3)
        with contextlib.suppress(Exception):  # closing a broken connection
            self._publisher.close()


def notifier_for(settings: Settings) -> Notifier:
    """Redis pub/sub when ``PHARMAI_REDIS_URL`` is set, else database polling."""
    interval = settings.handoff_poll_ms / 1000
    if settings.redis_url:
        return RedisNotifier(settings.redis_url, settings.redis_key_prefix, interval)
    return PollingNotifier(interval)


async def live_stream(
    notifier: Notifier,
    channel: str,
    read: Callable[[Any], tuple[list[str], Any]],
    cursor: Any,
    *,
    seconds: float,
    first: list[str] | None = None,
) -> AsyncIterator[str]:
    """SSE text for a live stream: ``read(cursor)`` in a worker thread after every wake-up or poll.

    Args:
        notifier: Wakes the stream.
        channel: What to listen on.
        read: ``read(cursor) -> (frames, new_cursor)``; blocking (database) code.
        cursor: Where the stream starts.
        seconds: How long the stream stays open (the client reconnects with its last event id); 0 sends
            what there is and ends.
        first: Frames sent before anything else.
    """
    sub = notifier.subscribe(channel)
    try:
        if first:
            yield "".join(first)
        deadline = time.monotonic() + seconds
        quiet_since = time.monotonic()
        while True:
            frames, cursor = await anyio.to_thread.run_sync(read, cursor)
            now = time.monotonic()
            if frames:
                yield "".join(frames)
                quiet_since = now
            elif now - quiet_since >= _KEEPALIVE_S:
                yield ": keepalive\n\n"  # finds a client that left, and keeps proxies from closing the stream
                quiet_since = now
            remaining = deadline - now
            if remaining <= 0:
                return
            await sub.wait(min(notifier.poll_interval, remaining, _KEEPALIVE_S))
    except ServiceUnavailable:
        return
    finally:
        sub.close()
