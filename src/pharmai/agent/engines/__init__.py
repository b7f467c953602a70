"""Engines that write the assistant's replies: offline (default), and the LLM engines.

:func:`build_engine` is the one factory every interface uses. Engines are imported lazily, so a missing
optional engine (or its SDK) only matters when it is asked for.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from pharmai.agent.base import Engine
from pharmai.db.engine import Database
from pharmai.errors import PharmaiError, ValidationFailed
from pharmai.settings import Settings, get_settings

__all__ = ["ENGINE_NAMES", "build_engine", "mentions_for"]

#: Names :func:`build_engine` knows; ``yes-man`` is the policy test double of :mod:`pharmai.testing`.
ENGINE_NAMES = ("offline", "openai", "chat", "anthropic", "yes-man")

#: Module of each engine, imported only when asked for (the LLM engines come with a later issue).
_MODULES = {
    "offline": "pharmai.agent.engines.offline",
    "openai": "pharmai.agent.engines.llm.openai_engine",
    "chat": "pharmai.agent.engines.llm.chat_engine",
    "anthropic": "pharmai.agent.engines.llm.anthropic_engine",
}


def mentions_for(db: Database) -> Callable[[str], list[Any]]:
    """``mentions(text)``: the medications named in ``text``, from the catalog search.

    Each call opens one short read session, so engines never hold (or open) sessions themselves.
    A text the search refuses (too long, not a string) simply names no medication.
    """
    from pharmai.pharmacy.search import find_mentions

    def mentions(text: str) -> list[Any]:
        try:
            with db.session() as session:
                return list(find_mentions(session, text))
        except PharmaiError:
            return []

    return mentions


def _unknown(name: object) -> ValidationFailed:
    return ValidationFailed([{"field": "engine", "reason": f"one of {', '.join(ENGINE_NAMES)}"}])


def build_engine(name: str | None, db: Database, settings: Settings | None = None) -> Engine:
    """The engine called ``name`` (default: ``settings.engine``), ready for a loop.

    Args:
        name: ``offline``, ``openai``, ``chat``, ``anthropic`` or ``yes-man``; ``None`` for the configured one.
        db: The database the catalog search reads (through short read sessions).
        settings: The settings (default: the process settings).

    Raises:
        ValidationFailed: The name is unknown, or that engine is not available in this build.
    """
    settings = settings or get_settings()
    name = name or settings.engine
    if name not in ENGINE_NAMES:
        raise _unknown(name)
    if name == "yes-man":
        from pharmai.testing import YesManEngine

        return YesManEngine(mentions=mentions_for(db))
    module = _import(_MODULES[name], name)
    if name == "offline":
        engine: Engine = module.OfflineEngine(mentions=mentions_for(db))
        return engine
    built: Engine = module.build(db=db, settings=settings)
    # The provider's circuit breaker and the fallback for a provider that is down (``PHARMAI_FALLBACK_ENGINE``).
    from pharmai.agent.fallback import ResilientEngine, breaker_from

    fallback = build_engine("offline", db, settings) if settings.fallback_engine == "offline" else None
    return ResilientEngine(built, breaker=breaker_from(settings, name), fallback=fallback, provider=name)


def _import(path: str, name: str) -> Any:
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as exc:
        # Only "this engine is not part of the build" is a user error; a broken engine fails loudly.
        if exc.name != path:
            raise
        raise ValidationFailed([{"field": "engine", "reason": f"the {name} engine is not available"}]) from None
