"""Second: staff tools need an actor holding one of their roles, PHI tools a verified patient, and a
tool's own check may refuse the arguments."""

from __future__ import annotations

from pharmai.errors import Forbidden, IdentityRequired, PharmaiError
from pharmai.tools._outcome import ToolOutcome
from pharmai.tools.middleware._base import Invocation, Next

__all__ = ["Authorize"]


class Authorize:
    """Refuse staff tools to the wrong actor, PHI tools without a verified patient, then run the hook.

    A tool that declares ``roles`` runs only for a context whose actor holds one of them: a session
    without an actor (every customer conversation) gets ``FORBIDDEN`` with ``details.reason``
    ``staff_only``, an actor of another role ``role``. Roles form no hierarchy: an admin may call only
    the tools that list ``admin``. The principal and the actor always come from the session context;
    arguments naming another patient are refused by the tool's hook with ``FORBIDDEN`` (and every
    refusal is audited like any other call).
    """

    name = "authorize"

    def __call__(self, inv: Invocation, call_next: Next) -> ToolOutcome:
        spec = inv.spec
        assert spec is not None and inv.args is not None  # validate ran first
        if spec.roles:
            actor = inv.context.actor
            if actor is None:
                return inv.fail(Forbidden({"reason": "staff_only"}))
            if not spec.allows(actor.role):
                return inv.fail(Forbidden({"reason": "role", "roles": list(spec.roles)}))
        if spec.phi and inv.context.principal.patient_id is None:
            return inv.fail(IdentityRequired())
        if spec.authorize is not None:
            try:
                spec.authorize(inv.args, inv.context)
            except PharmaiError as exc:
                return inv.fail(exc)
        return call_next(inv)
