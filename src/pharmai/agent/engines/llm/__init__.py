"""The LLM engines: OpenAI Responses (``openai``), any OpenAI-compatible server (``chat``), Anthropic.

Each uses its provider's official SDK only (no agent framework), streams the reply, and drives the same
tools as the offline engine through the turn's runner. :func:`build_llm_engine` is the factory the
engine registry calls; the SDKs are imported only when an engine is built.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING

from pharmai.errors import ValidationFailed
from pharmai.settings import Settings, get_settings

if TYPE_CHECKING:
    from pharmai.agent.base import Engine

__all__ = ["LLM_ENGINES", "build_llm_engine"]

#: Engine name → (module, class).
LLM_ENGINES: dict[str, tuple[str, str]] = {
    "openai": ("pharmai.agent.engines.llm.openai_engine", "OpenAIEngine"),
    "chat": ("pharmai.agent.engines.llm.chat_engine", "ChatEngine"),
    "anthropic": ("pharmai.agent.engines.llm.anthropic_engine", "AnthropicEngine"),
}


def build_llm_engine(name: str, settings: Settings | None = None, env: Mapping[str, str] | None = None) -> Engine:
    """The LLM engine called ``name``, configured from the settings and the environment.

    Args:
        name: ``openai``, ``chat`` or ``anthropic``.
        settings: The settings (``PHARMAI_MODEL``, ``PHARMAI_LLM_TIMEOUT``…); default: the process settings.
        env: The environment to read keys and base URLs from (default: ``os.environ``).

    Raises:
        ValidationFailed: An unknown name or a missing API key.
    """
    from pharmai.agent.engines.llm._config import LLMConfig

    if name not in LLM_ENGINES:
        raise ValidationFailed([{"field": "engine", "reason": f"one of {', '.join(LLM_ENGINES)}"}])
    config = LLMConfig.from_env(name, settings or get_settings(), env)
    module, cls = LLM_ENGINES[name]
    engine: Engine = getattr(importlib.import_module(module), cls)(config)
    return engine
