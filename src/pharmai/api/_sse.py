"""A turn's events as a Server-Sent Events response.

The loop's iterator is synchronous (database work per step), so the request's checks and the whole turn
run in one worker thread, which hands each frame to the event loop as soon as it is yielded; pulling the
iterator through the thread pool once per event (Starlette's default for sync iterators) cost a thread
hop per frame. A failure in the middle of the stream becomes a final ``error`` event, so a client always
sees the turn end.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Iterable, Iterator

import anyio
from fastapi.responses import StreamingResponse
from starlette.requests import ClientDisconnect
from starlette.types import Receive, Scope, Send

from pharmai.agent import events
from pharmai.agent.events import Event
from pharmai.errors import InternalError, PharmaiError

__all__ = ["sse_frames", "stream_turn"]

log = logging.getLogger(__name__)

_HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no", "Connection": "keep-alive"}


def sse_frames(stream: Iterable[Event], language: str = "en") -> Iterator[str]:
    """Encode ``stream`` as SSE frames; the last frame is always ``message.done`` or ``error``."""
    finished = False
    try:
        for event in stream:
            finished = finished or event.final
            yield event.to_sse()
    except PharmaiError as exc:
        yield events.error(exc.code, exc.message(language)).to_sse()
        finished = True
    except Exception as exc:  # the type only: the text may quote the user's message
        log.error("turn stream failed: %s", type(exc).__name__)
        yield events.error(InternalError.code, InternalError().message(language)).to_sse()
        finished = True
    if not finished:
        yield events.error(InternalError.code, InternalError().message(language)).to_sse()


_DONE = object()


class _TurnStream(StreamingResponse):
    """A streamed turn, sent without Starlette's disconnect watcher.

    Starlette watches for a client disconnect in a second task (a task group per response) so it can stop
    a stream early; a turn always runs to its end and is saved whole, and the server drops what is sent
    to a client that left, so the watcher only cost time.
    """

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await self.stream_response(send)
        except OSError:
            raise ClientDisconnect() from None


class _Failed:
    def __init__(self, error: BaseException) -> None:
        self.error = error


async def _frames(queue: asyncio.Queue[object], worker: asyncio.Future[None]) -> AsyncIterator[str]:
    done = False
    while not done:
        frames = [await queue.get()]
        # Frames that arrived together go out in one write: nothing waits for them, and every send passes
        # through each ASGI middleware and the socket.
        while not queue.empty():
            frames.append(queue.get_nowait())
        if frames[-1] is _DONE:
            frames.pop()
            done = True
        if frames:
            yield "".join(str(frame) for frame in frames)
    await worker


async def stream_turn(
    start: Callable[[], Iterable[Event]], slots: asyncio.Semaphore, language: str = "en"
) -> StreamingResponse:
    """Run ``start`` and then the turn it returns in one worker thread, streaming the frames.

    ``start`` checks and loads what the turn needs (token, conversation, message); what it raises is
    raised here, before any byte is sent, so such errors are plain JSON answers with their HTTP status.
    Setup and turn share one thread: a thread hop costs more than a short turn's own database work.

    Args:
        start: Checks the request and returns the turn's events.
        slots: The worker's turn slots: the turn waits for one (in arrival order) and holds it until its
            last event, so no more turns run at once than the worker serves well.
        language: The language of a failure's error event.
    """
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[object] = asyncio.Queue()

    def produce() -> None:
        try:
            stream = start()
        except BaseException as exc:
            loop.call_soon_threadsafe(queue.put_nowait, _Failed(exc))
            return
        loop.call_soon_threadsafe(queue.put_nowait, None)
        try:
            for frame in sse_frames(stream, language):
                loop.call_soon_threadsafe(queue.put_nowait, frame)
        finally:
            loop.call_soon_threadsafe(queue.put_nowait, _DONE)

    await slots.acquire()
    # The turn runs to the end even if the client goes away, so it is always saved whole.
    try:
        worker = asyncio.ensure_future(anyio.to_thread.run_sync(produce))
    except BaseException:
        slots.release()
        raise
    worker.add_done_callback(lambda _: slots.release())
    first = await queue.get()
    if isinstance(first, _Failed):
        await worker
        raise first.error
    return _TurnStream(_frames(queue, worker), media_type="text/event-stream", headers=_HEADERS)
