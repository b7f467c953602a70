"""Seed 004's rate-limit tiers, exact at each tier, in-process and through the Redis server."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator

import pytest

from pharmai.settings import Settings
from pharmai.tools import Executor, RateLimiter, ToolCall, ToolContext

Ctx = Callable[..., ToolContext]
REDIS_URL = os.environ.get("PHARMAI_TEST_REDIS_URL")
STORAGES = ["memory"] + (["redis"] if REDIS_URL else [])


@pytest.fixture(params=STORAGES)
def limiter_factory(request: pytest.FixtureRequest) -> Iterator[Callable[..., RateLimiter]]:
    prefix = f"pharmai-test-{uuid.uuid4().hex}"
    made: list[RateLimiter] = []

    def make(**tiers: str) -> RateLimiter:
        # Seed 004's tiers (10 a minute per conversation, 20 an hour per patient): small, exact numbers.
        settings = Settings(redis_url=REDIS_URL if request.param == "redis" else None, rate_limit_preset="seed-004")
        for key, value in tiers.items():
            setattr(settings, f"rate_limit_{key}", value)
        limiter = RateLimiter.from_settings(settings, key_prefix=prefix)
        made.append(limiter)
        return limiter

    yield make
    if request.param == "redis":
        made[0].reset()


def _echo(executor: Executor, session: ToolContext) -> str | None:
    return executor.execute(ToolCall("echo", {"text": "a"}), session).code


def test_defaults_let_ordinary_conversations_through_under_a_ceiling_sized_for_a_chain() -> None:
    settings = Settings()
    assert (settings.rate_limit_conversation, settings.rate_limit_patient) == ("60/minute", "200/hour")
    assert (settings.rate_limit_anonymous_conversation, settings.rate_limit_client) == ("120/hour", "60/minute")
    assert settings.rate_limit_client_sign_in == "20/minute"
    # Seed 004's 1,000 an hour was one bucket anyone could drain; the ceiling now only protects the service.
    assert settings.rate_limit_global == "6000/minute"
    assert settings.rate_limit_anonymous_share + settings.rate_limit_sign_in_share < 1


def test_the_seed_004_preset_gives_its_tiers_unless_one_is_set() -> None:
    seed = Settings(rate_limit_preset="seed-004")
    assert (seed.rate_limit_conversation, seed.rate_limit_patient, seed.rate_limit_global) == (
        "10/minute",
        "20/hour",
        "1000/hour",
    )
    assert Settings(rate_limit_preset="seed-004", rate_limit_patient="50/hour").rate_limit_patient == "50/hour"


@pytest.mark.parametrize("shares", [{"rate_limit_anonymous_share": 1.0}, {"rate_limit_sign_in_share": 0.0}])
def test_shares_are_fractions_of_the_ceiling(shares: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        Settings(**shares)  # type: ignore[arg-type]


def test_shares_that_fill_the_ceiling_leave_nothing_reserved_and_are_refused() -> None:
    with pytest.raises(ValueError, match="less than 1"):
        RateLimiter(anonymous_share=0.6, sign_in_share=0.4)
    with pytest.raises(ValueError, match="less than 1"):  # at start-up, before any call
        Settings(rate_limit_anonymous_share=0.9, rate_limit_sign_in_share=0.2)


def test_conversation_tier_is_exact(
    make_executor: Callable[..., Executor], limiter_factory: Callable[..., RateLimiter], ctx: Ctx
) -> None:
    executor = make_executor(rate_limiter=limiter_factory())
    session = ctx(language="he")
    assert [_echo(executor, session) for _ in range(10)] == [None] * 10
    refused = executor.execute(ToolCall("echo", {"text": "a"}), session)
    details = refused.error.details if refused.error else {}
    assert refused.code == "RATE_LIMITED" and details["tier"] == "conversation"  # type: ignore[index]
    assert 1 <= details["retry_after"] <= 60  # type: ignore[index]
    assert (
        executor.render(refused)["error"]["message"] == f"יותר מדי בקשות. נסו שוב בעוד {details['retry_after']} שניות."
    )  # type: ignore[index]
    assert refused.error.message("en") == f"Too many requests. Please try again in {details['retry_after']} seconds."  # type: ignore[union-attr,index]
    assert _echo(executor, ctx()) is None  # another conversation has its own budget


def test_patient_tier_is_exact(
    make_executor: Callable[..., Executor], limiter_factory: Callable[..., RateLimiter], ctx: Ctx
) -> None:
    executor = make_executor(rate_limiter=limiter_factory())
    codes = [_echo(executor, ctx(patient="u001", conversation=f"c{i // 10}")) for i in range(20)]
    assert codes == [None] * 20
    refused = executor.execute(ToolCall("echo", {"text": "a"}), ctx(patient="u001", conversation="fresh"))
    details = refused.error.details if refused.error else {}
    assert refused.code == "RATE_LIMITED" and details["tier"] == "patient"  # type: ignore[index]
    assert 60 < details["retry_after"] <= 3600  # type: ignore[index]
    assert _echo(executor, ctx(patient="u002", conversation="fresh")) is None


def test_global_tier_is_exact_and_anonymous_calls_fill_only_their_share(
    make_executor: Callable[..., Executor], limiter_factory: Callable[..., RateLimiter], ctx: Ctx
) -> None:
    executor = make_executor(rate_limiter=limiter_factory(**{"global": "100/hour"}))
    # Anonymous calls, in as many conversations as it takes, stop at their half of the ceiling.
    codes = [_echo(executor, ctx(conversation=f"g{i // 10}")) for i in range(60)]
    assert codes == [None] * 50 + ["RATE_LIMITED"] * 10
    refused = executor.execute(ToolCall("echo", {"text": "a"}), ctx(conversation="g-new"))
    assert refused.error is not None and refused.error.details["tier"] == "anonymous"  # type: ignore[index]
    # Verified customers have the rest, and then the ceiling holds for them too.
    codes = [_echo(executor, ctx(patient=f"u{i % 5:03d}", conversation=f"p{i // 10}")) for i in range(50)]
    assert codes == [None] * 50
    refused = executor.execute(ToolCall("echo", {"text": "a"}), ctx(patient="u003"))
    assert refused.code == "RATE_LIMITED" and refused.error.details["tier"] == "global"  # type: ignore[union-attr,index]
    registry = executor.middleware[0].metrics.registry  # type: ignore[attr-defined]
    assert registry.get_sample_value("pharmai_tool_rate_limited_total", {"tool": "echo", "tier": "global"}) == 1.0


def test_tiers_are_configurable(
    make_executor: Callable[..., Executor], limiter_factory: Callable[..., RateLimiter], ctx: Ctx
) -> None:
    executor = make_executor(rate_limiter=limiter_factory(conversation="3/minute"))
    session = ctx()
    assert [_echo(executor, session) for _ in range(4)] == [None, None, None, "RATE_LIMITED"]


def test_tools_with_no_tier_are_not_counted(
    make_executor: Callable[..., Executor], limiter_factory: Callable[..., RateLimiter], ctx: Ctx
) -> None:
    executor = make_executor(rate_limiter=limiter_factory(conversation="1/minute"))
    session = ctx()
    for _ in range(3):
        call = ToolCall("verify_identity", {"user_id": "u001", "code": "000000"})
        assert executor.execute(call, session).code == "AUTH_FAILED"
    assert _echo(executor, session) is None


@pytest.mark.redis
@pytest.mark.skipif(not REDIS_URL, reason="PHARMAI_TEST_REDIS_URL is not set (.ci/run always sets it)")
def test_workers_share_counts_through_redis(make_executor: Callable[..., Executor], ctx: Ctx) -> None:
    prefix = f"pharmai-test-{uuid.uuid4().hex}"
    settings = Settings(redis_url=REDIS_URL, rate_limit_preset="seed-004")  # 10 a minute per conversation
    first = make_executor(rate_limiter=RateLimiter.from_settings(settings, key_prefix=prefix))
    second = make_executor(rate_limiter=RateLimiter.from_settings(settings, key_prefix=prefix))
    try:
        session = ctx()
        codes = [_echo(first if i % 2 else second, session) for i in range(11)]
        assert codes == [None] * 10 + ["RATE_LIMITED"]
    finally:
        first.rate_limiter.reset()
