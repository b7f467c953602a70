"""A turn's events as a Server-Sent Events response.

The loop's iterator is synchronous (database work per step), so Starlette pulls it on its thread pool;
each event is flushed as soon as the loop yields it. A failure in the middle of the stream becomes a
final ``error`` event, so a client always sees the turn end.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator

from fastapi.responses import StreamingResponse

from pharmai.agent import events
from pharmai.agent.events import Event
from pharmai.errors import InternalError, PharmaiError

__all__ = ["sse_frames", "sse_response"]

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


def sse_response(stream: Iterable[Event], language: str = "en") -> StreamingResponse:
    """A ``text/event-stream`` response of the turn."""
    return StreamingResponse(sse_frames(stream, language), media_type="text/event-stream", headers=_HEADERS)
