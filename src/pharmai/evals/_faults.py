"""Tool faults for evaluation tasks: a named tool fails with a given error code, through the real executor.

A task's ``session.tool_faults`` turns into a copy of the profile's registry whose named tools fail instead
of doing their work; the trial's loop runs on an executor over that copy. Everything around the tool still
runs for real — validation, identity, limits, confirmation (a refill's approval that fails leaves its
confirmation pending, as a real outage does), audit — so a task grades what the customer is told when a
tool cannot answer, for any engine.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Sequence
from typing import Any

from pharmai.errors import PharmaiError, RateLimited, ServiceUnavailable, ValidationFailed, error_for_code
from pharmai.evals.task import ToolFault
from pharmai.tools import Registry
from pharmai.tools._spec import Handler

__all__ = ["faulty_registry"]


def _error(fault: ToolFault) -> PharmaiError:
    if fault.code == "RATE_LIMITED":
        return RateLimited({"retry_after": fault.retry_after, "tier": fault.tier})
    if fault.code == "SERVICE_UNAVAILABLE":
        return ServiceUnavailable({"retry_after": fault.retry_after})
    return error_for_code(fault.code)()


class _Failing:
    """The tool's handler, failing on the calls its faults name (counted per trial: one registry each)."""

    def __init__(self, handler: Handler, faults: Sequence[ToolFault]) -> None:
        self._handler = handler
        self._faults = list(faults)
        self._calls = 0
        self._lock = threading.Lock()

    def __call__(self, args: Any, ctx: Any) -> Any:
        with self._lock:
            self._calls += 1
            number = self._calls
        for fault in self._faults:
            last = None if fault.times is None else fault.skip + fault.times
            if number > fault.skip and (last is None or number <= last):
                raise _error(fault)
        return self._handler(args, ctx)


def faulty_registry(registry: Registry, faults: Sequence[ToolFault]) -> Registry:
    """A copy of ``registry`` (same profile name and envelope) whose tools named in ``faults`` fail.

    Raises:
        ValidationFailed: A fault names a tool the profile does not have.
    """
    unknown = sorted({f.tool for f in faults} - set(registry.names()))
    if unknown:
        reason = f"not a tool of profile {registry.profile}: {', '.join(unknown)}"
        raise ValidationFailed([{"field": "session.tool_faults", "reason": reason}])
    copy = Registry(registry.profile, envelope=registry.envelope)
    for spec in registry.specs():
        mine = [f for f in faults if f.tool == spec.name]
        copy.add(dataclasses.replace(spec, handler=_Failing(spec.handler, mine)) if mine else spec)
    return copy
