"""Canonical ``verify_customer_identity``: binds a verified patient to the session."""

from __future__ import annotations

from typing import Any

from pharmai.errors import AuthFailed
from pharmai.pharmacy import identity, patients
from pharmai.tools import Registry, ToolContext, ToolKind
from pharmai.toolsets._context import identity_mode, otp_policy
from pharmai.toolsets.canonical.models import VerifyIdentityInput, VerifyIdentityOutput

__all__ = ["register", "verify_customer_identity"]


def verify_customer_identity(args: VerifyIdentityInput, ctx: ToolContext) -> dict[str, Any]:
    """Verify the customer with a one-time code.

    Call with `code` null to send it, then with their code. AUTH_FAILED: ask to re-check;
    AUTH_EXPIRED: offer a new one.
    """
    if identity_mode(ctx) == "identifier":
        # Seed 001's demo mode: typing an identifier on file is enough (announced at start-up).
        with ctx.transaction() as session:
            patient = patients.find_patient(session, args.identifier)
            if patient is None:
                raise AuthFailed()
            info = patients.patient_info(patient, args.language)
        ctx.bind_patient(info.user_id)
        return {"status": "verified", "user": {"user_id": info.user_id, "full_name": info.full_name}}
    if args.code is None:
        with ctx.transaction(write=True) as session:
            started = identity.start_challenge(
                session,
                args.identifier,
                clock=ctx.clock,
                conversation_id=ctx.conversation_id,
                language=args.language,
                policy=otp_policy(ctx),
            )
        return {
            "status": "code_sent",
            "masked_destination": started.masked_destination,
            "expires_at": started.expires_at,
        }
    with ctx.transaction(write=True) as session:
        verified = identity.verify_code(
            session,
            args.code,
            clock=ctx.clock,
            conversation_id=ctx.conversation_id,
            identifier=args.identifier,
            language=args.language,
            policy=otp_policy(ctx),
        )
    ctx.bind_patient(verified.user.user_id)
    return {"status": "verified", "user": {"user_id": verified.user.user_id, "full_name": verified.user.full_name}}


def register(registry: Registry) -> None:
    """Add ``verify_customer_identity`` to ``registry``."""
    registry.tool(
        input=VerifyIdentityInput,
        output=VerifyIdentityOutput,
        kind=ToolKind.AUTH,
        title="Verify identity",
        title_he="אימות זהות",
        rate_tier="default",
    )(verify_customer_identity)
