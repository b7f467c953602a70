"""How an LLM engine reaches its model: the knobs from settings, keys and base URLs from the environment."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace

from pharmai.errors import ValidationFailed
from pharmai.settings import Settings

__all__ = ["DEFAULT_CHAT_BASE_URL", "DEFAULT_MODELS", "DEFAULT_PRICES", "LLMConfig", "Price"]

#: The model each engine uses when the settings name none (``PHARMAI_MODEL``).
DEFAULT_MODELS = {"openai": "gpt-5-mini", "chat": "llama3.1", "anthropic": "claude-sonnet-4-5"}


#: Local OpenAI-compatible servers (Ollama's default) when no base URL is configured for ``chat``.
DEFAULT_CHAT_BASE_URL = "http://127.0.0.1:11434/v1"


@dataclass(frozen=True)
class Price:
    """Estimated US dollars per million tokens of one model (an estimate for dashboards, not a bill).

    Attributes:
        input: Input tokens not served from the prompt cache.
        cached_input: Input tokens read from the prompt cache.
        cache_write: Input tokens written to the cache (Anthropic bills them above ``input``).
        output: Output tokens (reasoning included).
    """

    input: float
    cached_input: float
    cache_write: float
    output: float

    def cost(self, input_tokens: int, cached: int, cache_write: int, output_tokens: int) -> float:
        """The estimated cost of these counts; ``input_tokens`` includes the cached and cache-write ones."""
        plain = max(0, input_tokens - cached - cache_write)
        total = plain * self.input + cached * self.cached_input + cache_write * self.cache_write
        return (total + output_tokens * self.output) / 1_000_000


#: List prices per million tokens as the providers published them in late 2025 (estimates: check the
#: provider's price page and override with ``PHARMAI_LLM_PRICE_*``). OpenAI bills no cache writes;
#: Anthropic's are the 5-minute cache's (1.25 × input), reads 0.1 × input. Local models cost nothing here.
DEFAULT_PRICES: dict[str, Price] = {
    "gpt-5": Price(1.25, 0.125, 1.25, 10.0),
    "gpt-5-mini": Price(0.25, 0.025, 0.25, 2.0),
    "gpt-5-nano": Price(0.05, 0.005, 0.05, 0.40),
    "gpt-4.1-mini": Price(0.40, 0.10, 0.40, 1.60),
    "claude-sonnet-4-5": Price(3.0, 0.30, 3.75, 15.0),
    "claude-haiku-4-5": Price(1.0, 0.10, 1.25, 5.0),
    "claude-opus-4-1": Price(15.0, 1.50, 18.75, 75.0),
}


def _price(provider: str, model: str, settings: Settings) -> Price | None:
    # The table's entry for the model (or none: the chat engine's local models are free), with any price the
    # settings give taking precedence; a model with neither has no estimate.
    base = DEFAULT_PRICES.get(model) or (Price(0.0, 0.0, 0.0, 0.0) if provider == "chat" else None)
    given = {
        "input": settings.llm_price_input,
        "cached_input": settings.llm_price_cached_input,
        "cache_write": settings.llm_price_cache_write,
        "output": settings.llm_price_output,
    }
    if base is None and given["input"] is None and given["output"] is None:
        return None
    values = {name: value for name, value in given.items() if value is not None}
    if base is None:
        # Without a table entry, an unset cache price falls back to the input price (no discount assumed).
        input_price = float(values.get("input", 0.0))
        base = Price(input_price, input_price, input_price, float(values.get("output", 0.0)))
    return replace(base, **values)


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
        prompt_cache: Mark the cacheable prefix (Anthropic breakpoints, OpenAI ``prompt_cache_key``).
        send_cache_key: Send ``prompt_cache_key`` (on for ``openai``; for ``chat`` only when configured).
        cache_namespace: The deployment's part of the cache key (never anything about a person).
        price: Estimated prices of the model, or ``None`` when unknown (no cost is estimated).
        token_budget: Model tokens one conversation may use (input + output); 0: no budget.
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
    prompt_cache: bool = True
    send_cache_key: bool = True
    cache_namespace: str = "pharmai"
    price: Price | None = None
    token_budget: int = 0

    def cache_key(self, profile: str, language: str) -> str:
        """The ``prompt_cache_key``: the same for every conversation of a deployment, profile and language."""
        return f"{self.cache_namespace}:{profile}:{language}"

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
            prompt_cache=settings.llm_prompt_cache,
            send_cache_key=settings.llm_prompt_cache and (provider != "chat" or settings.llm_chat_cache_key),
            cache_namespace=settings.llm_cache_namespace,
            price=_price(provider, model, settings),
            token_budget=settings.conversation_token_budget,
        )
