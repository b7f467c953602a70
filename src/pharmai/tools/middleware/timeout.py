"""Fifth: give the rest of the chain (running the handler) its deadline, on a worker thread.

The caller waits at most ``timeout_s``. Python cannot kill a thread, so a handler that overruns keeps
running in the background after ``TIMEOUT`` was answered. Its context is marked cancelled:
:meth:`ToolContext.transaction` then rolls back instead of committing, and long handlers can poll
:attr:`ToolContext.cancelled`. A commit that began before the deadline is waited for (its result is
answered, not ``TIMEOUT``). Side effects outside the context's transactions are not undone — a documented
limitation.
"""

from __future__ import annotations

import contextvars
import dataclasses
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout

from pharmai.errors import ToolTimeout
from pharmai.tools._outcome import ToolOutcome
from pharmai.tools._spec import ToolKind
from pharmai.tools.middleware._base import Invocation, Next

__all__ = ["Timeout"]


class Timeout:
    """Run the rest of the chain with the tool's deadline on a shared thread pool.

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
        spec = inv.spec
        assert spec is not None
        # Each call gets its own context: its deadline, its binding and its write hooks.
        ctx = inv.context._child(may_bind=spec.kind is ToolKind.AUTH, timeout_s=spec.timeout_s, hooks=inv.write_hooks)
        # In a copy of the caller's context: what the handler logs still carries the request's ids.
        run_in = contextvars.copy_context()
        future = self._pool.submit(run_in.run, call_next, dataclasses.replace(inv, context=ctx))
        try:
            try:
                outcome = future.result(timeout=spec.timeout_s)
            except FutureTimeout:
                if ctx.timed_out():
                    return inv.fail(ToolTimeout())
                # The write was already committing at the deadline: its result is the truth.
                outcome = future.result(timeout=spec.timeout_s)
        except FutureTimeout:
            return inv.fail(ToolTimeout())
        if outcome.bind_principal is not None:
            # The AUTH tool verified someone: the session now acts for them.
            inv.context.principal = outcome.bind_principal
        return outcome
