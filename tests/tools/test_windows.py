"""Exact moving windows under the rate limits: parsing rates, several windows per call, in-process and in Redis."""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pharmai.tools import Principal, RateLimiter, ToolContext
from pharmai.tools.middleware._windows import Rate, Windows, open_windows, parse_rate

REDIS_URL = os.environ.get("PHARMAI_TEST_REDIS_URL")
STORAGES = ["memory"] + (["redis"] if REDIS_URL else [])

MakeWindows = Callable[[], Windows]


@pytest.fixture(params=STORAGES)
def storage_url(request: pytest.FixtureRequest) -> str | None:
    """``None`` for in-process windows, else the test Redis server."""
    return REDIS_URL if request.param == "redis" else None


@pytest.fixture
def make_windows(storage_url: str | None) -> Iterator[MakeWindows]:
    """``make_windows()`` → windows under one fresh prefix (so Redis runs never see each other's keys)."""
    prefix = f"pharmai-test-{uuid.uuid4().hex}"
    made: list[Windows] = []

    def make() -> Windows:
        windows = open_windows(storage_url, prefix)
        made.append(windows)
        return windows

    yield make
    if made:
        made[0].reset()


@pytest.fixture
def windows(make_windows: MakeWindows) -> Windows:
    return make_windows()


def _admitted(windows: Windows, checks: list[tuple[str, Rate]], times: int) -> int:
    """How many of ``times`` calls against ``checks`` were admitted."""
    return sum(windows.hit(checks) is None for _ in range(times))


# --- parse_rate ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("10/minute", Rate(10, 60)),
        ("20 per hour", Rate(20, 3600)),
        ("5/10 seconds", Rate(5, 10)),
        ("1/1 second", Rate(1, 1)),
        ("1000/hour", Rate(1000, 3600)),
        ("3 / day", Rate(3, 86400)),
        ("2/minutes", Rate(2, 60)),
        ("7 PER 2 Hours", Rate(7, 7200)),
        ("  10/minute  ", Rate(10, 60)),
    ],
)
def test_rates_are_parsed(text: str, rate: Rate) -> None:
    assert parse_rate(text) == rate


@pytest.mark.parametrize(
    "text",
    [
        "",
        "10",
        "minute",
        "ten/minute",
        "10/fortnight",
        "-1/minute",
        "1.5/minute",
        "10/minute extra",
        "10//minute",
        None,
    ],
)
def test_anything_else_is_not_a_rate(text: object) -> None:
    with pytest.raises(ValueError, match="not a rate"):
        parse_rate(text)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "url", ["http://127.0.0.1:6379/0", "memcached://127.0.0.1", "127.0.0.1:6379", "postgresql://x"]
)
def test_only_redis_urls_can_hold_windows(url: str) -> None:
    with pytest.raises(ValueError, match="redis"):
        open_windows(url, "pharmai-test")
    with pytest.raises(ValueError):
        RateLimiter(storage_uri=url)


def test_no_url_keeps_windows_in_this_process() -> None:
    first, second = open_windows(None, "p"), open_windows("", "p")
    check = [("k", Rate(1, 60))]
    assert first.hit(check) is None and second.hit(check) is None  # each process object counts on its own
    assert first.hit(check) is not None


# --- one window ------------------------------------------------------------------------------------


def test_a_window_admits_exactly_its_limit(windows: Windows) -> None:
    check = [("conv/a", Rate(5, 60))]
    assert [windows.hit(check) for _ in range(5)] == [None] * 5
    refused = windows.hit(check)
    assert refused is not None
    index, retry_after = refused
    assert index == 0 and 55 <= retry_after <= 60
    assert windows.hit(check) is not None
    assert windows.hit([("conv/other", Rate(5, 60))]) is None


def test_keys_are_independent(windows: Windows) -> None:
    rate = Rate(2, 60)
    assert _admitted(windows, [("conv/a", rate)], 5) == 2
    assert _admitted(windows, [("conv/b", rate)], 5) == 2
    assert _admitted(windows, [("patient/a", rate)], 5) == 2


def test_windows_expire(windows: Windows) -> None:
    check = [("conv/fast", Rate(1, 1))]
    assert windows.hit(check) is None
    assert windows.hit(check) == (0, 1)
    time.sleep(1.1)
    assert windows.hit(check) is None
    assert windows.hit(check) == (0, 1)


def test_reset_forgets_every_count(windows: Windows) -> None:
    checks = [("conv/a", Rate(1, 60)), ("global", Rate(1, 60))]
    assert windows.hit(checks) is None and windows.hit(checks) is not None
    windows.reset()
    assert windows.hit(checks) is None and windows.hit(checks) is not None


# --- several windows at once -------------------------------------------------------------------------


def test_a_call_is_counted_in_every_window_it_is_checked_against(windows: Windows) -> None:
    wide, narrow = ("global", Rate(5, 60)), ("conv/a", Rate(3, 60))
    assert _admitted(windows, [narrow, wide], 3) == 3
    # Both windows counted those three calls: the narrow one is full, the wide one has two slots left.
    assert windows.hit([narrow]) is not None
    assert _admitted(windows, [wide], 5) == 2


def test_a_refused_call_uses_no_slot_in_any_window(windows: Windows) -> None:
    a, b = ("global", Rate(5, 60)), ("conv/b", Rate(2, 60))
    assert [windows.hit([a, b]) for _ in range(2)] == [None, None]
    for _ in range(10):
        refused = windows.hit([a, b])
        assert refused is not None and refused[0] == 1  # B is full; A had room
    # A counted only the two admitted calls, none of the ten refused ones.
    assert _admitted(windows, [a], 10) == 3


def test_the_first_full_window_is_named(windows: Windows) -> None:
    a, b = ("w/a", Rate(5, 60)), ("w/b", Rate(2, 60))
    assert _admitted(windows, [a, b], 2) == 2
    refused_ab, refused_ba = windows.hit([a, b]), windows.hit([b, a])
    assert refused_ab is not None and refused_ab[0] == 1
    assert refused_ba is not None and refused_ba[0] == 0
    # Fill A too: with both full, the first one listed is named.
    assert _admitted(windows, [a], 5) == 3
    both_ab, both_ba = windows.hit([a, b]), windows.hit([b, a])
    assert both_ab is not None and both_ab[0] == 0
    assert both_ba is not None and both_ba[0] == 0


def test_retry_after_is_the_wait_of_the_refusing_window(windows: Windows) -> None:
    short, long = ("w/short", Rate(1, 10)), ("w/long", Rate(1, 3600))
    assert windows.hit([short]) is None and windows.hit([long]) is None
    refused_short = windows.hit([short, long])
    assert refused_short is not None and refused_short[0] == 0 and 1 <= refused_short[1] <= 10
    refused_long = windows.hit([long, short])
    assert refused_long is not None and refused_long[0] == 0 and 3590 <= refused_long[1] <= 3600


@pytest.mark.redis
@pytest.mark.skipif(not REDIS_URL, reason="PHARMAI_TEST_REDIS_URL is not set (.ci/run always sets it)")
def test_redis_windows_are_shared_by_prefix_and_reset_by_prefix() -> None:
    assert REDIS_URL is not None
    prefix, other_prefix = f"pharmai-test-{uuid.uuid4().hex}", f"pharmai-test-{uuid.uuid4().hex}"
    first, second, other = (
        open_windows(REDIS_URL, prefix),
        open_windows(REDIS_URL, prefix),
        open_windows(REDIS_URL, other_prefix),
    )
    try:
        check = [("conv/shared", Rate(3, 60))]
        # Two workers with one prefix count together; another prefix is another deployment.
        assert [(first if i % 2 else second).hit(check) is None for i in range(4)] == [True, True, True, False]
        assert _admitted(other, check, 4) == 3
        first.reset()
        assert _admitted(second, check, 4) == 3
        assert other.hit(check) is not None  # resetting one prefix left the other's counts alone
    finally:
        first.reset()
        other.reset()


# --- the rate limiter's tiers --------------------------------------------------------------------


@pytest.fixture
def make_limiter(storage_url: str | None) -> Iterator[Callable[..., RateLimiter]]:
    prefix = f"pharmai-test-{uuid.uuid4().hex}"
    made: list[RateLimiter] = []

    def make(**tiers: Any) -> RateLimiter:
        limiter = RateLimiter(storage_uri=storage_url, key_prefix=prefix, **tiers)
        made.append(limiter)
        return limiter

    yield make
    if made:
        made[0].reset()


def _ctx(conversation: str | None, patient: str | None = None, address: str | None = None) -> ToolContext:
    principal = Principal.patient(patient) if patient else Principal.anonymous()
    return ToolContext(principal=principal, conversation_id=conversation, client_address=address)


def _tier(refusal: object) -> str | None:
    return getattr(refusal, "tier", None)


def test_the_narrowest_full_tier_is_named(make_limiter: Callable[..., RateLimiter]) -> None:
    limiter = make_limiter(conversation="2/minute", patient="2/hour", everyone="2/hour")
    ctx = _ctx("c1", "u001")
    assert [limiter.acquire(ctx) for _ in range(2)] == [None, None]
    # Every tier is full now; the conversation is the narrowest.
    refusal = limiter.acquire(ctx)
    assert refusal is not None and refusal.tier == "conversation" and 55 <= refusal.retry_after <= 60
    # Another conversation of the same patient: its conversation tier has room, the patient's does not.
    refusal = limiter.acquire(_ctx("c2", "u001"))
    assert refusal is not None and refusal.tier == "patient" and 3590 <= refusal.retry_after <= 3600
    # Nobody else gets through either: the deployment's budget is spent.
    refusal = limiter.acquire(_ctx("c3", "u002"))
    assert refusal is not None and refusal.tier == "global"
    refusal = limiter.acquire(_ctx(None))
    assert refusal is not None and refusal.tier == "global"


def test_a_call_refused_by_the_global_tier_uses_no_conversation_slot(
    make_limiter: Callable[..., RateLimiter],
) -> None:
    limiter = make_limiter(conversation="2/minute", patient="100/hour", everyone="3/hour")
    assert [limiter.acquire(_ctx("busy")) for _ in range(2)] == [None, None]
    assert limiter.acquire(_ctx("quiet")) is None  # global is full now
    for _ in range(5):
        refusal = limiter.acquire(_ctx("calm"))
        assert refusal is not None and refusal.tier == "global"
    # The same counters under a larger global budget (as after a configuration change): "calm" still
    # has its whole conversation budget, because the refused calls were not counted anywhere.
    raised = make_limiter(conversation="2/minute", patient="100/hour", everyone="100/hour")
    raised.windows = limiter.windows
    assert [raised.acquire(_ctx("calm")) for _ in range(2)] == [None, None]
    refusal = raised.acquire(_ctx("calm"))
    assert refusal is not None and refusal.tier == "conversation"
    # And "quiet", admitted once, has exactly one call left.
    assert raised.acquire(_ctx("quiet")) is None
    refusal = raised.acquire(_ctx("quiet"))
    assert refusal is not None and refusal.tier == "conversation"


@pytest.mark.parametrize("text", ["0/minute", "5/0 seconds"])
def test_empty_limits_and_windows_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="at least one"):
        parse_rate(text)


# --- lanes: budgets that keep customers apart ------------------------------------------------------------


def test_each_client_address_spends_only_its_own_budget(make_limiter: Callable[..., RateLimiter]) -> None:
    limiter = make_limiter(client="3/minute", client_sign_in="1/minute")
    attacker = [limiter.acquire(_ctx(f"c{i}", address="203.0.113.7")) for i in range(4)]
    assert attacker[:3] == [None] * 3 and _tier(attacker[3]) == "client"
    assert 1 <= attacker[3].retry_after <= 60  # type: ignore[union-attr]
    assert limiter.acquire(_ctx("x", address="198.51.100.23")) is None  # another address, another budget
    # Behind the same address, a verified customer is not refused for the others' calls...
    assert limiter.acquire(_ctx("v", patient="u002", address="203.0.113.7")) is None
    # ...and signing in has a budget of its own, per address too.
    assert limiter.acquire(_ctx("s", address="203.0.113.7"), sign_in=True) is None
    assert _tier(limiter.acquire(_ctx("s2", address="203.0.113.7"), sign_in=True)) == "client_sign_in"
    # With no address (the CLI, stdio) no address budget applies.
    assert [limiter.acquire(_ctx(f"n{i}")) for i in range(5)] == [None] * 5


def test_an_ipv6_subscriber_counts_as_one_address(make_limiter: Callable[..., RateLimiter]) -> None:
    limiter = make_limiter(client="2/minute")
    assert limiter.acquire(_ctx(None, address="2001:db8:1:2::1")) is None
    assert limiter.acquire(_ctx(None, address="2001:db8:1:2:ffff::9")) is None
    assert _tier(limiter.acquire(_ctx(None, address="2001:db8:1:2:abcd::1"))) == "client"  # the same /64
    assert limiter.acquire(_ctx(None, address="2001:db8:1:3::1")) is None
    # An IPv4 client seen through an IPv6 socket is that IPv4 address.
    assert limiter.acquire(_ctx(None, address="::ffff:192.0.2.1")) is None
    assert limiter.acquire(_ctx(None, address="192.0.2.1")) is None
    assert _tier(limiter.acquire(_ctx(None, address="192.0.2.1"))) == "client"


def test_an_anonymous_conversation_has_a_budget_verified_ones_do_not_share(
    make_limiter: Callable[..., RateLimiter],
) -> None:
    limiter = make_limiter(conversation="100/minute", anonymous_conversation="3/hour")
    assert [limiter.acquire(_ctx("c")) for _ in range(3)] == [None] * 3
    refused = limiter.acquire(_ctx("c"))
    assert _tier(refused) == "anonymous_conversation" and 60 < refused.retry_after <= 3600  # type: ignore[union-attr]
    assert limiter.acquire(_ctx("c"), sign_in=True) is None  # signing in is not looking things up
    assert limiter.acquire(_ctx("c", patient="u002")) is None  # once verified, the customer's budget applies


def test_anonymous_calls_and_sign_ins_cannot_take_the_verified_customers_share(
    make_limiter: Callable[..., RateLimiter],
) -> None:
    limiter = make_limiter(everyone="100/hour", anonymous_share=0.2, sign_in_share=0.1, client="5/minute")
    # Anonymous traffic from many addresses stops at its share (20 of 100).
    flood = [limiter.acquire(_ctx(f"a{n}", address=f"192.0.2.{n}")) for n in range(30)]
    assert flood[:20] == [None] * 20 and {_tier(r) for r in flood[20:]} == {"anonymous"}
    # Sign-ins were untouched by it, and stop at theirs (10).
    sign_ins = [limiter.acquire(_ctx(f"s{n}", address=f"198.51.100.{n}"), sign_in=True) for n in range(12)]
    assert sign_ins[:10] == [None] * 10 and {_tier(r) for r in sign_ins[10:]} == {"sign_in"}
    # Verified customers have the other 70, and then the ceiling holds for everyone.
    verified = [limiter.acquire(_ctx(f"v{n}", patient=f"u{n:03d}", address="192.0.2.1")) for n in range(71)]
    assert verified[:70] == [None] * 70 and _tier(verified[70]) == "global"
