"""How many turns one API worker runs at once (``PHARMAI_TURN_CONCURRENCY``).

Turns beyond the limit wait for a slot and then run; none is lost or refused, and a turn that fails
before or during its stream gives its slot back.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from pydantic import ValidationError

from pharmai.agent.base import TurnInput
from pharmai.api._state import MODEL_TURN_CONCURRENCY, OFFLINE_TURN_CONCURRENCY
from pharmai.db import Database
from pharmai.settings import Settings
from tests.api.conftest import AppFactory, open_conversation, say

_WAIT_S = 10.0


class _GateEngine:
    """Holds every turn until ``want`` turns are inside at once (or a timeout), counting the most seen."""

    name = "gate"

    def __init__(self, want: int) -> None:
        self.want = want
        self.inside = 0
        self.most = 0
        self.reached = threading.Event()
        self._lock = threading.Lock()

    def respond(self, turn: TurnInput) -> Iterator[str]:
        with self._lock:
            self.inside += 1
            self.most = max(self.most, self.inside)
            if self.inside >= self.want:
                self.reached.set()
        try:
            # Fails the turn's wait (not the test) when fewer turns can get in than wanted.
            self.reached.wait(0.5)
            if turn.message == "boom":
                raise RuntimeError("engine failure")
            yield "done: " + turn.message
        finally:
            with self._lock:
                self.inside -= 1


def _turns(client: Any, count: int, message: str = "hello") -> list[list[tuple[str, dict[str, Any]]]]:
    conversations = [open_conversation(client, language="en") for _ in range(count)]
    with ThreadPoolExecutor(count) as pool:
        futures = [pool.submit(say, client, cid, headers, message) for cid, headers in conversations]
        return [f.result(timeout=_WAIT_S) for f in futures]


@pytest.mark.parametrize("limit", [1, 3])
def test_no_more_turns_run_at_once_than_the_limit_and_all_finish(make_client: AppFactory, limit: int) -> None:
    """With five turns sent together, exactly ``limit`` run at once and all five end in ``message.done``."""
    engine = _GateEngine(want=limit + 1)
    client = make_client(app_kwargs={"engine": engine}, turn_concurrency=limit)
    results = _turns(client, 5)
    assert engine.most == limit
    for events in results:
        assert events[-1][0] == "message.done"
        assert any(name == "message.delta" and "done: hello" in data.get("text", "") for name, data in events)


def test_a_turn_refused_before_it_streams_gives_its_slot_back(make_client: AppFactory) -> None:
    """With one slot, messages refused for a wrong token (404) do not keep the next turn from running."""
    client = make_client(app_kwargs={"engine": _GateEngine(want=1)}, turn_concurrency=1)
    cid, headers = open_conversation(client, language="en")
    for _ in range(3):
        refused = client.post(
            f"/v1/conversations/{cid}/messages", json={"content": "hi"}, headers={"Authorization": "Bearer nope"}
        )
        assert refused.status_code == 404
    assert say(client, cid, headers, "hello")[-1][0] == "message.done"


def test_a_turn_that_fails_mid_stream_gives_its_slot_back(make_client: AppFactory) -> None:
    """With one slot, an engine failure ends that turn with an ``error`` event and the next turn runs."""
    client = make_client(app_kwargs={"engine": _GateEngine(want=1)}, turn_concurrency=1)
    cid, headers = open_conversation(client, language="en")
    for _ in range(2):
        failed = say(client, cid, headers, "boom")
        assert failed[-1][0] == "error"
    assert say(client, cid, headers, "hello")[-1][0] == "message.done"


def test_the_offline_engine_real_turns_queue_and_answer(make_client: AppFactory) -> None:
    """Eight real offline turns through two slots all answer from the catalog."""
    client = make_client(turn_concurrency=2)
    for events in _turns(client, 8, "Is Advil in stock?"):
        assert events[-1][0] == "message.done"
        assert any(name == "tool.result" for name, _ in events)


def test_the_default_follows_the_engine(make_client: AppFactory) -> None:
    """Unset, the limit is the offline engine's or a model engine's default; a setting overrides both."""
    offline = make_client()
    custom = make_client(app_kwargs={"engine": _GateEngine(want=1)})
    chosen = make_client(turn_concurrency=7)
    assert offline.app.state.pharmai.turn_concurrency == OFFLINE_TURN_CONCURRENCY  # type: ignore[attr-defined]
    assert custom.app.state.pharmai.turn_concurrency == MODEL_TURN_CONCURRENCY  # type: ignore[attr-defined]
    assert chosen.app.state.pharmai.turn_concurrency == 7  # type: ignore[attr-defined]


@pytest.mark.parametrize("value", [0, -1, 1025, "many"])
def test_a_limit_out_of_range_is_refused_at_start(db: Database, value: Any) -> None:
    """``PHARMAI_TURN_CONCURRENCY`` must be a whole number from 1 to 1024."""
    with pytest.raises(ValidationError):
        Settings(database_url=db.url, turn_concurrency=value)
