"""The circuit breaker's states, on a fake clock: open after failures in a row, one probe per interval."""

from __future__ import annotations

import pytest

from pharmai.tools.middleware import CircuitBreaker, CircuitState


class _Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _breaker(clock: _Clock, changes: list[CircuitState] | None = None) -> CircuitBreaker:
    on_change = changes.append if changes is not None else None
    return CircuitBreaker(failures=3, reset_seconds=5.0, clock=clock, on_change=on_change)


def test_it_opens_after_failures_in_a_row_and_a_success_restarts_the_count() -> None:
    clock = _Clock()
    breaker = _breaker(clock)
    for _ in range(2):
        breaker.failed()
    breaker.succeeded()
    for _ in range(2):
        breaker.failed()
    assert breaker.state == "closed" and breaker.allow()
    breaker.failed()
    assert breaker.state == "open"
    assert not breaker.allow()
    assert breaker.retry_after() == 5


def test_one_probe_per_interval_closes_or_reopens_it() -> None:
    clock = _Clock()
    changes: list[CircuitState] = []
    breaker = _breaker(clock, changes)
    for _ in range(3):
        breaker.failed()
    clock.now += 5.0
    assert breaker.allow()  # the probe
    assert breaker.state == "half_open"
    assert not breaker.allow()  # everyone else still fails fast while it is out
    breaker.failed()
    assert breaker.state == "open" and not breaker.allow()
    clock.now += 5.0
    assert breaker.allow()
    breaker.succeeded()
    assert breaker.state == "closed" and breaker.allow()
    assert changes == ["open", "half_open", "open", "half_open", "closed"]


def test_a_probe_that_never_reports_does_not_wedge_it() -> None:
    clock = _Clock()
    breaker = _breaker(clock)
    for _ in range(3):
        breaker.failed()
    clock.now += 5.0
    assert breaker.allow()
    clock.now += 4.9
    assert not breaker.allow()
    clock.now += 0.1
    assert breaker.allow()  # the next slot


@pytest.mark.parametrize(("failures", "reset"), [(0, 1.0), (1, 0.0)])
def test_it_refuses_nonsense_thresholds(failures: int, reset: float) -> None:
    with pytest.raises(ValueError):
        CircuitBreaker(failures=failures, reset_seconds=reset)
