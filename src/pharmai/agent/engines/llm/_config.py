"""How an LLM engine reaches its model: the knobs from settings, keys and base URLs from the environment."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from pharmai.errors import ValidationFailed
from pharmai.settings import Settings

__all__ = ["DEFAULT_CHAT_BASE_URL", "DEFAULT_MODELS", "LLMConfig"]

#: The model each engine uses when the settings name none (``PHARMAI_MODEL``).
DEFAULT_MODELS = {"openai": "gpt-5-mini", "chat": "llama3.1", "anthropic": "claude-sonnet-4-5"}


#: Local OpenAI-compatible servers (Ollama's default) when no base URL is configured for ``chat``.
DEFAULT_CHAT_BASE_URL = "http://127.0.0.1:11434/v1"


@dataclass(frozen=True)
class LLMConfig:
    """How an LLM engine reaches its model.

    Attributes:
        provider: ``openai``, ``chat`` or ``anthropic``.
        model: The model name.
        api_key: The key (``chat`` servers usually ignore it).
        base_url: The API base URL, or ``None`` for the SDK's default.
        reasoning_effort: OpenAI reasoning effort (``minimal``…``high``), or ``None`` to not send it.
        max_output_tokens: Cap on each model response.
        timeout: Seconds before one request times out.
        max_retries: Extra attempts after a 429, a 5xx, a timeout or a refused connection.
        backoff_base: First retry delay in seconds (doubled each attempt, with jitter).
        backoff_max: Longest delay between attempts.
    """

    provider: str
    model: str
    api_key: str | None = None
    base_url: str | None = None
    reasoning_effort: str | None = None
    max_output_tokens: int = 1024
    timeout: float = 60.0
    max_retries: int = 3
    backoff_base: float = 0.5
    backoff_max: float = 8.0

    @classmethod
    def from_env(cls, provider: str, settings: Settings, env: Mapping[str, str] | None = None) -> LLMConfig:
        """The configuration: pharmai's knobs from ``settings``, keys and base URLs as the official SDKs read them.

        ``settings`` gives ``PHARMAI_MODEL``, ``PHARMAI_REASONING_EFFORT``, ``PHARMAI_LLM_TIMEOUT`` and
        ``PHARMAI_LLM_MAX_RETRIES`` (validated when the settings are read); ``env`` gives
        ``OPENAI_API_KEY`` / ``OPENAI_BASE_URL`` (openai, chat) and ``ANTHROPIC_API_KEY`` /
        ``ANTHROPIC_BASE_URL`` (anthropic).

        Raises:
            ValidationFailed: Unknown provider, or a missing API key.
        """
        env = os.environ if env is None else env
        if provider not in DEFAULT_MODELS:
            raise ValidationFailed([{"field": "engine", "reason": "one of openai, chat, anthropic"}])
        model = settings.model or DEFAULT_MODELS[provider]
        if provider == "anthropic":
            key_name, api_key, base_url = (
                "ANTHROPIC_API_KEY",
                env.get("ANTHROPIC_API_KEY"),
                env.get("ANTHROPIC_BASE_URL"),
            )
        else:
            key_name, api_key, base_url = "OPENAI_API_KEY", env.get("OPENAI_API_KEY"), env.get("OPENAI_BASE_URL")
        if provider == "chat":
            # Local servers need no key, but the SDK insists on one.
            api_key, base_url = api_key or "not-needed", base_url or DEFAULT_CHAT_BASE_URL
        elif not api_key:
            raise ValidationFailed([{"field": key_name, "reason": f"set {key_name} to use the {provider} engine"}])
        return cls(
            provider=provider,
            model=model,
            api_key=api_key,
            base_url=base_url or None,
            reasoning_effort=settings.reasoning_effort,
            timeout=settings.llm_timeout,
            max_retries=settings.llm_max_retries,
        )
