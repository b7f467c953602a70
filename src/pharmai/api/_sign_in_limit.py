"""The staff sign-in budget: attempts per account name and per client address, in moving windows.

Built on the same counters as the tool-call limits (:func:`pharmai.tools.open_windows`): in this process,
or in Redis when ``PHARMAI_REDIS_URL`` is set, so every worker counts together. Every attempt counts,
successful or not, and both budgets are checked and counted at once (a refused attempt uses neither).
The account budget is keyed by the name as typed (canonicalised), so a name without an account is
throttled exactly like one with an account. Keys are keyed hashes: no username or address reaches Redis.
When Redis does not answer, sign-in is refused (``SERVICE_UNAVAILABLE``) rather than left unthrottled.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import ipaddress
import threading
import unicodedata

from pharmai.errors import RateLimited
from pharmai.settings import Settings
from pharmai.tools import RedisOptions, open_windows, parse_rate

__all__ = ["SignInLimiter", "client_key", "limiter_for"]

_DEV_SECRET = "pharmai-development-audit-secret"
_lock = threading.Lock()


@functools.lru_cache(maxsize=4096)
def client_key(address: str) -> str:
    """The budget an address counts against: itself, or its /64 for IPv6 (one subscriber's usual share)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address[:100]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class SignInLimiter:
    """Sign-in attempts per account name and per client address.

    Args:
        settings: ``PHARMAI_STAFF_SIGN_IN_LIMIT_ACCOUNT`` / ``_CLIENT``, Redis URL, prefix and options, and
            the secret keying the budgets' names.
    """

    def __init__(self, settings: Settings) -> None:
        self.account_rate = parse_rate(settings.staff_sign_in_limit_account)
        self.client_rate = parse_rate(settings.staff_sign_in_limit_client)
        self._windows = open_windows(
            settings.redis_url,
            f"{settings.redis_key_prefix}:staff-sign-in",
            redis=RedisOptions.from_settings(settings),
        )
        self._key = (settings.audit_secret or _DEV_SECRET).encode()

    def _name(self, kind: str, value: str) -> str:
        return kind + ":" + hmac.new(self._key, f"{kind}:{value}".encode(), hashlib.sha256).hexdigest()[:32]

    def hit(self, username: object, address: str | None) -> RateLimited | None:
        """Count one attempt; the refusal (``details.tier`` ``staff_sign_in``) when a budget is spent.

        Blocking (Redis): call it from a worker thread in async code.

        Raises:
            ServiceUnavailable: Redis does not answer or its circuit is open.
        """
        name = unicodedata.normalize("NFKC", username if isinstance(username, str) else "").strip().casefold()
        checks = [(self._name("account", name[:256]), self.account_rate)]
        if address:
            checks.insert(0, (self._name("client", client_key(address)), self.client_rate))
        refused = self._windows.hit(checks)
        if refused is None:
            return None
        return RateLimited({"retry_after": refused[1], "tier": "staff_sign_in"})

    def reset(self) -> None:
        """Forget every count (tests)."""
        self._windows.reset()


def limiter_for(holder: object, settings: Settings) -> SignInLimiter:
    """The limiter kept on ``holder`` (the app's state), built on first use."""
    limiter = getattr(holder, "staff_sign_in", None)
    if limiter is None:
        with _lock:
            limiter = getattr(holder, "staff_sign_in", None)
            if limiter is None:
                limiter = SignInLimiter(settings)
                setattr(holder, "staff_sign_in", limiter)  # noqa: B010 - starlette's State takes any name
    assert isinstance(limiter, SignInLimiter)
    return limiter
