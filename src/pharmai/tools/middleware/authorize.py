"""Second: PHI tools need a verified patient, and a tool's own check may refuse the arguments."""

from __future__ import annotations

from pharmai.errors import IdentityRequired, PharmaiError
from pharmai.tools._outcome import ToolOutcome
from pharmai.tools.middleware._base import Invocation, Next

__all__ = ["Authorize"]


class Authorize:
    """Refuse PHI tools without a verified patient, then run the tool's ``authorize`` hook.

    The principal always comes from the session context; arguments naming another patient are refused
    by the tool's hook with ``FORBIDDEN`` (and the refusal is audited like any other call).
    """

    name = "authorize"

    def __call__(self, inv: Invocation, call_next: Next) -> ToolOutcome:
        spec = inv.spec
        assert spec is not None and inv.args is not None  # validate ran first
        if spec.phi and inv.context.principal.patient_id is None:
            return inv.fail(IdentityRequired())
        if spec.authorize is not None:
            try:
                spec.authorize(inv.args, inv.context)
            except PharmaiError as exc:
                return inv.fail(exc)
        return call_next(inv)
