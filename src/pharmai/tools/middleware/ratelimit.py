"""Third: seed 004's tiers — per conversation, per patient, and for everyone together.

In-process (``limits`` MemoryStorage) by default; shared through Redis when a ``redis://`` URL is given
(``PHARMAI_REDIS_URL``) so several workers count together. The moving-window strategy makes the tiers
exact: the N+1-th call inside any window is refused, whatever the window's alignment.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from limits import RateLimitItem, parse
from limits.storage import MemoryStorage, Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter

from pharmai.errors import RateLimited
from pharmai.settings import Settings
from pharmai.tools._context import ToolContext
from pharmai.tools._outcome import ToolOutcome
from pharmai.tools.middleware._base import Invocation, Next

__all__ = ["RateLimit", "RateLimiter", "RateRefusal"]


@dataclass(frozen=True)
class RateRefusal:
    """Which tier refused, and after how many whole seconds a retry may succeed."""

    tier: str
    retry_after: int


class RateLimiter:
    """The three tiers over a ``limits`` storage.

    Args:
        conversation: Limit per conversation (``limits`` syntax, e.g. ``"10/minute"``).
        patient: Limit per verified patient.
        everyone: Limit over all calls of the deployment.
        storage_uri: ``redis://…`` to share counters; ``None`` keeps them in this process.
        key_prefix: Redis key prefix (tests use a unique one each).
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
        storage = storage_from_string(storage_uri, key_prefix=key_prefix) if storage_uri else MemoryStorage()
        if not isinstance(storage, Storage):
            raise ValueError("rate limits need a synchronous storage URI (redis://, memory://)")
        self.storage: Storage = storage
        self._limiter = MovingWindowRateLimiter(self.storage)
        self._items: dict[str, RateLimitItem] = {
            "conversation": parse(conversation),
            "patient": parse(patient),
            "global": parse(everyone),
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

    def _keys(self, ctx: ToolContext) -> list[tuple[str, tuple[str, ...]]]:
        keys: list[tuple[str, tuple[str, ...]]] = []
        if ctx.conversation_id:
            keys.append(("conversation", ("conversation", ctx.conversation_id)))
        if ctx.principal.patient_id:
            keys.append(("patient", ("patient", ctx.principal.patient_id)))
        keys.append(("global", ("global",)))
        return keys

    def _refusal(self, tier: str, ids: tuple[str, ...]) -> RateRefusal:
        stats = self._limiter.get_window_stats(self._items[tier], *ids)
        return RateRefusal(tier, max(1, math.ceil(stats.reset_time - time.time())))

    def acquire(self, ctx: ToolContext) -> RateRefusal | None:
        """Count one call against every tier that applies, or say which tier refuses it.

        Each ``hit`` is atomic (also across workers through Redis), so no tier ever admits more than its
        limit. Tiers are tried narrowest first; a call refused by a wider tier has still used a slot of
        the narrower ones — it was attempted in that conversation — which keeps a call to one round trip
        per tier instead of two.
        """
        for tier, ids in self._keys(ctx):
            if not self._limiter.hit(self._items[tier], *ids):
                return self._refusal(tier, ids)
        return None


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
