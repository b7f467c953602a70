"""Third: seed 004's tiers — per conversation, per patient, and for everyone together.

In-process by default; shared through Redis when a ``redis://`` URL is given (``PHARMAI_REDIS_URL``) so
several workers count together. Windows are exact moving windows: the N+1-th call inside any window is
refused, whatever the window's alignment. A call is checked against every tier that applies and counted
in all of them at once (one Redis round trip), so a refused call uses no slot in any tier.
"""

from __future__ import annotations

from dataclasses import dataclass

from pharmai.errors import RateLimited
from pharmai.settings import Settings
from pharmai.tools._context import ToolContext
from pharmai.tools._outcome import ToolOutcome
from pharmai.tools.middleware._base import Invocation, Next
from pharmai.tools.middleware._windows import Rate, Windows, open_windows, parse_rate

__all__ = ["RateLimit", "RateLimiter", "RateRefusal"]


@dataclass(frozen=True)
class RateRefusal:
    """Which tier refused, and after how many whole seconds a retry may succeed."""

    tier: str
    retry_after: int


class RateLimiter:
    """The three tiers over in-process or Redis counters.

    Args:
        conversation: Limit per conversation (e.g. ``"10/minute"``, ``"20 per hour"``).
        patient: Limit per verified patient.
        everyone: Limit over all calls of the deployment.
        storage_uri: ``redis://…`` to share counters; ``None`` keeps them in this process.
        key_prefix: Redis key prefix (tests use a unique one each).

    Raises:
        ValueError: A limit that is not a rate, or a storage URI that is not Redis.
    """

    def __init__(
        self,
        *,
        conversation: str = "10/minute",
        patient: str = "20/hour",
        everyone: str = "1000/hour",
        storage_uri: str | None = None,
        key_prefix: str = "pharmai",
    ) -> None:
        self.windows: Windows = open_windows(storage_uri, key_prefix)
        self._rates: dict[str, Rate] = {
            "conversation": parse_rate(conversation),
            "patient": parse_rate(patient),
            "global": parse_rate(everyone),
        }

    @classmethod
    def from_settings(cls, settings: Settings, *, key_prefix: str = "pharmai") -> RateLimiter:
        """The tiers and storage configured in ``settings``."""
        return cls(
            conversation=settings.rate_limit_conversation,
            patient=settings.rate_limit_patient,
            everyone=settings.rate_limit_global,
            storage_uri=settings.redis_url,
            key_prefix=key_prefix,
        )

    def _checks(self, ctx: ToolContext) -> list[tuple[str, str]]:
        tiers: list[tuple[str, str]] = []
        if ctx.conversation_id:
            tiers.append(("conversation", "conversation/" + ctx.conversation_id))
        if ctx.principal.patient_id:
            tiers.append(("patient", "patient/" + ctx.principal.patient_id))
        tiers.append(("global", "global"))
        return tiers

    def acquire(self, ctx: ToolContext) -> RateRefusal | None:
        """Count one call against every tier that applies, or say which tier refuses it.

        Atomic, also across workers through Redis: no tier ever admits more than its limit. When several
        tiers are full, the narrowest one is named.
        """
        tiers = self._checks(ctx)
        refused = self.windows.hit([(key, self._rates[tier]) for tier, key in tiers])
        if refused is None:
            return None
        index, retry_after = refused
        return RateRefusal(tiers[index][0], retry_after)

    def reset(self) -> None:
        """Forget every count (tests)."""
        self.windows.reset()


class RateLimit:
    """Refuse calls over a tier with ``RATE_LIMITED`` and ``details.retry_after`` (seconds)."""

    name = "rate_limit"

    def __init__(self, limiter: RateLimiter) -> None:
        self.limiter = limiter

    def __call__(self, inv: Invocation, call_next: Next) -> ToolOutcome:
        assert inv.spec is not None
        if inv.spec.rate_tier == "none":
            return call_next(inv)
        refusal = self.limiter.acquire(inv.context)
        if refusal is not None:
            inv.rate_limited_tier = refusal.tier
            return inv.fail(RateLimited({"retry_after": refusal.retry_after, "tier": refusal.tier}))
        return call_next(inv)
