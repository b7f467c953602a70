"""What the pharmacy tools read from the session: the patient, the default store, the identity mode, and
the one-time-code policy of the deployment's settings."""

from __future__ import annotations

from typing import Any

from pharmai.errors import IdentityRequired
from pharmai.pharmacy.identity import OtpPolicy
from pharmai.settings import get_settings
from pharmai.tools import ToolContext

__all__ = ["identity_mode", "otp_policy", "require_patient", "session_store"]


def require_patient(ctx: ToolContext) -> str:
    """The verified patient of the session (never an argument).

    Raises:
        IdentityRequired: The session has no verified patient.
    """
    patient_id = ctx.principal.patient_id
    if patient_id is None:
        raise IdentityRequired()
    return patient_id


def session_store(ctx: ToolContext, store_id: Any = None) -> Any:
    """The store named in the arguments, else the session's store, else ``None`` (the default store)."""
    return store_id if store_id is not None else ctx.extras.get("store_id")


def identity_mode(ctx: ToolContext) -> str:
    """The session's identity mode (``otp`` unless the embedding application says otherwise)."""
    return str(ctx.extras.get("identity_mode", "otp"))


def otp_policy(ctx: ToolContext) -> OtpPolicy:
    """One-time codes as the settings of the call configure them (``PHARMAI_OTP_*``, ``PHARMAI_AUDIT_SECRET``)."""
    settings = ctx.settings or get_settings()
    return OtpPolicy(
        ttl_seconds=settings.otp_ttl_seconds,
        max_attempts=settings.otp_max_attempts,
        max_sends=settings.otp_max_sends,
        max_failures=settings.otp_max_failures,
        window_seconds=settings.otp_window_seconds,
        secret=settings.audit_secret,
    )
