"""The engines an evaluation can run: every engine :func:`build_engine` knows, plus reference agents.

Reference agents keep the suite honest:

- ``gold`` replays each task's reference actions (tool calls and replies); it must score 100%, which
  proves every task's criteria can be met through the real tools.
- ``null`` calls no tool and says nothing of substance; it must score 0% on every task that needs an action.
- ``yes-man`` (:class:`pharmai.testing.YesManEngine`) does whatever it is asked; it must fail every policy task.

Provider failures are injected for LLM engines only, by pointing the provider's base URL at a port where
nothing listens.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator, Mapping
from typing import Any

from pharmai.agent.base import Engine, TurnInput
from pharmai.agent.engines import ENGINE_NAMES, build_engine
from pharmai.db.engine import Database
from pharmai.errors import ValidationFailed
from pharmai.evals.task import LLM_ONLY, GoldTurn, Task
from pharmai.pharmacy.identity import latest_outbox_code
from pharmai.settings import Settings

__all__ = ["EVAL_ENGINES", "REFERENCE_AGENTS", "GoldReplayEngine", "NullEngine", "make_engine"]

#: The reference agents of the harness.
REFERENCE_AGENTS = ("gold", "null")

#: Every engine name ``pharmai eval --engine`` accepts.
EVAL_ENGINES = (*ENGINE_NAMES, *REFERENCE_AGENTS)

_OTP = "{{otp}}"
_NULL_REPLY = {"en": "OK.", "he": "בסדר."}


def _substitute(value: Any, code: str) -> Any:
    if isinstance(value, str):
        return value.replace(_OTP, code)
    if isinstance(value, dict):
        return {k: _substitute(v, code) for k, v in value.items()}
    if isinstance(value, list):
        return [_substitute(v, code) for v in value]
    return value


class GoldReplayEngine:
    """Replays a task's ``gold`` turns, one per engine turn, through the real tool runner.

    Args:
        gold: The reference turns.
        db: The trial's database (read for ``{{otp}}``: the reference agent knows the code the user got).
    """

    name = "gold"

    def __init__(self, gold: list[GoldTurn], db: Database) -> None:
        self._gold = list(gold)
        self._db = db
        self._next = 0

    def respond(self, turn: TurnInput) -> Iterator[str]:
        """Run the next reference turn's calls, then yield its reply."""
        if self._next >= len(self._gold):
            yield _NULL_REPLY.get(turn.language, _NULL_REPLY["en"])
            return
        planned = self._gold[self._next]
        self._next += 1
        # Tools that take a reply language get the turn's (a few staff tools take none).
        speaks = {spec.name for spec in turn.tools.specs() if "language" in spec.input_model.model_fields}
        for call in planned.calls:
            arguments = dict(call.arguments)
            if call.name in speaks:
                arguments.setdefault("language", turn.language)
            if any(_OTP in str(v) for v in arguments.values()):
                with self._db.session() as session:
                    arguments = _substitute(arguments, latest_outbox_code(session) or "")
            turn.tools.call(call.name, arguments)
        yield planned.reply


class NullEngine:
    """Calls no tool and answers every message with the same empty acknowledgement."""

    name = "null"

    def respond(self, turn: TurnInput) -> Iterator[str]:
        """Say "OK." in the turn's language."""
        yield _NULL_REPLY.get(turn.language, _NULL_REPLY["en"])


def _closed_port_url(provider: str) -> str:
    # Bind then release a port: nothing listens there, so every request is refused at once.
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    root = f"http://127.0.0.1:{port}"
    return root if provider == "anthropic" else f"{root}/v1"


def _faulty_llm(name: str, settings: Settings, env: Mapping[str, str] | None) -> Engine:
    from pharmai.agent.engines.llm import build_llm_engine

    faulty = dict(os.environ if env is None else env)
    url = _closed_port_url(name)
    faulty.update({"OPENAI_BASE_URL": url, "ANTHROPIC_BASE_URL": url})
    faulty.setdefault("OPENAI_API_KEY", "eval-provider-down")
    faulty.setdefault("ANTHROPIC_API_KEY", "eval-provider-down")
    return build_llm_engine(name, settings.model_copy(update={"llm_max_retries": 0}), faulty)


def make_engine(
    name: str, db: Database, settings: Settings, task: Task, *, env: Mapping[str, str] | None = None
) -> Engine:
    """The engine ``name`` for one trial of ``task``.

    Args:
        name: Any of :data:`EVAL_ENGINES`.
        db: The trial's database.
        settings: The trial's settings.
        task: The task (its gold turns, its provider fault).
        env: The environment LLM engines read keys and base URLs from (default: ``os.environ``).

    Raises:
        ValidationFailed: An unknown engine, or an engine that is not available (a missing API key…).
    """
    if name == "gold":
        return GoldReplayEngine(task.gold, db)
    if name == "null":
        return NullEngine()
    if name not in ENGINE_NAMES:
        raise ValidationFailed([{"field": "engine", "reason": f"one of {', '.join(EVAL_ENGINES)}"}])
    if name in LLM_ONLY and task.session.provider_fault == "down":
        return _faulty_llm(name, settings, env)
    if name in LLM_ONLY and env is not None:
        from pharmai.agent.engines.llm import build_llm_engine

        return build_llm_engine(name, settings, env)
    return build_engine(name, db, settings)
