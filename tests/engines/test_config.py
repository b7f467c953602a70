"""Building the LLM engines from settings and environment, and the system prompt they send."""

from __future__ import annotations

from typing import Any

import pydantic
import pytest

from pharmai.agent.base import SessionInfo
from pharmai.agent.engines.llm import build_llm_engine
from pharmai.agent.engines.llm._config import DEFAULT_CHAT_BASE_URL
from pharmai.agent.engines.llm._prompt import system_prompt
from pharmai.db import Database
from pharmai.errors import ValidationFailed
from pharmai.settings import Settings
from pharmai.toolsets import registry_for
from tests.agent.loop_support import make_loop, reply, run, session
from tests.engines.stub_server import Reply, StubServer

SETTINGS = Settings(model=None)


def _fields(exc: pytest.ExceptionInfo[ValidationFailed]) -> list[str]:
    return [str(f["field"]) for f in exc.value.fields]


@pytest.mark.parametrize(
    ("name", "env", "model", "base_url"),
    [
        ("openai", {"OPENAI_API_KEY": "sk-1"}, "gpt-5-mini", None),
        ("openai", {"OPENAI_API_KEY": "sk-1", "OPENAI_BASE_URL": "http://proxy/v1"}, "gpt-5-mini", "http://proxy/v1"),
        ("chat", {}, "llama3.1", DEFAULT_CHAT_BASE_URL),
        ("chat", {"OPENAI_BASE_URL": "http://127.0.0.1:8000/v1"}, "llama3.1", "http://127.0.0.1:8000/v1"),
        ("anthropic", {"ANTHROPIC_API_KEY": "ak"}, "claude-sonnet-4-5", None),
    ],
)
def test_engines_are_configured_from_the_environment_like_the_sdks(
    name: str, env: dict[str, str], model: str, base_url: str | None
) -> None:
    engine: Any = build_llm_engine(name, SETTINGS, env)
    assert engine.name == name and engine.config.model == model and engine.config.base_url == base_url
    assert engine.client.max_retries == 0, "retries are ours, counted per turn"


def test_the_settings_model_wins_over_the_default() -> None:
    engine: Any = build_llm_engine("anthropic", Settings(model="claude-haiku-4-5"), {"ANTHROPIC_API_KEY": "k"})
    assert engine.config.model == "claude-haiku-4-5"


@pytest.mark.parametrize(
    ("name", "env", "field"),
    [
        ("openai", {}, "OPENAI_API_KEY"),
        ("anthropic", {"OPENAI_API_KEY": "sk"}, "ANTHROPIC_API_KEY"),
        ("gemini", {}, "engine"),
        ("<script>", {}, "engine"),
        ("x" * 10_000, {}, "engine"),
    ],
)
def test_missing_keys_and_bad_knobs_are_validation_errors(name: str, env: dict[str, str], field: str) -> None:
    with pytest.raises(ValidationFailed) as exc:
        build_llm_engine(name, SETTINGS, env)
    assert _fields(exc) == [field]
    assert exc.value.message("he") and exc.value.message("en")


def test_the_llm_knobs_come_from_the_settings_which_read_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in {
        "PHARMAI_MODEL": "qwen3",
        "PHARMAI_REASONING_EFFORT": " High ",
        "PHARMAI_LLM_TIMEOUT": "12.5",
        "PHARMAI_LLM_MAX_RETRIES": "0",
    }.items():
        monkeypatch.setenv(key, value)
    engine: Any = build_llm_engine("openai", Settings(), {"OPENAI_API_KEY": "k"})
    config = engine.config
    assert (config.model, config.reasoning_effort, config.timeout, config.max_retries) == ("qwen3", "high", 12.5, 0)


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("PHARMAI_REASONING_EFFORT", "extreme"),
        ("PHARMAI_LLM_TIMEOUT", "soon"),
        ("PHARMAI_LLM_TIMEOUT", "0"),
        ("PHARMAI_LLM_MAX_RETRIES", "-1"),
    ],
)
def test_a_malformed_llm_knob_is_refused_when_the_settings_are_read(
    monkeypatch: pytest.MonkeyPatch, variable: str, value: str
) -> None:
    monkeypatch.setenv(variable, value)
    with pytest.raises(pydantic.ValidationError) as exc:
        Settings()
    assert exc.value.errors()[0]["loc"] == (variable.removeprefix("PHARMAI_").lower(),)


def test_the_reasoning_effort_reaches_the_request(db: Database) -> None:
    env = {"OPENAI_API_KEY": "k"}
    with StubServer("responses", [Reply(text="Hi.")]) as stub:
        settings = Settings(model=None, reasoning_effort="High")
        engine: Any = build_llm_engine("openai", settings, {**env, "OPENAI_BASE_URL": stub.base_url})
        with make_loop(db, engine) as loop:
            assert reply(run(loop.turn(loop.open(session(), "en"), "Hello"))) == "Hi."
    assert stub.requests[0]["reasoning"] == {"effort": "high"}


@pytest.mark.parametrize(
    ("language", "policy", "identity", "other"),
    [
        ("en", "Pharmacy policy", "not verified yet", "מדיניות"),
        ("he", "מדיניות בית המרקחת", "עדיין לא מאומתת", "Pharmacy policy"),
    ],
)
def test_the_system_prompt_is_written_in_the_turns_language(
    language: str, policy: str, identity: str, other: str
) -> None:
    specs = registry_for("canonical").specs()
    prompt = system_prompt(language, SessionInfo("c1"), specs)
    assert policy in prompt and identity in prompt and other not in prompt
    assert all(spec.name in prompt for spec in specs)
    assert "s1" in prompt and "canonical" in prompt


def test_the_prompt_says_a_patient_is_verified_without_saying_who() -> None:
    specs = registry_for("canonical").specs()
    prompt = system_prompt("en", SessionInfo("c1", patient_id="u002", identity_mode="trusted"), specs)
    assert "verified (their own data only)" in prompt and "u002" not in prompt


def test_a_seed_profile_exports_its_own_tools(db: Database) -> None:
    profile = registry_for("seed-001")
    with StubServer("chat", [Reply(text="Hello.")]) as stub:
        engine: Any = build_llm_engine("chat", SETTINGS, {"OPENAI_BASE_URL": stub.base_url})
        with make_loop(db, engine) as loop:
            cid = loop.open(SessionInfo("", profile="seed-001"), "en")
            run(loop.turn(cid, "Hello"))
    sent = [t["function"]["name"] for t in stub.requests[0]["tools"]]
    assert sent == [spec.name for spec in profile.specs()]
    # The profile is a session fact: a system message after the cacheable prefix.
    assert any("seed-001" in m["content"] for m in stub.requests[0]["messages"][1:] if m["role"] == "system")


@pytest.mark.parametrize(
    ("name", "env", "cls"),
    [
        ("openai", {"OPENAI_API_KEY": "sk"}, "OpenAIEngine"),
        ("chat", {}, "ChatEngine"),
        ("anthropic", {"ANTHROPIC_API_KEY": "ak"}, "AnthropicEngine"),
    ],
)
def test_the_engine_registry_builds_each_llm_engine_by_name(
    db: Database, monkeypatch: pytest.MonkeyPatch, name: str, env: dict[str, str], cls: str
) -> None:
    from pharmai.agent.engines import build_engine
    from pharmai.agent.fallback import ResilientEngine

    for key in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "PHARMAI_MODEL"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    by_name = build_engine(name, db, SETTINGS)
    configured = build_engine(None, db, Settings(engine=name))
    # Every LLM engine comes behind the provider's circuit breaker.
    assert isinstance(by_name, ResilientEngine) and isinstance(configured, ResilientEngine)
    assert type(by_name.primary).__name__ == cls and type(configured.primary).__name__ == cls
    assert by_name.name == name
