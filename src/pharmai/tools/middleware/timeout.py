"""Fifth: run the handler under its deadline and turn what it returns or raises into an outcome.

The handler runs on a worker thread; the caller waits at most ``timeout_s``. Python cannot kill a
thread, so a handler that overruns keeps running in the background after ``TIMEOUT`` was answered. Its
context is marked cancelled: :meth:`ToolContext.transaction` then rolls back instead of committing, and
long handlers can poll :attr:`ToolContext.cancelled`. Side effects outside that transaction (or a commit
that starts before the deadline and ends after it) are not undone — a documented limitation.
"""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from pydantic import BaseModel, ValidationError

from pharmai.errors import InternalError, PharmaiError, ToolTimeout
from pharmai.tools._context import ToolContext
from pharmai.tools._outcome import ToolOutcome
from pharmai.tools._spec import ToolKind, ToolSpec
from pharmai.tools.middleware._base import Invocation, Next

__all__ = ["Timeout"]

_log = logging.getLogger("pharmai.tools")


def _run(spec: ToolSpec, args: BaseModel, ctx: ToolContext) -> Any:
    return spec.handler(args, ctx)


class Timeout:
    """Run the tool's handler with its deadline on a shared thread pool (the innermost step).

    Args:
        max_workers: Threads available to handlers at once.
    """

    name = "timeout"

    def __init__(self, max_workers: int = 16) -> None:
        self._pool = ThreadPoolExecutor(max_workers=max_workers, thread_name_prefix="pharmai-tool")

    def close(self) -> None:
        """Stop accepting work; running handlers finish in the background."""
        self._pool.shutdown(wait=False, cancel_futures=True)

    def __call__(self, inv: Invocation, call_next: Next) -> ToolOutcome:
        spec, args = inv.spec, inv.args
        assert spec is not None and args is not None
        ctx = inv.context._child(may_bind=spec.kind is ToolKind.AUTH, timeout_s=spec.timeout_s)
        future = self._pool.submit(_run, spec, args, ctx)
        try:
            result = future.result(timeout=spec.timeout_s)
        except FutureTimeout:
            ctx._cancelled = True
            return inv.fail(ToolTimeout())
        except PharmaiError as exc:
            return inv.fail(exc)
        except Exception as exc:
            # The exception text may quote arguments (names, emails); log only its type.
            _log.error("tool %s raised %s", spec.name, type(exc).__name__)
            return inv.fail(InternalError())
        try:
            payload = self._payload(spec, result)
        except ValidationError as exc:
            _log.error("tool %s returned an invalid payload (%d errors)", spec.name, exc.error_count())
            return inv.fail(InternalError())
        outcome = inv.succeed(payload)
        if ctx._pending_bind is not None:
            # The AUTH tool verified someone: the session now acts for them.
            inv.context.principal = ctx._pending_bind
            outcome.bind_principal = ctx._pending_bind
        return outcome

    @staticmethod
    def _payload(spec: ToolSpec, result: Any) -> dict[str, Any]:
        model = result if isinstance(result, spec.output_model) else spec.output_model.model_validate(result)
        return model.model_dump(mode="json")
