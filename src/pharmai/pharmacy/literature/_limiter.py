"""A process-wide request spacer: NCBI allows 3 requests a second per caller, 10 with an API key.

Every thread of the process that talks to the same E-utilities address with the same key shares one
:class:`RequestSpacer`, so two staff searches at once still keep NCBI's pace. Workers in other processes
have their own (a documented limit: run several API workers with an API key, or accept NCBI's 429s,
which the client retries).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from pharmai.errors import ServiceUnavailable

__all__ = ["RequestSpacer", "spacer_for"]


class RequestSpacer:
    """Hands out send times at least ``1 / per_second`` apart, to every thread that asks.

    Args:
        per_second: Requests allowed each second.
        clock: Monotonic seconds (tests may pass their own).
        sleep: Waits that many seconds.
    """

    def __init__(
        self,
        per_second: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if per_second <= 0:
            raise ValueError("per_second must be positive")
        self.interval = 1.0 / per_second
        self._clock = clock
        self._sleep = sleep
        self._lock = threading.Lock()
        self._next = 0.0

    def wait(self, max_wait: float) -> None:
        """Block until this caller may send its request.

        A slot is reserved under the lock before sleeping, so callers are served in the order they
        asked and never two in one interval.

        Args:
            max_wait: The longest the caller can wait (what is left of its time budget).

        Raises:
            ServiceUnavailable: ``busy`` when the next free slot is further away than ``max_wait``
                (nothing is reserved then).
        """
        with self._lock:
            now = self._clock()
            slot = max(now, self._next)
            delay = slot - now
            if delay > max_wait:
                raise ServiceUnavailable({"reason": "busy", "retry_after": max(1, round(delay))})
            self._next = slot + self.interval
        if delay > 0:
            self._sleep(delay)


_SPACERS: dict[tuple[str, bool], RequestSpacer] = {}
_SPACERS_LOCK = threading.Lock()


def spacer_for(base_url: str, *, has_key: bool) -> RequestSpacer:
    """The process's spacer for one E-utilities address: 10 requests a second with a key, else 3."""
    key = (base_url, has_key)
    with _SPACERS_LOCK:
        spacer = _SPACERS.get(key)
        if spacer is None:
            spacer = _SPACERS[key] = RequestSpacer(10.0 if has_key else 3.0)
        return spacer
