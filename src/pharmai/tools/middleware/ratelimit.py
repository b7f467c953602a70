"""Third: budgets that keep customers apart, under one ceiling for the whole deployment.

Each call belongs to a lane — who the session acts for, and whether the tool signs someone in — and
counts in that lane's tiers, narrowest first (a refusal names the first full one):

- **anonymous** (nobody verified): per conversation, per anonymous conversation, per client address, the
  anonymous share of the ceiling, the ceiling;
- **sign-in** (an AUTH tool): per conversation, per client address for sign-ins, per patient (when one is
  verified already), the sign-in share of the ceiling, the ceiling;
- **patient** (a verified patient): per conversation, per patient, the ceiling;
- **staff**: per conversation, the ceiling.

The two shares are fractions of the global ceiling over its window and add up to less than one: however
much anonymous traffic arrives, from however many addresses, verified customers keep the rest of the
ceiling and sign-ins keep theirs. Per-address budgets make one client spend only its own calls; a
verified customer's calls do not count against the address, so customers who share it with an abuser (a
NAT) are not refused for it. An IPv6 address counts by its /64 network, which is what one subscriber is
usually given. A tier with no rate configured, or no key in the context (no conversation, no address),
is not checked.

In-process by default; shared through Redis when a ``redis://`` URL is given (``PHARMAI_REDIS_URL``) so
several workers count together. Redis sits behind a circuit breaker: a call that cannot be counted is
refused with ``SERVICE_UNAVAILABLE``, within one short timeout, or at once while the circuit is open.
Windows are exact moving windows: the N+1-th call inside any window is refused, whatever the window's
alignment. A call is checked against every tier of its lane and counted
in all of them at once (one Redis round trip), so a refused call uses no slot in any tier.
"""

from __future__ import annotations

import functools
import ipaddress
from dataclasses import dataclass
from typing import Literal

from pharmai.errors import RateLimited
from pharmai.settings import Settings
from pharmai.tools._context import ToolContext
from pharmai.tools._outcome import ToolOutcome
from pharmai.tools._spec import ToolKind
from pharmai.tools.middleware._base import Invocation, Next
from pharmai.tools.middleware._redis import RedisOptions
from pharmai.tools.middleware._windows import Rate, Windows, open_windows, parse_rate

__all__ = ["RateLimit", "RateLimiter", "RateRefusal"]

Lane = Literal["anonymous", "sign_in", "patient", "staff"]

#: The tiers of each lane, narrowest first.
_LANES: dict[Lane, tuple[str, ...]] = {
    "anonymous": ("conversation", "anonymous_conversation", "client", "anonymous", "global"),
    "sign_in": ("conversation", "client_sign_in", "patient", "sign_in", "global"),
    "patient": ("conversation", "patient", "global"),
    "staff": ("conversation", "global"),
}


@dataclass(frozen=True)
class RateRefusal:
    """Which tier refused, and after how many whole seconds a retry may succeed."""

    tier: str
    retry_after: int


@functools.lru_cache(maxsize=4096)
def _client_key(address: str) -> str:
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address[:100]  # not an IP address (a test client's name): counted as given
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        # One subscriber usually holds a whole /64: counting single addresses would give them 2**64 budgets.
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def _share(ceiling: Rate, share: float) -> Rate:
    return Rate(max(1, int(ceiling.limit * share)), ceiling.seconds)


class RateLimiter:
    """The lanes' tiers over in-process or Redis counters.

    Args:
        conversation: Limit per conversation (e.g. ``"10/minute"``, ``"20 per hour"``).
        patient: Limit per verified patient.
        everyone: The global ceiling over all calls of the deployment.
        anonymous_conversation: Limit per conversation while nobody is verified in it (sign-ins aside).
        client: Limit per client address on anonymous calls.
        client_sign_in: Limit per client address on sign-in (AUTH) calls.
        anonymous_share: Fraction of the ceiling all anonymous calls together may use.
        sign_in_share: Fraction of the ceiling all sign-in calls together may use.
        storage_uri: ``redis://…`` to share counters; ``None`` keeps them in this process.
        key_prefix: Redis key prefix (tests use a unique one each).
        redis: Redis timeouts and circuit breaker; while Redis does not answer, calls are refused with
            ``SERVICE_UNAVAILABLE`` (the tiers fail closed, and fast).

    ``None`` leaves a tier out; :meth:`from_settings` gives every tier its configured rate.

    Raises:
        ValueError: A limit that is not a rate, shares that are not fractions adding up to less than
            one, or a storage URI that is not Redis.
    """

    def __init__(
        self,
        *,
        conversation: str = "10/minute",
        patient: str = "20/hour",
        everyone: str = "6000/minute",
        anonymous_conversation: str | None = None,
        client: str | None = None,
        client_sign_in: str | None = None,
        anonymous_share: float | None = None,
        sign_in_share: float | None = None,
        storage_uri: str | None = None,
        key_prefix: str = "pharmai",
        redis: RedisOptions | None = None,
    ) -> None:
        ceiling = parse_rate(everyone)
        rates = {"conversation": parse_rate(conversation), "patient": parse_rate(patient), "global": ceiling}
        for tier, text in (
            ("anonymous_conversation", anonymous_conversation),
            ("client", client),
            ("client_sign_in", client_sign_in),
        ):
            if text is not None:
                rates[tier] = parse_rate(text)
        pairs = (("anonymous", anonymous_share), ("sign_in", sign_in_share))
        shares = {tier: share for tier, share in pairs if share is not None}
        if any(not 0 < share < 1 for share in shares.values()) or sum(shares.values()) >= 1:
            # Shares filling the whole ceiling would leave verified customers nothing reserved.
            raise ValueError("the anonymous and sign-in shares must be fractions adding up to less than 1")
        rates.update({tier: _share(ceiling, share) for tier, share in shares.items()})
        self._rates: dict[str, Rate] = rates
        self.windows: Windows = open_windows(storage_uri, key_prefix, redis=redis)

    @classmethod
    def from_settings(cls, settings: Settings, *, key_prefix: str | None = None) -> RateLimiter:
        """The tiers and storage configured in ``settings`` (``key_prefix`` overrides its Redis prefix)."""
        return cls(
            conversation=settings.rate_limit_conversation,
            patient=settings.rate_limit_patient,
            everyone=settings.rate_limit_global,
            anonymous_conversation=settings.rate_limit_anonymous_conversation,
            client=settings.rate_limit_client,
            client_sign_in=settings.rate_limit_client_sign_in,
            anonymous_share=settings.rate_limit_anonymous_share,
            sign_in_share=settings.rate_limit_sign_in_share,
            storage_uri=settings.redis_url,
            key_prefix=key_prefix or settings.redis_key_prefix,
            redis=RedisOptions.from_settings(settings),
        )

    def _checks(self, ctx: ToolContext, sign_in: bool) -> list[tuple[str, str]]:
        principal, conversation = ctx.principal, ctx.conversation_id
        address = _client_key(ctx.client_address) if ctx.client_address else None
        lane: Lane
        if sign_in:
            lane = "sign_in"
        elif principal.kind == "patient":
            lane = "patient"
        elif principal.kind == "staff":
            lane = "staff"
        else:
            lane = "anonymous"
        keys = {
            "conversation": conversation and "conversation/" + conversation,
            "anonymous_conversation": conversation and "anonymous-conversation/" + conversation,
            "client": address and "client/" + address,
            "client_sign_in": address and "client-sign-in/" + address,
            "patient": principal.patient_id and "patient/" + principal.patient_id,
            "anonymous": "anonymous",
            "sign_in": "sign-in",
            "global": "global",
        }
        return [(tier, key) for tier in _LANES[lane] if tier in self._rates and (key := keys[tier])]

    def acquire(self, ctx: ToolContext, *, sign_in: bool = False) -> RateRefusal | None:
        """Count one call against every tier of its lane, or say which tier refuses it.

        Atomic, also across workers through Redis: no tier ever admits more than its limit. When several
        tiers are full, the narrowest one is named.

        Args:
            ctx: The call's session: principal, conversation, client address.
            sign_in: The call signs someone in (an AUTH tool).
        """
        tiers = self._checks(ctx, sign_in)
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
        refusal = self.limiter.acquire(inv.context, sign_in=inv.spec.kind is ToolKind.AUTH)
        if refusal is not None:
            inv.rate_limited_tier = refusal.tier
            return inv.fail(RateLimited({"retry_after": refusal.retry_after, "tier": refusal.tier}))
        return call_next(inv)
