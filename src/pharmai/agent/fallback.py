"""Graceful degradation: a circuit breaker in front of the model provider, and the offline engine as fallback.

:class:`ResilientEngine` wraps an LLM engine. When the provider stays unavailable after the engine's own
retries (the engine raises :class:`~pharmai.errors.ModelUnavailable`), the same turn is answered by the
fallback engine (``PHARMAI_FALLBACK_ENGINE=offline``) through the same loop — the same tool runner, so the
same executor, policy guard and confirmation rules — after one short notice in the reply language. Without
a fallback the error goes on to the loop, which answers ``MODEL_UNAVAILABLE`` as before.

A per-process circuit breaker counts the turns that found the provider unavailable: after
``PHARMAI_MODEL_BREAKER_FAILURES`` in a row the provider is not called for
``PHARMAI_MODEL_BREAKER_RESET_SECONDS`` (turns go straight to the fallback, or get ``MODEL_UNAVAILABLE``),
then one turn probes it again. The wrapper is built by :func:`pharmai.agent.engines.build_engine`, which
every interface calls once per process, so the breaker is shared by all of that process's conversations.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
from collections.abc import Iterator
from typing import Any, Final

from prometheus_client import Counter, Gauge

from pharmai.agent.base import Engine, ToolResult, ToolRunner, TurnInput
from pharmai.clock import Clock
from pharmai.errors import ModelUnavailable, TokenBudgetSpent
from pharmai.settings import Settings
from pharmai.tools import ToolSpec
from pharmai.tools.middleware import CircuitBreaker, CircuitState

__all__ = ["DISCARD_DRAFT", "FALLBACK_NOTICE", "FALLBACK_STATE_KEY", "ResilientEngine", "breaker_from"]

log = logging.getLogger(__name__)

#: Where the fallback engine keeps its dialogue state inside the conversation's engine state: the offline
#: engine rewrites the whole dict it is given, which must not erase what the LLM engine keeps (``usage``).
FALLBACK_STATE_KEY: Final = "_fallback"


class _Discard:
    """Yielded instead of a text delta: the text streamed so far is not part of the reply."""

    def __repr__(self) -> str:
        return "DISCARD_DRAFT"


#: The loop drops the text collected so far when an engine yields this (a model that failed mid-reply).
DISCARD_DRAFT: Final = _Discard()

#: Said first in a turn the fallback answers.
FALLBACK_NOTICE: Final = {
    "en": "Our assistant is running in a limited mode right now; here is what I can tell you.",
    "he": "העוזר שלנו פועל כרגע במתכונת מצומצמת; הנה מה שאוכל לומר לך.",
}

_FALLBACK_TURNS = Counter(
    "pharmai_model_fallback_turns_total",
    "Turns answered by the fallback engine because the model provider was unavailable (or its circuit open).",
    ["provider"],
)
_CIRCUIT = Gauge(
    "pharmai_model_circuit_state",
    "The model provider's circuit breaker in this worker: 0 closed, 1 half-open (a probe is out), 2 open.",
    ["provider"],
)
_STATE_VALUES: dict[CircuitState, int] = {"closed": 0, "half_open": 1, "open": 2}


def breaker_from(settings: Settings, provider: str, clock: Clock | None = None) -> CircuitBreaker:
    """The provider's circuit breaker, configured by ``PHARMAI_MODEL_BREAKER_*``, reporting to the gauge.

    Args:
        settings: The breaker's threshold and reset interval.
        provider: The metric label (``openai``, ``chat``, ``anthropic``).
        clock: Tells the time (tests pass a :class:`~pharmai.clock.FixedClock`); default: the wall clock.
    """
    clock = clock or Clock()
    gauge = _CIRCUIT.labels(provider)
    gauge.set(0)
    return CircuitBreaker(
        failures=settings.model_breaker_failures,
        reset_seconds=settings.model_breaker_reset_seconds,
        on_change=lambda state: gauge.set(_STATE_VALUES[state]),
        clock=lambda: clock.now().timestamp(),
    )


def _call_key(name: str, arguments: Any) -> str:
    if isinstance(arguments, str | bytes):
        with contextlib.suppress(ValueError):  # not JSON: compared as the text it is
            arguments = json.loads(arguments or "{}")
    return name + "\x00" + json.dumps(arguments, sort_keys=True, ensure_ascii=False, default=str)


class _ReplayRunner:
    """The turn's runner, except that a call the failed model turn already made gets its earlier result.

    A read is not run twice, and a write that already asked for confirmation does not ask again.
    """

    def __init__(self, runner: ToolRunner) -> None:
        self._runner = runner
        self._earlier: dict[str, list[ToolResult]] = {}
        for result in runner.results:
            self._earlier.setdefault(_call_key(result.name, result.arguments), []).append(result)

    def call(self, name: str, arguments: Any, *, call_id: str | None = None) -> ToolResult:
        earlier = self._earlier.get(_call_key(name, arguments))
        if earlier:
            return earlier.pop(0)
        return self._runner.call(name, arguments, call_id=call_id)

    def specs(self) -> list[ToolSpec]:
        return self._runner.specs()

    @property
    def results(self) -> list[ToolResult]:
        return self._runner.results


class ResilientEngine:
    """An LLM engine behind a circuit breaker, with an optional fallback engine for a provider that is down.

    Args:
        primary: The LLM engine.
        breaker: The provider's circuit breaker (see :func:`breaker_from`).
        fallback: The engine that answers when the provider is unavailable (``None``: ``MODEL_UNAVAILABLE``).
        provider: The metric label and the log's name for the provider.
    """

    def __init__(
        self, primary: Engine, *, breaker: CircuitBreaker, fallback: Engine | None = None, provider: str = ""
    ) -> None:
        self.primary = primary
        self.fallback = fallback
        self.breaker = breaker
        self.provider = provider or primary.name
        self.name = primary.name

    def respond(self, turn: TurnInput) -> Iterator[str]:
        """Answer with the primary engine; with the fallback when the provider is unavailable or its circuit open.

        Raises:
            ModelUnavailable: The provider is unavailable (or its circuit open) and there is no fallback.
        """
        if not self.breaker.allow():
            if self.fallback is None:
                raise ModelUnavailable({"provider": self.provider, "status": None, "circuit": "open"})
            yield from self._fall_back(turn, "circuit open")
            return
        wrote = False
        try:
            for delta in self.primary.respond(turn):
                wrote = wrote or bool(delta)
                yield delta
        except ModelUnavailable:
            self.breaker.failed()
            if self.fallback is None:
                raise
            if wrote:
                yield DISCARD_DRAFT  # type: ignore[misc]  # the loop knows the marker; see DISCARD_DRAFT
            yield from self._fall_back(turn, "provider unavailable")
            return
        except TokenBudgetSpent:
            # The model was not called: the breaker learns nothing (an unanswered probe slot lapses on its own).
            raise
        except Exception:
            # The provider answered (the turn ended for another reason: a step cap, an engine error).
            self.breaker.succeeded()
            raise
        self.breaker.succeeded()

    def _fall_back(self, turn: TurnInput, why: str) -> Iterator[str]:
        assert self.fallback is not None
        _FALLBACK_TURNS.labels(self.provider).inc()
        # Operators see that the fallback answered; nothing of the conversation reaches the log.
        log.warning("model fallback: provider=%s reason=%s engine=%s", self.provider, why, self.fallback.name)
        stored = turn.state.get(FALLBACK_STATE_KEY)
        sub = dataclasses.replace(
            turn, state=dict(stored) if isinstance(stored, dict) else {}, tools=_ReplayRunner(turn.tools)
        )
        yield FALLBACK_NOTICE.get(turn.language, FALLBACK_NOTICE["he"]) + "\n\n"
        try:
            yield from self.fallback.respond(sub)
        finally:
            turn.state[FALLBACK_STATE_KEY] = sub.state
