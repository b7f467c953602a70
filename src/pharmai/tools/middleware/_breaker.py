"""A circuit breaker: stop asking a dependency that keeps failing, and probe it now and then.

Closed, every call goes through and consecutive failures are counted; after ``failures`` of them the
circuit opens and callers are refused at once, without asking. Once ``reset_seconds`` have passed, one
caller is let through as a probe (half-open): its success closes the circuit, its failure opens it for
another ``reset_seconds``. A probe that never reports back (its thread died) does not wedge the circuit:
the next slot comes ``reset_seconds`` later anyway.

It knows nothing about what it guards; :mod:`pharmai.tools.middleware._redis` puts Redis behind one.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from typing import Literal

__all__ = ["CircuitBreaker", "CircuitState"]

CircuitState = Literal["closed", "open", "half_open"]


class CircuitBreaker:
    """Consecutive-failure breaker with a single half-open probe per interval; thread-safe.

    Args:
        failures: Consecutive failures that open the circuit (≥ 1).
        reset_seconds: How long it stays open before a probe is let through (> 0).
        on_change: Called with the new state on every transition (under the breaker's lock: keep it short).
        clock: Monotonic seconds (tests pass a fake one).

    Raises:
        ValueError: ``failures`` below 1 or ``reset_seconds`` not positive.
    """

    def __init__(
        self,
        *,
        failures: int,
        reset_seconds: float,
        on_change: Callable[[CircuitState], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if failures < 1 or not reset_seconds > 0:
            raise ValueError("a circuit breaker needs failures >= 1 and reset_seconds > 0")
        self._threshold = failures
        self._reset = float(reset_seconds)
        self._on_change = on_change
        self._clock = clock
        self._lock = threading.Lock()
        # The closed fast path reads only these two: `_open` in allow(), `_failures` in succeeded().
        self._open = False
        self._failures = 0
        self._next_probe = 0.0
        self._state: CircuitState = "closed"

    @property
    def state(self) -> CircuitState:
        """``closed``, ``open`` or ``half_open`` (a probe is out)."""
        return self._state

    def allow(self) -> bool:
        """Whether a call may go to the dependency now; while open, ``True`` for one probe per interval.

        A caller told ``True`` must report with :meth:`succeeded` or :meth:`failed`.
        """
        if not self._open:
            return True
        now = self._clock()
        if now < self._next_probe:
            return False
        with self._lock:
            if not self._open:
                return True
            if now < self._next_probe:
                return False  # another caller took this probe slot
            # The others keep failing fast until this probe answers, or until the next slot if it never does.
            self._next_probe = now + self._reset
            self._change("half_open")
            return True

    def succeeded(self) -> None:
        """Report an answer: the failure count restarts and an open circuit closes."""
        if self._failures or self._open:
            with self._lock:
                self._failures = 0
                self._open = False
                self._change("closed")

    def failed(self) -> None:
        """Report a failure: the circuit opens at the threshold, and again after a failed probe."""
        with self._lock:
            self._failures += 1
            if self._open or self._failures >= self._threshold:
                self._open = True
                self._next_probe = self._clock() + self._reset
                self._change("open")

    def retry_after(self) -> int:
        """Whole seconds until the next probe (at least 1): what a refused caller may be told."""
        return max(1, math.ceil(self._next_probe - self._clock())) if self._open else 1

    def _change(self, state: CircuitState) -> None:
        if state != self._state:
            self._state = state
            if self._on_change is not None:
                self._on_change(state)
