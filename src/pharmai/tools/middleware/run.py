"""Last: call the tool's handler and turn what it returns or raises into an outcome.

It runs on the timeout's worker thread, with the call's own context (its deadline, its binding). An
exception's text may quote arguments (names, emails), so only its type is logged.
"""

from __future__ import annotations

import logging
from typing import Any

from pydantic import ValidationError

from pharmai.errors import InternalError, PharmaiError
from pharmai.tools._outcome import ToolOutcome
from pharmai.tools._spec import ToolSpec
from pharmai.tools.middleware._base import Invocation, Next

__all__ = ["Run"]

_log = logging.getLogger("pharmai.tools")


class Run:
    """Run the handler (the innermost step; it never calls ``call_next``)."""

    name = "run"

    def __call__(self, inv: Invocation, call_next: Next) -> ToolOutcome:
        spec, args, ctx = inv.spec, inv.args, inv.context
        assert spec is not None and args is not None
        try:
            result = spec.handler(args, ctx)
        except PharmaiError as exc:
            return inv.fail(exc)
        except Exception as exc:
            _log.error("tool %s raised %s", spec.name, type(exc).__name__)
            return inv.fail(InternalError())
        try:
            payload = self._payload(spec, result)
        except ValidationError as exc:
            _log.error("tool %s returned an invalid payload (%d errors)", spec.name, exc.error_count())
            return inv.fail(InternalError())
        outcome = inv.succeed(payload)
        # An AUTH tool verified someone: the outcome carries it, and the timeout step applies it to the
        # session it was called from.
        outcome.bind_principal = ctx._pending_bind
        return outcome

    @staticmethod
    def _payload(spec: ToolSpec, result: Any) -> dict[str, Any]:
        model = result if isinstance(result, spec.output_model) else spec.output_model.model_validate(result)
        return model.model_dump(mode="json")
